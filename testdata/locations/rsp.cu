// rsp.cu — its include path and a define come from a response file
// (`--options-file flags.rsp` in the compile database, relative to the
// entry's directory): libclang must read it as the build does
// (tests/e2e/e2e_locations.sh).
#include "rsp_dep.cuh"

__global__ void rsp_kernel(int *p)  // @def rsp_kernel
{
	int w = threadIdx.x / 32;
	p[threadIdx.x] = rsp_lane() + w;
}
