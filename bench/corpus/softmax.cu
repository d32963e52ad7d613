// softmax.cu — numerically stable row softmax, one warp per row (rows up to a
// few thousand columns), max and sum by warp shuffles; a block-per-row variant.
#include <cfloat>

__device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
	for (int o = 16; o > 0; o >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
	return v;
}

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, o);
	return v;
}

__global__ void softmax_warp_per_row(const float *__restrict__ x, float *__restrict__ y, int rows, int cols)
{
	int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
	if (row >= rows)
		return;
	const float *in = x + (size_t)row * cols;
	float m = -FLT_MAX;
	for (int c = lane; c < cols; c += 32)
		m = fmaxf(m, in[c]);
	m = warp_max(m);
	float s = 0.f;
	for (int c = lane; c < cols; c += 32)
		s += __expf(in[c] - m);
	s = warp_sum(s);
	float inv = 1.f / s;
	for (int c = lane; c < cols; c += 32)
		y[(size_t)row * cols + c] = __expf(in[c] - m) * inv;
}

template <int THREADS>
__global__ void softmax_block_per_row(const float *__restrict__ x, float *__restrict__ y, int cols)
{
	__shared__ float red[THREADS / 32];
	const float *in = x + (size_t)blockIdx.x * cols;
	float m = -FLT_MAX;
	for (int c = threadIdx.x; c < cols; c += THREADS)
		m = fmaxf(m, in[c]);
	m = warp_max(m);
	if (threadIdx.x % 32 == 0)
		red[threadIdx.x / 32] = m;
	__syncthreads();
	m = threadIdx.x < THREADS / 32 ? red[threadIdx.x] : -FLT_MAX;
	m = warp_max(m);
	__syncthreads();
	float s = 0.f;
	for (int c = threadIdx.x; c < cols; c += THREADS)
		s += __expf(in[c] - m);
	s = warp_sum(s);
	if (threadIdx.x % 32 == 0)
		red[threadIdx.x / 32] = s;
	__syncthreads();
	s = warp_sum(threadIdx.x < THREADS / 32 ? red[threadIdx.x] : 0.f);
	for (int c = threadIdx.x; c < cols; c += THREADS)
		y[(size_t)blockIdx.x * cols + c] = __expf(in[c] - m) / s;
}
template __global__ void softmax_block_per_row<256>(const float *, float *, int);
template __global__ void softmax_block_per_row<1024>(const float *, float *, int);
