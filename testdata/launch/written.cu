// written.cu — launch configurations that are written after their
// declaration are no constants, and a kernel named with a pack expansion
// still matches its instances (ggml's binbcast.cu):
//   - `int b = 128; b = n;` then k<<<1, b>>>: a runtime block;
//   - `dim3 d;` (1, 1, 1 by default) whose .x and .y are assigned, passed
//     to a launch wrapper through a parameter struct: a runtime block, not 1;
//   - k<T, type_for_index<const T *, I>...> through the wrapper with a
//     constant block: the arguments before the pack are the written ones.
#include <cuda_runtime.h>
#include <algorithm>
#include <utility>

struct launch_params {
	dim3 grid, block;
	size_t smem;
	launch_params(const dim3 &g, const dim3 &b, const int s) : grid(g), block(b), smem((size_t)s) {}
};

template <typename Kernel, typename... Args>
static void launch(Kernel kernel, const launch_params &p, Args... args)
{
	kernel<<<p.grid, p.block, p.smem>>>(args...);
}

__global__ void reassigned(float *x) { x[threadIdx.x] = 0.0f; }

template <typename T>
__global__ void member_written(T *x) { x[threadIdx.x] = T(0); }

template <typename T, typename... S>
__global__ void packed(T *x, S... s) { x[threadIdx.x] = T(0); }

template <typename T, size_t>
using type_for_index = T;

template <typename T, size_t... I>
static void run_packed(T *x, long ne0, long ne1, std::index_sequence<I...>)
{
	dim3 block_dims;
	block_dims.x = std::min<unsigned int>(ne0, 128);
	block_dims.y = std::min<unsigned int>(ne1, 128 / block_dims.x);
	{
		const launch_params lp = launch_params(dim3(1), block_dims, 0);
		launch(member_written<T>, lp, x);
	}
	{
		const launch_params lp = launch_params(dim3(1), 128, 0);
		launch(packed<T, type_for_index<const T *, I>...>, lp, x, ((const T *)x + I)...);
	}
}

void run(float *x, int n, long ne0, long ne1)
{
	int b = 128;
	b = n;
	reassigned<<<1, b>>>(x);
	run_packed(x, ne0, ne1, std::make_index_sequence<2>{});
}
