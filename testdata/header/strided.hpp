// strided.hpp -- a HIP kernel defined in a header, compiled through
// strided.hip (tests/e2e/e2e_header.sh): line 10 reads two elements apart per
// lane (KA107), line 8's wave index is uniform only under a launch
// condition (KA102, info).
#pragma once
#include <hip/hip_runtime.h>
__global__ void header_strided_hip(const float *in, float *out, int n) {
    int wave = threadIdx.x / 64;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[2 * t];
    out[t] = v + wave;
}
