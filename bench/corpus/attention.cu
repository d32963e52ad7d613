// attention.cu — a FlashAttention-style forward pass for one head: a block
// owns BR query rows, streams BC-key tiles of K and V through shared memory,
// keeps an online softmax (running max and sum) and the output in registers.
#include <cfloat>
#include <cuda_fp16.h>

template <int D, int BR, int BC>
__global__ void __launch_bounds__(BR) flash_attn_fwd(const __half *__restrict__ Q, const __half *__restrict__ K,
						     const __half *__restrict__ V, __half *__restrict__ O, int seq,
						     float scale)
{
	__shared__ __half Ks[BC][D];
	__shared__ __half Vs[BC][D];
	const int row = blockIdx.x * BR + threadIdx.x;
	const size_t head = (size_t)blockIdx.y * seq * D;
	float q[D], o[D];
	float m = -FLT_MAX, l = 0.f;
#pragma unroll
	for (int d = 0; d < D; d++) {
		q[d] = row < seq ? __half2float(Q[head + (size_t)row * D + d]) * scale : 0.f;
		o[d] = 0.f;
	}
	for (int k0 = 0; k0 < seq; k0 += BC) {
		for (int i = threadIdx.x; i < BC * D; i += BR) {
			int r = i / D, c = i % D;
			bool ok = k0 + r < seq;
			Ks[r][c] = ok ? K[head + (size_t)(k0 + r) * D + c] : __float2half(0.f);
			Vs[r][c] = ok ? V[head + (size_t)(k0 + r) * D + c] : __float2half(0.f);
		}
		__syncthreads();
		for (int j = 0; j < BC && k0 + j < seq; j++) {
			float s = 0.f;
#pragma unroll
			for (int d = 0; d < D; d++)
				s += q[d] * __half2float(Ks[j][d]);
			float m_new = fmaxf(m, s);
			float corr = __expf(m - m_new), p = __expf(s - m_new);
			l = l * corr + p;
#pragma unroll
			for (int d = 0; d < D; d++)
				o[d] = o[d] * corr + p * __half2float(Vs[j][d]);
			m = m_new;
		}
		__syncthreads();
	}
	if (row < seq)
#pragma unroll
		for (int d = 0; d < D; d++)
			O[head + (size_t)row * D + d] = __float2half(o[d] / l);
}
template __global__ void flash_attn_fwd<64, 128, 64>(const __half *, const __half *, const __half *, __half *, int,
						     float);
template __global__ void flash_attn_fwd<128, 64, 32>(const __half *, const __half *, const __half *, __half *, int,
						     float);
