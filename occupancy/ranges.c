/* ranges.c — the architectures a user may name, as --help and the man page
 * print them ("sm_75 ... sm_121; the calculator also knows sm_50 ...
 * sm_72; AMD gfx900 ... gfx1200, Hygon gfx928/gfx936"), read off the rows
 * of nvidia_archs.def and amd_archs.def, so that a row added there is in
 * the help without anyone editing its text. */
#include "occupancy.h"

#include <stdio.h>
#include <string.h>

struct span {
	const char *first, *last;
	int count;
};

static void span_add(struct span *s, const char *name)
{
	if (!s->count++)
		s->first = name;
	s->last = name;
}

/* "a ... b" for three rows or more, "a/b" for two, "a" for one. */
static size_t span_print(char *out, size_t size, size_t at, const char *lead, const struct span *s)
{
	char *to = at < size ? out + at : NULL;   /* past the end: count only */
	size_t room = at < size ? size - at : 0;
	int n;

	if (!s->count)
		return at;
	if (s->count == 1)
		n = snprintf(to, room, "%s%s", lead, s->first);
	else
		n = snprintf(to, room, "%s%s%s%s", lead, s->first, s->count == 2 ? "/" : " ... ", s->last);
	return at + (size_t)(n > 0 ? n : 0);
}

size_t ka_arch_ranges(char *out, size_t size)
{
	struct span nv = {0}, calc = {0}, amd[4] = {{0}};
	const char *makers[4] = {0};
	size_t at = 0;
	char lead[32];

	for (int i = 0; i < ka_nv_arch_count; i++)
		span_add(ka_nv_archs[i].analysable ? &nv : &calc, ka_nv_archs[i].name);
	for (int i = 0; i < ka_amd_arch_count; i++) {   /* the makers in row order */
		int m = 0;
		while (m < 4 && makers[m] && strcmp(makers[m], ka_amd_archs[i].maker) != 0)
			m++;
		if (m == 4)
			continue;
		makers[m] = ka_amd_archs[i].maker;
		span_add(&amd[m], ka_amd_archs[i].name);
	}
	if (size)
		*out = '\0';
	at = span_print(out, size, at, "", &nv);
	at = span_print(out, size, at, "; the calculator also knows ", &calc);
	for (int m = 0; m < 4 && makers[m]; m++) {
		snprintf(lead, sizeof(lead), "%s%s ", m ? ", " : "; ", makers[m]);
		at = span_print(out, size, at, lead, &amd[m]);
	}
	return at;
}
