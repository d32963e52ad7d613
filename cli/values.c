/* values.c — numeric option values: a single value, a comma list, a range
 * LO-HI[:STEP], or a mix ("1-8,64,128-256:64"), each checked against the
 * range the option allows.  The calculator runs the cross product.  A bad
 * value is reported as the user gave it: --sms, or "block" of the config
 * file that set it. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
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
	if (out->n == *cap) {
		*cap = *cap ? 2 * *cap : 16;
		out->v = ka_xrealloc(out->v, *cap * sizeof(long));
	}
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

long ka_cli_long(const struct ka_cli *cli, int id, long lo, long hi, long def, struct ka_diag *d, bool *bad)
{
	char err[160];
	struct ka_values v;
	long x;

	if (!cli->opt[id])
		return def;
	if (ka_values_parse(cli->opt[id], lo, hi, &v, err, sizeof(err)) != 0 || v.n != 1) {
		/* named as the user gave it: --sms, or "block" of .kanalyze.json */
		ka_cli_bad_value(cli, id, d, "%s", v.n > 1 ? "takes one value here" : err);
		if (v.n > 1)
			ka_values_free(&v);
		*bad = true;
		return def;
	}
	x = v.v[0];
	ka_values_free(&v);
	return x;
}

int ka_calc_values(struct ka_cli *cli, int id, const char *name, const char *def, long lo, long hi,
		   struct ka_values *v, struct ka_diag *d)
{
	char err[200];
	const char *s = cli->opt[id] ? cli->opt[id] : def;
	if (!s) {
		ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--%s is required", name);
		return -1;
	}
	if (ka_values_parse(s, lo, hi, v, err, sizeof(err)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--%s: %s", name, err);
		return -1;
	}
	return 0;
}

int ka_cli_wave(const struct ka_cli *cli, struct ka_diag *d)
{
	if (cli->flag[OPT_WAVE32] && cli->flag[OPT_WAVE64]) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--wave32 and --wave64 exclude each other");
		return -1;
	}
	return cli->flag[OPT_WAVE32] ? 32 : cli->flag[OPT_WAVE64] ? 64 : 0;
}

void ka_cli_bad_value(const struct ka_cli *cli, int id, struct ka_diag *d, const char *fmt, ...)
{
	struct ka_buf b = {0};
	va_list ap;
	char *msg = NULL;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (cli->origin[id] && ka_config_key(id))
		ka_buf_printf(&b, "\"%s\": %s", ka_config_key(id), msg ? msg : "");
	else
		ka_buf_printf(&b, "--%s: %s", ka_cli_opt_name(id), msg ? msg : "");
	ka_diag_error(d, KA_EXIT_USAGE, cli->origin[id], "%s", b.data);
	ka_buf_free(&b);
	free(msg);
}

/* --color: the header bold (occupancy -1), occupancy green from 50 %,
 * yellow from 25 %, red below; "" without colour. */
const char *ka_calc_colour(bool on, double occupancy)
{
	if (!on)
		return "";
	if (occupancy < 0)
		return "\033[1m";
	return occupancy >= 0.5 ? "\033[32m" : occupancy >= 0.25 ? "\033[33m" : "\033[31m";
}
