/* whatif.c — the parts of --what-if every vendor shares: reading a spec
 * (regs=N and waves=W recompile -- NVIDIA with a register cap, AMD with the
 * amdgpu_num_vgpr / amdgpu_waves_per_eu kernel attributes --; block=B and
 * smem=S, or lds=S, only re-run the model), the flags of a capped recompile,
 * the variants' storage, and finding a kernel's variant.  Each vendor's
 * model (vendor_*.c) turns them into launch advice. */
#define _GNU_SOURCE
#include "lib.h"

#include <stdlib.h>
#include <string.h>

/* The spec kinds: name, kind, value range.  waves=W asks for at least W
 * waves per SIMD (AMD's EU), so 1..20 (gfx10+ in wave32 allows 20 on some
 * parts; the compiler clamps to what the arch has). */
static const struct {
	const char *name;
	enum ka_what_kind kind;
	long lo, hi;
} spec_kinds[] = {
	{"regs", KA_WHAT_REGS, 16, 255},
	{"waves", KA_WHAT_WAVES, 1, 20},
	{"block", KA_WHAT_BLOCK, 1, 1024},
	{"smem", KA_WHAT_SMEM, 0, 1L << 20},
	{"lds", KA_WHAT_SMEM, 0, 1L << 20},
};

int ka_what_spec_parse(const char *s, struct ka_what_spec *w, struct ka_diag *d)
{
	const char *eq = strchr(s, '=');
	char *end;
	long lo = 0, hi = 0;
	size_t i, n = sizeof(spec_kinds) / sizeof(spec_kinds[0]);

	for (i = 0; eq && i < n; i++)
		if (strlen(spec_kinds[i].name) == (size_t)(eq - s) && strncmp(s, spec_kinds[i].name, (size_t)(eq - s)) == 0)
			break;
	if (!eq || i == n) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--what-if '%s': expected regs=N, waves=W, block=B, smem=S or lds=S",
			      s);
		return -1;
	}
	w->kind = spec_kinds[i].kind;
	lo = spec_kinds[i].lo;
	hi = spec_kinds[i].hi;
	w->value = strtol(eq + 1, &end, 10);
	if (end == eq + 1 || *end || w->value < lo || w->value > hi) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--what-if '%s': the value must be a number in %ld..%ld", s, lo,
			      hi);
		return -1;
	}
	snprintf(w->text, sizeof(w->text), "%.*s=%ld", (int)(eq - s), s, w->value);
	return 0;
}

/* n variants, with the counts only the other vendor has unset (JSON null). */
struct ka_what_if *ka_what_ifs_new(int n)
{
	struct ka_what_if *v = n > 0 ? ka_xcalloc((size_t)n, sizeof(*v)) : NULL;
	for (int i = 0; i < n; i++) {
		v[i].vgprs = v[i].agprs = v[i].sgprs = v[i].scratch = KA_UNSET;
		v[i].vgpr_spills = v[i].sgpr_spills = KA_UNSET;
		v[i].waves_per_simd = -1;
	}
	return v;
}

/* The user's compiler flags without any register cap of theirs. */
const char **ka_flags_with_cap(const char *const *extra, const char *cap)
{
	size_t n = 0;
	const char **out;
	for (const char *const *e = extra; e && *e; e++)
		n++;
	out = ka_xcalloc(n + 2, sizeof(char *));
	n = 0;
	for (const char *const *e = extra; e && *e; e++) {
		const char *a = *e;
		if (strncmp(a, "-maxrregcount", 13) == 0 || strncmp(a, "--maxrregcount", 14) == 0) {
			if (!strchr(a, '=') && a[a[1] == '-' ? 14 : 13] == '\0' && e[1])
				e++;                        /* "-maxrregcount N" */
			continue;
		}
		out[n++] = a;
	}
	out[n++] = cap;
	return out;
}

const struct ka_kernel *ka_whatif_variant(const struct ka_kernel_list *l, const struct ka_kernel *k)
{
	for (size_t i = 0; l && i < l->n; i++)
		if (strcmp(l->v[i].mangled, k->mangled) == 0 && strcmp(l->v[i].arch, k->arch) == 0 &&
		    strcmp(l->v[i].file, k->file) == 0)
			return &l->v[i];
	return NULL;
}

long ka_spill_bytes(long stores, long loads)
{
	return (stores > 0 ? stores : 0) + (loads > 0 ? loads : 0);
}
