/* fuzz_ptx.c — libFuzzer target: the machine model on arbitrary text as
 * PTX (machine/: the parser, the warp interpreter, the sector and bank
 * models).  Every input ends in an error or a result whose figures are
 * within what one request of one warp can be. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "machine.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	struct ka_mach_result r;
	struct ka_mach_shape sh = {.block = {32, 1, 1}};

	memcpy(s, data, size);
	s[size] = '\0';
	if (ka_mach_ptx_accesses(s, size, &sh, &r) == 0) {
		for (size_t i = 0; i < r.n; i++) {
			const struct ka_mach_access *a = &r.v[i];
			if (a->sectors > 32 * 8 + 1 || a->wavefronts > 32 * 4 + 1 || a->active_lanes > 32.01 ||
			    a->share < 0 || a->share > 1.0001)
				abort();          /* no request of 32 lanes is that large */
		}
		ka_mach_result_free(&r);
	}
	free(s);
	return 0;
}
