/* chart_svg.c — draws the three occupancy charts with cairo, side by side:
 * occupancy against threads per block, registers per thread and shared
 * memory per block, each a step line with the launch in use (red dot) and
 * the nearest cliff either way (dashed lines, labelled).  Every word about
 * the launch comes from the chart's provider (NVIDIA, AMD); a secondary
 * series (AMD: VGPRs without the AGPRs) is a dashed purple line.  The same drawing
 * goes to an SVG or a PNG surface; the bytes land in a ka_buf so the caller
 * writes the file atomically. */
#include "cairo_dl.h"
#include "report.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <string.h>

#define TAU 6.283185307179586

/* Layout (pixels).  Three panels of PANEL_W, the data area of each starting
 * HEADROOM below its top so the cliff labels never cover the line at 100 %. */
enum {
	LEFT = 80, PANEL_W = 320, GAP = 100,
	TOP = 132, BOTTOM = 400, HEADROOM = 36,
};

static void rgb(cairo_t *cr, unsigned hex)
{
	cairo_set_source_rgb(cr, ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0, (hex & 0xff) / 255.0);
}

static double axis_max(const struct ka_chart *c, enum ka_chart_axis axis)
{
	return (double)c->s[axis].x_axis;
}

void ka_chart_xy(const struct ka_chart *c, enum ka_chart_axis axis, double x, double occ, double *px,
		 double *py)
{
	double left = LEFT + (double)axis * (PANEL_W + GAP);
	*px = left + PANEL_W * x / axis_max(c, axis);
	*py = BOTTOM - (BOTTOM - TOP - HEADROOM) * occ;
}

enum align { A_LEFT, A_CENTRE, A_RIGHT };

/* Text with its anchor at (x, y) on the baseline; a white box behind it
 * when `boxed` so a label stays readable over grid lines. */
static double text(cairo_t *cr, double x, double y, enum align al, bool boxed, const char *s)
{
	cairo_text_extents_t e;
	cairo_text_extents(cr, s, &e);
	double x0 = al == A_LEFT ? x : al == A_CENTRE ? x - e.x_advance / 2 : x - e.x_advance;
	if (boxed) {
		double r, g, b, a;
		cairo_pattern_get_rgba(cairo_get_source(cr), &r, &g, &b, &a);
		cairo_set_source_rgba(cr, 1, 1, 1, 0.85);
		cairo_rectangle(cr, x0 - 2, y + e.y_bearing - 2, e.x_advance + 4, e.height + 4);
		cairo_fill(cr);
		cairo_set_source_rgba(cr, r, g, b, a);
	}
	cairo_move_to(cr, x0, y);
	cairo_show_text(cr, s);
	return e.x_advance;
}

static void font(cairo_t *cr, double size, bool bold)
{
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

static void line(cairo_t *cr, double x0, double y0, double x1, double y1)
{
	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1, y1);
	cairo_stroke(cr);
}

/* An x value as a label: "256", "128", "13569 B". */
static void xval(char *buf, size_t n, enum ka_chart_axis axis, long x)
{
	if (axis == KA_CHART_SMEM)
		snprintf(buf, n, "%ld B", x);
	else
		snprintf(buf, n, "%ld", x);
}

/* Tick step for an axis: block and registers in fixed steps, shared memory
 * in KiB, at most 8 intervals. */
static long tick_step(const struct ka_chart *c, enum ka_chart_axis axis)
{
	static const long kib[] = {4, 8, 16, 32, 64, 128};
	if (axis == KA_CHART_BLOCK)
		return 128;
	if (axis == KA_CHART_REGS)
		return c->s[axis].x_axis <= 256 ? 32 : c->s[axis].x_axis <= 512 ? 64 : 128;
	for (size_t i = 0; i < sizeof(kib) / sizeof(kib[0]); i++)
		if (c->s[axis].x_hi / (kib[i] * 1024) <= 8)
			return kib[i] * 1024;
	return 128 * 1024;
}

static void panel_frame(cairo_t *cr, const struct ka_chart *c, enum ka_chart_axis axis)
{
	double left = LEFT + (double)axis * (PANEL_W + GAP), right = left + PANEL_W, px, py;
	long step = tick_step(c, axis);
	char buf[64];

	/* grid: every 12.5 % light, labels every 25 % */
	cairo_set_line_width(cr, 1);
	rgb(cr, KA_CHART_RGB_GRID);
	for (int i = 1; i <= 8; i++) {
		ka_chart_xy(c, axis, 0, i / 8.0, &px, &py);
		line(cr, left, floor(py) + 0.5, right, floor(py) + 0.5);
	}
	font(cr, 11.5, false);
	rgb(cr, KA_CHART_RGB_AXIS);
	for (int i = 0; i <= 4; i++) {
		ka_chart_xy(c, axis, 0, i / 4.0, &px, &py);
		snprintf(buf, sizeof(buf), "%d %%", 25 * i);
		text(cr, left - 8, py + 4, A_RIGHT, false, buf);
	}
	/* x ticks and labels */
	for (long x = 0; x <= (long)axis_max(c, axis); x += step) {
		ka_chart_xy(c, axis, (double)x, 0, &px, &py);
		line(cr, floor(px) + 0.5, BOTTOM, floor(px) + 0.5, BOTTOM + 5);
		if (axis == KA_CHART_SMEM)
			snprintf(buf, sizeof(buf), "%ld", x / 1024);
		else
			snprintf(buf, sizeof(buf), "%ld", x);
		text(cr, px, BOTTOM + 18, A_CENTRE, false, buf);
	}
	/* axes: one L-shaped stroke */
	cairo_set_line_width(cr, 1.5);
	cairo_move_to(cr, left, TOP);
	cairo_line_to(cr, left, BOTTOM);
	cairo_line_to(cr, right, BOTTOM);
	cairo_stroke(cr);

	font(cr, 13, false);
	snprintf(buf, sizeof(buf), "%s%s", ka_chart_axis_label(c, axis), axis == KA_CHART_SMEM ? " (KiB)" : "");
	text(cr, (left + right) / 2, BOTTOM + 40, A_CENTRE, false, buf);
}

/* What the other two sweeps hold fixed, under the panel title. */
static void panel_title(cairo_t *cr, const struct ka_chart *c, enum ka_chart_axis axis)
{
	double left = LEFT + (double)axis * (PANEL_W + GAP);
	char buf[160];

	font(cr, 14, true);
	rgb(cr, KA_CHART_RGB_AXIS);
	snprintf(buf, sizeof(buf), "Occupancy vs %s", ka_chart_axis_label(c, axis));
	text(cr, left + PANEL_W / 2.0, TOP - 26, A_CENTRE, false, buf);
	font(cr, 11.5, false);
	cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
	c->ops->fixed_text(c, axis, buf, sizeof(buf));
	text(cr, left + PANEL_W / 2.0, TOP - 10, A_CENTRE, false, buf);
}

/* Where no block fits at all (0 resident blocks), shaded, with the resource
 * that refuses it. */
static void panel_zero(cairo_t *cr, const struct ka_chart *c, enum ka_chart_axis axis)
{
	const struct ka_chart_series *s = &c->s[axis];
	double x0, x1, py;
	char lim[96], buf[128];
	cairo_text_extents_t e;

	for (size_t i = 0; i < s->n; i++) {
		size_t j = i;
		if (s->runs[i].blocks != 0)
			continue;
		while (j + 1 < s->n && s->runs[j + 1].blocks == 0)
			j++;
		ka_chart_xy(c, axis, s->runs[i].x0 == s->x_lo ? (double)s->x_lo : s->runs[i].x0 - 0.5, 0, &x0, &py);
		ka_chart_xy(c, axis, s->runs[j].x1 == s->x_hi ? axis_max(c, axis) : s->runs[j].x1 + 0.5, 0, &x1, &py);
		rgb(cr, KA_CHART_RGB_NOLAUNCH);
		cairo_rectangle(cr, x0, TOP, x1 - x0, BOTTOM - TOP);
		cairo_fill(cr);
		/* two lines between the 50 % and 62.5 % grid lines */
		ka_chart_limiters(lim, sizeof(lim), s->runs[i].limiters, " and ");
		snprintf(buf, sizeof(buf), "(%s)", lim);
		font(cr, 11, false);
		cairo_text_extents(cr, buf, &e);
		double wide = e.x_advance;
		cairo_text_extents(cr, "cannot launch", &e);
		if (e.x_advance > wide)
			wide = e.x_advance;
		if (wide + 8 < x1 - x0) {
			double ym;
			ka_chart_xy(c, axis, 0, 0.5625, &py, &ym);
			cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
			text(cr, (x0 + x1) / 2, ym - 2, A_CENTRE, false, "cannot launch");
			text(cr, (x0 + x1) / 2, ym + 11, A_CENTRE, false, buf);
		}
		i = j;
	}
}

/* The block sizes above the kernel's __launch_bounds__, where it cannot
 * launch: a translucent shade over the line, which fades it. */
static void panel_nolaunch(cairo_t *cr, const struct ka_chart *c, enum ka_chart_axis axis)
{
	const struct ka_chart_series *s = &c->s[axis];
	double x0, x1, py;
	char buf[96];

	if (s->x_launch_max <= 0)
		return;
	ka_chart_xy(c, axis, (double)s->x_launch_max + 0.5, 0, &x0, &py);
	ka_chart_xy(c, axis, axis_max(c, axis), 0, &x1, &py);
	cairo_set_source_rgba(cr, 0.93, 0.93, 0.93, 0.75);     /* fades the line */
	cairo_rectangle(cr, x0, TOP, x1 - x0, BOTTOM - TOP - 1);
	cairo_fill(cr);
	font(cr, 11, false);
	cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
	snprintf(buf, sizeof(buf), "over __launch_bounds__ (%ld)", s->x_launch_max);
	text(cr, (x0 + x1) / 2, BOTTOM - 8, A_CENTRE, false, buf);
}

/* The step line: every run a level from x0-0.5 to x1+0.5, joined by
 * vertical edges (the cliffs), in one stroke. */
static void panel_series(cairo_t *cr, const struct ka_chart *c, const struct ka_chart_series *s, bool alt)
{
	static const double dash[] = {6, 4};
	enum ka_chart_axis axis = s->axis;
	double px, py;

	cairo_save(cr);
	cairo_set_line_width(cr, alt ? 1.75 : 2.25);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	rgb(cr, alt ? KA_CHART_RGB_ALT : KA_CHART_RGB_SERIES);
	if (alt)
		cairo_set_dash(cr, dash, 2, 0);
	for (size_t i = 0; i < s->n; i++) {
		const struct ka_chart_run *r = &s->runs[i];
		double lo = r->x0 == s->x_lo ? (double)r->x0 : r->x0 - 0.5;
		double hi = r->x1 == s->x_hi ? (double)r->x1 : r->x1 + 0.5;
		ka_chart_xy(c, axis, lo, r->occ, &px, &py);
		if (i == 0)
			cairo_move_to(cr, px, py);
		else
			cairo_line_to(cr, px, py);
		ka_chart_xy(c, axis, hi, r->occ, &px, &py);
		cairo_line_to(cr, px, py);
	}
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* The launch in use on the secondary series: a hollow purple ring, so the
 * distance the alternative would move it reads off the chart. */
static void panel_alt_current(cairo_t *cr, const struct ka_chart *c)
{
	const struct ka_chart_series *s = &c->alt;
	double px, py;

	ka_chart_xy(c, s->axis, (double)s->cur_x, s->runs[s->cur_run].occ, &px, &py);
	cairo_save(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_arc(cr, px, py, 5.5, 0, TAU);
	cairo_fill(cr);
	rgb(cr, KA_CHART_RGB_ALT);
	cairo_set_line_width(cr, 2);
	cairo_arc(cr, px, py, 4.5, 0, TAU);
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A dashed vertical line at a cliff, with its label in the headroom band:
 * drops on the first row, right of the line; gains on the second, left. */
static void panel_cliff(cairo_t *cr, const struct ka_chart *c, enum ka_chart_axis axis, bool drop)
{
	const struct ka_chart_series *s = &c->s[axis];
	double left = LEFT + (double)axis * (PANEL_W + GAP), right = left + PANEL_W;
	long x = drop ? s->drop_x : s->gain_x;
	const struct ka_chart_run *r = &s->runs[drop ? s->drop_run : s->gain_run];
	static const double dash[] = {5, 3};
	char v[48], p[24], buf[128];
	double px, py, w;
	cairo_text_extents_t e;

	if (x < 0)
		return;
	ka_chart_xy(c, axis, drop ? x - 0.5 : x + 0.5, 0, &px, &py);
	cairo_save(cr);
	rgb(cr, drop ? KA_CHART_RGB_DROP : KA_CHART_RGB_GAIN);
	cairo_set_line_width(cr, 1.5);
	cairo_set_dash(cr, dash, 2, 0);
	line(cr, px, TOP + 4, px, BOTTOM);
	cairo_restore(cr);

	xval(v, sizeof(v), axis, x);
	ka_chart_pct(p, sizeof(p), r->occ);
	if (drop)
		snprintf(buf, sizeof(buf), "\u25bc %s \u2192 %s", v, p);
	else
		snprintf(buf, sizeof(buf), "\u25b2 %s%s \u2192 %s", axis == KA_CHART_BLOCK ? "" : "\u2264 ", v, p);
	font(cr, 11.5, true);
	rgb(cr, drop ? 0xc05a00 : 0x1e7b1e);      /* darker than the line: text */
	cairo_text_extents(cr, buf, &e);
	w = e.x_advance;
	if (drop)
		text(cr, px + 4 + w > right ? px - 4 : px + 4, TOP + 13, px + 4 + w > right ? A_RIGHT : A_LEFT,
		     true, buf);
	else
		text(cr, px - 4 - w < left ? px + 4 : px - 4, TOP + 29, px - 4 - w < left ? A_LEFT : A_RIGHT,
		     true, buf);
}

/* Whether the step line crosses the box [x0, x1] x [y0, y1] (pixels). */
static bool hits_one(const struct ka_chart *c, const struct ka_chart_series *s, double x0, double y0, double x1,
		     double y1)
{
	enum ka_chart_axis axis = s->axis;
	double prev_y = -1;

	for (size_t i = 0; i < s->n; i++) {
		const struct ka_chart_run *r = &s->runs[i];
		double a, b, y, py;
		ka_chart_xy(c, axis, r->x0 == s->x_lo ? (double)r->x0 : r->x0 - 0.5, r->occ, &a, &y);
		ka_chart_xy(c, axis, r->x1 == s->x_hi ? (double)r->x1 : r->x1 + 0.5, r->occ, &b, &py);
		if (b >= x0 && a <= x1 && y >= y0 && y <= y1)
			return true;                        /* the level */
		if (i && a >= x0 && a <= x1 && (prev_y < y ? prev_y : y) <= y1 && (prev_y > y ? prev_y : y) >= y0)
			return true;                        /* the step into it */
		prev_y = y;
	}
	return false;
}

/* ... or the secondary series drawn on the same panel. */
static bool hits_series(const struct ka_chart *c, enum ka_chart_axis axis, double x0, double y0, double x1,
			double y1)
{
	return hits_one(c, &c->s[axis], x0, y0, x1, y1) ||
	       (c->alt.n && c->alt.axis == axis && hits_one(c, &c->alt, x0, y0, x1, y1));
}

/* The launch in use: a red dot on the line and its figures beside it. */
static void panel_current(cairo_t *cr, const struct ka_chart *c, enum ka_chart_axis axis)
{
	const struct ka_chart_series *s = &c->s[axis];
	const struct ka_chart_run *r = &s->runs[s->cur_run];
	double left = LEFT + (double)axis * (PANEL_W + GAP), right = left + PANEL_W, px, py;
	char v[48], p[24], buf[128];
	cairo_text_extents_t e;

	ka_chart_xy(c, axis, (double)s->cur_x, r->occ, &px, &py);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_arc(cr, px, py, 7.5, 0, TAU);
	cairo_fill(cr);
	rgb(cr, KA_CHART_RGB_CURRENT);
	cairo_arc(cr, px, py, 5.5, 0, TAU);
	cairo_fill(cr);

	xval(v, sizeof(v), axis, s->cur_x);
	ka_chart_pct(p, sizeof(p), r->occ);
	snprintf(buf, sizeof(buf), "%s: %s, %d %s", v, p, r->blocks,
		 r->blocks == 1 ? c->ops->words->group : c->ops->words->groups);
	font(cr, 12, true);
	cairo_text_extents(cr, buf, &e);
	/* the nearest place around the dot where the label stays inside the data
	 * area and off the line; far from the dot, a leader line joins them */
	static const double dys[] = {18, -10, 36, -28, 54, 72, 90, 108, 126, 144, 162, 180, 198};
	static const double dxs[] = {10, 50, 90, 130, 170, 210};
	double best = 1e9, bx = px + 10, by = py + 18;
	enum align bal = A_LEFT;
	for (size_t i = 0; i < sizeof(dxs) / sizeof(dxs[0]); i++)
		for (int side = 0; side < 2; side++)
			for (size_t j = 0; j < sizeof(dys) / sizeof(dys[0]); j++) {
				double dx = side ? -dxs[i] : dxs[i];
				double x0 = side ? px + dx - e.x_advance : px + dx, y0 = py + dys[j] + e.y_bearing;
				double dist = dx * dx + dys[j] * dys[j];
				if (dist >= best || x0 - 3 < left || x0 + e.x_advance + 3 > right ||
				    y0 - 3 < TOP + HEADROOM - 4 || y0 + e.height + 3 > BOTTOM)
					continue;
				if (hits_series(c, axis, x0 - 3, y0 - 3, x0 + e.x_advance + 3, y0 + e.height + 3))
					continue;
				best = dist;
				bx = px + dx;
				by = py + dys[j];
				bal = side ? A_RIGHT : A_LEFT;
			}
	/* nowhere beside the dot (a wide label, the dot mid-panel): centred on
	 * it, slid to stay inside the panel */
	for (size_t j = 0; best >= 1e9 && j < sizeof(dys) / sizeof(dys[0]); j++) {
		double x0 = px - e.x_advance / 2, y0 = py - dys[j] + e.y_bearing;
		if (x0 + e.x_advance + 3 > right)
			x0 = right - 3 - e.x_advance;
		if (x0 - 3 < left)
			x0 = left + 3;
		if (y0 - 3 < TOP + HEADROOM - 4 || y0 + e.height + 3 > BOTTOM ||
		    hits_series(c, axis, x0 - 3, y0 - 3, x0 + e.x_advance + 3, y0 + e.height + 3))
			continue;
		best = (x0 - px) * (x0 - px) + dys[j] * dys[j];
		bx = x0;
		by = py - dys[j];
		bal = A_LEFT;
	}
	if (best > 18 * 18 + 10 * 10) {
		/* a leader from the dot to the label's near edge, mid-height */
		double ex = bal == A_LEFT ? bx - 2 : bx + 2, ey = by + e.y_bearing + e.height / 2;
		cairo_set_line_width(cr, 1);
		cairo_move_to(cr, px, py);
		cairo_line_to(cr, ex, ey);
		cairo_stroke(cr);
	}
	text(cr, bx, by, bal, true, buf);
}

static void legend(cairo_t *cr, const struct ka_chart *c)
{
	static const double dash[] = {5, 3}, dash_alt[] = {6, 4};
	const char *label[] = {c->ops->words->legend, "launch in use",
			       "next drop (one step more loses occupancy)", "next gain", "cannot launch", c->alt_label};
	double x = LEFT, y = 472;
	int n = c->alt.n ? 6 : 5;

	if (c->alt.n)                  /* room for the sixth entry */
		label[2] = "next drop";
	font(cr, 12, false);
	for (int i = 0; i < n; i++) {
		cairo_save(cr);
		if (i == 5) {
			rgb(cr, KA_CHART_RGB_ALT);
			cairo_set_line_width(cr, 1.75);
			cairo_set_dash(cr, dash_alt, 2, 0);
			line(cr, x, y - 4, x + 22, y - 4);
		} else if (i == 4) {
			rgb(cr, KA_CHART_RGB_NOLAUNCH);
			cairo_rectangle(cr, x, y - 11, 22, 14);
			cairo_fill(cr);
		} else if (i == 1) {
			rgb(cr, KA_CHART_RGB_CURRENT);
			cairo_arc(cr, x + 10, y - 4, 5.5, 0, TAU);
			cairo_fill(cr);
		} else {
			rgb(cr, i == 0 ? KA_CHART_RGB_SERIES : i == 2 ? KA_CHART_RGB_DROP : KA_CHART_RGB_GAIN);
			cairo_set_line_width(cr, i == 0 ? 2.25 : 1.5);
			if (i)
				cairo_set_dash(cr, dash, 2, 0);
			line(cr, x, y - 4, x + 22, y - 4);
		}
		cairo_restore(cr);
		rgb(cr, KA_CHART_RGB_AXIS);
		x += 30 + text(cr, x + 28, y, A_LEFT, false, label[i]) + 28;
	}
}

static void headline(cairo_t *cr, const struct ka_chart *c)
{
	char buf[640], launch[256], occ[256];

	font(cr, 19, true);
	rgb(cr, KA_CHART_RGB_AXIS);
	if (c->kernel)
		snprintf(buf, sizeof(buf), "%s%s%s%s on %s", c->kernel, c->where ? "  (" : "", c->where ? c->where : "",
			 c->where ? ")" : "", c->arch_name);
	else
		snprintf(buf, sizeof(buf), "Occupancy on %s", c->arch_name);
	text(cr, LEFT - 50, 36, A_LEFT, false, buf);

	font(cr, 14, false);
	c->ops->launch_text(c, false, launch, sizeof(launch));
	c->ops->occ_text(c, false, occ, sizeof(occ));
	snprintf(buf, sizeof(buf), "%s:  %s", launch, occ);
	text(cr, LEFT - 50, 62, A_LEFT, false, buf);
	if (c->note && *c->note) {
		font(cr, 12, true);
		rgb(cr, 0xc05a00);
		snprintf(buf, sizeof(buf), "note: %s", c->note);
		text(cr, LEFT - 50, 84, A_LEFT, false, buf);
	}

	font(cr, 10.5, false);
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	text(cr, KA_CHART_WIDTH - 12, KA_CHART_HEIGHT - 10, A_RIGHT, false, "kanalyze " KA_VERSION);
}

static void draw(cairo_t *cr, const struct ka_chart *c)
{
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	headline(cr, c);
	for (int a = 0; a < KA_CHART_AXES; a++) {
		enum ka_chart_axis axis = (enum ka_chart_axis)a;
		panel_title(cr, c, axis);
		panel_zero(cr, c, axis);
		panel_frame(cr, c, axis);
		panel_cliff(cr, c, axis, false);
		panel_cliff(cr, c, axis, true);
		if (c->alt.n && c->alt.axis == axis)
			panel_series(cr, c, &c->alt, true);
		panel_series(cr, c, &c->s[axis], false);
		if (c->alt.n && c->alt.axis == axis)
			panel_alt_current(cr, c);
		panel_nolaunch(cr, c, axis);
		panel_current(cr, c, axis);
	}
	legend(cr, c);
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len)
{
	ka_buf_append(closure, data, len);
	return CAIRO_STATUS_SUCCESS;
}

static void xml_escaped(struct ka_buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			ka_buf_puts(b, "&lt;");
		else if (*s == '>')
			ka_buf_puts(b, "&gt;");
		else if (*s == '&')
			ka_buf_puts(b, "&amp;");
		else
			ka_buf_append(b, s, 1);
	}
}

/* cairo writes text as glyph outlines; a <title> and <desc> say in words
 * what the picture shows (screen readers, search, tests). */
static void svg_describe(struct ka_buf *svg, size_t from, const struct ka_chart *c)
{
	struct ka_buf meta = {0}, out = {0};
	char *open = strstr(svg->data + from, "<svg");
	char *gt = open ? strchr(open, '>') : NULL;

	if (!gt)
		return;
	ka_buf_puts(&meta, "\n<title>kanalyze occupancy charts: ");
	xml_escaped(&meta, c->kernel ? c->kernel : "launch");
	ka_buf_printf(&meta, " on %s</title>\n<desc>", c->arch_name);
	c->ops->desc(c, &meta);
	for (int a = 0; a < KA_CHART_AXES; a++) {
		const struct ka_chart_series *s = &c->s[a];
		ka_buf_printf(&meta, "; %s: next_drop=%ld next_gain=%ld", c->ops->words->key[a], s->drop_x, s->gain_x);
	}
	if (c->alt.n)
		ka_buf_printf(&meta, "; %s %s: next_drop=%ld next_gain=%ld", c->ops->words->key[c->alt.axis],
			      c->alt_label, c->alt.drop_x, c->alt.gain_x);
	if (c->note && *c->note) {
		ka_buf_puts(&meta, "; assumed: ");
		xml_escaped(&meta, c->note);
	}
	ka_buf_puts(&meta, "</desc>");
	ka_buf_append(&out, svg->data, (size_t)(gt + 1 - svg->data));
	ka_buf_append(&out, meta.data, meta.len);
	ka_buf_append(&out, gt + 1, svg->len - (size_t)(gt + 1 - svg->data));
	ka_buf_free(&meta);
	ka_buf_free(svg);
	*svg = out;
}

void ka_chart_release(void)
{
	if (!ka_cairo_loaded())                 /* no chart drawn: nothing to release */
		return;
	cairo_debug_reset_static_data();
	FcFini();
}

int ka_chart_render(const struct ka_chart *c, enum ka_chart_format fmt, struct ka_buf *out, char *err,
		    size_t errlen)
{
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;
	size_t from = out->len;
	const char *missing = ka_cairo_load();

	if (missing) {
		snprintf(err, errlen, "%s", missing);
		return -1;
	}
	if (fmt == KA_CHART_SVG) {
		s = cairo_svg_surface_create_for_stream(to_buf, out, KA_CHART_WIDTH, KA_CHART_HEIGHT);
		cairo_svg_surface_restrict_to_version(s, CAIRO_SVG_VERSION_1_1);
		cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
	} else {
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, KA_CHART_WIDTH, KA_CHART_HEIGHT);
	}
	cr = cairo_create(s);
	draw(cr, c);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st == CAIRO_STATUS_SUCCESS && fmt == KA_CHART_PNG)
		st = cairo_surface_write_to_png_stream(s, to_buf, out);
	cairo_surface_finish(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	if (st != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "cairo: %s", cairo_status_to_string(st));
		return -1;
	}
	if (fmt == KA_CHART_SVG && out->len > from)
		svg_describe(out, from, c);
	return 0;
}
