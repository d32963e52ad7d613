// spill_gate.cu — one kernel built twice for the gate's spill evidence in
// binaries (tests/e2e/e2e_binary.sh): at its own register count, then with
// nvcc -maxrregcount 32, where ptxas spills into the stack frame.  Fewer
// registers there is not an improvement.
__global__ void heavy(const float *in, float *out, int n)
{
    float a[24];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int j = 0; j < 24; j++)
        a[j] = in[i + j * n];
    float s = 0.f;
#pragma unroll
    for (int r = 0; r < 4; r++)
#pragma unroll
        for (int j = 0; j < 24; j++)
            s += a[j] * a[(j + r + 1) % 24] + in[i + (j + 24 * r) * n + 7];
#pragma unroll
    for (int j = 0; j < 24; j++)
        out[i + j * n] = a[j] * s;
}
