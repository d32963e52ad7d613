/* calc.c — `kanalyze occupancy`: the calculator.  Expands every numeric
 * option (value, list or range) and runs the model on the cross product,
 * one row per combination, in the order arch, regs, block, smem.  The
 * summary format evaluates without printing rows (sweep throughput). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_ARCHS = 64 };


static int occupancy_nvidia(struct ka_cli *cli, struct ka_diag *d)
{
	const struct ka_nv_arch *archs[MAX_ARCHS];
	struct ka_values regs = {0}, block = {0}, smem = {0}, bars = {0}, carve = {0};
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";
	int n_archs, rc = KA_EXIT_USAGE;
	long max_smem = 0;
	enum { F_TEXT, F_JSONL, F_JSON, F_SUMMARY } fmt;

	if (strcmp(format, "text") == 0)
		fmt = F_TEXT;
	else if (strcmp(format, "jsonl") == 0)
		fmt = F_JSONL;
	else if (strcmp(format, "json") == 0)
		fmt = F_JSON;
	else if (strcmp(format, "summary") == 0)
		fmt = F_SUMMARY;
	else {
		ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--format is text, jsonl, json or summary, not '%s'", format);
		return KA_EXIT_USAGE;
	}
	n_archs = ka_nv_arch_list_parse(cli->opt[OPT_ARCH], false, archs, MAX_ARCHS, d);
	if (n_archs < 0)
		return KA_EXIT_USAGE;
	for (int i = 0; i < n_archs; i++) {
		long m = archs[i]->smem_per_block_optin;
		if (i == 0 || m < max_smem)
			max_smem = m;     /* the tightest arch bounds the list */
	}
	if (ka_calc_values(cli, OPT_REGS, "regs", NULL, 0, 255, &regs, d) ||
	    ka_calc_values(cli, OPT_BLOCK, "block", "256", 1, 1024, &block, d) ||
	    ka_calc_values(cli, OPT_SMEM, "smem", "0", 0, max_smem, &smem, d) ||
	    ka_calc_values(cli, OPT_BARRIERS, "barriers", "1", 0, 16, &bars, d))
		goto out;
	if (cli->opt[OPT_CARVEOUT]) {
		if (ka_calc_values(cli, OPT_CARVEOUT, "carveout", NULL, 0, 100, &carve, d))
			goto out;
	} else {
		carve.v = ka_xmalloc(sizeof(long));   /* the driver's default */
		carve.v[0] = -1;
		carve.n = 1;
	}

	if (fmt == F_TEXT)
		printf("%s%-7s %5s %6s %7s %9s %8s %9s  %s%s\n", ka_calc_colour(cli->color, -1), "arch", "regs", "block",
		       "smem", "blocks/SM", "warps/SM", "occupancy", "limiter", cli->color ? "\033[0m" : "");
	if (fmt == F_JSON)
		printf("[");

	unsigned long long rows = 0;
	double best = -1;
	struct ka_nv_launch best_in = {0};
	const struct ka_nv_arch *best_arch = NULL;
	double t0 = ka_now_ms();
	for (int ai = 0; ai < n_archs; ai++) {
		const struct ka_nv_arch *a = archs[ai];
		for (size_t ri = 0; ri < regs.n; ri++)
		for (size_t bi = 0; bi < block.n; bi++)
		for (size_t si = 0; si < smem.n; si++)
		for (size_t ni = 0; ni < bars.n; ni++)
		for (size_t ci = 0; ci < carve.n; ci++) {
			struct ka_nv_launch in = {
				.regs = (int)regs.v[ri], .block = (int)block.v[bi], .smem = smem.v[si],
				.barriers = (int)bars.v[ni],
				.carveout_pct = (int)carve.v[ci],
			};
			struct ka_occupancy o;
			char occ[32];
			ka_occ_nvidia(a, &in, &o);
			rows++;
			if (fmt == F_SUMMARY) {
				if (o.occupancy > best) {
					best = o.occupancy;
					best_in = in;
					best_arch = a;
				}
				continue;
			}
			ka_format_fraction(occ, sizeof(occ), o.occupancy);
			if (fmt == F_TEXT) {
				printf("%-7s %5d %6d %7ld %9d %8d %s%8.1f%%%s  ", a->name, in.regs, in.block, in.smem,
				       o.blocks_per_sm, o.warps_per_sm, ka_calc_colour(cli->color, o.occupancy),
				       100.0 * o.occupancy, cli->color ? "\033[0m" : "");
				ka_limiter_list(stdout, o.limiters, false);
				putchar('\n');
			} else {
				if (fmt == F_JSON && rows > 1)
					putchar(',');
				printf("{\"arch\":\"%s\",\"regs\":%d,\"block\":%d,\"smem\":%ld,\"blocks_per_sm\":%d,"
				       "\"warps_per_sm\":%d,\"occupancy\":%s,\"limiter\":[",
				       a->name, in.regs, in.block, in.smem, o.blocks_per_sm, o.warps_per_sm, occ);
				ka_limiter_list(stdout, o.limiters, true);
				fputs(fmt == F_JSON ? "]}" : "]}\n", stdout);
			}
		}
	}
	if (fmt == F_JSON)
		printf("]\n");
	if (fmt == F_SUMMARY) {
		double ms = ka_now_ms() - t0;
		char occ[32];
		ka_format_fraction(occ, sizeof(occ), best);
		printf("{\"configurations\":%llu,\"seconds\":%.3f,\"per_second\":%.0f,"
		       "\"best\":{\"arch\":\"%s\",\"regs\":%d,\"block\":%d,\"smem\":%ld,\"occupancy\":%s}}\n",
		       rows, ms / 1e3, ms > 0 ? rows / (ms / 1e3) : 0.0, best_arch ? best_arch->name : "",
		       best_in.regs, best_in.block, best_in.smem, occ);
	}
	rc = KA_EXIT_OK;           /* main checks that stdout took it all */
out:
	ka_values_free(&regs);
	ka_values_free(&block);
	ka_values_free(&smem);
	ka_values_free(&bars);
	ka_values_free(&carve);
	return rc;
}

/* Each vendor's calculator takes its own options and prints its own rows:
 * one vendor per run. */
static int (*const calculators[KA_VENDOR_COUNT])(struct ka_cli *, struct ka_diag *) = {
	[KA_VENDOR_NVIDIA] = occupancy_nvidia,
	[KA_VENDOR_AMD] = ka_cmd_occupancy_amd,
};

int ka_cmd_occupancy(struct ka_cli *cli, struct ka_diag *d)
{
	struct ka_arch any[MAX_ARCHS];
	char spelled[MAX_ARCHS][32];
	const struct ka_vendor_ops *v = NULL;
	int n;

	if (!cli->opt[OPT_ARCH]) {
		ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--arch is required (see kanalyze archs)");
		return KA_EXIT_USAGE;
	}
	n = ka_arch_list_parse(cli->opt[OPT_ARCH], false, any, spelled, MAX_ARCHS, d);
	if (n < 0)
		return KA_EXIT_USAGE;
	for (int i = 0; i < n; i++) {
		const struct ka_vendor_ops *a = ka_vendor_of_arch(spelled[i]);
		if (v && a != v) {
			ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--arch mixes NVIDIA and AMD architectures: "
				      "one vendor per run (they take different options)");
			return KA_EXIT_USAGE;
		}
		v = a;
	}
	return calculators[v->id](cli, d);
}
