// seed003_uniform_registers.cu — the H100 uniform-register micro-benchmarks
// of seed 003 (sections 8 and 9): address arithmetic written naive / split /
// through __shfl_sync, reuse loops, UR-vs-R pointer sets, broadcast and
// REDUX, elect vs lane 0, __ldg, DeepGEMM's warp_idx.  Labelled with the
// class kanalyze gives each initializer and assignment.

// ---- experiment A1: the base includes threadIdx.x / 32 ------------------------
__global__ void a1_naive(float *out, int stride, int warp_stride) {
    int idx = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride + (threadIdx.x % 32); // expect: affine-lane expect-finding: KA102
    out[idx] = 1.0f;                                                // expect: const
}

__global__ void a1_split(float *out, int stride, int warp_stride) {
    int u_base = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride; // expect: warp-uniform-if expect-finding: KA102
    int idx = u_base + threadIdx.x % 32;                            // expect: affine-lane
    out[idx] = 1.0f;                                                // expect: const
}

__global__ void a1_shfl(float *out, int stride, int warp_stride) {
    int u_base = __shfl_sync(0xffffffff, blockIdx.x * stride + (threadIdx.x / 32) * warp_stride, 0); // expect: warp-uniform
    int idx = u_base + threadIdx.x % 32;                            // expect: affine-lane
    out[idx] = 1.0f;                                                // expect: const
}

// ---- experiment A2: a base of grid coordinates only ----------------------------
__global__ void a2_naive(float *out, int stride, int warp_stride) {
    int idx = blockIdx.x * stride + blockIdx.y * warp_stride + threadIdx.x; // expect: affine-lane
    out[idx] = 2.0f;                                                // expect: const
}

__global__ void a2_split(float *out, int stride, int warp_stride) {
    int u_base = blockIdx.x * stride + blockIdx.y * warp_stride;    // expect: block-uniform
    int idx = u_base + threadIdx.x;                                 // expect: affine-lane
    out[idx] = 2.0f;                                                // expect: const
}

__global__ void a2_shfl(float *out, int stride, int warp_stride) {
    int u_base = __shfl_sync(0xffffffff, blockIdx.x * stride + blockIdx.y * warp_stride, 0); // expect: block-uniform expect-finding: KA103
    int idx = u_base + threadIdx.x;                                 // expect: affine-lane
    out[idx] = 2.0f;                                                // expect: const
}

// ---- experiment B: the base reused K times --------------------------------------
template <int K>
__global__ void b_naive(const float *__restrict__ in, float *out, int stride) {
    float acc = 0.f;                                                // expect: const
#pragma unroll
    for (int k = 0; k < K; ++k)                                     // expect: const, const
        acc += in[blockIdx.x * stride + k * 256 + threadIdx.x];     // expect: varying
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;               // expect: varying
}
template __global__ void b_naive<4>(const float *__restrict__, float *, int);

template <int K>
__global__ void b_shfl(const float *__restrict__ in, float *out, int stride) {
    int base = __shfl_sync(0xffffffff, (int)(blockIdx.x * stride), 0); // expect: block-uniform expect-finding: KA103
    float acc = 0.f;                                                // expect: const
    for (int k = 0; k < K; ++k)                                     // expect: const, const
        acc += in[base + k * 256 + threadIdx.x];                    // expect: varying
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;               // expect: varying
}

// ---- experiment C: eight pointers in uniform vs vector registers ----------------
struct Ptrs { const float *p[8]; };

__global__ void c_ur_ptrs(Ptrs ps, float *out, int n) {
    float acc = 0.f;                                                // expect: const
    for (int j = 0; j < 8; ++j) {                                   // expect: const, const
        const float *p = ps.p[j] + blockIdx.x * n;                  // expect: block-uniform
        acc += p[threadIdx.x];                                      // expect: varying
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;               // expect: varying
}

__global__ void c_vec_ptrs(Ptrs ps, float *out, int n) {  // expect-model: KA116
    float acc = 0.f;                                                // expect: const
    for (int j = 0; j < 8; ++j) {                                   // expect: const, const
        const float *p = ps.p[(j + threadIdx.x) % 8] + blockIdx.x * n; // expect: varying expect-model: KA116
        acc += p[threadIdx.x];                                      // expect: varying expect-model: KA107
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;               // expect: varying
}

// ---- experiment D: broadcast and REDUX ------------------------------------------
__global__ void e_ur_broadcast(const int *in, int *out, int scale) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x] * scale;       // expect: varying
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;                 // expect: varying
}

__global__ void e_shfl_broadcast(const int *in, int *out, int scale) {
    int lane = threadIdx.x % 32;                                    // expect: affine-lane
    int s = 0;                                                      // expect: const
    if (lane == 0) s = scale * 3;                                   // expect: grid-uniform
    s = __shfl_sync(0xffffffff, s, 0);                              // expect: warp-uniform
    out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x] * s; // expect: varying
}

__global__ void e_redux_hopper(const int *in, int *out) {
    int x = in[blockIdx.x * blockDim.x + threadIdx.x];              // expect: varying
    int sum = __reduce_add_sync(0xffffffff, x);                     // expect: warp-uniform
    out[blockIdx.x * blockDim.x + threadIdx.x] = x * sum + x;       // expect: varying
    if (threadIdx.x % 32 == 0) out[blockIdx.x] = sum;               // expect: warp-uniform expect-finding: KA104
}

__global__ void e_redux_shfl_tree(const int *in, int *out) {
    int x = in[blockIdx.x * blockDim.x + threadIdx.x];              // expect: varying
    for (int off = 16; off > 0; off >>= 1)                          // expect: const, const
        x += __shfl_down_sync(0xffffffff, x, off);                  // expect: varying
    int total = __shfl_sync(0xffffffff, x, 0);                      // expect: warp-uniform
    if ((threadIdx.x & 31) == 0) out[blockIdx.x] = x;               // expect: varying
    out[blockIdx.x * blockDim.x + threadIdx.x] = total;             // expect: warp-uniform
}

// ---- elect.sync vs lane 0 (section 9, experiment 4) -------------------------------
__global__ void elect_lane0(int *counter) {
    if (threadIdx.x % 32 == 0) atomicAdd(counter, 1);               // expect-finding: KA104
}

__global__ void elect_lane0_flag(int *flags) {
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;      // expect: affine-lane, warp-uniform-if expect-finding: KA102
    if (lane == 0)                                                  // expect-finding: KA104
        flags[blockIdx.x * 32 + warp] = 1;                          // expect: const
}

__global__ void lane0_after_shuffle(const float *in, float *out) {
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];            // expect: varying
    for (int off = 16; off > 0; off >>= 1)                          // expect: const, const
        v += __shfl_xor_sync(0xffffffff, v, off);                   // expect: varying
    if (threadIdx.x % 32 == 0) atomicAdd(out, v);
}

// ---- __ldg is no uniformity hint (section 9, experiment 2) -------------------------
__global__ void ldg_div_plain(const float *__restrict__ in, float *out) {
    out[threadIdx.x] = in[threadIdx.x];                             // expect: varying
}
__global__ void ldg_div_ldg(const float *__restrict__ in, float *out) {
    out[threadIdx.x] = __ldg(&in[threadIdx.x]);                     // expect: varying expect-finding: KA105
}
__global__ void ldg_uni_plain(const float *__restrict__ in, float *out) {
    out[threadIdx.x] = in[blockIdx.x];                              // expect: block-uniform
}
__global__ void ldg_uni_ldg(const float *__restrict__ in, float *out) {
    out[threadIdx.x] = __ldg(&in[blockIdx.x]);                      // expect: block-uniform expect-finding: KA105
}
__global__ void ldg_not_restrict(const float *in, float *out) {
    out[threadIdx.x] = __ldg(in + blockIdx.x);                      // expect: block-uniform
}

// ---- DeepGEMM's warp_idx (section 9, experiment 1) ---------------------------------
__global__ void deepgemm_warp_idx(float *smem_out, int k) {
    const unsigned warp_idx = __shfl_sync(0xffffffff, threadIdx.x / 32, 0);   // expect: warp-uniform
    const auto math_wg_idx = __shfl_sync(0xffffffff, threadIdx.x / 128, 0);   // expect: warp-uniform
    float *p = smem_out + warp_idx * 64 + math_wg_idx * k;          // expect: warp-uniform
    p[threadIdx.x % 32] = 0.f;                                      // expect: const
}
