/* fragments.c — which source inputs of a run are fragments of another one.
 *
 * Projects such as Rodinia keep kernels in a .cu file that only compiles
 * `#include "kernel.cu"`d into its driver; `kanalyze $(find . -name '*.cu')`
 * would compile it on its own and fail, or report its kernels twice.  A
 * source input that another source input of the run includes with a quoted
 * #include (found beside the includer, then in the command line's -I
 * directories) is a fragment: the pipeline compiles it through its
 * includer, and on its own only when the includer does not compile.  Files
 * are compared by their real paths; of files that include each other, the
 * first one named is no fragment.  Inputs are read without blocking (a
 * FIFO named as a source is refused later, as before). */
#define _GNU_SOURCE
#include "lib.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { FRAGMENT_SCAN_BYTES = 4 << 20 };

/* The -I directories of the command line's compiler flags. */
static int include_dirs(const char *const *args, const char **out, int cap)
{
	int n = 0;
	for (int i = 0; args && args[i] && n < cap; i++) {
		if (strcmp(args[i], "-I") == 0 && args[i + 1])
			out[n++] = args[++i];
		else if (strncmp(args[i], "-I", 2) == 0 && args[i][2])
			out[n++] = args[i] + 2;
	}
	return n;
}

/* The real path of `name` quoted-included from `from`'s directory or a
 * -I directory; NULL when not found. */
static char *resolve(const char *from, const char *name, const char *const *dirs, int n_dirs)
{
	char path[PATH_MAX];
	const char *slash = strrchr(from, '/');
	int len = slash ? (int)(slash - from) : 1;
	const char *dir = slash ? from : ".";
	if (name[0] == '/')
		return realpath(name, NULL);
	if (snprintf(path, sizeof(path), "%.*s/%s", len, dir, name) < (int)sizeof(path)) {
		char *r = realpath(path, NULL);
		if (r)
			return r;
	}
	for (int i = 0; i < n_dirs; i++)
		if (snprintf(path, sizeof(path), "%s/%s", dirs[i], name) < (int)sizeof(path)) {
			char *r = realpath(path, NULL);
			if (r)
				return r;
		}
	return NULL;
}

/* Whether the text includes (`#include "..."`, at a line's start) the file
 * whose real path is `target`. */
static bool includes(const char *from, const char *text, const char *target, const char *const *dirs, int n_dirs)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		const char *q = p, *end;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q++ != '#')
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "include", 7) != 0)
			continue;
		q += 7;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '"' || !(end = strchr(q + 1, '"')) || memchr(q + 1, '\n', (size_t)(end - q - 1)) ||
		    end - q - 1 >= PATH_MAX)
			continue;
		char name[PATH_MAX];
		snprintf(name, sizeof(name), "%.*s", (int)(end - q - 1), q + 1);
		char *r = resolve(from, name, dirs, n_dirs);
		bool hit = r && strcmp(r, target) == 0;
		free(r);
		if (hit)
			return true;
	}
	return false;
}

void ka_fragments_find(struct ka_run *run, struct ka_fragments *out)
{
	const struct ka_request *req = run->req;
	int n = req->n_inputs;
	char **real = ka_xcalloc((size_t)n + 1, sizeof(*real));
	struct ka_buf *text = ka_xcalloc((size_t)n + 1, sizeof(*text));
	int *by = ka_xcalloc((size_t)n + 1, sizeof(*by));
	const char *dirs[64];
	int n_dirs = include_dirs(req->cc_args, dirs, 64);

	memset(out, 0, sizeof(*out));
	out->kept = ka_xcalloc((size_t)n + 1, sizeof(*out->kept));
	out->by = ka_xcalloc((size_t)n + 1, sizeof(*out->by));
	for (int i = 0; n > 1 && i < n; i++)
		if (ka_input_classify(run, req->inputs[i], req->lang, NULL)->has_source &&
		    ka_read_file_flags(req->inputs[i], FRAGMENT_SCAN_BYTES, O_NONBLOCK, &text[i]) == 0 && text[i].data)
			real[i] = realpath(req->inputs[i], NULL);
	/* by[i]: the first other input that includes input i */
	for (int i = 0; i < n; i++) {
		by[i] = -1;
		for (int j = 0; real[i] && j < n && by[i] < 0; j++)
			if (j != i && real[j] && strcmp(real[i], real[j]) != 0 &&
			    includes(req->inputs[j], text[j].data, real[i], dirs, n_dirs))
				by[i] = j;
	}
	for (int i = 0; i < n; i++) {
		bool drop = by[i] >= 0;
		int k = by[i], steps = 0;
		while (k >= 0 && k != i && steps++ < n)
			k = by[k];
		if (k == i) {                   /* files that include each other: keep the first */
			int first = i;
			for (k = by[i]; k != i; k = by[k])
				first = k < first ? k : first;
			drop = first != i;
		}
		out->by[i] = drop ? by[i] : -1;
		if (!drop)
			out->kept[out->n_kept++] = req->inputs[i];
		else
			out->n_dropped++;
	}
	for (int i = 0; i < n; i++) {
		free(real[i]);
		ka_buf_free(&text[i]);
	}
	free(real);
	free(text);
	free(by);
}

void ka_fragments_free(struct ka_fragments *f)
{
	free(f->kept);
	free(f->by);
	memset(f, 0, sizeof(*f));
}
