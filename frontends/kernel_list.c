/* kernel_list.c — ownership of ka_kernel records, their report order, and
 * a record's counters all unset (resources.def; the table of their keys
 * and offsets is lib/'s: lib/resources.c). */
#include "frontends.h"

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
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->v = ka_xrealloc(l->v, l->cap * sizeof(*l->v));
	}
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

/* sm_80 before sm_100: numeric part first, then any suffix ("sm_90a"). */
int ka_arch_cmp(const char *a, const char *b)
{
	if (strncmp(a, "sm_", 3) == 0 && strncmp(b, "sm_", 3) == 0) {
		char *ea, *eb;
		long na = strtol(a + 3, &ea, 10), nb = strtol(b + 3, &eb, 10);
		if (na != nb)
			return na < nb ? -1 : 1;
		return strcmp(ea, eb);
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
