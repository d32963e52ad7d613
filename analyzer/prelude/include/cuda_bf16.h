/* cuda_bf16.h — analyzer shim: __nv_bfloat16 / __nv_bfloat162 with the
 * usual conversions and arithmetic, as declarations. */
#pragma once
#pragma clang system_header
#include "cuda_fp16.h"

struct __align__(2) __nv_bfloat16 {
	unsigned short __x;
	__nv_bfloat16() = default;
	__host__ __device__ __nv_bfloat16(float f);
	__host__ __device__ operator float() const;
};
struct __align__(4) __nv_bfloat162 {
	__nv_bfloat16 x, y;
};
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float f);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float f);
__host__ __device__ float __bfloat162float(__nv_bfloat16 h);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162 h);
__device__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b);
__device__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c);
__device__ __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b);
__device__ __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c);
__device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
__device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b);
