/* hip/hip_cooperative_groups.h — analyzer shim: HIP's cooperative groups
 * have CUDA's interface (cooperative_groups.h shim). */
#pragma once
#include "hip_runtime.h"
#include <cooperative_groups.h>
