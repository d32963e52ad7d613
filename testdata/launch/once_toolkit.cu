// once_toolkit.cu — a for loop in form only, read over the real toolkit
// headers (cuda_fp4.h is not in the prelude).  There threadIdx.x is a
// property reference whose type libclang leaves unexposed, so that k starts
// non-negative is known from the analysis, not the type: the diagonal read
// runs at most once per thread, in the ROWS threads of each block the guard
// lets in (KA113; a loop that repeats would make it KA107), and the guard's
// threadIdx.x is recognised through the same property reference.
#include <cuda_fp4.h>
#define ROWS 8
#define N 512
__global__ void diag(const float *A, float *x)
{
    for (int j = threadIdx.x; j < N; j += blockDim.x)
        x[j] += A[blockIdx.x * N + j];
    if (threadIdx.x < ROWS) {
        int k = threadIdx.x;
        for (int i = k + blockIdx.x * ROWS; k < ROWS && i < N; k += ROWS, i += ROWS)
            x[i] = A[i * N + i];
    }
}
