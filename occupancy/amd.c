/* amd.c — the AMD (and Hygon) occupancy model: waves per SIMD from VGPRs
 * (and AGPRs), SGPRs, LDS and the workgroup size, following the conventions
 * of LLVM 16's AMDGPU backend so that it equals its "Occupancy [waves/SIMD]"
 * remark (tests/occupancy/amd_occupancy_oracle.c checks that on generated kernels).
 *
 * The rules, for a workgroup of N waves on a CU of S SIMDs that each hold at
 * most W waves (kanalyze's own code; LLVM is the oracle, not the source):
 *  - VGPRs: a wave takes alignTo(v, granule) of the SIMD's file, where v is
 *    alignTo(VGPRs, 4) + AGPRs on a unified file (gfx90a/gfx94x/gfx950, when
 *    AGPRs are used), max(VGPRs, AGPRs) on gfx908, else VGPRs:
 *    waves <= file / alignTo(v, granule)  (at least 1);
 *  - SGPRs (gfx8/9 only): <=80 -> 10, <=88 -> 9, <=100 -> 8, else 7;
 *  - workgroups per CU: N = 1 -> W*S; else min(W*S / N, barrier limit 16,
 *    or 32 on a gfx10+ WGP);
 *  - LDS: workgroups per CU <= pool / LDS bytes (no allocation granule:
 *    LLVM ignores it), 0 of them -> 1 wave; the resident workgroups' waves
 *    spread evenly over the SIMDs, rounded up: ceil(groups * N / S) <= W;
 *  - the workgroup size is the one given (LLVM uses the kernel's maximum
 *    flat workgroup size: its __launch_bounds__, 1024 without).
 * Where LLVM still answers but no workgroup of that size can be resident
 * (it needs ceil(N/S) waves on each SIMD and registers allow fewer), the
 * model says 0 and keeps LLVM's figure in llvm_waves_per_simd. */
#include "occupancy.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

const struct ka_amd_arch ka_amd_archs[] = {
#define KA_AMD_ARCH(nm, mk, parse, gen_, v64, g64, v32, g32, dflt, maxw, simd, addr, agpr, uni, sgprl, maxs, ldscu, \
		    ldswg, bar, tid, banks, note_)                                                     \
	{ .name = #nm, .maker = #mk, .parse_as = #parse, .gen = gen_, .vgprs_w64 = v64, .granule_w64 = g64, .vgprs_w32 = v32,             \
	  .granule_w32 = g32, .default_wave = dflt, .max_waves = maxw, .simds = simd,                   \
	  .vgprs_addressable = addr, .agprs = agpr, .unified = uni, .sgpr_limited = sgprl,              \
	  .max_sgprs = maxs, .lds_per_cu = ldscu, .lds_per_workgroup = ldswg,                           \
	  .barrier_workgroups = bar, .tid_packed = tid, .lds_banks = banks, .note = note_ },
#include "amd_archs.def"
#undef KA_AMD_ARCH
};
const int ka_amd_arch_count = (int)(sizeof(ka_amd_archs) / sizeof(ka_amd_archs[0]));

const struct ka_amd_arch *ka_amd_arch_find(const char *name)
{
	size_t n = strcspn(name, ":");      /* "gfx90a:sramecc+:xnack-" -> gfx90a */

	for (int i = 0; i < ka_amd_arch_count; i++)
		if (strlen(ka_amd_archs[i].name) == n && strncmp(ka_amd_archs[i].name, name, n) == 0)
			return &ka_amd_archs[i];
	return NULL;
}

int ka_arch_find(const char *name, struct ka_arch *out)
{
	memset(out, 0, sizeof(*out));
	if ((out->nv = ka_nv_arch_find(name)) != NULL) {
		out->vendor = KA_ARCH_NVIDIA;
		return 0;
	}
	if ((out->amd = ka_amd_arch_find(name)) != NULL) {
		out->vendor = KA_ARCH_AMD;
		return 0;
	}
	return -1;
}

static int div_up(long a, long b)
{
	return (int)((a + b - 1) / b);
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* Waves per SIMD the SGPRs allow on gfx8/9: 800 per SIMD, allocated in 16s. */
static int sgpr_bound(int sgprs)
{
	if (sgprs <= 80)
		return 10;
	if (sgprs <= 88)
		return 9;
	if (sgprs <= 100)
		return 8;
	return 7;
}

int ka_amd_vgprs_per_wave(const struct ka_amd_arch *a, int vgprs, int agprs)
{
	if (a->unified)
		return agprs > 0 ? (vgprs + 3) / 4 * 4 + agprs : vgprs;
	return vgprs > agprs ? vgprs : agprs;
}

bool ka_amd_has_wave32(const struct ka_amd_arch *a)
{
	return a && a->vgprs_w32 > 0;
}

int ka_occ_amd(const struct ka_amd_arch *a, const struct ka_amd_launch *in, struct ka_amd_occupancy *out)
{
	int wave, total, gran, n, slots, max_wg, regs_waves, need;
	long lds_groups;

	memset(out, 0, sizeof(*out));
	wave = in->wave ? in->wave : a->default_wave;
	if (in->block < 1 || (wave != 32 && wave != 64) || (wave == 32 && !ka_amd_has_wave32(a)))
		return -EINVAL;
	total = wave == 32 ? a->vgprs_w32 : a->vgprs_w64;
	gran = wave == 32 ? a->granule_w32 : a->granule_w64;
	n = div_up(in->block, wave);
	slots = a->max_waves * a->simds;
	out->wave = wave;
	out->waves_per_workgroup = n;

	out->by_waves = a->max_waves;

	if (in->vgprs < 0 || in->vgprs > a->vgprs_addressable || in->agprs < 0 || in->agprs > a->agprs) {
		out->by_vgprs = 0;
	} else {
		int v = ka_amd_vgprs_per_wave(a, in->vgprs, in->agprs);
		int alloc = div_up(v > 0 ? v : 1, gran) * gran;
		out->vgprs_alloc = alloc;
		out->by_vgprs = total / alloc > 0 ? total / alloc : 1;
	}

	if (in->sgprs < 0 || in->sgprs > a->max_sgprs)
		out->by_sgprs = 0;
	else
		out->by_sgprs = a->sgpr_limited ? sgpr_bound(in->sgprs) : INT_MAX;

	/* Workgroups per CU: wave slots and barriers.  A bound that only
	 * restates the wave-slot limit is not a separate limiter. */
	max_wg = n == 1 ? slots : min_int(slots / n, a->barrier_workgroups);
	if (in->block > 1024 || max_wg < 1)
		out->by_workgroups = 0;
	else if (div_up((long)max_wg * n, a->simds) < a->max_waves)
		out->by_workgroups = div_up((long)max_wg * n, a->simds);
	else
		out->by_workgroups = INT_MAX;

	lds_groups = a->lds_per_cu / (in->lds > 0 ? in->lds : 1);
	if (in->lds < 0 || in->lds > a->lds_per_workgroup)
		out->by_lds = 0;
	else if (in->lds == 0)
		out->by_lds = INT_MAX;
	else if (lds_groups == 0)
		out->by_lds = 1;
	else
		out->by_lds = div_up(lds_groups * n, a->simds);

	out->llvm_waves_per_simd = min_int(min_int(out->by_waves, out->by_vgprs),
					   min_int(out->by_sgprs, min_int(out->by_workgroups, out->by_lds)));

	/* Can a workgroup be resident at all?  Its waves need ceil(N/S) slots
	 * on each SIMD, which the registers must allow. */
	regs_waves = min_int(a->max_waves, min_int(out->by_vgprs, out->by_sgprs));
	need = div_up(n, a->simds);
	if (out->llvm_waves_per_simd == 0 || regs_waves < need) {
		out->waves_per_simd = 0;
		if (out->by_vgprs < need)
			out->limiters |= 1u << KA_LIMIT_VGPRS;
		if (out->by_sgprs < need)
			out->limiters |= 1u << KA_LIMIT_SGPRS;
		if (out->by_workgroups == 0)
			out->limiters |= 1u << KA_LIMIT_WORKGROUPS;
		if (out->by_lds == 0)
			out->limiters |= 1u << KA_LIMIT_LDS;
		return 0;
	}
	out->waves_per_simd = out->llvm_waves_per_simd;
	out->workgroups_per_cu = min_int(max_wg, regs_waves * a->simds / n);
	if (in->lds > 0 && lds_groups < out->workgroups_per_cu)
		out->workgroups_per_cu = (int)lds_groups;
	out->waves_per_cu = out->workgroups_per_cu * n;
	out->occupancy = (double)out->waves_per_simd / a->max_waves;

	if (out->by_waves == out->waves_per_simd)
		out->limiters |= 1u << KA_LIMIT_WAVES;
	if (out->by_workgroups == out->waves_per_simd)
		out->limiters |= 1u << KA_LIMIT_WORKGROUPS;
	if (out->by_vgprs == out->waves_per_simd)
		out->limiters |= 1u << KA_LIMIT_VGPRS;
	if (out->by_sgprs == out->waves_per_simd)
		out->limiters |= 1u << KA_LIMIT_SGPRS;
	if (out->by_lds == out->waves_per_simd)
		out->limiters |= 1u << KA_LIMIT_LDS;
	return 0;
}

static void at(const struct ka_amd_arch *a, const struct ka_amd_launch *in, int *waves, int *wgs)
{
	struct ka_amd_occupancy o;
	ka_occ_amd(a, in, &o);
	*waves = o.waves_per_simd;
	*wgs = o.workgroups_per_cu;
}

void ka_cliffs_amd(const struct ka_amd_arch *a, const struct ka_amd_launch *in, struct ka_amd_cliffs *out)
{
	struct ka_amd_launch t = *in;
	int cur, cur_wgs, w, g;
	long pool = a->lds_per_cu, groups;

	memset(out, 0, sizeof(*out));
	out->vgprs_to_next_drop = out->vgprs_to_next_gain = -1;
	out->lds_to_next_drop = out->lds_to_next_gain = -1;
	at(a, in, &cur, &cur_wgs);

	for (t.vgprs = in->vgprs < a->vgprs_addressable ? in->vgprs + 1 : a->vgprs_addressable + 1;
	     t.vgprs <= a->vgprs_addressable; t.vgprs++) {
		at(a, &t, &w, &g);
		if (w < cur) {
			out->vgprs_to_next_drop = t.vgprs - in->vgprs;
			out->waves_after_drop = w;
			out->workgroups_after_drop = g;
			break;
		}
	}
	/* bounded by the hardware, not by the input */
	for (t.vgprs = (in->vgprs > a->vgprs_addressable + 1 ? a->vgprs_addressable + 1 : in->vgprs) - 1;
	     t.vgprs >= 0; t.vgprs--) {
		at(a, &t, &w, &g);
		if (w > cur) {
			out->vgprs_to_next_gain = in->vgprs - t.vgprs;
			out->waves_after_gain = w;
			out->workgroups_after_gain = g;
			break;
		}
	}

	/* LDS changes the answer only where pool / LDS changes: the smallest
	 * size that leaves k workgroups is pool / (k + 1) + 1. */
	t = *in;
	groups = pool / (in->lds > 0 ? in->lds : 1);
	for (long k = (groups > 256 ? 256 : groups) - 1; k >= 1; k--) {
		long lds = pool / (k + 1) + 1;
		if (lds <= in->lds)
			continue;
		if (lds > a->lds_per_workgroup)
			break;
		t.lds = lds;
		at(a, &t, &w, &g);
		if (w < cur) {
			out->lds_to_next_drop = lds - in->lds;
			out->waves_after_lds_drop = w;
			out->workgroups_after_lds_drop = g;
			break;
		}
	}
	if (in->lds > 0) {
		/* more workgroups than the wave slots hold never help */
		for (long k = groups + 1; k <= groups + 1024 && k <= pool; k++) {
			long lds = pool / k;
			if (lds >= in->lds)
				continue;
			t.lds = lds;
			at(a, &t, &w, &g);
			if (w > cur) {
				out->lds_to_next_gain = in->lds - lds;
				out->waves_after_lds_gain = w;
				out->workgroups_after_lds_gain = g;
				break;
			}
		}
	}
}

int ka_best_blocks_amd(const struct ka_amd_arch *a, const struct ka_amd_launch *in, int max_threads,
		       int *blocks, int cap)
{
	struct ka_amd_launch t = *in;
	int best = 0, n = 0;
	int wave = in->wave ? in->wave : a->default_wave;
	int hi = max_threads > 0 && max_threads < 1024 ? max_threads : 1024;
	/* whole waves; a kernel bounded below a wave can only launch 1..bound */
	int step = hi < wave ? 1 : wave;

	for (t.block = step; t.block <= hi; t.block += step) {
		struct ka_amd_occupancy o;
		if (ka_occ_amd(a, &t, &o) != 0)
			return 0;
		if (o.waves_per_cu > best) {
			best = o.waves_per_cu;
			n = 0;
		}
		if (o.waves_per_cu == best && best > 0 && n < cap)
			blocks[n++] = t.block;
	}
	return n;
}
