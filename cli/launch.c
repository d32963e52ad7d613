/* launch.c — kanalyze-launch, a compiler launcher (CMAKE_CUDA_COMPILER_LAUNCHER)
 * that records resources from a project's own build, so very large code
 * bases scale on whatever build farm they already use:
 *
 *   cmake -DCMAKE_CUDA_COMPILER_LAUNCHER="kanalyze-launch;--records;$PWD/kanalyze-records" ...
 *   ninja && kanalyze report kanalyze-records --baseline ci/baseline.json
 *
 * It runs the real compiler command unchanged (its argv, posix_spawn, no
 * shell), passes on its output and exit status, and then, when the command
 * compiled a .cu file into an object, cubin or fatbin, reads the kernels of
 * that file (libkanalyze's binary frontend: no second compile) and writes one
 * record (DIR/<hash>.json, atomically) naming the source, with the lines of
 * the kernels' definitions found in it.  Spill bytes stay null: only ptxas -v
 * prints them, and adding -Xptxas -v would change the build's output (the
 * cubin embeds ptxas's command line).  Recording never fails the build: a
 * problem is one "kanalyze-launch: note:" line on stderr.
 *
 *   kanalyze-launch [--records DIR] [--] COMPILER ARGS...
 *   DIR defaults to $KANALYZE_RECORDS_DIR, else ./kanalyze-records. */
#define _GNU_SOURCE
#include "frontends.h"
#include "kanalyze/kanalyze.h"

#include <errno.h>
#include <stdint.h>
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

/* The file the command wrote: -o X, -oX, --output-file X / =X, else nvcc's
 * default (the source's base name with .o, .cubin or .fatbin, in the
 * current directory).  malloc'd, or NULL when it wrote none we can read. */
static char *output_of(char **cmd, int n, const char *source)
{
	const char *ext = NULL, *base, *dot;
	struct ka_buf b = {0};

	for (int i = 1; i < n; i++) {
		const char *a = cmd[i];
		if ((strcmp(a, "-o") == 0 || strcmp(a, "--output-file") == 0) && i + 1 < n)
			return ka_strdup(cmd[i + 1]);
		if (strncmp(a, "--output-file=", 14) == 0)
			return ka_strdup(a + 14);
		if (strncmp(a, "-o", 2) == 0 && a[2] && strcmp(a, "-odir") != 0)
			return ka_strdup(a + 2 + (a[2] == '='));
		if (strcmp(a, "-c") == 0 || strcmp(a, "--compile") == 0 || strcmp(a, "-dc") == 0 ||
		    strcmp(a, "--device-c") == 0)
			ext = ".o";
		else if (strcmp(a, "-cubin") == 0 || strcmp(a, "--cubin") == 0)
			ext = ".cubin";
		else if (strcmp(a, "-fatbin") == 0 || strcmp(a, "--fatbin") == 0)
			ext = ".fatbin";
	}
	if (!ext)
		return NULL;
	base = strrchr(source, '/') ? strrchr(source, '/') + 1 : source;
	dot = strrchr(base, '.');
	ka_buf_printf(&b, "%.*s%s", (int)(dot ? dot - base : (long)strlen(base)), base, ext);
	return b.data;
}

/* The record of one analysis: its kernels (at their lines in the source)
 * and the archs analysed completely. */
static char *record_json(const struct ka_result *res, const char *source)
{
	struct ka_kernel *kernels = ka_xcalloc(res->n + 1, sizeof(*kernels));
	const char **archs = ka_xcalloc(res->done.n + 1, sizeof(char *));
	struct ka_buf src = {0};
	bool have = ka_read_file(source, 64u << 20, &src) == 0;
	char *json;

	for (size_t i = 0; i < res->n; i++) {
		kernels[i] = *res->v[i].k;             /* borrowed: the result owns them */
		kernels[i].line = have ? ka_source_find_kernel_line(src.data, src.len, kernels[i].name) : 0;
	}
	for (size_t i = 0; i < res->done.n; i++)
		archs[i] = res->done.arch[i];
	json = ka_record_json(kernels, res->n, source, archs, (int)res->done.n, res->nvcc_version);
	ka_buf_free(&src);
	free(archs);
	free(kernels);
	return json;
}

/* Read what the compile wrote and record its kernels. */
static void record(const char *dir, char **cmd, int n, struct ka_diag *d)
{
	struct ka_compile_flags cf;
	char *cwd = getcwd(NULL, 0);
	struct ka_result res = {0};
	char *output = NULL;

	if (ka_compile_flags_from_argv(cmd, n, cwd, NULL, &cf) != 0) {
		free(cwd);
		return;                   /* not a CUDA compile: nothing to record */
	}
	if (!cf.compiles || strcmp(cf.lang, "cuda") != 0 || !(output = output_of(cmd, n, cf.source))) {
		ka_compile_flags_free(&cf);
		free(cwd);
		return;
	}
	const char *inputs[2] = {output, NULL};
	struct ka_request req = {
		.mode = KA_INPUTS_FILES,
		.inputs = inputs,
		.n_inputs = 1,
		.jobs = 1,
		.timeout_s = 600,
	};
	ka_analyze(&req, d, &res);

	/* the record: the archs read completely, their kernels */
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
		r = ka_mkdirs(dir, 0755);
		if (r == 0)
			r = ka_write_file_atomic(path.data, json, strlen(json));
		if (r != 0)
			fprintf(stderr, "kanalyze-launch: note: %s: cannot write the record: %s\n", path.data,
				strerror(-r));
		ka_buf_free(&path);
		free(json);
	}
	ka_result_free(&res);
	free(output);
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
	{
		/* all of the build's output passes through, however long */
		char *const *const one[1] = {argv + i};
		struct ka_spawn_opts all = {.err_head = SIZE_MAX, .err_tail = 0};
		ka_spawn_many_opts(one, 1, 1, 7 * 86400.0, &all, &res);
	}
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
