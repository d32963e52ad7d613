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
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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
static char *record_json(const struct ka_result *res, const char *source, const struct ka_compile_flags *cf)
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
	json = ka_record_json(kernels, res->n, source, archs, (int)res->done.n, (const char *const *)cf->flags,
			      cf->n_flags, res->nvcc_version);
	ka_buf_free(&src);
	free(archs);
	free(kernels);
	return json;
}

/* ---- the compile itself ------------------------------------------------------
 * The compiler gets the launcher's own stdin, stdout and stderr (nvcc -x cu
 * -c - reads its source from stdin; output passes through as it comes,
 * nothing is buffered), and runs in a process group of its own -- unless
 * stdin is a terminal, where a background group would be stopped by its
 * first read -- so that SIGINT, SIGTERM and SIGHUP sent to the launcher
 * reach the compiler and the tools it starts (cicc, ptxas, a wrapper's
 * helpers).  The compile ends when the compiler exits: it is reaped by pid,
 * and a helper that keeps a copy of its output open cannot hold the build.
 * Exit status: the compiler's; 128 + N when it died of signal N. */
static volatile sig_atomic_t child_group, got_signal;

static void forward(int sig)
{
	got_signal = sig;
	if (child_group > 0)
		kill(-child_group, sig);
	else if (child_group < 0)
		kill(-child_group, sig);        /* the same group as ours: the compiler alone */
}

static int run_compiler(char *const *cmd)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
	posix_spawnattr_t attr;
	sigset_t block, old;
	struct sigaction sa;
	bool own_group = !isatty(STDIN_FILENO);
	pid_t pid;
	int st = 0, err;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = forward;
	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++) {
		struct sigaction prev;
		sigaddset(&block, sigs[k]);
		/* a signal ignored when the launcher started stays ignored */
		if (sigaction(sigs[k], NULL, &prev) == 0 && prev.sa_handler == SIG_IGN)
			continue;
		sigaction(sigs[k], &sa, NULL);
	}
	/* no signal between the spawn and knowing the pid */
	sigprocmask(SIG_BLOCK, &block, &old);
	posix_spawnattr_init(&attr);
	if (own_group) {
		posix_spawnattr_setpgroup(&attr, 0);
		posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	} else {
		posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	}
	posix_spawnattr_setsigmask(&attr, &old);
	{
		sigset_t def;
		sigemptyset(&def);
		for (size_t k = 0; k < sizeof(sigs) / sizeof(sigs[0]); k++) {
			struct sigaction prev;
			if (sigaction(sigs[k], NULL, &prev) == 0 && prev.sa_handler == forward)
				sigaddset(&def, sigs[k]);
		}
		posix_spawnattr_setsigdefault(&attr, &def);
	}
	err = posix_spawnp(&pid, cmd[0], NULL, &attr, cmd, environ);
	posix_spawnattr_destroy(&attr);
	if (err == 0)
		child_group = own_group ? pid : -pid;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (err != 0) {
		fprintf(stderr, "kanalyze-launch: cannot run %s: %s\n", cmd[0], strerror(err));
		return -1;
	}
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR) {
			st = 0;
			break;
		}
	}
	child_group = 0;
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	if (got_signal && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 128 + got_signal;        /* interrupted, though the compiler said 0 */
	return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

/* The CUDA sources a command compiles: its arguments named .cu (.cu.cc,
 * .cu.cpp) that are files, other than an option's value (-o X, -include X). */
static int sources_of(char **cmd, int n, const char **out, int cap)
{
	static const char *const valued[] = {"-o", "--output-file", "-include", "--pre-include", "-I", "-isystem",
					     "-MF", "-MT", "-MQ", "-odir", "-ccbin", "--compiler-bindir", "-Xcompiler",
					     "-Xptxas", "-Xlinker", "--options-file", "-optf"};
	int k = 0;
	for (int i = 1; i < n && k < cap; i++) {
		const char *a = cmd[i];
		size_t len = strlen(a);
		struct stat st;
		bool value = false;
		for (size_t v = 0; v < sizeof(valued) / sizeof(valued[0]) && i > 1; v++)
			value = value || strcmp(cmd[i - 1], valued[v]) == 0;
		if (value || a[0] == '-')
			continue;
		if (((len > 3 && strcmp(a + len - 3, ".cu") == 0) || (len > 6 && strcmp(a + len - 6, ".cu.cc") == 0) ||
		     (len > 7 && strcmp(a + len - 7, ".cu.cpp") == 0)) &&
		    stat(a, &st) == 0 && S_ISREG(st.st_mode))
			out[k++] = a;
	}
	return k;
}

static void record_one(const char *dir, char **cmd, int n, const char *file, struct ka_diag *d);

/* Read what the compile wrote and record its kernels: each source's, when
 * one command compiles several (nvcc -c a.cu b.cu writes a.o and b.o). */
static void record(const char *dir, char **cmd, int n, struct ka_diag *d)
{
	const char *srcs[64];
	int k = sources_of(cmd, n, srcs, 64);
	bool has_o = false;
	for (int i = 1; i < n; i++)
		has_o = has_o || strcmp(cmd[i], "-o") == 0 || strncmp(cmd[i], "--output-file", 13) == 0;
	if (k <= 1) {
		record_one(dir, cmd, n, NULL, d);
		return;
	}
	if (has_o) {
		fprintf(stderr, "kanalyze-launch: note: %d sources compiled into one -o output: not recorded "
			"(compile each source on its own to record it)\n", k);
		return;
	}
	for (int i = 0; i < k; i++)
		record_one(dir, cmd, n, srcs[i], d);
}

static void record_one(const char *dir, char **cmd, int n, const char *file, struct ka_diag *d)
{
	struct ka_compile_flags cf;
	char *cwd = getcwd(NULL, 0);
	struct ka_result res = {0};
	char *output = NULL;

	if (ka_compile_flags_from_argv(cmd, n, cwd, file, &cf) != 0) {
		free(cwd);
		return;                   /* not a CUDA compile: nothing to record */
	}
	if (!cf.compiles || strcmp(cf.lang, "cuda") != 0 || !(output = output_of(cmd, n, cf.source))) {
		ka_compile_flags_free(&cf);
		free(cwd);
		return;
	}
	const char *inputs[2] = {output, NULL};
	struct ka_request req;
	ka_request_init(&req, inputs, 1);
	req.timeout_s = 600;
	req.cache = req.uniformity = false;       /* the record holds the compiler's counts */
	ka_analyze(&req, d, &res);

	/* the record: the archs read completely, their kernels */
	if (res.done.n > 0) {
		struct ka_hash h;
		char key[KA_HASH_HEX];
		struct ka_buf path = {0};
		char *json = record_json(&res, cf.source, &cf);
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
	status = run_compiler(argv + i);
	if (status < 0)
		return 127;
	if (status >= 128 + 1 && status < 128 + 65 && got_signal)
		return status;                /* interrupted: nothing to record */

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
