// sources.cu — every source of DESIGN section 6, one initializer each:
// constants, launch-wide values, blockIdx, threadIdx, warp votes and
// reductions, shuffles, atomics, loads, timers, the linear thread index.
constexpr int kTile = 64;
enum Mode { kFast = 3, kSlow = 7 };
__constant__ float c_coef[16];
__device__ int g_counter;

template <int K, typename T>
__global__ void sources(T *out, const int *in, int n, float scale) {
    __shared__ int tile[256];
    int lit = 42;                                                   // expect: const
    int ce = kTile * 2;                                             // expect: const
    int tp = K + 1;                                                 // expect: const
    int sz = sizeof(T) * 4;                                         // expect: const
    int en = kFast;                                                 // expect: const
    int pn = n;                                                     // expect: grid-uniform
    float ps = scale * 0.5f;                                        // expect: grid-uniform
    unsigned gd = gridDim.x * blockDim.x;                           // expect: grid-uniform
    int ws = warpSize;                                              // expect: grid-uniform
    unsigned bx = blockIdx.x, by = blockIdx.y;                      // expect: block-uniform, block-uniform
    unsigned tx = threadIdx.x;                                      // expect: affine-lane
    unsigned ty = threadIdx.y, tz = threadIdx.z;                    // expect: warp-uniform-if, warp-uniform-if
    unsigned lin = threadIdx.x + threadIdx.y * blockDim.x;          // expect: affine-lane
    unsigned lwarp = lin / 32;                                      // expect: warp-uniform
    unsigned gtid = blockIdx.x * blockDim.x + threadIdx.x;          // expect: affine-lane
    unsigned stride2 = 2 * threadIdx.x + 1;                         // expect: affine-lane
    unsigned half = threadIdx.x / 2;                                // expect: varying
    unsigned sq = threadIdx.x * threadIdx.x;                        // expect: varying
    unsigned lane = threadIdx.x % 32, lane2 = threadIdx.x & 31;     // expect: affine-lane, affine-lane
    unsigned warp = threadIdx.x / warpSize;                         // expect: warp-uniform-if expect-finding: KA102
    unsigned wbase = threadIdx.x & ~31u;                            // expect: warp-uniform-if
    int v = in[gtid];                                               // expect: varying
    int u = in[blockIdx.x];                                         // expect: block-uniform
    float c = c_coef[3];                                            // expect: grid-uniform
    int g = g_counter;                                              // expect: grid-uniform
    tile[tx] = v;                                                   // expect: varying
    __syncthreads();
    int t0 = tile[0];                                               // expect: block-uniform
    int tw = tile[warp];                                            // expect: warp-uniform-if
    unsigned b = __ballot_sync(0xffffffffu, v > 0);                 // expect: warp-uniform
    int any = __any_sync(0xffffffffu, v > 0), all = __all_sync(0xffffffffu, v > 0); // expect: warp-uniform, warp-uniform
    int red = __reduce_add_sync(0xffffffffu, v);                    // expect: warp-uniform
    unsigned am = __activemask();                                   // expect: warp-uniform
    unsigned mm = __match_any_sync(0xffffffffu, v);                 // expect: varying
    int cnt = __syncthreads_count(v > 0);                           // expect: block-uniform
    int s1 = __shfl_sync(0xffffffffu, v, 0);                        // expect: warp-uniform
    int s2 = __shfl_sync(0xffffffffu, v, lane ^ 1);                 // expect: varying
    int s3 = __shfl_sync(0xffffffffu, v, 0, 16);                    // expect: varying
    int s4 = __shfl_down_sync(0xffffffffu, u, 1);                   // expect: block-uniform
    int s5 = __shfl_xor_sync(0xffffffffu, v, 1);                    // expect: varying
    int s6 = __shfl_up_sync(0xffffffffu, lane, 1);                  // expect: varying
    int at = atomicAdd(&g_counter, 1);                              // expect: varying
    long long clk = clock64();                                      // expect: varying
    int ld = __ldg(in + blockIdx.x);                                // expect: block-uniform
    out[gtid] = (T)(lit + ce + tp + sz + en + pn + ps + gd + ws + bx + by + ty + tz + lwarp + stride2 + half + sq + lane2 + wbase + u + c + g + t0 + tw + b + any + all + red + am + mm + cnt + s1 + s2 + s3 + s4 + s5 + s6 + at + clk + ld); // expect: varying
}
template __global__ void sources<2, float>(float *, const int *, int, float);
