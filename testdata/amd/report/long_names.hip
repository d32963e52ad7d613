// long_names.hip — the AMD text report's kernel lines: a templated kernel
// whose demangled name runs past 100 columns is shortened as the NVIDIA
// report shortens it, and every kernel's location starts in one column;
// the host code's warnings (-Wunused-result on a discarded status) are the
// build's business: counted, shown with --verbose.
#include <hip/hip_runtime.h>

template <typename T, int ROWS, int COLS, bool TRANSPOSE, typename Acc>
__global__ void a_rather_long_templated_matrix_kernel_name(const T *__restrict__ in, T *__restrict__ out, Acc scale,
							   int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * (T)scale;
}

__global__ void small(float *p) { p[threadIdx.x] = 0.0f; }

__attribute__((warn_unused_result)) int host_status(void);

void run(float *in, float *out, int n)
{
	host_status();
	host_status();
	a_rather_long_templated_matrix_kernel_name<float, 16, 32, true, double><<<1, 256>>>(in, out, 2.0, n);
	small<<<1, 64>>>(out);
}
