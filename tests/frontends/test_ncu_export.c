/* test_ncu_export.c — the Nsight Compute CSV readers on the exports recorded
 * on the H200 (testdata/profile/: profile_demo.cu, env.txt says how), on
 * truncated and garbled copies of them, on CSV quoting (ncu's unescaped
 * quotes: inline asm), on rows that cannot be read (left out, named), on the
 * shared-memory and branch columns (the hand-made export of
 * testdata/profile/asm/), on ncu's register count beside ptxas's, and the
 * kernel-name key that joins ncu's spelling of a signature with c++filt's. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontends.h"

static const char src_demo[] = "/work/main/testdata/profile/profile_demo.cu";
static const char src_header[] = "/work/main/testdata/profile/strided.cuh";

struct fixture {
	struct ka_buf source, details;
};

static void fixture_load(struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	assert_int_equal(ka_read_file(KA_TESTDATA "/profile/ncu_source.csv", 1 << 24, &f->source), 0);
	assert_int_equal(ka_read_file(KA_TESTDATA "/profile/ncu_details.csv", 1 << 24, &f->details), 0);
}

static void fixture_free(struct fixture *f)
{
	ka_buf_free(&f->source);
	ka_buf_free(&f->details);
}

/* Read (source, details) into p with messages in *text; the worse rc. */
static int read_both(const char *src, size_t slen, const char *det, size_t dlen, struct ka_ncu_profile *p,
		     struct ka_diag *d, char **text, size_t *len)
{
	FILE *out = open_memstream(text, len);
	int rc = 0;
	memset(p, 0, sizeof(*p));
	ka_diag_init(d, out);
	if (src)
		rc = ka_ncu_source_read(src, slen, "ncu_source.csv", p, d);
	if (det && rc == 0)
		rc = ka_ncu_details_read(det, dlen, "ncu_details.csv", p, d);
	fclose(out);
	return rc;
}

static void fixture_lines(void **state)
{
	(void)state;
	struct fixture f;
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	const struct ka_ncu_line *l;

	fixture_load(&f);
	assert_int_equal(read_both(f.source.data, f.source.len, NULL, 0, &p, &d, &text, &len), 0);
	assert_int_equal(p.tables, 4);
	assert_int_equal(p.n_files, 2);
	assert_int_equal(d.warnings, 0);

	/* copy: coalesced, one load and one store of 32 bits, 4 sectors each */
	l = ka_ncu_line_find(&p, "copy(const float *, float *, int)", src_demo, 14);
	assert_non_null(l);
	assert_int_equal(l->sectors, 1048576);
	assert_int_equal(l->excessive, 0);
	assert_int_equal(l->ideal, 1048576);
	assert_int_equal(l->executed, 917504);
	assert_int_equal(l->n_access, 2);
	assert_string_equal(l->access[0].opcode, "LDG.E");
	assert_string_equal(l->access[0].op, "load");
	assert_int_equal(l->access[0].bits, 32);
	assert_int_equal(l->access[0].executed, 131072);   /* the repeated SASS rows counted once */
	assert_int_equal(l->access[0].sectors, 524288);
	assert_string_equal(l->access[1].op, "store");

	/* column_sum: a 256-float row per lane, 16 unrolled loads of 8192 each */
	l = ka_ncu_line_find(&p, "column_sum(const float *, float *, int, int)", src_demo, 23);
	assert_non_null(l);
	assert_int_equal(l->sectors, 4194304);
	assert_int_equal(l->excessive, 3670016);
	assert_int_equal(l->n_access, 1);
	assert_int_equal(l->access[0].executed, 16 * 8192);
	assert_int_equal(l->access[0].sectors, 4194304);
	assert_int_equal(ka_ncu_kernel_sectors(&p, "column_sum(const float *, float *, int, int)"), 4194304 + 2048);

	l = ka_ncu_line_find(&p, "member_x(const particle *, float *, int)", src_demo, 32);
	assert_int_equal(l->sectors, 2621440);
	assert_int_equal(l->excessive, 1572864);

	/* a kernel defined in a header: its lines are the header's */
	l = ka_ncu_line_find(&p, "header_stride2(const float *, float *, int)", src_header, 7);
	assert_non_null(l);
	assert_int_equal(l->sectors, 786432);
	assert_int_equal(l->excessive, 262144);
	assert_null(ka_ncu_line_find(&p, "header_stride2(const float *, float *, int)", src_demo, 7));

	/* a line without global traffic: zero, not unknown */
	l = ka_ncu_line_find(&p, "copy(const float *, float *, int)", src_demo, 12);
	assert_int_equal(l->sectors, 0);
	assert_int_equal(l->n_access, 0);

	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
	fixture_free(&f);
}

static void fixture_launches(void **state)
{
	(void)state;
	struct fixture f;
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;

	fixture_load(&f);
	assert_int_equal(read_both(f.source.data, f.source.len, f.details.data, f.details.len, &p, &d, &text, &len), 0);
	assert_int_equal(p.n_launches, 4);
	assert_int_equal(p.n_kernels, 4);     /* the same names in both pages */
	const struct ka_ncu_launch *l = &p.launches[0];
	assert_string_equal(l->kernel, "copy(const float *, float *, int)");
	assert_int_equal(l->block[0], 256);
	assert_int_equal(l->block[1], 1);
	assert_int_equal(l->grid[0], 16384);
	assert_string_equal(l->cc, "9.0");
	assert_int_equal(l->regs, 16);
	assert_int_equal(l->static_smem, 0);
	assert_int_equal(l->dynamic_smem, 0);
	assert_int_equal(l->block_limit_regs, 16);
	assert_true(l->theoretical == 100.0);
	assert_true(l->achieved > 71.51 && l->achieved < 71.53);
	assert_int_equal(l->launches, 1);
	l = &p.launches[1];
	assert_string_equal(l->kernel, "column_sum(const float *, float *, int, int)");
	assert_int_equal(l->regs, 31);
	assert_int_equal(l->block_limit_regs, 8);
	assert_int_equal(l->grid[0], 64);
	assert_int_equal(d.warnings, 0);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
	fixture_free(&f);
}

/* Every prefix of the exports: read or refused with a message, never a
 * crash; cut inside a quoted field, it is refused naming the row. */
static void truncated(void **state)
{
	(void)state;
	struct fixture f;
	fixture_load(&f);
	for (size_t cut = 0; cut < f.source.len; cut += cut < 4096 ? 1 : 977) {
		struct ka_ncu_profile p;
		struct ka_diag d;
		char *text = NULL;
		size_t len = 0;
		int rc = read_both(f.source.data, cut, f.details.data, cut < f.details.len ? cut : f.details.len, &p, &d,
				   &text, &len);
		if (rc != 0) {
			assert_int_equal(d.errors, 1);
			assert_non_null(strstr(text, "ncu_"));
		}
		ka_ncu_profile_free(&p);
		ka_diag_fini(&d);
		free(text);
	}
	/* mid-field */
	{
		struct ka_ncu_profile p;
		struct ka_diag d;
		char *text = NULL;
		size_t len = 0;
		assert_int_equal(read_both(f.source.data, 1000, NULL, 0, &p, &d, &text, &len), -EINVAL);
		assert_non_null(strstr(text, "truncated"));
		ka_ncu_profile_free(&p);
		ka_diag_fini(&d);
		free(text);
	}
	fixture_free(&f);
}

/* Garbled copies: bytes flipped all over; and inputs that are not exports. */
static void garbled(void **state)
{
	(void)state;
	struct fixture f;
	static const char *const bad[] = {
		"", "hello, world\n", "\"File Path\"\n\"Line No\",\"Source\"\n", "\"a\"b,c\n", "\0\0\0\0",
		"\"ID\",\"Kernel Name\"\n\"0\",\"k\"\n", "\"Line No\",\"Address\"\n\"1\",\"-\"\n",
	};
	fixture_load(&f);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct ka_ncu_profile p;
		struct ka_diag d;
		char *text = NULL;
		size_t len = 0;
		size_t n = i == 4 ? 4 : strlen(bad[i]);
		assert_int_equal(read_both(bad[i], n, NULL, 0, &p, &d, &text, &len), -EINVAL);
		assert_int_equal(d.errors, 1);
		ka_ncu_profile_free(&p);
		ka_diag_fini(&d);
		free(text);
		assert_int_equal(read_both(NULL, 0, bad[i], n, &p, &d, &text, &len), -EINVAL);
		assert_int_equal(d.errors, 1);
		ka_ncu_profile_free(&p);
		ka_diag_fini(&d);
		free(text);
	}
	srand(7);
	for (int round = 0; round < 200; round++) {
		struct ka_buf s = {0}, t = {0};
		struct ka_ncu_profile p;
		struct ka_diag d;
		char *text = NULL;
		size_t len = 0;
		ka_buf_append(&s, f.source.data, f.source.len);
		ka_buf_append(&t, f.details.data, f.details.len);
		for (int k = 0; k < 20; k++) {
			static const char junk[] = "\",\n\r-0x9a,\"\"";
			s.data[(size_t)rand() % s.len] = junk[rand() % (int)(sizeof(junk) - 1)];
			t.data[(size_t)rand() % t.len] = junk[rand() % (int)(sizeof(junk) - 1)];
		}
		(void)read_both(s.data, s.len, t.data, t.len, &p, &d, &text, &len);
		assert_true(d.errors <= 1);
		ka_ncu_profile_free(&p);
		ka_diag_fini(&d);
		free(text);
		ka_buf_free(&s);
		ka_buf_free(&t);
	}
	fixture_free(&f);
}

/* Quotes doubled inside a field, commas and a newline inside quotes, CRLF
 * line ends, thousands separators, a value that is no number (warned once,
 * unknown), ncu's own message rows, a column order of the table's own. */
static void quoting(void **state)
{
	(void)state;
	static const char src[] =
		"==WARNING== something ncu said\r\n"
		"\"File Path\",\"/a/b/k.cu\"\r\n"
		"\"Function Name\",\"k(const char *, int)\"\r\n"
		"\"Line No\",\"Source\",\"Address\",\"Source\",\"L2 Theoretical Sectors Global\","
		"\"Address Space\",\"Access Operation\",\"Access Size\",\"Instructions Executed\","
		"\"L2 Theoretical Sectors Global Excessive\"\r\n"
		"\"3\",\"s = \"\"a,b\"\";\nt\",\"-\",\"-\",\"1,024\",\"Global\",\"Load\",\"8\",\"64\",\"x\"\r\n"
		"\"\",\"\",\"0x10\",\"@!P0 LDG.E.U8 R1, [R2]\",\"1,024\",\"Global\",\"Load\",\"8\",\"32\",\"y\"\r\n"
		"\"\",\"\",\"0x10\",\"@!P0 LDG.E.U8 R1, [R2]\",\"1,024\",\"Global\",\"Load\",\"8\",\"32\",\"y\"\r\n"
		"\"\",\"\",\"0x20\",\"LDS R1, [R2]\",\"0\",\"Shared\",\"Load\",\"32\",\"32\",\"0\"\r\n";
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	assert_int_equal(read_both(src, strlen(src), NULL, 0, &p, &d, &text, &len), 0);
	const struct ka_ncu_line *l = ka_ncu_line_find(&p, "k(const char *, int)", "/a/b/k.cu", 3);
	assert_non_null(l);
	assert_int_equal(l->sectors, 1024);
	assert_int_equal(l->excessive, -1);
	assert_int_equal(l->executed, 64);
	assert_int_equal(l->n_access, 2);
	assert_string_equal(l->access[0].opcode, "LDG.E.U8");
	assert_false(l->access[0].shared);
	assert_int_equal(l->access[0].bits, 8);
	assert_int_equal(l->access[0].executed, 32);
	assert_string_equal(l->access[1].opcode, "LDS");       /* a shared access: no wavefront column here */
	assert_true(l->access[1].shared);
	assert_int_equal(l->access[1].wavefronts, -1);
	assert_int_equal(l->access[1].sectors, -1);
	assert_int_equal(l->wavefronts, -1);
	assert_int_equal(l->divergent, -1);
	assert_true(l->nway < 0);
	assert_int_equal(d.warnings, 2);          /* ncu's message; the column's value, once */
	assert_non_null(strstr(text, "'x' is not a number"));
	assert_null(strstr(text, "'y'"));
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);

	static const char det[] =
		"\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"CC\",\"Section Name\",\"Metric Name\","
		"\"Metric Unit\",\"Metric Value\"\n"
		"\"0\",\"k(const char *, int)\",\"(128, 2, 1)\",\"(1,024, 1, 1)\",\"8.0\",\"Launch Statistics\","
		"\"Static Shared Memory Per Block\",\"Kbyte/block\",\"49.15\"\n"
		"\"0\",\"k(const char *, int)\",\"(128, 2, 1)\",\"(1,024, 1, 1)\",\"8.0\",\"Occupancy\","
		"\"Achieved Occupancy\",\"%\",\"40\"\n"
		"\"1\",\"k(const char *, int)\",\"(128, 2, 1)\",\"(8, 1, 1)\",\"8.0\",\"Occupancy\","
		"\"Achieved Occupancy\",\"%\",\"50\"\n"
		"\"1\",\"k(const char *, int)\",\"(128, 2, 1)\",\"(8, 1, 1)\",\"8.0\",\"Occupancy\","
		"\"\",\"\",\"\",\"SomeRule\"\n";
	assert_int_equal(read_both(NULL, 0, det, strlen(det), &p, &d, &text, &len), 0);
	assert_int_equal(p.n_launches, 1);       /* two launches, one configuration */
	assert_int_equal(p.launches[0].launches, 2);
	assert_int_equal(p.launches[0].block[1], 2);
	assert_int_equal(p.launches[0].grid[0], 1024);
	assert_int_equal(p.launches[0].static_smem, 49150);
	assert_true(p.launches[0].smem_rounded);
	assert_true(p.launches[0].achieved == 45.0);
	assert_int_equal(p.launches[0].regs, -1);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
}

/* ncu does not double a quote inside a field (a line of inline asm, a
 * printf's format, an empty string literal): each such row reads, its
 * numbers in their columns, no warning; a quote before a comma splits the
 * text, which the header's count of fields mends. */
static void unescaped_quotes(void **state)
{
	(void)state;
	static const char src[] =
		"\"File Path\",\"/a/lane.cu\"\n"
		"\"Function Name\",\"lane(unsigned int *)\"\n"
		"\"Line No\",\"Source\",\"Address\",\"Source\",\"Instructions Executed\",\"Address Space\","
		"\"Access Operation\",\"Access Size\",\"L2 Theoretical Sectors Global\"\n"
		"\"11\",\"asm volatile(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));\",\"-\",\"-\",\"1\",\"-\",\"-\",\"-\",\"0\"\n"
		"\"\",\"\",\"0x10\",\"      S2R R5, SR_LANEID\",\"1\",\"-\",\"-\",\"-\",\"0\"\n"
		"\"12\",\"printf(\"%u, %u\\n\", lane, x);\",\"-\",\"-\",\"2\",\"-\",\"-\",\"-\",\"0\"\n"
		"\"13\",\"const char *s = \"\";\",\"-\",\"-\",\"3\",\"-\",\"-\",\"-\",\"0\"\n"
		"\"14\",\"f(\"a\",\"b\", \"c\",\",\"-\",\"-\",\"4\",\"Global\",\"Store\",\"32\",\"1,024\"\n"
		"\"\",\"\",\"0x20\",\"      STG.E desc[UR4][R2.64], R5\",\"4\",\"Global\",\"Store\",\"32\",\"1,024\"\n"
		"\"15\",\"\"\"\",\"-\",\"-\",\"5\",\"-\",\"-\",\"-\",\"0\"\n";
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	static const long long want[] = {1, 2, 3, 4, 5};

	assert_int_equal(read_both(src, strlen(src), NULL, 0, &p, &d, &text, &len), 0);
	assert_int_equal(d.warnings, 0);
	assert_int_equal(d.errors, 0);
	assert_int_equal(p.skipped, 0);
	for (int i = 0; i < 5; i++) {
		const struct ka_ncu_line *l = ka_ncu_line_find(&p, "lane(unsigned int *)", "/a/lane.cu", 11 + i);
		assert_non_null(l);
		assert_int_equal(l->executed, want[i]);
	}
	const struct ka_ncu_line *l = ka_ncu_line_find(&p, "lane(unsigned int *)", "/a/lane.cu", 14);
	assert_int_equal(l->sectors, 1024);
	assert_int_equal(l->n_access, 1);
	assert_string_equal(l->access[0].opcode, "STG.E");
	assert_int_equal(l->access[0].sectors, 1024);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);

	/* the details page: a kernel name with a quote in it reads as written */
	static const char det[] =
		"\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"CC\",\"Section Name\",\"Metric Name\","
		"\"Metric Unit\",\"Metric Value\"\n"
		"\"0\",\"k<'\"'>(int)\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"9.0\",\"Launch Statistics\","
		"\"Registers Per Thread\",\"register/thread\",\"16\",\n";
	assert_int_equal(read_both(NULL, 0, det, strlen(det), &p, &d, &text, &len), 0);
	assert_int_equal(d.warnings, 0);
	assert_int_equal(p.n_launches, 1);
	assert_string_equal(p.launches[0].kernel, "k<'\"'>(int)");
	assert_int_equal(p.launches[0].regs, 16);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
}

/* Rows that cannot be read even so are left out, one warning each naming
 * the row and why; the rows around them read, and the run goes on. */
static void skipped_rows(void **state)
{
	(void)state;
	static const char src[] =
		"\"File Path\",\"/a/k.cu\"\n"                                                   /* row 1 */
		"\"Function Name\",\"k(float *)\"\n"                                            /* row 2 */
		"\"Line No\",\"Source\",\"Address\",\"Source\",\"Instructions Executed\"\n"     /* row 3 */
		"\"5\",\"x = 1;\",\"-\",\"-\",\"10\"\n"                                         /* row 4 */
		"\"6\",\"y = 2;\",\"-\"\n"                                                       /* row 5: short */
		"\"7\",\"s = \"open\n"                                                           /* row 6: a quote left */
		"\"8\",\"z = 3;\",\"-\",\"-\",\"30\"\n"                                         /*   open: line 8 in it */
		"\"\",\"\",\"0x10\",\"      LDG.E R2, desc[UR4][R2.64]\",\"30\"\n"             /* row 7: line 8's */
		"\"9\",\"w = 4;\",\"-\",\"-\",\"40\"\n";                                        /* row 8 */
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;

	assert_int_equal(read_both(src, strlen(src), NULL, 0, &p, &d, &text, &len), 0);
	assert_int_equal(d.errors, 0);
	assert_int_equal(d.warnings, 2);
	assert_int_equal(p.skipped, 2);
	assert_non_null(strstr(text, "row 5: 3 fields where its table's header (row 3) has 5: fewer fields"));
	assert_non_null(strstr(text, "row 6: 6 fields where its table's header (row 3) has 5: more fields"));
	assert_non_null(strstr(text, "runs past the line's end; the row and the instructions after it are left out"));
	assert_null(strstr(text, "before any source line"));    /* row 7 goes with its line, unsaid */
	assert_int_equal(ka_ncu_line_find(&p, "k(float *)", "/a/k.cu", 5)->executed, 10);
	assert_null(ka_ncu_line_find(&p, "k(float *)", "/a/k.cu", 6));
	assert_null(ka_ncu_line_find(&p, "k(float *)", "/a/k.cu", 7));
	assert_null(ka_ncu_line_find(&p, "k(float *)", "/a/k.cu", 8));
	assert_int_equal(ka_ncu_line_find(&p, "k(float *)", "/a/k.cu", 9)->executed, 40);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);

	/* the details page: a metric's row cut short is left out; a kernel
	 * name split at a quote and a comma is joined again; a rule's text
	 * split so is a rule's (no metric) */
	static const char det[] =
		"\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"CC\",\"Section Name\",\"Metric Name\","
		"\"Metric Unit\",\"Metric Value\",\"Rule Description\"\n"
		"\"0\",\"k(float *)\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"9.0\",\"Launch Statistics\","
		"\"Registers Per Thread\",\"register/thread\",\"16\",\n"
		"\"0\",\"k(float *)\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"9.0\",\"Occupancy\",\"Theoretical Occupancy\"\n"
		"\"1\",\"k<\"a\",\"b\">(float *)\",\"(64, 1, 1)\",\"(1, 1, 1)\",\"9.0\",\"Occupancy\","
		"\"Theoretical Occupancy\",\"%\",\"50\",\n"
		"\"0\",\"k(float *)\",\"(32, 1, 1)\",\"(1, 1, 1)\",\"9.0\",\"Occupancy\",\"\",\"\",\"\","
		"\"see \"Occupancy\", the guide's \"a\",\"b\"\"\n";
	assert_int_equal(read_both(NULL, 0, det, strlen(det), &p, &d, &text, &len), 0);
	assert_int_equal(d.warnings, 1);
	assert_int_equal(p.skipped, 1);
	assert_non_null(strstr(text, "row 3: 7 fields where a metric's row has 10 (the header: 10): the row is left out"));
	assert_int_equal(p.n_launches, 2);
	assert_int_equal(p.launches[0].regs, 16);
	assert_true(p.launches[0].theoretical < 0);
	assert_string_equal(p.launches[1].kernel, "k<\"a\",\"b\">(float *)");
	assert_true(p.launches[1].theoretical == 50.0);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
}

/* The Source page's shared-memory and branch columns, by label (the
 * hand-made export of testdata/profile/asm/) or by metric name. */
static void shared_and_branches(void **state)
{
	(void)state;
	static const char file[] = "/work/main/testdata/profile/asm/lane.cu";
	struct ka_buf src = {0};
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	const struct ka_ncu_line *l;

	assert_int_equal(ka_read_file(KA_TESTDATA "/profile/asm/ncu_source.csv", 1 << 20, &src), 0);
	assert_int_equal(read_both(src.data, src.len, NULL, 0, &p, &d, &text, &len), 0);
	assert_int_equal(d.warnings, 0);
	assert_int_equal(p.tables, 3);
	l = ka_ncu_line_find(&p, "lane_ids(unsigned int *)", file, 11);       /* the asm line */
	assert_non_null(l);
	assert_int_equal(l->executed, 1);
	assert_int_equal(l->wavefronts, 0);
	l = ka_ncu_line_find(&p, "column_read(const float *, float *)", file, 20);
	assert_int_equal(l->wavefronts, 1024);
	assert_int_equal(l->ideal_wavefronts, 32);
	assert_true(l->nway == 32.0);
	assert_int_equal(l->sectors, 128);
	assert_int_equal(l->n_access, 2);
	assert_string_equal(l->access[0].opcode, "LDS");
	assert_true(l->access[0].shared);
	assert_int_equal(l->access[0].executed, 32);         /* the repeated SASS rows counted once */
	assert_int_equal(l->access[0].wavefronts, 1024);
	assert_int_equal(l->access[0].ideal_wavefronts, 32);
	assert_int_equal(l->access[0].sectors, -1);
	assert_false(l->access[1].shared);
	assert_int_equal(l->access[1].sectors, 128);
	l = ka_ncu_line_find(&p, "reduce_interleaved(float *)", file, 30);
	assert_int_equal(l->divergent, 188);
	assert_int_equal(l->n_access, 0);
	l = ka_ncu_line_find(&p, "reduce_interleaved(float *)", file, 31);
	assert_int_equal(l->wavefronts, 564);
	assert_int_equal(l->ideal_wavefronts, 564);
	assert_int_equal(l->n_access, 2);                    /* two LDS of one kind, one STS */
	assert_int_equal(l->access[0].executed, 2 * 188);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
	ka_buf_free(&src);

	/* by metric name; two launches (tables) of one kernel add up, the
	 * N-way their mean weighted by wavefronts */
	static const char named[] =
		"\"File Path\",\"/a/t.cu\"\n"
		"\"Function Name\",\"t()\"\n"
		"\"Line No\",\"Source\",\"Address\",\"Source\",\"memory_l1_wavefronts_shared\","
		"\"memory_l1_wavefronts_shared_ideal\",\"derived__memory_l1_conflicts_shared_nway\","
		"\"smsp__branch_targets_threads_divergent\"\n"
		"\"3\",\"x = tile[i][j];\",\"-\",\"-\",\"64\",\"16\",\"4\",\"2\"\n"
		"\"File Path\",\"/a/t.cu\"\n"
		"\"Function Name\",\"t()\"\n"
		"\"Line No\",\"Source\",\"Address\",\"Source\",\"memory_l1_wavefronts_shared\","
		"\"memory_l1_wavefronts_shared_ideal\",\"derived__memory_l1_conflicts_shared_nway\","
		"\"smsp__branch_targets_threads_divergent\"\n"
		"\"3\",\"x = tile[i][j];\",\"-\",\"-\",\"16\",\"16\",\"1\",\"1\"\n";
	assert_int_equal(read_both(named, strlen(named), NULL, 0, &p, &d, &text, &len), 0);
	l = ka_ncu_line_find(&p, "t()", "/a/t.cu", 3);
	assert_int_equal(l->wavefronts, 80);
	assert_int_equal(l->ideal_wavefronts, 32);
	assert_int_equal(l->divergent, 3);
	assert_true(fabs(l->nway - (4.0 * 64 + 1.0 * 16) / 80) < 1e-9);
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
}

/* A name or path that is no UTF-8 (a garbled export) reads with '?' for
 * the bytes: the report is JSON. */
static void not_utf8(void **state)
{
	(void)state;
	static const char src[] =
		"\"File Path\",\"/a/\xff\xfe.cu\"\n"
		"\"Function Name\",\"k\xc3(int) \xe2\x82\xac\"\n"
		"\"Line No\",\"Source\",\"Address\",\"Source\",\"Address Space\",\"Access Operation\"\n"
		"\"1\",\"x\",\"-\",\"-\",\"-\",\"-\"\n"
		"\"\",\"\",\"0x10\",\"LDG\x80 R1\",\"Global\",\"Lo\xc0\xaf" "ad\"\n";
	struct ka_ncu_profile p;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	assert_int_equal(read_both(src, strlen(src), NULL, 0, &p, &d, &text, &len), 0);
	assert_string_equal(p.files[0], "/a/??.cu");
	assert_string_equal(p.kernels[0], "k?(int) \xe2\x82\xac");   /* the euro sign is UTF-8 */
	const struct ka_ncu_line *l = ka_ncu_line_find(&p, p.kernels[0], p.files[0], 1);
	assert_non_null(l);
	assert_string_equal(l->access[0].opcode, "LDG?");
	assert_string_equal(l->access[0].op, "lo??ad");
	ka_ncu_profile_free(&p);
	ka_diag_fini(&d);
	free(text);
}

/* ncu's Registers Per Thread beside ptxas's count: frontends.h's worked
 * table, the recorded H200 kernels (10 -> 16, 31 -> 31) and the 8-register
 * kernel of testdata/profile/asm/ (8 -> 16). */
static void register_rule(void **state)
{
	(void)state;
	static const struct {
		long regs, allocated;
	} alloc[] = {{0, 16}, {8, 16}, {10, 16}, {16, 16}, {17, 24}, {31, 32}, {32, 32}, {33, 40}, {255, 256}, {-1, -1}};
	static const struct {
		long ptxas, ncu;
		enum ka_ncu_regs want;
	} cmp[] = {
		{8, 16, KA_NCU_REGS_SAME_ALLOCATION}, {10, 16, KA_NCU_REGS_SAME_ALLOCATION},
		{14, 16, KA_NCU_REGS_SAME_ALLOCATION}, {31, 31, KA_NCU_REGS_EQUAL},
		{31, 32, KA_NCU_REGS_SAME_ALLOCATION}, {31, 40, KA_NCU_REGS_DIFFER},
		{24, 16, KA_NCU_REGS_DIFFER},           {8, 24, KA_NCU_REGS_DIFFER},
		{8, 8, KA_NCU_REGS_EQUAL},
	};
	for (size_t i = 0; i < sizeof(alloc) / sizeof(alloc[0]); i++)
		assert_int_equal(ka_ncu_regs_allocated(alloc[i].regs, 8), alloc[i].allocated);
	for (size_t i = 0; i < sizeof(cmp) / sizeof(cmp[0]); i++)
		assert_int_equal(ka_ncu_regs_compare(cmp[i].ptxas, cmp[i].ncu, 8), cmp[i].want);
	/* without an allocation unit: the floor alone */
	assert_int_equal(ka_ncu_regs_allocated(10, 0), 16);
	assert_int_equal(ka_ncu_regs_allocated(20, 1), 20);
	assert_int_equal(ka_ncu_regs_compare(20, 24, 1), KA_NCU_REGS_DIFFER);
	assert_int_equal(ka_ncu_regs_compare(20, 24, 8), KA_NCU_REGS_SAME_ALLOCATION);
}

static void name_key(void **state)
{
	(void)state;
	static const char *const same[][2] = {
		{"copy(const float *, float *, int)", "copy(float const*, float*, int)"},
		{"member_x(const particle *, float *, int)", "member_x(particle const*, float*, int)"},
		{"void k<256>(const float *, volatile int *)", "void k<256>(float const*, int volatile*)"},
		{"f(const unsigned int *, float *const)", "f(unsigned int const*, float* const)"},
		{"ns::g<const float>(ns::T<int, const char *> *)", "ns::g<float const>(ns::T<int, char const*>*)"},
		{"(anonymous namespace)::h(int)", "(anonymous namespace)::h(int)"},
	};
	struct ka_buf a = {0}, b = {0};
	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		ka_ncu_name_key(same[i][0], &a);
		ka_ncu_name_key(same[i][1], &b);
		assert_string_equal(a.data, b.data);
	}
	ka_ncu_name_key("copy(const float *, float *, int)", &a);
	assert_string_equal(a.data, "copy(float const*,float*,int)");
	ka_ncu_name_key("f(float *)", &a);
	ka_ncu_name_key("f(const float *)", &b);
	assert_string_not_equal(a.data, b.data);
	ka_ncu_name_key("", &a);
	assert_string_equal(a.data, "");
	ka_ncu_name_key("((((", &a);
	ka_ncu_name_key(")))>>,,", &a);
	ka_buf_free(&a);
	ka_buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fixture_lines), cmocka_unit_test(fixture_launches), cmocka_unit_test(truncated),
		cmocka_unit_test(garbled),       cmocka_unit_test(quoting),          cmocka_unit_test(unescaped_quotes),
		cmocka_unit_test(skipped_rows),  cmocka_unit_test(shared_and_branches), cmocka_unit_test(not_utf8),
		cmocka_unit_test(register_rule), cmocka_unit_test(name_key),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
