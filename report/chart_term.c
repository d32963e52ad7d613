/* chart_term.c — the occupancy charts in a terminal (`kanalyze FILE --chart`,
 * `kanalyze plot` without -o): one 32-column sparkline per sweep, a marker
 * line under it, and the figures that matter at its right.  Each column shows
 * the worst occupancy over its range: exact for block size (32 threads a
 * column) and NVIDIA registers (8 a column, one allocation granule).  The
 * labels come from the chart's provider; a secondary series (AMD: VGPRs
 * without the AGPRs) gets a sparkline of its own under the registers. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

enum { COLS = 32 };

bool ka_term_utf8(void)
{
	const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		const char *v = getenv(vars[i]);
		if (!v || !*v)
			continue;
		for (const char *p = v; *p; p++)
			if ((p[0] == 'u' || p[0] == 'U') && (p[1] == 't' || p[1] == 'T') && (p[2] == 'f' || p[2] == 'F')) {
				const char *q = p + 3 + (p[3] == '-');
				return q[0] == '8';
			}
		return false;
	}
	return false;
}

/* Column i covers [first(i), last(i)]: the range in 32 columns, each a
 * whole number of the provider's units (NVIDIA: 8 registers, 32 threads,
 * shared-memory granules), counting from 1. */
static long col_width(const struct ka_chart_series *s)
{
	long g = s->col_unit > 0 ? s->col_unit : 1, w = (s->x_hi + COLS - 1) / COLS;
	return (w + g - 1) / g * g;
}

static int col_of(long x, long w)
{
	int i = x <= 0 ? 0 : (int)((x - 1) / w);
	return i < COLS ? i : COLS - 1;
}

/* The fewest warps over a column, -1 when the column is outside the sweep. */
static int col_warps(const struct ka_chart_series *s, long w, int i)
{
	long lo = i == 0 ? s->x_lo : 1 + (long)i * w, hi = (long)(i + 1) * w;
	int best = -1;
	if (hi > s->x_hi)
		hi = s->x_hi;
	if (s->x_launch_max > 0 && lo > s->x_launch_max)
		return 0;                       /* over __launch_bounds__ */
	if (s->x_launch_max > 0 && hi > s->x_launch_max)
		hi = s->x_launch_max;
	for (const struct ka_chart_run *r = ka_chart_at(s, lo); r && r < s->runs + s->n && r->x0 <= hi; r++)
		if (best < 0 || r->warps < best)
			best = r->warps;
	return best;
}

static void glyph(FILE *out, int warps, int max_warps, bool utf8)
{
	static const char *const blocks[] = {" ", "\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586",
					     "\u2587", "\u2588"};
	static const char ascii[] = " .:-=+*#@";
	int level;

	if (warps < 0) {
		fputc(' ', out);
		return;
	}
	if (warps == 0) {                        /* cannot launch at all */
		fputs(utf8 ? "\u00d7" : "x", out);
		return;
	}
	level = (warps * 8 + max_warps - 1) / max_warps;
	if (level < 1)
		level = 1;
	if (level > 8)
		level = 8;
	if (utf8)
		fputs(blocks[level], out);
	else
		fputc(ascii[level], out);
}

static void pct(char *buf, size_t n, int warps, int max_warps)
{
	double p = 100.0 * warps / max_warps;
	if (p == (int)p)
		snprintf(buf, n, "%.0f %%", p);
	else
		snprintf(buf, n, "%.1f %%", p);
}

/* "^ 128: 25 %" -- a marker, the value where it sits, the occupancy there. */
static void figure(FILE *out, const struct ka_chart *c, const struct ka_chart_series *s, char mark,
		   const char *colour, bool color, const char *prefix, long x, size_t run)
{
	char p[24];
	pct(p, sizeof(p), s->runs[run].warps, c->max_warps);
	fprintf(out, "  %s%c%s %s%ld%s: %s", color ? colour : "", mark, color ? "\033[0m" : "", prefix, x,
		s->axis == KA_CHART_SMEM ? " B" : "", p);
}

static void series(FILE *out, const struct ka_chart *c, const struct ka_chart_series *s, const char *label,
		   const char *range_text, const char *indent, bool color, bool utf8)
{
	long w = col_width(s);
	int cur = col_of(s->cur_x, w), drop = s->drop_x >= 0 ? col_of(s->drop_x, w) : -1,
	    gain = s->gain_x >= 0 ? col_of(s->gain_x, w) : -1;
	char range[32];

	if (range_text)
		snprintf(range, sizeof(range), "%s", range_text);
	else if (s->axis == KA_CHART_SMEM)
		snprintf(range, sizeof(range), "%ld-%ldK", s->x_lo, s->x_hi / 1024);
	else
		snprintf(range, sizeof(range), "%ld-%ld", s->x_lo, s->x_hi);
	fprintf(out, "%s%-5s %-8s ", indent, label, range);
	for (int i = 0; i < COLS; i++) {
		const char *on = !color ? "" : i == cur ? "\033[1;31m" : i == drop ? "\033[33m" : i == gain ? "\033[32m" : "";
		fputs(on, out);
		glyph(out, col_warps(s, w, i), c->max_warps, utf8);
		if (*on)
			fputs("\033[0m", out);
	}
	figure(out, c, s, '^', "\033[1;31m", color, "", s->cur_x, s->cur_run);
	if (s->drop_x >= 0)
		figure(out, c, s, '!', "\033[33m", color, "", s->drop_x, s->drop_run);
	if (s->gain_x >= 0)
		figure(out, c, s, '+', "\033[32m", color,
		       s->axis == KA_CHART_BLOCK ? "" : utf8 ? "\u2264" : "<=", s->gain_x, s->gain_run);
	fputc('\n', out);

	/* marker line: ^ the launch in use, ! the next drop, + the next gain */
	int last = cur > drop ? cur : drop;
	if (gain > last)
		last = gain;
	fprintf(out, "%s%-5s %-8s ", indent, "", "");
	for (int i = 0; i <= last; i++)
		fputc(i == cur ? '^' : i == drop ? '!' : i == gain ? '+' : ' ', out);
	fputc('\n', out);
}

void ka_chart_term(FILE *out, const struct ka_chart *c, const char *head, const char *indent, bool color,
		   bool utf8)
{
	static const enum ka_chart_axis order[] = {KA_CHART_REGS, KA_CHART_BLOCK, KA_CHART_SMEM};
	const struct ka_chart_words *w = c->ops->words;
	const char *red = color ? "\033[1;31m" : "", *yel = color ? "\033[33m" : "", *grn = color ? "\033[32m" : "",
		   *off = color ? "\033[0m" : "";

	fprintf(out, "%s%s^%s launch in use  %s!%s next drop  %s+%s next gain  %s cannot launch;  a column: "
		"%ld %s, %ld %s, %ld %s\n", head, red, off, yel, off, grn, off, utf8 ? "\u00d7" : "x",
		col_width(&c->s[KA_CHART_REGS]), w->col[KA_CHART_REGS], col_width(&c->s[KA_CHART_BLOCK]),
		w->col[KA_CHART_BLOCK], col_width(&c->s[KA_CHART_SMEM]), w->col[KA_CHART_SMEM]);
	if (c->note && *c->note)
		fprintf(out, "%snote: %s\n", indent, c->note);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		series(out, c, &c->s[order[i]], w->term[order[i]], NULL, indent, color, utf8);
		if (c->alt.n && c->alt.axis == order[i])
			series(out, c, &c->alt, "", c->alt_term, indent, color, utf8);
	}
}
