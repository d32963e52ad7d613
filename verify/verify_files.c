/* verify_files.c — `kanalyze verify FILE...` (ka_verify_files_run,
 * verify.h): kanalyze's reading of a user's own build set beside what the
 * CUDA driver says when it loads it (DESIGN §7).
 * Every cubin of the GPU's architecture in the inputs (a source's, from the
 * one compile the library's analysis of it runs; cubins, fatbins, objects, archives, libraries, executables
 * read as `kanalyze FILE` reads them) is written out; kernels/runner/
 * verify_probe.c (plain C, libcuda.so.1 through dlopen, nothing launched)
 * loads each one eagerly and prints each kernel's attributes and its
 * occupancy at every block size; this file compares.
 *
 *   kanalyze verify FILE...                  all three steps on a GPU machine
 *   kanalyze verify --extract DIR FILE...    step 1 here (DIR/probe.txt, cubins)
 *   kernels/runner/run_probe.sh DIR          step 2 on a GPU machine without kanalyze
 *   kanalyze verify --compare DIR            step 3 here (DIR/driver.jsonl)
 *   kanalyze verify --check RECORD           a committed record against the model
 *
 * What is compared, per kernel: registers (CU_FUNC_ATTRIBUTE_NUM_REGS),
 * static_smem (SHARED_SIZE_BYTES), stack (LOCAL_SIZE_BYTES: the whole
 * stack, callees included), the largest block it can launch
 * (MAX_THREADS_PER_BLOCK), blocks per SM at every block size 1..that
 * (cuOccupancyMaxActiveBlocksPerMultiprocessor) and the best block with its
 * grid (cuOccupancyMaxPotentialBlockSize), at each dynamic shared size asked
 * (--smem, default 0) and, for a source, of its constant launch sites.  No GPU: "not run", exit 0.  A disagreement: exit 1. */
#define _POSIX_C_SOURCE 200809L
#include "verify.h"
#include "frontends.h"
#include "occupancy.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


enum { MAX_SMEM = 16 };

/* ---- step 1: the cubins of one arch, written out ---------------------------- */

struct extract {
	const struct ka_nv_arch *arch;
	const char *dir;
	struct ka_buf manifest;
	long smem[MAX_SMEM];
	int n_smem;
	long extra[MAX_SMEM];        /* a source's launch sites' dynamic sizes */
	int n_extra;
	int n_cubins, n_kernels, n_other_arch;
	int rc;
	struct ka_diag *d;
};

static void smem_list(struct ka_buf *b, const long *smem, int n)
{
	for (int i = 0; i < n; i++)
		ka_buf_printf(b, "%s%ld", i ? "," : "", smem[i]);
}

/* ka_binary_read_opts calls this with each cubin it read (decoded). */
static void on_cubin(void *arg, const void *cubin, size_t len, struct ka_kernel_list *out, size_t first,
		     const char *where, struct ka_diag *d)
{
	struct extract *x = arg;
	struct ka_buf path = {0};
	char name[32];

	(void)d;
	if (first >= out->n)
		return;
	if (ka_nv_arch_find(out->v[first].arch) != x->arch) {
		x->n_other_arch++;
		return;
	}
	snprintf(name, sizeof(name), "%04d.cubin", ++x->n_cubins);
	ka_buf_printf(&path, "%s/%s", x->dir, name);
	if (ka_write_file_atomic(path.data, cubin, len) != 0) {
		ka_diag_error(x->d, KA_EXIT_USAGE, path.data, "cannot write: %s", strerror(errno));
		x->rc = KA_EXIT_USAGE;
	}
	ka_buf_printf(&x->manifest, "cubin %s ", name);
	smem_list(&x->manifest, x->smem, x->n_smem);
	for (int i = 0; i < x->n_extra; i++) {
		bool seen = false;
		for (int j = 0; j < x->n_smem; j++)
			seen |= x->smem[j] == x->extra[i];
		if (!seen)
			ka_buf_printf(&x->manifest, ",%ld", x->extra[i]);
	}
	ka_buf_printf(&x->manifest, "\norigin %s %s\n", name, where);
	for (size_t i = first; i < out->n; i++, x->n_kernels++)
		ka_buf_printf(&x->manifest, "kernel %s\n", out->v[i].mangled);
	ka_buf_free(&path);
}

/* A CUDA source: analysed once through the library (no cache, so it
 * compiles; no source analysis) for the GPU's arch, with the user's
 * -I/-D/-std; the cubin that compile produced is kept (ka_request.on_cubin)
 * and written out, at the dynamic shared sizes of its constant launch
 * sites too (as `kanalyze FILE` finds them). */
static void keep_cubin(void *arg, const char *file, const char *arch, const void *cubin, size_t len)
{
	struct ka_buf *kept = arg;
	(void)file;
	(void)arch;
	kept->len = 0;
	ka_buf_append(kept, cubin, len);
}

static int extract_source(struct extract *x, const struct ka_verify_options *o, const char *file)
{
	const char *inputs[2] = {file, NULL};
	const char **cc = ka_xcalloc((size_t)o->n_cc_args + 1, sizeof(*cc));
	struct ka_buf cubin = {0};
	struct ka_result res = {0};
	int rc;

	for (int i = 0; i < o->n_cc_args; i++)
		cc[i] = o->cc_args[i];
	struct ka_request req;
	ka_request_init(&req, inputs, 1);
	req.archs = x->arch->name;
	req.cc_args = cc;
	req.lang = "cuda";                         /* CUDA by classification: k.cu.cc too */
	req.timeout_s = 600;
	req.nvcc = o->nvcc;
	req.uniformity = req.cache = false;        /* the compile itself, its cubin kept */
	req.on_cubin = keep_cubin;
	req.on_cubin_arg = &cubin;
	rc = ka_analyze(&req, x->d, &res);
	x->n_extra = 0;
	for (size_t i = 0; i < res.n; i++) {
		long s = res.v[i].smem_dynamic;
		bool seen = s <= 0;
		for (int j = 0; j < x->n_extra && !seen; j++)
			seen = x->extra[j] == s;
		if (!seen && x->n_extra < MAX_SMEM)
			x->extra[x->n_extra++] = s;
	}
	ka_result_free(&res);
	free(cc);
	if (rc == KA_EXIT_OK && !cubin.data) {
		ka_diag_error(x->d, KA_EXIT_TOOLCHAIN, file, "the compile for %s produced no cubin", x->arch->name);
		rc = KA_EXIT_TOOLCHAIN;
	}
	if (rc == KA_EXIT_OK) {
		struct ka_kernel_list got = {0};
		if (ka_cubin_read(cubin.data, cubin.len, file, x->d, &got) != 0)
			rc = KA_EXIT_TOOLCHAIN;
		else
			on_cubin(x, cubin.data, cubin.len, &got, 0, file, x->d);
		ka_kernel_list_free(&got);
	}
	x->n_extra = 0;
	ka_buf_free(&cubin);
	return rc;
}

static int extract_binary(struct extract *x, const char *file)
{
	struct stat st;
	void *map = MAP_FAILED;
	int fd = open(file, O_RDONLY | O_CLOEXEC), rc = KA_EXIT_OK;

	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		ka_diag_error(x->d, KA_EXIT_USAGE, file, "cannot read: %s",
			      fd >= 0 && S_ISDIR(st.st_mode) ? "a directory" : fd >= 0 ? "not a regular file" : strerror(errno));
		if (fd >= 0)
			close(fd);
		return KA_EXIT_USAGE;
	}
	if (st.st_size > 0)
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		ka_diag_error(x->d, KA_EXIT_USAGE, file, "%s", st.st_size == 0 ? "empty file" : strerror(errno));
		return KA_EXIT_USAGE;
	}
	int kind = ka_binary_sniff(map, (size_t)st.st_size);
	if (kind == KA_BINARY_NONE || kind == KA_BINARY_HOST_ELF_PLAIN || kind == KA_BINARY_AMD_CODE_OBJECT ||
	    kind == KA_BINARY_BUNDLE || kind == KA_BINARY_BUNDLE_COMPRESSED) {
		ka_diag_error(x->d, KA_EXIT_USAGE, file, "%s", kind == KA_BINARY_NONE || kind == KA_BINARY_HOST_ELF_PLAIN
			      ? "not a CUDA source (.cu) or an NVIDIA binary (cubin, fatbin, object, archive, library, executable)"
			      : "an AMD binary: verify loads NVIDIA cubins through the CUDA driver");
		munmap(map, (size_t)st.st_size);
		return KA_EXIT_USAGE;
	}
	struct ka_kernel_list got = {0};
	struct ka_binary_options o = {.on_cubin = on_cubin, .arg = x};
	int before = x->n_cubins;
	if (ka_binary_read_opts(map, (size_t)st.st_size, file, &o, x->d, &got) < 0)
		rc = KA_EXIT_USAGE;
	else if (x->n_cubins == before)
		ka_diag_note(x->d, file, "no cubin of %s in this file", x->arch->name);
	ka_kernel_list_free(&got);
	munmap(map, (size_t)st.st_size);
	return rc;
}

/* Write every input's cubins of x->arch into x->dir (made if missing) and
 * x->dir/probe.txt.  An exit code. */
static int extract_all(struct extract *x, const struct ka_verify_options *o)
{
	struct ka_buf p = {0};
	int rc = KA_EXIT_OK;

	if (mkdir(x->dir, 0777) != 0 && errno != EEXIST) {
		ka_diag_error(x->d, KA_EXIT_USAGE, x->dir, "cannot create the directory: %s", strerror(errno));
		return KA_EXIT_USAGE;
	}
	ka_buf_printf(&x->manifest, "# kanalyze verify --extract: the cubins of %s for kernels/runner/verify_probe.c\n",
		      x->arch->name);
	for (int i = 0; i < o->n_files && rc == KA_EXIT_OK; i++) {
		const char *f = o->files[i];
		bool cuda = ka_input_source_vendor(f, NULL) == ka_vendors[KA_VENDOR_NVIDIA];   /* as ka_analyze classifies it */
		rc = cuda ? extract_source(x, o, f) : extract_binary(x, f);
	}
	if (rc == KA_EXIT_OK && x->rc != KA_EXIT_OK)
		rc = x->rc;
	if (rc == KA_EXIT_OK) {
		ka_buf_printf(&p, "%s/probe.txt", x->dir);
		if (ka_write_file_atomic(p.data, x->manifest.data, x->manifest.len) != 0) {
			ka_diag_error(x->d, KA_EXIT_USAGE, p.data, "cannot write: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		}
	}
	ka_buf_free(&p);
	return rc;
}

/* ---- step 3: the comparison --------------------------------------------------- */

struct count {
	long checked, equal;
};

struct compare {
	struct ka_diag *d;
	const struct ka_nv_arch *arch;
	long sm_count;
	struct count regs, smem, stack, threads, blocks, best, loads, names;
	long shown;
	struct ka_buf record;
};

static long jint(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_integer(v) ? (long)json_integer_value(v) : -1;
}

static const char *jstr(json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));
	return s ? s : "";
}

static void record_put(struct compare *c, json_t *o)
{
	char *s = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (s)
		ka_buf_printf(&c->record, "%s\n", s);
	free(s);
}

static bool tally(struct count *t, bool ok)
{
	t->checked++;
	t->equal += ok;
	return ok;
}

/* The model's launch for a kernel's predicted resources. */
static struct ka_nv_launch launch(long regs, int block, long smem, long barriers)
{
	struct ka_nv_launch in = {.regs = (int)regs, .block = block, .smem = smem,
				  .barriers = (int)(barriers > 0 ? barriers : 0), .carveout_pct = -1};
	return in;
}

/* The largest block the kernel can launch: its bound, else the arch's, and
 * no more warps than the register file holds for one block (255 registers:
 * 256 threads), as CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK says. */
static int max_threads_model(const struct ka_nv_arch *a, long regs, long bound, long barriers)
{
	int hi = bound > 0 && bound < a->max_threads_per_block ? (int)bound : a->max_threads_per_block;
	for (int b = hi; b > 0; b--) {
		struct ka_nv_launch in = launch(regs, b, 0, barriers);
		if (ka_occ_nvidia_blocks(a, &in) > 0)
			return b;
	}
	return 0;
}

static int best_model(const struct ka_nv_arch *a, long regs, long smem, long barriers, long bound, int *grid_per_sm)
{
	int b[1024];
	struct ka_nv_launch in = launch(regs, 0, smem, barriers);
	int n = ka_best_blocks_nvidia(a, &in, (int)bound, b, 1024);
	*grid_per_sm = 0;
	if (n <= 0)
		return -1;
	in.block = b[n - 1];
	*grid_per_sm = ka_occ_nvidia_blocks(a, &in);
	return b[n - 1];
}

static void mismatch(struct compare *c, const char *what, const char *kernel, const char *where, const char *at,
		     long got, long want)
{
	c->shown++;
	printf("MISMATCH %s %s%s%s (%s): kanalyze %ld, driver %ld\n", what, kernel, *at ? " " : "", at, where, got,
	       want);
}

/* A run of block sizes [from, to] where kanalyze said `got` and the driver
 * `want`: one line. */
static void mismatch_run(struct compare *c, const char *kernel, const char *where, long dyn, long from, long to,
			 long got, long want)
{
	char at[96];
	if (to > from)
		snprintf(at, sizeof(at), "smem %ld block %ld-%ld", dyn, from, to);
	else
		snprintf(at, sizeof(at), "smem %ld block %ld", dyn, from);
	mismatch(c, "blocks/SM", kernel, where, at, got, want);
}

/* One kernel's occupancy answers at one dynamic size against the model: the
 * driver's blocks per SM at every block size 1..last (kept as runs: [first
 * block size, blocks], each holding until the next), then the best block
 * and its grid.  The predictions are added to rec_occ. */
static void check_sweep(struct compare *c, const char *kernel, const char *where, long regs, long static_smem,
			long barriers, long bound, long last, json_t *occ, json_t *rec_occ)
{
	long dyn = jint(occ, "smem");
	json_t *runs = json_object_get(occ, "blocks_driver");
	size_t nr = json_array_size(runs), i = 0;
	long smem = (static_smem > 0 ? static_smem : 0) + (dyn > 0 ? dyn : 0);
	long bad_from = -1, bad_got = 0, bad_want = 0, want = -1;
	char at[96];

	if (last > c->arch->max_threads_per_block)
		last = c->arch->max_threads_per_block;
	for (long b = 1; b <= last && nr > 0; b++) {
		/* the run that holds b */
		while (i < nr && json_integer_value(json_array_get(json_array_get(runs, i), 0)) <= b)
			want = (long)json_integer_value(json_array_get(json_array_get(runs, i++), 1));
		struct ka_nv_launch in = launch(regs, (int)b, smem, barriers);
		long got = ka_occ_nvidia_blocks(c->arch, &in);
		bool ok = tally(&c->blocks, got == want);
		if (bad_from >= 0 && (ok || got != bad_got || want != bad_want)) {
			mismatch_run(c, kernel, where, dyn, bad_from, b - 1, bad_got, bad_want);
			bad_from = -1;
		}
		if (!ok && bad_from < 0) {
			bad_from = b;
			bad_got = got;
			bad_want = want;
		}
	}
	if (bad_from >= 0)
		mismatch_run(c, kernel, where, dyn, bad_from, last, bad_got, bad_want);
	int per_sm = 0, best = best_model(c->arch, regs, smem, barriers, bound, &per_sm);
	long grid = c->sm_count > 0 ? per_sm * c->sm_count : -1;
	snprintf(at, sizeof(at), "smem %ld", dyn);
	if (!tally(&c->best, best == jint(occ, "best_driver")))
		mismatch(c, "best block", kernel, where, at, best, jint(occ, "best_driver"));
	else if (grid >= 0 && grid != jint(occ, "min_grid_driver")) {
		c->best.equal--;
		mismatch(c, "best block's grid", kernel, where, at, grid, jint(occ, "min_grid_driver"));
	}
	json_object_set_new(rec_occ, "best_predicted", json_integer(best));
	json_object_set_new(rec_occ, "min_grid_predicted", json_integer(grid));
}

/* The comparisons of one kernel line of a record (or of one being made):
 * the stored predictions against the stored driver answers, the blocks per
 * SM recomputed by the model. */
static void check_kernel(struct compare *c, json_t *k)
{
	const char *name = jstr(k, "kernel"), *where = jstr(k, "origin");
	long regs = jint(k, "regs_predicted"), smem = jint(k, "static_smem_predicted"), bars = jint(k, "barriers");
	long bound = jint(k, "launch_bounds");
	json_t *occ = json_object_get(k, "occupancy"), *o;
	size_t i;
	long before = c->shown;

	if (!tally(&c->regs, regs == jint(k, "regs_driver")))
		mismatch(c, "registers", name, where, "", regs, jint(k, "regs_driver"));
	if (!tally(&c->smem, smem == jint(k, "static_smem_driver")))
		mismatch(c, "static_smem", name, where, "", smem, jint(k, "static_smem_driver"));
	if (!tally(&c->stack, jint(k, "stack_predicted") == jint(k, "local_driver")))
		mismatch(c, "stack (localSizeBytes)", name, where, "", jint(k, "stack_predicted"), jint(k, "local_driver"));
	long mt = max_threads_model(c->arch, regs, bound, bars);
	json_object_set_new(k, "max_threads_predicted", json_integer(mt));
	if (!tally(&c->threads, mt == jint(k, "max_threads_driver")))
		mismatch(c, "max threads", name, where, "", mt, jint(k, "max_threads_driver"));
	json_array_foreach(occ, i, o)
		check_sweep(c, name, where, regs, smem, bars, bound, jint(k, "max_threads_driver"), o, o);
	json_object_set_new(k, "equal", json_boolean(c->shown == before));
}

static void summary(struct compare *c, json_t *rec_summary)
{
	struct { const char *label; struct count *t; const char *against; } rows[] = {
		{"registers", &c->regs, "CU_FUNC_ATTRIBUTE_NUM_REGS"},
		{"static_smem", &c->smem, "CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES"},
		{"stack", &c->stack, "CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES"},
		{"max threads", &c->threads, "CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK"},
		{"blocks per SM", &c->blocks, "cuOccupancyMaxActiveBlocksPerMultiprocessor, every block size"},
		{"best block", &c->best, "cuOccupancyMaxPotentialBlockSize, block and grid"},
	};
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		printf("%-16s %ld/%ld equal (%s)\n", rows[i].label, rows[i].t->equal, rows[i].t->checked, rows[i].against);
		if (rec_summary) {
			char key[64];
			snprintf(key, sizeof(key), "%s_checked", rows[i].label);
			for (char *p = key; *p; p++)
				if (*p == ' ')
					*p = '_';
			json_object_set_new(rec_summary, key, json_integer(rows[i].t->checked));
			snprintf(key, sizeof(key), "%s_equal", rows[i].label);
			for (char *p = key; *p; p++)
				if (*p == ' ')
					*p = '_';
			json_object_set_new(rec_summary, key, json_integer(rows[i].t->equal));
		}
	}
	if (c->loads.checked)
		printf("%-16s %ld/%ld loaded\n", "cubins", c->loads.equal, c->loads.checked);
	if (c->names.checked)
		printf("%-16s %ld kernel(s) one side names and the other does not\n", "names",
		       c->names.checked - c->names.equal);
}

static long disagreements(const struct compare *c)
{
	const struct count *t[] = {&c->regs, &c->smem, &c->stack, &c->threads, &c->blocks, &c->best, &c->loads,
				   &c->names};
	long n = 0;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		n += t[i]->checked - t[i]->equal;
	return n;
}

static int verdict(struct compare *c)
{
	long bad = disagreements(c);
	if (c->regs.checked == 0) {
		printf("FAIL: no kernel was checked\n");
		return KA_EXIT_FINDINGS;
	}
	if (bad) {
		printf("FAIL: %ld disagreement(s) with the driver\n", bad);
		return KA_EXIT_FINDINGS;
	}
	printf("pass: %ld kernels, %ld blocks-per-SM answers, %ld best blocks equal\n", c->regs.checked,
	       c->blocks.checked, c->best.checked);
	return KA_EXIT_OK;
}

int ka_verify_parse_lines(char *text, const char *where, json_t *out, struct ka_diag *d)
{
	int lineno = 0;
	char *save = NULL;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		json_error_t err;
		json_t *o;

		lineno++;
		if (strspn(line, " \t\r") == strlen(line))
			continue;
		o = json_loads(line, 0, &err);
		if (!json_is_object(o) || !json_is_string(json_object_get(o, "kind"))) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "line %d is not a JSON object with a \"kind\"%s%s",
				      lineno, o ? "" : ": ", o ? "" : err.text);
			json_decref(o);
			return -1;
		}
		json_array_append_new(out, o);
	}
	return 0;
}

/* The manifest's origin of each cubin ("origin FILE WHERE"). */
static const char *origin_of(const char *manifest, const char *cubin, char *buf, size_t n)
{
	size_t cl = strlen(cubin);
	for (const char *p = manifest; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, "origin ", 7) == 0 && strncmp(p + 7, cubin, cl) == 0 && p[7 + cl] == ' ') {
			const char *s = p + 8 + cl, *e = strchr(s, '\n');
			snprintf(buf, n, "%.*s", (int)(e ? (size_t)(e - s) : strlen(s)), s);
			return buf;
		}
	}
	snprintf(buf, n, "%s", cubin);
	return buf;
}

/* DIR/driver.jsonl (the probe's answers) against kanalyze's reading of the
 * cubins in DIR.  out_path: the record, or NULL. */
static int compare_dir(const char *dir, const char *out_path, struct ka_diag *d)
{
	struct ka_buf path = {0}, text = {0}, manifest = {0};
	json_t *lines = json_array(), *hdr = NULL, *env = NULL, *o, *cur = NULL;
	struct compare c = {.d = d};
	struct ka_kernel_list kl = {0};
	char cubin_now[256] = "", origin[1024], arch[32];
	size_t i;
	int rc = KA_EXIT_OK, err;

	ka_buf_printf(&path, "%s/driver.jsonl", dir);
	if ((err = ka_read_file(path.data, 1u << 30, &text)) != 0 || !text.data) {
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "cannot read: %s (kernels/runner/run_probe.sh %s writes it)",
			      err ? strerror(-err) : "empty file", dir);
		rc = KA_EXIT_USAGE;
		goto out;
	}
	ka_buf_free(&path);
	ka_buf_printf(&path, "%s/probe.txt", dir);
	if ((err = ka_read_file(path.data, 1u << 30, &manifest)) != 0 || !manifest.data) {
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "cannot read: %s (kanalyze verify --extract %s writes it)",
			      err ? strerror(-err) : "empty file", dir);
		rc = KA_EXIT_USAGE;
		goto out;
	}
	ka_buf_free(&path);
	ka_buf_printf(&path, "%s/driver.jsonl", dir);
	if (ka_verify_parse_lines(text.data, path.data, lines, d) != 0) {
		rc = KA_EXIT_USAGE;
		goto out;
	}
	json_array_foreach(lines, i, o) {
		if (strcmp(jstr(o, "kind"), "no_device") == 0) {
			printf("not run: no GPU (the probe: %s)\n", jstr(o, "error"));
			goto out;
		}
		if (strcmp(jstr(o, "kind"), "header") == 0 && !hdr)
			hdr = o;
		if (strcmp(jstr(o, "kind"), "env") == 0 && !env)
			env = o;
	}
	if (!hdr || !*jstr(hdr, "cc")) {
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "no header line: not the output of verify_probe");
		rc = KA_EXIT_USAGE;
		goto out;
	}
	ka_verify_arch_of_cc(arch, sizeof(arch), jstr(hdr, "cc"));
	c.arch = ka_nv_arch_find(arch);
	if (!c.arch) {
		ka_diag_error(d, KA_EXIT_USAGE, path.data, "the GPU is %s, which kanalyze does not model", arch);
		rc = KA_EXIT_USAGE;
		goto out;
	}
	c.sm_count = jint(hdr, "sm_count");
	{
		char api[32], date[16] = "";
		time_t now = time(NULL);
		struct tm tm;
		ka_verify_cuda_version(api, sizeof(api), jint(hdr, "driver_api"));
		if (env && strlen(jstr(env, "date")) >= 10)
			snprintf(date, sizeof(date), "%.10s", jstr(env, "date"));
		else
			strftime(date, sizeof(date), "%Y-%m-%d", gmtime_r(&now, &tm));
		const char *drv = env && *jstr(env, "driver_version") ? jstr(env, "driver_version") : api;
		json_t *h = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:s, s:s, s:I, s:s, s:s}", "kind", "header",
				      "mode", "files", "device", jstr(hdr, "device"), "cc", jstr(hdr, "cc"), "arch",
				      c.arch->name, "driver", drv, "driver_api", (json_int_t)jint(hdr, "driver_api"),
				      "cuda_driver_api", api, "nvcc", env ? jstr(env, "nvcc") : "", "sm_count",
				      (json_int_t)c.sm_count, "kanalyze", KA_VERSION, "date", date);
		record_put(&c, h);
		json_decref(h);
		printf("kanalyze verify: %s (%s, %ld SMs), driver %s, CUDA driver API %s\n", jstr(hdr, "device"),
		       c.arch->name, c.sm_count, drv, api);
	}

	json_array_foreach(lines, i, o) {
		const char *kind = jstr(o, "kind"), *cb = jstr(o, "cubin");
		if (strcmp(kind, "module") == 0 || strcmp(kind, "load_error") == 0) {
			struct ka_buf cp = {0}, bytes = {0};
			ka_kernel_list_free(&kl);
			memset(&kl, 0, sizeof(kl));
			snprintf(cubin_now, sizeof(cubin_now), "%s", cb);
			origin_of(manifest.data, cb, origin, sizeof(origin));
			tally(&c.loads, strcmp(kind, "module") == 0);
			if (strcmp(kind, "load_error") == 0) {
				c.shown++;
				printf("LOAD %s (%s): the driver refused it: %s\n", cb, origin, jstr(o, "error"));
				ka_buf_free(&cp);
				continue;
			}
			ka_buf_printf(&cp, "%s/%s", dir, cb);
			if (strchr(cb, '/') || ka_read_file(cp.data, 1u << 30, &bytes) != 0 || !bytes.data ||
			    ka_cubin_read(bytes.data, bytes.len, cp.data, d, &kl) != 0) {
				ka_diag_error(d, KA_EXIT_USAGE, cp.data, "cannot read the cubin the driver loaded");
				rc = KA_EXIT_USAGE;
			}
			ka_buf_free(&cp);
			ka_buf_free(&bytes);
			if (rc != KA_EXIT_OK)
				goto out;
		} else if (strcmp(kind, "kernel") == 0 || strcmp(kind, "missing") == 0) {
			if (cur) {
				check_kernel(&c, cur);
				record_put(&c, cur);
				json_decref(cur);
				cur = NULL;
			}
			const struct ka_kernel *k = NULL;
			for (size_t j = 0; j < kl.n && !k; j++)
				if (strcmp(kl.v[j].mangled, jstr(o, "name")) == 0)
					k = &kl.v[j];
			if (strcmp(kind, "missing") == 0 || !k || strcmp(cb, cubin_now) != 0) {
				tally(&c.names, false);
				c.shown++;
				printf("MISSING %s (%s): %s\n", jstr(o, "name"), origin,
				       k ? "the driver found no such kernel" : "kanalyze read no such kernel");
				continue;
			}
			cur = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:[]}",
					"kind", "driver_kernel", "origin", origin, "cubin", cb, "kernel", k->name, "mangled",
					k->mangled, "arch", c.arch->name, "regs_predicted", (json_int_t)k->res.regs,
					"regs_driver", (json_int_t)jint(o, "regs"), "static_smem_predicted",
					(json_int_t)k->res.static_smem, "static_smem_driver", (json_int_t)jint(o, "static_smem"),
					"local_predicted", (json_int_t)k->res.local, "stack_predicted",
					(json_int_t)k->res.stack, "local_driver", (json_int_t)jint(o, "local"),
					"barriers", (json_int_t)k->res.barriers, "launch_bounds", (json_int_t)k->res.max_threads,
					"max_threads_driver", (json_int_t)jint(o, "max_threads"), "const_driver",
					(json_int_t)jint(o, "const"), "occupancy");
		} else if (strcmp(kind, "occupancy") == 0 && cur && strcmp(jstr(o, "name"), jstr(cur, "mangled")) == 0) {
			json_t *e = json_pack("{s:I, s:O, s:I, s:I}", "smem", (json_int_t)jint(o, "smem"), "blocks_driver",
					      json_object_get(o, "blocks"), "best_driver", (json_int_t)jint(o, "best_block"),
					      "min_grid_driver", (json_int_t)jint(o, "min_grid"));
			json_array_append_new(json_object_get(cur, "occupancy"), e);
		}
	}
	if (cur) {
		check_kernel(&c, cur);
		record_put(&c, cur);
		json_decref(cur);
		cur = NULL;
	}
	/* what the manifest names that the probe never answered */
	{
		long listed = 0;
		for (const char *p = manifest.data; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
			listed += strncmp(p, "kernel ", 7) == 0;
		if (listed > c.regs.checked) {
			printf("note: %ld of the %ld kernels listed in %s/probe.txt were not answered (a cubin the driver "
			       "refused, or a probe that stopped)\n", listed - c.regs.checked, listed, dir);
		}
	}
	json_t *s = json_pack("{s:s}", "kind", "summary");
	summary(&c, s);
	json_object_set_new(s, "cubins", json_integer(c.loads.checked));
	json_object_set_new(s, "disagreements", json_integer(disagreements(&c)));
	record_put(&c, s);
	json_decref(s);
	rc = verdict(&c);
	if (out_path) {
		if (ka_write_file_atomic(out_path, c.record.data, c.record.len) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, out_path, "cannot write the record: %s", strerror(errno));
			rc = KA_EXIT_USAGE;
		} else {
			printf("record           %s\n", out_path);
		}
	}
out:
	json_decref(cur);
	ka_kernel_list_free(&kl);
	json_decref(lines);
	ka_buf_free(&path);
	ka_buf_free(&text);
	ka_buf_free(&manifest);
	ka_buf_free(&c.record);
	return rc;
}

/* ---- --check of a files record ------------------------------------------------- */

int ka_verify_files_recheck(const char *path, json_t *lines, struct ka_diag *d)
{
	struct compare c = {.d = d};
	json_t *o;
	size_t i;

	json_array_foreach(lines, i, o) {
		const char *kind = jstr(o, "kind");
		if (strcmp(kind, "header") == 0) {
			c.arch = ka_nv_arch_find(jstr(o, "arch"));
			c.sm_count = jint(o, "sm_count");
		} else if (strcmp(kind, "driver_kernel") == 0) {
			if (!c.arch) {
				ka_diag_error(d, KA_EXIT_USAGE, path, "line %zu: a kernel before a header with a known arch",
					      i + 1);
				return KA_EXIT_USAGE;
			}
			check_kernel(&c, o);
		}
	}
	printf("recheck %s against this kanalyze's model:\n", path);
	summary(&c, NULL);
	return verdict(&c);
}

/* ---- the entry point ------------------------------------------------------------- */

/* Build kernels/runner/verify_probe.c with cc into dir.  The path (malloc'd)
 * or NULL after a message (exit 3). */
static char *probe_build(const char *kdir, const char *dir, struct ka_diag *d)
{
	const char *cc_env = getenv("CC");
	char *cc = ka_which(cc_env && *cc_env ? cc_env : "cc");
	struct ka_buf src = {0}, exe = {0};
	struct ka_spawn_result r = {0};

	if (!cc) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, "verify", "no C compiler (cc, or $CC) to build the driver probe");
		return NULL;
	}
	ka_buf_printf(&src, "%s/runner/verify_probe.c", kdir);
	ka_buf_printf(&exe, "%s/verify_probe", dir);
	char *argv[] = {cc, "-std=c11", "-O2", "-o", exe.data, src.data, "-ldl", NULL};
	if (ka_spawn(argv, 120, &r) != 0 || r.timed_out || r.status != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, src.data, "building the driver probe failed:\n%s",
			      r.err.data ? r.err.data : "");
		ka_buf_free(&exe);
		exe.data = NULL;
	}
	ka_spawn_result_free(&r);
	ka_buf_free(&src);
	free(cc);
	return exe.data;
}

static int smem_option(const struct ka_verify_options *o, struct extract *x, struct ka_diag *d)
{
	struct ka_values v = {0};
	char err[256];

	x->smem[0] = 0;
	x->n_smem = 1;
	if (!o->smem)
		return KA_EXIT_OK;
	if (ka_values_parse(o->smem, 0, 1 << 20, &v, err, sizeof(err)) != 0 || v.n == 0 ||
	    v.n > MAX_SMEM) {
		ka_diag_error(d, KA_EXIT_USAGE, "verify", "--smem: %s", v.n > MAX_SMEM ? "at most 16 sizes" : err);
		ka_values_free(&v);
		return KA_EXIT_USAGE;
	}
	for (size_t i = 0; i < v.n; i++)
		x->smem[i] = v.v[i];
	x->n_smem = (int)v.n;
	ka_values_free(&v);
	return KA_EXIT_OK;
}

int ka_verify_files_run(const struct ka_verify_options *o, struct ka_diag *d)
{
	struct extract x = {.d = d};
	const char *kdir = o->kernels;
	char *tmp = NULL, *probe = NULL;
	int rc;

	if (o->program) {
		ka_diag_error(d, KA_EXIT_USAGE, "verify", "a program after '--' is for verify --profile");
		return KA_EXIT_USAGE;
	}
	if (o->runner_output || o->check) {
		ka_diag_error(d, KA_EXIT_USAGE, "verify", "--%s is for the shipped kernels' runner: not with FILE..., "
			      "--extract or --compare", o->check ? "check" : "runner-output");
		return KA_EXIT_USAGE;
	}
	if (o->compare) {
		if (o->n_files > 0 || o->extract) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify", "--compare DIR takes no files and no --extract: "
				      "the cubins are in DIR");
			return KA_EXIT_USAGE;
		}
		return compare_dir(o->compare, o->out, d);
	}
	if (o->n_files == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, "verify", "--extract DIR needs the files to read");
		return KA_EXIT_USAGE;
	}
	if ((rc = smem_option(o, &x, d)) != KA_EXIT_OK)
		return rc;
	if (o->extract) {
		/* the library's default for CUDA inputs: the one place it is written */
		const char *a = o->arch ? o->arch : ka_default_arch(&(struct ka_request){0});
		x.arch = ka_nv_arch_find(a);
		if (!x.arch || strchr(a, ',')) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify", "--arch: one NVIDIA architecture (the GPU's), not '%s'", a);
			return KA_EXIT_USAGE;
		}
		x.dir = o->extract;
		rc = extract_all(&x, o);
		if (rc == KA_EXIT_OK)
			printf("extracted %d cubins of %s (%d kernels) into %s%s\nnext, on the GPU machine: "
			       "kernels/runner/run_probe.sh %s\nthen here, with %s/driver.jsonl: kanalyze verify --compare %s\n",
			       x.n_cubins, x.arch->name, x.n_kernels, x.dir, x.n_other_arch ? " (cubins of other archs skipped)" : "",
			       x.dir, x.dir, x.dir);
		ka_buf_free(&x.manifest);
		return rc;
	}
	/* one machine: the probe says whether there is a GPU and which */
	tmp = ka_tempdir_create("verify-files");
	if (!tmp) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, "verify", "cannot create a temporary directory");
		return KA_EXIT_TOOLCHAIN;
	}
	probe = probe_build(kdir, tmp, d);
	if (!probe) {
		rc = KA_EXIT_TOOLCHAIN;
		goto out;
	}
	{
		struct ka_spawn_result r = {0};
		char *argv[] = {probe, NULL};
		json_t *h = NULL;
		ka_spawn(argv, 120, &r);
		if (r.out.data)
			h = json_loads(r.out.data, JSON_DISABLE_EOF_CHECK, NULL);
		if (!h || strcmp(jstr(h, "kind"), "header") != 0) {
			printf("not run: no GPU (%s)\n", h && *jstr(h, "error") ? jstr(h, "error")
			       : "the driver probe did not start");
			json_decref(h);
			ka_spawn_result_free(&r);
			rc = KA_EXIT_OK;
			goto out;
		}
		char arch[32];
		ka_verify_arch_of_cc(arch, sizeof(arch), jstr(h, "cc"));
		x.arch = ka_nv_arch_find(arch);
		json_decref(h);
		ka_spawn_result_free(&r);
		if (!x.arch) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify", "the GPU is %s, which kanalyze does not model", arch);
			rc = KA_EXIT_USAGE;
			goto out;
		}
	}
	{
		struct ka_buf dir = {0}, man = {0}, ans = {0};
		ka_buf_printf(&dir, "%s/cubins", tmp);
		x.dir = dir.data;
		rc = extract_all(&x, o);
		if (rc == KA_EXIT_OK) {
			struct ka_spawn_result r = {0};
			ka_buf_printf(&man, "%s/probe.txt", dir.data);
			ka_buf_printf(&ans, "%s/driver.jsonl", dir.data);
			char *argv[] = {probe, man.data, NULL};
			setenv("CUDA_MODULE_LOADING", "EAGER", 1);
			ka_spawn(argv, 3600, &r);
			if (r.status != 0 || r.timed_out || !r.out.data) {
				ka_diag_error(d, KA_EXIT_FINDINGS, "verify", "the driver probe failed (%s):\n%s",
					      r.timed_out ? "timed out" : "exit status", r.err.data ? r.err.data : "");
				rc = KA_EXIT_FINDINGS;
			} else if (ka_write_file_atomic(ans.data, r.out.data, r.out.len) != 0) {
				ka_diag_error(d, KA_EXIT_USAGE, ans.data, "cannot write: %s", strerror(errno));
				rc = KA_EXIT_USAGE;
			} else {
				rc = compare_dir(dir.data, o->out, d);
			}
			ka_spawn_result_free(&r);
		}
		ka_buf_free(&dir);
		ka_buf_free(&man);
		ka_buf_free(&ans);
	}
out:
	ka_buf_free(&x.manifest);
	free(probe);
	if (tmp)
		ka_tempdir_remove(tmp);
	free(tmp);
	return rc;
}
