// locs.cuh — a kernel template defined in a header (tests/e2e/e2e_locations.sh):
// its "line" and "def_file" are this header's, not the including .cu's.
#pragma once

template <int N>
__global__ void hdr_scale(float *x, float s)  // @def hdr_scale
{
	int i = blockIdx.x * N + threadIdx.x;
	x[i] *= s;
}
