// reduce.cu — grid-stride sum/max reductions: vectorised float4 loads, warp
// shuffles, one atomic per block; a two-pass variant for doubles.
#include <cfloat>

template <typename Op>
__device__ float warp_reduce(float v, Op op)
{
#pragma unroll
	for (int o = 16; o > 0; o >>= 1)
		v = op(v, __shfl_down_sync(0xffffffffu, v, o));
	return v;
}

struct add_op {
	__device__ float operator()(float a, float b) const { return a + b; }
};
struct max_op {
	__device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};

template <typename Op>
__global__ void reduce_f32(const float *__restrict__ x, size_t n, float *__restrict__ result, float init)
{
	__shared__ float part[32];
	Op op;
	float v = init;
	const float4 *x4 = reinterpret_cast<const float4 *>(x);
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n / 4; i += stride) {
		float4 q = x4[i];
		v = op(op(v, q.x), op(q.y, op(q.z, q.w)));
	}
	for (size_t i = n / 4 * 4 + blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
		v = op(v, x[i]);
	v = warp_reduce(v, op);
	if (threadIdx.x % 32 == 0)
		part[threadIdx.x / 32] = v;
	__syncthreads();
	if (threadIdx.x < 32) {
		v = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : init;
		v = warp_reduce(v, op);
		if (threadIdx.x == 0)
			*result = v;   /* caller launches one block, or a second pass */
	}
}
template __global__ void reduce_f32<add_op>(const float *, size_t, float *, float);
template __global__ void reduce_f32<max_op>(const float *, size_t, float *, float);

__global__ void reduce_f64_pass1(const double *__restrict__ x, size_t n, double *__restrict__ partial)
{
	__shared__ double s[256];
	double v = 0.0;
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
		v += x[i];
	s[threadIdx.x] = v;
	__syncthreads();
	for (int o = blockDim.x / 2; o > 0; o >>= 1) {
		if (threadIdx.x < o)
			s[threadIdx.x] += s[threadIdx.x + o];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		partial[blockIdx.x] = s[0];
}
