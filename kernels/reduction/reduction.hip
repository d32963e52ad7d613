// kernels/reduction/reduction.hip -- HIP ports of the six reductions R1..R6 of seed
// 000 (kernels/reduction/reduction.cu is the CUDA original; the bodies are the same
// line for line except where AMD differs):
//   - R6's warp step works on a wavefront of KA_WAVE lanes (64 on gfx9 / CDNA,
//     32 on gfx10+ in wave32): lane = t % KA_WAVE, one partial sum per wavefront,
//     the final step sums up to KA_WAVE partials (so blockDim.x <= KA_WAVE^2);
//   - HIP (ROCm 5.x) has no mask argument on shuffles: __shfl_down(v, off).
// Same kernel names and signatures as the CUDA file, so the same driver logic
// applies (R1..R3 one block, R4..R6 the whole grid with an atomicAdd per block).
//
// Compile check (no AMD GPU here):
//   clang-16 -x hip --offload-arch=gfx90a --cuda-device-only -nogpulib -O3 -S reduction.hip
// (with -nogpulib threadIdx & co. stay calls into the device library, so register
// counts are only meaningful with --rocm-device-lib-path=.../amdgcn/bitcode).
#include <hip/hip_runtime.h>

#ifndef COARSE_FACTOR
#define COARSE_FACTOR 2
#endif

#if defined(__AMDGCN_WAVEFRONT_SIZE)
#define KA_WAVE __AMDGCN_WAVEFRONT_SIZE
#else
#define KA_WAVE 64
#endif

// ---------------------------------------------------------------------
__global__ void reduce_r1(float *input, float *output) {
    unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (threadIdx.x % stride == 0)
            input[i] += input[i + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = input[0];
}

// ---------------------------------------------------------------------
__global__ void reduce_r2(float *input, float *output) {
    unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride)
            input[i] += input[i + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = input[0];
}

// ---------------------------------------------------------------------
__global__ void reduce_r3(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int t = threadIdx.x;
    s[t] = input[t] + input[t + blockDim.x];
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) *output = s[0];
}

// ---------------------------------------------------------------------
__global__ void reduce_r4(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int segment = 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;
    s[t] = input[i] + input[i + blockDim.x];
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) atomicAdd(output, s[0]);
}

// ---------------------------------------------------------------------
__global__ void reduce_r5(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;

    float sum = input[i];
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)
        sum += input[i + tile * blockDim.x];
    s[t] = sum;

    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) atomicAdd(output, s[0]);
}

// ---------------------------------------------------------------------
// Dynamic shared memory: blockDim.x / KA_WAVE floats.
__global__ void reduce_r6(const float *input, float *output) {
    extern __shared__ float warp_s[];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;
    unsigned int lane = t % KA_WAVE, warp = t / KA_WAVE;
    unsigned int nWarps = blockDim.x / KA_WAVE;

    float sum = input[i];
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)
        sum += input[i + tile * blockDim.x];

    for (int off = KA_WAVE / 2; off > 0; off >>= 1)
        sum += __shfl_down(sum, off);

    if (lane == 0) warp_s[warp] = sum;
    __syncthreads();

    if (warp == 0) {
        sum = (lane < nWarps) ? warp_s[lane] : 0.0f;
        for (int off = KA_WAVE / 2; off > 0; off >>= 1)
            sum += __shfl_down(sum, off);
        if (lane == 0) atomicAdd(output, sum);
    }
}
