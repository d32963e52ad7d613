// profile_demo.cu — a small program for `kanalyze verify --profile`: one
// coalesced copy, one stride-32 gather in a loop, a structure member read
// and a header-defined stride-2 kernel.  Build with -lineinfo.
#include <cstdio>
#include <cuda_runtime.h>
#include "strided.cuh"

struct particle { float x, y, z, w; };

__global__ void copy(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i];
}

__global__ void column_sum(const float *m, float *sums, int rows, int cols)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;
	if (c < cols)
		for (int r = 0; r < rows; r++)
			s += m[c * rows + r];
	if (c < cols)
		sums[c] = s;
}

__global__ void member_x(const particle *p, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = p[i].x;
}

int main()
{
	const int n = 1 << 22, rows = 256, cols = 16384;
	float *a, *b;
	particle *p;
	cudaMalloc(&a, sizeof(float) * n);
	cudaMalloc(&b, sizeof(float) * n);
	cudaMalloc(&p, sizeof(particle) * n);
	cudaMemset(a, 0, sizeof(float) * n);
	cudaMemset(p, 0, sizeof(particle) * n);
	copy<<<n / 256, 256>>>(a, b, n);
	column_sum<<<cols / 256, 256>>>(a, b, rows, cols);
	member_x<<<n / 256, 256>>>(p, b, n);
	header_stride2<<<n / 256, 256>>>(a, b, n);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorString(e));
	return e != cudaSuccess;
}
