/* test_analyzer_units.c — unit tests of the analyzer's public interface
 * (analyzer.h) that the labelled suite does not reach: the class and rule
 * tables and their man page entries, warp widths of archs, matching a
 * compiled kernel to its analysis, the --sass join, bad input (missing,
 * garbage, a directory: one message, no crash), determinism, and two
 * analyses running at once on two threads (the CLI runs one beside the
 * compile). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "analyzer.h"
#include "core.h"

#define SUITE KA_TESTDATA "/../tests/analyzer"

static struct ka_analyzer_options cuda(void)
{
	struct ka_analyzer_options o = {.lang = KA_LANG_CUDA, .sm = 90};
	return o;
}

static void classes_and_rules(void **state)
{
	(void)state;
	assert_int_equal(KA_U_COUNT, 7);
	const char *want[] = {"const", "grid-uniform", "block-uniform", "warp-uniform", "warp-uniform-if",
			      "affine-lane", "varying"};
	for (int i = 0; i < KA_U_COUNT; i++) {
		assert_string_equal(ka_uclass_name((enum ka_uclass)i), want[i]);
		assert_int_equal(ka_uclass_from_name(want[i]), i);
	}
	assert_int_equal(ka_uclass_from_name("uniform"), -1);
	assert_true(ka_uclass_is_uniform(KA_U_WARP));
	assert_false(ka_uclass_is_uniform(KA_U_WARP_IF));
	assert_int_equal(KA_RULE_COUNT, 17);
	for (int i = 0; i < KA_RULE_COUNT; i++) {
		char id[8];
		snprintf(id, sizeof(id), "KA%d", 101 + i);
		assert_string_equal(ka_rule_id((enum ka_rule)i), id);
		assert_int_equal(ka_rule_from_id(id), i);
		assert_true(strcmp(ka_rule_severity((enum ka_rule)i), "info") == 0 ||
			    strcmp(ka_rule_severity((enum ka_rule)i), "note") == 0 ||
			    strcmp(ka_rule_severity((enum ka_rule)i), "warning") == 0);
	}
}


/* Every class and rule is documented in the man page (sections UNIFORMITY
 * CLASSES and FINDINGS), so the tables and the manual cannot drift. */
static void man_page_documents_them(void **state)
{
	struct ka_buf man = {0};
	(void)state;
	assert_int_equal(ka_read_file(KA_TESTDATA "/../man/kanalyze.1", 1 << 22, &man), 0);
	const char *uc = strstr(man.data, ".SH UNIFORMITY CLASSES"), *fi = strstr(man.data, ".SH FINDINGS");
	assert_non_null(uc);
	assert_non_null(fi);
	for (int i = 0; i < KA_U_COUNT; i++) {
		char key[64], *k = key;
		k += sprintf(k, "\\fB");
		for (const char *p = ka_uclass_name((enum ka_uclass)i); *p; p++)
			k += *p == '-' ? sprintf(k, "\\-") : sprintf(k, "%c", *p);
		sprintf(k, "\\fR");
		assert_non_null(strstr(uc, key));
		assert_true(strstr(uc, key) < fi);
	}
	for (int i = 0; i < KA_RULE_COUNT; i++) {
		char key[64];
		snprintf(key, sizeof(key), "\\fB%s\\fR (%s)", ka_rule_id((enum ka_rule)i), ka_rule_severity((enum ka_rule)i));
		assert_non_null(strstr(fi, key));
	}
	ka_buf_free(&man);
}

static void kernel_matching(void **state)
{
	struct ka_analyzer_options o = cuda();
	struct ka_uresult r;
	(void)state;
	assert_int_equal(ka_uniformity_analyze(SUITE "/seed003_uniform_registers.cu", &o, &r), 0);
	assert_int_equal(r.errors, 0);
	const struct ka_ukernel *k = ka_uresult_kernel(&r, "_Z8a1_naivePfii", NULL, 0);
	assert_non_null(k);
	assert_string_equal(k->name, "a1_naive");
	/* a template instantiation by its demangled name */
	k = ka_uresult_kernel(&r, "_Z7b_naiveILi4EEvPKfPfi", "void b_naive<4>(float const*, float*, int)", 0);
	assert_non_null(k);
	assert_string_equal(k->name, "b_naive");
	assert_null(ka_uresult_kernel(&r, "_Z5nopev", "nope()", 0));
	/* facts are sorted and per kernel */
	for (size_t i = 0; i < r.n_kernels; i++)
		for (size_t j = 1; j < r.kernels[i].n_facts; j++)
			assert_true(r.kernels[i].facts[j - 1].line < r.kernels[i].facts[j].line ||
				    (r.kernels[i].facts[j - 1].line == r.kernels[i].facts[j].line &&
				     r.kernels[i].facts[j - 1].col < r.kernels[i].facts[j].col));
	ka_uresult_free(&r);
}

static void sass_join(void **state)
{
	struct ka_analyzer_options o = cuda();
	struct ka_uresult r;
	(void)state;
	assert_int_equal(ka_uniformity_analyze(SUITE "/seed003_uniform_registers.cu", &o, &r), 0);
	struct ka_ukernel *k = (struct ka_ukernel *)ka_uresult_kernel(&r, "_Z8a2_splitPfii", NULL, 0);
	assert_non_null(k);
	/* u_base (block-uniform) on its line: vector work only -> the note */
	int line = 0;
	for (size_t i = 0; i < k->n_facts; i++)
		if (k->facts[i].cls == KA_U_BLOCK)
			line = k->facts[i].line;
	assert_true(line > 0);
	struct ka_uline lines[] = {{line, 3, 0, 3}, {line + 1, 2, 2, 0}};
	assert_int_equal(ka_uniformity_join_sass(k, lines, 2), 1);
	for (size_t i = 0; i < k->n_facts; i++) {
		if (k->facts[i].line == line) {
			assert_non_null(k->facts[i].machine);
			assert_non_null(strstr(k->facts[i].machine, "uniform in source, computed in vector registers"));
		} else {
			assert_null(k->facts[i].machine);
		}
	}
	ka_uresult_free(&r);
}

static void bad_input(void **state)
{
	struct ka_analyzer_options o = cuda();
	struct ka_uresult r;
	char *dir, path[4096];
	(void)state;
	assert_int_not_equal(ka_uniformity_analyze("/nonexistent/k.cu", &o, &r), 0);
	assert_true(r.n_diags >= 1);
	ka_uresult_free(&r);

	dir = ka_tempdir_create("analyzer-test");   /* under $TMPDIR, like the tool's own */
	assert_non_null(dir);
	snprintf(path, sizeof(path), "%s/garbage.cu", dir);
	unsigned char junk[512];
	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = (unsigned char)(i * 7919u + 13u);
	assert_int_equal(ka_write_file_atomic(path, junk, sizeof(junk)), 0);
	assert_int_equal(ka_uniformity_analyze(path, &o, &r), 0);   /* parsed, with errors */
	assert_true(r.errors > 0);
	assert_int_equal((int)r.n_kernels, 0);
	ka_uresult_free(&r);
	remove(path);

	/* a kernel that does not compile: errors counted, the rest analysed */
	const char *src = "__global__ void ok(float *o) { int t = threadIdx.x; o[t] = 1.f; }\n"
			  "__global__ void broken(float *o) { o[threadIdx.x] = 1.f +; }\n";
	snprintf(path, sizeof(path), "%s/broken.cu", dir);
	assert_int_equal(ka_write_file_atomic(path, src, strlen(src)), 0);
	assert_int_equal(ka_uniformity_analyze(path, &o, &r), 0);
	assert_true(r.errors > 0);
	assert_int_equal((int)r.n_kernels, 2);
	assert_int_equal((int)r.kernels[0].n_facts, 2);     /* t = threadIdx.x; o[t] = 1.f */
	assert_int_equal(r.kernels[0].facts[0].cls, KA_U_AFFINE);
	ka_uresult_free(&r);
	remove(path);
	assert_int_not_equal(ka_uniformity_analyze(dir, &o, &r), 0);
	ka_uresult_free(&r);
	ka_tempdir_remove(dir);
	free(dir);
}

/* The walks' bounds: a 30000-term sum nests 30000 operators (it crashed
 * the analysis, 2 KiB of stack per level); its kernel is withheld for
 * depth, the small kernel beside it analysed.  The same file with a
 * budget of a microsecond: withheld for time, and the run returns. */
static void bounded_walks(void **state)
{
	struct ka_analyzer_options o = cuda();
	struct ka_uresult r;
	struct ka_buf src = {0};
	char path[4096], *dir;
	(void)state;
	dir = ka_tempdir_create("analyzer-test");
	assert_non_null(dir);
	snprintf(path, sizeof(path), "%s/deep.cu", dir);
	ka_buf_puts(&src, "__global__ void small(float *o) { int t = threadIdx.x; o[t] = 1.f; }\n"
			  "__global__ void deep(float *o, int i) { int x = i");
	for (int k = 1; k < 30000; k++)
		ka_buf_puts(&src, " + i");
	ka_buf_puts(&src, "; o[threadIdx.x] = x; }\n");
	assert_int_equal(ka_write_file_atomic(path, src.data, src.len), 0);
	assert_int_equal(ka_uniformity_analyze(path, &o, &r), 0);
	assert_int_equal((int)r.n_kernels, 2);
	assert_string_equal(r.kernels[0].name, "small");
	assert_int_equal(r.kernels[0].withheld, KA_WITHHELD_NONE);
	assert_int_equal((int)r.kernels[0].n_facts, 2);
	assert_string_equal(r.kernels[1].name, "deep");
	assert_int_equal(r.kernels[1].withheld, KA_WITHHELD_DEPTH);
	assert_int_equal((int)r.kernels[1].n_facts, 0);
	ka_uresult_free(&r);
	o.budget_ms = 0.001;
	double t0 = ka_now_ms();
	assert_int_equal(ka_uniformity_analyze(path, &o, &r), 0);
	assert_true(ka_now_ms() - t0 < 60000);
	assert_int_equal(r.kernels[1].withheld, KA_WITHHELD_TIME);
	ka_uresult_free(&r);
	ka_buf_free(&src);
	remove(path);
	ka_tempdir_remove(dir);
	free(dir);
}

static void deterministic(void **state)
{
	struct ka_analyzer_options o = cuda();
	struct ka_uresult a, b;
	(void)state;
	assert_int_equal(ka_uniformity_analyze(SUITE "/realworld.cu", &o, &a), 0);
	assert_int_equal(ka_uniformity_analyze(SUITE "/realworld.cu", &o, &b), 0);
	assert_int_equal(a.n_facts, b.n_facts);
	for (size_t i = 0; i < a.n_facts; i++) {
		assert_int_equal(a.facts[i].line, b.facts[i].line);
		assert_int_equal(a.facts[i].cls, b.facts[i].cls);
		assert_string_equal(a.facts[i].expr, b.facts[i].expr);
		assert_string_equal(a.facts[i].why, b.facts[i].why);
	}
	ka_uresult_free(&a);
	ka_uresult_free(&b);
}

struct job {
	const char *file;
	enum ka_lang lang;
	struct ka_uresult r;
	int rc;
};

static void *run_job(void *p)
{
	struct job *j = p;
	struct ka_analyzer_options o = {.lang = j->lang, .sm = 90};
	j->rc = ka_uniformity_analyze(j->file, &o, &j->r);
	return NULL;
}

static void two_threads(void **state)
{
	struct job j[2] = {{SUITE "/control.cu", KA_LANG_CUDA, {0}, -1}, {SUITE "/hip_wave64.hip", KA_LANG_HIP, {0}, -1}};
	pthread_t t[2];
	(void)state;
	for (int i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, run_job, &j[i]), 0);
	for (int i = 0; i < 2; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(j[i].rc, 0);
		assert_int_equal(j[i].r.errors, 0);
		assert_true(j[i].r.n_facts > 20);
		ka_uresult_free(&j[i].r);
	}
}

/* The preamble a toolkit parse precompiles: leading comments, blank lines,
 * directives and lines that only name a namespace, cut where the #if nesting is back at zero, only when it
 * includes something; a block comment that runs on from a directive, code,
 * an unbalanced #endif end it. */
static size_t pre(const char *t)
{
	return ka_preamble_length(t, strlen(t));
}

static void preamble(void **state)
{
	(void)state;
	const char *a = "// head\n/* block\n comment */\n#include <a.h>\n#define N \\\n  4\n\nint x;\n";
	assert_int_equal(pre(a), strstr(a, "\n\nint") - a + 1);
	assert_int_equal(pre("#define N 4\nint x;\n"), 0);                     /* nothing included */
	const char *b = "#include <a.h>\n#ifdef X\n#include <b.h>\nint y;\n#endif\n";
	assert_int_equal(pre(b), strlen("#include <a.h>\n"));                   /* code inside the #if */
	const char *c = "#include <a.h>\n#if X\n#include <b.h>\n#else\n#include <c.h>\n#endif\nint z;\n";
	assert_int_equal(pre(c), strstr(c, "int z") - c);
	const char *d = "#include <a.h> /* runs\n on */\n#include <b.h>\n";
	assert_int_equal(pre(d), 0);                                            /* stopped before it */
	const char *e = "#include <a.h>\n#endif\n#include <b.h>\n";
	assert_int_equal(pre(e), strlen("#include <a.h>\n"));
	const char *f = "  #  include_next <a.h>\r\n__global__ void k() {}\n";
	assert_int_equal(pre(f), strlen("  #  include_next <a.h>\r\n"));
	const char *g = "#include <a.h>";                                     /* no last newline */
	assert_int_equal(pre(g), strlen(g));
	assert_int_equal(pre(""), 0);
	assert_int_equal(pre("/* never closed\n#include <a.h>\n"), 0);
	/* a line that only names a namespace is part of it */
	const char *h = "#include <a.h>\nnamespace cg = cooperative_groups;\n#include <b.h>\nint x;\n";
	assert_int_equal(pre(h), strstr(h, "int x") - h);
	const char *i = "#include <a.h>\n  using namespace ::a :: b ; // why\n#include <b.h>\nint x;\n";
	assert_int_equal(pre(i), strstr(i, "int x") - i);
	const char *j = "#include <a.h>\nnamespace cg = cooperative_groups; int y;\n#include <b.h>\n";
	assert_int_equal(pre(j), strlen("#include <a.h>\n"));                  /* code after it */
	const char *k = "#include <a.h>\nnamespace cg {\n#include <b.h>\n}\n";
	assert_int_equal(pre(k), strlen("#include <a.h>\n"));
	const char *l = "#include <a.h>\nusing std::min;\nnamespacecg = x;\n";
	assert_int_equal(pre(l), strlen("#include <a.h>\n"));
	const char *m = "#include <a.h>\nusing namespace std; /* runs\n on */\n#include <b.h>\n";
	assert_int_equal(pre(m), strlen("#include <a.h>\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(classes_and_rules),
		cmocka_unit_test(man_page_documents_them),
		cmocka_unit_test(kernel_matching),
		cmocka_unit_test(sass_join),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(deterministic), cmocka_unit_test(preamble),
		cmocka_unit_test(bounded_walks),
		cmocka_unit_test(two_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
