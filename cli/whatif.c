/* whatif.c — launch advice: the block size the CUDA runtime would pick and
 * the grid that fills a device, and --what-if variants (regs=N recompiles
 * with -maxrregcount=N and reads the new registers and spills; block=B and
 * smem=S only re-run the model), ending in a one-line suggestion naming the
 * cheapest variant that raises occupancy. */
#define _GNU_SOURCE
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int ka_whatif_parse(const struct ka_cli *cli, struct ka_what_spec **specs, int *n, struct ka_diag *d)
{
	*specs = ka_xcalloc((size_t)(cli->n_what_ifs ? cli->n_what_ifs : 1), sizeof(**specs));
	*n = 0;
	for (int i = 0; i < cli->n_what_ifs; i++) {
		const char *s = cli->what_ifs[i];
		struct ka_what_spec *w = &(*specs)[*n];
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
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--what-if '%s': the value must be a number in %ld..%ld", s,
				      lo, hi);
			return -1;
		}
		snprintf(w->text, sizeof(w->text), "%.*s=%ld", (int)(eq - s), s, w->value);
		(*n)++;
	}
	return 0;
}

/* The user's compiler flags without any register cap of theirs. */
static const char **without_maxrregcount(const char *const *extra, const char *cap)
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

int ka_whatif_compile(const struct ka_what_spec *specs, int n, const char *file, const char *const *archs,
		      int n_archs, const struct ka_nvcc_options *base, struct ka_diag *d,
		      struct ka_kernel_list *lists)
{
	int rc = KA_EXIT_OK;
	for (int i = 0; i < n; i++) {
		char cap[48];
		char *text = NULL;
		size_t len = 0;
		struct ka_diag quiet;
		struct ka_nvcc_options opt = *base;
		FILE *f;

		if (specs[i].kind != KA_WHAT_REGS)
			continue;
		snprintf(cap, sizeof(cap), "-maxrregcount=%ld", specs[i].value);
		opt.extra = without_maxrregcount(base->extra, cap);
		/* the variant's compiler chatter repeats the original's: keep it
		 * unless the recompile fails */
		f = open_memstream(&text, &len);
		ka_diag_init(&quiet, f ? f : stderr);
		quiet.quiet = true;
		if (ka_nvcc_analyze(file, archs, n_archs, &opt, &quiet, &lists[i], NULL) != KA_EXIT_OK) {
			if (f)
				fflush(f);
			ka_diag_warn(d, file, "--what-if %s: the recompile with %s failed:\n%s", specs[i].text, cap,
				     text ? text : "");
			rc = KA_EXIT_TOOLCHAIN;
		}
		ka_diag_fini(&quiet);
		if (f)
			fclose(f);
		free(text);
		free((void *)opt.extra);
	}
	return rc;
}

static const struct ka_kernel *find_variant(const struct ka_kernel_list *l, const struct ka_kernel *k)
{
	for (size_t i = 0; l && i < l->n; i++)
		if (strcmp(l->v[i].mangled, k->mangled) == 0 && strcmp(l->v[i].arch, k->arch) == 0 &&
		    strcmp(l->v[i].file, k->file) == 0)
			return &l->v[i];
	return NULL;
}

static long spill_bytes(long stores, long loads)
{
	return (stores > 0 ? stores : 0) + (loads > 0 ? loads : 0);
}

void ka_launch_advice(struct ka_report_kernel *rk, const struct ka_what_spec *specs, int n,
		      const struct ka_kernel_list *lists, int sms)
{
	const struct ka_kernel *k = rk->k;
	const struct ka_what_if *best = NULL;

	rk->best_block = rk->n_best > 0 ? rk->best[rk->n_best - 1] : 0;
	rk->min_grid = -1;
	if (sms > 0 && rk->best_block > 0) {
		struct ka_nv_launch at = rk->launch;
		at.block = rk->best_block;
		rk->min_grid = (long)ka_occ_nvidia_blocks(rk->arch, &at) * sms;
	}

	rk->what_if = n ? ka_xcalloc((size_t)n, sizeof(*rk->what_if)) : NULL;
	rk->n_what_if = n;
	for (int i = 0; i < n; i++) {
		struct ka_what_if *w = &rk->what_if[i];
		struct ka_nv_launch in = rk->launch;
		snprintf(w->what, sizeof(w->what), "%s", specs[i].text);
		w->regs = k->res.regs;
		w->spill_stores = k->res.spill_stores;
		w->spill_loads = k->res.spill_loads;
		if (specs[i].kind == KA_WHAT_REGS) {
			const struct ka_kernel *v = find_variant(&lists[i], k);
			if (!v) {
				w->failed = true;
				continue;
			}
			w->regs = v->res.regs;
			w->spill_stores = v->res.spill_stores;
			w->spill_loads = v->res.spill_loads;
			in.regs = (int)v->res.regs;
			in.smem += v->res.static_smem - k->res.static_smem;
		} else if (specs[i].kind == KA_WHAT_BLOCK) {
			in.block = (int)specs[i].value;
		} else {
			in.smem += specs[i].value - rk->smem_dynamic;
		}
		w->block = in.block;
		w->smem_dynamic = specs[i].kind == KA_WHAT_SMEM ? specs[i].value : rk->smem_dynamic;
		ka_occ_nvidia(rk->arch, &in, &w->occ);
		/* the cheapest gain: most warps, then fewest spill bytes */
		if (w->occ.warps_per_sm > rk->occ.warps_per_sm &&
		    (!best || w->occ.warps_per_sm > best->occ.warps_per_sm ||
		     (w->occ.warps_per_sm == best->occ.warps_per_sm &&
		      spill_bytes(w->spill_stores, w->spill_loads) < spill_bytes(best->spill_stores, best->spill_loads))))
			best = w;
	}

	rk->suggestion[0] = '\0';
	if (best) {
		snprintf(rk->suggestion, sizeof(rk->suggestion),
			 "%s raises occupancy %.1f %% -> %.1f %% (%d -> %d blocks/SM) for %ld B of spills",
			 best->what, 100.0 * rk->occ.occupancy, 100.0 * best->occ.occupancy, rk->occ.blocks_per_sm,
			 best->occ.blocks_per_sm, spill_bytes(best->spill_stores, best->spill_loads));
	} else if (n == 0 && rk->cliffs.regs_to_next_gain > 0 && rk->cliffs.regs_to_next_gain <= 16) {
		snprintf(rk->suggestion, sizeof(rk->suggestion),
			 "%d fewer registers (%ld) would give %d blocks/SM: try --what-if regs=%ld",
			 rk->cliffs.regs_to_next_gain, k->res.regs - rk->cliffs.regs_to_next_gain,
			 rk->cliffs.blocks_after_gain, k->res.regs - rk->cliffs.regs_to_next_gain);
	}
}
