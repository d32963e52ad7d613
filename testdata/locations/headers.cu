// headers.cu — the toolkit's and libstdc++'s own headers, as real projects
// include them (tests/e2e/e2e_locations.sh): libclang must read the file with
// zero errors (libstdc++'s __attribute__((__noinline__)) against CUDA's
// __noinline__ macro; cuda_fp16/bf16's vector types against the prelude's;
// cuda::barrier's cluster intrinsics and surface objects, which clang 16's
// CUDA wrapper predates or leaves out; OpenMP in host code, whose omp.h nvcc
// finds through gcc and libclang does not without libomp; host isfinite()
// and clock() with no header, which nvcc's cuda_runtime.h brings).
#include <memory>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <omp.h>

__global__ void half_add(__half *x, const __nv_bfloat16 *y, int n)  // @def half_add
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = __hadd(x[i], __float2half(__bfloat162float(y[i])));
}

std::shared_ptr<std::vector<int>> keep()
{
	return std::make_shared<std::vector<int>>(4);
}

__global__ void to_surface(cudaSurfaceObject_t out, const float *x, int w)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (__isClusterShared(x))
		return;
	surf2Dwrite(x[i], out, (i % w) * (int)sizeof(float), i / w);
}

int host_threads()
{
	return omp_get_max_threads();
}

// host code calling isfinite() unqualified with no math header of its own
// (llm.c's dev/cuda/common.h), and clock() with no <time.h> (its
// permute.cu): nvcc's cuda_runtime.h brings the host's
double host_seconds()
{
	return (double)clock() / CLOCKS_PER_SEC;
}
template <class T>
int count_finite(const T *v, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++)
		c += isfinite(v[i]) ? 1 : 0;
	return c;
}
int finite_floats(const float *v, int n)
{
	return count_finite(v, n);
}
