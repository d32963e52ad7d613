/* parse.c — builds the translation unit the analyzer walks, and the small
 * AST helpers libclang's C API lacks (operators, children, extents).
 *
 * Two ways to stand in for what nvcc puts in front of a .cu file:
 *
 *   prelude   the toolkit's headers switched off (-nocudainc / -nogpuinc) and
 *             our prelude (analyzer/prelude/, embedded in the binary and
 *             handed to libclang as unsaved files under /kanalyze-prelude)
 *             force-included in their place; the same on every machine:
 *     CUDA  -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_NN
 *     HIP   -x hip  --cuda-device-only -nogpuinc -nogpulib --offload-arch=gfxNNN
 *   toolkit   (CUDA) clang's own CUDA wrapper headers over the real toolkit
 *             (--cuda-path) and clang's cuda_wrappers (clang_dl.c finds them),
 *             for files the prelude cannot read: real projects
 *             include <memory>, <cuda_fp16.h>, cub and cuda/std, which meet
 *             the prelude's stand-ins (`redefinition of 'char1'`) or need
 *             what it lacks.  clang 16 predates CUDA 13, so four things are
 *             set: -target-sdk-version=11.8 (the newest it knows: <<<>>>
 *             calls __cudaPushCallConfiguration, not the removed
 *             cudaConfigureCall), -fcuda-allow-variadic-functions (cuda/std's
 *             traits use `...` in unevaluated contexts), include/cccl (nvcc
 *             adds it), and prelude/toolkit/ (empty texture headers the
 *             wrapper still includes; ka_cuda_toolkit.h: host min/max,
 *             __ldcs & co., __reduce_*_sync).
 *
 * A CUDA file is parsed with the prelude first (cheap and machine-free);
 * when that leaves errors and a toolkit is installed, again with the
 * toolkit, and the parse with fewer errors is kept.  Measured on ggml's
 * CUDA backend (14 files) and llm.c's train_gpt2.cu: prelude 457-607
 * errors in every file (libstdc++'s __noinline__, char1 redefined), toolkit
 * 0 errors in all 14 ggml files and 1 in train_gpt2.cu (a real error:
 * cudaMemAdvise's CUDA 13 signature).  libclang 18 (PyPI's wheel) ships no
 * builtin headers, so it cannot read CUDA files by itself; libclang-16
 * stays. */
#define _GNU_SOURCE
#include "internal.h"
#include "prelude_files.h"
#include "occupancy.h"     /* KA_AMD_DEFAULT_ARCH: the vendors' defaults live with the arch rows */

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- arguments ------------------------------------------------------------------ */
struct argv_b {
	const char **v;
	int n;
	size_t cap;
	char **owned;
	int n_owned;
	size_t cap_owned;
};

static void arg(struct argv_b *a, const char *s)
{
	KA_GROW(a->v, (size_t)a->n, a->cap, 32);
	a->v[a->n++] = s;
}

static const char *owned(struct argv_b *a, char *s)
{
	KA_GROW(a->owned, (size_t)a->n_owned, a->cap_owned, 16);
	a->owned[a->n_owned++] = s;
	return s;
}

/* The CUDA arch clang parses for: the row's (nvidia_archs.def's parse
 * column, set by the vendor as offload_arch), else the sm asked for. */
static const char *cuda_parse_arch(const struct ka_analyzer_options *opt, char *buf, size_t n)
{
	if (opt->offload_arch)
		return opt->offload_arch;
	snprintf(buf, n, "sm_%d", opt->sm > 0 ? opt->sm : 90);
	return buf;
}

/* The user's preprocessor flags; everything else (nvcc options after --,
 * -Xptxas, -lineinfo ...) is for the compiler, not for parsing.  nvcc's
 * long spellings (compdb.c keeps them as the build wrote them) become
 * clang's. */
static const struct {
	const char *nv, *clang;
} two_args[] = {
	{"-I", "-I"}, {"-D", "-D"}, {"-U", "-U"}, {"-include", "-include"}, {"-isystem", "-isystem"},
	{"-iquote", "-iquote"}, {"-idirafter", "-idirafter"}, {"--include-path", "-I"},
	{"--system-include", "-isystem"}, {"--pre-include", "-include"}, {"--define-macro", "-D"},
	{"--undefine-macro", "-U"},
};

static void user_args(struct argv_b *a, const char *const *cc, bool *has_std)
{
	for (int i = 0; cc && cc[i]; i++) {
		const char *s = cc[i], *std = NULL;
		size_t k = 0;
		while (k < sizeof(two_args) / sizeof(two_args[0]) && strcmp(s, two_args[k].nv) != 0)
			k++;
		if (k < sizeof(two_args) / sizeof(two_args[0])) {
			if (!cc[i + 1])
				break;
			arg(a, two_args[k].clang);
			arg(a, cc[++i]);
		} else if (strncmp(s, "-I", 2) == 0 || strncmp(s, "-D", 2) == 0 || strncmp(s, "-U", 2) == 0 ||
			   strncmp(s, "-isystem", 8) == 0) {
			arg(a, s);
		} else if (strncmp(s, "-std=", 5) == 0 || strncmp(s, "--std=", 6) == 0) {
			std = strchr(s, '=') + 1;
		} else if ((strcmp(s, "-std") == 0 || strcmp(s, "--std") == 0) && cc[i + 1]) {
			std = cc[++i];
		}
		if (std) {
			char *o = ka_xmalloc(strlen(std) + 6);
			sprintf(o, "-std=%s", std);
			arg(a, owned(a, o));
			*has_std = true;
		}
	}
}

/* ---- the CUDA toolkit ------------------------------------------------------------------ */
static pthread_once_t tk_once = PTHREAD_ONCE_INIT;
static char *tk_path;                 /* set once, read-only afterwards */

static bool tk_usable(const char *dir)
{
	char p[4096];
	snprintf(p, sizeof(p), "%s/include/cuda_runtime.h", dir);
	return access(p, R_OK) == 0;
}

/* The toolkit of the nvcc kanalyze compiles with (frontends/nvcc.c's
 * choice: $KANALYZE_NVCC, nvcc on PATH, /usr/local/cuda/bin/nvcc), else
 * $CUDA_PATH or $CUDA_HOME. */
static void tk_find(void)
{
	const char *env[] = {getenv("CUDA_PATH"), getenv("CUDA_HOME")};
	const char *kv = getenv("KANALYZE_NVCC");
	char *nvcc = kv && *kv ? ka_which(kv) : ka_which("nvcc");
	if (!nvcc)
		nvcc = ka_which("/usr/local/cuda/bin/nvcc");
	char *r = nvcc ? realpath(nvcc, NULL) : NULL, *sl;
	free(nvcc);
	for (int up = 0; r && up < 2 && (sl = strrchr(r, '/')) != NULL; up++)
		*sl = 0;                                   /* .../bin/nvcc -> ... */
	if (r && *r && tk_usable(r)) {
		tk_path = r;
		return;
	}
	free(r);
	for (size_t i = 0; i < sizeof(env) / sizeof(env[0]); i++)
		if (env[i] && *env[i] && tk_usable(env[i])) {
			tk_path = realpath(env[i], NULL);
			return;
		}
}

const char *ka_parse_toolkit(void)
{
	pthread_once(&tk_once, tk_find);
	return tk_path;
}

/* clang's CUDA wrapper (__clang_cuda_runtime_wrapper.h) includes the
 * toolkit's headers by quoted name, and a quoted name is looked up beside
 * the wrapper, then on the -iquote and -I paths.  A project with a header
 * of the same name on its -I path (darknet's src/cuda.h, which includes
 * the runtime and curand) would be read in the middle of the wrapper,
 * where nvcc never reads it (nvcc's headers do not include these by
 * name): every file of the project failed to parse.  So a toolkit parse
 * puts, beside the wrapper, a virtual header of each such name that
 * includes the toolkit's by its full path; the project's own files still
 * find their header first, as nvcc does. */
static const char *const wrapper_names[] = {"cuda.h", "cuda_runtime.h", "host_defines.h", "driver_types.h",
					    "host_config.h"};
enum { N_WRAPPER_NAMES = sizeof(wrapper_names) / sizeof(wrapper_names[0]) };
static pthread_once_t redirect_once = PTHREAD_ONCE_INIT;
static char *resource_dir;                     /* set once, read-only afterwards */
static struct CXUnsavedFile redirects[N_WRAPPER_NAMES];
static size_t n_redirects;

static void redirect_find(void)
{
	const char *tk = ka_parse_toolkit(), *wr = ka_libclang_cuda_wrappers();
	char p[4200];
	if (!tk || !wr)
		return;
	char *inc = ka_strdup(wr), *sl = strrchr(inc, '/');      /* <resource>/include/cuda_wrappers */
	if (sl)
		*sl = 0;
	snprintf(p, sizeof(p), "%s/__clang_cuda_runtime_wrapper.h", inc);
	if (!sl || access(p, R_OK) != 0 || !(sl = strrchr(inc, '/'))) {
		free(inc);
		return;
	}
	for (size_t i = 0; i < N_WRAPPER_NAMES; i++) {
		snprintf(p, sizeof(p), "%s/include/%s", tk, wrapper_names[i]);
		if (access(p, R_OK) != 0)
			continue;
		size_t n = strlen(p) + 16;
		char *text = ka_xmalloc(n), *path = ka_xmalloc(strlen(inc) + strlen(wrapper_names[i]) + 2);
		snprintf(text, n, "#include \"%s\"\n", p);
		sprintf(path, "%s/%s", inc, wrapper_names[i]);
		redirects[n_redirects++] = (struct CXUnsavedFile){path, text, (unsigned long)strlen(text)};
	}
	*sl = 0;                                                  /* <resource> */
	resource_dir = inc;
}

static void diag_add(struct ka_uresult *r, char *msg)
{
	if (r->n_diags >= 50) {
		free(msg);
		return;
	}
	KA_GROW(r->diags, r->n_diags, r->cap_diags, 8);
	r->diags[r->n_diags++] = msg;
}

enum parse_mode { PM_PRELUDE, PM_TOOLKIT };

/* The arguments of one parse: the mode's, then the user's.  Returns how
 * many are the mode's. */
static int mode_args(struct argv_b *a, enum parse_mode m, const struct ka_analyzer_options *opt,
		      const struct ka_uresult *res, unsigned error_limit)
{
	char buf[4200], sm[16];
	bool has_std = false;
	const char *tk = ka_parse_toolkit();

	if (opt->lang == KA_LANG_HIP) {
		const char *gfx = opt->offload_arch ? opt->offload_arch : KA_AMD_DEFAULT_ARCH;
		arg(a, "-x");
		arg(a, "hip");
		arg(a, "--cuda-device-only");
		arg(a, "-nogpuinc");
		arg(a, "-nogpulib");
		snprintf(buf, sizeof(buf), "--offload-arch=%s", gfx);
		arg(a, owned(a, ka_strdup(buf)));
		if (opt->wave_selectable)            /* the row's default unless asked */
			arg(a, res->warp_size == 64 ? "-mwavefrontsize64" : "-mno-wavefrontsize64");
		arg(a, "-include");
		arg(a, KA_PRELUDE_ROOT "/ka_hip_prelude.h");
		arg(a, "-I" KA_PRELUDE_ROOT "/include");
	} else if (m == PM_PRELUDE) {
		arg(a, "-x");
		arg(a, "cuda");
		arg(a, "--cuda-device-only");
		arg(a, "-nocudainc");
		arg(a, "-nocudalib");
		arg(a, "--cuda-path=" KA_PRELUDE_ROOT "/no-cuda");
		snprintf(buf, sizeof(buf), "--cuda-gpu-arch=%s", cuda_parse_arch(opt, sm, sizeof(sm)));
		arg(a, owned(a, ka_strdup(buf)));
		arg(a, "-include");
		arg(a, KA_PRELUDE_ROOT "/ka_cuda_prelude.h");
		arg(a, "-I" KA_PRELUDE_ROOT "/include");
	} else {
		arg(a, "-x");
		arg(a, "cuda");
		arg(a, "--cuda-device-only");
		arg(a, "-nocudalib");
		snprintf(buf, sizeof(buf), "--cuda-path=%s", tk);
		arg(a, owned(a, ka_strdup(buf)));
		snprintf(buf, sizeof(buf), "--cuda-gpu-arch=%s", cuda_parse_arch(opt, sm, sizeof(sm)));
		arg(a, owned(a, ka_strdup(buf)));
		/* nvcc's: cub's inline namespace is CUB_..._SM_<list> (kernel names) */
		snprintf(buf, sizeof(buf), "-D__CUDA_ARCH_LIST__=%d", (opt->sm > 0 ? opt->sm : 90) * 10);
		arg(a, owned(a, ka_strdup(buf)));
		arg(a, "-Wno-unknown-cuda-version");
		pthread_once(&redirect_once, redirect_find);
		if (resource_dir) {                     /* the wrapper's directory, as the redirects name it */
			arg(a, "-resource-dir");
			arg(a, resource_dir);
		}
		if (ka_libclang_cuda_wrappers()) {       /* before libstdc++: they #include_next it */
			arg(a, "-isystem");
			arg(a, ka_libclang_cuda_wrappers());
		}
		arg(a, "-Xclang");
		arg(a, "-target-sdk-version=11.8");
		arg(a, "-Xclang");
		arg(a, "-fcuda-allow-variadic-functions");
		/* the templates the precompiled headers use are instantiated once,
		 * in the PCH (pch.c), not again at the end of every parse over it:
		 * a parse over matrixMul.cu's preamble 100 -> 35 ms.  Without a
		 * PCH (--no-cache) it changes nothing. */
		arg(a, "-fpch-instantiate-templates");
		snprintf(buf, sizeof(buf), "%s/include/cccl", tk);
		if (access(buf, R_OK) == 0) {
			arg(a, "-isystem");
			arg(a, owned(a, ka_strdup(buf)));
		}
		arg(a, "-idirafter");
		arg(a, KA_PRELUDE_ROOT "/toolkit");
		arg(a, "-include");
		arg(a, KA_PRELUDE_ROOT "/toolkit/ka_cuda_toolkit.h");
	}
	arg(a, "-idirafter");                           /* what libclang lacks and a build finds */
	arg(a, KA_PRELUDE_ROOT "/fallback");
	arg(a, "-w");                                   /* errors only: warnings are not ours */
	arg(a, "-Wno-c++11-narrowing");                 /* nvcc warns on int y[2] = {0.0, 1.0}; clang
	                                                   makes it an error (SHOC's NeuralNet) */
	snprintf(buf, sizeof(buf), "-ferror-limit=%u", error_limit);
	arg(a, owned(a, ka_strdup(buf)));
	int n_mode = a->n;
	user_args(a, opt->cc_args, &has_std);
	if (!has_std)
		arg(a, "-std=c++17");
	return n_mode;
}

static void argv_free(struct argv_b *a)
{
	for (int i = 0; i < a->n_owned; i++)
		free(a->owned[i]);
	free(a->owned);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* An error of clang's that stands for what nvcc accepts and the AST still
 * holds in full: a __shared__ variable of a class with a constructor
 * (cuda::barrier, as the CUDA C++ Programming Guide declares it; nvcc
 * warns, 20054-D, and leaves it uninitialised; clang marks the variable
 * invalid and parses on).  Not counted: the file is read as nvcc reads it. */
static const char *const nvcc_accepts[] = {
	"initialization is not supported for __shared__ variables",
};

static bool is_error(CXDiagnostic dg)
{
	if (clang_getDiagnosticSeverity(dg) < CXDiagnostic_Error)
		return false;
	CXString s = clang_getDiagnosticSpelling(dg);
	const char *t = clang_getCString(s);
	bool accepted = false;
	for (size_t i = 0; t && i < sizeof(nvcc_accepts) / sizeof(*nvcc_accepts) && !accepted; i++)
		accepted = strncmp(t, nvcc_accepts[i], strlen(nvcc_accepts[i])) == 0;
	clang_disposeString(s);
	return !accepted;
}

static unsigned count_errors(CXTranslationUnit tu)
{
	unsigned nd = clang_getNumDiagnostics(tu), n = 0;
	for (unsigned i = 0; i < nd; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		n += is_error(dg);
		clang_disposeDiagnostic(dg);
	}
	return n;
}

/* Whether clang refused the precompiled prefix (a header changed since it
 * was made, another libclang): a fatal error naming it. */
static bool pch_refused(CXTranslationUnit tu, const char *pch)
{
	bool refused = false;
	for (unsigned i = 0, nd = clang_getNumDiagnostics(tu); i < nd && !refused; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(dg) == CXDiagnostic_Fatal) {
			CXString s = clang_formatDiagnostic(dg, 0);
			const char *t = clang_getCString(s);
			refused = t && (strstr(t, pch) || strstr(t, "precompiled header") || strstr(t, "PCH"));
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(dg);
	}
	return refused;
}

/* The file's preamble precompiled (pch.c) on top of the prefix pch, the
 * last of a's arguments, or pre->pch NULL; then a toolkit parse over it,
 * the file blanked where its preamble was: false when clang refused it
 * (dropped, made again next time): then nothing is left parsed, and the
 * caller parses over the prefix. */
static void preamble_of(const char *file, const struct argv_b *a, const char *pch,
			const struct ka_analyzer_options *opt, struct CXUnsavedFile *un, unsigned n_un,
			struct ka_preamble *pre)
{
	struct ka_buf text = {0};
	if (ka_read_file(file, 64u << 20, &text) == 0)
		ka_preamble_get(opt->pch_dir, file, text.data, text.len, a->v, a->n, pch, un, n_un, ka_is_kernel, pre);
	ka_buf_free(&text);
}

static bool parse_over_preamble(const char *file, struct argv_b *a, const char *pch, struct CXUnsavedFile *un,
				unsigned n_un, struct ka_preamble *pre, CXIndex *index, CXTranslationUnit *tu,
				enum CXErrorCode *e)
{
	bool ok = false;
	struct CXUnsavedFile *all = ka_xcalloc(n_un + 2, sizeof(*all));
	memcpy(all, un, n_un * sizeof(*un));
	all[n_un] = (struct CXUnsavedFile){file, pre->blanked, (unsigned long)pre->file_len};
	all[n_un + 1] = (struct CXUnsavedFile){pre->unsaved_name, pre->text, (unsigned long)pre->len};
	a->v[a->n - 1] = pre->pch;
	*index = clang_createIndex(0, 0);
	*e = clang_parseTranslationUnit2(*index, file, a->v, a->n, all, n_un + 2,
					 CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
					 tu);
	ok = *e == CXError_Success && *tu && !pch_refused(*tu, pre->pch);
	a->v[a->n - 1] = pch;
	if (!ok) {
		if (*e == CXError_Success && *tu)
			clang_disposeTranslationUnit(*tu);
		*tu = NULL;
		clang_disposeIndex(*index);
		*index = NULL;
		ka_pch_drop(pre->pch);
	}
	free(all);
	return ok;
}

/* The preamble's headers join the file's dependencies (the result cache
 * keys on them); those the scan need not read, its prefix. */
static void pre_deps(struct ka_uresult *res, struct ka_preamble *pre)
{
	for (size_t i = 0; i < pre->n_deps; i++) {
		bool dup = false;
		for (size_t k = 0; k < res->n_deps && !dup; k++)
			dup = strcmp(res->deps[k], pre->deps[i]) == 0;
		if (dup)
			continue;
		KA_GROW(res->deps, res->n_deps, res->cap_deps, 64);
		res->deps[res->n_deps++] = pre->deps[i];
		pre->deps[i] = NULL;
	}
	for (size_t i = 0; i < pre->n_skip; i++) {
		KA_GROW(res->prefix, res->n_prefix, res->cap_prefix, 64);
		res->prefix[res->n_prefix++] = pre->skip[i];
		pre->skip[i] = NULL;
	}
}

/* A prelude parse that is a probe stops at this many errors (ka_parse). */
enum { PRELUDE_PROBE_ERRORS = 20 };

/* A parse in mode m, stopped past error_limit errors (0: none).  A toolkit
 * parse reads the toolkit prefix precompiled (pch.c) when the run keeps a
 * cache, and over it the file's own preamble precompiled; their headers
 * join res->deps. */
static enum CXErrorCode parse_mode(const char *file, enum parse_mode m, unsigned error_limit,
				   const struct ka_analyzer_options *opt, struct ka_uresult *res,
				   struct CXUnsavedFile *un, CXIndex *index, CXTranslationUnit *tu)
{
	struct argv_b a = {0};
	enum CXErrorCode e;
	unsigned n_un = (unsigned)(ka_prelude_count + (m == PM_TOOLKIT ? n_redirects : 0));
	char **deps = NULL, *pch = NULL;
	size_t n_deps = 0;

	int n_mode = mode_args(&a, m, opt, res, error_limit);
	if (m == PM_TOOLKIT)
		pch = ka_pch_get(opt->pch_dir, a.v, a.n, n_mode, un, n_un, &deps, &n_deps);
	struct ka_preamble pre = {0};
	if (pch) {
		arg(&a, "-include-pch");
		arg(&a, pch);
		preamble_of(file, &a, pch, opt, un, n_un, &pre);
	}
	int ph = ka_phase_begin(m == PM_TOOLKIT		    ? "parse toolkit"
				: error_limit == PRELUDE_PROBE_ERRORS ? "parse prelude probe"
				: error_limit			    ? "parse prelude to compare"
								    : "parse prelude",
				pre.pch ? "over the precompiled preamble" : pch ? "over the precompiled prefix" : NULL);
	*index = NULL;
	if (pre.pch && parse_over_preamble(file, &a, pch, un, n_un, &pre, index, tu, &e)) {
		pre_deps(res, &pre);
	} else {
		*index = clang_createIndex(0, 0);
		e = clang_parseTranslationUnit2(*index, file, a.v, a.n, un, n_un,
						CXTranslationUnit_KeepGoing |
							CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
						tu);
	}
	ka_preamble_free(&pre);
	if (pch && (e != CXError_Success || !*tu || pch_refused(*tu, pch))) {
		if (e == CXError_Success && *tu)          /* parsed again without it, made again next time */
			clang_disposeTranslationUnit(*tu);
		clang_disposeIndex(*index);
		ka_pch_drop(pch);
		a.n -= 2;
		*index = clang_createIndex(0, 0);
		e = clang_parseTranslationUnit2(*index, file, a.v, a.n, un, n_un,
						CXTranslationUnit_KeepGoing |
							CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
						tu);
		for (size_t i = 0; i < n_deps; i++)
			free(deps[i]);
		free(deps);
		deps = NULL;
		n_deps = 0;
	}
	argv_free(&a);
	if (e != CXError_Success)
		*tu = NULL;
	for (size_t i = 0; *tu && i < n_deps; i++) {    /* the prefix, for the scan to skip */
		KA_GROW(res->prefix, res->n_prefix, res->cap_prefix, 64);
		res->prefix[res->n_prefix++] = ka_strdup(deps[i]);
	}
	for (size_t i = 0; i < n_deps; i++) {           /* the prefix's headers, as add_dep lists them */
		bool dup = false;
		for (size_t k = 0; k < res->n_deps && !dup; k++)
			dup = strcmp(res->deps[k], deps[i]) == 0;
		if (dup || !*tu) {
			free(deps[i]);
			continue;
		}
		KA_GROW(res->deps, res->n_deps, res->cap_deps, 64);
		res->deps[res->n_deps++] = deps[i];
	}
	free(deps);
	free(pch);
	ka_phase_end(ph);
	return e;
}

/* Did the parse stop at its -ferror-limit (clang's fatal "too many errors
 * emitted")? */
static bool stopped_at_limit(CXTranslationUnit tu)
{
	unsigned nd = clang_getNumDiagnostics(tu);
	bool stopped = false;
	for (unsigned i = nd; i-- > 0 && !stopped;) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(dg);
		const char *t = clang_getCString(s);
		stopped = clang_getDiagnosticSeverity(dg) == CXDiagnostic_Fatal && t &&
			  strncmp(t, "too many errors emitted", 23) == 0;
		clang_disposeString(s);
		clang_disposeDiagnostic(dg);
	}
	return stopped;
}

/* The prelude parse that is compared with the toolkit's (rival; NULL when
 * that one failed): the one with fewer errors is kept, so it stops one
 * error past the rival's count, where it can no longer be kept -- the
 * same choice as a full parse, which a file with an error both ways
 * otherwise pays in every edit (simpleAWBarrier.cu: 455 ms).  clang's
 * limit also counts the errors nvcc accepts (is_error): stopped with no
 * more than the rival's, it is parsed again in full. */
static enum CXErrorCode parse_prelude_against(const char *file, CXTranslationUnit rival,
					      const struct ka_analyzer_options *opt, struct ka_uresult *res,
					      struct CXUnsavedFile *un, CXIndex *index, CXTranslationUnit *tu)
{
	unsigned limit = rival ? count_errors(rival) + 1 : 0;
	enum CXErrorCode e = parse_mode(file, PM_PRELUDE, limit, opt, res, un, index, tu);
	if (limit && *tu && stopped_at_limit(*tu) && count_errors(*tu) - 1 < limit) {
		clang_disposeTranslationUnit(*tu);
		clang_disposeIndex(*index);
		e = parse_mode(file, PM_PRELUDE, 0, opt, res, un, index, tu);
	}
	return e;
}

/* Of two parses, the second (i2, t2, e2) replaces the first when `better`
 * (its headers named `headers`); the other one is disposed of. */
static void keep_better(CXIndex *index, CXTranslationUnit *tu, enum CXErrorCode *e, CXIndex i2, CXTranslationUnit t2,
			enum CXErrorCode e2, bool better, const char *headers, struct ka_uresult *res)
{
	if (better) {
		if (*tu)
			clang_disposeTranslationUnit(*tu);
		clang_disposeIndex(*index);
		*index = i2;
		*tu = t2;
		*e = e2;
		res->headers = headers;
	} else {
		if (t2)
			clang_disposeTranslationUnit(t2);
		clang_disposeIndex(i2);
	}
}

/* ---- which headers first ----------------------------------------------------------- */

static bool prelude_has(const char *name)
{
	for (size_t i = 0; i < ka_prelude_count; i++)
		if (strncmp(ka_prelude_files[i].path, "include/", 8) == 0 && strcmp(ka_prelude_files[i].path + 8, name) == 0)
			return true;
	return false;
}

static bool readable_in(const char *dir, const char *name, char *out, size_t n)
{
	snprintf(out, n, "%s/%s", dir, name);
	return access(out, R_OK) == 0;
}

/* A project header `name` names by quotes or brackets: beside the
 * including file, then on the user's -I paths.  Its path in out, or false. */
static bool project_header(const char *from, const char *name, const char *const *cc, char *out, size_t n)
{
	char *dir = ka_strdup(from), *sl = strrchr(dir, '/');
	bool found;
	if (sl)
		*sl = 0;
	found = readable_in(sl ? dir : ".", name, out, n);
	free(dir);
	for (int i = 0; !found && cc && cc[i]; i++) {
		if (strcmp(cc[i], "-I") == 0 && cc[i + 1])
			found = readable_in(cc[++i], name, out, n);
		else if (strncmp(cc[i], "-I", 2) == 0)
			found = readable_in(cc[i] + 2, name, out, n);
	}
	return found;
}

/* The include guards of the toolkit's runtime headers.  The prelude has
 * its own cuda_runtime.h and driver_types.h but not their guards, so a
 * project helper that keys its code on them (`#ifdef __DRIVER_TYPES_H__`:
 * the CUDA samples' helper_cuda.h, whose checkCudaErrors and
 * findCudaDevice every sample calls) loses that code under the prelude. */
static const char *const toolkit_guards[] = {"__DRIVER_TYPES_H__", "__CUDA_RUNTIME_H__", "__CUDA_RUNTIME_API_H__",
					     "__cuda_cuda_h__"};

/* Whether a preprocessor condition (the text after "#if", "#ifdef",
 * "#ifndef" or "#elif", to the line's end) tests one of the guards. */
static bool tests_toolkit_guard(const char *p, const char *nl)
{
	size_t n = nl ? (size_t)(nl - p) : strlen(p);
	for (size_t g = 0; g < sizeof(toolkit_guards) / sizeof(toolkit_guards[0]); g++) {
		size_t len = strlen(toolkit_guards[g]);
		for (const char *q = p; (q = memmem(q, n - (size_t)(q - p), toolkit_guards[g], len)) != NULL; q += len) {
			char after = q + len < p + n ? q[len] : ' ';
			if ((q == p || !(isalnum((unsigned char)q[-1]) || q[-1] == '_')) &&
			    !(isalnum((unsigned char)after) || after == '_'))
				return true;
		}
	}
	return false;
}

/* Whether `file`, or a project header it includes (4 deep, 64 files),
 * needs the toolkit: it names a header that only the toolkit has (none of
 * the project's, not the prelude's, and in <toolkit>/include:
 * curand_kernel.h, cublas_v2.h, thrust/...), or tests a runtime header's
 * guard (above).  The prelude parse fails on either ("file not found",
 * undeclared helpers), so the toolkit parse goes first and the probe is
 * not paid for.  A plain scan of # lines: one inside an #if counts too. */
static bool names_toolkit_only_header(const char *file, const char *tk, const char *const *cc, int depth,
				      int *budget)
{
	struct ka_buf b = {0};
	bool found = false;
	char path[4200];

	if (depth > 4 || --*budget < 0 || ka_read_file(file, 8u << 20, &b) != 0)
		return false;
	for (const char *line = b.data, *next; line && *line && !found; line = next) {
		const char *p = line;
		next = strchr(line, '\n');
		next = next ? next + 1 : NULL;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p++ != '#')
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "if", 2) == 0 || strncmp(p, "elif", 4) == 0) {
			found = tests_toolkit_guard(p, next);
			continue;
		}
		if (strncmp(p, "include", 7) != 0)
			continue;
		for (p += 7; *p == ' ' || *p == '\t';)
			p++;
		char close = *p == '<' ? '>' : *p == '"' ? '"' : 0;
		const char *end = close ? strchr(p + 1, close) : NULL;
		const char *nl = strchr(p, '\n');
		if (!end || (nl && end > nl) || end - p - 1 <= 0 || end - p - 1 >= 512)
			continue;
		char name[512];
		memcpy(name, p + 1, (size_t)(end - p - 1));
		name[end - p - 1] = 0;
		if (project_header(file, name, cc, path, sizeof(path)))
			found = names_toolkit_only_header(path, tk, cc, depth + 1, budget);
		else if (!prelude_has(name)) {
			snprintf(path, sizeof(path), "%s/include/%s", tk, name);
			found = access(path, R_OK) == 0;
		}
	}
	ka_buf_free(&b);
	return found;
}

int ka_parse(const char *file, const struct ka_analyzer_options *opt, CXIndex *index, CXTranslationUnit *tu,
	     struct ka_uresult *res)
{
	struct CXUnsavedFile *un = ka_xcalloc(ka_prelude_count + N_WRAPPER_NAMES, sizeof(*un));
	char **paths = ka_xcalloc(ka_prelude_count, sizeof(*paths));
	int rc = 0;
	int ph = ka_phase_begin("libclang load", NULL);
	const char *why = ka_libclang_load();
	ka_phase_end(ph);
	enum CXErrorCode e;

	if (why) {
		char *m = ka_xmalloc(strlen(file) + strlen(why) + 32);
		sprintf(m, "%s: %s", file, why);
		diag_add(res, m);
		free(un);
		free(paths);
		*index = NULL;
		*tu = NULL;
		return -ENOSYS;
	}
	for (size_t i = 0; i < ka_prelude_count; i++) {
		paths[i] = ka_xmalloc(strlen(KA_PRELUDE_ROOT) + strlen(ka_prelude_files[i].path) + 2);
		sprintf(paths[i], "%s/%s", KA_PRELUDE_ROOT, ka_prelude_files[i].path);
		un[i].Filename = paths[i];
		un[i].Contents = ka_prelude_files[i].data;
		un[i].Length = (unsigned long)ka_prelude_files[i].len;
	}
	/* With a toolkit to fall back on, the prelude parse is a probe that
	 * stops at PRELUDE_PROBE_ERRORS errors (a real project's file fails in
	 * libstdc++ at once: half the parse saved); it is redone (up to one
	 * error past the toolkit's) only when the toolkit's parse is not clean
	 * either, to keep the one with fewer. */
	bool toolkit = opt->lang == KA_LANG_CUDA && ka_parse_toolkit();
	if (toolkit) {                                  /* after the prelude: the toolkit parse's own */
		pthread_once(&redirect_once, redirect_find);
		memcpy(un + ka_prelude_count, redirects, n_redirects * sizeof(*un));
	}
	int budget = 64;
	if (toolkit && names_toolkit_only_header(file, ka_parse_toolkit(), opt->cc_args, 0, &budget)) {
		e = parse_mode(file, PM_TOOLKIT, 0, opt, res, un, index, tu);
		res->headers = "toolkit";
		if (*tu && count_errors(*tu) == 0)
			goto parsed;
		/* not clean: the prelude parse too, and the one with fewer
		 * errors kept, as below */
		CXIndex i2;
		CXTranslationUnit t2;
		enum CXErrorCode e2 = parse_prelude_against(file, *tu, opt, res, un, &i2, &t2);
		keep_better(index, tu, &e, i2, t2, e2, t2 && (!*tu || count_errors(t2) <= count_errors(*tu)), "prelude",
			    res);
		goto parsed;
	}
	e = parse_mode(file, PM_PRELUDE, toolkit ? PRELUDE_PROBE_ERRORS : 0, opt, res, un, index, tu);
	res->headers = "prelude";
	if (toolkit && (!*tu || count_errors(*tu) > 0)) {
		CXIndex i2;
		CXTranslationUnit t2;
		enum CXErrorCode e2 = parse_mode(file, PM_TOOLKIT, 0, opt, res, un, &i2, &t2);
		if (!t2 || count_errors(t2) > 0) {           /* the prelude's count, to compare */
			if (*tu)
				clang_disposeTranslationUnit(*tu);
			clang_disposeIndex(*index);
			e = parse_prelude_against(file, t2, opt, res, un, index, tu);
		}
		keep_better(index, tu, &e, i2, t2, e2, t2 && (!*tu || count_errors(t2) < count_errors(*tu)), "toolkit",
			    res);
	}
parsed:
	if (e != CXError_Success || !*tu) {
		char *m = ka_xmalloc(strlen(file) + 96);
		sprintf(m, "%s: libclang could not parse the file (error %d)", file, (int)e);
		diag_add(res, m);
		*tu = NULL;
		rc = -EINVAL;
	} else {
		unsigned nd = clang_getNumDiagnostics(*tu);
		res->parsed = true;
		for (unsigned i = 0; i < nd; i++) {
			CXDiagnostic dg = clang_getDiagnostic(*tu, i);
			enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
			if (is_error(dg)) {
				CXString s = clang_formatDiagnostic(dg, CXDiagnostic_DisplaySourceLocation |
									CXDiagnostic_DisplayColumn);
				res->errors++;
				diag_add(res, ka_strdup(clang_getCString(s)));
				clang_disposeString(s);
			} else if (sev == CXDiagnostic_Warning) {
				res->warnings++;
			}
			clang_disposeDiagnostic(dg);
		}
	}
	for (size_t i = 0; i < ka_prelude_count; i++)
		free(paths[i]);
	free(paths);
	free(un);
	return rc;
}

/* Withholding (DESIGN §6: what a parse error could change is not
 * guessed): the error's expansion location against each function's extent,
 * in the same file. */
bool ka_parse_errors_inside(CXTranslationUnit tu, const CXCursor *fns, size_t n)
{
	unsigned nd = clang_getNumDiagnostics(tu);
	bool inside = false;
	for (unsigned i = 0; i < nd && !inside; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		if (is_error(dg)) {
			CXFile ef;
			unsigned eo;
			clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &ef, NULL, NULL, &eo);
			for (size_t k = 0; ef && k < n && !inside; k++) {
				CXSourceRange r = clang_getCursorExtent(fns[k]);
				CXFile f1, f2;
				unsigned o1, o2;
				clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
				clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
				inside = f1 && f2 && clang_File_isEqual(f1, ef) && clang_File_isEqual(f2, ef) && eo >= o1 &&
					 eo <= o2;
			}
		}
		clang_disposeDiagnostic(dg);
	}
	return inside;
}

char *ka_cursor_file(CXCursor c)
{
	CXFile f;
	CXString s;
	char *r;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f)
		return ka_strdup("");
	s = clang_getFileName(f);
	/* absolute: the analysis cache serves any working directory */
	r = realpath(clang_getCString(s), NULL);
	if (!r)
		r = ka_strdup(clang_getCString(s));
	clang_disposeString(s);
	return r;
}

/* ---- children, stripping, locations ----------------------------------------------- */
struct kids {
	CXCursor *out;
	int n, max;
};

static enum CXChildVisitResult kid(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids *k = d;
	(void)parent;
	if (k->n < k->max)
		k->out[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

int ka_children(CXCursor c, CXCursor *out, int max)
{
	struct kids k = {out, 0, max};
	clang_visitChildren(c, kid, &k);
	return k.n < max ? k.n : max;
}

struct kids_all {
	CXCursor *v;
	int n;
	size_t cap;
};

static enum CXChildVisitResult kid_all(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids_all *k = d;
	(void)parent;
	KA_GROW(k->v, (size_t)k->n, k->cap, 16);
	k->v[k->n++] = c;
	return CXChildVisit_Continue;
}

CXCursor *ka_children_alloc(CXCursor c, int *n)
{
	struct kids_all k = {0};
	clang_visitChildren(c, kid_all, &k);
	*n = k.n;
	return k.v;
}

static bool is_ref_kind(enum CXCursorKind k)
{
	return k == CXCursor_TypeRef || k == CXCursor_TemplateRef || k == CXCursor_NamespaceRef ||
	       k == CXCursor_OverloadedDeclRef;
}

CXCursor ka_strip(CXCursor c)
{
	for (int guard = 0; guard < 64; guard++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CXCursor ch[4];
		int n;
		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
		    k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXFunctionalCastExpr &&
		    k != CXCursor_CXXConstCastExpr && k != CXCursor_CXXReinterpretCastExpr)
			return c;
		n = ka_children(c, ch, 4);
		/* casts may have a TypeRef child first: the operand is the last */
		while (n > 0 && is_ref_kind(clang_getCursorKind(ch[n - 1])))
			n--;
		if (n == 0)
			return c;
		if (k == CXCursor_UnexposedExpr && n != 1)
			return c;
		c = ch[n - 1];
	}
	return c;
}

bool ka_extent(const struct ka_an *an, CXCursor c, unsigned *start, unsigned *end)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f1, f2;
	unsigned o1, o2;
	clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &o1);
	clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &o2);
	if (!f1 || !f2 || !clang_File_isEqual(f1, an->main_file) || !clang_File_isEqual(f2, an->main_file))
		return false;
	if (o2 < o1 || o2 > an->src_len)
		return false;
	*start = o1;
	*end = o2;
	return true;
}

void ka_location(CXCursor c, int *line, int *col)
{
	unsigned l = 0, co = 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, &l, &co, NULL);
	*line = (int)l;
	*col = (int)co;
}

bool ka_in_main_file(const struct ka_an *an, CXCursor c)
{
	CXFile f;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, an->main_file);
}

char *ka_cursor_text(const struct ka_an *an, CXCursor c, size_t max)
{
	unsigned s, e;
	struct ka_buf b = {0};
	bool blank = false;
	if (!ka_extent(an, c, &s, &e) || e <= s) {
		/* inside a macro: its tokens, as the preprocessor spelt them */
		CXToken *t = NULL;
		unsigned n = 0;
		clang_tokenize(an->tu, clang_getCursorExtent(c), &t, &n);
		for (unsigned i = 0; i < n && b.len < max; i++) {
			CXString sp = clang_getTokenSpelling(an->tu, t[i]);
			ka_buf_printf(&b, "%s%s", i ? " " : "", clang_getCString(sp));
			clang_disposeString(sp);
		}
		if (t)
			clang_disposeTokens(an->tu, t, n);
		if (b.len > max) {
			b.len = max - 3;
			ka_buf_puts(&b, "...");
		}
		return b.data ? b.data : ka_strdup("?");
	}
	for (unsigned i = s; i < e; i++) {
		char ch = an->src[i];
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			blank = b.len > 0;
			continue;
		}
		if (blank)
			ka_buf_append(&b, " ", 1);
		blank = false;
		ka_buf_append(&b, &ch, 1);
		if (b.len >= max) {
			b.len = max - 3;
			ka_buf_puts(&b, "...");
			break;
		}
	}
	if (!b.data)
		return ka_strdup("");
	return b.data;
}

/* ---- operators ---------------------------------------------------------------------- */
static enum ka_op binop_from(const char *s, size_t n)
{
	static const struct { const char *t; enum ka_op op; } tab[] = {
		{"+", OP_ADD}, {"-", OP_SUB}, {"*", OP_MUL}, {"/", OP_DIV}, {"%", OP_REM}, {"<<", OP_SHL},
		{">>", OP_SHR}, {"&", OP_AND}, {"|", OP_OR}, {"^", OP_XOR}, {"<", OP_LT}, {">", OP_GT},
		{"<=", OP_LE}, {">=", OP_GE}, {"==", OP_EQ}, {"!=", OP_NE}, {"&&", OP_LAND}, {"||", OP_LOR},
		{"=", OP_ASSIGN}, {",", OP_COMMA}, {"+=", OP_ADD}, {"-=", OP_SUB}, {"*=", OP_MUL}, {"/=", OP_DIV},
		{"%=", OP_REM}, {"<<=", OP_SHL}, {">>=", OP_SHR}, {"&=", OP_AND}, {"|=", OP_OR}, {"^=", OP_XOR},
	};
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (strlen(tab[i].t) == n && memcmp(tab[i].t, s, n) == 0)
			return tab[i].op;
	return OP_NONE;
}

static enum ka_op unop_from(const char *s, size_t n, bool prefix)
{
	if (n == 2 && s[0] == '+' && s[1] == '+')
		return prefix ? OP_PREINC : OP_POSTINC;
	if (n == 2 && s[0] == '-' && s[1] == '-')
		return prefix ? OP_PREDEC : OP_POSTDEC;
	if (n != 1 || !prefix)
		return OP_NONE;
	switch (s[0]) {
	case '-': return OP_NEG;
	case '+': return OP_PLUS;
	case '~': return OP_NOT;
	case '!': return OP_LNOT;
	case '*': return OP_DEREF;
	case '&': return OP_ADDR;
	default: return OP_NONE;
	}
}

/* Text between two offsets with blanks and comments removed. */
static bool between(const struct ka_an *an, unsigned from, unsigned to, char *out, size_t max)
{
	size_t n = 0;
	for (unsigned i = from; i < to; i++) {
		char c = an->src[i];
		if (c == '/' && i + 1 < to && an->src[i + 1] == '/') {
			while (i < to && an->src[i] != '\n')
				i++;
			continue;
		}
		if (c == '/' && i + 1 < to && an->src[i + 1] == '*') {
			i += 2;
			while (i + 1 < to && !(an->src[i] == '*' && an->src[i + 1] == '/'))
				i++;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\')
			continue;
		if (n + 1 >= max)
			return false;
		out[n++] = c;
	}
	out[n] = 0;
	return n > 0;
}

/* Operators inside macro bodies: the children's extents all collapse to
 * the macro's name in the file, but a range between two of their start
 * locations tokenizes at the spelling, inside the #define.  The operator
 * is the token right before the right operand (prefix: the first one). */
static enum ka_op op_tokens(struct ka_an *an, CXCursor c, CXCursor *ch, int n, enum CXCursorKind k)
{
	CXToken *toks = NULL;
	unsigned nt = 0;
	enum ka_op op = OP_UNKNOWN;
	CXSourceLocation from, to;
	if (n < 1)
		return OP_UNKNOWN;
	if (k == CXCursor_UnaryOperator) {
		from = clang_getRangeStart(clang_getCursorExtent(c));
		to = clang_getRangeStart(clang_getCursorExtent(ch[0]));
	} else {
		if (n < 2)
			return OP_UNKNOWN;
		from = clang_getRangeStart(clang_getCursorExtent(ch[0]));
		to = clang_getRangeStart(clang_getCursorExtent(ch[1]));
	}
	clang_tokenize(an->tu, clang_getRange(from, to), &toks, &nt);
	if (nt >= 2 && nt < 4096) {
		CXString t = clang_getTokenSpelling(an->tu, toks[k == CXCursor_UnaryOperator ? 0 : nt - 2]);
		const char *sp = clang_getCString(t);
		op = k == CXCursor_UnaryOperator ? unop_from(sp, strlen(sp), true) : binop_from(sp, strlen(sp));
		if (op == OP_NONE)
			op = OP_UNKNOWN;
		clang_disposeString(t);
	}
	if (toks)
		clang_disposeTokens(an->tu, toks, nt);
	return op;
}

/* A location inside a macro expansion (body or argument).  libclang has no
 * call for it; a CXSourceLocation carries clang's raw SourceLocation in
 * int_data, whose top bit (SourceLocation::MacroIDBit) says exactly this. */
static bool in_macro(CXCursor c)
{
	return (clang_getRangeStart(clang_getCursorExtent(c)).int_data & 0x80000000u) != 0;
}

enum ka_op ka_operator(struct ka_an *an, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ch[3];
	int n = ka_children(c, ch, 3);
	unsigned s, e, s0, e0, s1, e1;
	char t[8];
	/* a node that starts in a macro has its operator in the macro body (or
	 * is built of macro arguments); one that starts in the file has it in
	 * the file, between the operands, even when an operand is a macro */
	bool macro = in_macro(c);
	bool whole = !macro && ka_extent(an, c, &s, &e);

	/* the operator's text in the file, between the operands -- when the node
	 * is spelt in the file as it stands (not through a macro: then its
	 * extent starts with the first operand and ends with the last) */
	if (k == CXCursor_UnaryOperator && n >= 1 && whole && ka_extent(an, ch[0], &s0, &e0) && (s0 > s || e0 < e)) {
		if (s0 > s && e0 == e && between(an, s, s0, t, sizeof(t))) {
			enum ka_op op = unop_from(t, strlen(t), true);
			if (op != OP_NONE)
				return op;
		}
		if (e0 < e && s0 == s && between(an, e0, e, t, sizeof(t))) {
			enum ka_op op = unop_from(t, strlen(t), false);
			if (op != OP_NONE)
				return op;
		}
	} else if (k != CXCursor_UnaryOperator && n >= 2 && (whole || ka_extent(an, c, &s, &e)) &&
		   ka_extent(an, ch[0], &s0, &e0) && ka_extent(an, ch[1], &s1, &e1) && s0 == s && e1 == e && e0 <= s1 &&
		   between(an, e0, s1, t, sizeof(t))) {
		/* (also a node that starts in a macro when that is only its first
		 * operand, an object-like macro in the file: HIP's
		 * `hipBlockIdx_x * hipBlockDim_x`; a node inside a macro body has
		 * every operand at the macro's name, nothing between them) */
		enum ka_op op = binop_from(t, strlen(t));
		if (op != OP_NONE)
			return op;
	}
	enum ka_op op = op_tokens(an, c, ch, n, k);
	/* between two macro arguments the tokens are the invocation's: a ','
	 * there is the argument separator, not the operator */
	return macro && op == OP_COMMA ? OP_UNKNOWN : op;
}

static bool is_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool ka_text_has_token(const struct ka_an *an, unsigned from, unsigned to, const char *tok)
{
	size_t n = strlen(tok);
	if (to > an->src_len || from >= to)
		return false;
	for (unsigned i = from; i + n <= to; i++) {
		if (memcmp(an->src + i, tok, n) != 0)
			continue;
		bool l = i == 0 || !is_ident_char(an->src[i - 1]);
		bool rr = i + n >= an->src_len || !is_ident_char(an->src[i + n]);
		if (l && rr)
			return true;
	}
	return false;
}

/* ---- declarations ------------------------------------------------------------------ */
/* The CUDA toolkit's cooperative groups (the real headers, not the
 * prelude's) put everything in an ABI namespace (cooperative_groups::__v1)
 * and the tiles' members in implementation bases; the intrinsics table
 * names them as the prelude and the CUDA guide do. */
static const char *const cg_tile_bases[] = {
	"__static_size_tile_base", "__static_size_thread_block_tile_base", "__single_warp_thread_block_tile",
	"__multi_warp_thread_block_tile", "__static_size_multi_warp_tile_base",
	"__static_parent_thread_block_tile_base", "thread_block_tile_impl",
};

static bool is_cg_abi_namespace(const char *s)
{
	if (strncmp(s, "__v", 3) != 0 || !s[3])
		return false;
	for (s += 3; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

void ka_callee_key(CXCursor decl, char *buf, size_t n)
{
	CXString name = clang_getCursorSpelling(decl);
	CXCursor parent = clang_getCursorSemanticParent(decl);
	enum CXCursorKind pk = clang_getCursorKind(parent);
	if (pk == CXCursor_Namespace || pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl ||
	    pk == CXCursor_ClassTemplate || pk == CXCursor_ClassTemplatePartialSpecialization) {
		CXString p = clang_getCursorSpelling(parent);
		const char *ps = clang_getCString(p);
		if (pk == CXCursor_Namespace && is_cg_abi_namespace(ps))
			ps = "cooperative_groups";
		for (size_t i = 0; i < sizeof(cg_tile_bases) / sizeof(cg_tile_bases[0]); i++)
			if (pk != CXCursor_Namespace && strcmp(ps, cg_tile_bases[i]) == 0)
				ps = "thread_block_tile";
		snprintf(buf, n, "%s::%s", ps, clang_getCString(name));
		clang_disposeString(p);
	} else {
		snprintf(buf, n, "%s", clang_getCString(name));
	}
	clang_disposeString(name);
}

bool ka_is_from_prelude(CXCursor decl)
{
	CXFile f;
	CXString s;
	bool r;
	clang_getExpansionLocation(clang_getCursorLocation(decl), &f, NULL, NULL, NULL);
	if (!f)
		return true;     /* compiler builtins have no file */
	s = clang_getFileName(f);
	r = strncmp(clang_getCString(s), KA_PRELUDE_ROOT "/", strlen(KA_PRELUDE_ROOT) + 1) == 0;
	clang_disposeString(s);
	return r;
}

bool ka_type_is_float(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Float || t.kind == CXType_Double || t.kind == CXType_LongDouble ||
	       t.kind == CXType_Half || t.kind == CXType_Float16 || t.kind == CXType_BFloat16;
}

bool ka_type_is_integer(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) || t.kind == CXType_Enum;
}

struct attr_find {
	enum CXCursorKind k;
	bool found;
};

static enum CXChildVisitResult attr_visit(CXCursor c, CXCursor p, CXClientData d)
{
	struct attr_find *a = d;
	(void)p;
	if (clang_getCursorKind(c) == a->k) {
		a->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

bool ka_has_attr(CXCursor decl, enum CXCursorKind attr)
{
	struct attr_find a = {attr, false};
	clang_visitChildren(decl, attr_visit, &a);
	return a.found;
}

bool ka_is_kernel(CXCursor fn)
{
	return ka_has_attr(fn, CXCursor_CUDAGlobalAttr);
}

/* A local variable that keeps its initializer: const, or never written in
 * the function it is declared in (not assigned, incremented, or its address
 * or a non-const reference taken -- any use but a read refuses it). */
struct writes {
	CXCursor var;
	bool written;
	int n;                          /* how many writes (ka_count_writes) */
};

/* Whether a is b's first operand.  A node's cursors met on two walks need
 * not compare equal (clang_equalCursors: a parent's ka_children and the
 * visitor's own), so the node is known by its kind and extent. */
static bool first_operand(CXCursor parent, CXCursor a)
{
	CXCursor ch[2];
	if (ka_children(parent, ch, 2) != 2 || clang_getCursorKind(ch[0]) != clang_getCursorKind(a))
		return false;
	CXSourceRange x = clang_getCursorExtent(ch[0]), y = clang_getCursorExtent(a);
	return clang_equalLocations(clang_getRangeStart(x), clang_getRangeStart(y)) &&
	       clang_equalLocations(clang_getRangeEnd(x), clang_getRangeEnd(y));
}

static enum CXChildVisitResult find_writes(CXCursor c, CXCursor parent, CXClientData d)
{
	struct writes *w = d;
	enum CXCursorKind pk = clang_getCursorKind(parent);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(c), w->var)) {
		/* a read: an operand of arithmetic, a call argument by value, a
		 * member read; anything else counts as a write */
		if (pk == CXCursor_UnaryOperator || pk == CXCursor_CompoundAssignOperator)
			w->written = true, w->n++;
		if (pk == CXCursor_BinaryOperator && first_operand(parent, c))
			w->written = true, w->n++;      /* x = ... (or x op ..., harmless to refuse) */
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) == CXCursor_MemberRefExpr && pk == CXCursor_BinaryOperator) {
		CXCursor base[1];
		if (first_operand(parent, c) && ka_children(c, base, 1) == 1 &&
		    clang_equalCursors(clang_getCursorReferenced(ka_strip(base[0])), w->var))
			w->written = true, w->n++;              /* b.x = ... */
	}
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXString s = clang_getCursorSpelling(c);
		const char *n = clang_getCString(s);
		if (n && strncmp(n, "operator", 8) == 0 && strcmp(n, "operator()") != 0) {
			CXCursor ch[1];
			if (ka_children(c, ch, 1) == 1) {
				CXCursor b = ka_strip(ch[0]);
				if (clang_getCursorKind(b) == CXCursor_MemberRefExpr && ka_children(b, ch, 1) == 1)
					b = ka_strip(ch[0]);
				if (clang_equalCursors(clang_getCursorReferenced(b), w->var))
					w->written = true, w->n++;      /* b = dim3(...), b.x += ... */
			}
		}
		clang_disposeString(s);
	}
	return CXChildVisit_Recurse;
}

bool ka_keeps_init(CXCursor fn, CXCursor var)
{
	CXType t = clang_getCursorType(var);
	struct writes w = {var, false, 0};
	if (clang_isConstQualifiedType(t))
		return true;
	if (clang_getCanonicalType(t).kind == CXType_LValueReference || clang_Cursor_isNull(fn) ||
	    clang_Cursor_hasVarDeclGlobalStorage(var))
		return false;
	if (!clang_equalCursors(clang_getCursorSemanticParent(var), fn))
		return false;
	clang_visitChildren(fn, find_writes, &w);
	return !w.written;
}

int ka_count_writes(CXCursor fn, CXCursor var)
{
	struct writes w = {var, false, 0};
	if (clang_Cursor_isNull(fn))
		return -1;
	clang_visitChildren(fn, find_writes, &w);
	return w.n;
}

bool ka_is_implicit_init(CXCursor init)
{
	CXCursor s = ka_strip(init), ch[2];
	if (clang_getCursorKind(s) != CXCursor_CallExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(s);
	if (clang_getCursorKind(d) != CXCursor_Constructor)
		return false;
	int n = ka_children(s, ch, 2);
	for (int i = 0; i < n; i++)
		if (clang_isExpression(clang_getCursorKind(ch[i])))
			return false;
	return true;
}

bool ka_eval_int(CXCursor c, int64_t *out)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXEvalResult r;
	bool ok = false;
	if (k == CXCursor_IntegerLiteral || k == CXCursor_CharacterLiteral || k == CXCursor_CXXBoolLiteralExpr ||
	    k == CXCursor_DeclRefExpr || k == CXCursor_UnaryExpr || k == CXCursor_BinaryOperator ||
	    k == CXCursor_UnaryOperator || k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	    k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr) {
		r = clang_Cursor_Evaluate(c);
		if (r) {
			if (clang_EvalResult_getKind(r) == CXEval_Int) {
				*out = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
									 : clang_EvalResult_getAsLongLong(r);
				ok = true;
			}
			clang_EvalResult_dispose(r);
		}
	}
	return ok;
}

/* "ns::S::name": c's spelling after its enclosing namespaces and classes
 * (skip_anonymous: an anonymous namespace adds nothing, as nvcc's names
 * of launched kernels are matched; else it adds an empty part). */
char *ka_cursor_qualified_name(CXCursor c, bool skip_anonymous)
{
	struct ka_buf b = {0};
	CXCursor chain[16];
	int n = 0;
	chain[n++] = c;
	for (CXCursor p = clang_getCursorSemanticParent(c);
	     n < 16 && !clang_Cursor_isNull(p) && clang_getCursorKind(p) != CXCursor_TranslationUnit;
	     p = clang_getCursorSemanticParent(p)) {
		enum CXCursorKind k = clang_getCursorKind(p);
		if (k == CXCursor_Namespace || k == CXCursor_StructDecl || k == CXCursor_ClassDecl) {
			CXString s = clang_getCursorSpelling(p);
			const char *t = clang_getCString(s);
			bool anon = !t || !*t;
			clang_disposeString(s);
			if (!anon || !skip_anonymous)
				chain[n++] = p;
		}
	}
	for (int i = n - 1; i >= 0; i--) {
		CXString s = clang_getCursorSpelling(chain[i]);
		ka_buf_printf(&b, "%s%s", b.len ? "::" : "", clang_getCString(s));
		clang_disposeString(s);
	}
	return b.data ? b.data : ka_strdup("");
}
