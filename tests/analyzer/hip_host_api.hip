// hip_host_api.hip — host code as HIP's own examples write it parses with
// the prelude: memset and std::abs with no include of their own (HIP's
// headers bring <string.h> and <cstdlib>), <memory> (libstdc++'s own
// __attribute__((__noinline__)) against a __noinline__ macro), streams
// created with hipStreamDefault, symbols by HIP_SYMBOL, the module and
// runtime-compiler APIs with their launch parameters, peer copies,
// cooperative launches and the bit-field intrinsics.  A parse error fails
// this file.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hiprtc.h>
#include <memory>
#include <vector>

__device__ int table[64];

__global__ void hip_bitfield(unsigned *out, const unsigned *in) {
    unsigned t = threadIdx.x;                                       // expect: affine-lane
    out[t] = __bitextract_u32(in[t], 8, 4) + table[t % 64];         // expect: varying
}

__global__ void hip_cooperative(float *x) {
    namespace cg = cooperative_groups;
    cg::grid_group g = cg::this_grid();                             // expect: grid-uniform
    x[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;                // expect: const
    g.sync();
}

int host_side(hipModule_t m, const char *src) {
    std::vector<float> v(256);
    std::unique_ptr<float[]> p(new float[4]);
    memset(v.data(), 0, v.size() * sizeof(float));
    hipStream_t s;
    hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
    int h[64] = {0}, grid = 0, block = 0, peer = 0;
    hipMemcpyToSymbol(HIP_SYMBOL(table), h, sizeof(h), 0, hipMemcpyHostToDevice);
    void *addr;
    size_t bytes;
    hipGetSymbolAddress(&addr, HIP_SYMBOL(table));
    hipGetSymbolSize(&bytes, HIP_SYMBOL(table));
    hipOccupancyMaxPotentialBlockSize(&grid, &block, hip_bitfield, 0, 0);
    hipDeviceCanAccessPeer(&peer, 0, 1);
    hipDeviceAttributeCooperativeLaunch == hipDeviceAttributeWarpSize ? (void)0 : (void)0;
    void *args[] = {&addr};
    hipLaunchCooperativeKernel(hip_cooperative, dim3(1), dim3(64), args, 0, hipStreamDefault);
    hipFunction_t f;
    hipModuleGetFunction(&f, m, "k");
    size_t n = sizeof(addr);
    void *config[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &addr, HIP_LAUNCH_PARAM_BUFFER_SIZE, &n,
                      HIP_LAUNCH_PARAM_END};
    hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, hipStreamDefault, nullptr, config);
    hiprtcProgram prog;
    hiprtcCreateProgram(&prog, src, "k.hip", 0, nullptr, nullptr);
    hiprtcResult r = hiprtcCompileProgram(prog, 0, nullptr);
    hiprtcDestroyProgram(&prog);
    return r == HIPRTC_SUCCESS && std::abs(block) < 1024 ? 0 : 1;
}
