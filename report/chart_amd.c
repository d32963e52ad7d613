/* chart_amd.c — the AMD and Hygon provider of the occupancy charts: the
 * model of occupancy/amd.c swept over threads per workgroup, architectural
 * VGPRs (AGPRs held at the kernel's) and LDS bytes per workgroup, in
 * workgroups per CU and waves per SIMD.  Where the arch has AGPRs and the
 * launch uses some, the VGPR sweep is also drawn without them (c->alt): on a
 * unified file (gfx90a, gfx94x, gfx950, Hygon) a wave allocates
 * alignTo(VGPRs, 4) + AGPRs, so the AGPRs move every cliff left. */
#include "report.h"

#include <string.h>

static const struct ka_chart_words words = {
	.axis = {"threads per workgroup", "VGPRs per wave", "LDS per workgroup"},
	.term = {"wg", "vgprs", "lds"},
	.col = {"threads", "VGPRs", "B"},
	.key = {"block", "vgprs", "lds"},
	.group = "workgroup", .groups = "workgroups",
	.legend = "occupancy (waves per SIMD / max waves per SIMD)",
};

static void eval(const struct ka_chart *c, enum ka_chart_axis axis, bool alt, long x, struct ka_chart_point *p)
{
	struct ka_amd_launch t = c->amd_launch;
	struct ka_amd_occupancy o;

	if (alt)
		t.agprs = 0;
	if (axis == KA_CHART_BLOCK)
		t.block = (int)x;
	else if (axis == KA_CHART_REGS)
		t.vgprs = (int)x;
	else
		t.lds = x;
	ka_occ_amd(c->amd_arch, &t, &o);
	*p = (struct ka_chart_point){o.workgroups_per_cu, o.waves_per_simd, o.occupancy, o.limiters};
}

/* The model has no LDS granule (amd.c): it counts the workgroups the CU's
 * pool holds, pool / lds, which stays k for every lds in
 * (pool / (k+1), pool / k]; block size and VGPRs are evaluated at each value. */
static long same_until(const struct ka_chart *c, enum ka_chart_axis axis, long x)
{
	long pool = c->amd_arch->lds_per_cu;

	if (axis != KA_CHART_SMEM || x <= 0 || pool / x == 0)
		return x;
	return pool / (pool / x);
}

static void extras(const struct ka_chart *c, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	if (c->amd_arch->agprs)
		len += (size_t)snprintf(buf, n, ", %d AGPRs", c->amd_launch.agprs);
	if (c->amd_arch->sgpr_limited && len < n)
		snprintf(buf + len, n - len, ", %d SGPRs", c->amd_launch.sgprs);
}

static void launch_text(const struct ka_chart *c, bool term, char *buf, size_t n)
{
	const struct ka_amd_launch *in = &c->amd_launch;
	const char *src = term || !c->block_source ? ""
			  : strcmp(c->block_source, "launch_bounds") == 0 ? ", __launch_bounds__"
			  : strcmp(c->block_source, "default") == 0       ? ", default" : "";
	const char *sep = term ? "  " : ", ", *sep2 = term ? "   " : ", ";
	char agprs[32] = "";

	if (c->amd_arch->agprs)          /* AGPRs only where the arch has them */
		snprintf(agprs, sizeof(agprs), "%s%d AGPRs", sep, in->agprs);
	snprintf(buf, n, "%d VGPRs%s%s%d SGPRs%s%d threads/workgroup (wave%d%s)%s%ld B LDS", in->vgprs, agprs, sep,
		 in->sgprs, sep2, in->block, in->wave, src, sep2, in->lds);
}

static void occ_text(const struct ka_chart *c, bool term, char *buf, size_t n)
{
	const struct ka_amd_occupancy *o = &c->amd_occ;
	char lim[96], p[24];

	ka_chart_limiters(lim, sizeof(lim), o->limiters, term ? ", " : " and ");
	if (term) {
		snprintf(buf, n, "%.1f %%  %d workgroup%s/CU = %d of %d waves/SIMD   limiter: %s", 100.0 * o->occupancy,
			 o->workgroups_per_cu, o->workgroups_per_cu == 1 ? "" : "s", o->waves_per_simd, c->max_warps, lim);
		return;
	}
	ka_chart_pct(p, sizeof(p), o->occupancy);
	snprintf(buf, n, "%d workgroup%s/CU = %d of %d waves per SIMD = %s, limited by %s", o->workgroups_per_cu,
		 o->workgroups_per_cu == 1 ? "" : "s", o->waves_per_simd, c->max_warps, p, lim);
}

static void fixed_text(const struct ka_chart *c, enum ka_chart_axis axis, char *buf, size_t n)
{
	const struct ka_amd_launch *in = &c->amd_launch;
	char more[48];

	extras(c, more, sizeof(more));
	if (axis == KA_CHART_BLOCK)
		snprintf(buf, n, "at %d VGPRs%s, %ld B LDS", in->vgprs, more, in->lds);
	else if (axis == KA_CHART_REGS)
		snprintf(buf, n, "at %d threads%s, %ld B LDS", in->block, more, in->lds);
	else
		snprintf(buf, n, "at %d threads, %d VGPRs%s", in->block, in->vgprs, more);
}

static void desc(const struct ka_chart *c, struct ka_buf *b)
{
	const struct ka_amd_launch *in = &c->amd_launch;
	char p[24], lim[96];

	ka_format_fraction(p, sizeof(p), c->amd_occ.occupancy);
	ka_chart_limiters(lim, sizeof(lim), c->amd_occ.limiters, " and ");
	ka_buf_printf(b, "vgprs=%d agprs=%d sgprs=%d block=%d lds=%ld wave=%d workgroups_per_cu=%d "
		      "waves_per_simd=%d occupancy=%s limiter=%s", in->vgprs, in->agprs, in->sgprs, in->block, in->lds,
		      in->wave, c->amd_occ.workgroups_per_cu, c->amd_occ.waves_per_simd, p, lim);
}

static const struct ka_chart_ops ops = {
	.words = &words, .eval = eval, .same_until = same_until, .launch_text = launch_text,
	.fixed_text = fixed_text, .occ_text = occ_text, .desc = desc,
};

void ka_chart_build_amd(struct ka_chart *c, const struct ka_amd_arch *a, const struct ka_amd_launch *in,
			long max_threads)
{
	long regs_w = (a->vgprs_addressable + 31) / 32;    /* terminal: 32 columns */

	memset(c, 0, sizeof(*c));
	c->ops = &ops;
	c->amd_arch = a;
	c->arch_name = a->name;
	c->note = a->note ? a->note : "";
	c->amd_launch = *in;
	if (!c->amd_launch.wave)
		c->amd_launch.wave = a->default_wave;
	c->max_warps = a->max_waves;
	ka_occ_amd(a, &c->amd_launch, &c->amd_occ);
	c->occupancy = c->amd_occ.occupancy;
	c->limiters = c->amd_occ.limiters;
	c->s[KA_CHART_BLOCK] = (struct ka_chart_series){.x_lo = 1, .x_hi = 1024, .col_unit = 32, .cur_x = in->block};
	c->s[KA_CHART_REGS] = (struct ka_chart_series){.x_lo = 0, .x_hi = a->vgprs_addressable,
						       .col_unit = (regs_w + 7) / 8 * 8, .cur_x = in->vgprs};
	c->s[KA_CHART_SMEM] = (struct ka_chart_series){.x_lo = 0, .x_hi = a->lds_per_workgroup, .col_unit = 256,
						       .cur_x = in->lds};
	if (a->agprs > 0 && in->agprs > 0) {
		c->alt = c->s[KA_CHART_REGS];
		c->alt.axis = KA_CHART_REGS;
		snprintf(c->alt_label, sizeof(c->alt_label), "without the %d AGPRs", in->agprs);
		snprintf(c->alt_term, sizeof(c->alt_term), "0 AGPRs");
	}
	ka_chart_sweep(c, max_threads);
}
