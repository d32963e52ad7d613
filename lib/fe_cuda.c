/* fe_cuda.c — the CUDA source frontend: nvcc compiles device code only,
 * one (file, arch) unit per run, up to -j at once; units whose inputs are
 * unchanged come from the result cache instead.
 *
 * Cache keys (XXH3-128, core/cache.c):
 *   direct  = kanalyze version, toolchain identity, arch, language, flags,
 *             cwd, the source's path and bytes  -> manifest (headers + result)
 *   result  = kanalyze version, toolchain identity, arch, language, flags,
 *             the preprocessed device source      -> the kernels as JSON
 *             (+ the source's real path when a kernel's name embeds a hash
 *             of it: nvcc's _GLOBAL__N__<hash> / _INTERNAL_<hash>; one
 *             checkout's entry must not name another's kernels)
 * The toolchain identity is the path, size and mtime of nvcc, ptxas, cicc
 * and the host compiler (gcc and g++ on PATH, or what -ccbin or
 * $NVCC_CCBIN names), the bytes of nvcc.profile, and the environment nvcc
 * reads flags from ($NVCC_APPEND_FLAGS, $NVCC_PREPEND_FLAGS): a new
 * toolkit, compiler or environment is a new key without running
 * `nvcc --version` on the warm path.  An entry read back is believed only
 * whole (core/cache.c checks its seal) and only when it says what a compile
 * of this unit would: its arch, kernels with names and register counts. */
#define _GNU_SOURCE
#include "lib.h"

#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* CUDA by name: .cu, .cuh, and the .cu.cc / .cu.cpp of projects whose
 * build passes -x cu; another name needs -x cuda (or a database entry). */
static bool claims(const char *path, const char *lang, const struct ka_compile_flags *cf)
{
	static const char *const suffixes[] = {".cu", ".cuh", ".CU", ".cu.cc", ".cu.cpp", ".cu.cxx"};
	size_t n = strlen(path);
	if (lang)
		return strcmp(lang, "cuda") == 0;
	if (cf)
		return strcmp(cf->lang, "cuda") == 0;
	for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t m = strlen(suffixes[i]);
		if (n > m && strcmp(path + n - m, suffixes[i]) == 0)
			return true;
	}
	return false;
}

/* ---- cache keys ------------------------------------------------------------ */

/* The file a program name resolves to (PATH or a path), its size and mtime;
 * a directory (-ccbin DIR) stands for the gcc and g++ in it. */
static void hash_program(struct ka_hash *h, const char *prog)
{
	struct stat st;
	char *p = prog ? ka_which(prog) : NULL;
	char *real = p ? realpath(p, NULL) : NULL;

	if (!real && prog && stat(prog, &st) == 0 && S_ISDIR(st.st_mode)) {
		struct ka_buf b = {0};
		ka_hash_str(h, "dir");
		ka_buf_printf(&b, "%s/gcc", prog);
		hash_program(h, b.data);
		b.len = 0;
		ka_buf_printf(&b, "%s/g++", prog);
		hash_program(h, b.data);
		ka_buf_free(&b);
	} else {
		ka_hash_stat(h, real ? real : prog);
	}
	free(real);
	free(p);
}

/* A file's bytes (nvcc.profile), or "absent". */
static void hash_contents(struct ka_hash *h, const char *path)
{
	struct ka_buf b = {0};
	if (ka_read_file(path, 1u << 20, &b) == 0) {
		ka_hash_str(h, "file");
		ka_hash_update(h, b.data ? b.data : "", b.len);
	} else {
		ka_hash_str(h, "absent");
	}
	ka_buf_free(&b);
}

/* nvcc, the ptxas and cicc beside it, its profile and environment, and the
 * host compiler nvcc runs when no -ccbin says otherwise. */
static void toolchain_identity(const char *nvcc, struct ka_hash *h)
{
	char *real = nvcc ? realpath(nvcc, NULL) : NULL;
	struct ka_buf b = {0};

	ka_hash_stat(h, real ? real : nvcc);
	if (real) {
		char *dir = dirname(real);
		ka_buf_printf(&b, "%s/ptxas", dir);
		ka_hash_stat(h, b.data);
		b.len = 0;
		ka_buf_printf(&b, "%s/../nvvm/bin/cicc", dir);
		ka_hash_stat(h, b.data);
		b.len = 0;
		ka_buf_printf(&b, "%s/nvcc.profile", dir);
		hash_contents(h, b.data);
	}
	ka_compiler_env_hash("nvcc", h);
	const char *ccbin = getenv("NVCC_CCBIN");
	hash_program(h, ccbin && *ccbin ? ccbin : "gcc");
	hash_program(h, "g++");
	ka_buf_free(&b);
	free(real);
}

/* -ccbin / --compiler-bindir among a unit's flags: what it names, too. */
static void hash_ccbin(struct ka_hash *h, const char *const *flags)
{
	for (const char *const *e = flags; e && *e; e++) {
		const char *v = NULL;
		if ((strcmp(*e, "-ccbin") == 0 || strcmp(*e, "--compiler-bindir") == 0) && e[1])
			v = *++e;
		else if (strncmp(*e, "-ccbin=", 7) == 0)
			v = *e + 7;
		else if (strncmp(*e, "--compiler-bindir=", 18) == 0)
			v = *e + 18;
		if (v) {
			ka_hash_str(h, "ccbin");
			hash_program(h, v);
		}
	}
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
	hash_ccbin(h, unit_flags);
	hash_ccbin(h, extra);
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

/* What a compile for `arch` could have produced: its arch on every kernel,
 * NVIDIA kernels with a name and a register count the hardware allows.
 * (The seal already says the entry is whole and was written for this key.) */
static bool entry_plausible(const struct ka_kernel_list *out, size_t first, const char *arch)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(arch);
	for (size_t k = first; k < out->n; k++) {
		const struct ka_kernel *x = &out->v[k];
		if (strcmp(x->arch, arch) != 0 || x->vendor != KA_VENDOR_NVIDIA || !x->name[0] || !x->mangled[0] ||
		    !a || x->res.regs < 0 || x->res.regs > a->max_regs_per_thread)
			return false;
	}
	return true;
}

/* A cached result for the unit, appended to out.  true on a hit. */
static bool cache_lookup(const struct ka_cache *c, const char *tools, struct ka_nvcc_unit *u,
			 const char *const *extra, const char *lang, char direct[KA_HASH_HEX],
			 struct ka_kernel_list *out, char **version)
{
	size_t first = out->n;
	if (direct_key(tools, u, extra, lang, direct) != 0) {
		direct[0] = '\0';
		return false;
	}
	if (!ka_result_cache_get(c, direct, u->arch, entry_plausible, out, version))
		return false;
	ka_nvcc_set_lines(out, first, u->file);
	for (size_t k = first; k < out->n; k++)
		snprintf(out->v[k].arch, sizeof(out->v[k].arch), "%s", u->arch);
	u->first = first;
	u->count = out->n - first;
	u->rc = KA_EXIT_OK;
	return true;
}

static void cache_store(const struct ka_cache *c, const char *tools, const struct ka_nvcc_unit *u,
			const char *const *extra, const char *lang, const char *direct, const char *version,
			const struct ka_kernel_list *out, long long started)
{
	char rkey[KA_HASH_HEX];

	if (u->rc != KA_EXIT_OK || !u->pp_hash[0])
		return;
	result_key(tools, u, extra, lang, rkey);
	for (size_t k = u->first; k < u->first + u->count; k++)
		if (ka_mangled_path_derived(out->v[k].mangled)) {
			/* names that embed a hash of the path (anonymous namespaces):
			 * the same preprocessed source at another path compiles to
			 * other names, so the entry is this path's alone */
			struct ka_hash h;
			char *real = realpath(u->file, NULL);
			ka_hash_init(&h);
			ka_hash_str(&h, rkey);
			ka_hash_str(&h, real ? real : u->file);
			ka_hash_final(&h, rkey);
			free(real);
			break;
		}
	char **search = ka_include_dirs(u->extra, extra);     /* the unit's flags, the run's */
	ka_result_cache_put(c, direct, rkey, u->file, (const char *const *)u->deps, u->n_deps,
			    (const char *const *)search, version, out->v + u->first, u->count, started);
	ka_strv_free(search);
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

static struct ka_nvcc_options nvcc_options(const struct ka_run *run)
{
	const struct ka_request *req = run->req;
	return (struct ka_nvcc_options){
		.nvcc = req->nvcc,
		.extra = req->cc_args,
		.lang = req->lang,
		.timeout_s = req->timeout_s,
		.jobs = req->jobs,
		.lineinfo = run->nvdisasm != NULL || run->machine,
		.nvdisasm = run->nvdisasm,
		.machine_ptx = run->machine,
		.on_cubin = req->on_cubin,
		.on_cubin_arg = req->on_cubin_arg,
	};
}

/* nvcc's version, kept in the cache under the toolchain's identity alone
 * (kind "t"): a cold compile then starts no `nvcc --version` beside it.
 * version_cached reads it (when *version is still unknown); version_keep
 * writes what the compile's `nvcc --version` said. */
static void version_key(const char *nvcc, char key[KA_HASH_HEX])
{
	struct ka_hash h;
	ka_hash_init(&h);
	ka_hash_str(&h, "nvcc --version");
	toolchain_identity(nvcc, &h);
	ka_hash_final(&h, key);
}

static void version_cached(const struct ka_cache *c, const char *nvcc, char **version)
{
	char key[KA_HASH_HEX];
	struct ka_buf v = {0};
	if (*version)
		return;
	version_key(nvcc, key);
	if (ka_cache_get(c, "t", key, &v) == 0 && v.len > 0 && v.len < 64 && !memchr(v.data, '\n', v.len))
		*version = ka_strdup(v.data);
	ka_buf_free(&v);
}

static void version_keep(const struct ka_cache *c, const char *nvcc, const char *version)
{
	char key[KA_HASH_HEX];
	struct ka_buf v = {0};
	if (!version)
		return;
	version_key(nvcc, key);
	if (ka_cache_get(c, "t", key, &v) != 0)
		ka_cache_put(c, "t", key, version, strlen(version));
	ka_buf_free(&v);
}

static int compile(struct ka_unit *in, int n_units, struct ka_run *run, struct ka_diag *d)
{
	const struct ka_nvcc_options nvo = nvcc_options(run);
	const struct ka_nvcc_options *nv = &nvo;
	struct ka_kernel_list *out = run->out;
	char **version = &run->nvcc_version;
	struct ka_nvcc_unit *units = ka_xcalloc((size_t)n_units + 1, sizeof(*units));
	char (*direct)[KA_HASH_HEX] = ka_xcalloc((size_t)n_units + 1, sizeof(*direct));
	bool *hit = ka_xcalloc((size_t)n_units + 1, sizeof(bool));
	struct ka_cache cache = {0};
	bool use_cache = run->cache;
	char *nvcc = NULL;
	struct ka_buf tools = {0};
	int rc = KA_EXIT_OK;

	for (int i = 0; i < n_units; i++)
		units[i] = (struct ka_nvcc_unit){
			.file = in[i].file,
			.arch = in[i].arch,
			.extra = in[i].cf ? (const char *const *)in[i].cf->flags : NULL,
			.lang = in[i].cf && !nv->lang ? "cuda" : NULL,
		};

	/* the cache: hits are done; misses are compiled below */
	nvcc = ka_nvcc_locate(nv);
	ka_compiler_env_warn("nvcc", d);
	if (use_cache && nvcc && n_units > 0) {
		if (!ka_result_cache_open(&cache, d)) {
			use_cache = false;
		} else {
			struct ka_hash h;
			char id[KA_HASH_HEX];
			ka_hash_init(&h);
			toolchain_identity(nvcc, &h);
			/* an entry made with the machine code per line is another entry */
			ka_hash_str(&h, run->machine ? "machine+code" : "-");
			ka_hash_final(&h, id);
			ka_buf_puts(&tools, id);
			version_cached(&cache, nvcc, version);
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
		int ph = ka_phase_begin("cache compile", NULL);
		for (int j = s; j < s + n; j++) {
			units[miss_of[j]] = miss[j];
			if (use_cache)
				cache_store(&cache, tools.data, &miss[j], nv->extra,
					    miss[j].lang ? miss[j].lang : nv->lang, direct[miss_of[j]],
					    version ? *version : NULL, out, started);
		}
		ka_phase_end(ph);
	}
	progress(tty, 0, 0, NULL);
	if (use_cache && n_miss > 0)
		version_keep(&cache, nvcc, *version);

	/* what was analysed completely, per (file, arch) */
	for (int i = 0; i < n_units; i++) {
		in[i].rc = units[i].rc;
		if (units[i].rc == KA_EXIT_OK) {
			/* a file with no kernel (host code only) still gets a line,
			 * once, and its JSON "files" entry with "kernels": [] */
			if (units[i].count == 0 && !ka_analysed_has(run->done, units[i].file, NULL))
				ka_diag_note(d, units[i].file, "no kernels in it (host code or device functions only, or no template instantiated)");
			ka_analysed_add(run->done, units[i].file, units[i].arch);
		} else if (units[i].rc > rc)
			rc = units[i].rc;
	}
	for (int i = 0; i < n_miss; i++)
		ka_nvcc_unit_fini(&miss[i]);
	free(miss);
	free(miss_of);
	free(hit);
	free(direct);
	free(units);
	free(nvcc);
	ka_buf_free(&tools);
	ka_cache_close(&cache);
	return rc;
}

/* --what-if regs=N: the same compile with -maxrregcount=N instead of any
 * cap of the user's.  The variant's compiler chatter repeats the
 * original's: it is kept only when the recompile fails. */
static int recompile_capped(const char *file, const struct ka_what_spec *w, struct ka_run *run, struct ka_diag *d,
			    struct ka_kernel_list *out)
{
	struct ka_nvcc_options opt = nvcc_options(run);
	long regs = w->value;
	const char *const *archs = run->archs[KA_VENDOR_NVIDIA];
	char cap[48];
	char *text = NULL;
	size_t len = 0;
	struct ka_diag quiet;
	FILE *f;
	int rc = KA_EXIT_OK;

	if (w->kind != KA_WHAT_REGS) {            /* waves=W: an AMD request */
		ka_diag_warn_once(d, "cuda:what-if-kind", file, "--what-if %s asks AMD's compiler for waves per SIMD; "
				  "CUDA kernels report it as failed", w->text);
		return KA_EXIT_OK;
	}
	snprintf(cap, sizeof(cap), "-maxrregcount=%ld", regs);
	opt.extra = ka_flags_with_cap(run->req->cc_args, cap);
	if (w->override_bounds) {            /* and past __launch_bounds__: ptxas's own switch */
		size_t n = 0;
		while (opt.extra[n])
			n++;
		const char **more = ka_xrealloc((void *)opt.extra, (n + 3) * sizeof(*more));
		more[n] = "-Xptxas";
		more[n + 1] = "--override-directive-values";
		more[n + 2] = NULL;
		opt.extra = more;
	}
	f = open_memstream(&text, &len);
	ka_diag_init(&quiet, f ? f : stderr);
	quiet.quiet = true;
	if (ka_nvcc_analyze(file, archs, run->n_archs[KA_VENDOR_NVIDIA], &opt, &quiet, out, NULL) != KA_EXIT_OK) {
		if (f)
			fflush(f);
		ka_diag_warn(d, file, "--what-if regs=%ld: the recompile with %s failed:\n%s", regs, cap,
			     text ? text : "");
		rc = KA_EXIT_TOOLCHAIN;
	}
	ka_diag_fini(&quiet);
	if (f)
		fclose(f);
	free(text);
	free((void *)opt.extra);
	return rc;
}

const struct ka_frontend ka_fe_cuda = {
	.name = "cuda-source",
	.vendor = &ka_vendor_nvidia,
	.has_source = true,
	.suffix = ".cu",
	.no_arch = "CUDA source and no NVIDIA --arch given (-x hip compiles it as HIP)",
	.claims = claims,
	.compile = compile,
	.recompile_capped = recompile_capped,
};
