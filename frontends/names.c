/* names.c — kernel names and where they are defined: C++ demangling through
 * the C++ runtime's __cxa_demangle (the Itanium ABI demangler every CUDA
 * toolchain uses), and a light scan of the source for the line of a
 * kernel's definition (the libclang analyzer gives exact positions).
 * libstdc++ is loaded on the first mangled name, not linked: a process
 * that names no kernel (--version, the calculator) does not pay for it. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Itanium C++ ABI, exported with C linkage by libstdc++ (and libc++abi). */
typedef char *cxa_demangle_fn(const char *mangled, char *buf, size_t *len, int *status);
static cxa_demangle_fn *cxa_demangle;     /* set once, read-only afterwards; NULL: none */
static void *cxx_runtime;                 /* its handle, kept: the library stays loaded */
static pthread_once_t demangler_once = PTHREAD_ONCE_INIT;

static void demangler_load(void)
{
	static const char *const libs[] = {"libstdc++.so.6", "libc++abi.so.1"};
	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]) && !cxa_demangle; i++)
		if ((cxx_runtime = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL)) != NULL)
			*(void **)&cxa_demangle = dlsym(cxx_runtime, "__cxa_demangle");
}

/* Names demangled before: a library holds each kernel once per arch
 * (libcusparse: 8 archs of about 5000 kernels), and demangling was 8 % of
 * reading it.  Open addressing over the name's hash, grown at half full;
 * behind a mutex, the binary readers may run on several threads. */
struct demangled {
	char *mangled, *text;
	uint64_t hash;
};
static struct {
	struct demangled *v;
	size_t cap, n;
	pthread_mutex_t mu;
} memo = {.mu = PTHREAD_MUTEX_INITIALIZER};

static uint64_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;        /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static struct demangled *memo_slot(struct demangled *v, size_t cap, const char *mangled, uint64_t h)
{
	size_t i = (size_t)h & (cap - 1);
	while (v[i].mangled && (v[i].hash != h || strcmp(v[i].mangled, mangled) != 0))
		i = (i + 1) & (cap - 1);
	return &v[i];
}

/* The text memoised for `mangled` (a copy), or NULL. */
static char *memo_get(const char *mangled, uint64_t h)
{
	char *t = NULL;
	pthread_mutex_lock(&memo.mu);
	if (memo.cap) {
		struct demangled *e = memo_slot(memo.v, memo.cap, mangled, h);
		t = e->mangled ? ka_strdup(e->text) : NULL;
	}
	pthread_mutex_unlock(&memo.mu);
	return t;
}

static void memo_put(const char *mangled, uint64_t h, const char *text)
{
	pthread_mutex_lock(&memo.mu);
	if (2 * (memo.n + 1) > memo.cap) {
		size_t cap = memo.cap ? 2 * memo.cap : 1024;
		struct demangled *v = ka_xcalloc(cap, sizeof(*v));
		for (size_t i = 0; i < memo.cap; i++)
			if (memo.v[i].mangled)
				*memo_slot(v, cap, memo.v[i].mangled, memo.v[i].hash) = memo.v[i];
		free(memo.v);
		memo.v = v;
		memo.cap = cap;
	}
	struct demangled *e = memo_slot(memo.v, memo.cap, mangled, h);
	if (!e->mangled) {
		*e = (struct demangled){ka_strdup(mangled), ka_strdup(text), h};
		memo.n++;
	}
	pthread_mutex_unlock(&memo.mu);
}

char *ka_demangle(const char *mangled)
{
	int status = 0;
	char *s;
	uint64_t h;

	/* a kernel of internal linkage in a relocatable (-rdc) compile:
	 * __nv_static_<n>__<module id>_<file>_<...>__Z<the kernel's name> */
	const char *inner = strncmp(mangled, "__nv_static_", 12) == 0 ? strstr(mangled + 12, "__Z") : NULL;
	if (inner) {
		char *s2 = ka_demangle(inner + 1);
		if (strcmp(s2, inner + 1) != 0)
			return s2;
		free(s2);
		return ka_strdup(mangled);
	}
	if (strncmp(mangled, "_Z", 2) != 0)
		return ka_strdup(mangled);
	pthread_once(&demangler_once, demangler_load);
	if (!cxa_demangle)                        /* no C++ runtime: the mangled name */
		return ka_strdup(mangled);
	h = name_hash(mangled);
	if ((s = memo_get(mangled, h)) != NULL)
		return s;
	s = cxa_demangle(mangled, NULL, NULL, &status);
	if (status != 0 || !s) {
		free(s);
		s = ka_strdup(mangled);
	}
	memo_put(mangled, h, s);
	return s;
}

/* The unqualified identifier of a demangled name:
 * "void ns::k<64>(float*, int)" -> "k", "reduce_r6(float const*, float*)" -> "reduce_r6". */
static size_t base_identifier(const char *name, const char **start)
{
	const char *end = name + strlen(name);
	const char *p = strchr(name, '(');
	int depth = 0;

	if (p)
		end = p;
	/* drop trailing template arguments */
	p = end;
	while (p > name) {
		p--;
		if (*p == '>')
			depth++;
		else if (*p == '<' && --depth == 0) {
			end = p;
			continue;
		}
		if (depth == 0 && *p != '>' && !isspace((unsigned char)*p))
			break;
	}
	p = end;
	while (p > name && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
		p--;
	*start = p;
	return (size_t)(end - p);
}

int ka_source_find_kernel_line(const char *src, size_t len, const char *demangled)
{
	const char *id;
	size_t n = base_identifier(demangled, &id);
	const char *decl = src;   /* start of the current declaration */
	int line = 1, decl_has_global = 0;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < len; i++) {
		char c = src[i];
		if (c == '\n') {
			line++;
			continue;
		}
		if (c == ';' || c == '{' || c == '}') {
			decl = src + i + 1;
			decl_has_global = 0;
			continue;
		}
		if (c == '/' && i + 1 < len && src[i + 1] == '/') {       /* line comment */
			while (i < len && src[i] != '\n')
				i++;
			line++;
			continue;
		}
		if (!(isalpha((unsigned char)c) || c == '_') ||
		    (i > 0 && (isalnum((unsigned char)src[i - 1]) || src[i - 1] == '_')))
			continue;
		size_t j = i;
		while (j < len && (isalnum((unsigned char)src[j]) || src[j] == '_'))
			j++;
		if (j - i == 10 && memcmp(src + i, "__global__", 10) == 0) {
			decl_has_global = 1;
		} else if (decl_has_global && j - i == n && memcmp(src + i, id, n) == 0) {
			size_t k = j;
			while (k < len && isspace((unsigned char)src[k]))
				k++;
			if (k < len && (src[k] == '(' || src[k] == '<'))
				return line;
		}
		i = j - 1;
	}
	(void)decl;
	return 0;
}
