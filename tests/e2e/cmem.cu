// cmem.cu — constant banks: 100 floats of __constant__ data (the module's
// bank 3, 400 bytes), and a kernel whose double literal ptxas puts in its
// bank 2 on sm_75 (8 bytes); bank 0 holds each kernel's parameters.
__constant__ float coef[100];
__global__ void scaled(float *p, int n, double a) { p[threadIdx.x] = coef[threadIdx.x % 100] * a + 1.2345678; }
__global__ void picked(float *p) { p[threadIdx.x] = coef[3]; }
