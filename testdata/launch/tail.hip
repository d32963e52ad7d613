// A workgroup grid whose last wave is a sliver on gfx90a: 256 work-items of
// a small kernel, 8 workgroups per CU (the 2048 work-items a CU holds), on
// 110 CUs (MI210) a wave of 880: 900 = 1 wave + 20 workgroups.
#include <hip/hip_runtime.h>
__global__ void sliver(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1.f; }
void run(float *p)
{
	hipLaunchKernelGGL(sliver, dim3(900), dim3(256), 0, 0, p);
}
