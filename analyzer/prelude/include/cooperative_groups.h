/* cooperative_groups.h — analyzer shim: the groups, their ranks, shuffles
 * and votes, as declarations.  The analyzer knows these members by name
 * (analyzer/intrinsics.def): thread_rank() of a 32-wide tile is the lane,
 * meta_group_rank() is the warp, shfl/any/all/ballot/reduce are warp
 * operations. */
#pragma once
#pragma clang system_header
#include "cuda_runtime.h"

namespace cooperative_groups {
class thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned long long thread_rank() const;
	__device__ unsigned long long size() const;
	__device__ unsigned long long num_threads() const;
	__device__ bool is_valid() const;
};
class thread_block : public thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned int thread_rank() const;
	__device__ unsigned int size() const;
	__device__ unsigned int num_threads() const;
	__device__ dim3 group_index() const;
	__device__ dim3 thread_index() const;
	__device__ dim3 group_dim() const;
	__device__ dim3 dim_threads() const;
};
class grid_group : public thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned long long thread_rank() const;
	__device__ unsigned long long size() const;
	__device__ unsigned long long num_threads() const;
	__device__ unsigned long long block_rank() const;
	__device__ unsigned long long num_blocks() const;
	__device__ dim3 group_dim() const;
	__device__ dim3 block_index() const;
	__device__ bool is_valid() const;
};
class coalesced_group : public thread_group {
public:
	__device__ void sync() const;
	__device__ unsigned int thread_rank() const;
	__device__ unsigned int size() const;
	__device__ unsigned int num_threads() const;
	template <class T> __device__ T shfl(T v, unsigned int src) const;
	template <class T> __device__ T shfl_down(T v, unsigned int d) const;
	template <class T> __device__ T shfl_up(T v, unsigned int d) const;
	__device__ int any(int p) const;
	__device__ int all(int p) const;
	__device__ unsigned int ballot(int p) const;
};
template <unsigned int Size, class ParentT = void> class thread_block_tile : public thread_group {
public:
	__device__ thread_block_tile() = default;
	__device__ void sync() const;
	__device__ unsigned int thread_rank() const;
	__device__ unsigned int size() const;
	__device__ unsigned int num_threads() const;
	__device__ unsigned int meta_group_rank() const;
	__device__ unsigned int meta_group_size() const;
	template <class T> __device__ T shfl(T v, int src) const;
	template <class T> __device__ T shfl_down(T v, unsigned int d) const;
	template <class T> __device__ T shfl_up(T v, unsigned int d) const;
	template <class T> __device__ T shfl_xor(T v, unsigned int m) const;
	__device__ int any(int p) const;
	__device__ int all(int p) const;
	__device__ unsigned int ballot(int p) const;
	template <class T> __device__ unsigned int match_any(T v) const;
	template <class T> __device__ unsigned int match_all(T v, int &pred) const;
	template <unsigned int S2, class P2> __device__ operator thread_block_tile<S2, P2>() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ coalesced_group coalesced_threads();
template <unsigned int Size, class ParentT> __device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);
__device__ thread_group tiled_partition(const thread_group &g, unsigned int size);
template <class G> __device__ void sync(const G &g);

template <class T> struct plus { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct less { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct greater { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_and { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_or { __device__ T operator()(const T &a, const T &b) const; };
template <class T> struct bit_xor { __device__ T operator()(const T &a, const T &b) const; };
template <class G, class T, class Op> __device__ T reduce(const G &g, T v, Op op);
template <class G, class T, class Op> __device__ T inclusive_scan(const G &g, T v, Op op);
template <class G, class T> __device__ T inclusive_scan(const G &g, T v);
template <class G, class T, class Op> __device__ T exclusive_scan(const G &g, T v, Op op);
template <class G, class T> __device__ T exclusive_scan(const G &g, T v);
template <class G, class T> __device__ void memcpy_async(const G &g, T *dst, const T *src, size_t n);
template <class G> __device__ void wait(const G &g);
namespace details {}
} // namespace cooperative_groups
