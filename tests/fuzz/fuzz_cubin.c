/* fuzz_cubin.c — libFuzzer target: the cubin (.nv.info) reader, followed
 * by the occupancy model on whatever it read (no value may crash it). */
#include <stdint.h>
#include <stdio.h>

#include "frontends.h"
#include "occupancy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_kernel_list list = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");
	const struct ka_nv_arch *a = ka_nv_arch_find("sm_90");

	ka_diag_init(&d, null);
	if (ka_cubin_read(data, size, "fuzz", &d, &list) == 0) {
		for (size_t i = 0; i < list.n; i++) {
			const struct ka_resources *r = &list.v[i].res;
			struct ka_nv_launch in = {(int)(r->regs & 0x1ff), 256, r->static_smem & 0xfffff,
						  (int)(r->barriers & 0x1f), -1, 0};
			struct ka_cliffs c;
			(void)ka_occ_nvidia_blocks(a, &in);
			ka_cliffs_nvidia(a, &in, &c);
		}
	}
	ka_kernel_list_sort(&list);
	ka_kernel_list_free(&list);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
