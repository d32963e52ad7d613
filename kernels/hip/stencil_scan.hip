// kernels/hip/stencil_scan.hip -- a 3-D 7-point stencil with an LDS halo
// tile (2-D tile marching along z, values kept in registers), a block-wide
// exclusive scan in dynamic LDS (extern __shared__, sized at launch: the
// compiler's LDS figure is only the static part), and a kernel with a
// runtime-indexed private array that lives in scratch.
#include <hip/hip_runtime.h>

#define BX 32
#define BY 8

__global__ void __launch_bounds__(BX * BY)
stencil7(const float *__restrict__ in, float *__restrict__ out, int nx, int ny, int nz, float c0, float c1)
{
    __shared__ float tile[BY + 2][BX + 2];
    const int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
    const int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
    const size_t plane = (size_t)nx * ny;
    if (x >= nx || y >= ny)
        return;
    float below = in[y * nx + x], here = in[plane + y * nx + x], above;
    for (int z = 1; z < nz - 1; z++) {
        above = in[(z + 1) * plane + y * nx + x];
        __syncthreads();
        tile[ty][tx] = here;
        if (threadIdx.x == 0)
            tile[ty][0] = x > 0 ? in[z * plane + y * nx + x - 1] : here;
        if (threadIdx.x == BX - 1)
            tile[ty][BX + 1] = x + 1 < nx ? in[z * plane + y * nx + x + 1] : here;
        if (threadIdx.y == 0)
            tile[0][tx] = y > 0 ? in[z * plane + (y - 1) * nx + x] : here;
        if (threadIdx.y == BY - 1)
            tile[BY + 1][tx] = y + 1 < ny ? in[z * plane + (y + 1) * nx + x] : here;
        __syncthreads();
        out[z * plane + y * nx + x] = c0 * here + c1 * (tile[ty][tx - 1] + tile[ty][tx + 1] + tile[ty - 1][tx] +
                                                         tile[ty + 1][tx] + below + above);
        below = here;
        here = above;
    }
}

// Exclusive scan of one block's elements (Blelloch), n = 2 * blockDim.x.
__global__ void block_scan(const int *__restrict__ in, int *__restrict__ out, int *__restrict__ sums)
{
    extern __shared__ int buf[];
    const int t = threadIdx.x, n = 2 * blockDim.x;
    const int base = blockIdx.x * n;
    buf[2 * t] = in[base + 2 * t];
    buf[2 * t + 1] = in[base + 2 * t + 1];
    int off = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d)
            buf[off * (2 * t + 2) - 1] += buf[off * (2 * t + 1) - 1];
        off *= 2;
    }
    if (t == 0) {
        sums[blockIdx.x] = buf[n - 1];
        buf[n - 1] = 0;
    }
    for (int d = 1; d < n; d *= 2) {
        off >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = off * (2 * t + 1) - 1, bi = off * (2 * t + 2) - 1;
            int v = buf[ai];
            buf[ai] = buf[bi];
            buf[bi] += v;
        }
    }
    __syncthreads();
    out[base + 2 * t] = buf[2 * t];
    out[base + 2 * t + 1] = buf[2 * t + 1];
}

// A histogram per thread indexed by data: the private array goes to scratch.
__global__ void __launch_bounds__(128) private_histogram(const unsigned char *__restrict__ in, int n,
                                                          unsigned *__restrict__ out)
{
    unsigned h[64];
    for (int i = 0; i < 64; i++)
        h[i] = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        h[in[i] & 63]++;
    for (int i = 0; i < 64; i++)
        if (h[i])
            atomicAdd(&out[i], h[i]);
}
