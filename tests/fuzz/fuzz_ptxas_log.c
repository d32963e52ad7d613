/* fuzz_ptxas_log.c — libFuzzer target: the ptxas -v text parser. */
#include <stdint.h>
#include <stdio.h>

#include "frontends.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ka_ptxas_log log = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	ka_diag_init(&d, null);
	ka_ptxas_log_parse((const char *)data, size, &log, &d, "fuzz");
	for (size_t i = 0; i < log.n; i++)
		(void)ka_ptxas_log_find(&log, log.v[i].mangled);
	ka_ptxas_log_free(&log);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
