/* fuzz_amd.c — libFuzzer target: the AMD readers (LLVM resource remarks and
 * the AMDGPU assembly metadata) on the same bytes, then the frontend's
 * cross-check and the AMD model and cliffs on whatever they read (no value
 * may crash them). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frontends.h"
#include "occupancy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_amd_remarks rem = {0};
	struct ka_amdgpu_asm as = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");
	static const char *const archs[] = {"gfx906", "gfx908", "gfx90a", "gfx1030", "gfx1100", "gfx936"};

	ka_diag_init(&d, null);
	ka_amd_remarks_parse((const char *)data, size, &rem, &d, "fuzz");
	if (ka_amdgpu_asm_parse((const char *)data, size, &as, &d, "fuzz") == 0)
		for (size_t i = 0; i < as.n; i++) {
			struct ka_kernel k = {0};
			k.name = as.v[i].name;
			ka_amd_kernel_fill(&k, ka_amd_remarks_find(&rem, as.v[i].name), &as.v[i], "gfx90a", &d);
		}
	for (size_t i = 0; i < rem.n && i < 64; i++) {
		const struct ka_amd_remark *r = &rem.v[i];
		const struct ka_amd_arch *a = ka_amd_arch_find(archs[i % 6]);
		struct ka_amd_launch in = {(int)(r->vgprs & 0x3ff), (int)(r->agprs & 0x1ff), (int)(r->sgprs & 0xff),
					   (int)((r->occupancy & 0x3ff) + 1), r->lds & 0x3ffff, (r->scratch & 1) ? 32 : 64};
		struct ka_amd_occupancy o;
		struct ka_amd_cliffs c;
		if (ka_occ_amd(a, &in, &o) == 0)
			ka_cliffs_amd(a, &in, &c);
	}
	ka_amd_remarks_free(&rem);
	ka_amdgpu_asm_free(&as);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
