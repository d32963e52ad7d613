#include <hip/hip_runtime.h>
// cases.hip — the HIP port of cases.cu for the AMDGPU model: each access whose
// sectors or wavefronts per request the tests check is marked `// @NAME`,
// and its expected figures are worked out by hand in test_machine.c.
// testdata/machine/cases.gfx90a.s is its assembly (refresh.sh).
struct quad { float a, b, c, d; };

__global__ void coalesced(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];                                   // @coalesced
}
__global__ void stride2(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[2 * i];                               // @stride2
}
__global__ void stride_param(float *out, const float *in, int s) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i * s];                               // @stride_param
}
__global__ void vector4(float4 *out, const float4 *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];                                   // @vector4
}
__global__ void aos_member(float *out, const quad *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i].b;                                 // @aos_member
}
__global__ void broadcast(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[0];                                   // @broadcast
}
__global__ void gather(float *out, const float *x, const int *idx) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = idx[i];                                   // @gather_index
    out[i] = x[j];                                    // @gather
}
__global__ void counted_loop(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0;
#pragma unroll 1
    for (int k = 0; k < 100; k++)
        s += in[k * 4096 + i];                        // @counted_loop
    out[i] = s;
}
__global__ void rows2d(float *out, const float *in, int w) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * w + x] = in[y * w + x];                   // @rows2d
}
__global__ void half_warp(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % 2 == 0)
        out[i] = in[i];                               // @half_warp
}
#define TILE 32
__global__ void transpose_naive(float *out, const float *in, int n) {
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];   // @tile_row
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x; y = blockIdx.x * TILE + threadIdx.y;
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];  // @tile_column
}
__global__ void transpose_padded(float *out, const float *in, int n) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x; y = blockIdx.x * TILE + threadIdx.y;
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];  // @padded_column
}
__global__ void shared_double(double *out) {
    __shared__ double s[256];
    s[threadIdx.x] = threadIdx.x;                     // @shared_double
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
}
__global__ void local_array(float *out, const int *which, int n) {
    float a[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < 32; k++)
        a[k] = k * i;
    out[i] = a[which[i] & 31];                        // @local_array
}
__global__ void neighbours(float *out, const float *in) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[4 * i] + in[4 * i + 1] + in[4 * i + 2] + in[4 * i + 3];   // @neighbours
}
