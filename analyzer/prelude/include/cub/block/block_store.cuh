/* cub/block/block_store.cuh — analyzer shim: declared in cub/cub.cuh. */
#pragma once
#include <cub/cub.cuh>
