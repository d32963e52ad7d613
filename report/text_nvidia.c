/* text_nvidia.c — an NVIDIA kernel in the text report: registers, spills,
 * stack, shared memory and barriers; blocks and warps per SM and the
 * limiter; the distance to the next cliff either way in registers and shared
 * memory; the SASS census; best block, what-ifs, suggestion; --chart. */
#include "text.h"

#include <string.h>

static void known(FILE *out, long v)
{
	if (v == KA_UNSET)
		fputs("?", out);
	else
		fprintf(out, "%ld", v);
}

/* The three sweeps around this kernel's launch. */
static bool build_chart(struct ka_chart *ch, const struct ka_kernel_result *rk)
{
	if (!rk->m.nv.arch)
		return false;
	ka_chart_build(ch, rk->m.nv.arch, &rk->m.nv.launch, rk->k->res.max_threads);
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
	const struct ka_occupancy *o = &rk->occ;
	const struct ka_cliffs *c = &rk->cliffs;
	bool spills = (res->spill_stores > 0 || res->spill_loads > 0);
	const char *occ_colour = o->occupancy >= 0.5 ? GRN(t) : o->occupancy >= 0.25 ? YEL(t) : RED(t);

	ka_text_kernel_name(out, k, KA_NAME_MAX_COLS, t->name_w, t->o->utf8, BOLD(t), OFF(t));
	ka_text_where(out, k);
	fprintf(out, "  %s\n", k->arch);
	fprintf(out, "  resources   %ld regs", res->regs);
	fprintf(out, "   spills %s", spills ? RED(t) : "");
	known(out, res->spill_stores);
	fputs("/", out);
	known(out, res->spill_loads);
	/* stack is the driver's localSizeBytes (callees included); the kernel's
	 * own frame (JSON "local") only where it is smaller */
	fprintf(out, " B%s   stack %ld B", spills ? OFF(t) : "", res->stack);
	if (res->local >= 0 && res->local < res->stack)
		fprintf(out, " (own frame %ld B)", res->local);
	fputs("   smem ", out);
	ka_text_bytes(out, res->static_smem);
	if (rk->smem_dynamic)
		fprintf(out, " + %ld B dynamic", rk->smem_dynamic);
	fprintf(out, "   barriers %ld", res->barriers);
	if (res->max_threads > 0)
		fprintf(out, "   launch_bounds %ld", res->max_threads);
	if (res->cmem_user > 0)        /* the module's, of at most 64 KiB */
		fprintf(out, "   __constant__ %ld B", res->cmem_user);
	fputc('\n', out);

	fprintf(out, "  occupancy   %s%.1f %%%s  %d blocks x %d threads = %d warps/SM   limiter: %s",
		occ_colour, 100.0 * o->occupancy, OFF(t), o->blocks_per_sm, rk->block, o->warps_per_sm, BOLD(t));
	ka_text_limiters(out, o->limiters);
	fprintf(out, "%s  %s(block %d: %s", OFF(t), DIM(t), rk->block, ka_text_block_source(rk->block_source));
	ka_text_launch(out, rk);
	fprintf(out, ")%s\n", OFF(t));
	ka_text_idle_lanes(out, rk->block, 32);
	ka_text_tail_wave(out, rk, true);

	/* "regs +1 (129) -> 1 block/SM, 12.5 %": how far, where, and the cost */
	int warps = (rk->block + 31) / 32, max_warps = rk->m.nv.arch->max_threads_per_sm / 32;
	fputs("  cliffs      regs ", out);
	if (c->regs_to_next_drop >= 0) {
		/* red within --warn-cliff; yellow when the next 8-register allocation step drops */
		const char *col = rk->near_cliff ? RED(t)
				  : c->regs_to_next_drop <= 8 ? YEL(t) : "";
		fprintf(out, "%s+%d (%ld) -> %d block%s/SM, %.1f %%%s", col, c->regs_to_next_drop,
			res->regs + c->regs_to_next_drop, c->blocks_after_drop, c->blocks_after_drop == 1 ? "" : "s",
			100.0 * c->blocks_after_drop * warps / max_warps, OFF(t));
	} else {
		fprintf(out, "no drop up to %d", rk->m.nv.arch->max_regs_per_thread);
	}
	if (c->regs_to_next_gain >= 0)
		fprintf(out, ";  -%d (%ld) -> %d blocks/SM, %.1f %%", c->regs_to_next_gain,
			res->regs - c->regs_to_next_gain, c->blocks_after_gain,
			100.0 * c->blocks_after_gain * warps / max_warps);
	fputc('\n', out);
	if (c->smem_to_next_drop >= 0 || c->smem_to_next_gain >= 0) {
		fputs("              smem ", out);
		if (c->smem_to_next_drop >= 0)
			fprintf(out, "+%ld B -> %d block%s/SM", c->smem_to_next_drop, c->blocks_after_smem_drop,
				c->blocks_after_smem_drop == 1 ? "" : "s");
		if (c->smem_to_next_gain >= 0)
			fprintf(out, "%s-%ld B -> %d blocks/SM", c->smem_to_next_drop >= 0 ? ";  " : "",
				c->smem_to_next_gain, c->blocks_after_smem_gain);
		fputc('\n', out);
	}
	if (k->sass)                    /* --sass: seed 003's columns, pressure lines */
		ka_sass_print_text(out, k->sass);
	if (rk->n_best > 0) {
		fprintf(out, "  best block  %d", rk->best_block);
		if (rk->n_best > 1) {
			fputs(" (same occupancy: ", out);
			for (int i = 0; i < rk->n_best - 1 && i < 7; i++)
				fprintf(out, "%s%d", i ? ", " : "", rk->best[i]);
			if (rk->n_best > 8)
				fputs(", ...", out);
			fputc(')', out);
		}
		if (rk->min_grid >= 0)
			fprintf(out, ";  %ld blocks fill the GPU", rk->min_grid);
		fputc('\n', out);
	}
	for (int i = 0; i < rk->n_what_if; i++) {
		const struct ka_what_if *w = &rk->what_if[i];
		if (w->failed) {
			fprintf(out, "  what if     %-10s recompile failed\n", w->what);
			continue;
		}
		fprintf(out, "  what if     %-10s %ld regs, spills %ld/%ld B, %d blocks x %d = %d warps/SM, %.1f %%\n",
			w->what, w->regs, w->spill_stores, w->spill_loads, w->occ.blocks_per_sm, w->block,
			w->occ.warps_per_sm, 100.0 * w->occ.occupancy);
	}
	if (rk->suggestion[0])
		fprintf(out, "  %ssuggest%s     %s\n", BOLD(t), OFF(t), rk->suggestion);
	if (t->o->chart)
		kernel_chart(out, t, rk);
}

const struct ka_text_vendor ka_text_nvidia = {.kernel = kernel_block, .chart = true, .build_chart = build_chart};
