/* summary.c — `--summary`: the text report of a big build in one line per
 * kernel result, worst first, so that the kernels to look at come before
 * the thousands that are fine: occupancy, its limiter, registers (AMD:
 * VGPRs), spills (bytes; AMD: registers spilled), the distance to the next register cliff, the findings by
 * level, the arch and the kernel with its place.  Worst: lowest occupancy,
 * then spilling, then nearest a register cliff, then most warnings; ties
 * keep the report's order (file, arch, mangled name). */
#define _GNU_SOURCE              /* qsort_r, fmemopen */
#include "lines.h"
#include "sites.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

enum { SUMMARY_NAME_COLS = 48 };

struct row {
	size_t i;                     /* into r->v */
	int warnings, notes;
	long spill;                   /* bytes (NVIDIA) or registers spilled (AMD); 0 none */
	int cliff;                    /* registers to the next drop; 1 << 20 none */
};

static int worst_first(const void *x, const void *y, void *ctx)
{
	const struct row *a = x, *b = y;
	const struct ka_result *r = ctx;
	double oa = r->v[a->i].occ.occupancy, ob = r->v[b->i].occ.occupancy;
	if (oa != ob)
		return oa < ob ? -1 : 1;
	if ((a->spill > 0) != (b->spill > 0))
		return a->spill > 0 ? -1 : 1;
	if (a->cliff != b->cliff)
		return a->cliff < b->cliff ? -1 : 1;
	if (a->warnings != b->warnings)
		return a->warnings > b->warnings ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

static struct row row_of(const struct ka_result *r, size_t i, int level)
{
	const struct ka_kernel_result *kr = &r->v[i];
	const struct ka_resources *res = &kr->k->res;
	struct row w = {.i = i, .cliff = kr->cliffs.regs_to_next_drop > 0 ? kr->cliffs.regs_to_next_drop : 1 << 20};
	for (size_t j = 0; kr->u && j < kr->u->n_findings; j++) {
		if (!ka_finding_applies(kr, j))
			continue;
		int l = ka_finding_level(ka_rule_severity(kr->u->findings[j].rule));
		if (l < level)
			continue;
		w.warnings += l == 2;
		w.notes += l < 2;
	}
	if (kr->k->vendor == KA_VENDOR_AMD)
		w.spill = (res->vgpr_spills > 0 ? res->vgpr_spills : 0) + (res->sgpr_spills > 0 ? res->sgpr_spills : 0);
	else
		w.spill = (res->spill_stores > 0 ? res->spill_stores : 0) + (res->spill_loads > 0 ? res->spill_loads : 0);
	return w;
}

void ka_text_summary(FILE *out, const struct ka_text *t)
{
	const struct ka_result *r = t->r;
	int level = ka_finding_level(t->o->findings);
	struct row *rows = ka_xcalloc(r->n + 1, sizeof(*rows));
	for (size_t i = 0; i < r->n; i++)
		rows[i] = row_of(r, i, level);
	qsort_r(rows, r->n, sizeof(*rows), worst_first, (void *)r);
	fprintf(out, "%s%10s  %-22s %9s %8s %6s  %-20s %-7s %s%s\n", BOLD(t), "occupancy", "limiter", "registers",
		"spills", "cliff", "findings", "arch", "kernel", OFF(t));
	for (size_t n = 0; n < r->n; n++) {
		const struct ka_kernel_result *kr = &r->v[rows[n].i];
		const struct ka_kernel *k = kr->k;
		char lim[64] = "", fnd[32], cliff[16], spill[16], name[4 * SUMMARY_NAME_COLS];
		double occ = kr->occ.occupancy;
		FILE *m = fmemopen(lim, sizeof(lim) - 1, "w");
		if (m) {
			ka_text_limiters(m, kr->occ.limiters);
			fclose(m);
		}
		snprintf(fnd, sizeof(fnd), "%d warning%s, %d other", rows[n].warnings, rows[n].warnings == 1 ? "" : "s",
			 rows[n].notes);
		if (rows[n].cliff < (1 << 20))
			snprintf(cliff, sizeof(cliff), "+%d", rows[n].cliff);
		else
			snprintf(cliff, sizeof(cliff), "none");
		bool amd = k->vendor == KA_VENDOR_AMD;      /* registers: VGPRs; spills: registers spilled */
		snprintf(spill, sizeof(spill), "%ld %s", rows[n].spill, amd ? "regs" : "B");
		fprintf(out, "%s%8.1f %%%s  %-22s %9ld %s%8s%s %6s  %-20s %-7s ",
			occ >= 0.5 ? GRN(t) : occ >= 0.25 ? YEL(t) : RED(t), 100.0 * occ, OFF(t), lim,
			amd ? k->res.vgprs : k->res.regs, rows[n].spill > 0 ? RED(t) : "", spill, OFF(t), cliff, fnd,
			k->arch);
		fputs(ka_name_short(k->name ? k->name : k->mangled, SUMMARY_NAME_COLS, t->o->utf8, name, sizeof(name)), out);
		fputs("  ", out);
		ka_text_where(out, k);
		fputc('\n', out);
	}
	free(rows);
}
