/* fuzz_records.c — libFuzzer target: kernels read back from JSON, as the
 * result cache and kanalyze-launch records store them (both kinds). */
#include <stdint.h>
#include <stdlib.h>

#include "frontends.h"
#include "kanalyze/kanalyze.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const kinds[] = {"kanalyze_cache", "kanalyze_record"};
	for (int i = 0; i < 2; i++) {
		struct ka_kernel_list l = {0};
		char *v = NULL, *rf = NULL;
		ka_kernels_from_json((const char *)data, size, kinds[i], "fuzz.cu", &l, &v, i ? &rf : NULL);
		ka_kernel_list_sort(&l);
		ka_kernel_list_free(&l);
		free(v);
		free(rf);
	}
	return 0;
}
