// kernels/uniform/tile_body.cuh -- the register-pressure body shared by the cliff
// pair (uniform.cu: c_ur_ptrs / c_vec_ptrs) and the capping pair (pressure.cu).
//
// NA float accumulators stay live across a loop that loads one float per lane
// from each of 8 base pointers per iteration and folds them in with NA FMAs.
// The 8 pointers either come straight from the kernel parameters (block-uniform:
// ptxas re-reads them from the constant bank, no per-lane copy) or get a tiny
// lane-varying term loaded from memory (`zoff`, all zeros at run time), so each
// lane must hold its own 64-bit copy of all 8 -- 16 more R registers, the case of
// seed 003 section 8 experiment C.  Register counts it gives with CUDA 13.0 for
// sm_90 (ptxas -v; the count is not monotonic in NA because ptxas rounds its
// budget up to the largest count of the same occupancy step, 168 = 21*256/32):
//
//     NA   uniform pointers   lane-varying pointers
//     80        122                  154              <- the cliff pair
//    120        168              (not used)           <- pressure.cu
//
// Launch: 1-D blocks; `ld` is the row stride (>= grid*block), rows k*ld.
#ifndef KA_TILE_BODY_CUH
#define KA_TILE_BODY_CUH

struct ka_ptrs8 {
    const float *p[8];
};

template <int NA, bool LANE_VARYING_PTRS>
__device__ __forceinline__ void ka_tile_body(ka_ptrs8 P, const long long *__restrict__ zoff,
                                             float *__restrict__ out, int ld, int iters) {
    const unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
    const float *p[8];
#pragma unroll
    for (int j = 0; j < 8; ++j)
        p[j] = LANE_VARYING_PTRS ? P.p[j] + zoff[j * 32 + (threadIdx.x & 31)] : P.p[j];
    float acc[NA];
#pragma unroll
    for (int i = 0; i < NA; ++i) acc[i] = 0.0f;
#pragma unroll 1
    for (int k = 0; k < iters; ++k) {
        float x[8];
#pragma unroll
        for (int j = 0; j < 8; ++j) x[j] = p[j][k * ld + col];
#pragma unroll
        for (int i = 0; i < NA; ++i) acc[i] = fmaf(x[i % 8], x[(i / 8 + i + 1) % 8], acc[i]);
    }
#pragma unroll
    for (int i = 0; i < NA; ++i) out[(size_t)i * ld + col] = acc[i];
}

#endif
