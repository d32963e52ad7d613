/* chart_nvidia.c — the NVIDIA provider of the occupancy charts: the model
 * of occupancy/nvidia.c swept over threads per block, registers per thread
 * and shared memory per block (one call per shared-memory granule), in
 * blocks and warps per SM, and the words the renderers print for it. */
#include "report.h"

#include <string.h>

static const struct ka_chart_words words = {
	.axis = {"threads per block", "registers per thread", "shared memory per block"},
	.term = {"block", "regs", "smem"},
	.col = {"threads", "regs", "B"},
	.key = {"block", "regs", "smem"},
	.group = "block", .groups = "blocks",
	.legend = "occupancy (resident warps / max warps per SM)",
};

const char *ka_chart_axis_name(enum ka_chart_axis axis)
{
	return (unsigned)axis < KA_CHART_AXES ? words.axis[axis] : "?";
}

static void eval(const struct ka_chart *c, enum ka_chart_axis axis, bool alt, long x, struct ka_chart_point *p)
{
	struct ka_nv_launch t = c->launch;
	struct ka_occupancy o;

	(void)alt;                          /* no secondary series */
	if (axis == KA_CHART_BLOCK)
		t.block = (int)x;
	else if (axis == KA_CHART_REGS)
		t.regs = (int)x;
	else
		t.smem = x;
	ka_occ_nvidia(c->arch, &t, &o);
	*p = (struct ka_chart_point){o.blocks_per_sm, o.warps_per_sm, o.occupancy, o.limiters};
}

/* Every byte count in ((k-1)*g, k*g] - reserved allocates the same. */
static long same_until(const struct ka_chart *c, enum ka_chart_axis axis, long x)
{
	long g = c->arch->smem_alloc_unit, rsv = c->arch->smem_reserved;

	if (axis != KA_CHART_SMEM || x == 0)
		return x;
	return (x + rsv + g - 1) / g * g - rsv;
}

static void launch_text(const struct ka_chart *c, bool term, char *buf, size_t n)
{
	const struct ka_nv_launch *in = &c->launch;

	if (term)
		snprintf(buf, n, "%d regs   %d threads/block   %ld B shared memory   %d barrier%s", in->regs, in->block,
			 in->smem, in->barriers, in->barriers == 1 ? "" : "s");
	else
		snprintf(buf, n, "%d registers/thread, %d threads/block%s, %ld B shared memory/block", in->regs,
			 in->block,
			 c->block_source && strcmp(c->block_source, "launch_bounds") == 0 ? " (__launch_bounds__)"
			 : c->block_source && strcmp(c->block_source, "default") == 0   ? " (default)" : "",
			 in->smem);
}

static void occ_text(const struct ka_chart *c, bool term, char *buf, size_t n)
{
	const struct ka_occupancy *o = &c->occ;
	char lim[96], p[24];

	ka_chart_limiters(lim, sizeof(lim), o->limiters, term ? ", " : " and ");
	if (term) {
		snprintf(buf, n, "%.1f %%  %d blocks = %d of %d warps/SM   limiter: %s", 100.0 * o->occupancy,
			 o->blocks_per_sm, o->warps_per_sm, c->max_warps, lim);
		return;
	}
	ka_chart_pct(p, sizeof(p), o->occupancy);
	snprintf(buf, n, "%d block%s \u00d7 %d warps = %d of %d warps per SM = %s, limited by %s", o->blocks_per_sm,
		 o->blocks_per_sm == 1 ? "" : "s", (c->launch.block + 31) / 32, o->warps_per_sm, c->max_warps, p, lim);
}

static void fixed_text(const struct ka_chart *c, enum ka_chart_axis axis, char *buf, size_t n)
{
	const struct ka_nv_launch *in = &c->launch;

	if (axis == KA_CHART_BLOCK)
		snprintf(buf, n, "at %d registers/thread, %ld B shared memory", in->regs, in->smem);
	else if (axis == KA_CHART_REGS)
		snprintf(buf, n, "at %d threads/block, %ld B shared memory", in->block, in->smem);
	else
		snprintf(buf, n, "at %d threads/block, %d registers/thread", in->block, in->regs);
}

static void desc(const struct ka_chart *c, struct ka_buf *b)
{
	char p[24], lim[96];

	ka_format_fraction(p, sizeof(p), c->occ.occupancy);
	ka_chart_limiters(lim, sizeof(lim), c->occ.limiters, " and ");
	ka_buf_printf(b, "regs=%d block=%d smem=%ld blocks_per_sm=%d warps_per_sm=%d occupancy=%s limiter=%s",
		      c->launch.regs, c->launch.block, c->launch.smem, c->occ.blocks_per_sm, c->occ.warps_per_sm, p,
		      lim);
}

static const struct ka_chart_ops ops = {
	.words = &words, .eval = eval, .same_until = same_until, .launch_text = launch_text,
	.fixed_text = fixed_text, .occ_text = occ_text, .desc = desc,
};

void ka_chart_build(struct ka_chart *c, const struct ka_nv_arch *a, const struct ka_nv_launch *in,
		    long max_threads)
{
	memset(c, 0, sizeof(*c));
	c->ops = &ops;
	c->arch = a;
	c->arch_name = a->name;
	c->note = a->note ? a->note : "";
	c->launch = *in;
	c->max_warps = a->max_threads_per_sm / 32;
	ka_occ_nvidia(a, in, &c->occ);
	c->occupancy = c->occ.occupancy;
	c->limiters = c->occ.limiters;
	c->s[KA_CHART_BLOCK] = (struct ka_chart_series){.x_lo = 1, .x_hi = a->max_threads_per_block,
							.col_unit = 32, .cur_x = in->block};
	c->s[KA_CHART_REGS] = (struct ka_chart_series){.x_lo = 0, .x_hi = a->max_regs_per_thread, .x_axis = 256,
						       .col_unit = 8, .cur_x = in->regs};
	c->s[KA_CHART_SMEM] = (struct ka_chart_series){
		.x_lo = 0, .x_hi = a->smem_per_block_optin,
		.col_unit = a->smem_alloc_unit, .cur_x = in->smem};
	ka_chart_sweep(c, max_threads);
}
