/* fe_unclaimed.c — the last row of the input table: a file that no reader
 * claims (neither named as CUDA or HIP source nor a binary by its first
 * bytes: notes.txt, random bytes).  Nothing is compiled: handing such a
 * file to nvcc costs seconds and prints its errors, minutes for a large
 * one, for an answer known at once.  One line names what was expected. */
#include "lib.h"

static bool claims(const char *path, const char *lang, const struct ka_compile_flags *cf)
{
	(void)path;
	(void)lang;
	(void)cf;
	return true;
}

static int compile(struct ka_unit *units, int n, struct ka_run *run, struct ka_diag *d)
{
	(void)run;
	for (int i = 0; i < n; i++) {
		units[i].rc = KA_EXIT_USAGE;
		ka_diag_error(d, KA_EXIT_USAGE, units[i].file,
			      "not CUDA or HIP source by its name (.cu, .cuh, .hip; -x cuda or -x hip for another "
			      "name) nor a binary kanalyze reads (cubin, fatbin, ELF object, library or executable, "
			      "static archive, AMD code object, offload bundle): not compiled");
	}
	return n > 0 ? KA_EXIT_USAGE : KA_EXIT_OK;
}

const struct ka_frontend ka_fe_unclaimed = {
	.name = "unclaimed",
	.vendor = NULL,
	.has_source = false,
	.suffix = ".cu/.hip/.o",
	.claims = claims,
	.compile = compile,
};
