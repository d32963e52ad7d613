/* config.c — the project's settings, so neither a pre-commit hook nor a CI job
 * needs flags: .kanalyze.json at the repository root, found by walking up
 * from the current directory (stopping at the git work tree's top), or
 * --config FILE.  Every key fills an option the command line left unset;
 * relative paths are relative to the file's directory:
 *
 *   {"archs": ["sm_80", "sm_90"],  "block": 256,  "smem": 0,
 *    "include": ["include"],  "define": ["NDEBUG"],  "std": "c++17",
 *    "warn_cliff": 4,  "strict": false,  "fail_on": "error",  "clang_fallback": false,
 *    "baseline": "ci/kanalyze-baseline.json",  "compile_commands": "build",
 *    "launch": [{"kernel": "rms_norm_f32<*>", "block": 1024, "smem": 0}]}
 *
 * Unknown keys and wrong types are errors (exit 2): a typo must not turn a
 * gate off silently.
 *
 * Trust (as direnv's `allow`, git's safe.directory).  A file found in a
 * cloned repository is the repository's word, not the user's, and nvcc runs
 * whatever flags it is given through a shell.  So such a file may choose
 * what runs nothing:
 *
 *   always            archs, block, smem, warn_cliff, strict, fail_on, launch,
 *                     clang_fallback (it names no program),
 *                     std when it is a plain name (c++17), include
 *                     directories and the baseline inside the repository
 *   trusted only      define (raw -D flags), compile_commands (a database
 *                     names compilers, -ccbin, any flag), include and
 *                     baseline paths outside the repository, any other std
 *
 * The keys are one table (config_keys[]: key, option, handler); the allow
 * list is trust.c's.  A file is trusted when named with --config, or when
 * `kanalyze trust` put it on the user's allow list: $XDG_CONFIG_HOME/kanalyze/trusted/ (else
 * ~/.config/...), one entry per file, named by the hash of its real path,
 * holding that path and an exact copy of the trusted bytes -- any change to
 * the file ends the trust, and no hash collision can forge it.  The entry
 * also holds the digest of every file the config makes kanalyze read for
 * flags -- the compile database it names and the response files that
 * names -- so a database that changes after the trust (a pull, a
 * regenerated build) is untrusted again, with the same warning.  What a
 * trusted file does not control is settled on the command line (-D, -p).
 * The search never leaves the repository (no .git above: the current
 * directory only), and a file that belongs to another user, or that
 * anyone may write, is ignored. */
#define _GNU_SOURCE
#include "cli.h"
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *own(struct ka_cli *cli, char *s)
{
	KA_GROW(cli->owned, (size_t)cli->n_owned, cli->cap_owned, 16);
	cli->owned[cli->n_owned++] = s;
	return s;
}

static bool exists(const char *dir, const char *name, bool want_dir)
{
	struct ka_buf b = {0};
	struct stat st;
	bool ok;
	ka_buf_printf(&b, "%s/%s", dir, name);
	ok = stat(b.data, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
	ka_buf_free(&b);
	return ok;
}

/* Walk up from the cwd to the first directory with .git (the work tree's
 * top, where the walk stops): the first .kanalyze.json on the way is the
 * config.  Outside a repository only the current directory counts: a
 * parent's file is nobody's settings for this one.  *config and *top are
 * malloc'd or NULL. */
static void walk_up(char **config, char **top)
{
	char *dir = getcwd(NULL, 0);
	char *first = NULL;
	bool here = false;                 /* first is in the current directory */

	*config = *top = NULL;
	for (int level = 0; dir; level++) {
		if (!first && exists(dir, ".kanalyze.json", false)) {
			struct ka_buf b = {0};
			ka_buf_printf(&b, "%s/.kanalyze.json", dir);
			first = b.data;
			here = level == 0;
		}
		if (exists(dir, ".git", true) || exists(dir, ".git", false)) {
			*top = ka_strdup(dir);
			break;
		}
		char *slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	free(dir);
	if (*top || here)
		*config = first;
	else
		free(first);
}

static char *join(const char *dir, const char *path)
{
	struct ka_buf b = {0};
	if (path[0] == '/')
		ka_buf_puts(&b, path);
	else
		ka_buf_printf(&b, "%s/%s", dir, path);
	return b.data;
}

/* path (resolved as far as it exists) lies under root (a real path). */
static bool inside(const char *root, const char *path)
{
	char *copy = ka_strdup(path), *real = NULL, *cut;
	struct ka_buf rest = {0};
	bool in;

	/* the deepest existing ancestor, resolved; the rest must not climb */
	while (!(real = realpath(copy, NULL)) && (cut = strrchr(copy, '/')) != NULL && cut != copy) {
		struct ka_buf r = {0};
		ka_buf_printf(&r, "%s%s", cut, rest.data ? rest.data : "");
		ka_buf_free(&rest);
		rest = r;
		*cut = '\0';
	}
	in = real && (!rest.data || !strstr(rest.data, "/..")) &&
	     (strcmp(real, root) == 0 || (strncmp(real, root, strlen(root)) == 0 &&
					  (real[strlen(root)] == '/' || strcmp(root, "/") == 0)));
	free(real);
	free(copy);
	ka_buf_free(&rest);
	return in;
}

static int bad(struct ka_diag *d, const char *path, const char *key, const char *want)
{
	ka_diag_error(d, KA_EXIT_USAGE, path, "\"%s\" must be %s", key, want);
	return KA_EXIT_USAGE;
}

/* -I/-D from the config: defines go before the command line's (a later -D
 * wins), include directories after (an earlier -I wins). */
static void add_cc_flags(struct ka_cli *cli, char **defs, int n_defs, char **incs, int n_incs)
{
	int n = cli->n_cc_args + n_defs + n_incs, k = 0;
	const char **v = ka_xcalloc((size_t)n + 1, sizeof(char *));
	for (int i = 0; i < n_defs; i++)
		v[k++] = defs[i];
	for (int i = 0; i < cli->n_cc_args; i++)
		v[k++] = cli->cc_args[i];
	for (int i = 0; i < n_incs; i++)
		v[k++] = incs[i];
	v[k] = NULL;
	free(cli->cc_args);
	cli->cc_args = v;
	cli->n_cc_args = n;
	cli->cap_cc_args = (size_t)n + 1;
}

/* An untrusted setting, left out: its key, once, for the warning. */
static void skip(struct ka_buf *skipped, const char *key)
{
	struct ka_buf k = {0};
	ka_buf_printf(&k, "\"%s\"", key);
	if (!skipped->data || !strstr(skipped->data, k.data))
		ka_buf_printf(skipped, "%s%s", skipped->len ? ", " : "", k.data);
	ka_buf_free(&k);
}

/* A language standard that is a name, not a flag: c++17, gnu++20, c++2a. */
static bool plain_std(const char *s)
{
	if (!*s || strlen(s) > 16)
		return false;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '+')
			return false;
	return true;
}

/* The config's archs against the models, its message naming the file
 * (the library's would name --arch). */
static bool archs_known(const char *list, const char *path, struct ka_diag *d)
{
	struct ka_arch any[KA_MAX_ARCHS];
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct ka_diag quiet;
	bool ok;

	if (!f)
		return true;                    /* the library says it later */
	ka_diag_init(&quiet, f);
	ok = ka_arch_list_parse(list, false, any, NULL, KA_MAX_ARCHS, &quiet) > 0;
	fclose(f);
	if (!ok) {
		const char *msg = text && strncmp(text, "kanalyze: ", 10) == 0 ? text + 10 : text ? text : "";
		size_t n = strcspn(msg, "\n");
		ka_diag_error(d, KA_EXIT_USAGE, path, "\"archs\": %.*s", (int)n, msg);
	}
	ka_diag_fini(&quiet);
	free(text);
	return ok;
}

/* "block": 256, "32,4,1" or [32, 4, 1]: the block's shape (each >= 1, at
 * most 1024 threads); false when it is not one. */
static bool block_shape(json_t *v, int out[3])
{
	long b[3] = {1, 1, 1};
	long n = 0;
	if (json_is_integer(v)) {
		b[0] = (long)json_integer_value(v);
		n = 1;
	} else if (json_is_array(v) && json_array_size(v) >= 1 && json_array_size(v) <= 3) {
		for (size_t i = 0; i < json_array_size(v); i++) {
			if (!json_is_integer(json_array_get(v, i)))
				return false;
			b[i] = (long)json_integer_value(json_array_get(v, i));
		}
		n = (long)json_array_size(v);
	} else if (json_is_string(v)) {
		const char *s = json_string_value(v);
		char *end;
		for (n = 0; n < 3; n++) {
			b[n] = strtol(s, &end, 10);
			if (end == s)
				return false;
			s = end;
			if (*s != ',')
				break;
			s++;
		}
		if (*s)
			return false;
		n++;
	}
	if (n == 0 || b[0] < 1 || b[1] < 1 || b[2] < 1 || b[0] * b[1] * b[2] > 1024)
		return false;
	for (int i = 0; i < 3; i++)
		out[i] = (int)b[i];
	return true;
}

/* "launch": [{"kernel": "rms_norm_f32<*>", "block": 1024, "smem": 0}, ...]:
 * per kernel name pattern, the launch to model (lib/launch.c).  Names no
 * program and passes no flag, so an untrusted file may set it. */
static int launch_rules(struct ka_cli *cli, json_t *v, const char *path, struct ka_diag *d)
{
	struct ka_launch_rule *r;
	size_t i;
	json_t *e;
	const char *want = "a list of {\"kernel\": NAME-GLOB, \"block\": N, \"x,y,z\" or [x, y, z] "
			   "(at most 1024 threads), \"smem\": BYTES (optional)}";
	if (!json_is_array(v))
		return bad(d, path, "launch", want);
	if (cli->launch_rules)
		return 0;                        /* the first config that says wins */
	r = ka_xcalloc(json_array_size(v) + 1, sizeof(*r));
	own(cli, (char *)r);
	json_array_foreach(v, i, e) {
		json_t *k = json_object_get(e, "kernel"), *b = json_object_get(e, "block"), *s = json_object_get(e, "smem");
		if (!json_is_object(e) || !json_is_string(k) || !*json_string_value(k) || !b ||
		    !block_shape(b, r[i].block) || (s && (!json_is_integer(s) || json_integer_value(s) < 0)) ||
		    json_object_size(e) != 2u + (s != NULL))
			return bad(d, path, "launch", want);
		r[i].kernel = own(cli, ka_strdup(json_string_value(k)));
		r[i].smem = s ? (long)json_integer_value(s) : -1;
	}
	cli->launch_rules = r;
	cli->n_launch_rules = (int)json_array_size(v);
	return 0;
}

/* ---- the keys: one row each -------------------------------------------------------
 * A key's handler reads its value into the options the command line left
 * unset; it returns 0, or an exit code after a message (a wrong type).
 * What an untrusted file may not choose, a handler leaves out with skip(). */
struct apply_ctx {
	struct ka_cli *cli;
	const char *path, *dir;       /* the file, its directory              */
	bool trusted;
	char *defs[64], *incs[64];    /* -std/-D and -I flags, in file order  */
	int n_defs, n_incs;
	struct ka_buf skipped;        /* untrusted keys left out              */
};
struct config_key {
	const char *key;
	int id;                       /* the option it sets; -1: none         */
	int (*apply)(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d);
};

/* the option's value from the file, unless the command line gave one */
static void set_opt(struct apply_ctx *c, int id, char *value)
{
	c->cli->opt[id] = own(c->cli, value);
	c->cli->origin[id] = c->path;
}

/* "archs": ["sm_80", "sm_90"] or "sm_80,sm_90" */
static int key_archs(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	struct ka_buf b = {0};
	if (json_is_string(v)) {
		ka_buf_puts(&b, json_string_value(v));
	} else if (json_is_array(v) && json_array_size(v) > 0) {
		size_t i;
		json_t *a;
		json_array_foreach(v, i, a) {
			if (!json_is_string(a)) {
				ka_buf_free(&b);
				return bad(d, c->path, k->key, "a list of architecture names");
			}
			ka_buf_printf(&b, "%s%s", i ? "," : "", json_string_value(a));
		}
	} else {
		return bad(d, c->path, k->key, "a list of architecture names");
	}
	if (c->cli->opt[k->id]) {
		ka_buf_free(&b);
		return 0;
	}
	char *list = ka_cli_arch_list(b.data ? b.data : "", c->cli->cmd != KA_CMD_OCCUPANCY, c->path, d);
	ka_buf_free(&b);
	if (!list || !archs_known(list, c->path, d)) {
		free(list);
		return KA_EXIT_USAGE;
	}
	set_opt(c, k->id, list);
	return 0;
}

/* "block", "smem", "warn_cliff": a whole number */
static int key_number(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	char num[32];
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return bad(d, c->path, k->key, "a whole number");
	snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(v));
	if (!c->cli->opt[k->id])
		set_opt(c, k->id, ka_strdup(num));
	return 0;
}

/* "strict", "clang_fallback": true or false (clang_fallback names no
 * program, the search order does: allowed untrusted) */
static int key_flag(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	if (!json_is_boolean(v))
		return bad(d, c->path, k->key, "true or false");
	/* --fail-on given on the command line wins over the file's strict */
	if (json_is_true(v) && !(k->id == OPT_STRICT && c->cli->opt[OPT_FAILON]))
		c->cli->flag[k->id] = true;
	return 0;
}

/* "fail_on": a string (its values are checked where the option's are) */
static int key_string(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	if (!json_is_string(v))
		return bad(d, c->path, k->key, "a string");
	if (!c->cli->opt[k->id])
		set_opt(c, k->id, ka_strdup(json_string_value(v)));
	return 0;
}

/* "std": "c++17" -- any other spelling is a raw flag: trusted only */
static int key_std(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	struct ka_buf b = {0};
	if (!json_is_string(v))
		return bad(d, c->path, k->key, "a string");
	if (c->cli->opt[k->id])
		return 0;
	if (!c->trusted && !plain_std(json_string_value(v))) {
		skip(&c->skipped, k->key);
		return 0;
	}
	ka_buf_printf(&b, "-std=%s", json_string_value(v));
	if (c->n_defs < 64)
		c->defs[c->n_defs++] = own(c->cli, b.data);
	else
		ka_buf_free(&b);
	set_opt(c, k->id, ka_strdup(json_string_value(v)));
	return 0;
}

/* "baseline" (inside the repository unless trusted), "compile_commands"
 * (trusted only: a database names compilers and any flag; analyze only) */
static int key_path(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	bool db = k->id == OPT_COMPDB;
	if (!json_is_string(v) || !*json_string_value(v))
		return bad(d, c->path, k->key, "a path");
	if (c->cli->opt[k->id] || (db && c->cli->cmd != KA_CMD_ANALYZE))
		return 0;
	/* a FILE on the command line names the files: the database then
	 * only gives their flags, as with -p */
	char *full = join(c->dir, json_string_value(v));
	if (!c->trusted && (db || !inside(c->dir, full))) {
		skip(&c->skipped, k->key);
		free(full);
		return 0;
	}
	if (db && access(full, F_OK) != 0) {
		/* not built yet (a fresh clone's pre-commit hook), or a wrong
		 * path: either way said, as a warning */
		ka_diag_warn(d, c->path, "\"compile_commands\": %s does not exist (not built yet, or a wrong path?); "
			     "files are analysed without it, with the config's flags only", full);
		free(full);
		return 0;
	}
	set_opt(c, k->id, full);
	if (!db)
		c->cli->baseline_optional = true;
	return 0;
}

/* "include" (directories inside the repository unless trusted), "define"
 * (raw -D flags: trusted only): lists of strings */
static int key_list(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	size_t i;
	json_t *a;
	bool inc = k->id == OPT_INCLUDE;
	if (!json_is_array(v))
		return bad(d, c->path, k->key, "a list of strings");
	json_array_foreach(v, i, a) {
		struct ka_buf b = {0};
		if (!json_is_string(a))
			return bad(d, c->path, k->key, "a list of strings");
		if ((inc ? c->n_incs : c->n_defs) >= 64)
			return bad(d, c->path, k->key, "at most 64 entries");
		if (inc) {
			char *full = join(c->dir, json_string_value(a));
			if (!c->trusted && !inside(c->dir, full)) {
				skip(&c->skipped, k->key);
				free(full);
				continue;
			}
			ka_buf_printf(&b, "-I%s", full);
			free(full);
			c->incs[c->n_incs++] = own(c->cli, b.data);
		} else if (!c->trusted) {
			skip(&c->skipped, k->key);
		} else {
			ka_buf_printf(&b, "-D%s", json_string_value(a));
			c->defs[c->n_defs++] = own(c->cli, b.data);
		}
	}
	return 0;
}

/* "launch": the per-kernel launches to model */
static int key_launch(struct apply_ctx *c, const struct config_key *k, json_t *v, struct ka_diag *d)
{
	(void)k;
	return launch_rules(c->cli, v, c->path, d);
}

/* Every key, in the order the unknown-key message lists them. */
static const struct config_key config_keys[] = {
	{"archs", OPT_ARCH, key_archs},
	{"block", OPT_BLOCK, key_number},
	{"smem", OPT_SMEM, key_number},
	{"include", OPT_INCLUDE, key_list},
	{"define", OPT_DEFINE, key_list},
	{"std", OPT_STD, key_std},
	{"warn_cliff", OPT_WARNCLIFF, key_number},
	{"strict", OPT_STRICT, key_flag},
	{"fail_on", OPT_FAILON, key_string},
	{"baseline", OPT_BASELINE, key_path},
	{"compile_commands", OPT_COMPDB, key_path},
	{"launch", -1, key_launch},
	{"clang_fallback", OPT_CLANGFB, key_flag},
};
enum { N_CONFIG_KEYS = sizeof(config_keys) / sizeof(config_keys[0]) };

const char *ka_config_key(int id)
{
	for (size_t i = 0; i < N_CONFIG_KEYS; i++)
		if (config_keys[i].id == id)
			return config_keys[i].key;
	return NULL;
}

static int apply(struct ka_cli *cli, json_t *root, const char *path, const char *dir, bool trusted,
		 struct ka_diag *d)
{
	const char *key;
	json_t *v;
	struct apply_ctx c = {.cli = cli, .path = path, .dir = dir, .trusted = trusted};
	int rc = 0;

	if (!json_is_object(root)) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "not a kanalyze config: the top level must be an object");
		return KA_EXIT_USAGE;
	}
	json_object_foreach(root, key, v) {
		const struct config_key *k = NULL;
		for (size_t i = 0; i < N_CONFIG_KEYS && !k; i++)
			if (strcmp(key, config_keys[i].key) == 0)
				k = &config_keys[i];
		if (!k && (key[0] == '$' || key[0] == '_'))
			continue;                       /* "$schema", "_comment": for people and editors */
		if (!k) {
			struct ka_buf known = {0};
			for (size_t i = 0; i < N_CONFIG_KEYS; i++)
				ka_buf_printf(&known, "%s%s", i ? ", " : "", config_keys[i].key);
			ka_diag_error(d, KA_EXIT_USAGE, path, "unknown key \"%s\" (known: %s)", key, known.data);
			ka_buf_free(&known);
			rc = KA_EXIT_USAGE;
			goto out;
		}
		if ((rc = k->apply(&c, k, v, d)) != 0)
			goto out;
	}
	if (cli->cmd == KA_CMD_ANALYZE)
		add_cc_flags(cli, c.defs, c.n_defs, c.incs, c.n_incs);
	if (c.skipped.len)
		ka_diag_warn(d, path, "not trusted, so left out: %s (they pass flags to the compiler, name a "
			     "compile database, or reach outside the repository); if you trust this file as it is, "
			     "run: kanalyze trust %s", c.skipped.data, path);
out:
	ka_buf_free(&c.skipped);
	return rc;
}

/* The digest of the files a config makes kanalyze read for flags: its
 * "compile_commands" database (with the response files its entries name),
 * "absent" while it does not exist, "-" when the config names none. */
static void pointed_digest(const json_t *root, const char *dir, char hex[KA_HASH_HEX])
{
	const char *db = json_string_value(json_object_get(root, "compile_commands"));
	struct ka_compdb cdb;
	struct ka_diag quiet;
	FILE *null;
	char *full;

	if (!db || !*db) {
		strcpy(hex, "-");
		return;
	}
	full = join(dir, db);
	null = fopen("/dev/null", "w");
	ka_diag_init(&quiet, null ? null : stderr);
	quiet.quiet = true;
	if (access(full, F_OK) != 0) {
		strcpy(hex, "absent");
	} else if (ka_compdb_load(full, &cdb, &quiet) != 0) {
		strcpy(hex, "unreadable");
	} else {
		memcpy(hex, cdb.digest, KA_HASH_HEX);
		ka_compdb_free(&cdb);
	}
	ka_diag_fini(&quiet);
	if (null)
		fclose(null);
	free(full);
}

/* Why a found config is not the user's to apply, or NULL. */
static const char *foreign(const char *path, struct ka_buf *why)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return NULL;
	if (st.st_uid != geteuid()) {
		ka_buf_printf(why, "it belongs to another user (uid %ld)", (long)st.st_uid);
		return why->data;
	}
	if (st.st_mode & S_IWOTH) {
		ka_buf_puts(why, "anyone may write it");
		return why->data;
	}
	return NULL;
}

int ka_config_apply(struct ka_cli *cli, struct ka_diag *d)
{
	char *found = NULL, *top = NULL;
	const char *path;
	json_error_t err;
	json_t *root;
	bool trusted = false;
	int rc;

	walk_up(&found, &top);
	if (cli->flag[OPT_NOCONFIG]) {
		path = NULL;
	} else if (cli->opt[OPT_CONFIG]) {
		path = cli->opt[OPT_CONFIG];
		trusted = true;                  /* the user named it */
	} else {
		struct ka_buf why = {0};
		path = found;
		if (path && foreign(path, &why)) {
			ka_diag_warn(d, path, "ignored: %s (kanalyze trust %s, or --config %s, to use it)", why.data, path,
				     path);
			path = NULL;
		}
		ka_buf_free(&why);
	}
	if (!path) {
		cli->root = top ? own(cli, top) : ".";
		free(found);
		return 0;
	}
	/* the root is the config's directory */
	{
		char *abs = realpath(path, NULL);
		char *slash = abs ? strrchr(abs, '/') : NULL;
		if (!abs) {
			ka_diag_error(d, KA_EXIT_USAGE, path, "cannot read the config: %s", strerror(errno));
			free(found);
			free(top);
			return KA_EXIT_USAGE;
		}
		if (slash == abs)
			slash[1] = '\0';
		else
			*slash = '\0';
		cli->root = own(cli, abs);
	}
	free(top);
	struct ka_buf text = {0};
	int r = ka_read_file(path, 1u << 20, &text);
	if (r != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot read the config: %s", strerror(-r));
		free(found);
		ka_buf_free(&text);
		return KA_EXIT_USAGE;
	}
	root = json_loadb(text.data ? text.data : "", text.len, JSON_REJECT_DUPLICATES, &err);
	if (!root) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "line %d: not valid JSON: %s", err.line, err.text);
		ka_buf_free(&text);
		free(found);
		return KA_EXIT_USAGE;
	}
	if (!trusted) {
		char *real = realpath(path, NULL), pointed[KA_HASH_HEX];
		pointed_digest(root, cli->root, pointed);
		enum ka_trust t = real ? ka_trust_check(real, pointed, &text) : KA_NOT_TRUSTED;
		trusted = t == KA_TRUSTED;
		if (t == KA_TRUST_POINTED_CHANGED)
			ka_diag_warn(d, path, "the compile database it names (or a response file that names) changed "
				     "since `kanalyze trust`: trusted no more");
		free(real);
	}
	ka_buf_free(&text);
	/* messages name the file; it must outlive this call */
	path = own(cli, ka_strdup(path));
	rc = apply(cli, root, path, cli->root, trusted, d);
	json_decref(root);
	free(found);
	return rc;
}

/* ---- kanalyze trust [FILE|DIR] ----------------------------------------------- */

int ka_cmd_trust(struct ka_cli *cli, struct ka_diag *d)
{
	char *found = NULL, *top = NULL, *real = NULL, *entry = NULL;
	struct ka_buf path = {0}, text = {0};
	char pointed[KA_HASH_HEX];
	json_error_t err;
	json_t *root;
	struct stat st;
	int rc = KA_EXIT_USAGE, r;

	if (cli->n_files > 1) {
		ka_diag_error(d, KA_EXIT_USAGE, "trust", "one config file (or its directory) at a time");
		return KA_EXIT_USAGE;
	}
	if (cli->n_files == 1) {
		ka_buf_puts(&path, cli->files[0]);
		if (stat(path.data, &st) == 0 && S_ISDIR(st.st_mode))
			ka_buf_puts(&path, "/.kanalyze.json");
	} else {
		walk_up(&found, &top);
		if (!found) {
			ka_diag_error(d, KA_EXIT_USAGE, "trust", "no .kanalyze.json in this directory%s",
				      top ? " or above it in the repository" : " (outside a repository only this one counts)");
			goto out;
		}
		ka_buf_puts(&path, found);
	}
	if (!(real = realpath(path.data, NULL)) || (r = ka_read_file(real, 1u << 20, &text)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "cannot read it: %s", strerror(real ? -r : errno));
		goto out;
	}
	root = json_loadb(text.data ? text.data : "", text.len, JSON_REJECT_DUPLICATES, &err);
	if (!root || !json_is_object(root)) {
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "not a kanalyze config (line %d: %s); not trusted",
			      root ? 1 : err.line, root ? "the top level must be an object" : err.text);
		json_decref(root);
		goto out;
	}
	{
		char *cdir = ka_strdup(real), *slash = strrchr(cdir, '/');
		if (slash)
			slash[slash == cdir ? 1 : 0] = '\0';
		pointed_digest(root, cdir, pointed);
		free(cdir);
	}
	json_decref(root);
	if (ka_trust_record(real, pointed, &text, &entry, d) != 0)
		goto out;
	printf("kanalyze: trusted %s as it is now: its defines, compile database, std and paths outside the "
	       "repository apply until the file, or the compile database it names, changes (to withdraw: rm %s)\n",
	       real, entry);
	rc = KA_EXIT_OK;
out:
	ka_buf_free(&path);
	ka_buf_free(&text);
	free(found);
	free(top);
	free(real);
	free(entry);
	return rc;
}
