// hip_wave64.hip — HIP kernels for wave64 (gfx90a): the warp-width rules
// change (threadIdx.x / 64 is the wave index, threadIdx.x / 32 is not
// uniform), HIP's spellings of the sources and wave operations, and the
// same control rules.  Also the input of the LLVM oracle test.
#include <hip/hip_runtime.h>

__device__ int clamp_add(int x, int lo, int hi) {
    int y = x + lo;                                                 // expect: affine-lane
    if (y > hi) y = hi;                                             // expect: grid-uniform
    return y;
}

__global__ void wave_ids(int *out, int n) {
    int tid = hipThreadIdx_x;                                       // expect: affine-lane
    int bid = hipBlockIdx_x;                                        // expect: block-uniform
    int wave = tid / 64;                                            // expect: warp-uniform-if expect-finding: KA102
    int half_wave = tid / 32;                                       // expect: varying
    int lane = tid % 64;                                            // expect: affine-lane
    int swave = __builtin_amdgcn_readfirstlane(tid / 64);           // expect: warp-uniform
    int gid = bid * hipBlockDim_x + tid;                            // expect: affine-lane
    int ws = warpSize;                                              // expect: const
    out[gid] = wave + half_wave + lane + swave + ws;                // expect: varying
    if (gid < n) out[gid] = clamp_add(tid, n, 2 * n);               // expect: varying
}

__global__ void wave_ops(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    float v = i < n ? in[i] : 0.f;                                  // expect: varying
    unsigned long long mask = __ballot(v > 0.f);                    // expect: warp-uniform
    int any = __any(v > 0.f);                                       // expect: warp-uniform
    float first = __shfl(v, 0);                                     // expect: warp-uniform
    float nb = __shfl(v, (int)((threadIdx.x + 1) % 64));            // expect: varying
    float bx = __shfl((float)blockIdx.x, 5);                        // expect: block-uniform expect-finding: KA103
    for (int off = 32; off > 0; off >>= 1)                          // expect: const, const
        v += __shfl_down(v, off);                                   // expect: varying
    int popc = __popcll(mask);                                      // expect: warp-uniform
    if (threadIdx.x % 64 == 0) atomicAdd(out, v + first + nb + bx + any + popc);
}

__global__ void block_sum(const float *in, float *out, int n) {
    __shared__ float partial[16];
    int tid = threadIdx.x;                                          // expect: affine-lane
    int wid = tid / 64;                                             // expect: warp-uniform-if expect-finding: KA102
    float s = 0.f;                                                  // expect: const
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) // expect: affine-lane, affine-lane
        s += in[i];                                                 // expect: varying
    for (int off = 32; off > 0; off >>= 1)                          // expect: const, const
        s += __shfl_xor(s, off);                                    // expect: varying
    if (tid % 64 == 0) partial[wid] = s;                            // expect: varying
    __syncthreads();
    float total = 0.f;                                              // expect: const
    if (tid == 0) {
        for (int w = 0; w < (int)(blockDim.x / 64); ++w)            // expect: const, grid-uniform
            total += partial[w];                                    // expect: block-uniform
        atomicAdd(out, total);
    }
}

__global__ void loops_hip(const int *in, int *out, int n, int k) {
    int acc = 0;                                                    // expect: const
    for (int j = 0; j < k; ++j)                                     // expect: const, grid-uniform
        acc += in[j];                                               // expect: grid-uniform
    int cnt = 0;                                                    // expect: const
    while (cnt < n && in[cnt * 64 + threadIdx.x] != 0)
        ++cnt;                                                      // expect: warp-uniform
    int per_block = blockIdx.x * k;                                 // expect: block-uniform
    int sel = 0;                                                    // expect: const
    if (blockIdx.x & 1) sel = per_block;                            // expect: block-uniform
    else sel = acc;                                                 // expect: grid-uniform
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc + cnt + sel;   // expect: varying
}

// ext_vector elements (buffer descriptors are built like this): a weak
// update of the vector per element
typedef int i32x4 __attribute__((ext_vector_type(4)));
__device__ i32x4 make_desc(int base) {
    i32x4 r;
    r.x = base;                                                     // expect: grid-uniform
    r.y = __builtin_amdgcn_readfirstlane(threadIdx.x / 64);         // expect: warp-uniform
    r.z = -1;                                                       // expect: const
    r.w = 0x00020000;                                               // expect: const
    return r;
}

__global__ void descs(int *out, int base) {
    i32x4 d = make_desc(base);                                      // expect: warp-uniform
    int lane_val = d.x + threadIdx.x;                               // expect: affine-lane
    out[blockIdx.x * blockDim.x + threadIdx.x] = lane_val + d.w;    // expect: affine-lane
}
