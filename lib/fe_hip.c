/* fe_hip.c — the HIP source frontend: clang or hipcc compiles device code
 * for the AMD archs of the run (frontends/hip.c: remarks and .amdhsa
 * metadata), one file at a time with its archs up to -j at once.  HIP
 * inputs are .hip files, or any file under -x hip or a database entry of
 * language hip. */
#include "lib.h"

#include <stdlib.h>
#include <string.h>

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

static int compile(struct ka_unit *units, int n, struct ka_run *run, struct ka_diag *d)
{
	const struct ka_request *req = run->req;
	int rc = KA_EXIT_OK;

	for (int i = 0; i < n;) {
		const char *file = units[i].file;
		const char *archs[KA_MAX_ARCHS];
		int n_archs = 0, j = i;
		while (j < n && units[j].file == file && n_archs < KA_MAX_ARCHS)
			archs[n_archs++] = units[j++].arch;
		const char **extra = flags_of(units[i].cf, req->cc_args);
		struct ka_hip_options o = {
			.clang = req->clang,
			.extra = extra,
			.timeout_s = req->timeout_s,
			.jobs = req->jobs,
			.wave = req->launch.wave,
		};
		int r = ka_hip_analyze(file, archs, n_archs, &o, d, run->out, &run->clang_version);
		for (int a = i; a < j; a++) {
			units[a].rc = r;
			if (r == KA_EXIT_OK) {
				char base[32];
				snprintf(base, sizeof(base), "%.*s", (int)strcspn(units[a].arch, ":"), units[a].arch);
				ka_analysed_add(run->done, file, base);
			}
		}
		if (r > rc)
			rc = r;
		free(extra);
		i = j;
	}
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
};
