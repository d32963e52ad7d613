/* cub/util_ptx.cuh — analyzer shim: declared in cub/cub.cuh. */
#pragma once
#include "cub.cuh"
