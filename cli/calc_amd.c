/* calc_amd.c — `kanalyze occupancy --arch gfx90a --vgprs ...`: the AMD and
 * Hygon calculator, one row per combination of VGPRs, AGPRs, SGPRs,
 * workgroup size and LDS, in waves per SIMD and workgroups per CU. */
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ka_cmd_occupancy_amd(struct ka_cli *cli, struct ka_diag *d)
{
	struct ka_arch any[KA_MAX_ARCHS];
	const struct ka_amd_arch *archs[KA_MAX_ARCHS];
	int n_archs = ka_arch_list_parse(cli->opt[OPT_ARCH], false, any, NULL, KA_MAX_ARCHS, d);
	struct ka_values vg = {0}, ag = {0}, sg = {0}, block = {0}, lds = {0};
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";
	int wave = ka_cli_wave(cli, d), rc = KA_EXIT_USAGE;
	long max_v = INT_MAX, max_a = INT_MAX, max_s = INT_MAX, max_lds = LONG_MAX;
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
	if (wave < 0 || n_archs < 0)
		return KA_EXIT_USAGE;
	for (int i = 0; i < n_archs; i++)
		archs[i] = any[i].amd;
	for (int i = 0; i < n_archs; i++) {
		const struct ka_amd_arch *a = archs[i];
		if (cli->opt[OPT_REGS] || cli->opt[OPT_BARRIERS] || cli->opt[OPT_CARVEOUT]) {
			ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "%s is AMD: give --vgprs/--agprs/--sgprs, not "
				      "--regs/--barriers/--carveout", a->name);
			return KA_EXIT_USAGE;
		}
		if (wave == 32 && !a->vgprs_w32) {
			ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--wave32: %s runs wave64 only", a->name);
			return KA_EXIT_USAGE;
		}
		/* the tightest arch bounds the list */
		if (a->vgprs_addressable < max_v)
			max_v = a->vgprs_addressable;
		if (a->agprs < max_a)
			max_a = a->agprs;
		if (a->max_sgprs < max_s)
			max_s = a->max_sgprs;
		if (a->lds_per_workgroup < max_lds)
			max_lds = a->lds_per_workgroup;
	}
	if (max_a == 0 && cli->opt[OPT_AGPRS] && strspn(cli->opt[OPT_AGPRS], "0,") != strlen(cli->opt[OPT_AGPRS])) {
		char with[256] = "";       /* the rows that have AGPRs */
		for (int i = 0; i < ka_amd_arch_count; i++)
			if (ka_amd_archs[i].agprs > 0)
				snprintf(with + strlen(with), sizeof(with) - strlen(with), "%s%s", *with ? ", " : "",
					 ka_amd_archs[i].name);
		ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--agprs: AGPRs exist on %s only (not on every --arch given)",
			      with);
		goto out;
	}
	if (ka_calc_values(cli, OPT_VGPRS, "vgprs", NULL, 0, max_v, &vg, d) ||
	    ka_calc_values(cli, OPT_AGPRS, "agprs", "0", 0, max_a, &ag, d) ||
	    ka_calc_values(cli, OPT_SGPRS, "sgprs", "0", 0, max_s, &sg, d) ||
	    ka_calc_values(cli, OPT_BLOCK, "block", "256", 1, 1024, &block, d) ||
	    ka_calc_values(cli, OPT_SMEM, "smem", "0", 0, max_lds, &lds, d))
		goto out;

	if (fmt == F_TEXT)
		printf("%s%-8s %4s %5s %5s %5s %6s %7s %10s %6s %9s  %s%s\n", ka_calc_colour(cli->color, -1), "arch",
		       "wave", "vgprs", "agprs", "sgprs", "block", "lds", "waves/SIMD", "wg/CU", "occupancy", "limiter",
		       cli->color ? "\033[0m" : "");
	if (fmt == F_JSON)
		printf("[");
	unsigned long long rows = 0;
	double best = -1, t0 = ka_now_ms();
	struct ka_amd_launch best_in = {0};
	const struct ka_amd_arch *best_arch = NULL;
	for (int ai = 0; ai < n_archs; ai++) {
		const struct ka_amd_arch *a = archs[ai];
		for (size_t vi = 0; vi < vg.n; vi++)
		for (size_t gi = 0; gi < ag.n; gi++)
		for (size_t si = 0; si < sg.n; si++)
		for (size_t bi = 0; bi < block.n; bi++)
		for (size_t li = 0; li < lds.n; li++) {
			struct ka_amd_launch in = {
				.vgprs = (int)vg.v[vi], .agprs = (int)ag.v[gi], .sgprs = (int)sg.v[si],
				.block = (int)block.v[bi], .lds = lds.v[li], .wave = wave ? wave : a->default_wave,
			};
			struct ka_amd_occupancy o;
			char occ[32];
			ka_occ_amd(a, &in, &o);
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
				printf("%-8s %4d %5d %5d %5d %6d %7ld %10d %6d %s%8.1f%%%s  ", a->name, in.wave, in.vgprs,
				       in.agprs, in.sgprs, in.block, in.lds, o.waves_per_simd, o.workgroups_per_cu,
				       ka_calc_colour(cli->color, o.occupancy), 100.0 * o.occupancy,
				       cli->color ? "\033[0m" : "");
				ka_limiter_list(stdout, o.limiters, false);
				putchar('\n');
			} else {
				if (fmt == F_JSON && rows > 1)
					putchar(',');
				printf("{\"arch\":\"%s\",\"vgprs\":%d,\"agprs\":%d,\"sgprs\":%d,\"block\":%d,\"smem\":%ld,"
				       "\"waves_per_simd\":%d,\"workgroups_per_cu\":%d,\"occupancy\":%s,\"limiter\":[",
				       a->name, in.vgprs, in.agprs, in.sgprs, in.block, in.lds, o.waves_per_simd,
				       o.workgroups_per_cu, occ);
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
		       "\"best\":{\"arch\":\"%s\",\"vgprs\":%d,\"agprs\":%d,\"sgprs\":%d,\"block\":%d,\"smem\":%ld,"
		       "\"occupancy\":%s}}\n",
		       rows, ms / 1e3, ms > 0 ? rows / (ms / 1e3) : 0.0, best_arch ? best_arch->name : "",
		       best_in.vgprs, best_in.agprs, best_in.sgprs, best_in.block, best_in.lds, occ);
	}
	rc = KA_EXIT_OK;           /* main checks that stdout took it all */
out:
	ka_values_free(&vg);
	ka_values_free(&ag);
	ka_values_free(&sg);
	ka_values_free(&block);
	ka_values_free(&lds);
	return rc;
}
