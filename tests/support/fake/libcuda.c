/* libcuda.c — a stand-in for the CUDA driver (libcuda.so.1) for the tests of
 * `kanalyze verify FILE...` on machines without a GPU: the probe
 * (kernels/runner/verify_probe.c) opens it with dlopen as it would the real
 * one.  FAKE_CUDA=nodevice: cuInit fails with CUDA_ERROR_NO_DEVICE (100).
 * Otherwise one "Fake H200" (cc 9.0, 132 SMs) whose every kernel has 8
 * registers, no shared or local memory, 1024 threads, 32 blocks per SM at
 * every size and a best block of 1024: answers kanalyze must disagree with
 * for most kernels, which is what the tests look for.  Only the entry points
 * the probe uses; values from the CUDA Driver API reference. */
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef size_t (*b2d)(int);

static int nodevice(void) { const char *m = getenv("FAKE_CUDA"); return m && strcmp(m, "nodevice") == 0; }

CUresult cuInit(unsigned f) { (void)f; return nodevice() ? 100 : 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGet(int *d, int o) { (void)o; *d = 0; return nodevice() ? 100 : 0; }
CUresult cuDeviceGetName(char *n, int len, int d) { (void)d; strncpy(n, "Fake H200", (size_t)len); return 0; }
CUresult cuDeviceGetAttribute(int *v, int a, int d)
{
	(void)d;
	*v = a == 75 ? 9 : a == 76 ? 0 : a == 16 ? 132 : a == 97 ? 232448 : 0;
	return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { (void)d; *c = (void *)1; return 0; }
CUresult cuCtxSetCurrent(void *c) { (void)c; return 0; }
CUresult cuModuleLoadData(void **m, const void *p) { (void)p; *m = (void *)1; return 0; }
CUresult cuModuleUnload(void *m) { (void)m; return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *n) { (void)m; (void)n; *f = (void *)1; return 0; }
CUresult cuFuncGetAttribute(int *v, int a, void *f)
{
	(void)f;
	*v = a == 0 ? 1024 : a == 4 ? 8 : a == 5 || a == 6 ? 90 : 0;
	return 0;
}
CUresult cuFuncSetAttribute(void *f, int a, int v) { (void)f; (void)a; (void)v; return 0; }
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int b, size_t s)
{
	(void)f; (void)b; (void)s;
	*n = 32;
	return 0;
}
CUresult cuOccupancyMaxPotentialBlockSize(int *g, int *b, void *f, b2d fn, size_t s, int lim)
{
	(void)f; (void)fn; (void)s; (void)lim;
	*g = 4224;
	*b = 1024;
	return 0;
}
CUresult cuGetErrorName(CUresult r, const char **s) { *s = r == 100 ? "CUDA_ERROR_NO_DEVICE" : "CUDA_ERROR_UNKNOWN"; return 0; }
