/* clang_dl.c — libclang, loaded on first use.  Linking libclang-16 costs
 * every kanalyze process about 18 ms at start-up (libclang and libLLVM are
 * loaded and relocated), also when no analysis runs; so the analyzer calls
 * these forwarders instead, which dlopen the library once (thread-safe) and
 * jump to its functions (libclang.def lists them with their signatures).
 * ka_libclang_load says whether the library is there. */
#define _GNU_SOURCE
#include "internal.h"

#include <dlfcn.h>
#include <glob.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef KA_LIBCLANG_PATH
#define KA_LIBCLANG_PATH "libclang-16.so.1"
#endif

static struct {
#define KA_CLANG(ret, name, params, args) ret(*name) params;
#include "libclang.def"
#undef KA_CLANG
} fn;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *load_error;        /* set once, read-only afterwards */
static char load_msg[512];
static char wrappers[PATH_MAX];       /* clang's cuda_wrappers/, "" unknown */

/* clang's CUDA wrapper headers (<new>, <cmath> ... for device code) beside
 * the library: libclang's driver does not put them on the include path
 * itself (measured with Debian's libclang-16: `new (p) T` in cub's
 * block_load.cuh then has no placement operator new), so parse.c adds them.
 * LLVM's layout (lib/clang/N/include) and Debian's (include/clang/N.M.P). */
static void find_wrappers(void *h)
{
	static const char *const pat[] = {"%s/clang/*/include/cuda_wrappers/new",
					  "%s/../../include/clang/*/include/cuda_wrappers/new",
					  "%s/../lib/clang/*/include/cuda_wrappers/new"};
	Dl_info info;
	char dir[PATH_MAX], *real, *slash;
	if (!dladdr(dlsym(h, "clang_createIndex"), &info) || !info.dli_fname ||
	    !(real = realpath(info.dli_fname, NULL)))
		return;
	slash = strrchr(real, '/');
	if (slash)
		*slash = 0;
	snprintf(dir, sizeof(dir), "%s", real);
	free(real);
	for (size_t i = 0; i < sizeof(pat) / sizeof(pat[0]) && !wrappers[0]; i++) {
		char p[PATH_MAX + 64];
		glob_t g;
		snprintf(p, sizeof(p), pat[i], dir);
		if (glob(p, 0, NULL, &g) == 0 && g.gl_pathc > 0) {
			snprintf(wrappers, sizeof(wrappers), "%s", g.gl_pathv[g.gl_pathc - 1]);
			wrappers[strlen(wrappers) - 4] = 0;          /* drop "/new" */
		}
		globfree(&g);
	}
}

const char *ka_libclang_cuda_wrappers(void)
{
	return ka_libclang_load() || !wrappers[0] ? NULL : wrappers;
}

static void load(void)
{
	/* $KANALYZE_LIBCLANG, the library the build found, then the names the
	 * Debian/LLVM packages use */
	const char *env = getenv("KANALYZE_LIBCLANG");
	const char *names[] = {env, KA_LIBCLANG_PATH, "libclang-16.so.1", "libclang-16.so",
			       "/usr/lib/llvm-16/lib/libclang.so.1", "libclang.so.1"};
	static void *h;                       /* kept: the library stays loaded */
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && !h; i++)
		if (names[i] && names[i][0])
			h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(load_msg, sizeof(load_msg), "libclang-16 not found (%s); install libclang-16-dev or set "
			 "KANALYZE_LIBCLANG", KA_LIBCLANG_PATH);
		load_error = load_msg;
		return;
	}
#define KA_CLANG(ret, name, params, args)                                                           \
	*(void **)&fn.name = dlsym(h, #name);                                                      \
	if (!fn.name) {                                                                            \
		snprintf(load_msg, sizeof(load_msg), "libclang has no %s (libclang 16 or later is needed)", #name); \
		load_error = load_msg;                                                             \
		return;                                                                            \
	}
#include "libclang.def"
#undef KA_CLANG
	find_wrappers(h);
}

const char *ka_libclang_load(void)
{
	pthread_once(&once, load);
	return load_error;
}

#define KA_CLANG(ret, name, params, args) \
	ret name params                   \
	{                                 \
		return fn.name args;      \
	}
/* a walk past the guard's bounds visits nothing more (1: "stopped") */
#define KA_CLANG_GUARDED(ret, name, params, args) \
	ret name params                           \
	{                                         \
		if (!ka_guard_ok())               \
			return 1;                 \
		return fn.name args;              \
	}
#include "libclang.def"
#undef KA_CLANG

const char *ka_libclang_describe(char *version, size_t n, const char **why)
{
	static char path[PATH_MAX];
	Dl_info info;
	char *real;
	*why = ka_libclang_load();
	version[0] = '\0';
	if (*why)
		return NULL;
	if (!path[0] && dladdr(*(void **)&fn.clang_getClangVersion, &info) && info.dli_fname &&
	    (real = realpath(info.dli_fname, NULL)) != NULL) {
		snprintf(path, sizeof(path), "%s", real);
		free(real);
	}
	CXString v = fn.clang_getClangVersion();
	snprintf(version, n, "%s", fn.clang_getCString(v) ? fn.clang_getCString(v) : "");
	fn.clang_disposeString(v);
	return path[0] ? path : "(loaded; path unknown)";
}
