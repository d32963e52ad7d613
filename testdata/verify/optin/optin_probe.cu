// optin_probe.cu — where the driver starts refusing dynamic shared memory
// without cudaFuncAttributeMaxDynamicSharedMemorySize: for kernels with 0
// and 1024 bytes of static shared memory, static + dynamic at 48 KiB and
// one byte past it, the occupancy query and a real launch, before and
// after the opt-in.  One JSON line per (kernel, total, opt-in).  Needs the
// CUDA runtime only.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void dyn_only(float *o)
{
	extern __shared__ float d[];
	d[threadIdx.x] = (float)threadIdx.x;
	__syncthreads();
	o[threadIdx.x] = d[threadIdx.x ^ 1];
}

__global__ void static_1k(float *o)
{
	__shared__ float s[256];
	extern __shared__ float d[];
	s[threadIdx.x % 256] = 1.f;
	d[threadIdx.x] = s[(threadIdx.x + 1) % 256];
	__syncthreads();
	o[threadIdx.x] = d[threadIdx.x ^ 1];
}

template <typename K> static void probe(const char *name, K kernel, float *o)
{
	cudaFuncAttributes a;
	cudaFuncGetAttributes(&a, kernel);
	for (int optin = 0; optin < 2; optin++) {
		if (optin)
			cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
		for (int total = 49151; total <= 49153; total++) {
			size_t dyn = (size_t)total - a.sharedSizeBytes;
			int blocks = -1;
			cudaError_t q = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 256, dyn);
			kernel<<<1, 256, dyn>>>(o);
			cudaError_t l = cudaGetLastError();
			cudaError_t s = cudaDeviceSynchronize();
			printf("{\"kernel\":\"%s\",\"static\":%zu,\"dynamic\":%zu,\"total\":%d,\"optin\":%d,"
			       "\"occupancy_query\":\"%s\",\"blocks_per_sm\":%d,\"launch\":\"%s\",\"sync\":\"%s\"}\n",
			       name, a.sharedSizeBytes, dyn, total, optin, cudaGetErrorName(q), blocks,
			       cudaGetErrorName(l), cudaGetErrorName(s));
		}
	}
}

int main()
{
	float *o;
	if (cudaMalloc(&o, 1024 * sizeof(float)) != cudaSuccess)
		return 1;
	probe("dyn_only", dyn_only, o);
	probe("static_1k", static_1k, o);
	cudaFree(o);
	return 0;
}
