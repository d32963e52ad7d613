/* amdgpu_asm.c — read what clang -S wrote for an AMDGPU target: the kernel
 * descriptors (.amdhsa_kernel NAME ... .end_amdhsa_kernel, with their
 * .amdhsa_next_free_vgpr / _sgpr / .amdhsa_accum_offset / segment sizes)
 * and the code-object metadata (amdhsa.kernels: .name, .vgpr_count,
 * .sgpr_count, .agpr_count, .wavefront_size, .max_flat_workgroup_size, ...).
 * Only these lines are looked at; values written as symbols (newer LLVM's
 * ".set k.num_vgpr, 5") are resolved through earlier numeric .set lines. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct sym {
	char *name;
	long value;
};
struct syms {
	struct sym *v;
	size_t n, cap;
};

static void syms_set(struct syms *s, const char *name, size_t n, long value)
{
	KA_GROW(s->v, s->n, s->cap, 32);
	s->v[s->n].name = ka_xmalloc(n + 1);
	memcpy(s->v[s->n].name, name, n);
	s->v[s->n].name[n] = '\0';
	s->v[s->n++].value = value;
}

static void syms_free(struct syms *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].name);
	free(s->v);
}

/* A value: a decimal or 0x number, or a symbol set earlier; else KA_UNSET. */
static long value_of(const char *p, const char *end, const struct syms *s)
{
	char buf[128];
	size_t n;
	char *e;
	long v;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	n = (size_t)(end - p);
	if (n == 0 || n >= sizeof(buf))
		return KA_UNSET;
	memcpy(buf, p, n);
	buf[n] = '\0';
	errno = 0;
	v = strtol(buf, &e, 0);
	if (!errno && e != buf && *e == '\0')
		return v;
	for (size_t i = s->n; i-- > 0;)
		if (strcmp(s->v[i].name, buf) == 0)
			return s->v[i].value;
	return KA_UNSET;
}

static struct ka_amdgpu_kernel *kernel_get(struct ka_amdgpu_asm *a, const char *name, size_t n)
{
	struct ka_amdgpu_kernel *k;

	for (size_t i = 0; i < a->n; i++)
		if (strlen(a->v[i].name) == n && strncmp(a->v[i].name, name, n) == 0)
			return &a->v[i];
	KA_GROW(a->v, a->n, a->cap, 8);
	k = &a->v[a->n++];
	memset(k, 0, sizeof(*k));
	k->name = ka_xmalloc(n + 1);
	memcpy(k->name, name, n);
	k->name[n] = '\0';
	k->vgpr_count = k->sgpr_count = k->agpr_count = k->vgpr_spill = k->sgpr_spill = KA_UNSET;
	k->group_segment = k->private_segment = k->max_flat_workgroup = k->wavefront_size = KA_UNSET;
	k->next_free_vgpr = k->next_free_sgpr = k->accum_offset = KA_UNSET;
	k->uses_dynamic_stack = -1;
	return k;
}

/* "key rest": does the line (after blanks) start with key followed by a
 * blank, ':' or ','? Then *rest points after it. */
static bool starts(const char *p, const char *end, const char *key, const char **rest)
{
	size_t n = strlen(key);
	if ((size_t)(end - p) < n || strncmp(p, key, n) != 0)
		return false;
	if (p + n < end && !(p[n] == ' ' || p[n] == '\t' || p[n] == ':' || p[n] == ','))
		return false;
	*rest = p + n;
	return true;
}

/* A YAML scalar: plain, 'single' or "double" quoted (no escapes inside). */
static void yaml_scalar(const char *p, const char *end, const char **s, size_t *n)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	if (end - p >= 2 && (*p == '\'' || *p == '"') && end[-1] == *p) {
		p++;
		end--;
	}
	*s = p;
	*n = (size_t)(end - p);
}

static const struct {
	const char *key;
	size_t off;
} md_keys[] = {
	{".vgpr_count:", offsetof(struct ka_amdgpu_kernel, vgpr_count)},
	{".sgpr_count:", offsetof(struct ka_amdgpu_kernel, sgpr_count)},
	{".agpr_count:", offsetof(struct ka_amdgpu_kernel, agpr_count)},
	{".vgpr_spill_count:", offsetof(struct ka_amdgpu_kernel, vgpr_spill)},
	{".sgpr_spill_count:", offsetof(struct ka_amdgpu_kernel, sgpr_spill)},
	{".group_segment_fixed_size:", offsetof(struct ka_amdgpu_kernel, group_segment)},
	{".private_segment_fixed_size:", offsetof(struct ka_amdgpu_kernel, private_segment)},
	{".max_flat_workgroup_size:", offsetof(struct ka_amdgpu_kernel, max_flat_workgroup)},
	{".wavefront_size:", offsetof(struct ka_amdgpu_kernel, wavefront_size)},
}, kd_keys[] = {
	{".amdhsa_next_free_vgpr", offsetof(struct ka_amdgpu_kernel, next_free_vgpr)},
	{".amdhsa_next_free_sgpr", offsetof(struct ka_amdgpu_kernel, next_free_sgpr)},
	{".amdhsa_accum_offset", offsetof(struct ka_amdgpu_kernel, accum_offset)},
};

/* One metadata kernel item: its lines [p, end), keys at one indentation. */
static void metadata_item(struct ka_amdgpu_asm *a, const char *p, const char *end, const struct syms *s)
{
	struct ka_amdgpu_kernel tmp, *k;
	const char *name = NULL;
	size_t name_n = 0;
	int indent = -1;

	memset(&tmp, 0, sizeof(tmp));
	/* the name first: it says which record the counts belong to */
	for (const char *q = p; q < end;) {
		const char *nl = memchr(q, '\n', (size_t)(end - q)), *e = nl ? nl : end, *t = q, *rest;
		while (t < e && (*t == ' ' || *t == '-'))
			t++;
		if (indent < 0)
			indent = (int)(t - q);
		if ((int)(t - q) == indent && starts(t, e, ".name:", &rest))
			yaml_scalar(rest, e, &name, &name_n);
		q = nl ? nl + 1 : end;
	}
	if (!name || name_n == 0)
		return;
	k = kernel_get(a, name, name_n);
	for (const char *q = p; q < end;) {
		const char *nl = memchr(q, '\n', (size_t)(end - q)), *e = nl ? nl : end, *t = q, *rest;
		while (t < e && (*t == ' ' || *t == '-'))
			t++;
		if ((int)(t - q) == indent) {
			for (size_t i = 0; i < sizeof(md_keys) / sizeof(md_keys[0]); i++)
				if (starts(t, e, md_keys[i].key, &rest))
					*(long *)((char *)k + md_keys[i].off) = value_of(rest, e, s);
			if (starts(t, e, ".uses_dynamic_stack:", &rest)) {
				const char *v;
				size_t n;
				yaml_scalar(rest, e, &v, &n);
				k->uses_dynamic_stack = n == 4 && strncmp(v, "true", 4) == 0;
			}
		}
		q = nl ? nl + 1 : end;
	}
}

int ka_amdgpu_asm_parse(const char *text, size_t len, struct ka_amdgpu_asm *out, struct ka_diag *d,
			const char *where)
{
	const char *p = text, *end = text + len;
	struct ka_amdgpu_kernel *kd = NULL;       /* inside .amdhsa_kernel    */
	size_t kd_index = 0;                      /* kd's place: kernel_get (the
						     metadata's kernels too) may
						     move the array under kd */
	struct syms syms = {0};
	bool in_md = false, in_kernels = false, seen_target = false;
	const char *item = NULL;                  /* current metadata item    */

	memset(out, 0, sizeof(*out));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *e = nl ? nl : end, *t = p, *rest;

		while (t < e && (*t == ' ' || *t == '\t'))
			t++;
		if (in_md) {
			bool top = t == p && t < e && *t != '-' && *t != '.' && *t != ' ';
			bool item_start = (size_t)(e - p) > 4 && strncmp(p, "  - ", 4) == 0;
			if (starts(t, e, ".end_amdgpu_metadata", &rest) || (top && in_kernels) || item_start) {
				if (item)
					metadata_item(out, item, p, &syms);
				item = item_start && in_kernels ? p : NULL;
			}
			if (starts(t, e, ".end_amdgpu_metadata", &rest))
				in_md = in_kernels = false;
			else if (top)
				in_kernels = starts(t, e, "amdhsa.kernels:", &rest);
		} else if (starts(t, e, ".amdgpu_metadata", &rest)) {
			in_md = true;
		} else if (starts(t, e, ".amdgcn_target", &rest)) {
			const char *v, *dash;
			size_t n;
			yaml_scalar(rest, e, &v, &n);
			dash = n > 2 ? memmem(v, n, "--", 2) : NULL;
			if (dash) {
				n -= (size_t)(dash + 2 - v);
				v = dash + 2;
			}
			snprintf(out->target, sizeof(out->target), "%.*s", (int)n, v);
			seen_target = true;
		} else if (starts(t, e, ".amdhsa_kernel", &rest)) {
			const char *v;
			size_t n;
			yaml_scalar(rest, e, &v, &n);
			kd = n ? kernel_get(out, v, n) : NULL;
			kd_index = kd ? (size_t)(kd - out->v) : 0;    /* while the array is kd's */
		} else if (starts(t, e, ".end_amdhsa_kernel", &rest)) {
			kd = NULL;
		} else if (kd) {
			kd = &out->v[kd_index];    /* kernel_get may have moved it */
			for (size_t i = 0; i < sizeof(kd_keys) / sizeof(kd_keys[0]); i++)
				if (starts(t, e, kd_keys[i].key, &rest))
					*(long *)((char *)kd + kd_keys[i].off) = value_of(rest, e, &syms);
			if (starts(t, e, ".amdhsa_wavefront_size32", &rest) && kd->wavefront_size == KA_UNSET)
				kd->wavefront_size = value_of(rest, e, &syms) == 1 ? 32 : 64;
			if (starts(t, e, ".amdhsa_uses_dynamic_stack", &rest))
				kd->uses_dynamic_stack = value_of(rest, e, &syms) == 1;
		} else if (starts(t, e, ".set", &rest)) {
			/* ".set NAME, VALUE" with a plain number */
			const char *comma = memchr(rest, ',', (size_t)(e - rest)), *nm = rest;
			while (nm < e && (*nm == ' ' || *nm == '\t'))
				nm++;
			if (comma && comma > nm) {
				long v = value_of(comma + 1, e, &syms);
				const char *ne = comma;
				while (ne > nm && (ne[-1] == ' ' || ne[-1] == '\t'))
					ne--;
				if (v != KA_UNSET)
					syms_set(&syms, nm, (size_t)(ne - nm), v);
			}
		}
		p = nl ? nl + 1 : end;
	}
	if (item)
		metadata_item(out, item, end, &syms);
	syms_free(&syms);
	if (!seen_target && out->n == 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "not AMDGPU assembly (no .amdgcn_target, no kernels)");
		return -EINVAL;
	}
	return 0;
}

void ka_amdgpu_asm_free(struct ka_amdgpu_asm *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->v[i].name);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

const struct ka_amdgpu_kernel *ka_amdgpu_asm_find(const struct ka_amdgpu_asm *a, const char *name)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->v[i].name, name) == 0)
			return &a->v[i];
	return NULL;
}
