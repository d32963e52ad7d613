/* paths.c — where kanalyze finds what it ships beside itself: the kernels
 * and GPU runner behind `kanalyze verify`.  An installed kanalyze finds
 * them relative to its own binary (<prefix>/bin/kanalyze ->
 * <prefix>/share/kanalyze/kernels), so it works from any directory with
 * nothing of the source tree; a kanalyze run from its build directory
 * falls back to the source tree it was built from. */
#define _GNU_SOURCE
#include "cli.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef KA_KERNELS_DIR
#define KA_KERNELS_DIR "kernels"
#endif

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* <dir of the running binary>/../share/kanalyze/kernels, resolved, when it
 * holds the runner (malloc'd), else NULL. */
static char *installed_kernels(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	struct ka_buf b = {0}, runner = {0};
	char *slash;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return NULL;
	*slash = '\0';
	ka_buf_printf(&b, "%s/../share/kanalyze/kernels", exe);
	ka_buf_printf(&runner, "%s/runner", b.data);
	char *real = is_dir(runner.data) ? realpath(b.data, NULL) : NULL;   /* no "bin/.." in messages */
	ka_buf_free(&runner);
	ka_buf_free(&b);
	return real;
}

const char *ka_cli_kernels_dir(struct ka_cli *cli)
{
	char *dir;

	if (cli->opt[OPT_KERNELS])
		return cli->opt[OPT_KERNELS];
	if ((dir = installed_kernels()) != NULL) {
		KA_GROW(cli->owned, (size_t)cli->n_owned, cli->cap_owned, 16);
		cli->owned[cli->n_owned++] = dir;
		return dir;
	}
	return KA_KERNELS_DIR;
}
