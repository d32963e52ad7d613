// guard_pressure.cu — the baseline gate's fixture (tests/e2e/e2e_guard.sh).
// pressure<128> keeps KA_NV loaded values live across a barrier, so ptxas
// wants more than 128 registers and __maxnreg__ decides how many it gets
// (sm_90, CUDA 13; 256 threads/block, where 129 registers halve the blocks):
//
//   KA_NV  KA_MAXNREG  registers  spills   blocks/SM
//    120      128         128       0          2      the baseline
//    120      129         129       0          1      across the cliff
//    120      127         127       0          2      near the cliff (2 below)
//    120      126         126       0          2      near the cliff (3 below)
//    112      120         120       0          2      smaller
//    120      120         120      28 B        2      smaller, but spills
//
// The test rewrites the two #define lines to make each variant.
#define KA_NV 120
#define KA_MAXNREG 128

template <int R>
__global__ void __maxnreg__(KA_MAXNREG) pressure(float *out, const float *in)
{
	float a[KA_NV];
#pragma unroll
	for (int j = 0; j < KA_NV; j++)
		a[j] = in[j * blockDim.x + threadIdx.x];
	__syncthreads();
	float s = 0.f;
#pragma unroll
	for (int j = 0; j < KA_NV; j++)
		s += a[j] * a[KA_NV - 1 - j] + a[(j * 7) % KA_NV];
	out[threadIdx.x] = s;
}
template __global__ void pressure<128>(float *, const float *);

__global__ void steady(float *out)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = 1.f;
}
