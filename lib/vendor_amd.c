/* vendor_amd.c — AMD's (and Hygon's) entry of the vendor table: the arch
 * rows (occupancy/amd_archs.def), the per-kernel model in waves per SIMD
 * with its neutral figures (workgroups per CU as blocks, waves per CU as
 * warps, VGPRs as registers, LDS as shared memory), the VGPR cliff warning,
 * and the check against LLVM's own occupancy remark. */
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

static int check_smem(const char *arch, long smem, struct ka_diag *d)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);
	if (smem > a->lds_per_workgroup) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--smem %ld is over %s's %ld-byte LDS per workgroup", smem, a->name,
			      a->lds_per_workgroup);
		return -1;
	}
	return 0;
}

/* The analysis runs for the arch's wave width (--wave32/--wave64 on gfx10+). */
static void analyzer_options(const char *arch, int wave, struct ka_analyzer_options *o)
{
	int w = ka_analyzer_warp_size(arch);
	*o = (struct ka_analyzer_options){.lang = KA_LANG_HIP, .warp_size = w == 32 && wave ? wave : w};
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
 * the static LDS: the model must say the same there. */
static void check_llvm(const struct ka_kernel_result *kr, struct ka_diag *d)
{
	const struct ka_kernel *k = kr->k;
	struct ka_amd_launch at = kr->m.amd.launch;
	struct ka_amd_occupancy o;
	char where[512];

	if (k->llvm_waves_per_simd <= 0 || k->res.max_threads <= 0)
		return;
	at.block = (int)k->res.max_threads;
	at.lds = k->res.lds > 0 ? k->res.lds : 0;
	ka_occ_amd(kr->m.amd.arch, &at, &o);
	snprintf(where, sizeof(where), "%s:%d", k->file ? k->file : "", k->line);
	if (o.llvm_waves_per_simd != k->llvm_waves_per_simd)
		ka_diag_warn(d, where, "%s (%s): LLVM says %d waves/SIMD at its %ld-thread bound, the model %d "
			     "(please report: the model follows LLVM 16)", k->name, k->arch, k->llvm_waves_per_simd,
			     k->res.max_threads, o.llvm_waves_per_simd);
}

static void model(struct ka_kernel_result *kr, const struct ka_kernel *k, const struct ka_model_params *p,
		  const struct ka_what_spec *specs, int n_specs, const struct ka_kernel_list *variants,
		  struct ka_model_memo *memo, struct ka_diag *d)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(k->arch);
	const struct ka_resources *r = &k->res;
	struct ka_amd_launch in;

	(void)specs;
	(void)variants;
	(void)memo;
	kr->m.amd.arch = a;
	kr->smem_dynamic = p->smem;
	kr->waves_per_simd = -1;
	kr->waves = (struct ka_wave_cliffs){-1, -1, -1, -1};
	kr->min_grid = -1;
	if (!a)
		return;
	/* HIP's default bound is 1024: only a smaller one says how it is launched */
	if (p->block > 0) {
		kr->block = (int)p->block;
		kr->block_source = "option";
	} else if (r->max_threads > 0 && r->max_threads < 1024) {
		kr->block = (int)r->max_threads;
		kr->block_source = "launch_bounds";
	} else {
		kr->block = 256;
		kr->block_source = "default";
	}
	in = (struct ka_amd_launch){
		.vgprs = r->vgprs > 0 ? (int)r->vgprs : 0,
		.agprs = r->agprs > 0 ? (int)r->agprs : 0,
		.sgprs = r->sgprs > 0 ? (int)r->sgprs : 0,
		.block = kr->block,
		.lds = (r->lds > 0 ? r->lds : 0) + p->smem,
		.wave = k->wave_size ? k->wave_size : p->wave ? p->wave : a->default_wave,
	};
	if (in.wave == 32 && !a->vgprs_w32)
		in.wave = 64;
	kr->m.amd.launch = in;
	ka_occ_amd(a, &in, &kr->m.amd.occ);
	ka_cliffs_amd(a, &in, &kr->m.amd.cliffs);
	kr->n_best = ka_best_blocks_amd(a, &in, (int)(r->max_threads > 0 ? r->max_threads : 0), kr->best, KA_MAX_BEST);
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
	check_llvm(kr, d);

	/* a grid that fills the GPU: --sms counts CUs */
	if (p->sms > 0 && kr->best_block > 0) {
		struct ka_amd_launch at = in;
		struct ka_amd_occupancy o;
		at.block = kr->best_block;
		ka_occ_amd(a, &at, &o);
		kr->min_grid = (long)o.workgroups_per_cu * p->sms;
	}
	if (n_specs > 0 || p->smem_per_thread > 0)
		ka_diag_warn_once(d, "amd:what-if", NULL, "--what-if and --smem-per-thread apply to NVIDIA kernels only "
				  "in this build; AMD kernels are reported without them");
}

const struct ka_vendor_ops ka_vendor_amd = {
	.id = KA_VENDOR_AMD,
	.name = "amd",
	.reg_unit = "VGPRs",
	.default_arch = "gfx90a",
	.inputs = "AMD archs take HIP sources: .hip files, or -x hip",
	.arch_find = arch_find,
	.analysable = analysable,
	.check_smem = check_smem,
	.model = model,
	.analyzer_options = analyzer_options,
};
