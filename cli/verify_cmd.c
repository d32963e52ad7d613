/* verify_cmd.c — `kanalyze verify` on the command line: the options that
 * mean nothing to the check asked for are refused here, by their names in
 * options.def; the rest are mapped onto verify/'s options (verify.h) and
 * the check runs there.  verify --profile's analysis is the request
 * `kanalyze SOURCES --arch ARCH` would make (analyze.c's ka_cli_request),
 * built when verify asks for it: once the measurement names the sources and
 * the arch. */
#include "cli.h"
#include "verify.h"

/* The first of the options ids that the command line gave: "where: --NAME
 * why", exit 2; 0 when none. */
static int refuse(const struct ka_cli *cli, const int *ids, size_t n, const char *where, const char *why,
		  struct ka_diag *d)
{
	for (size_t i = 0; i < n; i++)
		if (cli->flag[ids[i]]) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "--%s %s", ka_cli_opt_name(ids[i]), why);
			return KA_EXIT_USAGE;
		}
	return 0;
}

/* verify --profile's request: the command line's, over the sources and the
 * arch the measurement decided (ka_verify_options.profile_request). */
static int profile_request(void *arg, const char **sources, int n_sources, const char *arch, struct ka_request *req,
			   struct ka_what_spec **specs, struct ka_diag *d)
{
	struct ka_cli c = *(const struct ka_cli *)arg;
	c.files = sources;
	c.n_files = n_sources;
	c.opt[OPT_ARCH] = arch;
	return ka_cli_request(&c, req, specs, d);
}

int ka_cmd_verify(struct ka_cli *cli, struct ka_diag *d)
{
	/* the analysis options, sources and program are verify --profile's;
	 * the runner's and the record's are the shipped kernels' check's */
	static const int profile_only[] = {OPT_ARCH, OPT_INCLUDE, OPT_DEFINE, OPT_STD, OPT_JOBS, OPT_FORMAT,
					   OPT_COMPDB, OPT_CACHE, OPT_NOCACHE, OPT_NCUEXPORT};
	static const int plain_only[] = {OPT_VOUT, OPT_RUNNEROUT, OPT_CHECK, OPT_KERNELS};
	bool profile = cli->flag[OPT_PROFILE];
	bool files = !profile && (cli->n_files > 0 || cli->opt[OPT_EXTRACT] || cli->opt[OPT_COMPARE]);
	int rc;

	if (profile)
		rc = refuse(cli, plain_only, sizeof(plain_only) / sizeof(plain_only[0]), "verify --profile",
			    "is not for --profile", d);
	else if (!files)
		rc = refuse(cli, profile_only, sizeof(profile_only) / sizeof(profile_only[0]), "verify",
			    "applies to verify --profile only", d);
	else
		rc = 0;
	if (rc != 0)
		return rc;

	const struct ka_verify_options o = {
		.files = cli->files, .n_files = cli->n_files,
		.program = cli->program, .n_program = cli->n_program,
		.cc_args = cli->cc_args, .n_cc_args = cli->n_cc_args,
		.arch = cli->opt[OPT_ARCH],
		.timeout = cli->opt[OPT_TIMEOUT],
		.nvcc = cli->opt[OPT_NVCC],
		.format = cli->opt[OPT_FORMAT],
		.out = cli->opt[OPT_VOUT],
		.runner_output = cli->opt[OPT_RUNNEROUT],
		.check = cli->opt[OPT_CHECK],
		.extract = cli->opt[OPT_EXTRACT],
		.compare = cli->opt[OPT_COMPARE],
		.smem = cli->opt[OPT_SMEM],
		.ncu_export = cli->opt[OPT_NCUEXPORT],
		.kernels = profile ? NULL : ka_cli_kernels_dir(cli),
		.root = cli->root,
		.profile_request = profile_request, .profile_request_arg = cli,
	};
	return profile ? ka_verify_profile_run(&o, d) : files ? ka_verify_files_run(&o, d) : ka_verify_run(&o, d);
}
