/* fuzz_ptx.c — libFuzzer target: the machine model on arbitrary text as
 * PTX and as AMDGPU assembly (machine/: the module readers that cut one
 * kernel out, the parsers, the warp and wave interpreters, the sector and
 * bank models).  Every input ends in an error
 * or a result whose figures are within what one request of one wave can be. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

static void check(struct ka_mach_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_mach_access *a = &r->v[i];
		if (a->sectors > 64 * 8 + 1 || a->wavefronts > 64 * 4 + 1 || a->active_lanes > 64.01 || a->share < 0 ||
		    a->share > 1.0001)
			abort();          /* no request of one wave is that large */
	}
	ka_mach_result_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct ka_mach_result r;
	struct ka_mach_shape sh = {.block = {32, 1, 1}};

	memcpy(s, data, size);
	s[size] = '\0';
	if (ka_mach_ptx_accesses(s, size, &sh, &r) == 0)
		check(&r);
	struct ka_mach_shape amd = {.block = {64, 1, 1}, .lanes = 64, .sector_bytes = 64, .lds_banks = 32, .tid_packed = true};
	if (ka_mach_amdgpu_accesses(s, size, &amd, &r) == 0)
		check(&r);
	/* the module read once, the kernel its first label names cut out */
	struct ka_mach_amdgpu_module *m = ka_mach_amdgpu_module(s, size);
	char name[64] = "k";
	size_t n = strcspn(s, ":\n");
	if (n > 0 && n < sizeof(name) && s[n] == ':')
		memcpy(name, s, n), name[n] = '\0';
	char *k = ka_mach_amdgpu_module_kernel(m, name);
	if (k && ka_mach_amdgpu_accesses(k, strlen(k), &amd, &r) == 0)
		check(&r);
	free(k);
	ka_mach_amdgpu_module_free(m);
	free(s);
	return 0;
}
