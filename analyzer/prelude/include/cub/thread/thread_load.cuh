/* cub/thread/thread_load.cuh — analyzer shim: declared in cub/cub.cuh. */
#pragma once
#include <cub/cub.cuh>
