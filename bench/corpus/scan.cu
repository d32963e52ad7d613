// scan.cu — block-wide inclusive prefix sum (warp shuffles, then a scan of the
// warp totals), the first pass of a three-pass device scan, and the fix-up.
template <typename T>
__device__ T warp_inclusive_scan(T v)
{
	int lane = threadIdx.x % 32;
#pragma unroll
	for (int o = 1; o < 32; o <<= 1) {
		T n = __shfl_up_sync(0xffffffffu, v, o);
		if (lane >= o)
			v += n;
	}
	return v;
}

template <typename T, int THREADS>
__global__ void scan_blocks(const T *__restrict__ in, T *__restrict__ out, T *__restrict__ block_sums, int n)
{
	__shared__ T warp_tot[THREADS / 32];
	int i = blockIdx.x * THREADS + threadIdx.x;
	T v = i < n ? in[i] : T(0);
	v = warp_inclusive_scan(v);
	if (threadIdx.x % 32 == 31)
		warp_tot[threadIdx.x / 32] = v;
	__syncthreads();
	if (threadIdx.x < 32) {
		T t = threadIdx.x < THREADS / 32 ? warp_tot[threadIdx.x] : T(0);
		t = warp_inclusive_scan(t);
		if (threadIdx.x < THREADS / 32)
			warp_tot[threadIdx.x] = t;
	}
	__syncthreads();
	if (threadIdx.x >= 32)
		v += warp_tot[threadIdx.x / 32 - 1];
	if (i < n)
		out[i] = v;
	if (threadIdx.x == THREADS - 1)
		block_sums[blockIdx.x] = v;
}

template <typename T, int THREADS>
__global__ void scan_add_offsets(T *__restrict__ out, const T *__restrict__ scanned_sums, int n)
{
	int i = blockIdx.x * THREADS + threadIdx.x;
	if (blockIdx.x > 0 && i < n)
		out[i] += scanned_sums[blockIdx.x - 1];
}

template __global__ void scan_blocks<int, 512>(const int *, int *, int *, int);
template __global__ void scan_blocks<float, 1024>(const float *, float *, float *, int);
template __global__ void scan_blocks<double, 256>(const double *, double *, double *, int);
template __global__ void scan_add_offsets<int, 512>(int *, const int *, int);
template __global__ void scan_add_offsets<float, 1024>(float *, const float *, int);
