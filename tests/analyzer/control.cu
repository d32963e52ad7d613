// control.cu — the control rules of DESIGN section 6: branches copy and
// merge the state (a value assigned under a lane-dependent condition is
// varying after the merge, under a uniform one at least as non-uniform as
// the condition), loops run to a fixed point, a value carried out of a loop
// with a lane-dependent exit is varying, device functions are analysed in
// their calling context.

__global__ void branches(int *out, int n) {
    int a = 0;                                                      // expect: const
    if (threadIdx.x < 16) a = 1;                                    // expect: const
    out[0] = a;                                                     // expect: varying
    int b = 0;                                                      // expect: const
    if (blockIdx.x > 2) b = 5;                                      // expect: const
    out[1] = b;                                                     // expect: block-uniform
    int c = 0;                                                      // expect: const
    if (n > 8) c = 2; else c = 3;                                   // expect: const, const
    out[2] = c;                                                     // expect: grid-uniform
    int d = 7;                                                      // expect: const
    if (threadIdx.x < 16) d = 7;                                    // expect: const
    out[3] = d;                                                     // expect: varying
    int e = blockIdx.x;                                             // expect: block-uniform
    if (threadIdx.y == 0) e += 1;                                   // expect: block-uniform
    out[4] = e;                                                     // expect: warp-uniform-if
    int s = threadIdx.x % 32 < 8 ? 1 : 2;                           // expect: varying
    int t = n > 8 ? 1 : 2;                                          // expect: grid-uniform
    out[5] = s + t;                                                 // expect: varying
}

__global__ void early_exit(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    if (i >= n) return;
    int k = 4;                                                      // expect: const
    if (i >= n / 2) {
        out[i] = 0.f;                                               // expect: const
        return;
    }
    k = k * n;                                                      // expect: grid-uniform
    out[i] = in[i] * k;                                             // expect: varying
}

__global__ void loops(const int *in, int *out, int n) {
    int sum = 0;                                                    // expect: const
    for (int j = 0; j < n; ++j)                                     // expect: const, grid-uniform
        sum += in[j];                                               // expect: grid-uniform
    out[0] = sum;                                                   // expect: grid-uniform
    int cnt = 0;                                                    // expect: const
    for (int j = 0; j < (int)threadIdx.x; ++j)                      // expect: const, warp-uniform
        cnt += 2;                                                   // expect: warp-uniform
    out[1] = cnt;                                                   // expect: varying
    int m = 0;                                                      // expect: const
    while (m < n) {
        if (in[m * 32 + threadIdx.x % 32] < 0) break;
        m += 1;                                                     // expect: warp-uniform
    }
    out[2] = m;                                                     // expect: varying
    int p = 1;                                                      // expect: const
    do {
        p *= 2;                                                     // expect: block-uniform
    } while (p < (int)blockIdx.x);
    out[3] = p;                                                     // expect: block-uniform
    int q = 0;                                                      // expect: const
    for (int j = 0; j < 8; ++j) {                                   // expect: const, const
        if (in[threadIdx.x] == j) continue;
        q += 1;                                                     // expect: varying
    }
    out[4] = q;                                                     // expect: varying
    int r = 0;                                                      // expect: const
    for (int j = blockIdx.x; j < n; j += gridDim.x)                 // expect: block-uniform, block-uniform
        r += j;                                                     // expect: block-uniform
    out[5] = r;                                                     // expect: block-uniform
    int sw = 0;                                                     // expect: const
    switch (threadIdx.x % 4) {
    case 0: sw = 1; break;                                          // expect: const
    case 1: sw = 2; break;                                          // expect: const
    default: break;
    }
    out[6] = sw;                                                    // expect: varying
    int su = 0;                                                     // expect: const
    switch (n) {
    case 0: su = 1; break;                                          // expect: const
    default: su = 3;                                                // expect: const
    }
    out[7] = su;                                                    // expect: grid-uniform
}

__device__ int scale_by(int x, int k) {
    int y = x * k;                                                  // expect: affine-lane
    return y + 1;
}

__device__ int pick(int a, int b, bool c) {
    if (c) return a;
    return b;
}

__device__ void accumulate(int &acc, int v) {
    acc += v;                                                       // expect: affine-lane
}

__device__ int fact(int x) {
    return x <= 1 ? 1 : x * fact(x - 1);
}

__global__ void calls(int *out, int n) {
    int u = scale_by(n, 4);                                         // expect: grid-uniform
    int l = scale_by(threadIdx.x, 4);                               // expect: affine-lane
    int p1 = pick(1, 2, n > 3);                                     // expect: grid-uniform
    int p2 = pick(1, 2, threadIdx.x > 3);                           // expect: varying
    int acc = 0;                                                    // expect: const
    accumulate(acc, n);
    out[0] = acc;                                                   // expect: grid-uniform
    accumulate(acc, threadIdx.x);
    out[1] = acc;                                                   // expect: affine-lane
    int f = fact(n);                                                // expect: varying
    out[2] = u + l + p1 + p2 + f;                                   // expect: varying
}

__global__ void locals(const float *in, float *out, int n) {
    float a[4];
    for (int j = 0; j < 4; ++j)                                     // expect: const, const
        a[j] = in[j * n];                                           // expect: grid-uniform
    float x = a[2];                                                 // expect: grid-uniform
    float y = a[threadIdx.x % 4];                                   // expect: varying
    float2 pr;
    pr.x = n;                                                       // expect: grid-uniform
    pr.y = blockIdx.x;                                              // expect: block-uniform
    float z = pr.x + pr.y;                                          // expect: block-uniform
    int w = n;                                                      // expect: grid-uniform
    int *pw = &w;                                                   // expect: const
    *pw = threadIdx.x;                                              // expect: affine-lane
    out[threadIdx.x] = x + y + z + w;                               // expect: varying
}

__global__ void with_goto(int *out, int n) {
    int g = n;                                                      // expect: grid-uniform
    if (n > 3) goto done;
    g = 1;                                                          // expect: const
done:
    out[0] = g;                                                     // expect: varying
}
