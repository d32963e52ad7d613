/* compdb.c — compile_commands.json (read with jansson) and compiler command
 * lines: the flags of a CUDA or HIP compile that matter for a device-only
 * recompile, made absolute against the entry's directory.  Kept (nvcc and
 * clang spellings, "-Xv", "-X v" and "--x=v" forms):
 *
 *   preprocessor  -I -isystem -iquote -idirafter -include -D -U, --include-path
 *                 --system-include --pre-include --define-macro --undefine-macro
 *   language      -std --std -x (sets the language), --expt-relaxed-constexpr
 *                 --expt-extended-lambda --extended-lambda -ccbin --compiler-bindir
 *                 -allow-unsupported-compiler
 *   device code   -maxrregcount -Xptxas --ptxas-options -use_fast_math -ftz
 *                 -prec-div -prec-sqrt -fmad -G --device-debug -dopt -rdc -dc
 *                 --relocatable-device-code -restrict --extra-device-vectorization
 *   architectures -arch -gencode -code (and long forms), --cuda-gpu-arch,
 *                 --offload-arch: become the entry's arch list, not flags
 *
 * Everything else (-c, -o, -M*, -Xcompiler, -O, -g, host and link flags) is
 * dropped: it changes the object, not the device code's resources.
 * Response files (--options-file F, -optf F, @F) are read and inlined. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum take {
	T_KEEP,        /* flag (and its value) verbatim                     */
	T_PATH,        /* value is a path: made absolute                    */
	T_ARCH,        /* architectures                                     */
	T_LANG,        /* -x                                                */
	T_RDC,         /* -dc: device code relocatable                      */
	T_DROP,        /* dropped, with its value when it has one           */
};
struct rule {
	const char *name;
	bool arg;            /* takes a value                               */
	bool attached;       /* "-Ivalue" form (single-letter style)        */
	enum take take;
};

static const struct rule rules[] = {
	{"-I", true, true, T_PATH}, {"--include-path", true, false, T_PATH},
	{"-isystem", true, true, T_PATH}, {"--system-include", true, false, T_PATH},
	{"-iquote", true, true, T_PATH}, {"-idirafter", true, true, T_PATH},
	{"-include", true, false, T_PATH}, {"--pre-include", true, false, T_PATH},
	{"-D", true, true, T_KEEP}, {"--define-macro", true, false, T_KEEP},
	{"-U", true, true, T_KEEP}, {"--undefine-macro", true, false, T_KEEP},
	{"-std", true, false, T_KEEP}, {"--std", true, false, T_KEEP},
	{"-x", true, true, T_LANG}, {"--x", true, false, T_LANG},
	{"--expt-relaxed-constexpr", false, false, T_KEEP}, {"-expt-relaxed-constexpr", false, false, T_KEEP},
	{"--expt-extended-lambda", false, false, T_KEEP}, {"-expt-extended-lambda", false, false, T_KEEP},
	{"--extended-lambda", false, false, T_KEEP}, {"-extended-lambda", false, false, T_KEEP},
	{"-ccbin", true, false, T_KEEP}, {"--compiler-bindir", true, false, T_KEEP},
	{"-allow-unsupported-compiler", false, false, T_KEEP},
	{"--allow-unsupported-compiler", false, false, T_KEEP},
	{"-maxrregcount", true, false, T_KEEP}, {"--maxrregcount", true, false, T_KEEP},
	{"-Xptxas", true, false, T_KEEP}, {"--ptxas-options", true, false, T_KEEP},
	{"-use_fast_math", false, false, T_KEEP}, {"--use_fast_math", false, false, T_KEEP},
	{"-ftz", true, false, T_KEEP}, {"--ftz", true, false, T_KEEP},
	{"-prec-div", true, false, T_KEEP}, {"--prec-div", true, false, T_KEEP},
	{"-prec-sqrt", true, false, T_KEEP}, {"--prec-sqrt", true, false, T_KEEP},
	{"-fmad", true, false, T_KEEP}, {"--fmad", true, false, T_KEEP},
	{"-G", false, false, T_KEEP}, {"--device-debug", false, false, T_KEEP},
	{"-dopt", true, false, T_KEEP}, {"--dopt", true, false, T_KEEP},
	{"-rdc", true, false, T_KEEP}, {"--relocatable-device-code", true, false, T_KEEP},
	{"-dc", false, false, T_RDC}, {"--device-c", false, false, T_RDC},
	{"-restrict", false, false, T_KEEP}, {"--restrict", false, false, T_KEEP},
	{"-extra-device-vectorization", false, false, T_KEEP},
	{"--extra-device-vectorization", false, false, T_KEEP},
	{"-arch", true, false, T_ARCH}, {"--gpu-architecture", true, false, T_ARCH},
	{"-gencode", true, false, T_ARCH}, {"--generate-code", true, false, T_ARCH},
	{"-code", true, false, T_ARCH}, {"--gpu-code", true, false, T_ARCH},
	{"--cuda-gpu-arch", true, false, T_ARCH}, {"--offload-arch", true, false, T_ARCH},
	/* dropped, but their value must not be taken for the source file */
	{"-o", true, true, T_DROP}, {"--output-file", true, false, T_DROP},
	{"-MF", true, true, T_DROP}, {"-MT", true, true, T_DROP}, {"-MQ", true, true, T_DROP},
	{"--dependency-output", true, false, T_DROP}, {"--dependency-target-name", true, false, T_DROP},
	{"-Xcompiler", true, false, T_DROP}, {"--compiler-options", true, false, T_DROP},
	{"-Xlinker", true, false, T_DROP}, {"--linker-options", true, false, T_DROP},
	{"-Xnvlink", true, false, T_DROP}, {"-Xfatbin", true, false, T_DROP}, {"-Xarchive", true, false, T_DROP},
	{"-odir", true, false, T_DROP}, {"--output-directory", true, false, T_DROP},
	{"-t", true, false, T_DROP}, {"--threads", true, false, T_DROP},
	{"-split-compile", true, false, T_DROP}, {"--split-compile", true, false, T_DROP},
	{"-l", true, true, T_DROP}, {"-L", true, true, T_DROP},
	{"--keep-dir", true, false, T_DROP}, {"-keep-dir", true, false, T_DROP},
	{"-MJ", true, true, T_DROP},
};

/* Which rule an argument matches, and where its value is: "-Ifoo" (attached),
 * "--x=v", or the next argument. */
static const struct rule *match(const char *a, const char **val, bool *next)
{
	*val = NULL;
	*next = false;
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct rule *r = &rules[i];
		size_t n = strlen(r->name);
		if (strncmp(a, r->name, n) != 0)
			continue;
		if (a[n] == '\0') {
			*next = r->arg;
			return r;
		}
		if (!r->arg)
			continue;
		if (a[n] == '=') {
			*val = a + n + 1;
			return r;
		}
		if (r->attached) {
			*val = a + n;
			return r;
		}
	}
	return NULL;
}

static void push(char ***v, int *n, size_t *cap, const char *s)
{
	KA_GROW(*v, (size_t)*n + 1, *cap, 16);        /* and the NULL after it */
	(*v)[(*n)++] = ka_strdup(s);
	(*v)[*n] = NULL;
}

static void push_arch(struct ka_compile_flags *f, const char *name, size_t len)
{
	char buf[32];
	if (len == 0 || len >= sizeof(buf))
		return;
	memcpy(buf, name, len);
	buf[len] = '\0';
	if (strncmp(buf, "compute_", 8) == 0) {         /* PTX only: same machine */
		memmove(buf + 3, buf + 8, len - 8 + 1);
		memcpy(buf, "sm_", 3);
	}
	if (strncmp(buf, "sm_", 3) != 0 && strncmp(buf, "gfx", 3) != 0)
		return;                                  /* native, all, all-major */
	for (int i = 0; i < f->n_archs; i++)
		if (strcmp(f->archs[i], buf) == 0)
			return;
	push(&f->archs, &f->n_archs, &f->cap_archs, buf);
}

/* -arch=sm_90, -code=sm_80,sm_90, -gencode arch=compute_90,code=[compute_90,sm_90] */
static void parse_arch(struct ka_compile_flags *f, const char *flag, const char *v)
{
	const char *code = strstr(v, "code=");
	bool gencode = strstr(flag, "gencode") || strstr(flag, "generate-code");

	if (gencode && code)
		v = code + 5;
	else if (gencode && strncmp(v, "arch=", 5) == 0)
		v += 5;
	while (*v) {
		size_t n = strcspn(v, ",[]");
		/* gencode "code=" lists machine codes; an "arch=" later ends it */
		if (strncmp(v, "arch=", 5) == 0)
			break;
		push_arch(f, v, n);
		v += n;
		v += strspn(v, ",[]");
	}
}

static char *abs_path(const char *dir, const char *p)
{
	struct ka_buf b = {0};
	if (p[0] == '/' || !dir || !*dir)
		ka_buf_puts(&b, p);
	else
		ka_buf_printf(&b, "%s/%s", dir, p);
	return b.data;
}

static const char *source_lang(const char *file)
{
	const char *dot = strrchr(file, '.');
	if (!dot)
		return NULL;
	if (strcmp(dot, ".cu") == 0 || strcmp(dot, ".cuh") == 0)
		return "cuda";
	if (strcmp(dot, ".hip") == 0)
		return "hip";
	return NULL;
}

/* C and C++ files: CUDA or HIP only with -x */
static bool source_ext(const char *file)
{
	static const char *const ext[] = {".c", ".cc", ".cpp", ".cxx", ".C", ".c++"};
	const char *dot = strrchr(file, '.');
	for (size_t i = 0; dot && i < sizeof(ext) / sizeof(ext[0]); i++)
		if (strcmp(dot, ext[i]) == 0)
			return true;
	return false;
}

/* Response files, inlined: nvcc's --options-file F / -optf F (CMake writes
 * include paths there) and the @F of gcc and clang, relative to the
 * command's directory, nested at most 4 deep.  A missing one is left out
 * (its flags are then missing, and the recompile says so); one that is not
 * a regular file (a FIFO would wait for a writer) is refused by the
 * database's reader.  The bytes of each one read go into `ctx->h`, for the
 * trust of a database (cli/config.c). */
struct expand_ctx {
	struct ka_hash *h;       /* NULL: not hashed                            */
	char *refused;           /* the first response file that is not regular */
};

static void expand(char *const *argv, int argc, const char *dir, int depth, struct expand_ctx *ctx, char ***out,
		   int *n, size_t *cap)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *file = NULL;
		if ((strcmp(a, "--options-file") == 0 || strcmp(a, "-optf") == 0) && i + 1 < argc)
			file = argv[++i];
		else if (strncmp(a, "--options-file=", 15) == 0)
			file = a + 15;
		else if (a[0] == '@' && a[1] && i > 0)
			file = a + 1;
		if (!file) {
			push(out, n, cap, a);
			continue;
		}
		char *path = abs_path(dir, file);
		struct ka_buf text = {0};
		char **v = NULL;
		int k = 0, r = depth < 4 ? ka_read_file(path, 1u << 20, &text) : -ELOOP;
		if (ctx && ctx->h) {
			ka_hash_str(ctx->h, path);
			ka_hash_str(ctx->h, r == 0 ? "read" : "missing");
			ka_hash_update(ctx->h, text.data ? text.data : "", text.len);
		}
		if (r == -EINVAL && ctx && !ctx->refused)
			ctx->refused = ka_strdup(path);
		if (r == 0 && ka_shell_split(text.data ? text.data : "", &v, &k) == 0) {
			expand(v, k, dir, depth + 1, ctx, out, n, cap);
			for (int j = 0; j < k; j++)
				free(v[j]);
			free(v);
		}
		ka_buf_free(&text);
		free(path);
	}
}

static int from_argv(char *const *argv, int argc, const char *directory, const char *file,
		     struct ka_compile_flags *f);

static int flags_expanded(char *const *argv, int argc, const char *directory, const char *file,
			  struct expand_ctx *ctx, struct ka_compile_flags *f)
{
	char **v = NULL;
	int n = 0, rc;
	size_t cap = 0;
	expand(argv, argc, directory, 0, ctx, &v, &n, &cap);
	rc = from_argv(v, n, directory, file, f);
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return rc;
}

int ka_compile_flags_from_argv(char *const *argv, int argc, const char *directory, const char *file,
			       struct ka_compile_flags *f)
{
	struct expand_ctx ctx = {0};
	int rc = flags_expanded(argv, argc, directory, file, &ctx, f);
	free(ctx.refused);
	return rc;
}

static int from_argv(char *const *argv, int argc, const char *directory, const char *file,
		     struct ka_compile_flags *f)
{
	const char *lang = NULL;
	int n_sources = 0;

	memset(f, 0, sizeof(*f));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *val;
		bool next;
		const struct rule *r = match(a, &val, &next);

		if (next) {
			if (i + 1 >= argc)
				break;
			val = argv[++i];
		}
		if (!r) {
			if (strcmp(a, "-c") == 0 || strcmp(a, "--compile") == 0 || strcmp(a, "-cubin") == 0 ||
			    strcmp(a, "--cubin") == 0 || strcmp(a, "-ptx") == 0 || strcmp(a, "--ptx") == 0 ||
			    strcmp(a, "-fatbin") == 0 || strcmp(a, "--fatbin") == 0)
				f->compiles = true;
			else if (a[0] != '-' && (source_lang(a) || source_ext(a))) {
				n_sources++;
				if (!f->source)
					f->source = abs_path(directory, a);
			}
			continue;
		}
		switch (r->take) {
		case T_KEEP:
			if (val && next) {
				push(&f->flags, &f->n_flags, &f->cap_flags, r->name);
				push(&f->flags, &f->n_flags, &f->cap_flags, val);
			} else {
				push(&f->flags, &f->n_flags, &f->cap_flags, a);
			}
			break;
		case T_PATH: {
			char *p = abs_path(directory, val);
			if (r->attached && strcmp(r->name, "-I") == 0) {
				struct ka_buf b = {0};
				ka_buf_printf(&b, "-I%s", p);
				push(&f->flags, &f->n_flags, &f->cap_flags, b.data);
				ka_buf_free(&b);
			} else {
				push(&f->flags, &f->n_flags, &f->cap_flags, r->name);
				push(&f->flags, &f->n_flags, &f->cap_flags, p);
			}
			free(p);
			break;
		}
		case T_ARCH:
			parse_arch(f, r->name, val);
			break;
		case T_LANG:
			if (strcmp(val, "cu") == 0 || strcmp(val, "cuda") == 0)
				lang = "cuda";
			else if (strcmp(val, "hip") == 0)
				lang = "hip";
			else
				lang = "other";
			break;
		case T_RDC:
			push(&f->flags, &f->n_flags, &f->cap_flags, "-rdc=true");
			f->compiles = true;
			break;
		case T_DROP:
			break;
		}
	}
	if (file) {
		free(f->source);
		f->source = abs_path(directory, file);
	}
	if (!lang && f->source)
		lang = source_lang(f->source);
	if (!f->source || !lang || strcmp(lang, "other") == 0 || (!file && n_sources != 1)) {
		ka_compile_flags_free(f);
		return -1;
	}
	f->lang = ka_strdup(lang);
	/* the compiler the build runs (HIP: the one kanalyze runs too) */
	if (argc > 0 && argv[0] && *argv[0])
		f->compiler = strchr(argv[0], '/') ? abs_path(directory, argv[0]) : ka_strdup(argv[0]);
	if (!f->flags)
		f->flags = ka_xcalloc(1, sizeof(char *));
	return 0;
}

void ka_compile_flags_free(struct ka_compile_flags *f)
{
	for (int i = 0; i < f->n_flags; i++)
		free(f->flags[i]);
	for (int i = 0; i < f->n_archs; i++)
		free(f->archs[i]);
	free(f->flags);
	free(f->archs);
	free(f->source);
	free(f->lang);
	free(f->compiler);
	memset(f, 0, sizeof(*f));
}

int ka_shell_split(const char *s, char ***argv, int *argc)
{
	struct ka_buf w = {0};
	bool in_word = false;
	size_t cap = 0;

	*argv = NULL;
	*argc = 0;
	while (*s) {
		char c = *s++;
		if (isspace((unsigned char)c)) {
			if (in_word) {
				push(argv, argc, &cap, w.data ? w.data : "");
				w.len = 0;
				if (w.data)
					w.data[0] = '\0';
				in_word = false;
			}
			continue;
		}
		in_word = true;
		if (c == '\\' && *s) {
			ka_buf_append(&w, s++, 1);
		} else if (c == '\'') {
			const char *q = strchr(s, '\'');
			if (!q)
				goto unterminated;
			ka_buf_append(&w, s, (size_t)(q - s));
			s = q + 1;
		} else if (c == '"') {
			for (; *s && *s != '"'; s++) {
				if (*s == '\\' && strchr("\"\\$`", s[1]) && s[1])
					s++;
				ka_buf_append(&w, s, 1);
			}
			if (!*s)
				goto unterminated;
			s++;
			ka_buf_append(&w, "", 0);
		} else {
			ka_buf_append(&w, &c, 1);
		}
	}
	if (in_word)
		push(argv, argc, &cap, w.data ? w.data : "");
	ka_buf_free(&w);
	return 0;
unterminated:
	ka_buf_free(&w);
	for (int i = 0; i < *argc; i++)
		free((*argv)[i]);
	free(*argv);
	*argv = NULL;
	*argc = 0;
	return -1;
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const struct ka_compile_flags *)a)->source, ((const struct ka_compile_flags *)b)->source);
}

/* By source, then by place in the file: the first entry of a file built
 * twice comes first (qsort alone is not stable). */
static int cmp_index(const void *a, const void *b, void *ctx)
{
	const struct ka_compile_flags *v = ctx;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(v[i].source, v[j].source);
	return c ? c : (i > j) - (i < j);
}

/* Sorted by file; a file built twice (two targets) keeps its first entry. */
void ka_compdb_seal(struct ka_compdb *db)
{
	if (db->n > 1) {
		size_t k = 1, *idx = ka_xcalloc(db->n, sizeof(*idx));
		struct ka_compile_flags *sorted = ka_xcalloc(db->n, sizeof(*sorted));
		for (size_t j = 0; j < db->n; j++)
			idx[j] = j;
		qsort_r(idx, db->n, sizeof(*idx), cmp_index, db->v);
		for (size_t j = 0; j < db->n; j++)
			sorted[j] = db->v[idx[j]];
		free(idx);
		free(db->v);
		db->v = sorted;
		db->cap = db->n;
		for (size_t j = 1; j < db->n; j++) {
			if (strcmp(db->v[j].source, db->v[k - 1].source) == 0)
				ka_compile_flags_free(&db->v[j]);
			else
				db->v[k++] = db->v[j];
		}
		db->n = k;
	}
}

void ka_compdb_add(struct ka_compdb *db, const char *source, const char *lang, const char *flags)
{
	struct ka_compile_flags f = {0};
	char *real = realpath(source, NULL);
	f.source = real ? real : ka_strdup(source);
	f.lang = ka_strdup(lang);
	for (const char *p = flags; p && *p;) {
		size_t l = strcspn(p, "\n");
		if (l > 0) {
			KA_GROW(f.flags, (size_t)f.n_flags + 1, f.cap_flags, 16);
			f.flags[f.n_flags] = ka_xmalloc(l + 1);
			memcpy(f.flags[f.n_flags], p, l);
			f.flags[f.n_flags++][l] = '\0';
			f.flags[f.n_flags] = NULL;
		}
		p += l + (p[l] == '\n');
	}
	if (!f.flags)
		f.flags = ka_xcalloc(1, sizeof(*f.flags));
	KA_GROW(db->v, db->n, db->cap, 16);
	db->v[db->n++] = f;
}

int ka_compdb_load(const char *path, struct ka_compdb *db, struct ka_diag *d)
{
	struct ka_buf p = {0}, text = {0};
	json_error_t err;
	json_t *root = NULL, *e;
	size_t i;
	int rc = -1, r;

	struct ka_hash h;
	struct expand_ctx ctx = {.h = &h};

	memset(db, 0, sizeof(*db));
	ka_hash_init(&h);
	ka_buf_puts(&p, path);
	r = ka_read_file(p.data, 256u << 20, &text);
	if (r == -EISDIR) {
		p.len = 0;
		ka_buf_printf(&p, "%s/compile_commands.json", path);
		r = ka_read_file(p.data, 256u << 20, &text);
	}
	if (r != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, p.data, "cannot read the compilation database: %s", strerror(-r));
		goto out;
	}
	ka_hash_update(&h, text.data ? text.data : "", text.len);
	root = json_loadb(text.data ? text.data : "", text.len, 0, &err);
	if (!root || !json_is_array(root)) {
		ka_diag_error(d, KA_EXIT_USAGE, p.data, "not a compilation database (a JSON array of entries)%s%s",
			      root ? "" : ": ", root ? "" : err.text);
		goto out;
	}
	json_array_foreach(root, i, e) {
		const char *dir = json_string_value(json_object_get(e, "directory"));
		const char *file = json_string_value(json_object_get(e, "file"));
		json_t *args = json_object_get(e, "arguments");
		const char *cmd = json_string_value(json_object_get(e, "command"));
		char **argv = NULL;
		int argc = 0;
		size_t cap = 0;
		struct ka_compile_flags f;

		if (!json_is_object(e) || !dir || !file || (!json_is_array(args) && !cmd)) {
			ka_diag_error(d, KA_EXIT_USAGE, p.data,
				      "entry %zu: needs \"directory\", \"file\" and \"arguments\" or \"command\"", i);
			goto out;
		}
		if (json_is_array(args)) {
			size_t k;
			json_t *a;
			json_array_foreach(args, k, a) {
				if (!json_is_string(a)) {
					ka_diag_error(d, KA_EXIT_USAGE, p.data, "entry %zu: arguments must be strings", i);
					for (int j = 0; j < argc; j++)
						free(argv[j]);
					free(argv);
					goto out;
				}
				push(&argv, &argc, &cap, json_string_value(a));
			}
		} else if (ka_shell_split(cmd, &argv, &argc) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, p.data, "entry %zu: unterminated quote in \"command\"", i);
			goto out;
		}
		if (argc > 0 && flags_expanded(argv, argc, dir, file, &ctx, &f) == 0) {
			char *real = realpath(f.source, NULL);   /* one name per file */
			if (real) {
				free(f.source);
				f.source = real;
			}
			KA_GROW(db->v, db->n, db->cap, 16);
			db->v[db->n++] = f;
		}
		for (int j = 0; j < argc; j++)
			free(argv[j]);
		free(argv);
		if (ctx.refused) {
			ka_diag_error(d, KA_EXIT_USAGE, p.data, "entry %zu: response file %s is not a regular file "
				      "(a FIFO or a device is not read)", i, ctx.refused);
			goto out;
		}
	}
	ka_hash_final(&h, db->digest);
	ka_compdb_seal(db);
	rc = 0;
out:
	if (rc != 0) {
		char unused[KA_HASH_HEX];
		ka_hash_final(&h, unused);         /* frees its state */
		ka_compdb_free(db);
	}
	free(ctx.refused);
	json_decref(root);
	ka_buf_free(&text);
	ka_buf_free(&p);
	return rc;
}

void ka_compdb_free(struct ka_compdb *db)
{
	for (size_t i = 0; i < db->n; i++)
		ka_compile_flags_free(&db->v[i]);
	free(db->v);
	memset(db, 0, sizeof(*db));
}

const struct ka_compile_flags *ka_compdb_find(const struct ka_compdb *db, const char *file)
{
	char *abs = realpath(file, NULL);
	const struct ka_compile_flags *hit = NULL;
	const char *want = abs ? abs : file;

	struct ka_compile_flags key = {.source = (char *)want};

	/* sorted by source (ka_compdb_load): a lookup per file stays
	 * logarithmic on a 100,000-entry database */
	if (db->n > 0)
		hit = bsearch(&key, db->v, db->n, sizeof(*db->v), cmp_entry);
	free(abs);
	return hit;
}
