/* lines.c — the per-line view of the text report (--lines): under each
 * kernel, the source lines that access memory, as Nsight Compute's Source
 * page lists them after a run, here predicted from the machine code before
 * anything runs: for each access its space and operation, the sectors (64 B
 * lines on AMDGPU; wavefronts for shared memory) a warp-level request needs
 * and their ideal, the lanes' pattern, its share of the kernel's traffic
 * in its space as a bar, the finding decided on it, and the line's text.
 * In source order, or heaviest first (--lines-order traffic).
 *
 * Also the gathering per line that the HTML page shares (lines.h). */
#include "lines.h"
#include "text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { SOURCE_COLS = 56, BAR_CELLS = 8, FINDINGS_PER_ACCESS = 4 };

/* ---- the accesses per line ------------------------------------------------------- */

const char *ka_access_unit(const struct ka_mach_access *a)
{
	if (a->space == KA_MACH_SHARED)
		return "wavefronts";
	return a->unit_bytes == 64 ? "64 B lines" : "sectors";
}

double ka_access_per_request(const struct ka_mach_access *a)
{
	return a->space == KA_MACH_SHARED ? a->wavefronts : a->sectors;
}

double ka_access_ideal(const struct ka_mach_access *a)
{
	return a->space == KA_MACH_SHARED ? a->ideal_wavefronts : a->ideal;
}

static double traffic(const struct ka_mach_access *a)
{
	double per = ka_access_per_request(a);
	return per > 0 ? per * a->executions : 0;
}

static int by_traffic(const void *x, const void *y)
{
	const struct ka_kline *a = x, *b = y;
	if (a->share != b->share)
		return a->share > b->share ? -1 : 1;
	if (a->traffic != b->traffic)
		return a->traffic > b->traffic ? -1 : 1;
	int c = strcmp(a->file, b->file);
	return c ? c : a->line - b->line;
}

struct ka_kline *ka_klines(const struct ka_kernel_result *kr, bool order_by_traffic, size_t *n)
{
	const struct ka_mach_result *m = kr->accesses;
	*n = 0;
	if (!m || m->n == 0)
		return NULL;
	struct ka_kline *v = ka_xcalloc(m->n, sizeof(*v));
	for (size_t i = 0; i < m->n; i++) {
		const struct ka_mach_access *a = &m->v[i];
		struct ka_kline *l = *n ? &v[*n - 1] : NULL;
		/* the model lists a line's accesses together (file, line, space, op) */
		if (!l || l->line != a->line || strcmp(l->file, a->file) != 0) {
			l = &v[(*n)++];
			*l = (struct ka_kline){.file = a->file, .line = a->line};
		}
		if (l->n_acc < KA_LINE_ACCESSES)
			l->acc[l->n_acc++] = a;
		l->share = a->share > l->share ? a->share : l->share;
		l->traffic += traffic(a);
	}
	if (order_by_traffic)
		qsort(v, *n, sizeof(*v), by_traffic);
	return v;
}

bool ka_finding_applies(const struct ka_kernel_result *kr, size_t i)
{
	const struct ka_ufinding *f = &kr->u->findings[i];
	return !ka_finding_contradicted(kr, i) && (!f->min_sm || kr->sm >= f->min_sm);
}

int ka_kline_findings(const struct ka_kernel_result *kr, const struct ka_mach_access *a, size_t *idx, int max)
{
	int n = 0;
	for (size_t i = 0; kr->u && i < kr->u->n_findings && n < max; i++)
		if (kr->u->findings[i].access == a && ka_finding_applies(kr, i))
			idx[n++] = i;
	return n;
}

/* ---- text ---------------------------------------------------------------------------- */

int ka_utf8_char(const unsigned char *s, size_t n)
{
	int len = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
	if (len == 0 || (size_t)len > n)
		return 0;
	for (int i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

void ka_text_source(FILE *out, const char *s, size_t len, int cols, bool utf8)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	int used = 0;
	while (i < len && (p[i] == ' ' || p[i] == '\t'))
		i++;
	while (i < len) {
		int w = p[i] >= 0x80 && utf8 ? ka_utf8_char(p + i, len - i) : 0;
		if (used + 1 > cols - 1 && i + (w ? (size_t)w : 1) < len) {   /* room for the ellipsis */
			fputs(utf8 ? "\u2026" : "~", out);
			return;
		}
		if (w) {
			fwrite(p + i, 1, (size_t)w, out);
			i += (size_t)w;
		} else {
			fputc(p[i] == '\t' ? ' ' : p[i] >= 0x20 && p[i] < 0x7f ? p[i] : '?', out);
			i++;
		}
		used++;
	}
}

/* The share as a bar of BAR_CELLS cells, in halves (a full and a left half
 * block with UTF-8: glyphs every terminal font and groff have), and a
 * percent. */
static void share_bar(FILE *out, const struct ka_text *t, double share)
{
	int halves = (int)lround(share * BAR_CELLS * 2), cells = 0;
	if (share > 0 && halves == 0)
		halves = 1;
	fputs(share >= 0.25 ? RED(t) : share >= 0.05 ? YEL(t) : DIM(t), out);
	for (; halves >= 2; halves -= 2, cells++)
		fputs(t->o->utf8 ? "\u2588" : "#", out);
	if (halves > 0 && cells < BAR_CELLS) {
		fputs(t->o->utf8 ? "\u258c" : "+", out);
		cells++;
	}
	fputs(OFF(t), out);
	fprintf(out, "%*s", BAR_CELLS - cells, "");
	if (share >= 0.995)
		fputs(" 100 %", out);
	else if (share >= 0.005)
		fprintf(out, " %3.0f %%", share * 100);
	else
		fputs(share > 0 ? "  <1 %" : "   0 %", out);
}

static void access_row(FILE *out, const struct ka_text *t, const struct ka_kernel_result *kr,
		       const struct ka_mach_access *a)
{
	char what[32], per[48];
	size_t idx[FINDINGS_PER_ACCESS];
	int nf = ka_kline_findings(kr, a, idx, FINDINGS_PER_ACCESS);
	double p = ka_access_per_request(a), ideal = ka_access_ideal(a);

	snprintf(what, sizeof(what), "%s %s %d B", ka_mach_space_name(a->space), ka_mach_op_name(a->op),
		 a->bytes_per_lane);
	if (p >= 0)
		snprintf(per, sizeof(per), "%5.1f (%.1f) %s", p, ideal >= 0 ? ideal : 0, ka_access_unit(a));
	else
		snprintf(per, sizeof(per), "%5s %s", "?", ka_access_unit(a));
	share_bar(out, t, a->share);
	fprintf(out, "  %-20s %-26s ", what, per);
	for (int i = 0; i < nf; i++) {
		enum ka_rule r = kr->u->findings[idx[i]].rule;
		fprintf(out, "%s%s%s ", strcmp(ka_rule_severity(r), "warning") == 0 ? YEL(t) : "", ka_rule_id(r), OFF(t));
	}
	fprintf(out, "%s%s%s", DIM(t), a->pattern, OFF(t));
	if (a->gather && a->gather_line > 0)
		fprintf(out, "%s (index loaded at line %d)%s", DIM(t), a->gather_line, OFF(t));
	if (a->loop_default)
		fprintf(out, "%s, trips assumed%s", DIM(t), OFF(t));
	fputc('\n', out);
}

static void file_header(FILE *out, const struct ka_text *t, const char *file, const char *root)
{
	char *rel = ka_relpath(root ? root : ".", file);
	fprintf(out, "  %s%s%s\n", BOLD(t), rel, OFF(t));
	free(rel);
}

void ka_text_lines(FILE *out, const struct ka_text *t, const struct ka_kernel_result *kr, const char *root)
{
	size_t n;
	bool traffic_first = t->o->lines_order && strcmp(t->o->lines_order, "traffic") == 0;
	struct ka_kline *v = ka_klines(kr, traffic_first, &n);
	const char *shown_file = NULL;

	if (!kr->accesses) {
		fprintf(out, "  lines       none: the machine model did not run (%s)\n",
			!kr->has_source ? "a binary has no PTX or assembly to model"
			: kr->k->model_code ? "it could not read the code" : "no source analysis for it");
		return;
	}
	if (n == 0) {
		fputs("  lines       no global, shared or local memory access in the machine code\n", out);
		return;
	}
	fprintf(out, "  lines       predicted per %s-level request at a block of %d x %d x %d (share: of the "
		"kernel's traffic in that space)\n", v[0].acc[0]->amdgpu ? "wave" : "warp",
		kr->block_dims[0] > 0 ? kr->block_dims[0] : kr->block, kr->block_dims[0] > 0 ? kr->block_dims[1] : 1,
		kr->block_dims[0] > 0 ? kr->block_dims[2] : 1);
	for (size_t i = 0; i < n; i++) {
		const struct ka_kline *l = &v[i];
		size_t len = 0;
		const char *src = ka_source_line(t->r, l->file, l->line, &len);
		if (!shown_file || strcmp(shown_file, l->file) != 0) {
			file_header(out, t, l->file, root);
			shown_file = l->file;
		}
		fprintf(out, "  %s%6d%s  ", BOLD(t), l->line, OFF(t));
		if (src)
			ka_text_source(out, src, len, SOURCE_COLS, t->o->utf8);
		else
			fputs("(source not available)", out);
		const struct ka_mach_access *a0 = l->acc[0];
		if (a0->callee && a0->n_inlined > 0)
			fprintf(out, "  %sin %s, inlined at line %d%s", DIM(t), a0->callee, a0->inl_line[0], OFF(t));
		fputc('\n', out);
		for (int j = 0; j < l->n_acc; j++) {
			fputs("          ", out);
			access_row(out, t, kr, l->acc[j]);
		}
	}
	free(v);
}
