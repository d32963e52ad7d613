// kernels/uniform/soffset_split.hip -- seed 003 section 5's before/after pair: the
// Hygon FlashAttention commit 87c739d that moved a wave-uniform address term from
// the per-lane `vaddr` (VGPR) operand of buffer_load into the wave-wide `soffset`
// (SGPR) operand, and made the loop index a template parameter.
//
//   soffset_before  col_offset = col*4 + warp_id/2*32   (uniform term added per lane)
//                   offset_s   = k_idx*16*row_stride*4  (k_idx a runtime parameter; but the
//                                                        function is always inlined and each call
//                                                        passes a literal, so LLVM 16 folds it:
//                                                        s_lshl_b32 s4, s52, 6, no multiply --
//                                                        hence no KA108 here)
//   soffset_after   row_offset = row + K_IDX*16         (compile-time constant)
//                   offset_s   = warp_id/2*32*4         (uniform term in the SGPR)
//
// Both load the same two (k = 0, 1) dwords per lane and store their sum.  Built
// for gfx90a (device code only; compile check, there is no AMD GPU to run it on):
//   clang-16 -x hip --offload-arch=gfx90a --cuda-device-only -nogpulib -O3 -S soffset_split.hip
// The seed's instruction is `buffer_load_dwordx2 ..., lds` on gfx936; gfx90a has no
// dwordx2 LDS DMA, so this pair loads one dword into a VGPR instead -- the address
// operands, which are the point, are the same.
#include <hip/hip_runtime.h>

typedef int ka_i32x4 __attribute__((ext_vector_type(4)));

// A raw buffer resource (V#) for `base`: 48-bit address, no stride, all records
// valid, the 3rd dword gfx90a's composable_kernel uses (CK_BUFFER_RESOURCE_3RD_DWORD).
__device__ __forceinline__ ka_i32x4 ka_make_rsrc(const void *base) {
    unsigned long long a = reinterpret_cast<unsigned long long>(base);
    ka_i32x4 r;
    r.x = __builtin_amdgcn_readfirstlane((int)(a & 0xffffffffu));
    r.y = __builtin_amdgcn_readfirstlane((int)((a >> 32) & 0xffffu));
    r.z = -1;
    r.w = 0x00020000;
    return r;
}

__device__ __forceinline__ float ka_buffer_load(int offset_v, ka_i32x4 rsrc, int offset_s) {
    float v;
    asm volatile("buffer_load_dword %0, %1, %2, %3 offen offset:0\n\ts_waitcnt vmcnt(0)"
                 : "=v"(v)
                 : "v"(offset_v), "s"(rsrc), "s"(offset_s)
                 : "memory");
    return v;
}

// ---------------------------------------------------------------- before
__device__ __forceinline__ float load_tile_before(ka_i32x4 rsrc, int row_stride, int k_idx) {
    const int element_size = 4;
    int tidx = threadIdx.x;
    int warp_id = __builtin_amdgcn_readfirstlane(tidx / 64);
    int row = (tidx / 8) % 16;
    int col = tidx % 8;
    int row_offset = row;
    int col_offset = col * 4 + warp_id / 2 * 32;
    int offset_v = (row_offset * row_stride + col_offset) * element_size;
    const int offset_s = k_idx * 16 * row_stride * element_size;
    return ka_buffer_load(offset_v, rsrc, offset_s);
}

__global__ void soffset_before(const float *in, float *out, int row_stride) {
    ka_i32x4 rsrc = ka_make_rsrc(in);
    float v = load_tile_before(rsrc, row_stride, 0) + load_tile_before(rsrc, row_stride, 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// ---------------------------------------------------------------- after
template <int K_IDX>
__device__ __forceinline__ float load_tile_after(ka_i32x4 rsrc, int row_stride) {
    const int element_size = 4;
    int tidx = threadIdx.x;
    int warp_id = __builtin_amdgcn_readfirstlane(tidx / 64);
    int row = (tidx / 8) % 16;
    int col = tidx % 8;
    int row_offset = row + K_IDX * 16;
    int col_offset = col * 4;
    int offset_v = (row_offset * row_stride + col_offset) * element_size;
    const int offset_s = warp_id / 2 * 32 * element_size;
    return ka_buffer_load(offset_v, rsrc, offset_s);
}

__global__ void soffset_after(const float *in, float *out, int row_stride) {
    ka_i32x4 rsrc = ka_make_rsrc(in);
    float v = load_tile_after<0>(rsrc, row_stride) + load_tile_after<1>(rsrc, row_stride);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
