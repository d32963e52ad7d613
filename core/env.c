/* env.c — the environment the compilers get.  nvcc and hipcc paste some of
 * their environment variables (compiler_env.def) into the command lines
 * they hand to sh -c, so a value such as NVCC_APPEND_FLAGS='-DX=$(cmd)'
 * runs cmd: kanalyze passes each such variable through only when its value
 * carries no shell text (ka_shell_unsafe), and leaves it out of every
 * spawned tool's environment otherwise, with a warning naming it.  The
 * screening runs once, at start-up before any thread (main), and takes
 * those values out of the process's environment: every tool spawned gets
 * environ as it is then (TMPDIR set for nvcc included). */
#define _GNU_SOURCE
#include "core.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name, *tool;
} rows[] = {
#define KA_COMPILER_ENV(name, tool) {#name, tool},
#include "compiler_env.def"
#undef KA_COMPILER_ENV
};
enum { N_ROWS = sizeof(rows) / sizeof(rows[0]) };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char *original[N_ROWS];    /* the value as set, for the cache key      */
static bool was_set[N_ROWS];
static int withheld[N_ROWS];      /* the shell character found, or 0           */

/* Once, before any thread starts (main calls it first): note every row's
 * value, and take those with shell text out of the environment, so that no
 * spawned tool (posix_spawn passes environ) and no getenv sees them. */
static void screen(void)
{
	for (int i = 0; i < N_ROWS; i++) {
		const char *v = getenv(rows[i].name);
		was_set[i] = v != NULL;
		original[i] = v ? ka_strdup(v) : NULL;
		withheld[i] = v ? ka_shell_unsafe(v) : 0;
		if (withheld[i])
			unsetenv(rows[i].name);
	}
}

void ka_compiler_env_screen(void)
{
	pthread_once(&once, screen);
}

void ka_compiler_env_hash(const char *tool, struct ka_hash *h)
{
	pthread_once(&once, screen);
	for (int i = 0; i < N_ROWS; i++) {
		if (strcmp(rows[i].tool, tool) != 0)
			continue;
		ka_hash_str(h, rows[i].name);
		ka_hash_str(h, was_set[i] ? original[i] : NULL);   /* NULL (unset) differs from "" */
	}
}

void ka_compiler_env_warn(const char *tool, struct ka_diag *d)
{
	pthread_once(&once, screen);
	for (int i = 0; i < N_ROWS; i++) {
		if (!withheld[i] || strcmp(rows[i].tool, tool) != 0)
			continue;
		ka_diag_warn_once(d, rows[i].name, NULL,
				  "$%s holds %s, which %s would hand to its shell: left out of the compiler's "
				  "environment (give its flags without shell text, or on the command line)",
				  rows[i].name, ka_shell_char_name(withheld[i]), tool);
	}
}
