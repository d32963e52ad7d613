/* base.c — `--base REV`: the gate without a baseline file.  The same
 * files are analysed again as they were at REV's merge base with HEAD
 * (git, run with an argv), and that analysis is the baseline the run is
 * compared with -- registers, spills, occupancy and new findings, as
 * --baseline compares (lib/baseline.c).  A pre-commit hook passes
 * `--base HEAD`, a pull request's CI `--base origin/main`.
 *
 * Where the base comes from: REV's tree, written out under the cache
 * (<cache>/v1/base/<work tree hash>/tree; a private temp directory with
 * --no-cache or no cache) and, when the commit changes, updated with the
 * files the two commits differ in (written out whole past 4096 of them).
 * Its path stays the same from commit to commit, so the result cache knows
 * the files that did not change.  Paths of the work tree are mapped into
 * it: the inputs, the compiler arguments, the current directory and a
 * compile database (rewritten beside the tree).  A file the base does not
 * have is new (its kernels are added); a file git saw renamed is analysed
 * under its old name, and the comparison matches kernels across files by
 * their mangled names.
 *
 * What git may run is kept to git itself: no external diff, no textconv,
 * no fsmonitor hook of a cloned repository. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

enum { GIT_TIMEOUT_S = 600 };

/* git with its safe settings: a repository's fsmonitor names a program to
 * run, and a cloned repository is not trusted to name one. */
static void git_argv(struct ka_argv *a)
{
	ka_argv_push(a, "git");
	ka_argv_push(a, "-c");
	ka_argv_push(a, "core.fsmonitor=false");
}

/* git_argv, then args (NULL-ended); stdout in out.  0, or -1 after a
 * message naming what failed. */
static int git(const char *cwd, struct ka_buf *out, struct ka_diag *d, const char *what, ...)
{
	struct ka_argv a = {0};
	struct ka_spawn_result r = {0};
	const struct ka_spawn_opts opts = {.cwd = cwd};
	va_list ap;
	int rc = 0;

	git_argv(&a);
	va_start(ap, what);
	for (const char *s; (s = va_arg(ap, const char *)) != NULL;)
		ka_argv_push(&a, s);
	va_end(ap);
	char *const *argv[] = {a.v};
	ka_spawn_many_opts(argv, 1, 1, GIT_TIMEOUT_S, &opts, &r);
	if (r.not_found) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base: git is not on PATH (it reads the base revision)");
		rc = -1;
	} else if (r.status != 0) {
		if (what) {
			const char *e = r.err.data ? r.err.data : "";
			size_t n = strcspn(e, "\n");
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base: %s%s%.*s", what, n ? ": " : "", (int)n, e);
		}
		rc = -1;
	} else if (out) {
		ka_buf_append(out, r.out.data ? r.out.data : "", r.out.len);
		while (out->len && out->data[out->len - 1] == '\n')
			out->data[--out->len] = '\0';
	}
	ka_spawn_result_free(&r);
	ka_argv_free(&a);
	return rc;
}

struct base {
	char *top;             /* the work tree's top (a real path)            */
	char *tree;            /* the base's copy of it                        */
	char *dir;             /* what holds tree (cache or temp)              */
	bool temp;             /* dir is a temp directory, removed at the end  */
	char **from, **to;     /* renames, work tree path -> base path (relative) */
	size_t n_renames, cap_from, cap_to;
	struct ka_cli *cli;    /* strings made here are owned by it            */
};

static const char *own_cli(struct ka_cli *cli, char *s)
{
	KA_GROW(cli->owned, (size_t)cli->n_owned, cli->cap_owned, 16);
	cli->owned[cli->n_owned++] = s;
	return s;
}

static const char *own(struct base *b, char *s)
{
	return own_cli(b->cli, s);
}

/* path (absolute) as it is in the base tree, or NULL when outside top. */
static char *mapped(const struct base *b, const char *path)
{
	size_t n = strlen(b->top);
	struct ka_buf m = {0};
	if (strncmp(path, b->top, n) != 0 || (path[n] != '/' && path[n] != '\0'))
		return NULL;
	ka_buf_printf(&m, "%s%s", b->tree, path + n);
	return m.data;
}

/* Every occurrence of top in s (a whole path component) replaced by tree. */
static char *mapped_text(const struct base *b, const char *s)
{
	size_t n = strlen(b->top);
	struct ka_buf m = {0};
	ka_buf_puts(&m, "");
	for (const char *p = s; *p;) {
		const char *hit = strstr(p, b->top);
		if (!hit) {
			ka_buf_puts(&m, p);
			break;
		}
		char after = hit[n];
		bool whole = after == '/' || after == '\0' || after == '"' || after == '\'' || after == ' ';
		ka_buf_append(&m, p, (size_t)(hit - p));
		ka_buf_puts(&m, whole ? b->tree : b->top);
		p = hit + n;
	}
	return m.data;
}

/* The cache's directory for this work tree's base, locked; or a temp one. */
static int base_dir(struct base *b, const struct ka_request *req, int *lock_fd, struct ka_diag *d)
{
	struct ka_cache c = {0};
	*lock_fd = -1;
	if (req->cache && ka_cache_open(&c, NULL) == 0) {
		char hex[KA_HASH_HEX];
		struct ka_buf p = {0};
		ka_hash_bytes(b->top, strlen(b->top), hex);
		/* the cache's checked directory, by its real path: the base
		 * tree's paths reach the compile commands and the cache keys */
		char *real = realpath(c.dir, NULL);
		ka_cache_close(&c);
		if (real)
			ka_buf_printf(&p, "%s/base/%.16s", real, hex);
		free(real);
		if (p.data && ka_mkdirs(p.data, 0700) == 0) {
			struct ka_buf l = {0};
			ka_buf_printf(&l, "%s/lock", p.data);
			*lock_fd = open(l.data, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
			ka_buf_free(&l);
			if (*lock_fd >= 0 && flock(*lock_fd, LOCK_EX) == 0) {
				b->dir = p.data;
				return 0;
			}
			if (*lock_fd >= 0)
				close(*lock_fd);
			*lock_fd = -1;
		}
		ka_buf_free(&p);
	}
	if (!(b->dir = ka_tempdir_create("base"))) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base: cannot make a directory for the base: %s", strerror(errno));
		return -1;
	}
	b->temp = true;
	return 0;
}

/* `git archive sha [-- paths]` unpacked into dest (tar over the files it
 * holds).  0, or -1; quiet: no message (a fallback follows). */
static int unpack(struct base *b, const char *sha, const char *const *paths, size_t n_paths, const char *dest,
		  bool quiet, struct ka_diag *d)
{
	struct ka_argv a = {0};
	struct ka_buf tar = {0};
	struct ka_spawn_result r = {0};
	const struct ka_spawn_opts opts = {.cwd = b->top};
	int rc = -1;

	ka_buf_printf(&tar, "%s/tree.tar", b->dir);
	git_argv(&a);
	ka_argv_push(&a, "archive");
	ka_argv_push(&a, "--format=tar");
	ka_argv_push(&a, "-o");
	ka_argv_push(&a, tar.data);
	ka_argv_push(&a, sha);
	if (paths) {
		ka_argv_push(&a, "--");
		for (size_t i = 0; i < n_paths; i++)
			ka_argv_push(&a, paths[i]);
	}
	char *const *archive[] = {a.v};
	ka_spawn_many_opts(archive, 1, 1, GIT_TIMEOUT_S, &opts, &r);
	if (r.not_found || r.status != 0) {
		if (!quiet)
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base: cannot write out the base revision%s%.*s",
				      r.err.len ? ": " : "", (int)strcspn(r.err.data ? r.err.data : "", "\n"),
				      r.err.data ? r.err.data : "");
		goto out;
	}
	ka_spawn_result_free(&r);
	char *argv_tar[] = {"tar", "-xf", tar.data, "-C", (char *)dest, "--no-same-owner", NULL};
	char *const *untar[] = {argv_tar};
	ka_spawn_many(untar, 1, 1, GIT_TIMEOUT_S, &r);
	if (r.status != 0 || r.not_found) {
		if (!quiet)
			ka_diag_error(d, KA_EXIT_USAGE, tar.data, "--base: cannot unpack the base tree: %s",
				      r.not_found ? "tar is not on PATH" : r.err.data ? r.err.data : "tar failed");
		goto out;
	}
	rc = 0;
out:
	unlink(tar.data);
	ka_spawn_result_free(&r);
	ka_argv_free(&a);
	ka_buf_free(&tar);
	return rc;
}

enum { UPDATE_MAX_FILES = 4096 };

/* The tree of commit `from` made commit `to`'s in place: the files the two
 * differ in removed or written out again (git diff --no-renames), so a
 * hook's base costs what the last commit changed, not the repository.
 * 0, or -1 (then the whole tree is written out). */
static int update_tree(struct base *b, const char *from, const char *to, struct ka_diag *d)
{
	struct ka_buf out = {0};
	const char **write = NULL;
	size_t n_write = 0;
	int rc = -1;

	if (git(b->top, &out, d, NULL, "diff", "--no-renames", "--name-status", "-z", "--no-ext-diff", "--no-textconv",
		from, to, "--", NULL) != 0)
		goto done;
	const char *p = out.data, *end = out.data ? out.data + out.len : NULL;
	size_t n = 0;
	for (const char *q = p; q && q < end; q += strlen(q) + 1)
		n++;
	if (n / 2 > UPDATE_MAX_FILES)
		goto done;
	write = ka_xcalloc(n / 2 + 1, sizeof(*write));
	while (p && p < end) {
		const char *status = p, *path = status + strlen(status) + 1;
		if (path >= end || strstr(path, "..") || path[0] == '/')
			goto done;             /* not a plain repository path: write it all out */
		if (status[0] == 'D') {
			struct ka_buf f = {0};
			ka_buf_printf(&f, "%s/%s", b->tree, path);
			unlink(f.data);
			ka_buf_free(&f);
		} else {
			write[n_write++] = path;
		}
		p = path + strlen(path) + 1;
	}
	rc = n_write ? unpack(b, to, write, n_write, b->tree, true, d) : 0;
done:
	free(write);
	ka_buf_free(&out);
	return rc;
}

/* b->dir/tree holds commit sha (b->dir/commit says so): as it is, updated
 * from the commit it held, else written out whole with git archive and
 * swapped in. */
static int base_tree(struct base *b, const char *sha, struct ka_diag *d)
{
	struct ka_buf p = {0}, have = {0}, next = {0}, old = {0};
	int rc = -1;

	ka_buf_printf(&p, "%s/commit", b->dir);
	{
		struct ka_buf t = {0};
		ka_buf_printf(&t, "%s/tree", b->dir);
		b->tree = t.data;
	}
	struct stat st;
	bool tree = lstat(b->tree, &st) == 0 && S_ISDIR(st.st_mode);
	bool known = ka_read_file(p.data, 256, &have) == 0 && have.len >= 40 && have.len < 80 &&
		     strspn(have.data, "0123456789abcdef") == have.len;
	if (tree && known && strcmp(have.data, sha) == 0) {
		rc = 0;
		goto out;
	}
	unlink(p.data);                        /* until the tree is whole again */
	if (tree && known && update_tree(b, have.data, sha, d) == 0)
		goto done;
	ka_buf_printf(&next, "%s/tree.new", b->dir);
	ka_buf_printf(&old, "%s/tree.old", b->dir);
	ka_tempdir_remove(next.data);
	ka_tempdir_remove(old.data);
	if (ka_mkdirs(next.data, 0700) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, next.data, "--base: cannot make the base tree: %s", strerror(errno));
		goto out;
	}
	if (unpack(b, sha, NULL, 0, next.data, false, d) != 0)
		goto out;
	if (tree && rename(b->tree, old.data) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, b->tree, "--base: cannot replace the base tree: %s", strerror(errno));
		goto out;
	}
	if (rename(next.data, b->tree) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, b->tree, "--base: cannot replace the base tree: %s", strerror(errno));
		goto out;
	}
	ka_tempdir_remove(old.data);
done:
	(void)ka_write_file_replace(p.data, sha, strlen(sha), false);   /* lost: written out again next time */
	rc = 0;
out:
	ka_buf_free(&p);
	ka_buf_free(&have);
	ka_buf_free(&next);
	ka_buf_free(&old);
	return rc;
}

/* The renames git finds between sha and the work tree ("R100\0old\0new\0"). */
static void renames(struct base *b, const char *sha, struct ka_diag *d)
{
	struct ka_buf out = {0};
	if (git(b->top, &out, d, NULL, "diff", "-M", "--name-status", "-z", "--no-ext-diff", "--no-textconv", sha,
		"--", NULL) != 0) {
		ka_buf_free(&out);
		return;
	}
	const char *p = out.data, *end = out.data ? out.data + out.len + 1 : NULL;
	while (p && p < end && *p) {
		const char *status = p, *one = status + strlen(status) + 1;
		if (one >= end)
			break;
		if (status[0] == 'R' || status[0] == 'C') {
			const char *two = one + strlen(one) + 1;
			if (two >= end)
				break;
			if (status[0] == 'R') {
				KA_GROW(b->from, b->n_renames, b->cap_from, 16);
				KA_GROW(b->to, b->n_renames, b->cap_to, 16);
				b->from[b->n_renames] = ka_strdup(two);
				b->to[b->n_renames++] = ka_strdup(one);
			}
			p = two + strlen(two) + 1;
		} else {
			p = one + strlen(one) + 1;
		}
	}
	ka_buf_free(&out);
}

/* An input as the base has it (absolute, in the tree), or NULL: new there. */
static char *base_input(const struct base *b, const char *input)
{
	char *abs = realpath(input, NULL), *m = NULL;
	if (!abs)
		return NULL;
	size_t n = strlen(b->top);
	if (strncmp(abs, b->top, n) == 0 && abs[n] == '/') {
		const char *rel = abs + n + 1;
		for (size_t i = 0; i < b->n_renames; i++)
			if (strcmp(b->from[i], rel) == 0)
				rel = b->to[i];
		struct ka_buf p = {0};
		ka_buf_printf(&p, "%s/%s", b->tree, rel);
		m = p.data;
	} else {
		m = ka_strdup(abs);     /* outside the work tree: the same file on both sides */
	}
	free(abs);
	struct stat st;
	if (stat(m, &st) != 0) {
		free(m);
		return NULL;
	}
	return m;
}

/* The compile database with the work tree's paths mapped, written beside
 * the tree; its path, or NULL after a message. */
static const char *base_compdb(struct base *b, const char *compdb, struct ka_diag *d)
{
	struct ka_buf path = {0}, text = {0};
	struct stat st;
	ka_buf_puts(&path, compdb);
	if (stat(compdb, &st) == 0 && S_ISDIR(st.st_mode))
		ka_buf_puts(&path, "/compile_commands.json");
	json_error_t err;
	json_t *db = json_load_file(path.data, 0, &err);
	ka_buf_free(&path);
	if (!db)
		return NULL;          /* the run itself said what is wrong with it */
	size_t i;
	json_t *e;
	json_array_foreach(db, i, e) {
		const char *k;
		json_t *v;
		json_object_foreach(e, k, v) {
			if (json_is_string(v)) {
				char *m = mapped_text(b, json_string_value(v));
				json_object_set_new(e, k, json_string(m));
				free(m);
			} else if (json_is_array(v)) {
				size_t j;
				json_t *a;
				json_array_foreach(v, j, a) if (json_is_string(a)) {
					char *m = mapped_text(b, json_string_value(a));
					json_array_set_new(v, j, json_string(m));
					free(m);
				}
			}
		}
	}
	char *s = json_dumps(db, JSON_COMPACT);
	json_decref(db);
	ka_buf_printf(&text, "%s/compile_commands.json", b->dir);
	int rc = s ? ka_write_file_replace(text.data, s, strlen(s), false) : -ENOMEM;
	free(s);
	if (rc != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, text.data, "--base: cannot write the base's compile database: %s",
			      ka_write_error(-rc));
		ka_buf_free(&text);
		return NULL;
	}
	return own(b, text.data);
}

static void base_free(struct base *b)
{
	if (b->temp)
		ka_tempdir_remove(b->dir);
	free(b->dir);
	free(b->top);
	free(b->tree);
	for (size_t i = 0; i < b->n_renames; i++) {
		free(b->from[i]);
		free(b->to[i]);
	}
	free(b->from);
	free(b->to);
}

int ka_base_resolve(struct ka_cli *cli, struct ka_base_rev *out, struct ka_diag *d)
{
	const char *rev = cli->opt[OPT_BASE];
	struct ka_buf top = {0}, sha = {0}, head = {0}, mb = {0}, l = {0}, spec = {0};
	char *real = NULL;
	int rc = KA_EXIT_USAGE;

	memset(out, 0, sizeof(*out));
	if (!*rev || rev[0] == '-') {
		ka_cli_bad_value(cli, OPT_BASE, d, "takes a git revision, not '%s'", rev);
		return KA_EXIT_USAGE;
	}
	if (git(NULL, &top, d, NULL, "rev-parse", "--show-toplevel", NULL) != 0 || !top.len) {
		if (d->errors == 0)
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base %s: the current directory is not inside a git work tree "
				      "(--base compares with the same files at a revision of it)", rev);
		goto out;
	}
	if (!(real = realpath(top.data, NULL))) {
		ka_diag_error(d, KA_EXIT_USAGE, top.data, "--base: %s", strerror(errno));
		goto out;
	}
	ka_buf_printf(&spec, "%s^{commit}", rev);
	if (git(NULL, &sha, d, NULL, "rev-parse", "--verify", "--quiet", "--end-of-options", spec.data, NULL) != 0 ||
	    !sha.len) {
		if (d->errors == 0)
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base %s: no such commit in %s", rev, real);
		goto out;
	}
	/* a branch: compare with where this one left it */
	if (git(NULL, &head, d, NULL, "rev-parse", "--verify", "--quiet", "HEAD^{commit}", NULL) == 0 &&
	    strcmp(head.data, sha.data) != 0 &&
	    git(NULL, &mb, d, NULL, "merge-base", "--end-of-options", sha.data, head.data, NULL) == 0 && mb.len) {
		ka_buf_printf(&l, "%s (merge base %.10s)", rev, mb.data);
		out->commit = own_cli(cli, mb.data);
		mb.data = NULL;
	} else {
		ka_buf_printf(&l, "%s (%.10s)", rev, sha.data);
		out->commit = own_cli(cli, sha.data);
		sha.data = NULL;
	}
	out->top = own_cli(cli, real);
	real = NULL;
	out->label = own_cli(cli, l.data);
	l.data = NULL;
	rc = 0;
out:
	free(real);
	ka_buf_free(&top);
	ka_buf_free(&sha);
	ka_buf_free(&head);
	ka_buf_free(&mb);
	ka_buf_free(&l);
	ka_buf_free(&spec);
	return rc;
}

int ka_base_baseline(struct ka_cli *cli, const struct ka_base_rev *rev, const struct ka_request *req,
		     struct ka_bl *old, struct ka_diag *d)
{
	struct base b = {.cli = cli};
	int rc = KA_EXIT_USAGE, lock_fd = -1, cwd_fd = -1;
	char *cwd = NULL;
	const char *name = cli->opt[OPT_BASE];

	memset(old, 0, sizeof(*old));
	b.top = ka_strdup(rev->top);
	if (base_dir(&b, req, &lock_fd, d) != 0 || base_tree(&b, rev->commit, d) != 0)
		goto out;
	renames(&b, rev->commit, d);

	/* the request, its paths in the base tree */
	struct ka_request breq = *req;
	const char **inputs = ka_xcalloc((size_t)req->n_inputs + 1, sizeof(char *));
	int n_cc = 0, skipped = 0;
	while (req->cc_args && req->cc_args[n_cc])
		n_cc++;
	const char **cc = ka_xcalloc((size_t)n_cc + 1, sizeof(char *));
	breq.n_inputs = 0;
	for (int i = 0; i < req->n_inputs; i++) {
		char *m = base_input(&b, req->inputs[i]);
		if (m)
			inputs[breq.n_inputs++] = own(&b, m);
		else
			skipped++;
	}
	for (int i = 0; i < n_cc; i++)
		cc[i] = own(&b, mapped_text(&b, req->cc_args[i]));
	breq.inputs = inputs;
	breq.cc_args = req->cc_args ? cc : NULL;
	breq.what_ifs = NULL;
	breq.n_what_ifs = 0;
	breq.source_text = false;
	if (req->compdb && !(breq.compdb = base_compdb(&b, req->compdb, d)))
		breq.compdb = req->compdb;

	if (req->n_inputs > 0 && breq.n_inputs == 0) {
		ka_diag_note(d, NULL, "--base %s: none of the inputs is in the base; every kernel is new", name);
		old->has_findings = true;          /* an empty base: every finding is new too */
		skipped = 0;                       /* said once */
	} else {
		char *here = getcwd(NULL, 0);
		char *real = here ? realpath(here, NULL) : NULL;
		char *in_base = real ? mapped(&b, real) : NULL;
		struct stat st;
		cwd_fd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (in_base && stat(in_base, &st) == 0 && S_ISDIR(st.st_mode) && cwd_fd >= 0 && chdir(in_base) == 0)
			cwd = in_base;
		else
			free(in_base);
		free(here);
		free(real);

		/* the base's own messages (a file that did not build there)
		 * are summed up in one note */
		struct ka_diag bd;
		char *msgs = NULL;
		size_t msgs_len = 0;
		FILE *mem = open_memstream(&msgs, &msgs_len);
		ka_diag_init(&bd, mem ? mem : d->out);
		bd.quiet = true;
		struct ka_result bres = {0};
		int ph = ka_phase_begin("base", rev->commit);
		ka_analyze(&breq, &bd, &bres);
		ka_phase_end(ph);
		if (cwd && fchdir(cwd_fd) != 0)
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--base: cannot return to the current directory: %s",
				      strerror(errno));
		/* named relative to the copy, then as this run names the work
		 * tree's files: the root may lie outside it (a build directory) */
		ka_bl_from_result(&bres, b.tree, old);
		ka_bl_rebase(old, b.top, cli->root ? cli->root : ".");
		ka_result_free(&bres);
		int errors = bd.errors;
		ka_diag_fini(&bd);
		if (mem)
			fclose(mem);
		if (errors) {
			size_t n = msgs ? strcspn(msgs, "\n") : 0;
			ka_diag_note(d, NULL, "--base %s: %d error%s analysing the base (its kernels there count as added)%s%.*s",
				     name, errors, errors == 1 ? "" : "s", n ? "; first: " : "", (int)n, msgs);
		}
		free(msgs);
	}
	if (skipped)
		ka_diag_note(d, NULL, "--base %s: %d input%s new since the base (%s kernels count as added)", name, skipped,
			     skipped == 1 ? "" : "s", skipped == 1 ? "its" : "their");
	free(inputs);
	free(cc);
	rc = 0;
out:
	if (cwd_fd >= 0)
		close(cwd_fd);
	free(cwd);
	base_free(&b);
	if (lock_fd >= 0)
		close(lock_fd);       /* the lock goes with it */
	return rc;
}
