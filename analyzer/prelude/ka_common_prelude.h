/* ka_common_prelude.h — the part of the CUDA and HIP preludes that is the
 * same in both languages: execution-space and launch attributes spelt the
 * way clang understands them, the vector types, the built-in index variables
 * (the analyzer recognises threadIdx, blockIdx, blockDim, gridDim and
 * warpSize by name), and the warp intrinsics as plain declarations.  A
 * function declared here without a body is treated by the analyzer as pure
 * (its result is as uniform as its arguments) unless analyzer/intrinsics.def
 * says otherwise. */
#pragma once
#pragma clang system_header

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* clang 15 and later know __noinline__ as a CUDA/HIP keyword; a macro would
 * break libstdc++'s own __attribute__((__noinline__)) (<memory>). */
#if defined(__clang_major__) && __clang_major__ < 15
#define __noinline__ __attribute__((noinline))
#endif
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __grid_constant__
#define __maxnreg__(n)
#define __cluster_dims__(...)
#define __CUDA_ALIGN__(n) __align__(n)
#ifndef __device_builtin__
#define __device_builtin__
#endif

/* No C library headers here (math.h alone costs 30 ms of parsing): the
 * device overloads below coexist with the host declarations a file may
 * include later (CUDA target overloading). */
typedef __SIZE_TYPE__ size_t;

/* What nvcc's and HIP's runtime headers bring in from <math.h> and
 * <float.h>, which device code uses without including them (spelt as glibc
 * and clang spell them, so a later #include redefines nothing). */
#ifndef INFINITY
#define INFINITY (__builtin_inff ())
#endif
#ifndef NAN
#define NAN (__builtin_nanf (""))
#endif
#ifndef HUGE_VALF
#define HUGE_VALF (__builtin_huge_valf ())
#endif
#ifndef HUGE_VAL
#define HUGE_VAL (__builtin_huge_val ())
#endif
#ifndef FLT_MAX
#define FLT_MAX __FLT_MAX__
#endif
#ifndef FLT_MIN
#define FLT_MIN __FLT_MIN__
#endif
#ifndef FLT_EPSILON
#define FLT_EPSILON __FLT_EPSILON__
#endif
#ifndef DBL_MAX
#define DBL_MAX __DBL_MAX__
#endif
#ifndef INT_MAX
#define INT_MAX __INT_MAX__
#endif

#define KA_VEC1(T, N) struct __align__(sizeof(T)) N##1 { T x; };
#define KA_VEC2(T, N) struct __align__(2 * sizeof(T)) N##2 { T x, y; };
#define KA_VEC3(T, N) struct N##3 { T x, y, z; };
#define KA_VEC4(T, N) struct __align__(4 * sizeof(T) > 16 ? 16 : 4 * sizeof(T)) N##4 { T x, y, z, w; };
#define KA_VECS(T, N)                                                                                    \
	KA_VEC1(T, N) KA_VEC2(T, N) KA_VEC3(T, N) KA_VEC4(T, N)                                          \
	static __inline__ __host__ __device__ N##1 make_##N##1(T x) { return N##1{x}; }                  \
	static __inline__ __host__ __device__ N##2 make_##N##2(T x, T y) { return N##2{x, y}; }          \
	static __inline__ __host__ __device__ N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }  \
	static __inline__ __host__ __device__ N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
KA_VECS(signed char, char)
KA_VECS(unsigned char, uchar)
KA_VECS(short, short)
KA_VECS(unsigned short, ushort)
KA_VECS(int, int)
KA_VECS(unsigned int, uint)
KA_VECS(long, long)
KA_VECS(unsigned long, ulong)
KA_VECS(long long, longlong)
KA_VECS(unsigned long long, ulonglong)
KA_VECS(float, float)
KA_VECS(double, double)
#undef KA_VECS
#undef KA_VEC1
#undef KA_VEC2
#undef KA_VEC3
#undef KA_VEC4

struct dim3 {
	unsigned int x, y, z;
	__host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
		: x(vx), y(vy), z(vz) {}
	__host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	__host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

/* The built-in variables.  The analyzer keys on these names. */
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
#ifdef __HIP__
static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE; /* as HIP declares it */
#define KA_WARP_WIDTH __AMDGCN_WAVEFRONT_SIZE
#else
extern const __device__ int warpSize;                     /* a runtime value in CUDA */
#define KA_WARP_WIDTH 32
#endif

/* ---- synchronisation ---------------------------------------------------- */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __nanosleep(unsigned int ns);
__device__ void __trap(void);
__device__ void __brkpt(void);

/* ---- warp votes, reductions, shuffles ------------------------------------ */
__device__ unsigned int __ballot_sync(unsigned int mask, int pred);
__device__ int __any_sync(unsigned int mask, int pred);
__device__ int __all_sync(unsigned int mask, int pred);
__device__ int __uni_sync(unsigned int mask, int pred);
__device__ unsigned int __activemask(void);
__device__ unsigned int __reduce_add_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_add_sync(unsigned int mask, int v);
__device__ unsigned int __reduce_min_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_min_sync(unsigned int mask, int v);
__device__ unsigned int __reduce_max_sync(unsigned int mask, unsigned int v);
__device__ int __reduce_max_sync(unsigned int mask, int v);
__device__ unsigned int __reduce_and_sync(unsigned int mask, unsigned int v);
__device__ unsigned int __reduce_or_sync(unsigned int mask, unsigned int v);
__device__ unsigned int __reduce_xor_sync(unsigned int mask, unsigned int v);
template <class T> __device__ unsigned int __match_any_sync(unsigned int mask, T v);
template <class T> __device__ unsigned int __match_all_sync(unsigned int mask, T v, int *pred);
template <class T> __device__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = KA_WARP_WIDTH);
template <class T> __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = KA_WARP_WIDTH);
template <class T> __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = KA_WARP_WIDTH);
template <class T> __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = KA_WARP_WIDTH);
__device__ unsigned int __lanemask_lt(void);
__device__ unsigned int __lanemask_le(void);
__device__ unsigned int __lanemask_eq(void);
__device__ unsigned int __lanemask_gt(void);
__device__ unsigned int __lanemask_ge(void);

/* ---- atomics (results are lane-varying) ---------------------------------- */
#define KA_ATOMIC_ALL(name)                                                                   \
	__device__ int name(int *a, int v);                                                  \
	__device__ unsigned int name(unsigned int *a, unsigned int v);                       \
	__device__ unsigned long long name(unsigned long long *a, unsigned long long v);     \
	__device__ long long name(long long *a, long long v);                                \
	__device__ float name(float *a, float v);                                            \
	__device__ double name(double *a, double v);
#define KA_ATOMIC_SCOPES(name) KA_ATOMIC_ALL(name) KA_ATOMIC_ALL(name##_block) KA_ATOMIC_ALL(name##_system)
KA_ATOMIC_SCOPES(atomicAdd)
KA_ATOMIC_SCOPES(atomicSub)
KA_ATOMIC_SCOPES(atomicExch)
KA_ATOMIC_SCOPES(atomicMin)
KA_ATOMIC_SCOPES(atomicMax)
KA_ATOMIC_SCOPES(atomicAnd)
KA_ATOMIC_SCOPES(atomicOr)
KA_ATOMIC_SCOPES(atomicXor)
#undef KA_ATOMIC_SCOPES
#undef KA_ATOMIC_ALL
__device__ unsigned int atomicInc(unsigned int *a, unsigned int v);
__device__ unsigned int atomicDec(unsigned int *a, unsigned int v);
__device__ int atomicCAS(int *a, int cmp, int v);
__device__ unsigned int atomicCAS(unsigned int *a, unsigned int cmp, unsigned int v);
__device__ unsigned long long atomicCAS(unsigned long long *a, unsigned long long cmp, unsigned long long v);
__device__ unsigned short atomicCAS(unsigned short *a, unsigned short cmp, unsigned short v);
__device__ int atomicCAS_block(int *a, int cmp, int v);
__device__ unsigned int atomicCAS_block(unsigned int *a, unsigned int cmp, unsigned int v);
__device__ int atomicCAS_system(int *a, int cmp, int v);
__device__ unsigned int atomicCAS_system(unsigned int *a, unsigned int cmp, unsigned int v);

/* ---- loads and stores with cache hints ----------------------------------- */
template <class T> __device__ T __ldg(const T *p);
template <class T> __device__ T __ldcg(const T *p);
template <class T> __device__ T __ldca(const T *p);
template <class T> __device__ T __ldcs(const T *p);
template <class T> __device__ T __ldlu(const T *p);
template <class T> __device__ T __ldcv(const T *p);
template <class T> __device__ void __stwb(T *p, T v);
template <class T> __device__ void __stcg(T *p, T v);
template <class T> __device__ void __stcs(T *p, T v);
template <class T> __device__ void __stwt(T *p, T v);

/* ---- timers and ids (lane- or time-varying) ------------------------------ */
__device__ long long clock64(void);
__device__ long clock(void);
__device__ unsigned long long __globaltimer(void);

/* ---- integer and float intrinsics (pure) --------------------------------- */
__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ unsigned long long __brevll(unsigned long long x);
__device__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int s);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int s);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ long long __mul64hi(long long x, long long y);
__device__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y);
__device__ unsigned int __sad(int x, int y, unsigned int z);
__device__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ int __float2int_rd(float x);
__device__ int __float2int_ru(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ unsigned int __float2uint_rz(float x);
__device__ float __int2float_rn(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ int __float_as_int(float x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __int_as_float(int x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ float __fdividef(float x, float y);
__device__ float __frcp_rn(float x);
__device__ float __fsqrt_rn(float x);
__device__ float __frsqrt_rn(float x);
__device__ float __fadd_rn(float x, float y);
__device__ float __fmul_rn(float x, float y);
__device__ float __fmaf_rn(float x, float y, float z);
__device__ float __saturatef(float x);
__device__ float __expf(float x);
__device__ float __exp10f(float x);
__device__ float __logf(float x);
__device__ float __log2f(float x);
__device__ float __log10f(float x);
__device__ float __sinf(float x);
__device__ float __cosf(float x);
__device__ float __tanf(float x);
__device__ float __powf(float x, float y);
__device__ void __sincosf(float x, float *s, float *c);

/* ---- math (single and double precision, pure).  __device__ only: the C
 * library's host declarations are separate overloads (CUDA target overloading),
 * as in clang's own CUDA wrapper headers. */
#define KA_MATH1(fn) __device__ float fn##f(float); __device__ double fn(double);
#define KA_MATH2(fn) __device__ float fn##f(float, float); __device__ double fn(double, double);
KA_MATH1(sqrt) KA_MATH1(rsqrt) KA_MATH1(cbrt) KA_MATH1(exp) KA_MATH1(exp2) KA_MATH1(exp10) KA_MATH1(expm1)
KA_MATH1(log) KA_MATH1(log2) KA_MATH1(log10) KA_MATH1(log1p) KA_MATH1(sin) KA_MATH1(cos) KA_MATH1(tan)
KA_MATH1(asin) KA_MATH1(acos) KA_MATH1(atan) KA_MATH1(sinh) KA_MATH1(cosh) KA_MATH1(tanh) KA_MATH1(fabs)
KA_MATH1(floor) KA_MATH1(ceil) KA_MATH1(trunc) KA_MATH1(round) KA_MATH1(rint) KA_MATH1(nearbyint) KA_MATH1(erf)
KA_MATH1(erfc) KA_MATH1(lgamma) KA_MATH1(tgamma) KA_MATH1(sinpi) KA_MATH1(cospi) KA_MATH1(rcbrt) KA_MATH1(logb)
KA_MATH2(pow) KA_MATH2(fmin) KA_MATH2(fmax) KA_MATH2(fmod) KA_MATH2(atan2) KA_MATH2(hypot) KA_MATH2(copysign)
KA_MATH2(fdim) KA_MATH2(remainder) KA_MATH2(nextafter)
#undef KA_MATH1
#undef KA_MATH2
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ void sincosf(float, float *, float *);
__device__ void sincos(double, double *, double *);
__device__ long lrintf(float);
__device__ long long llrintf(float);
__device__ int isnan(float);
__device__ int isinf(float);
__device__ int isfinite(float);
__device__ int signbit(float);
__device__ float ldexpf(float, int);
__device__ float frexpf(float, int *);

#define KA_MINMAX(T)                                          \
	__host__ __device__ T min(T a, T b);                  \
	__host__ __device__ T max(T a, T b);
KA_MINMAX(int)
KA_MINMAX(unsigned int)
KA_MINMAX(long)
KA_MINMAX(unsigned long)
KA_MINMAX(long long)
KA_MINMAX(unsigned long long)
KA_MINMAX(float)
KA_MINMAX(double)
#undef KA_MINMAX
__host__ __device__ unsigned int min(int a, unsigned int b);
__host__ __device__ unsigned int min(unsigned int a, int b);
__host__ __device__ unsigned int max(int a, unsigned int b);
__host__ __device__ unsigned int max(unsigned int a, int b);
__host__ __device__ float min(float a, double b);
__host__ __device__ float max(float a, double b);
__device__ int abs(int);
__device__ long labs(long);
__device__ long long llabs(long long);
__device__ int umin(unsigned int a, unsigned int b);
__device__ int umax(unsigned int a, unsigned int b);
__device__ long long llmin(long long a, long long b);
__device__ long long llmax(long long a, long long b);
__device__ unsigned long long ullmin(unsigned long long a, unsigned long long b);
__device__ unsigned long long ullmax(unsigned long long a, unsigned long long b);

/* ---- C library pieces that device code calls ------------------------------ */
extern "C" {
__device__ int printf(const char *fmt, ...);
__device__ void *malloc(size_t n);
__device__ void free(void *p);
__device__ void *memcpy(void *d, const void *s, size_t n);
__device__ void *memset(void *d, int c, size_t n);
__device__ void __assert_fail(const char *e, const char *f, unsigned int l, const char *fn);
}
