// kern.cu — three small kernels for the binary readers' test files
// (testdata/binary/make.sh): no shared memory, static shared memory with
// __launch_bounds__ and a barrier, and a per-thread array that lives in
// the stack frame.
__global__ void axpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] += a * x[i];
}

__global__ void __launch_bounds__(128) tile(float *a)
{
	__shared__ float s[256];
	s[threadIdx.x] = a[threadIdx.x];
	__syncthreads();
	a[threadIdx.x] = s[255 - threadIdx.x];
}

__global__ void frame(float *o, int k)
{
	float t[32];
	for (int j = 0; j < 32; j++)
		t[(j * k) & 31] = o[j * k + threadIdx.x];
	o[threadIdx.x] = t[k & 31] + t[(k + 7) & 31];
}
