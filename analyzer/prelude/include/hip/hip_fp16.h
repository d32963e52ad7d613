/* hip/hip_fp16.h — analyzer shim: HIP's __half is CUDA's (cuda_fp16.h shim). */
#pragma once
#include <cuda_fp16.h>
