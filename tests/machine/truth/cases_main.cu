// cases_main.cu — tests/machine/cases.cu's kernels launched once each, so
// that Nsight Compute can count what their accesses move on a GPU: the
// hardware truth for the model's shared-memory and local-memory cases (and
// its global ones).  Built and profiled by record.sh beside it; the export
// is compared with `kanalyze verify --profile` (tests/machine/truth/replay.sh).
// The launches are the shapes test_machine.c and e2e_model.sh model: 256
// threads in x, the transposes 32 x 32 on a 256 x 256 matrix.
#include <cstdio>
#include <cuda_runtime.h>
#include "../cases.cu"

// local memory that stays local: written at a runtime trip count, so ptxas
// cannot keep the array in registers as it does local_array's (a 256-byte
// frame here, none there).  The truth has no local sector count (ncu's
// source page counts local instructions only): where it runs is compared.
__global__ void local_dynamic(float *out, const int *which, int n) {
    float a[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < n; k++)
        a[k & 63] = k * i;                            // @local_dynamic_store
    out[i] = a[which[i] & 63];                        // @local_dynamic
}

int main()
{
	const int n = 1 << 20, blocks = n / 256;
	float *a, *b;
	double *d;
	int *idx;
	quad *q;
	cudaMalloc(&a, sizeof(float) * n * 4);
	cudaMalloc(&b, sizeof(float) * n * 4);
	cudaMalloc(&d, sizeof(double) * n);
	cudaMalloc(&idx, sizeof(int) * n);
	cudaMalloc(&q, sizeof(quad) * n);
	cudaMemset(a, 0, sizeof(float) * n * 4);
	cudaMemset(idx, 0, sizeof(int) * n);
	cudaMemset(q, 0, sizeof(quad) * n);
	coalesced<<<blocks, 256>>>(b, a);
	stride2<<<blocks / 2, 256>>>(b, a);
	stride_param<<<blocks / 4, 256>>>(b, a, 4);
	vector4<<<blocks / 4, 256>>>((float4 *)b, (const float4 *)a);
	aos_member<<<blocks, 256>>>(b, q);
	broadcast<<<blocks, 256>>>(b, a);
	gather<<<blocks, 256>>>(b, a, idx);
	counted_loop<<<16, 256>>>(b, a);
	rows2d<<<dim3(16, 64), dim3(16, 16)>>>(b, a, 256);
	half_warp<<<blocks, 256>>>(b, a);
	transpose_naive<<<dim3(8, 8), dim3(32, 32)>>>(b, a, 256);
	transpose_padded<<<dim3(8, 8), dim3(32, 32)>>>(b, a, 256);
	shared_double<<<64, 256>>>(d);
	local_array<<<blocks, 256>>>(b, idx, n);
	local_dynamic<<<blocks, 256>>>(b, idx, 64);
	neighbours<<<blocks / 4, 256>>>(b, a);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorString(e));
	return e != cudaSuccess;
}
