/* fe_hip_whatif.c — --what-if regs=N and waves=W for HIP sources: the file
 * compiled again for the run's AMD archs with every __global__ kernel
 * carrying a register request, without touching the user's file.
 *
 * What works on the installed compilers (clang-16, and Debian's hipcc on
 * LLVM 15): no LLVM option caps VGPRs (-mllvm -amdgpu-num-vgpr and
 * -amdgpu-waves-per-eu do not exist; --gpu-max-threads-per-block only
 * changes the default workgroup bound), and `#pragma clang attribute` with
 * apply_to = function also hits host functions, which the amdgpu_*
 * attributes refuse (an error).  What works on both is a generated header
 * given with -include after clang's HIP wrapper has defined __global__:
 *
 *   #undef __global__
 *   #define __global__ __attribute__((global, amdgpu_waves_per_eu(4)))
 *
 * (hip/amd_detail/host_defines.h leaves __global__ alone once the wrapper
 * has defined it), so only kernels get the attribute.  regs=N uses
 * amdgpu_num_vgpr, which LLVM doubles on the gfx90a/gfx94x unified
 * VGPR+AGPR file (GCNSubtarget::getBaseMaxNumVGPRs): there N/2 is asked
 * for, giving a budget of N (archs that take the same attribute compile
 * together, up to -j at once).  Measured (tests/e2e/amd_whatif.sh) on
 * kernels/hip/gemm.hip, gfx90a, clang-16: sgemm_tiled 152 VGPRs -> 126 with
 * regs=128 or waves=4; kernels/hip/softmax.hip, gfx908: softmax_rows<16> 49
 * VGPRs (4 waves/SIMD) -> 47 + 2 AGPRs (5) with regs=48, on both compilers. */
#define _GNU_SOURCE
#include "lib.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The attribute for one arch: "amdgpu_num_vgpr(64)" or "amdgpu_waves_per_eu(4)". */
static void attribute_for(const struct ka_what_spec *w, const char *arch, char *out, size_t n)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);

	if (w->kind == KA_WHAT_WAVES)
		snprintf(out, n, "amdgpu_waves_per_eu(%ld)", w->value);
	else
		snprintf(out, n, "amdgpu_num_vgpr(%ld)", a && a->unified ? w->value / 2 : w->value);
}

/* The header that gives every __global__ kernel `attr`; its path (malloc'd)
 * or NULL after a message. */
static char *write_header(const char *dir, int n, const char *attr, const char *what, const char *file,
			  struct ka_diag *d)
{
	struct ka_buf path = {0}, text = {0};
	int r;

	ka_buf_printf(&path, "%s/kanalyze_whatif%d.h", dir, n);
	ka_buf_printf(&text, "/* kanalyze --what-if %s: every kernel asks LLVM for %s */\n"
		      "#undef __global__\n#define __global__ __attribute__((global, %s))\n", what, attr, attr);
	r = ka_write_file_replace(path.data, text.data, text.len, false);
	ka_buf_free(&text);
	if (r != 0) {
		ka_diag_warn(d, file, "--what-if %s: cannot write %s: %s", what, path.data, strerror(-r));
		ka_buf_free(&path);
		return NULL;
	}
	return path.data;
}

/* The user's flags, then -include HEADER (NULL-ended, strings borrowed). */
static const char **flags_with_include(const char *const *extra, const char *header)
{
	size_t n = 0;
	const char **v;

	for (const char *const *e = extra; e && *e; e++)
		n++;
	v = ka_xcalloc(n + 3, sizeof(char *));
	n = 0;
	for (const char *const *e = extra; e && *e; e++)
		v[n++] = *e;
	v[n++] = "-include";
	v[n++] = header;
	return v;
}

/* The archs that take one attribute: compiled together (up to -j at once),
 * quietly (the variant's compiler chatter repeats the original's; it is
 * shown only when the recompile fails). */
static int recompile_group(const char *file, const char *const *archs, int n_archs, const char *attr,
			   const char *header, const struct ka_what_spec *w, struct ka_run *run, struct ka_diag *d,
			   struct ka_kernel_list *out)
{
	const struct ka_request *req = run->req;
	const char **extra = flags_with_include(req->cc_args, header);
	struct ka_hip_options o = {
		.clang = req->clang,
		.extra = extra,
		.timeout_s = req->timeout_s,
		.jobs = req->jobs,
		.wave = req->launch.wave,
	};
	char *text = NULL;
	size_t len = 0;
	struct ka_diag quiet;
	FILE *f = open_memstream(&text, &len);
	int rc;

	ka_diag_init(&quiet, f ? f : stderr);
	quiet.quiet = true;
	rc = ka_hip_analyze(file, archs, n_archs, &o, &quiet, out, NULL);
	if (f)
		fflush(f);
	if (rc != KA_EXIT_OK)
		ka_diag_warn(d, file, "--what-if %s: the recompile with __attribute__((%s)) failed:\n%s", w->text, attr,
			     text ? text : "");
	ka_diag_fini(&quiet);
	if (f)
		fclose(f);
	free(text);
	free(extra);
	return rc;
}

int ka_hip_recompile_what(const char *file, const struct ka_what_spec *w, struct ka_run *run, struct ka_diag *d,
			  struct ka_kernel_list *out)
{
	const char *const *all = run->archs[KA_VENDOR_AMD];
	int n_all = run->n_archs[KA_VENDOR_AMD], rc = KA_EXIT_OK, groups = 0;
	bool done[KA_MAX_ARCHS] = {false};
	char *dir;

	if (w->kind != KA_WHAT_REGS && w->kind != KA_WHAT_WAVES)
		return KA_EXIT_OK;
	dir = ka_tempdir_create("hipwhat");
	if (!dir) {
		ka_diag_warn(d, file, "--what-if %s: cannot create a temporary directory: %s", w->text, strerror(errno));
		return KA_EXIT_TOOLCHAIN;
	}
	for (int a = 0; a < n_all; a++) {
		const char *archs[KA_MAX_ARCHS];
		char attr[64], other[64];
		int n = 0, r;
		char *header;

		if (done[a])
			continue;
		attribute_for(w, all[a], attr, sizeof(attr));
		for (int b = a; b < n_all; b++) {
			attribute_for(w, all[b], other, sizeof(other));
			if (!done[b] && strcmp(attr, other) == 0) {
				archs[n++] = all[b];
				done[b] = true;
			}
		}
		header = write_header(dir, groups++, attr, w->text, file, d);
		r = header ? recompile_group(file, archs, n, attr, header, w, run, d, out) : KA_EXIT_TOOLCHAIN;
		if (r > rc)
			rc = r;
		free(header);
	}
	ka_tempdir_remove(dir);
	free(dir);
	return rc;
}
