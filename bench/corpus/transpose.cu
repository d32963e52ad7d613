// transpose.cu — out-of-place matrix transpose through a padded shared-memory
// tile (no bank conflicts), 32x8 threads moving a 32x32 tile; float and half2.
#include <cuda_fp16.h>
#define TILE 32
#define ROWS 8

template <typename T>
__global__ void transpose_tiled(T *__restrict__ out, const T *__restrict__ in, int width, int height)
{
	__shared__ T tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
	for (int j = 0; j < TILE; j += ROWS)
		if (x < width && y + j < height)
			tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
	for (int j = 0; j < TILE; j += ROWS)
		if (x < height && y + j < width)
			out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_naive(float *__restrict__ out, const float *__restrict__ in, int width, int height)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < width && y < height)
		out[(size_t)x * height + y] = in[(size_t)y * width + x];
}

template __global__ void transpose_tiled<float>(float *, const float *, int, int);
template __global__ void transpose_tiled<double>(double *, const double *, int, int);
template __global__ void transpose_tiled<__half2>(__half2 *, const __half2 *, int, int);
