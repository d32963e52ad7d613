/* buf.c — growable byte buffer, argument vectors and checked allocation.  Out-of-memory is the
 * one condition kanalyze does not try to survive: it aborts with a message. */
#include "core.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *oom(void)
{
	fputs("kanalyze: out of memory\n", stderr);
	abort();
}

void *ka_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	return p ? p : oom();
}

void *ka_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	return p ? p : oom();
}

void *ka_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	return q ? q : oom();
}

void *ka_grow(void *v, size_t n, size_t *cap, size_t elem, size_t first)
{
	if (n < *cap)
		return v;
	size_t c = *cap ? 2 * *cap : first;
	if (c <= n)
		c = n + 1;
	if (elem && c > SIZE_MAX / elem)
		return oom();
	*cap = c;
	return ka_xrealloc(v, c * elem);
}

char *ka_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(ka_xmalloc(n), s, n);
}

void ka_buf_grow(struct ka_buf *b, size_t n)
{
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + n + 1)
		cap *= 2;
	b->data = ka_xrealloc(b->data, cap);
	b->cap = cap;
}

void ka_buf_puts(struct ka_buf *b, const char *s)
{
	ka_buf_append(b, s, strlen(s));
}

void ka_buf_printf(struct ka_buf *b, const char *fmt, ...)
{
	va_list ap, ap2;
	int n;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n > 0) {
		ka_buf_append(b, NULL, 0);          /* ensure data exists */
		if (b->len + (size_t)n + 1 > b->cap) {
			size_t cap = b->cap;
			while (cap < b->len + (size_t)n + 1)
				cap *= 2;
			b->data = ka_xrealloc(b->data, cap);
			b->cap = cap;
		}
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
		b->len += (size_t)n;
	}
	va_end(ap2);
}

void ka_buf_free(struct ka_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

void ka_argv_push(struct ka_argv *a, const char *s)
{
	KA_GROW(a->v, (size_t)a->n + 1, a->cap, 16);   /* and the NULL after it */
	a->v[a->n++] = ka_strdup(s);
	a->v[a->n] = NULL;
}

void ka_argv_pushf(struct ka_argv *a, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = ka_xmalloc((size_t)(n > 0 ? n : 0) + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
	va_end(ap);
	KA_GROW(a->v, (size_t)a->n + 1, a->cap, 16);   /* and the NULL after it */
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
}

void ka_argv_free(struct ka_argv *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	a->v = NULL;
	a->n = 0;
	a->cap = 0;
}
