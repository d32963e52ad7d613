/* nvcc.c — the NVIDIA driver: compile device code only, one nvcc per arch
 * (run concurrently up to opt->jobs), each into a private temp directory:
 *
 *   nvcc -cubin -arch=sm_90 -Xptxas -v [-x cu] [user flags] -o DIR/k.sm_90.cubin FILE
 *
 * then read the cubin (resources) and the ptxas -v text on stderr (spills,
 * cross-check).  Spawned with an argv, never a shell; a compile that outlives
 * the timeout is killed with its children.  Compiler diagnostics are shown to
 * the user as the compiler wrote them (the first and last lines of a flood).
 *
 * But nvcc itself runs cicc, ptxas and the host compiler with sh -c, so
 * whatever kanalyze gives nvcc is shell text.  Nothing reaches it unless it
 * is plain (core: ka_shell_unsafe); what is not is made safe or refused:
 *
 *   the source file      its real path (nvcc resolves symbolic links) not
 *                        plain: compiled as a copy, DIR/src/input.cu, with
 *                        its directory linked as DIR/srcdir and put first on
 *                        the include path; messages name the user's file
 *   the current dir      not plain: nvcc runs in the batch's scratch
 *                        directory, relative paths reach it through a link
 *   -I -isystem -include not plain: DIR/l0, l1, ... link to them
 *   -ccbin and the like
 *   -D / -U              any one not plain: all of them, in order, become
 *                        #define / #undef lines of DIR/defines.h, given with
 *                        -include; a newline in one is refused
 *   any other flag       refused (exit 2), naming the character
 *   $TMPDIR              refused (exit 2): set it to a plain path */
#define _GNU_SOURCE
#include "frontends.h"
#include "machine.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

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

/* A path nvcc may be given as it is: letters, digits and " _./+,=@%:~-"
 * (stricter than ka_shell_unsafe: a path is cheap to link elsewhere). */
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

/* Show the compiler's stderr, minus the ptxas -v resource lines we consume:
 * its first FWD_HEAD and last FWD_TAIL lines, with the count of those
 * between.  The lines shown (at most DETAIL_LINES of them) become the
 * detail of a failed compile's error, for SARIF. */
enum { FWD_HEAD = 100, FWD_TAIL = 20, DETAIL_LINES = 30 };

static void forward_diagnostics(const struct ka_buf *err, struct ka_diag *d, bool failed, const char *file,
				struct ka_buf *detail)
{
	const char *p = err->data, *end = err->data ? err->data + err->len : NULL;
	bool in_props = false;
	size_t total = 0, shown = 0, skipped = 0;
	bool show = failed || !d->quiet;

	if (!p)
		return;
	for (int pass = 0; pass < 2; pass++) {
		size_t k = 0;
		in_props = false;
		for (p = err->data; p < end;) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
			bool resource = strncmp(p, "ptxas info", 10) == 0;
			bool props_line = in_props && n > 4 && p[0] == ' ' && memmem(p, n, "stack frame", 11);

			in_props = resource && memmem(p, n, "Function properties", 19);
			if (!resource && !props_line && n > 0) {
				if (pass == 0) {
					total++;
				} else if (k < FWD_HEAD || k >= total - FWD_TAIL || total <= FWD_HEAD + FWD_TAIL) {
					if (show) {
						fwrite(p, 1, n, d->out);
						fputc('\n', d->out);
					}
					if (detail && shown++ < DETAIL_LINES) {
						ka_buf_append(detail, p, n);
						ka_buf_puts(detail, "\n");
					}
				} else if (skipped++ == 0 && show) {
					fprintf(d->out, "kanalyze: %s: %zu more lines of compiler output not shown\n", file,
						total - FWD_HEAD - FWD_TAIL);
				}
				if (pass == 1)
					k++;
			}
			p = nl ? nl + 1 : end;
		}
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
		{"constant bank 0 bytes", k->res.cmem_params, e->cmem0},    /* printed up to sm_8x */
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
	struct ka_buf incdir;  /* the linked source directory of a copied input */
	struct ka_argv args;
	struct ka_argv names;  /* pairs: a name made here, what it stands for   */
	int n_links;
};

static void compile_free(struct compile *c)
{
	ka_argv_free(&c->args);
	ka_argv_free(&c->names);
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

/* ---- making what nvcc is given plain -------------------------------------------- */

/* Options whose value is a path (or a program): linked when not plain. */
static const char *const path_opts[] = {
	"-I", "-isystem", "-iquote", "-idirafter", "-include", "--include-path", "--system-include",
	"--pre-include", "-ccbin", "--compiler-bindir", "-L", "--library-path", "--options-file", "-optf",
	"-odir", "--output-directory",
};
/* Those that take the value attached as well ("-Idir"). */
static bool attached_ok(const char *opt)
{
	return opt[1] != '-' && strlen(opt) == 2;
}

/* "-I" for "-Idir" / "-I" / "--include-path=dir"; *val at the value (NULL
 * when it is the next argument). */
static const char *path_opt(const char *a, const char **val)
{
	*val = NULL;
	for (size_t i = 0; i < sizeof(path_opts) / sizeof(path_opts[0]); i++) {
		size_t n = strlen(path_opts[i]);
		if (strncmp(a, path_opts[i], n) != 0)
			continue;
		if (a[n] == '\0')
			return path_opts[i];
		if (a[n] == '=' && !attached_ok(path_opts[i]))
			*val = a + n + 1;
		else if (attached_ok(path_opts[i]) && a[n] != '=')
			*val = a + n;
		else if (a[n] == '=')
			*val = a + n + 1;
		else
			continue;
		return path_opts[i];
	}
	return NULL;
}

/* -D / -U in their nvcc and gcc spellings: 'D' or 'U', *val as above. */
static int macro_opt(const char *a, const char **val)
{
	static const struct {
		const char *name;
		int kind;
	} m[] = {{"--define-macro", 'D'}, {"--undefine-macro", 'U'}, {"-D", 'D'}, {"-U", 'U'}};
	*val = NULL;
	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		size_t n = strlen(m[i].name);
		if (strncmp(a, m[i].name, n) != 0)
			continue;
		if (a[n] == '\0')
			return m[i].kind;
		if (a[n] == '=' && m[i].name[1] == '-')
			*val = a + n + 1;
		else if (m[i].name[1] != '-')
			*val = a + n;
		else
			continue;
		return m[i].kind;
	}
	return 0;
}

/* A path as nvcc may see it: relative ones through the cwd link when the
 * current directory is not plain, then DIR/lN when still not plain.  NULL
 * after a message. */
static char *plain_of(struct compile *c, const char *value, const char *cwd_link, const char *file,
		      struct ka_diag *d)
{
	struct ka_buf b = {0};
	char *real;

	if (cwd_link && value[0] != '/')
		ka_buf_printf(&b, "%s/%s", cwd_link, value);
	else
		ka_buf_puts(&b, value);
	if (plain_path(b.data))
		return b.data;
	real = realpath(value, NULL);
	b.len = 0;
	ka_buf_printf(&b, "%s/l%d", c->dir, c->n_links++);
	if (symlink(real ? real : value, b.data) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "cannot give nvcc the path '%s' safely (it would be shell text "
			      "for nvcc, and linking it failed: %s); refused", value, strerror(errno));
		free(real);
		ka_buf_free(&b);
		return NULL;
	}
	ka_argv_push(&c->names, b.data);
	ka_argv_push(&c->names, value);
	free(real);
	return b.data;
}

/* "NAME=VALUE" -> "#define NAME VALUE", "NAME" -> "#define NAME 1". */
static int define_line(struct ka_buf *h, int kind, const char *v, const char *file, struct ka_diag *d)
{
	size_t name = strcspn(v, "=(");
	const char *eq;

	if (name == 0 || !(isalpha((unsigned char)v[0]) || v[0] == '_') || strspn(v, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != name) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "-%c '%s': not a macro name; refused", kind, v);
		return -1;
	}
	for (const char *p = v; *p; p++)
		if ((unsigned char)*p < 0x20 && *p != '\t') {
			ka_diag_error(d, KA_EXIT_USAGE, file, "-%c '%s': holds %s, which nvcc would hand to its "
				      "shell (it runs its steps with sh -c); refused", kind, v,
				      ka_shell_char_name(*p));
			return -1;
		}
	if (kind == 'U') {
		if (v[name] != '\0') {
			ka_diag_error(d, KA_EXIT_USAGE, file, "-U '%s': not a macro name; refused", v);
			return -1;
		}
		ka_buf_printf(h, "#undef %s\n", v);
		return 0;
	}
	if (v[name] == '(') {
		const char *close = strchr(v + name, ')');
		if (!close || (close[1] != '=' && close[1] != '\0')) {
			ka_diag_error(d, KA_EXIT_USAGE, file, "-D '%s': not a macro definition; refused", v);
			return -1;
		}
		eq = close[1] == '=' ? close + 1 : NULL;
		ka_buf_printf(h, "#define %.*s %s\n", (int)(close + 1 - v), v, eq ? eq + 1 : "1");
		return 0;
	}
	eq = v[name] == '=' ? v + name : NULL;
	ka_buf_printf(h, "#define %.*s %s\n", (int)name, v, eq ? eq + 1 : "1");
	return 0;
}

/* The user's flags (the unit's, then the run's) onto c->args, made plain.
 * KA_EXIT_OK, or KA_EXIT_USAGE after a message. */
static int push_user_flags(struct compile *c, const struct ka_nvcc_unit *u, const struct ka_nvcc_options *opt,
			   const char *cwd_link, struct ka_diag *d)
{
	const char *const *lists[2] = {u->extra, opt->extra};
	struct ka_argv flat = {0};
	bool macros_plain = true;
	int rc = KA_EXIT_OK;

	for (int l = 0; l < 2; l++)
		for (const char *const *e = lists[l]; e && *e; e++)
			ka_argv_push(&flat, *e);
	/* -D/-U: all on the command line, or all in a header */
	for (int i = 0; i < flat.n; i++) {
		const char *val;
		if (macro_opt(flat.v[i], &val)) {
			if (!val && i + 1 < flat.n)
				val = flat.v[++i];
			if (val && ka_shell_unsafe(val))
				macros_plain = false;
		}
	}
	struct ka_buf header = {0};
	for (int i = 0; i < flat.n && rc == KA_EXIT_OK; i++) {
		const char *a = flat.v[i], *val, *opt_name;
		int kind;

		if (!macros_plain && (kind = macro_opt(a, &val)) != 0) {
			if (!val && i + 1 < flat.n)
				val = flat.v[++i];
			if (!val || define_line(&header, kind, val, u->file, d) != 0)
				rc = KA_EXIT_USAGE;
			continue;
		}
		if ((opt_name = path_opt(a, &val)) != NULL) {
			bool next = !val;
			char *p;
			if (next && i + 1 < flat.n)
				val = flat.v[++i];
			if (!val) {
				ka_argv_push(&c->args, a);
				continue;
			}
			if ((p = plain_of(c, val, cwd_link, u->file, d)) == NULL) {
				rc = KA_EXIT_USAGE;
				continue;
			}
			if (next) {
				ka_argv_push(&c->args, opt_name);
				ka_argv_push(&c->args, p);
			} else {
				ka_argv_pushf(&c->args, "%s%s%s", opt_name, attached_ok(opt_name) ? "" : "=", p);
			}
			free(p);
			continue;
		}
		if ((kind = ka_shell_unsafe(a)) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, u->file, "compiler flag '%s' holds %s, which nvcc would hand to "
				      "its shell (it runs its steps with sh -c); refused", a, ka_shell_char_name(kind));
			rc = KA_EXIT_USAGE;
			continue;
		}
		ka_argv_push(&c->args, a);
	}
	if (rc == KA_EXIT_OK && !macros_plain) {
		struct ka_buf path = {0};
		ka_buf_printf(&path, "%s/defines.h", c->dir);
		if (ka_write_file_replace(path.data, header.data ? header.data : "", header.len, false) != 0) {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, u->file, "cannot write %s: %s", path.data, strerror(errno));
			rc = KA_EXIT_TOOLCHAIN;
		} else {
			ka_argv_push(&c->args, "-include");
			ka_argv_push(&c->args, path.data);
			ka_argv_push(&c->names, path.data);
			ka_argv_push(&c->names, "(the -D flags)");
		}
		ka_buf_free(&path);
	}
	ka_buf_free(&header);
	ka_argv_free(&flat);
	return rc;
}

/* What a failed write into the temp directory says. */
static const char *space_hint(int err)
{
	return err == ENOSPC || err == EDQUOT ? " (the temporary directory's file system is full: free space, or "
					       "set TMPDIR to another place)" : "";
}

/* The input, copied to DIR/src/input<ext> when its name or real path is
 * not plain; its directory linked as DIR/srcdir. */
static int input_path(struct compile *c, const char *file, struct ka_diag *d)
{
	char *real = realpath(file, NULL);
	const char *ext = strrchr(file, '.');
	struct ka_buf src = {0};
	int r;

	if (real && plain_path(file) && plain_path(real)) {
		if (file[0] == '-')     /* a file name that starts with '-' must not read as an option */
			ka_buf_printf(&c->path, "./%s", file);
		else
			ka_buf_puts(&c->path, file);
		free(real);
		return KA_EXIT_OK;
	}
	if (!real || (r = ka_read_file(real, 1u << 30, &src)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "cannot read it: %s", strerror(real ? -r : errno));
		free(real);
		return KA_EXIT_USAGE;
	}
	struct ka_buf dir = {0};
	ka_buf_printf(&dir, "%s/src", c->dir);
	ka_buf_printf(&c->path, "%s/input%s", dir.data,
		      ext && !strchr(ext, '/') && plain_path(ext) && strlen(ext) < 16 ? ext : ".cu");
	ka_buf_printf(&c->incdir, "%s/srcdir", c->dir);
	char *parent = ka_strdup(real);
	r = 0;
	if (mkdir(dir.data, 0700) != 0 ||
	    (r = ka_write_file_replace(c->path.data, src.data ? src.data : "", src.len, false)) != 0 ||
	    symlink(dirname(parent), c->incdir.data) != 0) {
		int e = r ? -r : errno;
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "cannot copy the file into a temporary directory: %s%s",
			      strerror(e), space_hint(e));
		r = KA_EXIT_TOOLCHAIN;
	}
	ka_argv_push(&c->names, c->path.data);
	ka_argv_push(&c->names, file);
	ka_argv_push(&c->names, c->incdir.data);
	ka_argv_push(&c->names, "(source directory)");
	free(parent);
	free(real);
	ka_buf_free(&dir);
	ka_buf_free(&src);
	return r;
}

/* The temp dir, the input path nvcc is given, and the argv of one unit:
 *
 *   nvcc -cubin -arch=A -Xptxas -v [-x cu] [-I<linked dir>] [flags]
 *        [--keep --keep-dir DIR/keep] -o DIR/k.A.cubin FILE
 *
 * cwd_link: the link to the current directory when nvcc runs elsewhere.
 * KA_EXIT_OK, or an exit code after a message. */
static int compile_prepare(struct compile *c, const struct ka_nvcc_unit *u, const char *nvcc,
			   const struct ka_nvcc_options *opt, const char *cwd_link, struct ka_diag *d)
{
	const char *xlang = lang_flag_needed(u->file, u->lang ? u->lang : opt->lang);
	int rc, bad;

	c->dir = ka_tempdir_create("nvcc");
	if (!c->dir) {
		int e = errno;
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, u->file, "cannot create a temporary directory: %s%s",
			      strerror(e), space_hint(e));
		return KA_EXIT_TOOLCHAIN;
	}
	if ((bad = ka_shell_unsafe(c->dir)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, u->file, "the temporary directory '%s' holds %s, which nvcc would "
			      "hand to its shell (it runs its steps with sh -c): set TMPDIR to a plain path", c->dir,
			      ka_shell_char_name(bad));
		return KA_EXIT_USAGE;
	}
	if ((rc = input_path(c, u->file, d)) != KA_EXIT_OK)
		return rc;

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
	if ((rc = push_user_flags(c, u, opt, cwd_link, d)) != KA_EXIT_OK)
		return rc;
	if (opt->keep_preprocessed || opt->machine_ptx) {
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
	return KA_EXIT_OK;
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
/* The PTX nvcc kept (--keep): each kernel's machine code per line. */
static void read_ptx(const struct compile *c, struct ka_kernel_list *out, size_t first)
{
	DIR *dir = c->keep_dir ? opendir(c->keep_dir) : NULL;
	struct dirent *e;
	struct ka_buf name = {0}, ptx = {0};
	struct ka_machine_set set = {0};
	if (!dir)
		return;
	while ((e = readdir(dir)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n > 4 && strcmp(e->d_name + n - 4, ".ptx") == 0) {
			ka_buf_printf(&name, "%s/%s", c->keep_dir, e->d_name);
			break;
		}
	}
	closedir(dir);
	if (name.data && ka_read_file(name.data, 1u << 30, &ptx) == 0 && ptx.data) {
		ka_machine_parse_ptx(ptx.data, ptx.len, &set);
		ka_machine_attach(&set, out, first, KA_CODE_PTX);
		struct ka_mach_module *mod = ka_mach_ptx_module(ptx.data, ptx.len);
		for (size_t k = first; k < out->n; k++) {      /* the warp model's input */
			free(out->v[k].model_code);
			out->v[k].model_code = ka_mach_ptx_kernel(mod, out->v[k].mangled);
			out->v[k].model_code_kind = KA_CODE_PTX;
		}
		ka_mach_ptx_module_free(mod);
	}
	ka_machine_set_free(&set);
	ka_buf_free(&ptx);
	ka_buf_free(&name);
}

static void read_preprocessed(struct ka_nvcc_unit *u, const struct compile *c)
{
	DIR *dir = c->keep_dir ? opendir(c->keep_dir) : NULL;
	struct dirent *e;
	struct ka_buf ii = {0}, name = {0};
	char *self = realpath(c->path.data, NULL);
	char *own = realpath(c->dir, NULL);     /* kanalyze's own files are no dependency */
	size_t own_len = own ? strlen(own) : 0;

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
	const char *last = NULL;     /* the name the last marker spelled */
	ka_hash_init(&h);
	while (p < end) {
		/* the code up to the next line that begins with '#', hashed at
		 * once (a few MB of it), then that line */
		const char *at = p[0] == '#' ? p : memmem(p, (size_t)(end - p), "\n#", 2);
		at = at ? at + (at != p) : end;
		ka_hash_update(&h, p, (size_t)(at - p));
		if (at == end)
			break;
		const char *nl = memchr(at, '\n', (size_t)(end - at));
		const char *le = nl ? nl + 1 : end;
		char *dep = line_marker_path(at, le);
		bool seen = false;
		p = le;
		if (!dep) {
			ka_hash_update(&h, at, (size_t)(le - at));
			continue;
		}
		/* thousands of markers name a few hundred files: realpath()
		 * each distinct name once, after the scan */
		seen = last && strcmp(last, dep) == 0;
		for (size_t i = n_raw; i-- > 0 && !seen;)
			if ((seen = strcmp(raw[i], dep) == 0))
				last = raw[i];
		if (seen || !dep[0] || dep[0] == '<') {
			free(dep);
		} else {
			KA_GROW(raw, n_raw, cap, 64);
			raw[n_raw++] = dep;
			last = dep;
		}
	}
	ka_hash_final(&h, u->pp_hash);
	u->deps = ka_xcalloc(n_raw + 1, sizeof(char *));
	struct ka_real_dirs rd = {0};
	for (size_t i = 0; i < n_raw; i++) {
		char *abs = ka_real_file(&rd, raw[i]);
		if (abs && (!self || strcmp(abs, self) != 0) &&
		    !(own && strncmp(abs, own, own_len) == 0 && abs[own_len] == '/'))
			u->deps[u->n_deps++] = abs;
		else
			free(abs);
		free(raw[i]);
	}
	free(raw);
	ka_real_dirs_free(&rd);
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
	free(own);
	ka_buf_free(&ii);
	ka_buf_free(&name);
}

/* Read one finished compile into `out`: the cubin's kernels, cross-checked
 * with the ptxas -v text, the compiler's own diagnostics forwarded. */
static int compile_collect(struct ka_nvcc_unit *u, struct compile *c, struct ka_spawn_result *r,
			   const char *nvcc, const struct ka_nvcc_options *opt, bool tmp_full, struct ka_diag *d,
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
	/* the names made here, as the user knows them (the last made first:
	 * DIR/l10 before DIR/l1) */
	for (int i = c->names.n - 2; i >= 0; i -= 2)
		replace_all(&r->err, c->names.v[i], c->names.v[i + 1]);
	struct ka_buf detail = {0};
	forward_diagnostics(&r->err, d, r->status != 0, file, &detail);
	if (r->status != 0) {
		if (r->out.len)
			fwrite(r->out.data, 1, r->out.len, d->out);
		if (tmp_full || (r->err.data && (strstr(r->err.data, "No space left on device") ||
						 strstr(r->err.data, "Disk quota exceeded")))) {
			/* nvcc's own message names a temp file or a dead cicc */
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "compile failed for %s: the temporary directory's "
				      "file system is full (TMPDIR=%s): free space, or set TMPDIR to another place",
				      u->arch, getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		} else {
			ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "compile failed for %s (nvcc exit status %d)",
				      u->arch, r->status);
		}
		ka_diag_detail(d, detail.data);
		ka_buf_free(&detail);
		return KA_EXIT_TOOLCHAIN;
	}
	ka_buf_free(&detail);
	if (ka_read_file(c->cubin_path, 1u << 30, &cubin) != 0 ||
	    ka_cubin_read(cubin.data, cubin.len, file, d, out) != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, file, "nvcc for %s wrote no readable cubin", u->arch);
		ka_buf_free(&cubin);
		return KA_EXIT_TOOLCHAIN;
	}
	if (opt->on_cubin)
		opt->on_cubin(opt->on_cubin_arg, file, u->arch, cubin.data, cubin.len);
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
	if (c->keep_dir && opt->keep_preprocessed)
		read_preprocessed(u, c);
	if (opt->machine_ptx)                     /* the findings' check, from the PTX */
		read_ptx(c, out, first);
	if (opt->nvdisasm) {                      /* --sass: while the cubin still exists */
		char where[512];
		snprintf(where, sizeof(where), "%s (%s)", file, u->arch);
		/* the SASS per line replaces the PTX's for the findings' check */
		ka_machine_cubin(opt->nvdisasm, c->cubin_path, opt->timeout_s, d, out, first, where);
		return ka_sass_census_cubin(opt->nvdisasm, c->cubin_path, c->path.data, opt->timeout_s, d, out,
					    first, where);
	}
	return KA_EXIT_OK;
}

/* Bytes an unprivileged writer may still put into dir's file system. */
static unsigned long long space_left(const char *dir)
{
	struct statvfs v;
	if (statvfs(dir, &v) != 0)
		return ~0ULL;
	if (v.f_favail == 0 && v.f_files > 0)
		return 0;
	return (unsigned long long)v.f_bavail * v.f_frsize;
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
	/* nvcc's own temporaries (tmpxft_*, and what cicc leaves behind when a
	 * --keep compile fails) go to a private directory, removed afterwards,
	 * even when a compile is killed by the timeout.  When the current
	 * directory is not plain, nvcc runs there too, and reaches the current
	 * directory through the link scratch/cwd. */
	char *scratch = ka_tempdir_create("nvcc-tmp");
	char *old_tmp = getenv("TMPDIR") ? ka_strdup(getenv("TMPDIR")) : NULL;
	char *cwd = getcwd(NULL, 0);
	struct ka_buf cwd_link = {0};
	struct ka_spawn_opts so = {0};
	if (scratch && cwd && !plain_path(cwd) && !ka_shell_unsafe(scratch)) {
		ka_buf_printf(&cwd_link, "%s/cwd", scratch);
		if (symlink(cwd, cwd_link.data) == 0)
			so.cwd = scratch;
		else
			ka_buf_free(&cwd_link);
	}
	for (int i = 0; i < n; i++) {
		/* a file refused for one arch is refused for the others: say it once */
		if (i > 0 && units[i - 1].rc == KA_EXIT_USAGE && strcmp(units[i - 1].file, units[i].file) == 0 &&
		    units[i - 1].extra == units[i].extra) {
			units[i].rc = KA_EXIT_USAGE;
			argvs[i] = noop;
			continue;
		}
		int r = compile_prepare(&cs[i], &units[i], nvcc, opt, cwd_link.data, d);
		if (r != KA_EXIT_OK) {
			units[i].rc = r;
			argvs[i] = noop;
		} else {
			argvs[i] = cs[i].args.v;
		}
	}

	if (scratch)
		setenv("TMPDIR", scratch, 1);
	int ph = ka_phase_begin("nvcc", n > 0 ? units[0].arch : NULL);
	ka_spawn_many_opts(argvs, n_jobs, opt->jobs > 0 ? opt->jobs : 1, opt->timeout_s > 0 ? opt->timeout_s : 300,
			   &so, res);
	ka_phase_end(ph);
	bool tmp_full = false;
	for (int i = 0; i < n && scratch; i++)
		if (units[i].rc == KA_EXIT_OK && res[i].status != 0 && !res[i].timed_out) {
			tmp_full = space_left(scratch) < (1 << 20);
			break;
		}
	if (scratch) {
		if (old_tmp)
			setenv("TMPDIR", old_tmp, 1);
		else
			unsetenv("TMPDIR");
		ka_tempdir_remove(scratch);
	}
	free(scratch);
	free(old_tmp);
	free(cwd);
	ka_buf_free(&cwd_link);
	if (n_jobs > n && res[n].status == 0)
		*version = parse_version(res[n].out.data);

	ph = ka_phase_begin("read compile", NULL);
	for (int i = 0; i < n; i++) {
		units[i].first = out->n;
		if (units[i].rc == KA_EXIT_OK)
			units[i].rc = compile_collect(&units[i], &cs[i], &res[i], nvcc, opt, tmp_full, d, out);
		units[i].count = out->n - units[i].first;
		if (units[i].rc > rc)
			rc = units[i].rc;
	}

	for (int i = 0; i < n_jobs; i++) {
		ka_spawn_result_free(&res[i]);
		compile_free(&cs[i]);
	}
	ka_phase_end(ph);
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
