/* hip/hip_bf16.h — analyzer shim: see cuda_bf16.h. */
#pragma once
#include <cuda_bf16.h>
