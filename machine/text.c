/* text.c — the small helpers the readers and interpreters share: growth
 * that aborts on exhaustion, a copied slice, blanks skipped within a line,
 * a prefix test, a line appended (ptx.c, amdgpu_text.c), and the mix that
 * makes a loaded value (lanes.c, amdgpu_lanes.c). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

void *ka_mach_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		abort();
	return q;
}

char *ka_mach_dup(const char *s, size_t n)
{
	char *d = ka_mach_xrealloc(NULL, n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

const char *ka_mach_skip_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	return p;
}

bool ka_mach_starts(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(e - p) >= n && memcmp(p, w, n) == 0;
}

void ka_mach_put_line(char **out, size_t *n, size_t *cap, const char *p, size_t len)
{
	if (*n + len + 2 > *cap) {
		*cap = (*n + len + 2) * 2;
		*out = ka_mach_xrealloc(*out, *cap);
	}
	memcpy(*out + *n, p, len);
	*n += len;
	(*out)[(*n)++] = '\n';
	(*out)[*n] = '\0';
}

/* A 64-bit mix (MurmurHash3's finalizer): the unrelated value a lane loads
 * from an address the model knows nothing about. */
uint64_t ka_mach_hash64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	return x ^ (x >> 33);
}
