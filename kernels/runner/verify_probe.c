/* verify_probe.c — what the CUDA driver says about the kernels of a user's
 * cubins, for `kanalyze verify FILE...` (verify/verify_files.c compares).  Plain
 * C; libcuda.so.1 is opened with dlopen, so it builds with any C compiler and
 * runs where only the driver is installed (no CUDA runtime, no kanalyze).
 *
 *   verify_probe             one "header" line: the device (or "no_device")
 *   verify_probe MANIFEST    the header, then per cubin of the manifest (which
 *                            `kanalyze verify --extract DIR` writes as
 *                            DIR/probe.txt) its module and, per kernel, its
 *                            attributes and occupancy
 *
 * Each cubin is loaded with cuModuleLoadData (the caller sets
 * CUDA_MODULE_LOADING=EAGER); nothing is launched.  Per kernel and per
 * dynamic shared memory size of the manifest: cuOccupancyMaxActiveBlocks-
 * PerMultiprocessor at every block size 1..CU_FUNC_ATTRIBUTE_MAX_THREADS_
 * PER_BLOCK, printed as runs ([first block size, blocks per SM], the value
 * holding until the next run), and cuOccupancyMaxPotentialBlockSize.
 * Manifest lines: "cubin FILE SMEM[,SMEM...]" (FILE relative to the
 * manifest's directory), then "kernel MANGLED" for each kernel of it.
 * Exit 0; 2 without a device or on a bad manifest. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef size_t (*CUoccupancyB2DSize)(int block);

/* values from the CUDA Driver API reference (cuda.h, CUDA 12/13) */
enum {
	ATTR_MAX_THREADS_PER_BLOCK = 0, ATTR_SHARED_SIZE_BYTES = 1, ATTR_CONST_SIZE_BYTES = 2,
	ATTR_LOCAL_SIZE_BYTES = 3, ATTR_NUM_REGS = 4, ATTR_PTX_VERSION = 5, ATTR_BINARY_VERSION = 6,
	ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
	DEV_MULTIPROCESSOR_COUNT = 16, DEV_CC_MAJOR = 75, DEV_CC_MINOR = 76,
	DEV_MAX_SHARED_PER_BLOCK_OPTIN = 97,
};

static struct {
	CUresult (*Init)(unsigned);
	CUresult (*DriverGetVersion)(int *);
	CUresult (*DeviceGet)(CUdevice *, int);
	CUresult (*DeviceGetName)(char *, int, CUdevice);
	CUresult (*DeviceGetAttribute)(int *, int, CUdevice);
	CUresult (*DevicePrimaryCtxRetain)(CUcontext *, CUdevice);
	CUresult (*CtxSetCurrent)(CUcontext);
	CUresult (*ModuleLoadData)(CUmodule *, const void *);
	CUresult (*ModuleUnload)(CUmodule);
	CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
	CUresult (*FuncGetAttribute)(int *, int, CUfunction);
	CUresult (*FuncSetAttribute)(CUfunction, int, int);
	CUresult (*OccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction, int, size_t);
	CUresult (*OccupancyMaxPotentialBlockSize)(int *, int *, CUfunction, CUoccupancyB2DSize, size_t, int);
	CUresult (*GetErrorName)(CUresult, const char **);
} cu;

static const char *errname(CUresult r)
{
	const char *s = NULL;
	if (cu.GetErrorName)
		cu.GetErrorName(r, &s);
	return s ? s : "CUDA_ERROR_UNKNOWN";
}

/* JSON string body: the names are mangled C++ (plain ASCII), escape anyway */
static void jstr(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static int load_driver(void)
{
	void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
	if (!h)
		return -1;
#define SYM(f, n) (*(void **)&cu.f = dlsym(h, n))
	SYM(Init, "cuInit");
	SYM(DriverGetVersion, "cuDriverGetVersion");
	SYM(DeviceGet, "cuDeviceGet");
	SYM(DeviceGetName, "cuDeviceGetName");
	SYM(DeviceGetAttribute, "cuDeviceGetAttribute");
	SYM(DevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
	SYM(CtxSetCurrent, "cuCtxSetCurrent");
	SYM(ModuleLoadData, "cuModuleLoadData");
	SYM(ModuleUnload, "cuModuleUnload");
	SYM(ModuleGetFunction, "cuModuleGetFunction");
	SYM(FuncGetAttribute, "cuFuncGetAttribute");
	SYM(FuncSetAttribute, "cuFuncSetAttribute");
	SYM(OccupancyMaxActiveBlocksPerMultiprocessor, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
	SYM(OccupancyMaxPotentialBlockSize, "cuOccupancyMaxPotentialBlockSize");
	SYM(GetErrorName, "cuGetErrorName");
#undef SYM
	if (!cu.Init || !cu.DriverGetVersion || !cu.DeviceGet || !cu.DeviceGetName || !cu.DeviceGetAttribute ||
	    !cu.DevicePrimaryCtxRetain || !cu.CtxSetCurrent || !cu.ModuleLoadData || !cu.ModuleUnload ||
	    !cu.ModuleGetFunction || !cu.FuncGetAttribute || !cu.FuncSetAttribute ||
	    !cu.OccupancyMaxActiveBlocksPerMultiprocessor || !cu.OccupancyMaxPotentialBlockSize)
		return -2;
	return 0;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			char *nb = realloc(buf, cap = cap ? cap * 2 : 1 << 16);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	*len = n;
	return buf;
}

/* One kernel: attributes, then per dynamic size the sweep and the best block. */
static void probe_kernel(CUmodule m, const char *cubin, const char *name, const long *smem, int n_smem,
			 int optin)
{
	CUfunction f;
	CUresult r = cu.ModuleGetFunction(&f, m, name);
	int a[7] = {0};

	printf("{\"kind\":\"%s\",\"cubin\":", r ? "missing" : "kernel");
	jstr(cubin);
	printf(",\"name\":");
	jstr(name);
	if (r) {
		printf(",\"error\":\"%s\"}\n", errname(r));
		return;
	}
	for (int i = 0; i < 7; i++)
		if (cu.FuncGetAttribute(&a[i], i, f))
			a[i] = -1;
	printf(",\"regs\":%d,\"static_smem\":%d,\"local\":%d,\"max_threads\":%d,\"const\":%d,"
	       "\"ptx\":%d,\"binary\":%d}\n", a[ATTR_NUM_REGS], a[ATTR_SHARED_SIZE_BYTES], a[ATTR_LOCAL_SIZE_BYTES],
	       a[ATTR_MAX_THREADS_PER_BLOCK], a[ATTR_CONST_SIZE_BYTES], a[ATTR_PTX_VERSION], a[ATTR_BINARY_VERSION]);
	for (int s = 0; s < n_smem; s++) {
		int grid = -1, best = -1, last = -2;
		/* above 48 KiB a launch must opt in; ask as a program that opted in would */
		long dyn = smem[s];
		if (dyn > 48 * 1024 && dyn + a[ATTR_SHARED_SIZE_BYTES] <= optin)
			cu.FuncSetAttribute(f, ATTR_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)dyn);
		printf("{\"kind\":\"occupancy\",\"cubin\":");
		jstr(cubin);
		printf(",\"name\":");
		jstr(name);
		printf(",\"smem\":%ld,\"blocks\":[", dyn);
		for (int b = 1; b <= a[ATTR_MAX_THREADS_PER_BLOCK]; b++) {
			int n = 0;
			if (cu.OccupancyMaxActiveBlocksPerMultiprocessor(&n, f, b, (size_t)dyn))
				n = -1;
			if (n != last)
				printf("%s[%d,%d]", last == -2 ? "" : ",", b, n);
			last = n;
		}
		r = cu.OccupancyMaxPotentialBlockSize(&grid, &best, f, NULL, (size_t)dyn, 0);
		printf("],\"best_block\":%d,\"min_grid\":%d", r ? -1 : best, r ? -1 : grid);
		if (r)
			printf(",\"error\":\"%s\"", errname(r));
		printf("}\n");
	}
}

static int probe_manifest(const char *path, int optin)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, dir[4096] = ".", cubin[4096] = "";
	size_t cap = 0;
	long smem[16];
	int n_smem = 0;
	CUmodule m = NULL;
	const char *slash = strrchr(path, '/');

	if (!f) {
		fprintf(stderr, "verify_probe: %s: cannot open\n", path);
		return 2;
	}
	if (slash && (size_t)(slash - path) < sizeof(dir))
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	/* getline: a C++ template kernel's mangled name can run to kilobytes */
	while (getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "cubin ", 6) == 0) {
			char file[4096], list[1024], *save = NULL, full[8200];
			size_t len = 0;
			char *data;
			if (m)
				cu.ModuleUnload(m);
			m = NULL;
			if (sscanf(line + 6, "%4095s %1023s", file, list) != 2) {
				fprintf(stderr, "verify_probe: %s: bad line: %s\n", path, line);
				free(line);
				fclose(f);
				return 2;
			}
			snprintf(cubin, sizeof(cubin), "%s", file);
			n_smem = 0;
			for (char *t = strtok_r(list, ",", &save); t && n_smem < 16; t = strtok_r(NULL, ",", &save))
				smem[n_smem++] = strtol(t, NULL, 10);
			snprintf(full, sizeof(full), "%s/%s", dir, file);
			data = read_all(full, &len);
			if (!data) {
				printf("{\"kind\":\"load_error\",\"cubin\":");
				jstr(cubin);
				printf(",\"error\":\"cannot read the file\"}\n");
				continue;
			}
			CUresult r = cu.ModuleLoadData(&m, data);
			free(data);
			printf("{\"kind\":\"%s\",\"cubin\":", r ? "load_error" : "module");
			jstr(cubin);
			if (r) {
				printf(",\"error\":\"%s\"", errname(r));
				m = NULL;
			}
			printf(",\"bytes\":%zu}\n", len);
			fflush(stdout);
		} else if (strncmp(line, "kernel ", 7) == 0 && m) {
			probe_kernel(m, cubin, line + 7, smem, n_smem, optin);
		}
	}
	if (m)
		cu.ModuleUnload(m);
	free(line);
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	CUdevice dev;
	CUcontext ctx;
	char name[256] = "";
	int version = 0, major = 0, minor = 0, sms = 0, optin = 0, rc;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		fprintf(stderr, "usage: verify_probe [MANIFEST]\n");
		return 2;
	}
	if ((rc = load_driver()) != 0) {
		printf("{\"kind\":\"no_device\",\"error\":\"%s\"}\n",
		       rc == -1 ? "libcuda.so.1 not found" : "libcuda.so.1 lacks a driver API function");
		return 2;
	}
	CUresult r = cu.Init(0);
	if (!r)
		r = cu.DeviceGet(&dev, 0);
	if (r) {
		printf("{\"kind\":\"no_device\",\"error\":\"%s\"}\n", errname(r));
		return 2;
	}
	cu.DriverGetVersion(&version);
	cu.DeviceGetName(name, sizeof(name), dev);
	cu.DeviceGetAttribute(&major, DEV_CC_MAJOR, dev);
	cu.DeviceGetAttribute(&minor, DEV_CC_MINOR, dev);
	cu.DeviceGetAttribute(&sms, DEV_MULTIPROCESSOR_COUNT, dev);
	cu.DeviceGetAttribute(&optin, DEV_MAX_SHARED_PER_BLOCK_OPTIN, dev);
	printf("{\"kind\":\"header\",\"device\":");
	jstr(name);
	printf(",\"cc\":\"%d.%d\",\"driver_api\":%d,\"sm_count\":%d,\"smem_per_block_optin\":%d,"
	       "\"module_loading\":", major, minor, version, sms, optin);
	jstr(getenv("CUDA_MODULE_LOADING") ? getenv("CUDA_MODULE_LOADING") : "");
	printf("}\n");
	fflush(stdout);
	if (argc < 2)
		return 0;
	if ((r = cu.DevicePrimaryCtxRetain(&ctx, dev)) != 0 || (r = cu.CtxSetCurrent(ctx)) != 0) {
		printf("{\"kind\":\"no_device\",\"error\":\"%s\"}\n", errname(r));
		return 2;
	}
	return probe_manifest(argv[1], optin);
}
