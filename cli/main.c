/* main.c — kanalyze's entry point: parse, dispatch, return the exit code. */
#include "cli.h"

#include <stdlib.h>

int main(int argc, char **argv)
{
	struct ka_diag d;
	struct ka_cli cli;
	int rc;

	ka_diag_init(&d, stderr);
	rc = ka_cli_parse(argc, argv, &cli, &d);
	if (rc != 0)
		goto out;
	if (cli.flag[OPT_HELP]) {
		ka_cli_help(stdout, cli.cmd);
		rc = KA_EXIT_OK;
	} else if (cli.flag[OPT_VERSION]) {
		printf("kanalyze %s\n", KA_VERSION);
		rc = KA_EXIT_OK;
	} else if (cli.cmd == KA_CMD_OCCUPANCY) {
		rc = ka_cmd_occupancy(&cli, &d);
	} else if (cli.cmd == KA_CMD_ARCHS) {
		rc = ka_cmd_archs(&cli, &d);
	} else if (cli.cmd == KA_CMD_PLOT) {
		rc = ka_cmd_plot(&cli, &d);
	} else if (cli.cmd == KA_CMD_VERIFY) {
		rc = ka_cmd_verify(&cli, &d);
	} else {
		rc = ka_cmd_analyze(&cli, &d);
	}
out:
	ka_cli_free(&cli);
	ka_diag_fini(&d);
	return rc;
}
