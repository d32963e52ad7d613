/* pipeline.c — every (file, arch) of an analysis as one batch: files from
 * the command line or from -p's compile_commands.json (each with its own
 * flags and, when --arch is not given, its own architectures), each unit
 * taken from the result cache when its inputs are unchanged, the rest
 * compiled up to -j at once across files and architectures.
 *
 * Cache keys (XXH3-128, core/cache.c):
 *   direct  = kanalyze version, toolchain identity, arch, language, flags,
 *             cwd, the source's path and bytes  -> manifest (headers + result)
 *   result  = kanalyze version, toolchain identity, arch, language, flags,
 *             the preprocessed device source      -> the kernels as JSON
 * The toolchain identity is the path, size and mtime of nvcc, ptxas, cicc
 * and the host compiler: a new toolkit is a new key without running
 * `nvcc --version` on the warm path. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- analysed (file, arch) pairs ------------------------------------------ */

void ka_analysed_add(struct ka_analysed *a, const char *file, const char *arch)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->file = ka_xrealloc(a->file, a->cap * sizeof(char *));
		a->arch = ka_xrealloc(a->arch, a->cap * sizeof(char *));
	}
	a->file[a->n] = ka_strdup(file);
	a->arch[a->n++] = ka_strdup(arch);
}

bool ka_analysed_has(const struct ka_analysed *a, const char *file, const char *arch)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->file[i], file) == 0 && (!arch || strcmp(a->arch[i], arch) == 0))
			return true;
	return false;
}

void ka_analysed_free(struct ka_analysed *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->file[i]);
		free(a->arch[i]);
	}
	free(a->file);
	free(a->arch);
	memset(a, 0, sizeof(*a));
}

/* ---- inputs ---------------------------------------------------------------- */

struct input {
	const char *file;
	const struct ka_compile_flags *cf;     /* from the database, or NULL */
};

static int check_input(const char *file, struct ka_diag *d)
{
	struct stat st;
	if (stat(file, &st) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "is a directory (give the .cu files in it)");
		return -1;
	}
	if (!S_ISREG(st.st_mode) || access(file, R_OK) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "not a readable regular file");
		return -1;
	}
	return 0;
}

static bool is_hip(const char *file, const struct ka_compile_flags *cf)
{
	const char *dot = strrchr(file, '.');
	return (cf && strcmp(cf->lang, "hip") == 0) || (dot && strcmp(dot, ".hip") == 0);
}

/* ---- cache keys ------------------------------------------------------------ */

static void hash_stat(struct ka_hash *h, const char *path)
{
	struct stat st;
	long long v[3] = {-1, -1, -1};
	ka_hash_str(h, path);
	if (path && stat(path, &st) == 0) {
		v[0] = (long long)st.st_size;
		v[1] = (long long)st.st_mtim.tv_sec;
		v[2] = (long long)st.st_mtim.tv_nsec;
	}
	ka_hash_update(h, v, sizeof(v));
}

/* nvcc, the ptxas and cicc beside it, and the host compiler nvcc runs. */
static void toolchain_identity(const char *nvcc, struct ka_hash *h)
{
	char *real = nvcc ? realpath(nvcc, NULL) : NULL;
	char *gcc = ka_which("gcc");
	struct ka_buf b = {0};

	hash_stat(h, real ? real : nvcc);
	if (real) {
		char *dir = dirname(real);
		ka_buf_printf(&b, "%s/ptxas", dir);
		hash_stat(h, b.data);
		b.len = 0;
		ka_buf_printf(&b, "%s/../nvvm/bin/cicc", dir);
		hash_stat(h, b.data);
	}
	hash_stat(h, gcc);
	ka_buf_free(&b);
	free(gcc);
	free(real);
}

static void hash_common(struct ka_hash *h, const char *what, const char *tools, const char *arch,
			const char *lang, const char *const *unit_flags, const char *const *extra)
{
	ka_hash_init(h);
	ka_hash_str(h, what);
	ka_hash_str(h, KA_VERSION);
	ka_hash_str(h, tools);
	ka_hash_str(h, arch);
	ka_hash_str(h, lang ? lang : "");
	for (const char *const *e = unit_flags; e && *e; e++)
		ka_hash_str(h, *e);
	ka_hash_str(h, "--");
	for (const char *const *e = extra; e && *e; e++)
		ka_hash_str(h, *e);
}

/* The direct key: the above, plus where the source is and what it says. */
static int direct_key(const char *tools, const struct ka_nvcc_unit *u, const char *const *extra,
		      const char *lang, char key[KA_HASH_HEX])
{
	struct ka_hash h;
	struct ka_buf src = {0};
	char *cwd = getcwd(NULL, 0);
	char *real = realpath(u->file, NULL);
	int rc = ka_read_file(u->file, 64u << 20, &src);

	if (rc == 0) {
		hash_common(&h, "direct", tools, u->arch, lang, u->extra, extra);
		ka_hash_str(&h, cwd ? cwd : "");
		ka_hash_str(&h, real ? real : u->file);
		ka_hash_update(&h, src.data ? src.data : "", src.len);
		ka_hash_final(&h, key);
	}
	free(cwd);
	free(real);
	ka_buf_free(&src);
	return rc;
}

static void result_key(const char *tools, const struct ka_nvcc_unit *u, const char *const *extra, const char *lang,
		       char key[KA_HASH_HEX])
{
	struct ka_hash h;
	hash_common(&h, "result", tools, u->arch, lang, u->extra, extra);
	ka_hash_str(&h, u->pp_hash);
	ka_hash_final(&h, key);
}

/* A cached result for the unit, appended to out.  true on a hit. */
static bool cache_lookup(const struct ka_cache *c, const char *tools, struct ka_nvcc_unit *u,
			 const char *const *extra, const char *lang, char direct[KA_HASH_HEX],
			 struct ka_kernel_list *out, char **version)
{
	char rkey[KA_HASH_HEX];
	struct ka_buf val = {0};
	char *v = NULL;
	bool hit = false;
	size_t first = out->n;

	if (direct_key(tools, u, extra, lang, direct) != 0) {
		direct[0] = '\0';
		return false;
	}
	if (ka_manifest_check(c, direct, rkey) != 0 || ka_cache_get(c, "r", rkey, &val) != 0)
		goto out;
	if (ka_kernels_from_json(val.data, val.len, "kanalyze_cache", NULL, out, &v, NULL) != 0) {
		/* unreadable entry: drop what was read, compile again */
		while (out->n > first)
			ka_kernel_free(&out->v[--out->n]);
		goto out;
	}
	ka_nvcc_set_lines(out, first, u->file);
	for (size_t k = first; k < out->n; k++)
		snprintf(out->v[k].arch, sizeof(out->v[k].arch), "%s", u->arch);
	u->first = first;
	u->count = out->n - first;
	u->rc = KA_EXIT_OK;
	if (version && !*version && v) {
		*version = v;
		v = NULL;
	}
	hit = true;
out:
	free(v);
	ka_buf_free(&val);
	return hit;
}

static void cache_store(const struct ka_cache *c, const char *tools, const struct ka_nvcc_unit *u,
			const char *const *extra, const char *lang, const char *direct, const char *version,
			const struct ka_kernel_list *out, long long started)
{
	char rkey[KA_HASH_HEX];
	char *json;

	if (u->rc != KA_EXIT_OK || !u->pp_hash[0])
		return;
	result_key(tools, u, extra, lang, rkey);
	json = ka_kernels_json(out->v + u->first, u->count, "kanalyze_cache", NULL, version);
	if (ka_cache_put(c, "r", rkey, json, strlen(json)) == 0 && direct[0]) {
		/* the source itself must not have changed since the compile began */
		struct stat st;
		if (stat(u->file, &st) == 0 &&
		    (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec < started)
			ka_manifest_write(c, direct, rkey, (const char *const *)u->deps, u->n_deps, started);
	}
	free(json);
}

/* ---- progress ------------------------------------------------------------- */

static void progress(bool on, int done, int total, const char *what)
{
	if (!on)
		return;
	if (what)
		fprintf(stderr, "\r\033[Kkanalyze: [%d/%d] %s", done, total, what);
	else
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

/* ---- the run --------------------------------------------------------------- */

int ka_pipeline_run(struct ka_cli *cli, const char *const *archs, int n_archs, bool archs_given,
		    const struct ka_nvcc_options *nv, struct ka_diag *d, struct ka_kernel_list *out,
		    char **version, struct ka_analysed *done)
{
	struct ka_compdb db = {0};
	struct input *in = NULL;
	int n_in = 0, rc = KA_EXIT_OK;
	struct ka_nvcc_unit *units = NULL;
	char (*direct)[KA_HASH_HEX] = NULL;
	int n_units = 0;
	struct ka_cache cache = {0};
	bool use_cache = !cli->flag[OPT_NOCACHE];
	char *nvcc = NULL;
	struct ka_buf tools = {0};

	/* inputs: the named files (with their database entry, if any), else
	 * every CUDA entry of the database */
	if (cli->opt[OPT_COMPDB] && ka_compdb_load(cli->opt[OPT_COMPDB], &db, d) != 0)
		return KA_EXIT_USAGE;
	in = ka_xcalloc((size_t)(cli->n_files > 0 ? cli->n_files : (int)db.n) + 1, sizeof(*in));
	if (cli->n_files > 0) {
		for (int f = 0; f < cli->n_files; f++) {
			in[n_in].file = cli->files[f];
			in[n_in].cf = cli->opt[OPT_COMPDB] ? ka_compdb_find(&db, cli->files[f]) : NULL;
			if (cli->opt[OPT_COMPDB] && !in[n_in].cf && access(cli->files[f], F_OK) == 0)
				ka_diag_note(d, cli->files[f], "not in the compilation database: analysed with the "
					     "command line's flags only");
			n_in++;
		}
	} else {
		for (size_t i = 0; i < db.n; i++)
			in[n_in++] = (struct input){.file = db.v[i].source, .cf = &db.v[i]};
		if (n_in == 0)
			ka_diag_note(d, cli->opt[OPT_COMPDB], "no CUDA or HIP entries in the compilation database");
	}

	/* units: file x arch */
	units = ka_xcalloc((size_t)n_in * (size_t)(n_archs > 8 ? n_archs : 8) + 1, sizeof(*units));
	size_t cap = (size_t)n_in * (size_t)(n_archs > 8 ? n_archs : 8) + 1;
	for (int f = 0; f < n_in; f++) {
		const struct ka_compile_flags *cf = in[f].cf;
		const char *const *use = archs;
		int n_use = n_archs;

		if (check_input(in[f].file, d) != 0) {
			rc = rc > KA_EXIT_USAGE ? rc : KA_EXIT_USAGE;
			continue;
		}
		if (is_hip(in[f].file, cf)) {
			ka_diag_note(d, in[f].file, "HIP entry of the compilation database skipped (name the file "
				     "on the command line to analyse it with clang)");
			continue;
		}
		if (!archs_given && cf && cf->n_archs > 0) {
			use = (const char *const *)cf->archs;
			n_use = cf->n_archs;
		}
		for (int a = 0; a < n_use; a++) {
			const struct ka_nv_arch *na = ka_nv_arch_find(use[a]);
			if (!na || !na->analysable) {
				ka_diag_note(d, in[f].file, "architecture %s from the compilation database is not "
					     "analysable here; skipped", use[a]);
				continue;
			}
			if ((size_t)n_units + 1 >= cap) {
				cap *= 2;
				units = ka_xrealloc(units, cap * sizeof(*units));
			}
			units[n_units++] = (struct ka_nvcc_unit){
				.file = in[f].file,
				.arch = use[a],
				.extra = cf ? (const char *const *)cf->flags : NULL,
				.lang = cf && !nv->lang ? "cuda" : NULL,
			};
		}
	}

	/* the cache: hits are done; misses are compiled below */
	direct = ka_xcalloc((size_t)n_units + 1, sizeof(*direct));
	bool *hit = ka_xcalloc((size_t)n_units + 1, sizeof(bool));
	nvcc = ka_nvcc_locate(nv);
	if (use_cache && nvcc && n_units > 0) {
		int r = ka_cache_open(&cache, NULL);
		if (r != 0) {
			ka_diag_note(d, NULL, "result cache off: cannot use %s: %s",
				     getenv("KANALYZE_CACHE_DIR") && *getenv("KANALYZE_CACHE_DIR")
				     ? getenv("KANALYZE_CACHE_DIR") : "~/.cache/kanalyze", strerror(-r));
			use_cache = false;
		} else {
			struct ka_hash h;
			char id[KA_HASH_HEX];
			ka_hash_init(&h);
			toolchain_identity(nvcc, &h);
			ka_hash_final(&h, id);
			ka_buf_puts(&tools, id);
		}
	} else {
		use_cache = false;
	}
	int n_miss = 0;
	for (int i = 0; i < n_units; i++) {
		if (use_cache)
			hit[i] = cache_lookup(&cache, tools.data, &units[i], nv->extra,
					      units[i].lang ? units[i].lang : nv->lang, direct[i], out, version);
		n_miss += !hit[i];
	}

	/* the misses, in batches so a terminal can show progress */
	struct ka_nvcc_options o = *nv;
	o.keep_preprocessed = use_cache;
	struct ka_nvcc_unit *miss = ka_xcalloc((size_t)n_miss + 1, sizeof(*miss));
	int *miss_of = ka_xcalloc((size_t)n_miss + 1, sizeof(int));
	int k = 0;
	for (int i = 0; i < n_units; i++)
		if (!hit[i]) {
			miss_of[k] = i;
			miss[k++] = units[i];
		}
	bool tty = n_miss > 1 && !d->quiet && isatty(STDERR_FILENO);
	int batch = tty ? (o.jobs > 0 ? o.jobs : 1) * 4 : n_miss;
	for (int s = 0; s < n_miss; s += batch) {
		int n = n_miss - s < batch ? n_miss - s : batch;
		long long started = ka_wall_ns();
		progress(tty, s, n_miss, miss[s].file);
		ka_nvcc_run_units(miss + s, n, &o, d, out, version);
		for (int j = s; j < s + n; j++) {
			units[miss_of[j]] = miss[j];
			if (use_cache)
				cache_store(&cache, tools.data, &miss[j], nv->extra,
					    miss[j].lang ? miss[j].lang : nv->lang, direct[miss_of[j]],
					    version ? *version : NULL, out, started);
		}
	}
	progress(tty, 0, 0, NULL);

	/* what was analysed completely, per (file, arch) */
	for (int i = 0; i < n_units; i++) {
		if (units[i].rc == KA_EXIT_OK)
			ka_analysed_add(done, units[i].file, units[i].arch);
		else if (units[i].rc > rc)
			rc = units[i].rc;
	}
	for (int i = 0; i < n_miss; i++)
		ka_nvcc_unit_fini(&miss[i]);
	free(miss);
	free(miss_of);
	free(hit);
	free(direct);
	free(units);
	free(in);
	free(nvcc);
	ka_buf_free(&tools);
	ka_cache_close(&cache);
	/* the database's strings are referenced by `done` only as copies */
	ka_compdb_free(&db);
	return rc;
}
