// findings.cu — a positive and a negative case for each finding that the
// seed files do not already pair up (KA101 and KA108 positive/negative are
// in seed003_lds_direct_copy.hip, KA103-KA105 in seed003_uniform_registers.cu).

// KA106: lane-strided selection, with a mask instead of a modulus, round
// after round in a loop; once outside any loop it is not reported ----------
__global__ void ka106_mask(float *x, int n) {
    unsigned tid = threadIdx.x;                                     // expect: affine-lane
    for (int s = 1; s < n; s *= 2) {                                // expect: const, grid-uniform
        if ((tid & (2 * s - 1)) == 0)                               // expect-finding: KA106
            x[tid] += x[tid + s];                                   // expect: varying expect-model: KA107
        if (tid % 4 == 0)                                           // expect-finding: KA106
            x[tid] *= 2.f;                                          // expect: varying expect-model: KA107
        if (tid % 64 == 0)                                          // a whole warp out of two: not strided
            x[tid] = 0.f;                                           // expect: const
        if (tid < (unsigned)s)                                      // contiguous: R2's form
            x[tid] += 1.f;                                          // expect: varying
    }
    if (tid % 4 == 0)                                               // once (NVIDIA's newdelete): no finding
        x[tid] = 1.f;                                               // expect: const expect-model: KA107
}

// KA107: strides other than 1, and the ones that are fine -----------------------------
struct Particle { float x, y, z, w; };
__global__ void ka107_strides(const float *in, float *out, int n, Particle *ps) {
    __shared__ float sh[512];
    int t = threadIdx.x;                                            // expect: affine-lane
    float a = in[t * n];                                            // expect: varying expect-model: KA107
    float b = in[4 * t + 1];                                        // expect: varying expect-model: KA107
    float c = in[blockIdx.x * blockDim.x + t];                      // expect: varying
    float d = in[n - t];                                            // expect: varying
    sh[2 * t] = a;                                                  // expect: varying expect-model: KA115
    float e = *(in + 3 * t);                                        // expect: varying expect-model: KA107
    float f = ps[t].x;                                              // expect: varying expect-model: KA107
    out[t] = a + b + c + d + e + f + sh[t];                         // expect: varying
}

// KA108: a runtime index that is not a constant at every call, or not an address --------
__device__ float pick_row(const float *base, int row, int stride) {
    return base[row * stride + threadIdx.x];
}
__device__ float scale_by(float v, int factor) {
    return v * factor;
}
__global__ void ka108_negative(const float *m, float *out, int stride, int r) {
    float a = pick_row(m, 0, stride);                               // expect: varying
    float b = pick_row(m, r, stride);                               // expect: varying
    float c = scale_by(a + b, 3);                                   // expect: varying
    out[threadIdx.x] = c;                                           // expect: varying
}

__device__ float tap(const float *base, int k, int stride) {       // expect-finding: KA108
    return base[k * stride + threadIdx.x];
}
__global__ void ka108_positive(const float *m, float *out, int stride) {
    float s = tap(m, 0, stride) + tap(m, 1, stride) + tap(m, 2, stride); // expect: varying
    out[threadIdx.x] = s;                                           // expect: varying
}

// Always inlined: each call's constant folds already (ggml's upscale lambda)
__device__ __forceinline__ float tap_inl(const float *base, int k, int stride) {
    return base[k * stride + threadIdx.x];
}
__global__ void ka108_inlined(const float *m, float *out, int stride) {
    auto load = [=](int k) { return m[k * stride + threadIdx.x]; }; // expect: const
    float s = tap_inl(m, 0, stride) + tap_inl(m, 1, stride) + load(0) + load(1); // expect: varying
    out[threadIdx.x] = s;                                           // expect: varying
}

// KA102 negatives: not a warp index -----------------------------------------------------
__global__ void ka102_negative(int *out) {
    int q = threadIdx.x / 16;                                       // expect: varying
    int b = blockIdx.x / 32;                                        // expect: block-uniform
    int l = (threadIdx.x + threadIdx.y * blockDim.x) / 32;          // expect: warp-uniform
    out[threadIdx.x] = q + b + l;                                   // expect: varying
}

// KA107: a row pointer that moves with the lane, and runs of lanes (an array
// of structures of arrays) ---------------------------------------------------
__global__ void ka107_lane_rows(const float *inp, float *out, int C) {
    int bt = blockIdx.x * blockDim.x + threadIdx.x;                 // expect: affine-lane
    const float *x = inp + bt * C;                                  // expect: affine-lane
    float s = 0.0f;                                                 // expect: const
    for (int i = 0; i < C; i++)                                     // expect: const, grid-uniform
        s += x[i];                                                  // expect: varying expect-model: KA107
    out[bt] = s;                                                    // expect: varying
}
__global__ void ka107_lane_runs(const float *in, float *out, int M) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    float a = in[(g / 4) * M + g % 4];                              // expect: varying expect-model: KA107
    float b = in[(g / 4) * 4 + g % 4];                              // expect: varying
    float c = in[(g / 8) * M + g % 8];                              // expect: varying
    out[g] = a + b + c;                                             // expect: varying
}
