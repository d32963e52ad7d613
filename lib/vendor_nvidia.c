/* vendor_nvidia.c — NVIDIA's entry of the vendor table: its arch rows
 * (occupancy/nvidia_archs.def), the per-kernel model (occupancy, cliffs,
 * best blocks for the launch in use), and the launch advice: the block the
 * CUDA runtime would pick, the grid that fills a device, the --what-if
 * variants and a one-line suggestion naming the cheapest variant that raises
 * occupancy. */
#include "lib.h"

#include <string.h>

static const void *arch_find(const char *arch)
{
	return ka_nv_arch_find(arch);
}

static bool analysable(const char *arch)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(arch);
	return a && a->analysable;
}

static int check_smem(const char *arch, long smem, const char *what, struct ka_diag *d)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(arch);
	if (smem > a->smem_per_block_optin) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "%s %ld is over %s's %ld-byte per-block limit", what, smem, a->name,
			      a->smem_per_block_optin);
		return -1;
	}
	return 0;
}

static void analyzer_options(const char *arch, int wave, struct ka_analyzer_options *o)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(arch);
	(void)wave;
	*o = (struct ka_analyzer_options){.lang = KA_LANG_CUDA, .warp_size = 32, .sm = a ? ka_nv_arch_sm(a) : 0,
					  .offload_arch = a ? a->parse_as : NULL};
}

/* The launch in use: --block, else the one the session preset (the
 * config's, a launch site's: lib/launch.c), else the kernel's
 * __launch_bounds__, else 256. */
static void launch_of(struct ka_kernel_result *kr, const struct ka_kernel *k, const struct ka_model_params *p)
{
	if (p->block > 0) {
		kr->block = (int)p->block;
		kr->block_source = "option";
	} else if (kr->block_source) {
		/* preset, with its dynamic shared memory */
	} else if (k->res.max_threads > 0) {
		kr->block = (int)k->res.max_threads;
		kr->block_source = "launch_bounds";
	} else {
		kr->block = 256;
		kr->block_source = "default";
	}
	if (!kr->block_dims[0])
		kr->block_dims[0] = kr->block, kr->block_dims[1] = kr->block_dims[2] = 1;
	kr->m.nv.launch = (struct ka_nv_launch){
		.regs = (int)k->res.regs,
		.block = kr->block,
		.smem = k->res.static_smem + kr->smem_dynamic,
		.barriers = (int)(k->res.barriers > 0 ? k->res.barriers : 0),
		.carveout_pct = -1,
		.smem_per_thread = p->smem_per_thread,
	};
}

/* Each --what-if variant through the model; the best one becomes the
 * suggestion (most warps, then fewest spill bytes). */
static void advice(struct ka_kernel_result *kr, const struct ka_what_spec *specs, int n,
		   const struct ka_kernel_list *lists, long sms)
{
	const struct ka_kernel *k = kr->k;
	const struct ka_nv_arch *a = kr->m.nv.arch;
	const struct ka_what_if *best = NULL;

	kr->best_block = kr->n_best > 0 ? kr->best[kr->n_best - 1] : 0;
	kr->min_grid = -1;
	if (sms > 0 && kr->best_block > 0) {
		struct ka_nv_launch at = kr->m.nv.launch;
		at.block = kr->best_block;
		kr->min_grid = (long)ka_occ_nvidia_blocks(a, &at) * sms;
	}

	kr->what_if = ka_what_ifs_new(n);
	kr->n_what_if = n;
	for (int i = 0; i < n; i++) {
		struct ka_what_if *w = &kr->what_if[i];
		struct ka_nv_launch in = kr->m.nv.launch;
		snprintf(w->what, sizeof(w->what), "%s", specs[i].text);
		w->regs = k->res.regs;
		w->spill_stores = k->res.spill_stores;
		w->spill_loads = k->res.spill_loads;
		if (specs[i].kind == KA_WHAT_REGS || specs[i].kind == KA_WHAT_WAVES) {
			const struct ka_kernel *v = ka_whatif_variant(lists ? &lists[i] : NULL, k);
			if (!v) {
				w->failed = true;
				continue;
			}
			w->regs = v->res.regs;
			w->spill_stores = v->res.spill_stores;
			w->spill_loads = v->res.spill_loads;
			in.regs = (int)v->res.regs;
			in.smem += v->res.static_smem - k->res.static_smem;
		} else if (specs[i].kind == KA_WHAT_BLOCK) {
			in.block = (int)specs[i].value;
		} else {
			in.smem += specs[i].value - kr->smem_dynamic;
		}
		w->block = in.block;
		w->smem_dynamic = specs[i].kind == KA_WHAT_SMEM ? specs[i].value : kr->smem_dynamic;
		ka_occ_nvidia(a, &in, &w->occ);
		if (w->occ.warps_per_sm > kr->occ.warps_per_sm &&
		    (!best || w->occ.warps_per_sm > best->occ.warps_per_sm ||
		     (w->occ.warps_per_sm == best->occ.warps_per_sm &&
		      ka_spill_bytes(w->spill_stores, w->spill_loads) <
		      ka_spill_bytes(best->spill_stores, best->spill_loads))))
			best = w;
	}

	kr->suggestion[0] = '\0';
	if (best) {
		snprintf(kr->suggestion, sizeof(kr->suggestion),
			 "%s raises occupancy %.1f %% -> %.1f %% (%d -> %d blocks/SM) for %ld B of spills",
			 best->what, 100.0 * kr->occ.occupancy, 100.0 * best->occ.occupancy, kr->occ.blocks_per_sm,
			 best->occ.blocks_per_sm, ka_spill_bytes(best->spill_stores, best->spill_loads));
	} else if (n == 0 && kr->cliffs.regs_to_next_gain > 0 && kr->cliffs.regs_to_next_gain <= 16) {
		snprintf(kr->suggestion, sizeof(kr->suggestion),
			 "%d fewer registers (%ld) would give %d blocks/SM: try --what-if regs=%ld",
			 kr->cliffs.regs_to_next_gain, k->res.regs - kr->cliffs.regs_to_next_gain,
			 kr->cliffs.blocks_after_gain, k->res.regs - kr->cliffs.regs_to_next_gain);
	}
}

static void warn_cliff(const struct ka_kernel_result *kr, int n, struct ka_diag *d)
{
	const struct ka_cliffs *c = &kr->cliffs;
	char where[512];

	if (n <= 0 || c->regs_to_next_drop < 0 || c->regs_to_next_drop > n)
		return;
	snprintf(where, sizeof(where), "%s:%d", kr->k->file, kr->k->line);
	ka_diag_warn(d, where,
		     "%s (%s): %ld registers, %d below the cliff at %ld: +%d registers drop %d -> %d blocks/SM "
		     "at %d threads/block",
		     kr->k->name, kr->k->arch, kr->k->res.regs, c->regs_to_next_drop,
		     kr->k->res.regs + c->regs_to_next_drop, c->regs_to_next_drop, kr->occ.blocks_per_sm,
		     c->blocks_after_drop, kr->block);
}

/* A launch whose static + dynamic shared memory is over the arch's default
 * per-block limit (48 KiB, nvidia_archs.def's smem/block) fails unless the
 * program raised the kernel's cudaFuncAttributeMaxDynamicSharedMemorySize
 * (CUDA C++ Programming Guide, "Shared Memory" of compute capability 7.x
 * and later); the runtime's occupancy query answers 0 for it.  Said where
 * the kernel's source was read and has no such call for it; modelled as if
 * it had.  Worked example, sm_90, no static shared memory: 49152 dynamic
 * bytes launch as they are, 49153 need the opt-in. */
static void warn_optin(const struct ka_kernel_result *kr, const struct ka_nv_arch *a, struct ka_diag *d)
{
	const struct ka_kernel *k = kr->k;
	long total = k->res.static_smem + kr->smem_dynamic;
	char where[512];
	if (kr->smem_dynamic <= 0 || total <= a->smem_per_block)
		return;
	if (kr->launch_file)
		snprintf(where, sizeof(where), "%s:%d", kr->launch_file, kr->launch_line);
	else
		snprintf(where, sizeof(where), "%s:%d", k->file, k->line);
	if (total > a->smem_per_block_optin) {
		ka_diag_warn(d, where, "%s (%s): %ld B of shared memory per block (%ld dynamic + %ld static) is over "
			     "the %ld-byte per-block limit even with cudaFuncSetAttribute: the launch fails (CUDA C++ "
			     "Programming Guide, \"Compute Capabilities\"); modelled as 0 blocks",
			     k->name, k->arch, total, kr->smem_dynamic, (long)k->res.static_smem, a->smem_per_block_optin);
		return;
	}
	if (kr->smem_optin >= 0 || a->smem_per_block_optin <= a->smem_per_block)
		return;
	ka_diag_warn(d, where,
		     "%s (%s): %ld B of shared memory per block (%ld dynamic + %ld static) is over the %ld-byte "
		     "default limit: the launch fails without cudaFuncSetAttribute(kernel, "
		     "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes), which the source does not call for it "
		     "(CUDA C++ Programming Guide, \"Shared Memory\", compute capability 7.x and later); modelled as "
		     "if it did",
		     k->name, k->arch, total, kr->smem_dynamic, (long)k->res.static_smem, a->smem_per_block);
}

/* What the model says of one launch: the same for every kernel that has it. */
struct launch_key {
	const struct ka_nv_arch *arch;
	struct ka_nv_launch launch;
	long max_threads;
};
struct launch_model {
	struct ka_occupancy occ;
	struct ka_cliffs cliffs;
	int best[KA_MAX_BEST];
	int n_best;
};

static void model_launch(struct ka_kernel_result *kr, const struct ka_kernel *k, struct ka_model_memo *memo)
{
	struct launch_key key;
	struct launch_model m;

	memset(&key, 0, sizeof(key));              /* the padding is part of the key */
	key.arch = kr->m.nv.arch;
	key.launch = kr->m.nv.launch;
	key.max_threads = k->res.max_threads;
	if (!ka_memo_get(memo, &key, sizeof(key), &m, sizeof(m))) {
		ka_occ_nvidia(key.arch, &key.launch, &m.occ);
		ka_cliffs_nvidia(key.arch, &key.launch, &m.cliffs);
		m.n_best = ka_best_blocks_nvidia(key.arch, &key.launch, (int)key.max_threads, m.best, KA_MAX_BEST);
		ka_memo_put(memo, &key, sizeof(key), &m, sizeof(m));
	}
	kr->occ = m.occ;
	kr->cliffs = m.cliffs;
	kr->n_best = m.n_best;
	memcpy(kr->best, m.best, sizeof(kr->best));
}

static void model(struct ka_kernel_result *kr, const struct ka_kernel *k, const struct ka_model_params *p,
		  const struct ka_what_spec *specs, int n_specs, const struct ka_kernel_list *variants,
		  struct ka_model_memo *memo, struct ka_diag *d)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(k->arch);

	kr->m.nv.arch = a;
	kr->sm = ka_nv_arch_sm(a);
	if (!kr->block_source || p->block > 0)
		kr->smem_dynamic = p->smem;
	kr->waves_per_simd = -1;
	kr->waves = (struct ka_wave_cliffs){-1, -1, -1, -1};
	launch_of(kr, k, p);
	model_launch(kr, k, memo);
	advice(kr, specs, n_specs, variants, p->sms);
	if (p->block > 0 && k->res.max_threads > 0 && p->block > k->res.max_threads)
		ka_diag_warn(d, k->file, "%s: --block %ld exceeds its __launch_bounds__ (%ld): such a launch fails",
			     k->name, p->block, k->res.max_threads);
	else if (p->block <= 0 && k->res.max_threads > 0 && kr->block > k->res.max_threads)
		ka_diag_warn(d, k->file, "%s: the %s's block %d exceeds its __launch_bounds__ (%ld): such a launch fails",
			     k->name, strcmp(kr->block_source, "config") == 0 ? "config" : "launch site", kr->block,
			     k->res.max_threads);
	warn_cliff(kr, p->warn_cliff, d);
	warn_optin(kr, a, d);
}

const struct ka_vendor_ops ka_vendor_nvidia = {
	.id = KA_VENDOR_NVIDIA,
	.name = "nvidia",
	.reg_unit = "registers",
	.default_arch = KA_NV_DEFAULT_ARCH,
	.inputs = "NVIDIA archs take CUDA sources: .cu files, or -x cuda",
	.arch_find = arch_find,
	.analysable = analysable,
	.check_smem = check_smem,
	.model = model,
	.analyzer_options = analyzer_options,
};
