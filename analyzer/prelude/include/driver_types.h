/* driver_types.h — analyzer shim: the runtime's enums and structs, with the
 * members host code usually reads (names as in the CUDA runtime API). */
#pragma once
#pragma clang system_header

enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidDevice = 101,
	cudaErrorInvalidDeviceFunction = 98,
	cudaErrorNoDevice = 100,
	cudaErrorNotReady = 600,
	cudaErrorLaunchFailure = 719,
	cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4
};
enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1,
	cudaDevAttrMaxSharedMemoryPerBlock = 8,
	cudaDevAttrWarpSize = 10,
	cudaDevAttrClockRate = 13,
	cudaDevAttrMultiProcessorCount = 16,
	cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrMemoryClockRate = 36,
	cudaDevAttrGlobalMemoryBusWidth = 37,
	cudaDevAttrL2CacheSize = 38,
	cudaDevAttrMaxThreadsPerMultiProcessor = 39,
	cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
	cudaDevAttrMaxRegistersPerMultiprocessor = 82,
	cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
	cudaDevAttrMaxBlocksPerMultiprocessor = 106
};
enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9
};
enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1, cudaFuncCachePreferEqual };
enum { cudaStreamDefault = 0, cudaStreamNonBlocking = 1 };
enum { cudaEventDefault = 0, cudaEventBlockingSync = 1, cudaEventDisableTiming = 2 };
enum { cudaMemAttachGlobal = 1, cudaMemAttachHost = 2 };
enum { cudaHostAllocDefault = 0, cudaHostAllocPortable = 1, cudaHostAllocMapped = 2 };
enum { cudaSharedmemCarveoutDefault = -1, cudaSharedmemCarveoutMaxShared = 100, cudaSharedmemCarveoutMaxL1 = 0 };

struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerMultiprocessor, sharedMemPerBlockOptin;
	size_t totalConstMem, memPitch, textureAlignment;
	int regsPerBlock, regsPerMultiprocessor, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
	int clockRate, major, minor, multiProcessorCount, maxThreadsPerMultiProcessor, maxBlocksPerMultiProcessor;
	int memoryClockRate, memoryBusWidth, l2CacheSize, persistingL2CacheMaxSize, concurrentKernels;
	int ECCEnabled, pciBusID, pciDeviceID, pciDomainID, integrated, canMapHostMemory, computeMode;
	int cooperativeLaunch, managedMemory, unifiedAddressing, asyncEngineCount, reservedSharedMemPerBlock;
};
struct cudaFuncAttributes {
	size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
	int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes;
	int preferredShmemCarveout;
};
