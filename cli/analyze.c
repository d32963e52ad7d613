/* analyze.c — `kanalyze FILE...`: compile each file for each arch, read the
 * real resources, run the occupancy model for the launch configuration in
 * use, and write the report.  Bad inputs are reported one line each and the
 * run goes on with the other files; the exit code is the worst seen. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_ARCHS = 32 };

static int check_input(const char *file, struct ka_diag *d)
{
	struct stat st;
	if (stat(file, &st) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "is a directory (give the .cu files in it)");
		return -1;
	}
	if (!S_ISREG(st.st_mode) || access(file, R_OK) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "not a readable regular file");
		return -1;
	}
	return 0;
}

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
			 long block_opt, long smem_dyn)
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
	};
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

	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--format for analyze is text or json, not '%s'", format);
		return KA_EXIT_USAGE;
	}
	if (cli->opt[OPT_LANG] && strcmp(cli->opt[OPT_LANG], "cuda") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "-x: only 'cuda' is supported in this build, not '%s'",
			      cli->opt[OPT_LANG]);
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "no input files (try kanalyze --help)");
		return KA_EXIT_USAGE;
	}
	n_archs = ka_cli_archs(cli->opt[OPT_ARCH] ? cli->opt[OPT_ARCH] : "sm_90", true, archs, MAX_ARCHS, d);
	if (n_archs < 0)
		return KA_EXIT_USAGE;
	block = option_long(cli, OPT_BLOCK, 1, 1024, 0, d, &bad);
	smem = option_long(cli, OPT_SMEM, 0, 1L << 20, 0, d, &bad);
	jobs = option_long(cli, OPT_JOBS, 1, 256, sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1,
			   d, &bad);
	timeout = option_long(cli, OPT_TIMEOUT, 1, 86400, 300, d, &bad);
	warn = option_long(cli, OPT_WARNCLIFF, 0, 255, 0, d, &bad);
	if (bad)
		return KA_EXIT_USAGE;
	for (int i = 0; i < n_archs; i++) {
		/* keep the user's spelling (sm_90a) for the compile */
		const char *p = cli->opt[OPT_ARCH] ? cli->opt[OPT_ARCH] : "sm_90";
		for (int k = 0; k < i; k++)
			p = strchr(p, ',') + 1;
		size_t len = strcspn(p, ",");
		snprintf(arch_bufs[i], sizeof(arch_bufs[i]), "%.*s", (int)len, p);
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

	for (int f = 0; f < cli->n_files; f++) {
		if (check_input(cli->files[f], d) != 0) {
			rc = rc > KA_EXIT_USAGE ? rc : KA_EXIT_USAGE;
			continue;
		}
		int r = ka_nvcc_analyze(cli->files[f], arch_names, n_archs, &nv, d, &kernels, &version);
		if (r > rc)
			rc = r;
	}
	ka_kernel_list_sort(&kernels);

	rep.v = ka_xcalloc(kernels.n ? kernels.n : 1, sizeof(*rep.v));
	for (size_t i = 0; i < kernels.n; i++) {
		const struct ka_nv_arch *a = ka_nv_arch_find(kernels.v[i].arch);
		struct ka_report_kernel *rk = &rep.v[rep.n++];
		model_kernel(rk, &kernels.v[i], a, block, smem);
		if (block > 0 && kernels.v[i].res.max_threads > 0 && block > kernels.v[i].res.max_threads)
			ka_diag_warn(d, kernels.v[i].file, "%s: --block %ld exceeds its __launch_bounds__ (%ld): "
				     "such a launch fails", kernels.v[i].name, block, kernels.v[i].res.max_threads);
		warn_cliff(rk, (int)warn, d);
	}
	rep.nvcc_version = version;
	rep.color = cli->color;
	rep.warn_cliff = (int)warn;
	if (strcmp(format, "json") == 0) {
		if (ka_report_json(stdout, &rep) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the report: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		}
	} else {
		ka_report_text(stdout, &rep);
	}
	if (fflush(stdout) != 0 && rc == KA_EXIT_OK)
		rc = KA_EXIT_USAGE;
	free(version);
	free(rep.v);
	ka_kernel_list_free(&kernels);
	return rc > d->exit_code ? rc : d->exit_code;
}
