/* fe_remarks.c — --remarks LOG: the kernels of a saved
 * -Rpass-analysis=kernel-resource-usage log (e.g. from a Hygon DTK machine)
 * for the one AMD arch it was made for; no compile, no source.
 *
 * A build's binary may come with it (a Hygon DTK code object, offload
 * bundle or executable is an ordinary AMDGPU code object, whose target
 * gfx928/gfx936 the installed LLVM need not know):
 *   kanalyze --remarks LOG --arch gfx936 app.exe   the binary (read first, by
 *            the binary frontend) gives the kernels, their LDS, scratch,
 *            workgroup bound and wave size; the log gives the register
 *            counts and LLVM's occupancy of each kernel it names
 *   kanalyze --remarks k.co --arch gfx936          a binary given as the log is
 *            read as a binary */
#include "lib.h"

#include <stddef.h>
#include <string.h>

static bool same_arch(const char *a, const char *b)
{
	size_t n = strcspn(a, ":");
	return n == strcspn(b, ":") && strncmp(a, b, n) == 0;
}

/* The binary's kernel of the log's `k` (same mangled name and processor). */
static struct ka_kernel *binary_kernel(struct ka_kernel_list *l, size_t n_binary, const struct ka_kernel *k)
{
	for (size_t i = 0; i < n_binary; i++)
		if (strcmp(l->v[i].mangled, k->mangled) == 0 && same_arch(l->v[i].arch, k->arch))
			return &l->v[i];
	return NULL;
}

/* Counts from the log into the binary's kernel; a difference with what the
 * binary's metadata says is reported (another build?), the log is kept. */
static void merge(struct ka_kernel *b, const struct ka_kernel *log, const char *path, struct ka_diag *d)
{
	static const struct {
		const char *what;
		size_t off;
	} counts[] = {
		{"VGPRs", offsetof(struct ka_resources, vgprs)},
		{"AGPRs", offsetof(struct ka_resources, agprs)},
		{"SGPRs", offsetof(struct ka_resources, sgprs)},
	};

	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		long *to = (long *)((char *)&b->res + counts[i].off);
		long from = *(const long *)((const char *)&log->res + counts[i].off);
		if (from == KA_UNSET)
			continue;
		if (*to != KA_UNSET && *to != from)
			ka_diag_warn(d, path, "%s (%s): the log says %ld %s, the binary's metadata %ld (not the same "
				     "build?); using the log", b->name, b->arch, from, counts[i].what, *to);
		*to = from;
	}
	if (log->res.vgpr_spills != KA_UNSET)
		b->res.vgpr_spills = log->res.vgpr_spills;
	if (log->res.sgpr_spills != KA_UNSET)
		b->res.sgpr_spills = log->res.sgpr_spills;
	b->llvm_waves_per_simd = log->llvm_waves_per_simd;
}

/* The log's kernels into the binaries' (run->out[0..n_binary)), the rest
 * appended as log kernels. */
static void join(struct ka_run *run, size_t n_binary, struct ka_kernel_list *log, struct ka_diag *d)
{
	const char *path = run->req->remarks;
	size_t merged = 0;

	for (size_t i = 0; i < log->n; i++) {
		struct ka_kernel *b = binary_kernel(run->out, n_binary, &log->v[i]);
		if (b) {
			merge(b, &log->v[i], path, d);
			ka_kernel_free(&log->v[i]);
			merged++;
			continue;
		}
		ka_diag_note(d, path, "%s: in the log but not in the binaries given: counts from the log alone",
			     log->v[i].name);
		*ka_kernel_list_add(run->out) = log->v[i];
	}
	log->n = 0;
	if (merged < n_binary)
		ka_diag_note(d, path, "%zu kernel(s) of the binaries are not in the log: their counts come from the "
			     "code object's metadata", n_binary - merged);
}

static int load(struct ka_run *run, struct ka_diag *d)
{
	const char *arch = run->archs[KA_VENDOR_AMD][0];
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);
	const char *path = run->req->remarks;
	int wave = run->req->launch.wave;
	struct ka_kernel_list log = {0};
	size_t n_binary = run->out->n;
	int rc;

	if (wave == 32 && !ka_amd_has_wave32(a)) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--wave32: %s runs wave64 only", a->name);
		return KA_EXIT_USAGE;
	}
	if (ka_fe_binary.claims(path, NULL, NULL)) {   /* a code object given as the log */
		struct ka_unit u = {.file = path, .fe = &ka_fe_binary};
		return ka_fe_binary.compile(&u, 1, run, d);
	}
	rc = ka_hip_remarks_load(path, arch, wave ? wave : a->default_wave, d, n_binary ? &log : run->out);
	if (rc != KA_EXIT_OK) {
		ka_kernel_list_free(&log);
		return rc;
	}
	if (n_binary)
		join(run, n_binary, &log, d);
	ka_kernel_list_free(&log);
	for (size_t i = n_binary; i < run->out->n; i++)
		if (!ka_analysed_has(run->done, run->out->v[i].file, run->out->v[i].arch))
			ka_analysed_add(run->done, run->out->v[i].file, run->out->v[i].arch);
	return rc;
}

const struct ka_frontend ka_fe_remarks = {
	.name = "amd-remarks",
	.vendor = &ka_vendor_amd,
	.load = load,
};
