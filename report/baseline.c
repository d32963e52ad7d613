/* baseline.c — a baseline comparison in words: one change as a message
 * ("registers 128 -> 200, blocks/SM 2 -> 1 at 256 threads, occupancy ...")
 * and the comparison's summary and per-kernel lines that the text report
 * prints, that `--format json` and SARIF carry, and that cli/gate.c writes
 * to the diagnostics beside a machine-read report.  lib/baseline.c compares;
 * writing what it found is the writers'. */
#include "report.h"

#include <stdio.h>
#include <string.h>

static void spill_text(struct ka_buf *b, long s, long l)
{
	if (s == KA_UNSET || l == KA_UNSET)
		ka_buf_puts(b, "?");
	else
		ka_buf_printf(b, "%ld/%ld B", s, l);
}

static void frame_text(struct ka_buf *b, long v)
{
	if (v == KA_UNSET)
		ka_buf_puts(b, "?");
	else
		ka_buf_printf(b, "%ld B", v);
}

static void count_text(struct ka_buf *b, long s, long l)
{
	if (s == KA_UNSET || l == KA_UNSET)
		ka_buf_puts(b, "?");
	else
		ka_buf_printf(b, "%ld/%ld", s, l);
}

void ka_bl_change_message(const struct ka_bl_change *ch, struct ka_buf *b)
{
	const struct ka_bl_entry *o = ch->old, *c = ch->cur;

	if (ch->what == KA_CH_ADDED) {
		ka_buf_printf(b, "new kernel: %ld %s, %d blocks/SM at %d threads, occupancy %.1f %%",
			      c->res.regs != KA_UNSET ? c->res.regs : c->res.vgprs, c->res.regs != KA_UNSET ? "registers" : "VGPRs",
			      c->blocks_per_sm, c->block, 100.0 * c->occupancy);
		return;
	}
	if (ch->what == KA_CH_REMOVED) {
		ka_buf_printf(b, "kernel gone (had %ld %s, %d blocks/SM at %d threads)",
			      o->res.regs != KA_UNSET ? o->res.regs : o->res.vgprs, o->res.regs != KA_UNSET ? "registers" : "VGPRs",
			      o->blocks_per_sm, o->block);
		return;
	}
	bool first = true;
	for (int k = 0; k < KA_REG_COUNT; k++)
		if (ch->kinds & (1u << k)) {
			ka_buf_printf(b, "%s%s", first ? "" : ", ", ka_regression_rules[k].name);
			first = false;
		}
	if (!first)
		ka_buf_puts(b, ": ");
	if (o->res.regs == KA_UNSET && c->res.regs == KA_UNSET)     /* AMD */
		ka_buf_printf(b, "VGPRs %ld -> %ld, SGPRs %ld -> %ld", o->res.vgprs, c->res.vgprs, o->res.sgprs, c->res.sgprs);
	else
		ka_buf_printf(b, "registers %ld -> %ld", o->res.regs, c->res.regs);
	if (o->res.uregs != KA_UNSET || c->res.uregs != KA_UNSET)
		ka_buf_printf(b, ", uniform registers %ld -> %ld", o->res.uregs, c->res.uregs);
	ka_buf_printf(b, ", blocks/SM %d -> %d", o->blocks_per_sm, c->blocks_per_sm);
	if (o->block == c->block)
		ka_buf_printf(b, " at %d threads", c->block);
	else
		ka_buf_printf(b, " (block %d -> %d threads)", o->block, c->block);
	ka_buf_printf(b, ", occupancy %.1f %% -> %.1f %%", 100.0 * o->occupancy, 100.0 * c->occupancy);
	if (ka_bl_spill_bytes_known(o, c)) {
		if (o->res.spill_stores != c->res.spill_stores || o->res.spill_loads != c->res.spill_loads) {
			ka_buf_puts(b, ", spills ");
			spill_text(b, o->res.spill_stores, o->res.spill_loads);
			ka_buf_puts(b, " -> ");
			spill_text(b, c->res.spill_stores, c->res.spill_loads);
		}
	} else if (c->res.local != KA_UNSET && c->res.local > 0 && o->res.local != c->res.local) {
		/* a binary: the frame ptxas spills into bounds the spill bytes
		 * (local arrays live there too) */
		ka_buf_printf(b, ", spills up to %ld bytes (stack frame ", c->res.local);
		frame_text(b, o->res.local);
		ka_buf_printf(b, " -> %ld B per thread)", c->res.local);
	} else if (o->res.local != c->res.local) {
		ka_buf_puts(b, ", stack frame ");
		frame_text(b, o->res.local);
		ka_buf_puts(b, " -> ");
		frame_text(b, c->res.local);
	}
	if (o->res.local_stores != c->res.local_stores || o->res.local_loads != c->res.local_loads) {
		ka_buf_puts(b, ", local stores/loads (STL/LDL) ");
		count_text(b, o->res.local_stores, o->res.local_loads);
		ka_buf_puts(b, " -> ");
		count_text(b, c->res.local_stores, c->res.local_loads);
	}
	if (o->res.static_smem != c->res.static_smem)
		ka_buf_printf(b, ", static shared memory %ld -> %ld B", o->res.static_smem, c->res.static_smem);
	if (strcmp(o->file, c->file) != 0)        /* matched across a rename */
		ka_buf_printf(b, " (moved from %s)", o->file);
}

void ka_bl_compare_text(FILE *out, const char *path, const struct ka_bl_compare *c)
{
	static const char *const label[] = {"REGRESSION", "improved", "changed", "added", "removed"};

	fprintf(out, "\nbaseline %s: %d regression%s, %d improved, %d changed, %d unchanged, %d added, %d removed",
		path, c->count[KA_CH_REGRESSION], c->count[KA_CH_REGRESSION] == 1 ? "" : "s",
		c->count[KA_CH_IMPROVED], c->count[KA_CH_CHANGED], c->unchanged, c->count[KA_CH_ADDED],
		c->count[KA_CH_REMOVED]);
	if (c->not_analysed)
		fprintf(out, " (%d not analysed in this run)", c->not_analysed);
	if (c->findings_compared)
		fprintf(out, "; %zu new finding%s (%d warning%s)", c->n_new, c->n_new == 1 ? "" : "s", c->new_warnings,
			c->new_warnings == 1 ? "" : "s");
	fputc('\n', out);
	/* regressions first, then the rest, each in baseline order */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < c->n; i++) {
			const struct ka_bl_change *ch = &c->v[i];
			const struct ka_bl_entry *e = ch->cur ? ch->cur : ch->old;
			struct ka_buf m = {0};
			if ((pass == 0) != (ch->what == KA_CH_REGRESSION))
				continue;
			ka_bl_change_message(ch, &m);
			fprintf(out, "  %-10s  %s:%d  %s (%s%s%s): %s\n", label[ch->what], e->file, e->line, e->name,
				e->arch, e->launch ? ", launch " : "", e->launch ? e->launch : "", m.data);
			ka_buf_free(&m);
		}
	/* findings the baseline does not have: same rule, kernel and line text */
	for (size_t i = 0; i < c->n_new; i++) {
		const struct ka_bl_finding *f = c->new_findings[i];
		static const char *const levels[] = {"info", "note", "warning"};
		fprintf(out, "  %-10s  %s:%d  %s %s in %s: %s\n", "NEW", f->file, f->line, f->rule,
			levels[f->level >= 0 && f->level < 3 ? f->level : 1], f->kernel, f->context);
	}
}
