// findings_judged.cu — reductions of the false positives found by judging
// findings on public CUDA code (issue 17): each rule's case that must stay
// silent beside one that must still fire.

// KA106: a bitonic sort's direction choice.  Both branches do the same
// work (compare and maybe swap), so every lane works in every round: no
// finding.  A branch whose else does other work still reports.
__device__ void swap_if(float &a, float &b, bool up) {
    if ((a > b) == up) { float t = a; a = b; b = t; }              // expect: varying, varying, varying
}
__global__ void ka106_bitonic(float *s, int n) {
    unsigned col = threadIdx.x;                                     // expect: affine-lane
    for (int k = 2; k <= n; k *= 2) {                               // expect: const, grid-uniform
        for (int j = k / 2; j > 0; j /= 2) {                        // expect: grid-uniform, grid-uniform
            unsigned ixj = col ^ j;                                 // expect: varying
            if (ixj > col) {
                if ((col & k) == 0) {                               // same work both ways
                    if (s[col] > s[ixj]) swap_if(s[col], s[ixj], true);
                } else {
                    if (s[col] < s[ixj]) swap_if(s[col], s[ixj], true);
                }
            }
            __syncthreads();
        }
    }
}
__global__ void ka106_other_work(float *x, int s) {
    unsigned tid = threadIdx.x;                                     // expect: affine-lane
    if (tid % (2 * s) == 0)                                         // expect-finding: KA106
        x[tid] += x[tid + s];                                       // expect: varying
    else
        x[tid] = 0.f;                                               // expect: const
}
// Not a branch condition: a value, no divergence.
__global__ void ka106_value(float *x, int k) {
    unsigned col = threadIdx.x;                                     // expect: affine-lane
    bool up = (col & k) == 0;                                       // expect: varying
    x[col] = up ? x[col] : -x[col];                                 // expect: varying
}

// KA103: a broadcast from a constant lane is what makes a warp index
// uniform; only a value the compiler already sees as uniform is reported.
__global__ void ka103_cases(int *out, int n) {
    int wid = __shfl_sync(0xffffffff, threadIdx.x / 32, 0);         // expect: warp-uniform
    int lin = threadIdx.x + threadIdx.y * blockDim.x;               // expect: affine-lane
    int lw = __shfl_sync(0xffffffff, lin / 32, 0);                  // expect: warp-uniform
    int nb = __shfl_sync(0xffffffff, n, 0);                         // expect: grid-uniform expect-finding: KA103
    int bb = __shfl_sync(0xffffffff, blockIdx.x, 0);                // expect: block-uniform expect-finding: KA103
    out[threadIdx.x] = wid + lw + nb + bb;                          // expect: warp-uniform
}

// KA107 vs KA109: neighbouring offsets that cover the lane stride (ggml's
// rope x[ix + 0], x[ix + 1]; llm.c's x[4*i + k] over k = 0..3) make the
// warp's traffic contiguous: no "uncoalesced", an info hint for a vector
// access.  A missing offset (element 2 of 4) or a lone strided access is
// still KA107.
__global__ void ka109_pair(const float *x, float *y) {
    int ix = 2 * (blockIdx.x * blockDim.x + threadIdx.x);           // expect: affine-lane
    float x0 = x[ix + 0];                                           // expect: varying expect-finding: KA109
    float x1 = x[ix + 1];                                           // expect: varying
    y[threadIdx.x] = x0 + x1;                                       // expect: varying
}
__global__ void ka109_loop(const float *x, float *out, int n) {
    float m = 0.f;                                                  // expect: const
    for (int i = threadIdx.x; i < n; i += 32)                       // expect: affine-lane, affine-lane
        for (int k = 0; k < 4; ++k)                                 // expect: const, const
            m = fmaxf(m, x[4 * i + k]);                             // expect: varying expect-finding: KA109
    out[threadIdx.x] = m;                                           // expect: varying
}
__global__ void ka107_gap(const float *x, float *y) {
    int ix = 4 * threadIdx.x;                                       // expect: affine-lane
    float a = x[ix + 0];                                            // expect: varying expect-finding: KA107
    float b = x[ix + 1];                                            // expect: varying expect-finding: KA107
    float c = x[ix + 3];                                            // expect: varying expect-finding: KA107
    y[threadIdx.x] = a + b + c;                                     // expect: varying
}
__global__ void ka107_short_loop(const float *x, float *out) {
    float m = 0.f;                                                  // expect: const
    for (int k = 0; k < 2; ++k)                                     // expect: const, const
        m += x[4 * threadIdx.x + k];                                // expect: varying expect-finding: KA107
    out[threadIdx.x] = m;                                           // expect: varying
}

// KA107: `&x[off]` computes an address, it reads nothing (ggml's
// allreduce.cu hands &buf[off] to a 16-byte memcpy); the plain read of the
// same element is still an access, and so is __ldg(&x[off]).
__device__ void copy16(float *d, const float *s) {
    for (int k = 0; k < 4; ++k) d[k] = s[k];                        // expect: const, const, varying
}
__global__ void ka107_addr_of(const float *x, float *y) {
    int off = 4 * threadIdx.x;                                      // expect: affine-lane
    float w[4];
    copy16(w, &x[off]);
    float z = __ldg(&x[off]);                                       // expect: varying expect-finding: KA107
    y[threadIdx.x] = w[0] + x[off] + z;                             // expect: varying expect-finding: KA107
}
