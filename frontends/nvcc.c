/* nvcc.c — the NVIDIA driver: compile device code only, one nvcc per arch
 * (run concurrently up to opt->jobs), each into a private temp directory:
 *
 *   nvcc -cubin -arch=sm_90 -Xptxas -v [-x cu] [user flags] -o DIR/k.sm_90.cubin FILE
 *
 * then read the cubin (resources) and the ptxas -v text on stderr (spills,
 * cross-check).  Spawned with an argv, never a shell; a compile that outlives
 * the timeout is killed with its children.  Compiler diagnostics are shown to
 * the user as the compiler wrote them. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

char *ka_nvcc_locate(const struct ka_nvcc_options *opt)
{
	const char *env = getenv("KANALYZE_NVCC");
	char *p;

	if (opt && opt->nvcc)
		return ka_which(opt->nvcc);
	if (env && *env)
		return ka_which(env);
	if ((p = ka_which("nvcc")) != NULL)
		return p;
	return ka_which("/usr/local/cuda/bin/nvcc");
}

/* "13.0.88" from "Cuda compilation tools, release 13.0, V13.0.88". */
static char *parse_version(const char *text)
{
	const char *p = text ? strstr(text, ", V") : NULL;
	size_t n;
	char *v;

	if (!p)
		return NULL;
	n = strspn(p + 3, "0123456789.");
	v = ka_xmalloc(n + 1);
	memcpy(v, p + 3, n);
	v[n] = '\0';
	return v;
}

/* nvcc (cudafe, its internal shell) cannot take every file name: quotes,
 * '$', '`' and '\\' break it.  Such a file is compiled through a symlink
 * with a plain name, its directory linked too and put first on the include
 * path, and the diagnostics are mapped back to the name the user gave. */
static bool plain_path(const char *path)
{
	for (const char *p = path; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr(" _./+,=@%:~-", *p)))
			return false;
	return true;
}

static void replace_all(struct ka_buf *b, const char *from, const char *to)
{
	struct ka_buf out = {0};
	size_t fl = strlen(from);
	const char *p = b->data, *q;

	if (!p || !fl)
		return;
	while ((q = strstr(p, from)) != NULL) {
		ka_buf_append(&out, p, (size_t)(q - p));
		ka_buf_puts(&out, to);
		p = q + fl;
	}
	ka_buf_puts(&out, p);
	ka_buf_free(b);
	*b = out;
}

/* Show the compiler's stderr, minus the ptxas -v resource lines we consume. */
static void forward_diagnostics(const struct ka_buf *err, struct ka_diag *d, bool failed)
{
	const char *p = err->data, *end = err->data ? err->data + err->len : NULL;
	bool in_props = false;

	if (!p)
		return;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		bool resource = strncmp(p, "ptxas info", 10) == 0;
		bool props_line = in_props && n > 4 && p[0] == ' ' && memmem(p, n, "stack frame", 11);

		in_props = resource && memmem(p, n, "Function properties", 19);
		if (!resource && !props_line && n > 0 && (failed || !d->quiet)) {
			fwrite(p, 1, n, d->out);
			fputc('\n', d->out);
		}
		p = nl ? nl + 1 : end;
	}
	fflush(d->out);
}

static const char *lang_flag_needed(const char *file, const char *lang)
{
	size_t n = strlen(file);
	if (lang)
		return strcmp(lang, "cuda") == 0 ? "cu" : NULL;
	if (n > 3 && strcmp(file + n - 3, ".cu") == 0)
		return NULL;
	return "cu";     /* .cuh, .hip-less names, ...: tell nvcc it is CUDA */
}

void ka_nv_crosscheck(struct ka_kernel *k, const struct ka_ptxas_entry *e, struct ka_diag *d)
{
	struct {
		const char *what;
		long cubin, log;
	} rows[] = {
		{"registers", k->res.regs, e->regs},
		{"barriers", k->res.barriers, e->barriers},
		{"stack bytes", k->res.stack, e->cumulative_stack != KA_UNSET ? e->cumulative_stack : e->stack_frame},
		{"static shared memory bytes", k->res.static_smem, e->smem != KA_UNSET ? e->smem : 0},
	};
	if (e->spill_stores != KA_UNSET)
		k->res.spill_stores = e->spill_stores;
	if (e->spill_loads != KA_UNSET)
		k->res.spill_loads = e->spill_loads;
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (rows[i].log != KA_UNSET && rows[i].cubin != rows[i].log)
			ka_diag_warn(d, k->file, "%s (%s): cubin says %ld %s, ptxas -v says %ld; using the cubin",
				     k->name, k->arch, rows[i].cubin, rows[i].what, rows[i].log);
}

struct compile {
	char *cubin_path;
	char **argv;
	int argc;
};

static void push(struct compile *c, const char *s)
{
	c->argv = ka_xrealloc(c->argv, (size_t)(c->argc + 2) * sizeof(char *));
	c->argv[c->argc++] = ka_strdup(s);
	c->argv[c->argc] = NULL;
}

static void compile_free(struct compile *c)
{
	for (int i = 0; i < c->argc; i++)
		free(c->argv[i]);
	free(c->argv);
	free(c->cubin_path);
}

static void set_lines(struct ka_kernel_list *out, size_t first, const char *file)
{
	struct ka_buf src = {0};
	bool have = ka_read_file(file, 64u << 20, &src) == 0;
	for (size_t i = first; i < out->n; i++) {
		out->v[i].file = ka_strdup(file);
		out->v[i].line = have ? ka_source_find_kernel_line(src.data, src.len, out->v[i].name) : 0;
	}
	ka_buf_free(&src);
}

int ka_nvcc_analyze(const char *file, const char *const *archs, int n_archs,
		    const struct ka_nvcc_options *opt, struct ka_diag *d,
		    struct ka_kernel_list *out, char **version)
{
	char *nvcc = ka_nvcc_locate(opt);
	char *dir = NULL;
	struct compile *cs = NULL;
	struct ka_spawn_result *res = NULL;
	char *const **argvs = NULL;
	struct ka_buf path = {0};
	const char *xlang = lang_flag_needed(file, opt->lang);
	int rc = KA_EXIT_OK;

	if (!nvcc) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file,
			      "nvcc not found (looked at --nvcc, $KANALYZE_NVCC, PATH and "
			      "/usr/local/cuda/bin); install the CUDA toolkit or pass --nvcc PATH");
		return KA_EXIT_TOOLCHAIN;
	}
	dir = ka_tempdir_create("nvcc");
	if (!dir) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot create a temporary directory: %s", strerror(errno));
		free(nvcc);
		return KA_EXIT_TOOLCHAIN;
	}
	struct ka_buf incdir = {0};
	if (!plain_path(file)) {
		char *abs = realpath(file, NULL);
		char *dircopy = abs ? ka_strdup(abs) : NULL;
		const char *ext = strrchr(file, '.');
		ka_buf_printf(&path, "%s/input%s", dir, ext && !strchr(ext, '/') && plain_path(ext) ? ext : ".cu");
		ka_buf_printf(&incdir, "%s/srcdir", dir);
		if (!abs || symlink(abs, path.data) != 0 || symlink(dirname(dircopy), incdir.data) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot link the file into a temporary directory: %s",
				      strerror(errno));
			free(abs);
			free(dircopy);
			ka_buf_free(&path);
			ka_buf_free(&incdir);
			ka_tempdir_remove(dir);
			free(dir);
			free(nvcc);
			return KA_EXIT_TOOLCHAIN;
		}
		free(abs);
		free(dircopy);
	} else if (file[0] == '-') {
		/* a file name that starts with '-' must not read as an option */
		ka_buf_printf(&path, "./%s", file);
	} else {
		ka_buf_puts(&path, file);
	}

	/* one compile per arch, and nvcc --version beside them */
	int n_jobs = n_archs + (version && !*version ? 1 : 0);
	cs = ka_xcalloc((size_t)n_jobs, sizeof(*cs));
	res = ka_xcalloc((size_t)n_jobs, sizeof(*res));
	argvs = ka_xcalloc((size_t)n_jobs, sizeof(*argvs));
	if (n_jobs > n_archs) {
		push(&cs[n_archs], nvcc);
		push(&cs[n_archs], "--version");
		argvs[n_archs] = cs[n_archs].argv;
	}
	for (int i = 0; i < n_archs; i++) {
		struct compile *c = &cs[i];
		struct ka_buf b = {0};
		ka_buf_printf(&b, "%s/k%d.%s.cubin", dir, i, archs[i]);
		c->cubin_path = b.data;
		push(c, nvcc);
		push(c, "-cubin");
		b = (struct ka_buf){0};
		ka_buf_printf(&b, "-arch=%s", archs[i]);
		push(c, b.data);
		ka_buf_free(&b);
		push(c, "-Xptxas");
		push(c, "-v");
		if (xlang) {
			push(c, "-x");
			push(c, xlang);
		}
		if (incdir.data) {
			b = (struct ka_buf){0};
			ka_buf_printf(&b, "-I%s", incdir.data);
			push(c, b.data);
			ka_buf_free(&b);
		}
		for (const char *const *e = opt->extra; e && *e; e++)
			push(c, *e);
		push(c, "-o");
		push(c, c->cubin_path);
		push(c, path.data);
		argvs[i] = c->argv;
	}

	ka_spawn_many(argvs, n_jobs, opt->jobs > 0 ? opt->jobs : 1,
		      opt->timeout_s > 0 ? opt->timeout_s : 300, res);
	if (n_jobs > n_archs && res[n_archs].status == 0)
		*version = parse_version(res[n_archs].out.data);

	for (int i = 0; i < n_archs; i++) {
		struct ka_spawn_result *r = &res[i];
		struct ka_buf cubin = {0};
		size_t first = out->n;

		if (r->not_found || r->spawn_errno) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot run %s: %s", nvcc, strerror(r->spawn_errno));
			rc = KA_EXIT_TOOLCHAIN;
			continue;
		}
		if (r->timed_out) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "nvcc for %s timed out after %.0f s (killed)",
				      archs[i], opt->timeout_s > 0 ? opt->timeout_s : 300);
			rc = KA_EXIT_TOOLCHAIN;
			continue;
		}
		if (incdir.data) {
			replace_all(&r->err, path.data, file);
			replace_all(&r->err, incdir.data, "(source directory)");
		}
		forward_diagnostics(&r->err, d, r->status != 0);
		if (r->status != 0) {
			if (r->out.len)
				fwrite(r->out.data, 1, r->out.len, d->out);
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "compile failed for %s (nvcc exit status %d)",
				      archs[i], r->status);
			rc = KA_EXIT_TOOLCHAIN;
			continue;
		}
		if (ka_read_file(cs[i].cubin_path, 1u << 30, &cubin) != 0 ||
		    ka_cubin_read(cubin.data, cubin.len, file, d, out) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "nvcc for %s wrote no readable cubin", archs[i]);
			rc = KA_EXIT_TOOLCHAIN;
			ka_buf_free(&cubin);
			continue;
		}
		ka_buf_free(&cubin);

		struct ka_ptxas_log log = {0};
		ka_ptxas_log_parse(r->err.data ? r->err.data : "", r->err.len, &log, d, file);
		set_lines(out, first, file);
		for (size_t k = first; k < out->n; k++) {
			const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, out->v[k].mangled);
			snprintf(out->v[k].arch, sizeof(out->v[k].arch), "%s", archs[i]);
			if (e)
				ka_nv_crosscheck(&out->v[k], e, d);
			else
				ka_diag_warn(d, file, "%s (%s): not in the ptxas -v log; spills unknown",
					     out->v[k].name, archs[i]);
		}
		ka_ptxas_log_free(&log);
	}

	for (int i = 0; i < n_jobs; i++) {
		ka_spawn_result_free(&res[i]);
		compile_free(&cs[i]);
	}
	ka_buf_free(&incdir);
	free(cs);
	free(res);
	free(argvs);
	ka_buf_free(&path);
	ka_tempdir_remove(dir);
	free(dir);
	free(nvcc);
	return rc;
}
