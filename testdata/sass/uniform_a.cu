// uniform_a.cu — seed 003 §8 experiment A, rebuilt: the same address written
// three ways (direct, hand-split, __shfl_sync broadcast), with a warp-level
// term threadIdx.x / 32 (a1_*) and with block-uniform terms only (a2_*).
// Mirrors the seed's a1/a2 naive/split/shfl kernels; the SASS census of these
// is the seed's table (kanalyze --sass, tests/frontends/test_sass.c).
__global__ void a1_naive(const float* __restrict__ in, float* __restrict__ out, int stride, int warp_stride)
{
	int idx = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride + (threadIdx.x % 32);
	out[idx] = in[idx] * 2.0f;
}

__global__ void a1_split(const float* __restrict__ in, float* __restrict__ out, int stride, int warp_stride)
{
	int u_base = blockIdx.x * stride + (threadIdx.x / 32) * warp_stride;
	int idx = u_base + (threadIdx.x % 32);
	out[idx] = in[idx] * 2.0f;
}

__global__ void a1_shfl(const float* __restrict__ in, float* __restrict__ out, int stride, int warp_stride)
{
	int u_base = __shfl_sync(0xffffffff, blockIdx.x * stride + (threadIdx.x / 32) * warp_stride, 0);
	int idx = u_base + (threadIdx.x % 32);
	out[idx] = in[idx] * 2.0f;
}

__global__ void a2_naive(const float* __restrict__ in, float* __restrict__ out, int stride, int warp_stride)
{
	int idx = blockIdx.x * stride + blockIdx.y * warp_stride + threadIdx.x;
	out[idx] = in[idx] * 2.0f;
}

__global__ void a2_split(const float* __restrict__ in, float* __restrict__ out, int stride, int warp_stride)
{
	int u_base = blockIdx.x * stride + blockIdx.y * warp_stride;
	int idx = u_base + threadIdx.x;
	out[idx] = in[idx] * 2.0f;
}

__global__ void a2_shfl(const float* __restrict__ in, float* __restrict__ out, int stride, int warp_stride)
{
	int u_base = __shfl_sync(0xffffffff, blockIdx.x * stride + blockIdx.y * warp_stride, 0);
	int idx = u_base + threadIdx.x;
	out[idx] = in[idx] * 2.0f;
}
