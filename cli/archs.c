/* archs.c — `kanalyze archs`: the architecture table as the model sees it,
 * straight from nvidia_archs.def, with what is assumed said out loud. */
#include "cli.h"

#include <string.h>

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
			       a->major >= 7 ? a->smem_per_block_optin : a->smem_per_block, a->smem_reserved,
			       a->smem_alloc_unit, a->analysable ? "yes" : "calc",
			       *a->note ? a->note : "");
		}
	}
	if (json) {
		ka_amd_archs_print(stdout, true);      /* AMD and Hygon rows */
		printf("]\n");
	} else {
		printf("\nregisters: 64 Ki per SM, allocated per warp in units of 256 over 4 sub-partitions "
		       "(2 on sm_60), at most 255 per thread.\n"
		       "cuda: yes = CUDA 13 compiles for it; calc = calculator only.\n");
		ka_amd_archs_print(stdout, false);
	}
	return fflush(stdout) == 0 ? KA_EXIT_OK : KA_EXIT_USAGE;
}
