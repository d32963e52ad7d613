// strided.hip -- compiles the kernel of strided.hpp, beside one of its own
// that has no finding (tests/e2e/e2e_header.sh).
#include "strided.hpp"

__global__ void local_copy_hip(float *x) { x[threadIdx.x] = 1.0f; }
