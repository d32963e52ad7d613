/* verify_profile.c — `kanalyze verify --profile` (ka_verify_profile_run,
 * verify.h): kanalyze's findings and predictions beside what Nsight Compute
 * measured (DESIGN §6, §7).  The measurement is an ncu export (--ncu-export
 * DIR: ncu_source.csv and ncu_details.csv, recorded elsewhere by
 * kernels/runner/run_profile.sh) or a profile of the program after --
 * (frontends/ncu_run.c); the sources are analysed through ka_analyze as
 * `kanalyze FILE...` would (the caller's request, options.profile_request),
 * then:
 *   findings  each access finding (and any finding at a line with global
 *             or shared traffic or divergent branches) with what ncu
 *             measured at its line: the sectors, excessive sectors, their
 *             share and sectors per request; the shared-memory wavefronts,
 *             their conflict-free ideal and per request (KA115's measure);
 *             the divergent branch targets;
 *   misses    lines with >= 50 % excessive sectors carrying >= 5 % of their
 *             kernel's sectors and no warning-level access finding;
 *   kernels   registers and theoretical occupancy at ncu's launch, predicted
 *             (the vendor's model through ka_model_at) against measured;
 *             achieved occupancy shown, not compared.
 * Exit 1 when a prediction disagrees; nothing to compare (no ncu, no GPU,
 * no kernel kanalyze analysed) is "not run" and exit 0, never "pass". */
#define _GNU_SOURCE
#include "verify.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer.h"
#include "frontends.h"
#include "occupancy.h"
#include "profile_lines.h"
#include "report.h"

/* The memory whose traffic a rule judges: rules.def's memory column. */
enum rule_memory { MEM_NONE, MEM_GLOBAL, MEM_SHARED };
static const enum rule_memory rule_memory[KA_RULE_COUNT] = {
#define KA_RULE(id, name, sev, claim, memory, title, why, silence) [KA_RULE_##name] = MEM_##memory,
#include "rules.def"
#undef KA_RULE
};

/* A miss: this share of a line's sectors excessive, on this share of its
 * kernel's sectors (in percent). */
enum { MISS_EXCESSIVE_PCT = 50, MISS_KERNEL_PCT = 5 };

struct local {                    /* a source file kanalyze analysed      */
	char *real;                   /* realpath, for the suffix match        */
	const char *shown;            /* as kanalyze names it                  */
};

struct vp {
	struct ka_diag *d;
	struct ka_ncu_profile prof;
	struct ka_result res;
	const char *export_dir;       /* NULL: profiled here                   */
	char *ncu_version;
	struct local *locals;
	size_t n_locals, cap_locals;
	int *file_local;              /* per prof.files[i]: a local, -1 none   */
	const struct ka_kernel_result **match;   /* per prof.kernels[i], or NULL */
	struct ka_profile_lines pl;   /* the model line by line (profile_lines.c) */
};

static enum rule_memory memory_of(enum ka_rule r)
{
	return r >= 0 && r < KA_RULE_COUNT ? rule_memory[r] : MEM_NONE;
}

/* A rule that judges an access's traffic (global or shared). */
static bool access_rule(enum ka_rule r)
{
	return memory_of(r) != MEM_NONE;
}

/* ---- files: ncu's paths are the profiled machine's ---------------------------- */

/* How many trailing path components a and b share. */
static int suffix_score(const char *a, const char *b)
{
	size_t i = strlen(a), j = strlen(b);
	int n = 0;
	for (;;) {
		size_t ai = i, bj = j;
		while (ai > 0 && a[ai - 1] != '/')
			ai--;
		while (bj > 0 && b[bj - 1] != '/')
			bj--;
		if (i == ai || i - ai != j - bj || memcmp(a + ai, b + bj, i - ai) != 0)
			return n;
		n++;
		if (ai == 0 || bj == 0)
			return n;
		i = ai - 1;
		j = bj - 1;
	}
}

static char *real_of(const char *path)
{
	char *r = realpath(path, NULL);
	return r ? r : ka_strdup(path);
}

static int local_add(struct vp *v, const char *shown)
{
	char *real = real_of(shown);
	for (size_t i = 0; i < v->n_locals; i++)
		if (strcmp(v->locals[i].real, real) == 0) {
			free(real);
			return (int)i;
		}
	KA_GROW(v->locals, v->n_locals, v->cap_locals, 8);
	v->locals[v->n_locals] = (struct local){real, shown};
	return (int)v->n_locals++;
}

static const char *def_file(const struct ka_kernel *k)
{
	return k->def_file ? k->def_file : k->file;
}

/* Each export file to the local file with the longest shared path suffix
 * (one at least: the name); two equally long are no match. */
static void map_files(struct vp *v)
{
	for (size_t i = 0; i < v->res.n; i++) {
		local_add(v, v->res.v[i].k->file);
		local_add(v, def_file(v->res.v[i].k));
	}
	v->file_local = ka_xcalloc(v->prof.n_files + 1, sizeof(int));
	for (size_t f = 0; f < v->prof.n_files; f++) {
		int best = 0, at = -1;
		bool tie = false;
		for (size_t i = 0; i < v->n_locals; i++) {
			int s = suffix_score(v->prof.files[f], v->locals[i].real);
			if (s > best)
				best = s, at = (int)i, tie = false;
			else if (s == best && s > 0)
				tie = true;
		}
		if (tie && at >= 0)
			ka_diag_note(v->d, v->prof.files[f], "ncu's file ends like several analysed files: its lines "
				     "are matched to none");
		v->file_local[f] = tie ? -1 : at;
	}
}

/* The source files an export names that are here: the longest suffix of
 * the path that exists below the current directory (the export was made
 * elsewhere), else the path itself.  Live, the path itself first. */
static char *source_here(const char *path, bool live)
{
	struct stat st;
	if (live && stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return ka_strdup(path);
	for (const char *s = path; s && *s; s = strchr(s, '/') ? strchr(s, '/') + 1 : NULL)
		if (*s != '/' && stat(s, &st) == 0 && S_ISREG(st.st_mode))
			return ka_strdup(s);
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return ka_strdup(path);
	return NULL;
}

/* The translation units among the files ncu names: the .cu files (a header
 * it names is reached through them; compiled alone it would fail). */
static bool is_cuda_source(const char *path)
{
	size_t n = strlen(path);
	return n > 3 && strcmp(path + n - 3, ".cu") == 0;
}

/* ---- kernels: ncu's names against kanalyze's -------------------------------------- */

static void base_of(const char *key, struct ka_buf *out)
{
	size_t n = strcspn(key, "(<");
	out->len = 0;
	ka_buf_printf(out, "%.*s", (int)n, key);
}

static void match_kernels(struct vp *v)
{
	struct ka_buf a = {0}, b = {0}, ba = {0}, bb = {0};
	v->match = ka_xcalloc(v->prof.n_kernels + 1, sizeof(*v->match));
	for (size_t j = 0; j < v->prof.n_kernels; j++) {
		const struct ka_kernel_result *by_base = NULL;
		bool base_twice = false;
		ka_ncu_name_key(v->prof.kernels[j], &a);
		base_of(a.data, &ba);
		for (size_t i = 0; i < v->res.n && !v->match[j]; i++) {
			const struct ka_kernel_result *kr = &v->res.v[i];
			if (!kr->k->name)
				continue;
			ka_ncu_name_key(kr->k->name, &b);
			if (strcmp(a.data, b.data) == 0) {
				v->match[j] = kr;
				break;
			}
			base_of(b.data, &bb);
			if (strcmp(ba.data, bb.data) == 0) {
				if (by_base && by_base->k != kr->k && strcmp(by_base->k->name, kr->k->name) != 0)
					base_twice = true;
				if (!by_base)
					by_base = kr;
			}
		}
		if (!v->match[j] && by_base && !base_twice)    /* one kernel of that name: spelled otherwise */
			v->match[j] = by_base;
	}
	ka_buf_free(&a);
	ka_buf_free(&b);
	ka_buf_free(&ba);
	ka_buf_free(&bb);
}

static const char *ncu_kernel_of(const struct vp *v, const struct ka_kernel *k)
{
	for (size_t j = 0; j < v->prof.n_kernels; j++)
		if (v->match[j] && v->match[j]->k == k)
			return v->prof.kernels[j];
	for (size_t j = 0; j < v->prof.n_kernels; j++)   /* another launch's result of the same kernel */
		if (v->match[j] && strcmp(v->match[j]->k->mangled, k->mangled) == 0)
			return v->prof.kernels[j];
	return NULL;
}

static int kernel_index(const struct vp *v, const char *ncu_kernel)
{
	for (size_t j = 0; j < v->prof.n_kernels; j++)
		if (v->prof.kernels[j] == ncu_kernel)
			return (int)j;
	return -1;
}

/* What ncu measured at (kernel, local file, line), or NULL. */
static const struct ka_ncu_line *measured_at(const struct vp *v, const char *ncu_kernel, int local, int line)
{
	for (size_t f = 0; ncu_kernel && local >= 0 && f < v->prof.n_files; f++)
		if (v->file_local[f] == local) {
			const struct ka_ncu_line *l = ka_ncu_line_find(&v->prof, ncu_kernel, v->prof.files[f], line);
			if (l)
				return l;
		}
	return NULL;
}

/* ---- JSON ------------------------------------------------------------------------- */

static json_t *jint_or_null(long long v)
{
	return v >= 0 ? json_integer(v) : json_null();
}

static json_t *jratio(long long num, long long den)
{
	return num >= 0 && den > 0 ? json_real((double)num / (double)den) : json_null();
}

static json_t *jstr_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *jdiff(long long a, long long b)
{
	return a >= 0 && b >= 0 && a >= b ? json_integer(a - b) : json_null();
}

/* What ncu measured at one line (DESIGN §6: an access finding's truth):
 * global sectors, shared wavefronts, divergent branches; null where the
 * export has no such column. */
static json_t *line_json(const struct ka_ncu_line *l, long long kernel_sectors)
{
	json_t *o = json_object(), *ins = json_array();
	long long requests = -1, shared_requests = -1;
	for (size_t i = 0; i < l->n_access; i++) {
		const struct ka_ncu_access *a = &l->access[i];
		long long *n = a->shared ? &shared_requests : &requests;
		if (a->executed >= 0)      /* an export's count: saturate, never wrap */
			*n = *n < 0 ? a->executed : *n > LLONG_MAX - a->executed ? LLONG_MAX : *n + a->executed;
		json_array_append_new(ins, json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "opcode",
						     a->opcode, "op", a->op, "space", a->shared ? "shared" : "global",
						     "bits", a->bits > 0 ? json_integer(a->bits) : json_null(),
						     "executed", jint_or_null(a->executed), "sectors",
						     jint_or_null(a->sectors), "excessive", jint_or_null(a->excessive),
						     "sectors_per_request", jratio(a->sectors, a->executed), "wavefronts",
						     jint_or_null(a->wavefronts), "ideal_wavefronts",
						     jint_or_null(a->ideal_wavefronts), "wavefronts_per_request",
						     jratio(a->wavefronts, a->executed)));
	}
	json_object_set_new(o, "sectors", jint_or_null(l->sectors));
	json_object_set_new(o, "excessive", jint_or_null(l->excessive));
	json_object_set_new(o, "ideal", jint_or_null(l->ideal));
	json_object_set_new(o, "executed", jint_or_null(l->executed));
	json_object_set_new(o, "excessive_share", jratio(l->excessive, l->sectors));
	json_object_set_new(o, "kernel_share", jratio(l->sectors, kernel_sectors));
	json_object_set_new(o, "requests", jint_or_null(requests));
	json_object_set_new(o, "sectors_per_request", jratio(l->sectors, requests));
	json_object_set_new(o, "wavefronts", jint_or_null(l->wavefronts));
	json_object_set_new(o, "ideal_wavefronts", jint_or_null(l->ideal_wavefronts));
	json_object_set_new(o, "excessive_wavefronts", jdiff(l->wavefronts, l->ideal_wavefronts));
	json_object_set_new(o, "shared_requests", jint_or_null(shared_requests));
	json_object_set_new(o, "wavefronts_per_request", jratio(l->wavefronts, shared_requests));
	json_object_set_new(o, "ideal_wavefronts_per_request", jratio(l->ideal_wavefronts, shared_requests));
	json_object_set_new(o, "conflicts_nway", l->nway >= 0 ? json_real(l->nway) : json_null());
	json_object_set_new(o, "divergent_branches", jint_or_null(l->divergent));
	json_object_set_new(o, "instructions", ins);
	return o;
}

/* ---- kernels ---------------------------------------------------------------------- */

static const char *line_file(const struct vp *v, const struct ka_ncu_line *l)
{
	for (size_t f = 0; f < v->prof.n_files; f++)
		if (v->prof.files[f] == l->file)
			return v->file_local[f] >= 0 ? v->locals[v->file_local[f]].shown : l->file;
	return l->file;
}

/* ncu's file as the report names it (profile_lines.c's callback). */
static const char *shown_file(const void *ctx, const char *ncu_file)
{
	const struct vp *v = ctx;
	for (size_t f = 0; f < v->prof.n_files; f++)
		if (strcmp(v->prof.files[f], ncu_file) == 0)
			return v->file_local[f] >= 0 ? v->locals[v->file_local[f]].shown : ncu_file;
	return ncu_file;
}

static int by_sectors(const void *x, const void *y)
{
	const struct ka_ncu_line *a = *(const struct ka_ncu_line *const *)x, *b = *(const struct ka_ncu_line *const *)y;
	if (a->sectors != b->sectors)
		return a->sectors > b->sectors ? -1 : 1;
	return a->line - b->line;
}

/* Where a kernel's global traffic is: its lines with sectors, most first. */
static json_t *kernel_lines(const struct vp *v, const char *kernel, long long total)
{
	const struct ka_ncu_line **at = ka_xcalloc(v->prof.n_lines + 1, sizeof(*at));
	size_t n = 0;
	json_t *out = json_array();
	for (size_t i = 0; i < v->prof.n_lines; i++)
		if (v->prof.lines[i].kernel == kernel && v->prof.lines[i].sectors > 0)
			at[n++] = &v->prof.lines[i];
	if (n)
		qsort(at, n, sizeof(*at), by_sectors);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(out, json_pack("{s:s, s:i, s:I, s:o, s:o, s:o}", "file", line_file(v, at[i]), "line",
						     at[i]->line, "sectors", (json_int_t)at[i]->sectors, "excessive",
						     jint_or_null(at[i]->excessive), "excessive_share",
						     jratio(at[i]->excessive, at[i]->sectors), "kernel_share",
						     jratio(at[i]->sectors, total)));
	free(at);
	return out;
}

struct tally {
	long compared, not_analysed;
	long regs_checked, regs_equal, regs_alloc, regs_differ;
	long occ_checked, occ_equal, occ_differ;
};

/* Whether l is the first launch configuration of its kernel in the export. */
static bool first_launch(const struct vp *v, const struct ka_ncu_launch *l)
{
	for (const struct ka_ncu_launch *x = v->prof.launches; x < l; x++)
		if (x->kernel == l->kernel)
			return false;
	return true;
}

static json_t *kernel_json(struct vp *v, const struct ka_ncu_launch *l, struct tally *t)
{
	int ki = kernel_index(v, l->kernel);
	const struct ka_kernel_result *kr = ki >= 0 ? v->match[ki] : NULL;
	const struct ka_kernel *k = kr ? kr->k : NULL;
	long threads = (long)l->block[0] * l->block[1] * l->block[2];
	bool predicted = kr && threads >= 1 && threads <= 1024;
	struct ka_kernel_result at = {0};
	json_t *regs, *occ;
	const char *reg_agree = NULL;
	int occ_agree = -1;
	/* registers per thread the arch allocates them in (frontends.h: ncu's
	 * count beside ptxas's; 32 lanes a warp) */
	int unit = k && k->vendor == KA_VENDOR_NVIDIA && kr->m.nv.arch ? kr->m.nv.arch->reg_alloc_unit / 32 : 1;

	if (predicted)
		ka_model_at(kr, l->block, l->dynamic_smem > 0 ? l->dynamic_smem : 0, &at, v->d);
	if (k && l->regs >= 0 && k->res.regs >= 0) {
		static const char *const verdict[] = {[KA_NCU_REGS_EQUAL] = "equal",
						      [KA_NCU_REGS_SAME_ALLOCATION] = "same allocation",
						      [KA_NCU_REGS_DIFFER] = "differ"};
		enum ka_ncu_regs r = ka_ncu_regs_compare(k->res.regs, l->regs, unit);
		reg_agree = verdict[r];
		t->regs_checked++;
		t->regs_equal += r == KA_NCU_REGS_EQUAL;
		t->regs_alloc += r == KA_NCU_REGS_SAME_ALLOCATION;
		t->regs_differ += r == KA_NCU_REGS_DIFFER;
	}
	if (predicted && l->theoretical >= 0) {
		occ_agree = fabs(100.0 * at.occ.occupancy - l->theoretical) < 0.0051;   /* ncu: two decimals */
		t->occ_checked++;
		t->occ_equal += occ_agree;
		t->occ_differ += !occ_agree;
	}
	if (k)
		t->compared++;
	else
		t->not_analysed++;

	regs = json_pack("{s:o, s:o, s:o, s:o, s:i, s:i, s:o, s:o, s:o}", "measured", jint_or_null(l->regs), "predicted",
			 jint_or_null(k ? k->res.regs : -1), "allocated_measured",
			 jint_or_null(ka_ncu_regs_allocated(l->regs, unit)), "allocated_predicted",
			 jint_or_null(k ? ka_ncu_regs_allocated(k->res.regs, unit) : -1), "allocation_unit", unit,
			 "minimum_under_ncu", KA_NCU_MIN_REGS, "block_limit_measured", jint_or_null(l->block_limit_regs),
			 "block_limit_predicted",
			 predicted && at.occ.by_registers != INT_MAX ? json_integer(at.occ.by_registers) : json_null(),
			 "agree", jstr_or_null(reg_agree));
	occ = json_pack("{s:o, s:o, s:o}", "measured", l->theoretical >= 0 ? json_real(l->theoretical / 100.0) : json_null(),
			"predicted", predicted ? json_real(at.occ.occupancy) : json_null(), "agree",
			occ_agree < 0 ? json_null() : json_boolean(occ_agree));
	long long total = ka_ncu_kernel_sectors(&v->prof, l->kernel);
	/* the model line by line, at the kernel's first launch in the export */
	json_t *model = json_null();
	if (kr && first_launch(v, l)) {
		json_decref(model);
		model = ka_profile_lines(&v->pl, &v->prof, l->kernel, l, kr, shown_file, v);
	}
	json_t *o = json_pack("{s:s, s:o, s:o, s:o, s:o, s:[iii], s:[iii], s:i, s:o, s:o, s:b, s:{s:o, s:o}, s:o, s:o, "
			 "s:o, s:o, s:o, s:s}",
			 "kernel", l->kernel, "name", jstr_or_null(k ? k->name : NULL), "mangled",
			 jstr_or_null(k ? k->mangled : NULL), "file", jstr_or_null(k ? def_file(k) : NULL), "line",
			 k && k->line > 0 ? json_integer(k->line) : json_null(), "block", l->block[0], l->block[1],
			 l->block[2], "grid", l->grid[0], l->grid[1], l->grid[2], "launches", l->launches, "cc",
			 jstr_or_null(*l->cc ? l->cc : NULL), "dynamic_smem", jint_or_null(l->dynamic_smem),
			 "smem_rounded", l->smem_rounded, "static_smem", "measured", jint_or_null(l->static_smem),
			 "predicted", jint_or_null(k ? k->res.static_smem : -1), "registers", regs,
			 "theoretical_occupancy", occ, "achieved_occupancy",
			 l->achieved >= 0 ? json_real(l->achieved / 100.0) : json_null(), "global_sectors",
			 jint_or_null(total), "lines", kernel_lines(v, l->kernel, total), "status",
			 k ? "compared" : "not analysed");
	json_object_set_new(o, "model_lines", model);
	return o;
}

/* ---- findings and misses ------------------------------------------------------------ */

struct row {                       /* a finding, with its sort key */
	const char *file, *rule, *kernel;
	int line, col;
	json_t *o;
};

static int row_cmp(const void *x, const void *y)
{
	const struct row *a = x, *b = y;
	int c = strcmp(a->file, b->file);
	if (c == 0)
		c = a->line - b->line;
	if (c == 0)
		c = a->col - b->col;
	if (c == 0)
		c = strcmp(a->rule, b->rule);
	if (c == 0)
		c = strcmp(a->kernel, b->kernel);
	return c;
}

static json_t *findings_json(struct vp *v, long *measured)
{
	struct row *rows = NULL;
	size_t n = 0, cap = 0;
	json_t *out = json_array();

	for (size_t i = 0; i < v->res.n; i++) {
		const struct ka_kernel_result *kr = &v->res.v[i];
		bool seen = false;
		for (size_t j = 0; j < i && !seen; j++)     /* a kernel at several launches: one analysis */
			seen = v->res.v[j].u == kr->u;
		if (!kr->u || seen)
			continue;
		const char *nk = ncu_kernel_of(v, kr->k);
		int local = local_add(v, def_file(kr->k));
		long long total = nk ? ka_ncu_kernel_sectors(&v->prof, nk) : -1;
		for (size_t f = 0; f < kr->u->n_findings; f++) {
			const struct ka_ufinding *uf = &kr->u->findings[f];
			if (uf->min_sm && kr->sm < uf->min_sm)
				continue;
			const struct ka_ncu_line *l = measured_at(v, nk, local, uf->line);
			if (!access_rule(uf->rule) && !(l && (l->sectors > 0 || l->wavefronts > 0 || l->divergent > 0)))
				continue;
			json_t *o = json_pack("{s:s, s:o, s:s, s:s, s:s, s:i, s:i, s:s, s:b}", "kernel", kr->k->name,
					      "ncu_kernel", jstr_or_null(nk), "rule", ka_rule_id(uf->rule), "severity",
					      ka_rule_severity(uf->rule), "file", def_file(kr->k), "line", uf->line, "col",
					      uf->col, "message", uf->message ? uf->message : "", "profiled", nk != NULL);
			json_object_set_new(o, "measured", l ? line_json(l, total) : json_null());
			/* what kanalyze said of the line's code and the access's cost
			 * (lib/ground.c), beside what ncu measured */
			const struct ka_finding_ground *g = kr->ground ? &kr->ground[f] : NULL;
			json_object_set_new(o, "verdict", g && ka_verdict_name(g->verdict) ? json_string(ka_verdict_name(g->verdict))
										 : json_null());
			/* a shared access's cost is in wavefronts (lib/ground.c) */
			bool shared = memory_of(uf->rule) == MEM_SHARED;
			json_object_set_new(o, "estimated", g && g->share >= 0
				? json_pack("{s:i, s:i, s:f}", shared ? "wavefronts_per_request" : "sectors_per_request",
					    g->sectors, shared ? "ideal_wavefronts" : "ideal_sectors", g->ideal, "share",
					    g->share)
				: json_null());
			*measured += l != NULL;
			KA_GROW(rows, n, cap, 32);
			rows[n++] = (struct row){def_file(kr->k), ka_rule_id(uf->rule), kr->k->name, uf->line, uf->col, o};
		}
	}
	if (n)
		qsort(rows, n, sizeof(*rows), row_cmp);
	for (size_t i = 0; i < n; i++)
		json_array_append_new(out, rows[i].o);
	free(rows);
	return out;
}

/* The findings of kernel k at a line of its definition's file: warning-level
 * access findings stop a miss; the others are named beside it. */
static bool warned_at(const struct ka_kernel_result *kr, int line, json_t *others)
{
	bool warned = false;
	for (size_t f = 0; kr && kr->u && f < kr->u->n_findings; f++) {
		const struct ka_ufinding *uf = &kr->u->findings[f];
		if (uf->line != line || (uf->min_sm && kr->sm < uf->min_sm))
			continue;
		if (access_rule(uf->rule) && strcmp(ka_rule_severity(uf->rule), "warning") == 0 &&
		    !ka_finding_contradicted(kr, f))    /* a contradicted finding is not reported */
			warned = true;
		else
			json_array_append_new(others, json_string(ka_rule_id(uf->rule)));
	}
	return warned;
}

static json_t *misses_json(struct vp *v)
{
	json_t *out = json_array();
	for (size_t i = 0; i < v->prof.n_lines; i++) {
		const struct ka_ncu_line *l = &v->prof.lines[i];
		long long total = ka_ncu_kernel_sectors(&v->prof, l->kernel);
		/* shares compared in double: an export's counts may be as large as
		 * a long long holds, and 100 times that is not */
		if (l->sectors <= 0 || l->excessive < 0 || total <= 0 ||
		    100.0 * (double)l->excessive < MISS_EXCESSIVE_PCT * (double)l->sectors ||
		    100.0 * (double)l->sectors < MISS_KERNEL_PCT * (double)total)
			continue;
		int ki = kernel_index(v, l->kernel);
		const struct ka_kernel_result *kr = ki >= 0 ? v->match[ki] : NULL;
		int fi = 0;
		while (v->prof.files[fi] != l->file)
			fi++;
		int local = v->file_local[fi];
		json_t *others = json_array();
		if (kr && local >= 0 && local == local_add(v, def_file(kr->k)) && warned_at(kr, l->line, others)) {
			json_decref(others);
			continue;
		}
		json_array_append_new(out, json_pack("{s:s, s:o, s:s, s:i, s:o, s:o}", "kernel", l->kernel, "name",
						     jstr_or_null(kr ? kr->k->name : NULL), "file",
						     local >= 0 ? v->locals[local].shown : l->file, "line", l->line,
						     "measured", line_json(l, total), "findings", others));
	}
	return out;
}

/* ---- the report ---------------------------------------------------------------------- */

static long long ji(json_t *o, const char *k)
{
	json_t *x = json_object_get(o, k);
	return json_is_integer(x) ? (long long)json_integer_value(x) : -1;
}

static double jr(json_t *o, const char *k)
{
	json_t *x = json_object_get(o, k);
	return json_is_number(x) ? json_number_value(x) : -1;
}

static const char *js(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "?";
}

/* The line's shared-memory wavefronts: "1024 wavefronts where 32 would do
 * (992 excessive, 96.9 %), N-Way 32.0; 32.0 per request where 1.0 would
 * do: LDS 32-bit load 32.0" */
static void print_shared(json_t *m)
{
	size_t i;
	json_t *a;
	printf("    ncu shared    %lld wavefronts", ji(m, "wavefronts"));
	if (ji(m, "ideal_wavefronts") >= 0)
		printf(" where %lld would do", ji(m, "ideal_wavefronts"));
	if (ji(m, "excessive_wavefronts") >= 0 && ji(m, "wavefronts") > 0)
		printf(" (%lld excessive, %.1f %%)", ji(m, "excessive_wavefronts"),
		       100.0 * (double)ji(m, "excessive_wavefronts") / (double)ji(m, "wavefronts"));
	if (jr(m, "conflicts_nway") >= 0)
		printf(", N-Way %.1f", jr(m, "conflicts_nway"));
	if (jr(m, "wavefronts_per_request") >= 0) {
		printf("; %.1f per request", jr(m, "wavefronts_per_request"));
		if (jr(m, "ideal_wavefronts_per_request") >= 0)
			printf(" where %.1f would do", jr(m, "ideal_wavefronts_per_request"));
	}
	const char *sep = ": ";
	json_array_foreach(json_object_get(m, "instructions"), i, a) {
		if (strcmp(js(a, "space"), "shared") != 0)
			continue;
		printf("%s%s", sep, js(a, "opcode"));
		sep = ", ";
		if (ji(a, "bits") > 0)
			printf(" %lld-bit", ji(a, "bits"));
		printf(" %s", js(a, "op"));
		if (jr(a, "wavefronts_per_request") >= 0)
			printf(" %.1f", jr(a, "wavefronts_per_request"));
	}
	printf("\n");
}

/* The line's global sectors: "4194304 sectors, 3670016 excessive (87.5 %),
 * 100.0 % of the kernel's; 32.0 sectors/request: LDG.E 32-bit load 32.0" */
static void print_global(json_t *m)
{
	size_t i;
	json_t *a;
	const char *sep = ": ";
	printf("    ncu           %lld sectors", ji(m, "sectors"));
	if (ji(m, "excessive") >= 0)
		printf(", %lld excessive", ji(m, "excessive"));
	if (jr(m, "excessive_share") >= 0)
		printf(" (%.1f %%)", 100 * jr(m, "excessive_share"));
	if (jr(m, "kernel_share") >= 0)
		printf(", %.1f %% of the kernel's", 100 * jr(m, "kernel_share"));
	if (jr(m, "sectors_per_request") >= 0)
		printf("; %.1f sectors/request", jr(m, "sectors_per_request"));
	json_array_foreach(json_object_get(m, "instructions"), i, a) {
		if (strcmp(js(a, "space"), "shared") == 0)
			continue;
		printf("%s%s", sep, js(a, "opcode"));
		sep = ", ";
		if (ji(a, "bits") > 0)
			printf(" %lld-bit", ji(a, "bits"));
		printf(" %s", js(a, "op"));
		if (jr(a, "sectors_per_request") >= 0)
			printf(" %.1f", jr(a, "sectors_per_request"));
	}
	printf("\n");
}

/* What ncu measured at a finding's (or a miss's) line: its global sectors
 * ("0 sectors" too, unless the line has shared traffic or divergent
 * branches instead), its shared wavefronts and divergent branches where it
 * has any. */
static void print_measured(json_t *m)
{
	bool shared, branches;
	if (!json_is_object(m)) {
		printf("    ncu           nothing measured at this line (not in the export)\n");
		return;
	}
	shared = ji(m, "wavefronts") > 0;
	branches = ji(m, "divergent_branches") > 0;
	if (ji(m, "sectors") > 0 || (!shared && !branches))
		print_global(m);
	if (shared)
		print_shared(m);
	if (branches)
		printf("    ncu branches  %lld divergent branch targets\n", ji(m, "divergent_branches"));
}

/* "ncu 16, kanalyze 8: same allocation, 16 per thread (...)": the rule
 * said where it decides (frontends.h, ka_ncu_regs_compare). */
static void print_registers(json_t *r)
{
	const char *agree = json_is_string(json_object_get(r, "agree")) ? js(r, "agree") : "not compared";
	printf("    registers     ncu %lld, kanalyze %lld: %s", ji(r, "measured"), ji(r, "predicted"), agree);
	if (strcmp(agree, "same allocation") == 0)
		printf(", %lld per thread", ji(r, "allocated_measured"));
	else if (strcmp(agree, "differ") == 0)
		printf(", %lld and %lld per thread allocated", ji(r, "allocated_measured"), ji(r, "allocated_predicted"));
	if (strcmp(agree, "same allocation") == 0 || strcmp(agree, "differ") == 0)
		printf(" (a launch under ncu gets at least %lld; registers are allocated per warp in units of %lld, %lld "
		       "per thread)", ji(r, "minimum_under_ncu"), 32 * ji(r, "allocation_unit"), ji(r, "allocation_unit"));
	printf("\n");
}

/* One space of a model line: "global  model 4.0, ncu 4.0 sectors/request". */
static void print_model_space(json_t *x, const char *space, const char *unit, bool *first, json_t *line)
{
	if (!json_is_object(x))
		return;
	printf("    %-14s%s:%lld  %-6s  ", *first ? "model" : "", js(line, "file"), ji(line, "line"), space);
	*first = false;
	if (jr(x, "predicted") >= 0)
		printf("model %.2f, ncu %.2f %s/request%s\n", jr(x, "predicted"), jr(x, "measured"), unit,
		       json_is_true(json_object_get(x, "gather")) ? " (a gather: the model's figure is an assumption)"
		       : json_is_false(json_object_get(x, "agree")) ? "  <- off by more than 10 %" : "");
	else
		printf("not listed by the model; ncu %.2f %s/request\n", jr(x, "measured"), unit);
}

/* The model line by line beside ncu (profile_lines.c). */
static void print_model(json_t *lines)
{
	enum { SHOWN = 12 };
	size_t i;
	json_t *x;
	bool first = true;
	json_array_foreach(lines, i, x) {
		if (i == SHOWN) {
			printf("                  ... %zu more lines (--format json lists them)\n", json_array_size(lines) - SHOWN);
			break;
		}
		print_model_space(json_object_get(x, "global"), "global", "sectors", &first, x);
		print_model_space(json_object_get(x, "shared"), "shared", "wavefronts", &first, x);
		json_t *lo = json_object_get(x, "local");
		if (json_is_object(lo)) {
			printf("    %-14s%s:%lld  %-6s  model %s, ncu %lld local instructions%s\n", first ? "model" : "",
			       js(x, "file"), ji(x, "line"), "local",
			       json_is_true(json_object_get(lo, "predicted")) ? "local accesses" : "none",
			       ji(lo, "measured_instructions"),
			       json_is_true(json_object_get(lo, "agree")) ? "" : "  <- they differ");
			first = false;
		}
	}
}

static void print_tally(json_t *t, const char *space, const char *unit)
{
	if (ji(t, "lines") <= 0) {
		printf("%s: no line measured", space);
		return;
	}
	printf("%s: %lld/%lld resolved lines within 10 %% (%.0f %% of their %s), %lld gather%s, %lld of %lld lines "
	       "listed (%.0f %% of the %s)", space, ji(t, "within_10_percent"), ji(t, "resolved"),
	       100 * jr(t, "within_share_of_resolved"), unit, ji(t, "gathers"), ji(t, "gathers") == 1 ? "" : "s",
	       ji(t, "listed"), ji(t, "lines"), 100 * jr(t, "listed_share"), unit);
}

static void print_text(json_t *doc)
{
	json_t *o, *s = json_object_get(doc, "summary");
	size_t i;

	printf("kanalyze verify --profile: %s%s, %s; predictions from nvcc %s\n",
	       json_is_string(json_object_get(doc, "export")) ? "ncu export " : "profiled by ncu ",
	       json_is_string(json_object_get(doc, "export")) ? js(doc, "export") : js(doc, "ncu"), js(doc, "arch"),
	       js(doc, "nvcc"));
	printf("kernels (ncu's launch; kanalyze's model at that launch)\n");
	json_array_foreach(json_object_get(doc, "kernels"), i, o) {
		json_t *r = json_object_get(o, "registers"), *t = json_object_get(o, "theoretical_occupancy"), *x;
		long long b[3], g[3];
		size_t j;
		for (j = 0; j < 3; j++) {
			b[j] = (long long)json_integer_value(json_array_get(json_object_get(o, "block"), j));
			g[j] = (long long)json_integer_value(json_array_get(json_object_get(o, "grid"), j));
		}
		printf("  %s\n", js(o, "kernel"));
		printf("    launch        block %lldx%lldx%lld, grid %lldx%lldx%lld, %lld launch%s", b[0], b[1], b[2], g[0],
		       g[1], g[2], ji(o, "launches"), ji(o, "launches") == 1 ? "" : "es");
		if (ji(o, "dynamic_smem") >= 0)
			printf(", %lld B dynamic shared memory%s", ji(o, "dynamic_smem"),
			       json_is_true(json_object_get(o, "smem_rounded")) ? " (ncu rounded it)" : "");
		printf("\n");
		if (strcmp(js(o, "status"), "compared") != 0) {
			printf("    kanalyze      not analysed: no kernel of this name in the sources analysed\n");
			continue;
		}
		printf("    kanalyze      %s  %s:%lld\n", js(o, "name"), js(o, "file"), ji(o, "line"));
		print_registers(r);
		printf("    occupancy     theoretical: ");
		if (jr(t, "measured") >= 0 && jr(t, "predicted") >= 0)
			printf("ncu %.1f %%, kanalyze %.1f %%: %s", 100 * jr(t, "measured"), 100 * jr(t, "predicted"),
			       json_is_true(json_object_get(t, "agree")) ? "equal" : "differ");
		else
			printf("not compared");
		if (jr(o, "achieved_occupancy") >= 0)
			printf("; achieved %.1f %%", 100 * jr(o, "achieved_occupancy"));
		printf("\n");
		if (ji(o, "global_sectors") >= 0)
			printf("    global        %lld sectors (32 bytes) requested by its loads and stores\n",
			       ji(o, "global_sectors"));
		json_array_foreach(json_object_get(o, "lines"), j, x) {   /* where: the three busiest lines */
			if (j == 3) {
				printf("                  ... %zu more lines\n", json_array_size(json_object_get(o, "lines")) - 3);
				break;
			}
			printf("    %-14s%s:%lld  %lld sectors (%.1f %%), %lld excessive\n", j ? "" : "lines", js(x, "file"),
			       ji(x, "line"), ji(x, "sectors"), 100 * jr(x, "kernel_share"), ji(x, "excessive"));
		}
		print_model(json_object_get(o, "model_lines"));
	}
	printf("findings at the lines ncu measured (%zu)\n", json_array_size(json_object_get(doc, "findings")));
	json_array_foreach(json_object_get(doc, "findings"), i, o) {
		printf("  %s:%lld:%lld  %s %s  %s\n", js(o, "file"), ji(o, "line"), ji(o, "col"), js(o, "rule"),
		       js(o, "severity"), js(o, "kernel"));
		if (json_is_true(json_object_get(o, "profiled")))
			print_measured(json_object_get(o, "measured"));
		else
			printf("    ncu           not profiled: no launch of this kernel in the export\n");
		json_t *e = json_object_get(o, "estimated");
		const char *verdict = js(o, "verdict");
		bool wf = json_is_object(e) && json_object_get(e, "wavefronts_per_request");
		if (json_is_object(e))
			printf("    kanalyze      estimated %lld %s/request where %lld would do, %.0f %% of the kernel's%s%s\n",
			       ji(e, wf ? "wavefronts_per_request" : "sectors_per_request"), wf ? "wavefronts" : "sectors",
			       ji(e, wf ? "ideal_wavefronts" : "ideal_sectors"), 100 * jr(e, "share"),
			       verdict && *verdict ? "; " : "", verdict ? verdict : "");
		else if (verdict && *verdict)
			printf("    kanalyze      %s by the code of its line%s\n", verdict,
			       strcmp(verdict, "contradicted") == 0 ? " (not reported)" : "");
	}
	printf("misses: >= %d %% excessive sectors on >= %d %% of a kernel's, no warning-level access finding (%zu)\n",
	       MISS_EXCESSIVE_PCT, MISS_KERNEL_PCT, json_array_size(json_object_get(doc, "misses")));
	json_array_foreach(json_object_get(doc, "misses"), i, o) {
		json_t *f = json_object_get(o, "findings"), *x;
		size_t j;
		printf("  %s:%lld  %s", js(o, "file"), ji(o, "line"), js(o, "kernel"));
		json_array_foreach(f, j, x)
			printf("%s%s", j ? ", " : "  (at this line: ", json_string_value(x));
		printf("%s\n", json_array_size(f) ? ")" : "");
		print_measured(json_object_get(o, "measured"));
	}
	json_t *rg = json_object_get(s, "registers"), *oc = json_object_get(s, "theoretical_occupancy");
	printf("summary       registers %lld/%lld agree (%lld equal, %lld same allocation); theoretical occupancy "
	       "%lld/%lld equal; %lld of %lld findings measured; %lld miss%s; %lld kernel%s not analysed\n",
	       ji(rg, "equal") + ji(rg, "same_allocation"), ji(rg, "checked"), ji(rg, "equal"), ji(rg, "same_allocation"),
	       ji(oc, "equal"), ji(oc, "checked"), ji(s, "findings_measured"), ji(s, "findings"), ji(s, "misses"),
	       ji(s, "misses") == 1 ? "" : "es", ji(s, "not_analysed"), ji(s, "not_analysed") == 1 ? "" : "s");
	json_t *model = json_object_get(s, "model");
	printf("model         per request, predicted beside measured: ");
	print_tally(json_object_get(model, "global"), "global", "sectors");
	printf("; ");
	print_tally(json_object_get(model, "shared"), "shared", "wavefronts");
	json_t *lo = json_object_get(model, "local");
	if (ji(lo, "lines") > 0)
		printf("; local: %lld/%lld lines agree where it runs (%lld the model's alone, %lld the hardware's alone)",
		       ji(lo, "agree"), ji(lo, "lines"), ji(lo, "model_only"), ji(lo, "hardware_only"));
	printf("\n");
	if (strcmp(js(s, "result"), "pass") == 0)
		printf("pass: registers and theoretical occupancy agree with ncu on %lld kernel launch%s\n",
		       ji(s, "compared"), ji(s, "compared") == 1 ? "" : "es");
	else if (strcmp(js(s, "result"), "fail") == 0)
		printf("FAIL: %lld disagreement%s with ncu\n", ji(rg, "differ") + ji(oc, "differ"),
		       ji(rg, "differ") + ji(oc, "differ") == 1 ? "" : "s");
	else
		printf("verify --profile: not run: %s\n", js(s, "why"));
}

static int not_run(const char *format, const char *why)
{
	if (strcmp(format, "json") == 0) {
		json_t *o = json_pack("{s:s, s:s, s:s, s:{s:s, s:s}}", "tool", "kanalyze", "version", KA_VERSION, "command",
				      "verify --profile", "summary", "result", "not run", "why", why);
		json_dumpf(o, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
		printf("\n");
		json_decref(o);
	} else {
		printf("verify --profile: not run: %s\n", why);
	}
	return KA_EXIT_OK;
}

static json_t *compare(struct vp *v, const char *arch)
{
	struct tally t = {0};
	long measured = 0;
	json_t *kernels = json_array(), *findings, *misses, *summary;
	const char *result;

	map_files(v);
	match_kernels(v);
	for (size_t i = 0; i < v->prof.n_launches; i++)
		json_array_append_new(kernels, kernel_json(v, &v->prof.launches[i], &t));
	findings = findings_json(v, &measured);
	misses = misses_json(v);
	result = t.regs_differ + t.occ_differ > 0 ? "fail" : t.regs_checked + t.occ_checked > 0 ? "pass" : "not run";
	summary = json_pack("{s:i, s:i, s:i, s:{s:i, s:i, s:i, s:i}, s:{s:i, s:i, s:i}, s:i, s:i, s:i, s:s}", "kernels",
			    (int)v->prof.n_launches, "compared", (int)t.compared, "not_analysed", (int)t.not_analysed,
			    "registers", "checked", (int)t.regs_checked, "equal", (int)t.regs_equal, "same_allocation",
			    (int)t.regs_alloc, "differ", (int)t.regs_differ, "theoretical_occupancy", "checked",
			    (int)t.occ_checked, "equal", (int)t.occ_equal, "differ", (int)t.occ_differ, "findings",
			    (int)json_array_size(findings), "findings_measured", (int)measured, "misses",
			    (int)json_array_size(misses), "result", result);
	json_object_set_new(summary, "model", ka_profile_lines_summary(&v->pl));
	if (strcmp(result, "not run") == 0)
		json_object_set_new(summary, "why", json_string("no profiled kernel is one kanalyze analysed (name the "
								"program's sources)"));
	return json_pack("{s:s, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "tool", "kanalyze", "version", KA_VERSION,
			 "command", "verify --profile", "arch", jstr_or_null(arch), "export", jstr_or_null(v->export_dir),
			 "ncu", jstr_or_null(v->ncu_version), "nvcc", jstr_or_null(v->res.nvcc_version), "kernels",
			 kernels, "findings", findings, "misses", misses, "summary", summary);
}

/* --format html: the analysis's page (report/html.c) with what ncu
 * measured per line beside the model's prediction. */
static int write_page(const struct ka_verify_options *o, const struct vp *v)
{
	struct ka_buf source = {0};
	struct ka_report_options ro = {.utf8 = true};
	if (v->export_dir)
		ka_buf_printf(&source, "Nsight Compute's export in %s", v->export_dir);
	else
		ka_buf_printf(&source, "Nsight Compute %s, profiled here", v->ncu_version ? v->ncu_version : "");
	const struct ka_measured m = {.source = source.data, .v = v->pl.v, .n = v->pl.n};
	const struct ka_report_ctx ctx = {.opt = &ro, .root = o->root ? o->root : ".", .diag = v->d, .measured = &m};
	int rc = ka_write_html(stdout, &v->res, &ctx);
	ka_buf_free(&source);
	return rc;
}

/* ---- getting the measurement ----------------------------------------------------------- */

static int read_export(const char *dir, const char *name, struct ka_buf *out, struct ka_diag *d)
{
	struct ka_buf path = {0};
	int err;
	ka_buf_printf(&path, "%s/%s", dir, name);
	err = ka_read_file(path.data, 1u << 30, out);
	if (err != 0)
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "cannot read the ncu export: %s", strerror(-err));
	ka_buf_free(&path);
	return err ? KA_EXIT_USAGE : KA_EXIT_OK;
}

/* The export's compute capability as an arch ("9.0" -> "sm_90"), or "". */
static void arch_of_export(const struct ka_ncu_profile *p, char *out, size_t n)
{
	out[0] = '\0';
	for (size_t i = 0; i < p->n_launches && !out[0]; i++) {
		const char *cc = p->launches[i].cc;
		size_t k = (size_t)snprintf(out, n, "sm_");
		for (; *cc && k + 1 < n; cc++)
			if (*cc >= '0' && *cc <= '9')
				out[k++] = *cc;
		out[k] = '\0';
		if (k == 3)
			out[0] = '\0';
	}
}

static int usage(struct ka_diag *d, const char *msg)
{
	ka_diag_error(d, KA_EXIT_USAGE, "verify --profile", "%s", msg);
	return KA_EXIT_USAGE;
}

/* The options, before anything runs: 0 or exit 2. */
static int check_options(const struct ka_verify_options *o, const char *format, double *timeout, struct ka_diag *d)
{
	if (strcmp(format, "text") != 0 && strcmp(format, "json") != 0 && strcmp(format, "html") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, "verify --profile", "--format takes text, json or html, not '%s'", format);
		return KA_EXIT_USAGE;
	}
	if (!o->ncu_export == !o->program)
		return usage(d, "give --ncu-export DIR (exported elsewhere) or -- PROGRAM [ARGS...] (profiled here), "
			     "one of them");
	if (o->program && o->n_program == 0)
		return usage(d, "'--' without a program to profile");
	if (o->arch && strchr(o->arch, ','))
		return usage(d, "--arch: one architecture, the profiled GPU's");
	if (o->timeout) {
		char *end = NULL;
		errno = 0;
		*timeout = strtod(o->timeout, &end);
		if (errno || !end || *end || *timeout <= 0 || *timeout > 86400) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify --profile", "--timeout takes seconds (1..86400), not '%s'",
				      o->timeout);
			return KA_EXIT_USAGE;
		}
	}
	return 0;
}

/* Profile the program here: 0 with the exports in run, or an exit code;
 * *why set (and 0) when nothing could be profiled. */
static int profile_here(const struct ka_verify_options *o, double timeout, struct ka_ncu_run *run, char *why,
			size_t n, struct ka_diag *d)
{
	const char *env = getenv("KANALYZE_NCU");
	char *ncu = ka_ncu_locate(), *prog;
	int rc;

	memset(run, 0, sizeof(*run));
	if (!ncu) {
		if (env && *env)
			snprintf(why, n, "ncu not found: $KANALYZE_NCU is '%s', not an executable", env);
		else
			snprintf(why, n, "ncu not found (looked at $KANALYZE_NCU, PATH, /usr/local/cuda/bin); it comes "
				 "with the CUDA toolkit (Nsight Compute)");
		return KA_EXIT_OK;
	}
	prog = ka_which(o->program[0]);
	if (!prog) {
		free(ncu);
		ka_diag_error(d, KA_EXIT_USAGE, o->program[0], "no such program (or not executable)");
		return KA_EXIT_USAGE;
	}
	char **argv = ka_xcalloc((size_t)o->n_program + 1, sizeof(char *));
	argv[0] = prog;
	for (int i = 1; i < o->n_program; i++)
		argv[i] = o->program[i];
	rc = ka_ncu_profile_program(ncu, argv, timeout, run, d);
	if (rc == KA_EXIT_OK && !run->ran)
		snprintf(why, n, "%s", run->why);
	free(argv);
	free(prog);
	free(ncu);
	return rc;
}

int ka_verify_profile_run(const struct ka_verify_options *o, struct ka_diag *d)
{
	const char *format = o->format ? o->format : "text";
	struct vp v = {.d = d};
	struct ka_ncu_run run = {0};
	struct ka_buf src = {0}, det = {0};
	struct ka_what_spec *specs = NULL;
	struct ka_request req;
	const char **inputs = NULL;
	char **owned = NULL, arch[32], why[512] = "";
	const char *src_text, *det_text, *src_where, *det_where;
	size_t src_len, det_len, n_inputs = 0;
	double timeout = 600;
	int rc, bad_input;

	if ((rc = check_options(o, format, &timeout, d)) != 0)
		return rc;
	v.export_dir = o->ncu_export;
	if (v.export_dir) {
		struct stat st;
		if (stat(v.export_dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
			ka_diag_error(d, KA_EXIT_USAGE, v.export_dir, "%s", stat(v.export_dir, &st) != 0 ?
				      "no such directory (--ncu-export)" : "not a directory (--ncu-export)");
			return KA_EXIT_USAGE;
		}
		if ((rc = read_export(v.export_dir, "ncu_source.csv", &src, d)) != 0 ||
		    (rc = read_export(v.export_dir, "ncu_details.csv", &det, d)) != 0)
			goto out;
		src_text = src.data, src_len = src.len, det_text = det.data, det_len = det.len;
		src_where = "ncu_source.csv", det_where = "ncu_details.csv";
		bad_input = KA_EXIT_USAGE;
	} else {
		if ((rc = profile_here(o, timeout, &run, why, sizeof(why), d)) != 0)
			goto out;
		if (!run.ran) {
			rc = not_run(format, why);
			goto out;
		}
		v.ncu_version = run.version;
		src_text = run.source.data, src_len = run.source.len, det_text = run.details.data, det_len = run.details.len;
		src_where = "ncu --page source", det_where = "ncu --page details";
		bad_input = KA_EXIT_TOOLCHAIN;
	}
	{
		struct ka_buf sw = {0}, dw = {0};
		if (v.export_dir) {
			ka_buf_printf(&sw, "%s/%s", v.export_dir, src_where);
			ka_buf_printf(&dw, "%s/%s", v.export_dir, det_where);
		} else {
			ka_buf_puts(&sw, src_where);
			ka_buf_puts(&dw, det_where);
		}
		rc = ka_ncu_source_read(src_text, src_len, sw.data, &v.prof, d) != 0 ||
		     ka_ncu_details_read(det_text, det_len, dw.data, &v.prof, d) != 0 ? bad_input : 0;
		ka_buf_free(&sw);
		ka_buf_free(&dw);
		if (rc)
			goto out;
	}

	/* the arch: --arch, else the profiled GPU's */
	if (o->arch)
		snprintf(arch, sizeof(arch), "%s", o->arch);
	else
		arch_of_export(&v.prof, arch, sizeof(arch));

	/* the sources: those given, else the export's .cu files found here */
	if (o->n_files > 0) {
		inputs = ka_xcalloc((size_t)o->n_files + 1, sizeof(char *));
		for (int i = 0; i < o->n_files; i++)
			inputs[n_inputs++] = o->files[i];
	} else {
		inputs = ka_xcalloc(v.prof.n_files + 1, sizeof(char *));
		owned = ka_xcalloc(v.prof.n_files + 1, sizeof(char *));
		for (size_t f = 0; f < v.prof.n_files; f++) {
			char *here = is_cuda_source(v.prof.files[f]) ? source_here(v.prof.files[f], !v.export_dir) : NULL;
			if (here)
				inputs[n_inputs] = owned[n_inputs] = here, n_inputs++;
		}
		if (n_inputs == 0) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify --profile", "none of the %zu source file%s ncu names is here "
				      "(e.g. %s): give the program's sources", v.prof.n_files, v.prof.n_files == 1 ? "" : "s",
				      v.prof.n_files ? v.prof.files[0] : "none");
			rc = KA_EXIT_USAGE;
			goto out;
		}
	}

	/* analyse them as `kanalyze SOURCES --arch ARCH` would: the caller's request */
	rc = o->profile_request(o->profile_request_arg, inputs, (int)n_inputs, arch[0] ? arch : NULL, &req, &specs, d);
	if (rc != 0)
		goto out;
	req.source_text = strcmp(format, "html") == 0;   /* the page shows the lines */
	rc = ka_analyze(&req, d, &v.res);
	if (!v.res.ran || rc >= KA_EXIT_USAGE)
		goto out;

	json_t *doc = compare(&v, arch[0] ? arch : NULL);
	const char *result = js(json_object_get(doc, "summary"), "result");
	if (strcmp(format, "json") == 0) {
		json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_SORT_KEYS | JSON_REAL_PRECISION(6));
		printf("\n");
	} else if (strcmp(format, "html") == 0) {
		if (write_page(o, &v) != 0)
			rc = KA_EXIT_USAGE;
	} else {
		print_text(doc);
	}
	if (rc == 0)
		rc = strcmp(result, "fail") == 0 ? KA_EXIT_FINDINGS : KA_EXIT_OK;
	json_decref(doc);
out:
	ka_result_free(&v.res);
	ka_ncu_profile_free(&v.prof);
	ka_ncu_run_free(&run);
	for (size_t i = 0; owned && i < n_inputs; i++)
		free(owned[i]);
	for (size_t i = 0; i < v.n_locals; i++)
		free(v.locals[i].real);
	free(v.locals);
	free(v.file_local);
	free(v.match);
	ka_profile_lines_free(&v.pl);
	free(owned);
	free(inputs);
	free(specs);
	ka_buf_free(&src);
	ka_buf_free(&det);
	return rc > d->exit_code ? rc : d->exit_code;
}
