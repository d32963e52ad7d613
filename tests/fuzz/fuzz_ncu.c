/* fuzz_ncu.c — libFuzzer target: the Nsight Compute CSV readers.  The input
 * is a source-page export, then optionally a NUL byte and a details-page
 * export (seeds-ncu.sh joins the recorded H200 exports that way); every
 * kernel's lines are looked up and its name made a key. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "frontends.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const char *nul = memchr(text, '\0', size);
	size_t n1 = nul ? (size_t)(nul - text) : size;
	struct ka_ncu_profile p = {0};
	struct ka_buf key = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	ka_diag_init(&d, null);
	(void)ka_ncu_source_read(text, n1, "fuzz", &p, &d);
	if (nul)
		(void)ka_ncu_details_read(nul + 1, size - n1 - 1, "fuzz", &p, &d);
	for (size_t i = 0; i < p.n_lines; i++)
		(void)ka_ncu_line_find(&p, p.lines[i].kernel, p.lines[i].file, p.lines[i].line);
	for (size_t i = 0; i < p.n_kernels; i++) {
		(void)ka_ncu_kernel_sectors(&p, p.kernels[i]);
		ka_ncu_name_key(p.kernels[i], &key);
	}
	ka_buf_free(&key);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	fclose(null);
	return 0;
}
