/* result_cache.c — the source frontends' compile results in kanalyze's
 * result cache (core.h), one protocol for CUDA and HIP: each frontend says
 * what its key is (its compiler, flags, arch, the source's bytes) and what a
 * plausible entry of its vendor looks like; opening, the manifest walk, the
 * read-back check and the store are here once.  A result that does not read
 * back is a miss, never an error; a source that changed while it compiled is
 * stored under its result key but not listed under the direct key. */
#define _GNU_SOURCE
#include "lib.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool ka_result_cache_open(struct ka_cache *c, struct ka_diag *d)
{
	int r = ka_cache_open(c, NULL);
	const char *dir = getenv("KANALYZE_CACHE_DIR");
	if (r == 0)
		return true;
	ka_diag_note(d, NULL, "result cache off: cannot use %s: %s", dir && *dir ? dir : "~/.cache/kanalyze",
		     ka_cache_strerror(r));
	return false;
}

bool ka_result_cache_get(const struct ka_cache *c, const char *direct, const char *arch,
			 bool (*plausible)(const struct ka_kernel_list *, size_t first, const char *arch),
			 struct ka_kernel_list *out, char **version)
{
	char rkey[KA_HASH_HEX];
	struct ka_buf val = {0};
	char *v = NULL;
	size_t first = out->n;
	bool hit = false;

	if (!direct[0] || ka_manifest_check(c, direct, rkey) != 0 || ka_cache_get(c, "r", rkey, &val) != 0)
		goto out;
	if (ka_kernels_from_json(val.data, val.len, "kanalyze_cache", NULL, out, &v, NULL) != 0 ||
	    !plausible(out, first, arch)) {
		while (out->n > first)          /* unreadable: drop what was read, compile again */
			ka_kernel_free(&out->v[--out->n]);
		goto out;
	}
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

void ka_result_cache_put(const struct ka_cache *c, const char *direct, const char *rkey, const char *file,
			 const char *const *deps, size_t n_deps, const char *const *search, const char *version,
			 const struct ka_kernel *kernels, size_t n, long long started)
{
	char *json = ka_kernels_json(kernels, n, "kanalyze_cache", NULL, version);
	struct stat st;
	/* the source itself must not have changed since the compile began */
	if (ka_cache_put(c, "r", rkey, json, strlen(json)) == 0 && direct[0] && stat(file, &st) == 0 &&
	    (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec < started)
		ka_manifest_write(c, direct, rkey, deps, n_deps, file, search, started);
	free(json);
}
