// redux.cu — seed 003 §8 experiment D, scene 2, rebuilt: a warp sum by the
// hardware REDUX (__reduce_add_sync, sm_80+) against the software tree of five
// SHFL.BFLY steps and a SHFL.IDX broadcast.  Mirrors the seed's
// e_redux_hopper and e_redux_shfl_tree (the seed does not print their source;
// this is the smallest kernel with the same SASS shape).
__global__ void e_redux_hopper(const int* __restrict__ in, int* __restrict__ out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int x = i < n ? in[i] : 0;
#if __CUDA_ARCH__ >= 800
	int s = __reduce_add_sync(0xffffffff, x);
#else
	int s = x;   // sm_75 has no REDUX: the tree, so the census still has the kernel
	for (int o = 16; o > 0; o /= 2)
		s += __shfl_xor_sync(0xffffffff, s, o);
#endif
	if (i < n)
		out[i] = x + s;
}

__global__ void e_redux_shfl_tree(const int* __restrict__ in, int* __restrict__ out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int x = i < n ? in[i] : 0;
	int s = x;
	for (int o = 16; o > 0; o /= 2)
		s += __shfl_xor_sync(0xffffffff, s, o);
	s = __shfl_sync(0xffffffff, s, 0);
	if (i < n)
		out[i] = x + s;
}
