/* cub/device/device_select.cuh — analyzer shim: declared in cub/cub.cuh. */
#pragma once
#include <cub/cub.cuh>
