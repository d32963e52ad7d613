/* hip/hip_runtime_api.h — analyzer shim: the HIP host API (types, errors,
 * memory, streams, events, occupancy, launch configuration) as declarations. */
#pragma once
#pragma clang system_header
#include <string.h>   /* as HIP's own header: examples call memset with no include */

extern "C" {
enum hipError_t {
	hipSuccess = 0,
	hipErrorInvalidValue = 1,
	hipErrorOutOfMemory = 2,
	hipErrorNotInitialized = 3,
	hipErrorInvalidDevice = 101,
	hipErrorNoDevice = 100,
	hipErrorNotReady = 600,
	hipErrorLaunchFailure = 719,
	hipErrorUnknown = 999
};
enum hipMemcpyKind {
	hipMemcpyHostToHost = 0,
	hipMemcpyHostToDevice = 1,
	hipMemcpyDeviceToHost = 2,
	hipMemcpyDeviceToDevice = 3,
	hipMemcpyDefault = 4
};
enum hipDeviceAttribute_t {
	hipDeviceAttributeMaxThreadsPerBlock = 1,
	hipDeviceAttributeWarpSize = 10,
	hipDeviceAttributeMultiprocessorCount = 16,
	hipDeviceAttributeMaxSharedMemoryPerBlock = 8,
	hipDeviceAttributeCooperativeLaunch = 4,
	hipDeviceAttributeCooperativeMultiDeviceLaunch = 5
};
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)
typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef struct hipDeviceProp_t {
	char name[256];
	char gcnArchName[256];
	size_t totalGlobalMem, sharedMemPerBlock, totalConstMem, maxSharedMemoryPerMultiProcessor;
	int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
	int memoryClockRate, memoryBusWidth, major, minor, multiProcessorCount, l2CacheSize;
	int maxThreadsPerMultiProcessor, computeMode, concurrentKernels, pciBusID, pciDeviceID, gcnArch;
	int cooperativeLaunch, managedMemory, integrated, canMapHostMemory;
} hipDeviceProp_t;
typedef struct hipFuncAttributes {
	size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
	int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, maxDynamicSharedSizeBytes;
} hipFuncAttributes;

hipError_t hipMalloc(void **p, size_t n);
hipError_t hipMallocManaged(void **p, size_t n, unsigned int flags = 1);
hipError_t hipHostMalloc(void **p, size_t n, unsigned int flags = 0);
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
hipError_t hipMemGetInfo(size_t *free, size_t *total);
hipError_t hipHostGetDevicePointer(void **d, void *h, unsigned int flags);
hipError_t hipFree(void *p);
hipError_t hipHostFree(void *p);
hipError_t hipMemcpy(void *d, const void *s, size_t n, hipMemcpyKind k);
hipError_t hipMemcpyAsync(void *d, const void *s, size_t n, hipMemcpyKind k, hipStream_t st = 0);
hipError_t hipMemcpyHtoD(void *d, void *s, size_t n);
hipError_t hipMemcpyDtoH(void *d, void *s, size_t n);
hipError_t hipMemcpyToSymbol(const void *sym, const void *s, size_t n, size_t off = 0,
			     hipMemcpyKind k = hipMemcpyHostToDevice);
hipError_t hipMemset(void *d, int v, size_t n);
hipError_t hipMemsetAsync(void *d, int v, size_t n, hipStream_t st = 0);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorString(hipError_t e);
const char *hipGetErrorName(hipError_t e);
hipError_t hipSetDevice(int d);
hipError_t hipGetDevice(int *d);
hipError_t hipGetDeviceCount(int *n);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *p, int d);
hipError_t hipDeviceGetAttribute(int *v, hipDeviceAttribute_t a, int d);
hipError_t hipDriverGetVersion(int *v);
hipError_t hipRuntimeGetVersion(int *v);
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
hipError_t hipStreamCreate(hipStream_t *s);
hipError_t hipStreamCreateWithFlags(hipStream_t *s, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t s);
hipError_t hipStreamSynchronize(hipStream_t s);
hipError_t hipEventCreate(hipEvent_t *e);
hipError_t hipEventDestroy(hipEvent_t e);
hipError_t hipEventRecord(hipEvent_t e, hipStream_t s = 0);
hipError_t hipEventSynchronize(hipEvent_t e);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t a, hipEvent_t b);
hipError_t hipDeviceCanAccessPeer(int *can, int device, int peer);
hipError_t hipDeviceEnablePeerAccess(int peer, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peer);
hipError_t hipMemcpyPeer(void *d, int dd, const void *s, int sd, size_t n);
hipError_t hipMemcpyPeerAsync(void *d, int dd, const void *s, int sd, size_t n, hipStream_t st = 0);
hipError_t hipMemcpyFromSymbol(void *d, const void *sym, size_t n, size_t off = 0,
			       hipMemcpyKind k = hipMemcpyDeviceToHost);
hipError_t hipGetSymbolAddress(void **p, const void *sym);
hipError_t hipGetSymbolSize(size_t *n, const void *sym);
hipError_t hipModuleLoad(hipModule_t *m, const char *path);
hipError_t hipModuleLoadData(hipModule_t *m, const void *image);
hipError_t hipModuleUnload(hipModule_t m);
hipError_t hipModuleGetFunction(hipFunction_t *f, hipModule_t m, const char *name);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gx, unsigned int gy, unsigned int gz,
				 unsigned int bx, unsigned int by, unsigned int bz, unsigned int smem, hipStream_t st,
				 void **params, void **extra);
hipError_t hipFuncGetAttributes(hipFuncAttributes *a, const void *f);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *n, const void *f, int block, size_t smem);
hipError_t hipOccupancyMaxPotentialBlockSize(int *grid, int *block, const void *f, size_t smem, int limit);
hipError_t hipLaunchKernel(const void *f, dim3 g, dim3 b, void **args, size_t smem, hipStream_t s);
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 g, dim3 b, void **args, unsigned int smem,
				      hipStream_t s);
/* what clang's <<<grid, block, smem, stream>>> calls in HIP mode */
hipError_t hipConfigureCall(dim3 grid, dim3 block, size_t smem = 0, hipStream_t stream = 0);
unsigned int __hipPushCallConfiguration(dim3 grid, dim3 block, size_t smem = 0, hipStream_t stream = 0);
}
template <class T> static inline hipError_t hipMalloc(T **p, size_t n) { return hipMalloc((void **)p, n); }
template <class T> static inline hipError_t hipMallocManaged(T **p, size_t n, unsigned int f = 1)
{
	return hipMallocManaged((void **)p, n, f);
}
template <class T> static inline hipError_t hipHostMalloc(T **p, size_t n, unsigned int f = 0)
{
	return hipHostMalloc((void **)p, n, f);
}
template <class T>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int block, size_t smem)
{
	return hipOccupancyMaxActiveBlocksPerMultiprocessor(n, (const void *)f, block, smem);
}
template <class T>
static inline hipError_t hipOccupancyMaxPotentialBlockSize(int *grid, int *block, T f, size_t smem = 0,
							   int limit = 0)
{
	return hipOccupancyMaxPotentialBlockSize(grid, block, (const void *)f, smem, limit);
}
template <class T> static inline hipError_t hipFuncGetAttributes(hipFuncAttributes *a, T f)
{
	return hipFuncGetAttributes(a, (const void *)f);
}
/* a symbol by name (HIP_SYMBOL(x) is x on AMD) */
template <class T>
static inline hipError_t hipMemcpyToSymbol(const T &sym, const void *s, size_t n, size_t off = 0,
					   hipMemcpyKind k = hipMemcpyHostToDevice)
{
	return hipMemcpyToSymbol((const void *)&sym, s, n, off, k);
}
template <class T>
static inline hipError_t hipMemcpyFromSymbol(void *d, const T &sym, size_t n, size_t off = 0,
					     hipMemcpyKind k = hipMemcpyDeviceToHost)
{
	return hipMemcpyFromSymbol(d, (const void *)&sym, n, off, k);
}
template <class T> static inline hipError_t hipGetSymbolAddress(void **p, const T &sym)
{
	return hipGetSymbolAddress(p, (const void *)&sym);
}
template <class T> static inline hipError_t hipGetSymbolSize(size_t *n, const T &sym)
{
	return hipGetSymbolSize(n, (const void *)&sym);
}
template <class T>
static inline hipError_t hipLaunchCooperativeKernel(T f, dim3 g, dim3 b, void **args, unsigned int smem,
						    hipStream_t s)
{
	return hipLaunchCooperativeKernel((const void *)f, g, b, args, smem, s);
}
