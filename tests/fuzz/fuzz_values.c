/* fuzz_values.c — libFuzzer target: numeric option values (lists, ranges). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	char err[200];
	struct ka_values v;

	memcpy(s, data, size);
	s[size] = '\0';
	if (ka_values_parse(s, 0, 1L << 20, &v, err, sizeof(err)) == 0)
		ka_values_free(&v);
	free(s);
	return 0;
}
