// needs_define.cu — compiles only with -DKA_SIZE=N (tests -D pass-through).
#ifndef KA_SIZE
#error "KA_SIZE is not defined"
#endif
__global__ void sized(float *o) { o[threadIdx.x % KA_SIZE] = 1.f; }
