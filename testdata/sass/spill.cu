// spill.cu — a kernel that must spill: __maxnreg__(32) caps it at
// 32 registers per thread while 64 values stay live, so ptxas writes local
// memory (STL) and reads it back (LDL).  The census counts both opcodes.
__global__ void __maxnreg__(32) spill64(const float* __restrict__ in, float* __restrict__ out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v[64];
#pragma unroll
	for (int k = 0; k < 64; k++)
		v[k] = in[i + k * n];
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 64; k++)
		s += v[k] * v[63 - k];
	out[i] = s;
}
