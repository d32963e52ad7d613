// shared_objects.cu — a __shared__ variable of a class with a constructor,
// as the CUDA C++ Programming Guide declares cuda::barrier.  nvcc accepts
// it (warning 20054-D: the constructor does not run; the program
// initialises it itself); clang refuses its initialisation and parses on
// with the variable marked invalid.  The file is read as nvcc reads it:
// no parse error, the kernel analysed, not withheld.
struct Counter {
    int n;
    __device__ Counter() : n(0) {}
};

__device__ void init_counter(Counter *c, int n) { c->n = n; }     // expect: grid-uniform

__global__ void shared_object(const int *in, int *out, int n) {
    __shared__ Counter c;
    if (threadIdx.x == 0)
        init_counter(&c, n);
    __syncthreads();
    int t = blockIdx.x * blockDim.x + threadIdx.x;                  // expect: affine-lane
    int base = blockIdx.x * blockDim.x;                             // expect: block-uniform
    out[t] = in[base] + in[t];                                      // expect: varying
}
