/* version.c — `kanalyze --version`: the version, then what this kanalyze
 * runs on this machine and where it found it, so that a user on an
 * unfamiliar node sees at once which libclang, nvcc, nvdisasm, cuobjdump,
 * HIP compiler and ncu it would use (each found as an analysis finds it:
 * the options and environment variables apply), or that one is missing and
 * what then does not work. */
#include "cli.h"

#include <stdlib.h>

#include "analyzer.h"
#include "frontends.h"

static void tool(const char *what, char *path, const char *missing)
{
	printf("%-10s %s\n", what, path ? path : missing);
	free(path);
}

int ka_cmd_version(const struct ka_cli *cli)
{
	char version[256];
	const char *why, *lib;
	printf("kanalyze %s\n", KA_VERSION);
	lib = ka_libclang_describe(version, sizeof(version), &why);
	if (lib)
		printf("%-10s %s (%s)\n", "libclang", lib, version);
	else
		printf("%-10s not loaded: %s (no source analysis: uniformity, findings, launch sites)\n", "libclang", why);
	struct ka_nvcc_options nv = {.nvcc = cli->opt[OPT_NVCC]};
	tool("nvcc", ka_nvcc_locate(&nv), "not found (CUDA sources cannot be compiled; binaries and the calculator work)");
	tool("nvdisasm", ka_nvdisasm_locate(), "not found (--sass needs it: the CUDA toolkit's, or pip's nvidia-cuda-nvdisasm)");
	tool("cuobjdump", ka_cuobjdump_locate(), "not found (only some fatbins need it)");
	struct ka_hip_options hip = {.clang = cli->opt[OPT_CLANG]};
	tool("hip", ka_hip_locate(&hip), "not found (HIP sources cannot be compiled)");
	tool("ncu", ka_ncu_locate(), "not found (verify --profile needs it to profile here)");
	return KA_EXIT_OK;
}
