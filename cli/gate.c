/* gate.c — the end of an analysis (or of `kanalyze report`): the report in
 * the format asked for, the baseline comparison and the baseline write, and
 * the exit code.  Levels for --fail-on: a regression is an error, a kernel
 * within --warn-cliff registers of its next cliff a warning, and so is a
 * finding shown as a warning that the baseline does not have (same rule,
 * kernel and line text: lib/baseline.c); the default fails on errors only,
 * --strict (or --fail-on warning) on both, --fail-on never on nothing.  Options are checked before anything is compiled: the
 * baseline's path among them (core's output rules: a device or FIFO is
 * written into, a symbolic link only with --follow-symlinks, which writes
 * the file it points to).  The writer is a row of report/'s table
 * (KA_WRITERS): the gate looks the format up and calls it, nothing more. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail_level(const struct ka_cli *cli)
{
	const char *f = cli->opt[OPT_FAILON];
	if (cli->flag[OPT_STRICT] || (f && strcmp(f, "warning") == 0))
		return 2;     /* --strict wins over a config's fail_on */
	if (f && strcmp(f, "never") == 0)
		return 0;
	return 1;             /* error */
}

/* The file a chain of symbolic links ends at (malloc'd; it may not exist
 * yet), or NULL for a loop. */
static char *link_target(const char *path)
{
	char *cur = ka_strdup(path);
	for (int hops = 0; hops < 40; hops++) {
		char buf[PATH_MAX];
		struct stat st;
		ssize_t n;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		if ((n = readlink(cur, buf, sizeof(buf) - 1)) < 0)
			break;
		buf[n] = '\0';
		struct ka_buf next = {0};
		if (buf[0] == '/') {
			ka_buf_puts(&next, buf);
		} else {
			char *copy = ka_strdup(cur);
			ka_buf_printf(&next, "%s/%s", dirname(copy), buf);
			free(copy);
		}
		free(cur);
		cur = next.data;
	}
	free(cur);
	return NULL;
}

/* --write-baseline: fail before compiling anything.  0, or exit 2. */
static int check_output(struct ka_cli *cli, struct ka_diag *d)
{
	const char *w = cli->opt[OPT_WBASELINE];
	int kind;

	if (!*w) {
		ka_diag_error(d, KA_EXIT_USAGE, w, "cannot write the baseline: empty file name");
		return KA_EXIT_USAGE;
	}
	kind = ka_output_kind(w);
	if (kind == KA_OUT_SYMLINK && cli->flag[OPT_FOLLOW]) {
		char *t = link_target(w);
		if (!t) {
			ka_diag_error(d, KA_EXIT_USAGE, w, "cannot write the baseline: a loop of symbolic links");
			return KA_EXIT_USAGE;
		}
		cli->opt[OPT_WBASELINE] = w = t;
		KA_GROW(cli->owned, (size_t)cli->n_owned, cli->cap_owned, 16);
		cli->owned[cli->n_owned++] = t;
		kind = ka_output_kind(w);
	}
	if (kind == KA_OUT_SYMLINK) {
		ka_diag_error(d, KA_EXIT_USAGE, w, "cannot write the baseline: it is a symbolic link, which kanalyze "
			      "does not replace (name the file it points to, or add --follow-symlinks)");
		return KA_EXIT_USAGE;
	}
	if (kind < 0 && kind != -ENOENT) {
		ka_diag_error(d, KA_EXIT_USAGE, w, "cannot write the baseline: %s",
			      kind == -EISDIR ? "it is a directory" : kind == -EINVAL
			      ? "it is neither a file, a character device nor a FIFO" : strerror(-kind));
		return KA_EXIT_USAGE;
	}
	if (kind == KA_OUT_STREAM)
		return 0;
	/* a file to create or replace: the directory must exist */
	char *copy = ka_strdup(w);
	struct stat st;
	const char *dir = dirname(copy);
	int bad = stat(dir, &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
	if (bad) {
		ka_diag_error(d, KA_EXIT_USAGE, w, "cannot write the baseline: %s",
			      bad == ENOENT ? "its directory does not exist" : strerror(bad));
		free(copy);
		return KA_EXIT_USAGE;
	}
	free(copy);
	return 0;
}

int ka_gate_check(struct ka_cli *cli, const char *format, struct ka_diag *d)
{
	const char *f = cli->opt[OPT_FAILON];

	if (!ka_writer_find(format)) {
		struct ka_buf names = {0};
		ka_writer_names(&names);
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--format for %s is %s, not '%s'",
			      cli->cmd == KA_CMD_REPORT ? "report" : "analyze", names.data, format);
		ka_buf_free(&names);
		return KA_EXIT_USAGE;
	}
	if (f && strcmp(f, "never") != 0 && strcmp(f, "warning") != 0 && strcmp(f, "error") != 0) {
		ka_cli_bad_value(cli, OPT_FAILON, d, "takes error, warning or never, not '%s'", f);
		return KA_EXIT_USAGE;
	}
	if (cli->opt[OPT_WBASELINE] && check_output(cli, d) != 0)
		return KA_EXIT_USAGE;
	if (cli->opt[OPT_BASE] && cli->opt[OPT_BASELINE]) {
		if (!cli->baseline_optional) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base and --baseline: give one (what the run is compared with)");
			return KA_EXIT_USAGE;
		}
		cli->opt[OPT_BASELINE] = NULL;        /* the config's file gives way to --base */
	}
	return 0;
}

int ka_gate_output(struct ka_cli *cli, const struct ka_result *rep, const struct ka_report_options *ro,
		   const char *format, struct ka_bl *base, const char *base_label, struct ka_diag *d)
{
	const char *root = cli->root ? cli->root : ".";
	const char *bpath = base ? base_label : cli->opt[OPT_BASELINE];
	struct ka_bl cur = {0}, old = {0};
	struct ka_bl_compare cmp = {0};
	bool have_cmp = false;
	int rc = KA_EXIT_OK, near = 0, level = fail_level(cli);

	if (bpath || cli->opt[OPT_WBASELINE])     /* a baseline's view of the result */
		ka_bl_from_result(rep, root, &cur);
	if (base) {                               /* --base REV: analysed from git (base.c) */
		old = *base;
		memset(base, 0, sizeof(*base));
		ka_bl_compare(&old, &cur, &rep->done, root, &cmp);
		have_cmp = true;
	} else if (bpath) {
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

	const struct ka_writer *w = ka_writer_find(format);     /* ka_gate_check found it */
	const struct ka_report_ctx ctx = {
		.opt = ro, .cmp = have_cmp ? &cmp : NULL, .baseline = bpath, .root = root, .diag = d,
	};
	if (!w || w->write(stdout, rep, &ctx) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the report: %s", w ? strerror(errno) : format);
		rc = KA_EXIT_USAGE;
	}
	if (w && w->compare_to_diag && have_cmp && !d->quiet)    /* also in the report itself */
		ka_bl_compare_text(d->out, bpath, &cmp);

	if (cli->opt[OPT_WBASELINE]) {
		/* an error that lost one file's source analysis only (its
		 * counts, which the baseline holds, stand) does not stop it */
		if ((d->exit_code >= KA_EXIT_USAGE && d->errors > d->kept) || rc >= KA_EXIT_USAGE) {
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

	if (rc == KA_EXIT_OK && level >= 1 && have_cmp && cmp.count[KA_CH_REGRESSION] > 0) {
		rc = KA_EXIT_FINDINGS;
		/* -q drops notes, but an exit 1 is never left unexplained */
		if (d->quiet)
			fprintf(d->out, "kanalyze: exit 1: %d regression%s against the baseline %s\n",
				cmp.count[KA_CH_REGRESSION], cmp.count[KA_CH_REGRESSION] == 1 ? "" : "s", bpath);
	}
	/* --fail-on warning: a warning the baseline does not have (its rule,
	 * kernel and line text), never one it has */
	if (level >= 2 && have_cmp && !cmp.findings_compared)
		ka_diag_note(d, bpath, "the baseline keeps no findings (an older kanalyze wrote it): new warnings are "
			     "not gated until it is written again with --write-baseline");
	if (rc == KA_EXIT_OK && level >= 2 && have_cmp && cmp.new_warnings > 0) {
		if (d->quiet)
			fprintf(d->out, "kanalyze: exit 1: %d new warning%s against the baseline %s\n", cmp.new_warnings,
				cmp.new_warnings == 1 ? "" : "s", bpath);
		else
			ka_diag_note(d, NULL, "%d new warning%s against the baseline: exit 1 (--fail-on warning)",
				     cmp.new_warnings, cmp.new_warnings == 1 ? "" : "s");
		rc = KA_EXIT_FINDINGS;
	}
	if (rc == KA_EXIT_OK && level >= 2 && near > 0) {
		if (d->quiet)
			fprintf(d->out, "kanalyze: exit 1: %d kernel%s near a register cliff (--strict)\n", near,
				near == 1 ? "" : "s");
		else
			ka_diag_note(d, NULL, "%d kernel%s near a register cliff: exit 1 (--strict)", near,
				     near == 1 ? "" : "s");
		rc = KA_EXIT_FINDINGS;
	}
	ka_bl_compare_free(&cmp);
	ka_bl_free(&old);
	ka_bl_free(&cur);
	return rc;
}
