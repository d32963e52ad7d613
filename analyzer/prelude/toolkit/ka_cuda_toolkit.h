/* ka_cuda_toolkit.h — force-included after clang's own CUDA wrapper header
 * when a file is parsed against the real CUDA toolkit (analyzer/parse.c,
 * "toolkit" mode).  clang 16 predates CUDA 13: these declarations fill what
 * nvcc gives code and clang's wrapper does not, so that files nvcc compiles
 * also parse here.  Declarations only: the analyzer needs the AST, never
 * code, and takes a function declared under the prelude for an intrinsic. */
#pragma once
#pragma clang system_header

#define __KANALYZE__ 1

/* Host code calls isfinite/isnan/isinf unqualified with no math header of
 * its own (llm.c's dev/cuda/common.h): nvcc's cuda_runtime.h brings the
 * host's, clang's wrapper declares them for the device only.  Templates,
 * so that <math.h>'s own (non-template) overloads win where it is included;
 * the parenthesised names are safe from its function-like macros. */
template <class T> __host__ bool (isfinite)(T);
template <class T> __host__ bool (isnan)(T);
template <class T> __host__ bool (isinf)(T);
/* ... and the host's clock() and CLOCKS_PER_SEC (llm.c's permute.cu times
 * its CPU reference with them): nvcc's headers include <time.h>, clang's
 * wrapper declares only the device clock(). */
#include <time.h>

/* Host code calls min/max on mixed integer types: nvcc's math_functions.hpp
 * declares these overloads __host__ __device__, clang's wrapper only
 * __device__ (so `min(size_t, 256)` in a host function would not parse). */
#define KA_MINMAX(R, A, B)                      \
	__host__ R min(const A a, const B b);   \
	__host__ R max(const A a, const B b);
KA_MINMAX(int, int, int)
KA_MINMAX(unsigned int, unsigned int, unsigned int)
KA_MINMAX(unsigned int, int, unsigned int)
KA_MINMAX(unsigned int, unsigned int, int)
KA_MINMAX(long int, long int, long int)
KA_MINMAX(unsigned long int, unsigned long int, unsigned long int)
KA_MINMAX(unsigned long int, long int, unsigned long int)
KA_MINMAX(unsigned long int, unsigned long int, long int)
KA_MINMAX(long long int, long long int, long long int)
KA_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
KA_MINMAX(unsigned long long int, long long int, unsigned long long int)
KA_MINMAX(unsigned long long int, unsigned long long int, long long int)
KA_MINMAX(float, float, float)
KA_MINMAX(double, double, double)
KA_MINMAX(double, float, double)
KA_MINMAX(double, double, float)
#undef KA_MINMAX

/* Cache-hinted loads and stores (sm_32_intrinsics.h, which clang's wrapper
 * leaves out): one template each covers the toolkit's list of types. */
template <class T> __device__ T __ldcg(const T *p);
template <class T> __device__ T __ldca(const T *p);
template <class T> __device__ T __ldcs(const T *p);
template <class T> __device__ T __ldlu(const T *p);
template <class T> __device__ T __ldcv(const T *p);
template <class T> __device__ void __stwb(T *p, T v);
template <class T> __device__ void __stcg(T *p, T v);
template <class T> __device__ void __stcs(T *p, T v);
template <class T> __device__ void __stwt(T *p, T v);

/* sm_80 warp reductions (sm_80_rt.h; not in clang 16's wrapper). */
__device__ unsigned __reduce_add_sync(unsigned mask, unsigned v);
__device__ int __reduce_add_sync(unsigned mask, int v);
__device__ unsigned __reduce_min_sync(unsigned mask, unsigned v);
__device__ int __reduce_min_sync(unsigned mask, int v);
__device__ unsigned __reduce_max_sync(unsigned mask, unsigned v);
__device__ int __reduce_max_sync(unsigned mask, int v);
__device__ unsigned __reduce_and_sync(unsigned mask, unsigned v);
__device__ unsigned __reduce_or_sync(unsigned mask, unsigned v);
__device__ unsigned __reduce_xor_sync(unsigned mask, unsigned v);

/* Thread block clusters (sm_90_rt.h; clang 16's wrapper predates them, and
 * CUDA 13's cuda::barrier calls __isClusterShared). */
__device__ unsigned __isCtaShared(const void *ptr);
__device__ unsigned __isClusterShared(const void *ptr);
__device__ void *__cluster_map_shared_rank(const void *ptr, unsigned target_block_rank);
__device__ unsigned __cluster_query_shared_rank(const void *ptr);
__device__ uint2 __cluster_map_shared_multicast(const void *ptr, unsigned cluster_cta_mask);
__device__ unsigned __clusterDimIsSpecified();
__device__ dim3 __clusterDim();
__device__ dim3 __clusterRelativeBlockIdx();
__device__ dim3 __clusterGridDimInClusters();
__device__ dim3 __clusterIdx();
__device__ unsigned __clusterRelativeBlockRank();
__device__ unsigned __clusterSizeInBlocks();
__device__ void __cluster_barrier_arrive();
__device__ void __cluster_barrier_arrive_relaxed();
__device__ void __cluster_barrier_wait();
__device__ void __threadfence_cluster();

/* Surface objects (surface_indirect_functions.h, which clang's wrapper
 * leaves out): writes, and reads in both the value and the pointer form. */
#define KA_SURF(NAME, ...)                                                                              \
	template <class T> __device__ void NAME##write(T data, cudaSurfaceObject_t s, __VA_ARGS__,           \
						       cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap); \
	template <class T> __device__ T NAME##read(cudaSurfaceObject_t s, __VA_ARGS__,                       \
						   cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);     \
	template <class T> __device__ void NAME##read(T *p, cudaSurfaceObject_t s, __VA_ARGS__,              \
						      cudaSurfaceBoundaryMode m = cudaBoundaryModeTrap);
KA_SURF(surf1D, int x)
KA_SURF(surf2D, int x, int y)
KA_SURF(surf3D, int x, int y, int z)
KA_SURF(surf1DLayered, int x, int layer)
KA_SURF(surf2DLayered, int x, int y, int layer)
KA_SURF(surfCubemap, int x, int y, int face)
KA_SURF(surfCubemapLayered, int x, int y, int layerFace)
#undef KA_SURF
