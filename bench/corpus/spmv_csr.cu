// spmv_csr.cu — sparse matrix-vector product y = A*x for CSR: scalar (one
// thread per row) and vector (one warp per row, shuffle reduction) kernels.
template <typename T>
__global__ void spmv_csr_scalar(int rows, const int *__restrict__ ptr, const int *__restrict__ col,
				const T *__restrict__ val, const T *__restrict__ x, T *__restrict__ y)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= rows)
		return;
	T s = 0;
	for (int k = ptr[r]; k < ptr[r + 1]; k++)
		s += val[k] * __ldg(&x[col[k]]);
	y[r] = s;
}

template <typename T, int LANES>
__global__ void spmv_csr_vector(int rows, const int *__restrict__ ptr, const int *__restrict__ col,
				const T *__restrict__ val, const T *__restrict__ x, T *__restrict__ y)
{
	int r = (blockIdx.x * blockDim.x + threadIdx.x) / LANES, lane = threadIdx.x % LANES;
	if (r >= rows)
		return;
	T s = 0;
	for (int k = ptr[r] + lane; k < ptr[r + 1]; k += LANES)
		s += val[k] * __ldg(&x[col[k]]);
#pragma unroll
	for (int o = LANES / 2; o > 0; o >>= 1)
		s += __shfl_down_sync(0xffffffffu, s, o, LANES);
	if (lane == 0)
		y[r] = s;
}

template __global__ void spmv_csr_scalar<float>(int, const int *, const int *, const float *, const float *, float *);
template __global__ void spmv_csr_scalar<double>(int, const int *, const int *, const double *, const double *,
						 double *);
template __global__ void spmv_csr_vector<float, 32>(int, const int *, const int *, const float *, const float *,
						    float *);
template __global__ void spmv_csr_vector<double, 8>(int, const int *, const int *, const double *, const double *,
						    double *);
