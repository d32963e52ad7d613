/* test_guard.c — the guardrails' parts without a compiler: compile-command
 * flag filtering and shell splitting (compdb.c), the baseline's read/write
 * and comparison rules (baseline.c), the result cache and its manifests
 * under concurrent writers, sealed entries and a private directory
 * (core/cache.c), the project config and its trust model (config.c), and
 * --arch lists (args.c). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

static char *tempdir(void)
{
	char *d = ka_tempdir_create("test-guard");
	assert_non_null(d);
	return d;
}

static void rm_rf(const char *dir)
{
	char *argv[] = {"rm", "-rf", (char *)dir, NULL};
	struct ka_spawn_result r;
	ka_spawn(argv, 30, &r);
	ka_spawn_result_free(&r);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	struct ka_buf p = {0};
	ka_buf_printf(&p, "%s/%s", dir, name);
	assert_int_equal(ka_write_file_atomic(p.data, text, strlen(text)), 0);
	ka_buf_free(&p);
}

/* ---- compdb.c ----------------------------------------------------------------- */

static void shell_split_quotes(void **state)
{
	(void)state;
	char **v;
	int n;
	assert_int_equal(ka_shell_split("nvcc  -DA=\"x y\" 'q r' a\\ b \"\" -DQ=\\\"s\\\"", &v, &n), 0);
	assert_int_equal(n, 6);
	assert_string_equal(v[0], "nvcc");
	assert_string_equal(v[1], "-DA=x y");
	assert_string_equal(v[2], "q r");
	assert_string_equal(v[3], "a b");
	assert_string_equal(v[4], "");
	assert_string_equal(v[5], "-DQ=\"s\"");
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
	assert_int_equal(ka_shell_split("nvcc 'open", &v, &n), -1);
	assert_null(v);
}

static void compile_flags_kept_and_dropped(void **state)
{
	(void)state;
	char *argv[] = {"/usr/local/cuda/bin/nvcc", "-I", "inc", "-Isys", "-isystem", "/opt/x", "-DX=1", "-D", "Y",
			"-O3", "-Xcompiler", "-fPIC", "-gencode", "arch=compute_80,code=[sm_80,compute_80]",
			"--generate-code=arch=compute_90a,code=[sm_90a]", "-maxrregcount=64", "-Xptxas", "-O2",
			"-std=c++17", "-c", "k.cu", "-o", "k.o", "-MD", "-MF", "k.d", "--use_fast_math", "-lineinfo",
			"--expt-relaxed-constexpr", "-g"};
	const char *want[] = {"-I/src/inc", "-I/src/sys", "-isystem", "/opt/x", "-DX=1", "-D", "Y", "-maxrregcount=64",
			      "-Xptxas", "-O2", "-std=c++17", "--use_fast_math", "--expt-relaxed-constexpr"};
	struct ka_compile_flags f;
	int n = (int)(sizeof(argv) / sizeof(argv[0]));

	assert_int_equal(ka_compile_flags_from_argv(argv, n, "/src", NULL, &f), 0);
	assert_string_equal(f.source, "/src/k.cu");
	assert_string_equal(f.lang, "cuda");
	assert_true(f.compiles);
	assert_int_equal(f.n_flags, (int)(sizeof(want) / sizeof(want[0])));
	for (int i = 0; i < f.n_flags; i++)
		assert_string_equal(f.flags[i], want[i]);
	assert_null(f.flags[f.n_flags]);
	assert_int_equal(f.n_archs, 2);
	assert_string_equal(f.archs[0], "sm_80");
	assert_string_equal(f.archs[1], "sm_90a");
	ka_compile_flags_free(&f);
}

static void compile_flags_response_files(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_compile_flags f;
	char *argv[] = {"nvcc", "--options-file", "inc.rsp", "@more.rsp", "-c", "k.cu", "--options-file=missing.rsp"};
	struct ka_buf want = {0};

	write_text(dir, "inc.rsp", "-I\"sub dir\" -isystem /opt/x\n--options-file nested.rsp\n");
	write_text(dir, "nested.rsp", "-DNESTED=1");
	write_text(dir, "more.rsp", "-arch=sm_90 -o k.o");
	assert_int_equal(ka_compile_flags_from_argv(argv, 7, dir, NULL, &f), 0);
	assert_int_equal(f.n_flags, 4);
	ka_buf_printf(&want, "-I%s/sub dir", dir);
	assert_string_equal(f.flags[0], want.data);
	assert_string_equal(f.flags[1], "-isystem");
	assert_string_equal(f.flags[2], "/opt/x");
	assert_string_equal(f.flags[3], "-DNESTED=1");
	assert_int_equal(f.n_archs, 1);
	assert_string_equal(f.archs[0], "sm_90");
	ka_compile_flags_free(&f);
	ka_buf_free(&want);
	rm_rf(dir);
	free(dir);
}

static void compile_flags_languages(void **state)
{
	(void)state;
	struct ka_compile_flags f;
	char *hip[] = {"hipcc", "--offload-arch=gfx90a", "-x", "hip", "a.cpp", "-c"};
	char *host[] = {"c++", "-c", "a.cpp", "-o", "a.o"};
	char *two[] = {"nvcc", "-c", "a.cu", "b.cu"};
	char *dc[] = {"nvcc", "-dc", "-arch=native", "-arch=sm_75", "x.cuh"};

	assert_int_equal(ka_compile_flags_from_argv(hip, 6, "/p", NULL, &f), 0);
	assert_string_equal(f.lang, "hip");
	assert_string_equal(f.source, "/p/a.cpp");
	assert_int_equal(f.n_archs, 1);
	assert_string_equal(f.archs[0], "gfx90a");
	ka_compile_flags_free(&f);
	assert_int_equal(ka_compile_flags_from_argv(host, 5, "/p", NULL, &f), -1);
	assert_int_equal(ka_compile_flags_from_argv(two, 4, "/p", NULL, &f), -1);
	/* a database entry names its file: the same command is then fine */
	assert_int_equal(ka_compile_flags_from_argv(two, 4, "/p", "b.cu", &f), 0);
	assert_string_equal(f.source, "/p/b.cu");
	ka_compile_flags_free(&f);
	assert_int_equal(ka_compile_flags_from_argv(dc, 5, "/p", NULL, &f), 0);
	assert_int_equal(f.n_flags, 1);
	assert_string_equal(f.flags[0], "-rdc=true");
	assert_int_equal(f.n_archs, 1);          /* "native" is not an arch name */
	assert_string_equal(f.archs[0], "sm_75");
	assert_true(f.compiles);
	ka_compile_flags_free(&f);
}

/* A 50,000-entry database: every file found (a lookup per file used to walk
 * the whole list: quadratic, 89 s at 100,000), and a file listed several
 * times keeps its first entry wherever the sort puts the others. */
static void compdb_large(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_buf db = {0}, f = {0};
	struct ka_compdb c;
	struct ka_diag d;
	FILE *sink = stderr;
	enum { N = 50000 };
	double t0;

	ka_diag_init(&d, sink);
	ka_buf_puts(&db, "[");
	for (int i = 0; i < N; i++) {
		if (i == 30000)
			ka_buf_printf(&db, "{\"directory\": \"%s\", \"file\": \"k.cu\", \"arguments\": [\"nvcc\", \"-DA=1\", \"-c\", \"k.cu\"]},", dir);
		if (i % 10000 == 9999)
			ka_buf_printf(&db, "{\"directory\": \"%s\", \"file\": \"k.cu\", \"arguments\": [\"nvcc\", \"-DA=%d\", \"-c\", \"k.cu\"]},", dir, i > 30000 ? 3 : 2);
		ka_buf_printf(&db, "{\"directory\": \"%s\", \"file\": \"f%05d.cu\", \"arguments\": [\"nvcc\", \"-c\", \"f%05d.cu\"]}%s",
			      dir, i, i, i + 1 < N ? "," : "");
	}
	ka_buf_puts(&db, "]");
	write_text(dir, "compile_commands.json", db.data);
	write_text(dir, "k.cu", "__global__ void k() {}\n");
	assert_int_equal(ka_compdb_load(dir, &c, &d), 0);
	assert_int_equal(c.n, N + 1);
	t0 = ka_now_ms();
	for (int i = 0; i < N; i++) {
		f.len = 0;
		ka_buf_printf(&f, "%s/f%05d.cu", dir, i);
		const struct ka_compile_flags *hit = ka_compdb_find(&c, f.data);
		assert_non_null(hit);
		assert_string_equal(hit->source, f.data);
	}
	assert_true(ka_now_ms() - t0 < 5000);
	f.len = 0;
	ka_buf_printf(&f, "%s/k.cu", dir);
	assert_string_equal(ka_compdb_find(&c, f.data)->flags[0], "-DA=2");   /* the first listed (i = 9999) */
	ka_compdb_free(&c);
	ka_buf_free(&db);
	ka_buf_free(&f);
	ka_diag_fini(&d);

	rm_rf(dir);
	free(dir);
}

static void compdb_load_and_find(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_buf db = {0}, k = {0};
	struct ka_compdb c;
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");

	ka_diag_init(&d, sink);
	ka_buf_printf(&db,
		      "[{\"directory\": \"%s\", \"file\": \"k.cu\", \"command\": \"nvcc -DA=1 -c k.cu\"},"
		      " {\"directory\": \"%s\", \"file\": \"k.cu\", \"command\": \"nvcc -DA=2 -c k.cu\"},"
		      " {\"directory\": \"%s\", \"file\": \"h.cpp\", \"arguments\": [\"c++\", \"-c\", \"h.cpp\"]}]",
		      dir, dir, dir);
	write_text(dir, "compile_commands.json", db.data);
	write_text(dir, "k.cu", "__global__ void k() {}\n");
	assert_int_equal(ka_compdb_load(dir, &c, &d), 0);
	assert_int_equal(c.n, 1);                /* host entry dropped, k.cu once */
	assert_string_equal(c.v[0].flags[0], "-DA=1");
	ka_buf_printf(&k, "%s/./k.cu", dir);
	assert_ptr_equal(ka_compdb_find(&c, k.data), &c.v[0]);
	assert_null(ka_compdb_find(&c, "/nonexistent/k.cu"));
	ka_compdb_free(&c);
	write_text(dir, "compile_commands.json", "{\"a\": 1}");
	assert_int_equal(ka_compdb_load(dir, &c, &d), -1);
	assert_int_equal(d.exit_code, KA_EXIT_USAGE);
	ka_buf_free(&db);
	ka_buf_free(&k);
	ka_diag_fini(&d);
	fclose(sink);
	rm_rf(dir);
	free(dir);
}

/* ---- baseline.c ---------------------------------------------------------------- */

static struct ka_bl_entry entry(const char *file, const char *mangled, long regs, int blocks, double occ)
{
	struct ka_bl_entry e = {
		.file = (char *)file, .arch = "sm_90", .name = (char *)mangled, .mangled = (char *)mangled,
		.line = 3, .block = 256, .blocks_per_sm = blocks, .occupancy = occ,
	};
	ka_resources_unset(&e.res);
	e.res.regs = regs;
	e.res.spill_stores = e.res.spill_loads = e.res.static_smem = 0;
	return e;
}

static const struct ka_bl_change *find_change(const struct ka_bl_compare *c, const char *mangled)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct ka_bl_entry *e = c->v[i].cur ? c->v[i].cur : c->v[i].old;
		if (strcmp(e->mangled, mangled) == 0)
			return &c->v[i];
	}
	return NULL;
}

static void baseline_rules(void **state)
{
	(void)state;
	char *root = tempdir();
	struct ka_bl_entry o[8], n[8];
	struct ka_bl old = {.v = o}, cur = {.v = n};
	struct ka_analysed done = {0};
	struct ka_bl_compare c;
	struct ka_buf kf = {0}, other = {0};

	write_text(root, "k.cu", "");
	write_text(root, "other.cu", "");
	ka_buf_printf(&kf, "%s/k.cu", root);
	ka_analysed_add(&done, kf.data, "sm_90");
	/* sorted by mangled name within k.cu, as the baseline keeps them */
	o[0] = entry("k.cu", "a_cliff", 128, 2, 0.25);    n[0] = entry("k.cu", "a_cliff", 129, 1, 0.125);
	o[1] = entry("k.cu", "b_grew", 100, 2, 0.25);     n[1] = entry("k.cu", "b_grew", 110, 2, 0.25);
	o[2] = entry("k.cu", "c_shrank", 128, 2, 0.25);   n[2] = entry("k.cu", "c_shrank", 120, 2, 0.25);
	o[3] = entry("k.cu", "d_spill", 64, 4, 0.5);      n[3] = entry("k.cu", "d_spill", 64, 4, 0.5);
	n[3].res.spill_stores = 8;
	o[4] = entry("k.cu", "e_ur", 64, 4, 0.5);         n[4] = entry("k.cu", "e_ur", 66, 4, 0.5);
	o[4].res.uregs = 12;                                  n[4].res.uregs = 6;
	o[5] = entry("k.cu", "f_gone", 32, 8, 1.0);       n[5] = entry("k.cu", "g_new", 32, 8, 1.0);
	o[6] = entry("k.cu", "h_occ", 32, 8, 1.0);        n[6] = entry("k.cu", "h_occ", 32, 4, 0.5);
	o[7] = entry("other.cu", "x", 32, 8, 1.0);        /* not analysed this run */
	old.n = 8;
	cur.n = 7;
	ka_bl_compare(&old, &cur, &done, root, &c);

	assert_int_equal(find_change(&c, "a_cliff")->what, KA_CH_REGRESSION);
	assert_int_equal(find_change(&c, "a_cliff")->kinds, 1u << KA_REG_CLIFF);
	assert_int_equal(find_change(&c, "b_grew")->what, KA_CH_CHANGED);     /* no cliff crossed */
	assert_int_equal(find_change(&c, "c_shrank")->what, KA_CH_IMPROVED);
	assert_int_equal(find_change(&c, "d_spill")->kinds, 1u << KA_REG_SPILL);
	assert_int_equal(find_change(&c, "e_ur")->kinds, 1u << KA_REG_UR2R);
	assert_int_equal(find_change(&c, "f_gone")->what, KA_CH_REMOVED);
	assert_int_equal(find_change(&c, "g_new")->what, KA_CH_ADDED);
	assert_int_equal(find_change(&c, "h_occ")->kinds, 1u << KA_REG_OCC);  /* smem, not registers */
	assert_null(find_change(&c, "x"));
	assert_int_equal(c.not_analysed, 1);
	assert_int_equal(c.count[KA_CH_REGRESSION], 4);
	ka_bl_compare_free(&c);

	/* other.cu deleted from the tree: its kernel was removed */
	ka_buf_printf(&other, "%s/other.cu", root);
	unlink(other.data);
	ka_bl_compare(&old, &cur, &done, root, &c);
	assert_int_equal(find_change(&c, "x")->what, KA_CH_REMOVED);
	assert_int_equal(c.not_analysed, 0);
	ka_bl_compare_free(&c);

	/* uregs unknown on one side: no UR->R verdict */
	n[4].res.uregs = KA_UNSET;
	ka_bl_compare(&old, &cur, &done, root, &c);
	assert_int_not_equal(find_change(&c, "e_ur")->what, KA_CH_REGRESSION);
	ka_bl_compare_free(&c);

	ka_analysed_free(&done);
	ka_buf_free(&kf);
	ka_buf_free(&other);
	rm_rf(root);
	free(root);
}

static void baseline_read_write(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_bl_entry e[2] = {entry("a.cu", "_Z1av", 40, 6, 0.75), entry("b.cu", "_Z1bv", 128, 2, 0.25)};
	struct ka_bl b = {.v = e, .n = 2, .nvcc = "13.0.88"}, back;
	struct ka_buf p = {0}, text1 = {0}, text2 = {0};
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");

	ka_diag_init(&d, sink);
	e[1].res.uregs = 9;
	ka_buf_printf(&p, "%s/b.json", dir);
	assert_int_equal(ka_bl_write(&b, p.data, &d), 0);
	assert_int_equal(ka_bl_read(p.data, &back, &d), 0);
	assert_int_equal(back.n, 2);
	assert_string_equal(back.v[1].mangled, "_Z1bv");
	assert_int_equal(back.v[1].res.regs, 128);
	assert_int_equal(back.v[1].res.uregs, 9);
	assert_int_equal(back.v[0].res.uregs, KA_UNSET);
	assert_true(back.v[0].occupancy == 0.75);
	assert_string_equal(back.nvcc, "13.0.88");
	/* what is read writes back byte for byte */
	assert_int_equal(ka_read_file(p.data, 1 << 20, &text1), 0);
	assert_int_equal(ka_bl_write(&back, p.data, &d), 0);
	assert_int_equal(ka_read_file(p.data, 1 << 20, &text2), 0);
	assert_string_equal(text1.data, text2.data);
	ka_bl_free(&back);

	static const char *const bad[] = {
		"", "[1, 2]", "{\"kernels\": []}", "{\"kanalyze_baseline\": 2, \"kernels\": []}",
		"{\"kanalyze_baseline\": 1}", "{\"kanalyze_baseline\": 1, \"kernels\": [{\"file\": \"a.cu\"}]}",
		"{\"kanalyze_baseline\": 1, \"kernels\": [{\"file\": \"a\", \"arch\": \"sm_90\", \"kernel\": \"k\", "
		"\"mangled\": \"k\", \"block\": 256, \"blocks_per_sm\": 2, \"occupancy\": 7}]}",
		"{\"kanalyze_baseline\": 1, \"kernels\": [{\"file\": \"a\", \"arch\": \"sm_90\", \"kernel\": \"k\", "
		"\"mangled\": \"k\", \"block\": 256, \"blocks_per_sm\": 2, \"occupancy\": 0.5, \"regs\": \"many\", "
		"\"smem_dynamic\": 0}]}",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ka_diag_init(&d, sink);
		write_text(dir, "bad.json", bad[i]);
		p.len = 0;
		ka_buf_printf(&p, "%s/bad.json", dir);
		assert_int_equal(ka_bl_read(p.data, &back, &d), KA_EXIT_USAGE);
		assert_int_equal(d.exit_code, KA_EXIT_USAGE);
		assert_int_equal(back.n, 0);
		ka_diag_fini(&d);
	}
	/* a missing directory: an error, nothing created */
	p.len = 0;
	ka_buf_printf(&p, "%s/no/such/b.json", dir);
	ka_diag_init(&d, sink);
	assert_int_equal(ka_bl_write(&b, p.data, &d), KA_EXIT_USAGE);
	p.len = 0;
	ka_buf_printf(&p, "%s/no", dir);
	assert_int_equal(access(p.data, F_OK), -1);

	ka_buf_free(&p);
	ka_buf_free(&text1);
	ka_buf_free(&text2);
	ka_diag_fini(&d);
	fclose(sink);
	rm_rf(dir);
	free(dir);
}

/* A binary keeps no spill bytes: 48 -> 32 registers with a 32-byte frame
 * (nvcc -maxrregcount 32) is a spill regression, not an improvement; the
 * same with the STL count as the only evidence; a baseline written before
 * the frame and STL/LDL were kept still reads (unknown: no verdict). */
static void baseline_binary_spills(void **state)
{
	(void)state;
	char *root = tempdir();
	struct ka_bl_entry o[3], n[3];
	struct ka_bl old = {.v = o, .n = 3}, cur = {.v = n, .n = 3}, back;
	struct ka_analysed done = {0};
	struct ka_bl_compare c;
	struct ka_buf kf = {0}, msg = {0}, p = {0};
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");

	ka_diag_init(&d, sink);
	write_text(root, "k.cubin", "");
	ka_buf_printf(&kf, "%s/k.cubin", root);
	ka_analysed_add(&done, kf.data, "sm_90");
	o[0] = entry("k.cubin", "a_frame", 48, 5, 0.625);  n[0] = entry("k.cubin", "a_frame", 32, 8, 1.0);
	o[1] = entry("k.cubin", "b_stl", 48, 5, 0.625);    n[1] = entry("k.cubin", "b_stl", 40, 6, 0.75);
	o[2] = entry("k.cubin", "c_plain", 48, 5, 0.625);  n[2] = entry("k.cubin", "c_plain", 40, 6, 0.75);
	for (int i = 0; i < 3; i++) {
		o[i].res.spill_stores = o[i].res.spill_loads = KA_UNSET;   /* as a cubin reads */
		n[i].res.spill_stores = n[i].res.spill_loads = KA_UNSET;
		o[i].res.local = n[i].res.local = 0;
	}
	n[0].res.local = 32;
	o[1].res.local_stores = 0;  o[1].res.local_loads = 0;
	n[1].res.local_stores = 5;  n[1].res.local_loads = 7;
	ka_bl_compare(&old, &cur, &done, root, &c);
	assert_int_equal(find_change(&c, "a_frame")->what, KA_CH_REGRESSION);
	assert_int_equal(find_change(&c, "a_frame")->kinds, 1u << KA_REG_SPILL);
	ka_bl_change_message(find_change(&c, "a_frame"), &msg);
	assert_non_null(strstr(msg.data, "spills up to 32 bytes (stack frame 0 B -> 32 B per thread)"));
	assert_int_equal(find_change(&c, "b_stl")->kinds, 1u << KA_REG_SPILL);
	assert_int_equal(find_change(&c, "c_plain")->what, KA_CH_IMPROVED);   /* no evidence of a spill */
	ka_bl_compare_free(&c);

	/* a source analysis on both sides: ptxas's bytes decide, the frame
	 * (a local array) does not */
	for (int i = 0; i < 3; i++)
		o[i].res.spill_stores = o[i].res.spill_loads = n[i].res.spill_stores = n[i].res.spill_loads = 0;
	ka_bl_compare(&old, &cur, &done, root, &c);
	assert_int_equal(find_change(&c, "a_frame")->what, KA_CH_IMPROVED);
	ka_bl_compare_free(&c);

	/* an older baseline, without stack/local/local_stores/local_loads */
	ka_buf_printf(&p, "%s/old.json", root);
	write_text(root, "old.json",
		   "{\"kanalyze_baseline\": 1, \"tool\": \"kanalyze\", \"version\": \"0.1.0\", \"nvcc\": null,\n"
		   " \"kernels\": [{\"file\":\"k.cubin\",\"arch\":\"sm_90\",\"kernel\":\"k\",\"mangled\":\"_Z1kv\",\"line\":null,"
		   "\"block\":256,\"regs\":48,\"uregs\":null,\"spill_stores\":null,\"spill_loads\":null,\"static_smem\":0,"
		   "\"vgprs\":null,\"sgprs\":null,\"smem_dynamic\":0,\"blocks_per_sm\":5,\"occupancy\":0.625}]}\n");
	assert_int_equal(ka_bl_read(p.data, &back, &d), 0);
	assert_int_equal(back.n, 1);
	assert_int_equal(back.v[0].res.regs, 48);
	assert_int_equal(back.v[0].res.local, KA_UNSET);
	assert_int_equal(back.v[0].res.local_stores, KA_UNSET);
	ka_bl_free(&back);

	ka_analysed_free(&done);
	ka_buf_free(&kf);
	ka_buf_free(&msg);
	ka_buf_free(&p);
	ka_diag_fini(&d);
	fclose(sink);
	rm_rf(root);
	free(root);
}

/* ---- core/cache.c ---------------------------------------------------------------- */

static void hash_is_xxh3_128(void **state)
{
	(void)state;
	char a[KA_HASH_HEX], b[KA_HASH_HEX];
	struct ka_hash h;
	/* XXH3-128 of "" (xxhash's own test vector) */
	ka_hash_bytes("", 0, a);
	assert_string_equal(a, "99aa06d3014798d86001c324468d497f");
	/* streaming equals one shot; length prefixes keep fields apart */
	ka_hash_init(&h);
	ka_hash_update(&h, "ab", 2);
	ka_hash_update(&h, "c", 1);
	ka_hash_final(&h, b);
	ka_hash_bytes("abc", 3, a);
	assert_string_equal(a, b);
	ka_hash_init(&h);
	ka_hash_str(&h, "ab");
	ka_hash_str(&h, "c");
	ka_hash_final(&h, a);
	ka_hash_init(&h);
	ka_hash_str(&h, "a");
	ka_hash_str(&h, "bc");
	ka_hash_final(&h, b);
	assert_string_not_equal(a, b);
	assert_true(ka_hash_valid(a));
	assert_false(ka_hash_valid("../etc/passwd"));
}

static void cache_entries_and_manifests(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_cache c;
	struct ka_buf v = {0}, dep = {0};
	char key[KA_HASH_HEX], res[KA_HASH_HEX], got[KA_HASH_HEX];
	const char *deps[1];

	assert_int_equal(ka_cache_open(&c, dir), 0);
	ka_hash_bytes("k", 1, key);
	ka_hash_bytes("r", 1, res);
	assert_int_equal(ka_cache_get(&c, "r", key, &v), -ENOENT);
	assert_int_equal(ka_cache_put(&c, "r", key, "{}", 2), 0);
	assert_int_equal(ka_cache_get(&c, "r", key, &v), 0);
	assert_string_equal(v.data, "{}");
	assert_int_equal(ka_cache_put(&c, "r", "not-a-key", "x", 1), -EINVAL);

	write_text(dir, "dep.h", "#define X 1\n");
	ka_buf_printf(&dep, "%s/dep.h", dir);
	deps[0] = dep.data;
	assert_int_equal(ka_manifest_check(&c, key, got), -ENOENT);
	/* a dependency newer than the compile's start: no manifest */
	assert_int_equal(ka_manifest_write(&c, key, res, deps, 1, NULL, NULL, 0), -EAGAIN);
	assert_int_equal(ka_manifest_write(&c, key, res, deps, 1, NULL, NULL, ka_wall_ns() + 1000000000LL), 0);
	assert_int_equal(ka_manifest_check(&c, key, got), 0);
	assert_string_equal(got, res);
	/* touched, the same bytes: its stat changed, its hash did not: a hit */
	struct timespec later[2] = {{.tv_sec = 1000000000, .tv_nsec = 5}, {.tv_sec = 1000000000, .tv_nsec = 5}};
	assert_int_equal(utimensat(AT_FDCWD, dep.data, later, 0), 0);
	assert_int_equal(ka_manifest_check(&c, key, got), 0);
	/* rewritten with the same size, and its mtime set back: the ctime
	 * still moved, so its bytes are hashed, and differ */
	struct stat before;
	assert_int_equal(stat(dep.data, &before), 0);
	write_text(dir, "dep.h", "#define X 3\n");
	struct timespec back[2] = {before.st_atim, before.st_mtim};
	assert_int_equal(utimensat(AT_FDCWD, dep.data, back, 0), 0);
	assert_int_equal(ka_manifest_check(&c, key, got), -ESTALE);
	write_text(dir, "dep.h", "#define X 2\n");      /* same size, new content */
	assert_int_equal(ka_manifest_check(&c, key, got), -ESTALE);
	unlink(dep.data);
	assert_int_equal(ka_manifest_check(&c, key, got), -ESTALE);
	assert_int_equal(ka_cache_put(&c, "m", key, "kanalyze-manifest 2\nresult zz\n", 29), 0);
	assert_int_equal(ka_manifest_check(&c, key, got), -ESTALE);
	ka_cache_close(&c);

	/* a cache where nothing can be created is refused, not fatal */
	assert_int_not_equal(ka_cache_open(&c, "/proc/kanalyze-cache"), 0);
	assert_null(c.dir);
	ka_buf_free(&v);
	ka_buf_free(&dep);
	rm_rf(dir);
	free(dir);
}

/* The lines of a manifest that start with `what` ("look ", "dep "), the
 * hashes of dep lines included. */
static void manifest_lines(const struct ka_cache *c, const char *key, const char *what, struct ka_buf *out)
{
	struct ka_buf m = {0};
	out->len = 0;
	assert_int_equal(ka_cache_get(c, "m", key, &m), 0);
	for (const char *p = m.data; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p + 1) : strlen(p);
		if (strncmp(p, what, strlen(what)) == 0)
			ka_buf_append(out, p, l);
		p += l;
	}
	ka_buf_free(&m);
}

/* The directories a manifest lists: a second manifest of the same lookups
 * takes the first one's lines (kind "d"), lists anew a directory whose stat
 * moved, and leaves the cache's own directory out of a listing (its path
 * is /proc/self/fd/N: its parent is not the place to look). */
static void manifest_dir_memo(void **state)
{
	(void)state;
	char *dir = tempdir(), *other = tempdir();
	struct ka_cache c;
	struct ka_buf a = {0}, kc = {0}, sub = {0}, l1 = {0}, l2 = {0}, line = {0};
	char k1[KA_HASH_HEX], k2[KA_HASH_HEX], k3[KA_HASH_HEX], res[KA_HASH_HEX], got[KA_HASH_HEX];
	const char *deps[1];
	long long later = ka_wall_ns() + 1000000000LL;

	/* the cache inside the headers' directory, under a name they spell */
	write_text(dir, "a.h", "#include \"sub/c.h\"\n#include \"kc/x.h\"\n");
	ka_buf_printf(&a, "%s/a.h", dir);
	ka_buf_printf(&kc, "%s/kc", dir);
	ka_buf_printf(&sub, "dir - 0 0 0 %s/sub\n", dir);
	deps[0] = a.data;
	ka_hash_bytes("k1", 2, k1);
	ka_hash_bytes("k2", 2, k2);
	ka_hash_bytes("k3", 2, k3);
	ka_hash_bytes("r", 1, res);
	assert_int_equal(ka_cache_open(&c, kc.data), 0);
	assert_int_equal(ka_manifest_write(&c, k1, res, deps, 1, NULL, NULL, later), 0);
	manifest_lines(&c, k1, "dir ", &l1);
	assert_non_null(strstr(l1.data, sub.data));           /* sub: looked for, absent */
	assert_int_equal(ka_manifest_write(&c, k2, res, deps, 1, NULL, NULL, later), 0);
	manifest_lines(&c, k2, "dir ", &l2);
	assert_string_equal(l1.data, l2.data);
	/* sub made: its line and its parent's are listed anew */
	struct ka_buf d = {0};
	ka_buf_printf(&d, "%s/sub", dir);
	assert_int_equal(mkdir(d.data, 0700), 0);
	assert_int_equal(ka_manifest_check(&c, k2, got), -ESTALE);
	assert_int_equal(ka_manifest_write(&c, k3, res, deps, 1, NULL, NULL, ka_wall_ns() + 1000000000LL), 0);
	manifest_lines(&c, k3, "dir ", &l2);
	assert_null(strstr(l2.data, sub.data));
	assert_string_not_equal(l1.data, l2.data);
	assert_int_equal(ka_manifest_check(&c, k3, got), 0);
	assert_int_equal(rmdir(d.data), 0);
	/* the listing of dir without the cache's own directory: the same as
	 * with no cache there at all */
	ka_buf_printf(&line, " %s\n", dir);
	const char *at = strstr(l1.data, line.data);
	assert_non_null(at);
	while (at > l1.data && at[-1] != '\n')
		at--;
	char want[KA_HASH_HEX];
	memcpy(want, at + 4, KA_HASH_HEX - 1);
	want[KA_HASH_HEX - 1] = '\0';
	ka_cache_close(&c);
	rm_rf(kc.data);
	assert_int_equal(ka_cache_open(&c, other), 0);
	assert_int_equal(ka_manifest_write(&c, k1, res, deps, 1, NULL, NULL, ka_wall_ns() + 1000000000LL), 0);
	manifest_lines(&c, k1, "dir ", &l2);
	at = strstr(l2.data, line.data);
	assert_non_null(at);
	while (at > l2.data && at[-1] != '\n')
		at--;
	assert_int_equal(strncmp(at + 4, want, KA_HASH_HEX - 1), 0);
	ka_cache_close(&c);
	ka_buf_free(&a);
	ka_buf_free(&kc);
	ka_buf_free(&sub);
	ka_buf_free(&d);
	ka_buf_free(&l1);
	ka_buf_free(&l2);
	ka_buf_free(&line);
	rm_rf(dir);
	rm_rf(other);
	free(dir);
	free(other);
}

/* A second manifest of the same headers takes what an unchanged header gave
 * the first (its hash, the names it spells) and reads a changed one again. */
static void manifest_memo(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_cache c;
	struct ka_buf a = {0}, b = {0}, l1 = {0}, l2 = {0};
	char k1[KA_HASH_HEX], k2[KA_HASH_HEX], res[KA_HASH_HEX], got[KA_HASH_HEX];
	const char *deps[2];
	struct stat before;

	assert_int_equal(ka_cache_open(&c, dir), 0);
	ka_hash_bytes("k1", 2, k1);
	ka_hash_bytes("k2", 2, k2);
	ka_hash_bytes("r", 1, res);
	write_text(dir, "a.h", "#include \"sub/c.h\"\n#include <b.h>\n");
	write_text(dir, "b.h", "#define X 1\n");
	ka_buf_printf(&a, "%s/a.h", dir);
	ka_buf_printf(&b, "%s/b.h", dir);
	deps[0] = a.data;
	deps[1] = b.data;
	assert_int_equal(ka_manifest_write(&c, k1, res, deps, 2, NULL, NULL, ka_wall_ns() + 1000000000LL), 0);
	manifest_lines(&c, k1, "look ", &l1);
	assert_non_null(strstr(l1.data, "look c.h\n"));
	assert_non_null(strstr(l1.data, "look sub\n"));
	assert_non_null(strstr(l1.data, "look b.h\n"));

	/* b.h changed (same size): read again; a.h from the first manifest */
	assert_int_equal(stat(b.data, &before), 0);
	write_text(dir, "b.h", "#define X 2\n");
	assert_int_equal(ka_manifest_write(&c, k2, res, deps, 2, NULL, NULL, ka_wall_ns() + 1000000000LL), 0);
	assert_int_equal(ka_manifest_check(&c, k2, got), 0);
	manifest_lines(&c, k2, "look ", &l2);
	assert_string_equal(l1.data, l2.data);      /* a.h's names, replayed */
	manifest_lines(&c, k1, "dep ", &l1);
	manifest_lines(&c, k2, "dep ", &l2);
	assert_string_not_equal(l1.data, l2.data);  /* b.h's new hash and stat */
	/* b.h back to its first bytes, its mtime set back: k2 recorded the
	 * second bytes, so it is stale; k1 the first, so it holds */
	write_text(dir, "b.h", "#define X 1\n");
	struct timespec back[2] = {before.st_atim, before.st_mtim};
	assert_int_equal(utimensat(AT_FDCWD, b.data, back, 0), 0);
	assert_int_equal(ka_manifest_check(&c, k2, got), -ESTALE);
	assert_int_equal(ka_manifest_check(&c, k1, got), 0);
	ka_cache_close(&c);
	ka_buf_free(&a);
	ka_buf_free(&b);
	ka_buf_free(&l1);
	ka_buf_free(&l2);
	rm_rf(dir);
	free(dir);
}

/* Writers of one key with contents of different sizes, and a reader: every
 * read is one whole version, never a mix or a prefix. */
static void cache_concurrent_writers_never_tear(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_cache c;
	char key[KA_HASH_HEX];
	enum { WRITERS = 4, ROUNDS = 150 };
	size_t sizes[WRITERS] = {7, 4096, 70000, 300000};
	pid_t pids[WRITERS];

	assert_int_equal(ka_cache_open(&c, dir), 0);
	ka_hash_bytes("shared", 6, key);
	assert_int_equal(ka_cache_put(&c, "r", key, "start", 5), 0);
	for (int w = 0; w < WRITERS; w++) {
		pids[w] = fork();
		assert_true(pids[w] >= 0);
		if (pids[w] == 0) {
			char *buf = malloc(sizes[w]);
			memset(buf, 'a' + w, sizes[w]);
			for (int r = 0; r < ROUNDS; r++)
				if (ka_cache_put(&c, "r", key, buf, sizes[w]) != 0)
					_exit(1);
			_exit(0);
		}
	}
	int reads = 0, torn = 0;
	for (;;) {
		struct ka_buf v = {0};
		int alive = 0;
		for (int w = 0; w < WRITERS; w++)
			alive += pids[w] > 0 && waitpid(pids[w], NULL, WNOHANG) == 0;
		if (ka_cache_get(&c, "r", key, &v) == 0) {
			bool whole = strcmp(v.data, "start") == 0;
			for (int w = 0; w < WRITERS && !whole; w++) {
				whole = v.len == sizes[w];
				for (size_t i = 0; whole && i < v.len; i++)
					whole = v.data[i] == 'a' + w;
			}
			torn += !whole;
			reads++;
		} else {
			torn++;          /* the entry must never be missing either */
		}
		ka_buf_free(&v);
		if (!alive)
			break;
	}
	for (int w = 0; w < WRITERS; w++) {
		int st = 0;
		waitpid(pids[w], &st, 0);
	}
	assert_true(reads > 10);
	assert_int_equal(torn, 0);
	/* and no temp file is left in the entry's directory */
	struct ka_buf p = {0};
	ka_buf_printf(&p, "find %s -name '.kanalyze-tmp-*' | grep -q .", dir);
	char *argv[] = {"sh", "-c", p.data, NULL};
	struct ka_spawn_result r;
	ka_spawn(argv, 30, &r);
	assert_int_equal(r.status, 1);
	ka_spawn_result_free(&r);
	ka_buf_free(&p);
	ka_cache_close(&c);
	rm_rf(dir);
	free(dir);
}

/* -j N across files rests on ka_spawn_many keeping N jobs running: a slot
 * that comes free is refilled at once.  Six 0.2 s jobs, three at a time:
 * 0.4 s when the slots are refilled, about 1 s when they are not. */
static void spawn_many_refills_slots(void **state)
{
	(void)state;
	char *a[] = {"sh", "-c", "sleep 0.2; echo done >&2", NULL};
	char *const *const v[6] = {a, a, a, a, a, a};
	struct ka_spawn_result r[6];
	double t = ka_now_ms();
	assert_int_equal(ka_spawn_many(v, 6, 3, 30, r), 0);
	t = ka_now_ms() - t;
	for (int i = 0; i < 6; i++) {
		assert_int_equal(r[i].status, 0);
		assert_string_equal(r[i].err.data, "done\n");
		ka_spawn_result_free(&r[i]);
	}
	assert_true(t >= 390);
	assert_true(t < 750);
}

/* ---- config.c ---------------------------------------------------------------------- */

static int apply_in(const char *dir, const char *json, struct ka_cli *cli, const char *block_opt)
{
	char *cwd = getcwd(NULL, 0);
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");
	int rc;

	write_text(dir, ".kanalyze.json", json);
	memset(cli, 0, sizeof(*cli));
	cli->cmd = KA_CMD_ANALYZE;
	cli->opt[OPT_BLOCK] = block_opt;
	ka_diag_init(&d, sink);
	assert_int_equal(chdir(dir), 0);
	rc = ka_config_apply(cli, &d);
	assert_int_equal(chdir(cwd), 0);
	ka_diag_fini(&d);
	fclose(sink);
	free(cwd);
	return rc;
}

/* ka_config_apply in dir with the .kanalyze.json already there. */
static int apply_in_keep(const char *dir, struct ka_cli *cli)
{
	char *cwd = getcwd(NULL, 0);
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");
	int rc;

	memset(cli, 0, sizeof(*cli));
	cli->cmd = KA_CMD_ANALYZE;
	ka_diag_init(&d, sink);
	assert_int_equal(chdir(dir), 0);
	rc = ka_config_apply(cli, &d);
	assert_int_equal(chdir(cwd), 0);
	ka_diag_fini(&d);
	fclose(sink);
	free(cwd);
	return rc;
}

static void config_fills_unset_options(void **state)
{
	(void)state;
	char *dir = tempdir();
	struct ka_buf sub = {0}, git = {0}, want = {0}, xdg = {0};
	struct ka_cli cli;

	/* the allow list of `kanalyze trust` goes here, not to the user's */
	ka_buf_printf(&xdg, "%s/xdg", dir);
	setenv("XDG_CONFIG_HOME", xdg.data, 1);
	ka_buf_printf(&git, "%s/.git", dir);
	assert_int_equal(mkdir(git.data, 0755), 0);
	const char *json = "{\"archs\": [\"sm_80\", \"sm_90\"], \"block\": 256, \"warn_cliff\": 4,"
			   " \"include\": [\"inc\"], \"define\": [\"A=1\"], \"baseline\": \"ci/b.json\","
			   " \"strict\": true, \"_comment\": \"ok\"}";
	assert_int_equal(apply_in(dir, json, &cli, "128"), 0);
	assert_string_equal(cli.opt[OPT_ARCH], "sm_80,sm_90");
	assert_string_equal(cli.opt[OPT_BLOCK], "128");           /* the command line wins */
	assert_string_equal(cli.opt[OPT_WARNCLIFF], "4");
	assert_true(cli.flag[OPT_STRICT]);
	assert_true(cli.baseline_optional);
	ka_buf_printf(&want, "%s/ci/b.json", cli.root);
	assert_string_equal(cli.opt[OPT_BASELINE], want.data);
	/* not trusted: the include inside the repository, not the define */
	assert_int_equal(cli.n_cc_args, 1);
	want.len = 0;
	ka_buf_printf(&want, "-I%s/inc", cli.root);
	assert_string_equal(cli.cc_args[0], want.data);
	ka_cli_free(&cli);

	/* kanalyze trust DIR: the same file now applies whole */
	{
		struct ka_diag d;
		FILE *sink = fopen("/dev/null", "w");
		FILE *out = stdout;
		const char *files[] = {dir, NULL};
		memset(&cli, 0, sizeof(cli));
		cli.cmd = KA_CMD_TRUST;
		cli.files = files;
		cli.n_files = 1;
		ka_diag_init(&d, sink);
		stdout = sink;
		assert_int_equal(ka_cmd_trust(&cli, &d), 0);
		stdout = out;
		ka_diag_fini(&d);
		fclose(sink);
		struct stat st;
		ka_buf_printf(&xdg, "/kanalyze/trusted");
		assert_int_equal(stat(xdg.data, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0700);
	}
	assert_int_equal(apply_in(dir, json, &cli, "128"), 0);
	assert_int_equal(cli.n_cc_args, 2);
	assert_string_equal(cli.cc_args[0], "-DA=1");            /* defines first, includes last */
	assert_string_equal(cli.cc_args[1], want.data);
	ka_cli_free(&cli);
	/* one byte more, and the trust is gone */
	assert_int_equal(apply_in(dir, "{\"archs\": [\"sm_80\", \"sm_90\"], \"block\": 256, \"warn_cliff\": 4,"
				  " \"include\": [\"inc\"], \"define\": [\"A=1\"], \"baseline\": \"ci/b.json\","
				  " \"strict\": true, \"_comment\": \"ok!\"}", &cli, "128"), 0);
	assert_int_equal(cli.n_cc_args, 1);
	ka_cli_free(&cli);

	/* found from a subdirectory, relative paths from the file's directory */
	ka_buf_printf(&sub, "%s/src", dir);
	assert_int_equal(mkdir(sub.data, 0755), 0);
	{
		char *cwd = getcwd(NULL, 0);
		struct ka_diag d;
		FILE *sink = fopen("/dev/null", "w");
		memset(&cli, 0, sizeof(cli));
		cli.cmd = KA_CMD_ANALYZE;
		ka_diag_init(&d, sink);
		assert_int_equal(chdir(sub.data), 0);
		assert_int_equal(ka_config_apply(&cli, &d), 0);
		assert_int_equal(chdir(cwd), 0);
		assert_string_equal(cli.opt[OPT_BLOCK], "256");
		char *rel = ka_relpath(cli.root, git.data);
		assert_string_equal(rel, ".git");
		free(rel);
		ka_cli_free(&cli);
		ka_diag_fini(&d);
		fclose(sink);
		free(cwd);
	}

	/* not trusted: a compile database, paths outside the repository, a std
	 * that is a flag; a plain std is fine */
	assert_int_equal(apply_in(dir, "{\"compile_commands\": \"src\", \"baseline\": \"../b.json\", "
				  "\"include\": [\"/usr/include\", \"inc/../../x\"], \"std\": \"c++17 -DX\"}", &cli, NULL), 0);
	assert_null(cli.opt[OPT_COMPDB]);
	assert_null(cli.opt[OPT_BASELINE]);
	assert_null(cli.opt[OPT_STD]);
	assert_int_equal(cli.n_cc_args, 0);
	ka_cli_free(&cli);
	assert_int_equal(apply_in(dir, "{\"std\": \"c++17\"}", &cli, NULL), 0);
	assert_string_equal(cli.opt[OPT_STD], "c++17");
	ka_cli_free(&cli);

	/* trusted (named with --config): a database that is not built yet is a
	 * note, not an error; one that is, applies */
	{
		struct ka_buf cfg = {0};
		ka_buf_printf(&cfg, "%s/.kanalyze.json", dir);
		write_text(dir, ".kanalyze.json", "{\"compile_commands\": \"no-build-yet\"}");
		struct ka_diag d;
		FILE *sink = fopen("/dev/null", "w");
		ka_diag_init(&d, sink);
		memset(&cli, 0, sizeof(cli));
		cli.cmd = KA_CMD_ANALYZE;
		cli.opt[OPT_CONFIG] = cfg.data;
		assert_int_equal(ka_config_apply(&cli, &d), 0);
		assert_null(cli.opt[OPT_COMPDB]);
		ka_cli_free(&cli);
		write_text(dir, ".kanalyze.json", "{\"compile_commands\": \"src\"}");
		memset(&cli, 0, sizeof(cli));
		cli.cmd = KA_CMD_ANALYZE;
		cli.opt[OPT_CONFIG] = cfg.data;
		assert_int_equal(ka_config_apply(&cli, &d), 0);
		assert_non_null(cli.opt[OPT_COMPDB]);
		ka_cli_free(&cli);
		ka_diag_fini(&d);
		fclose(sink);
		ka_buf_free(&cfg);
	}

	/* a bad value names the file and its key, not an option */
	{
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		struct ka_diag d;
		bool badv = false;
		assert_int_equal(apply_in(dir, "{\"block\": 5000}", &cli, NULL), 0);
		ka_diag_init(&d, f);
		ka_cli_long(&cli, OPT_BLOCK, 1, 1024, 0, &d, &badv);
		fclose(f);
		assert_true(badv);
		assert_non_null(strstr(text, ".kanalyze.json: \"block\": '5000' is outside 1..1024"));
		ka_diag_fini(&d);
		free(text);
		ka_cli_free(&cli);
	}

	assert_int_equal(apply_in(dir, "{\"blok\": 256}", &cli, NULL), KA_EXIT_USAGE);
	ka_cli_free(&cli);
	assert_int_equal(apply_in(dir, "{\"block\": \"256\"}", &cli, NULL), KA_EXIT_USAGE);
	ka_cli_free(&cli);
	assert_int_equal(apply_in(dir, "{\"archs\": [\"sm_90\",", &cli, NULL), KA_EXIT_USAGE);
	ka_cli_free(&cli);
	assert_int_equal(apply_in(dir, "{\"archs\": \"sm_90,,sm_80\"}", &cli, NULL), KA_EXIT_USAGE);
	ka_cli_free(&cli);
	assert_int_equal(apply_in(dir, "[]", &cli, NULL), KA_EXIT_USAGE);
	ka_cli_free(&cli);

	/* a file of another user's is ignored (only root can make one) */
	if (geteuid() == 0) {
		struct ka_buf cfg = {0};
		ka_buf_printf(&cfg, "%s/.kanalyze.json", dir);
		write_text(dir, ".kanalyze.json", "{\"block\": 64}");
		assert_int_equal(chown(cfg.data, 65534, 65534), 0);
		{
			char *cwd = getcwd(NULL, 0);
			struct ka_diag d;
			FILE *sink = fopen("/dev/null", "w");
			memset(&cli, 0, sizeof(cli));
			cli.cmd = KA_CMD_ANALYZE;
			ka_diag_init(&d, sink);
			assert_int_equal(chdir(dir), 0);
			assert_int_equal(ka_config_apply(&cli, &d), 0);
			assert_int_equal(chdir(cwd), 0);
			assert_null(cli.opt[OPT_BLOCK]);
			assert_int_equal(d.warnings, 1);
			ka_cli_free(&cli);
			ka_diag_fini(&d);
			fclose(sink);
			free(cwd);
		}
		ka_buf_free(&cfg);
	}
	/* anyone may write it: ignored too */
	{
		struct ka_buf cfg = {0};
		ka_buf_printf(&cfg, "%s/.kanalyze.json", dir);
		unlink(cfg.data);
		write_text(dir, ".kanalyze.json", "{\"block\": 64}");
		assert_int_equal(chmod(cfg.data, 0666), 0);
		assert_int_equal(apply_in_keep(dir, &cli), 0);
		assert_null(cli.opt[OPT_BLOCK]);
		ka_cli_free(&cli);
		ka_buf_free(&cfg);
	}

	/* outside a repository, a parent's file is nobody's settings */
	assert_int_equal(rmdir(git.data), 0);
	{
		char *cwd = getcwd(NULL, 0);
		struct ka_diag d;
		FILE *sink = fopen("/dev/null", "w");
		struct ka_buf cfg = {0};
		ka_buf_printf(&cfg, "%s/.kanalyze.json", dir);
		unlink(cfg.data);                            /* not the 0666 one */
		ka_buf_free(&cfg);
		write_text(dir, ".kanalyze.json", "{\"block\": 64}");
		memset(&cli, 0, sizeof(cli));
		cli.cmd = KA_CMD_ANALYZE;
		ka_diag_init(&d, sink);
		assert_int_equal(chdir(sub.data), 0);
		assert_int_equal(ka_config_apply(&cli, &d), 0);
		assert_null(cli.opt[OPT_BLOCK]);
		ka_cli_free(&cli);
		memset(&cli, 0, sizeof(cli));
		cli.cmd = KA_CMD_ANALYZE;
		assert_int_equal(chdir(dir), 0);             /* its own directory: yes */
		assert_int_equal(ka_config_apply(&cli, &d), 0);
		assert_string_equal(cli.opt[OPT_BLOCK], "64");
		assert_int_equal(chdir(cwd), 0);
		ka_cli_free(&cli);
		ka_diag_fini(&d);
		fclose(sink);
		free(cwd);
	}

	unsetenv("XDG_CONFIG_HOME");
	ka_buf_free(&sub);
	ka_buf_free(&git);
	ka_buf_free(&want);
	ka_buf_free(&xdg);
	rm_rf(dir);
	free(dir);
}

/* --arch as the library gets it */
static void arch_lists(void **state)
{
	(void)state;
	FILE *sink = fopen("/dev/null", "w");
	struct ka_diag d;
	char *l;

	ka_diag_init(&d, sink);
	l = ka_cli_arch_list("sm_90,sm_80,sm_90", true, NULL, &d);
	assert_string_equal(l, "sm_90,sm_80");                  /* each name once */
	free(l);
	assert_null(ka_cli_arch_list("sm_90,", true, NULL, &d));   /* empty entries, either end */
	assert_null(ka_cli_arch_list(",sm_90", true, NULL, &d));
	assert_null(ka_cli_arch_list("", true, NULL, &d));
	assert_null(ka_cli_arch_list("compute_90", true, NULL, &d)); /* PTX: nothing to read */
	l = ka_cli_arch_list("compute_90", false, NULL, &d);      /* the calculator: sm_90 */
	assert_string_equal(l, "compute_90");
	free(l);
	assert_int_equal(d.exit_code, KA_EXIT_USAGE);
	ka_diag_fini(&d);
	fclose(sink);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shell_split_quotes),
		cmocka_unit_test(compile_flags_kept_and_dropped),
		cmocka_unit_test(compile_flags_response_files),
		cmocka_unit_test(compile_flags_languages),
		cmocka_unit_test(compdb_load_and_find), cmocka_unit_test(compdb_large),
		cmocka_unit_test(baseline_rules),
		cmocka_unit_test(baseline_read_write),
		cmocka_unit_test(baseline_binary_spills),
		cmocka_unit_test(hash_is_xxh3_128),
		cmocka_unit_test(cache_entries_and_manifests), cmocka_unit_test(manifest_memo), cmocka_unit_test(manifest_dir_memo),
		cmocka_unit_test(cache_concurrent_writers_never_tear),
		cmocka_unit_test(spawn_many_refills_slots),
		cmocka_unit_test(config_fills_unset_options),
		cmocka_unit_test(arch_lists),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
