// ground.cu — findings checked against the machine code of their lines
// (tests/e2e/e2e_ground.sh): each kernel below makes one claim the SASS bears
// out or contradicts.
struct Particle { float x, y, z, w; };

// a strided load in a loop: confirmed, it names the LDG and its loop
__global__ void strided_loop(const float *m, float *out, int rows)
{
	int c = blockIdx.x * blockDim.x + threadIdx.x;
	float s = 0.0f;
	for (int r = 0; r < rows; r++)
		s += m[c * 64 + r];
	out[c] = s;
}

// an array of 16-byte structures read one member per lane: confirmed
__global__ void member_read(const Particle *p, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = p[i].x;
}

// a float4's four members on one line: the compiler loads the structure
// whole (LDG.E.128), so the lanes' accesses are contiguous: contradicted
__global__ void member_whole(const float4 *v, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = v[i].x + v[i].y + v[i].z + v[i].w;
}

// a constant argument at every call of a function the compiler inlines:
// the constant is already folded (no CALL): contradicted
__device__ float tap(const float *base, int k, int stride)
{
	return base[k * stride + threadIdx.x];
}
__global__ void inlined_taps(const float *m, float *out, int stride)
{
	out[threadIdx.x] = tap(m, 0, stride) + tap(m, 1, stride) + tap(m, 2, stride);
}
