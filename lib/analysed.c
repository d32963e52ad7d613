/* analysed.c — the (file, arch) pairs a run analysed completely: what a
 * baseline comparison may call "removed" rather than "not looked at". */
#include "lib.h"

#include <stdlib.h>
#include <string.h>

void ka_analysed_add(struct ka_analysed *a, const char *file, const char *arch)
{
	KA_GROW(a->file, a->n, a->cap_file, 16);
	KA_GROW(a->arch, a->n, a->cap_arch, 16);
	a->file[a->n] = ka_strdup(file);
	a->arch[a->n++] = ka_strdup(arch);
}

bool ka_analysed_has(const struct ka_analysed *a, const char *file, const char *arch)
{
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->file[i], file) == 0 && (!arch || strcmp(a->arch[i], arch) == 0))
			return true;
	return false;
}

void ka_analysed_free(struct ka_analysed *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->file[i]);
		free(a->arch[i]);
	}
	free(a->file);
	free(a->arch);
	memset(a, 0, sizeof(*a));
}
