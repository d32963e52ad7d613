/* baseline.c — the CI gate's memory: --write-baseline records, per (file,
 * arch, kernel), the resources and the occupancy at the block size used, as
 * sorted JSON with one kernel per line (a regression is a one-line diff),
 * replaced atomically; --baseline compares a run with it.
 *
 * What fails (regressions.def): registers grew and the resident blocks per
 * SM dropped (a cliff, same block size); occupancy dropped otherwise; spill
 * bytes appeared or grew; uniform registers fell while registers grew (both
 * sides measured by the SASS census).  A binary (cubin, fatbin, object,
 * library, launcher record) keeps no spill bytes -- only ptxas -v prints
 * them -- so where either side lacks them the spill evidence is what the
 * binary does keep: the kernel's stack frame (EIATTR_FRAME_SIZE, where
 * ptxas puts spilled registers) grew, or, with --sass on both sides, its
 * STL/LDL local-memory instructions grew.  Worked example, sm_90, 256 threads:
 *
 *   regs   blocks/SM  occupancy   vs a 128-register baseline
 *   126        2        25 %      improved (fewer registers), passes
 *   128        2        25 %      unchanged, passes
 *   129        1      12.5 %      register-cliff, fails
 *
 *
 *   56 regs, frame 0 B   ->  48 regs, frame 160 B (-maxrregcount 48, no ptxas -v):
 *                            spill, fails -- not "improved 56 -> 48"
 *
 * Registers that grow without crossing a cliff are a reported change, not a
 * failure; kernels added or removed are reported, never failed; baseline
 * kernels of files (or archs) this run did not analyse are left alone. */
#define _GNU_SOURCE
#include "lib.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const struct ka_regression_rule ka_regression_rules[KA_REG_COUNT] = {
#define KA_REGRESSION(e, id, name, level, what) [KA_REG_##e] = {id, name, level, what},
#include "kanalyze/regressions.def"
#undef KA_REGRESSION
};

enum { BASELINE_FORMAT = 1 };


/* ---- kernel identity ---------------------------------------------------------
 * nvcc's name for a kernel in an anonymous namespace embeds a hash of the
 * file's path (and so does -rdc's for a static one), e.g. the same file in
 * two checkouts:
 *
 *   a/x/anon.cu  _ZN39_GLOBAL__N__4bc0a5bf_7_anon_cu_bf5d1b316anon_kEPf
 *   b/anon.cu    _ZN39_GLOBAL__N__fde11943_7_anon_cu_bf5d1b316anon_kEPf
 *
 * The eight hex digits after the marker are the only part that moves (the
 * second hash stays), so the baseline compares names with them ignored. */
static const char *const path_hash_markers[] = {"_GLOBAL__N__", "_INTERNAL_"};

static bool hex8(const char *p)
{
	for (int i = 0; i < 8; i++)
		if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f') || (p[i] >= 'A' && p[i] <= 'F')))
			return false;
	return p[8] == '_';
}

/* The length of the path hash starting at s[i] (8), or 0 when none does. */
static size_t path_hash_at(const char *s, size_t i)
{
	for (size_t m = 0; m < sizeof(path_hash_markers) / sizeof(path_hash_markers[0]); m++) {
		size_t l = strlen(path_hash_markers[m]);
		if (i >= l && memcmp(s + i - l, path_hash_markers[m], l) == 0 && hex8(s + i))
			return 8;
	}
	return 0;
}

bool ka_mangled_path_derived(const char *mangled)
{
	for (size_t i = 0; mangled && mangled[i]; i++)
		if (path_hash_at(mangled, i))
			return true;
	return false;
}

int ka_mangled_cmp(const char *a, const char *b)
{
	size_t i = 0, h;
	for (;;) {
		/* a[0..i) == b[0..i): a marker ending at i ends in both */
		if ((h = path_hash_at(a, i)) && path_hash_at(b, i)) {
			i += h;
			continue;
		}
		if (a[i] != b[i] || !a[i])
			return (unsigned char)a[i] - (unsigned char)b[i];
		i++;
	}
}

static int cmp_key(const struct ka_bl_entry *a, const struct ka_bl_entry *b)
{
	int c = strcmp(a->file, b->file);
	if (c)
		return c;
	if ((c = ka_arch_cmp(a->arch, b->arch)) != 0)
		return c;
	if ((c = ka_mangled_cmp(a->mangled, b->mangled)) != 0)
		return c;
	/* a kernel launched at several constant configurations: one entry each */
	if (!a->launch || !b->launch)
		return !!a->launch - !!b->launch;
	return strcmp(a->launch, b->launch);
}

static int cmp_entry(const void *a, const void *b)
{
	return cmp_key(a, b);
}

static struct ka_bl_entry *add(struct ka_bl *b)
{
	KA_GROW(b->v, b->n, b->cap, 16);
	memset(&b->v[b->n], 0, sizeof(b->v[0]));
	return &b->v[b->n++];
}

void ka_bl_free(struct ka_bl *b)
{
	for (size_t i = 0; i < b->n; i++) {
		free(b->v[i].file);
		free(b->v[i].arch);
		free(b->v[i].name);
		free(b->v[i].mangled);
		free(b->v[i].launch);
	}
	free(b->v);
	free(b->nvcc);
	for (size_t i = 0; i < b->nf; i++) {
		free(b->f[i].rule);
		free(b->f[i].mangled);
		free(b->f[i].context);
		free(b->f[i].file);
		free(b->f[i].kernel);
	}
	free(b->f);
	memset(b, 0, sizeof(*b));
}

/* ---- findings ------------------------------------------------------------------ */

static int cmp_finding(const void *pa, const void *pb)
{
	const struct ka_bl_finding *a = pa, *b = pb;
	int c = strcmp(a->rule, b->rule);
	if (c)
		return c;
	if ((c = ka_mangled_cmp(a->mangled, b->mangled)) != 0)
		return c;
	return strcmp(a->context, b->context);
}

static struct ka_bl_finding *add_finding(struct ka_bl *b)
{
	KA_GROW(b->f, b->nf, b->capf, 16);
	memset(&b->f[b->nf], 0, sizeof(b->f[0]));
	return &b->f[b->nf++];
}

/* Sort by identity and keep one of each (a kernel analysed for several
 * archs or launches reports its findings once per result): the most
 * severe. */
static void findings_unique(struct ka_bl *b)
{
	size_t keep = 0;
	if (b->nf > 1)
		qsort(b->f, b->nf, sizeof(*b->f), cmp_finding);
	for (size_t i = 0; i < b->nf; i++) {
		if (keep && cmp_finding(&b->f[keep - 1], &b->f[i]) == 0) {
			if (b->f[i].level > b->f[keep - 1].level)
				b->f[keep - 1].level = b->f[i].level;
			free(b->f[i].rule);
			free(b->f[i].mangled);
			free(b->f[i].context);
			free(b->f[i].file);
			free(b->f[i].kernel);
			continue;
		}
		b->f[keep++] = b->f[i];
	}
	b->nf = keep;
}

/* Line `line` of the text in t, white space collapsed and trimmed. */
static char *line_context(const struct ka_buf *t, int line)
{
	const char *p = t->data, *end = t->data ? t->data + t->len : NULL;
	struct ka_buf out = {0};
	bool space = false;

	for (int l = 1; p && p < end && l < line; p++)
		if (*p == '\n')
			l++;
	ka_buf_puts(&out, "");
	for (; p && p < end && *p != '\n'; p++) {
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
			space = out.len > 0;
			continue;
		}
		if (space)
			ka_buf_append(&out, " ", 1);
		space = false;
		ka_buf_append(&out, p, 1);
	}
	return out.data;
}

static void findings_from_result(const struct ka_result *r, const char *root, struct ka_bl *out)
{
	struct ka_buf text = {0};
	const char *text_of = NULL;       /* the file `text` holds */

	out->has_findings = true;
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *kr = &r->v[i];
		const char *file = kr->k->def_file ? kr->k->def_file : kr->k->file;
		for (size_t j = 0; kr->u && file && j < kr->u->n_findings; j++) {
			const struct ka_ufinding *uf = &kr->u->findings[j];
			if ((uf->min_sm && kr->sm < uf->min_sm) || ka_finding_contradicted(kr, j))
				continue;
			if (!text_of || strcmp(text_of, file) != 0) {
				text.len = 0;
				if (ka_read_file(file, 64u << 20, &text) != 0)
					text.len = 0;
				text_of = file;
			}
			struct ka_bl_finding *f = add_finding(out);
			f->rule = ka_strdup(ka_rule_id(uf->rule));
			f->mangled = ka_strdup(kr->k->mangled);
			f->context = line_context(&text, uf->line);
			f->file = ka_relpath(root, file);
			f->kernel = ka_strdup(kr->k->name);
			f->line = uf->line;
			f->level = ka_finding_shown_level(kr, j);
		}
	}
	ka_buf_free(&text);
	findings_unique(out);
}

void ka_bl_from_result(const struct ka_result *r, const char *root, struct ka_bl *out)
{
	memset(out, 0, sizeof(*out));
	out->nvcc = r->nvcc_version ? ka_strdup(r->nvcc_version) : NULL;
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *kr = &r->v[i];
		struct ka_bl_entry *e = add(out);
		e->file = ka_relpath(root, kr->k->file);
		e->arch = ka_strdup(kr->k->arch);
		e->name = ka_strdup(kr->k->name);
		e->mangled = ka_strdup(kr->k->mangled);
		e->line = kr->k->line;
		if (kr->launch_file) {
			char l[64];
			snprintf(l, sizeof(l), "%dx%dx%d+%ld", kr->block_dims[0], kr->block_dims[1], kr->block_dims[2],
				 kr->smem_dynamic);
			e->launch = ka_strdup(l);
		}
		e->block = kr->block;
		e->blocks_per_sm = kr->occ.blocks_per_sm;
		ka_resources_unset(&e->res);
		for (int f = 0; f < ka_resource_count; f++)
			if (ka_resource_fields[f].baseline)
				*ka_resource_at(&e->res, f) = ka_resource_get(&kr->k->res, f);
		e->smem_dynamic = kr->smem_dynamic;
		e->occupancy = kr->occ.occupancy;
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), cmp_entry);
	findings_from_result(r, root, out);
}

void ka_bl_rebase(struct ka_bl *b, const char *from, const char *root)
{
	for (size_t i = 0; i < b->n + b->nf; i++) {
		char **file = i < b->n ? &b->v[i].file : &b->f[i - b->n].file;
		if (!*file || (*file)[0] == '/')
			continue;
		struct ka_buf abs = {0};
		ka_buf_printf(&abs, "%s/%s", from, *file);
		free(*file);
		*file = ka_relpath(root, abs.data);
		ka_buf_free(&abs);
	}
	if (b->n > 1)
		qsort(b->v, b->n, sizeof(*b->v), cmp_entry);
}

/* ---- writing ---------------------------------------------------------------- */

static json_t *num(long v)
{
	return v == KA_UNSET ? json_null() : json_integer(v);
}

static json_t *text_or_null(const char *s)
{
	json_t *j = s ? json_string(s) : NULL;
	return j ? j : json_null();
}

int ka_bl_write(const struct ka_bl *b, const char *path, struct ka_diag *d)
{
	struct ka_buf out = {0};
	int rc;

	ka_buf_printf(&out, "{\n  \"kanalyze_baseline\": %d,\n  \"tool\": \"kanalyze\",\n  \"version\": \"%s\",\n",
		      BASELINE_FORMAT, KA_VERSION);
	{
		json_t *nv = text_or_null(b->nvcc);
		char *s = json_dumps(nv, JSON_ENCODE_ANY);
		ka_buf_printf(&out, "  \"nvcc\": %s,\n  \"kernels\": [", s ? s : "null");
		free(s);
		json_decref(nv);
	}
	for (size_t i = 0; i < b->n; i++) {
		const struct ka_bl_entry *e = &b->v[i];
		json_t *o = json_object();
		char *s;
		json_object_set_new(o, "file", text_or_null(e->file));
		json_object_set_new(o, "arch", json_string(e->arch));
		json_object_set_new(o, "kernel", text_or_null(e->name));
		json_object_set_new(o, "mangled", text_or_null(e->mangled));
		json_object_set_new(o, "line", e->line > 0 ? json_integer(e->line) : json_null());
		json_object_set_new(o, "block", json_integer(e->block));
		if (e->launch)                   /* only launch-site entries have one */
			json_object_set_new(o, "launch", json_string(e->launch));
		for (int f = 0; f < ka_resource_count; f++)
			if (ka_resource_fields[f].baseline)
				json_object_set_new(o, ka_resource_fields[f].key, num(ka_resource_get(&e->res, f)));
		json_object_set_new(o, "smem_dynamic", json_integer(e->smem_dynamic));
		json_object_set_new(o, "blocks_per_sm", json_integer(e->blocks_per_sm));
		json_object_set_new(o, "occupancy", json_real(e->occupancy));
		s = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(6));
		ka_buf_printf(&out, "%s\n    %s", i ? "," : "", s);
		free(s);
		json_decref(o);
	}
	ka_buf_puts(&out, b->n ? "\n  ]" : "]");
	/* findings: one per line too, sorted by identity */
	ka_buf_puts(&out, ",\n  \"findings\": [");
	for (size_t i = 0; i < b->nf; i++) {
		const struct ka_bl_finding *f = &b->f[i];
		static const char *const levels[] = {"info", "note", "warning"};
		json_t *o = json_object();
		char *s;
		json_object_set_new(o, "rule", json_string(f->rule));
		json_object_set_new(o, "mangled", text_or_null(f->mangled));
		json_object_set_new(o, "context", text_or_null(f->context));
		json_object_set_new(o, "file", text_or_null(f->file));
		json_object_set_new(o, "kernel", text_or_null(f->kernel));
		json_object_set_new(o, "line", json_integer(f->line));
		json_object_set_new(o, "level", json_string(levels[f->level >= 0 && f->level < 3 ? f->level : 1]));
		s = json_dumps(o, JSON_COMPACT);
		ka_buf_printf(&out, "%s\n    %s", i ? "," : "", s ? s : "{}");
		free(s);
		json_decref(o);
	}
	ka_buf_puts(&out, b->nf ? "\n  ]\n}\n" : "]\n}\n");
	rc = ka_write_file_atomic(path, out.data, out.len);
	ka_buf_free(&out);
	if (rc != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot write the baseline: %s", ka_write_error(rc));
		return KA_EXIT_USAGE;
	}
	return 0;
}

/* ---- reading ---------------------------------------------------------------- */

/* nullable: null, or the key missing (a baseline written before the field
 * was kept), reads as unknown */
static int field_long(json_t *o, const char *key, bool nullable, long *out)
{
	json_t *v = json_object_get(o, key);
	/* whole numbers 0 .. INT_MAX only: every field is a count or a size a
	 * model takes as an int, and none is negative */
	if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) <= INT_MAX) {
		*out = (long)json_integer_value(v);
		return 0;
	}
	if (nullable && (!v || json_is_null(v))) {
		*out = KA_UNSET;
		return 0;
	}
	return -1;
}

/* "findings" (absent in a baseline written before findings were kept) */
static int read_findings(const char *path, json_t *fs, struct ka_bl *b, struct ka_diag *d)
{
	size_t i;
	json_t *e;

	if (!fs)
		return 0;
	if (!json_is_array(fs)) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "corrupt baseline: \"findings\" is not a list");
		return -1;
	}
	b->has_findings = true;
	json_array_foreach(fs, i, e) {
		const char *rule = json_string_value(json_object_get(e, "rule"));
		const char *mangled = json_string_value(json_object_get(e, "mangled"));
		const char *context = json_string_value(json_object_get(e, "context"));
		const char *file = json_string_value(json_object_get(e, "file"));
		const char *kernel = json_string_value(json_object_get(e, "kernel"));
		const char *level = json_string_value(json_object_get(e, "level"));
		json_t *line = json_object_get(e, "line");
		if (!rule || !mangled || !context) {
			ka_diag_error(d, KA_EXIT_USAGE, path,
				      "corrupt baseline: findings[%zu] needs \"rule\", \"mangled\" and \"context\"", i);
			return -1;
		}
		struct ka_bl_finding *f = add_finding(b);
		f->rule = ka_strdup(rule);
		f->mangled = ka_strdup(mangled);
		f->context = ka_strdup(context);
		f->file = ka_strdup(file ? file : "");
		f->kernel = ka_strdup(kernel ? kernel : mangled);
		f->line = json_is_integer(line) ? (int)json_integer_value(line) : 0;
		f->level = !level ? 1 : strcmp(level, "warning") == 0 ? 2 : strcmp(level, "info") == 0 ? 0 : 1;
	}
	findings_unique(b);
	return 0;
}

int ka_bl_read(const char *path, struct ka_bl *b, struct ka_diag *d)
{
	struct ka_buf text = {0};
	json_error_t err;
	json_t *root = NULL, *ks, *e;
	size_t i;
	int r, rc = KA_EXIT_USAGE;
	const char *bad = NULL;

	memset(b, 0, sizeof(*b));
	r = ka_read_file(path, 256u << 20, &text);
	if (r != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot read the baseline: %s", strerror(-r));
		goto out;
	}
	root = json_loadb(text.data ? text.data : "", text.len, 0, &err);
	if (!root) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "corrupt baseline: line %d: %s", err.line, err.text);
		goto out;
	}
	json_t *fmt = json_is_object(root) ? json_object_get(root, "kanalyze_baseline") : NULL;
	if (!json_is_integer(fmt)) {
		ka_diag_error(d, KA_EXIT_USAGE, path,
			      "not a kanalyze baseline (no \"kanalyze_baseline\" key; write one with --write-baseline)");
		goto out;
	}
	if (json_integer_value(fmt) != BASELINE_FORMAT) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "baseline format %lld; this kanalyze reads format %d",
			      (long long)json_integer_value(fmt), BASELINE_FORMAT);
		goto out;
	}
	ks = json_object_get(root, "kernels");
	if (!json_is_array(ks)) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "corrupt baseline: \"kernels\" is not a list");
		goto out;
	}
	if (json_is_string(json_object_get(root, "nvcc")))
		b->nvcc = ka_strdup(json_string_value(json_object_get(root, "nvcc")));
	json_array_foreach(ks, i, e) {
		const char *file = json_string_value(json_object_get(e, "file"));
		const char *arch = json_string_value(json_object_get(e, "arch"));
		const char *name = json_string_value(json_object_get(e, "kernel"));
		const char *mangled = json_string_value(json_object_get(e, "mangled"));
		json_t *occ = json_object_get(e, "occupancy"), *line = json_object_get(e, "line");
		struct ka_bl_entry *x;
		long block, blocks;

		if (!json_is_object(e))
			bad = "not an object";
		else if (!file || !arch || !name || !mangled)
			bad = "needs \"file\", \"arch\", \"kernel\" and \"mangled\"";
		else if (!json_is_number(occ) || json_number_value(occ) < 0 || json_number_value(occ) > 1)
			bad = "\"occupancy\" must be a number from 0 to 1";
		else if (field_long(e, "block", false, &block) != 0 || field_long(e, "blocks_per_sm", false, &blocks) != 0)
			bad = "\"block\" and \"blocks_per_sm\" must be whole numbers from 0 to 2147483647";
		if (bad) {
			ka_diag_error(d, KA_EXIT_USAGE, path, "corrupt baseline: kernels[%zu]: %s", i, bad);
			goto out;
		}
		x = add(b);
		x->file = ka_strdup(file);
		x->arch = ka_strdup(arch);
		x->name = ka_strdup(name);
		x->mangled = ka_strdup(mangled);
		x->launch = json_is_string(json_object_get(e, "launch"))
				    ? ka_strdup(json_string_value(json_object_get(e, "launch"))) : NULL;
		x->line = json_is_integer(line) && json_integer_value(line) >= 0 && json_integer_value(line) <= INT_MAX
				  ? (int)json_integer_value(line) : 0;
		x->block = (int)block;
		x->blocks_per_sm = (int)blocks;
		x->occupancy = json_number_value(occ);
		bool bad_field = field_long(e, "smem_dynamic", false, &x->smem_dynamic) != 0;
		ka_resources_unset(&x->res);
		for (int f = 0; f < ka_resource_count; f++)
			if (ka_resource_fields[f].baseline)
				bad_field |= field_long(e, ka_resource_fields[f].key, true, ka_resource_at(&x->res, f)) != 0;
		if (bad_field) {
			ka_diag_error(d, KA_EXIT_USAGE, path,
				      "corrupt baseline: kernels[%zu]: a resource is not a whole number from 0 to 2147483647 or null", i);
			goto out;
		}
	}
	if (b->n > 1)
		qsort(b->v, b->n, sizeof(*b->v), cmp_entry);
	if (read_findings(path, json_object_get(root, "findings"), b, d) != 0)
		goto out;
	rc = 0;
out:
	if (rc != 0)
		ka_bl_free(b);
	json_decref(root);
	ka_buf_free(&text);
	return rc;
}

/* ---- comparing -------------------------------------------------------------- */

static bool grew(long old, long cur)
{
	return old != KA_UNSET && cur != KA_UNSET && cur > old;
}

static bool shrank(long old, long cur)
{
	return old != KA_UNSET && cur != KA_UNSET && cur < old;
}

bool ka_bl_spill_bytes_known(const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	return o->res.spill_stores != KA_UNSET && o->res.spill_loads != KA_UNSET &&
	       c->res.spill_stores != KA_UNSET && c->res.spill_loads != KA_UNSET;
}

/* Without ptxas's spill bytes: the frame ptxas spills into grew, or the
 * local-memory instructions the SASS census counted grew. */
static bool spill_evidence_grew(const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	return grew(o->res.local, c->res.local) || grew(o->res.local_stores, c->res.local_stores) ||
	       grew(o->res.local_loads, c->res.local_loads);
}

static unsigned regressions(const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	unsigned k = 0;
	bool occ_down = c->occupancy < o->occupancy - 1e-9;

	if (grew(o->res.regs, c->res.regs) && o->block == c->block && c->blocks_per_sm < o->blocks_per_sm)
		k |= 1u << KA_REG_CLIFF;
	else if (grew(o->res.vgprs, c->res.vgprs) && o->block == c->block && c->blocks_per_sm < o->blocks_per_sm)
		k |= 1u << KA_REG_CLIFF;
	else if (occ_down)
		k |= 1u << KA_REG_OCC;
	/* spills that appear where the baseline measured none count; unknown
	 * spill bytes on either side leave the binary's own evidence */
	if (grew(o->res.spill_stores, c->res.spill_stores) || grew(o->res.spill_loads, c->res.spill_loads))
		k |= 1u << KA_REG_SPILL;
	else if (!ka_bl_spill_bytes_known(o, c) && spill_evidence_grew(o, c))
		k |= 1u << KA_REG_SPILL;
	if (shrank(o->res.uregs, c->res.uregs) && grew(o->res.regs, c->res.regs))
		k |= 1u << KA_REG_UR2R;
	return k;
}

static bool improved(const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	return c->occupancy > o->occupancy + 1e-9 || shrank(o->res.regs, c->res.regs) || shrank(o->res.vgprs, c->res.vgprs) ||
	       shrank(o->res.spill_stores, c->res.spill_stores) || shrank(o->res.spill_loads, c->res.spill_loads);
}

/* The local-memory evidence is unknown in an older baseline (or without
 * --sass on one side): not a change by itself. */
static bool same_if_known(long old, long cur)
{
	return old == cur || old == KA_UNSET || cur == KA_UNSET;
}

static bool same(const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	return o->res.regs == c->res.regs && o->res.uregs == c->res.uregs && o->res.vgprs == c->res.vgprs && o->res.sgprs == c->res.sgprs &&
	       o->res.spill_stores == c->res.spill_stores && o->res.spill_loads == c->res.spill_loads &&
	       o->res.static_smem == c->res.static_smem && same_if_known(o->res.stack, c->res.stack) &&
	       same_if_known(o->res.local, c->res.local) && same_if_known(o->res.local_stores, c->res.local_stores) &&
	       same_if_known(o->res.local_loads, c->res.local_loads) &&
	       o->smem_dynamic == c->smem_dynamic && o->block == c->block &&
	       o->blocks_per_sm == c->blocks_per_sm && fabs(o->occupancy - c->occupancy) < 1e-9;
}

static void push_change(struct ka_bl_compare *out, enum ka_change what, unsigned kinds,
			const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	KA_GROW(out->v, out->n, out->cap, 16);
	out->v[out->n++] = (struct ka_bl_change){what, kinds, o, c};
	out->count[what]++;
}

/* One kernel on both sides: a regression, improved, changed or unchanged. */
static void judge(struct ka_bl_compare *out, const struct ka_bl_entry *o, const struct ka_bl_entry *n)
{
	unsigned k = regressions(o, n);
	if (k)
		push_change(out, KA_CH_REGRESSION, k, o, n);
	else if (improved(o, n))
		push_change(out, KA_CH_IMPROVED, 0, o, n);
	else if (!same(o, n))
		push_change(out, KA_CH_CHANGED, 0, o, n);
	else
		out->unchanged++;
}

/* The same kernel (arch, mangled name as ka_mangled_cmp compares it,
 * launch) in another file. */
static bool same_kernel_moved(const struct ka_bl_entry *o, const struct ka_bl_entry *c)
{
	return strcmp(o->file, c->file) != 0 && strcmp(o->arch, c->arch) == 0 && ka_mangled_cmp(o->mangled, c->mangled) == 0 &&
	       (o->launch && c->launch ? strcmp(o->launch, c->launch) == 0 : o->launch == c->launch);
}

/* A file renamed or moved: its kernels were "removed" from the old path
 * and "added" at the new one.  Each added kernel takes the first removed
 * one of the same identity, and the pair is judged as one kernel -- so a
 * regression does not escape the gate by a rename. */
static void match_moved(struct ka_bl_compare *out)
{
	size_t n = out->n;
	struct ka_bl_change *v = out->v;
	bool *gone = ka_xcalloc(n ? n : 1, sizeof(bool));
	bool any = false;

	for (size_t a = 0; a < n; a++) {
		if (v[a].what != KA_CH_ADDED)
			continue;
		for (size_t r = 0; r < n; r++)
			if (v[r].what == KA_CH_REMOVED && !gone[r] && same_kernel_moved(v[r].old, v[a].cur)) {
				gone[r] = gone[a] = any = true;
				break;
			}
	}
	if (!any) {
		free(gone);
		return;
	}
	out->v = NULL;
	out->n = out->cap = 0;
	memset(out->count, 0, sizeof(out->count));
	for (size_t a = 0; a < n; a++) {          /* the others keep their order */
		if (!gone[a])
			push_change(out, v[a].what, v[a].kinds, v[a].old, v[a].cur);
	}
	for (size_t a = 0; a < n; a++) {
		if (!gone[a] || v[a].what != KA_CH_ADDED)
			continue;
		for (size_t r = 0; r < n; r++)
			if (v[r].what == KA_CH_REMOVED && gone[r] && v[r].cur == NULL && same_kernel_moved(v[r].old, v[a].cur)) {
				judge(out, v[r].old, v[a].cur);
				v[r].cur = v[a].cur;      /* taken */
				break;
			}
	}
	free(gone);
	free(v);
}

/* Was (file, arch) of a baseline entry looked at by this run?  A file that
 * no longer exists under the root counts as looked at: it was removed. */
static bool looked_at(const struct ka_bl_entry *o, const struct ka_bl *done_rel, const char *root)
{
	struct ka_buf p = {0};
	bool gone;
	for (size_t i = 0; i < done_rel->n; i++)
		if (strcmp(done_rel->v[i].file, o->file) == 0 && strcmp(done_rel->v[i].arch, o->arch) == 0)
			return true;
	if (o->file[0] == '/')
		ka_buf_puts(&p, o->file);
	else
		ka_buf_printf(&p, "%s/%s", root ? root : ".", o->file);
	gone = access(p.data, F_OK) != 0 && errno == ENOENT;
	ka_buf_free(&p);
	return gone;
}

/* Same rule and kernel, the line's text aside: the pairing of a finding on
 * an edited line with the one the base had there. */
static bool same_rule_kernel(const struct ka_bl_finding *a, const struct ka_bl_finding *b)
{
	return strcmp(a->rule, b->rule) == 0 && ka_mangled_cmp(a->mangled, b->mangled) == 0;
}

/* Findings: new when the baseline (which keeps them) has none of the same
 * identity (rule, kernel, line text); both lists are sorted by it, so a
 * rule's findings in one kernel are neighbours in each.  A finding whose
 * line was edited (a cast added, a name changed) has no twin by text; it is
 * paired with a finding of the same rule and kernel the base had and the
 * run no longer has, the nearest line first, so only a finding the kernel
 * gained is new. */
static void compare_findings(const struct ka_bl *old, const struct ka_bl *cur, struct ka_bl_compare *out)
{
	bool *paired = ka_xcalloc(old->nf ? old->nf : 1, sizeof(*paired));
	bool *unmatched = ka_xcalloc(cur->nf ? cur->nf : 1, sizeof(*unmatched));
	size_t group = 0;                /* first old finding of cur's rule and kernel */

	out->findings_compared = true;
	for (size_t a = 0, b = 0; b < cur->nf; b++) {
		while (a < old->nf && cmp_finding(&old->f[a], &cur->f[b]) < 0)
			a++;
		if (a < old->nf && cmp_finding(&old->f[a], &cur->f[b]) == 0)
			paired[a] = true;
		else
			unmatched[b] = true;
	}
	for (size_t b = 0; b < cur->nf; b++) {
		size_t best = old->nf;
		long best_gap = 0;

		if (!unmatched[b])
			continue;
		while (group < old->nf && cmp_finding(&old->f[group], &cur->f[b]) < 0 &&
		       !same_rule_kernel(&old->f[group], &cur->f[b]))
			group++;
		for (size_t a = group; a < old->nf && same_rule_kernel(&old->f[a], &cur->f[b]); a++) {
			long gap = labs((long)old->f[a].line - cur->f[b].line);
			if (!paired[a] && (best == old->nf || gap < best_gap)) {
				best = a;
				best_gap = gap;
			}
		}
		if (best < old->nf) {
			paired[best] = true;
			continue;
		}
		KA_GROW(out->new_findings, out->n_new, out->cap_new, 8);
		out->new_findings[out->n_new++] = &cur->f[b];
		out->new_warnings += cur->f[b].level >= 2;
	}
	free(paired);
	free(unmatched);
}


void ka_bl_compare(const struct ka_bl *old, const struct ka_bl *cur, const struct ka_analysed *done,
		   const char *root, struct ka_bl_compare *out)
{
	struct ka_bl done_rel = {0};
	size_t i = 0, j = 0;

	memset(out, 0, sizeof(*out));
	for (size_t k = 0; k < done->n; k++) {
		struct ka_bl_entry *e = add(&done_rel);
		e->file = ka_relpath(root, done->file[k]);
		e->arch = ka_strdup(done->arch[k]);
	}
	while (i < old->n || j < cur->n) {
		int c = i >= old->n ? 1 : j >= cur->n ? -1 : cmp_key(&old->v[i], &cur->v[j]);
		if (c < 0) {
			if (looked_at(&old->v[i], &done_rel, root))
				push_change(out, KA_CH_REMOVED, 0, &old->v[i], NULL);
			else
				out->not_analysed++;
			i++;
		} else if (c > 0) {
			push_change(out, KA_CH_ADDED, 0, NULL, &cur->v[j]);
			j++;
		} else {
			judge(out, &old->v[i], &cur->v[j]);
			i++;
			j++;
		}
	}
	match_moved(out);
	for (size_t k = 0; k < done_rel.n; k++) {
		free(done_rel.v[k].file);
		free(done_rel.v[k].arch);
	}
	free(done_rel.v);
	if (old->has_findings)
		compare_findings(old, cur, out);
}

void ka_bl_compare_free(struct ka_bl_compare *c)
{
	free(c->v);
	free(c->new_findings);
	memset(c, 0, sizeof(*c));
}
