/* amd_dump.c — print kanalyze's reading of a captured HIP compile (the
 * remarks log and the assembly beside it) for one arch: one sorted line per
 * kernel with the resources, the wave and workgroup bound the compiler used,
 * LLVM's occupancy and the model's at the same bound, then the diagnostics.
 * tests/frontends/golden_amd.sh compares it with NAME.expected.
 *   amd_dump ARCH REMARKS [ASM] */
#include <stdio.h>
#include <string.h>

#include "frontends.h"
#include "occupancy.h"

int main(int argc, char **argv)
{
	struct ka_buf rtext = {0}, stext = {0};
	struct ka_amd_remarks rem = {0};
	struct ka_amdgpu_asm as = {0};
	struct ka_kernel_list list = {0};
	struct ka_diag d;
	const struct ka_amd_arch *a;

	if (argc < 3 || argc > 4 || !(a = ka_amd_arch_find(argv[1]))) {
		fprintf(stderr, "usage: amd_dump ARCH REMARKS [ASM]\n");
		return 2;
	}
	ka_diag_init(&d, stdout);
	if (ka_read_file(argv[2], 1u << 26, &rtext) != 0 || (argc == 4 && ka_read_file(argv[3], 1u << 28, &stext) != 0)) {
		fprintf(stderr, "cannot read the inputs\n");
		return 2;
	}
	const char *base = strrchr(argv[2], '/') ? strrchr(argv[2], '/') + 1 : argv[2];
	ka_amd_remarks_parse(rtext.data ? rtext.data : "", rtext.len, &rem, &d, base);
	if (argc == 4 && ka_amdgpu_asm_parse(stext.data ? stext.data : "", stext.len, &as, &d, base) == 0) {
		for (size_t i = 0; i < as.n; i++) {
			struct ka_kernel *k = ka_kernel_list_add(&list);
			k->mangled = ka_strdup(as.v[i].name);
			k->name = ka_demangle(as.v[i].name);
			ka_amd_kernel_fill(k, ka_amd_remarks_find(&rem, as.v[i].name), &as.v[i], argv[1], &d);
		}
	} else if (argc == 3) {
		/* a log alone, as --remarks reads it */
		ka_hip_remarks_load(argv[2], argv[1], a->default_wave, &d, &list);
	}
	ka_kernel_list_sort(&list);
	for (size_t i = 0; i < list.n; i++) {
		const struct ka_kernel *k = &list.v[i];
		const struct ka_resources *r = &k->res;
		struct ka_amd_launch in = {
			.vgprs = (int)r->vgprs, .agprs = r->agprs > 0 ? (int)r->agprs : 0, .sgprs = (int)r->sgprs,
			.block = r->max_threads > 0 ? (int)r->max_threads : 1024, .lds = r->lds > 0 ? r->lds : 0,
			.wave = k->wave_size,
		};
		struct ka_amd_occupancy o = {0};
		ka_occ_amd(a, &in, &o);
		printf("%s %s [%s] vgprs=%ld agprs=%ld sgprs=%ld lds=%ld scratch=%ld max_threads=%ld wave=%d "
		       "llvm_waves=%d model_waves=%d\n",
		       k->arch, k->mangled, k->name, r->vgprs, r->agprs, r->sgprs, r->lds, r->scratch, r->max_threads,
		       k->wave_size, k->llvm_waves_per_simd, o.llvm_waves_per_simd);
	}
	ka_kernel_list_free(&list);
	ka_amd_remarks_free(&rem);
	ka_amdgpu_asm_free(&as);
	ka_buf_free(&rtext);
	ka_buf_free(&stext);
	ka_diag_fini(&d);
	return 0;
}
