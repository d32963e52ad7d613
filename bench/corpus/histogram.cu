// histogram.cu — 256-bin byte histogram: per-block privatised bins in shared
// memory (one copy per warp to cut atomic contention), merged into global.
#define BINS 256
#define WARPS 8

__global__ void __launch_bounds__(WARPS * 32) histogram256(const unsigned char *__restrict__ data, size_t n,
							   unsigned int *__restrict__ hist)
{
	__shared__ unsigned int bins[WARPS][BINS];
	for (int i = threadIdx.x; i < WARPS * BINS; i += blockDim.x)
		(&bins[0][0])[i] = 0;
	__syncthreads();
	unsigned int *mine = bins[threadIdx.x / 32];
	size_t stride = (size_t)gridDim.x * blockDim.x;
	const uchar4 *d4 = reinterpret_cast<const uchar4 *>(data);
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n / 4; i += stride) {
		uchar4 v = d4[i];
		atomicAdd(&mine[v.x], 1u);
		atomicAdd(&mine[v.y], 1u);
		atomicAdd(&mine[v.z], 1u);
		atomicAdd(&mine[v.w], 1u);
	}
	for (size_t i = (n / 4) * 4 + blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
		atomicAdd(&mine[data[i]], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
		unsigned int s = 0;
#pragma unroll
		for (int w = 0; w < WARPS; w++)
			s += bins[w][b];
		if (s)
			atomicAdd(&hist[b], s);
	}
}

__global__ void histogram_equalize_lut(const unsigned int *__restrict__ hist, unsigned char *__restrict__ lut,
				       unsigned int total)
{
	__shared__ unsigned int cdf[BINS];
	cdf[threadIdx.x] = hist[threadIdx.x];
	__syncthreads();
	for (int o = 1; o < BINS; o <<= 1) {
		unsigned int v = threadIdx.x >= o ? cdf[threadIdx.x - o] : 0;
		__syncthreads();
		cdf[threadIdx.x] += v;
		__syncthreads();
	}
	lut[threadIdx.x] = (unsigned char)min(255u, (unsigned int)(255.0f * cdf[threadIdx.x] / total + 0.5f));
}
