// findings_judged.cu — reductions of the false positives found by judging
// findings on public CUDA code (issue 17): each rule's case that must stay
// silent beside one that must still fire.

// KA106: a bitonic sort's direction choice.  Both branches do the same
// work (compare and maybe swap), so every lane works in every round: no
// finding.  A branch whose else does other work still reports.
__device__ void swap_if(float &a, float &b, bool up) {
    if ((a > b) == up) { float t = a; a = b; b = t; }              // expect: varying, varying, varying expect-model: KA107
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
__global__ void ka106_other_work(float *x, int n) {
    unsigned tid = threadIdx.x;                                     // expect: affine-lane
    for (int s = 1; s < n; s *= 2) {                                // expect: const, grid-uniform
        if (tid % (2 * s) == 0)                                     // expect-finding: KA106
            x[tid] += x[tid + s];                                   // expect: varying expect-model: KA107
        else
            x[tid] = 0.f;                                           // expect: const
    }
}
// The same choice written as two ifs (NVIDIA's cdpBitonicSort): the two
// selections are every lane, doing the same work.
__global__ void ka106_two_ifs(float *s, int n) {
    unsigned index = threadIdx.x;                                   // expect: affine-lane
    for (int k = 2; k <= n; k *= 2) {                               // expect: const, grid-uniform
        float mine = s[index], other = s[index ^ 1];                // expect: varying, varying
        bool swap = false;                                          // expect: const
        if ((index & k) == 0) {
            if (mine > other) swap = true;                          // expect: const
        }
        if ((index & k) == k) {
            if (mine < other) swap = true;                          // expect: const
        }
        if (swap) s[index] = other;                                 // expect: varying
        __syncthreads();
    }
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
    float x0 = x[ix + 0];                                           // expect: varying expect-model: KA107
    float x1 = x[ix + 1];                                           // expect: varying expect-model: KA107
    y[threadIdx.x] = x0 + x1;                                       // expect: varying
}
__global__ void ka109_loop(const float *x, float *out, int n) {
    float m = 0.f;                                                  // expect: const
    for (int i = threadIdx.x; i < n; i += 32)                       // expect: affine-lane, affine-lane
        for (int k = 0; k < 4; ++k)                                 // expect: const, const
            m = fmaxf(m, x[4 * i + k]);                             // expect: varying expect-model: KA107, KA109
    out[threadIdx.x] = m;                                           // expect: varying
}
__global__ void ka107_gap(const float *x, float *y) {
    int ix = 4 * threadIdx.x;                                       // expect: affine-lane
    float a = x[ix + 0];                                            // expect: varying expect-model: KA107
    float b = x[ix + 1];                                            // expect: varying expect-model: KA107
    float c = x[ix + 3];                                            // expect: varying expect-model: KA107
    y[threadIdx.x] = a + b + c;                                     // expect: varying
}
__global__ void ka107_short_loop(const float *x, float *out) {
    float m = 0.f;                                                  // expect: const
    for (int k = 0; k < 2; ++k)                                     // expect: const, const
        m += x[4 * threadIdx.x + k];                                // expect: varying expect-model: KA107
    out[threadIdx.x] = m;                                           // expect: varying
}

// KA107: `&x[off]` computes an address, it reads nothing (ggml's
// allreduce.cu hands &buf[off] to a 16-byte memcpy); the plain read of the
// same element is still an access, and so is __ldg(&x[off]); the callee's
// four neighbouring reads through it are KA109's (lanes 4 apart, covered).
__device__ void copy16(float *d, const float *s) {
    for (int k = 0; k < 4; ++k) d[k] = s[k];                        // expect: const, const, varying expect-model: KA107
}
__global__ void ka107_addr_of(const float *x, float *y) {
    int off = 4 * threadIdx.x;                                      // expect: affine-lane
    float w[4];
    copy16(w, &x[off]);
    float z = __ldg(&x[off]);                                       // expect: varying expect-model: KA107
    y[threadIdx.x] = w[0] + x[off] + z;                             // expect: varying expect-model: KA107
}

// KA107 vs KA110: a lane stride known only at run time.  Uncoalesced when
// another index of the address runs at unit stride -- the block's column
// o (llm.c's matmul_backward_bias: dout + o, then x[i * OC]), a loop over
// a runtime length (attention_forward's K[tx * d + x]) or a runtime loop
// counter (ggml's ssm-conv x_block[tid * stride_x + i]); KA110, an info
// note, when no index does (ggml's pad and binbcast: i00 * s00, a
// tensor's innermost element stride, 1 when contiguous) or only the
// counter of a loop of compile-time length (ggml's ssm-conv weights
// w[tid * stride_w + j] for j < d_conv; allreduce's constexpr vector).
__global__ void ka110_element_stride(const float *src, float *dst, long s00, long s01, int lp0) {
    int i0 = threadIdx.x + blockIdx.x * blockDim.x;                 // expect: affine-lane
    int i1 = blockIdx.y;                                            // expect: block-uniform
    const long i00 = i0 - lp0;                                      // expect: affine-lane
    const long src_idx = i1 * s01 + i00 * s00;                      // expect: affine-lane
    dst[i1 * 4096 + i0] = src[src_idx];                             // expect: varying expect-model: KA107
}
__global__ void ka107_row_apart(const float *dout, float *dbias, int rows, int OC) {
    int o = blockIdx.x;                                             // expect: block-uniform
    const float *x = dout + o;                                      // expect: block-uniform
    float sum = 0.f;                                                // expect: const
    for (int i = threadIdx.x; i < rows; i += blockDim.x)            // expect: affine-lane, affine-lane
        sum += x[i * OC];                                           // expect: varying expect-model: KA107
    dbias[o * blockDim.x + threadIdx.x] = sum;                      // expect: varying
}
__global__ void ka107_runtime_loop(const float *K, float *kj, int d) {
    int tx = threadIdx.x;                                           // expect: affine-lane
    for (int x = 0; x < d; x++)                                     // expect: const, grid-uniform
        kj[tx * d + x] = K[blockIdx.x * 4096 + tx * d + x];         // expect: varying expect-model: KA107
}
template <int d_conv>
__global__ void ka110_short_loop(const float *w_block, float *y, int stride_w, int stride_x, int n_t) {
    int tid = threadIdx.x;                                          // expect: affine-lane
    float w[d_conv];
    for (int j = 0; j < d_conv; j++)                                // expect: const, const
        w[j] = w_block[tid * stride_w + j];                         // expect: varying expect-model: KA107
    for (int i = 0; i < n_t; i++)                                   // expect: const, grid-uniform
        y[tid] += w[0] * w_block[tid * stride_x + i];               // expect: varying expect-model: KA107
}
template __global__ void ka110_short_loop<4>(const float *, float *, int, int, int);

// KA107 counts the lane stride in the pointer's own elements; an access
// through a cast reads wider ones (NVIDIA's nv12 samples: *(uint32_t *)p
// over a byte pointer at lane stride 4 is contiguous; a float4 store at
// &dst[x << 2] too).  A gap beyond the access width still reports.
__global__ void ka107_cast_width(const unsigned char *p, float *dst) {
    int x = threadIdx.x;                                            // expect: affine-lane
    unsigned v = *(const unsigned *)(p + 4 * x);                    // expect: varying
    unsigned short h = *(const unsigned short *)(p + 4 * x);        // expect: varying
    *((float4 *)&dst[x << 2]) = make_float4(v, h, 0.f, 0.f);        // expect: varying
}

// KA107 vs KA111: an access that runs once per thread, outside the loops in
// which the kernel reads global memory, is a one-time cost (a naive GEMM's
// C store after its K loop, SGEMM_CUDA's kernel 1; ggml's solve_tri reads B
// once).  A macro's do { } while (0) or a 4-trip constant loop is no such
// loop; with no looped global access the once-per-thread access is the
// kernel's traffic and stays KA107 (NVIDIA's scan gather).
#define CHECK_ROW(r, n) do { if ((r) >= (n)) return; } while (0)
__global__ void ka111_naive_gemm(const float *A, const float *B, float *C, int M, int N, int K) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    int y = blockIdx.y;                                             // expect: block-uniform
    CHECK_ROW(x, M);
    float acc = 0.f;                                                // expect: const
    for (int i = 0; i < K; ++i)                                     // expect: const, grid-uniform
        acc += A[x * K + i] * B[i * N + y];                         // expect: varying expect-model: KA107
    C[x * N + y] = acc;                                             // expect: varying expect-model: KA107
}
__global__ void ka107_gather(const unsigned *src, unsigned *dst, unsigned n) {
    unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;           // expect: affine-lane
    CHECK_ROW(pos, n);
    unsigned v = 0;                                                 // expect: const
    for (int k = 0; k < 4; ++k)                                     // expect: const, const
        v += dst[4 * pos + k];                                      // expect: varying expect-model: KA107, KA109
    dst[pos] = v + src[1023 + 1024 * pos];                          // expect: varying expect-model: KA107
}
// ... and once per trip of a loop whose body holds an inner work loop with
// global accesses (a row-per-thread product: its output store runs once
// per column, beside the dot product's K trips, whose strided read stays
// KA107).  With no inner work loop the same store is the loop's work.
__global__ void ka111_per_trip(const float *A, const float *B, float *C, int M, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    if (i >= M)
        return;
    for (int k = 0; k < N; ++k) {                                   // expect: const, grid-uniform
        float sum = 0.f;                                            // expect: const
        for (int l = 0; l < K; ++l)                                 // expect: const, grid-uniform
            sum += A[i * K + l] * B[l * N + k];                     // expect: varying expect-model: KA107
        C[i * N + k] = sum;                                         // expect: varying expect-model: KA107
    }
    for (int k = 0; k < N; ++k)                                     // expect: const, grid-uniform
        C[i * N + k] *= 2.f;                                        // expect: varying expect-model: KA107
}
// A template's arithmetic on its dependent types, with some operator of
// that name in sight (the toolkit's cub and libcu++ declare operator+ for
// their iterators), is left unresolved by clang: a call with no callee.
// It is the built-in operator: `A + i * m` is the lane's row, `sum +=`
// accumulates what the row holds.
template <class T> struct tagged_iter { T *p; };
template <class T> tagged_iter<T> operator+(tagged_iter<T>, int);
template <class Real>
__global__ void unresolved_operators(Real *data, const Real *A, int n, int m, int stride) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    for (int k = 0; k < n; k++) {                                   // expect: const, grid-uniform
        const Real *row = A + i * m;                                // expect: affine-lane
        Real sum = 0;                                               // expect: const
        for (int l = 0; l < m; l++)                                 // expect: const, grid-uniform
            sum += row[l];                                          // expect: varying
        data[i * stride + k] = sum;                                 // expect: varying
    }
}
// A loop's counter from 1 beside the access at 0 covers the stride
// (ggml's cumsum: src_row[idx], then src_row[idx + j] for j = 1..3 over
// idx = tid * 4): KA109, not KA107.  And a template's base pointer chosen
// by a conditional is the address, not an index at unit stride: the
// runtime stride alone is KA110 (ggml's binbcast).
template <class T>
__global__ void loop_from_one(const T *src, T *dst, const T *src0, int s00, long off, int n) {
    int idx = threadIdx.x * 4;                                      // expect: affine-lane
    T t = src[idx];                                                 // expect: varying
    for (int j = 1; j < 4; j++)                                     // expect: const, const
        t += src[idx + j];                                          // expect: varying
    dst[threadIdx.x] = t;                                           // expect: varying
    const T *row = src0 ? (src0 + off) : nullptr;                   // expect: grid-uniform
    for (int i = threadIdx.x; i < n; i += blockDim.x)               // expect: affine-lane, affine-lane
        dst[i] = row[size_t(i) * s00];                              // expect: varying
}
// ... while an offset in the base is an index (llm.c's bias reduction:
// x = dout + o, o = blockIdx.x, the unit-stride index of x[i * OC]).
__global__ void base_offset_index(float *dbias, const float *dout, int BT, int OC) {
    int o = blockIdx.x;                                             // expect: block-uniform
    const float *x = dout + o;                                      // expect: block-uniform
    float sum = 0.f;                                                // expect: const
    for (int i = threadIdx.x; i < BT; i += blockDim.x)              // expect: affine-lane, affine-lane
        sum += x[i * OC];                                           // expect: varying expect-model: KA107
    dbias[o] = sum;                                                 // expect: varying
}
// A strided access once per thread in a kernel whose every launch has a
// constant grid and block of at most 65536 threads is KA114: at most that
// many sectors per launch (ROCm's HIP-Basic transposes of a small matrix).
// A larger grid, or one known only at run time, leaves it KA107.
__global__ void ka114_small(float *out, const float *in, int width) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    int y = blockIdx.y * blockDim.y + threadIdx.y;                  // expect: warp-uniform
    out[y * width + x] = in[x * width + y];                         // expect: varying expect-model: KA107
}
__global__ void ka114_large(float *out, const float *in, int width) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    int y = blockIdx.y * blockDim.y + threadIdx.y;                  // expect: warp-uniform
    out[y * width + x] = in[x * width + y];                         // expect: varying expect-model: KA107
}
__global__ void ka114_runtime(float *out, const float *in, int width) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    int y = blockIdx.y * blockDim.y + threadIdx.y;                  // expect: warp-uniform
    out[y * width + x] = in[x * width + y];                         // expect: varying expect-model: KA107
}
void ka114_launch(float *out, const float *in, int n) {
    const dim3 block(64, 1);
    ka114_small<<<dim3(4, 64), block>>>(out, in, 256);
    ka114_large<<<dim3(64, 4096), block>>>(out, in, 4096);
    ka114_runtime<<<dim3(n / 64, n), block>>>(out, in, n);
}
// The neighbouring offsets through a local (llm.c's classifier_fused:
// element = i*4 + k over k = 0..3, then probs[idx * P + element]): KA109.
__global__ void ka109_through_local(float *probs, const float *logits, int P, int V) {
    int idx = blockIdx.x;                                           // expect: block-uniform
    for (int i = threadIdx.x; i < V / 4; i += blockDim.x)           // expect: affine-lane, affine-lane
        for (int k = 0; k < 4; ++k) {                               // expect: const, const
            int element = i * 4 + k;                                // expect: affine-lane
            probs[idx * P + element] = logits[idx * P + element];   // expect: varying expect-model: KA107, KA109
        }
}
// A 16-trip constant loop is work (Rodinia's nw loads its tile row by row
// in one), so a column read once per thread beside it is KA111.
__global__ void ka111_tile_edge(const int *ref, int *out, int cols) {
    __shared__ int t[17][17];
    int tx = threadIdx.x;                                           // expect: affine-lane
    int base = blockIdx.x * 16 * cols + blockIdx.x * 16;            // expect: block-uniform
    for (int ty = 0; ty < 16; ty++)                                 // expect: const, const
        t[ty + 1][tx + 1] = ref[base + cols * ty + tx];             // expect: varying
    t[tx + 1][0] = ref[blockIdx.y + cols * tx];                     // expect: varying expect-model: KA107
    __syncthreads();
    out[base + tx] = t[tx][tx];                                     // expect: varying expect-model: KA115
}
// A vector's elements by a constexpr of a template type (ggml's allreduce:
// ELEMS_PER_VEC = 16 / sizeof(T)): KA110, the loop-covers-the-stride form.
template <typename T>
__global__ void ka110_constexpr_vec(const T *src, T *dst) {
    constexpr int E = 16 / sizeof(T);                               // expect: const
    const int off = (blockIdx.x * blockDim.x + threadIdx.x) * E;    // expect: affine-lane
    for (int k = 0; k < E; ++k)                                     // expect: const, const
        dst[off + k] = src[off + k];                                // expect: varying expect-model: KA107, KA109
}
template __global__ void ka110_constexpr_vec<float>(const float *, float *);

// A for loop in form only: k starts at a thread's index below ROWS and
// steps by ROWS, so it runs at most once (NVIDIA's jacobiCudaGraphs reads
// the diagonal this way after its row loops): the strided read runs once,
// in the ROWS threads of each block that `threadIdx.x < ROWS` lets in:
// KA113 (KA111 without the guard).  Stepping by less than the bound is a
// loop that repeats: KA107.
#define ROWS 8
__global__ void ka111_loop_once(const float *A, float *x, int n) {
    for (int j = threadIdx.x; j < n; j += blockDim.x)              // expect: affine-lane, affine-lane
        x[j] += A[blockIdx.x * n + j];                              // expect: varying
    if (threadIdx.x < ROWS) {
        int k = threadIdx.x;                                        // expect: affine-lane
        for (int i = k + blockIdx.x * ROWS; k < ROWS && i < 512; k += ROWS, i += ROWS) // expect: affine-lane, affine-lane, affine-lane
            x[i] = A[i * 512 + i];                                  // expect: varying expect-model: KA107
    }
}
__global__ void ka107_loop_repeats(const float *A, float *x) {
    int k = threadIdx.x;                                            // expect: affine-lane
    for (int i = k; k < 64; k += 4, i += 4)                         // expect: affine-lane, affine-lane, affine-lane
        x[i] += A[i * 512 + i];                                     // expect: varying expect-model: KA107
}
// A constant loop stepping with += 1 counts its trips like ++k: four
// neighbouring elements per thread, KA109 (it read as a runtime loop).
__global__ void ka109_plus_one(const unsigned *src, unsigned *dst) {
    unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;           // expect: affine-lane
    unsigned v = 0;                                                 // expect: const
    for (int k = 0; k < 4; k += 1)                                  // expect: const, const
        v += src[4 * pos + k];                                      // expect: varying expect-model: KA107, KA109
    dst[pos] = v;                                                   // expect: varying
}

// Addresses handed to a function are no accesses here, however many the
// call passes (Rodinia's myocyte hands nine arrays to its solver step; the
// ones after the fourth were read as strided accesses); the callee's own
// accesses through them are, at the callee's line: lanes 91 floats apart.
__device__ void step6(float *a, float *b, float *c, float *d, float *e, float *f) { a[0] = b[0] + c[0] + d[0] + e[0] + f[0]; }  // expect: varying expect-model: KA107
__global__ void ka107_addresses_handed(float *a, float *b, float *c, float *d, float *e, float *f) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    step6(&a[t * 91], &b[t * 91], &c[t * 91], &d[t * 91], &e[t * 91], &f[t * 91]);
}

// Code that one block of the grid runs: the last, partial block's own
// reduction (Rodinia's srad) and block 0's final pass cost that block
// alone: KA112, not KA106 / KA107.  The other blocks' path still reports,
// and so does a branch that many blocks take (blockIdx.x % 2 == 0).
__global__ void ka112_last_block(float *sums, int n) {
    __shared__ float s[256];
    int bx = blockIdx.x;                                            // expect: block-uniform
    int tx = threadIdx.x;                                           // expect: affine-lane
    s[tx] = sums[bx * 256 + tx];                                    // expect: varying
    if (bx != gridDim.x - 1) {
        for (int i = 2; i <= 256; i *= 2) {                         // expect: const, const
            if ((tx + 1) % i == 0)                                  // expect-finding: KA106
                s[tx] += s[tx - i / 2];                             // expect: varying
            __syncthreads();
        }
    } else {
        for (int i = 2; i <= n; i *= 2) {                           // expect: const, grid-uniform
            if ((tx + 1) % i == 0)                                  // expect-finding: KA112
                s[tx] += s[tx - i / 2];                             // expect: varying
            __syncthreads();
        }
    }
    if (blockIdx.x == 0 && tx < 32)
        for (int j = 0; j < n; j++)                                 // expect: const, grid-uniform
            sums[tx * n + j] += s[tx];                              // expect: varying expect-model: KA107
    if (blockIdx.x % 2 == 0)
        for (int j = 0; j < n; j++)                                 // expect: const, grid-uniform
            sums[n + tx * n + j] += s[tx];                          // expect: varying expect-model: KA107
}
// A local that stops holding the block index is no proof of one block.
__global__ void ka107_block_reassigned(float *sums, int n) {
    int bx = blockIdx.x;                                            // expect: block-uniform
    bx = bx / 2;                                                    // expect: block-uniform
    if (bx == 0)
        for (int j = 0; j < n; j++)                                 // expect: const, grid-uniform
            sums[threadIdx.x * n + j] += 1.0f;                      // expect: varying expect-model: KA107
}

// KA107: each lane's own 32 elements read over a loop of constant length
// whose counter is scaled (bitsandbytes' 4-bit GEMV: a uint4 of floats at
// k0 + sub * 8 and + 4 for sub = 0..3, k0 = lane * 32): together the warp's
// accesses cover its span, 16 bytes at a time -- nothing to report.  With
// the + 4 half missing, half of every sector is never read: KA107.
__global__ void ka107_vector_covered(const float *A, float *out, int K) {
    int lane = threadIdx.x % 32;                                    // expect: affine-lane
    float acc = 0.f;                                                // expect: const
    for (int g = 0; g < K; g += 1024) {                             // expect: const, grid-uniform
        const int k0 = g + lane * 32;                               // expect: affine-lane
#pragma unroll
        for (int sub = 0; sub < 4; sub++) {                         // expect: const, const
            const int a_k = k0 + sub * 8;                           // expect: affine-lane
            const uint4 a = *reinterpret_cast<const uint4 *>(&A[a_k]); // expect: varying expect-model: KA107
            const uint4 b = *reinterpret_cast<const uint4 *>(&A[a_k + 4]); // expect: varying expect-model: KA107
            acc += __uint_as_float(a.x) + __uint_as_float(b.w);     // expect: varying
        }
    }
    out[threadIdx.x] = acc;                                         // expect: varying
}
__global__ void ka107_vector_half(const float *A, float *out, int K) {
    int lane = threadIdx.x % 32;                                    // expect: affine-lane
    float acc = 0.f;                                                // expect: const
    for (int g = 0; g < K; g += 1024) {                             // expect: const, grid-uniform
        const int k0 = g + lane * 32;                               // expect: affine-lane
        for (int sub = 0; sub < 4; sub++) {                         // expect: const, const
            const uint4 a = *reinterpret_cast<const uint4 *>(&A[k0 + sub * 8]); // expect: varying expect-model: KA107
            acc += __uint_as_float(a.x);                            // expect: varying
        }
    }
    out[threadIdx.x] = acc;                                         // expect: varying
}
// The counter's scale through a macro, an int4 view indexed as 2 * i + 0
// and + 1 (bitsandbytes' inference kernel: lanes 8 int4 apart), and a
// scalar tail over k + i * NV4 / 4 (lanes 32 floats apart, covered by
// k = 0..7 and i = 0..3).
#define NV4 32
__global__ void ka107_macro_covered(const float *A, const int4 *B, float *out, int K) {
    int lane = threadIdx.x % 32;                                    // expect: affine-lane
    float acc = 0.f;                                                // expect: const
    for (int inner = lane * NV4; inner < K; inner += 32 * NV4) {    // expect: affine-lane, affine-lane
        for (int i = 0; i < 4; i++) {                               // expect: const, const
            int4 a0 = B[inner / (NV4 / 8) + 2 * i + 0];             // expect: varying expect-model: KA107
            int4 a1 = B[inner / (NV4 / 8) + 2 * i + 1];             // expect: varying expect-model: KA107
            acc += (float)(a0.x + a1.y);                            // expect: varying
            for (int k = 0; k < NV4 / 4; k++)                       // expect: const, const
                acc += A[inner + k + (i * NV4 / 4)];                // expect: varying expect-model: KA107
        }
    }
    out[threadIdx.x] = acc;                                         // expect: varying
}
// An address handed to inline asm: the asm's load is the access, sized from
// its template (ld.global.ca.v4.u32: 16 bytes, 8 halves of 32 per lane over
// sub = 0..3: covered; ld.global.u32 at lane * 64: strided); an asm whose
// use of the address is unknown is not judged.
__global__ void ka107_asm(const unsigned short *A, unsigned *out, int K) {
    int lane = threadIdx.x % 32;                                    // expect: affine-lane
    unsigned acc = 0, x, y, z, w;                                   // expect: const
    for (int g = 0; g < K; g += 1024) {                             // expect: const, grid-uniform
        for (int sub = 0; sub < 4; sub++) {                         // expect: const, const
            asm volatile("ld.global.ca.v4.u32 {%0,%1,%2,%3}, [%4];\n"
                         : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                         : "l"(&A[g + lane * 32 + sub * 8]));  // expect-model: KA107
            acc += x + w;                                           // expect: varying
        }
        asm volatile("ld.global.u32 %0, [%1];" : "=r"(x) : "l"(&A[g + lane * 64])); // expect-model: KA107
        asm volatile("prefetch.global.L2 [%0];" : : "l"(&A[g + lane * 64 + 32]));
        acc += x;                                                   // expect: varying
    }
    out[threadIdx.x] = acc;                                         // expect: varying
}

// KA113: sixteen threads of each block write their digit's counter once,
// to a [digit][block] table the next pass scans (SHOC's radix sort): one
// partial warp's access per block.  More threads than a warp (here KA111:
// once per thread beside the kernel's loop), a loop inside the guard, or a
// two-dimensional launch: KA107.
__global__ void ka113_counters(unsigned *counters, const unsigned *keys, int totalBlocks) {
    __shared__ unsigned s[16];
    unsigned localId = threadIdx.x;                                 // expect: affine-lane
    s[localId % 16] = keys[blockIdx.x * blockDim.x + localId];      // expect: varying
    __syncthreads();
    if (localId < 16)
        counters[localId * totalBlocks + blockIdx.x] = s[localId];  // expect: varying expect-model: KA107
    if (threadIdx.x < 64)
        counters[threadIdx.x * totalBlocks + blockIdx.x] += 1u;     // expect: varying expect-model: KA107
    if (threadIdx.x < 16)
        for (int j = 0; j < totalBlocks; j++)                       // expect: const, grid-uniform
            counters[threadIdx.x * totalBlocks + j] += s[threadIdx.x]; // expect: varying expect-model: KA107
}
__global__ void ka107_counters_2d(unsigned *counters, int totalBlocks) {
    if (threadIdx.x < 16)
        counters[threadIdx.x * totalBlocks + blockIdx.x] = threadIdx.y; // expect: warp-uniform-if expect-model: KA107
}
void launch_counters_2d(unsigned *c, int n) { ka107_counters_2d<<<n, dim3(16, 16)>>>(c, n); }
// A launch whose block is a runtime value may be two-dimensional: KA107.
__global__ void ka107_counters_runtime(unsigned *counters, int totalBlocks) {
    if (threadIdx.x < 16)
        counters[threadIdx.x * totalBlocks + blockIdx.x] = 0u;     // expect: const expect-model: KA107
}
void launch_counters_runtime(unsigned *c, int n, dim3 b) { ka107_counters_runtime<<<n, b>>>(c, n); }

// A vector loop's scalar tail (SHOC's scan): inside the else of
// `i + 3 < n`, the then of `i + k < n` holds at most one lane of each warp
// (lanes are 4 apart, i takes 3 - k values there): one lane's access, no
// pattern.  The strided store of the vector path, and a tail whose window
// holds several lanes (stride 2, 7 values), stay KA107.
__global__ void tail_one_lane(unsigned *out, int n) {
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;            // expect: affine-lane
    if (i + 3 < n) {
        out[2 * i] = 0u;                                            // expect: const expect-model: KA107
    } else {
        if (i < n) {
            out[i] = 1u;                                            // expect: const
            if (i + 1 < n) {
                out[i + 1] = 2u;                                    // expect: const
                if (i + 2 < n)
                    out[i + 2] = 3u;                                // expect: const
            }
        }
    }
}
__global__ void tail_several_lanes(unsigned *out, int n) {
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * 2;            // expect: affine-lane
    if (i + 7 < n)
        out[i / 2] = 0u;                                            // expect: const
    else if (i < n)
        out[3 * i] = 1u;                                            // expect: const
}

// Stores through pointer arithmetic are accesses too, grouped by their
// pointer: *offs, *(offs + 1), *(offs + 2) at lane stride 3 (NVIDIA's
// simpleVote) and *(dst + x * 3 + k) for k = 0..2 (its NV12 resize) cover
// the stride: KA109, not KA107.  Only two of three: KA107.
__global__ void ka109_pointer_stores(unsigned *result, unsigned char *dst, float *part, int w) {
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;           // expect: affine-lane
    unsigned *offs = result + 3 * tid;                              // expect: affine-lane
    *offs = 1u;                                                     // expect: const expect-model: KA107
    *(offs + 1) = 2u;                                               // expect: const expect-model: KA107
    *(offs + 2) = 3u;                                               // expect: const expect-model: KA107
    int x = threadIdx.x;                                            // expect: affine-lane
    *(dst + blockIdx.y * w + x * 3 + 0) = 0;                        // expect: const expect-model: KA107
    *(dst + blockIdx.y * w + x * 3 + 1) = 1;                        // expect: const expect-model: KA107
    *(dst + blockIdx.y * w + x * 3 + 2) = 2;                        // expect: const expect-model: KA107
    *(part + 3 * tid) = 0.f;                                        // expect: const expect-model: KA107
    *(part + 3 * tid + 1) = 0.f;                                    // expect: const expect-model: KA107
}
// A uint4 read over a template's T: the access's width in T is unknown,
// so is whether the loop covers the stride; not judged (bitsandbytes'
// GEMV is instantiated for float, half and bfloat16).
template <typename T>
__global__ void unknown_width(const T *A, uint4 *out, int K) {
    int lane = threadIdx.x % 32;                                    // expect: affine-lane
    for (int sub = 0; sub < 4; sub++)                               // expect: const, const
        out[threadIdx.x] = *reinterpret_cast<const uint4 *>(&A[lane * 32 + sub * 8]); // expect: varying
}

// A local written after its initializer is not that initializer: the
// block index PrefixSum first stores in globalIdx is no index at unit
// stride once globalIdx is reassigned (lanes 2 * off apart, a runtime
// value, nothing at unit stride: KA110).  A local that keeps it still is.
__global__ void ka110_reassigned(float *out, const float *in, unsigned len, unsigned off) {
    int tid = threadIdx.x;                                          // expect: affine-lane
    int g = blockIdx.x;                                             // expect: block-uniform
    g = (off * (2 * (g * blockDim.x + tid) + 1)) - 1;               // expect: affine-lane
    if (g < len)
        out[g] = in[g];                                             // expect: varying
    int b = blockIdx.x;                                             // expect: block-uniform
    out[tid * off + b] = 0.f;                                       // expect: const expect-model: KA107
}
