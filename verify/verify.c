/* verify.c — `kanalyze verify` (ka_verify_run, verify.h): kanalyze's
 * predictions against a GPU (DESIGN §7).  Builds kernels/runner/verify_runner
 * with nvcc, runs it (it prints what the CUDA runtime and the clock say, as
 * JSON lines), compiles the same kernels here for the frontend's register
 * counts, runs the occupancy model, compares, and writes a record
 * (testdata/verify/<device>-<date>.jsonl).
 *
 *   --runner-output FILE  compare a runner output captured elsewhere (the lent
 *                         H200 has CUDA but no kanalyze: run_verify.sh there)
 *   --check FILE          re-check a committed record against the current model:
 *                         blocks per SM are recomputed, never read back
 *
 * No GPU (no nvidia-smi, no device, a runner that cannot start) is "not run:
 * no GPU" and exit 0 — never "pass".  A disagreement is exit 1.  A user's own
 * build (`verify FILE...`, --extract, --compare) is verify_files.c's; --check
 * hands it the records that build wrote. */
#define _POSIX_C_SOURCE 200809L
#include "verify.h"
#include "frontends.h"
#include "occupancy.h"

#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The compiles kanalyze predicts from.  The runner tags every kernel with one
 * of these names ("unit"); kernels/runner/run_verify.sh builds the runner with
 * the same flags.  reduction_cf4 (R5/R6 with COARSE_FACTOR 4) is timed only. */
struct verify_unit {
	const char *name;
	const char *source;          /* relative to the kernels directory */
	const char *flags[4];
};
static const struct verify_unit verify_units[] = {
	{"reduction", "reduction/reduction.cu", {NULL}},
	{"uniform", "uniform/uniform.cu", {NULL}},
	{"pressure", "uniform/pressure.cu", {NULL}},
	{"pressure_capped", "uniform/pressure.cu", {"-maxrregcount=128", "-DKA_PRESSURE_CAPPED", NULL}},
};
enum { N_UNITS = sizeof(verify_units) / sizeof(verify_units[0]) };

struct tally {
	long checked, equal;
};

struct verify {
	struct ka_diag *d;
	const struct ka_nv_arch *arch;
	const char *kdir;
	struct ka_nvcc_options nv;
	struct ka_result units[N_UNITS];  /* libkanalyze's analysis of each unit */
	bool compiled[N_UNITS];
	char *nvcc_version;
	struct ka_buf record;        /* the JSONL being written             */
	struct tally regs, blocks, best;
	long timings;
};

/* ---- small helpers --------------------------------------------------------- */

static long jint(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_integer(v) ? (long)json_integer_value(v) : -1;
}

static const char *jstr(json_t *o, const char *k)
{
	return json_string_value(json_object_get(o, k));
}

/* For printing: "?" instead of a missing string. */
static const char *jshow(json_t *o, const char *k)
{
	const char *s = jstr(o, k);
	return s ? s : "?";
}

static double jnum(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_number(v) ? json_number_value(v) : -1.0;
}

static void record_put(struct verify *v, json_t *o)
{
	char *s = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10)) : NULL;
	if (s)
		ka_buf_printf(&v->record, "%s\n", s);
	free(s);
}

static int not_run(const char *why)
{
	printf("not run: no GPU (%s)\n", why);
	return KA_EXIT_OK;
}

static int unit_index(const char *name)
{
	for (int i = 0; name && i < N_UNITS; i++)
		if (strcmp(verify_units[i].name, name) == 0)
			return i;
	return -1;
}

/* The record's directory must exist before the GPU time is spent: --out's
 * directory, else testdata/verify (run from the source tree).  0 or exit 2. */
static int out_dir_check(const char *out_path, struct ka_diag *d)
{
	char *copy = ka_strdup(out_path ? out_path : "testdata/verify/x");
	const char *dir = dirname(copy);
	struct stat st;
	int rc = KA_EXIT_OK;

	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		ka_diag_error(d, KA_EXIT_USAGE, dir, "no such directory for the record (%s)",
			      out_path ? "--out" : "run from the source tree, or use --out FILE");
		rc = KA_EXIT_USAGE;
	}
	free(copy);
	return rc;
}

/* ---- the live run (a GPU on this machine) ---------------------------------- */

static int spawn_ok(char **argv, double timeout, struct ka_spawn_result *r)
{
	memset(r, 0, sizeof(*r));
	return ka_spawn(argv, timeout, r) == 0 && !r->timed_out && r->status == 0;
}

/* Build and run the runner.  Returns an exit code; *ran is false when there is
 * no GPU to run on (then the caller says "not run").  On success *text holds
 * an "env" line and the runner's stdout. */
static int run_on_gpu(struct verify *v, double timeout, const char *out_path, struct ka_buf *text, bool *ran,
		      char *why, size_t whylen)
{
	char *smi = ka_which("nvidia-smi");
	char *nvcc = NULL, *dir = NULL;
	struct ka_spawn_result r = {0};
	struct ka_buf obj = {0}, exe = {0}, src = {0}, src2 = {0};
	char name[256] = "", driver[64] = "", cc[16] = "", arch[32] = "-arch=native";
	int rc = KA_EXIT_OK;

	*ran = false;
	if (!smi) {
		snprintf(why, whylen, "nvidia-smi not found");
		return KA_EXIT_OK;
	}
	/* compute_cap picks the runner's arch; drivers before 510 lack it: -arch=native */
	char *q[] = {smi, "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader", NULL};
	char *q2[] = {smi, "--query-gpu=name,driver_version", "--format=csv,noheader", NULL};
	if (spawn_ok(q, 60, &r) && r.out.data &&
	    sscanf(r.out.data, "%255[^,], %63[^,], %15[0-9.]", name, driver, cc) == 3) {
		snprintf(arch, sizeof(arch), "-arch=");
		ka_verify_arch_of_cc(arch + 6, sizeof(arch) - 6, cc);
	} else {
		ka_spawn_result_free(&r);
		if (!spawn_ok(q2, 60, &r) || !r.out.data ||
		    sscanf(r.out.data, "%255[^,], %63[^\n]", name, driver) != 2) {
			snprintf(why, whylen, "nvidia-smi found no GPU");
			goto out;
		}
	}
	ka_spawn_result_free(&r);
	if ((rc = out_dir_check(out_path, v->d)) != KA_EXIT_OK)
		goto out;
	nvcc = ka_nvcc_locate(&v->nv);
	if (!nvcc) {
		ka_diag_error(v->d, KA_EXIT_TOOLCHAIN, "verify", "nvcc not found: it builds the GPU runner "
			      "(--nvcc PATH or $KANALYZE_NVCC)");
		rc = KA_EXIT_TOOLCHAIN;
		goto out;
	}
	dir = ka_tempdir_create("verify");
	if (!dir) {
		ka_diag_error(v->d, KA_EXIT_TOOLCHAIN, "verify", "cannot create a temporary directory");
		rc = KA_EXIT_TOOLCHAIN;
		goto out;
	}
	/* the runner's two compiles: see kernels/runner/run_verify.sh */
	ka_buf_printf(&obj, "%s/pressure_capped.o", dir);
	ka_buf_printf(&exe, "%s/verify_runner", dir);
	ka_buf_printf(&src, "%s/uniform/pressure.cu", v->kdir);
	ka_buf_printf(&src2, "%s/runner/verify_runner.cu", v->kdir);
	char *b1[] = {nvcc, "-O3", arch, "-maxrregcount=128", "-DKA_PRESSURE_CAPPED", "-c",
		      src.data, "-o", obj.data, NULL};
	char *b2[] = {nvcc, "-O3", arch, "-o", exe.data, src2.data, obj.data, NULL};
	char **builds[] = {b1, b2};
	for (int i = 0; i < 2; i++) {
		if (!spawn_ok(builds[i], v->nv.timeout_s, &r)) {
			ka_diag_error(v->d, KA_EXIT_TOOLCHAIN, "verify", "building the GPU runner failed%s:\n%s",
				      r.timed_out ? " (timed out)" : "", r.err.data ? r.err.data : "");
			rc = KA_EXIT_TOOLCHAIN;
			goto out;
		}
		ka_spawn_result_free(&r);
	}
	char *run[] = {exe.data, NULL};
	memset(&r, 0, sizeof(r));
	ka_spawn(run, timeout, &r);
	if (r.not_found || r.spawn_errno) {
		snprintf(why, whylen, "the runner cannot start: %s", strerror(r.spawn_errno ? r.spawn_errno : ENOENT));
		goto out;
	}
	if (r.status == 2 && r.out.data && strstr(r.out.data, "\"kind\":\"no_device\"")) {
		snprintf(why, whylen, "the runner sees no CUDA device");
		goto out;
	}
	if (r.status != 0 || r.timed_out) {
		ka_diag_error(v->d, KA_EXIT_FINDINGS, "verify", "the GPU runner failed (%s %d):\n%s",
			      r.timed_out ? "timed out after" : "exit status", r.timed_out ? (int)timeout : r.status,
			      r.err.data ? r.err.data : "");
		rc = KA_EXIT_FINDINGS;
		goto out;
	}
	{
		char date[32];
		time_t now = time(NULL);
		struct tm tm;
		json_t *env;
		char *s;

		strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
		env = json_pack("{s:s, s:s, s:s, s:s, s:s}", "kind", "env", "date", date, "gpu_name", name,
				"driver_version", driver, "nvcc", "");
		s = json_dumps(env, JSON_COMPACT | JSON_PRESERVE_ORDER);
		ka_buf_printf(text, "%s\n%s", s, r.out.data);
		free(s);
		json_decref(env);
	}
	*ran = true;
out:
	ka_spawn_result_free(&r);
	ka_buf_free(&obj);
	ka_buf_free(&exe);
	ka_buf_free(&src);
	ka_buf_free(&src2);
	if (dir)
		ka_tempdir_remove(dir);
	free(dir);
	free(nvcc);
	free(smi);
	return rc;
}

/* ---- predictions ------------------------------------------------------------ */

/* Analyse unit u for the record's arch (once), as `kanalyze FILE --arch A`
 * would.  0 or an exit code. */
static int unit_compile(struct verify *v, int u)
{
	struct ka_buf path = {0};
	int rc;

	if (v->compiled[u])
		return KA_EXIT_OK;
	v->compiled[u] = true;
	ka_buf_printf(&path, "%s/%s", v->kdir, verify_units[u].source);
	const char *inputs[2] = {path.data, NULL};
	struct ka_request req;
	ka_request_init(&req, inputs, 1);
	req.archs = v->arch->name;
	req.cc_args = verify_units[u].flags;
	req.timeout_s = v->nv.timeout_s;
	req.nvcc = v->nv.nvcc;
	req.cache = req.uniformity = false;       /* the model against the driver: a fresh compile */
	rc = ka_analyze(&req, v->d, &v->units[u]);
	if (!v->nvcc_version && v->units[u].nvcc_version)
		v->nvcc_version = ka_strdup(v->units[u].nvcc_version);
	ka_buf_free(&path);
	return rc;
}

static const struct ka_kernel *unit_kernel(const struct verify *v, int u, const char *mangled)
{
	for (size_t i = 0; u >= 0 && mangled && i < v->units[u].n; i++)
		if (strcmp(v->units[u].v[i].k->mangled, mangled) == 0)
			return v->units[u].v[i].k;
	return NULL;
}

/* The launch the model sees for kernel k with `dyn` bytes of dynamic smem. */
static struct ka_nv_launch launch_of(const struct ka_kernel *k, int block, long dyn)
{
	struct ka_nv_launch in = {
		.regs = (int)k->res.regs, .block = block,
		.smem = (k->res.static_smem > 0 ? k->res.static_smem : 0) + dyn,
		.barriers = (int)(k->res.barriers > 0 ? k->res.barriers : 0), .carveout_pct = -1,
	};
	return in;
}

static void tally(struct tally *t, bool ok)
{
	t->checked++;
	t->equal += ok;
}

static void mismatch(struct verify *v, const char *what, const char *kernel, long got, long want, int block,
		     long dyn)
{
	long shown = v->regs.checked - v->regs.equal + v->blocks.checked - v->blocks.equal +
		     v->best.checked - v->best.equal;
	if (shown <= 20)
		printf("MISMATCH %s %s block %d smem %ld: kanalyze %ld, GPU %ld\n", what, kernel, block, dyn, got,
		       want);
}

/* One "attributes" line: the kernel's registers, predicted and measured. */
static void check_kernel(struct verify *v, json_t *o, const struct ka_kernel *k)
{
	long regs_rt = jint(o, "regs");
	json_t *r = json_pack("{s:s, s:s?, s:s?, s:s?, s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "kind",
			      "kernel", "unit", jstr(o, "unit"), "kernel", jstr(o, "kernel"), "mangled",
			      jstr(o, "mangled"), "arch", v->arch->name, "regs_predicted",
			      (json_int_t)(k ? k->res.regs : -1), "regs_runtime", (json_int_t)regs_rt,
			      "static_smem_predicted", (json_int_t)(k ? k->res.static_smem : -1),
			      "static_smem_runtime", (json_int_t)jint(o, "static_smem"), "barriers",
			      (json_int_t)(k ? k->res.barriers : -1), "spill_stores",
			      (json_int_t)(k ? k->res.spill_stores : -1), "spill_loads",
			      (json_int_t)(k ? k->res.spill_loads : -1), "local_runtime",
			      (json_int_t)jint(o, "local"), "max_threads_runtime", (json_int_t)jint(o, "max_threads"));
	bool ok = k && k->res.regs == regs_rt && k->res.static_smem == jint(o, "static_smem");
	tally(&v->regs, ok);
	if (!ok)
		mismatch(v, "registers", jshow(o, "kernel"), k ? k->res.regs : -1, regs_rt, 0, 0);
	json_object_set_new(r, "equal", json_boolean(ok));
	record_put(v, r);
	json_decref(r);
}

static void check_occupancy(struct verify *v, json_t *o, const struct ka_kernel *k, long regs_rt)
{
	int block = (int)jint(o, "block");
	long dyn = jint(o, "dyn_smem"), got = -1, want = jint(o, "blocks");

	if (k) {
		struct ka_nv_launch in = launch_of(k, block, dyn);
		got = ka_occ_nvidia_blocks(v->arch, &in);
	}
	bool ok = got == want && k && k->res.regs == regs_rt;
	tally(&v->blocks, ok);
	if (!ok)
		mismatch(v, "blocks/SM", jshow(o, "kernel"), got, want, block, dyn);
	json_t *r = json_pack("{s:s, s:s?, s:s?, s:s, s:i, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "kind", "check",
			      "unit", jstr(o, "unit"), "kernel", jstr(o, "kernel"), "arch", v->arch->name, "block", block,
			      "smem", (json_int_t)dyn, "static_smem",
			      (json_int_t)(k ? k->res.static_smem : -1), "barriers",
			      (json_int_t)(k ? k->res.barriers : -1), "regs_predicted",
			      (json_int_t)(k ? k->res.regs : -1), "regs_runtime", (json_int_t)regs_rt,
			      "blocks_predicted", (json_int_t)got, "blocks_runtime", (json_int_t)want);
	record_put(v, r);
	json_decref(r);
}

/* cudaOccupancyMaxPotentialBlockSize keeps the largest of the best sizes. */
static int best_block(const struct ka_nv_arch *a, const struct ka_nv_launch *in, int max_threads)
{
	int b[64], n = ka_best_blocks_nvidia(a, in, max_threads, b, 64);
	return n > 0 ? b[n - 1] : -1;
}

static void check_best(struct verify *v, json_t *o, const struct ka_kernel *k)
{
	int got = -1;
	long want = jint(o, "block");

	if (k) {
		struct ka_nv_launch in = launch_of(k, 0, 0);
		got = best_block(v->arch, &in, (int)k->res.max_threads);
	}
	bool ok = got == want;
	tally(&v->best, ok);
	if (!ok)
		mismatch(v, "best block", jshow(o, "kernel"), got, want, 0, 0);
	json_t *r = json_pack("{s:s, s:s?, s:s?, s:s?, s:s, s:I, s:I, s:I, s:I, s:i, s:I, s:I}", "kind", "best_block",
			      "unit", jstr(o, "unit"), "kernel", jstr(o, "kernel"), "mangled", jstr(o, "mangled"),
			      "arch", v->arch->name, "regs_predicted", (json_int_t)(k ? k->res.regs : -1),
			      "static_smem", (json_int_t)(k ? k->res.static_smem : -1), "barriers",
			      (json_int_t)(k ? k->res.barriers : -1), "max_threads",
			      (json_int_t)(k ? k->res.max_threads : -1), "block_predicted", got, "block_runtime",
			      (json_int_t)want, "min_grid_runtime", (json_int_t)jint(o, "min_grid"));
	record_put(v, r);
	json_decref(r);
}

/* ---- timings ------------------------------------------------------------------ */

static void print_timing(json_t *o)
{
	printf("  %-18s %-22s %-17s %7ld x %-4ld %2ld/SM %3ld regs  %10.6f ms [%.6f, %.6f]", jshow(o, "kernel"),
	       jshow(o, "group"), jshow(o, "variant"), jint(o, "grid"), jint(o, "block"), jint(o, "blocks_per_sm"),
	       jint(o, "regs"), jnum(o, "median_ms"), jnum(o, "p25_ms"), jnum(o, "p75_ms"));
	if (json_object_get(o, "gbps"))
		printf("  %7.1f GB/s  %.3f of memcpy  %.3f of spec", jnum(o, "gbps"), jnum(o, "peak_fraction"),
		       jnum(o, "spec_fraction"));
	printf("\n");
}

/* Pairs: the first timing of a group is the reference, the second the other
 * side (cliff_pair: c_ur_ptrs, c_vec_ptrs; capping: original, capped;
 * pinned_*: 2 blocks, 1 block). */
static void pairs(struct verify *v, json_t *lines)
{
	size_t i, j;
	json_t *a, *b;

	json_array_foreach(lines, i, a) {
		const char *g = jstr(a, "group");
		if (strcmp(jstr(a, "kind"), "timing") != 0 || !g ||
		    !(strcmp(g, "cliff_pair") == 0 || strcmp(g, "capping") == 0 || strncmp(g, "pinned_", 7) == 0))
			continue;
		bool first = true;
		for (j = 0; j < i && first; j++) {
			json_t *p = json_array_get(lines, j);
			first = !(strcmp(jstr(p, "kind"), "timing") == 0 && jstr(p, "group") &&
				  strcmp(jstr(p, "group"), g) == 0);
		}
		if (!first)
			continue;
		for (j = i + 1, b = NULL; j < json_array_size(lines); j++) {
			json_t *p = json_array_get(lines, j);
			if (strcmp(jstr(p, "kind"), "timing") == 0 && jstr(p, "group") && strcmp(jstr(p, "group"), g) == 0) {
				b = p;
				break;
			}
		}
		if (!b)
			continue;
		double ta = jnum(a, "median_ms"), tb = jnum(b, "median_ms"), change = (tb - ta) / ta;
		printf("  %-24s %s (%ld regs, %ld/SM) %.6f ms -> %s (%ld regs, %ld/SM) %.6f ms: %+.1f %%\n", g,
		       jshow(a, "variant"), jint(a, "regs"), jint(a, "blocks_per_sm"), ta, jshow(b, "variant"),
		       jint(b, "regs"), jint(b, "blocks_per_sm"), tb, 100.0 * change);
		json_t *r = json_pack("{s:s, s:s, s:s?, s:s?, s:f, s:f, s:I, s:I, s:I, s:I, s:f}", "kind", "pair", "group", g,
				      "base", jstr(a, "variant"), "other", jstr(b, "variant"), "base_ms", ta, "other_ms",
				      tb, "base_regs", (json_int_t)jint(a, "regs"), "other_regs", (json_int_t)jint(b, "regs"),
				      "base_blocks_per_sm", (json_int_t)jint(a, "blocks_per_sm"), "other_blocks_per_sm",
				      (json_int_t)jint(b, "blocks_per_sm"), "change", change);
		record_put(v, r);
		json_decref(r);
	}
}

/* ---- the comparison --------------------------------------------------------- */

static void device_slug(char *out, size_t n, const char *device)
{
	size_t k = 0;
	for (const char *p = device; *p && k + 1 < n; p++) {
		char c = *p;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			c = '-';
		if (c == '-' && (k == 0 || out[k - 1] == '-'))
			continue;
		out[k++] = c;
	}
	while (k > 0 && out[k - 1] == '-')
		k--;
	out[k] = '\0';
}

static int compare(struct verify *v, char *text, const char *where, const char *out_path)
{
	json_t *lines = json_array(), *env = NULL, *hdr = NULL, *o;
	size_t i;
	int rc = KA_EXIT_OK;
	char arch[32], cuda[48], drv_api[48], outbuf[512], date[16];

	if (ka_verify_parse_lines(text, where, lines, v->d) != 0) {
		rc = KA_EXIT_USAGE;
		goto out;
	}
	json_array_foreach(lines, i, o) {
		const char *kind = jstr(o, "kind");
		if (strcmp(kind, "env") == 0 && !env)
			env = o;
		else if (strcmp(kind, "header") == 0 && !hdr)
			hdr = o;
		else if (strcmp(kind, "no_device") == 0) {
			rc = not_run("the runner saw no CUDA device");
			goto out;
		}
	}
	if (!hdr || !jstr(hdr, "cc") || !jstr(hdr, "device")) {
		ka_diag_error(v->d, KA_EXIT_USAGE, where, "no header line: not the output of verify_runner");
		rc = KA_EXIT_USAGE;
		goto out;
	}
	if ((rc = out_dir_check(out_path, v->d)) != KA_EXIT_OK)
		goto out;
	ka_verify_arch_of_cc(arch, sizeof(arch), jstr(hdr, "cc"));
	v->arch = ka_nv_arch_find(arch);
	if (!v->arch) {
		ka_diag_error(v->d, KA_EXIT_USAGE, where, "the GPU is %s, which kanalyze does not model", arch);
		rc = KA_EXIT_USAGE;
		goto out;
	}
	/* compile every unit the runner names, before any output */
	json_array_foreach(lines, i, o) {
		int u = unit_index(jstr(o, "unit"));
		if (strcmp(jstr(o, "kind"), "attributes") == 0 && u >= 0 && (rc = unit_compile(v, u)) != KA_EXIT_OK)
			goto out;
	}

	ka_verify_cuda_version(cuda, sizeof(cuda), jint(hdr, "runtime"));
	ka_verify_cuda_version(drv_api, sizeof(drv_api), jint(hdr, "driver_api"));
	const char *driver = env && jstr(env, "driver_version") && *jstr(env, "driver_version")
				     ? jstr(env, "driver_version") : drv_api;
	if (env && jstr(env, "date") && strlen(jstr(env, "date")) >= 10)
		snprintf(date, sizeof(date), "%.10s", jstr(env, "date"));
	else {
		time_t now = time(NULL);
		struct tm tm;
		strftime(date, sizeof(date), "%Y-%m-%d", gmtime_r(&now, &tm));
	}
	json_t *h = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:f, s:s}", "kind", "header",
			      "device", jstr(hdr, "device"), "cc", jstr(hdr, "cc"), "arch", v->arch->name, "driver",
			      driver, "cuda", cuda, "cuda_driver_api", drv_api, "nvcc_runner",
			      env && jstr(env, "nvcc") && *jstr(env, "nvcc") ? jstr(env, "nvcc")
			      : v->nvcc_version ? v->nvcc_version : "", "nvcc_predictions",
			      v->nvcc_version ? v->nvcc_version : "", "kanalyze", KA_VERSION, "sm_count",
			      (json_int_t)jint(hdr, "sm_count"), "spec_gbps", jnum(hdr, "spec_gbps"), "date", date);
	record_put(v, h);
	json_decref(h);

	printf("kanalyze verify: %s (%s, %ld SMs), driver %s, CUDA %s; predictions from nvcc %s\n",
	       jstr(hdr, "device"), v->arch->name, jint(hdr, "sm_count"), driver, cuda,
	       v->nvcc_version ? v->nvcc_version : "?");

	/* per kernel: registers; then its occupancy lines and best block */
	json_array_foreach(lines, i, o) {
		const char *kind = jstr(o, "kind");
		int u = unit_index(jstr(o, "unit"));
		const struct ka_kernel *k = unit_kernel(v, u, jstr(o, "mangled"));

		if (strcmp(kind, "attributes") == 0 && u >= 0) {
			check_kernel(v, o, k);
		} else if (strcmp(kind, "occupancy") == 0 && u >= 0) {
			long regs_rt = -1;
			for (size_t j = i; j-- > 0;) {   /* its attributes line comes first */
				json_t *p = json_array_get(lines, j);
				if (strcmp(jstr(p, "kind"), "attributes") == 0 && jstr(p, "mangled") && jstr(o, "mangled") &&
				    strcmp(jstr(p, "mangled"), jstr(o, "mangled")) == 0) {
					regs_rt = jint(p, "regs");
					break;
				}
			}
			check_occupancy(v, o, k, regs_rt);
		} else if (strcmp(kind, "best_block") == 0 && u >= 0) {
			check_best(v, o, k);
		}
	}
	printf("registers        %ld/%ld kernels equal (cubin read by kanalyze vs cudaFuncGetAttributes)\n",
	       v->regs.equal, v->regs.checked);
	printf("blocks per SM    %ld/%ld equal (model vs cudaOccupancyMaxActiveBlocksPerMultiprocessor)\n",
	       v->blocks.equal, v->blocks.checked);
	printf("best block size  %ld/%ld equal (model vs cudaOccupancyMaxPotentialBlockSize)\n", v->best.equal,
	       v->best.checked);

	printf("timings (median of the timed runs, [p25, p75]):\n");
	json_array_foreach(lines, i, o) {
		const char *kind = jstr(o, "kind");
		if (strcmp(kind, "peak") == 0) {
			printf("  d2d memcpy: %.1f GB/s (read+write) = %.3f of the spec %.1f GB/s\n", jnum(o, "gbps"),
			       jnum(o, "spec_fraction"), jnum(o, "spec_gbps"));
			record_put(v, o);
		} else if (strcmp(kind, "timing") == 0) {
			print_timing(o);
			record_put(v, o);
			v->timings++;
		}
	}
	printf("pairs:\n");
	pairs(v, lines);

	bool all = v->regs.checked == v->regs.equal && v->blocks.checked == v->blocks.equal &&
		   v->best.checked == v->best.equal;
	json_t *s = json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:b}", "kind", "summary", "kernels",
			      (json_int_t)v->regs.checked, "regs_equal", (json_int_t)v->regs.equal, "checks",
			      (json_int_t)v->blocks.checked, "checks_equal", (json_int_t)v->blocks.equal,
			      "best_block", (json_int_t)v->best.checked, "best_block_equal", (json_int_t)v->best.equal,
			      "timings", (json_int_t)v->timings, "all_equal", all);
	record_put(v, s);
	json_decref(s);

	if (!out_path) {
		char slug[128];
		device_slug(slug, sizeof(slug), jstr(hdr, "device"));
		snprintf(outbuf, sizeof(outbuf), "testdata/verify/%s-%s.jsonl", slug, date);
		out_path = outbuf;
	}
	if (ka_write_file_atomic(out_path, v->record.data, v->record.len) != 0) {
		ka_diag_error(v->d, KA_EXIT_USAGE, out_path, "cannot write the record: %s (use --out FILE)",
			      strerror(errno));
		rc = KA_EXIT_USAGE;
		goto out;
	}
	printf("record           %s\n", out_path);
	if (v->blocks.checked == 0) {
		printf("FAIL: the runner output holds no occupancy checks\n");
		rc = KA_EXIT_FINDINGS;
	} else if (all) {
		printf("pass: %ld/%ld kernels' registers, %ld/%ld blocks per SM, %ld/%ld best block sizes equal\n",
		       v->regs.equal, v->regs.checked, v->blocks.equal, v->blocks.checked, v->best.equal,
		       v->best.checked);
	} else {
		printf("FAIL: %ld disagreement(s) with the GPU\n", v->regs.checked - v->regs.equal + v->blocks.checked -
								       v->blocks.equal + v->best.checked - v->best.equal);
		rc = KA_EXIT_FINDINGS;
	}
out:
	json_decref(lines);
	return rc;
}

/* ---- --check: a committed record against the current model ------------------ */

static int recheck(const char *path, struct ka_diag *d)
{
	struct ka_buf buf = {0};
	json_t *lines = json_array(), *o;
	struct tally regs = {0}, blocks = {0}, best = {0};
	long stale = 0, shown = 0;
	size_t i;
	int rc = KA_EXIT_OK, err;

	if ((err = ka_read_file(path, 1u << 30, &buf)) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot read: %s", strerror(-err));
		rc = KA_EXIT_USAGE;
		goto out;
	}
	if (!buf.data || ka_verify_parse_lines(buf.data, path, lines, d) != 0) {
		if (!buf.data)
			ka_diag_error(d, KA_EXIT_USAGE, path, "empty record");
		rc = KA_EXIT_USAGE;
		goto out;
	}
	o = json_array_get(lines, 0);
	if (o && strcmp(jstr(o, "kind"), "header") == 0 && jstr(o, "mode") && strcmp(jstr(o, "mode"), "files") == 0) {
		rc = ka_verify_files_recheck(path, lines, d);   /* a record of `verify FILE...` */
		goto out;
	}
	json_array_foreach(lines, i, o) {
		const char *kind = jstr(o, "kind");
		bool is_check = strcmp(kind, "check") == 0, is_best = strcmp(kind, "best_block") == 0;
		if (!is_check && !is_best && strcmp(kind, "kernel") != 0)
			continue;
		const struct ka_nv_arch *a = ka_nv_arch_find(jstr(o, "arch") ? jstr(o, "arch") : "");
		long rp = jint(o, "regs_predicted");
		if (!a || rp < 0) {
			ka_diag_error(d, KA_EXIT_USAGE, path, "line %zu: a %s line without arch or regs_predicted", i + 1,
				      kind);
			rc = KA_EXIT_USAGE;
			goto out;
		}
		if (strcmp(kind, "kernel") == 0) {
			bool ok = rp == jint(o, "regs_runtime") &&
				  jint(o, "static_smem_predicted") == jint(o, "static_smem_runtime");
			tally(&regs, ok);
			if (!ok && ++shown <= 20)
				printf("MISMATCH registers %s: kanalyze %ld, GPU %ld\n", jshow(o, "kernel"), rp,
				       jint(o, "regs_runtime"));
			continue;
		}
		struct ka_nv_launch in = {
			.regs = (int)rp, .block = is_check ? (int)jint(o, "block") : 0,
			.smem = (jint(o, "static_smem") > 0 ? jint(o, "static_smem") : 0) +
				(is_check ? jint(o, "smem") : 0),
			.barriers = (int)(jint(o, "barriers") > 0 ? jint(o, "barriers") : 0), .carveout_pct = -1,
		};
		if (is_check) {
			/* recomputed from the model now; the stored blocks_predicted is
			 * only compared to notice that the model changed */
			long got = ka_occ_nvidia_blocks(a, &in), want = jint(o, "blocks_runtime");
			bool ok = got == want && rp == jint(o, "regs_runtime");
			tally(&blocks, ok);
			stale += got != jint(o, "blocks_predicted");
			if (!ok && ++shown <= 20)
				printf("MISMATCH blocks/SM %s block %d smem %ld: model %ld, GPU %ld\n", jshow(o, "kernel"),
				       in.block, jint(o, "smem"), got, want);
		} else {
			int got = best_block(a, &in, (int)jint(o, "max_threads"));
			bool ok = got == jint(o, "block_runtime");
			tally(&best, ok);
			if (!ok && ++shown <= 20)
				printf("MISMATCH best block %s: model %d, GPU %ld\n", jshow(o, "kernel"), got,
				       jint(o, "block_runtime"));
		}
	}
	printf("recheck %s against this kanalyze's model:\n", path);
	printf("registers        %ld/%ld kernels equal (as recorded)\n", regs.equal, regs.checked);
	printf("blocks per SM    %ld/%ld equal (recomputed by the model)\n", blocks.equal, blocks.checked);
	printf("best block size  %ld/%ld equal (recomputed by the model)\n", best.equal, best.checked);
	if (stale)
		printf("note: %ld stored predictions differ from the current model's\n", stale);
	if (blocks.checked == 0) {
		printf("FAIL: the record holds no occupancy checks\n");
		rc = KA_EXIT_FINDINGS;
	} else if (regs.equal == regs.checked && blocks.equal == blocks.checked && best.equal == best.checked) {
		printf("pass\n");
	} else {
		printf("FAIL: %ld disagreement(s) with the recorded GPU\n",
		       regs.checked - regs.equal + blocks.checked - blocks.equal + best.checked - best.equal);
		rc = KA_EXIT_FINDINGS;
	}
out:
	json_decref(lines);
	ka_buf_free(&buf);
	return rc;
}

/* ---- the entry point --------------------------------------------------------- */

int ka_verify_run(const struct ka_verify_options *o, struct ka_diag *d)
{
	struct verify v = {0};
	struct ka_buf text = {0};
	char *end = NULL;
	double timeout = 300;
	int rc = KA_EXIT_OK;

	if (o->n_files > 0 || o->program) {
		ka_diag_error(d, KA_EXIT_USAGE, "verify", "%s '%s': sources and a program are for verify --profile",
			      o->n_files > 0 ? "unexpected argument" : "unexpected '--'",
			      o->n_files > 0 ? o->files[0] : "--");
		return KA_EXIT_USAGE;
	}
	if (o->check) {
		if (o->runner_output || o->out) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify", "--check takes no --runner-output or --out");
			return KA_EXIT_USAGE;
		}
		return recheck(o->check, d);
	}
	if (o->timeout) {
		errno = 0;
		timeout = strtod(o->timeout, &end);
		if (errno || !end || *end || timeout <= 0 || timeout > 86400) {
			ka_diag_error(d, KA_EXIT_USAGE, "verify", "--timeout takes seconds (1..86400), not '%s'",
				      o->timeout);
			return KA_EXIT_USAGE;
		}
	}
	v.d = d;
	v.kdir = o->kernels;
	v.nv.nvcc = o->nvcc;
	v.nv.timeout_s = timeout;
	v.nv.jobs = 1;

	if (o->runner_output) {
		int err = ka_read_file(o->runner_output, 1u << 30, &text);
		if (err != 0 || !text.data) {
			ka_diag_error(d, KA_EXIT_USAGE, o->runner_output, "cannot read: %s",
				      err ? strerror(-err) : "empty file");
			rc = KA_EXIT_USAGE;
			goto out;
		}
	} else {
		char why[256] = "";
		bool ran = false;
		/* the runner itself may take a while: 200 timed runs of ~60 launches */
		rc = run_on_gpu(&v, timeout > 600 ? timeout : 600, o->out, &text, &ran, why, sizeof(why));
		if (rc != KA_EXIT_OK)
			goto out;
		if (!ran) {
			rc = not_run(why);
			goto out;
		}
	}
	rc = compare(&v, text.data, o->runner_output ? o->runner_output : "verify_runner", o->out);
out:
	for (int u = 0; u < N_UNITS; u++)
		ka_result_free(&v.units[u]);
	free(v.nvcc_version);
	ka_buf_free(&v.record);
	ka_buf_free(&text);
	return rc;
}
