/* analyze.c — `kanalyze FILE...`: compile each file for each arch, read the
 * real resources, run the occupancy model for the launch configuration in
 * use, and write the report.  Bad inputs are reported one line each and the
 * run goes on with the other files; the exit code is the worst seen. */
#include "chart.h"
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_ARCHS = 32 };

static long option_long(const struct ka_cli *cli, int id, long lo, long hi, long def, struct ka_diag *d,
			bool *bad)
{
	char err[160];
	struct ka_values v;
	long x;

	if (!cli->opt[id])
		return def;
	if (ka_values_parse(cli->opt[id], lo, hi, &v, err, sizeof(err)) != 0 || v.n != 1) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--%s: %s", id == OPT_BLOCK ? "block" : id == OPT_SMEM ? "smem"
			      : id == OPT_JOBS ? "jobs" : id == OPT_TIMEOUT ? "timeout" : "warn-cliff",
			      v.n > 1 ? "takes one value here" : err);
		if (v.n > 1)
			ka_values_free(&v);
		*bad = true;
		return def;
	}
	x = v.v[0];
	ka_values_free(&v);
	return x;
}

/* Occupancy, cliffs and best block sizes for one kernel. */
static void model_kernel(struct ka_report_kernel *rk, const struct ka_kernel *k, const struct ka_nv_arch *a,
			 long block_opt, long smem_dyn, long smem_per_thread)
{
	struct ka_nv_launch in;

	rk->k = k;
	rk->arch = a;
	rk->smem_dynamic = smem_dyn;
	if (block_opt > 0) {
		rk->block = (int)block_opt;
		rk->block_source = "option";
	} else if (k->res.max_threads > 0) {
		rk->block = (int)k->res.max_threads;
		rk->block_source = "launch_bounds";
	} else {
		rk->block = 256;
		rk->block_source = "default";
	}
	in = (struct ka_nv_launch){
		.regs = (int)k->res.regs,
		.block = rk->block,
		.smem = k->res.static_smem + smem_dyn,
		.barriers = (int)(k->res.barriers > 0 ? k->res.barriers : 0),
		.carveout_pct = -1,
		.smem_per_thread = smem_per_thread,
	};
	rk->launch = in;
	ka_occ_nvidia(a, &in, &rk->occ);
	ka_cliffs_nvidia(a, &in, &rk->cliffs);
	rk->n_best = ka_best_blocks_nvidia(a, &in, (int)k->res.max_threads, rk->best, KA_MAX_BEST);
}

static void warn_cliff(const struct ka_report_kernel *rk, int n, struct ka_diag *d)
{
	const struct ka_cliffs *c = &rk->cliffs;
	char where[512];

	if (n <= 0 || c->regs_to_next_drop < 0 || c->regs_to_next_drop > n)
		return;
	snprintf(where, sizeof(where), "%s:%d", rk->k->file, rk->k->line);
	ka_diag_warn(d, where,
		     "%s (%s): %ld registers, %d below the cliff at %ld: +%d registers drop %d -> %d blocks/SM "
		     "at %d threads/block",
		     rk->k->name, rk->k->arch, rk->k->res.regs, c->regs_to_next_drop,
		     rk->k->res.regs + c->regs_to_next_drop, c->regs_to_next_drop, rk->occ.blocks_per_sm,
		     c->blocks_after_drop, rk->block);
}

/* ---- the source uniformity analysis (analyzer.h), beside the compiles -------
 * One job per (file, language, warp width): CUDA files once (warp 32, the
 * highest sm asked), HIP files once per wave width of their AMD archs.  The
 * jobs run on one thread while nvcc/clang run in their processes. */
struct ua {
	struct ka_ubatch_job *jobs;
	size_t n, cap;
	struct ka_ubatch *batch;
	struct ka_cache cache;             /* results of unchanged files      */
	bool cached;
	char **owned;
	size_t n_owned;
};

static void ua_add(struct ua *u, const char *file, enum ka_lang lang, int warp, int sm, const char *gfx,
		   const char *const *cc)
{
	for (size_t i = 0; i < u->n; i++)
		if (strcmp(u->jobs[i].file, file) == 0 && u->jobs[i].opt.lang == lang && u->jobs[i].opt.warp_size == warp)
			return;
	if (u->n == u->cap) {
		u->cap = u->cap ? 2 * u->cap : 8;
		u->jobs = ka_xrealloc(u->jobs, u->cap * sizeof(*u->jobs));
	}
	memset(&u->jobs[u->n], 0, sizeof(u->jobs[u->n]));
	u->jobs[u->n].file = file;
	u->jobs[u->n].opt = (struct ka_analyzer_options){lang, warp, sm, gfx, cc};
	u->jobs[u->n].cache = u->cached ? &u->cache : NULL;
	u->n++;
}

static int ua_amd_warp(const struct ka_amd_run *amd, const char *arch)
{
	int w = ka_analyzer_warp_size(arch);
	return w == 32 && amd->wave ? amd->wave : w;       /* --wave32/--wave64: gfx10+ */
}

static void ua_jobs(struct ua *u, struct ka_cli *cli, const char *const *nv, int n_nv, const struct ka_amd_run *amd,
		    const char *file)
{
	const char *const *cc = cli->cc_args;
	if (!ka_amd_is_hip_input(cli, file)) {
		int sm = 0;
		for (int i = 0; i < n_nv; i++)
			sm = ka_analyzer_sm_of(nv[i]) > sm ? ka_analyzer_sm_of(nv[i]) : sm;
		ua_add(u, file, KA_LANG_CUDA, 32, sm, NULL, cc);
		return;
	}
	for (int i = 0; i < amd->n; i++) {
		char *gfx = ka_strdup(amd->names[i]);
		gfx[strcspn(gfx, ":")] = 0;                     /* gfx90a:xnack- -> gfx90a */
		u->owned = ka_xrealloc(u->owned, (u->n_owned + 1) * sizeof(*u->owned));
		u->owned[u->n_owned++] = gfx;
		ua_add(u, file, KA_LANG_HIP, ua_amd_warp(amd, gfx), 0, gfx, cc);
	}
	if (amd->n == 0)
		ua_add(u, file, KA_LANG_HIP, 64, 0, "gfx90a", cc);
}

/* Wait for the thread, say what libclang could not read, and point each
 * kernel of the report at its analysis. */
static void ua_finish(struct ua *u, struct ka_report *rep, const struct ka_amd_run *amd, struct ka_diag *d)
{
	ka_ubatch_wait(u->batch);
	for (size_t i = 0; i < u->n; i++) {
		const struct ka_ubatch_job *j = &u->jobs[i];
		char key[600];
		snprintf(key, sizeof(key), "uniformity:%s", j->file);
		if (j->rc != 0 && access(j->file, R_OK) == 0)
			ka_diag_warn_once(d, key, j->file, "uniformity analysis not run: %s",
					  j->r.n_diags ? j->r.diags[0] : "libclang failed");
		else if (j->rc == 0 && j->r.errors > 0)
			ka_diag_warn_once(d, key, j->file,
					  "uniformity analysis: libclang could not read all of it (%d error%s; first: %s); "
					  "the facts cover what it read",
					  j->r.errors, j->r.errors == 1 ? "" : "s", j->r.n_diags ? j->r.diags[0] : "?");
	}
	for (size_t k = 0; k < rep->n; k++) {
		struct ka_report_kernel *rk = &rep->v[k];
		bool amd_k = rk->k->vendor == KA_VENDOR_AMD;
		int warp = amd_k ? ua_amd_warp(amd, rk->k->arch) : 32;
		for (size_t i = 0; i < u->n; i++) {
			const struct ka_ubatch_job *j = &u->jobs[i];
			if (j->rc != 0 || strcmp(j->file, rk->k->file) != 0 || (j->opt.lang == KA_LANG_HIP) != amd_k ||
			    j->opt.warp_size != warp)
				continue;
			rk->u = ka_uresult_kernel(&j->r, rk->k->mangled, rk->k->name, rk->k->line);
			break;
		}
	}
	rep->uniformity = true;
}

static void ua_free(struct ua *u)
{
	ka_ubatch_free(u->batch);
	if (u->cached)
		ka_cache_close(&u->cache);
	for (size_t i = 0; i < u->n; i++)
		ka_uresult_free(&u->jobs[i].r);
	for (size_t i = 0; i < u->n_owned; i++)
		free(u->owned[i]);
	free(u->owned);
	free(u->jobs);
}

int ka_cmd_analyze(struct ka_cli *cli, struct ka_diag *d)
{
	const struct ka_nv_arch *archs[MAX_ARCHS];
	const char *arch_names[MAX_ARCHS];
	char arch_bufs[MAX_ARCHS][32];
	struct ka_kernel_list kernels = {0};
	struct ka_report rep = {0};
	struct ka_nvcc_options nv = {0};
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";
	bool bad = false;
	int n_archs, rc = KA_EXIT_OK;
	long block, smem, jobs, timeout, warn;
	char *version = NULL;
	char *nvdisasm = NULL;                    /* --sass */
	struct ka_kernel_list *variants = NULL;   /* per --what-if regs=N */
	struct ka_analysed done = {0};            /* (file, arch) pairs analysed */

	rc = ka_config_apply(cli, d);             /* .kanalyze.json under the options */
	if (rc == 0)
		rc = ka_gate_check(cli, format, d);
	if (rc != 0)
		return rc;
	if (cli->opt[OPT_LANG] && strcmp(cli->opt[OPT_LANG], "cuda") != 0 && strcmp(cli->opt[OPT_LANG], "hip") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "-x: 'cuda' or 'hip', not '%s'", cli->opt[OPT_LANG]);
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 0 && !cli->opt[OPT_COMPDB] && cli->cmd != CMD_P && !cli->opt[OPT_REMARKS]) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "no input files (try kanalyze --help)");
		return KA_EXIT_USAGE;
	}
	block = option_long(cli, OPT_BLOCK, 1, 1024, 0, d, &bad);
	smem = option_long(cli, OPT_SMEM, 0, 1L << 20, 0, d, &bad);
	/* NVIDIA archs stay in archs/arch_bufs, AMD ones go to amd (amd_cli.c) */
	struct ka_amd_run amd;
	n_archs = ka_amd_split_archs(cli, archs, arch_bufs, MAX_ARCHS, smem, &amd, d);
	if (n_archs < 0)
		return KA_EXIT_USAGE;
	jobs = option_long(cli, OPT_JOBS, 1, 256, sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1,
			   d, &bad);
	timeout = option_long(cli, OPT_TIMEOUT, 1, 86400, 300, d, &bad);
	warn = option_long(cli, OPT_WARNCLIFF, 0, 255, 0, d, &bad);
	long smem_pt = option_long(cli, OPT_SMEMPT, 0, 1024, 0, d, &bad);
	long sms = option_long(cli, OPT_SMS, 1, 100000, 0, d, &bad);
	struct ka_what_spec *specs = NULL;
	int n_specs = 0;
	if (cli->opt[OPT_DEVICE]) {
		const struct ka_device *dev = ka_device_find(cli->opt[OPT_DEVICE]);
		if (!dev) {
			struct ka_buf names = {0};
			for (int i = 0; i < ka_device_count; i++)
				ka_buf_printf(&names, "%s%s", i ? " " : "", ka_devices[i].name);
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown --device '%s'; known: %s", cli->opt[OPT_DEVICE],
				      names.data);
			ka_buf_free(&names);
			bad = true;
		} else if (!cli->opt[OPT_SMS]) {
			sms = dev->sms;
		}
	}
	if (ka_whatif_parse(cli, &specs, &n_specs, d) != 0)
		bad = true;
	if (bad) {
		free(specs);
		return KA_EXIT_USAGE;
	}
	for (int i = 0; i < n_archs; i++) {
		/* keep the user's spelling (sm_90a) for the compile */
		arch_names[i] = arch_bufs[i];
		long limit = archs[i]->smem_per_block_optin;
		if (smem > limit) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--smem %ld is over %s's %ld-byte per-block limit", smem,
				      archs[i]->name, limit);
			return KA_EXIT_USAGE;
		}
	}

	nv.nvcc = cli->opt[OPT_NVCC];
	nv.extra = cli->cc_args;
	nv.lang = cli->opt[OPT_LANG];
	nv.timeout_s = (double)timeout;
	nv.jobs = (int)jobs;
	if (cli->flag[OPT_SASS]) {
		/* --sass: nvdisasm before any compile; -lineinfo for the lines; no
		 * result cache (it keeps no census) */
		nvdisasm = ka_nvdisasm_locate();
		if (!nvdisasm) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, NULL,
				      "--sass: nvdisasm not found (looked at $KANALYZE_NVDISASM, the project's .tools, "
				      "PATH, /usr/local/cuda/bin); install it with ./setup.sh or "
				      "pip install nvidia-cuda-nvdisasm");
			free(specs);
			return KA_EXIT_TOOLCHAIN;
		}
		nv.lineinfo = true;
		nv.nvdisasm = nvdisasm;
		cli->flag[OPT_NOCACHE] = true;
	}

	/* every file x arch at once (pipeline.c: cache, -p, -j), or the records
	 * of a real build (records.c) */
	int n_inputs = cli->n_files, n_cuda = ka_amd_cuda_inputs_first(cli);
	struct ua ua = {0};
	bool unif = !cli->flag[OPT_NOUNIF] && cli->cmd != CMD_P;
	ua.cached = unif && !cli->flag[OPT_NOCACHE] && ka_cache_open(&ua.cache, NULL) == 0;
	for (int f = 0; unif && f < n_inputs; f++)
		ua_jobs(&ua, cli, arch_names, n_archs, &amd, cli->files[f]);
	ua.batch = ka_ubatch_start(ua.jobs, ua.n);     /* analyses while the compilers run */
	if (cli->cmd == CMD_P) {
		rc = ka_records_load(cli, arch_names, cli->opt[OPT_ARCH] ? n_archs : 0, d, &kernels, &version, &done);
	} else {
		cli->n_files = n_cuda;            /* nvcc: the CUDA inputs; clang: the HIP ones */
		if (n_archs > 0 && (n_cuda > 0 || cli->opt[OPT_COMPDB]))
			rc = ka_pipeline_run(cli, arch_names, n_archs, cli->opt[OPT_ARCH] != NULL, &nv, d, &kernels,
					     &version, &done);
		cli->n_files = n_inputs;
		int arc = ka_amd_run(cli, &amd, n_cuda, timeout, jobs, d, &kernels, &done);
		if (arc > rc)
			rc = arc;
	}
	for (size_t f = 0; n_specs > 0 && f < done.n; f++) {
		if (f > 0 && strcmp(done.file[f], done.file[f - 1]) == 0)
			continue;
		if (!variants)
			variants = ka_xcalloc((size_t)n_specs, sizeof(*variants));
		ka_whatif_compile(specs, n_specs, done.file[f], arch_names, n_archs, &nv, d, variants);
	}
	ka_kernel_list_sort(&kernels);

	rep.v = ka_xcalloc(kernels.n ? kernels.n : 1, sizeof(*rep.v));
	for (size_t i = 0; i < kernels.n; i++) {
		const struct ka_nv_arch *a = ka_nv_arch_find(kernels.v[i].arch);
		struct ka_report_kernel *rk = &rep.v[rep.n++];
		if (kernels.v[i].vendor == KA_VENDOR_AMD) {
			ka_amd_model_kernel(rk, &kernels.v[i], block, smem, amd.wave, (int)warn, d);
			/* a grid that fills the GPU: --sms counts CUs for AMD */
			const struct ka_amd_arch *aa = ka_amd_arch_find(kernels.v[i].arch);
			if (sms > 0 && rk->best_block > 0 && aa) {
				struct ka_amd_launch at = rk->amd_launch;
				struct ka_amd_occupancy o;
				at.block = rk->best_block;
				ka_occ_amd(aa, &at, &o);
				rk->min_grid = (long)o.workgroups_per_cu * sms;
			}
			if (n_specs > 0 || smem_pt > 0)
				ka_diag_warn_once(d, "amd:what-if", NULL,
						  "--what-if and --smem-per-thread apply to NVIDIA kernels only in this build; "
						  "AMD kernels are reported without them");
			continue;
		}
		model_kernel(rk, &kernels.v[i], a, block, smem, smem_pt);
		ka_launch_advice(rk, specs, n_specs, variants, (int)sms);
		if (block > 0 && kernels.v[i].res.max_threads > 0 && block > kernels.v[i].res.max_threads)
			ka_diag_warn(d, kernels.v[i].file, "%s: --block %ld exceeds its __launch_bounds__ (%ld): "
				     "such a launch fails", kernels.v[i].name, block, kernels.v[i].res.max_threads);
		warn_cliff(rk, (int)warn, d);
	}
	rep.nvcc_version = version;
	rep.clang_version = amd.clang_version;
	rep.color = cli->color;
	rep.warn_cliff = (int)warn;
	rep.chart = cli->flag[OPT_CHART];
	rep.utf8 = ka_term_utf8();
	for (size_t i = 0; rep.chart && i < rep.n; i++)
		if (rep.v[i].k->vendor == KA_VENDOR_AMD)
			ka_diag_warn_once(d, "chart-amd", NULL, "--chart draws NVIDIA kernels only; AMD kernels "
					  "are reported without a chart");
	if (unif) {
		size_t before = ua.n;
		ka_ubatch_wait(ua.batch);
		for (size_t f = 0; f < done.n; f++)      /* -p: files found in compile_commands.json */
			ua_jobs(&ua, cli, arch_names, n_archs, &amd, done.file[f]);
		for (size_t i = before; i < ua.n; i++)
			ua.jobs[i].rc = ka_uniformity_analyze_cached(ua.jobs[i].cache, ua.jobs[i].file, &ua.jobs[i].opt,
								     &ua.jobs[i].r);
		ua_finish(&ua, &rep, &amd, d);
	}
	int grc = ka_gate_output(cli, &rep, format, &done, d);   /* format, baseline, --strict */
	if (grc > rc)
		rc = grc;
	if (fflush(stdout) != 0 && rc == KA_EXIT_OK)
		rc = KA_EXIT_USAGE;
	free(version);
	free(amd.clang_version);
	free(nvdisasm);
	for (size_t i = 0; i < rep.n; i++)
		free(rep.v[i].what_if);
	for (int i = 0; variants && i < n_specs; i++)
		ka_kernel_list_free(&variants[i]);
	free(variants);
	free(specs);
	free(rep.v);
	ua_free(&ua);
	ka_kernel_list_free(&kernels);
	ka_analysed_free(&done);
	return rc > d->exit_code ? rc : d->exit_code;
}
