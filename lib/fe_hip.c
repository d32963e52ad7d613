/* fe_hip.c — the HIP source frontend: the HIP compiler a build of the file
 * would use (frontends/hip.c: the search order; the compile database's
 * entry first) compiles device code for the AMD archs of the run, one file
 * at a time with its archs up to -j at once; units whose inputs are
 * unchanged come from the result cache instead.  HIP inputs are .hip
 * files, or any file under -x hip or a database entry of language hip.
 *
 * Cache keys (XXH3-128, core/cache.c), as for CUDA (fe_cuda.c):
 *   direct  = kanalyze version, compiler identity, arch, wave, flags, cwd,
 *             the source's real path and bytes  -> manifest (the headers
 *             clang listed with -MD, hashed) -> result key
 *   result  = the direct key's hash              -> the kernels as JSON and
 *             the compiler's version
 * The compiler identity is its real path, size and mtime (and, for hipcc,
 * of the hipcc.pl beside it and a ROCm clang under ../llvm/bin), the device
 * library directory clang is given, and every variable of the environment
 * whose name starts with HIP or ROCM (HIPCC_COMPILE_FLAGS_APPEND,
 * HIP_CLANG_PATH, HIP_PLATFORM, ROCM_PATH, ...): no compiler runs on the
 * warm path.
 *
 * --clang-fallback: an arch the chosen compiler cannot build (its LLVM or
 * its device libraries predate it: Debian's hipcc 5.2 and gfx1100) is
 * compiled with the next compiler of the search order that can; its file
 * entry names that compiler (JSON "compiler").  Without it, one line says
 * so and the arch fails (exit 3). */
#define _GNU_SOURCE
#include "lib.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

enum { MAX_CANDIDATES = 16 };

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool claims(const char *path, const char *lang, const struct ka_compile_flags *cf)
{
	if (lang)
		return strcmp(lang, "hip") == 0;
	if (cf)
		return strcmp(cf->lang, "hip") == 0;
	return ends_with(path, ".hip") || ends_with(path, ".HIP");
}

/* The database entry's flags, then the command line's (NULL-ended). */
static const char **flags_of(const struct ka_compile_flags *cf, const char *const *cc)
{
	size_t n = 0, k = 0;
	for (int i = 0; cf && i < cf->n_flags; i++)
		n++;
	for (const char *const *e = cc; e && *e; e++)
		n++;
	const char **v = ka_xcalloc(n + 1, sizeof(char *));
	for (int i = 0; cf && i < cf->n_flags; i++)
		v[k++] = cf->flags[i];
	for (const char *const *e = cc; e && *e; e++)
		v[k++] = *e;
	return v;
}

/* ---- cache keys ------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void compiler_identity(const char *cc, struct ka_hash *h)
{
	static const char *const beside[] = {"hipcc.pl", "../llvm/bin/clang", "../lib/llvm/bin/clang"};
	char *real = realpath(cc, NULL);
	struct ka_buf b = {0};
	char **env_sorted;
	size_t n_env = 0;

	ka_hash_str(h, "hip-compiler");
	ka_hash_stat(h, real ? real : cc);
	if (real) {
		char *dir = dirname(real);
		for (size_t i = 0; i < sizeof(beside) / sizeof(beside[0]); i++) {
			b.len = 0;
			ka_buf_printf(&b, "%s/%s", dir, beside[i]);
			ka_hash_stat(h, b.data);
		}
	}
	/* the environment that changes what hipcc or a ROCm clang does, in a
	 * fixed order */
	for (char **e = environ; e && *e; e++)
		n_env += strncmp(*e, "HIP", 3) == 0 || strncmp(*e, "ROCM", 4) == 0;
	env_sorted = ka_xcalloc(n_env + 1, sizeof(char *));
	n_env = 0;
	for (char **e = environ; e && *e; e++)
		if (strncmp(*e, "HIP", 3) == 0 || strncmp(*e, "ROCM", 4) == 0)
			env_sorted[n_env++] = *e;
	qsort(env_sorted, n_env, sizeof(char *), cmp_str);
	for (size_t i = 0; i < n_env; i++)
		ka_hash_str(h, env_sorted[i]);
	ka_hash_str(h, "--env");
	ka_compiler_env_hash("hipcc", h);
	free(env_sorted);
	ka_buf_free(&b);
	free(real);
}

/* The direct key of one (file, arch): 0, or -errno when the file cannot be
 * read (then no cache for it). */
static int direct_key(const char *tools, const char *file, const char *arch, int wave, const char *const *flags,
		      char key[KA_HASH_HEX])
{
	struct ka_hash h;
	struct ka_buf src = {0};
	char *cwd = getcwd(NULL, 0);
	char *real = realpath(file, NULL);
	int rc = ka_read_file(file, 64u << 20, &src);

	if (rc == 0) {
		ka_hash_init(&h);
		ka_hash_str(&h, "hip-direct");
		ka_hash_str(&h, KA_VERSION);
		ka_hash_str(&h, tools);
		ka_hash_str(&h, arch);
		ka_hash_update(&h, &wave, sizeof(wave));
		for (const char *const *e = flags; e && *e; e++)
			ka_hash_str(&h, *e);
		ka_hash_str(&h, "--");
		ka_hash_str(&h, cwd ? cwd : "");
		ka_hash_str(&h, real ? real : file);
		ka_hash_update(&h, src.data ? src.data : "", src.len);
		ka_hash_final(&h, key);
	}
	free(cwd);
	free(real);
	ka_buf_free(&src);
	return rc;
}

static void result_key(const char *direct, char key[KA_HASH_HEX])
{
	struct ka_hash h;
	ka_hash_init(&h);
	ka_hash_str(&h, "hip-result");
	ka_hash_str(&h, direct);
	ka_hash_final(&h, key);
}

/* What a compile for `arch` could have produced: AMD kernels of that arch
 * with names and counts. */
static bool entry_plausible(const struct ka_kernel_list *out, size_t first, const char *arch)
{
	size_t n = strcspn(arch, ":");
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);
	long most = a ? a->vgprs_addressable : 1024;        /* the row's, else any AMD arch's */
	for (size_t k = first; k < out->n; k++) {
		const struct ka_kernel *x = &out->v[k];
		if (strncmp(x->arch, arch, n) != 0 || x->arch[n] != '\0' || x->vendor != KA_VENDOR_AMD ||
		    !x->name[0] || !x->mangled[0] || x->res.vgprs < 0 || x->res.vgprs > most)
			return false;
	}
	return true;
}

static bool cache_lookup(const struct ka_cache *c, const char *direct, const char *file, const char *arch,
			 struct ka_kernel_list *out, char **version)
{
	size_t first = out->n;
	if (!ka_result_cache_get(c, direct, arch, entry_plausible, out, version))
		return false;
	for (size_t k = first; k < out->n; k++) {
		free(out->v[k].file);
		out->v[k].file = ka_strdup(file);
	}
	return true;
}

static void cache_store(const struct ka_cache *c, const char *direct, const char *file, const char *depfile,
			const char *const *flags, const char *version, const struct ka_kernel_list *out, size_t first,
			long long started)
{
	char rkey[KA_HASH_HEX];
	size_t n_deps = 0;
	char **deps = ka_hip_depfile_read(depfile, &n_deps);

	if (direct[0] && deps) {
		result_key(direct, rkey);
		char **search = ka_include_dirs(flags, NULL);
		ka_result_cache_put(c, direct, rkey, file, (const char *const *)deps, n_deps,
				    (const char *const *)search, version, out->v + first, out->n - first, started);
		ka_strv_free(search);
	}
	for (size_t i = 0; i < n_deps; i++)
		free(deps[i]);
	free(deps);
}

/* LLVM's own "Occupancy [waves/SIMD]" remark is the model's cross-check,
 * and the model follows LLVM 16's conventions; LLVM 15 (Debian's hipcc)
 * counts otherwise (kernels/hip/gemm.hip's sgemm_tiled on gfx90a: 80
 * VGPRs, 17 KiB of LDS at 256 threads: 64 KiB hold 3 workgroups of 4
 * waves on 4 SIMDs, 3 waves/SIMD; LLVM 15's remark says 6), so an older
 * compiler's figure is not kept: the text shows no "LLVM:" figure. */
static void drop_old_llvm_figure(struct ka_kernel_list *out, size_t first, const char *version)
{
	if (!version || atoi(version) >= 16)
		return;
	for (size_t k = first; k < out->n; k++)
		out->v[k].llvm_waves_per_simd = 0;
}

/* ---- --clang-fallback ------------------------------------------------------- */

/* `arch` of `file`, which cands[0] cannot build: the next candidate that
 * can, when the user allows it.  KA_EXIT_OK or KA_EXIT_TOOLCHAIN. */
static int fallback(const char *file, const char *arch, const struct ka_hip_compiler *cands, int n_cands,
		    const struct ka_hip_options *base, struct ka_run *run, struct ka_diag *d)
{
	const char *next = n_cands > 1 ? cands[1].path : NULL;

	if (!run->req->clang_fallback || !next) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "%s (%s) cannot build for %s (its LLVM or its device "
			      "libraries predate it)%s%s%s; a remarks log saved where it builds is read with "
			      "--remarks FILE --arch %s", cands[0].path, cands[0].how, arch,
			      next ? "; --clang-fallback would try " : "", next ? next : "", next ? " next" : "", arch);
		return KA_EXIT_TOOLCHAIN;
	}
	for (int c = 1; c < n_cands; c++) {
		int arc = KA_EXIT_TOOLCHAIN;
		bool unknown = false;
		size_t first = run->out->n;
		char *version = NULL;
		struct ka_hip_options o = *base;
		const char *archs[1] = {arch};

		o.clang = cands[c].path;
		o.db_compiler = NULL;
		o.arch_rc = &arc;
		o.arch_unknown = &unknown;
		o.depfile_dir = NULL;
		ka_hip_analyze(file, archs, 1, &o, d, run->out, &version);
		drop_old_llvm_figure(run->out, first, version);
		if (unknown) {
			free(version);
			continue;
		}
		if (arc == KA_EXIT_OK) {
			for (size_t k = first; k < run->out->n; k++)
				snprintf(run->out->v[k].compiler, sizeof(run->out->v[k].compiler), "%s", cands[c].path);
			ka_diag_note(d, file, "%s (%s) cannot build for %s: compiled with %s%s%s%s (--clang-fallback)",
				     cands[0].path, cands[0].how, arch, cands[c].path, version ? " (LLVM " : "",
				     version ? version : "", version ? ")" : "");
		}
		free(version);
		return arc;
	}
	struct ka_buf tried = {0};
	for (int c = 0; c < n_cands; c++)
		ka_buf_printf(&tried, "%s%s", c ? ", " : "", cands[c].path);
	ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "no HIP compiler here can build for %s (tried %s: their LLVM or "
		      "device libraries predate it); a remarks log saved where it builds is read with --remarks FILE "
		      "--arch %s", arch, tried.data, arch);
	ka_buf_free(&tried);
	return KA_EXIT_TOOLCHAIN;
}

/* ---- the run ---------------------------------------------------------------
 * Three passes over the files: (1) each file's compiler, its cache hits,
 * and the compiles of its misses prepared; (2) every file's compiles (and a
 * `--version` where no cache entry said it) spawned together, up to -j at
 * once; (3) each file's compiles read in order, stored in the cache, and
 * the archs its compiler could not build handed to --clang-fallback. */

struct hip_file {
	int i, j;                          /* its units                        */
	const char **extra;
	struct ka_hip_options o;
	struct ka_hip_compiler cands[MAX_CANDIDATES];
	int n_cands;
	char (*direct)[KA_HASH_HEX];
	const char **miss;
	int *miss_of, n_miss;
	int *arch_rc;
	bool *unknown;
	char *depdir;
	char **version;                    /* the run's, or own_version        */
	char *own_version;
	int ver_job;                       /* index of its --version spawn, or -1 */
	struct ka_hip_job job;
	int prepared;                      /* KA_EXIT_OK: job has argvs         */
	int first_job;                     /* its first spawn                   */
	long long started;
};

static void file_begin(struct hip_file *f, struct ka_unit *units, struct ka_run *run, struct ka_cache *cache,
		       bool use_cache, char **primary)
{
	const struct ka_request *req = run->req;
	const char *file = units[f->i].file;
	int n = f->j - f->i;
	struct ka_buf tools = {0};

	f->extra = flags_of(units[f->i].cf, req->cc_args);
	f->o = (struct ka_hip_options){
		.clang = req->clang,
		.db_compiler = units[f->i].cf ? units[f->i].cf->compiler : NULL,
		.extra = f->extra,
		.timeout_s = req->timeout_s,
		.jobs = req->jobs,
		.wave = req->launch.wave,
		.machine = run->machine,
		.census = req->sass,
	};
	f->n_cands = ka_hip_candidates(&f->o, f->cands, MAX_CANDIDATES);
	f->direct = ka_xcalloc((size_t)n, sizeof(*f->direct));
	f->miss = ka_xcalloc((size_t)n, sizeof(char *));
	f->miss_of = ka_xcalloc((size_t)n, sizeof(int));
	f->arch_rc = ka_xcalloc((size_t)n, sizeof(int));
	f->unknown = ka_xcalloc((size_t)n, sizeof(bool));
	f->version = &run->clang_version;
	f->ver_job = -1;
	f->prepared = -1;
	if (f->n_cands > 0) {
		/* the toolchain's version is the run's first compiler's; a
		 * database that names another for this file has its own */
		if (!*primary)
			*primary = ka_strdup(f->cands[0].path);
		else if (strcmp(*primary, f->cands[0].path) != 0)
			f->version = &f->own_version;
		f->o.clang = f->cands[0].path;     /* the choice, found once */
		f->o.db_compiler = NULL;
		/* the toolchain names it as the user did, else by its path */
		if (!run->hip_compiler)
			run->hip_compiler = ka_strdup(strcmp(f->cands[0].how, "--clang") == 0 ? req->clang
						      : strcmp(f->cands[0].how, "$KANALYZE_CLANG") == 0
						      ? getenv("KANALYZE_CLANG") : f->cands[0].path);
	}
	if (use_cache && f->n_cands > 0) {
		struct ka_hash h;
		char id[KA_HASH_HEX];
		char *libdir = ka_hip_device_lib_dir();
		ka_hash_init(&h);
		compiler_identity(f->cands[0].path, &h);
		ka_hash_str(&h, libdir ? libdir : "(none)");
		/* an entry made with the code per line is another entry */
		ka_hash_str(&h, run->machine ? "machine+code" : "-");
		ka_hash_str(&h, req->sass ? "census" : "-");
		ka_hash_final(&h, id);
		ka_buf_puts(&tools, id);
		free(libdir);
	}
	for (int a = 0; a < n; a++) {
		struct ka_unit *u = &units[f->i + a];
		bool hit = false;
		if (tools.data && direct_key(tools.data, file, u->arch, req->launch.wave, f->extra, f->direct[a]) == 0)
			hit = cache_lookup(cache, f->direct[a], file, u->arch, run->out, f->version);
		if (hit) {
			u->rc = KA_EXIT_OK;
		} else {
			f->miss_of[f->n_miss] = a;
			f->miss[f->n_miss++] = u->arch;
		}
	}
	if (f->n_miss > 0) {
		if (tools.data)
			f->depdir = ka_tempdir_create("hipdeps");
		for (int m = 0; m < f->n_miss; m++)
			f->arch_rc[m] = -1;
		f->o.arch_rc = f->arch_rc;
		f->o.arch_unknown = f->unknown;
		f->o.depfile_dir = f->depdir;
	}
	ka_buf_free(&tools);
}

static void file_finish(struct hip_file *f, struct ka_unit *units, struct ka_run *run, struct ka_cache *cache,
			struct ka_spawn_result *res, struct ka_diag *d)
{
	const char *file = units[f->i].file;

	if (f->ver_job >= 0 && !*f->version && res[f->ver_job].status == 0)
		*f->version = ka_hip_version_parse(res[f->ver_job].out.data);
	if (f->n_miss > 0) {
		size_t first = run->out->n;
		int r = f->prepared;
		if (r == KA_EXIT_OK)
			r = ka_hip_job_finish(&f->job, res + f->first_job, d, run->out);
		drop_old_llvm_figure(run->out, first, *f->version);
		for (int m = 0; m < f->n_miss; m++) {
			struct ka_unit *u = &units[f->i + f->miss_of[m]];
			u->rc = f->prepared != KA_EXIT_OK ? f->prepared : f->arch_rc[m] >= 0 ? f->arch_rc[m] : r;
			if (f->unknown[m]) {
				u->rc = fallback(file, u->arch, f->cands, f->n_cands, &f->o, run, d);
			} else if (u->rc == KA_EXIT_OK && f->depdir) {
				/* the kernels of this arch (its base name), for its entry */
				struct ka_kernel_list one = {0};
				size_t len = strcspn(u->arch, ":");
				struct ka_buf dep = {0};
				for (size_t k = first; k < run->out->n; k++)
					if (strncmp(run->out->v[k].arch, u->arch, len) == 0 &&
					    run->out->v[k].arch[len] == '\0' && !run->out->v[k].compiler[0])
						*ka_kernel_list_add(&one) = run->out->v[k];
				ka_buf_printf(&dep, "%s/k%d.d", f->depdir, m);
				cache_store(cache, f->direct[f->miss_of[m]], file, dep.data, f->extra, *f->version,
					    &one, 0, f->started);
				ka_buf_free(&dep);
				free(one.v);          /* the kernels belong to run->out */
			}
		}
	}
	for (int a = f->i; a < f->j; a++) {
		struct ka_unit *u = &units[a];
		if (u->rc == KA_EXIT_OK) {
			char base[32];
			snprintf(base, sizeof(base), "%.*s", (int)strcspn(u->arch, ":"), u->arch);
			ka_analysed_add(run->done, file, base);
		}
	}
}

static void file_free(struct hip_file *f)
{
	if (f->prepared != -1)
		ka_hip_job_free(&f->job);
	if (f->depdir) {
		ka_tempdir_remove(f->depdir);
		free(f->depdir);
	}
	ka_hip_candidates_free(f->cands, f->n_cands);
	free(f->own_version);
	free(f->direct);
	free(f->miss);
	free(f->miss_of);
	free(f->arch_rc);
	free(f->unknown);
	free(f->extra);
}

static int compile(struct ka_unit *units, int n, struct ka_run *run, struct ka_diag *d)
{
	struct ka_cache cache = {0};
	bool use_cache = run->cache;
	char *primary = NULL;
	struct hip_file *files = ka_xcalloc((size_t)n + 1, sizeof(*files));
	struct ka_argv *vers;
	char *const **argvs;
	struct ka_spawn_result *res;
	int n_files = 0, n_spawn = 0, rc = KA_EXIT_OK;
	double timeout = run->req->timeout_s > 0 ? run->req->timeout_s : 300;

	ka_compiler_env_warn("hipcc", d);
	if (use_cache) {
		if (!ka_result_cache_open(&cache, d))
			use_cache = false;
	}
	/* (1) */
	for (int i = 0; i < n;) {
		int j = i;
		while (j < n && units[j].file == units[i].file && j - i < KA_MAX_ARCHS)
			j++;
		struct hip_file *f = &files[n_files++];
		f->i = i;
		f->j = j;
		file_begin(f, units, run, &cache, use_cache, &primary);
		if (f->n_miss > 0) {
			f->prepared = ka_hip_job_prepare(&f->job, units[i].file, f->miss, f->n_miss, &f->o, d);
			n_spawn += f->prepared == KA_EXIT_OK ? f->n_miss + 1 : 0;
		}
		i = j;
	}
	/* (2) */
	argvs = ka_xcalloc((size_t)n_spawn + 1, sizeof(*argvs));
	vers = ka_xcalloc((size_t)n_files + 1, sizeof(*vers));
	n_spawn = 0;
	bool run_version_asked = false;
	for (int k = 0; k < n_files; k++) {
		struct hip_file *f = &files[k];
		if (f->n_miss == 0 || f->prepared != KA_EXIT_OK)
			continue;
		f->first_job = n_spawn;
		for (int m = 0; m < f->n_miss; m++)
			argvs[n_spawn++] = ka_hip_job_argv(&f->job, m);
	}
	for (int k = 0; k < n_files; k++) {
		struct hip_file *f = &files[k];
		bool own = f->version == &f->own_version;
		if (f->n_miss == 0 || f->prepared != KA_EXIT_OK || *f->version || (!own && run_version_asked))
			continue;
		ka_argv_push(&vers[k], f->job.cc);
		ka_argv_push(&vers[k], "--version");
		f->ver_job = n_spawn;
		argvs[n_spawn++] = vers[k].v;
		run_version_asked |= !own;
	}
	res = ka_xcalloc((size_t)n_spawn + 1, sizeof(*res));
	for (int k = 0; k < n_files; k++)
		files[k].started = ka_wall_ns();
	if (n_spawn > 0)
		ka_spawn_many(argvs, n_spawn, run->req->jobs > 0 ? run->req->jobs : 1, timeout, res);
	/* (3) */
	for (int k = 0; k < n_files; k++) {
		struct hip_file *f = &files[k];
		file_finish(f, units, run, &cache, res, d);
		for (int a = f->i; a < f->j; a++)
			if (units[a].rc > rc)
				rc = units[a].rc;
	}
	for (int k = 0; k < n_spawn; k++)
		ka_spawn_result_free(&res[k]);
	for (int k = 0; k < n_files; k++) {
		ka_argv_free(&vers[k]);
		file_free(&files[k]);
	}
	free(res);
	free(vers);
	free(argvs);
	free(files);
	ka_cache_close(&cache);
	free(primary);
	return rc;
}

const struct ka_frontend ka_fe_hip = {
	.name = "hip-source",
	.vendor = &ka_vendor_amd,
	.has_source = true,
	.suffix = ".hip",
	.no_arch = "HIP source and no AMD --arch (gfx90a, gfx1030, ...) given",
	.claims = claims,
	.compile = compile,
	.recompile_capped = ka_hip_recompile_what,
};
