/* hip/hip_runtime.h — analyzer shim (kanalyze's prelude, not AMD's header):
 * the HIP warp intrinsics and the host runtime API as declarations, so the
 * analyzer parses HIP files with libclang 16 quickly and the same way on
 * every machine.  Attributes and threadIdx & co come from ka_hip_prelude.h. */
#pragma once
#pragma clang system_header
#include "hip_runtime_api.h"
/* HIP's headers (clang's HIP wrapper) bring in <cstdlib> and <cmath>: host
 * code calls std::abs or std::fabs with no include of its own (ROCm's
 * examples).  <cstdlib> costs next to nothing; <cmath> is left out: it
 * multiplies a HIP file's parse time by six (about 20 -> 125 ms, measured
 * with tests/test_analyzer --stat), and a host function that needs it
 * leaves the kernels' analysis whole. */
#include <cstdlib>

#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(X) X
#define hipLaunchKernelGGL(k, g, b, smem, st, ...) (k)<<<(g), (b), (smem), (st)>>>(__VA_ARGS__)

/* the wavefront-wide operations (HIP spellings, 64-bit masks) */
template <class T> __device__ T __shfl(T var, int srcLane, int width = warpSize);
template <class T> __device__ T __shfl_up(T var, unsigned int delta, int width = warpSize);
template <class T> __device__ T __shfl_down(T var, unsigned int delta, int width = warpSize);
template <class T> __device__ T __shfl_xor(T var, int laneMask, int width = warpSize);
__device__ unsigned long long __ballot(int pred);
__device__ unsigned long long __ballot64(int pred);
__device__ int __any(int pred);
__device__ int __all(int pred);
__device__ unsigned int __lane_id(void);
__device__ unsigned long long __lanemask_lt64(void);
__device__ unsigned long long __activemask64(void);
__device__ unsigned long long __clock64(void);
__device__ unsigned long long wall_clock64(void);
__device__ unsigned int __smid(void);
/* bit-field intrinsics (amd_device_functions.h) */
__device__ unsigned int __bitextract_u32(unsigned int src, unsigned int offset, unsigned int width);
__device__ unsigned long long __bitextract_u64(unsigned long long src, unsigned int offset, unsigned int width);
__device__ unsigned int __bitinsert_u32(unsigned int src, unsigned int ins, unsigned int offset, unsigned int width);
__device__ unsigned long long __bitinsert_u64(unsigned long long src, unsigned long long ins, unsigned int offset,
					      unsigned int width);
