/* source.c — the source uniformity analysis (analyzer.h) beside the
 * compiles.  One job per (file, language, warp width), as each kernel's
 * vendor asks for it (vendor ops' analyzer_options): CUDA files once (warp
 * 32, the highest sm of the run), HIP files once per wave width of their
 * archs.  The jobs run on one thread while the compilers run in their
 * processes; files that only -p names join them, and files compiled but
 * named nowhere (none today) are analysed after the compiles.
 *
 * Each file is parsed as its build compiles it: the compile database's
 * entry for it (its -I/-isystem/-D/-U/-std/-include, response files already
 * read by compdb.c), then the config's and the command line's flags (a
 * later -D wins, an earlier -I wins: the build's own paths come first). */
#define _GNU_SOURCE
#include "lib.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ka_sources {
	struct ka_ubatch_job *jobs;
	size_t n, cap;
	struct ka_ubatch *batch;
	struct ka_cache cache;             /* results of unchanged files      */
	bool cached;
	char **owned;
	size_t n_owned, cap_owned;
	struct ka_compdb db;               /* -p's database, for each file's flags */
	bool has_db;
	const char ***argvs;               /* the flags built for each job    */
	size_t n_argvs, cap_argvs;
	size_t withheld[KA_WITHHELD_TIME + 1];  /* kernels whose analysis was withheld, by why */
	size_t cut_short[KA_WITHHELD_TIME + 1]; /* files a walk over them stopped, by why */
	struct ka_ushape_rule *shape_rules; /* the config's launch entries      */
	double timeout_s;                  /* --timeout: each file's child's too  */
};

/* The parse flags of a file: its database entry's, then the request's. */
static const char *const *file_args(struct ka_sources *s, const struct ka_compile_flags *cf,
				    const char *const *cc)
{
	size_t n = 0, k = 0;
	const char **v;
	if (!cf || cf->n_flags == 0)
		return cc;
	while (cc && cc[n])
		n++;
	v = ka_xcalloc((size_t)cf->n_flags + n + 1, sizeof(*v));
	for (int i = 0; i < cf->n_flags; i++)
		v[k++] = cf->flags[i];
	for (size_t i = 0; i < n; i++)
		v[k++] = cc[i];
	KA_GROW(s->argvs, s->n_argvs, s->cap_argvs, 8);
	s->argvs[s->n_argvs++] = v;
	return v;
}

static void add_job(struct ka_sources *s, const char *file, const struct ka_analyzer_options *o)
{
	for (size_t i = 0; i < s->n; i++) {
		struct ka_analyzer_options *j = &s->jobs[i].opt;
		if (strcmp(s->jobs[i].file, file) == 0 && j->lang == o->lang && j->warp_size == o->warp_size) {
			if (o->sm > j->sm) {                        /* the highest sm of the run */
				j->sm = o->sm;
				j->offload_arch = o->offload_arch;  /* and what clang parses it as */
			}
			return;
		}
	}
	KA_GROW(s->jobs, s->n, s->cap, 8);
	memset(&s->jobs[s->n], 0, sizeof(s->jobs[s->n]));
	s->jobs[s->n].file = file;
	s->jobs[s->n].opt = *o;
	s->jobs[s->n].cache = s->cached ? &s->cache : NULL;
	s->jobs[s->n].timeout_s = s->timeout_s;
	s->n++;
}

/* The jobs of one file: one per arch of its frontend's vendor (the
 * vendor's default arch when the run has none, so that libclang still
 * says what it cannot read). */
static void add_file(struct ka_sources *s, struct ka_run *run, const char *file)
{
	bool recorded = run->req->mode == KA_INPUTS_RECORDS;
	/* the flags kanalyze-launch saw it built with, else the database's */
	const struct ka_compdb *db = recorded ? run->recorded : s->has_db ? &s->db : NULL;
	const struct ka_compile_flags *cf = db && db->n ? ka_compdb_find(db, file) : NULL;
	const char *lang = run->req->lang ? run->req->lang : cf ? cf->lang : NULL;
	const struct ka_frontend *fe = ka_input_classify(run, file, lang, cf);
	const struct ka_vendor_ops *v = fe->vendor;
	const char *const *args = NULL;
	struct stat st;
	int n;

	/* the pipeline says what is wrong with a missing file, a directory or
	 * a FIFO (whose open would block libclang) */
	if (!fe->has_source || !v || stat(file, &st) != 0 || !S_ISREG(st.st_mode) || (recorded && !cf))
		return;
	n = run->n_archs[v->id];
	for (int i = 0; i < (n ? n : 1); i++) {
		const char *arch = n ? run->archs[v->id][i] : v->default_arch;
		struct ka_analyzer_options o;
		char *base = ka_strdup(arch);
		base[strcspn(base, ":")] = 0;                  /* gfx90a:xnack- -> gfx90a */
		KA_GROW(s->owned, s->n_owned, s->cap_owned, 8);
		s->owned[s->n_owned++] = base;
		v->analyzer_options(base, run->req->launch.wave, &o);   /* HIP: its --offload-arch */
		if (!args)
			args = file_args(s, cf, run->req->cc_args);
		o.cc_args = args;
		o.lines_only = !run->req->uniformity || recorded;     /* records: no compile to ground findings in */
		o.block = run->req->launch.block;          /* the launches the run names */
		o.shape_rules = s->shape_rules;
		o.n_shape_rules = s->shape_rules ? run->req->n_launch_rules : 0;
		o.pch_dir = s->cached ? s->cache.dir : NULL;   /* the toolkit prefix, precompiled */
		add_job(s, file, &o);
	}
}

struct ka_sources *ka_sources_start(struct ka_run *run, const char *const *files, int n)
{
	struct ka_sources *s = ka_xcalloc(1, sizeof(*s));
	s->cached = run->cache && ka_cache_open(&s->cache, NULL) == 0;
	s->timeout_s = run->req->timeout_s;
	if (run->req->n_launch_rules > 0) {
		s->shape_rules = ka_xcalloc((size_t)run->req->n_launch_rules, sizeof(*s->shape_rules));
		for (int i = 0; i < run->req->n_launch_rules; i++) {
			s->shape_rules[i].glob = run->req->launch_rules[i].kernel;
			memcpy(s->shape_rules[i].block, run->req->launch_rules[i].block, sizeof(s->shape_rules[i].block));
		}
	}
	if (run->req->compdb) {
		/* the pipeline loads it too and says what is wrong with it */
		struct ka_diag quiet;
		FILE *null = fopen("/dev/null", "w");
		ka_diag_init(&quiet, null ? null : stderr);
		quiet.quiet = true;
		s->has_db = ka_compdb_load(run->req->compdb, &s->db, &quiet) == 0;
		ka_diag_fini(&quiet);
		if (null)
			fclose(null);
	}
	for (int f = 0; f < n; f++)
		add_file(s, run, files[f]);
	for (size_t i = 0; n == 0 && s->has_db && i < s->db.n; i++)   /* -p alone: every entry */
		add_file(s, run, s->db.v[i].source);
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
		if (j->rc == KA_U_LOST) {
			/* libclang's process died or hung on it: an input error that
			 * costs this file's source analysis only (its compile's
			 * counts stand, the baseline is still written) */
			bool said = false;
			for (size_t e = 0; e < i && !said; e++)
				said = s->jobs[e].rc == KA_U_LOST && strcmp(s->jobs[e].file, j->file) == 0;
			if (!said)
				ka_diag_error_kept(d, KA_EXIT_USAGE, j->file, "%s; its source analysis is lost "
						   "(uniformity, findings, launch sites), its compile's counts stand",
						   j->r.n_diags ? j->r.diags[0] : "the C front end's process was lost");
			continue;
		}
		if (j->opt.lines_only)          /* --no-uniformity: the lines fall back to the text search */
			continue;
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
	ka_sources_wait(s, run, files, n, d);
	ka_sources_join(s, run, res);
}

const struct ka_uresult *ka_sources_result(const struct ka_sources *s, const char *file)
{
	for (size_t i = 0; s && i < s->n; i++)
		if (s->jobs[i].rc == 0 && strcmp(s->jobs[i].file, file) == 0)
			return &s->jobs[i].r;        /* its launch sites, with --no-uniformity too */
	return NULL;
}

void ka_sources_wait(struct ka_sources *s, struct ka_run *run, const char *const *files, int n, struct ka_diag *d)
{
	size_t before;

	ka_ubatch_wait(s->batch);
	before = s->n;
	for (int f = 0; f < n; f++)                   /* -p: files found in compile_commands.json */
		add_file(s, run, files[f]);
	for (size_t i = before; i < s->n; i++)
		s->jobs[i].rc = ka_uniformity_analyze_isolated(s->jobs[i].cache, s->jobs[i].file, &s->jobs[i].opt,
							       s->jobs[i].timeout_s, &s->jobs[i].r);
	report_parse(s, d);
}

/* The definition's file as the report names it: NULL when it is `file`
 * itself; else spelt from `file`'s directory as `file` spells it ("k/k.cu"
 * and /abs/k/sub/h.cuh: "k/sub/h.cuh"; /abs/common/c.cuh:
 * "k/../common/c.cuh"), so that the report is the same in any checkout. */
static char *def_file_name(const char *file, const char *def)
{
	char *rf = realpath(file, NULL), *rd = def && *def ? realpath(def, NULL) : NULL, *out = NULL;
	if (rf && rd && strcmp(rf, rd) != 0) {
		const char *fs = strrchr(file, '/');
		struct ka_buf b = {0};
		size_t common = 0;
		*strrchr(rf, '/') = 0;                  /* the compiled file's directory */
		for (size_t i = 0; rf[i] && rf[i] == rd[i]; i++)
			if (rf[i] == '/')
				common = i;
		if (strncmp(rf, rd, strlen(rf)) == 0 && rd[strlen(rf)] == '/')
			common = strlen(rf);            /* under it */
		ka_buf_printf(&b, "%.*s", fs ? (int)(fs - file + 1) : 0, file);
		for (const char *p = rf + common; *p; p++)  /* up from the directory */
			if (*p == '/')
				ka_buf_puts(&b, "../");
		ka_buf_puts(&b, rd + common + 1);
		out = b.data;
	}
	free(rf);
	free(rd);
	return out;
}

/* Each compiled kernel gets the analysis of its kernel in the source and
 * the file and line of its definition (libclang's, over the frontend's
 * text search: a template over an enum, a kernel in a header); a kernel
 * whose analysis was withheld gets none (has_source false: "uniformity"
 * null), and the note says how many. */
void ka_sources_join(struct ka_sources *s, struct ka_run *run, struct ka_result *res)
{
	for (size_t i = 0; s && i < s->n; i++)             /* each file once (its jobs are adjacent) */
		if (s->jobs[i].rc == 0 && s->jobs[i].r.cut_short &&
		    (i == 0 || strcmp(s->jobs[i].file, s->jobs[i - 1].file) != 0))
			s->cut_short[s->jobs[i].r.cut_short]++;
	for (size_t k = 0; k < res->n; k++) {
		struct ka_kernel_result *kr = &res->v[k];
		struct ka_analyzer_options want;
		kr->vendor->analyzer_options(kr->k->arch, run->req->launch.wave, &want);
		for (size_t i = 0; i < s->n; i++) {
			const struct ka_ubatch_job *j = &s->jobs[i];
			const struct ka_ukernel *uk;
			if (strcmp(j->file, kr->k->file) != 0)
				continue;
			/* the analysis was run for its file (and its process did not die) */
			kr->has_source = !j->opt.lines_only && j->rc != KA_U_LOST;
			if (j->rc != 0 || j->opt.lang != want.lang || j->opt.warp_size != want.warp_size)
				continue;
			uk = ka_uresult_kernel(&j->r, kr->k->mangled, kr->k->name, kr->k->line);
			if (uk && uk->line > 0 && !kr->k->def_file) {
				/* the session's own kernel list (run->out), read-only to the writers */
				struct ka_kernel *kk = (struct ka_kernel *)(uintptr_t)kr->k;
				kk->line = uk->line;
				kk->def_file = def_file_name(kr->k->file, uk->file);
			}
			if (j->opt.lines_only)
				break;
			if (uk && uk->library) {          /* cub's: placed, not analysed */
				kr->has_source = false;
				break;
			}
			if (uk && uk->withheld) {
				kr->has_source = false;
				s->withheld[uk->withheld]++;
				break;
			}
			kr->u = uk;
			break;
		}
	}
	res->uniformity = run->req->uniformity;
}

/* The note of the withheld analyses (after ka_sources_join). */
void ka_sources_note(const struct ka_sources *s, struct ka_diag *d)
{
	size_t n;
	if (!s)
		return;
	if ((n = s->withheld[KA_WITHHELD_PARSE]) > 0)
		ka_diag_note(d, NULL,
			     "uniformity analysis withheld for %zu kernel%s: libclang reported an error inside %s or "
			     "in a function %s (\"uniformity\": null; the first errors are in the warnings above)",
			     n, n == 1 ? "" : "s", n == 1 ? "it" : "them", n == 1 ? "it calls" : "they call");
	if ((n = s->withheld[KA_WITHHELD_DEPTH]) > 0)
		ka_diag_note(d, NULL,
			     "uniformity analysis withheld for %zu kernel%s: %s nest%s expressions or statements deeper "
			     "than the analysis walks (half of its stack) (\"uniformity\": null; the compile's counts "
			     "stand)", n, n == 1 ? "" : "s", n == 1 ? "it" : "they", n == 1 ? "s" : "");
	if ((n = s->withheld[KA_WITHHELD_TIME]) > 0)
		ka_diag_note(d, NULL,
			     "uniformity analysis withheld for %zu kernel%s: %s analysis took over %.0f s, its bound "
			     "(\"uniformity\": null; the compile's counts stand)", n, n == 1 ? "" : "s",
			     n == 1 ? "its" : "each", KA_ANALYSIS_BUDGET_MS / 1000);
	for (int why = KA_WITHHELD_DEPTH; why <= KA_WITHHELD_TIME; why++)
		if ((n = s->cut_short[why]) > 0)
			ka_diag_note(d, NULL, "in %zu file%s, launch sites or findings across the file may be missing: "
				     "a walk over %s stopped %s", n, n == 1 ? "" : "s", n == 1 ? "it" : "them",
				     why == KA_WITHHELD_DEPTH ? "where it nests too deep" : "at its time bound");
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
	free(s->shape_rules);
	for (size_t i = 0; i < s->n_argvs; i++)
		free(s->argvs[i]);
	free(s->argvs);
	if (s->has_db)
		ka_compdb_free(&s->db);
	free(s->jobs);
	free(s);
}
