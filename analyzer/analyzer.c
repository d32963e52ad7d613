/* analyzer.c — the analyzer's entry point: parse a file (parse.c), find its
 * kernels, run the uniformity pass on each (uniformity.c), collect facts
 * and findings (findings.c), then analyse conservatively the device
 * functions no kernel calls, and hand back one ka_uresult.  Also the small
 * public helpers (rule table, the --sass join). */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- rules.def -------------------------------------------------------------------- */
static const struct {
	const char *id, *sev, *title, *why, *silence;
} rules[] = {
#define KA_RULE(id, name, sev, claim, memory, title, why, silence) {#id, sev, title, why, silence},
#include "rules.def"
#undef KA_RULE
};

const char *ka_rule_id(enum ka_rule r) { return (unsigned)r < KA_RULE_COUNT ? rules[r].id : "?"; }
const char *ka_rule_severity(enum ka_rule r) { return (unsigned)r < KA_RULE_COUNT ? rules[r].sev : "?"; }
const char *ka_rule_title(enum ka_rule r) { return (unsigned)r < KA_RULE_COUNT ? rules[r].title : "?"; }
const char *ka_rule_why(enum ka_rule r) { return (unsigned)r < KA_RULE_COUNT ? rules[r].why : "?"; }
const char *ka_rule_silence(enum ka_rule r) { return (unsigned)r < KA_RULE_COUNT ? rules[r].silence : "?"; }

int ka_rule_from_id(const char *id)
{
	for (int i = 0; i < KA_RULE_COUNT; i++)
		if (strcmp(id, rules[i].id) == 0)
			return i;
	return -1;
}

bool ka_analyzer_available(void)
{
	return true;
}

/* ---- result assembly ------------------------------------------------------------------ */
static void fact_copy(struct ka_ufact *d, const struct ka_ufact *s)
{
	*d = *s;
	d->expr = ka_strdup(s->expr);
	d->why = ka_strdup(s->why);
	d->machine = s->machine ? ka_strdup(s->machine) : NULL;
}

static void facts_merge(struct ka_fact_acc *into, const struct ka_fact_acc *from)
{
	for (size_t i = 0; i < from->n; i++) {
		size_t j;
		for (j = 0; j < into->n; j++)
			if (into->offsets[j] == from->offsets[i])
				break;
		if (j < into->n) {
			if (from->v[i].cls > into->v[j].cls) {
				free(into->v[j].why);
				into->v[j].cls = from->v[i].cls;
				into->v[j].stride = from->v[i].stride;
				into->v[j].why = ka_strdup(from->v[i].why);
			}
			continue;
		}
		KA_GROW(into->v, into->n, into->cap, 64);
		KA_GROW(into->offsets, into->n, into->cap_offsets, 64);
		fact_copy(&into->v[into->n], &from->v[i]);
		into->offsets[into->n++] = from->offsets[i];
	}
}

static void findings_merge(struct ka_finding_acc *into, const struct ka_finding_acc *from)
{
	for (size_t i = 0; i < from->n; i++) {
		const struct ka_ufinding *f = &from->v[i];
		struct ka_ufinding *g = ka_finding_add(into, f->rule, f->line, f->col, f->min_sm, "%s", f->message);
		g->lane_bytes = f->lane_bytes;
		g->access_bytes = f->access_bytes;
		g->store = f->store;
	}
}

static int fact_cmp(const void *a, const void *b)
{
	const struct ka_ufact *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

static int finding_cmp(const void *a, const void *b)
{
	const struct ka_ufinding *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return (int)x->rule - (int)y->rule;
}

static int var_cmp(const void *a, const void *b)
{
	const struct ka_uvar *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->name, y->name);
}

void ka_facts_sort(struct ka_ufact *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof(*v), fact_cmp);
}

void ka_findings_sort(struct ka_ufinding *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof(*v), finding_cmp);
}

void ka_fact_acc_free(struct ka_fact_acc *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].expr);
		free(a->v[i].why);
		free(a->v[i].machine);
	}
	free(a->v);
	free(a->offsets);
	memset(a, 0, sizeof(*a));
}

void ka_finding_acc_free(struct ka_finding_acc *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i].message);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* ---- finding the kernels and device functions ------------------------------------------ */
struct fnlist {
	CXCursor *v;
	size_t n, cap;
};

static void fnlist_add(struct fnlist *l, CXCursor c)
{
	KA_GROW(l->v, l->n, l->cap, 16);
	l->v[l->n++] = c;
}

struct scan {
	struct fnlist kernels, device, library;
	CXFile *prefix;              /* the precompiled prefix's files, sorted */
	size_t n_prefix, cap_prefix;
};

static int ptr_cmp(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const CXFile *)a, y = (uintptr_t)*(const CXFile *)b;
	return x < y ? -1 : x > y;
}

/* A declaration in a header of the precompiled prefix (clang's wrapper,
 * libstdc++, cuda_runtime.h): no kernel is there, and walking into its
 * namespaces would read each of their declarations back from the PCH
 * (measured: the scan of a toolkit file 0.02 -> 0.14 s with a PCH). */
static bool in_prefix(const struct scan *s, CXCursor c)
{
	CXFile f = NULL;
	if (s->n_prefix == 0)
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && bsearch(&f, s->prefix, s->n_prefix, sizeof(*s->prefix), ptr_cmp) != NULL;
}

static enum CXChildVisitResult scan_tu(CXCursor c, CXCursor parent, CXClientData d)
{
	struct scan *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (ka_is_from_prelude(c))
		return CXChildVisit_Continue;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c))) {
		if (in_prefix(s, c))
			return CXChildVisit_Continue;
		/* library kernels (cub's): only where they are (parse.c places them) */
		if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) && clang_isCursorDefinition(c) &&
		    ka_is_kernel(c))
			fnlist_add(&s->library, c);
		return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl
			       ? CXChildVisit_Recurse
			       : CXChildVisit_Continue;
	}
	switch (k) {
	case CXCursor_Namespace:
	case CXCursor_LinkageSpec:
	case CXCursor_UnexposedDecl:
	case CXCursor_StructDecl:
	case CXCursor_ClassDecl:
	case CXCursor_ClassTemplate:
		return CXChildVisit_Recurse;
	case CXCursor_FunctionDecl:
	case CXCursor_FunctionTemplate:
	case CXCursor_CXXMethod:
		if (!clang_isCursorDefinition(c))
			return CXChildVisit_Continue;
		if (ka_is_kernel(c))
			fnlist_add(&s->kernels, c);
		else if (ka_has_attr(c, CXCursor_CUDADeviceAttr))
			fnlist_add(&s->device, c);
		return CXChildVisit_Continue;
	default:
		return CXChildVisit_Continue;
	}
}


static void kernel_fill(struct ka_an *an, struct ka_ukernel *k, CXCursor fn, struct ka_fact_acc *facts,
			struct ka_finding_acc *finds)
{
	CXString s = clang_getCursorSpelling(fn), m = clang_Cursor_getMangling(fn);
	int col;
	k->name = ka_strdup(clang_getCString(s));
	k->qualified = ka_cursor_qualified_name(fn, false);
	k->mangled = ka_strdup(clang_getCString(m));
	k->file = ka_cursor_file(fn);
	clang_getExpansionLocation(clang_getCursorLocation(fn), NULL, (unsigned *)&k->line, (unsigned *)&col, NULL);
	clang_disposeString(s);
	clang_disposeString(m);
	k->n_facts = facts->n;
	k->facts = ka_xcalloc(facts->n ? facts->n : 1, sizeof(*k->facts));
	for (size_t i = 0; i < facts->n; i++)
		fact_copy(&k->facts[i], &facts->v[i]);
	ka_facts_sort(k->facts, k->n_facts);
	k->n_findings = finds->n;
	k->findings = ka_xcalloc(finds->n ? finds->n : 1, sizeof(*k->findings));
	for (size_t i = 0; i < finds->n; i++) {
		k->findings[i] = finds->v[i];
		k->findings[i].message = ka_strdup(finds->v[i].message);
	}
	ka_findings_sort(k->findings, k->n_findings);
	(void)an;
}

/* A walk over the whole file stopped at the guard's bounds (the first
 * reason is kept). */
static void cut_short(struct ka_uresult *out, enum ka_withheld why)
{
	if (why && !out->cut_short)
		out->cut_short = why;
}

/* Every file the parse read, for the cache's manifest (absolute; the
 * prelude lives in the binary and is keyed by its own hash). */
struct inclusions {
	struct ka_uresult *r;
	struct ka_real_dirs dirs;            /* each directory resolved once */
};

static void add_dep(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData d)
{
	struct inclusions *w = d;
	struct ka_uresult *r = w->r;
	char *abs = ka_file_real_in(f, &w->dirs);
	bool dup = false;
	(void)stack;
	(void)n;
	for (size_t i = 0; abs && i < r->n_deps && !dup; i++)
		dup = strcmp(r->deps[i], abs) == 0;
	if (!abs || dup) {
		free(abs);
		return;
	}
	KA_GROW(r->deps, r->n_deps, r->cap_deps, 64);
	r->deps[r->n_deps++] = abs;
}

/* Does function fn declare a parameter at line:col (a KA108 finding)? */
static bool ka_fn_has_param_at(CXCursor fn, int line, int col)
{
	CXCursor ch[96];
	int n = ka_children(fn, ch, 96);
	for (int i = 0; i < n; i++) {
		int l, c;
		if (clang_getCursorKind(ch[i]) != CXCursor_ParmDecl)
			continue;
		ka_location(ch[i], &l, &c);
		if (l == line && c == col)
			return true;
	}
	return false;
}

/* ---- ka_uniformity_analyze, job by job ---------------------------------------------- */

/* The translation unit's kernels, device functions and library kernels
 * (scan_tu), and every file the parse read (the cache's manifest). */
static void scan_file(CXTranslationUnit tu, struct ka_uresult *out, struct scan *sc)
{
	int ph = ka_phase_begin("scan", NULL);
	for (size_t i = 0; i < out->n_prefix; i++) {
		CXFile f = clang_getFile(tu, out->prefix[i]);
		if (f) {
			KA_GROW(sc->prefix, sc->n_prefix, sc->cap_prefix, 64);
			sc->prefix[sc->n_prefix++] = f;
		}
	}
	if (sc->n_prefix > 1)
		qsort(sc->prefix, sc->n_prefix, sizeof(*sc->prefix), ptr_cmp);
	struct inclusions w = {out, {0}};
	clang_getInclusions(tu, add_dep, &w);
	ka_real_dirs_free(&w.dirs);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), scan_tu, sc);
	ka_phase_end(ph);
}

/* One kernel: its facts and findings (read in its header when it is
 * defined in one: those are lines of that file, kept out of the file-level
 * lists), what it calls (for KA108), withheld on a parse error in it or in
 * what it calls, or when the walk stopped at the guard's bounds. */
static void analyse_kernel(struct ka_an *an, const struct ka_analyzer_options *opt, CXCursor kernel, int index,
			   struct fnlist *calls, struct ka_fact_acc *file_facts, struct ka_finding_acc *file_finds)
{
	struct ka_uresult *out = an->res;
	struct ka_fact_acc facts = {0};
	struct ka_finding_acc finds = {0};
	CXFile main = an->main_file, kf = NULL;
	const char *main_src = an->src;
	size_t main_len = an->src_len, hlen = 0;
	clang_getExpansionLocation(clang_getCursorLocation(kernel), &kf, NULL, NULL, NULL);
	bool header = kf && !clang_File_isEqual(kf, main) && clang_getFileContents(an->tu, kf, &hlen);
	if (header) {
		an->main_file = kf;
		an->src = clang_getFileContents(an->tu, kf, &hlen);
		an->src_len = hlen;
	}
	char *qname = ka_cursor_qualified_name(kernel, true);
	ka_launch_shape(opt, out, index, qname, an->warp, &an->shape);
	free(qname);
	ka_guard_begin(opt->budget_ms);
	ka_uniformity_kernel(an, kernel);
	for (size_t r = 0; r < an->n_reached; r++)       /* what it calls, for KA108 */
		fnlist_add(calls, an->reached[r]);
	/* a parse error in it or in what it calls: withheld (parse.c) */
	enum ka_withheld withheld = out->errors > 0 && (ka_parse_errors_inside(an->tu, &kernel, 1) ||
							ka_parse_errors_inside(an->tu, an->reached, an->n_reached))
					    ? KA_WITHHELD_PARSE : KA_WITHHELD_NONE;
	if (!withheld)
		ka_collect(an, &facts, &finds);
	enum ka_withheld stopped = ka_guard_end();
	if (!withheld && stopped) {             /* half a walk is no analysis */
		withheld = stopped;
		ka_fact_acc_free(&facts);
		ka_finding_acc_free(&finds);
		cut_short(out, stopped);
	}
	out->kernels[out->n_kernels].shape = an->shape;
	out->kernels[out->n_kernels].withheld = withheld;
	kernel_fill(an, &out->kernels[out->n_kernels++], kernel, &facts, &finds);
	memset(&an->shape, 0, sizeof(an->shape));
	if (header) {
		an->main_file = main;
		an->src = main_src;
		an->src_len = main_len;
	} else {
		facts_merge(file_facts, &facts);
		findings_merge(file_finds, &finds);
	}
	ka_fact_acc_free(&facts);
	ka_finding_acc_free(&finds);
}

/* Device functions of the main file no kernel calls: parameters varying,
 * facts only. */
static void analyse_uncalled(struct ka_an *an, const struct ka_analyzer_options *opt, const struct scan *sc,
			     struct ka_fact_acc *file_facts)
{
	for (size_t i = 0; i < sc->device.n; i++) {
		int j = ka_cmap_get(&an->fn_ix, sc->device.v[i]);
		unsigned s0, e0;
		bool called = j >= 0 && an->fns[j].called;
		/* by place too: a template is called through its instantiations */
		if (!called && ka_extent(an, sc->device.v[i], &s0, &e0))
			for (size_t c = 0; c < an->n_called && !called; c++)
				called = an->called_at[c] == s0;
		if (called || !ka_in_main_file(an, sc->device.v[i]))
			continue;
		struct ka_fact_acc facts = {0};
		struct ka_finding_acc finds = {0};
		ka_guard_begin(opt->budget_ms);
		ka_uniformity_standalone(an, sc->device.v[i]);
		ka_collect(an, &facts, &finds);
		enum ka_withheld stopped = ka_guard_end();
		if (!stopped)
			facts_merge(file_facts, &facts);
		cut_short(an->res, stopped);
		ka_fact_acc_free(&facts);
		ka_finding_acc_free(&finds);
	}
}

/* The file-level findings; a KA108 among them belongs also to the kernels
 * that call its function (those of the main file: a header kernel's lines
 * are its header's). */
static void file_findings(struct ka_an *an, const struct ka_analyzer_options *opt, const struct fnlist *calls,
			  struct ka_finding_acc *file_finds)
{
	struct ka_uresult *out = an->res;
	size_t before108 = file_finds->n;
	if (!opt->lines_only) {
		ka_guard_begin(opt->budget_ms);
		ka_findings_file(an, file_finds);
		cut_short(out, ka_guard_end());
	}
	CXString main_name = clang_getFileName(an->main_file);
	char *main_real = realpath(clang_getCString(main_name), NULL);   /* as ka_cursor_file spells it */
	if (!main_real)
		main_real = ka_strdup(clang_getCString(main_name));
	for (size_t i = before108; i < file_finds->n; i++) {
		if (file_finds->v[i].rule != KA_RULE_CONSTANT_RUNTIME_INDEX)
			continue;
		for (size_t k = 0; k < out->n_kernels; k++) {
			struct ka_ukernel *uk = &out->kernels[k];
			bool calls_it = false;
			if (uk->withheld || strcmp(uk->file, main_real) != 0)
				continue;
			for (size_t c = 0; c < calls[k].n && !calls_it; c++)
				calls_it = ka_fn_has_param_at(calls[k].v[c], file_finds->v[i].line, file_finds->v[i].col);
			if (!calls_it)
				continue;
			KA_GROW(uk->findings, uk->n_findings, uk->cap_findings, 8);
			uk->findings[uk->n_findings] = file_finds->v[i];
			uk->findings[uk->n_findings++].message = ka_strdup(file_finds->v[i].message);
			ka_findings_sort(uk->findings, uk->n_findings);
		}
	}
	clang_disposeString(main_name);
	free(main_real);
}

/* The file's facts, findings and variables into the result, sorted. */
static void result_take(struct ka_an *an, struct ka_fact_acc *file_facts, struct ka_finding_acc *file_finds)
{
	struct ka_uresult *out = an->res;
	out->facts = file_facts->v;
	out->n_facts = file_facts->n;
	file_facts->v = NULL;
	free(file_facts->offsets);
	ka_facts_sort(out->facts, out->n_facts);
	out->findings = file_finds->v;
	out->n_findings = file_finds->n;
	ka_findings_sort(out->findings, out->n_findings);
	out->vars = an->vars;
	out->n_vars = an->n_vars;
	if (out->n_vars > 1)
		qsort(out->vars, out->n_vars, sizeof(*out->vars), var_cmp);
}

static void an_free(struct ka_an *an, struct scan *sc, struct fnlist *calls)
{
	for (size_t i = 0; i < sc->kernels.n; i++)
		free(calls[i].v);
	free(calls);
	free(sc->kernels.v);
	free(sc->device.v);
	free(sc->library.v);
	free(sc->prefix);
	free(an->nodes);
	free(an->called_at);
	free(an->reached);
	free(an->fns);
	ka_cmap_free(&an->node_ix);
	ka_cmap_free(&an->fn_ix);
	ka_cmap_free(&an->var_ix);
	ka_strtab_free(&an->strs);
}

/* Parse, scan, launch sites, each kernel, the uncalled device functions,
 * the file's findings, the library kernels placed: one job each above. */
int ka_uniformity_analyze(const char *file, const struct ka_analyzer_options *opt, struct ka_uresult *out)
{
	struct ka_an an = {0};
	CXIndex index = NULL;
	CXTranslationUnit tu = NULL;
	struct scan sc = {0};
	struct ka_fact_acc file_facts = {0};
	struct ka_finding_acc file_finds = {0};
	struct ka_fact_acc none = {0};
	struct ka_finding_acc nothing = {0};
	double t0 = ka_now_ms(), t1;
	size_t len = 0;
	int rc;

	memset(out, 0, sizeof(*out));
	out->file = ka_strdup(file);
	out->lang = opt->lang;
	out->warp_size = opt->warp_size ? opt->warp_size : opt->lang == KA_LANG_HIP ? 64 : 32;
	rc = ka_parse(file, opt, &index, &tu, out);
	t1 = ka_now_ms();
	out->parse_ms = t1 - t0;
	if (rc != 0) {
		if (index)
			clang_disposeIndex(index);
		return rc;
	}
	an.tu = tu;
	an.res = out;
	an.warp = out->warp_size;
	an.lang = opt->lang;
	an.sm = opt->sm;
	an.main_file = clang_getFile(tu, file);
	an.src = an.main_file ? clang_getFileContents(tu, an.main_file, &len) : NULL;
	an.src_len = len;
	if (!an.src) {
		char *m = ka_xmalloc(strlen(file) + 64);
		sprintf(m, "%s: libclang has no text for the file", file);
		KA_GROW(out->diags, out->n_diags, out->cap_diags, 8);
		out->diags[out->n_diags++] = m;
		clang_disposeTranslationUnit(tu);
		clang_disposeIndex(index);
		return -ENOENT;
	}

	scan_file(tu, out, &sc);
	int ph = ka_phase_begin("launch sites", NULL);
	out->kernels = ka_xcalloc(sc.kernels.n + sc.library.n + 1, sizeof(*out->kernels));
	struct fnlist *calls = ka_xcalloc(sc.kernels.n ? sc.kernels.n : 1, sizeof(*calls));
	/* the launches too under lines_only (--no-uniformity): the block each
	 * kernel is modelled at is no uniformity fact */
	ka_guard_begin(opt->budget_ms);
	ka_launch_sites_find(&an, sc.kernels.v, sc.kernels.n, out);
	cut_short(out, ka_guard_end());
	ka_phase_end(ph);
	ph = ka_phase_begin("kernels", NULL);
	if (opt->lines_only) {                   /* where the kernels are and how they are launched */
		for (size_t i = 0; i < sc.kernels.n; i++)
			kernel_fill(&an, &out->kernels[out->n_kernels++], sc.kernels.v[i], &none, &nothing);
		sc.device.n = 0;
	}
	for (size_t i = 0; !opt->lines_only && i < sc.kernels.n; i++)
		analyse_kernel(&an, opt, sc.kernels.v[i], (int)i, &calls[i], &file_facts, &file_finds);
	analyse_uncalled(&an, opt, &sc, &file_facts);
	ka_phase_end(ph);
	ph = ka_phase_begin("file findings", NULL);
	file_findings(&an, opt, calls, &file_finds);
	ka_phase_end(ph);
	for (size_t i = 0; i < sc.library.n; i++) {    /* placed, not analysed */
		out->kernels[out->n_kernels].library = true;
		kernel_fill(&an, &out->kernels[out->n_kernels++], sc.library.v[i], &none, &nothing);
	}
	result_take(&an, &file_facts, &file_finds);
	out->analysis_ms = ka_now_ms() - t1;
	an_free(&an, &sc, calls);
	ph = ka_phase_begin("dispose", NULL);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(index);
	ka_phase_end(ph);
	return 0;
}

static void facts_free(struct ka_ufact *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].expr);
		free(v[i].why);
		free(v[i].machine);
	}
	free(v);
}

static void findings_free(struct ka_ufinding *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].message);
	free(v);
}

void ka_uresult_free(struct ka_uresult *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n_kernels; i++) {
		struct ka_ukernel *k = &r->kernels[i];
		free(k->name);
		free(k->qualified);
		free(k->mangled);
		free(k->file);
		facts_free(k->facts, k->n_facts);
		findings_free(k->findings, k->n_findings);
	}
	free(r->kernels);
	facts_free(r->facts, r->n_facts);
	findings_free(r->findings, r->n_findings);
	for (size_t i = 0; i < r->n_vars; i++) {
		free(r->vars[i].name);
		free(r->vars[i].function);
	}
	free(r->vars);
	ka_ulaunch_free(r->launches, r->n_launches);
	ka_ulaunch_free(r->optins, r->n_optins);
	for (size_t i = 0; i < r->n_diags; i++)
		free(r->diags[i]);
	free(r->diags);
	for (size_t i = 0; i < r->n_deps; i++)
		free(r->deps[i]);
	free(r->deps);
	for (size_t i = 0; i < r->n_prefix; i++)
		free(r->prefix[i]);
	free(r->prefix);
	free(r->file);
	memset(r, 0, sizeof(*r));
}

/* "void ns::pressure<128>(float*, float const*)" -> "ns::pressure" */
static void base_name(const char *demangled, char *out, size_t n)
{
	const char *end = strchr(demangled, '(');
	size_t len = end ? (size_t)(end - demangled) : strlen(demangled), j = 0;
	int depth = 0;
	char tmp[512];
	for (size_t i = 0; i < len && j + 1 < sizeof(tmp); i++) {
		char c = demangled[i];
		if (c == '<')
			depth++;
		else if (c == '>')
			depth--;
		else if (depth == 0)
			tmp[j++] = c;
	}
	tmp[j] = 0;
	const char *sp = strrchr(tmp, ' ');
	snprintf(out, n, "%s", sp ? sp + 1 : tmp);
}

const struct ka_ukernel *ka_uresult_kernel(const struct ka_uresult *r, const char *mangled, const char *demangled,
					   int line)
{
	const struct ka_ukernel *best = NULL;
	char want[512];
	if (!r)
		return NULL;
	mangled = ka_mangled_own(mangled);
	for (size_t i = 0; mangled && i < r->n_kernels; i++)
		if (r->kernels[i].mangled && strcmp(r->kernels[i].mangled, mangled) == 0)
			return &r->kernels[i];
	if (!demangled)
		return NULL;
	base_name(demangled, want, sizeof(want));
	for (size_t i = 0; i < r->n_kernels; i++) {
		const struct ka_ukernel *k = &r->kernels[i];
		bool match = strchr(want, ':') ? strcmp(k->qualified, want) == 0 : strcmp(k->name, want) == 0;
		if (!match)
			continue;
		if (!best || (line > 0 && k->line == line))
			best = k;
	}
	return best;
}

bool ka_ufact_machine_note(const struct ka_ufact *f, const struct ka_uline *lines, size_t n, char *buf, size_t len)
{
	const struct ka_uline *l = NULL;
	for (size_t j = 0; j < n; j++)
		if (lines[j].line == f->line) {
			l = &lines[j];
			break;
		}
	if (!l || l->instructions <= 0 || len == 0)
		return false;
	buf[0] = 0;
	if (f->cls > KA_U_CONST && f->cls <= KA_U_WARP && l->vector > 0 && l->uniform == 0)
		snprintf(buf, len,
			 "uniform in source, computed in vector registers here (%ld vector instruction%s, no "
			 "uniform-datapath work on this line)",
			 l->vector, l->vector == 1 ? "" : "s");
	else if (f->cls > KA_U_CONST && f->cls <= KA_U_WARP && l->uniform > 0)
		snprintf(buf, len, "uniform in source and on the uniform datapath here (%ld of %ld instructions)",
			 l->uniform, l->instructions);
	else if (f->cls == KA_U_WARP_IF && l->vector > 0)
		snprintf(buf, len,
			 "uniform only under a launch condition: the compiler keeps it in vector registers (%ld vector "
			 "instruction%s on this line)",
			 l->vector, l->vector == 1 ? "" : "s");
	return buf[0] != 0;
}

int ka_uniformity_join_sass(struct ka_ukernel *k, const struct ka_uline *lines, size_t n)
{
	int notes = 0;
	char buf[256];
	for (size_t i = 0; i < k->n_facts; i++) {
		struct ka_ufact *f = &k->facts[i];
		if (!ka_ufact_machine_note(f, lines, n, buf, sizeof(buf)))
			continue;
		free(f->machine);
		f->machine = ka_strdup(buf);
		notes++;
	}
	return notes;
}
