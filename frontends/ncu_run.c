/* ncu_run.c — running Nsight Compute for `kanalyze verify --profile --
 * PROGRAM`: find ncu, profile the program into a private temp dir (the
 * SourceCounters section: per line the global sectors, shared-memory
 * wavefronts and divergent branches; LaunchStats and Occupancy; the sources
 * imported into the report), export the report's source and details pages
 * as CSV.
 * Every step is an argv (posix_spawn, never a shell) killed after the
 * timeout.  A machine where nothing can be profiled (no GPU, no permission
 * for the counters, no kernel launched) is "not run", not an error: the
 * caller says so and never "pass". */
#include "frontends.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *ka_ncu_locate(void)
{
	const char *env = getenv("KANALYZE_NCU");
	char *p;

	if (env && *env)
		return ka_which(env);
	if ((p = ka_which("ncu")) != NULL)
		return p;
	return ka_which("/usr/local/cuda/bin/ncu");
}

/* The first line of text that starts with `mark` ("==ERROR=="), into why. */
static bool find_line(const char *text, const char *mark, char *why, size_t n)
{
	for (const char *s = text; s && *s;) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		if (len >= strlen(mark) && strncmp(s, mark, strlen(mark)) == 0) {
			snprintf(why, n, "%.*s", (int)(len > 400 ? 400 : len), s);
			return true;
		}
		s = nl ? nl + 1 : NULL;
	}
	return false;
}

/* Why ncu wrote no report: its own error, else its warning, else its status. */
static void no_report(const struct ka_spawn_result *r, char *why, size_t n)
{
	char line[448];
	const char *marks[] = {"==ERROR==", "==WARNING=="};
	for (int i = 0; i < 2; i++)
		if (find_line(r->err.data, marks[i], line, sizeof(line)) ||
		    find_line(r->out.data, marks[i], line, sizeof(line))) {
			snprintf(why, n, "ncu profiled nothing: %s", line);
			return;
		}
	if (r->status != 0)
		snprintf(why, n, "ncu profiled nothing (exit status %d)", r->status);
	else
		snprintf(why, n, "ncu profiled nothing: no kernel was launched");
}

/* "Version 2025.3.1.0 (build 36398880) ..." -> "2025.3.1.0" */
static char *version_of(const char *ncu, double timeout_s)
{
	char *argv[] = {(char *)ncu, "--version", NULL};
	struct ka_spawn_result r = {0};
	char *v = NULL;

	if (ka_spawn(argv, timeout_s, &r) == 0 && !r.timed_out && r.status == 0 && r.out.data) {
		const char *s = strstr(r.out.data, "Version ");
		if (s) {
			s += 8;
			size_t n = strcspn(s, " \r\n");
			if (n > 0 && n < 64) {
				v = ka_xmalloc(n + 1);
				memcpy(v, s, n);
				v[n] = '\0';
			}
		}
	}
	ka_spawn_result_free(&r);
	return v;
}

/* One export of the report into out; KA_EXIT_OK or KA_EXIT_TOOLCHAIN. */
static int export_page(const char *ncu, const char *rep, const char *page, double timeout_s, struct ka_buf *out,
		       struct ka_diag *d)
{
	char *source[] = {(char *)ncu, "-i", (char *)rep, "--page", "source", "--csv", "--print-source", "cuda,sass",
			  NULL};
	char *details[] = {(char *)ncu, "-i", (char *)rep, "--page", "details", "--csv", "--print-units", "base",
			   NULL};
	struct ka_spawn_result r = {0};
	int rc = KA_EXIT_OK;

	ka_spawn(strcmp(page, "source") == 0 ? source : details, timeout_s, &r);
	if (r.timed_out || r.status != 0 || r.spawn_errno) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, "ncu", "exporting the report's %s page failed (%s %d)%s%s", page,
			      r.timed_out ? "timed out after" : "exit status", r.timed_out ? (int)timeout_s : r.status,
			      r.err.data ? ":\n" : "", r.err.data ? r.err.data : "");
		rc = KA_EXIT_TOOLCHAIN;
	} else {
		*out = r.out;
		memset(&r.out, 0, sizeof(r.out));
	}
	ka_spawn_result_free(&r);
	return rc;
}

int ka_ncu_profile_program(const char *ncu, char *const *program, double timeout_s, struct ka_ncu_run *out,
			   struct ka_diag *d)
{
	struct ka_argv argv = {0};
	struct ka_spawn_result r = {0};
	struct ka_buf rep = {0}, file = {0};
	char *dir = ka_tempdir_create("ncu");
	int rc = KA_EXIT_OK;

	memset(out, 0, sizeof(*out));
	if (!dir) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, "ncu", "cannot create a temporary directory: %s", strerror(errno));
		return KA_EXIT_TOOLCHAIN;
	}
	ka_buf_printf(&rep, "%s/rep", dir);
	ka_buf_printf(&file, "%s/rep.ncu-rep", dir);
	ka_argv_push(&argv, ncu);
	ka_argv_push(&argv, "--section");
	ka_argv_push(&argv, "SourceCounters");
	ka_argv_push(&argv, "--section");
	ka_argv_push(&argv, "LaunchStats");
	ka_argv_push(&argv, "--section");
	ka_argv_push(&argv, "Occupancy");
	ka_argv_push(&argv, "--import-source");
	ka_argv_push(&argv, "yes");
	ka_argv_push(&argv, "-f");
	ka_argv_push(&argv, "-o");
	ka_argv_push(&argv, rep.data);
	for (char *const *a = program; *a; a++)
		ka_argv_push(&argv, *a);

	ka_spawn(argv.v, timeout_s, &r);
	if (r.not_found || r.spawn_errno) {
		snprintf(out->why, sizeof(out->why), "ncu cannot start (%s)",
			 strerror(r.spawn_errno ? r.spawn_errno : ENOENT));
		goto done;
	}
	if (r.timed_out) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, "ncu", "profiling %s timed out after %.0f s (--timeout)", program[0],
			      timeout_s);
		rc = KA_EXIT_TOOLCHAIN;
		goto done;
	}
	if (access(file.data, R_OK) != 0) {
		no_report(&r, out->why, sizeof(out->why));
		goto done;
	}
	if (r.status != 0)
		ka_diag_note(d, "ncu", "the profiled program exited with status %d", r.status);
	if ((rc = export_page(ncu, file.data, "source", timeout_s, &out->source, d)) != KA_EXIT_OK ||
	    (rc = export_page(ncu, file.data, "details", timeout_s, &out->details, d)) != KA_EXIT_OK)
		goto done;
	if (out->source.len == 0 || out->details.len == 0) {
		snprintf(out->why, sizeof(out->why), "ncu reports no kernels");
		goto done;
	}
	out->version = version_of(ncu, timeout_s);
	out->ran = true;
done:
	ka_spawn_result_free(&r);
	ka_argv_free(&argv);
	ka_buf_free(&rep);
	ka_buf_free(&file);
	ka_tempdir_remove(dir);
	free(dir);
	return rc;
}

void ka_ncu_run_free(struct ka_ncu_run *r)
{
	ka_buf_free(&r->source);
	ka_buf_free(&r->details);
	free(r->version);
	memset(r, 0, sizeof(*r));
}
