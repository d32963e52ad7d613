// launch sites whose block and shared memory are constants (and one that
// is not): testdata for analyzer/launch_sites.c and lib/launch.c
#include <cuda_runtime.h>
#define WARP_SIZE 32

template <int block_size>
__global__ void norm(const float *x, float *dst, int ncols)
{
	float s = 0.0f;
	for (int c = threadIdx.x; c < ncols; c += block_size)
		s += x[blockIdx.x * ncols + c];
	if (threadIdx.x == 0)
		dst[blockIdx.x] = s;
}

// lanes run along threadIdx.y: launched as 1 x 32 x 1
__global__ void column(const float *x, float *dst, int n)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	if (row < n)
		dst[row] = 2.0f * x[row];
}

__global__ void plain(float *x, int n)
{
	if (threadIdx.x < n)
		x[threadIdx.x] = 0.0f;
}

__global__ void ex_kernel(float *x) { x[threadIdx.x] = 1.0f; }

template <int B>
static void launch_norm(const float *x, float *dst, int ncols, int nrows, cudaStream_t st)
{
	const dim3 block_dims(B, 1, 1);
	norm<B><<<nrows, block_dims, B / 32 * sizeof(float), st>>>(x, dst, ncols);
}

void run(const float *x, float *dst, int ncols, int nrows, cudaStream_t st, int runtime_block)
{
	if (ncols < 1024) {
		const dim3 block_dims(WARP_SIZE, 1, 1);
		norm<WARP_SIZE><<<nrows, block_dims, 0, st>>>(x, dst, ncols);
	} else {
		launch_norm<1024>(x, dst, ncols, nrows, st);
	}
	constexpr int rows_per_block = 32;
	column<<<(nrows + rows_per_block - 1) / rows_per_block, dim3(1, rows_per_block, 1)>>>(x, dst, nrows);

	plain<<<1, 128, 512>>>(dst, nrows);
	plain<<<1, runtime_block>>>(dst, nrows);          // not a constant: not modelled
	void *args[] = {&dst, &nrows};
	cudaLaunchKernel((const void *)plain, dim3(1), dim3(64), args, 0, st);

	cudaLaunchConfig_t cfg = {};
	cfg.gridDim = dim3(4);
	cfg.blockDim = dim3(96, 1, 1);
	cfg.dynamicSmemBytes = 1024;
	cfg.stream = st;
	cudaLaunchKernelEx(&cfg, ex_kernel, dst);
}
