// ur_pairs.cu — 64-bit values in uniform registers: eight block-uniform base
// pointers (after seed 003 §8 experiment C, c_ur_ptrs) and a 64-bit uniform
// offset, so the SASS names UR pairs (ULDC.64 / LDCU.64, desc[URn], .64
// arithmetic) and resources.uregs must count both halves of each pair.
__global__ void ur_ptrs(const float* __restrict__ p0, const float* __restrict__ p1,
			const float* __restrict__ p2, const float* __restrict__ p3,
			const float* __restrict__ p4, const float* __restrict__ p5,
			const float* __restrict__ p6, const float* __restrict__ p7,
			float* __restrict__ out, long long row_stride)
{
	long long base = (long long)blockIdx.x * row_stride;   // 64-bit, block-uniform
	int t = threadIdx.x;
	float s = p0[base + t] + p1[base + t] + p2[base + t] + p3[base + t]
		+ p4[base + t] + p5[base + t] + p6[base + t] + p7[base + t];
	out[base + t] = s;
}
