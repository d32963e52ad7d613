// gemm_tile.cu — SGEMM C = alpha*A*B + beta*C with 64x64 block tiles staged in
// shared memory and a 4x4 register tile per thread (256 threads per block).
#define BM 64
#define BN 64
#define BK 16
#define TM 4
#define TN 4

__global__ void __launch_bounds__(256) sgemm_tiled(int M, int N, int K, float alpha, const float *__restrict__ A,
                                                   const float *__restrict__ B, float beta, float *__restrict__ C)
{
	__shared__ float As[BK][BM + 4];
	__shared__ float Bs[BK][BN];
	const int tx = threadIdx.x % (BN / TN), ty = threadIdx.x / (BN / TN);
	const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
	float acc[TM][TN] = {};

	for (int k0 = 0; k0 < K; k0 += BK) {
		for (int i = threadIdx.x; i < BM * BK; i += blockDim.x) {
			int r = i / BK, c = i % BK;
			As[c][r] = (row0 + r < M && k0 + c < K) ? A[(row0 + r) * K + k0 + c] : 0.f;
		}
		for (int i = threadIdx.x; i < BK * BN; i += blockDim.x) {
			int r = i / BN, c = i % BN;
			Bs[r][c] = (k0 + r < K && col0 + c < N) ? B[(k0 + r) * N + col0 + c] : 0.f;
		}
		__syncthreads();
#pragma unroll
		for (int k = 0; k < BK; k++) {
			float a[TM], b[TN];
#pragma unroll
			for (int m = 0; m < TM; m++)
				a[m] = As[k][ty * TM + m];
#pragma unroll
			for (int n = 0; n < TN; n++)
				b[n] = Bs[k][tx * TN + n];
#pragma unroll
			for (int m = 0; m < TM; m++)
#pragma unroll
				for (int n = 0; n < TN; n++)
					acc[m][n] += a[m] * b[n];
		}
		__syncthreads();
	}
#pragma unroll
	for (int m = 0; m < TM; m++)
#pragma unroll
		for (int n = 0; n < TN; n++) {
			int r = row0 + ty * TM + m, c = col0 + tx * TN + n;
			if (r < M && c < N)
				C[r * N + c] = alpha * acc[m][n] + beta * C[r * N + c];
		}
}
