/* report_text.c — the report a kernel engineer reads at a glance: one block
 * per kernel with its resources, occupancy and limiter, and the distance to
 * the next cliff either way.  Colour only when asked for (--color). */
#include "chart.h"
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { NAME_MAX_COLS = 60 };   /* longer demangled names are shortened (chart.h) */

#define C(r, code) ((r)->color ? "\033[" code "m" : "")
#define BOLD(r) C(r, "1")
#define DIM(r) C(r, "2")
#define RED(r) C(r, "31")
#define YEL(r) C(r, "33")
#define GRN(r) C(r, "32")
#define OFF(r) C(r, "0")

void ka_text_limiters(FILE *out, unsigned mask)
{
	bool first = true;
	for (int l = 0; l < KA_LIMIT_COUNT; l++)
		if (mask & (1u << l)) {
			fprintf(out, "%s%s", first ? "" : ", ", ka_limiter_name((enum ka_limiter)l));
			first = false;
		}
}

void ka_text_bytes(FILE *out, long b)
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

/* Display columns of a UTF-8 string. */
static int text_cols(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* --chart: the three sweeps around this kernel's launch, as sparklines. */
static void kernel_chart(FILE *out, const struct ka_report *r, const struct ka_report_kernel *rk)
{
	struct ka_chart ch;

	ka_chart_build(&ch, rk->arch, &rk->launch, rk->k->res.max_threads);
	ka_chart_term(out, &ch, "  chart       ", "    ", r->color, r->utf8);
	ka_chart_free(&ch);
}

static void kernel_block(FILE *out, const struct ka_report *r, const struct ka_report_kernel *rk, int name_w)
{
	const struct ka_kernel *k = rk->k;
	const struct ka_resources *res = &k->res;
	const struct ka_occupancy *o = &rk->occ;
	const struct ka_cliffs *c = &rk->cliffs;
	bool spills = (res->spill_stores > 0 || res->spill_loads > 0);
	const char *occ_colour = o->occupancy >= 0.5 ? GRN(r) : o->occupancy >= 0.25 ? YEL(r) : RED(r);

	if (k->vendor == KA_VENDOR_AMD) {     /* VGPRs, waves per SIMD: amd_cli.c */
		(void)name_w;
		ka_amd_report_text_kernel(out, r, rk);
		return;
	}

	char name[4 * NAME_MAX_COLS];
	ka_name_short(k->name, NAME_MAX_COLS, r->utf8, name, sizeof(name));
	fprintf(out, "%s%s%s%*s  %s:%d  %s\n", BOLD(r), name, OFF(r), name_w - text_cols(name), "", k->file, k->line,
		k->arch);
	fprintf(out, "  resources   %ld regs", res->regs);
	fprintf(out, "   spills %s", spills ? RED(r) : "");
	known(out, res->spill_stores);
	fputs("/", out);
	known(out, res->spill_loads);
	fprintf(out, " B%s   stack %ld B   smem ", spills ? OFF(r) : "", res->stack);
	ka_text_bytes(out, res->static_smem);
	if (rk->smem_dynamic)
		fprintf(out, " + %ld B dynamic", rk->smem_dynamic);
	fprintf(out, "   barriers %ld", res->barriers);
	if (res->max_threads > 0)
		fprintf(out, "   launch_bounds %ld", res->max_threads);
	fputc('\n', out);

	fprintf(out, "  occupancy   %s%.1f %%%s  %d blocks x %d threads = %d warps/SM   limiter: %s",
		occ_colour, 100.0 * o->occupancy, OFF(r), o->blocks_per_sm, rk->block, o->warps_per_sm, BOLD(r));
	ka_text_limiters(out, o->limiters);
	fprintf(out, "%s  %s(block %d: %s)%s\n", OFF(r), DIM(r), rk->block,
		strcmp(rk->block_source, "option") == 0 ? "--block"
		: strcmp(rk->block_source, "launch_bounds") == 0 ? "__launch_bounds__" : "default",
		OFF(r));

	/* "regs +1 (129) -> 1 block/SM, 12.5 %": how far, where, and the cost */
	int warps = (rk->block + 31) / 32, max_warps = rk->arch->max_threads_per_sm / 32;
	fputs("  cliffs      regs ", out);
	if (c->regs_to_next_drop >= 0) {
		/* red within --warn-cliff; yellow when the next 8-register allocation step drops */
		const char *col = (r->warn_cliff > 0 && c->regs_to_next_drop <= r->warn_cliff) ? RED(r)
				  : c->regs_to_next_drop <= 8 ? YEL(r) : "";
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
		fprintf(out, "  %ssuggest%s     %s\n", BOLD(r), OFF(r), rk->suggestion);
	if (r->chart)
		kernel_chart(out, r, rk);
}

/* The uniformity analysis in two or three lines: how many values of each
 * kind, the --sass join's "uniform in source, vector registers here", and
 * the findings for this arch (the full list is in --format json). */
static void uniformity_block(FILE *out, const struct ka_report *r, const struct ka_report_kernel *rk)
{
	const struct ka_ukernel *u = rk->u;
	int cnt[KA_U_COUNT] = {0}, sm = ka_analyzer_sm_of(rk->k->arch), vec_lines = 0, first = 0;
	char note[256];

	if (!r->uniformity || !u)
		return;
	for (size_t i = 0; i < u->n_facts; i++)
		cnt[u->facts[i].cls]++;
	fprintf(out, "  uniformity  %zu value%s: %d uniform (%d const), %d warp-uniform-if, %d lane-varying (%d affine)\n",
		u->n_facts, u->n_facts == 1 ? "" : "s", cnt[KA_U_CONST] + cnt[KA_U_GRID] + cnt[KA_U_BLOCK] + cnt[KA_U_WARP], cnt[KA_U_CONST],
		cnt[KA_U_WARP_IF], cnt[KA_U_AFFINE] + cnt[KA_U_VARYING], cnt[KA_U_AFFINE]);
	if (rk->k->sass) {
		struct ka_uline *lines = ka_xcalloc(rk->k->sass->n_lines + 1, sizeof(*lines));
		for (size_t i = 0; i < rk->k->sass->n_lines; i++)
			lines[i] = (struct ka_uline){rk->k->sass->lines[i].line, rk->k->sass->lines[i].instructions,
						     rk->k->sass->lines[i].uniform, rk->k->sass->lines[i].vector};
		for (size_t i = 0; i < u->n_facts; i++)
			if (u->facts[i].cls <= KA_U_WARP &&
			    ka_ufact_machine_note(&u->facts[i], lines, rk->k->sass->n_lines, note, sizeof(note)) &&
			    strncmp(note, "uniform in source, computed", 27) == 0) {
				if (!vec_lines++)
					first = u->facts[i].line;
			}
		free(lines);
		if (vec_lines)
			fprintf(out, "              %d uniform value%s computed in vector registers (first: line %d)\n",
				vec_lines, vec_lines == 1 ? "" : "s", first);
	}
	for (size_t i = 0; i < u->n_findings; i++) {
		const struct ka_ufinding *f = &u->findings[i];
		if (f->min_sm && (rk->k->vendor != KA_VENDOR_NVIDIA || sm < f->min_sm))
			continue;
		fprintf(out, "  %s%s%s       %d:%d %s\n", strcmp(ka_rule_severity(f->rule), "warning") == 0 ? YEL(r) : "",
			ka_rule_id(f->rule), OFF(r), f->line, f->col, f->message);
	}
}

void ka_report_text(FILE *out, const struct ka_report *r)
{
	int name_w = 0;      /* names padded to one width: the columns line up */
	for (size_t i = 0; i < r->n; i++) {
		char name[4 * NAME_MAX_COLS];
		int w = text_cols(ka_name_short(r->v[i].k->name, NAME_MAX_COLS, r->utf8, name, sizeof(name)));
		name_w = w > name_w ? w : name_w;
	}
	for (size_t i = 0; i < r->n; i++) {
		if (i)
			fputc('\n', out);
		kernel_block(out, r, &r->v[i], name_w);
		uniformity_block(out, r, &r->v[i]);
	}
	if (r->n == 0)
		fputs("no kernels found\n", out);
}
