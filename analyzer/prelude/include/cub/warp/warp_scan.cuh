/* cub/warp/warp_scan.cuh — analyzer shim: declared in cub/cub.cuh. */
#pragma once
#include <cub/cub.cuh>
