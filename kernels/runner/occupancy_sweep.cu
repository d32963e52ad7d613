// kernels/runner/occupancy_sweep.cu -- what the CUDA runtime says about occupancy.
//
// A CUDA-runtime-only program (DESIGN.md section 7: the GPU side of
// `kanalyze verify`). It holds kernels with a spread of resource usage:
//   k_regs<R>      __maxnreg__(R) and more than R live floats, so ptxas uses R
//                  registers (it spills a little; local memory is reported)
//   k_smem<B>      B bytes of static __shared__ memory (k_smem0: none)
//   k_bar<NB>      NB named barriers (bar.sync 0 .. NB-1), k_bar_split: ids 1, 2
//                  with thread counts (bar.sync 1, 64 / bar.sync 2, 64)
//   k_lb*          __launch_bounds__ variants (the compiler caps registers)
//   reduce_r1..r6  the shipped reductions (kernels/reduction/reduction.cu)
// and prints, as JSON lines on stdout:
//   header        device properties, driver and runtime versions
//   attributes    cudaFuncGetAttributes of every kernel (+ mangled name)
//   occupancy     cudaOccupancyMaxActiveBlocksPerMultiprocessor for every block
//                 size 32..1024 step 32 (<= maxThreadsPerBlock) x a grid of
//                 dynamic shared memory sizes up to optin - static
//   best_block    cudaOccupancyMaxPotentialBlockSize (dynamic smem 0)
//   avail_dyn_smem  cudaOccupancyAvailableDynamicSMemPerBlock
//   occupancy_carveout  a few kernels again under explicit smem carveouts
//   launch        each kernel launched once (1 block) to prove it loads
// Nothing here is timed; kernels do real (pointless) work on a buffer so the
// compiler keeps them.
//
// Build: nvcc -O3 -arch=sm_90 -o occupancy_sweep occupancy_sweep.cu

#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../reduction/reduction.cu"   // the six reductions (no driver)

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
    exit(1); } } while (0)

// ---------------------------------------------------------------- registers
// V > R floats are all live across the sum s, so ptxas must use all R
// registers it is allowed (and spill the rest). Immediate offsets (q[j*64])
// keep address registers out of the count.
template <int R>
__global__ void __maxnreg__(R) k_regs(float *__restrict__ p, float k) {
    constexpr int V = (R + 8 < 300) ? R + 8 : 300;
    float v[V];
    float *q = p + (blockIdx.x * blockDim.x + threadIdx.x);
#pragma unroll
    for (int j = 0; j < V; ++j) v[j] = q[j * 64];
    float s = k;
#pragma unroll
    for (int j = 0; j < V; ++j) s = fmaf(s, v[j], v[j]);
#pragma unroll
    for (int j = 0; j < V; ++j) q[j * 64] = fmaf(v[j], s, v[(j + 1) % V]);
}

// The same body without __maxnreg__, capped only by __launch_bounds__.
template <int V>
__device__ __forceinline__ void pressure(float *__restrict__ p, float k) {
    float v[V];
    float *q = p + (blockIdx.x * blockDim.x + threadIdx.x);
#pragma unroll
    for (int j = 0; j < V; ++j) v[j] = q[j * 64];
    float s = k;
#pragma unroll
    for (int j = 0; j < V; ++j) s = fmaf(s, v[j], v[j]);
#pragma unroll
    for (int j = 0; j < V; ++j) q[j * 64] = fmaf(v[j], s, v[(j + 1) % V]);
}
__global__ void __launch_bounds__(256) k_lb256(float *p, float k) { pressure<300>(p, k); }
__global__ void __launch_bounds__(256, 2) k_lb256_2(float *p, float k) { pressure<300>(p, k); }
__global__ void __launch_bounds__(1024) k_lb1024(float *p, float k) { pressure<300>(p, k); }
__global__ void __launch_bounds__(128, 4) k_lb128_4(float *p, float k) { pressure<100>(p, k); }
__global__ void k_nobounds(float *p, float k) { pressure<300>(p, k); }

// ------------------------------------------------------------ static smem
template <int BYTES>
__global__ void k_smem(float *p, float k) {
    constexpr int F = BYTES / 4;
    __shared__ float s[F];
    unsigned t = threadIdx.x;
    for (unsigned j = t; j < F; j += blockDim.x) s[j] = p[j] * k;
    __syncthreads();
    p[blockIdx.x * blockDim.x + t] = s[(t * 7 + 1) % F];
}
__global__ void k_smem0(float *p, float k) {
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    p[t] = p[t] * k + 1.0f;
}

// --------------------------------------------------------------- barriers
template <int ID>
__device__ __forceinline__ void bar_id() { asm volatile("bar.sync %0;" ::"n"(ID) : "memory"); }
template <int NB>
__device__ __forceinline__ void bars() {
    if constexpr (NB > 1) { bars<NB - 1>(); bar_id<NB - 1>(); }
}
template <int NB>   // uses barriers 0 .. NB-1 (all threads of the block at each)
__global__ void k_bar(float *p, float k) {
    __shared__ float s[256];
    unsigned t = threadIdx.x;
    s[t % 256] = p[t] * k;
    __syncthreads();
    bars<NB>();
    p[t] = s[(t + 1) % 256];
}
// warps 0-1 meet at barrier 1, warps 2-3 at barrier 2 (launch with 128 threads)
__global__ void k_bar_split(float *p, float k) {
    __shared__ float s[128];
    unsigned t = threadIdx.x;
    s[t % 128] = p[t] * k;
    if (t < 64) asm volatile("bar.sync 1, 64;" ::: "memory");
    else        asm volatile("bar.sync 2, 64;" ::: "memory");
    p[t] = s[(t ^ 1) % 128];
}

// ------------------------------------------------------------------ table
typedef void (*launcher)(float *buf);
struct Entry { const char *label; const void *fn; launcher launch; };

#define KP(f) (reinterpret_cast<const void *>(f))
#define SYN(label, f) {label, KP(f), [](float *b) { (f)<<<1, 128>>>(b, 1.0f); }}
#define RED(label, f) {label, KP(f), [](float *b) { (f)<<<1, 128, 128 * sizeof(float)>>>(b, b + (1 << 20) - 1); }}

static const Entry kEntries[] = {
    SYN("k_regs<16>", k_regs<16>),   SYN("k_regs<24>", k_regs<24>),
    SYN("k_regs<32>", k_regs<32>),   SYN("k_regs<33>", k_regs<33>),
    SYN("k_regs<40>", k_regs<40>),   SYN("k_regs<48>", k_regs<48>),
    SYN("k_regs<56>", k_regs<56>),   SYN("k_regs<64>", k_regs<64>),
    SYN("k_regs<65>", k_regs<65>),   SYN("k_regs<72>", k_regs<72>),
    SYN("k_regs<80>", k_regs<80>),   SYN("k_regs<88>", k_regs<88>),
    SYN("k_regs<96>", k_regs<96>),   SYN("k_regs<104>", k_regs<104>),
    SYN("k_regs<112>", k_regs<112>), SYN("k_regs<120>", k_regs<120>),
    SYN("k_regs<128>", k_regs<128>), SYN("k_regs<129>", k_regs<129>),
    SYN("k_regs<136>", k_regs<136>), SYN("k_regs<144>", k_regs<144>),
    SYN("k_regs<152>", k_regs<152>), SYN("k_regs<160>", k_regs<160>),
    SYN("k_regs<168>", k_regs<168>), SYN("k_regs<169>", k_regs<169>),
    SYN("k_regs<184>", k_regs<184>), SYN("k_regs<200>", k_regs<200>),
    SYN("k_regs<216>", k_regs<216>), SYN("k_regs<232>", k_regs<232>),
    SYN("k_regs<240>", k_regs<240>), SYN("k_regs<255>", k_regs<255>),
    SYN("k_lb256", k_lb256),         SYN("k_lb256_2", k_lb256_2),
    SYN("k_lb1024", k_lb1024),       SYN("k_lb128_4", k_lb128_4),
    SYN("k_nobounds", k_nobounds),
    SYN("k_smem0", k_smem0),
    SYN("k_smem<1000>", k_smem<1000>),   SYN("k_smem<1024>", k_smem<1024>),
    SYN("k_smem<4096>", k_smem<4096>),   SYN("k_smem<12288>", k_smem<12288>),
    SYN("k_smem<40960>", k_smem<40960>), SYN("k_smem<49152>", k_smem<49152>),
    SYN("k_bar<2>", k_bar<2>),   SYN("k_bar<4>", k_bar<4>),
    SYN("k_bar<8>", k_bar<8>),   SYN("k_bar<16>", k_bar<16>),
    SYN("k_bar_split", k_bar_split),
    RED("reduce_r1", reduce_r1), RED("reduce_r2", reduce_r2),
    RED("reduce_r3", reduce_r3), RED("reduce_r4", reduce_r4),
    RED("reduce_r5", reduce_r5), RED("reduce_r6", reduce_r6),
};

static void json_str(const char *s) {
    putchar('"');
    for (; s && *s; ++s) {
        if (*s == '"' || *s == '\\') putchar('\\');
        putchar(*s);
    }
    putchar('"');
}

static void kv_kernel(const Entry &e, const char *mangled) {
    printf("\"kernel\":");
    json_str(e.label);
    printf(",\"mangled\":");
    if (mangled) json_str(mangled); else printf("null");
}

int main() {
    int dev = 0, drv = 0, rt = 0;
    CK(cudaSetDevice(dev));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, dev));
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    int smem_sm_attr = 0;
    CK(cudaDeviceGetAttribute(&smem_sm_attr, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));

    printf("{\"kind\":\"header\",\"program\":\"occupancy_sweep\",\"device\":");
    json_str(p.name);
    printf(",\"cc\":\"%d.%d\",\"driver\":%d,\"runtime\":%d,\"sm_count\":%d,"
           "\"maxThreadsPerMultiProcessor\":%d,\"regsPerMultiprocessor\":%d,\"regsPerBlock\":%d,"
           "\"sharedMemPerMultiprocessor\":%zu,\"sharedMemPerBlock\":%zu,"
           "\"sharedMemPerBlockOptin\":%zu,\"reservedSharedMemPerBlock\":%zu,"
           "\"maxBlocksPerMultiProcessor\":%d,\"warpSize\":%d,\"multiProcessorCount\":%d,"
           "\"maxThreadsPerBlock\":%d,\"attr_maxSharedMemoryPerMultiprocessor\":%d,"
           "\"coarse_factor\":%d}\n",
           p.major, p.minor, drv, rt, p.multiProcessorCount, p.maxThreadsPerMultiProcessor,
           p.regsPerMultiprocessor, p.regsPerBlock, p.sharedMemPerMultiprocessor,
           p.sharedMemPerBlock, p.sharedMemPerBlockOptin, p.reservedSharedMemPerBlock,
           p.maxBlocksPerMultiProcessor, p.warpSize, p.multiProcessorCount,
           p.maxThreadsPerBlock, smem_sm_attr, COARSE_FACTOR);

    const int nk = sizeof(kEntries) / sizeof(kEntries[0]);
    std::vector<cudaFuncAttributes> attrs(nk);
    std::vector<const char *> names(nk);

    // attributes + opt-in to all dynamic shared memory
    for (int i = 0; i < nk; ++i) {
        const Entry &e = kEntries[i];
        const char *nm = nullptr;
        if (cudaFuncGetName(&nm, e.fn) != cudaSuccess) { nm = nullptr; cudaGetLastError(); }
        names[i] = nm;
        cudaFuncAttributes &a = attrs[i];
        CK(cudaFuncGetAttributes(&a, e.fn));
        int dyn_max = (int)(p.sharedMemPerBlockOptin - a.sharedSizeBytes);
        cudaError_t se = cudaFuncSetAttribute(e.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, dyn_max);
        if (se != cudaSuccess) {
            fprintf(stderr, "%s: set max dyn smem %d: %s\n", e.label, dyn_max, cudaGetErrorString(se));
            cudaGetLastError();
        }
        cudaFuncAttributes b;
        CK(cudaFuncGetAttributes(&b, e.fn));
        printf("{\"kind\":\"attributes\",");
        kv_kernel(e, nm);
        printf(",\"regs\":%d,\"static_smem\":%zu,\"local\":%zu,\"const\":%zu,"
               "\"max_threads\":%d,\"ptxVersion\":%d,\"binaryVersion\":%d,"
               "\"maxDynamicSharedSizeBytes_default\":%d,\"maxDynamicSharedSizeBytes_set\":%d,"
               "\"set_ok\":%s,\"preferredShmemCarveout\":%d,\"cacheModeCA\":%d}\n",
               a.numRegs, a.sharedSizeBytes, a.localSizeBytes, a.constSizeBytes,
               a.maxThreadsPerBlock, a.ptxVersion, a.binaryVersion,
               a.maxDynamicSharedSizeBytes, b.maxDynamicSharedSizeBytes,
               se == cudaSuccess ? "true" : "false", b.preferredShmemCarveout, b.cacheModeCA);
    }
    fflush(stdout);

    // occupancy sweep
    const size_t dyn_grid[] = {0, 1, 128, 129, 1000, 1024, 3000, 4096, 7000, 8192, 16384,
                               32768, 49152, 65536, 98304, 131072, 163840, 196608, 229376};
    long lines = 0;
    for (int i = 0; i < nk; ++i) {
        const Entry &e = kEntries[i];
        const cudaFuncAttributes &a = attrs[i];
        size_t dyn_max = p.sharedMemPerBlockOptin - a.sharedSizeBytes;
        std::vector<size_t> dyns;
        for (size_t d : dyn_grid) if (d < dyn_max) dyns.push_back(d);
        dyns.push_back(dyn_max);
        for (int block = 32; block <= 1024 && block <= a.maxThreadsPerBlock; block += 32) {
            for (size_t d : dyns) {
                int nb = -1;
                cudaError_t oe = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, e.fn, block, d);
                printf("{\"kind\":\"occupancy\",");
                kv_kernel(e, names[i]);
                printf(",\"regs\":%d,\"static_smem\":%zu,\"local\":%zu,\"max_threads\":%d,"
                       "\"block\":%d,\"dyn_smem\":%zu,\"blocks\":%d",
                       a.numRegs, a.sharedSizeBytes, a.localSizeBytes, a.maxThreadsPerBlock,
                       block, d, oe == cudaSuccess ? nb : -1);
                if (oe != cudaSuccess) {
                    printf(",\"error\":");
                    json_str(cudaGetErrorString(oe));
                    cudaGetLastError();
                }
                printf("}\n");
                ++lines;
            }
        }
    }
    fflush(stdout);

    // best block size
    for (int i = 0; i < nk; ++i) {
        const Entry &e = kEntries[i];
        int min_grid = -1, block = -1;
        cudaError_t be = cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, e.fn, 0, 0);
        printf("{\"kind\":\"best_block\",");
        kv_kernel(e, names[i]);
        printf(",\"block\":%d,\"min_grid\":%d,\"ok\":%s}\n", block, min_grid,
               be == cudaSuccess ? "true" : "false");
        if (be != cudaSuccess) cudaGetLastError();
    }

    // dynamic shared memory available per block for a given number of resident blocks
    const int nblocks_grid[] = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32};
    for (int i = 0; i < nk; ++i) {
        const Entry &e = kEntries[i];
        for (int block : {128, 256, 512, 1024}) {
            if (block > attrs[i].maxThreadsPerBlock) continue;
            for (int nb : nblocks_grid) {
                size_t avail = 0;
                cudaError_t ae = cudaOccupancyAvailableDynamicSMemPerBlock(&avail, e.fn, nb, block);
                if (ae != cudaSuccess) { cudaGetLastError(); continue; }
                printf("{\"kind\":\"avail_dyn_smem\",");
                kv_kernel(e, names[i]);
                printf(",\"block\":%d,\"num_blocks\":%d,\"bytes\":%zu}\n", block, nb, avail);
            }
        }
    }

    // carveout: a few kernels under explicit preferred carveouts (percent of max smem)
    const char *carve_kernels[] = {"k_regs<32>", "k_smem<12288>", "k_smem<40960>", "reduce_r4"};
    for (const char *ck : carve_kernels) {
        for (int i = 0; i < nk; ++i) {
            if (strcmp(kEntries[i].label, ck)) continue;
            const Entry &e = kEntries[i];
            for (int carve : {0, 10, 25, 50, 75, 100, -1}) {
                if (cudaFuncSetAttribute(e.fn, cudaFuncAttributePreferredSharedMemoryCarveout, carve)
                    != cudaSuccess) { cudaGetLastError(); continue; }
                for (int block : {128, 256, 512, 1024}) {
                    if (block > attrs[i].maxThreadsPerBlock) continue;
                    for (size_t d : {(size_t)0, (size_t)1024, (size_t)8192, (size_t)32768, (size_t)65536}) {
                        int nb = -1;
                        cudaError_t oe = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, e.fn, block, d);
                        if (oe != cudaSuccess) { cudaGetLastError(); nb = -1; }
                        printf("{\"kind\":\"occupancy_carveout\",");
                        kv_kernel(e, names[i]);
                        printf(",\"carveout\":%d,\"block\":%d,\"dyn_smem\":%zu,\"blocks\":%d}\n",
                               carve, block, d, nb);
                    }
                }
            }
        }
    }
    fflush(stdout);

    // launch each kernel once (1 block of 128 threads) to be sure it loads and runs
    float *buf;
    const size_t nbuf = 1 << 20;   // floats; k_regs touches < 128 + 300*64
    CK(cudaMalloc(&buf, nbuf * sizeof(float)));
    CK(cudaMemset(buf, 0, nbuf * sizeof(float)));
    int failures = 0;
    for (int i = 0; i < nk; ++i) {
        const Entry &e = kEntries[i];
        e.launch(buf);
        cudaError_t le = cudaGetLastError();
        cudaError_t se = cudaDeviceSynchronize();
        bool ok = le == cudaSuccess && se == cudaSuccess;
        failures += !ok;
        printf("{\"kind\":\"launch\",");
        kv_kernel(e, names[i]);
        printf(",\"ok\":%s,\"error\":", ok ? "true" : "false");
        json_str(cudaGetErrorString(le != cudaSuccess ? le : se));
        printf("}\n");
        if (!ok) break;   // a sticky error would poison the rest
    }
    CK(cudaFree(buf));
    printf("{\"kind\":\"summary\",\"kernels\":%d,\"occupancy_lines\":%ld,\"launch_failures\":%d}\n",
           nk, lines, failures);
    return failures ? 1 : 0;
}
