__global__ void nb(float *o){ asm volatile("bar.sync 3, 64;"); o[threadIdx.x]=1; asm volatile("bar.sync 1, 64;"); }
__global__ void __launch_bounds__(128,4) lb(float *o){ o[threadIdx.x]=2; }
__global__ void __cluster_dims__(2,1,1) cl(float *o){ o[threadIdx.x]=2; }
