/* json.c — `--format json`, the contract of DESIGN §3: one object,
 * files grouped by (file, arch) in report order, every resource field
 * present (null where the vendor or the run has no value).  Built with
 * jansson, which keeps keys in insertion order. */
#include "report.h"
#include "analyzer.h"
#include "frontends.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static json_t *num_or_null(long v)
{
	return v == KA_UNSET ? json_null() : json_integer(v);
}

static json_t *resources(const struct ka_resources *r)
{
	json_t *o = json_object();
	for (int f = 0; f < ka_resource_count; f++)
		json_object_set_new(o, ka_resource_fields[f].key, num_or_null(ka_resource_get(r, f)));
	return o;
}

static json_t *limiter_array(unsigned mask)
{
	json_t *a = json_array();
	for (int l = 0; l < KA_LIMIT_COUNT; l++)
		if (mask & (1u << l))
			json_array_append_new(a, json_string(ka_limiter_name((enum ka_limiter)l)));
	return a;
}

static json_t *occupancy(const struct ka_kernel_result *rk)
{
	json_t *o = json_object(), *best = json_array();
	json_object_set_new(o, "block", json_integer(rk->block));
	json_object_set_new(o, "block_source", json_string(rk->block_source));
	json_object_set_new(o, "smem", json_integer(rk->smem_dynamic));
	json_object_set_new(o, "blocks_per_sm", json_integer(rk->occ.blocks_per_sm));
	json_object_set_new(o, "warps_per_sm", json_integer(rk->occ.warps_per_sm));
	json_object_set_new(o, "waves_per_simd", rk->waves_per_simd >= 0 ? json_integer(rk->waves_per_simd) : json_null());
	json_object_set_new(o, "occupancy", json_real(rk->occ.occupancy));
	json_object_set_new(o, "limiter", limiter_array(rk->occ.limiters));
	for (int i = 0; i < rk->n_best; i++)
		json_array_append_new(best, json_integer(rk->best[i]));
	json_object_set_new(o, "best_blocks", best);
	json_object_set_new(o, "best_block", rk->best_block > 0 ? json_integer(rk->best_block) : json_null());
	json_object_set_new(o, "min_grid", rk->min_grid >= 0 ? json_integer(rk->min_grid) : json_null());
	return o;
}

static json_t *dist(long d)
{
	return d < 0 ? json_null() : json_integer(d);
}

static json_t *cliffs(const struct ka_cliffs *c)
{
	json_t *o = json_object();
	json_object_set_new(o, "regs_to_next_drop", dist(c->regs_to_next_drop));
	json_object_set_new(o, "blocks_after_drop", c->regs_to_next_drop < 0 ? json_null() : json_integer(c->blocks_after_drop));
	json_object_set_new(o, "regs_to_next_gain", dist(c->regs_to_next_gain));
	json_object_set_new(o, "blocks_after_gain", c->regs_to_next_gain < 0 ? json_null() : json_integer(c->blocks_after_gain));
	json_object_set_new(o, "smem_to_next_drop", dist(c->smem_to_next_drop));
	json_object_set_new(o, "blocks_after_smem_drop",
			    c->smem_to_next_drop < 0 ? json_null() : json_integer(c->blocks_after_smem_drop));
	json_object_set_new(o, "smem_to_next_gain", dist(c->smem_to_next_gain));
	json_object_set_new(o, "blocks_after_smem_gain",
			    c->smem_to_next_gain < 0 ? json_null() : json_integer(c->blocks_after_smem_gain));
	return o;
}

static json_t *waves_or_null(int w)
{
	return w >= 0 ? json_integer(w) : json_null();
}

/* The waves per SIMD each cliff leads to (AMD; the blocks_after_* keys hold
 * workgroups per CU there); null where the vendor has none. */
static void cliff_waves(json_t *o, const struct ka_wave_cliffs *w)
{
	json_object_set_new(o, "waves_after_drop", waves_or_null(w->after_drop));
	json_object_set_new(o, "waves_after_gain", waves_or_null(w->after_gain));
	json_object_set_new(o, "waves_after_lds_drop", waves_or_null(w->after_smem_drop));
	json_object_set_new(o, "waves_after_lds_gain", waves_or_null(w->after_smem_gain));
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
			json_object_set_new(o, "block", json_integer(w->block));
			json_object_set_new(o, "smem", json_integer(w->smem_dynamic));
			json_object_set_new(o, "blocks_per_sm", json_integer(w->occ.blocks_per_sm));
			json_object_set_new(o, "warps_per_sm", json_integer(w->occ.warps_per_sm));
			json_object_set_new(o, "occupancy", json_real(w->occ.occupancy));
			json_object_set_new(o, "limiter", limiter_array(w->occ.limiters));
		}
		json_array_append_new(a, o);
	}
	return a;
}

/* --sass: the census's per-line counts, for the uniformity join. */
static struct ka_uline *sass_lines(const struct ka_kernel *k, size_t *n)
{
	struct ka_uline *v;
	*n = 0;
	if (!k->sass || k->sass->n_lines == 0)
		return NULL;
	v = ka_xcalloc(k->sass->n_lines, sizeof(*v));
	for (size_t i = 0; i < k->sass->n_lines; i++)
		v[(*n)++] = (struct ka_uline){k->sass->lines[i].line, k->sass->lines[i].instructions,
					      k->sass->lines[i].uniform, k->sass->lines[i].vector};
	return v;
}

/* "uniformity": every initializer and assignment of the kernel (and of the
 * device functions it calls) with its class; null when the analysis did
 * not run.  "findings": KA101-KA108 that apply to this arch. */
static void uniformity(json_t *o, const struct ka_result *r, const struct ka_kernel_result *rk)
{
	const struct ka_ukernel *u = rk->u;
	json_t *facts = r->uniformity && rk->has_source ? json_array() : json_null(), *finds = json_array();
	size_t nl = 0;
	struct ka_uline *lines = u ? sass_lines(rk->k, &nl) : NULL;
	char note[256];

	for (size_t i = 0; u && i < u->n_facts; i++) {
		const struct ka_ufact *f = &u->facts[i];
		json_t *e = json_object();
		json_object_set_new(e, "line", json_integer(f->line));
		json_object_set_new(e, "col", json_integer(f->col));
		json_object_set_new(e, "expr", ka_json_text(f->expr));
		json_object_set_new(e, "class", json_string(ka_uclass_name(f->cls)));
		json_object_set_new(e, "stride", f->cls == KA_U_AFFINE && f->stride ? json_integer(f->stride) : json_null());
		json_object_set_new(e, "why", ka_json_text(f->why));
		json_object_set_new(e, "machine", ka_ufact_machine_note(f, lines, nl, note, sizeof(note)) ? ka_json_text(note)
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
		json_array_append_new(finds, e);
	}
	free(lines);
	json_object_set_new(o, "uniformity", facts);
	json_object_set_new(o, "findings", finds);
}

static json_t *kernel(const struct ka_result *r, const struct ka_kernel_result *rk)
{
	json_t *o = json_object();
	json_object_set_new(o, "name", ka_json_text(rk->k->name));
	json_object_set_new(o, "mangled", ka_json_text(rk->k->mangled));
	json_object_set_new(o, "line", rk->k->line > 0 ? json_integer(rk->k->line) : json_null());
	json_object_set_new(o, "resources", resources(&rk->k->res));
	json_object_set_new(o, "occupancy", occupancy(rk));
	json_t *cl = cliffs(&rk->cliffs);
	cliff_waves(cl, &rk->waves);
	json_object_set_new(o, "cliffs", cl);
	json_object_set_new(o, "sass", rk->k->sass ? ka_sass_json(rk->k->sass) : json_null());   /* --sass */
	uniformity(o, r, rk);                                 /* "uniformity", "findings" */
	json_object_set_new(o, "what_if", what_ifs(rk));
	json_object_set_new(o, "suggestion", rk->suggestion[0] ? json_string(rk->suggestion) : json_null());
	return o;
}

int ka_report_json(FILE *out, const struct ka_result *r)
{
	json_t *root = json_object(), *tc = json_object(), *files = json_array();
	json_t *cur = NULL;
	const struct ka_kernel_result *prev = NULL;
	int rc;

	json_object_set_new(root, "tool", json_string("kanalyze"));
	json_object_set_new(root, "version", json_string(KA_VERSION));
	json_object_set_new(tc, "nvcc", r->nvcc_version ? json_string(r->nvcc_version) : json_null());
	json_object_set_new(tc, "clang", r->clang_version ? json_string(r->clang_version) : json_null());
	json_object_set_new(root, "toolchain", tc);
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *rk = &r->v[i];
		if (!prev || strcmp(prev->k->file, rk->k->file) != 0 || strcmp(prev->k->arch, rk->k->arch) != 0) {
			json_t *f = json_object();
			json_object_set_new(f, "file", ka_json_text(rk->k->file));
			json_object_set_new(f, "arch", json_string(rk->k->arch));
			cur = json_array();
			json_object_set_new(f, "kernels", cur);
			json_array_append_new(files, f);
		}
		json_array_append_new(cur, kernel(r, rk));
		prev = rk;
	}
	json_object_set_new(root, "files", files);
	/* one write: json_dumpf would call fwrite once per token */
	char *text = json_dumps(root, JSON_INDENT(1) | JSON_REAL_PRECISION(6));
	json_decref(root);
	rc = text && fputs(text, out) >= 0 && fputc('\n', out) != EOF ? 0 : -1;
	free(text);
	return rc == 0 && !ferror(out) ? 0 : -1;
}
