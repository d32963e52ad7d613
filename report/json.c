/* json.c — `--format json`, the contract of DESIGN §3: one object,
 * files grouped by (file, arch) in report order, every resource field
 * present (null where the vendor or the run has no value).  Written as it
 * goes (the writer below), with jansson for strings and the variable parts. */
#include "report.h"
#include "machine.h"
#include "analyzer.h"
#include "sites.h"
#include "frontends.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static json_t *num_or_null(long v)
{
	return v == KA_UNSET ? json_null() : json_integer(v);
}

static json_t *limiter_array(unsigned mask)
{
	json_t *a = json_array();
	for (int l = 0; l < KA_LIMIT_COUNT; l++)
		if (mask & (1u << l))
			json_array_append_new(a, json_string(ka_limiter_name((enum ka_limiter)l)));
	return a;
}

static json_t *what_ifs(const struct ka_kernel_result *rk)
{
	json_t *a = json_array();
	for (int i = 0; i < rk->n_what_if; i++) {
		const struct ka_what_if *w = &rk->what_if[i];
		json_t *o = json_object();
		json_object_set_new(o, "what", json_string(w->what));
		if (w->failed) {
			json_object_set_new(o, "failed", json_true());
		} else {
			json_object_set_new(o, "regs", num_or_null(w->regs));
			json_object_set_new(o, "spill_stores", num_or_null(w->spill_stores));
			json_object_set_new(o, "spill_loads", num_or_null(w->spill_loads));
			json_object_set_new(o, "vgprs", num_or_null(w->vgprs));     /* AMD */
			json_object_set_new(o, "agprs", num_or_null(w->agprs));
			json_object_set_new(o, "sgprs", num_or_null(w->sgprs));
			json_object_set_new(o, "scratch", num_or_null(w->scratch));
			json_object_set_new(o, "vgpr_spills", num_or_null(w->vgpr_spills));
			json_object_set_new(o, "sgpr_spills", num_or_null(w->sgpr_spills));
			json_object_set_new(o, "block", json_integer(w->block));
			json_object_set_new(o, "smem", json_integer(w->smem_dynamic));
			json_object_set_new(o, "blocks_per_sm", json_integer(w->occ.blocks_per_sm));
			json_object_set_new(o, "warps_per_sm", json_integer(w->occ.warps_per_sm));
			json_object_set_new(o, "waves_per_simd", num_or_null(w->waves_per_simd));
			json_object_set_new(o, "occupancy", json_real(w->occ.occupancy));
			json_object_set_new(o, "limiter", limiter_array(w->occ.limiters));
		}
		json_array_append_new(a, o);
	}
	return a;
}

/* One access of the machine model (machine/machine.h; DESIGN.md section 3's
 * "accesses"): where, what, and what it costs per warp-level request. */
static json_t *access_json(const struct ka_mach_access *a)
{
	json_t *o = json_object(), *inl = json_array(), *insns = json_array(), *pr = json_object();
	json_object_set_new(o, "file", ka_json_text(a->file));
	json_object_set_new(o, "line", json_integer(a->line));
	for (int i = 0; i < a->n_inlined; i++)
		json_array_append_new(inl, json_pack("{s:o,s:i}", "file", ka_json_text(a->inl_file[i]), "line",
						     a->inl_line[i]));
	json_object_set_new(o, "inlined_at", inl);
	json_object_set_new(o, "callee", a->callee ? ka_json_text(a->callee) : json_null());
	json_object_set_new(o, "space", json_string(ka_mach_space_name(a->space)));
	json_object_set_new(o, "op", json_string(ka_mach_op_name(a->op)));
	for (int i = 0; i < a->n_insn; i++)
		json_array_append_new(insns, json_string(a->insn[i]));
	json_object_set_new(o, "instructions", insns);
	json_object_set_new(o, "bytes_per_lane", json_integer(a->bytes_per_lane));
	json_object_set_new(o, "sector_bytes", json_integer(a->unit_bytes));
	json_object_set_new(o, "active_lanes", json_real(a->active_lanes));
	json_object_set_new(pr, "sectors", a->sectors >= 0 ? json_real(a->sectors) : json_null());
	json_object_set_new(pr, "ideal", a->ideal >= 0 ? json_real(a->ideal) : json_null());
	json_object_set_new(pr, "wavefronts", a->wavefronts >= 0 ? json_real(a->wavefronts) : json_null());
	json_object_set_new(pr, "ideal_wavefronts", a->ideal_wavefronts >= 0 ? json_real(a->ideal_wavefronts) : json_null());
	json_object_set_new(o, "per_request", pr);
	json_object_set_new(o, "pattern", ka_json_text(a->pattern));
	json_object_set_new(o, "gather", json_boolean(a->gather));
	json_object_set_new(o, "gather_line", a->gather && a->gather_line > 0 ? json_integer(a->gather_line) : json_null());
	json_object_set_new(o, "vector_bytes", a->vector_candidate ? json_integer(a->vector_bytes) : json_null());
	json_object_set_new(o, "executions", json_real(a->executions));
	json_object_set_new(o, "trips_assumed", json_boolean(a->loop_default));
	json_object_set_new(o, "share", json_real(a->share));
	return o;
}

static json_t *accesses_json(const struct ka_mach_result *m)
{
	json_t *a = json_array();
	for (size_t i = 0; i < m->n; i++)
		json_array_append_new(a, access_json(&m->v[i]));
	return a;
}

/* "uniformity": every initializer and assignment of the kernel (and of the
 * device functions it calls) with its class; null when the analysis did
 * not run.  "findings": KA101-KA108 that apply to this arch, each with
 * "instances": how many kernels of the report (distinct names, any arch)
 * have this finding at this source site (1: this one only), and "machine":
 * with --sass, this kernel's SASS at the finding's line (else null). */
static void uniformity(json_t **facts_out, json_t **finds_out, const struct ka_result *r,
		       const struct ka_kernel_result *rk, const struct ka_sites *sites)
{
	const struct ka_ukernel *u = rk->u;
	json_t *facts = r->uniformity && rk->has_source ? json_array() : json_null(), *finds = json_array();

	for (size_t i = 0; u && i < u->n_facts; i++) {
		const struct ka_ufact *f = &u->facts[i];
		json_t *e = json_object();
		json_object_set_new(e, "line", json_integer(f->line));
		json_object_set_new(e, "col", json_integer(f->col));
		json_object_set_new(e, "expr", ka_json_text(f->expr));
		json_object_set_new(e, "class", json_string(ka_uclass_name(f->cls)));
		json_object_set_new(e, "stride", f->cls == KA_U_AFFINE && f->stride ? json_integer(f->stride) : json_null());
		json_object_set_new(e, "why", ka_json_text(f->why));
		json_object_set_new(e, "machine", rk->fact_machine && rk->fact_machine[i] ? ka_json_text(rk->fact_machine[i])
											 : json_null());
		json_array_append_new(facts, e);
	}
	for (size_t i = 0; u && i < u->n_findings; i++) {
		const struct ka_ufinding *f = &u->findings[i];
		json_t *e;
		if (f->min_sm && rk->sm < f->min_sm)
			continue;
		e = json_object();
		json_object_set_new(e, "rule", json_string(ka_rule_id(f->rule)));
		json_object_set_new(e, "severity", json_string(ka_rule_severity(f->rule)));
		json_object_set_new(e, "line", json_integer(f->line));
		json_object_set_new(e, "col", json_integer(f->col));
		json_object_set_new(e, "message", ka_json_text(f->message));
		{
			const struct ka_site *s = ka_sites_find(sites, r, (size_t)(rk - r->v), f);
			json_object_set_new(e, "instances", json_integer(s ? (json_int_t)s->n : 1));
		}
		/* the machine code of its line (lib/ground.c): what it holds, the
		 * verdict, and an access's estimated cost; else --sass's note */
		const struct ka_finding_ground *g = rk->ground ? &rk->ground[i] : NULL;
		json_object_set_new(e, "machine", ka_finding_machine(rk, f) ? ka_json_text(ka_finding_machine(rk, f))
									     : json_null());
		json_object_set_new(e, "verdict", g && ka_verdict_name(g->verdict) ? json_string(ka_verdict_name(g->verdict))
										 : json_null());
		if (g && g->share >= 0)
			json_object_set_new(e, "cost", json_pack("{s:i,s:i,s:f}", "sectors_per_request", g->sectors,
								 "ideal_sectors", g->ideal, "share", g->share));
		else
			json_object_set_new(e, "cost", json_null());
		json_object_set_new(e, "access", f->access ? access_json(f->access) : json_null());
		json_array_append_new(finds, e);
	}
	*facts_out = facts;
	*finds_out = finds;
}

/* ---- the writer ---------------------------------------------------------------
 * The document is written as it goes, in exactly the bytes jansson's
 * json_dumps(JSON_INDENT(1) | JSON_REAL_PRECISION(6)) gives for the whole
 * tree (golden.json_identical holds it to that): scalars and the fixed
 * objects directly, the variable parts (sass, uniformity, findings,
 * what-ifs) built with jansson and dumped in place, re-indented.  A library
 * of thousands of kernels is never one tree of a million nodes. */

static void indent(struct ka_buf *b, int depth)
{
	static const char spaces[] = "                ";
	ka_buf_append(b, "\n", 1);
	for (int n = depth; n > 0; n -= 16)
		ka_buf_append(b, spaces, (size_t)(n < 16 ? n : 16));
}

/* ",\n   \"key\": " (no comma before the first key of an object). */
static void key(struct ka_buf *b, int depth, bool *first, const char *k)
{
	if (!*first)
		ka_buf_append(b, ",", 1);
	*first = false;
	indent(b, depth);
	ka_buf_append(b, "\"", 1);
	ka_buf_puts(b, k);
	ka_buf_append(b, "\": ", 3);
}

/* A value built with jansson, at `depth` (its inner lines shifted). */
static void tree(struct ka_buf *b, json_t *v, int depth)
{
	char *t = json_dumps(v, JSON_INDENT(1) | JSON_REAL_PRECISION(6) | JSON_ENCODE_ANY);
	const char *p = t ? t : "null";
	for (;;) {
		size_t n = strcspn(p, "\n");
		ka_buf_append(b, p, n);
		if (!p[n])
			break;
		indent(b, depth);
		p += n + 1;
	}
	free(t);
	json_decref(v);
}

static void text(struct ka_buf *b, const char *s)
{
	size_t n = 0;

	/* plain ASCII is written as it is; anything jansson would escape or
	 * check (quotes, backslashes, control bytes, UTF-8) goes through it */
	while (s && s[n] >= 0x20 && s[n] < 0x7f && s[n] != '"' && s[n] != '\\')
		n++;
	if (s && !s[n]) {
		ka_buf_append(b, "\"", 1);
		ka_buf_append(b, s, n);
		ka_buf_append(b, "\"", 1);
		return;
	}
	tree(b, s ? ka_json_text(s) : json_null(), 0);
}

static void number(struct ka_buf *b, long v, bool known)
{
	char digits[24], *p = digits + sizeof(digits);
	unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;

	if (!known) {
		ka_buf_append(b, "null", 4);
		return;
	}
	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	ka_buf_append(b, p, (size_t)(digits + sizeof(digits) - p));
}

static void resources_out(struct ka_buf *b, const struct ka_resources *r, int depth)
{
	bool first = true;
	ka_buf_puts(b, "{");
	for (int f = 0; f < ka_resource_count; f++) {
		long v = ka_resource_get(r, f);
		key(b, depth + 1, &first, ka_resource_fields[f].key);
		number(b, v, v != KA_UNSET);
	}
	indent(b, depth);
	ka_buf_puts(b, "}");
}

static void ints_out(struct ka_buf *b, const int *v, int n, int depth)
{
	if (n == 0) {
		ka_buf_puts(b, "[]");
		return;
	}
	ka_buf_puts(b, "[");
	for (int i = 0; i < n; i++) {
		if (i)
			ka_buf_puts(b, ",");
		indent(b, depth + 1);
		number(b, v[i], true);
	}
	indent(b, depth);
	ka_buf_puts(b, "]");
}

static void occupancy_out(struct ka_buf *b, const struct ka_kernel_result *rk, int depth)
{
	bool first = true;
	char occ[32];

	ka_buf_puts(b, "{");
	key(b, depth + 1, &first, "block");
	number(b, rk->block, true);
	key(b, depth + 1, &first, "block_source");
	text(b, rk->block_source);
	key(b, depth + 1, &first, "block_dims");
	ints_out(b, rk->block_dims, 3, depth + 1);
	key(b, depth + 1, &first, "grid_dims");         /* the launch site's, when a constant */
	if (rk->grid_dims[0] > 0)
		ints_out(b, rk->grid_dims, 3, depth + 1);
	else
		ka_buf_append(b, "null", 4);
	key(b, depth + 1, &first, "launch_site");
	if (rk->launch_file) {
		char site[600];
		snprintf(site, sizeof(site), "%s:%d", rk->launch_file, rk->launch_line);
		text(b, site);
	} else {
		ka_buf_append(b, "null", 4);
	}
	key(b, depth + 1, &first, "runtime_launch_sites");
	ka_buf_puts(b, "[");
	for (int i = 0; i < rk->n_runtime_sites && i < KA_MAX_RUNTIME_SITES; i++) {
		char site[600];
		snprintf(site, sizeof(site), "%s:%d", rk->runtime_site_file[i], rk->runtime_site_line[i]);
		if (i)
			ka_buf_puts(b, ",");
		indent(b, depth + 2);
		text(b, site);
	}
	if (rk->n_runtime_sites)
		indent(b, depth + 1);
	ka_buf_puts(b, "]");
	key(b, depth + 1, &first, "smem");
	number(b, rk->smem_dynamic, true);
	key(b, depth + 1, &first, "blocks_per_sm");
	number(b, rk->occ.blocks_per_sm, true);
	key(b, depth + 1, &first, "warps_per_sm");
	number(b, rk->occ.warps_per_sm, true);
	key(b, depth + 1, &first, "waves_per_simd");
	number(b, rk->waves_per_simd, rk->waves_per_simd >= 0);
	key(b, depth + 1, &first, "occupancy");
	ka_format_fraction(occ, sizeof(occ), rk->occ.occupancy);
	ka_buf_puts(b, occ);
	key(b, depth + 1, &first, "limiter");
	if (rk->occ.limiters == 0) {
		ka_buf_append(b, "[]", 2);
	} else {
		bool lfirst = true;
		ka_buf_append(b, "[", 1);
		for (int l = 0; l < KA_LIMIT_COUNT; l++)
			if (rk->occ.limiters & (1u << l)) {
				if (!lfirst)
					ka_buf_append(b, ",", 1);
				lfirst = false;
				indent(b, depth + 2);
				text(b, ka_limiter_name((enum ka_limiter)l));
			}
		indent(b, depth + 1);
		ka_buf_append(b, "]", 1);
	}
	key(b, depth + 1, &first, "best_blocks");
	ints_out(b, rk->best, rk->n_best, depth + 1);
	key(b, depth + 1, &first, "best_block");
	number(b, rk->best_block, rk->best_block > 0);
	key(b, depth + 1, &first, "min_grid");
	number(b, rk->min_grid, rk->min_grid >= 0);
	/* the grid over the GPU (--sms): blocks a wave holds, full waves, the last's blocks */
	key(b, depth + 1, &first, "waves");
	if (rk->wave_blocks > 0) {
		bool wfirst = true;
		ka_buf_puts(b, "{");
		key(b, depth + 2, &wfirst, "blocks_per_wave");
		number(b, rk->wave_blocks, true);
		key(b, depth + 2, &wfirst, "full");
		number(b, rk->full_waves, true);
		key(b, depth + 2, &wfirst, "tail_blocks");
		number(b, rk->tail_blocks, true);
		indent(b, depth + 1);
		ka_buf_puts(b, "}");
	} else {
		ka_buf_append(b, "null", 4);
	}
	indent(b, depth);
	ka_buf_puts(b, "}");
}

static void cliffs_out(struct ka_buf *b, const struct ka_cliffs *c, const struct ka_wave_cliffs *w, int depth)
{
	const struct {
		const char *key;
		long v;
		bool known;
	} rows[] = {
		{"regs_to_next_drop", c->regs_to_next_drop, c->regs_to_next_drop >= 0},
		{"blocks_after_drop", c->blocks_after_drop, c->regs_to_next_drop >= 0},
		{"regs_to_next_gain", c->regs_to_next_gain, c->regs_to_next_gain >= 0},
		{"blocks_after_gain", c->blocks_after_gain, c->regs_to_next_gain >= 0},
		{"smem_to_next_drop", c->smem_to_next_drop, c->smem_to_next_drop >= 0},
		{"blocks_after_smem_drop", c->blocks_after_smem_drop, c->smem_to_next_drop >= 0},
		{"smem_to_next_gain", c->smem_to_next_gain, c->smem_to_next_gain >= 0},
		{"blocks_after_smem_gain", c->blocks_after_smem_gain, c->smem_to_next_gain >= 0},
		{"waves_after_drop", w->after_drop, w->after_drop >= 0},
		{"waves_after_gain", w->after_gain, w->after_gain >= 0},
		{"waves_after_lds_drop", w->after_smem_drop, w->after_smem_drop >= 0},
		{"waves_after_lds_gain", w->after_smem_gain, w->after_smem_gain >= 0},
	};
	bool first = true;
	ka_buf_puts(b, "{");
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		key(b, depth + 1, &first, rows[i].key);
		number(b, rows[i].v, rows[i].known);
	}
	indent(b, depth);
	ka_buf_puts(b, "}");
}

static void kernel_out(struct ka_buf *b, const struct ka_result *r, const struct ka_kernel_result *rk,
		       const struct ka_sites *sites, int depth)
{
	bool first = true;
	json_t *facts, *finds;

	ka_buf_puts(b, "{");
	key(b, depth + 1, &first, "name");
	text(b, rk->k->name);
	key(b, depth + 1, &first, "mangled");
	text(b, rk->k->mangled);
	key(b, depth + 1, &first, "line");
	number(b, rk->k->line, rk->k->line > 0);
	key(b, depth + 1, &first, "def_file");         /* where "line" is: the file or a header */
	if (rk->k->line > 0)
		text(b, rk->k->def_file ? rk->k->def_file : rk->k->file);
	else
		ka_buf_append(b, "null", 4);
	key(b, depth + 1, &first, "resources");
	resources_out(b, &rk->k->res, depth + 1);
	key(b, depth + 1, &first, "occupancy");
	occupancy_out(b, rk, depth + 1);
	key(b, depth + 1, &first, "cliffs");
	cliffs_out(b, &rk->cliffs, &rk->waves, depth + 1);
	key(b, depth + 1, &first, "sass");                     /* --sass */
	if (rk->k->sass)
		tree(b, ka_sass_json(rk->k->sass), depth + 1);
	else
		ka_buf_append(b, "null", 4);
	if (rk->u && (rk->u->n_facts > 0 || rk->u->n_findings > 0)) {
		uniformity(&facts, &finds, r, rk, sites);
		key(b, depth + 1, &first, "uniformity");
		tree(b, facts, depth + 1);
		key(b, depth + 1, &first, "findings");
		tree(b, finds, depth + 1);
	} else {                                               /* nothing to list */
		key(b, depth + 1, &first, "uniformity");
		ka_buf_puts(b, r->uniformity && rk->has_source ? "[]" : "null");
		key(b, depth + 1, &first, "findings");
		ka_buf_append(b, "[]", 2);
	}
	key(b, depth + 1, &first, "accesses");                 /* the machine model's */
	if (rk->accesses)
		tree(b, accesses_json(rk->accesses), depth + 1);
	else
		ka_buf_append(b, "null", 4);
	key(b, depth + 1, &first, "what_if");
	if (rk->n_what_if > 0)
		tree(b, what_ifs(rk), depth + 1);
	else
		ka_buf_append(b, "[]", 2);
	key(b, depth + 1, &first, "suggestion");
	text(b, rk->suggestion[0] ? rk->suggestion : NULL);
	indent(b, depth);
	ka_buf_puts(b, "}");
}

/* A (file, arch) that compiled with no kernel (host code only, or
 * templates never instantiated) is still a "files" entry, with an empty
 * "kernels" list, so a file never vanishes from the report.  An archive's
 * kernels are named after its members ("lib.a(k.o)"): they count for it. */
struct empty_unit {
	const char *file, *arch;
};

static bool same_input(const char *kernel_file, const char *done_file)
{
	size_t n = strlen(done_file);
	return strncmp(kernel_file, done_file, n) == 0 && (kernel_file[n] == '\0' || kernel_file[n] == '(');
}

static int empty_cmp(const void *a, const void *b)
{
	const struct empty_unit *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	return c ? c : ka_arch_cmp(x->arch, y->arch);
}

static struct empty_unit *empty_units(const struct ka_result *r, size_t *n)
{
	struct empty_unit *v = ka_xcalloc(r->done.n + 1, sizeof(*v));
	*n = 0;
	for (size_t f = 0; f < r->done.n; f++) {
		bool has = false;
		for (size_t i = 0; i < r->n && !has; i++)
			has = same_input(r->v[i].k->file, r->done.file[f]) && strcmp(r->v[i].k->arch, r->done.arch[f]) == 0;
		for (size_t j = 0; j < *n && !has; j++)
			has = strcmp(v[j].file, r->done.file[f]) == 0 && strcmp(v[j].arch, r->done.arch[f]) == 0;
		if (!has)
			v[(*n)++] = (struct empty_unit){r->done.file[f], r->done.arch[f]};
	}
	if (*n > 1)
		qsort(v, *n, sizeof(*v), empty_cmp);
	return v;
}

/* Opens a "files" entry at depth 2 (closing the previous one). */
static void file_open(struct ka_buf *b, bool *open, bool *any, const char *file, const char *arch,
		      const char *compiler)
{
	bool ffirst = true;
	if (*open) {
		indent(b, 3);
		ka_buf_puts(b, "]");
		indent(b, 2);
		ka_buf_puts(b, "}");
	}
	if (*any)
		ka_buf_puts(b, ",");
	*any = *open = true;
	indent(b, 2);
	ka_buf_puts(b, "{");
	key(b, 3, &ffirst, "file");
	text(b, file);
	key(b, 3, &ffirst, "arch");
	text(b, arch);
	key(b, 3, &ffirst, "compiler");   /* null unless --clang-fallback compiled it */
	text(b, compiler && *compiler ? compiler : NULL);
	key(b, 3, &ffirst, "kernels");
	ka_buf_puts(b, "[");
}

/* The empty (file, arch) entries that sort before (file, arch); all of
 * them when file is NULL. */
static void empties_before(struct ka_buf *b, bool *open, bool *any, const struct empty_unit *e, size_t n, size_t *at,
			   const char *file, const char *arch)
{
	for (; *at < n; (*at)++) {
		struct empty_unit k = {file, arch};
		if (file && empty_cmp(&e[*at], &k) >= 0)
			break;
		file_open(b, open, any, e[*at].file, e[*at].arch, NULL);
		ka_buf_puts(b, "]");           /* "kernels": [] */
		indent(b, 2);
		ka_buf_puts(b, "}");
		*open = false;
	}
}

/* "baseline": the comparison behind a regression's exit 1 (only with
 * --baseline), so --format json -q still says why. */
static json_t *baseline_json(const struct ka_bl_compare *cmp, const char *path)
{
	static const char *const what[] = {"regression", "improved", "changed", "added", "removed"};
	json_t *o = json_object(), *changes = json_array();
	json_object_set_new(o, "file", ka_json_text(path));
	json_object_set_new(o, "regressions", json_integer(cmp->count[KA_CH_REGRESSION]));
	json_object_set_new(o, "improved", json_integer(cmp->count[KA_CH_IMPROVED]));
	json_object_set_new(o, "changed", json_integer(cmp->count[KA_CH_CHANGED]));
	json_object_set_new(o, "unchanged", json_integer(cmp->unchanged));
	json_object_set_new(o, "added", json_integer(cmp->count[KA_CH_ADDED]));
	json_object_set_new(o, "removed", json_integer(cmp->count[KA_CH_REMOVED]));
	for (size_t i = 0; i < cmp->n; i++) {
		const struct ka_bl_change *ch = &cmp->v[i];
		const struct ka_bl_entry *e = ch->cur ? ch->cur : ch->old;
		json_t *c = json_object(), *kinds = json_array();
		struct ka_buf m = {0};
		for (int k = 0; k < KA_REG_COUNT; k++)
			if (ch->kinds & (1u << k))
				json_array_append_new(kinds, json_string(ka_regression_rules[k].name));
		ka_bl_change_message(ch, &m);
		json_object_set_new(c, "what", json_string(what[ch->what]));
		json_object_set_new(c, "kinds", kinds);
		json_object_set_new(c, "file", ka_json_text(e->file));
		json_object_set_new(c, "arch", ka_json_text(e->arch));
		json_object_set_new(c, "name", ka_json_text(e->name));
		json_object_set_new(c, "mangled", ka_json_text(e->mangled));
		/* which launch of the kernel ("1024x1x1+0"), null unless a launch site's */
		json_object_set_new(c, "launch", e->launch ? ka_json_text(e->launch) : json_null());
		json_object_set_new(c, "message", ka_json_text(m.data ? m.data : ""));
		json_array_append_new(changes, c);
		ka_buf_free(&m);
	}
	json_object_set_new(o, "changes", changes);
	/* findings the baseline does not have (null: it keeps none, an older
	 * kanalyze wrote it); the gate's --fail-on warning counts the warnings */
	if (cmp->findings_compared) {
		static const char *const levels[] = {"info", "note", "warning"};
		json_t *nf = json_array();
		for (size_t i = 0; i < cmp->n_new; i++) {
			const struct ka_bl_finding *f = cmp->new_findings[i];
			json_t *e = json_object();
			json_object_set_new(e, "rule", ka_json_text(f->rule));
			json_object_set_new(e, "level", json_string(levels[f->level >= 0 && f->level < 3 ? f->level : 1]));
			json_object_set_new(e, "file", ka_json_text(f->file));
			json_object_set_new(e, "line", json_integer(f->line));
			json_object_set_new(e, "kernel", ka_json_text(f->kernel));
			json_object_set_new(e, "mangled", ka_json_text(f->mangled));
			json_object_set_new(e, "context", ka_json_text(f->context));
			json_array_append_new(nf, e);
		}
		json_object_set_new(o, "new_findings", nf);
	} else {
		json_object_set_new(o, "new_findings", json_null());
	}
	return o;
}

/* `--format json`; with a baseline, the top-level "baseline" object (the
 * comparison, named by the baseline's path). */
int ka_write_json(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	const struct ka_bl_compare *cmp = c->cmp;
	const char *baseline = c->baseline;
	struct ka_buf b = {0};
	const struct ka_kernel_result *prev = NULL;
	bool first = true, open = false, any = false;
	struct ka_sites sites;
	size_t n_empty = 0, at = 0;
	struct empty_unit *empty = empty_units(r, &n_empty);
	bool werr = false;
	int rc;

	ka_sites_build(&sites, r, 0);
	ka_buf_puts(&b, "{");
	key(&b, 1, &first, "tool");
	text(&b, "kanalyze");
	key(&b, 1, &first, "version");
	text(&b, KA_VERSION);
	key(&b, 1, &first, "toolchain");
	{
		bool tfirst = true;
		ka_buf_puts(&b, "{");
		key(&b, 2, &tfirst, "nvcc");
		text(&b, r->nvcc_version);
		key(&b, 2, &tfirst, "clang");
		text(&b, r->clang_version);
		key(&b, 2, &tfirst, "hip_compiler");   /* null: no HIP compile ran */
		text(&b, r->hip_compiler);
		indent(&b, 1);
		ka_buf_puts(&b, "}");
	}
	key(&b, 1, &first, "files");
	ka_buf_puts(&b, r->n || n_empty ? "[" : "[]");
	/* files (depth 2) hold "file", "arch", "kernels" (depth 3), kernels at 4 */
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *rk = &r->v[i];
		bool new_file = !prev || strcmp(prev->k->file, rk->k->file) != 0 || strcmp(prev->k->arch, rk->k->arch) != 0;
		if (new_file) {
			empties_before(&b, &open, &any, empty, n_empty, &at, rk->k->file, rk->k->arch);
			file_open(&b, &open, &any, rk->k->file, rk->k->arch, rk->k->compiler);
		} else {
			ka_buf_puts(&b, ",");
		}
		indent(&b, 4);
		kernel_out(&b, r, rk, &sites, 4);
		prev = rk;
		if (b.len >= (1u << 20)) {          /* out a MiB at a time: a library's report is 90 MB */
			werr |= fwrite(b.data, 1, b.len, out) != b.len;
			b.len = 0;
		}
	}
	if (open) {
		indent(&b, 3);
		ka_buf_puts(&b, "]");
		indent(&b, 2);
		ka_buf_puts(&b, "}");
		open = false;
	}
	empties_before(&b, &open, &any, empty, n_empty, &at, NULL, NULL);
	if (any) {
		indent(&b, 1);
		ka_buf_puts(&b, "]");
	}
	if (cmp) {
		key(&b, 1, &first, "baseline");
		tree(&b, baseline_json(cmp, baseline), 1);
	}
	indent(&b, 0);
	ka_buf_puts(&b, "}\n");
	rc = !werr && fwrite(b.data, 1, b.len, out) == b.len ? 0 : -1;
	ka_buf_free(&b);
	ka_sites_free(&sites);
	free(empty);
	return rc == 0 && !ferror(out) ? 0 : -1;
}
