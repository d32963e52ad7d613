// stencil.cu — 3-D 7-point (radius 1) and 25-point (radius 4, 8th order)
// stencils: an xy tile in shared memory with halos, marching along z with the
// z neighbours kept in registers.
#define TX 32
#define TY 8

template <int R>
__global__ void stencil_3d(const float *__restrict__ in, float *__restrict__ out, int nx, int ny, int nz,
			   const float *__restrict__ coef)
{
	__shared__ float s[TY + 2 * R][TX + 2 * R];
	const int gx = blockIdx.x * TX + threadIdx.x, gy = blockIdx.y * TY + threadIdx.y;
	const int tx = threadIdx.x + R, ty = threadIdx.y + R;
	const size_t plane = (size_t)nx * ny;
	float behind[R], infront[R], cur;
	float c[R + 1];
#pragma unroll
	for (int i = 0; i <= R; i++)
		c[i] = coef[i];
	const bool inside = gx < nx && gy < ny;
	size_t idx = (size_t)gy * nx + gx;
#pragma unroll
	for (int i = 0; i < R; i++) {
		behind[i] = 0.f;
		infront[i] = inside ? in[idx + (i + 1) * plane] : 0.f;
	}
	cur = inside ? in[idx] : 0.f;
	for (int z = 0; z < nz; z++) {
		__syncthreads();
		s[ty][tx] = cur;
		if (threadIdx.x < R) {
			s[ty][tx - R] = (gx >= R && inside) ? in[idx - R] : 0.f;
			s[ty][tx + TX] = (gx + TX < nx && gy < ny) ? in[idx + TX] : 0.f;
		}
		if (threadIdx.y < R) {
			s[ty - R][tx] = (gy >= R && inside) ? in[idx - R * nx] : 0.f;
			s[ty + TY][tx] = (gy + TY < ny && gx < nx) ? in[idx + TY * nx] : 0.f;
		}
		__syncthreads();
		float v = c[0] * cur;
#pragma unroll
		for (int i = 1; i <= R; i++)
			v += c[i] * (s[ty][tx - i] + s[ty][tx + i] + s[ty - i][tx] + s[ty + i][tx] + behind[i - 1] +
				     infront[i - 1]);
		if (inside && z >= R && z < nz - R)
			out[idx] = v;
#pragma unroll
		for (int i = R - 1; i > 0; i--)
			behind[i] = behind[i - 1];
		behind[0] = cur;
		cur = infront[0];
#pragma unroll
		for (int i = 0; i < R - 1; i++)
			infront[i] = infront[i + 1];
		infront[R - 1] = (inside && z + R + 1 < nz) ? in[idx + (R + 1) * plane] : 0.f;
		idx += plane;
	}
}
template __global__ void stencil_3d<1>(const float *, float *, int, int, int, const float *);
template __global__ void stencil_3d<4>(const float *, float *, int, int, int, const float *);
