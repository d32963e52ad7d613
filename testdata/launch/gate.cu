// one kernel launched at two constant blocks (32 and 1024 threads): the gate
// checks each launch; HEAVY raises its registers past 32 (1024: 2 -> 1
// blocks/SM) but not past 64 (32 threads: 32 blocks/SM either way)
#include <cuda_runtime.h>
__global__ void scale(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef HEAVY
	double a[24];
#pragma unroll
	for (int k = 0; k < 24; k++)
		a[k] = x[i + k * n];
	double s = 0.0;
#pragma unroll
	for (int k = 0; k < 24; k++)
		s += a[k] * a[(k + 5) % 24] + a[(k + 7) % 24] * a[(k + 3) % 24];
	y[i] = (float)s;
#else
	if (i < n)
		y[i] = 2.0f * x[i];
#endif
}
void run(const float *x, float *y, int n)
{
	if (n < 4096)
		scale<<<(n + 31) / 32, 32>>>(x, y, n);
	else
		scale<<<(n + 1023) / 1024, 1024>>>(x, y, n);
}
