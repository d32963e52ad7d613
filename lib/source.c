/* source.c — the source uniformity analysis (analyzer.h) beside the
 * compiles.  One job per (file, language, warp width), as each kernel's
 * vendor asks for it (vendor ops' analyzer_options): CUDA files once (warp
 * 32, the highest sm of the run), HIP files once per wave width of their
 * archs.  The jobs run on one thread while the compilers run in their
 * processes; files that -p finds are analysed after the compiles. */
#include "lib.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ka_sources {
	struct ka_ubatch_job *jobs;
	size_t n, cap;
	struct ka_ubatch *batch;
	struct ka_cache cache;             /* results of unchanged files      */
	bool cached;
	char **owned;
	size_t n_owned;
};

static void add_job(struct ka_sources *s, const char *file, const struct ka_analyzer_options *o)
{
	for (size_t i = 0; i < s->n; i++) {
		struct ka_analyzer_options *j = &s->jobs[i].opt;
		if (strcmp(s->jobs[i].file, file) == 0 && j->lang == o->lang && j->warp_size == o->warp_size) {
			j->sm = o->sm > j->sm ? o->sm : j->sm;      /* the highest sm of the run */
			return;
		}
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->jobs = ka_xrealloc(s->jobs, s->cap * sizeof(*s->jobs));
	}
	memset(&s->jobs[s->n], 0, sizeof(s->jobs[s->n]));
	s->jobs[s->n].file = file;
	s->jobs[s->n].opt = *o;
	s->jobs[s->n].cache = s->cached ? &s->cache : NULL;
	s->n++;
}

/* The jobs of one file: one per arch of its frontend's vendor (the
 * vendor's default arch when the run has none, so that libclang still
 * says what it cannot read). */
static void add_file(struct ka_sources *s, const struct ka_run *run, const char *file)
{
	const struct ka_frontend *fe = ka_input_classify(file, run->req->lang, NULL);
	const struct ka_vendor_ops *v = fe->vendor;
	int n;

	if (!fe->has_source || !v)
		return;
	n = run->n_archs[v->id];
	for (int i = 0; i < (n ? n : 1); i++) {
		const char *arch = n ? run->archs[v->id][i] : v->default_arch;
		struct ka_analyzer_options o;
		char *base = ka_strdup(arch);
		base[strcspn(base, ":")] = 0;                  /* gfx90a:xnack- -> gfx90a */
		s->owned = ka_xrealloc(s->owned, (s->n_owned + 1) * sizeof(*s->owned));
		s->owned[s->n_owned++] = base;
		v->analyzer_options(base, run->req->launch.wave, &o);
		if (o.lang == KA_LANG_HIP)
			o.offload_arch = base;
		o.cc_args = run->req->cc_args;
		add_job(s, file, &o);
	}
}

struct ka_sources *ka_sources_start(struct ka_run *run, const char *const *files, int n)
{
	struct ka_sources *s = ka_xcalloc(1, sizeof(*s));
	s->cached = run->cache && ka_cache_open(&s->cache, NULL) == 0;
	for (int f = 0; f < n; f++)
		add_file(s, run, files[f]);
	s->batch = ka_ubatch_start(s->jobs, s->n);     /* analyses while the compilers run */
	return s;
}

/* Say what libclang could not read. */
static void report_parse(const struct ka_sources *s, struct ka_diag *d)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct ka_ubatch_job *j = &s->jobs[i];
		char key[600];
		snprintf(key, sizeof(key), "uniformity:%s", j->file);
		if (j->rc != 0 && access(j->file, R_OK) == 0)
			ka_diag_warn_once(d, key, j->file, "uniformity analysis not run: %s",
					  j->r.n_diags ? j->r.diags[0] : "libclang failed");
		else if (j->rc == 0 && j->r.errors > 0)
			ka_diag_warn_once(d, key, j->file,
					  "uniformity analysis: libclang could not read all of it (%d error%s; first: %s); "
					  "the facts cover what it read",
					  j->r.errors, j->r.errors == 1 ? "" : "s", j->r.n_diags ? j->r.diags[0] : "?");
	}
}

void ka_sources_finish(struct ka_sources *s, struct ka_run *run, const char *const *files, int n,
		       struct ka_result *res, struct ka_diag *d)
{
	size_t before;

	ka_ubatch_wait(s->batch);
	before = s->n;
	for (int f = 0; f < n; f++)                   /* -p: files found in compile_commands.json */
		add_file(s, run, files[f]);
	for (size_t i = before; i < s->n; i++)
		s->jobs[i].rc = ka_uniformity_analyze_cached(s->jobs[i].cache, s->jobs[i].file, &s->jobs[i].opt,
							     &s->jobs[i].r);
	report_parse(s, d);
	for (size_t k = 0; k < res->n; k++) {
		struct ka_kernel_result *kr = &res->v[k];
		struct ka_analyzer_options want;
		kr->vendor->analyzer_options(kr->k->arch, run->req->launch.wave, &want);
		for (size_t i = 0; i < s->n; i++) {
			const struct ka_ubatch_job *j = &s->jobs[i];
			if (strcmp(j->file, kr->k->file) != 0)
				continue;
			kr->has_source = true;            /* the analysis was run for its file */
			if (j->rc != 0 || j->opt.lang != want.lang || j->opt.warp_size != want.warp_size)
				continue;
			kr->u = ka_uresult_kernel(&j->r, kr->k->mangled, kr->k->name, kr->k->line);
			break;
		}
	}
	res->uniformity = true;
}

void ka_sources_free(struct ka_sources *s)
{
	if (!s)
		return;
	ka_ubatch_free(s->batch);
	if (s->cached)
		ka_cache_close(&s->cache);
	for (size_t i = 0; i < s->n; i++)
		ka_uresult_free(&s->jobs[i].r);
	for (size_t i = 0; i < s->n_owned; i++)
		free(s->owned[i]);
	free(s->owned);
	free(s->jobs);
	free(s);
}
