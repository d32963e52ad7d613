#define COARSE_FACTOR 2
__global__ void __launch_bounds__(256) reduce_r6(const float *input, float *output) {
    extern __shared__ float warp_s[];
    __shared__ float stat[100];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;
    unsigned int lane = t & 31, warp = t >> 5;
    unsigned int nWarps = blockDim.x >> 5;
    float sum = input[i];
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)
        sum += input[i + tile * blockDim.x];
    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, off);
    if (lane == 0) warp_s[warp] = sum;
    stat[t%100]=sum;
    __syncthreads();
    if (warp == 0) {
        sum = (lane < nWarps) ? warp_s[lane] : stat[3];
        for (int off = 16; off > 0; off >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, off);
        if (lane == 0) atomicAdd(output, sum);
    }
}
template<int N> __global__ void spill(float *o, int k) {
  float a[N];
  for (int j=0;j<N;j++) a[j]=o[j*k+threadIdx.x];
  float s=0; for (int j=0;j<N;j++) s+=a[(j*k)%N]*a[j];
  o[threadIdx.x]=s;
}
template __global__ void spill<64>(float*,int);
__device__ int rec(int x){ return x<=0?0:rec(x-1)+x; }
__global__ void recur(int*o){ o[0]=rec(o[1]); }
