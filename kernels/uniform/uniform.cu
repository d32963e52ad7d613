// kernels/uniform/uniform.cu -- seed 003's uniform-register micro-benchmarks (its
// section 8 experiments A-D and section 9 experiments 2 and 4), rebuilt for sm_90.
//
// Why: kanalyze's uniformity analysis and SASS census are checked against what
// ptxas does with these (DESIGN.md section 7), and `kanalyze verify` launches and
// times them on a real GPU.  The seed's SASS tables are for CUDA 12.8 on an H100;
// the register counts here are what CUDA 13.0 gives (see `nvcc -cubin -arch=sm_90
// -Xptxas -v uniform.cu`); the runner records what the hardware says.
//
//   a1_naive / a1_split / a1_shfl   base = blockIdx.x*stride + (threadIdx.x/32)*warp_stride
//   a2_naive / a2_split / a2_shfl   base = blockIdx.x*stride + blockIdx.y*warp_stride
//   b_naive<K> / b_split<K> / b_shfl<K>   the a1 address re-used K times (K = 1, 4, 8, 16)
//   c_ur_ptrs / c_vec_ptrs          the cliff pair: 8 base pointers block-uniform (122
//                                   registers, 2 blocks of 256 per SM) or with a tiny
//                                   lane-varying term (154 registers, 1 block)
//   e_ur_broadcast / e_shfl_broadcast     a uniform value used as is / via lane 0 + SHFL
//   e_redux_hopper / e_redux_shfl_tree    warp sum: __reduce_add_sync / 5-step shuffle tree
//   g_elect_guard / g_lane0_guard   one lane per warp does an atomic: elect.sync / lane == 0
//   ldg_div_plain / ldg_div_ldg / ldg_uni_plain / ldg_uni_ldg   __ldg is not a uniformity hint
//
// Every kernel writes its result to global memory so nothing is dead code.  The
// launch shapes the runner uses are in kernels/runner/verify_runner.cu.

#include "tile_body.cuh"

#define KA_FULL_MASK 0xffffffffu

// ------------------------------------------------ experiment A1: threadIdx.x / 32
__global__ void a1_naive(const float *__restrict__ in, float *__restrict__ out, int stride,
                         int warp_stride) {
    int idx = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride + (threadIdx.x % 32);
    out[idx] = in[idx] * 2.0f + 1.0f;
}

__global__ void a1_split(const float *__restrict__ in, float *__restrict__ out, int stride,
                         int warp_stride) {
    int u_base = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride;
    int idx = u_base + (threadIdx.x % 32);
    out[idx] = in[idx] * 2.0f + 1.0f;
}

__global__ void a1_shfl(const float *__restrict__ in, float *__restrict__ out, int stride,
                        int warp_stride) {
    int u_base = __shfl_sync(KA_FULL_MASK, blockIdx.x * stride + (threadIdx.x / 32) * warp_stride, 0);
    int idx = u_base + (threadIdx.x % 32);
    out[idx] = in[idx] * 2.0f + 1.0f;
}

// ------------------------------------------------ experiment A2: grid coordinates only
__global__ void a2_naive(const float *__restrict__ in, float *__restrict__ out, int stride,
                         int warp_stride) {
    int idx = blockIdx.x * stride + blockIdx.y * warp_stride + threadIdx.x;
    out[idx] = in[idx] * 2.0f + 1.0f;
}

__global__ void a2_split(const float *__restrict__ in, float *__restrict__ out, int stride,
                         int warp_stride) {
    int u_base = blockIdx.x * stride + blockIdx.y * warp_stride;
    int idx = u_base + threadIdx.x;
    out[idx] = in[idx] * 2.0f + 1.0f;
}

__global__ void a2_shfl(const float *__restrict__ in, float *__restrict__ out, int stride,
                        int warp_stride) {
    int u_base = __shfl_sync(KA_FULL_MASK, blockIdx.x * stride + blockIdx.y * warp_stride, 0);
    int idx = u_base + threadIdx.x;
    out[idx] = in[idx] * 2.0f + 1.0f;
}

// ------------------------------------------------ experiment B: K re-uses of the address
// Block b covers K*blockDim.x elements: stride = K*blockDim.x, warp_stride = 32,
// re-use k adds k*256 (the seed's `base + k * 256 + lane`).
template <int K>
__global__ void b_naive(const float *__restrict__ in, float *__restrict__ out, int stride,
                        int warp_stride) {
#pragma unroll
    for (int k = 0; k < K; ++k) {
        int idx = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride + k * 256 + (threadIdx.x % 32);
        out[idx] = in[idx] * 2.0f + 1.0f;
    }
}

template <int K>
__global__ void b_split(const float *__restrict__ in, float *__restrict__ out, int stride,
                        int warp_stride) {
    int u_base = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride;
    int lane = threadIdx.x % 32;
#pragma unroll
    for (int k = 0; k < K; ++k) {
        int idx = u_base + k * 256 + lane;
        out[idx] = in[idx] * 2.0f + 1.0f;
    }
}

template <int K>
__global__ void b_shfl(const float *__restrict__ in, float *__restrict__ out, int stride,
                       int warp_stride) {
    int u_base = __shfl_sync(KA_FULL_MASK, blockIdx.x * stride + (threadIdx.x / 32) * warp_stride, 0);
    int lane = threadIdx.x % 32;
#pragma unroll
    for (int k = 0; k < K; ++k) {
        int idx = u_base + k * 256 + lane;
        out[idx] = in[idx] * 2.0f + 1.0f;
    }
}

template __global__ void b_naive<1>(const float *, float *, int, int);
template __global__ void b_naive<4>(const float *, float *, int, int);
template __global__ void b_naive<8>(const float *, float *, int, int);
template __global__ void b_naive<16>(const float *, float *, int, int);
template __global__ void b_split<1>(const float *, float *, int, int);
template __global__ void b_split<4>(const float *, float *, int, int);
template __global__ void b_split<8>(const float *, float *, int, int);
template __global__ void b_split<16>(const float *, float *, int, int);
template __global__ void b_shfl<1>(const float *, float *, int, int);
template __global__ void b_shfl<4>(const float *, float *, int, int);
template __global__ void b_shfl<8>(const float *, float *, int, int);
template __global__ void b_shfl<16>(const float *, float *, int, int);

// ------------------------------------------------ experiment C: the cliff pair
// Same body (tile_body.cuh, 80 accumulators); only where the 8 pointers live differs.
__global__ void c_ur_ptrs(ka_ptrs8 P, const long long *__restrict__ zoff, float *__restrict__ out,
                          int ld, int iters) {
    ka_tile_body<80, false>(P, zoff, out, ld, iters);
}

__global__ void c_vec_ptrs(ka_ptrs8 P, const long long *__restrict__ zoff, float *__restrict__ out,
                           int ld, int iters) {
    ka_tile_body<80, true>(P, zoff, out, ld, iters);
}

// ------------------------------------------------ experiment D: broadcast and warp sums
// u = blockIdx.x * a + b is block-uniform; 8 dependent steps consume it per lane.
__global__ void e_ur_broadcast(const float *__restrict__ in, float *__restrict__ out, int a, int b) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int u = blockIdx.x * a + b;
    float v = in[i];
#pragma unroll
    for (int r = 0; r < 8; ++r) v = v * 1.0001f + (float)(u + r);
    out[i] = v;
}

__global__ void e_shfl_broadcast(const float *__restrict__ in, float *__restrict__ out, int a, int b) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int u = 0;
    if ((threadIdx.x & 31) == 0) u = blockIdx.x * a + b;
    u = __shfl_sync(KA_FULL_MASK, u, 0);
    float v = in[i];
#pragma unroll
    for (int r = 0; r < 8; ++r) v = v * 1.0001f + (float)(u + r);
    out[i] = v;
}

// __reduce_add_sync needs sm_80+; before that (the runner also builds for older
// GPUs) this falls back to the shuffle tree below, so the pair is then equal.
__global__ void e_redux_hopper(const int *__restrict__ in, int *__restrict__ out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
    int s = __reduce_add_sync(KA_FULL_MASK, x);
#else
    int s = x;
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(KA_FULL_MASK, s, off);
    s = __shfl_sync(KA_FULL_MASK, s, 0);
#endif
    out[i] = x + s;
}

__global__ void e_redux_shfl_tree(const int *__restrict__ in, int *__restrict__ out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[i];
    int s = x;
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(KA_FULL_MASK, s, off);
    s = __shfl_sync(KA_FULL_MASK, s, 0);
    out[i] = x + s;
}

// ------------------------------------------------ section 9 exp. 4: elect.sync vs lane 0
__device__ __forceinline__ unsigned ka_elect_one() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    unsigned pred = 0;
    asm volatile(
        "{\n"
        ".reg .b32 %%rx;\n"
        ".reg .pred %%px;\n"
        "     elect.sync %%rx|%%px, %1;\n"
        "@%%px mov.s32 %0, 1;\n"
        "}\n"
        : "+r"(pred)
        : "r"(KA_FULL_MASK));
    return pred;
#else
    return (threadIdx.x % 32) == 0;
#endif
}

__global__ void g_elect_guard(int *__restrict__ counters, int v) {
    if (ka_elect_one()) atomicAdd(&counters[blockIdx.x & 1023], v);
}

__global__ void g_lane0_guard(int *__restrict__ counters, int v) {
    if ((threadIdx.x % 32) == 0) atomicAdd(&counters[blockIdx.x & 1023], v);
}

// ------------------------------------------------ section 9 exp. 2: __ldg
__global__ void ldg_div_plain(const float *__restrict__ in, float *__restrict__ out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}

__global__ void ldg_div_ldg(const float *__restrict__ in, float *__restrict__ out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __ldg(&in[i]);
}

__global__ void ldg_uni_plain(const float *__restrict__ in, float *__restrict__ out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[blockIdx.x];
}

__global__ void ldg_uni_ldg(const float *__restrict__ in, float *__restrict__ out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __ldg(&in[blockIdx.x]);
}
