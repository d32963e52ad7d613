/* fuzz_bundle.c — libFuzzer target: clang offload bundles, plain and
 * compressed (CCOB: zlib, zstd), and the code objects inside. */
#include <stdint.h>
#include <stdio.h>

#include "frontends.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_kernel_list list = {0};
	struct ka_buf plain = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");
	size_t used = 0;

	ka_diag_init(&d, null);
	(void)ka_offload_bundle_decompress(data, size, "fuzz", &d, &plain, &used);
	(void)ka_offload_bundle_read(data, size, "fuzz", &d, &list);
	ka_kernel_list_sort(&list);
	ka_kernel_list_free(&list);
	ka_buf_free(&plain);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
