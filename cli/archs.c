/* archs.c — `kanalyze archs`: the architecture table as the model sees it,
 * straight from nvidia_archs.def, with what is assumed said out loud, and
 * the GPUs --device knows (devices.def; text only: the JSON list is the
 * architectures' and stays as it is). */
#include "cli.h"

#include <string.h>

/* The AMD and Hygon rows (amd_archs.def), assumed parameters marked. */
static void archs_print_amd(FILE *out, bool json)
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
			if (ka_amd_has_wave32(a))
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

int ka_cmd_archs(struct ka_cli *cli, struct ka_diag *d)
{
	const char *format = cli->opt[OPT_FORMAT] ? cli->opt[OPT_FORMAT] : "text";
	bool json = strcmp(format, "json") == 0;

	if (!json && strcmp(format, "text") != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, "archs", "--format is text or json, not '%s'", format);
		return KA_EXIT_USAGE;
	}
	if (json)
		printf("[");
	else
		printf("%-7s %5s %7s %7s %8s %9s %9s %6s %5s %5s  %s\n", "arch", "cc", "thr/SM", "blk/SM",
		       "regs/SM", "smem/SM", "smem/blk", "rsv", "gran", "cuda", "note");
	for (int i = 0; i < ka_nv_arch_count; i++) {
		const struct ka_nv_arch *a = &ka_nv_archs[i];
		if (json) {
			printf("%s{\"arch\":\"%s\",\"vendor\":\"nvidia\",\"cc\":\"%d.%d\",\"max_threads_per_sm\":%d,"
			       "\"max_warps_per_sm\":%d,\"max_blocks_per_sm\":%d,\"max_threads_per_block\":%d,"
			       "\"regs_per_sm\":%d,\"regs_per_block\":%d,\"max_regs_per_thread\":%d,"
			       "\"reg_alloc_unit\":%d,\"sub_partitions\":%d,\"smem_per_sm\":%ld,"
			       "\"smem_per_block\":%ld,\"smem_per_block_optin\":%ld,\"smem_reserved_per_block\":%ld,"
			       "\"smem_alloc_unit\":%d,\"carveouts_kib\":",
			       i ? "," : "", a->name, a->major, a->minor, a->max_threads_per_sm,
			       a->max_threads_per_sm / 32, a->max_blocks_per_sm, a->max_threads_per_block,
			       a->regs_per_sm, a->regs_per_block, a->max_regs_per_thread, a->reg_alloc_unit,
			       a->sub_partitions, a->smem_per_sm, a->smem_per_block, a->smem_per_block_optin,
			       a->smem_reserved, a->smem_alloc_unit);
			if (a->carveouts_kib) {
				printf("[");
				for (const int *c = a->carveouts_kib; *c >= 0; c++)
					printf("%s%d", c == a->carveouts_kib ? "" : ",", *c);
				printf("]");
			} else {
				printf("null");
			}
			printf(",\"barriers_per_block_slot\":%d,\"analysable\":%s,\"assumed\":",
			       a->barriers_per_block_slot, a->analysable ? "true" : "false");
			if (*a->note)
				printf("\"%s\"}", a->note);
			else
				printf("null}");
		} else {
			printf("%-7s %3d.%d %7d %7d %8d %9ld %9ld %6ld %5d %5s  %s\n", a->name, a->major, a->minor,
			       a->max_threads_per_sm, a->max_blocks_per_sm, a->regs_per_sm, a->smem_per_sm,
			       a->smem_per_block_optin, a->smem_reserved,
			       a->smem_alloc_unit, a->analysable ? "yes" : "calc",
			       *a->note ? a->note : "");
		}
	}
	if (json) {
		archs_print_amd(stdout, true);      /* AMD and Hygon rows */
		printf("]\n");
	} else {
		printf("\nregisters: 64 Ki per SM, allocated per warp in units of 256 over 4 sub-partitions "
		       "(2 on sm_60), at most 255 per thread.\n"
		       "cuda: yes = CUDA 13 compiles for it; calc = calculator only.\n");
		archs_print_amd(stdout, false);
		printf("\n%-10s %-7s %5s   (--device NAME: its SMs for --sms)\n", "device", "arch", "SMs");
		for (int i = 0; i < ka_device_count; i++)
			printf("%-10s %-7s %5d\n", ka_devices[i].name, ka_devices[i].arch, ka_devices[i].sms);
	}
	return KA_EXIT_OK;                 /* main checks that stdout took it all */
}
