// scratch.hip — a private array indexed by a lane-varying value: it lives in
// scratch (AMD's local memory), so its stores and loads are scratch traffic
// the --sass census counts.
#include <hip/hip_runtime.h>
__global__ void private_table(float *out, const int *idx)
{
	float t[64];
	for (int i = 0; i < 64; i++)
		t[i] = out[i * blockDim.x + threadIdx.x];
	out[threadIdx.x] = t[idx[threadIdx.x] & 63];
}
