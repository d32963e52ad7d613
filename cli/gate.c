/* gate.c — the end of an analysis (or of `kanalyze report`): the report in
 * the format asked for, the baseline comparison and the baseline write, and
 * the exit code.  Levels for --fail-on: a regression is an error, a kernel
 * within --warn-cliff registers of its next cliff a warning; the default
 * fails on errors only, --strict (or --fail-on warning) on both, --fail-on
 * never on nothing.  Options are checked before anything is compiled. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const formats[] = {"text", "json", "sarif", "markdown"};

static int fail_level(const struct ka_cli *cli)
{
	const char *f = cli->opt[OPT_FAILON];
	if (cli->flag[OPT_STRICT] || (f && strcmp(f, "warning") == 0))
		return 2;     /* --strict wins over a config's fail_on */
	if (f && strcmp(f, "never") == 0)
		return 0;
	return 1;             /* error */
}

int ka_gate_check(const struct ka_cli *cli, const char *format, struct ka_diag *d)
{
	bool ok = false;
	const char *f = cli->opt[OPT_FAILON];
	const char *w = cli->opt[OPT_WBASELINE];

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		ok = ok || strcmp(format, formats[i]) == 0;
	if (!ok) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--format for %s is text, json, sarif or markdown, not '%s'",
			      cli->cmd == KA_CMD_REPORT ? "report" : "analyze", format);
		return KA_EXIT_USAGE;
	}
	if (f && strcmp(f, "never") != 0 && strcmp(f, "warning") != 0 && strcmp(f, "error") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--fail-on takes error, warning or never, not '%s'", f);
		return KA_EXIT_USAGE;
	}
	if (w) {
		/* fail before compiling anything: the directory must exist */
		char *copy = ka_strdup(w);
		struct stat st;
		const char *dir = dirname(copy);
		int bad = stat(dir, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
		if (!*w || bad) {
			ka_diag_error(d, KA_EXIT_USAGE, w, "cannot write the baseline: %s",
				      !*w ? "empty file name" : bad == ENOENT ? "its directory does not exist"
				      : strerror(bad));
			free(copy);
			return KA_EXIT_USAGE;
		}
		free(copy);
	}
	return 0;
}

int ka_gate_output(struct ka_cli *cli, const struct ka_result *rep, const struct ka_report_options *ro,
		   const char *format, struct ka_diag *d)
{
	const char *root = cli->root ? cli->root : ".";
	const char *bpath = cli->opt[OPT_BASELINE];
	struct ka_bl cur = {0}, old = {0};
	struct ka_bl_compare cmp = {0};
	bool have_cmp = false;
	int rc = KA_EXIT_OK, near = 0, level = fail_level(cli);

	if (bpath || cli->opt[OPT_WBASELINE])     /* a baseline's view of the result */
		ka_bl_from_result(rep, root, &cur);
	if (bpath) {
		if (cli->baseline_optional && access(bpath, F_OK) != 0 && errno == ENOENT) {
			ka_diag_note(d, bpath, "no baseline yet (the config names it; write it with --write-baseline %s)",
				     bpath);
		} else if (ka_bl_read(bpath, &old, d) != 0) {
			rc = KA_EXIT_USAGE;
		} else {
			ka_bl_compare(&old, &cur, &rep->done, root, &cmp);
			have_cmp = true;
		}
	}
	for (size_t i = 0; i < rep->n; i++)
		near += rep->v[i].near_cliff;

	if (strcmp(format, "json") == 0) {
		if (ka_report_json(stdout, rep) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the report: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		}
		if (have_cmp && !d->quiet)      /* the JSON contract has no place for it */
			ka_bl_compare_text(d->out, bpath, &cmp);
	} else if (strcmp(format, "sarif") == 0) {
		if (ka_report_sarif(stdout, rep, have_cmp ? &cmp : NULL, root) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the report: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		}
	} else if (strcmp(format, "markdown") == 0) {
		ka_report_markdown(stdout, rep, have_cmp ? &cmp : NULL, bpath, root);
	} else {
		ka_report_text(stdout, rep, ro);
		if (have_cmp)
			ka_bl_compare_text(stdout, bpath, &cmp);
	}

	if (cli->opt[OPT_WBASELINE]) {
		if (d->exit_code >= KA_EXIT_USAGE || rc >= KA_EXIT_USAGE) {
			ka_diag_error(d, KA_EXIT_USAGE, cli->opt[OPT_WBASELINE],
				      "baseline not written: this run had errors (the old one, if any, is kept)");
			rc = rc > KA_EXIT_USAGE ? rc : KA_EXIT_USAGE;
		} else if (ka_bl_write(&cur, cli->opt[OPT_WBASELINE], d) != 0) {
			rc = KA_EXIT_USAGE;
		} else {
			ka_diag_note(d, cli->opt[OPT_WBASELINE], "baseline written: %zu kernel%s", cur.n,
				     cur.n == 1 ? "" : "s");
		}
	}

	if (rc == KA_EXIT_OK && level >= 1 && have_cmp && cmp.count[KA_CH_REGRESSION] > 0)
		rc = KA_EXIT_FINDINGS;
	if (rc == KA_EXIT_OK && level >= 2 && near > 0) {
		ka_diag_note(d, NULL, "%d kernel%s near a register cliff: exit 1 (--strict)", near, near == 1 ? "" : "s");
		rc = KA_EXIT_FINDINGS;
	}
	ka_bl_compare_free(&cmp);
	ka_bl_free(&old);
	ka_bl_free(&cur);
	return rc;
}
