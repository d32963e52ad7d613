/* gate.c — the end of an analysis (or of `kanalyze report`): the report in
 * the format asked for, the baseline comparison and the baseline write, and
 * the exit code.  Levels for --fail-on: a regression is an error, a kernel
 * within --warn-cliff registers of its next cliff a warning; the default
 * fails on errors only, --strict (or --fail-on warning) on both, --fail-on
 * never on nothing.  Options are checked before anything is compiled: the
 * baseline's path among them (core's output rules: a device or FIFO is
 * written into, a symbolic link only with --follow-symlinks, which writes
 * the file it points to).  A SARIF log of a run with errors (a failed
 * compile) carries them as an invocation that did not succeed, so code
 * scanning does not show the run as clean. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
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
		cli->owned = ka_xrealloc(cli->owned, (size_t)(cli->n_owned + 1) * sizeof(char *));
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
	bool ok = false;
	const char *f = cli->opt[OPT_FAILON];

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		ok = ok || strcmp(format, formats[i]) == 0;
	if (!ok) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--format for %s is text, json, sarif or markdown, not '%s'",
			      cli->cmd == KA_CMD_REPORT ? "report" : "analyze", format);
		return KA_EXIT_USAGE;
	}
	if (f && strcmp(f, "never") != 0 && strcmp(f, "warning") != 0 && strcmp(f, "error") != 0) {
		ka_cli_bad_value(cli, OPT_FAILON, d, "takes error, warning or never, not '%s'", f);
		return KA_EXIT_USAGE;
	}
	if (cli->opt[OPT_WBASELINE] && check_output(cli, d) != 0)
		return KA_EXIT_USAGE;
	return 0;
}

/* SARIF for a run with errors: the writer's log, and an invocation that
 * did not succeed, its errors as toolExecutionNotifications (the compiler's
 * own lines with them).  0, or -1 if writing failed. */
static int sarif(FILE *out, const struct ka_result *rep, const struct ka_bl_compare *cmp, const char *root,
		 const struct ka_diag *d)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m;
	json_t *doc, *run, *inv, *notes;
	int rc;

	if (d->n_records == 0)
		return ka_report_sarif(out, rep, cmp, root);
	if (!(m = open_memstream(&text, &len)))
		return -1;
	rc = ka_report_sarif(m, rep, cmp, root);
	fclose(m);
	doc = rc == 0 ? json_loadb(text, len, 0, NULL) : NULL;
	free(text);
	run = json_array_get(json_object_get(doc, "runs"), 0);
	if (!run) {
		json_decref(doc);
		return -1;
	}
	inv = json_object();
	notes = json_array();
	json_object_set_new(inv, "executionSuccessful", json_false());
	json_object_set_new(inv, "exitCode", json_integer(d->exit_code));
	for (size_t i = 0; i < d->n_records; i++) {
		const struct ka_diag_record *r = &d->records[i];
		json_t *n = json_object(), *msg = json_object();
		struct ka_buf t = {0};
		struct stat st;
		ka_buf_printf(&t, "%s%s%s", r->where ? r->where : "", r->where ? ": " : "", r->text);
		if (r->detail)
			ka_buf_printf(&t, "\n%s", r->detail);
		json_object_set_new(n, "level", json_string("error"));
		json_object_set_new(msg, "text", json_stringn(t.data, t.len));
		json_object_set_new(n, "message", msg);
		if (r->where && stat(r->where, &st) == 0 && S_ISREG(st.st_mode)) {
			char *rel = ka_relpath(root, r->where);
			json_t *loc = json_object(), *phys = json_object(), *art = json_object(), *locs = json_array();
			json_object_set_new(art, "uri", json_string(rel));
			if (rel[0] != '/')
				json_object_set_new(art, "uriBaseId", json_string("%SRCROOT%"));
			json_object_set_new(phys, "artifactLocation", art);
			json_object_set_new(loc, "physicalLocation", phys);
			json_array_append_new(locs, loc);
			json_object_set_new(n, "locations", locs);
			free(rel);
		}
		json_array_append_new(notes, n);
		ka_buf_free(&t);
	}
	json_object_set_new(inv, "toolExecutionNotifications", notes);
	json_t *invs = json_array();
	json_array_append_new(invs, inv);
	json_object_set_new(run, "invocations", invs);
	rc = json_dumpf(doc, out, JSON_INDENT(2));
	fputc('\n', out);
	json_decref(doc);
	return rc == 0 && !ferror(out) ? 0 : -1;
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
		if (ka_report_json(stdout, rep, have_cmp ? &cmp : NULL, bpath) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the report: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		}
		if (have_cmp && !d->quiet)      /* also in the JSON's "baseline" object */
			ka_bl_compare_text(d->out, bpath, &cmp);
	} else if (strcmp(format, "sarif") == 0) {
		if (sarif(stdout, rep, have_cmp ? &cmp : NULL, root, d) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the report: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		}
	} else if (strcmp(format, "markdown") == 0) {
		ka_report_markdown(stdout, rep, have_cmp ? &cmp : NULL, bpath, root, ro->findings);
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

	if (rc == KA_EXIT_OK && level >= 1 && have_cmp && cmp.count[KA_CH_REGRESSION] > 0) {
		rc = KA_EXIT_FINDINGS;
		/* -q drops notes, but an exit 1 is never left unexplained */
		if (d->quiet)
			fprintf(d->out, "kanalyze: exit 1: %d regression%s against the baseline %s\n",
				cmp.count[KA_CH_REGRESSION], cmp.count[KA_CH_REGRESSION] == 1 ? "" : "s", bpath);
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
