/* cub/cub.cuh — analyzer shim for CUB (NVIDIA's real CUB needs a newer
 * clang than libclang 16): the block- and warp-wide collectives and the
 * device-wide entry points kernels and their hosts use, as declarations.
 * The analyzer treats collective results as lane-varying (CUB returns the
 * aggregate in one thread only) except where noted in intrinsics.def. */
#pragma once
#pragma clang system_header
#include <cuda_runtime.h>

namespace cub {
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm {
	BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE,
	BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
	BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE,
	BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};
enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };

struct Sum { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Max { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct Min { template <class T> __host__ __device__ T operator()(const T &a, const T &b) const; };
struct NullType {};

__device__ unsigned int LaneId();
__device__ unsigned int WarpId();
__device__ unsigned int LaneMaskLt();
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleIndex(T v, int src, unsigned int mask);
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleDown(T v, int d, int last, unsigned int mask);
template <int LOGICAL_WARP_THREADS, class T> __device__ T ShuffleUp(T v, int d, int first, unsigned int mask);
template <CacheLoadModifier M, class T> __device__ T ThreadLoad(T *p);
template <CacheStoreModifier M, class T> __device__ void ThreadStore(T *p, T v);
template <class T, class Op> __device__ T ThreadReduce(T *in, Op op);

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm A = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
	struct TempStorage { char bytes[64]; };
	__device__ BlockReduce();
	__device__ BlockReduce(TempStorage &t);
	__device__ T Sum(T v);
	__device__ T Sum(T v, int valid);
	template <int N> __device__ T Sum(T (&v)[N]);
	template <class Op> __device__ T Reduce(T v, Op op);
	template <class Op> __device__ T Reduce(T v, Op op, int valid);
	template <int N, class Op> __device__ T Reduce(T (&v)[N], Op op);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0> class WarpReduce {
public:
	struct TempStorage { char bytes[64]; };
	__device__ WarpReduce(TempStorage &t);
	__device__ T Sum(T v);
	__device__ T Sum(T v, int valid);
	template <class Op> __device__ T Reduce(T v, Op op);
	template <class Op> __device__ T Reduce(T v, Op op, int valid);
	template <class F> __device__ T HeadSegmentedSum(T v, F flag);
};
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm A = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
	struct TempStorage { char bytes[64]; };
	__device__ BlockScan();
	__device__ BlockScan(TempStorage &t);
	__device__ void ExclusiveSum(T in, T &out);
	__device__ void ExclusiveSum(T in, T &out, T &aggregate);
	template <int N> __device__ void ExclusiveSum(T (&in)[N], T (&out)[N]);
	__device__ void InclusiveSum(T in, T &out);
	__device__ void InclusiveSum(T in, T &out, T &aggregate);
	template <int N> __device__ void InclusiveSum(T (&in)[N], T (&out)[N]);
	template <class Op> __device__ void ExclusiveScan(T in, T &out, T init, Op op);
	template <class Op> __device__ void InclusiveScan(T in, T &out, Op op);
};
template <class T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0> class WarpScan {
public:
	struct TempStorage { char bytes[64]; };
	__device__ WarpScan(TempStorage &t);
	__device__ void ExclusiveSum(T in, T &out);
	__device__ void InclusiveSum(T in, T &out);
	__device__ void ExclusiveSum(T in, T &out, T &aggregate);
	__device__ void InclusiveSum(T in, T &out, T &aggregate);
	template <class Op> __device__ void InclusiveScan(T in, T &out, Op op);
	__device__ T Broadcast(T v, unsigned int src);
};
template <class T, int BLOCK_DIM_X, int ITEMS, BlockLoadAlgorithm A = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
	struct TempStorage { char bytes[64]; };
	__device__ BlockLoad();
	__device__ BlockLoad(TempStorage &t);
	template <class It> __device__ void Load(It in, T (&items)[ITEMS]);
	template <class It> __device__ void Load(It in, T (&items)[ITEMS], int valid);
	template <class It, class D> __device__ void Load(It in, T (&items)[ITEMS], int valid, D oob);
};
template <class T, int BLOCK_DIM_X, int ITEMS, BlockStoreAlgorithm A = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
	  int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
	struct TempStorage { char bytes[64]; };
	__device__ BlockStore();
	__device__ BlockStore(TempStorage &t);
	template <class It> __device__ void Store(It out, T (&items)[ITEMS]);
	template <class It> __device__ void Store(It out, T (&items)[ITEMS], int valid);
};
template <class K, int BLOCK_DIM_X, int ITEMS, class V = NullType, int RADIX_BITS = 4, bool MEMOIZE = true,
	  BlockScanAlgorithm A = BLOCK_SCAN_WARP_SCANS, int SMEM = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1,
	  int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
	struct TempStorage { char bytes[64]; };
	__device__ BlockRadixSort();
	__device__ BlockRadixSort(TempStorage &t);
	__device__ void Sort(K (&keys)[ITEMS], int begin_bit = 0, int end_bit = sizeof(K) * 8);
	__device__ void Sort(K (&keys)[ITEMS], V (&values)[ITEMS], int begin_bit = 0, int end_bit = sizeof(K) * 8);
	__device__ void SortDescending(K (&keys)[ITEMS], int begin_bit = 0, int end_bit = sizeof(K) * 8);
};
template <int BLOCK_DIM_X, int ITEMS, class T, class It> __device__ void LoadDirectBlocked(int tid, It in, T (&items)[ITEMS]);
template <int BLOCK_DIM_X, int ITEMS, class T, class It> __device__ void LoadDirectStriped(int tid, It in, T (&items)[ITEMS]);
template <int BLOCK_DIM_X, int ITEMS, class T, class It> __device__ void StoreDirectStriped(int tid, It out, T (&items)[ITEMS]);

struct DeviceReduce {
	template <class In, class Out>
	static cudaError_t Sum(void *tmp, size_t &bytes, In in, Out out, long long n, cudaStream_t s = 0);
	template <class In, class Out>
	static cudaError_t Max(void *tmp, size_t &bytes, In in, Out out, long long n, cudaStream_t s = 0);
	template <class In, class Out>
	static cudaError_t Min(void *tmp, size_t &bytes, In in, Out out, long long n, cudaStream_t s = 0);
	template <class In, class Out, class Op, class T>
	static cudaError_t Reduce(void *tmp, size_t &bytes, In in, Out out, long long n, Op op, T init, cudaStream_t s = 0);
};
struct DeviceScan {
	template <class In, class Out>
	static cudaError_t ExclusiveSum(void *tmp, size_t &bytes, In in, Out out, long long n, cudaStream_t s = 0);
	template <class In, class Out>
	static cudaError_t InclusiveSum(void *tmp, size_t &bytes, In in, Out out, long long n, cudaStream_t s = 0);
};
struct DeviceRadixSort {
	template <class K>
	static cudaError_t SortKeys(void *tmp, size_t &bytes, const K *in, K *out, long long n, int b = 0,
				    int e = sizeof(K) * 8, cudaStream_t s = 0);
	template <class K, class V>
	static cudaError_t SortPairs(void *tmp, size_t &bytes, const K *kin, K *kout, const V *vin, V *vout,
				     long long n, int b = 0, int e = sizeof(K) * 8, cudaStream_t s = 0);
};
struct DeviceSelect {
	template <class In, class Out, class N, class Op>
	static cudaError_t If(void *tmp, size_t &bytes, In in, Out out, N nsel, long long n, Op op, cudaStream_t s = 0);
};
} // namespace cub
