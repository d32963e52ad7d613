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
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* One compile: a unit's private temp dir, the path nvcc is given, argv. */
struct compile {
	char *dir;
	char *cubin_path;
	char *keep_dir;        /* --keep-dir, when the preprocessed source is wanted */
	struct ka_buf path;    /* the input as nvcc sees it */
	struct ka_buf incdir;  /* the linked source directory of an odd name */
	struct ka_argv args;
};

static void compile_free(struct compile *c)
{
	ka_argv_free(&c->args);
	free(c->cubin_path);
	ka_buf_free(&c->path);
	ka_buf_free(&c->incdir);
	if (c->keep_dir)
		ka_tempdir_remove(c->keep_dir);
	if (c->dir)
		ka_tempdir_remove(c->dir);
	free(c->keep_dir);
	free(c->dir);
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

void ka_nvcc_set_lines(struct ka_kernel_list *out, size_t first, const char *file)
{
	set_lines(out, first, file);
}

/* The temp dir, the input path nvcc is given, and the argv of one unit:
 *
 *   nvcc -cubin -arch=A -Xptxas -v [-x cu] [-I<linked dir>] [flags]
 *        [--keep --keep-dir DIR/keep] -o DIR/k.A.cubin FILE
 *
 * 0, or -1 after a message. */
static int compile_prepare(struct compile *c, const struct ka_nvcc_unit *u, const char *nvcc,
			   const struct ka_nvcc_options *opt, struct ka_diag *d)
{
	const char *xlang = lang_flag_needed(u->file, u->lang ? u->lang : opt->lang);

	c->dir = ka_tempdir_create("nvcc");
	if (!c->dir) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, u->file, "cannot create a temporary directory: %s",
			      strerror(errno));
		return -1;
	}
	if (!plain_path(u->file)) {
		char *abs = realpath(u->file, NULL);
		char *dircopy = abs ? ka_strdup(abs) : NULL;
		const char *ext = strrchr(u->file, '.');
		ka_buf_printf(&c->path, "%s/input%s", c->dir,
			      ext && !strchr(ext, '/') && plain_path(ext) ? ext : ".cu");
		ka_buf_printf(&c->incdir, "%s/srcdir", c->dir);
		if (!abs || symlink(abs, c->path.data) != 0 || symlink(dirname(dircopy), c->incdir.data) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, u->file,
				      "cannot link the file into a temporary directory: %s", strerror(errno));
			free(abs);
			free(dircopy);
			return -1;
		}
		free(abs);
		free(dircopy);
	} else if (u->file[0] == '-') {
		/* a file name that starts with '-' must not read as an option */
		ka_buf_printf(&c->path, "./%s", u->file);
	} else {
		ka_buf_puts(&c->path, u->file);
	}

	struct ka_buf b = {0};
	ka_buf_printf(&b, "%s/k.%s.cubin", c->dir, u->arch);
	c->cubin_path = b.data;
	ka_argv_push(&c->args, nvcc);
	ka_argv_push(&c->args, "-cubin");
	ka_argv_pushf(&c->args, "-arch=%s", u->arch);
	ka_argv_push(&c->args, "-Xptxas");
	ka_argv_push(&c->args, "-v");
	if (opt->lineinfo)
		ka_argv_push(&c->args, "-lineinfo");
	if (xlang) {
		ka_argv_push(&c->args, "-x");
		ka_argv_push(&c->args, xlang);
	}
	if (c->incdir.data)
		ka_argv_pushf(&c->args, "-I%s", c->incdir.data);
	for (const char *const *e = u->extra; e && *e; e++)
		ka_argv_push(&c->args, *e);
	for (const char *const *e = opt->extra; e && *e; e++)
		ka_argv_push(&c->args, *e);
	if (opt->keep_preprocessed) {
		b = (struct ka_buf){0};
		ka_buf_printf(&b, "%s/keep", c->dir);
		c->keep_dir = b.data;
		if (mkdir(c->keep_dir, 0700) == 0) {
			ka_argv_push(&c->args, "--keep");
			ka_argv_push(&c->args, "--keep-dir");
			ka_argv_push(&c->args, c->keep_dir);
		} else {
			free(c->keep_dir);
			c->keep_dir = NULL;
		}
	}
	ka_argv_push(&c->args, "-o");
	ka_argv_push(&c->args, c->cubin_path);
	ka_argv_push(&c->args, c->path.data);
	return 0;
}

/* A gcc line marker: # 12 "path" flags.  The path, unescaped, or NULL. */
static char *line_marker_path(const char *p, const char *end)
{
	struct ka_buf b = {0};
	if (end - p < 5 || p[0] != '#' || p[1] != ' ' || !isdigit((unsigned char)p[2]))
		return NULL;
	p += 2;
	while (p < end && isdigit((unsigned char)*p))
		p++;
	if (end - p < 3 || p[0] != ' ' || p[1] != '"')
		return NULL;
	for (p += 2; p < end && *p != '"'; p++) {
		if (*p == '\\' && p + 1 < end)
			p++;
		ka_buf_append(&b, p, 1);
	}
	return b.data ? b.data : ka_strdup("");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The preprocessed device source nvcc kept (*.cpp1.ii): its hash without the
 * line markers (they carry temp paths and line numbers, not code), and the
 * headers it read (absolute, sorted, the input itself left out). */
static void read_preprocessed(struct ka_nvcc_unit *u, const struct compile *c)
{
	DIR *dir = c->keep_dir ? opendir(c->keep_dir) : NULL;
	struct dirent *e;
	struct ka_buf ii = {0}, name = {0};
	char *self = realpath(c->path.data, NULL);

	if (!dir)
		goto out;
	while ((e = readdir(dir)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n > 8 && strcmp(e->d_name + n - 8, ".cpp1.ii") == 0) {
			ka_buf_printf(&name, "%s/%s", c->keep_dir, e->d_name);
			break;
		}
	}
	closedir(dir);
	if (!name.data || ka_read_file(name.data, 1u << 30, &ii) != 0 || !ii.data)
		goto out;

	struct ka_hash h;
	const char *p = ii.data, *end = ii.data + ii.len;
	char **raw = NULL;           /* distinct names as the markers spell them */
	size_t n_raw = 0, cap = 0;
	ka_hash_init(&h);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl + 1 : end;
		char *dep = line_marker_path(p, le);
		bool seen = false;
		if (!dep) {
			ka_hash_update(&h, p, (size_t)(le - p));
			p = le;
			continue;
		}
		/* thousands of markers name a few hundred files: realpath()
		 * each distinct name once, after the scan */
		for (size_t i = n_raw; i-- > 0 && !seen;)
			seen = strcmp(raw[i], dep) == 0;
		if (seen || !dep[0] || dep[0] == '<') {
			free(dep);
		} else {
			if (n_raw == cap) {
				cap = cap ? 2 * cap : 64;
				raw = ka_xrealloc(raw, cap * sizeof(char *));
			}
			raw[n_raw++] = dep;
		}
		p = le;
	}
	ka_hash_final(&h, u->pp_hash);
	u->deps = ka_xcalloc(n_raw + 1, sizeof(char *));
	for (size_t i = 0; i < n_raw; i++) {
		char *abs = realpath(raw[i], NULL);
		if (abs && (!self || strcmp(abs, self) != 0))
			u->deps[u->n_deps++] = abs;
		else
			free(abs);
		free(raw[i]);
	}
	free(raw);
	if (u->n_deps > 1) {
		size_t k = 1;
		qsort(u->deps, u->n_deps, sizeof(char *), cmp_str);
		for (size_t i = 1; i < u->n_deps; i++) {
			if (strcmp(u->deps[i], u->deps[k - 1]) == 0)
				free(u->deps[i]);
			else
				u->deps[k++] = u->deps[i];
		}
		u->n_deps = k;
	}
out:
	free(self);
	ka_buf_free(&ii);
	ka_buf_free(&name);
}

/* Read one finished compile into `out`: the cubin's kernels, cross-checked
 * with the ptxas -v text, the compiler's own diagnostics forwarded. */
static int compile_collect(struct ka_nvcc_unit *u, struct compile *c, struct ka_spawn_result *r,
			   const char *nvcc, const struct ka_nvcc_options *opt, struct ka_diag *d,
			   struct ka_kernel_list *out)
{
	struct ka_buf cubin = {0};
	const char *file = u->file;
	size_t first = out->n;

	if (r->not_found || r->spawn_errno) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot run %s: %s", nvcc, strerror(r->spawn_errno));
		return KA_EXIT_TOOLCHAIN;
	}
	if (r->timed_out) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "nvcc for %s timed out after %.0f s (killed)", u->arch,
			      opt->timeout_s > 0 ? opt->timeout_s : 300);
		return KA_EXIT_TOOLCHAIN;
	}
	if (c->incdir.data) {
		replace_all(&r->err, c->path.data, file);
		replace_all(&r->err, c->incdir.data, "(source directory)");
	}
	forward_diagnostics(&r->err, d, r->status != 0);
	if (r->status != 0) {
		if (r->out.len)
			fwrite(r->out.data, 1, r->out.len, d->out);
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "compile failed for %s (nvcc exit status %d)", u->arch,
			      r->status);
		return KA_EXIT_TOOLCHAIN;
	}
	if (ka_read_file(c->cubin_path, 1u << 30, &cubin) != 0 ||
	    ka_cubin_read(cubin.data, cubin.len, file, d, out) != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "nvcc for %s wrote no readable cubin", u->arch);
		ka_buf_free(&cubin);
		return KA_EXIT_TOOLCHAIN;
	}
	ka_buf_free(&cubin);

	struct ka_ptxas_log log = {0};
	ka_ptxas_log_parse(r->err.data ? r->err.data : "", r->err.len, &log, d, file);
	set_lines(out, first, file);
	for (size_t k = first; k < out->n; k++) {
		const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, out->v[k].mangled);
		snprintf(out->v[k].arch, sizeof(out->v[k].arch), "%s", u->arch);
		if (e)
			ka_nv_crosscheck(&out->v[k], e, d);
		else
			ka_diag_warn(d, file, "%s (%s): not in the ptxas -v log; spills unknown", out->v[k].name,
				     u->arch);
	}
	ka_ptxas_log_free(&log);
	if (c->keep_dir)
		read_preprocessed(u, c);
	if (opt->nvdisasm) {            /* --sass: while the cubin still exists */
		char where[512];
		snprintf(where, sizeof(where), "%s (%s)", file, u->arch);
		return ka_sass_census_cubin(opt->nvdisasm, c->cubin_path, c->path.data, opt->timeout_s, d, out,
					    first, where);
	}
	return KA_EXIT_OK;
}

int ka_nvcc_run_units(struct ka_nvcc_unit *units, int n, const struct ka_nvcc_options *opt,
		      struct ka_diag *d, struct ka_kernel_list *out, char **version)
{
	char *nvcc = ka_nvcc_locate(opt);
	struct compile *cs;
	struct ka_spawn_result *res;
	char *const **argvs;
	int rc = KA_EXIT_OK;

	for (int i = 0; i < n; i++) {
		units[i].rc = KA_EXIT_OK;
		units[i].first = out->n;
		units[i].count = 0;
	}
	if (!nvcc) {
		for (int i = 0; i < n; i++) {
			units[i].rc = KA_EXIT_TOOLCHAIN;
			if (i == 0 || strcmp(units[i - 1].file, units[i].file) != 0)   /* once per file */
				ka_diag_error(d, KA_EXIT_TOOLCHAIN, units[i].file,
					      "nvcc not found (looked at --nvcc, $KANALYZE_NVCC, PATH and "
					      "/usr/local/cuda/bin); install the CUDA toolkit or pass --nvcc PATH");
		}
		return KA_EXIT_TOOLCHAIN;
	}

	/* one compile per unit, and nvcc --version beside them */
	int n_jobs = n + (version && !*version ? 1 : 0);
	cs = ka_xcalloc((size_t)n_jobs, sizeof(*cs));
	res = ka_xcalloc((size_t)n_jobs, sizeof(*res));
	argvs = ka_xcalloc((size_t)n_jobs, sizeof(*argvs));
	char *noop[] = {"true", NULL};
	if (n_jobs > n) {
		ka_argv_push(&cs[n].args, nvcc);
		ka_argv_push(&cs[n].args, "--version");
		argvs[n] = cs[n].args.v;
	}
	for (int i = 0; i < n; i++) {
		if (compile_prepare(&cs[i], &units[i], nvcc, opt, d) != 0) {
			units[i].rc = KA_EXIT_TOOLCHAIN;
			argvs[i] = noop;
		} else {
			argvs[i] = cs[i].args.v;
		}
	}

	/* nvcc's own temporaries (tmpxft_*, and what cicc leaves behind when a
	 * --keep compile fails) go to a private directory, removed afterwards,
	 * even when a compile is killed by the timeout */
	char *scratch = ka_tempdir_create("nvcc-tmp");
	char *old_tmp = getenv("TMPDIR") ? ka_strdup(getenv("TMPDIR")) : NULL;
	if (scratch)
		setenv("TMPDIR", scratch, 1);
	ka_spawn_many(argvs, n_jobs, opt->jobs > 0 ? opt->jobs : 1, opt->timeout_s > 0 ? opt->timeout_s : 300,
		      res);
	if (scratch) {
		if (old_tmp)
			setenv("TMPDIR", old_tmp, 1);
		else
			unsetenv("TMPDIR");
		ka_tempdir_remove(scratch);
	}
	free(scratch);
	free(old_tmp);
	if (n_jobs > n && res[n].status == 0)
		*version = parse_version(res[n].out.data);

	for (int i = 0; i < n; i++) {
		units[i].first = out->n;
		if (units[i].rc == KA_EXIT_OK)
			units[i].rc = compile_collect(&units[i], &cs[i], &res[i], nvcc, opt, d, out);
		units[i].count = out->n - units[i].first;
		if (units[i].rc > rc)
			rc = units[i].rc;
	}

	for (int i = 0; i < n_jobs; i++) {
		ka_spawn_result_free(&res[i]);
		compile_free(&cs[i]);
	}
	free(cs);
	free(res);
	free(argvs);
	free(nvcc);
	return rc;
}

void ka_nvcc_unit_fini(struct ka_nvcc_unit *u)
{
	for (size_t i = 0; i < u->n_deps; i++)
		free(u->deps[i]);
	free(u->deps);
	u->deps = NULL;
	u->n_deps = 0;
}

int ka_nvcc_analyze(const char *file, const char *const *archs, int n_archs,
		    const struct ka_nvcc_options *opt, struct ka_diag *d,
		    struct ka_kernel_list *out, char **version)
{
	struct ka_nvcc_unit *u = ka_xcalloc((size_t)n_archs, sizeof(*u));
	int rc;

	for (int i = 0; i < n_archs; i++)
		u[i] = (struct ka_nvcc_unit){.file = file, .arch = archs[i]};
	rc = ka_nvcc_run_units(u, n_archs, opt, d, out, version);
	for (int i = 0; i < n_archs; i++)
		ka_nvcc_unit_fini(&u[i]);
	free(u);
	return rc;
}
