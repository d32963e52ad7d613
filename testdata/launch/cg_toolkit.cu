// cg_toolkit.cu — cooperative groups read over the real toolkit headers
// (cuda_fp4.h is not in the prelude, so the toolkit parse is the one kept).
// There the tiles' members live in implementation bases
// (__static_size_tile_base::thread_rank, __single_warp_thread_block_tile::
// meta_group_rank) inside cooperative_groups::__v1; they were unmatched, and
// an unmodelled call came out const: this_thread_block() "literal",
// meta_group_rank() block-uniform, thread_rank() not modelled.
#include <cuda_fp4.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void bias(const float *dout, float *out, int OC, int BT) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
    float sum = 0.0f;
    for (int i = warp.thread_rank(); i < BT; i += warp.size())
        sum += dout[i * OC + idx];
    sum = cg::reduce(warp, sum, cg::plus<float>{});
    if (warp.thread_rank() == 0) out[idx] = sum;
}
