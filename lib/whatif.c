/* whatif.c — the parts of --what-if every vendor shares: reading a spec
 * (regs=N recompiles with a register cap, block=B and smem=S only re-run
 * the model), the flags of a capped recompile, and finding a kernel's
 * variant.  Each vendor's model (vendor_*.c) turns them into launch advice. */
#define _GNU_SOURCE
#include "lib.h"

#include <stdlib.h>
#include <string.h>

int ka_what_spec_parse(const char *s, struct ka_what_spec *w, struct ka_diag *d)
{
	const char *eq = strchr(s, '=');
	char *end;
	long lo, hi;

	if (eq && strncmp(s, "regs", (size_t)(eq - s)) == 0 && eq - s == 4)
		w->kind = KA_WHAT_REGS, lo = 16, hi = 255;
	else if (eq && strncmp(s, "block", (size_t)(eq - s)) == 0 && eq - s == 5)
		w->kind = KA_WHAT_BLOCK, lo = 1, hi = 1024;
	else if (eq && strncmp(s, "smem", (size_t)(eq - s)) == 0 && eq - s == 4)
		w->kind = KA_WHAT_SMEM, lo = 0, hi = 1L << 20;
	else {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--what-if '%s': expected regs=N, block=B or smem=S", s);
		return -1;
	}
	w->value = strtol(eq + 1, &end, 10);
	if (end == eq + 1 || *end || w->value < lo || w->value > hi) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--what-if '%s': the value must be a number in %ld..%ld", s, lo,
			      hi);
		return -1;
	}
	snprintf(w->text, sizeof(w->text), "%.*s=%ld", (int)(eq - s), s, w->value);
	return 0;
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
