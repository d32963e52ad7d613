// optin.cu — launches over the 48 KiB default per-block shared memory
// limit (static + dynamic): without cudaFuncSetAttribute(k,
// cudaFuncAttributeMaxDynamicSharedMemorySize, n) the driver refuses them
// (CUDA C++ Programming Guide, "Shared Memory", compute capability 7.x+).
//   - at_limit: 49152 dynamic bytes, no opt-in: launches (no warning);
//   - over_limit: 49153 dynamic bytes, no opt-in: a warning;
//   - with_static: 1024 static + 48129 dynamic = 49153: a warning;
//   - big: 65536, no opt-in: a warning;
//   - opted: 65536 with the opt-in call: modelled, no warning.
#include <cuda_runtime.h>

__global__ void at_limit(float *p) { extern __shared__ float s[]; s[threadIdx.x] = p[threadIdx.x]; p[threadIdx.x] = s[255 - threadIdx.x]; }
__global__ void over_limit(float *p) { extern __shared__ float s[]; s[threadIdx.x] = p[threadIdx.x]; p[threadIdx.x] = s[255 - threadIdx.x]; }
__global__ void with_static(float *p)
{
	__shared__ float t[256];
	extern __shared__ float s[];
	t[threadIdx.x] = p[threadIdx.x];
	s[threadIdx.x] = t[255 - threadIdx.x];
	__syncthreads();
	p[threadIdx.x] = s[255 - threadIdx.x];
}
__global__ void big(float *p) { extern __shared__ float s[]; s[threadIdx.x] = p[threadIdx.x]; p[threadIdx.x] = s[255 - threadIdx.x]; }
__global__ void opted(float *p) { extern __shared__ float s[]; s[threadIdx.x] = p[threadIdx.x]; p[threadIdx.x] = s[255 - threadIdx.x]; }

void run(float *p)
{
	at_limit<<<132, 256, 49152>>>(p);
	over_limit<<<132, 256, 49153>>>(p);
	with_static<<<132, 256, 48129>>>(p);
	big<<<132, 256, 65536>>>(p);
	cudaFuncSetAttribute(opted, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
	opted<<<132, 256, 65536>>>(p);
}
