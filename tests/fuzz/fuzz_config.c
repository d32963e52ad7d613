/* fuzz_config.c — libFuzzer target: a project config (.kanalyze.json)
 * given with --config, applied to an empty command line. */
#include "memfile.h"

#include <unistd.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	struct ka_cli cli;
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");
	int fd = ka_fuzz_memfile(data, size, path, sizeof(path));
	char *argv[] = {"kanalyze", "--config", path, "k.cu", NULL};

	ka_diag_init(&d, null);
	if (fd >= 0 && ka_cli_parse(4, argv, &cli, &d) == 0) {
		(void)ka_config_apply(&cli, &d);
		ka_cli_free(&cli);
	}
	ka_diag_fini(&d);
	if (fd >= 0)
		close(fd);
	fclose(null);
	return 0;
}
