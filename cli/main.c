/* main.c — kanalyze's entry point: parse, dispatch, return the exit code.
 * Before anything runs: SIGINT/SIGTERM/SIGHUP stop the compilers kanalyze
 * started and remove its temp directories (exit 130/143/129), and the temp
 * directories of kanalyze processes that died without cleaning up (kill -9,
 * a crash) are removed.  After: a report that could not be written
 * (/dev/full, a closed pipe) is an error, whatever the command. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* stdout flushed and without error, else a message and exit 2 (a worse
 * exit code already decided stays). */
static int stdout_check(int rc, struct ka_diag *d)
{
	int e = 0;
	errno = 0;
	if (fflush(stdout) != 0)
		e = errno ? errno : EIO;
	else if (!ferror(stdout))
		return rc;
	/* an error seen by an earlier flush: its errno is gone */
	if (e)
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the output: %s", strerror(e));
	else
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "cannot write the output to standard output");
	return rc > KA_EXIT_USAGE ? rc : KA_EXIT_USAGE;
}

int main(int argc, char **argv)
{
	struct ka_diag d;
	struct ka_cli cli;
	int rc;

	ka_phase_init();               /* $KANALYZE_TIMINGS: the clock starts here */
	ka_compiler_env_screen();      /* before any thread: it edits the environment */
	ka_signals_install();
	ka_diag_init(&d, stderr);
	rc = ka_cli_parse(argc, argv, &cli, &d);
	if (rc != 0)
		goto out;
	if (cli.cmd & (KA_CMD_ANALYZE | KA_CMD_REPORT | KA_CMD_PLOT | KA_CMD_VERIFY)) {
		int ph = ka_phase_begin("stale temp dirs", NULL);
		ka_tempdir_clean_stale();
		ka_phase_end(ph);
	}
	if (cli.flag[OPT_HELP]) {
		ka_cli_help(stdout, cli.cmd);
		rc = KA_EXIT_OK;
	} else if (cli.flag[OPT_VERSION]) {
		rc = ka_cmd_version(&cli);
	} else if (cli.cmd == KA_CMD_OCCUPANCY) {
		rc = ka_cmd_occupancy(&cli, &d);
	} else if (cli.cmd == KA_CMD_ARCHS) {
		rc = ka_cmd_archs(&cli, &d);
	} else if (cli.cmd == KA_CMD_PLOT) {
		rc = ka_cmd_plot(&cli, &d);
	} else if (cli.cmd == KA_CMD_VERIFY) {
		rc = ka_cmd_verify(&cli, &d);
	} else if (cli.cmd == KA_CMD_TRUST) {
		rc = ka_cmd_trust(&cli, &d);
	} else {
		rc = ka_cmd_analyze(&cli, &d);
	}
	rc = stdout_check(rc, &d);
out:
	ka_cli_free(&cli);
	ka_diag_fini(&d);
	return rc;
}
