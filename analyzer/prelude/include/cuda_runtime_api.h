/* cuda_runtime_api.h — analyzer shim: the CUDA runtime API (host side) as
 * declarations: types, error codes, memory, streams, events, occupancy and
 * the two launch-configuration entry points clang's <<<>>> needs. */
#pragma once
#pragma clang system_header
#include "driver_types.h"

#define CUDART_VERSION 13000
#define __CUDART_API_VERSION 13000

extern "C" {
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;
typedef struct CUfunc_st *cudaFunction_t;

cudaError_t cudaMalloc(void **p, size_t n);
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned int flags = 1);
cudaError_t cudaMallocHost(void **p, size_t n);
cudaError_t cudaHostAlloc(void **p, size_t n, unsigned int flags);
cudaError_t cudaMallocAsync(void **p, size_t n, cudaStream_t s);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h);
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaFreeAsync(void *p, cudaStream_t s);
cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k);
cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k, cudaStream_t st = 0);
cudaError_t cudaMemcpy2D(void *d, size_t dp, const void *s, size_t sp, size_t w, size_t h, cudaMemcpyKind k);
cudaError_t cudaMemcpyToSymbol(const void *sym, const void *s, size_t n, size_t off = 0,
			       cudaMemcpyKind k = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *d, const void *sym, size_t n, size_t off = 0,
				 cudaMemcpyKind k = cudaMemcpyDeviceToHost);
cudaError_t cudaMemset(void *d, int v, size_t n);
cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st = 0);
cudaError_t cudaMemGetInfo(size_t *free_b, size_t *total_b);
cudaError_t cudaMemPrefetchAsync(const void *p, size_t n, int dev, cudaStream_t st = 0);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e);
cudaError_t cudaSetDevice(int d);
cudaError_t cudaGetDevice(int *d);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d);
cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int d);
cudaError_t cudaDriverGetVersion(int *v);
cudaError_t cudaRuntimeGetVersion(int *v);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned int f);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned int f = 0);
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned int f);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
cudaError_t cudaEventQuery(cudaEvent_t e);
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, const void *f);
cudaError_t cudaFuncSetAttribute(const void *f, cudaFuncAttribute a, int v);
cudaError_t cudaFuncSetCacheConfig(const void *f, int c);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *f, int block, size_t smem);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n, const void *f, int block, size_t smem,
								   unsigned int flags);
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *grid, int *block, const void *f, size_t smem = 0,
					       int limit = 0);
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *smem, const void *f, int blocks, int block);
cudaError_t cudaFuncGetName(const char **name, const void *f);
cudaError_t cudaFuncSetSharedMemConfig(const void *f, int cfg);
cudaError_t cudaDeviceSetLimit(int limit, size_t v);
cudaError_t cudaDeviceGetLimit(size_t *v, int limit);
cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args, size_t smem, cudaStream_t s);
cudaError_t cudaLaunchCooperativeKernel(const void *f, dim3 g, dim3 b, void **args, size_t smem,
					cudaStream_t s);
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
/* what clang's <<<grid, block, smem, stream>>> calls (old and new API) */
int cudaConfigureCall(dim3 grid, dim3 block, size_t smem = 0, cudaStream_t stream = 0);
unsigned int __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t smem = 0, void *stream = 0);
}

/* the C++ templates of cuda_runtime.h */
template <class T> static inline cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
template <class T> static inline cudaError_t cudaMallocManaged(T **p, size_t n, unsigned int f = 1)
{
	return cudaMallocManaged((void **)p, n, f);
}
template <class T> static inline cudaError_t cudaMallocHost(T **p, size_t n) { return cudaMallocHost((void **)p, n); }
template <class T> static inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, T *f)
{
	return cudaFuncGetAttributes(a, (const void *)f);
}
template <class T> static inline cudaError_t cudaFuncSetAttribute(T *f, cudaFuncAttribute a, int v)
{
	return cudaFuncSetAttribute((const void *)f, a, v);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int block, size_t smem)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)f, block, smem);
}
template <class T>
static inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *smem, T f, int blocks, int block)
{
	return cudaOccupancyAvailableDynamicSMemPerBlock(smem, (const void *)f, blocks, block);
}
template <class T> static inline cudaError_t cudaFuncGetName(const char **name, T f)
{
	return cudaFuncGetName(name, (const void *)f);
}
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int *g, int *b, T f, size_t smem = 0, int limit = 0)
{
	return cudaOccupancyMaxPotentialBlockSize(g, b, (const void *)f, smem, limit);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &sym, const void *s, size_t n, size_t off = 0,
					     cudaMemcpyKind k = cudaMemcpyHostToDevice)
{
	return cudaMemcpyToSymbol((const void *)&sym, s, n, off, k);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *d, const T &sym, size_t n, size_t off = 0,
					       cudaMemcpyKind k = cudaMemcpyDeviceToHost)
{
	return cudaMemcpyFromSymbol(d, (const void *)&sym, n, off, k);
}
template <class T>
static inline cudaError_t cudaLaunchKernel(T *f, dim3 g, dim3 b, void **args, size_t smem = 0, cudaStream_t s = 0)
{
	return cudaLaunchKernel((const void *)f, g, b, args, smem, s);
}
/* cudaLaunchKernelEx and its configuration (launch_sites.c reads
 * cfg.blockDim and cfg.dynamicSmemBytes) */
typedef struct cudaLaunchAttribute_st {
	int id;
	union {
		int programmaticStreamSerializationAllowed;
		char pad[64];
	} val;
} cudaLaunchAttribute;
enum { cudaLaunchAttributeProgrammaticStreamSerialization = 5 };
typedef struct cudaLaunchConfig_st {
	dim3 gridDim;
	dim3 blockDim;
	size_t dynamicSmemBytes;
	cudaStream_t stream;
	cudaLaunchAttribute *attrs;
	unsigned int numAttrs;
} cudaLaunchConfig_t;
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *f, void **args);
template <typename... ExpTypes, typename... ActTypes>
static inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
					     ActTypes &&...args)
{
	return cudaSuccess;
}
