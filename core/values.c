/* values.c — a list of integers as options and settings write them: a
 * single value, a comma list, a range LO-HI[:STEP], or a mix
 * ("1-8,64,128-256:64"), each checked against the range its caller allows.
 * Pure text in, numbers or a message out: the calculators' axes (cli/) and
 * verify FILE...'s --smem sizes (verify/) read their values through it. */
#include "core.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { KA_VALUES_MAX = 50 * 1000 * 1000 };

static int number(const char **pp, long *out)
{
	char *end;
	errno = 0;
	if (!(**pp >= '0' && **pp <= '9'))
		return -1;
	long v = strtol(*pp, &end, 10);
	if (errno || end == *pp)
		return -1;
	*pp = end;
	*out = v;
	return 0;
}

static void push(struct ka_values *out, size_t *cap, long v)
{
	KA_GROW(out->v, out->n, *cap, 16);
	out->v[out->n++] = v;
}

int ka_values_parse(const char *s, long lo, long hi, struct ka_values *out, char *err, size_t errlen)
{
	const char *p = s;
	size_t cap = 0;

	out->v = NULL;
	out->n = 0;
	if (!*s) {
		snprintf(err, errlen, "empty value");
		return -1;
	}
	while (*p) {
		long a, b, step = 1;
		const char *item = p;
		if (number(&p, &a) != 0)
			goto bad;
		b = a;
		if (*p == '-') {
			p++;
			if (number(&p, &b) != 0)
				goto bad;
			if (*p == ':') {
				p++;
				if (number(&p, &step) != 0 || step < 1)
					goto bad;
			}
			if (b < a) {
				snprintf(err, errlen, "range '%.*s' runs backwards", (int)strcspn(item, ","), item);
				goto fail;
			}
		}
		if (*p && *p != ',')
			goto bad;
		if (a < lo || b > hi) {
			snprintf(err, errlen, "'%.*s' is outside %ld..%ld", (int)strcspn(item, ","), item, lo, hi);
			goto fail;
		}
		if ((unsigned long)((b - a) / step) + out->n >= KA_VALUES_MAX) {
			snprintf(err, errlen, "more than %d values", KA_VALUES_MAX);
			goto fail;
		}
		for (long v = a; v <= b; v += step)
			push(out, &cap, v);
		if (*p == ',') {
			p++;
			if (!*p)
				goto bad;
		}
	}
	return 0;
bad:
	snprintf(err, errlen, "'%s' is not a number, list (a,b,c) or range (LO-HI[:STEP])", s);
fail:
	ka_values_free(out);
	return -1;
}

void ka_values_free(struct ka_values *v)
{
	free(v->v);
	v->v = NULL;
	v->n = 0;
}
