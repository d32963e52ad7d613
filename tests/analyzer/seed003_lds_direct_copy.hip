// analyzer: hip
// seed003_lds_direct_copy.hip — seed 003 section 5: the Hygon FlashAttention
// change (commit 87c739d) that moved warp_id / 2 * 32 out of the per-lane
// vaddr of a buffer_load ... lds into the scalar soffset, and made k_idx a
// template parameter.  Before: KA101 (a wave-uniform term folded into the
// "v" operand) and KA108 (k_idx is 0 or 1 at every call and feeds the
// address).  After: neither.
#include <hip/hip_runtime.h>

typedef int int32x4_t __attribute__((ext_vector_type(4)));

// ---- before -----------------------------------------------------------------------
__device__ void lds_direct_copy(int32x4_t global_addr, char *dst, int k_idx, int row_stride, int max_MN) { // expect-finding: KA108
    const int tidx = threadIdx.x;                                   // expect: affine-lane
    const int warp_id = __builtin_amdgcn_readfirstlane(tidx / 64);  // expect: warp-uniform
    const int element_size = 2;                                     // expect: const
    const int elements_per_thread = 4;                              // expect: const
    const int mma_k = 16 * 64;                                      // expect: const
    int row = (tidx / 8) % 16;                                      // expect: varying
    int col = tidx % 8;                                             // expect: varying
    int row_offset = row;                                           // expect: varying
    int col_offset = col * elements_per_thread + warp_id / 2 * 32;  // expect: varying expect-finding: KA101
    int offset_v = (row_offset * row_stride + col_offset) * element_size; // expect: varying
    if (row_offset >= max_MN) offset_v = -1;                        // expect: const
    int lds_per_wave = (int)(size_t)dst + warp_id * 4096 + k_idx * mma_k * element_size; // expect: warp-uniform
    const int offset_s = k_idx * 16 * row_stride * element_size;    // expect: grid-uniform
    asm volatile("s_mov_b32 m0, %1\n\tbuffer_load_dwordx2 %0, %2, %3, offen offset:0 lds\n"
                 :: "v"(offset_v), "s"(lds_per_wave), "s"(global_addr), "s"(offset_s) : "memory");
}

__global__ void fwd_before(int32x4_t q_rsrc, char *sQ, int row_stride, int max_MN) {
    lds_direct_copy(q_rsrc, sQ, 0, row_stride, max_MN);
    lds_direct_copy(q_rsrc, sQ, 1, row_stride, max_MN);
}

// ---- after ------------------------------------------------------------------------
template <int k_idx>
__device__ void lds_direct_copy_even_k(int32x4_t global_addr, char *dst, int row_stride, int max_MN) {
    const int tidx = threadIdx.x;                                   // expect: affine-lane
    const int warp_id = __builtin_amdgcn_readfirstlane(tidx / 64);  // expect: warp-uniform
    const int element_size = 2;                                     // expect: const
    const int elements_per_thread = 4;                              // expect: const
    const int mma_k = 16 * 64;                                      // expect: const
    int row = (tidx / 8) % 16;                                      // expect: varying
    int col = tidx % 8;                                             // expect: varying
    int row_offset = row + k_idx * 16;                              // expect: varying
    int col_offset = col * elements_per_thread;                     // expect: varying
    int offset_v = (row_offset * row_stride + col_offset) * element_size; // expect: varying
    if (row_offset >= max_MN) offset_v = -1;                        // expect: const
    int lds_per_wave = (int)(size_t)dst + warp_id * 4096 + k_idx * mma_k * element_size; // expect: warp-uniform
    const int offset_s = warp_id / 2 * 32 * element_size;           // expect: warp-uniform
    asm volatile("s_mov_b32 m0, %1\n\tbuffer_load_dwordx2 %0, %2, %3, offen offset:0 lds\n"
                 :: "v"(offset_v), "s"(lds_per_wave), "s"(global_addr), "s"(offset_s) : "memory");
}

__global__ void fwd_after(int32x4_t q_rsrc, char *sQ, int row_stride, int max_MN) {
    lds_direct_copy_even_k<0>(q_rsrc, sQ, row_stride, max_MN);
    lds_direct_copy_even_k<1>(q_rsrc, sQ, row_stride, max_MN);
}
