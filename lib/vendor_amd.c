/* vendor_amd.c — AMD's (and Hygon's) entry of the vendor table: the arch
 * rows (occupancy/amd_archs.def), the per-kernel model in waves per SIMD
 * with its neutral figures (workgroups per CU as blocks, waves per CU as
 * warps, VGPRs as registers, LDS as shared memory), LDS that grows with the
 * workgroup (--smem-per-thread), the VGPR cliff warning, the check against
 * LLVM's own occupancy remark, and the launch advice: the --what-if variants
 * (regs=N and waves=W recompiled by lib/fe_hip_whatif.c, block=B and
 * lds=S through the model) and a one-line suggestion naming the cheapest
 * variant that raises waves per SIMD. */
#include "lib.h"

#include <string.h>

static const void *arch_find(const char *arch)
{
	return ka_amd_arch_find(arch);
}

static bool analysable(const char *arch)
{
	return ka_amd_arch_find(arch) != NULL;   /* the compiler decides the rest */
}

static int check_smem(const char *arch, long smem, const char *what, struct ka_diag *d)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);
	if (smem > a->lds_per_workgroup) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "%s %ld is over %s's %ld-byte LDS per workgroup", what, smem, a->name,
			      a->lds_per_workgroup);
		return -1;
	}
	return 0;
}

/* The analysis runs for the row's wave width (--wave32/--wave64 where the
 * row has both), parsed for the row's parse_as arch. */
static void analyzer_options(const char *arch, int wave, struct ka_analyzer_options *o)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);
	bool selectable = ka_amd_has_wave32(a);
	int w = a ? a->default_wave : 64;

	*o = (struct ka_analyzer_options){.lang = KA_LANG_HIP, .warp_size = selectable && wave ? wave : w,
					  .offload_arch = a ? a->parse_as : arch, .wave_selectable = selectable};
}

static void neutral_cliffs(struct ka_kernel_result *kr, const struct ka_amd_cliffs *a)
{
	kr->cliffs = (struct ka_cliffs){
		.regs_to_next_drop = a->vgprs_to_next_drop, .blocks_after_drop = a->workgroups_after_drop,
		.regs_to_next_gain = a->vgprs_to_next_gain, .blocks_after_gain = a->workgroups_after_gain,
		.smem_to_next_drop = a->lds_to_next_drop, .blocks_after_smem_drop = a->workgroups_after_lds_drop,
		.smem_to_next_gain = a->lds_to_next_gain, .blocks_after_smem_gain = a->workgroups_after_lds_gain,
	};
	kr->waves = (struct ka_wave_cliffs){
		a->vgprs_to_next_drop >= 0 ? a->waves_after_drop : -1,
		a->vgprs_to_next_gain >= 0 ? a->waves_after_gain : -1,
		a->lds_to_next_drop >= 0 ? a->waves_after_lds_drop : -1,
		a->lds_to_next_gain >= 0 ? a->waves_after_lds_gain : -1,
	};
}

static void warn_cliff(const struct ka_kernel_result *kr, int warn, struct ka_diag *d)
{
	const struct ka_amd_cliffs *c = &kr->m.amd.cliffs;
	const struct ka_kernel *k = kr->k;
	char where[512];

	if (warn <= 0 || c->vgprs_to_next_drop < 0 || c->vgprs_to_next_drop > warn)
		return;
	snprintf(where, sizeof(where), "%s:%d", k->file ? k->file : "", k->line);
	ka_diag_warn(d, where, "%s (%s): %d VGPRs, %d below the cliff at %d: +%d VGPRs drop %d -> %d waves/SIMD "
		     "at %d threads/workgroup", k->name, k->arch, kr->m.amd.launch.vgprs, c->vgprs_to_next_drop,
		     kr->m.amd.launch.vgprs + c->vgprs_to_next_drop, c->vgprs_to_next_drop, kr->m.amd.occ.waves_per_simd,
		     c->waves_after_drop, kr->block);
}

/* LLVM computed its figure at the kernel's maximum flat workgroup size with
 * the static LDS: the model must say the same there (for a --what-if
 * variant too: `what` names it, "" for the kernel as compiled). */
static void check_llvm(const struct ka_kernel_result *kr, const struct ka_kernel *k,
		       const struct ka_amd_launch *launch, const char *what, struct ka_diag *d)
{
	struct ka_amd_launch at = *launch;
	struct ka_amd_occupancy o;
	char where[512];

	if (k->llvm_waves_per_simd <= 0 || k->res.max_threads <= 0)
		return;
	at.block = (int)k->res.max_threads;
	at.lds = k->res.lds > 0 ? k->res.lds : 0;
	ka_occ_amd(kr->m.amd.arch, &at, &o);
	snprintf(where, sizeof(where), "%s:%d", k->file ? k->file : "", k->line);
	if (o.llvm_waves_per_simd != k->llvm_waves_per_simd)
		ka_diag_warn(d, where, "%s (%s)%s%s: LLVM says %d waves/SIMD at its %ld-thread bound, the model %d "
			     "(please report: the model follows LLVM 16)", k->name, k->arch, what[0] ? ", --what-if " : "",
			     what, k->llvm_waves_per_simd, k->res.max_threads, o.llvm_waves_per_simd);
}

/* The launch at another workgroup size: LDS that grows with it
 * (--smem-per-thread) grows too. */
static struct ka_amd_launch at_block(const struct ka_amd_launch *in, long lds_fixed, long per_thread, int block)
{
	struct ka_amd_launch t = *in;
	t.block = block;
	t.lds = lds_fixed + per_thread * block;
	return t;
}

/* The best workgroup sizes when LDS grows with the workgroup: as
 * ka_best_blocks_amd, each size with its own LDS (one too large for a
 * workgroup cannot launch and is skipped). */
static int best_blocks_growing(const struct ka_amd_arch *a, const struct ka_amd_launch *in, long lds_fixed,
			       long per_thread, int max_threads, int *blocks, int cap)
{
	int best = 0, n = 0;
	int hi = max_threads > 0 && max_threads < 1024 ? max_threads : 1024;

	for (int b = in->wave; b <= hi; b += in->wave) {
		struct ka_amd_launch t = at_block(in, lds_fixed, per_thread, b);
		struct ka_amd_occupancy o;
		if (t.lds > a->lds_per_workgroup || ka_occ_amd(a, &t, &o) != 0)
			continue;
		if (o.waves_per_cu > best) {
			best = o.waves_per_cu;
			n = 0;
		}
		if (o.waves_per_cu == best && best > 0 && n < cap)
			blocks[n++] = b;
	}
	return n;
}

static double scratch_of(const struct ka_what_if *w)
{
	return w->scratch > 0 ? (double)w->scratch : 0.0;
}

/* Is a cheaper than b at the same waves: less scratch, then fewer spilled VGPRs. */
static bool cheaper(const struct ka_what_if *a, const struct ka_what_if *b)
{
	if (scratch_of(a) != scratch_of(b))
		return scratch_of(a) < scratch_of(b);
	return (a->vgpr_spills > 0 ? a->vgpr_spills : 0) < (b->vgpr_spills > 0 ? b->vgpr_spills : 0);
}

/* Each --what-if variant through the model; the one with the most waves per
 * SIMD above the kernel's, then the least scratch, then the fewest spilled
 * VGPRs, becomes the suggestion (as NVIDIA's: most warps, then fewest spill
 * bytes). */
static void advice(struct ka_kernel_result *kr, const struct ka_model_params *p, long lds_fixed,
		   const struct ka_what_spec *specs, int n, const struct ka_kernel_list *lists, struct ka_diag *d)
{
	const struct ka_kernel *k = kr->k;
	const struct ka_amd_arch *a = kr->m.amd.arch;
	const struct ka_what_if *best = NULL;

	kr->what_if = ka_what_ifs_new(n);
	kr->n_what_if = n;
	for (int i = 0; i < n; i++) {
		struct ka_what_if *w = &kr->what_if[i];
		struct ka_amd_launch in = kr->m.amd.launch;
		struct ka_amd_occupancy o;
		long fixed = lds_fixed;
		const struct ka_resources *r = &k->res;

		snprintf(w->what, sizeof(w->what), "%s", specs[i].text);
		w->regs = w->spill_stores = w->spill_loads = KA_UNSET;
		if (specs[i].kind == KA_WHAT_REGS || specs[i].kind == KA_WHAT_WAVES) {
			const struct ka_kernel *v = ka_whatif_variant(lists ? &lists[i] : NULL, k);
			if (!v) {
				w->failed = true;
				continue;
			}
			r = &v->res;
			in.vgprs = r->vgprs > 0 ? (int)r->vgprs : 0;
			in.agprs = r->agprs > 0 ? (int)r->agprs : 0;
			in.sgprs = r->sgprs > 0 ? (int)r->sgprs : 0;
			fixed += (r->lds > 0 ? r->lds : 0) - (k->res.lds > 0 ? k->res.lds : 0);
			in = at_block(&in, fixed, p->smem_per_thread, in.block);
			check_llvm(kr, v, &in, specs[i].text, d);
			if (specs[i].kind == KA_WHAT_REGS &&
			    ka_amd_vgprs_per_wave(a, in.vgprs, in.agprs) > specs[i].value) {
				char where[512];
				snprintf(where, sizeof(where), "%s:%d", k->file ? k->file : "", k->line);
				ka_diag_warn(d, where, "%s (%s): --what-if %s: the compiler kept %d VGPRs%s (a bound of "
					     "the kernel's own, such as its launch bounds, asks for more)", k->name,
					     k->arch, specs[i].text, in.vgprs, a->unified && in.agprs ? " + AGPRs" : "");
			}
		} else if (specs[i].kind == KA_WHAT_BLOCK) {
			in = at_block(&in, fixed, p->smem_per_thread, (int)specs[i].value);
		} else if (specs[i].kind == KA_WHAT_SMEM) {
			fixed += specs[i].value - kr->smem_dynamic;
			in = at_block(&in, fixed, p->smem_per_thread, in.block);
		}
		w->vgprs = r->vgprs;
		w->agprs = r->agprs;
		w->sgprs = r->sgprs;
		w->scratch = r->scratch;
		w->vgpr_spills = r->vgpr_spills;
		w->sgpr_spills = r->sgpr_spills;
		w->block = in.block;
		w->smem_dynamic = specs[i].kind == KA_WHAT_SMEM ? specs[i].value : kr->smem_dynamic;
		ka_occ_amd(a, &in, &o);
		w->waves_per_simd = o.waves_per_simd;
		w->occ = (struct ka_occupancy){
			.blocks_per_sm = o.workgroups_per_cu,
			.warps_per_sm = o.waves_per_cu,
			.occupancy = o.occupancy,
			.limiters = o.limiters,
		};
		if (w->waves_per_simd > kr->waves_per_simd &&
		    (!best || w->waves_per_simd > best->waves_per_simd ||
		     (w->waves_per_simd == best->waves_per_simd && cheaper(w, best))))
			best = w;
	}

	kr->suggestion[0] = '\0';
	if (best) {
		snprintf(kr->suggestion, sizeof(kr->suggestion),
			 "%s raises occupancy %.1f %% -> %.1f %% (%d -> %d waves/SIMD) for %.0f B/lane of scratch, "
			 "%ld VGPRs spilled", best->what, 100.0 * kr->occ.occupancy, 100.0 * best->occ.occupancy,
			 kr->waves_per_simd, best->waves_per_simd, scratch_of(best),
			 best->vgpr_spills > 0 ? best->vgpr_spills : 0);
	} else if (n == 0 && kr->cliffs.regs_to_next_gain > 0 && kr->cliffs.regs_to_next_gain <= 16) {
		long to = (long)kr->m.amd.launch.vgprs - kr->cliffs.regs_to_next_gain;
		snprintf(kr->suggestion, sizeof(kr->suggestion),
			 "%d fewer VGPRs (%ld) would give %d waves/SIMD: try --what-if regs=%ld",
			 kr->cliffs.regs_to_next_gain, to, kr->waves.after_gain, to);
	}
}

static void model(struct ka_kernel_result *kr, const struct ka_kernel *k, const struct ka_model_params *p,
		  const struct ka_what_spec *specs, int n_specs, const struct ka_kernel_list *variants,
		  struct ka_model_memo *memo, struct ka_diag *d)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(k->arch);
	const struct ka_resources *r = &k->res;
	struct ka_amd_launch in;
	/* a launch preset by the session (the config's, a launch site's:
	 * lib/launch.c) brings its own dynamic LDS */
	bool preset = kr->block_source && p->block <= 0;
	long smem = preset ? kr->smem_dynamic : p->smem;
	long lds_fixed = (r->lds > 0 ? r->lds : 0) + smem;

	(void)memo;
	kr->m.amd.arch = a;
	kr->smem_dynamic = smem;
	kr->waves_per_simd = -1;
	kr->waves = (struct ka_wave_cliffs){-1, -1, -1, -1};
	kr->min_grid = -1;
	if (!a)
		return;
	/* HIP's default bound is 1024: only a smaller one says how it is launched */
	if (p->block > 0) {
		kr->block = (int)p->block;
		kr->block_source = "option";
	} else if (preset) {
		/* kr->block, block_dims, launch site as the session set them */
	} else if (r->max_threads > 0 && r->max_threads < 1024) {
		kr->block = (int)r->max_threads;
		kr->block_source = "launch_bounds";
	} else {
		kr->block = 256;
		kr->block_source = "default";
	}
	if (!kr->block_dims[0])
		kr->block_dims[0] = kr->block, kr->block_dims[1] = kr->block_dims[2] = 1;
	in = (struct ka_amd_launch){
		.vgprs = r->vgprs > 0 ? (int)r->vgprs : 0,
		.agprs = r->agprs > 0 ? (int)r->agprs : 0,
		.sgprs = r->sgprs > 0 ? (int)r->sgprs : 0,
		.block = kr->block,
		.lds = lds_fixed + p->smem_per_thread * kr->block,
		.wave = k->wave_size ? k->wave_size : p->wave ? p->wave : a->default_wave,
	};
	if (in.wave == 32 && !ka_amd_has_wave32(a))
		in.wave = 64;
	kr->m.amd.launch = in;
	ka_occ_amd(a, &in, &kr->m.amd.occ);
	ka_cliffs_amd(a, &in, &kr->m.amd.cliffs);
	if (p->smem_per_thread > 0)
		kr->n_best = best_blocks_growing(a, &in, lds_fixed, p->smem_per_thread,
						 (int)(r->max_threads > 0 ? r->max_threads : 0), kr->best, KA_MAX_BEST);
	else
		kr->n_best = ka_best_blocks_amd(a, &in, (int)(r->max_threads > 0 ? r->max_threads : 0), kr->best,
						KA_MAX_BEST);
	kr->occ = (struct ka_occupancy){
		.blocks_per_sm = kr->m.amd.occ.workgroups_per_cu,
		.warps_per_sm = kr->m.amd.occ.waves_per_cu,
		.occupancy = kr->m.amd.occ.occupancy,
		.limiters = kr->m.amd.occ.limiters,
	};
	kr->waves_per_simd = kr->m.amd.occ.waves_per_simd;
	neutral_cliffs(kr, &kr->m.amd.cliffs);
	/* as for NVIDIA: the largest block size that reaches the best occupancy */
	kr->best_block = kr->n_best ? kr->best[kr->n_best - 1] : 0;
	warn_cliff(kr, p->warn_cliff, d);
	check_llvm(kr, k, &kr->m.amd.launch, "", d);

	/* a grid that fills the GPU: --sms counts CUs */
	if (p->sms > 0 && kr->best_block > 0) {
		struct ka_amd_launch at = at_block(&in, lds_fixed, p->smem_per_thread, kr->best_block);
		struct ka_amd_occupancy o;
		ka_occ_amd(a, &at, &o);
		kr->min_grid = (long)o.workgroups_per_cu * p->sms;
	}
	advice(kr, p, lds_fixed, specs, n_specs, variants, d);
}

const struct ka_vendor_ops ka_vendor_amd = {
	.id = KA_VENDOR_AMD,
	.name = "amd",
	.reg_unit = "VGPRs",
	.default_arch = KA_AMD_DEFAULT_ARCH,
	.inputs = "AMD archs take HIP sources: .hip files, or -x hip",
	.arch_find = arch_find,
	.analysable = analysable,
	.check_smem = check_smem,
	.model = model,
	.analyzer_options = analyzer_options,
};
