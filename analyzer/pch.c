/* pch.c — the toolkit prefix, precompiled once.  A toolkit parse
 * (parse.c) spends most of its time in what every file reads before its
 * own first line: clang's CUDA wrapper header (through it the toolkit's
 * cuda_runtime.h and libstdc++'s <cmath>, <new>, <algorithm>) and
 * ka_cuda_toolkit.h.  Measured with clang 16 and CUDA 13 on this project's
 * bench machine: an empty .cu costs 0.7 s of CPU that way, and a file
 * parsed over a precompiled prefix costs what its own lines cost.
 *
 * So the prefix is parsed once per set of parse flags and saved as a
 * precompiled header (clang_saveTranslationUnit, the AST file that
 * -include-pch reads) in the result cache's directory, pch/<key>.pch,
 * beside pch/<key>.deps: the headers it read, which the file's result key
 * must still cover (analyzer/cache.c hashes every dependency).  The key is
 * libclang's version, every parse flag (the user's -D/-I/-std among them),
 * the unsaved files' names and bytes (the prelude, the wrapper redirects).
 * clang itself refuses a PCH whose headers changed since it was made; the
 * caller then drops it (ka_pch_drop) and parses without.  At most
 * KA_PCH_KEEP of them are kept, the least recently used removed first.
 * The cache is per user (0700), so a PCH read here is one kanalyze wrote. */
#define _GNU_SOURCE
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>

enum { KA_PCH_KEEP = 8 };

#define PCH_PREFIX_FILE "/kanalyze-prelude/ka_pch_prefix.cu"

static char *pch_file(const char *dir, const char *key, const char *ext)
{
	size_t n = strlen(dir) + strlen(key) + strlen(ext) + 8;
	char *p = ka_xmalloc(n);
	snprintf(p, n, "%s/pch/%s%s", dir, key, ext);
	return p;
}

static void key_of(const char *const *args, int n_args, const struct CXUnsavedFile *un, unsigned n_un,
		   char hex[KA_HASH_HEX])
{
	struct ka_hash h;
	CXString v = clang_getClangVersion();
	ka_hash_init(&h);
	ka_hash_str(&h, "kanalyze-pch 1");
	ka_hash_str(&h, clang_getCString(v));
	clang_disposeString(v);
	for (int i = 0; i < n_args; i++)
		ka_hash_str(&h, args[i]);
	for (unsigned i = 0; i < n_un; i++) {
		ka_hash_str(&h, un[i].Filename);
		ka_hash_update(&h, un[i].Contents, un[i].Length);
	}
	ka_hash_final(&h, hex);
}

/* A regular file of ours (no link followed), or false. */
static bool plain_file(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid();
}

/* The headers a PCH read, one absolute path a line. */
static void deps_read(const char *path, char ***deps, size_t *n)
{
	struct ka_buf b = {0};
	*deps = NULL;
	*n = 0;
	if (!plain_file(path) || ka_read_file(path, 1u << 20, &b) != 0)
		return;
	for (char *p = b.data, *nl; p && *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = 0;
		if (*p == '/') {
			*deps = ka_xrealloc(*deps, (*n + 1) * sizeof(**deps));
			(*deps)[(*n)++] = ka_strdup(p);
		}
	}
	ka_buf_free(&b);
}

char *ka_file_real(CXFile f)
{
	CXString s = clang_getFileName(f);
	const char *name = clang_getCString(s);
	char *abs = name && strncmp(name, "/kanalyze-prelude/", 18) != 0 ? realpath(name, NULL) : NULL;
	clang_disposeString(s);
	return abs;
}

static void dep_add(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData d)
{
	char *abs = ka_file_real(f);
	(void)stack;
	(void)n;
	if (abs)
		ka_buf_printf(d, "%s\n", abs);
	free(abs);
}

/* A PCH's temporary ("<key>.pch.<pid>.tmp", 6.5 MB for CUDA 13's prefix)
 * whose writer was killed before its rename: the pid runs no more, and a
 * minute has passed (a process of another machine sharing the cache has
 * had its minute). */
static bool dead_temp(int dfd, const char *name)
{
	const char *dot = strstr(name, ".pch.");
	char *end;
	long pid;
	struct stat st;
	size_t len = strlen(name);
	if (!dot || len < 4 || strcmp(name + len - 4, ".tmp") != 0)
		return false;
	pid = strtol(dot + 5, &end, 10);
	if (end == dot + 5 || strcmp(end, ".tmp") != 0 || pid <= 0 || pid == (long)getpid() ||
	    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
		return false;
	return fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
	       time(NULL) - st.st_mtime > 60;
}

/* Keep the KA_PCH_KEEP most recently used; remove the rest (and their deps),
 * and the temporaries of writers that were killed. */
static void trim(const char *dir)
{
	struct ka_buf d = {0};
	struct entry {
		char name[80];
		time_t used;
	} *v = NULL;
	size_t n = 0;
	DIR *dh;
	struct dirent *e;

	ka_buf_printf(&d, "%s/pch", dir);
	if (!(dh = opendir(d.data))) {
		ka_buf_free(&d);
		return;
	}
	while ((e = readdir(dh)) != NULL) {
		size_t len = strlen(e->d_name);
		struct stat st;
		if (dead_temp(dirfd(dh), e->d_name)) {
			unlinkat(dirfd(dh), e->d_name, 0);
			continue;
		}
		if (len < 5 || len >= sizeof(v->name) || strcmp(e->d_name + len - 4, ".pch") != 0 ||
		    fstatat(dirfd(dh), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		v = ka_xrealloc(v, (n + 1) * sizeof(*v));
		snprintf(v[n].name, sizeof(v[n].name), "%s", e->d_name);
		v[n++].used = st.st_mtime;
	}
	while (n > KA_PCH_KEEP) {
		size_t oldest = 0;
		for (size_t i = 1; i < n; i++)
			if (v[i].used < v[oldest].used)
				oldest = i;
		char deps[96];
		snprintf(deps, sizeof(deps), "%.*s.deps", (int)strlen(v[oldest].name) - 4, v[oldest].name);
		unlinkat(dirfd(dh), v[oldest].name, 0);
		unlinkat(dirfd(dh), deps, 0);
		v[oldest] = v[--n];
	}
	closedir(dh);
	free(v);
	ka_buf_free(&d);
}

/* Parse the prefix alone and save it: the PCH, then its deps. */
static bool build(const char *dir, const char *path, const char *deps_path, const char *const *args, int n_args,
		  struct CXUnsavedFile *un, unsigned n_un)
{
	struct CXUnsavedFile *all = ka_xcalloc(n_un + 1, sizeof(*all));
	CXIndex index = clang_createIndex(0, 0);
	CXTranslationUnit tu = NULL;
	struct ka_buf tmp = {0}, deps = {0}, sub = {0};
	bool ok = false;

	memcpy(all, un, n_un * sizeof(*un));
	all[n_un] = (struct CXUnsavedFile){PCH_PREFIX_FILE, "", 0};
	ka_buf_printf(&sub, "%s/pch", dir);
	if (ka_mkdirs(sub.data, 0700) != 0)
		goto out;
	if (clang_parseTranslationUnit2(index, PCH_PREFIX_FILE, args, n_args, all, n_un + 1,
					CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization,
					&tu) != CXError_Success || !tu)
		goto out;
	for (unsigned i = 0, nd = clang_getNumDiagnostics(tu); i < nd; i++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, i);
		bool bad = clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(dg);
		if (bad)                                /* a prefix that does not parse is no prefix */
			goto out;
	}
	clang_getInclusions(tu, dep_add, &deps);
	ka_buf_printf(&tmp, "%s.%ld.tmp", path, (long)getpid());
	if (ka_write_file_atomic(deps_path, deps.data ? deps.data : "", deps.len) != 0)
		goto out;
	if (clang_saveTranslationUnit(tu, tmp.data, clang_defaultSaveOptions(tu)) != CXSaveError_None ||
	    rename(tmp.data, path) != 0) {
		unlink(tmp.data);
		goto out;
	}
	ok = true;
	trim(dir);
out:
	if (tu)
		clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	free(all);
	ka_buf_free(&tmp);
	ka_buf_free(&deps);
	ka_buf_free(&sub);
	return ok;
}

char *ka_pch_get(const char *dir, const char *const *args, int n_args, struct CXUnsavedFile *un, unsigned n_un,
		 char ***deps, size_t *n_deps)
{
	char key[KA_HASH_HEX];
	char *path, *deps_path;

	*deps = NULL;
	*n_deps = 0;
	if (!dir)
		return NULL;
	for (int i = 0; i < n_args; i++)               /* a file's own -include would be read twice */
		if (strcmp(args[i], "-include") == 0 && i + 1 < n_args &&
		    strncmp(args[i + 1], "/kanalyze-prelude/", 18) != 0)
			return NULL;
	key_of(args, n_args, un, n_un, key);
	path = pch_file(dir, key, ".pch");
	deps_path = pch_file(dir, key, ".deps");
	if (!plain_file(path) || !plain_file(deps_path)) {
		int ph = ka_phase_begin("precompile prefix", NULL);
		bool made = build(dir, path, deps_path, args, n_args, un, n_un);
		ka_phase_end(ph);
		if (!made) {
			free(path);
			free(deps_path);
			return NULL;
		}
	} else {
		utimensat(AT_FDCWD, path, NULL, AT_SYMLINK_NOFOLLOW);   /* used now: trim keeps it */
		trim(dir);                        /* a killed writer's temporary goes too */
	}
	deps_read(deps_path, deps, n_deps);
	free(deps_path);
	return path;
}

void ka_pch_drop(const char *path)
{
	size_t n = strlen(path);
	char *deps = ka_xmalloc(n + 2);
	unlink(path);
	snprintf(deps, n + 2, "%.*s.deps", (int)n - 4, path);
	unlink(deps);
	free(deps);
}
