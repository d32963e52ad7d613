/* verify.h — `kanalyze verify`: kanalyze's predictions beside what a GPU
 * says (DESIGN §7), a client of the library (kanalyze.h) under the command
 * line.  Three checks, each an entry point over one plain options struct
 * the caller fills (cli/verify_cmd.c maps the command line onto it; verify/
 * knows no struct ka_cli):
 *   ka_verify_run          the shipped kernels on this machine's GPU, a
 *                          runner output captured elsewhere, or a committed
 *                          record re-checked (verify.c)
 *   ka_verify_files_run    a user's own build against the CUDA driver:
 *                          FILE..., --extract, --compare (verify_files.c)
 *   ka_verify_profile_run  the findings and predictions beside what Nsight
 *                          Compute measured (verify_profile.c, profile_lines.c)
 * Each returns an exit code (enum ka_exit).  No GPU, no driver, no ncu is
 * "not run" and exit 0, never "pass"; a disagreement is exit 1. */
#ifndef KANALYZE_VERIFY_H
#define KANALYZE_VERIFY_H

#include <stdio.h>

#include "core.h"
#include "kanalyze/kanalyze.h"

/* What the checks read of the command line, as given; NULL (0): not
 * given.  Which options a check refuses is the caller's to say: it knows
 * their names (a check reads only what it uses). */
struct ka_verify_options {
	const char **files;            /* verify FILE...; verify --profile's SOURCES */
	int n_files;
	char *const *program;          /* verify --profile -- PROGRAM ARGS (NULL-ended); */
	int n_program;                 /* NULL: no '--' (n_program 0: '--' alone)  */
	const char *const *cc_args;    /* -I/-D/-std: verify FILE...'s compiles    */
	int n_cc_args;
	const char *arch;              /* --arch: verify FILE... --extract's, the profiled GPU's */
	const char *timeout;           /* --timeout's text: each check reads its own range */
	const char *nvcc;              /* --nvcc */
	const char *format;            /* --format (verify --profile: text, json, html) */
	const char *out;               /* --out: where the record goes              */
	const char *runner_output;     /* --runner-output FILE                      */
	const char *check;             /* --check RECORD                            */
	const char *extract;           /* --extract DIR                             */
	const char *compare;           /* --compare DIR                             */
	const char *smem;              /* --smem: verify FILE...'s dynamic sizes, a number list */
	const char *ncu_export;        /* --ncu-export DIR                          */
	const char *kernels;           /* the shipped kernels and runner (ka_verify_run, */
	                               /* ka_verify_files_run: kernels/runner/)     */
	const char *root;              /* the project root the HTML page names files from; NULL: "." */
	/* verify --profile's analysis: the request `kanalyze SOURCES --arch
	 * ARCH` would make (arch NULL: the library's default), with the what-if
	 * specs it points at in *specs (freed by verify); 0, or an exit code
	 * after a message.  Asked once the measurement is read, which names the
	 * sources when none were given and the profiled GPU's arch, so that its
	 * messages come after the measurement's, as they always have. */
	int (*profile_request)(void *arg, const char **sources, int n_sources, const char *arch,
			       struct ka_request *req, struct ka_what_spec **specs, struct ka_diag *d);
	void *profile_request_arg;
};

/* verify.c: the shipped kernels (o->kernels) built into the GPU runner and
 * run here, or o->runner_output compared, or o->check re-checked; the
 * record written to o->out (default testdata/verify/<device>-<date>.jsonl). */
int ka_verify_run(const struct ka_verify_options *o, struct ka_diag *d);
/* verify_files.c: o->files' cubins of the GPU's arch against the driver's
 * answers (o->extract: written out for a GPU machine; o->compare: its
 * answers read back). */
int ka_verify_files_run(const struct ka_verify_options *o, struct ka_diag *d);
/* verify_profile.c: o->ncu_export's measurement, or o->program profiled
 * here, beside the analysis of o->files (else the sources ncu names). */
int ka_verify_profile_run(const struct ka_verify_options *o, struct ka_diag *d);

/* ---- within verify/ ---------------------------------------------------------- */

/* verify_files.c: --check of a record `verify FILE...` wrote (its header's
 * "mode" is "files"), lines already parsed (verify.c); an exit code. */
struct json_t;
int ka_verify_files_recheck(const char *path, struct json_t *lines, struct ka_diag *d);
/* verify_files.c, for both: JSON-lines text split into objects appended to
 * out, each with a "kind"; -1 after a message naming the first line that is
 * not one (and, when it is no JSON, why). */
int ka_verify_parse_lines(char *text, const char *where, struct json_t *out, struct ka_diag *d);

/* For the verify records (verify.c, verify_files.c): "9.0" -> "sm_90";
 * the driver's 13000 -> "13.0" (0 or less: "unknown"). */
static inline void ka_verify_arch_of_cc(char *buf, size_t n, const char *cc)
{
	size_t k = (size_t)snprintf(buf, n, "sm_");
	for (; *cc && k + 1 < n; cc++)
		if (*cc != '.')
			buf[k++] = *cc;
	buf[k] = '\0';
}

static inline void ka_verify_cuda_version(char *buf, size_t n, long v)
{
	if (v > 0)
		snprintf(buf, n, "%ld.%ld", v / 1000, (v % 1000) / 10);
	else
		snprintf(buf, n, "unknown");
}

#endif
