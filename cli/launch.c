/* launch.c — kanalyze-launch, a compiler launcher (CMAKE_CUDA_COMPILER_LAUNCHER)
 * that records resources from a project's own build, so very large code
 * bases scale on whatever build farm they already use:
 *
 *   cmake -DCMAKE_CUDA_COMPILER_LAUNCHER="kanalyze-launch;--records;$PWD/kanalyze-records" ...
 *   ninja && kanalyze report kanalyze-records --baseline ci/baseline.json
 *
 * It runs the real compiler command unchanged (its argv, posix_spawn, no
 * shell), passes on its output and exit status, and then, when the command
 * compiled a .cu file, runs kanalyze's device-only analysis of that file with
 * the same flags (compdb.c keeps the ones that matter) for the architectures
 * the command built, through the shared result cache, and writes one record
 * (DIR/<hash>.json, atomically).  Recording never fails the build: a problem
 * is one "kanalyze-launch: note:" line on stderr.
 *
 *   kanalyze-launch [--records DIR] [--] COMPILER ARGS...
 *   DIR defaults to $KANALYZE_RECORDS_DIR, else ./kanalyze-records. */
#define _GNU_SOURCE
#include "frontends.h"
#include "kanalyze/kanalyze.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(void)
{
	fputs("usage: kanalyze-launch [--records DIR] [--] COMPILER ARGS...\n"
	      "Run the compile unchanged; for a .cu compile, record its kernels' resources in DIR\n"
	      "($KANALYZE_RECORDS_DIR, else ./kanalyze-records) for `kanalyze report DIR`.\n", stderr);
}

static int mkdir_p(const char *path)
{
	char *p = ka_strdup(path);
	int rc = 0;
	for (char *s = p + 1; *s && rc == 0; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			rc = -errno;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, 0755) != 0 && errno != EEXIST)
		rc = -errno;
	free(p);
	return rc;
}

/* The record of one analysis: its kernels and the archs analysed completely. */
static char *record_json(const struct ka_result *res, const char *source)
{
	struct ka_kernel *kernels = ka_xcalloc(res->n + 1, sizeof(*kernels));
	const char **archs = ka_xcalloc(res->done.n + 1, sizeof(char *));
	char *json;

	for (size_t i = 0; i < res->n; i++)
		kernels[i] = *res->v[i].k;             /* borrowed: the result owns them */
	for (size_t i = 0; i < res->done.n; i++)
		archs[i] = res->done.arch[i];
	json = ka_record_json(kernels, res->n, source, archs, (int)res->done.n, res->nvcc_version);
	free(archs);
	free(kernels);
	return json;
}

/* Analyse the compiled file the way `kanalyze` would and write its record. */
static void record(const char *dir, char **cmd, int n, struct ka_diag *d)
{
	struct ka_compile_flags cf;
	char *cwd = getcwd(NULL, 0);
	struct ka_result res = {0};
	struct ka_buf archs = {0};

	if (ka_compile_flags_from_argv(cmd, n, cwd, NULL, &cf) != 0) {
		free(cwd);
		return;                   /* not a CUDA compile: nothing to record */
	}
	if (!cf.compiles || strcmp(cf.lang, "cuda") != 0) {
		ka_compile_flags_free(&cf);
		free(cwd);
		return;
	}
	/* the archs the command built that this build can analyse (nvcc's own
	 * default target when it names none) */
	for (int i = 0; i < cf.n_archs; i++) {
		const struct ka_nv_arch *na = ka_nv_arch_find(cf.archs[i]);
		if (na && na->analysable)
			ka_buf_printf(&archs, "%s%s", archs.len ? "," : "", cf.archs[i]);
	}
	if (cf.n_archs == 0)
		ka_buf_puts(&archs, "sm_75");

	/* the analysis, with the real compiler when it is an nvcc, through the cache */
	const char *base = strrchr(cmd[0], '/') ? strrchr(cmd[0], '/') + 1 : cmd[0];
	const char *files[2] = {cf.source, NULL};
	struct ka_request req = {
		.mode = KA_INPUTS_FILES,
		.inputs = files,
		.n_inputs = 1,
		.lang = "cuda",
		.archs = archs.data,
		.cc_args = (const char *const *)cf.flags,
		.cache = true,
		.jobs = 1,
		.timeout_s = 3600,
		.nvcc = strstr(base, "nvcc") ? cmd[0] : NULL,
	};
	if (archs.len > 0)
		ka_analyze(&req, d, &res);

	/* the record: the archs analysed completely, their kernels */
	if (res.done.n > 0) {
		struct ka_hash h;
		char key[KA_HASH_HEX];
		struct ka_buf path = {0};
		char *json = record_json(&res, cf.source);
		int r;

		ka_hash_init(&h);
		ka_hash_str(&h, cf.source);
		for (int i = 0; i < cf.n_flags; i++)
			ka_hash_str(&h, cf.flags[i]);
		for (size_t i = 0; i < res.done.n; i++)
			ka_hash_str(&h, res.done.arch[i]);
		ka_hash_final(&h, key);
		ka_buf_printf(&path, "%s/%s.json", dir, key);
		r = mkdir_p(dir);
		if (r == 0)
			r = ka_write_file_atomic(path.data, json, strlen(json));
		if (r != 0)
			fprintf(stderr, "kanalyze-launch: note: %s: cannot write the record: %s\n", path.data,
				strerror(-r));
		ka_buf_free(&path);
		free(json);
	}
	ka_result_free(&res);
	ka_buf_free(&archs);
	ka_compile_flags_free(&cf);
	free(cwd);
}

int main(int argc, char **argv)
{
	const char *dir = getenv("KANALYZE_RECORDS_DIR");
	struct ka_spawn_result res;
	struct ka_diag d;
	int i = 1, status;

	if (!dir || !*dir)
		dir = "kanalyze-records";
	while (i < argc && argv[i][0] == '-') {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else if (strcmp(argv[i], "--records") == 0 && i + 1 < argc) {
			dir = argv[i + 1];
			i += 2;
		} else if (strncmp(argv[i], "--records=", 10) == 0) {
			dir = argv[i] + 10;
			i++;
		} else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage();
			return 0;
		} else if (strcmp(argv[i], "--version") == 0) {
			printf("kanalyze-launch %s\n", KA_VERSION);
			return 0;
		} else {
			fprintf(stderr, "kanalyze-launch: unknown option '%s'\n", argv[i]);
			usage();
			return 2;
		}
	}
	if (i >= argc) {
		usage();
		return 2;
	}

	/* the real compile, unchanged; no timeout: the build system owns that */
	ka_spawn(argv + i, 7 * 86400.0, &res);
	if (res.out.len)
		fwrite(res.out.data, 1, res.out.len, stdout);
	if (res.err.len)
		fwrite(res.err.data, 1, res.err.len, stderr);
	fflush(stdout);
	fflush(stderr);
	if (res.not_found || res.spawn_errno) {
		fprintf(stderr, "kanalyze-launch: cannot run %s: %s\n", argv[i], strerror(res.spawn_errno));
		ka_spawn_result_free(&res);
		return 127;
	}
	status = res.status;
	ka_spawn_result_free(&res);

	if (status == 0) {
		/* notes and warnings of the analysis are the build log's business
		 * only when something is wrong: keep them quiet */
		ka_diag_init(&d, stderr);
		d.quiet = true;
		record(dir, argv + i, argc - i, &d);
		if (d.errors > 0)
			fprintf(stderr, "kanalyze-launch: note: %s: not recorded (the analysis failed; see above)\n",
				argv[argc - 1]);
		ka_diag_fini(&d);
	}
	return status;
}
