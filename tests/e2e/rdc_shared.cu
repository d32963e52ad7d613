// rdc_shared.cu — static shared memory in three places (tests/e2e/e2e_binary.sh):
// a kernel's own __shared__ array, one at file scope, one in a device
// function that is not inlined.  Under -rdc=true the last two sit in a common
// section the linker places later; kanalyze's figure for each kernel must be
// the one ptxas -v prints for the same file compiled whole.
extern __shared__ float dynamic_part[];
__shared__ float file_tile[512];
__device__ __noinline__ float helper(int t)
{
    __shared__ float helper_tile[128];
    helper_tile[t % 128] = t;
    __syncthreads();
    return helper_tile[(t + 1) % 128] + file_tile[t % 512];
}
__global__ void through_helper(float *out)
{
    file_tile[threadIdx.x % 512] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = helper(threadIdx.x);
}
__global__ void own_and_file(float *out)
{
    __shared__ float mine[64];
    mine[threadIdx.x % 64] = 1;
    __syncthreads();
    out[threadIdx.x] = mine[threadIdx.x % 64] + file_tile[threadIdx.x % 512] + dynamic_part[threadIdx.x];
}
__global__ void own_only(float *out)
{
    __shared__ double s[32];
    s[threadIdx.x % 32] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 32];
}
