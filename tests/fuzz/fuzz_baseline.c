/* fuzz_baseline.c — libFuzzer target: reading a baseline, then comparing
 * it with itself and writing the comparison (no input may crash them). */
#include "memfile.h"

#include <stdlib.h>
#include <unistd.h>

#include "frontends.h"
#include "kanalyze/kanalyze.h"
#include "report.h"        /* the comparison in words */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	struct ka_bl b = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");
	int fd = ka_fuzz_memfile(data, size, path, sizeof(path));

	ka_diag_init(&d, null);
	if (fd >= 0 && ka_bl_read(path, &b, &d) == 0) {
		struct ka_bl_compare c = {0};
		struct ka_analysed done = {0};
		ka_analysed_add(&done, "k.cu", "sm_90");
		ka_bl_compare(&b, &b, &done, ".", &c);
		ka_analysed_free(&done);
		ka_bl_compare_text(null, "fuzz", &c);
		ka_bl_compare_free(&c);
	}
	ka_bl_free(&b);
	ka_diag_fini(&d);
	if (fd >= 0)
		close(fd);
	fclose(null);
	return 0;
}
