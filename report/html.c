/* html.c — `--format html`: one self-contained page a person opens in a
 * browser, with no network, script, font or style from anywhere else (its
 * Content-Security-Policy forbids them, so even a source line that holds
 * markup is shown, never run).  For each kernel: the text report's block
 * (resources, occupancy, limiter, cliffs), the occupancy charts kanalyze
 * draws (cairo's SVG, as an image), and the source lines the machine model
 * found memory accesses on, as Nsight Compute's Source page shows them after
 * a run: each line's predicted share of the kernel's traffic as a heat
 * column, its sectors (wavefronts) per warp-level request and their ideal,
 * the lanes' pattern and the findings inline.  Where verify --profile
 * measured the program (ka_report_ctx.measured), the hardware's figures per
 * request stand beside the model's.
 *
 * A writer like the others: it reads the result (with its source lines,
 * ka_request.source_text) and nothing else.  Every byte of a name, path,
 * message or source line is escaped; bytes that are not UTF-8 become '?'. */
#define _GNU_SOURCE              /* open_memstream */
#include "lines.h"
#include "sites.h"
#include "text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum {
	CONTEXT_LINES = 2,        /* source shown around an access line          */
	GAP_LINES = 6,            /* a longer run without accesses is folded     */
	MAX_CHARTS = 48,          /* charts drawn; later kernels say why not     */
	MAX_FINDINGS_INLINE = 8,
};

/* ---- escaping ------------------------------------------------------------------------- */

/* Text as HTML character data or an attribute value. */
static void esc_n(FILE *out, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		int w;
		switch (c) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		case '\t': fputs("    ", out); break;
		case '\n': fputc('\n', out); break;
		default:
			if (c >= 0x80 && (w = ka_utf8_char(p + i, n - i)) > 0) {
				fwrite(p + i, 1, (size_t)w, out);
				i += (size_t)w;
				continue;
			}
			fputc(c >= 0x20 && c < 0x7f ? c : '?', out);
		}
		i++;
	}
}

static void esc(FILE *out, const char *s)
{
	if (s)
		esc_n(out, s, strlen(s));
}

static void base64(FILE *out, const unsigned char *p, size_t n)
{
	static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);
		fputc(tab[v >> 18 & 63], out);
		fputc(tab[v >> 12 & 63], out);
		fputc(i + 1 < n ? tab[v >> 6 & 63] : '=', out);
		fputc(i + 2 < n ? tab[v & 63] : '=', out);
	}
}

/* ---- the page's frame ------------------------------------------------------------------ */

static const char style[] =
	"body{font:14px/1.45 system-ui,sans-serif;margin:0 2em 3em;color:#1b1b1b;background:#fff}"
	"h1{font-size:1.5em;margin:.8em 0 .2em}h2{font-size:1.15em;margin:1.6em 0 .2em;word-break:break-all}"
	"h3{font-size:1em;margin:1.2em 0 .3em}p.meta{color:#555;margin:.2em 0}"
	"table{border-collapse:collapse}td,th{padding:2px 8px;vertical-align:top;text-align:left}"
	"table.summary td,table.summary th{border-bottom:1px solid #ddd}"
	"td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}"
	"pre.block{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:12.5px}"
	"table.src{font:12.5px/1.35 ui-monospace,monospace;width:100%}"
	"table.src td{padding:1px 6px;border-bottom:1px solid #f0f0f0}"
	"table.src td.ln{color:#888;text-align:right;width:4em}"
	"table.src td.heat{width:5.5em;text-align:right}"
	"table.src td.acc{white-space:nowrap;width:1%}"
	"table.src td.code{white-space:pre-wrap;word-break:break-all}"
	"table.src tr.quiet td.code{color:#777}"
	"table.src tr.gap td{color:#999;text-align:center;background:#fafafa}"
	"table.src tr.fnd td{background:#fff8e1;font-family:system-ui,sans-serif}"
	"table.src tr.fnd.warning td{background:#fff0d9}"
	"span.rule{font-weight:600;margin-right:.5em}span.warning{color:#b45309}span.note{color:#1d4ed8}"
	"span.info{color:#555}span.dim{color:#777}span.off{color:#b91c1c;font-weight:600}"
	"span.ok{color:#15803d}div.a{margin:0}img.chart{max-width:100%;height:auto;border:1px solid #eee}"
	"ul.findings{margin:.3em 0 0 1.2em;padding:0}details{margin:.4em 0}summary{cursor:pointer;color:#333}";

static void head(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; img-src data:\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n", out);
	fprintf(out, "<title>kanalyze: %zu kernel result%s</title>\n<style>%s</style></head>\n<body>\n", r->n,
		r->n == 1 ? "" : "s", style);
	fputs("<h1>kanalyze</h1>\n<p class=\"meta\">kanalyze ", out);
	esc(out, KA_VERSION);
	if (r->nvcc_version) {
		fputs(" &middot; nvcc ", out);
		esc(out, r->nvcc_version);
	}
	if (r->hip_compiler) {
		fputs(" &middot; HIP compiler ", out);
		esc(out, r->hip_compiler);
		if (r->clang_version) {
			fputs(" (LLVM ", out);
			esc(out, r->clang_version);
			fputc(')', out);
		}
	}
	fputs("</p>\n<p class=\"meta\">Memory traffic per source line is <b>predicted</b> from the machine code "
	      "(PTX; AMDGPU assembly) by evaluating the addresses the lanes of representative warps compute: "
	      "sectors (AMDGPU: 64-byte lines) per warp-level request for global and local memory, wavefronts "
	      "for shared memory, each beside its ideal, as Nsight Compute's Source page counts them.", out);
	if (c->measured) {
		fputs(" <b>Measured</b> figures: ", out);
		esc(out, c->measured->source);
		fputs("; a prediction more than 10 % (or half a unit) away from them is marked.", out);
	} else {
		fputs(" Nothing was run on a GPU.", out);
	}
	fputs("</p>\n", out);
}

static void summary(FILE *out, const struct ka_result *r)
{
	fputs("<table class=\"summary\"><thead><tr><th>kernel</th><th>where</th><th>arch</th>"
	      "<th class=\"num\">registers</th><th class=\"num\">occupancy</th><th>limiter</th>"
	      "<th class=\"num\">next drop</th><th class=\"num\">findings</th></tr></thead><tbody>\n", out);
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *kr = &r->v[i];
		const struct ka_kernel *k = kr->k;
		size_t nf = 0;
		for (size_t j = 0; kr->u && j < kr->u->n_findings; j++)
			nf += ka_finding_applies(kr, j);
		fprintf(out, "<tr><td><a href=\"#k%zu\">", i);
		esc(out, k->name ? k->name : k->mangled);
		fputs("</a></td><td>", out);
		esc(out, k->def_file ? k->def_file : k->file);
		if (k->line > 0)
			fprintf(out, ":%d", k->line);
		fputs("</td><td>", out);
		esc(out, k->arch);
		fprintf(out, "</td><td class=\"num\">%ld</td><td class=\"num\">%.1f %%</td><td>", k->res.regs,
			100.0 * kr->occ.occupancy);
		ka_text_limiters(out, kr->occ.limiters);
		fputs("</td><td class=\"num\">", out);
		if (kr->cliffs.regs_to_next_drop > 0)
			fprintf(out, "+%d regs", kr->cliffs.regs_to_next_drop);
		else
			fputs("&ndash;", out);
		fprintf(out, "</td><td class=\"num\">%zu</td></tr>\n", nf);
	}
	fputs("</tbody></table>\n", out);
}

/* The text report's block of the kernel, without colour. */
static void kernel_block(FILE *out, const struct ka_result *r, const struct ka_kernel_result *kr)
{
	struct ka_report_options o = {.utf8 = true};
	struct ka_text t = {r, &o, 0};
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		return;
	ka_text_vendor_of(kr)->kernel(m, &t, kr);
	fclose(m);
	fputs("<pre class=\"block\">", out);
	esc_n(out, buf, len);
	fputs("</pre>\n", out);
	free(buf);
}

/* The charts as a PNG (a fifth of the SVG's bytes), folded; a kernel whose
 * charts are byte for byte an earlier one's points at it. */
struct drawn {
	struct ka_buf *png;            /* per kernel result: its picture, or empty */
};

static void chart(FILE *out, const struct ka_result *r, struct drawn *dr, size_t i)
{
	const struct ka_kernel_result *kr = &r->v[i];
	struct ka_chart ch;
	char err[160] = "";
	if (i >= MAX_CHARTS) {
		fprintf(out, "<p class=\"meta\">Occupancy charts are drawn for the first %d kernel results only "
			"(kanalyze plot draws any).</p>\n", MAX_CHARTS);
		return;
	}
	if (!ka_text_vendor_of(kr)->build_chart(&ch, kr))
		return;
	int rc = ka_chart_render(&ch, KA_CHART_PNG, &dr->png[i], err, sizeof(err));
	ka_chart_free(&ch);
	if (rc != 0) {
		fputs("<p class=\"meta\">No occupancy chart: ", out);
		esc(out, err);
		fputs("</p>\n", out);
		ka_buf_free(&dr->png[i]);
		return;
	}
	for (size_t j = 0; j < i; j++)
		if (dr->png[j].len == dr->png[i].len && memcmp(dr->png[j].data, dr->png[i].data, dr->png[i].len) == 0) {
			fprintf(out, "<p class=\"meta\">Occupancy charts: the same as <a href=\"#k%zu\">", j);
			esc(out, r->v[j].k->name ? r->v[j].k->name : r->v[j].k->mangled);
			fputs("</a>'s.</p>\n", out);
			return;
		}
	fputs("<details><summary>Occupancy charts: against threads per block, registers and shared memory</summary>\n"
	      "<img class=\"chart\" alt=\"occupancy against threads per block, registers per thread and shared memory "
	      "per block\" src=\"data:image/png;base64,", out);
	base64(out, (const unsigned char *)dr->png[i].data, dr->png[i].len);
	fputs("\"></details>\n", out);
}

/* ---- the source page ---------------------------------------------------------------------- */

static const struct ka_measured_line *measured(const struct ka_report_ctx *c, const struct ka_kernel_result *kr,
					       const char *file, int line)
{
	for (size_t i = 0; c->measured && i < c->measured->n; i++) {
		const struct ka_measured_line *m = &c->measured->v[i];
		if (m->kr == kr && m->line == line && strcmp(m->file, file) == 0)
			return m;
	}
	return NULL;
}

/* Heat: the line's share of its kernel's traffic, as a background. */
static void heat_cell(FILE *out, double share)
{
	double a = share > 0 ? 0.08 + 0.72 * sqrt(share) : 0;
	if (a > 0)
		fprintf(out, "<td class=\"heat\" style=\"background:rgba(214,39,40,%.2f)\">", a);
	else
		fputs("<td class=\"heat\">", out);
	if (share >= 0.005)
		fprintf(out, "%.0f %%", share * 100);
	else if (share > 0)
		fputs("&lt;1 %", out);
	fputs("</td>", out);
}

static void access_cells(FILE *out, const struct ka_kline *l)
{
	fputs("<td class=\"acc\">", out);
	for (int j = 0; j < l->n_acc; j++) {
		const struct ka_mach_access *a = l->acc[j];
		fprintf(out, "<div class=\"a\">%s %s %d B</div>", ka_mach_space_name(a->space), ka_mach_op_name(a->op),
			a->bytes_per_lane);
	}
	fputs("</td><td class=\"acc\">", out);
	for (int j = 0; j < l->n_acc; j++) {
		const struct ka_mach_access *a = l->acc[j];
		double p = ka_access_per_request(a), ideal = ka_access_ideal(a);
		fputs("<div class=\"a\">", out);
		if (p >= 0)
			fprintf(out, "<b>%.1f</b> / %.1f %s", p, ideal >= 0 ? ideal : 0, ka_access_unit(a));
		fputs(" <span class=\"dim\">", out);
		esc(out, a->pattern);
		if (a->gather && a->gather_line > 0)
			fprintf(out, " (index loaded at line %d)", a->gather_line);
		if (a->loop_default)
			fputs(", trips assumed", out);
		fputs("</span></div>", out);
	}
	fputs("</td>", out);
}

/* ncu's figure per request at the line, all its instructions of a space
 * together, and the model's for the same (its accesses weighted by their
 * requests): they differ by more than 10 % (half a unit) in red. */
static void measured_one(FILE *out, double hw, double model, bool differ, const char *unit)
{
	if (hw < 0)
		return;
	fprintf(out, "<div class=\"a\"><span class=\"%s\">%.2f</span> %s/request", differ ? "off" : "ok", hw, unit);
	if (model >= 0)
		fprintf(out, " <span class=\"dim\">(model %.2f)</span>", model);
	else
		fputs(" <span class=\"dim\">(not listed by the model)</span>", out);
	fputs("</div>", out);
}

static void measured_cell(FILE *out, const struct ka_measured_line *m)
{
	fputs("<td class=\"acc\">", out);
	if (m) {
		measured_one(out, m->sectors_per_request, m->predicted_sectors, m->sectors_differ, "sectors");
		measured_one(out, m->wavefronts_per_request, m->predicted_wavefronts, m->wavefronts_differ, "wavefronts");
	}
	fputs("</td>", out);
}

static void finding_row(FILE *out, const struct ka_kernel_result *kr, size_t i, int cols)
{
	const struct ka_ufinding *f = &kr->u->findings[i];
	const char *sev = ka_rule_severity(f->rule);
	fprintf(out, "<tr class=\"fnd %s\"><td></td><td colspan=\"%d\"><span class=\"rule %s\">%s</span>", sev, cols - 1,
		sev, ka_rule_id(f->rule));
	fprintf(out, "%d:%d ", f->line, f->col);
	esc(out, f->message);
	if (ka_finding_machine(kr, f)) {
		fputs("<br><span class=\"dim\">", out);
		esc(out, ka_finding_machine(kr, f));
		fputs("</span>", out);
	}
	fputs("</td></tr>\n", out);
}

/* One source line of the table: the accesses at it (l, or NULL), then the
 * findings decided on them and, in the kernel's own file, the others
 * written at that line. */
static void source_row(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c,
		       const struct ka_kernel_result *kr, const char *file, int line, const struct ka_kline *l,
		       bool kernel_file, bool *done, int cols)
{
	size_t len = 0;
	const char *src = ka_source_line(r, file, line, &len);
	fprintf(out, "<tr%s><td class=\"ln\">%d</td>", l ? "" : " class=\"quiet\"", line);
	if (l) {
		heat_cell(out, l->share);
		access_cells(out, l);
	} else {
		fputs("<td class=\"heat\"></td><td class=\"acc\"></td><td class=\"acc\"></td>", out);
	}
	if (c->measured)
		measured_cell(out, l ? measured(c, kr, file, line) : NULL);
	fputs("<td class=\"code\">", out);
	if (src)
		esc_n(out, src, len);
	else if (l)
		fputs("<span class=\"dim\">(source not available)</span>", out);
	if (l && l->acc[0]->callee && l->acc[0]->n_inlined > 0) {
		fputs(" <span class=\"dim\">in ", out);
		esc(out, l->acc[0]->callee);
		fprintf(out, ", inlined at line %d</span>", l->acc[0]->inl_line[0]);
	}
	fputs("</td></tr>\n", out);
	for (size_t i = 0; kr->u && i < kr->u->n_findings; i++) {
		const struct ka_ufinding *f = &kr->u->findings[i];
		bool here = false;
		for (int j = 0; l && j < l->n_acc; j++)
			here |= f->access == l->acc[j];
		if (!here && kernel_file && !f->access && f->line == line)
			here = true;
		if (here && !done[i] && ka_finding_applies(kr, i)) {
			done[i] = true;
			finding_row(out, kr, i, cols);
		}
	}
}

/* Whether two names are one file: the same, or the longer one ends in
 * "/" and the shorter (a relative input name beside the absolute path the
 * machine code's line table holds). */
static bool same_file(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	size_t na = strlen(a), nb = strlen(b);
	if (na == nb)
		return strcmp(a, b) == 0;
	const char *lo = na > nb ? a : b, *sh = na > nb ? b : a;
	size_t nl = na > nb ? na : nb, ns = na > nb ? nb : na;
	return sh[0] != '/' && lo[nl - ns - 1] == '/' && strcmp(lo + nl - ns, sh) == 0;
}

static int by_file_line(const void *x, const void *y)
{
	const struct ka_kline *a = x, *b = y;
	int c = strcmp(a->file, b->file);
	return c ? c : a->line - b->line;
}

static void source_table(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c,
			 const struct ka_kernel_result *kr)
{
	size_t n;
	struct ka_kline *v = ka_klines(kr, false, &n);
	const char *kfile = kr->k->def_file ? kr->k->def_file : kr->k->file;
	int cols = c->measured ? 6 : 5;
	bool *done = ka_xcalloc(kr->u ? kr->u->n_findings + 1 : 1, sizeof(bool));

	fputs("<h3>Memory accesses per source line</h3>\n", out);
	if (!kr->accesses)
		fputs("<p class=\"meta\">The machine model did not run for this kernel (no PTX or AMDGPU assembly: a "
		      "binary input, or the source analysis is off).</p>\n", out);
	else if (n == 0)
		fputs("<p class=\"meta\">No global, shared or local memory access in the machine code.</p>\n", out);
	if (n)
		qsort(v, n, sizeof(*v), by_file_line);
	for (size_t i = 0; i < n;) {
		const char *file = v[i].file;
		size_t end = i;
		while (end < n && strcmp(v[end].file, file) == 0)
			end++;
		bool kernel_file = same_file(kfile, file);
		int last = ka_source_lines(r, file);
		char *rel = ka_relpath(c->root ? c->root : ".", file);
		fputs("<p class=\"meta\"><b>", out);
		esc(out, rel);
		free(rel);
		fputs("</b></p>\n<table class=\"src\"><thead><tr><th class=\"num\">line</th><th class=\"num\">traffic</th>"
		      "<th>access</th><th>per request / ideal (predicted)</th>", out);
		if (c->measured)
			fputs("<th>measured (the line's)</th>", out);
		fputs("<th>source</th></tr></thead><tbody>\n", out);
		int shown_to = 0;
		for (size_t j = i; j < end; j++) {
			int from = v[j].line - CONTEXT_LINES, to = v[j].line;
			if (from < 1)
				from = 1;
			if (from <= shown_to)
				from = shown_to + 1;
			else if (shown_to > 0 && from - shown_to - 1 > 0) {
				if (from - shown_to - 1 <= GAP_LINES)
					from = shown_to + 1;
				else
					fprintf(out, "<tr class=\"gap\"><td colspan=\"%d\">&#8942; %d lines</td></tr>\n", cols,
						from - shown_to - 1);
			}
			for (int ln = from; ln < to && last > 0; ln++)
				source_row(out, r, c, kr, file, ln, NULL, kernel_file, done, cols);
			source_row(out, r, c, kr, file, v[j].line, &v[j], kernel_file, done, cols);
			shown_to = to;
			/* context after the file's last access line */
			if (j + 1 == end)
				for (int ln = to + 1; ln <= to + CONTEXT_LINES && ln <= last; ln++)
					source_row(out, r, c, kr, file, ln, NULL, kernel_file, done, cols);
		}
		fputs("</tbody></table>\n", out);
		i = end;
	}
	/* the findings no line above showed */
	bool any = false;
	for (size_t i = 0; kr->u && i < kr->u->n_findings; i++) {
		if (done[i] || !ka_finding_applies(kr, i))
			continue;
		const struct ka_ufinding *f = &kr->u->findings[i];
		const char *sev = ka_rule_severity(f->rule);
		if (!any)
			fputs("<h3>Findings</h3>\n<ul class=\"findings\">\n", out);
		any = true;
		fprintf(out, "<li><span class=\"rule %s\">%s</span>%d:%d ", sev, ka_rule_id(f->rule), f->line, f->col);
		esc(out, f->message);
		fputs("</li>\n", out);
	}
	if (any)
		fputs("</ul>\n", out);
	free(done);
	free(v);
}

int ka_write_html(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	head(out, r, c);
	if (r->n == 0)
		fputs("<p>No kernels found.</p>\n", out);
	else
		summary(out, r);
	struct drawn dr = {.png = ka_xcalloc(r->n + 1, sizeof(struct ka_buf))};
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *kr = &r->v[i];
		fprintf(out, "<section id=\"k%zu\">\n<h2>", i);
		esc(out, kr->k->name ? kr->k->name : kr->k->mangled);
		fputs("</h2>\n", out);
		kernel_block(out, r, kr);
		chart(out, r, &dr, i);
		source_table(out, r, c, kr);
		fputs("</section>\n", out);
	}
	for (size_t i = 0; i < r->n; i++)
		ka_buf_free(&dr.png[i]);
	free(dr.png);
	ka_chart_release();
	fputs("</body></html>\n", out);
	return ferror(out) ? -1 : 0;
}
