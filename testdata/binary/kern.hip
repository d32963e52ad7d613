// kern.hip — small HIP kernels for the binary readers' test files
// (testdata/binary/make.sh): plain, LDS with __launch_bounds__, a private
// array that needs scratch, and on gfx90a an MFMA that uses AGPRs.
#include <hip/hip_runtime.h>

__global__ void hadd(float *a, const float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] += b[i];
}

__global__ void __launch_bounds__(128) hlds(float *a)
{
	__shared__ float s[256];
	s[threadIdx.x] = a[threadIdx.x];
	__syncthreads();
	a[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void hscratch(float *o, int k)
{
	float t[64];
	for (int j = 0; j < 64; j++)
		t[(j * k) & 63] = o[j * k + threadIdx.x];
	o[threadIdx.x] = t[k & 63] + t[(k + 7) & 63];
}

__global__ void hmfma(const float *a, float *c)
{
#if defined(__gfx90a__) || defined(__gfx908__)
	typedef float v16 __attribute__((ext_vector_type(16)));
	v16 acc = {0};
	acc = __builtin_amdgcn_mfma_f32_32x32x2f32(a[threadIdx.x], a[threadIdx.x + 64], acc, 0, 0, 0);
	for (int i = 0; i < 16; i++)
		c[threadIdx.x * 16 + i] = acc[i];
#else
	c[threadIdx.x] = a[threadIdx.x];
#endif
}
