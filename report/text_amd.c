/* text_amd.c — an AMD (or Hygon) kernel in the text report: VGPRs, AGPRs,
 * SGPRs, scratch and LDS; waves per SIMD and workgroups per CU with the
 * limiter and LLVM's own figure; the VGPR and LDS cliffs in waves per SIMD;
 * the best workgroup sizes; the --what-if variants and the suggestion. */
#include "text.h"

#include <string.h>

static void known(FILE *out, const char *what, long v)
{
	if (v == KA_UNSET)
		fprintf(out, "? %s", what);
	else
		fprintf(out, "%ld %s", v, what);
}

/* --what-if: each variant's counts, scratch and waves; the suggestion. */
static void what_ifs(FILE *out, const struct ka_text *t, const struct ka_kernel_result *rk)
{
	for (int i = 0; i < rk->n_what_if; i++) {
		const struct ka_what_if *w = &rk->what_if[i];
		if (w->failed) {
			fprintf(out, "  what if     %-10s recompile failed\n", w->what);
			continue;
		}
		fprintf(out, "  what if     %-10s ", w->what);
		known(out, "VGPRs", w->vgprs);
		if (rk->m.amd.arch->agprs) {
			fputs("  ", out);
			known(out, "AGPRs", w->agprs);
		}
		fputs("  ", out);
		known(out, "SGPRs", w->sgprs);
		fputs(", scratch ", out);
		if (w->scratch == KA_UNSET)
			fputs("?", out);
		else
			fprintf(out, "%ld B/lane", w->scratch);
		if (w->vgpr_spills > 0 || w->sgpr_spills > 0)
			fprintf(out, " (spills %ld VGPRs, %ld SGPRs)", w->vgpr_spills > 0 ? w->vgpr_spills : 0,
				w->sgpr_spills > 0 ? w->sgpr_spills : 0);
		fprintf(out, ", %d workgroups x %d = %d waves/SIMD, %.1f %%\n", w->occ.blocks_per_sm, w->block,
			w->waves_per_simd, 100.0 * w->occ.occupancy);
	}
	if (rk->suggestion[0])
		fprintf(out, "  %ssuggest%s     %s\n", C(t, "1"), C(t, "0"), rk->suggestion);
}

/* The three sweeps around this kernel's launch (report/chart_amd.c). */
static bool build_chart(struct ka_chart *ch, const struct ka_kernel_result *rk)
{
	if (!rk->m.amd.arch)
		return false;
	ka_chart_build_amd(ch, rk->m.amd.arch, &rk->m.amd.launch, rk->k->res.max_threads);
	return true;
}

/* --chart: the sweeps as sparklines. */
static void kernel_chart(FILE *out, const struct ka_text *t, const struct ka_kernel_result *rk)
{
	struct ka_chart ch;

	if (!build_chart(&ch, rk))
		return;
	ka_chart_term(out, &ch, "  chart       ", "    ", t->o->color, t->o->utf8);
	ka_chart_free(&ch);
}

static void kernel_block(FILE *out, const struct ka_text *t, const struct ka_kernel_result *rk)
{
	const struct ka_kernel *k = rk->k;
	const struct ka_resources *res = &k->res;
	const struct ka_amd_occupancy *o = &rk->m.amd.occ;
	const struct ka_amd_cliffs *c = &rk->m.amd.cliffs;
	const struct ka_amd_arch *a = rk->m.amd.arch;
	const char *col = o->occupancy >= 0.5 ? C(t, "32") : o->occupancy >= 0.25 ? C(t, "33") : C(t, "31");

	ka_text_kernel_name(out, k, KA_NAME_MAX_COLS, t->name_w, t->o->utf8, BOLD(t), OFF(t));
	ka_text_where(out, k);
	fprintf(out, "  %s (wave%d)\n", k->arch, rk->m.amd.launch.wave);
	if (!a) {
		fputs("  (no model for this architecture)\n", out);
		return;
	}
	if (a->note[0])                       /* Hygon: what is assumed, not measured */
		fprintf(out, "  %smodel       %s%s\n", C(t, "2"), a->note, C(t, "0"));
	fputs("  resources   ", out);
	known(out, "VGPRs", res->vgprs);
	if (a->agprs) {
		fputs("  ", out);
		known(out, "AGPRs", res->agprs);
	}
	fputs("  ", out);
	known(out, "SGPRs", res->sgprs);
	fputs("   scratch ", out);
	if (res->scratch == KA_UNSET)
		fputs("?", out);
	else
		fprintf(out, "%s%ld B/lane%s", res->scratch > 0 ? C(t, "31") : "", res->scratch,
			res->scratch > 0 ? C(t, "0") : "");
	fputs("   LDS ", out);
	ka_text_bytes(out, res->lds > 0 ? res->lds : 0);
	if (rk->smem_dynamic)
		fprintf(out, " + %ld B dynamic", rk->smem_dynamic);
	if (res->max_threads > 0 && res->max_threads < 1024)
		fprintf(out, "   launch_bounds %ld", res->max_threads);
	fputc('\n', out);

	if (o->waves_per_simd == 0)
		fprintf(out, "  occupancy   %scannot launch%s: a %d-thread workgroup needs %d waves on each SIMD   "
			"limiter: %s", C(t, "31"), C(t, "0"), rk->block,
			(o->waves_per_workgroup + a->simds - 1) / a->simds, C(t, "1"));
	else
		fprintf(out, "  occupancy   %s%.1f %%%s  %d waves/SIMD (of %d), %d workgroups x %d threads per CU   "
			"limiter: %s", col, 100.0 * o->occupancy, C(t, "0"), o->waves_per_simd, a->max_waves,
			o->workgroups_per_cu, rk->block, C(t, "1"));
	ka_text_limiters(out, o->limiters);
	fprintf(out, "%s  %s(block %d: %s", C(t, "0"), C(t, "2"), rk->block, ka_text_block_source(rk->block_source));
	ka_text_launch(out, rk);
	fprintf(out, ")%s", C(t, "0"));
	if (k->llvm_waves_per_simd > 0 && res->max_threads > 0)
		fprintf(out, "  %sLLVM: %d at %ld threads%s", C(t, "2"), k->llvm_waves_per_simd, res->max_threads,
			C(t, "0"));
	else if (k->llvm_waves_per_simd > 0)
		fprintf(out, "  %sLLVM: %d at its bound%s", C(t, "2"), k->llvm_waves_per_simd, C(t, "0"));
	fputc('\n', out);
	ka_text_idle_lanes(out, rk->block, rk->m.amd.launch.wave > 0 ? rk->m.amd.launch.wave : a->default_wave);
	ka_text_tail_wave(out, rk, false);

	/* "+8 (105) -> 3 waves/SIMD, 37.5 %": how far, where, and the cost */
	fputs("  cliffs      vgprs ", out);
	if (c->vgprs_to_next_drop >= 0) {
		const char *red = rk->near_cliff ? C(t, "31") : "";
		fprintf(out, "%s+%d (%ld) -> %d waves/SIMD, %.1f %%%s", red, c->vgprs_to_next_drop,
			(long)rk->m.amd.launch.vgprs + c->vgprs_to_next_drop, c->waves_after_drop,
			100.0 * c->waves_after_drop / a->max_waves, red[0] ? C(t, "0") : "");
	} else {
		fprintf(out, "no drop up to %d", a->vgprs_addressable);
	}
	if (c->vgprs_to_next_gain >= 0)
		fprintf(out, ";  -%d (%ld) -> %d waves/SIMD, %.1f %%", c->vgprs_to_next_gain,
			(long)rk->m.amd.launch.vgprs - c->vgprs_to_next_gain, c->waves_after_gain,
			100.0 * c->waves_after_gain / a->max_waves);
	fputc('\n', out);
	if (c->lds_to_next_drop >= 0 || c->lds_to_next_gain >= 0) {
		fputs("              lds ", out);
		if (c->lds_to_next_drop >= 0)
			fprintf(out, "+%ld B -> %d waves/SIMD", c->lds_to_next_drop, c->waves_after_lds_drop);
		if (c->lds_to_next_gain >= 0)
			fprintf(out, "%s-%ld B -> %d waves/SIMD", c->lds_to_next_drop >= 0 ? ";  " : "",
				c->lds_to_next_gain, c->waves_after_lds_gain);
		fputc('\n', out);
	}
	if (k->sass)                    /* --sass: the AMDGPU assembly's census */
		ka_sass_print_text_amdgpu(out, k->sass);
	if (rk->n_best > 0) {
		fputs("  best block  ", out);
		for (int i = 0; i < rk->n_best && i < 8; i++)
			fprintf(out, "%s%d", i ? ", " : "", rk->best[i]);
		if (rk->n_best > 8)
			fprintf(out, ", ... (%d sizes)", rk->n_best);
		fputc('\n', out);
	}
	what_ifs(out, t, rk);
	if (t->o->chart)
		kernel_chart(out, t, rk);
}

const struct ka_text_vendor ka_text_amd = {.kernel = kernel_block, .chart = true, .build_chart = build_chart};
