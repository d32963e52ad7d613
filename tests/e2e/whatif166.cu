// whatif166.cu — a kernel that sits at about 166 registers at 256 threads
// (built with -maxrregcount=166; 161..168 registers all cost 5376 per warp,
// one block of 256 threads per SM on sm_90), for --what-if regs=N.
__global__ void heavy(float *out, const float *in)
{
	float a[140];
#pragma unroll
	for (int j = 0; j < 140; j++)
		a[j] = in[j * blockDim.x + threadIdx.x];
	float s = 0.f;
#pragma unroll
	for (int j = 0; j < 140; j++)
		s += a[j] * a[140 - 1 - j] + a[(j * 7) % 140];
	out[threadIdx.x] = s;
}
