// bounds.cu -- launch bounds that are not a whole number of warps, for the
// best block size: cudaOccupancyMaxPotentialBlockSize tries the bound
// itself, then whole warps below it, and keeps the one with the most
// resident threads.  make.sh builds bounds.cubin (sm_90) from it.

// 8 registers: the block limit binds; 48 threads hold more than 32: 48
__global__ void __launch_bounds__(48) light48(unsigned *out) { out[threadIdx.x] = threadIdx.x; }
__global__ void __launch_bounds__(40) light40(unsigned *out) { out[threadIdx.x] = threadIdx.x + 2; }

// about 126 registers: 16 warps per SM; 32 threads: 16 blocks, 512
// threads; 48 (2 warps): 8 blocks, 384: the best is 32
__global__ void __launch_bounds__(48) heavy48(const float *in, float *out, int n)
{
	float v[120];
#pragma unroll
	for (int k = 0; k < 120; k++)
		v[k] = in[threadIdx.x + k * 64];
	for (int it = 0; it < n; it++) {
#pragma unroll
		for (int k = 0; k < 120; k++)
			v[k] = v[k] * v[(k + 7) % 120] + 1.0f;
	}
	float s = 0;
#pragma unroll
	for (int k = 0; k < 120; k++)
		s += v[k];
	out[threadIdx.x] = s;
}
