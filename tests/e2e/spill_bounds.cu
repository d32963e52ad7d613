// spill_bounds.cu — a kernel its launch bounds cap at 64 registers, launched
// with 128 threads: ptxas spills at a cap the launch does not need (KA117,
// tests/e2e/e2e_model.sh)
__global__ void __launch_bounds__(1024) heavy(const float *in, float *out, int n)
{
    float acc[48];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 48; k++)
        acc[k] = in[i + k * n];
    float s = 0.f;
#pragma unroll
    for (int r = 0; r < 8; r++)
#pragma unroll
        for (int k = 0; k < 48; k++)
            s += acc[k] * acc[(k * 7 + r) % 48];
    out[i] = s;
}
void run(const float *in, float *out, int n) { heavy<<<n / 128, 128>>>(in, out, n); }
