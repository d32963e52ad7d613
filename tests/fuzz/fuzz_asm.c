/* fuzz_asm.c — libFuzzer target: the inline-asm template sizer
 * (ka_asm_access_bytes: PTX ld./st. suffixes, AMDGPU global_ loads). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	long long n;

	memcpy(s, data, size);
	s[size] = '\0';
	n = ka_asm_access_bytes(s);
	if (n < 0 || n > 128)
		abort();                  /* a width no instruction has */
	free(s);
	return 0;
}
