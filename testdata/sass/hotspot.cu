// hotspot.cu — a known register-pressure hot spot: a whole loop on ONE source
// line (marked HOT) that keeps 32 accumulators and 32 hoisted weights live,
// then a fold of the accumulators on the lines after it.  The peak number of
// live R registers must be reported at the HOT line (tests/frontends/test_sass.c checks
// it); every other line holds far fewer.
#define ACC8(o) a[o] += x * w[o]; a[o+1] += x * w[o+1]; a[o+2] += x * w[o+2]; a[o+3] += x * w[o+3]; \
	a[o+4] += x * w[o+4]; a[o+5] += x * w[o+5]; a[o+6] += x * w[o+6]; a[o+7] += x * w[o+7];
__global__ void hotspot(const float* __restrict__ in, const float* __restrict__ w, float* __restrict__ out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float a[32];
#pragma unroll
	for (int k = 0; k < 32; k++)
		a[k] = 0.0f;
#pragma unroll 1
	for (int j = 0; j < n; j++) { float x = in[i + j * n]; ACC8(0) ACC8(8) ACC8(16) ACC8(24) }   // HOT
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < 32; k++)
		s += a[k] * (float)(k + 1);
	out[i] = s;
}
