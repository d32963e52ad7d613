/* markdown.c — `--format markdown`: a pull-request comment.  With a
 * baseline: a headline with the verdict and a table of what changed
 * (regressions first); without: a table of every kernel with its next
 * cliff.  Kernels near a cliff (--warn-cliff) get their own list.  Table
 * cells escape '|' so C++ operators cannot break a row. */
#include "report.h"
#include "analyzer.h"
#include "sites.h"

#include <stdlib.h>
#include <string.h>

/* `code` in a table cell.  A name read from a binary is anyone's bytes:
 * control bytes (an escape sequence would act on the terminal that shows
 * the comment, a newline would break the table) are written as \xNN. */
static void cell_code(FILE *out, const char *s)
{
	fputc('`', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '|')
			fputs("\\|", out);
		else if (c == '`')
			fputc('\'', out);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
	fputc('`', out);
}

static void spills(FILE *out, long s, long l)
{
	if (s == KA_UNSET || l == KA_UNSET)
		fputs("?", out);
	else
		fprintf(out, "%ld/%ld", s, l);
}

/* Per-thread registers: R on NVIDIA, VGPRs on AMD. */
static long regs_of(long regs, long vgprs)
{
	return regs != KA_UNSET ? regs : vgprs;
}

static void change_row(FILE *out, const struct ka_bl_change *ch)
{
	static const char *const label[] = {"**regression**", "improved", "changed", "added", "removed"};
	const struct ka_bl_entry *o = ch->old, *c = ch->cur, *e = c ? c : o;

	fprintf(out, "| %s", label[ch->what]);
	if (ch->kinds) {
		bool first = true;
		fputs(" (", out);
		for (int k = 0; k < KA_REG_COUNT; k++)
			if (ch->kinds & (1u << k)) {
				fprintf(out, "%s%s", first ? "" : ", ", ka_regression_rules[k].name);
				first = false;
			}
		fputs(")", out);
	}
	fputs(" | ", out);
	cell_code(out, e->name);
	fprintf(out, " | %s | ", e->arch);
	if (o && c)
		fprintf(out, "%ld → %ld | ", regs_of(o->res.regs, o->res.vgprs), regs_of(c->res.regs, c->res.vgprs));
	else
		fprintf(out, "%ld | ", regs_of(e->res.regs, e->res.vgprs));
	if (o && c) {
		spills(out, o->res.spill_stores, o->res.spill_loads);
		fputs(" → ", out);
		spills(out, c->res.spill_stores, c->res.spill_loads);
	} else {
		spills(out, e->res.spill_stores, e->res.spill_loads);
	}
	if (o && c)
		fprintf(out, " | %d → %d | %.1f %% → %.1f %% | ", o->blocks_per_sm, c->blocks_per_sm,
			100.0 * o->occupancy, 100.0 * c->occupancy);
	else
		fprintf(out, " | %d | %.1f %% | ", e->blocks_per_sm, 100.0 * e->occupancy);
	{
		struct ka_buf w = {0};
		ka_buf_printf(&w, "%s:%d", e->file, e->line);
		cell_code(out, w.data);
		ka_buf_free(&w);
	}
	fputs(" |\n", out);
}

static void near_list(FILE *out, const struct ka_result *r, const char *root)
{
	int n = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *rk = &r->v[i];
		char *file;
		if (!rk->near_cliff)
			continue;
		if (n++ == 0)
			fprintf(out, "\n#### Near a register cliff (within %d registers)\n\n", r->warn_cliff);
		file = ka_relpath(root, rk->k->def_file ? rk->k->def_file : rk->k->file);
		fputs("- ", out);
		cell_code(out, rk->k->name);
		fprintf(out, " (%s, `%s:%d`): %ld registers; +%d drops %d → %d blocks/SM at %d threads\n", rk->k->arch,
			file, rk->k->line, rk->k->res.regs, rk->cliffs.regs_to_next_drop, rk->occ.blocks_per_sm,
			rk->cliffs.blocks_after_drop, rk->block);
		free(file);
	}
}

/* The analyzer's findings, one item per source site with its instances
 * (a template's twenty instances are one item, not twenty). */
static void findings_list(FILE *out, const struct ka_result *r, const char *root, const char *level)
{
	struct ka_sites sites;
	size_t kernels = 0;
	size_t hidden = ka_sites_hidden(r, ka_finding_level(level));
	ka_sites_build(&sites, r, ka_finding_level(level));
	for (size_t i = 0; i < sites.n; i++)
		kernels += sites.v[i].n;
	if (sites.n)
		fprintf(out, "\n#### Findings: %zu site%s (%zu in kernels)\n\n", sites.n, sites.n == 1 ? "" : "s", kernels);
	for (size_t i = 0; i < sites.n; i++) {
		const struct ka_site *s = &sites.v[i];
		char *file = ka_relpath(root, s->file);
		struct ka_buf w = {0};
		fputs("- ", out);
		ka_buf_printf(&w, "%s:%d:%d", file, s->f->line, s->f->col);
		cell_code(out, w.data);
		fprintf(out, " **%s** (%s): %s", ka_rule_id(s->f->rule), ka_rule_severity(s->f->rule), s->f->message);
		ka_buf_free(&w);
		if (ka_finding_machine(&r->v[s->kernels[0]], s->f))
			fprintf(out, " (%s)", ka_finding_machine(&r->v[s->kernels[0]], s->f));
		if (s->n > 1) {
			ka_site_instances(&w, r, s, 8);
			fprintf(out, " — in %zu instances: ", s->n);
			cell_code(out, w.data);
			ka_buf_free(&w);
		}
		fputc('\n', out);
		free(file);
	}
	if (hidden)
		fprintf(out, "\n%zu info site%s not listed (a handful of instructions each; `--findings info` lists them).\n",
			hidden, hidden == 1 ? "" : "s");
	ka_sites_free(&sites);
}

/* `--format markdown`; findings: the lowest severity listed, as --findings. */
int ka_write_markdown(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	const struct ka_bl_compare *cmp = c->cmp;
	const char *baseline = c->baseline, *root = c->root;
	const char *findings = c->opt ? c->opt->findings : NULL;
	if (cmp) {
		int reg = cmp->count[KA_CH_REGRESSION];
		fprintf(out, "### kanalyze: %s\n\n", reg ? "register/occupancy regression" : "no regression");
		fprintf(out, "Baseline `%s`: %d regression%s, %d improved, %d changed, %d unchanged, %d added, %d removed.\n",
			baseline, reg, reg == 1 ? "" : "s", cmp->count[KA_CH_IMPROVED], cmp->count[KA_CH_CHANGED],
			cmp->unchanged, cmp->count[KA_CH_ADDED], cmp->count[KA_CH_REMOVED]);
		if (cmp->n) {
			fputs("\n| | kernel | arch | registers | spills (B st/ld) | blocks/SM | occupancy | where |\n"
			      "|---|---|---|---|---|---|---|---|\n", out);
			for (int pass = 0; pass < 2; pass++)
				for (size_t i = 0; i < cmp->n; i++)
					if ((pass == 0) == (cmp->v[i].what == KA_CH_REGRESSION))
						change_row(out, &cmp->v[i]);
		}
	} else {
		fprintf(out, "### kanalyze: %zu kernel%s\n\n", r->n, r->n == 1 ? "" : "s");
		if (r->n)
			fputs("| kernel | arch | registers | spills (B st/ld) | block | blocks/SM | occupancy | next cliff | where |\n"
			      "|---|---|---|---|---|---|---|---|---|\n", out);
		for (size_t i = 0; i < r->n; i++) {
			const struct ka_kernel_result *rk = &r->v[i];
			char *file = ka_relpath(root, rk->k->def_file ? rk->k->def_file : rk->k->file);
			struct ka_buf w = {0};
			fputs("| ", out);
			cell_code(out, rk->k->name);
			fprintf(out, " | %s | %ld | ", rk->k->arch, regs_of(rk->k->res.regs, rk->k->res.vgprs));
			spills(out, rk->k->res.spill_stores, rk->k->res.spill_loads);
			fprintf(out, " | %d | %d | %.1f %% | ", rk->block, rk->occ.blocks_per_sm, 100.0 * rk->occ.occupancy);
			if (rk->cliffs.regs_to_next_drop >= 0)
				fprintf(out, "+%d regs → %d blocks/SM", rk->cliffs.regs_to_next_drop,
					rk->cliffs.blocks_after_drop);
			else
				fputs("none", out);
			fputs(" | ", out);
			ka_buf_printf(&w, "%s:%d", file, rk->k->line);
			cell_code(out, w.data);
			fputs(" |\n", out);
			ka_buf_free(&w);
			free(file);
		}
	}
	near_list(out, r, root);
	findings_list(out, r, root, findings);
	return ferror(out) ? -1 : 0;
}
