/* fuzz_cli.c — libFuzzer target: the command-line parser.  The input is
 * split at NUL bytes into argv[1..]; parsing must answer (0 or an exit
 * code with a message), never crash.  Nothing is executed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1);
	char *argv[66];
	int argc = 1;
	struct ka_cli cli;
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");

	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "kanalyze";
	for (size_t i = 0; i < size + 1 && argc < 64;) {
		argv[argc++] = buf + i;
		i += strlen(buf + i) + 1;
	}
	argv[argc] = NULL;
	ka_diag_init(&d, null);
	if (ka_cli_parse(argc, argv, &cli, &d) == 0) {
		const struct ka_nv_arch *archs[8];
		if (cli.opt[OPT_ARCH])
			(void)ka_nv_arch_list_parse(cli.opt[OPT_ARCH], false, archs, 8, &d);
	}
	ka_cli_free(&cli);
	ka_diag_fini(&d);
	fclose(null);
	free(buf);
	return 0;
}
