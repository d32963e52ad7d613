// seed000_reductions.cu — the six reductions R1..R6 of seed 000 (as in
// kernels/reduction/reduction.cu), each initializer and assignment labelled
// with its uniformity class; R1 carries the two findings the seed is about:
// the lane-strided selection (KA106) and the stride-2 global accesses (KA107).
#define COARSE_FACTOR 2

__global__ void reduce_r1(float *input, float *output) {
    unsigned int i = 2 * threadIdx.x;                               // expect: affine-lane
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) { // expect: const, grid-uniform
        if (threadIdx.x % stride == 0)                              // expect-finding: KA106
            input[i] += input[i + stride];                          // expect: varying expect-model: KA107
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = input[0];                       // expect: grid-uniform
}

__global__ void reduce_r2(float *input, float *output) {
    unsigned int i = threadIdx.x;                                   // expect: affine-lane
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) { // expect: grid-uniform, grid-uniform
        if (threadIdx.x < stride)
            input[i] += input[i + stride];                          // expect: varying
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = input[0];                       // expect: grid-uniform
}

__global__ void reduce_r3(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int t = threadIdx.x;                                   // expect: affine-lane
    s[t] = input[t] + input[t + blockDim.x];                        // expect: varying
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) { // expect: grid-uniform, grid-uniform
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];                      // expect: varying
    }
    if (t == 0) *output = s[0];                                     // expect: block-uniform
}

__global__ void reduce_r4(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int segment = 2 * blockDim.x * blockIdx.x;             // expect: block-uniform
    unsigned int i = segment + threadIdx.x;                         // expect: affine-lane
    unsigned int t = threadIdx.x;                                   // expect: affine-lane
    s[t] = input[i] + input[i + blockDim.x];                        // expect: varying
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) { // expect: grid-uniform, grid-uniform
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];                      // expect: varying
    }
    if (t == 0) atomicAdd(output, s[0]);
}

__global__ void reduce_r5(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x; // expect: block-uniform
    unsigned int i = segment + threadIdx.x;                         // expect: affine-lane
    unsigned int t = threadIdx.x;                                   // expect: affine-lane

    float sum = input[i];                                           // expect: varying
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)   // expect: const, const
        sum += input[i + tile * blockDim.x];                        // expect: varying
    s[t] = sum;                                                     // expect: varying

    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) { // expect: grid-uniform, grid-uniform
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];                      // expect: varying
    }
    if (t == 0) atomicAdd(output, s[0]);
}

__global__ void reduce_r6(const float *input, float *output) {
    extern __shared__ float warp_s[];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x; // expect: block-uniform
    unsigned int i = segment + threadIdx.x;                         // expect: affine-lane
    unsigned int t = threadIdx.x;                                   // expect: affine-lane
    unsigned int lane = t & 31, warp = t >> 5;                      // expect: affine-lane, warp-uniform-if expect-finding: KA102
    unsigned int nWarps = blockDim.x >> 5;                          // expect: grid-uniform

    float sum = input[i];                                           // expect: varying
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)   // expect: const, const
        sum += input[i + tile * blockDim.x];                        // expect: varying

    for (int off = 16; off > 0; off >>= 1)                          // expect: const, const
        sum += __shfl_down_sync(0xffffffffu, sum, off);             // expect: varying

    if (lane == 0) warp_s[warp] = sum;                              // expect: varying
    __syncthreads();

    if (warp == 0) {
        sum = (lane < nWarps) ? warp_s[lane] : 0.0f;                // expect: varying
        for (int off = 16; off > 0; off >>= 1)                      // expect: const, const
            sum += __shfl_down_sync(0xffffffffu, sum, off);         // expect: varying
        if (lane == 0) atomicAdd(output, sum);
    }
}
