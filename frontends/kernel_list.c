/* kernel_list.c — ownership of ka_kernel records, their report order, and
 * a record's counters all unset (resources.def; the table of their keys
 * and offsets is lib/'s: lib/resources.c). */
#include "frontends.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ka_resources_unset(struct ka_resources *r)
{
#define KA_RESOURCE(field, vendor, baseline, what) r->field = KA_UNSET;
#include "kanalyze/resources.def"
#undef KA_RESOURCE
}

void ka_kernel_free(struct ka_kernel *k)
{
	free(k->name);
	free(k->mangled);
	free(k->file);
	free(k->def_file);
	ka_sass_free(k->sass);
	free(k->sass);
	ka_machine_free(k->machine);
	free(k->machine);
	free(k->model_code);
	memset(k, 0, sizeof(*k));
}

struct ka_kernel *ka_kernel_list_add(struct ka_kernel_list *l)
{
	KA_GROW(l->v, l->n, l->cap, 8);
	memset(&l->v[l->n], 0, sizeof(l->v[0]));
	return &l->v[l->n++];
}

void ka_kernel_list_free(struct ka_kernel_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		ka_kernel_free(&l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* gfx90a as (9, 0, 0xa), gfx1030 as (10, 3, 0): the generation is all but
 * the last two characters, then the minor version and the stepping (a hex
 * digit), as LLVM's AMDGPU target names are made.  false if not one. */
static bool gfx_version(const char *s, long v[3])
{
	size_t n = strncmp(s, "gfx", 3) == 0 ? strcspn(s + 3, ":") : 0;
	if (n < 3 || n > 6)
		return false;
	s += 3;
	for (size_t i = 0; i < n - 1; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	if (!isxdigit((unsigned char)s[n - 1]))
		return false;
	v[0] = 0;
	for (size_t i = 0; i + 2 < n; i++)
		v[0] = v[0] * 10 + (s[i] - '0');
	v[1] = s[n - 2] - '0';
	v[2] = isdigit((unsigned char)s[n - 1]) ? s[n - 1] - '0' : 10 + (tolower((unsigned char)s[n - 1]) - 'a');
	return true;
}

/* sm_80 before sm_100 (numeric part first, then any suffix: "sm_90a");
 * gfx906 before gfx90a before gfx1030 (generation, minor, stepping). */
int ka_arch_cmp(const char *a, const char *b)
{
	long va[3], vb[3];
	if (strncmp(a, "sm_", 3) == 0 && strncmp(b, "sm_", 3) == 0) {
		char *ea, *eb;
		long na = strtol(a + 3, &ea, 10), nb = strtol(b + 3, &eb, 10);
		if (na != nb)
			return na < nb ? -1 : 1;
		return strcmp(ea, eb);
	}
	if (gfx_version(a, va) && gfx_version(b, vb)) {
		for (int i = 0; i < 3; i++)
			if (va[i] != vb[i])
				return va[i] < vb[i] ? -1 : 1;
	}
	return strcmp(a, b);
}

static int cmp_kernel(const void *pa, const void *pb)
{
	const struct ka_kernel *a = pa, *b = pb;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
	if (c)
		return c;
	if ((c = ka_arch_cmp(a->arch, b->arch)) != 0)
		return c;
	return strcmp(a->mangled, b->mangled);
}

void ka_kernel_list_sort(struct ka_kernel_list *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), cmp_kernel);
}

void ka_kernel_list_adopt(struct ka_kernel_list *out, size_t first, const char *where, const char *arch)
{
	for (size_t i = first; i < out->n; i++) {
		struct ka_kernel *k = &out->v[i];
		if (where) {
			free(k->file);
			k->file = ka_strdup(where);
		}
		if (arch)
			snprintf(k->arch, sizeof(k->arch), "%s", arch);
	}
}
