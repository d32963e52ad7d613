// strided.cuh -- a kernel defined in a header, compiled through strided.cu
// (tests/e2e/e2e_header.sh): its findings are lines of this file.  Line 9 reads
// two elements apart per lane (KA107, a warning); line 7's warp index is
// uniform only under a launch condition (KA102, info).
#pragma once
__global__ void header_strided(const float *in, float *out, int n) {
    int warp = threadIdx.x / 32;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[2 * t];
    out[t] = v + warp;
}
