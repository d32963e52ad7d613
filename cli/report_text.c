/* report_text.c — the report a kernel engineer reads at a glance: one block
 * per kernel with its resources, occupancy and limiter, and the distance to
 * the next cliff either way.  Colour only when asked for (--color). */
#include "cli.h"

#include <string.h>

#define C(r, code) ((r)->color ? "\033[" code "m" : "")
#define BOLD(r) C(r, "1")
#define DIM(r) C(r, "2")
#define RED(r) C(r, "31")
#define YEL(r) C(r, "33")
#define GRN(r) C(r, "32")
#define OFF(r) C(r, "0")

static void limiters(FILE *out, unsigned mask)
{
	bool first = true;
	for (int l = 0; l < KA_LIMIT_COUNT; l++)
		if (mask & (1u << l)) {
			fprintf(out, "%s%s", first ? "" : ", ", ka_limiter_name((enum ka_limiter)l));
			first = false;
		}
}

static void bytes(FILE *out, long b)
{
	if (b >= 10240 && b % 1024 == 0)
		fprintf(out, "%ld KiB", b / 1024);
	else
		fprintf(out, "%ld B", b);
}

static void known(FILE *out, long v)
{
	if (v == KA_UNSET)
		fputs("?", out);
	else
		fprintf(out, "%ld", v);
}

static void kernel_block(FILE *out, const struct ka_report *r, const struct ka_report_kernel *rk)
{
	const struct ka_kernel *k = rk->k;
	const struct ka_resources *res = &k->res;
	const struct ka_occupancy *o = &rk->occ;
	const struct ka_cliffs *c = &rk->cliffs;
	bool spills = (res->spill_stores > 0 || res->spill_loads > 0);
	const char *occ_colour = o->occupancy >= 0.5 ? GRN(r) : o->occupancy >= 0.25 ? YEL(r) : RED(r);

	fprintf(out, "%s%s%s  %s:%d  %s\n", BOLD(r), k->name, OFF(r), k->file, k->line, k->arch);
	fprintf(out, "  resources   %ld regs", res->regs);
	fprintf(out, "   spills %s", spills ? RED(r) : "");
	known(out, res->spill_stores);
	fputs("/", out);
	known(out, res->spill_loads);
	fprintf(out, " B%s   stack %ld B   smem ", spills ? OFF(r) : "", res->stack);
	bytes(out, res->static_smem);
	if (rk->smem_dynamic)
		fprintf(out, " + %ld B dynamic", rk->smem_dynamic);
	fprintf(out, "   barriers %ld", res->barriers);
	if (res->max_threads > 0)
		fprintf(out, "   launch_bounds %ld", res->max_threads);
	fputc('\n', out);

	fprintf(out, "  occupancy   %s%.1f %%%s  %d blocks x %d threads = %d warps/SM   limiter: %s",
		occ_colour, 100.0 * o->occupancy, OFF(r), o->blocks_per_sm, rk->block, o->warps_per_sm, BOLD(r));
	limiters(out, o->limiters);
	fprintf(out, "%s  %s(block %d: %s)%s\n", OFF(r), DIM(r), rk->block,
		strcmp(rk->block_source, "option") == 0 ? "--block"
		: strcmp(rk->block_source, "launch_bounds") == 0 ? "__launch_bounds__" : "default",
		OFF(r));

	/* "regs +1 (129) -> 1 block/SM, 12.5 %": how far, where, and the cost */
	int warps = (rk->block + 31) / 32, max_warps = rk->arch->max_threads_per_sm / 32;
	fputs("  cliffs      regs ", out);
	if (c->regs_to_next_drop >= 0) {
		const char *col = (r->warn_cliff > 0 && c->regs_to_next_drop <= r->warn_cliff) ? RED(r) : "";
		fprintf(out, "%s+%d (%ld) -> %d block%s/SM, %.1f %%%s", col, c->regs_to_next_drop,
			res->regs + c->regs_to_next_drop, c->blocks_after_drop, c->blocks_after_drop == 1 ? "" : "s",
			100.0 * c->blocks_after_drop * warps / max_warps, OFF(r));
	} else {
		fputs("no drop up to 255", out);
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
	if (rk->n_best > 0) {
		fputs("  best block  ", out);
		for (int i = 0; i < rk->n_best && i < 8; i++)
			fprintf(out, "%s%d", i ? ", " : "", rk->best[i]);
		if (rk->n_best > 8)
			fprintf(out, ", ... (%d sizes)", rk->n_best);
		fputc('\n', out);
	}
}

void ka_report_text(FILE *out, const struct ka_report *r)
{
	for (size_t i = 0; i < r->n; i++) {
		if (i)
			fputc('\n', out);
		kernel_block(out, r, &r->v[i]);
	}
	if (r->n == 0)
		fputs("no kernels found\n", out);
}
