// bitonic_sort.cu — key/value bitonic sort of 2*THREADS elements per block in
// shared memory, and the global merge step for larger arrays.
template <int THREADS>
__global__ void bitonic_sort_block(unsigned int *__restrict__ keys, unsigned int *__restrict__ vals, int dir)
{
	__shared__ unsigned int k[2 * THREADS], v[2 * THREADS];
	const size_t base = (size_t)blockIdx.x * 2 * THREADS;
	k[threadIdx.x] = keys[base + threadIdx.x];
	v[threadIdx.x] = vals[base + threadIdx.x];
	k[threadIdx.x + THREADS] = keys[base + threadIdx.x + THREADS];
	v[threadIdx.x + THREADS] = vals[base + threadIdx.x + THREADS];
	for (int size = 2; size <= 2 * THREADS; size <<= 1) {
		int ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
		for (int stride = size / 2; stride > 0; stride >>= 1) {
			__syncthreads();
			int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
			unsigned int a = k[pos], b = k[pos + stride];
			if ((a > b) == ddd) {
				k[pos] = b;
				k[pos + stride] = a;
				unsigned int t = v[pos];
				v[pos] = v[pos + stride];
				v[pos + stride] = t;
			}
		}
	}
	__syncthreads();
	keys[base + threadIdx.x] = k[threadIdx.x];
	vals[base + threadIdx.x] = v[threadIdx.x];
	keys[base + threadIdx.x + THREADS] = k[threadIdx.x + THREADS];
	vals[base + threadIdx.x + THREADS] = v[threadIdx.x + THREADS];
}

__global__ void bitonic_merge_global(unsigned int *__restrict__ keys, unsigned int *__restrict__ vals, size_t n,
				     size_t size, size_t stride, int dir)
{
	size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
	size_t pos = 2 * i - (i & (stride - 1));
	if (pos + stride >= n)
		return;
	int ddd = dir ^ ((i & (size / 2)) != 0);
	unsigned int a = keys[pos], b = keys[pos + stride];
	if ((a > b) == ddd) {
		keys[pos] = b;
		keys[pos + stride] = a;
		unsigned int t = vals[pos];
		vals[pos] = vals[pos + stride];
		vals[pos + stride] = t;
	}
}
template __global__ void bitonic_sort_block<256>(unsigned int *, unsigned int *, int);
template __global__ void bitonic_sort_block<512>(unsigned int *, unsigned int *, int);
