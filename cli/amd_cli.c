/* amd_cli.c — the AMD (and Hygon) side of the command line: HIP inputs in
 * `kanalyze FILE`, a saved remarks log (--remarks), the calculator rows for
 * gfx archs (`kanalyze occupancy --arch gfx90a --vgprs ...`), their rows in
 * `kanalyze archs`, and their block in the text report.  Kept apart from
 * the NVIDIA code so each vendor's path reads on its own. */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

bool ka_amd_is_hip_input(const struct ka_cli *cli, const char *file)
{
	const char *lang = cli->opt[OPT_LANG];
	if (lang)
		return strcmp(lang, "hip") == 0;
	return ends_with(file, ".hip") || ends_with(file, ".HIP");
}

const char *ka_amd_default_arch(const struct ka_cli *cli)
{
	if (cli->opt[OPT_REMARKS])
		return "gfx90a";
	if (cli->n_files == 0)
		return "sm_90";
	for (int i = 0; i < cli->n_files; i++)
		if (!ka_amd_is_hip_input(cli, cli->files[i]))
			return "sm_90";
	return "gfx90a";
}

int ka_amd_wave_option(const struct ka_cli *cli, struct ka_diag *d)
{
	if (cli->flag[OPT_WAVE32] && cli->flag[OPT_WAVE64]) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--wave32 and --wave64 exclude each other");
		return -1;
	}
	return cli->flag[OPT_WAVE32] ? 32 : cli->flag[OPT_WAVE64] ? 64 : 0;
}

/* ---- analyze ------------------------------------------------------------ */

static int analyze_file(struct ka_cli *cli, const char *file, const char *const *archs, int n_archs, long timeout,
			long jobs, struct ka_diag *d, struct ka_kernel_list *out, char **clang_version)
{
	struct ka_hip_options o = {
		.clang = cli->opt[OPT_CLANG],
		.extra = cli->cc_args,
		.timeout_s = (double)timeout,
		.jobs = (int)jobs,
		.wave = cli->flag[OPT_WAVE32] ? 32 : cli->flag[OPT_WAVE64] ? 64 : 0,
	};
	return ka_hip_analyze(file, archs, n_archs, &o, d, out, clang_version);
}

static int from_remarks(struct ka_cli *cli, const char *arch, int wave, struct ka_diag *d, struct ka_kernel_list *out)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(arch);

	if (wave == 32 && !a->vgprs_w32) {
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "--wave32: %s runs wave64 only", a->name);
		return KA_EXIT_USAGE;
	}
	return ka_hip_remarks_load(cli->opt[OPT_REMARKS], arch, wave ? wave : a->default_wave, d, out);
}

int ka_amd_split_archs(struct ka_cli *cli, const struct ka_nv_arch **nv, char (*nv_names)[32], int cap, long smem,
		       struct ka_amd_run *run, struct ka_diag *d)
{
	struct ka_arch any[KA_AMD_MAX_ARCHS];
	char spelled[KA_AMD_MAX_ARCHS][32];
	int n = ka_cli_arch_list(cli->opt[OPT_ARCH] ? cli->opt[OPT_ARCH] : ka_amd_default_arch(cli), true, any,
				 spelled, cap < KA_AMD_MAX_ARCHS ? cap : KA_AMD_MAX_ARCHS, d);

	memset(run, 0, sizeof(*run));
	if (n < 0 || (run->wave = ka_amd_wave_option(cli, d)) < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (any[i].nv) {
			nv[run->n_nv] = any[i].nv;
			memcpy(nv_names[run->n_nv++], spelled[i], 32);
			continue;
		}
		if (smem > any[i].amd->lds_per_workgroup) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--smem %ld is over %s's %ld-byte LDS per workgroup", smem,
				      any[i].amd->name, any[i].amd->lds_per_workgroup);
			return -1;
		}
		memcpy(run->names[run->n], spelled[i], 32);
		run->ptr[run->n] = run->names[run->n];
		run->n++;
	}
	if (cli->opt[OPT_REMARKS]) {
		if (run->n != 1 || run->n_nv > 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--remarks reads one compile: give exactly one AMD --arch "
				      "(the one the log was made for)");
			return -1;
		}
		if (cli->n_files > 0) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "--remarks replaces compiling: give no source files "
				      "(the kernels, files and lines come from the log)");
			return -1;
		}
	}
	return run->n_nv;
}

int ka_amd_cuda_inputs_first(struct ka_cli *cli)
{
	int n = 0;
	for (int i = 0; i < cli->n_files; i++)
		if (!ka_amd_is_hip_input(cli, cli->files[i])) {
			const char *t = cli->files[n];
			cli->files[n++] = cli->files[i];
			cli->files[i] = t;
		}
	return n;
}

int ka_amd_run(struct ka_cli *cli, struct ka_amd_run *run, int n_cuda, long timeout, long jobs, struct ka_diag *d,
	       struct ka_kernel_list *out, struct ka_analysed *done)
{
	int rc = KA_EXIT_OK, r;
	struct stat st;

	if (cli->opt[OPT_REMARKS]) {
		rc = from_remarks(cli, run->ptr[0], run->wave, d, out);
		if (rc == KA_EXIT_OK)
			for (size_t i = 0; i < out->n; i++)
				if (!ka_analysed_has(done, out->v[i].file, out->v[i].arch))
					ka_analysed_add(done, out->v[i].file, out->v[i].arch);
		return rc;
	}
	for (int f = 0; f < cli->n_files; f++) {
		const char *file = cli->files[f];
		bool hip = f >= n_cuda;
		if ((hip ? run->n : run->n_nv) > 0)
			continue;
		ka_diag_error(d, KA_EXIT_USAGE, file, hip ? "HIP source and no AMD --arch (gfx90a, gfx1030, ...) given"
							  : "CUDA source and no NVIDIA --arch given (-x hip compiles it as HIP)");
		rc = KA_EXIT_USAGE;
	}
	for (int f = n_cuda; run->n > 0 && f < cli->n_files; f++) {
		const char *file = cli->files[f];
		if (stat(file, &st) != 0 || S_ISDIR(st.st_mode) || access(file, R_OK) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, file, "%s", stat(file, &st) != 0 ? (errno == ENOENT ? "no such file"
				      : strerror(errno)) : S_ISDIR(st.st_mode) ? "is a directory (give the .hip files in it)"
				      : "not a readable regular file");
			rc = rc > KA_EXIT_USAGE ? rc : KA_EXIT_USAGE;
			continue;
		}
		r = analyze_file(cli, file, run->ptr, run->n, timeout, jobs, d, out, &run->clang_version);
		if (r == KA_EXIT_OK)
			for (int a = 0; a < run->n; a++) {
				char base[32];
				snprintf(base, sizeof(base), "%.*s", (int)strcspn(run->ptr[a], ":"), run->ptr[a]);
				ka_analysed_add(done, file, base);
			}
		if (r > rc)
			rc = r;
	}
	return rc;
}

static void nv_cliffs_from_amd(struct ka_cliffs *c, const struct ka_amd_cliffs *a)
{
	*c = (struct ka_cliffs){
		.regs_to_next_drop = a->vgprs_to_next_drop, .blocks_after_drop = a->workgroups_after_drop,
		.regs_to_next_gain = a->vgprs_to_next_gain, .blocks_after_gain = a->workgroups_after_gain,
		.smem_to_next_drop = a->lds_to_next_drop, .blocks_after_smem_drop = a->workgroups_after_lds_drop,
		.smem_to_next_gain = a->lds_to_next_gain, .blocks_after_smem_gain = a->workgroups_after_lds_gain,
	};
}

void ka_amd_model_kernel(struct ka_report_kernel *rk, const struct ka_kernel *k, long block_opt, long lds_dyn,
			 int wave_opt, int warn_cliff, struct ka_diag *d)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(k->arch);
	const struct ka_resources *r = &k->res;
	struct ka_amd_launch in;

	rk->k = k;
	rk->arch = NULL;
	rk->amd = a;
	rk->smem_dynamic = lds_dyn;
	if (!a)
		return;
	/* HIP's default bound is 1024: only a smaller one says how it is launched */
	if (block_opt > 0) {
		rk->block = (int)block_opt;
		rk->block_source = "option";
	} else if (r->max_threads > 0 && r->max_threads < 1024) {
		rk->block = (int)r->max_threads;
		rk->block_source = "launch_bounds";
	} else {
		rk->block = 256;
		rk->block_source = "default";
	}
	in = (struct ka_amd_launch){
		.vgprs = r->vgprs > 0 ? (int)r->vgprs : 0,
		.agprs = r->agprs > 0 ? (int)r->agprs : 0,
		.sgprs = r->sgprs > 0 ? (int)r->sgprs : 0,
		.block = rk->block,
		.lds = (r->lds > 0 ? r->lds : 0) + lds_dyn,
		.wave = k->wave_size ? k->wave_size : wave_opt ? wave_opt : a->default_wave,
	};
	if (in.wave == 32 && !a->vgprs_w32)
		in.wave = 64;
	rk->amd_launch = in;
	ka_occ_amd(a, &in, &rk->amd_occ);
	ka_cliffs_amd(a, &in, &rk->amd_cliffs);
	rk->n_best = ka_best_blocks_amd(a, &in, (int)(r->max_threads > 0 ? r->max_threads : 0), rk->best, KA_MAX_BEST);
	rk->occ = (struct ka_occupancy){
		.blocks_per_sm = rk->amd_occ.workgroups_per_cu,
		.warps_per_sm = rk->amd_occ.waves_per_cu,
		.occupancy = rk->amd_occ.occupancy,
		.limiters = rk->amd_occ.limiters,
	};
	nv_cliffs_from_amd(&rk->cliffs, &rk->amd_cliffs);
	/* as for NVIDIA: the largest block size that reaches the best occupancy */
	rk->best_block = rk->n_best ? rk->best[rk->n_best - 1] : 0;
	rk->min_grid = -1;

	if (warn_cliff > 0 && rk->amd_cliffs.vgprs_to_next_drop >= 0 && rk->amd_cliffs.vgprs_to_next_drop <= warn_cliff) {
		char where[512];
		snprintf(where, sizeof(where), "%s:%d", k->file ? k->file : "", k->line);
		ka_diag_warn(d, where, "%s (%s): %d VGPRs, %d below the cliff at %d: +%d VGPRs drop %d -> %d waves/SIMD "
			     "at %d threads/workgroup", k->name, k->arch, in.vgprs, rk->amd_cliffs.vgprs_to_next_drop,
			     in.vgprs + rk->amd_cliffs.vgprs_to_next_drop, rk->amd_cliffs.vgprs_to_next_drop,
			     rk->amd_occ.waves_per_simd, rk->amd_cliffs.waves_after_drop, rk->block);
	}

	/* LLVM computed its figure at the kernel's maximum flat workgroup size
	 * with the static LDS: the model must say the same there. */
	if (k->llvm_waves_per_simd > 0 && r->max_threads > 0) {
		struct ka_amd_launch at = in;
		struct ka_amd_occupancy o;
		char where[512];
		at.block = (int)r->max_threads;
		at.lds = r->lds > 0 ? r->lds : 0;
		ka_occ_amd(a, &at, &o);
		snprintf(where, sizeof(where), "%s:%d", k->file ? k->file : "", k->line);
		if (o.llvm_waves_per_simd != k->llvm_waves_per_simd)
			ka_diag_warn(d, where, "%s (%s): LLVM says %d waves/SIMD at its %ld-thread bound, the model %d "
				     "(please report: the model follows LLVM 16)", k->name, k->arch,
				     k->llvm_waves_per_simd, r->max_threads, o.llvm_waves_per_simd);
	}
}

/* ---- text report ---------------------------------------------------------- */

#define C(r, code) ((r)->color ? "\033[" code "m" : "")

static void known(FILE *out, const char *what, long v)
{
	if (v == KA_UNSET)
		fprintf(out, "? %s", what);
	else
		fprintf(out, "%ld %s", v, what);
}

void ka_amd_report_text_kernel(FILE *out, const struct ka_report *r, const struct ka_report_kernel *rk)
{
	const struct ka_kernel *k = rk->k;
	const struct ka_resources *res = &k->res;
	const struct ka_amd_occupancy *o = &rk->amd_occ;
	const struct ka_amd_cliffs *c = &rk->amd_cliffs;
	const struct ka_amd_arch *a = rk->amd;
	const char *col = o->occupancy >= 0.5 ? C(r, "32") : o->occupancy >= 0.25 ? C(r, "33") : C(r, "31");

	fprintf(out, "%s%s%s  %s:%d  %s (wave%d)\n", C(r, "1"), k->name, C(r, "0"), k->file, k->line, k->arch,
		rk->amd_launch.wave);
	if (!a) {
		fputs("  (no model for this architecture)\n", out);
		return;
	}
	fputs("  resources   ", out);
	known(out, "VGPRs", res->vgprs);
	if (a->agprs) {
		fputs("  ", out);
		known(out, "AGPRs", res->agprs);
	}
	fputs("  ", out);
	known(out, "SGPRs", res->sgprs);
	fputs("   scratch ", out);
	if (res->scratch == KA_UNSET)
		fputs("?", out);
	else
		fprintf(out, "%s%ld B/lane%s", res->scratch > 0 ? C(r, "31") : "", res->scratch,
			res->scratch > 0 ? C(r, "0") : "");
	fputs("   LDS ", out);
	ka_text_bytes(out, res->lds > 0 ? res->lds : 0);
	if (rk->smem_dynamic)
		fprintf(out, " + %ld B dynamic", rk->smem_dynamic);
	if (res->max_threads > 0 && res->max_threads < 1024)
		fprintf(out, "   launch_bounds %ld", res->max_threads);
	fputc('\n', out);

	if (o->waves_per_simd == 0)
		fprintf(out, "  occupancy   %scannot launch%s: a %d-thread workgroup needs %d waves on each SIMD   "
			"limiter: %s", C(r, "31"), C(r, "0"), rk->block,
			(o->waves_per_workgroup + a->simds - 1) / a->simds, C(r, "1"));
	else
		fprintf(out, "  occupancy   %s%.1f %%%s  %d waves/SIMD (of %d), %d workgroups x %d threads per CU   "
			"limiter: %s", col, 100.0 * o->occupancy, C(r, "0"), o->waves_per_simd, a->max_waves,
			o->workgroups_per_cu, rk->block, C(r, "1"));
	ka_text_limiters(out, o->limiters);
	fprintf(out, "%s  %s(block %d: %s)%s", C(r, "0"), C(r, "2"), rk->block,
		strcmp(rk->block_source, "option") == 0 ? "--block"
		: strcmp(rk->block_source, "launch_bounds") == 0 ? "__launch_bounds__" : "default", C(r, "0"));
	if (k->llvm_waves_per_simd > 0 && res->max_threads > 0)
		fprintf(out, "  %sLLVM: %d at %ld threads%s", C(r, "2"), k->llvm_waves_per_simd, res->max_threads,
			C(r, "0"));
	else if (k->llvm_waves_per_simd > 0)
		fprintf(out, "  %sLLVM: %d at its bound%s", C(r, "2"), k->llvm_waves_per_simd, C(r, "0"));
	fputc('\n', out);

	/* "+8 (105) -> 3 waves/SIMD, 37.5 %": how far, where, and the cost */
	fputs("  cliffs      vgprs ", out);
	if (c->vgprs_to_next_drop >= 0) {
		const char *red = (r->warn_cliff > 0 && c->vgprs_to_next_drop <= r->warn_cliff) ? C(r, "31") : "";
		fprintf(out, "%s+%d (%ld) -> %d waves/SIMD, %.1f %%%s", red, c->vgprs_to_next_drop,
			(long)rk->amd_launch.vgprs + c->vgprs_to_next_drop, c->waves_after_drop,
			100.0 * c->waves_after_drop / a->max_waves, red[0] ? C(r, "0") : "");
	} else {
		fprintf(out, "no drop up to %d", a->vgprs_addressable);
	}
	if (c->vgprs_to_next_gain >= 0)
		fprintf(out, ";  -%d (%ld) -> %d waves/SIMD, %.1f %%", c->vgprs_to_next_gain,
			(long)rk->amd_launch.vgprs - c->vgprs_to_next_gain, c->waves_after_gain,
			100.0 * c->waves_after_gain / a->max_waves);
	fputc('\n', out);
	if (c->lds_to_next_drop >= 0 || c->lds_to_next_gain >= 0) {
		fputs("              lds ", out);
		if (c->lds_to_next_drop >= 0)
			fprintf(out, "+%ld B -> %d waves/SIMD", c->lds_to_next_drop, c->waves_after_lds_drop);
		if (c->lds_to_next_gain >= 0)
			fprintf(out, "%s-%ld B -> %d waves/SIMD", c->lds_to_next_drop >= 0 ? ";  " : "",
				c->lds_to_next_gain, c->waves_after_lds_gain);
		fputc('\n', out);
	}
	if (rk->n_best > 0) {
		fputs("  best block  ", out);
		for (int i = 0; i < rk->n_best && i < 8; i++)
			fprintf(out, "%s%d", i ? ", " : "", rk->best[i]);
		if (rk->n_best > 8)
			fprintf(out, ", ... (%d sizes)", rk->n_best);
		fputc('\n', out);
	}
}

/* ---- archs ----------------------------------------------------------------- */

void ka_amd_archs_print(FILE *out, bool json)
{
	if (!json)
		fprintf(out, "\n%-8s %4s %9s %9s %5s %6s %6s %5s %5s %7s %7s %4s  %s\n", "arch", "wave", "VGPRs/SIMD",
			"granule", "waves", "addr", "AGPRs", "SGPRl", "SIMDs", "LDS/CU", "LDS/WG", "bar", "note");
	for (int i = 0; i < ka_amd_arch_count; i++) {
		const struct ka_amd_arch *a = &ka_amd_archs[i];
		if (json) {
			fprintf(out, ",{\"arch\":\"%s\",\"vendor\":\"amd\",\"gen\":%d,\"default_wave\":%d,"
				"\"vgprs_per_simd_wave64\":%d,\"vgpr_granule_wave64\":%d,", a->name, a->gen,
				a->default_wave, a->vgprs_w64, a->granule_w64);
			if (a->vgprs_w32)
				fprintf(out, "\"vgprs_per_simd_wave32\":%d,\"vgpr_granule_wave32\":%d,", a->vgprs_w32,
					a->granule_w32);
			else
				fputs("\"vgprs_per_simd_wave32\":null,\"vgpr_granule_wave32\":null,", out);
			fprintf(out, "\"max_waves_per_simd\":%d,\"simds_per_cu\":%d,\"vgprs_addressable\":%d,"
				"\"agprs\":%d,\"unified_vgpr_agpr\":%s,\"sgpr_limited\":%s,\"max_sgprs\":%d,"
				"\"lds_per_cu\":%ld,\"lds_per_workgroup\":%ld,\"barrier_workgroups_per_cu\":%d,\"assumed\":",
				a->max_waves, a->simds, a->vgprs_addressable, a->agprs, a->unified ? "true" : "false",
				a->sgpr_limited ? "true" : "false", a->max_sgprs, a->lds_per_cu, a->lds_per_workgroup,
				a->barrier_workgroups);
			if (*a->note)
				fprintf(out, "\"%s\"}", a->note);
			else
				fputs("null}", out);
			continue;
		}
		for (int w = 64; w >= 32; w -= 32) {
			int v = w == 64 ? a->vgprs_w64 : a->vgprs_w32, g = w == 64 ? a->granule_w64 : a->granule_w32;
			if (!v)
				continue;
			fprintf(out, "%-8s %3d%s %9d %9d %5d %6d %6d %5s %5d %7ld %7ld %4d  %s\n", a->name, w,
				w == a->default_wave ? "*" : " ", v, g, a->max_waves, a->vgprs_addressable, a->agprs,
				a->sgpr_limited ? "yes" : "no", a->simds, a->lds_per_cu, a->lds_per_workgroup,
				a->barrier_workgroups, *a->note ? a->note : a->unified ? "unified VGPR+AGPR file" : "");
		}
	}
	if (!json)
		fputs("\nAMD: VGPRs/SIMD is the file one SIMD lane holds, allocated per wave in granules; "
		      "addr = VGPRs one wave may use; SGPRl = SGPRs limit waves (gfx8/9);\n"
		      "CU = what LLVM calls one (a WGP of 4 SIMD32 on gfx10+); bar = workgroups per CU barriers allow; "
		      "* = HIP's default wave size.\n", out);
}

/* ---- the calculator ---------------------------------------------------------- */


int ka_amd_cmd_occupancy(struct ka_cli *cli, const struct ka_amd_arch *const *archs, int n_archs,
			 struct ka_diag *d)
{
	struct ka_values vg = {0}, ag = {0}, sg = {0}, block = {0}, lds = {0};
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";
	int wave = ka_amd_wave_option(cli, d), rc = KA_EXIT_USAGE;
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
	if (wave < 0)
		return KA_EXIT_USAGE;
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
		ka_diag_error(d, KA_EXIT_USAGE, "occupancy", "--agprs: AGPRs exist on gfx908, gfx90a, gfx94x and "
			      "gfx950 only (not on every --arch given)");
		goto out;
	}
	if (ka_calc_values(cli, OPT_VGPRS, "vgprs", NULL, 0, max_v, &vg, d) ||
	    ka_calc_values(cli, OPT_AGPRS, "agprs", "0", 0, max_a, &ag, d) ||
	    ka_calc_values(cli, OPT_SGPRS, "sgprs", "0", 0, max_s, &sg, d) ||
	    ka_calc_values(cli, OPT_BLOCK, "block", "256", 1, 1024, &block, d) ||
	    ka_calc_values(cli, OPT_SMEM, "smem", "0", 0, max_lds, &lds, d))
		goto out;

	if (fmt == F_TEXT)
		printf("%-8s %4s %5s %5s %5s %6s %7s %10s %6s %9s  %s\n", "arch", "wave", "vgprs", "agprs", "sgprs",
		       "block", "lds", "waves/SIMD", "wg/CU", "occupancy", "limiter");
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
				printf("%-8s %4d %5d %5d %5d %6d %7ld %10d %6d %8.1f%%  ", a->name, in.wave, in.vgprs,
				       in.agprs, in.sgprs, in.block, in.lds, o.waves_per_simd, o.workgroups_per_cu,
				       100.0 * o.occupancy);
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
	rc = fflush(stdout) == 0 ? KA_EXIT_OK : KA_EXIT_USAGE;
out:
	ka_values_free(&vg);
	ka_values_free(&ag);
	ka_values_free(&sg);
	ka_values_free(&block);
	ka_values_free(&lds);
	return rc;
}
