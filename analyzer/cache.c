/* cache.c — the analyzer's results in kanalyze's result cache (core.h), so
 * an unchanged file on a warm cache costs a hash and a read, not a parse
 * (DESIGN §10: <= 20 ms).  Direct mode as in core/cache.c: the key is the
 * file's bytes, its real path, the options and the analyzer (KA_ANALYZER_REV,
 * a hash of its sources and tables made by analyzer/analysis_rev.cmake,
 * and the embedded prelude); the manifest lists every other file the parse
 * read with the hash of its contents.  A result is the ka_uresult as JSON
 * (jansson); one that does not read back is a miss, never an error. */
#define _GNU_SOURCE
#include "internal.h"
#include "analysis_rev.h"     /* KA_ANALYZER_REV: derived from the analyzer's sources at build time */
#include "prelude_files.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>


static bool direct_key(const char *file, const struct ka_analyzer_options *o, char hex[KA_HASH_HEX])
{
	struct ka_hash h;
	char fh[KA_HASH_HEX], num[64];
	char *abs = realpath(file, NULL);
	if (!abs || ka_hash_file(abs, fh, NULL) != 0) {
		free(abs);
		return false;
	}
	ka_hash_init(&h);
	ka_hash_str(&h, KA_ANALYZER_REV);
	for (size_t i = 0; i < ka_prelude_count; i++) {
		ka_hash_str(&h, ka_prelude_files[i].path);
		ka_hash_update(&h, ka_prelude_files[i].data, ka_prelude_files[i].len);
	}
	ka_hash_str(&h, abs);
	ka_hash_str(&h, fh);
	snprintf(num, sizeof(num), "%d %d %d%s", (int)o->lang, o->warp_size, o->sm, o->lines_only ? " lines" : "");
	ka_hash_str(&h, num);
	ka_hash_str(&h, o->offload_arch ? o->offload_arch : "");
	ka_hash_str(&h, ka_parse_toolkit() ? ka_parse_toolkit() : "");   /* which headers a toolkit parse read */
	for (int i = 0; o->cc_args && o->cc_args[i]; i++)
		ka_hash_str(&h, o->cc_args[i]);
	snprintf(num, sizeof(num), "block %d rules %d", o->block, o->n_shape_rules);
	ka_hash_str(&h, num);
	for (int i = 0; i < o->n_shape_rules; i++) {
		snprintf(num, sizeof(num), "%d %d %d", o->shape_rules[i].block[0], o->shape_rules[i].block[1],
			 o->shape_rules[i].block[2]);
		ka_hash_str(&h, o->shape_rules[i].glob);
		ka_hash_str(&h, num);
	}
	ka_hash_final(&h, hex);
	free(abs);
	return true;
}

/* ---- ka_uresult <-> JSON ------------------------------------------------------------- */
static json_t *jstr(const char *s)
{
	json_t *j = json_string(s ? s : "");
	return j ? j : json_string("?");      /* not UTF-8: the entry is still usable */
}

static json_t *facts_json(const struct ka_ufact *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_pack("[i,i,o,i,i,o]", v[i].line, v[i].col, jstr(v[i].expr), (int)v[i].cls,
						   v[i].stride, jstr(v[i].why)));
	return a;
}

static json_t *findings_json(const struct ka_ufinding *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, json_pack("[s,i,i,i,o,i,i,b]", ka_rule_id(v[i].rule), v[i].line, v[i].col, v[i].min_sm,
						   jstr(v[i].message), v[i].lane_bytes, v[i].access_bytes, v[i].store));
	return a;
}

static char *dup_str(json_t *j);

/* The analysed file itself, in an entry: a marker, not its spelling.  The
 * key is the file's real path, so `k.cu` and `/src/k.cu` share one entry;
 * a hit names the file as this run spells it (its launch sites, kernels). */
static const char self_marker[] = "\001";

static json_t *jfile(const struct ka_uresult *r, const char *f)
{
	return r->file && f && strcmp(f, r->file) == 0 ? json_string(self_marker) : jstr(f);
}

static char *file_str(json_t *j, const struct ka_uresult *r)
{
	const char *s = json_string_value(j);
	return s && strcmp(s, self_marker) == 0 && r->file ? ka_strdup(r->file) : dup_str(j);
}

/* Launch sites: [name, mangled, [targs] | null, file, line, bx, by, bz, smem, kernel, gx, gy, gz]. */
static json_t *launches_json(const struct ka_uresult *r, const struct ka_ulaunch *v, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++) {
		json_t *t = v[i].n_targs < 0 ? json_null() : json_array();
		for (int j = 0; j < v[i].n_targs; j++)
			json_array_append_new(t, jstr(v[i].targs[j]));
		json_array_append_new(a, json_pack("[o,o,o,o,i,i,i,i,I,i,i,i,i]", jstr(v[i].name), jstr(v[i].mangled), t,
						   jfile(r, v[i].file), v[i].line, v[i].block[0], v[i].block[1],
						   v[i].block[2], (json_int_t)v[i].smem, v[i].kernel, v[i].grid[0],
						   v[i].grid[1], v[i].grid[2]));
	}
	return a;
}

static bool launches_read(const struct ka_uresult *r, json_t *a, struct ka_ulaunch **v, size_t *n)
{
	size_t m = json_array_size(a);
	*v = ka_xcalloc(m ? m : 1, sizeof(**v));
	for (size_t i = 0; i < m; i++) {
		json_t *e = json_array_get(a, i), *t = json_array_get(e, 2);
		struct ka_ulaunch *l = &(*v)[*n];
		if (json_array_size(e) != 13 || json_array_size(t) > KA_ULAUNCH_TARGS)
			return false;
		(*n)++;
		l->name = dup_str(json_array_get(e, 0));
		l->mangled = dup_str(json_array_get(e, 1));
		l->n_targs = json_is_array(t) ? (int)json_array_size(t) : -1;
		for (int j = 0; j < l->n_targs; j++)
			l->targs[j] = dup_str(json_array_get(t, (size_t)j));
		l->file = file_str(json_array_get(e, 3), r);
		l->line = (int)json_integer_value(json_array_get(e, 4));
		for (int j = 0; j < 3; j++)
			l->block[j] = (int)json_integer_value(json_array_get(e, 5 + (size_t)j));
		l->smem = (long)json_integer_value(json_array_get(e, 8));
		l->kernel = (int)json_integer_value(json_array_get(e, 9));
		for (int j = 0; j < 3; j++)
			l->grid[j] = (int)json_integer_value(json_array_get(e, 10 + (size_t)j));
	}
	return true;
}

/* full: also what a child's result carries back that a cache entry never
 * holds (analyzer/isolate.c): why each kernel was withheld, a walk cut
 * short, the dependencies, the timings, whether it was read from the cache */
char *ka_uresult_json(const struct ka_uresult *r, bool full)
{
	json_t *o = json_object(), *ks = json_array(), *vars = json_array(), *diags = json_array();
	char *s;
	for (size_t i = 0; i < r->n_kernels; i++) {
		const struct ka_ukernel *k = &r->kernels[i];
		json_array_append_new(ks, json_pack("{s:o,s:o,s:o,s:i,s:o,s:b,s:b,s:o,s:o,s:[i,i,i,b,b,I]}", "name",
						    jstr(k->name), "qualified", jstr(k->qualified), "mangled", jstr(k->mangled),
						    "line", k->line, "file", jfile(r, k->file), "withheld", k->withheld != KA_WITHHELD_NONE, "library",
						    k->library, "facts", facts_json(k->facts, k->n_facts), "findings",
						    findings_json(k->findings, k->n_findings), "shape", k->shape.n_sites,
						    k->shape.n_unknown, k->shape.lane_dim, k->shape.warp_multiple,
						    k->shape.flat, (json_int_t)k->shape.threads));
	}
	for (size_t i = 0; i < r->n_vars; i++)
		json_array_append_new(vars, json_pack("[o,o,i,i]", jstr(r->vars[i].name), jstr(r->vars[i].function),
						      r->vars[i].line, (int)r->vars[i].cls));
	for (size_t i = 0; i < r->n_diags; i++)
		json_array_append_new(diags, jstr(r->diags[i]));
	json_object_set_new(o, "rev", json_string(KA_ANALYZER_REV));
	json_object_set_new(o, "warp", json_integer(r->warp_size));
	json_object_set_new(o, "errors", json_integer(r->errors));
	json_object_set_new(o, "warnings", json_integer(r->warnings));
	json_object_set_new(o, "headers", jstr(r->headers));
	json_object_set_new(o, "diags", diags);
	json_object_set_new(o, "kernels", ks);
	json_object_set_new(o, "facts", facts_json(r->facts, r->n_facts));
	json_object_set_new(o, "findings", findings_json(r->findings, r->n_findings));
	json_object_set_new(o, "vars", vars);
	json_object_set_new(o, "launches", launches_json(r, r->launches, r->n_launches));
	json_object_set_new(o, "optins", launches_json(r, r->optins, r->n_optins));
	if (full) {
		json_t *why = json_array(), *deps = json_array();
		for (size_t i = 0; i < r->n_kernels; i++)
			json_array_append_new(why, json_integer((int)r->kernels[i].withheld));
		for (size_t i = 0; i < r->n_deps; i++)
			json_array_append_new(deps, jstr(r->deps[i]));
		json_object_set_new(o, "why", why);
		json_object_set_new(o, "deps", deps);
		json_object_set_new(o, "cut_short", json_integer((int)r->cut_short));
		json_object_set_new(o, "parsed", json_boolean(r->parsed));
		json_object_set_new(o, "cached", json_boolean(r->cached));
		json_object_set_new(o, "ms", json_pack("[f,f]", r->parse_ms, r->analysis_ms));
	}
	s = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	return s;
}

static char *dup_str(json_t *j)
{
	const char *s = json_string_value(j);
	return ka_strdup(s ? s : "");
}

static bool facts_read(json_t *a, struct ka_ufact **out, size_t *n)
{
	size_t m = json_array_size(a);
	*out = ka_xcalloc(m ? m : 1, sizeof(**out));
	*n = 0;
	for (size_t i = 0; i < m; i++) {
		json_t *e = json_array_get(a, i);
		int cls = (int)json_integer_value(json_array_get(e, 3));
		if (json_array_size(e) != 6 || cls < 0 || cls >= KA_U_COUNT)
			return false;
		(*out)[(*n)++] = (struct ka_ufact){(int)json_integer_value(json_array_get(e, 0)),
						   (int)json_integer_value(json_array_get(e, 1)),
						   dup_str(json_array_get(e, 2)), (enum ka_uclass)cls,
						   (int)json_integer_value(json_array_get(e, 4)),
						   dup_str(json_array_get(e, 5)), NULL};
	}
	return true;
}

static bool findings_read(json_t *a, struct ka_ufinding **out, size_t *n)
{
	size_t m = json_array_size(a);
	*out = ka_xcalloc(m ? m : 1, sizeof(**out));
	*n = 0;
	for (size_t i = 0; i < m; i++) {
		json_t *e = json_array_get(a, i);
		const char *id = json_string_value(json_array_get(e, 0));     /* "KA107": never an enum's number */
		int rule = id ? ka_rule_from_id(id) : -1;
		if (json_array_size(e) != 8 || rule < 0)
			return false;
		(*out)[(*n)++] = (struct ka_ufinding){(enum ka_rule)rule, (int)json_integer_value(json_array_get(e, 1)),
						      (int)json_integer_value(json_array_get(e, 2)),
						      (int)json_integer_value(json_array_get(e, 3)),
						      dup_str(json_array_get(e, 4)),
						      (int)json_integer_value(json_array_get(e, 5)),
						      (int)json_integer_value(json_array_get(e, 6)),
						      json_is_true(json_array_get(e, 7)), NULL, false};
	}
	return true;
}

bool ka_uresult_read(const char *text, size_t len, struct ka_uresult *r, bool full)
{
	json_error_t err;
	json_t *o = json_loadb(text, len, 0, &err), *ks, *vars, *diags;
	bool ok = false;
	const char *rev = o ? json_string_value(json_object_get(o, "rev")) : NULL;
	if (!o || !json_is_object(o) || !rev || strcmp(rev, KA_ANALYZER_REV) != 0)
		goto out;
	r->warp_size = (int)json_integer_value(json_object_get(o, "warp"));
	r->errors = (int)json_integer_value(json_object_get(o, "errors"));
	r->warnings = (int)json_integer_value(json_object_get(o, "warnings"));
	r->headers = json_string_value(json_object_get(o, "headers")) &&
				     strcmp(json_string_value(json_object_get(o, "headers")), "toolkit") == 0
			     ? "toolkit"
			     : "prelude";
	diags = json_object_get(o, "diags");
	for (size_t i = 0; i < json_array_size(diags); i++) {
		KA_GROW(r->diags, r->n_diags, r->cap_diags, 8);
		r->diags[r->n_diags++] = dup_str(json_array_get(diags, i));
	}
	ks = json_object_get(o, "kernels");
	r->kernels = ka_xcalloc(json_array_size(ks) + 1, sizeof(*r->kernels));
	for (size_t i = 0; i < json_array_size(ks); i++) {
		json_t *k = json_array_get(ks, i);
		struct ka_ukernel *uk = &r->kernels[r->n_kernels++];
		uk->name = dup_str(json_object_get(k, "name"));
		uk->qualified = dup_str(json_object_get(k, "qualified"));
		uk->mangled = dup_str(json_object_get(k, "mangled"));
		uk->line = (int)json_integer_value(json_object_get(k, "line"));
		uk->file = file_str(json_object_get(k, "file"), r);
		uk->withheld = json_is_true(json_object_get(k, "withheld")) ? KA_WITHHELD_PARSE : KA_WITHHELD_NONE;
		uk->library = json_is_true(json_object_get(k, "library"));
		json_t *sh = json_object_get(k, "shape");
		uk->shape = (struct ka_ushape){(int)json_integer_value(json_array_get(sh, 0)),
					       (int)json_integer_value(json_array_get(sh, 1)),
					       (int)json_integer_value(json_array_get(sh, 2)),
					       json_is_true(json_array_get(sh, 3)), json_is_true(json_array_get(sh, 4)),
					       (long long)json_integer_value(json_array_get(sh, 5))};
		if (!facts_read(json_object_get(k, "facts"), &uk->facts, &uk->n_facts) ||
		    !findings_read(json_object_get(k, "findings"), &uk->findings, &uk->n_findings))
			goto out;
	}
	if (!facts_read(json_object_get(o, "facts"), &r->facts, &r->n_facts) ||
	    !findings_read(json_object_get(o, "findings"), &r->findings, &r->n_findings))
		goto out;
	if (!launches_read(r, json_object_get(o, "launches"), &r->launches, &r->n_launches) ||
	    !launches_read(r, json_object_get(o, "optins"), &r->optins, &r->n_optins))
		goto out;
	vars = json_object_get(o, "vars");
	r->vars = ka_xcalloc(json_array_size(vars) + 1, sizeof(*r->vars));
	for (size_t i = 0; i < json_array_size(vars); i++) {
		json_t *e = json_array_get(vars, i);
		int cls = (int)json_integer_value(json_array_get(e, 3));
		if (cls < 0 || cls >= KA_U_COUNT)
			goto out;
		r->vars[r->n_vars++] = (struct ka_uvar){dup_str(json_array_get(e, 0)), dup_str(json_array_get(e, 1)),
						       (int)json_integer_value(json_array_get(e, 2)), (enum ka_uclass)cls};
	}
	if (full) {
		json_t *why = json_object_get(o, "why"), *deps = json_object_get(o, "deps");
		int cut = (int)json_integer_value(json_object_get(o, "cut_short"));
		if (json_array_size(why) != r->n_kernels || cut < KA_WITHHELD_NONE || cut > KA_WITHHELD_TIME)
			goto out;
		for (size_t i = 0; i < r->n_kernels; i++) {
			int w = (int)json_integer_value(json_array_get(why, i));
			if (w < KA_WITHHELD_NONE || w > KA_WITHHELD_TIME)
				goto out;
			r->kernels[i].withheld = (enum ka_withheld)w;
		}
		r->deps = ka_xcalloc(json_array_size(deps) + 1, sizeof(*r->deps));
		for (size_t i = 0; i < json_array_size(deps); i++)
			r->deps[r->n_deps++] = dup_str(json_array_get(deps, i));
		r->cut_short = (enum ka_withheld)cut;
		r->parsed = json_is_true(json_object_get(o, "parsed"));
		r->cached = json_is_true(json_object_get(o, "cached"));
		r->parse_ms = json_real_value(json_array_get(json_object_get(o, "ms"), 0));
		r->analysis_ms = json_real_value(json_array_get(json_object_get(o, "ms"), 1));
	}
	ok = true;
out:
	json_decref(o);
	return ok;
}

/* A parse that did not find a header depends on a file that is not
 * there: the manifest can list only what was read, so a header installed
 * or added to the include path later would not be noticed.  Such a result
 * is not kept. */
static bool missed_a_header(const struct ka_uresult *r)
{
	for (size_t i = 0; i < r->n_diags; i++)
		if (strstr(r->diags[i], "file not found"))
			return true;
	return false;
}

/* A walk stopped by the time budget, or by the depth of a stack that
 * another build may not share: the result of this run, not of the file. */
static bool stopped_early(const struct ka_uresult *r)
{
	if (r->cut_short)
		return true;
	for (size_t i = 0; i < r->n_kernels; i++)
		if (r->kernels[i].withheld > KA_WITHHELD_PARSE)
			return true;
	return false;
}

static bool hit(const struct ka_cache *c, const char *direct, const char *file, const struct ka_analyzer_options *opt,
		struct ka_uresult *out)
{
	char rkey[KA_HASH_HEX];
	struct ka_buf val = {0};
	if (ka_manifest_check(c, direct, rkey) == 0 && ka_cache_get(c, "r", rkey, &val) == 0) {
		memset(out, 0, sizeof(*out));
		out->file = ka_strdup(file);
		out->lang = opt->lang;
		out->parsed = true;
		out->cached = true;
		if (ka_uresult_read(val.data, val.len, out, false)) {
			ka_buf_free(&val);
			return true;
		}
		ka_uresult_free(out);          /* unreadable: analyse again */
	}
	ka_buf_free(&val);
	return false;
}

bool ka_uniformity_cache_hit(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
			     struct ka_uresult *out)
{
	char direct[KA_HASH_HEX];
	return c && c->dir && direct_key(file, opt, direct) && hit(c, direct, file, opt, out);
}

int ka_uniformity_analyze_cached(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
				 struct ka_uresult *out)
{
	char direct[KA_HASH_HEX], rkey[KA_HASH_HEX];
	long long started = ka_wall_ns();
	int rc;
	if (!c || !c->dir || !direct_key(file, opt, direct))
		return ka_uniformity_analyze(file, opt, out);
	if (hit(c, direct, file, opt, out))
		return 0;
	rc = ka_uniformity_analyze(file, opt, out);
	if (rc != 0 || !out->parsed || missed_a_header(out) || stopped_early(out))
		return rc;
	/* the result key: the direct key and every dependency's contents */
	struct ka_hash h;
	ka_hash_init(&h);
	ka_hash_str(&h, direct);
	for (size_t i = 0; i < out->n_deps; i++) {
		char dh[KA_HASH_HEX];
		ka_hash_str(&h, out->deps[i]);
		ka_hash_str(&h, ka_hash_file(out->deps[i], dh, NULL) == 0 ? dh : "?");
	}
	ka_hash_final(&h, rkey);
	char *json = ka_uresult_json(out, false);
	if (json && ka_cache_put(c, "r", rkey, json, strlen(json)) == 0) {
		char **search = ka_include_dirs(opt->cc_args, NULL);
		ka_manifest_write(c, direct, rkey, (const char *const *)out->deps, out->n_deps, file,
				  (const char *const *)search, started);
		ka_strv_free(search);
	}
	free(json);
	return 0;
}
