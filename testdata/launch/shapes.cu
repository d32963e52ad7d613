// the block's shape feeds the uniformity analysis (analyzer/launch_sites.c,
// uniformity.c's threadIdx sources): each kernel here has an unlaunched twin
// that keeps the default classes
#include <cuda_runtime.h>

// 1 x N x 1: the lanes run along threadIdx.y, threadIdx.x is 0, so
// dst[threadIdx.x * n + row] is unit-stride (no KA107)
__global__ void by_rows(const float *x, float *dst, int n)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	if (row < n)
		dst[threadIdx.x * n + row] = x[threadIdx.x * n + row];
}
__global__ void by_rows_unlaunched(const float *x, float *dst, int n)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	if (row < n)
		dst[threadIdx.x * n + row] = x[threadIdx.x * n + row];
}

// 64 x 4: blockDim.x % 32 == 0, so threadIdx.y and the warp index are
// warp-uniform, not only warp-uniform-if
__global__ void tiles(float *dst)
{
	int warp = threadIdx.x / 32;
	int ty = threadIdx.y;
	dst[blockIdx.x * 256 + ty * 64 + threadIdx.x] = (float)(warp + ty);
}
__global__ void tiles_unlaunched(float *dst)
{
	int warp = threadIdx.x / 32;
	int ty = threadIdx.y;
	dst[blockIdx.x * 256 + ty * 64 + threadIdx.x] = (float)(warp + ty);
}

// launched at two shapes: only what holds for both (nothing) is used
__global__ void two_shapes(float *dst)
{
	int ty = threadIdx.y;
	dst[ty] = 1.0f;
}

void run(const float *x, float *dst, int n, cudaStream_t st)
{
	by_rows<<<(n + 63) / 64, dim3(1, 64, 1), 0, st>>>(x, dst, n);
	tiles<<<n / 256, dim3(64, 4)>>>(dst);
	two_shapes<<<1, dim3(64, 2)>>>(dst);
	two_shapes<<<1, dim3(16, 2)>>>(dst);
}

// a grid the enclosing template's arguments give, its block a constant:
// the largest of the specialisations called here (8 x 8 blocks of 16)
__global__ void grid_by_template(float *dst)
{
	dst[threadIdx.x] = 0.0f;
}

template <int W>
static void launch_grid_by_template(float *dst)
{
	grid_by_template<<<dim3(W / 4, W / 4), dim3(4, 4)>>>(dst);
}

void run_grids(float *dst)
{
	launch_grid_by_template<16>(dst);
	launch_grid_by_template<32>(dst);
}
