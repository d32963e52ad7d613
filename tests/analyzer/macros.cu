// macros.cu — index arithmetic written with macros, as real kernels do
// (cuBLAS's IDX2C, tile sizes, guard macros).  The operators inside a macro
// body are read from the #define; an operator between two unparenthesised
// macro arguments cannot be read back from libclang 16, so that value is
// treated conservatively (varying).
#define TILE 32
#define IDX (blockIdx.x * blockDim.x + threadIdx.x)
#define ADD(a, b) ((a) + (b))
#define ADD_BARE(a, b) a + b
#define IDX2C(i, j, ld) (((j) * (ld)) + (i))
#define SCALE(x) ((x) * 4)
#define NEG(x) (-(x))
#define WARP_ID (threadIdx.x / 32)
#define GUARD(c) do { if (!(c)) return; } while (0)

__global__ void macro_indices(float *o, const float *in, int n) {
    int i = IDX;                                                    // expect: affine-lane
    GUARD(i < n);
    int j = ADD(i, n);                                              // expect: affine-lane
    int u = ADD_BARE(i, n);                                         // expect: varying
    int c = IDX2C(threadIdx.x, blockIdx.x, n);                      // expect: affine-lane
    int s = SCALE(threadIdx.x);                                     // expect: affine-lane
    int g = NEG(threadIdx.x);                                       // expect: affine-lane
    int row = blockIdx.y * TILE + threadIdx.y;                      // expect: warp-uniform-if
    int col = TILE * blockIdx.x + threadIdx.x;                      // expect: affine-lane
    int w = WARP_ID;                                                // expect: warp-uniform-if expect-finding: KA102
    float v = in[SCALE(threadIdx.x)];                               // expect: varying expect-model: KA107
    o[IDX] = v + j + u + c + s + g + row + col + w;                 // expect: varying
}
