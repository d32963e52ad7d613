/* fuzz_fatbin.c — libFuzzer target: the fatbin container walk, every
 * entry's decompression (LZ4, zstd) and the cubins inside, as
 * ka_fatbin_read does it. */
#include <stdint.h>
#include <stdio.h>

#include "frontends.h"

static int decode(const struct ka_fatbin_entry *e, void *arg)
{
	struct ka_buf out = {0};
	(void)ka_fatbin_entry_decode(e, "fuzz", arg, &out);
	ka_buf_free(&out);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_kernel_list list = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	ka_diag_init(&d, null);
	(void)ka_fatbin_walk(data, size, "fuzz", &d, decode, &d);
	(void)ka_fatbin_read(data, size, "fuzz", &d, &list);
	ka_kernel_list_sort(&list);
	ka_kernel_list_free(&list);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
