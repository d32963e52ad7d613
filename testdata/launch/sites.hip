// hipLaunchKernelGGL (a <<<>>> macro) with a constant 64 x 4 block
#include <hip/hip_runtime.h>
__global__ void tile(float *dst)
{
	int ty = threadIdx.y;
	dst[blockIdx.x * 256 + ty * 64 + threadIdx.x] = (float)ty;
}
void run(float *dst, int n, hipStream_t st)
{
	hipLaunchKernelGGL(tile, dim3(n / 256), dim3(64, 4, 1), 128, st, dst);
}
