// lane.cu — the kernels of the hand-made export beside it (README.md): an
// inline-asm line whose quotes ncu writes unescaped, a kernel of 8
// registers, a column read of a shared tile (a 32-way bank conflict) and
// the interleaved reduction's lane-strided branch (divergent).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void lane_ids(unsigned *out)
{
	unsigned lane;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
	out[lane] = lane;
}

__global__ void column_read(const float *in, float *out)
{
	__shared__ float tile[32][32];
	tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
	__syncthreads();
	out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void reduce_interleaved(float *data)
{
	__shared__ float s[256];
	unsigned t = threadIdx.x;
	s[t] = data[blockIdx.x * 256 + t];
	__syncthreads();
	for (unsigned k = 1; k < 256; k *= 2) {
		if (t % (2 * k) == 0)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		data[blockIdx.x] = s[0];
}

int main()
{
	unsigned *u;
	float *a, *b;
	cudaMalloc(&u, 32 * sizeof(unsigned));
	cudaMalloc(&a, 1024 * sizeof(float));
	cudaMalloc(&b, 1024 * sizeof(float));
	cudaMemset(a, 0, 1024 * sizeof(float));
	lane_ids<<<1, 32>>>(u);
	column_read<<<1, dim3(32, 32)>>>(a, b);
	reduce_interleaved<<<4, 256>>>(b);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorString(e));
	return e != cudaSuccess;
}
