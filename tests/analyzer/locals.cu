// locals.cu — thread-private variables that are not scalars: 2-D arrays,
// arrays of vectors, structs, and addresses that escape.  An element write
// is a weak update of the whole variable (the variable's class is the join
// of what it holds), a lane-dependent index makes it varying, and once its
// address is taken it is no longer tracked (varying).  ptxas keeps these
// small arrays in registers (the kernel has no stack frame), so the machine
// model, which reads their ld/st.local in the PTX, reports no local access.
struct Pair { int a; float b; };

__device__ void store_to(int *p, int v) { *p = v; }                 // expect: affine-lane

__global__ void locals(const float *in, float *out, int n) {
    float acc[2][2] = {};                                           // expect: const
    acc[1][0] = n;                                                  // expect: grid-uniform
    float u = acc[0][1];                                            // expect: grid-uniform
    acc[1][threadIdx.x % 2] = 1.f;                                  // expect: const
    float w = acc[0][0];                                            // expect: varying
    float4 v4[2];
    v4[0].x = in[blockIdx.x];                                       // expect: block-uniform
    float y = v4[1].y;                                              // expect: block-uniform
    Pair p;
    p.a = n;                                                        // expect: grid-uniform
    p.b = blockIdx.x;                                               // expect: block-uniform
    float z = p.a + p.b;                                            // expect: block-uniform
    int e[2] = {1, 2};                                              // expect: const
    store_to(&e[1], threadIdx.x);
    int x = e[0];                                                   // expect: varying
    for (int k = 0; k < 2; ++k)                                     // expect: const, const
        for (int j = 0; j < 2; ++j)                                 // expect: const, const
            acc[k][j] += in[k * n + j];                             // expect: varying
    out[threadIdx.x] = u + w + y + z + x + acc[1][1];               // expect: varying
}
