/* fuzz_binary.c — libFuzzer target: classification by content and the
 * whole binary reader (host ELF sections, archives and their members,
 * fatbins, bundles, code objects, cubins), as ka_binary_read does it. */
#include <stdint.h>
#include <stdio.h>

#include "frontends.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_kernel_list list = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	ka_diag_init(&d, null);
	(void)ka_binary_kind_name(ka_binary_sniff(data, size));
	(void)ka_binary_read(data, size, "fuzz", &d, &list);
	ka_kernel_list_sort(&list);
	ka_kernel_list_free(&list);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
