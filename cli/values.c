/* values.c — numeric option values: one number of the list syntax
 * (core/values.c: a single value, a comma list, a range LO-HI[:STEP], or a
 * mix), each checked against the range the option allows.  The calculator
 * runs the cross product.  A bad value is reported as the user gave it:
 * --sms, or "block" of the config file that set it. */
#define _GNU_SOURCE
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
