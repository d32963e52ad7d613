// findings_gate.cu — a kernel with one KA107 warning (a lane-strided load),
// the baseline side of tests/e2e/e2e_findings_gate.sh, which edits a copy.
__global__ void strided(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (int k = 0; k < n; k++)
        out[i] += in[i * 32 + k];
}
