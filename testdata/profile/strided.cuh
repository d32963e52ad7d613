// strided.cuh — a kernel defined in a header: lanes two elements apart.
#pragma once
__global__ void header_stride2(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n / 2)
		out[i] = in[2 * i];
}
