// kernels/reduction/reduction.cu -- the six sum reductions R1..R6 of seed 000.
//
// What: reduce_r1 .. reduce_r6, copied from the seed (/work/shared/seeds/000_*.txt,
// the "归约六级优化" report) without changing their bodies:
//   R1  interleaved owner-computes tree in global memory (divergent: tid % stride)
//   R2  contiguous tree in global memory (tid < stride; warps retire whole)
//   R3  first level in registers, tree in dynamic shared memory (one block)
//   R4  R3 segmented over the whole grid, one atomicAdd per block
//   R5  R4 + thread coarsening (each thread first sums COARSE_FACTOR*2 elements)
//   R6  R5 + warp shuffles: one __syncthreads() instead of log2(block)
// R1..R3 are single-block kernels (they read input[0 .. 2*blockDim.x)); R1 and R2
// reduce in place and destroy their input.
//
// Why: they are kanalyze's reference kernels (DESIGN.md section 7). The analyzer and
// the occupancy model are checked against what ptxas and the CUDA runtime say
// about them, and the timings check the seed's claim that after R4 a reduction is
// on the DRAM bandwidth wall, so R5/R6 cannot gain.
//
// `nvcc -cubin -arch=sm_90 reduction.cu` gives the six kernels only (C++ linkage,
// so they mangle as _Z9reduce_r1PfS_, _Z9reduce_r3PKfPf, ...). With
// -DKA_REDUCTION_DRIVER the file also holds a main() that runs the seed's
// experiments A and B and prints JSON lines (see the driver section below).
//
// COARSE_FACTOR: 2 here (override with -DCOARSE_FACTOR=N). NB: the seed's own
// numbers (8 elements per thread, 131072 blocks of 256 for N = 2^28) correspond
// to COARSE_FACTOR 4; run_on_gpu.sh therefore also builds a -DCOARSE_FACTOR=4
// driver for experiment B.

#ifndef COARSE_FACTOR
#define COARSE_FACTOR 2
#endif

// ---------------------------------------------------------------------
__global__ void reduce_r1(float *input, float *output) {
    unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (threadIdx.x % stride == 0)
            input[i] += input[i + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = input[0];
}

// ---------------------------------------------------------------------
__global__ void reduce_r2(float *input, float *output) {
    unsigned int i = threadIdx.x;
    for (unsigned int stride = blockDim.x; stride >= 1; stride /= 2) {
        if (threadIdx.x < stride)
            input[i] += input[i + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *output = input[0];
}

// ---------------------------------------------------------------------
__global__ void reduce_r3(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int t = threadIdx.x;
    s[t] = input[t] + input[t + blockDim.x];
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) *output = s[0];
}

// ---------------------------------------------------------------------
__global__ void reduce_r4(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int segment = 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;
    s[t] = input[i] + input[i + blockDim.x];
    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) atomicAdd(output, s[0]);
}

// ---------------------------------------------------------------------
__global__ void reduce_r5(const float *input, float *output) {
    extern __shared__ float s[];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;

    float sum = input[i];
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)
        sum += input[i + tile * blockDim.x];
    s[t] = sum;

    for (unsigned int stride = blockDim.x / 2; stride >= 1; stride /= 2) {
        __syncthreads();
        if (t < stride) s[t] += s[t + stride];
    }
    if (t == 0) atomicAdd(output, s[0]);
}

// ---------------------------------------------------------------------
__global__ void reduce_r6(const float *input, float *output) {
    extern __shared__ float warp_s[];
    unsigned int segment = COARSE_FACTOR * 2 * blockDim.x * blockIdx.x;
    unsigned int i = segment + threadIdx.x;
    unsigned int t = threadIdx.x;
    unsigned int lane = t & 31, warp = t >> 5;
    unsigned int nWarps = blockDim.x >> 5;

    float sum = input[i];
    for (unsigned int tile = 1; tile < COARSE_FACTOR * 2; ++tile)
        sum += input[i + tile * blockDim.x];

    for (int off = 16; off > 0; off >>= 1)
        sum += __shfl_down_sync(0xffffffffu, sum, off);

    if (lane == 0) warp_s[warp] = sum;
    __syncthreads();

    if (warp == 0) {
        sum = (lane < nWarps) ? warp_s[lane] : 0.0f;
        for (int off = 16; off > 0; off >>= 1)
            sum += __shfl_down_sync(0xffffffffu, sum, off);
        if (lane == 0) atomicAdd(output, sum);
    }
}

#ifdef KA_REDUCTION_DRIVER
// =====================================================================
// Driver: experiments A and B of the seed. Needs only the CUDA runtime.
//
//   red [--exp A|B|AB] [--kernels r1,r2,...] [--no-peak] [--runs N]
//
// A: one block, N = 2048 (R1/R2/R3 with N/2 = 1024 threads; R4/R5/R6 with one
//    block each sized so it covers exactly N: 1024, 1024/CF, 1024/CF threads).
//    An empty kernel is timed too, as the launch-overhead baseline.
// B: N = 2^28 (1 GiB), whole GPU, R4 grid N/(2*block), R5/R6 grid
//    N/(COARSE_FACTOR*2*block), block 256 (and R5/R6 again at 1024, the seed's
//    occupancy comparison). R1..R3 are single-block kernels: A only.
//
// Timing: 3 warm-ups, then `runs` (default 200) timed launches, each bracketed by
// its own cudaEvent pair; median / p25 / p75 of those. Anything a run needs
// before it starts (R1/R2: restoring their in-place-destroyed input from a
// pristine copy; R4..R6: zeroing the atomic accumulator) is issued with
// cudaMemcpyAsync / cudaMemsetAsync on the same stream BEFORE the start event,
// so it is outside the timed interval. gbps = 4N bytes / median (read-only bytes,
// the seed's accounting); peak_fraction = gbps / d2d-memcpy gbps, where the
// memcpy of a 1 GiB buffer is timed the same way and counted as 2 x 1 GiB
// (read + write of DRAM), i.e. the attainable DRAM bandwidth.
// rel_error = |gpu - sum| / |sum| with sum computed in double on the host from
// the same inputs (uniform in [0,1)); it is taken from the last timed run.
// =====================================================================
#include <cuda_runtime.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
    exit(1); } } while (0)

__global__ void reduce_empty(const float *, float *) {}

struct Stats { double median, p25, p75; };

static double pct(std::vector<float> v, double q) {
    std::sort(v.begin(), v.end());
    double pos = q * (v.size() - 1);
    size_t lo = (size_t)pos, hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (pos - lo);
}

static Stats stats(const std::vector<float> &t) {
    return Stats{pct(t, 0.5), pct(t, 0.25), pct(t, 0.75)};
}

// Times `launch`, calling `prep` (outside the events) before every launch.
template <class Prep, class Launch>
static std::vector<float> time_it(int warm, int runs, Prep prep, Launch launch) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int k = 0; k < warm; ++k) { prep(); launch(); }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    std::vector<float> ms;
    ms.reserve(runs);
    for (int k = 0; k < runs; ++k) {
        prep();
        CK(cudaEventRecord(a));
        launch();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float x;
        CK(cudaEventElapsedTime(&x, a, b));
        ms.push_back(x);
    }
    CK(cudaGetLastError());
    CK(cudaEventDestroy(a));
    CK(cudaEventDestroy(b));
    return ms;
}

typedef void (*kfn)(float *, float *);
typedef void (*kcfn)(const float *, float *);

struct Kern {
    const char *name;   // reduce_rN
    const char *key;    // rN
    bool in_place;      // R1/R2 destroy their input
    bool atomic;        // R4..R6 accumulate with atomicAdd
    int elems_per_thread;
    bool warp_smem;     // R6: dynamic smem = block/32 floats, else block floats
    kfn f;
    kcfn fc;
};

static void launch(const Kern &k, unsigned grid, unsigned block, float *in, float *out) {
    size_t smem = k.warp_smem ? (block / 32) * sizeof(float) : block * sizeof(float);
    if (k.in_place && k.f) { k.f<<<grid, block>>>(in, out); return; }
    if (k.f) k.f<<<grid, block, smem>>>(in, out);
    else k.fc<<<grid, block, smem>>>(in, out);
}

static double g_peak_gbps = 0;
static int g_runs = 200;

static void report(const char *kernel, const char *exp, size_t n, unsigned grid, unsigned block,
                   const std::vector<float> &ms, double rel) {
    Stats s = stats(ms);
    double gbps = 4.0 * n / (s.median * 1e-3) / 1e9;
    printf("{\"kind\":\"timing\",\"kernel\":\"%s\",\"experiment\":\"%s\",\"n\":%zu,"
           "\"grid\":%u,\"block\":%u,\"coarse_factor\":%d,\"runs\":%zu,\"median_ms\":%.6f,"
           "\"p25_ms\":%.6f,\"p75_ms\":%.6f,\"min_ms\":%.6f,\"gbps\":%.3f,\"peak_fraction\":",
           kernel, exp, n, grid, block, COARSE_FACTOR, ms.size(), s.median, s.p25, s.p75,
           *std::min_element(ms.begin(), ms.end()), gbps);
    if (g_peak_gbps > 0) printf("%.4f", gbps / g_peak_gbps); else printf("null");
    if (std::isnan(rel)) printf(",\"rel_error\":null}\n");
    else printf(",\"rel_error\":%.3e}\n", rel);
    fflush(stdout);
}

static void run_one(const Kern &k, const char *exp, size_t n, unsigned block,
                    const float *d_pristine, float *d_in, float *d_out, double ref) {
    unsigned per_block = k.elems_per_thread * block;
    unsigned grid = (unsigned)(n / per_block);
    if ((size_t)grid * per_block != n || grid == 0) {
        fprintf(stderr, "%s: n=%zu not a multiple of %u, skipped\n", k.name, n, per_block);
        return;
    }
    float *src = k.in_place ? d_in : (float *)d_pristine;
    auto prep = [&]() {
        if (k.in_place) CK(cudaMemcpyAsync(d_in, d_pristine, n * sizeof(float),
                                           cudaMemcpyDeviceToDevice));
        if (k.atomic) CK(cudaMemsetAsync(d_out, 0, sizeof(float)));
    };
    std::vector<float> ms = time_it(3, g_runs, prep, [&]() { launch(k, grid, block, src, d_out); });
    float got;
    CK(cudaMemcpy(&got, d_out, sizeof(float), cudaMemcpyDeviceToHost));
    report(k.name, exp, n, grid, block, ms, std::fabs((double)got - ref) / std::fabs(ref));
}

int main(int argc, char **argv) {
    std::string exps = "AB", kernels = "r1,r2,r3,r4,r5,r6,empty";
    bool peak = true;
    for (int a = 1; a < argc; ++a) {
        if (!strcmp(argv[a], "--exp") && a + 1 < argc) exps = argv[++a];
        else if (!strcmp(argv[a], "--kernels") && a + 1 < argc) kernels = argv[++a];
        else if (!strcmp(argv[a], "--runs") && a + 1 < argc) g_runs = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--no-peak")) peak = false;
        else { fprintf(stderr, "usage: %s [--exp A|B|AB] [--kernels r1,..,empty] [--runs N] [--no-peak]\n", argv[0]); return 2; }
    }
    auto want = [&](const char *key) {
        std::string s = "," + kernels + ",";
        return s.find(std::string(",") + key + ",") != std::string::npos;
    };

    int dev = 0, drv = 0, rt = 0;
    CK(cudaSetDevice(dev));
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, dev));
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    int memclk_khz = 0, buswidth = 0;
    cudaDeviceGetAttribute(&memclk_khz, cudaDevAttrMemoryClockRate, dev);
    cudaDeviceGetAttribute(&buswidth, cudaDevAttrGlobalMemoryBusWidth, dev);
    cudaGetLastError();
    double spec_gbps = 2.0 * memclk_khz * 1e3 * (buswidth / 8.0) / 1e9;  // DDR: 2 transfers/clock
    printf("{\"kind\":\"header\",\"program\":\"reduction\",\"device\":\"%s\",\"cc\":\"%d.%d\","
           "\"driver\":%d,\"runtime\":%d,\"sm_count\":%d,\"coarse_factor\":%d,"
           "\"mem_clock_khz\":%d,\"bus_width_bits\":%d,\"spec_gbps\":%.1f,\"runs\":%d}\n",
           p.name, p.major, p.minor, drv, rt, p.multiProcessorCount, COARSE_FACTOR,
           memclk_khz, buswidth, spec_gbps, g_runs);
    fflush(stdout);

    if (peak) {
        size_t bytes = (size_t)1 << 30;
        void *a, *b;
        CK(cudaMalloc(&a, bytes));
        CK(cudaMalloc(&b, bytes));
        CK(cudaMemset(a, 1, bytes));
        CK(cudaMemset(b, 0, bytes));
        std::vector<float> ms = time_it(3, g_runs, []() {},
            [&]() { CK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice)); });
        Stats s = stats(ms);
        g_peak_gbps = 2.0 * bytes / (s.median * 1e-3) / 1e9;
        printf("{\"kind\":\"peak\",\"what\":\"d2d_memcpy\",\"bytes\":%zu,\"runs\":%zu,"
               "\"median_ms\":%.6f,\"p25_ms\":%.6f,\"p75_ms\":%.6f,\"gbps\":%.3f,"
               "\"gbps_counting\":\"read+write (2 x bytes / median)\",\"copy_gbps\":%.3f}\n",
               bytes, ms.size(), s.median, s.p25, s.p75, g_peak_gbps,
               bytes / (s.median * 1e-3) / 1e9);
        fflush(stdout);
        CK(cudaFree(a));
        CK(cudaFree(b));
    }

    const int CF = COARSE_FACTOR;
    Kern ks[] = {
        {"reduce_r1", "r1", true, false, 2, false, reduce_r1, nullptr},
        {"reduce_r2", "r2", true, false, 2, false, reduce_r2, nullptr},
        {"reduce_r3", "r3", false, false, 2, false, nullptr, reduce_r3},
        {"reduce_r4", "r4", false, true, 2, false, nullptr, reduce_r4},
        {"reduce_r5", "r5", false, true, 2 * CF, false, nullptr, reduce_r5},
        {"reduce_r6", "r6", false, true, 2 * CF, true, nullptr, reduce_r6},
    };

    for (int e = 0; e < 2; ++e) {
        const char *exp = e == 0 ? "A" : "B";
        if (exps.find(exp) == std::string::npos) continue;
        size_t n = e == 0 ? 2048 : ((size_t)1 << 28);
        std::vector<float> h(n);
        srand(12345);
        double ref = 0;
        for (size_t j = 0; j < n; ++j) { h[j] = (float)(rand() / (RAND_MAX + 1.0)); ref += h[j]; }
        float *d_pristine, *d_in, *d_out;
        CK(cudaMalloc(&d_pristine, n * sizeof(float)));
        CK(cudaMalloc(&d_in, e == 0 ? n * sizeof(float) : sizeof(float)));
        CK(cudaMalloc(&d_out, sizeof(float)));
        CK(cudaMemcpy(d_pristine, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
        CK(cudaMemset(d_out, 0, sizeof(float)));

        if (e == 0 && want("empty")) {
            std::vector<float> ms = time_it(3, g_runs, []() {},
                [&]() { reduce_empty<<<1, 1024>>>(d_pristine, d_out); });
            report("reduce_empty", exp, n, 1, 1024, ms, NAN);
        }
        for (const Kern &k : ks) {
            if (!want(k.key)) continue;
            if (e == 0) {
                // one block covering exactly N elements
                run_one(k, exp, n, (unsigned)(n / k.elems_per_thread), d_pristine, d_in, d_out, ref);
            } else {
                if (!k.atomic) continue;      // R1..R3 are single-block kernels
                run_one(k, exp, n, 256, d_pristine, d_in, d_out, ref);
                if (k.elems_per_thread > 2)   // R5/R6 at block 1024 (seed's occupancy check)
                    run_one(k, exp, n, 1024, d_pristine, d_in, d_out, ref);
            }
        }
        CK(cudaFree(d_pristine));
        CK(cudaFree(d_in));
        CK(cudaFree(d_out));
    }
    CK(cudaDeviceSynchronize());
    return 0;
}
#endif  // KA_REDUCTION_DRIVER
