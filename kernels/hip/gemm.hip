// kernels/hip/gemm.hip -- two real GEMM kernels for the AMD resource checks
// (tests/e2e/amd_e2e.sh): a 64x64 LDS-tiled SGEMM (register blocking 4x4 per
// thread, double-buffered tiles: ~32 KiB of LDS) and, on the MFMA targets
// (gfx908, gfx90a, gfx94x), a 32x32x8 f16 matrix-core kernel whose
// accumulators live in AGPRs.  Elsewhere the MFMA kernel is a plain loop.
#include <hip/hip_runtime.h>

#define TILE 64
#define KT 16

// C = alpha * A * B + beta * C, row-major, M, N multiples of 64, K of 16.
__global__ void __launch_bounds__(256)
sgemm_tiled(int M, int N, int K, float alpha, const float *__restrict__ A, const float *__restrict__ B,
            float beta, float *__restrict__ C)
{
    __shared__ float As[2][KT][TILE + 4];
    __shared__ float Bs[2][KT][TILE + 4];
    const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
    const int row0 = blockIdx.y * TILE, col0 = blockIdx.x * TILE;
    float acc[4][4] = {};

    int buf = 0;
    for (int i = threadIdx.x; i < KT * TILE; i += blockDim.x) {
        int k = i / TILE, m = i % TILE;
        As[0][k][m] = A[(row0 + m) * K + k];
        Bs[0][k][m] = B[k * N + col0 + m];
    }
    __syncthreads();
    for (int k0 = 0; k0 < K; k0 += KT) {
        if (k0 + KT < K)
            for (int i = threadIdx.x; i < KT * TILE; i += blockDim.x) {
                int k = i / TILE, m = i % TILE;
                As[buf ^ 1][k][m] = A[(row0 + m) * K + k0 + KT + k];
                Bs[buf ^ 1][k][m] = B[(k0 + KT + k) * N + col0 + m];
            }
#pragma unroll
        for (int k = 0; k < KT; k++) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; i++) {
                a[i] = As[buf][k][ty * 4 + i];
                b[i] = Bs[buf][k][tx * 4 + i];
            }
#pragma unroll
            for (int i = 0; i < 4; i++)
#pragma unroll
                for (int j = 0; j < 4; j++)
                    acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        __syncthreads();
        buf ^= 1;
    }
#pragma unroll
    for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 4; j++) {
            float *c = &C[(row0 + ty * 4 + i) * N + col0 + tx * 4 + j];
            *c = alpha * acc[i][j] + beta * *c;
        }
}

typedef _Float16 half4 __attribute__((ext_vector_type(4)));
typedef float float16v __attribute__((ext_vector_type(16)));

// One wave computes a 32x32 tile of C (f32) from A (32xK) and B (Kx32), f16.
__global__ void __launch_bounds__(64)
hgemm_mfma_32x32(int K, const _Float16 *__restrict__ A, const _Float16 *__restrict__ B, float *__restrict__ C)
{
    const int lane = threadIdx.x;
    const int tile = blockIdx.x;
#if defined(__gfx908__) || defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
    float16v acc = {};
    for (int k0 = 0; k0 < K; k0 += 8) {
        half4 a, b;
        for (int i = 0; i < 4; i++) {
            a[i] = A[(lane % 32) * K + k0 + (lane / 32) * 4 + i];
            b[i] = B[(k0 + (lane / 32) * 4 + i) * 32 + lane % 32];
        }
        acc = __builtin_amdgcn_mfma_f32_32x32x8f16(a, b, acc, 0, 0, 0);
    }
    for (int i = 0; i < 16; i++)
        C[tile * 1024 + ((i / 4) * 8 + (lane / 32) * 4 + i % 4) * 32 + lane % 32] = acc[i];
#else
    for (int r = lane / 32; r < 32; r += 2) {
        float s = 0.0f;
        for (int k = 0; k < K; k++)
            s += (float)A[r * K + k] * (float)B[k * 32 + lane % 32];
        C[tile * 1024 + r * 32 + lane % 32] = s;
    }
#endif
}
