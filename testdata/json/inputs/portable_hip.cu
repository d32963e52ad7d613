// portable_hip.cu — portable.kern as HIP under a .cu name, for `-x hip` (a
// CUDA extension compiled as HIP: the language comes from the option).
#include <hip/hip_runtime.h>
#define TILE 128

__global__ void __launch_bounds__(TILE) tile_sum(const float *in, float *out, int n)
{
	__shared__ float s[TILE];
	int t = threadIdx.x;
	int i = blockIdx.x * TILE + t;
	s[t] = i < n ? in[i] : 0.f;
	__syncthreads();
	for (int stride = TILE / 2; stride > 0; stride /= 2) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void scale(float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] *= a;
}
