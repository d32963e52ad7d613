/* fuzz_sass.c — libFuzzer target: the SASS census parsers.  The input is an
 * nvdisasm listing, then optionally a NUL byte and a life-range table (the
 * seeds join NAME.ARCH.sass and NAME.ARCH.lr of testdata/sass that way). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frontends.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(text, '\0', size);
	size_t n1 = nul ? (size_t)(nul - text) : size;
	struct ka_sass_set set = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	ka_diag_init(&d, null);
	ka_sass_parse(text, n1, "k.cu", &set, &d, "fuzz");
	if (nul)
		ka_sass_parse_life_ranges(nul + 1, size - n1 - 1, &set, &d, "fuzz");
	ka_sass_finish(&set);
	for (size_t i = 0; i < set.n; i++) {
		(void)ka_sass_count_of(&set.v[i].s, "UIMAD");
		ka_sass_print_text(null, &set.v[i].s);
	}
	ka_sass_set_free(&set);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
