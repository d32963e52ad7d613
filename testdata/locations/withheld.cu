// withheld.cu — one kernel holds code libclang cannot read (nvcc never sees
// it: __clang__ is libclang's alone), the other is clean
// (tests/e2e/e2e_locations.sh): the first kernel's analysis is withheld,
// the second's kept.
__device__ float helper(float v)
{
#ifdef __clang__
	return not_declared_anywhere(v);   // an error only libclang sees
#else
	return v;
#endif
}

__global__ void broken(float *x)  // @def broken
{
	int w = threadIdx.x / 32;
	x[threadIdx.x] = helper(x[w]);
}

__global__ void clean(float *x)  // @def clean
{
	int w = threadIdx.x / 32;
	x[threadIdx.x] = x[w] + 1.0f;
}
