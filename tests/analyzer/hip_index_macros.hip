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
        out[i] = in[2 * i];                                         // expect: varying expect-model: KA107
    if (hipBlockIdx_x == 0)
        for (int j = 0; j < n; j++)                                 // expect: const, grid-uniform expect-model: KA107
            out[hipThreadIdx_x * stride + j] = 0.0f;                // expect: const
    int t = hipThreadIdx_x;                                         // expect: affine-lane
    if (t < 16)
        out[t * stride + hipBlockIdx_x] = 1.0f;                     // expect: const expect-model: KA107
}
// An AMDGPU load in inline asm sizes the access it is handed:
// global_load_dwordx4 reads 16 bytes, so 8 of them at lane * 32 + sub * 4
// cover each lane's 32 floats; global_load_dword at lane * 64 does not.
__global__ void hip_asm_load(const float *A, float *out) {
    int lane = hipThreadIdx_x % 64;                                 // expect: affine-lane
    float s = 0.0f;                                                 // expect: const
    for (int sub = 0; sub < 8; sub++) {                             // expect: const, const
        float x;
        asm volatile("global_load_dwordx4 %0, %1, off" : "=v"(x) : "v"(&A[lane * 32 + sub * 4]));  // expect-model: KA107
        s += x;                                                     // expect: varying
    }
    float y;
    asm volatile("global_load_dword %0, %1, off" : "=v"(y) : "v"(&A[lane * 64])); // expect-model: KA107
    out[hipThreadIdx_x] = s + y;                                    // expect: varying
}
