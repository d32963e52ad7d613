/* calc.c — `kanalyze occupancy`: the calculator.  Picks the vendor of the
 * --arch list, and holds the NVIDIA calculator: every numeric option (value,
 * list or range) expanded, the model run on the cross product (calc_run.c),
 * one row per combination, in the order arch, regs, block, smem, barriers,
 * carveout.  The summary format evaluates without printing rows (sweep
 * throughput). */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARCHS = 64 };


/* ---- the NVIDIA calculator's ops (calc_run.c runs them) ---------------- */
enum { AX_REGS, AX_BLOCK, AX_SMEM, AX_BARRIERS, AX_CARVEOUT, N_AXES };

static const char *nv_name(const void *arch)
{
	return ((const struct ka_nv_arch *)arch)->name;
}

static void nv_eval(struct ka_calc_row *r, const long *v, int wave)
{
	(void)wave;
	r->in.nv = (struct ka_nv_launch){
		.regs = (int)v[AX_REGS], .block = (int)v[AX_BLOCK], .smem = v[AX_SMEM],
		.barriers = (int)v[AX_BARRIERS], .carveout_pct = (int)v[AX_CARVEOUT],
	};
	ka_occ_nvidia(r->arch, &r->in.nv, &r->o.nv);
	r->occupancy = r->o.nv.occupancy;
	r->limiters = r->o.nv.limiters;
}

static void nv_header(const char *colour, const char *reset)
{
	printf("%s%-7s %5s %6s %7s %9s %8s %9s  %s%s\n", colour, "arch", "regs", "block", "smem", "blocks/SM",
	       "warps/SM", "occupancy", "limiter", reset);
}

static void nv_text(const struct ka_calc_row *r)
{
	printf("%-7s %5d %6d %7ld %9d %8d ", nv_name(r->arch), r->in.nv.regs, r->in.nv.block, r->in.nv.smem,
	       r->o.nv.blocks_per_sm, r->o.nv.warps_per_sm);
}

static void nv_json(const struct ka_calc_row *r)
{
	printf("{\"arch\":\"%s\",\"regs\":%d,\"block\":%d,\"smem\":%ld,\"blocks_per_sm\":%d,\"warps_per_sm\":%d,",
	       nv_name(r->arch), r->in.nv.regs, r->in.nv.block, r->in.nv.smem, r->o.nv.blocks_per_sm,
	       r->o.nv.warps_per_sm);
}

static void nv_best(const struct ka_calc_row *r)
{
	printf("\"regs\":%d,\"block\":%d,\"smem\":%ld,", r->in.nv.regs, r->in.nv.block, r->in.nv.smem);
}

static const struct ka_calc_ops nv_ops = {
	.n_axes = N_AXES, .name = nv_name, .eval = nv_eval, .header = nv_header,
	.text = nv_text, .json = nv_json, .best = nv_best,
};

static int occupancy_nvidia(struct ka_cli *cli, struct ka_diag *d)
{
	const struct ka_nv_arch *archs[MAX_ARCHS];
	struct ka_values ax[N_AXES] = {{0}};
	int fmt = ka_calc_format(cli, d), n_archs, rc = KA_EXIT_USAGE;
	long max_smem = 0, max_regs = 0, max_block = 0;

	if (fmt < 0)
		return KA_EXIT_USAGE;
	n_archs = ka_nv_arch_list_parse(cli->opt[OPT_ARCH], false, archs, MAX_ARCHS, d);
	if (n_archs < 0)
		return KA_EXIT_USAGE;
	for (int i = 0; i < n_archs; i++) {     /* the tightest arch bounds the list */
		const struct ka_nv_arch *a = archs[i];
		if (i == 0 || a->smem_per_block_optin < max_smem)
			max_smem = a->smem_per_block_optin;
		if (i == 0 || a->max_regs_per_thread < max_regs)
			max_regs = a->max_regs_per_thread;
		if (i == 0 || a->max_threads_per_block < max_block)
			max_block = a->max_threads_per_block;
	}
	if (ka_calc_values(cli, OPT_REGS, "regs", NULL, 0, max_regs, &ax[AX_REGS], d) ||
	    ka_calc_values(cli, OPT_BLOCK, "block", "256", 1, max_block, &ax[AX_BLOCK], d) ||
	    ka_calc_values(cli, OPT_SMEM, "smem", "0", 0, max_smem, &ax[AX_SMEM], d) ||
	    ka_calc_values(cli, OPT_BARRIERS, "barriers", "1", 0, 16, &ax[AX_BARRIERS], d))
		goto out;
	if (cli->opt[OPT_CARVEOUT]) {
		if (ka_calc_values(cli, OPT_CARVEOUT, "carveout", NULL, 0, 100, &ax[AX_CARVEOUT], d))
			goto out;
	} else {
		ax[AX_CARVEOUT].v = ka_xmalloc(sizeof(long));   /* the driver's default */
		ax[AX_CARVEOUT].v[0] = -1;
		ax[AX_CARVEOUT].n = 1;
	}
	ka_calc_run(cli, fmt, &nv_ops, (const void *const *)archs, n_archs, ax, 0);
	rc = KA_EXIT_OK;           /* main checks that stdout took it all */
out:
	for (int i = 0; i < N_AXES; i++)
		ka_values_free(&ax[i]);
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
