/* test_amd.c — unit tests of the AMD side: the model's worked examples (the
 * occupancy.h table, seed 003's Hygon table and where it is wrong), each
 * limiter, cliffs, the arch lookup, the remark parser on live, saved and
 * broken logs, and the assembly metadata reader.  Figures are worked out
 * by hand in the comments; tests/occupancy/amd_occupancy_oracle.c checks the model
 * against LLVM itself. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends.h"
#include "occupancy.h"

static const struct ka_amd_arch *arch(const char *name)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(name);
	assert_non_null(a);
	return a;
}

static struct ka_amd_occupancy occ(const char *name, int v, int a, int s, int block, long lds, int wave)
{
	struct ka_amd_launch in = {v, a, s, block, lds, wave};
	struct ka_amd_occupancy o;
	assert_int_equal(ka_occ_amd(arch(name), &in, &o), 0);
	return o;
}

static int waves(const char *name, int v, int a, int s, int block, long lds, int wave)
{
	return occ(name, v, a, s, block, lds, wave).waves_per_simd;
}

/* gfx90a: 512-entry unified file, granule 8, 8 waves at most:
 * 64 -> 8, 65 -> 72 -> 7, 130 -> 136 -> 3, 100 + 40 AGPRs -> 104 + 40 = 144 -> 3. */
static void gfx90a_worked_example(void **state)
{
	(void)state;
	struct ka_amd_occupancy o = occ("gfx90a", 64, 0, 0, 256, 0, 0);
	assert_int_equal(o.waves_per_simd, 8);
	assert_int_equal(o.limiters, (1u << KA_LIMIT_WAVES) | (1u << KA_LIMIT_VGPRS));   /* 65 would drop */
	assert_true(o.occupancy == 1.0);
	assert_int_equal(o.wave, 64);
	o = occ("gfx90a", 65, 0, 0, 256, 0, 0);
	assert_int_equal(o.waves_per_simd, 7);
	assert_int_equal(o.vgprs_alloc, 72);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_VGPRS);
	assert_int_equal(waves("gfx90a", 130, 0, 0, 256, 0, 0), 3);
	o = occ("gfx90a", 100, 40, 0, 256, 0, 0);
	assert_int_equal(o.vgprs_alloc, 144);
	assert_int_equal(o.waves_per_simd, 3);
	assert_true(o.occupancy == 0.375);
	/* AGPRs start at a multiple of 4: 101 VGPRs + 40 -> 104 + 40 too */
	assert_int_equal(occ("gfx90a", 101, 40, 0, 256, 0, 0).vgprs_alloc, 144);
	/* the whole file: 256 + 256 -> 1 wave */
	assert_int_equal(waves("gfx90a", 256, 256, 0, 64, 0, 0), 1);
	/* 8 workgroups of 4 waves on 4 SIMDs: 8 per SIMD */
	assert_int_equal(occ("gfx90a", 64, 0, 0, 256, 0, 0).workgroups_per_cu, 8);
}

/* Seed 003's table for a 512-VGPR SIMD (gfx928), granule 8, 8 waves:
 * 64 -> 8, 128 -> 4, 256 -> 2, 260 -> 264 -> 1; gfx936 (768): 256 -> 3.
 * And where the seed is wrong: 130 VGPRs -> 136 -> 512/136 = 3 waves, not 2;
 * 124 -> 128 -> 4. */
static void seed003_hygon(void **state)
{
	(void)state;
	assert_int_equal(waves("gfx928", 64, 0, 0, 256, 0, 0), 8);
	assert_int_equal(waves("gfx928", 128, 0, 0, 256, 0, 0), 4);
	assert_int_equal(waves("gfx928", 256, 0, 0, 256, 0, 0), 2);
	assert_int_equal(waves("gfx928", 260, 0, 0, 256, 0, 0), 1);
	assert_int_equal(waves("gfx928", 130, 0, 0, 256, 0, 0), 3);
	assert_int_equal(waves("gfx928", 124, 0, 0, 256, 0, 0), 4);
	assert_int_equal(waves("gfx936", 256, 0, 0, 256, 0, 0), 3);
	assert_true(*arch("gfx928")->note != '\0');    /* assumptions are said */
	assert_true(*arch("gfx936")->note != '\0');
}

/* gfx908: separate 256-entry files, the larger count binds; granule 4. */
static void gfx908_separate_files(void **state)
{
	(void)state;
	assert_int_equal(waves("gfx908", 10, 100, 0, 256, 0, 0), 2);    /* 100 -> 256/100 */
	assert_int_equal(waves("gfx908", 101, 40, 0, 256, 0, 0), 2);    /* 104 -> 2       */
	assert_int_equal(waves("gfx908", 3, 65, 0, 256, 0, 0), 3);      /* 68 -> 3        */
	assert_int_equal(waves("gfx908", 24, 0, 0, 256, 0, 0), 10);
	assert_int_equal(waves("gfx908", 25, 0, 0, 256, 0, 0), 9);      /* 28 -> 9        */
}

/* gfx8/9 SGPRs: <=80 -> 10, <=88 -> 9, <=100 -> 8, else 7; gfx10+ never. */
/* One wave's share of the register file, the fact the model, the what-if
 * check and the metadata cross-check ask (LLVM's getTotalNumVGPRs):
 * unified alignTo(V, 4) + A, gfx908 max(V, A), else V; wave32 rows. */
static void vgprs_per_wave(void **state)
{
	(void)state;
	assert_int_equal(ka_amd_vgprs_per_wave(ka_amd_arch_find("gfx90a"), 97, 40), 140);
	assert_int_equal(ka_amd_vgprs_per_wave(ka_amd_arch_find("gfx90a"), 97, 0), 97);
	assert_int_equal(ka_amd_vgprs_per_wave(ka_amd_arch_find("gfx942"), 1, 1), 5);
	assert_int_equal(ka_amd_vgprs_per_wave(ka_amd_arch_find("gfx908"), 97, 120), 120);
	assert_int_equal(ka_amd_vgprs_per_wave(ka_amd_arch_find("gfx908"), 97, 40), 97);
	assert_int_equal(ka_amd_vgprs_per_wave(ka_amd_arch_find("gfx1100"), 97, 0), 97);
	assert_true(ka_amd_has_wave32(ka_amd_arch_find("gfx1030")));
	assert_false(ka_amd_has_wave32(ka_amd_arch_find("gfx90a")));
	assert_false(ka_amd_has_wave32(NULL));
}

static void sgpr_limits(void **state)
{
	(void)state;
	assert_int_equal(waves("gfx906", 1, 0, 80, 64, 0, 0), 10);
	struct ka_amd_occupancy o = occ("gfx906", 1, 0, 81, 64, 0, 0);
	assert_int_equal(o.waves_per_simd, 9);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_SGPRS);
	assert_int_equal(waves("gfx906", 1, 0, 100, 64, 0, 0), 8);
	assert_int_equal(waves("gfx90a", 1, 0, 100, 64, 0, 0), 8);
	assert_int_equal(waves("gfx90a", 1, 0, 101, 64, 0, 0), 7);
	assert_int_equal(waves("gfx1030", 1, 0, 106, 64, 0, 0), 16);
}

/* gfx10+: wave32 doubles the file per SIMD; granules 16 / 8 (gfx1030), 24 /
 * 12 (gfx1100).  130 VGPRs: gfx1030 w32 144 -> 1024/144 = 7; w64 136 -> 3;
 * gfx1100 and gfx1101 w32 144 -> 1536/144 = 10; 97 -> 120 -> 12. */
static void gfx10_wave_sizes(void **state)
{
	(void)state;
	assert_int_equal(waves("gfx1030", 130, 0, 0, 256, 0, 32), 7);
	assert_int_equal(waves("gfx1030", 130, 0, 0, 256, 0, 64), 3);
	assert_int_equal(waves("gfx1030", 130, 0, 0, 256, 0, 0), 7);     /* default wave32 */
	assert_int_equal(waves("gfx1100", 130, 0, 0, 256, 0, 32), 10);
	assert_int_equal(waves("gfx1100", 96, 0, 0, 256, 0, 32), 16);
	assert_int_equal(waves("gfx1100", 97, 0, 0, 256, 0, 32), 12);
	/* gfx1101 (RDNA3, Navi32) has gfx1100's full register file */
	assert_int_equal(waves("gfx1101", 130, 0, 0, 256, 0, 32), 10);
	assert_int_equal(waves("gfx1101", 97, 0, 0, 256, 0, 32), 12);
	struct ka_amd_launch in = {32, 0, 0, 256, 0, 32};
	struct ka_amd_occupancy o;
	assert_int_equal(ka_occ_amd(arch("gfx90a"), &in, &o), -EINVAL);   /* no wave32 on gfx9 */
	in.wave = 0;
	in.block = 0;
	assert_int_equal(ka_occ_amd(arch("gfx90a"), &in, &o), -EINVAL);
}

/* LDS, LLVM's way: groups = pool / bytes, waves spread over the SIMDs and
 * rounded up.  gfx90a, 256 threads (4 waves), 16 KiB: 4 groups -> 16 waves
 * -> 4 per SIMD; 64 threads, 6000 B: 10 groups of 1 wave -> ceil(10/4) = 3.
 * gfx1030 (128 KiB per WGP, wave32): 256 threads = 8 waves, 16 KiB: 8 groups
 * -> 64 / 4 = 16.  LDS over the pool cannot happen (the per-workgroup limit
 * is refused): 64 KiB + 1 gives 0 waves with "lds". */
static void lds_limits(void **state)
{
	(void)state;
	struct ka_amd_occupancy o = occ("gfx90a", 16, 0, 0, 256, 16384, 0);
	assert_int_equal(o.waves_per_simd, 4);
	assert_int_equal(o.workgroups_per_cu, 4);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_LDS);
	assert_int_equal(waves("gfx90a", 16, 0, 0, 64, 6000, 0), 3);
	assert_int_equal(occ("gfx90a", 16, 0, 0, 64, 6000, 0).workgroups_per_cu, 10);
	assert_int_equal(waves("gfx90a", 16, 0, 0, 256, 8192, 0), 8);
	assert_int_equal(waves("gfx1030", 16, 0, 0, 256, 16384, 0), 16);
	assert_int_equal(waves("gfx1030", 16, 0, 0, 256, 32768, 0), 8);
	o = occ("gfx90a", 16, 0, 0, 256, 65537, 0);
	assert_int_equal(o.waves_per_simd, 0);
	assert_true(o.limiters & (1u << KA_LIMIT_LDS));
	assert_int_equal(waves("gfx950", 16, 0, 0, 256, 65537, 0), 2);   /* 160 KiB per workgroup there */
}

/* Workgroups: 768 threads on gfx90a = 12 waves; 32 wave slots / 12 = 2
 * workgroups -> 24 waves -> 6 per SIMD.  One-wave groups are bounded by the
 * slots only; otherwise by 16 barriers (32 on a gfx10+ WGP). */
static void workgroup_limits(void **state)
{
	(void)state;
	struct ka_amd_occupancy o = occ("gfx90a", 16, 0, 0, 768, 0, 0);
	assert_int_equal(o.waves_per_simd, 6);
	assert_int_equal(o.workgroups_per_cu, 2);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_WORKGROUPS);
	assert_int_equal(waves("gfx90a", 16, 0, 0, 64, 0, 0), 8);
	assert_int_equal(occ("gfx90a", 16, 0, 0, 64, 0, 0).workgroups_per_cu, 32);
	assert_int_equal(occ("gfx906", 16, 0, 0, 128, 0, 0).workgroups_per_cu, 16);   /* barriers */
}

/* A workgroup whose waves cannot all be resident: 1024 threads on gfx90a are
 * 16 waves, 4 per SIMD; 200 VGPRs allow 2.  LLVM still says 2; the model 0. */
static void cannot_launch(void **state)
{
	(void)state;
	struct ka_amd_occupancy o = occ("gfx90a", 200, 0, 0, 1024, 0, 0);
	assert_int_equal(o.waves_per_simd, 0);
	assert_int_equal(o.llvm_waves_per_simd, 2);
	assert_int_equal(o.workgroups_per_cu, 0);
	assert_true(o.occupancy == 0.0);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_VGPRS);
	o = occ("gfx90a", 128, 0, 0, 1024, 0, 0);      /* exactly 4 fit */
	assert_int_equal(o.waves_per_simd, 4);
	assert_int_equal(o.workgroups_per_cu, 1);
	/* out-of-range counts are refused, not modelled */
	assert_int_equal(waves("gfx90a", 257, 0, 0, 64, 0, 0), 0);
	assert_int_equal(waves("gfx1030", 8, 1, 0, 64, 0, 0), 0);        /* no AGPRs there */
}

/* VGPRs past the hardware: the walks start at the arch's limit (a gain walk
 * once stepped down from 2^31), no signed overflow. */
static void hostile_sizes(void **state)
{
	(void)state;
	struct ka_amd_launch in = {INT_MAX, 0, 0, 256, LONG_MAX, 0};
	struct ka_amd_cliffs c;
	ka_cliffs_amd(arch("gfx90a"), &in, &c);
	assert_int_equal(c.vgprs_to_next_drop, -1);
	in.lds = 0;
	ka_cliffs_amd(arch("gfx90a"), &in, &c);
	assert_int_equal(c.vgprs_to_next_gain, INT_MAX - 256);  /* from its 256 addressable */
	assert_true(c.waves_after_gain >= 1);
}

/* gfx90a VGPR cliffs: 8 waves <= 64, 7 <= 72, 6 <= 80 ... 1 <= 512 (unified). */
static void cliffs(void **state)
{
	(void)state;
	struct ka_amd_launch in = {64, 0, 0, 256, 0, 0};
	struct ka_amd_cliffs c;
	ka_cliffs_amd(arch("gfx90a"), &in, &c);
	assert_int_equal(c.vgprs_to_next_drop, 1);
	assert_int_equal(c.waves_after_drop, 7);
	assert_int_equal(c.vgprs_to_next_gain, -1);
	in.vgprs = 72;
	ka_cliffs_amd(arch("gfx90a"), &in, &c);
	assert_int_equal(c.vgprs_to_next_drop, 1);
	assert_int_equal(c.waves_after_drop, 6);
	assert_int_equal(c.vgprs_to_next_gain, 8);
	assert_int_equal(c.waves_after_gain, 8);
	/* 256 VGPRs + 249 AGPRs = 505 -> 512: 1 wave; no drop left */
	in = (struct ka_amd_launch){256, 249, 0, 64, 0, 0};
	ka_cliffs_amd(arch("gfx90a"), &in, &c);
	assert_int_equal(c.vgprs_to_next_drop, -1);
	/* LDS: 256 threads, 16 KiB -> 4 waves; 16385 B -> 3 groups -> 3 waves;
	 * 13107 B -> 5 groups -> 5 waves */
	in = (struct ka_amd_launch){16, 0, 0, 256, 16384, 0};
	ka_cliffs_amd(arch("gfx90a"), &in, &c);
	assert_int_equal(c.lds_to_next_drop, 1);
	assert_int_equal(c.waves_after_lds_drop, 3);
	assert_int_equal(c.lds_to_next_gain, 16384 - 13107);
	assert_int_equal(c.waves_after_lds_gain, 5);
}

static void best_blocks(void **state)
{
	(void)state;
	struct ka_amd_launch in = {16, 0, 0, 256, 0, 0};
	int b[32];
	int n = ka_best_blocks_amd(arch("gfx90a"), &in, 0, b, 32);
	/* every multiple of 64 whose workgroups fill 32 wave slots exactly */
	assert_true(n >= 4);
	assert_int_equal(b[0], 64);
	for (int i = 0; i < n; i++)
		assert_int_equal(32 % (b[i] / 64), 0);
	n = ka_best_blocks_amd(arch("gfx90a"), &in, 128, b, 32);
	assert_int_equal(n, 2);
	/* bounded below a wave (amdgpu_flat_work_group_size(1, 16)): only
	 * 1..16 can launch, each one wave; the largest is last */
	n = ka_best_blocks_amd(arch("gfx90a"), &in, 16, b, 32);
	assert_true(n >= 1);
	assert_int_equal(b[n - 1], 16);
	n = ka_best_blocks_amd(arch("gfx90a"), &in, 1, b, 32);
	assert_int_equal(n, 1);
	assert_int_equal(b[0], 1);
}

static void lookup(void **state)
{
	(void)state;
	struct ka_arch a;
	assert_int_equal(ka_arch_find("gfx90a:sramecc+:xnack-", &a), 0);
	assert_int_equal(a.vendor, KA_ARCH_AMD);
	assert_string_equal(a.amd->name, "gfx90a");
	assert_int_equal(ka_arch_find("sm_90a", &a), 0);
	assert_int_equal(a.vendor, KA_ARCH_NVIDIA);
	assert_int_equal(ka_arch_find("gfx91", &a), -1);
	assert_int_equal(ka_arch_find("gfx90", &a), -1);
	assert_null(ka_amd_arch_find("gfx9000"));
	for (int i = 0; i < ka_amd_arch_count; i++) {
		const struct ka_amd_arch *x = &ka_amd_archs[i];
		assert_true(x->vgprs_w64 / x->granule_w64 >= x->max_waves);   /* full occupancy reachable */
		assert_true(!x->unified || x->agprs > 0);
		assert_non_null(ka_amd_arch_find(x->parse_as));           /* parses as a row */
		assert_true(x->default_wave == 64 || x->vgprs_w32 > 0);     /* wave32 only where the row has it */
	}
	/* the facts the readers and the analysis ask of the rows */
	assert_int_equal(ka_amd_arch_find("gfx90a:xnack-")->default_wave, 64);
	assert_int_equal(ka_amd_arch_find("gfx936")->default_wave, 64);
	assert_int_equal(ka_amd_arch_find("gfx1030")->default_wave, 32);
	assert_string_equal(ka_amd_arch_find("gfx928")->parse_as, "gfx90a");
	assert_string_equal(ka_amd_arch_find("gfx1200")->parse_as, "gfx1100");
	assert_true(ka_amd_arch_find("gfx908")->agprs > 0 && !ka_amd_arch_find("gfx908")->unified);
	assert_int_equal(ka_amd_arch_find("gfx906")->agprs, 0);
	assert_int_equal(ka_nv_arch_sm(ka_nv_arch_find("sm_90a")), 90);
	assert_int_equal(ka_nv_arch_sm(ka_nv_arch_find("sm_120")), 120);
	for (int i = 0; i < ka_nv_arch_count; i++)       /* the opt-in limit is the only one to ask */
		assert_true(ka_nv_archs[i].smem_per_block_optin >= ka_nv_archs[i].smem_per_block &&
			    (ka_nv_archs[i].major >= 7 || ka_nv_archs[i].smem_per_block_optin == ka_nv_archs[i].smem_per_block));
}

/* ---- remarks ------------------------------------------------------------- */

struct parsed {
	struct ka_amd_remarks r;
	struct ka_diag d;
	char *msg;
	size_t msg_len;
	FILE *f;
};

static void parse(struct parsed *p, const char *text)
{
	memset(p, 0, sizeof(*p));
	p->f = open_memstream(&p->msg, &p->msg_len);
	ka_diag_init(&p->d, p->f);
	ka_amd_remarks_parse(text, strlen(text), &p->r, &p->d, "log");
	fflush(p->f);
}

static void parsed_free(struct parsed *p)
{
	ka_amd_remarks_free(&p->r);
	ka_diag_fini(&p->d);
	fclose(p->f);
	free(p->msg);
}

static const char LIVE[] =
	"k.hip:12:1: remark: Function Name: _Z3fooPf [-Rpass-analysis=kernel-resource-usage]\n"
	"__global__ void foo(float *x) {\n"
	"^\n"
	"k.hip:12:1: remark:     SGPRs: 40 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     VGPRs: 97 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     AGPRs: 8 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     ScratchSize [bytes/lane]: 16 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     Occupancy [waves/SIMD]: 4 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     SGPRs Spill: 0 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     VGPRs Spill: 2 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:12:1: remark:     LDS Size [bytes/block]: 4096 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:3:1: remark: Function Name: _Z6helperf [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:3:1: remark:     SGPRs: 0 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:3:1: remark:     VGPRs: 0 [-Rpass-analysis=kernel-resource-usage]\n"
	"k.hip:3:1: remark:     Occupancy [waves/SIMD]: 0 [-Rpass-analysis=kernel-resource-usage]\n"
	"1 warning generated when compiling for gfx90a.\n";

static void remarks_live(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, LIVE);
	assert_int_equal(p.r.n, 2);
	assert_int_equal(p.r.unsupported, 0);
	const struct ka_amd_remark *r = ka_amd_remarks_find(&p.r, "_Z3fooPf");
	assert_non_null(r);
	assert_string_equal(r->file, "k.hip");
	assert_int_equal(r->line, 12);
	assert_int_equal(r->col, 1);
	assert_int_equal(r->sgprs, 40);
	assert_int_equal(r->vgprs, 97);
	assert_int_equal(r->agprs, 8);
	assert_int_equal(r->scratch, 16);
	assert_int_equal(r->occupancy, 4);
	assert_int_equal(r->vgpr_spill, 2);
	assert_int_equal(r->lds, 4096);
	assert_true(r->is_kernel);
	r = ka_amd_remarks_find(&p.r, "_Z6helperf");
	assert_non_null(r);
	assert_false(r->is_kernel);                   /* no LDS line: a device function */
	assert_int_equal(r->lds, KA_UNSET);
	assert_int_equal(p.d.warnings, 0);
	parsed_free(&p);
}

/* Seed 003's log: the location after "remark:", no Function Name, no tag. */
static void remarks_saved_elsewhere(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "remark: <stdin>:1:0: Kernel Resource Usage:\r\n"
		  "remark: <stdin>:1:0:   VGPRs: 124\r\n"
		  "remark: <stdin>:1:0:   SGPRs: 68\r\n"
		  "remark: <stdin>:1:0:   ScratchSize [bytes/lane]: 0\r\n"
		  "\033[1mremark: <stdin>:1:0:   LDS Size [bytes/block]: 32768\033[0m\n");
	assert_int_equal(p.r.n, 1);
	assert_int_equal(p.r.unsupported, 0);
	assert_null(p.r.v[0].name);
	assert_string_equal(p.r.v[0].file, "<stdin>");
	assert_int_equal(p.r.v[0].vgprs, 124);
	assert_int_equal(p.r.v[0].sgprs, 68);
	assert_int_equal(p.r.v[0].lds, 32768);
	assert_true(p.r.v[0].is_kernel);
	parsed_free(&p);
}

/* Unknown keys and other remark kinds: counted, warned once per kind. */
static void remarks_unsupported(void **state)
{
	(void)state;
	struct parsed p;
	parse(&p, "k.hip:1:1: remark: Function Name: k [-Rpass-analysis=kernel-resource-usage]\n"
		  "k.hip:1:1: remark:     Frobs: 3 [-Rpass-analysis=kernel-resource-usage]\n"
		  "k.hip:1:1: remark:     Frobs: 4 [-Rpass-analysis=kernel-resource-usage]\n"
		  "k.hip:1:1: remark:     VGPRs: many [-Rpass-analysis=kernel-resource-usage]\n"
		  "k.hip:9:3: remark: foo inlined into k [-Rpass=inline]\n"
		  "k.hip:9:3: remark: bar inlined into k [-Rpass=inline]\n"
		  "k.hip:1:1: remark:     Dynamic Stack: True [-Rpass-analysis=kernel-resource-usage]\n");
	assert_int_equal(p.r.n, 1);
	assert_int_equal(p.r.unsupported, 5);
	assert_int_equal(p.d.warnings, 3);            /* Frobs, the bad value, -Rpass=inline */
	assert_non_null(strstr(p.msg, "unsupported remark 'Frobs' (first at k.hip:1)"));
	assert_int_equal(p.r.v[0].vgprs, KA_UNSET);
	assert_int_equal(p.r.v[0].dynamic_stack, 1);
	parsed_free(&p);
}

/* Garbage, truncation, a repeated key: never a crash, never a wrong merge. */
static void remarks_broken(void **state)
{
	(void)state;
	struct parsed p;
	char junk[600];
	for (size_t i = 0; i < sizeof(junk) - 1; i++)
		junk[i] = (char)((i * 131 + 7) % 255 + 1);
	junk[sizeof(junk) - 1] = '\0';
	parse(&p, junk);
	assert_int_equal(p.r.n, 0);
	parsed_free(&p);
	parse(&p, "k.hip:1:1: remark: Function Name: a\nk.hip:1:1: remark:     VGPRs: 5\n"
		  "k.hip:1:1: remark:     VGPRs: 7\nk.hip:1:1: remark:     SGP");
	assert_int_equal(p.r.n, 2);                   /* the second VGPRs starts a record */
	assert_int_equal(p.r.v[0].vgprs, 5);
	assert_int_equal(p.r.v[1].vgprs, 7);
	assert_null(p.r.v[1].name);
	parsed_free(&p);
}

/* ---- assembly metadata ---------------------------------------------------- */

static const char ASM[] =
	"\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx90a:xnack-\"\n"
	"\t.amdhsa_kernel k1\n"
	"\t\t.amdhsa_next_free_vgpr 144\n"
	"\t\t.amdhsa_next_free_sgpr k1.num_sgpr\n"
	"\t\t.amdhsa_accum_offset 104\n"
	"\t.end_amdhsa_kernel\n"
	"\t.set k1.num_sgpr, 0x1c\n"
	"\t.amdgpu_metadata\n"
	"---\n"
	"amdhsa.kernels:\n"
	"  - .agpr_count:     40\n"
	"    .args:\n"
	"      - .name:           x\n"
	"        .offset:         0\n"
	"        .size:           8\n"
	"    .group_segment_fixed_size: 2000\n"
	"    .max_flat_workgroup_size: 256\n"
	"    .name:           k1\n"
	"    .private_segment_fixed_size: 16\n"
	"    .sgpr_count:     28\n"
	"    .vgpr_count:     144\n"
	"    .wavefront_size: 64\n"
	"  - .args:           []\n"
	"    .name:           'k2'\n"
	"    .vgpr_count:     3\n"
	"amdhsa.target:   amdgcn-amd-amdhsa--gfx90a:xnack-\n"
	"amdhsa.version:\n"
	"  - 1\n"
	"  - 2\n"
	"...\n"
	"\t.end_amdgpu_metadata\n";

static void asm_metadata(void **state)
{
	(void)state;
	struct ka_amdgpu_asm as;
	struct ka_diag d;
	ka_diag_init(&d, stderr);
	assert_int_equal(ka_amdgpu_asm_parse(ASM, strlen(ASM), &as, &d, "k.s"), 0);
	assert_string_equal(as.target, "gfx90a:xnack-");
	assert_int_equal(as.n, 2);
	const struct ka_amdgpu_kernel *k = ka_amdgpu_asm_find(&as, "k1");
	assert_non_null(k);
	assert_int_equal(k->next_free_vgpr, 144);
	assert_int_equal(k->next_free_sgpr, KA_UNSET);     /* the .set comes later */
	assert_int_equal(k->accum_offset, 104);
	assert_int_equal(k->agpr_count, 40);
	assert_int_equal(k->vgpr_count, 144);
	assert_int_equal(k->sgpr_count, 28);
	assert_int_equal(k->group_segment, 2000);
	assert_int_equal(k->private_segment, 16);
	assert_int_equal(k->max_flat_workgroup, 256);
	assert_int_equal(k->wavefront_size, 64);
	k = ka_amdgpu_asm_find(&as, "k2");               /* quoted name */
	assert_non_null(k);
	assert_int_equal(k->vgpr_count, 3);
	assert_int_equal(k->max_flat_workgroup, KA_UNSET);
	ka_amdgpu_asm_free(&as);
	assert_int_equal(ka_amdgpu_asm_parse("not assembly\n", 13, &as, &d, "x.s"), -EINVAL);
	ka_amdgpu_asm_free(&as);
	ka_diag_fini(&d);
}

/* The remark wins over the metadata, and a disagreement is said. */
static void crosscheck(void **state)
{
	(void)state;
	struct parsed p;
	struct ka_amdgpu_asm as;
	struct ka_kernel k = {0};
	parse(&p, "k.hip:1:1: remark: Function Name: k1\nk.hip:1:1: remark:     VGPRs: 101\n"
		  "k.hip:1:1: remark:     AGPRs: 40\nk.hip:1:1: remark:     SGPRs: 28\n"
		  "k.hip:1:1: remark:     Occupancy [waves/SIMD]: 3\nk.hip:1:1: remark:     LDS Size [bytes/block]: 2000\n");
	assert_int_equal(ka_amdgpu_asm_parse(ASM, strlen(ASM), &as, &p.d, "k.s"), 0);
	k.name = "k1";
	ka_amd_kernel_fill(&k, &p.r.v[0], ka_amdgpu_asm_find(&as, "k1"), "gfx90a:xnack-", &p.d);
	assert_int_equal(p.d.warnings, 0);                /* 144 = alignTo(101, 4) + 40 */
	assert_string_equal(k.arch, "gfx90a");
	assert_int_equal(k.res.vgprs, 101);
	assert_int_equal(k.res.agprs, 40);
	assert_int_equal(k.res.max_threads, 256);
	assert_int_equal(k.wave_size, 64);
	assert_int_equal(k.llvm_waves_per_simd, 3);
	p.r.v[0].sgprs = 30;
	ka_amd_kernel_fill(&k, &p.r.v[0], ka_amdgpu_asm_find(&as, "k1"), "gfx90a", &p.d);
	assert_int_equal(p.d.warnings, 1);
	fflush(p.f);
	assert_non_null(strstr(p.msg, "the remark says 30 SGPRs, the assembly metadata 28"));
	assert_int_equal(k.res.sgprs, 30);
	ka_amdgpu_asm_free(&as);
	parsed_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(gfx90a_worked_example), cmocka_unit_test(hostile_sizes),
		cmocka_unit_test(seed003_hygon),
		cmocka_unit_test(gfx908_separate_files),
		cmocka_unit_test(vgprs_per_wave),
		cmocka_unit_test(sgpr_limits),
		cmocka_unit_test(gfx10_wave_sizes),
		cmocka_unit_test(lds_limits),
		cmocka_unit_test(workgroup_limits),
		cmocka_unit_test(cannot_launch),
		cmocka_unit_test(cliffs),
		cmocka_unit_test(best_blocks),
		cmocka_unit_test(lookup),
		cmocka_unit_test(remarks_live),
		cmocka_unit_test(remarks_saved_elsewhere),
		cmocka_unit_test(remarks_unsupported),
		cmocka_unit_test(remarks_broken),
		cmocka_unit_test(asm_metadata),
		cmocka_unit_test(crosscheck),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
