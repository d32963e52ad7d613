// analyzer: hip warp=32 arch=gfx1100
// hip_wave32.hip — the same questions on an RDNA target in wave32: now
// threadIdx.x / 32 is the wave index and threadIdx.x / 64 spans two waves.
#include <hip/hip_runtime.h>

__global__ void wave32_ids(int *out) {
    int tid = threadIdx.x;                                          // expect: affine-lane
    int wave = tid / 32;                                            // expect: warp-uniform-if expect-finding: KA102
    int pair = tid / 64;                                            // expect: warp-uniform-if expect-finding: KA102
    int quarter = tid / 16;                                         // expect: varying
    int lane = tid & 31;                                            // expect: affine-lane
    int ws = warpSize;                                              // expect: const
    unsigned long long b = __ballot(lane < 4);                      // expect: warp-uniform
    out[tid] = wave + pair + quarter + lane + ws + (int)b;          // expect: varying
}
