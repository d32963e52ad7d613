// reserved.cu -- kernels whose sm_90 cubins hold the driver's 1 KiB shared
// memory reservation in their .nv.shared.<kernel> section, built whole
// (nvcc -cubin: a .nv.shared.reserved.0 section beside it) and linked
// (nvcc -rdc=true, then nvlink: no such section, as in NCCL's library), plus
// launch bounds below a warp and a stack frame, for `kanalyze verify FILE`.
// make.sh builds reserved.cubin and reserved.linked.cubin from it.

// 1 KiB of the kernel's own: cudaFuncGetAttributes says 1024 bytes
__global__ void smem_1k(unsigned *out)
{
	__shared__ unsigned buf[256];
	buf[threadIdx.x] = threadIdx.x * 3u;
	__syncthreads();
	out[threadIdx.x] = buf[255 - threadIdx.x];
}

// the same, reading where the reservation starts (EIATTR_RESERVED_SMEM_USED)
__global__ void smem_rsv(unsigned *out)
{
	__shared__ unsigned buf[256];
	unsigned off;
	asm volatile("mov.u32 %0, %%reserved_smem_offset_0;" : "=r"(off));
	buf[threadIdx.x] = off + threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = buf[255 - threadIdx.x];
}

// no shared memory at all
__global__ void no_smem(unsigned *out) { out[threadIdx.x] = threadIdx.x; }

// bounded below a warp: the best block is the bound itself
__global__ void __launch_bounds__(1) bound1(unsigned *out) { out[blockIdx.x] = blockIdx.x; }
__global__ void __launch_bounds__(16) bound16(unsigned *out) { out[threadIdx.x] = threadIdx.x + 1; }

// a frame in the kernel and one in a callee: localSizeBytes is the whole stack
__device__ __noinline__ unsigned pick(const unsigned *v, unsigned i)
{
	unsigned w[24];
	for (int k = 0; k < 24; k++)
		w[k] = v[(i + k) & 31] * (unsigned)k;
	return w[i % 24];
}

__global__ void stacked(const unsigned *in, unsigned *out)
{
	unsigned v[32];
	for (int k = 0; k < 32; k++)
		v[k] = in[(threadIdx.x + k) & 63];
	out[threadIdx.x] = pick(v, in[threadIdx.x] & 31);
}
