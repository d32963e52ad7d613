// strided.cu -- compiles the kernel of strided.cuh, beside one of its own
// that has no finding (tests/e2e/e2e_header.sh).
#include "strided.cuh"

__global__ void local_copy(float *x) { x[threadIdx.x] = 1.0f; }
