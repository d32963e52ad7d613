/* cuda_fp16.h — analyzer shim: __half / __half2 with the conversions,
 * arithmetic intrinsics and operators kernels use, as declarations (all
 * pure for the analyzer; the shuffles are the prelude's templates). */
#pragma once
#pragma clang system_header
#include "cuda_runtime.h"

struct __align__(2) __half {
	unsigned short __x;
	__half() = default;
	__host__ __device__ __half(float f);
	__host__ __device__ __half(double f);
	__host__ __device__ __half(int i);
	__host__ __device__ __half(unsigned int i);
	__host__ __device__ operator float() const;
	__host__ __device__ __half &operator=(float f);
};
struct __align__(4) __half2 {
	__half x, y;
	__half2() = default;
	__host__ __device__ __half2(__half a, __half b) : x(a), y(b) {}
};
typedef __half half;
typedef __half2 half2;
typedef struct { unsigned short x; } __half_raw;
typedef struct { unsigned short x, y; } __half2_raw;

__host__ __device__ __half __float2half(float f);
__host__ __device__ __half __float2half_rn(float f);
__host__ __device__ float __half2float(__half h);
__host__ __device__ __half2 __float2half2_rn(float f);
__host__ __device__ __half2 __floats2half2_rn(float a, float b);
__host__ __device__ __half2 __float22half2_rn(float2 f);
__host__ __device__ float2 __half22float2(__half2 h);
__host__ __device__ float __low2float(__half2 h);
__host__ __device__ float __high2float(__half2 h);
__host__ __device__ __half __low2half(__half2 h);
__host__ __device__ __half __high2half(__half2 h);
__host__ __device__ __half2 __halves2half2(__half a, __half b);
__host__ __device__ __half2 __half2half2(__half a);
__device__ __half __int2half_rn(int i);
__device__ int __half2int_rn(__half h);
__device__ __half __hadd(__half a, __half b);
__device__ __half __hsub(__half a, __half b);
__device__ __half __hmul(__half a, __half b);
__device__ __half __hdiv(__half a, __half b);
__device__ __half __hfma(__half a, __half b, __half c);
__device__ __half __hneg(__half a);
__device__ __half __habs(__half a);
__device__ __half __hmax(__half a, __half b);
__device__ __half __hmin(__half a, __half b);
__device__ bool __hlt(__half a, __half b);
__device__ bool __hgt(__half a, __half b);
__device__ bool __heq(__half a, __half b);
__device__ __half2 __hadd2(__half2 a, __half2 b);
__device__ __half2 __hsub2(__half2 a, __half2 b);
__device__ __half2 __hmul2(__half2 a, __half2 b);
__device__ __half2 __hfma2(__half2 a, __half2 b, __half2 c);
__device__ __half2 __hmax2(__half2 a, __half2 b);
__device__ __half2 __hmin2(__half2 a, __half2 b);
__device__ __half hexp(__half a);
__device__ __half hsqrt(__half a);
__device__ __half hrsqrt(__half a);
__device__ __half2 h2exp(__half2 a);
__device__ __half2 h2sqrt(__half2 a);

__device__ __half operator+(const __half &a, const __half &b);
__device__ __half operator-(const __half &a, const __half &b);
__device__ __half operator*(const __half &a, const __half &b);
__device__ __half operator/(const __half &a, const __half &b);
__device__ __half &operator+=(__half &a, const __half &b);
__device__ __half &operator*=(__half &a, const __half &b);
__device__ __half2 operator+(const __half2 &a, const __half2 &b);
__device__ __half2 operator*(const __half2 &a, const __half2 &b);
__device__ __half2 &operator+=(__half2 &a, const __half2 &b);
