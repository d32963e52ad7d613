/* calc_run.c — what both calculators of `kanalyze occupancy` share: the
 * format, the cross product of the option values (the first option
 * outermost, the last changing fastest, for each arch in turn), the text,
 * jsonl and json rows and the summary's best.  A vendor's calculator
 * (calc.c, calc_amd.c) parses its own options into axes and hands over a
 * struct ka_calc_ops: how one combination is modelled and which of its
 * columns and keys a row prints. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

int ka_calc_format(const struct ka_cli *cli, struct ka_diag *d)
{
	static const char *const names[] = {[KA_CALC_TEXT] = "text", [KA_CALC_JSONL] = "jsonl",
					    [KA_CALC_JSON] = "json", [KA_CALC_SUMMARY] = "summary"};
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";

	for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++)
		if (strcmp(format, names[i]) == 0)
			return i;
	ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--format is text, jsonl, json or summary, not '%s'", format);
	return -1;
}

/* One row in the asked format; rows counts those before it. */
static void row_print(const struct ka_cli *cli, const struct ka_calc_ops *ops, const struct ka_calc_row *r,
		      int fmt, unsigned long long rows)
{
	char occ[32];

	ka_format_fraction(occ, sizeof(occ), r->occupancy);
	if (fmt == KA_CALC_TEXT) {
		ops->text(r);
		printf("%s%8.1f%%%s  ", ka_calc_colour(cli->color, r->occupancy), 100.0 * r->occupancy,
		       cli->color ? "\033[0m" : "");
		ka_limiter_list(stdout, r->limiters, false);
		putchar('\n');
		return;
	}
	if (fmt == KA_CALC_JSON && rows > 0)
		putchar(',');
	ops->json(r);
	printf("\"occupancy\":%s,\"limiter\":[", occ);
	ka_limiter_list(stdout, r->limiters, true);
	fputs(fmt == KA_CALC_JSON ? "]}" : "]}\n", stdout);
}

void ka_calc_run(const struct ka_cli *cli, int fmt, const struct ka_calc_ops *ops, const void *const *archs,
		 int n_archs, const struct ka_values *axes, int wave)
{
	unsigned long long rows = 0;
	struct ka_calc_row best = {0};
	double t0 = ka_now_ms();

	best.occupancy = -1;
	if (fmt == KA_CALC_TEXT)
		ops->header(ka_calc_colour(cli->color, -1), cli->color ? "\033[0m" : "");
	if (fmt == KA_CALC_JSON)
		printf("[");
	for (int ai = 0; ai < n_archs; ai++) {
		size_t at[KA_CALC_AXES] = {0};
		long v[KA_CALC_AXES];
		bool empty = false;

		for (int i = 0; i < ops->n_axes; i++)
			empty |= axes[i].n == 0;
		while (!empty) {
			struct ka_calc_row r = {.arch = archs[ai]};
			int i;

			for (i = 0; i < ops->n_axes; i++)
				v[i] = axes[i].v[at[i]];
			ops->eval(&r, v, wave);
			if (fmt == KA_CALC_SUMMARY) {
				if (r.occupancy > best.occupancy)
					best = r;
			} else {
				row_print(cli, ops, &r, fmt, rows);
			}
			rows++;
			for (i = ops->n_axes - 1; i >= 0; i--) {   /* the odometer: last axis fastest */
				if (++at[i] < axes[i].n)
					break;
				at[i] = 0;
			}
			if (i < 0)
				break;
		}
	}
	if (fmt == KA_CALC_JSON)
		printf("]\n");
	if (fmt == KA_CALC_SUMMARY) {
		double ms = ka_now_ms() - t0;
		char occ[32];
		ka_format_fraction(occ, sizeof(occ), best.occupancy);
		printf("{\"configurations\":%llu,\"seconds\":%.3f,\"per_second\":%.0f,\"best\":{\"arch\":\"%s\",", rows,
		       ms / 1e3, ms > 0 ? rows / (ms / 1e3) : 0.0, best.arch ? ops->name(best.arch) : "");
		ops->best(&best);
		printf("\"occupancy\":%s}}\n", occ);
	}
}
