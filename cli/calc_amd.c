/* calc_amd.c — `kanalyze occupancy --arch gfx90a --vgprs ...`: the AMD and
 * Hygon calculator, one row per combination of VGPRs, AGPRs, SGPRs,
 * workgroup size and LDS, in waves per SIMD and workgroups per CU: its
 * options and its ops; calc_run.c runs the cross product and prints. */
#include "cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the ops calc_run.c runs --------------------------------------------- */
enum { AX_VGPRS, AX_AGPRS, AX_SGPRS, AX_BLOCK, AX_LDS, N_AXES };

static const char *amd_name(const void *arch)
{
	return ((const struct ka_amd_arch *)arch)->name;
}

static void amd_eval(struct ka_calc_row *r, const long *v, int wave)
{
	const struct ka_amd_arch *a = r->arch;
	r->in.amd = (struct ka_amd_launch){
		.vgprs = (int)v[AX_VGPRS], .agprs = (int)v[AX_AGPRS], .sgprs = (int)v[AX_SGPRS],
		.block = (int)v[AX_BLOCK], .lds = v[AX_LDS], .wave = wave ? wave : a->default_wave,
	};
	ka_occ_amd(a, &r->in.amd, &r->o.amd);
	r->occupancy = r->o.amd.occupancy;
	r->limiters = r->o.amd.limiters;
}

static void amd_header(const char *colour, const char *reset)
{
	printf("%s%-8s %4s %5s %5s %5s %6s %7s %10s %6s %9s  %s%s\n", colour, "arch", "wave", "vgprs", "agprs",
	       "sgprs", "block", "lds", "waves/SIMD", "wg/CU", "occupancy", "limiter", reset);
}

static void amd_text(const struct ka_calc_row *r)
{
	const struct ka_amd_launch *in = &r->in.amd;
	printf("%-8s %4d %5d %5d %5d %6d %7ld %10d %6d ", amd_name(r->arch), in->wave, in->vgprs, in->agprs,
	       in->sgprs, in->block, in->lds, r->o.amd.waves_per_simd, r->o.amd.workgroups_per_cu);
}

static void amd_json(const struct ka_calc_row *r)
{
	const struct ka_amd_launch *in = &r->in.amd;
	printf("{\"arch\":\"%s\",\"vgprs\":%d,\"agprs\":%d,\"sgprs\":%d,\"block\":%d,\"smem\":%ld,"
	       "\"waves_per_simd\":%d,\"workgroups_per_cu\":%d,",
	       amd_name(r->arch), in->vgprs, in->agprs, in->sgprs, in->block, in->lds, r->o.amd.waves_per_simd,
	       r->o.amd.workgroups_per_cu);
}

static void amd_best(const struct ka_calc_row *r)
{
	const struct ka_amd_launch *in = &r->in.amd;
	printf("\"vgprs\":%d,\"agprs\":%d,\"sgprs\":%d,\"block\":%d,\"smem\":%ld,", in->vgprs, in->agprs,
	       in->sgprs, in->block, in->lds);
}

static const struct ka_calc_ops amd_ops = {
	.n_axes = N_AXES, .name = amd_name, .eval = amd_eval, .header = amd_header,
	.text = amd_text, .json = amd_json, .best = amd_best,
};

int ka_cmd_occupancy_amd(struct ka_cli *cli, struct ka_diag *d)
{
	struct ka_arch any[KA_MAX_ARCHS];
	const struct ka_amd_arch *archs[KA_MAX_ARCHS];
	int n_archs = ka_arch_list_parse(cli->opt[OPT_ARCH], false, any, NULL, KA_MAX_ARCHS, d);
	struct ka_values ax[N_AXES] = {{0}};
	int wave = ka_cli_wave(cli, d), fmt = ka_calc_format(cli, d), rc = KA_EXIT_USAGE;
	long max_v = INT_MAX, max_a = INT_MAX, max_s = INT_MAX, max_lds = LONG_MAX;

	if (fmt < 0)
		return KA_EXIT_USAGE;
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
		if (wave == 32 && !ka_amd_has_wave32(a)) {
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
	if (ka_calc_values(cli, OPT_VGPRS, "vgprs", NULL, 0, max_v, &ax[AX_VGPRS], d) ||
	    ka_calc_values(cli, OPT_AGPRS, "agprs", "0", 0, max_a, &ax[AX_AGPRS], d) ||
	    ka_calc_values(cli, OPT_SGPRS, "sgprs", "0", 0, max_s, &ax[AX_SGPRS], d) ||
	    ka_calc_values(cli, OPT_BLOCK, "block", "256", 1, 1024, &ax[AX_BLOCK], d) ||
	    ka_calc_values(cli, OPT_SMEM, "smem", "0", 0, max_lds, &ax[AX_LDS], d))
		goto out;
	ka_calc_run(cli, fmt, &amd_ops, (const void *const *)archs, n_archs, ax, wave);
	rc = KA_EXIT_OK;           /* main checks that stdout took it all */
out:
	for (int i = 0; i < N_AXES; i++)
		ka_values_free(&ax[i]);
	return rc;
}
