// A grid whose last wave is a sliver, and one of whole waves.  sm_90 at 256
// threads holds 8 blocks/SM; on 132 SMs (H200) a wave is 1056 blocks:
// 1100 = 1 wave + 44 blocks (a tail of 4.2 %), 2112 = 2 waves exactly,
// 100 = 9.5 % of one wave.
__global__ void sliver(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1.f; }
__global__ void whole(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 2.f; }
__global__ void small(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 3.f; }
void run(float *p, int n)
{
	sliver<<<1100, 256>>>(p);
	whole<<<2112, 256>>>(p);
	small<<<100, 256>>>(p);
	small<<<n, 128>>>(p);
}
