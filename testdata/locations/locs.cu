// locs.cu — kernels whose definitions a text search cannot place
// (tests/e2e/e2e_locations.sh): a template over an enum, an explicit
// instantiation, a kernel in a header, kernels in nested namespaces, a
// template launched with an extended __device__ lambda.
#include "locs.cuh"

enum class op { add, mul };

template <op O>
__global__ void apply(float *x, float v)  // @def apply
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	x[i] = O == op::add ? x[i] + v : x[i] * v;
}

template __global__ void apply<op::mul>(float *, float);

namespace outer {
namespace inner {
__global__ void ns_kernel(int *p)  // @def ns_kernel
{
	p[threadIdx.x] = (int)blockIdx.x;
}
}  // namespace inner
}  // namespace outer

template <class F>
__global__ void each(F f, int n)  // @def each
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		f(i);
}

void host(float *x, int *p, int n)
{
	apply<op::add><<<1, 128>>>(x, 1.0f);
	hdr_scale<64><<<1, 64>>>(x, 2.0f);
	hdr_scale<128><<<1, 128>>>(x, 2.0f);
	outer::inner::ns_kernel<<<1, 32>>>(p);
	each<<<1, 128>>>([=] __device__(int i) { x[i] = 0.0f; }, n);
}
