// kernels/hip/softmax.hip -- row softmax, one workgroup per row: the
// wavefront reductions use __shfl_xor over the real wave size (64 on gfx9,
// 32 on gfx10+ in wave32), the cross-wave step goes through LDS.  A
// template on the rows' length unrolls the per-thread strip.
#include <hip/hip_runtime.h>

#if defined(__AMDGCN_WAVEFRONT_SIZE)
#define WAVE __AMDGCN_WAVEFRONT_SIZE
#else
#define WAVE 64
#endif

__device__ inline float wave_max(float v)
{
    for (int off = WAVE / 2; off > 0; off /= 2)
        v = fmaxf(v, __shfl_xor(v, off));
    return v;
}

__device__ inline float wave_sum(float v)
{
    for (int off = WAVE / 2; off > 0; off /= 2)
        v += __shfl_xor(v, off);
    return v;
}

template <int PER_THREAD>
__global__ void __launch_bounds__(512) softmax_rows(const float *__restrict__ x, float *__restrict__ y, int cols)
{
    __shared__ float partial[512 / 32];
    const float *row = x + (size_t)blockIdx.x * cols;
    float v[PER_THREAD];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < PER_THREAD; i++) {
        int c = threadIdx.x + i * blockDim.x;
        v[i] = c < cols ? row[c] : -INFINITY;
        m = fmaxf(m, v[i]);
    }
    m = wave_max(m);
    const int wave = threadIdx.x / WAVE, lane = threadIdx.x % WAVE, waves = blockDim.x / WAVE;
    if (lane == 0)
        partial[wave] = m;
    __syncthreads();
    m = lane < waves ? partial[lane] : -INFINITY;
    m = wave_max(m);
    __syncthreads();
    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < PER_THREAD; i++) {
        v[i] = __expf(v[i] - m);
        s += v[i];
    }
    s = wave_sum(s);
    if (lane == 0)
        partial[wave] = s;
    __syncthreads();
    s = lane < waves ? partial[lane] : 0.0f;
    s = wave_sum(s);
    const float inv = 1.0f / s;
#pragma unroll
    for (int i = 0; i < PER_THREAD; i++) {
        int c = threadIdx.x + i * blockDim.x;
        if (c < cols)
            y[(size_t)blockIdx.x * cols + c] = v[i] * inv;
    }
}

template __global__ void softmax_rows<4>(const float *, float *, int);
template __global__ void softmax_rows<16>(const float *, float *, int);
