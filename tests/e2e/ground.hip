// ground.hip — the HIP half of tests/e2e/e2e_ground.sh: the AMDGPU assembly
// (with -gline-tables-only) confirms the strided load in its loop and the
// structure member read, and contradicts the template-parameter candidate
// of an inlined function.
#include <hip/hip_runtime.h>
struct P { float x, y, z, w; };
__device__ float tap(const float *b, int k, int s) { return b[k * s + threadIdx.x]; }
__global__ void strided_loop(const float *m, float *out, int rows)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;
	for (int r = 0; r < rows; r++)
		s += m[c * 64 + r];
	out[c] = s;
}
__global__ void member_read(const P *p, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = p[i].x;
}
__global__ void taps(const float *m, float *out, int stride)
{
	out[threadIdx.x] = tap(m, 0, stride) + tap(m, 1, stride) + tap(m, 2, stride);
}
