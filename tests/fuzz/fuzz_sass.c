/* fuzz_sass.c — libFuzzer target: the SASS census parsers and the machine
 * code per line (machine.c): the SASS reader on the same listing, and the
 * PTX and AMDGPU assembly readers on it as well (any text must be safe).  The input is an
 * nvdisasm listing, then optionally a NUL byte and a life-range table (the
 * seeds join NAME.ARCH.sass and NAME.ARCH.lr of testdata/sass that way). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"   /* the census and its text rows */

/* AMDGPU assembly read with its census (--sass on HIP), printed */
static void amdgpu_with_census(const char *text, size_t n, struct ka_machine_set *set)
{
	struct ka_sass_set census = {0};
	ka_machine_parse_amdgpu(text, n, set, &census, "k.hip");
	ka_sass_finish(&census);
	for (size_t i = 0; i < census.n; i++)
		if (census.v[i].s.instructions != (long)census.v[i].s.n_insns)
			abort();          /* every instruction counted once */
	ka_sass_set_free(&census);
}

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
	/* the same listing read for the machine code per line (machine.c) */
	void (*const readers[])(const char *, size_t, struct ka_machine_set *) = {
		ka_machine_parse, ka_machine_parse_ptx, amdgpu_with_census,   /* SASS, PTX, AMDGPU */
	};
	for (size_t r = 0; r < sizeof(readers) / sizeof(readers[0]); r++) {
		struct ka_machine_set mset = {0};
		readers[r](text, n1, &mset);
		for (size_t i = 0; i < mset.n; i++)
			for (size_t j = 0; j < mset.v[i].m.n; j++)
				if (mset.v[i].m.lines[j].loads < 0 || mset.v[i].m.lines[j].line <= 0)
					abort();  /* counts only grow; only real lines are kept */
		ka_machine_set_free(&mset);
	}
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
