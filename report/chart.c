/* chart.c — the data behind the occupancy charts: three sweeps of an
 * occupancy model around one launch (block size, registers, shared memory),
 * as runs of equal answers, with the launch in use and the nearest change
 * either way.  Vendor-neutral: a provider (chart_nvidia.c, chart_amd.c) sets
 * up the ranges and evaluates its model through struct ka_chart_ops; this
 * file only sweeps and marks.  Pure: no I/O, no cairo. */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void push_run(struct ka_chart_series *s, size_t *cap, long x0, long x1, const struct ka_chart_point *p)
{
	struct ka_chart_run *last = s->n ? &s->runs[s->n - 1] : NULL;

	if (last && last->x1 + 1 == x0 && last->warps == p->warps && last->blocks == p->blocks &&
	    last->limiters == p->limiters) {
		last->x1 = x1;
		return;
	}
	KA_GROW(s->runs, s->n, *cap, 32);
	s->runs[s->n++] = (struct ka_chart_run){x0, x1, p->blocks, p->warps, p->occ, p->limiters};
}

/* Sweep one axis over [x_lo, x_hi]: the model once per stretch the provider
 * vouches for (every value for block size and registers, at most 1024 calls;
 * a granule of shared memory at a time where there is one). */
static void sweep(const struct ka_chart *c, struct ka_chart_series *s, bool alt)
{
	struct ka_chart_point p;
	size_t cap = 0;

	for (long x = s->x_lo; x <= s->x_hi;) {
		long end = c->ops->same_until(c, s->axis, x);
		if (end < x)
			end = x;
		if (end > s->x_hi)
			end = s->x_hi;
		c->ops->eval(c, s->axis, alt, x, &p);
		push_run(s, &cap, x, end, &p);
		x = end + 1;
	}
}

/* The launch in use, and the nearest run either side with a different
 * number of resident warps (waves). */
static void mark(struct ka_chart_series *s)
{
	int warps;

	s->cur_run = 0;
	for (size_t i = 0; i < s->n; i++)
		if (s->runs[i].x0 <= s->cur_x && s->cur_x <= s->runs[i].x1)
			s->cur_run = i;
	warps = s->runs[s->cur_run].warps;
	s->drop_x = s->gain_x = -1;
	s->drop_run = s->gain_run = 0;
	for (size_t i = s->cur_run + 1; i < s->n; i++)
		if (s->runs[i].warps < warps) {
			s->drop_x = s->runs[i].x0;
			s->drop_run = i;
			break;
		}
	for (size_t i = s->cur_run; i-- > 0;)
		if (s->runs[i].warps > warps) {
			s->gain_x = s->runs[i].x1;
			s->gain_run = i;
			break;
		}
}

void ka_chart_sweep(struct ka_chart *c, long max_threads)
{
	struct ka_chart_series *b = &c->s[KA_CHART_BLOCK];

	for (int i = 0; i < KA_CHART_AXES; i++) {
		struct ka_chart_series *s = &c->s[i];
		s->axis = (enum ka_chart_axis)i;
		if (s->x_axis < s->x_hi)
			s->x_axis = s->x_hi;
		if (s->col_unit < 1)
			s->col_unit = 1;
		sweep(c, s, false);
		mark(s);
	}
	if (c->alt.x_hi > 0) {
		if (c->alt.x_axis < c->alt.x_hi)
			c->alt.x_axis = c->alt.x_hi;
		if (c->alt.col_unit < 1)
			c->alt.col_unit = 1;
		sweep(c, &c->alt, true);
		mark(&c->alt);
	}
	if (max_threads > 0 && max_threads < b->x_hi) {
		b->x_launch_max = max_threads;
		if (b->drop_x > max_threads)      /* a block size it cannot launch */
			b->drop_x = -1;
	}
}

void ka_chart_free(struct ka_chart *c)
{
	for (int i = 0; i < KA_CHART_AXES; i++) {
		free(c->s[i].runs);
		c->s[i].runs = NULL;
		c->s[i].n = 0;
	}
	free(c->alt.runs);
	c->alt.runs = NULL;
	c->alt.n = 0;
}

const struct ka_chart_run *ka_chart_at(const struct ka_chart_series *s, long x)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {            /* runs are sorted and contiguous */
		size_t mid = lo + (hi - lo) / 2;
		if (s->runs[mid].x1 < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n && s->runs[lo].x0 <= x ? &s->runs[lo] : NULL;
}

const char *ka_chart_axis_label(const struct ka_chart *c, enum ka_chart_axis axis)
{
	return (unsigned)axis < KA_CHART_AXES ? c->ops->words->axis[axis] : "?";
}

void ka_chart_limiters(char *buf, size_t n, unsigned mask, const char *sep)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int l = 0; l < KA_LIMIT_COUNT && len < n; l++)
		if (mask & (1u << l))
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? sep : "",
						ka_limiter_name((enum ka_limiter)l));
}

void ka_chart_pct(char *buf, size_t n, double occ)
{
	double p = 100.0 * occ;
	if (fabs(p - floor(p + 0.5)) < 1e-9)
		snprintf(buf, n, "%.0f %%", p);
	else
		snprintf(buf, n, "%.1f %%", p);
}
