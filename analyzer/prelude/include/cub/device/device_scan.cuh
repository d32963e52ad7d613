/* cub/device/device_scan.cuh — analyzer shim: declared in cub/cub.cuh. */
#pragma once
#include <cub/cub.cuh>
