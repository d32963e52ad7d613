// missed.cu — launches whose block and dynamic shared memory are written
// as constants, in forms beyond sites.cu's:
//   - a qualified kernel name in a member of a class template
//     (kernels::init<<<1, 32>>> in Map<T>::run);
//   - an enumerator template argument beside a dependent type
//     (k<T, Mem::SHARED><<<4, 128>>>), with dim3 variables and a dynamic size;
//   - a block that arrives through two host templates (outer<128> calls
//     inner<float, threads>, which launches with `threads`);
//   - a dim3 whose members are assigned constants once before the launch
//     (a member assigned twice, or in a branch, stays a runtime value);
//   - a constant block with a dynamic size set at run time: not modelled.
#include <cuda_runtime.h>

namespace kernels {
template <typename T>
__global__ void init(T *p) { p[threadIdx.x] = T(0); }
}

template <typename T>
struct Map {
	void run(T *p);
};

template <typename T>
void Map<T>::run(T *p)
{
	kernels::init<<<1, 32>>>(p);
}

enum class Mem { GLOBAL, SHARED };

template <typename T, Mem M>
__global__ void staged(T *p) { p[threadIdx.x] = T(M == Mem::SHARED); }

template <typename T, Mem M>
__global__ void staged_dyn(T *p) { p[threadIdx.x] = T(M == Mem::SHARED); }

template <typename T>
void eval(T *p)
{
	staged<T, Mem::SHARED><<<4, 128>>>(p);
	dim3 grid(4), block(256);
	staged_dyn<T, Mem::SHARED><<<grid, block, 1024>>>(p);
}

template <int threads>
__global__ void reduce(float *p) { p[threadIdx.x % threads] = 0.0f; }

template <typename T, int threads>
void inner(T *p)
{
	reduce<threads><<<1, threads>>>(p);
}

template <int threads>
void outer(float *p)
{
	inner<float, threads>(p);
}

__global__ void members(float *p) { p[threadIdx.x] = 0.0f; }
__global__ void members_twice(float *p) { p[threadIdx.x] = 0.0f; }
__global__ void members_branch(float *p) { p[threadIdx.x] = 0.0f; }

void by_members(float *p, int blocks, int n)
{
	dim3 threads;
	threads.x = 32;
	threads.y = 1;
	members<<<blocks, threads>>>(p);

	dim3 twice;
	twice.x = 32;
	twice.x = 64;
	members_twice<<<blocks, twice>>>(p);

	dim3 branch;
	branch.x = 32;
	if (n > 1000)
		branch.x = 256;
	members_branch<<<blocks, branch>>>(p);
}

__global__ void dyn_runtime(float *p) { extern __shared__ float s[]; s[threadIdx.x] = p[threadIdx.x]; }

size_t smem_bytes;

void run(float *p, int blocks, int n)
{
	Map<float> m;
	m.run(p);
	eval(p);
	outer<128>(p);
	by_members(p, blocks, n);
	dyn_runtime<<<1, 256, smem_bytes>>>(p);
}
