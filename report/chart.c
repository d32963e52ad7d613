/* chart.c — the data behind the occupancy charts: three sweeps of the
 * occupancy model around one launch (block size, registers per thread,
 * shared memory per block), as runs of equal answers, with the launch in use
 * and the nearest change either way.  Pure: no I/O, no cairo. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

static const char *const axis_names[KA_CHART_AXES] = {
	[KA_CHART_BLOCK] = "threads per block",
	[KA_CHART_REGS] = "registers per thread",
	[KA_CHART_SMEM] = "shared memory per block",
};

const char *ka_chart_axis_name(enum ka_chart_axis axis)
{
	return (unsigned)axis < KA_CHART_AXES ? axis_names[axis] : "?";
}

static void push_run(struct ka_chart_series *s, size_t *cap, long x0, long x1, const struct ka_occupancy *o)
{
	struct ka_chart_run *last = s->n ? &s->runs[s->n - 1] : NULL;

	if (last && last->x1 + 1 == x0 && last->warps == o->warps_per_sm && last->blocks == o->blocks_per_sm &&
	    last->limiters == o->limiters) {
		last->x1 = x1;
		return;
	}
	if (s->n == *cap) {
		*cap = *cap ? 2 * *cap : 32;
		s->runs = ka_xrealloc(s->runs, *cap * sizeof(*s->runs));
	}
	s->runs[s->n++] = (struct ka_chart_run){x0, x1, o->blocks_per_sm, o->warps_per_sm, o->occupancy, o->limiters};
}

static long round_up(long x, long unit)
{
	return (x + unit - 1) / unit * unit;
}

/* Sweep one axis.  Block size and registers are evaluated at every value
 * (at most 1024 model calls); shared memory once per allocation granule,
 * since every byte count in ((k-1)*g, k*g] - reserved allocates the same. */
static void sweep(struct ka_chart_series *s, const struct ka_nv_arch *a, const struct ka_nv_launch *in)
{
	struct ka_nv_launch t = *in;
	struct ka_occupancy o;
	size_t cap = 0;

	switch (s->axis) {
	case KA_CHART_BLOCK:
		s->x_lo = 1;
		s->x_hi = a->max_threads_per_block;
		s->cur_x = in->block;
		for (long x = s->x_lo; x <= s->x_hi; x++) {
			t.block = (int)x;
			ka_occ_nvidia(a, &t, &o);
			push_run(s, &cap, x, x, &o);
		}
		break;
	case KA_CHART_REGS:
		s->x_lo = 0;
		s->x_hi = a->max_regs_per_thread;
		s->cur_x = in->regs;
		for (long x = s->x_lo; x <= s->x_hi; x++) {
			t.regs = (int)x;
			ka_occ_nvidia(a, &t, &o);
			push_run(s, &cap, x, x, &o);
		}
		break;
	default: {
		long g = a->smem_alloc_unit, rsv = a->smem_reserved;
		s->x_lo = 0;
		s->x_hi = a->major >= 7 ? a->smem_per_block_optin : a->smem_per_block;
		s->cur_x = in->smem;
		t.smem = 0;
		ka_occ_nvidia(a, &t, &o);
		push_run(s, &cap, 0, 0, &o);
		for (long x = 1; x <= s->x_hi;) {
			long end = round_up(x + rsv, g) - rsv;
			if (end > s->x_hi)
				end = s->x_hi;
			t.smem = x;
			ka_occ_nvidia(a, &t, &o);
			push_run(s, &cap, x, end, &o);
			x = end + 1;
		}
		break;
	}
	}
}

/* The launch in use, and the nearest run either side with a different
 * number of resident warps. */
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

void ka_chart_build(struct ka_chart *c, const struct ka_nv_arch *a, const struct ka_nv_launch *in,
		    long max_threads)
{
	memset(c, 0, sizeof(*c));
	c->arch = a;
	c->launch = *in;
	c->max_warps = a->max_threads_per_sm / 32;
	ka_occ_nvidia(a, in, &c->occ);
	for (int i = 0; i < KA_CHART_AXES; i++) {
		struct ka_chart_series *s = &c->s[i];
		s->axis = (enum ka_chart_axis)i;
		sweep(s, a, in);
		mark(s);
	}
	if (max_threads > 0 && max_threads < a->max_threads_per_block) {
		struct ka_chart_series *b = &c->s[KA_CHART_BLOCK];
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
