// hip_index_macros.hip — HIP's index macros (hipThreadIdx_x, hipBlockIdx_x,
// hipBlockDim_x: object-like macros for threadIdx.x & co): an operator
// whose first operand is one of them is read from the file, so the global
// index is affine and its accesses are judged; the block index behind the
// macro still marks a branch one block runs (KA112), and the thread index
// one that a few threads of each block run (KA113).
#include <hip/hip_runtime.h>

__global__ void hip_macro_index(float *out, const float *in, int n, int stride) {
    int i = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;         // expect: affine-lane
    if (i < n)
        out[i] = in[2 * i];                                         // expect: varying expect-finding: KA111
    if (hipBlockIdx_x == 0)
        for (int j = 0; j < n; j++)                                 // expect: const, grid-uniform
            out[hipThreadIdx_x * stride + j] = 0.0f;                // expect: const expect-finding: KA112
    int t = hipThreadIdx_x;                                         // expect: affine-lane
    if (t < 16)
        out[t * stride + hipBlockIdx_x] = 1.0f;                     // expect: const expect-finding: KA113
}
