// shape_toolkit.cu — issue 17's quantize.cu false KA103, reduced: a kernel
// launched with a (32, 4, 1) block and parsed over the real toolkit headers
// (cuda_fp4.h is not in the prelude, so the toolkit parse is the one kept).
// There libclang spells threadIdx.x's member "" (a property); it was read
// as "threadIdx.z", warp-uniform, and the shuffles below reported as
// redundant (KA103).  With block (32, n, 1): threadIdx.x is the lane
// (affine-lane, stride 1), threadIdx.y is warp-uniform (32 % 32 == 0), and
// the shuffles of a lane-varying value are no finding.
#include <cuda_fp4.h>
#define WARP_SIZE 32
__global__ void mx(const float *x, char2 *y) {
    const int warp_id = threadIdx.y;
    const int lane = threadIdx.x;
    const int base = (lane / 4) * 2;
    const float xi = x[warp_id * WARP_SIZE + lane];
    const float v0 = __shfl_sync(0xFFFFFFFF, xi, base, WARP_SIZE);
    const float v1 = __shfl_sync(0xFFFFFFFF, xi, base + 1, WARP_SIZE);
    __nv_fp4x2_e2m1 p(make_float2(v0, v1));
    y[warp_id * WARP_SIZE + lane] = *(char2 *)&p;
}
void run(const float *x, char2 *y, int n) {
    constexpr int nwarps = 4;
    const dim3 block(WARP_SIZE, nwarps, 1);
    mx<<<n, block>>>(x, y);
}
