/* fuzz_amd_codeobj.c — libFuzzer target: an AMD code object's metadata note
 * (msgpack) and kernel descriptors, followed by the AMD occupancy model on
 * whatever was read (no value may crash it). */
#include <stdint.h>
#include <stdio.h>

#include "frontends.h"
#include "occupancy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_kernel_list list = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	ka_diag_init(&d, null);
	if (ka_amd_codeobj_read(data, size, "fuzz", &d, &list) == 0) {
		for (size_t i = 0; i < list.n; i++) {
			const struct ka_kernel *k = &list.v[i];
			const struct ka_amd_arch *a = ka_amd_arch_find(k->arch);
			struct ka_amd_launch in = {(int)(k->res.vgprs & 0x3ff), (int)(k->res.agprs > 0 ? k->res.agprs & 0x1ff : 0),
						   (int)(k->res.sgprs & 0x1ff), 256, k->res.lds & 0xfffff, k->wave_size};
			struct ka_amd_occupancy o;
			if (a)
				(void)ka_occ_amd(a, &in, &o);
		}
	}
	ka_kernel_list_sort(&list);
	ka_kernel_list_free(&list);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
