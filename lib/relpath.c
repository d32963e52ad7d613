/* relpath.c — a file as a baseline names it: relative to the project root
 * when under it (as named first, symlinks kept; then resolved), else
 * absolute; '/'-separated, no "./".  Lexical, so it works for files that
 * are gone (a removed kernel's file). */
#define _GNU_SOURCE
#include "lib.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An absolute, lexically normal path ("." and ".." folded, no symlinks
 * resolved): what the user named, anchored at the cwd. */
static char *lexical_abs(const char *path)
{
	struct ka_buf in = {0}, out = {0};
	char *cwd = path[0] == '/' ? NULL : getcwd(NULL, 0);
	char *save = NULL;

	if (path[0] != '/' && !cwd)
		return NULL;
	ka_buf_printf(&in, "%s/%s", cwd ? cwd : "", path);
	free(cwd);
	for (char *part = strtok_r(in.data, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
		if (strcmp(part, ".") == 0)
			continue;
		if (strcmp(part, "..") == 0) {
			char *slash = out.data ? strrchr(out.data, '/') : NULL;
			if (slash) {
				out.len = (size_t)(slash - out.data);
				*slash = '\0';
			}
			continue;
		}
		ka_buf_printf(&out, "/%s", part);
	}
	ka_buf_free(&in);
	if (!out.data)
		ka_buf_puts(&out, "/");
	return out.data;
}

static char *under(const char *root, const char *path)
{
	size_t n = strlen(root);
	if (strcmp(root, "/") == 0)
		n = 0;
	if (strncmp(path, root, n) == 0 && path[n] == '/')
		return ka_strdup(path + n + 1);
	return NULL;
}

char *ka_relpath(const char *root, const char *file)
{
	char *lroot = root ? lexical_abs(root) : NULL, *lfile = lexical_abs(file), *rel = NULL;

	/* as named first (symlinks kept), then with symlinks resolved */
	if (lroot && lfile)
		rel = under(lroot, lfile);
	if (!rel && root) {
		char *rroot = realpath(root, NULL), *rfile = realpath(file, NULL);
		if (rroot && rfile)
			rel = under(rroot, rfile);
		if (!rel && rfile) {
			free(lfile);
			lfile = rfile;
			rfile = NULL;
		}
		free(rroot);
		free(rfile);
	}
	if (!rel)
		rel = lfile ? ka_strdup(lfile) : ka_strdup(file);
	free(lroot);
	free(lfile);
	return rel;
}

