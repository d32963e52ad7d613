// layernorm.cu — LayerNorm forward over the last dimension (one block per
// row), Welford mean/variance merged across warps, affine gamma/beta, half I/O.
#include <cuda_fp16.h>

struct welford {
	float mean, m2, n;
};

__device__ welford welford_merge(welford a, welford b)
{
	float n = a.n + b.n;
	if (n == 0.f)
		return a;
	float d = b.mean - a.mean;
	return {a.mean + d * b.n / n, a.m2 + b.m2 + d * d * a.n * b.n / n, n};
}

__device__ welford warp_welford(welford w)
{
#pragma unroll
	for (int o = 16; o > 0; o >>= 1) {
		welford other = {__shfl_xor_sync(0xffffffffu, w.mean, o), __shfl_xor_sync(0xffffffffu, w.m2, o),
				 __shfl_xor_sync(0xffffffffu, w.n, o)};
		w = welford_merge(w, other);
	}
	return w;
}

__global__ void __launch_bounds__(512) layernorm_fwd(const __half *__restrict__ x, const float *__restrict__ gamma,
						     const float *__restrict__ beta, __half *__restrict__ y,
						     float *__restrict__ mean_out, float *__restrict__ rstd_out,
						     int cols, float eps)
{
	__shared__ welford part[16];
	const __half *in = x + (size_t)blockIdx.x * cols;
	welford w = {0.f, 0.f, 0.f};
	for (int c = threadIdx.x; c < cols; c += blockDim.x) {
		float v = __half2float(in[c]);
		w = welford_merge(w, {v, 0.f, 1.f});
	}
	w = warp_welford(w);
	if (threadIdx.x % 32 == 0)
		part[threadIdx.x / 32] = w;
	__syncthreads();
	if (threadIdx.x < 32) {
		welford t = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : welford{0.f, 0.f, 0.f};
		t = warp_welford(t);
		if (threadIdx.x == 0)
			part[0] = t;
	}
	__syncthreads();
	float mean = part[0].mean, rstd = rsqrtf(part[0].m2 / cols + eps);
	if (threadIdx.x == 0) {
		mean_out[blockIdx.x] = mean;
		rstd_out[blockIdx.x] = rstd;
	}
	for (int c = threadIdx.x; c < cols; c += blockDim.x) {
		float v = (__half2float(in[c]) - mean) * rstd;
		y[(size_t)blockIdx.x * cols + c] = __float2half(v * gamma[c] + beta[c]);
	}
}
