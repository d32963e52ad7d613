// conv2d.cu — direct 2-D convolution (NCHW, stride 1, same padding) with the
// filter in constant memory and an input tile plus halo in shared memory;
// a 3x3 depthwise variant.
#define MAXK 7
#define TW 16
#define TH 16

__constant__ float c_filter[64 * MAXK * MAXK];

template <int KS>
__global__ void conv2d_tile(const float *__restrict__ in, float *__restrict__ out, int C, int H, int W, int F)
{
	constexpr int R = KS / 2;
	__shared__ float tile[TH + 2 * R][TW + 2 * R];
	const int ox = blockIdx.x * TW + threadIdx.x, oy = blockIdx.y * TH + threadIdx.y;
	const int f = blockIdx.z % F, n = blockIdx.z / F;
	float acc = 0.f;
	for (int c = 0; c < C; c++) {
		const float *plane = in + ((size_t)n * C + c) * H * W;
		for (int i = threadIdx.y; i < TH + 2 * R; i += TH)
			for (int j = threadIdx.x; j < TW + 2 * R; j += TW) {
				int y = blockIdx.y * TH + i - R, x = blockIdx.x * TW + j - R;
				tile[i][j] = (y >= 0 && y < H && x >= 0 && x < W) ? plane[(size_t)y * W + x] : 0.f;
			}
		__syncthreads();
		const float *w = c_filter + (f * C + c) % 64 * KS * KS;
#pragma unroll
		for (int ky = 0; ky < KS; ky++)
#pragma unroll
			for (int kx = 0; kx < KS; kx++)
				acc += w[ky * KS + kx] * tile[threadIdx.y + ky][threadIdx.x + kx];
		__syncthreads();
	}
	if (ox < W && oy < H)
		out[(((size_t)n * F + f) * H + oy) * W + ox] = acc;
}
template __global__ void conv2d_tile<3>(const float *, float *, int, int, int, int);
template __global__ void conv2d_tile<5>(const float *, float *, int, int, int, int);
template __global__ void conv2d_tile<7>(const float *, float *, int, int, int, int);

__global__ void depthwise3x3(const float *__restrict__ in, const float *__restrict__ w, float *__restrict__ out,
			     int C, int H, int W)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.z;
	if (x >= W || y >= H)
		return;
	const float *p = in + (size_t)c * H * W;
	float acc = 0.f;
#pragma unroll
	for (int dy = -1; dy <= 1; dy++)
#pragma unroll
		for (int dx = -1; dx <= 1; dx++) {
			int yy = y + dy, xx = x + dx;
			if (yy >= 0 && yy < H && xx >= 0 && xx < W)
				acc += w[c * 9 + (dy + 1) * 3 + dx + 1] * __ldg(&p[(size_t)yy * W + xx]);
		}
	out[(size_t)c * H * W + (size_t)y * W + x] = acc;
}
