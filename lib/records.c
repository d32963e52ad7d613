/* records.c — kernels as JSON, for the result cache ("kanalyze_cache") and
 * for kanalyze-launch's records ("kanalyze_record"), and the reading of one
 * record for `kanalyze report DIR...` (fe_records.c lists the directories).
 * The resource keys are resources.def's.  The JSON is
 * versioned by its kind key; anything else is refused, never half-read:
 *
 *   {"kanalyze_record": 1, "file": "/src/k.cu", "archs": ["sm_90"],
 *    "nvcc": "13.0.88", "kernels": [{"arch": "sm_90", "name": "...",
 *    "mangled": "...", "line": 12, "resources": {"regs": 32, ...}}]} */
#define _GNU_SOURCE
#include "lib.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static json_t *str_or_null(const char *s)
{
	json_t *j = s ? json_string(s) : NULL;
	return j ? j : json_null();
}

/* A kernel's machine code per line (frontends/machine.c) for the result
 * cache: [file, line, loads, stores, own, width_bits, load_bits, store_bits, loop_depth,
 * calls, shuffles, insns, branches, op] per line, and the kernel's totals. */
static json_t *machine_json(const struct ka_machine *m)
{
	json_t *o = json_object(), *lines = json_array();
	for (size_t i = 0; i < m->n; i++) {
		const struct ka_mline *l = &m->lines[i];
		json_array_append_new(lines, json_pack("[siiiiiiiiiiiis]", l->file, l->line, l->loads, l->stores, l->own, l->width_bits,
						       l->load_bits, l->store_bits, l->loop_depth, l->calls, l->shuffles, l->insns,
						       l->branches, l->op));
	}
	json_object_set_new(o, "calls", json_integer(m->calls));
	json_object_set_new(o, "shuffles", json_integer(m->shuffles));
	json_object_set_new(o, "global", json_integer(m->global_accesses));
	json_object_set_new(o, "code", json_integer(m->code));
	json_object_set_new(o, "lines", lines);
	return o;
}

static int machine_from(json_t *o, struct ka_kernel *k)
{
	json_t *lines = json_object_get(o, "lines"), *l;
	size_t i;
	if (!json_is_object(o) || !json_is_array(lines))
		return -1;
	struct ka_machine *m = ka_xcalloc(1, sizeof(*m));
	k->machine = m;
	m->listed = true;
	m->calls = (int)json_integer_value(json_object_get(o, "calls"));
	m->shuffles = (int)json_integer_value(json_object_get(o, "shuffles"));
	m->global_accesses = (int)json_integer_value(json_object_get(o, "global"));
	json_int_t code = json_integer_value(json_object_get(o, "code"));
	if (code < KA_CODE_PTX || code > KA_CODE_AMDGPU)
		return -1;
	m->code = (enum ka_code)code;
	m->lines = ka_xcalloc(json_array_size(lines) + 1, sizeof(*m->lines));
	json_array_foreach(lines, i, l) {
		struct ka_mline *x = &m->lines[m->n];
		const char *file = NULL, *op = NULL;
		if (json_unpack(l, "[siiiiiiiiiiiis]", &file, &x->line, &x->loads, &x->stores, &x->own, &x->width_bits,
				&x->load_bits, &x->store_bits, &x->loop_depth, &x->calls, &x->shuffles, &x->insns,
				&x->branches, &op) != 0)
			return -1;
		x->file = ka_strdup(file);
		snprintf(x->op, sizeof(x->op), "%s", op);
		m->n++;
	}
	return 0;
}

static json_t *kernels_doc(const struct ka_kernel *v, size_t n, const char *kind, const char *file,
			   const char *const *archs, int n_archs, const char *nvcc_version)
{
	json_t *root = json_object(), *ks = json_array();

	json_object_set_new(root, kind, json_integer(1));
	if (file)
		json_object_set_new(root, "file", str_or_null(file));
	if (archs) {
		json_t *a = json_array();
		for (int i = 0; i < n_archs; i++)
			json_array_append_new(a, json_string(archs[i]));
		json_object_set_new(root, "archs", a);
	}
	json_object_set_new(root, "nvcc", str_or_null(nvcc_version));
	for (size_t i = 0; i < n; i++) {
		json_t *k = json_object(), *r = json_object();
		struct ka_resources res = v[i].res;
		json_object_set_new(k, "arch", json_string(v[i].arch));
		json_object_set_new(k, "name", str_or_null(v[i].name));
		json_object_set_new(k, "mangled", str_or_null(v[i].mangled));
		json_object_set_new(k, "line", v[i].line > 0 ? json_integer(v[i].line) : json_null());
		for (int f = 0; f < ka_resource_count; f++) {
			long x = ka_resource_get(&res, f);
			json_object_set_new(r, ka_resource_fields[f].key, x == KA_UNSET ? json_null() : json_integer(x));
		}
		json_object_set_new(k, "resources", r);
		if (v[i].machine)
			json_object_set_new(k, "machine", machine_json(v[i].machine));
		if (v[i].model_code) {
			json_object_set_new(k, "model_code", json_string(v[i].model_code));
			json_object_set_new(k, "model_code_kind", json_integer(v[i].model_code_kind));
		}
		/* AMD: the wave compiled for and LLVM's own occupancy (the HIP cache) */
		if (v[i].wave_size > 0)
			json_object_set_new(k, "wave_size", json_integer(v[i].wave_size));
		if (v[i].llvm_waves_per_simd > 0)
			json_object_set_new(k, "llvm_waves_per_simd", json_integer(v[i].llvm_waves_per_simd));
		json_array_append_new(ks, k);
	}
	json_object_set_new(root, "kernels", ks);
	return root;
}

static char *dump(json_t *root)
{
	char *text = json_dumps(root, JSON_COMPACT);
	json_decref(root);
	if (!text) {
		fputs("kanalyze: out of memory\n", stderr);
		abort();
	}
	return text;
}

char *ka_kernels_json(const struct ka_kernel *v, size_t n, const char *kind, const char *file,
		      const char *nvcc_version)
{
	return dump(kernels_doc(v, n, kind, file, NULL, 0, nvcc_version));
}

char *ka_record_json(const struct ka_kernel *v, size_t n, const char *file, const char *const *archs,
		     int n_archs, const char *const *flags, int n_flags, const char *nvcc_version)
{
	json_t *doc = kernels_doc(v, n, "kanalyze_record", file, archs, n_archs, nvcc_version), *f = json_array();
	for (int i = 0; i < n_flags; i++)
		json_array_append_new(f, str_or_null(flags[i]));
	json_object_set_new(doc, "flags", f);      /* the compile's flags: a variant's identity */
	return dump(doc);
}


/* One kernel object into out (file and arch as given, or from the object). */
static int kernel_from(json_t *o, const char *file, struct ka_kernel_list *out)
{
	const char *name = json_string_value(json_object_get(o, "name"));
	const char *mangled = json_string_value(json_object_get(o, "mangled"));
	const char *arch = json_string_value(json_object_get(o, "arch"));
	json_t *line = json_object_get(o, "line"), *res = json_object_get(o, "resources");
	if (json_is_null(line))                  /* written for a kernel the line table does not place */
		line = NULL;
	struct ka_kernel *k;

	if (!json_is_object(o) || !name || !mangled || !json_is_object(res) || (arch && strlen(arch) >= sizeof(((struct ka_kernel *)0)->arch)))
		return -1;
	k = ka_kernel_list_add(out);
	ka_resources_unset(&k->res);
	k->name = ka_strdup(name);
	k->mangled = ka_strdup(mangled);
	k->file = file ? ka_strdup(file) : NULL;
	/* every number in range before it is narrowed: a line is an int, a
	 * counter is 0 .. INT_MAX (no model takes more) */
	if (line && (!json_is_integer(line) || json_integer_value(line) < 0 || json_integer_value(line) > INT_MAX))
		return -1;
	k->line = line ? (int)json_integer_value(line) : 0;
	snprintf(k->arch, sizeof(k->arch), "%s", arch ? arch : "");
	const struct ka_vendor_ops *vendor = ka_vendor_of_arch(k->arch);
	if (!vendor)
		return -2;                    /* an arch no model knows: never modelled as another's */
	k->vendor = vendor->id;
	for (int f = 0; f < ka_resource_count; f++) {
		json_t *x = json_object_get(res, ka_resource_fields[f].key);
		if (json_is_integer(x) && json_integer_value(x) >= 0 && json_integer_value(x) <= INT_MAX)
			*ka_resource_at(&k->res, f) = (long)json_integer_value(x);
		else if (x && !json_is_null(x))
			return -1;
	}
	json_t *wave = json_object_get(o, "wave_size"), *llvm = json_object_get(o, "llvm_waves_per_simd");
	if ((wave && !json_is_integer(wave)) || (llvm && !json_is_integer(llvm)))
		return -1;
	json_t *machine = json_object_get(o, "machine");
	if (machine && machine_from(machine, k) != 0)
		return -1;
	json_t *code = json_object_get(o, "model_code"), *code_kind = json_object_get(o, "model_code_kind");
	if ((code && !json_is_string(code)) || (code && !json_is_integer(code_kind)) ||
	    (code_kind && (json_integer_value(code_kind) != KA_CODE_PTX && json_integer_value(code_kind) != KA_CODE_AMDGPU)))
		return -1;
	k->model_code = code ? ka_strdup(json_string_value(code)) : NULL;
	k->model_code_kind = code ? (enum ka_code)json_integer_value(code_kind) : KA_CODE_PTX;
	k->wave_size = wave ? (int)json_integer_value(wave) : 0;
	k->llvm_waves_per_simd = llvm ? (int)json_integer_value(llvm) : 0;
	if (k->wave_size != 0 && k->wave_size != 32 && k->wave_size != 64)
		return -1;
	/* a kernel record has a register count of its vendor */
	return k->res.regs == KA_UNSET && k->res.vgprs == KA_UNSET ? -1 : 0;
}

static json_t *load(const char *text, size_t len, const char *kind)
{
	json_t *root = json_loadb(text ? text : "", len, 0, NULL);
	if (root && (!json_is_object(root) || json_integer_value(json_object_get(root, kind)) != 1 ||
		     !json_is_array(json_object_get(root, "kernels")))) {
		json_decref(root);
		root = NULL;
	}
	return root;
}

int ka_kernels_from_json(const char *text, size_t len, const char *kind, const char *file,
			 struct ka_kernel_list *out, char **nvcc_version, char **record_file)
{
	json_t *root = load(text, len, kind), *k;
	const char *nv, *rf;
	size_t i;

	if (!root)
		return -1;
	rf = json_string_value(json_object_get(root, "file"));
	json_array_foreach(json_object_get(root, "kernels"), i, k) {
		if (kernel_from(k, file ? file : rf, out) != 0) {
			json_decref(root);
			return -1;
		}
	}
	nv = json_string_value(json_object_get(root, "nvcc"));
	if (nvcc_version)
		*nvcc_version = nv ? ka_strdup(nv) : NULL;
	if (record_file)
		*record_file = rf ? ka_strdup(rf) : NULL;
	json_decref(root);
	return 0;
}

static bool arch_wanted(const char *arch, const char *const *archs, int n)
{
	if (n == 0)
		return true;
	for (int i = 0; i < n; i++)
		if (strcmp(archs[i], arch) == 0)
			return true;
	return false;
}

/* A record's source and flags (one string, the flags joined by a space);
 * -1 when it is no record (ka_record_read then says why). */
int ka_record_peek(const char *path, char **file, char **flags)
{
	struct ka_buf text = {0}, f = {0};
	json_t *root, *a;
	size_t i;
	*file = *flags = NULL;
	if (ka_read_file(path, 64u << 20, &text) != 0)
		return -1;
	root = load(text.data, text.len, "kanalyze_record");
	ka_buf_free(&text);
	if (!root || !json_is_string(json_object_get(root, "file"))) {
		json_decref(root);
		return -1;
	}
	*file = ka_strdup(json_string_value(json_object_get(root, "file")));
	ka_buf_puts(&f, "");
	json_array_foreach(json_object_get(root, "flags"), i, a)
		if (json_is_string(a))
			ka_buf_printf(&f, "%s%s", i ? "\n" : "", json_string_value(a));
	*flags = f.data;
	json_decref(root);
	return 0;
}

/* One record file: its kernels (for the wanted archs) into out, its
 * (file, arch) pairs into done; a kernel already read from an earlier record
 * (the same file built by two targets) is kept once. */
int ka_record_read(const char *path, const char *const *archs, int n_archs, const char *tag, struct ka_diag *d,
		   struct ka_kernel_list *out, char **version, struct ka_analysed *done)
{
	struct ka_buf text = {0}, tagged = {0};
	json_t *root = NULL, *a, *k;
	const char *file;
	size_t i;
	int r = ka_read_file(path, 64u << 20, &text), rc = KA_EXIT_USAGE;

	if (r != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot read the record: %s", strerror(-r));
		goto out;
	}
	root = load(text.data, text.len, "kanalyze_record");
	file = root ? json_string_value(json_object_get(root, "file")) : NULL;
	if (!root || !file || !json_is_array(json_object_get(root, "archs"))) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "not a kanalyze-launch record");
		goto out;
	}
	if (tag) {                      /* one of several builds of the file: named by its flags */
		ka_buf_printf(&tagged, "%s [%s]", file, tag);
		file = tagged.data;
	}
	json_array_foreach(json_object_get(root, "kernels"), i, k) {
		struct ka_kernel_list one = {0};
		bool dup = false;
		int bad = kernel_from(k, file, &one);
		if (bad == -2) {
			ka_kernel_list_free(&one);
			ka_diag_error(d, KA_EXIT_USAGE, path, "kernels[%zu]: arch '%s' is none kanalyze models (kanalyze "
				      "archs lists them); the record is not read", i,
				      json_string_value(json_object_get(k, "arch")) ? json_string_value(json_object_get(k, "arch"))
										    : "");
			goto out;
		}
		if (bad != 0) {
			ka_kernel_list_free(&one);
			ka_diag_error(d, KA_EXIT_USAGE, path, "kernels[%zu]: not a kernel record", i);
			goto out;
		}
		if (!arch_wanted(one.v[0].arch, archs, n_archs)) {
			ka_kernel_list_free(&one);
			continue;
		}
		for (size_t j = 0; j < out->n && !dup; j++)
			dup = strcmp(out->v[j].file, file) == 0 && strcmp(out->v[j].arch, one.v[0].arch) == 0 &&
			      strcmp(out->v[j].mangled, one.v[0].mangled) == 0;
		if (!dup) {
			*ka_kernel_list_add(out) = one.v[0];
			one.n = 0;
		}
		ka_kernel_list_free(&one);
	}
	json_array_foreach(json_object_get(root, "archs"), i, a) {
		if (json_is_string(a) && arch_wanted(json_string_value(a), archs, n_archs) &&
		    !ka_analysed_has(done, file, json_string_value(a)))
			ka_analysed_add(done, file, json_string_value(a));
	}
	if (version && !*version && json_is_string(json_object_get(root, "nvcc")))
		*version = ka_strdup(json_string_value(json_object_get(root, "nvcc")));
	rc = KA_EXIT_OK;
out:
	json_decref(root);
	ka_buf_free(&text);
	ka_buf_free(&tagged);
	return rc;
}
