/* config.c — the project's settings, so neither a pre-commit hook nor a CI job
 * needs flags: .kanalyze.json at the repository root, found by walking up
 * from the current directory (stopping at the git work tree's top), or
 * --config FILE.  Every key fills an option the command line left unset;
 * relative paths are relative to the file's directory:
 *
 *   {"archs": ["sm_80", "sm_90"],  "block": 256,  "smem": 0,
 *    "include": ["include"],  "define": ["NDEBUG"],  "std": "c++17",
 *    "warn_cliff": 4,  "strict": false,  "fail_on": "error",
 *    "baseline": "ci/kanalyze-baseline.json",  "compile_commands": "build"}
 *
 * Unknown keys and wrong types are errors (exit 2): a typo must not turn a
 * gate off silently. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *own(struct ka_cli *cli, char *s)
{
	cli->owned = ka_xrealloc(cli->owned, (size_t)(cli->n_owned + 1) * sizeof(char *));
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

/* Walk up from the cwd: the first directory with .kanalyze.json (config),
 * and the first with .git (work tree top, where the walk stops).  *config
 * and *top are malloc'd or NULL. */
static void walk_up(char **config, char **top)
{
	char *dir = getcwd(NULL, 0);
	*config = *top = NULL;
	while (dir) {
		if (!*config && exists(dir, ".kanalyze.json", false)) {
			struct ka_buf b = {0};
			ka_buf_printf(&b, "%s/.kanalyze.json", dir);
			*config = b.data;
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
}

static int apply(struct ka_cli *cli, json_t *root, const char *path, const char *dir, struct ka_diag *d)
{
	const char *key;
	json_t *v;
	char *defs[64], *incs[64];
	int n_defs = 0, n_incs = 0;
	char num[32];

	if (!json_is_object(root)) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "not a kanalyze config: the top level must be an object");
		return KA_EXIT_USAGE;
	}
	json_object_foreach(root, key, v) {
		if (strcmp(key, "archs") == 0) {
			struct ka_buf b = {0};
			if (json_is_string(v)) {
				ka_buf_puts(&b, json_string_value(v));
			} else if (json_is_array(v) && json_array_size(v) > 0) {
				size_t i;
				json_t *a;
				json_array_foreach(v, i, a) {
					if (!json_is_string(a)) {
						ka_buf_free(&b);
						return bad(d, path, key, "a list of architecture names");
					}
					ka_buf_printf(&b, "%s%s", i ? "," : "", json_string_value(a));
				}
			} else {
				return bad(d, path, key, "a list of architecture names");
			}
			if (!cli->opt[OPT_ARCH])
				cli->opt[OPT_ARCH] = own(cli, b.data);
			else
				ka_buf_free(&b);
		} else if (strcmp(key, "block") == 0 || strcmp(key, "smem") == 0 || strcmp(key, "warn_cliff") == 0) {
			int id = key[0] == 'b' ? OPT_BLOCK : key[0] == 's' ? OPT_SMEM : OPT_WARNCLIFF;
			if (!json_is_integer(v) || json_integer_value(v) < 0)
				return bad(d, path, key, "a whole number");
			snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(v));
			if (!cli->opt[id])
				cli->opt[id] = own(cli, ka_strdup(num));
		} else if (strcmp(key, "strict") == 0) {
			if (!json_is_boolean(v))
				return bad(d, path, key, "true or false");
			if (json_is_true(v) && !cli->opt[OPT_FAILON])
				cli->flag[OPT_STRICT] = true;
		} else if (strcmp(key, "fail_on") == 0 || strcmp(key, "std") == 0) {
			int id = key[0] == 'f' ? OPT_FAILON : OPT_STD;
			if (!json_is_string(v))
				return bad(d, path, key, "a string");
			if (cli->opt[id])
				continue;
			if (id == OPT_STD) {
				struct ka_buf b = {0};
				ka_buf_printf(&b, "-std=%s", json_string_value(v));
				if (n_defs < 64)
					defs[n_defs++] = own(cli, b.data);
			}
			cli->opt[id] = own(cli, ka_strdup(json_string_value(v)));
		} else if (strcmp(key, "baseline") == 0 || strcmp(key, "compile_commands") == 0) {
			int id = key[0] == 'b' ? OPT_BASELINE : OPT_COMPDB;
			if (!json_is_string(v) || !*json_string_value(v))
				return bad(d, path, key, "a path");
			if (cli->opt[id] || (id == OPT_COMPDB && cli->cmd != KA_CMD_ANALYZE))
				continue;
			/* a FILE on the command line names the files: the database
			 * then only gives their flags, as with -p */
			char *full = join(dir, json_string_value(v));
			if (id == OPT_COMPDB && access(full, F_OK) != 0) {
				/* not built yet (a fresh clone's pre-commit hook) */
				ka_diag_note(d, path, "\"compile_commands\": %s does not exist yet; files are "
					     "analysed with the config's flags only", full);
				free(full);
				continue;
			}
			cli->opt[id] = own(cli, full);
			if (id == OPT_BASELINE)
				cli->baseline_optional = true;
		} else if (strcmp(key, "include") == 0 || strcmp(key, "define") == 0) {
			size_t i;
			json_t *a;
			bool inc = key[0] == 'i';
			if (!json_is_array(v))
				return bad(d, path, key, "a list of strings");
			json_array_foreach(v, i, a) {
				struct ka_buf b = {0};
				if (!json_is_string(a))
					return bad(d, path, key, "a list of strings");
				if ((inc ? n_incs : n_defs) >= 64)
					return bad(d, path, key, "at most 64 entries");
				if (inc) {
					char *full = join(dir, json_string_value(a));
					ka_buf_printf(&b, "-I%s", full);
					free(full);
					incs[n_incs++] = own(cli, b.data);
				} else {
					ka_buf_printf(&b, "-D%s", json_string_value(a));
					defs[n_defs++] = own(cli, b.data);
				}
			}
		} else if (key[0] == '$' || key[0] == '_') {
			/* "$schema", "_comment": for people and editors */
		} else {
			ka_diag_error(d, KA_EXIT_USAGE, path,
				      "unknown key \"%s\" (known: archs, block, smem, include, define, std, warn_cliff, "
				      "strict, fail_on, baseline, compile_commands)", key);
			return KA_EXIT_USAGE;
		}
	}
	if (cli->cmd == KA_CMD_ANALYZE)
		add_cc_flags(cli, defs, n_defs, incs, n_incs);
	return 0;
}

int ka_config_apply(struct ka_cli *cli, struct ka_diag *d)
{
	char *found = NULL, *top = NULL;
	const char *path;
	json_error_t err;
	json_t *root;
	int rc;

	walk_up(&found, &top);
	if (cli->flag[OPT_NOCONFIG])
		path = NULL;
	else if (cli->opt[OPT_CONFIG])
		path = cli->opt[OPT_CONFIG];
	else
		path = found;
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
	ka_buf_free(&text);
	if (!root) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "line %d: not valid JSON: %s", err.line, err.text);
		free(found);
		return KA_EXIT_USAGE;
	}
	rc = apply(cli, root, path, cli->root, d);
	json_decref(root);
	free(found);
	return rc;
}
