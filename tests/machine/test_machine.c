/* test_machine.c — the machine model (machine/machine.h) on hand-made lane
 * addresses and on the PTX of cases.cu (testdata/machine/cases.sm_90.ptx),
 * each figure worked out by hand beside its check:
 *
 *   access                     lanes apart   bytes  per request      ideal
 *   in[i]                      4 B           4      4 sectors        4
 *   in[2 * i]                  8 B           4      8                4
 *   in[i * s], s a parameter   s * 4 B       4      32               4
 *   float4 in[i]               16 B          16     16               16
 *   quad in[i].b               16 B          4      16               4
 *   in[0]                      0             4      1                4
 *   tile[tx][ty], float[32][32]   128 B      4      32 wavefronts    1
 *   tile[tx][ty], float[32][33]   132 B      4      1 wavefront      1
 *   double s[tid]              8 B           8      2 wavefronts     2 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "machine.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	b[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return b;
}

/* The line of cases.cu (cases.hip) that carries `// @name`. */
static int marker_in(const char *file, const char *name)
{
	size_t len;
	char *src = slurp(file, &len), want[64];
	snprintf(want, sizeof(want), "// @%s", name);
	int line = 1, found = 0;
	for (char *p = src; *p; p++) {
		if (strncmp(p, want, strlen(want)) == 0 && !(p[strlen(want)] >= 'a' && p[strlen(want)] <= 'z') &&
		    p[strlen(want)] != '_')
			found = line;
		line += *p == '\n';
	}
	free(src);
	assert_true(found > 0);
	return found;
}

static int marker(const char *name)
{
	return marker_in(KA_CASES_CU, name);
}

static int hip_marker(const char *name)
{
	return marker_in(KA_CASES_HIP, name);
}

/* The same kernels in AMDGPU assembly (cases.hip for gfx90a): waves of 64
 * lanes, 64-byte lines, 32 LDS banks, work-item IDs packed in v0. */
static void run_amd(const char *mangled, int bx, int by, struct ka_mach_result *r)
{
	size_t len;
	char *s = slurp(KA_TESTDATA "/machine/cases.gfx90a.s", &len);
	char *k = ka_mach_amdgpu_kernel(s, len, mangled);
	assert_non_null(k);
	struct ka_mach_shape sh = {.block = {bx, by, 1}, .lanes = 64, .sector_bytes = 64, .lds_banks = 32,
				   .tid_packed = true};
	assert_int_equal(ka_mach_amdgpu_accesses(k, strlen(k), &sh, r), 0);
	free(k);
	free(s);
}

/* Run the model on kernel `mangled` of the fixture at block (x, y). */
static void run(const char *mangled, int bx, int by, struct ka_mach_result *r)
{
	size_t len;
	char *ptx = slurp(KA_TESTDATA "/machine/cases.sm_90.ptx", &len);
	char *k = ka_mach_ptx_extract(ptx, len, mangled);
	assert_non_null(k);
	struct ka_mach_shape sh = {.block = {bx, by, 1}};
	assert_int_equal(ka_mach_ptx_accesses(k, strlen(k), &sh, r), 0);
	free(k);
	free(ptx);
}

static const struct ka_mach_access *find(const struct ka_mach_result *r, int line, enum ka_mach_space sp,
					 enum ka_mach_op op)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].line == line && r->v[i].space == sp && r->v[i].op == op)
			return &r->v[i];
	fail_msg("no %s %s at line %d", ka_mach_space_name(sp), ka_mach_op_name(op), line);
	return NULL;
}

#define near(a, b) assert_true((a) > (b) - 0.01 && (a) < (b) + 0.01)

static void global_load(const char *mangled, const char *mark, double sectors, double ideal, int bytes)
{
	struct ka_mach_result r;
	run(mangled, 256, 1, &r);
	const struct ka_mach_access *a = find(&r, marker(mark), KA_MACH_GLOBAL, KA_MACH_LOAD);
	near(a->sectors, sectors);
	near(a->ideal, ideal);
	assert_int_equal(a->bytes_per_lane, bytes);
	assert_false(a->gather);
	ka_mach_result_free(&r);
}

/* ---- the pure models on hand-made addresses ---------------------------------- */

static void test_sectors_by_hand(void **state)
{
	(void)state;
	int64_t a[32];
	int ideal;
	for (int l = 0; l < 32; l++)
		a[l] = 4096 + 4 * l;
	assert_int_equal(ka_mach_sectors(a, 0xffffffffu, 32, 4, &ideal), 4);
	assert_int_equal(ideal, 4);
	for (int l = 0; l < 32; l++)
		a[l] = 4096 + 4 * l + 4;              /* misaligned by a word: one more */
	assert_int_equal(ka_mach_sectors(a, 0xffffffffu, 32, 4, &ideal), 5);
	for (int l = 0; l < 32; l++)
		a[l] = 4096 + 128 * l;
	assert_int_equal(ka_mach_sectors(a, 0xffffffffu, 32, 4, &ideal), 32);
	assert_int_equal(ka_mach_sectors(a, 0x0000ffffu, 32, 4, &ideal), 16);
	assert_int_equal(ideal, 2);
	assert_int_equal(ka_mach_sectors(a, 0, 32, 4, &ideal), 0);
}

static void test_wavefronts_by_hand(void **state)
{
	(void)state;
	int64_t a[32];
	int ideal;
	for (int l = 0; l < 32; l++)
		a[l] = 128 * l;                       /* one bank for all: 32-way */
	assert_int_equal(ka_mach_wavefronts(a, 0xffffffffu, 32, 4, 32, &ideal), 32);
	assert_int_equal(ideal, 1);
	for (int l = 0; l < 32; l++)
		a[l] = 132 * l;                       /* padded: every bank once */
	assert_int_equal(ka_mach_wavefronts(a, 0xffffffffu, 32, 4, 32, &ideal), 1);
	for (int l = 0; l < 32; l++)
		a[l] = 256;                           /* one word: a broadcast */
	assert_int_equal(ka_mach_wavefronts(a, 0xffffffffu, 32, 4, 32, &ideal), 1);
	for (int l = 0; l < 32; l++)
		a[l] = 8 * l;                         /* doubles: two half-warp phases */
	assert_int_equal(ka_mach_wavefronts(a, 0xffffffffu, 32, 8, 32, &ideal), 2);
	assert_int_equal(ideal, 2);
	for (int l = 0; l < 32; l++)
		a[l] = 16 * l;                        /* float4: four quarter-warp phases */
	assert_int_equal(ka_mach_wavefronts(a, 0xffffffffu, 32, 16, 32, &ideal), 4);
	for (int l = 0; l < 32; l++)
		a[l] = 8 * (l % 2 ? l + 16 : l);      /* 2-way within a half-warp */
	assert_int_equal(ka_mach_wavefronts(a, 0xffffffffu, 32, 4, 32, &ideal), 2);
	int64_t b[64];
	for (int l = 0; l < 64; l++)
		b[l] = 4 * l;                         /* a wave64: lane 0 and lane 32 alone */
	assert_int_equal(ka_mach_wavefronts(b, 1ull | 1ull << 32, 64, 4, 32, &ideal), 2);
	assert_int_equal(ideal, 2);               /* two half-waves, no conflict */
	assert_int_equal(ka_mach_wavefronts(b, 0x3ull, 64, 4, 32, &ideal), 1);
	assert_int_equal(ideal, 1);
}

static void test_local_interleaving(void **state)
{
	(void)state;
	int64_t a[32];
	int ideal;
	for (int l = 0; l < 32; l++)
		a[l] = 40;                            /* one offset: side by side */
	assert_int_equal(ka_mach_local_sectors(a, 0xffffffffu, 32, 4, &ideal), 4);
	for (int l = 0; l < 32; l++)
		a[l] = 4 * l;                         /* a[lane]: a word row apart */
	assert_int_equal(ka_mach_local_sectors(a, 0xffffffffu, 32, 4, &ideal), 32);
}

/* ---- the lanes of cases.cu ------------------------------------------------------ */

static void test_strides(void **state)
{
	(void)state;
	global_load("_Z9coalescedPfPKf", "coalesced", 4, 4, 4);
	global_load("_Z7stride2PfPKf", "stride2", 8, 4, 4);
	global_load("_Z12stride_paramPfPKfi", "stride_param", 32, 4, 4);
	global_load("_Z7vector4P6float4PKS_", "vector4", 16, 16, 16);
	global_load("_Z10aos_memberPfPK4quad", "aos_member", 16, 4, 4);
	global_load("_Z9broadcastPfPKf", "broadcast", 1, 4, 4);
}

static void test_gather(void **state)
{
	(void)state;
	struct ka_mach_result r;
	run("_Z6gatherPfPKfPKi", 256, 1, &r);
	const struct ka_mach_access *idx = find(&r, marker("gather_index"), KA_MACH_GLOBAL, KA_MACH_LOAD);
	const struct ka_mach_access *x = find(&r, marker("gather"), KA_MACH_GLOBAL, KA_MACH_LOAD);
	assert_false(idx->gather);
	assert_true(x->gather);
	assert_int_equal(x->gather_line, marker("gather_index"));
	assert_non_null(strstr(x->pattern, "gather"));
	ka_mach_result_free(&r);
}

static void test_trip_count(void **state)
{
	(void)state;
	struct ka_mach_result r;
	run("_Z12counted_loopPfPKf", 256, 1, &r);
	const struct ka_mach_access *a = find(&r, marker("counted_loop"), KA_MACH_GLOBAL, KA_MACH_LOAD);
	near(a->executions, 100);                 /* k < 100, from its first iterations */
	assert_false(a->loop_default);
	near(a->sectors, 4);
	ka_mach_result_free(&r);
}

static void test_block_shapes(void **state)
{
	(void)state;
	struct ka_mach_result r;
	int line = marker("rows2d");
	run("_Z6rows2dPfPKfi", 16, 16, &r);       /* two rows of 16 lanes: 2 x 2 sectors */
	near(find(&r, line, KA_MACH_GLOBAL, KA_MACH_LOAD)->sectors, 4);
	ka_mach_result_free(&r);
	run("_Z6rows2dPfPKfi", 1, 64, &r);        /* (1, n): every lane its own row */
	near(find(&r, line, KA_MACH_GLOBAL, KA_MACH_LOAD)->sectors, 32);
	ka_mach_result_free(&r);
}

static void test_divergent_lanes(void **state)
{
	(void)state;
	struct ka_mach_result r;
	run("_Z9half_warpPfPKf", 256, 1, &r);     /* even lanes: 16 active, 128 B spanned */
	const struct ka_mach_access *a = find(&r, marker("half_warp"), KA_MACH_GLOBAL, KA_MACH_LOAD);
	near(a->active_lanes, 16);
	near(a->sectors, 4);
	near(a->ideal, 2);
	ka_mach_result_free(&r);
}

static void test_bank_conflicts(void **state)
{
	(void)state;
	struct ka_mach_result r;
	run("_Z15transpose_naivePfPKfi", 32, 32, &r);
	near(find(&r, marker("tile_row"), KA_MACH_SHARED, KA_MACH_STORE)->wavefronts, 1);
	const struct ka_mach_access *col = find(&r, marker("tile_column"), KA_MACH_SHARED, KA_MACH_LOAD);
	near(col->wavefronts, 32);
	near(col->ideal_wavefronts, 1);
	ka_mach_result_free(&r);
	run("_Z16transpose_paddedPfPKfi", 32, 32, &r);
	near(find(&r, marker("padded_column"), KA_MACH_SHARED, KA_MACH_LOAD)->wavefronts, 1);
	ka_mach_result_free(&r);
	run("_Z13shared_doublePd", 256, 1, &r);
	const struct ka_mach_access *d = find(&r, marker("shared_double"), KA_MACH_SHARED, KA_MACH_STORE);
	near(d->wavefronts, 2);
	near(d->ideal_wavefronts, 2);
	ka_mach_result_free(&r);
}

static void test_local_and_vectors(void **state)
{
	(void)state;
	struct ka_mach_result r;
	run("_Z11local_arrayPfPKii", 256, 1, &r);
	const struct ka_mach_access *l = find(&r, marker("local_array"), KA_MACH_LOCAL, KA_MACH_LOAD);
	assert_true(l->gather);                   /* a[which[i] & 31]: each lane its own word */
	assert_true(l->sectors > 16);
	ka_mach_result_free(&r);
	run("_Z10neighboursPfPKf", 256, 1, &r);
	const struct ka_mach_access *n = find(&r, marker("neighbours"), KA_MACH_GLOBAL, KA_MACH_LOAD);
	assert_int_equal(n->n_instructions, 4);
	near(n->sectors, 16);                     /* each load its own request */
	assert_true(n->vector_candidate);
	assert_int_equal(n->vector_bytes, 16);
	ka_mach_result_free(&r);
}

/* ---- the HIP port on gfx90a ------------------------------------------------------- *
 *   access               lanes apart   bytes  per request (64-byte lines)  ideal
 *   in[i]                4 B           4      4  (64 lanes x 4 B = 256 B)     4
 *   in[2 * i]            8 B           4      8                               4
 *   in[i * s]            16 KiB        4      64                              4
 *   float4 in[i]         16 B          16     16                              16
 *   quad in[i].b         16 B          4      16                              4
 *   in[0]                one address: a scalar load (s_load_dword), no request
 *   tile[tx][ty]         128 B         4      64 wavefronts (32-way, twice)   2
 *   padded               132 B         4      2                               2
 *   double s[tid]        8 B           8      4 (four phases of 16 lanes)     4 */
static void amd_global(const char *mangled, const char *mark, double lines, double ideal)
{
	struct ka_mach_result r;
	run_amd(mangled, 256, 1, &r);
	const struct ka_mach_access *a = find(&r, hip_marker(mark), KA_MACH_GLOBAL, KA_MACH_LOAD);
	near(a->sectors, lines);
	near(a->ideal, ideal);
	assert_true(a->amdgpu);
	assert_int_equal(a->unit_bytes, 64);
	ka_mach_result_free(&r);
}

static void test_amdgpu_strides(void **state)
{
	(void)state;
	amd_global("_Z9coalescedPfPKf", "coalesced", 4, 4);
	amd_global("_Z7stride2PfPKf", "stride2", 8, 4);
	amd_global("_Z12stride_paramPfPKfi", "stride_param", 64, 4);
	amd_global("_Z7vector4P15HIP_vector_typeIfLj4EEPKS0_", "vector4", 16, 16);
	amd_global("_Z10aos_memberPfPK4quad", "aos_member", 16, 4);
	/* in[0] is the same address in every lane: the scalar unit loads it
	 * (s_load_dword), no vector memory request at all */
	struct ka_mach_result r;
	run_amd("_Z9broadcastPfPKf", 256, 1, &r);
	for (size_t i = 0; i < r.n; i++)
		assert_false(r.v[i].line == hip_marker("broadcast") && r.v[i].op == KA_MACH_LOAD);
	ka_mach_result_free(&r);
}

static void test_amdgpu_lds_and_gathers(void **state)
{
	(void)state;
	struct ka_mach_result r;
	run_amd("_Z15transpose_naivePfPKfi", 32, 32, &r);
	near(find(&r, hip_marker("tile_row"), KA_MACH_SHARED, KA_MACH_STORE)->wavefronts, 2);
	const struct ka_mach_access *col = find(&r, hip_marker("tile_column"), KA_MACH_SHARED, KA_MACH_LOAD);
	near(col->wavefronts, 64);
	near(col->ideal_wavefronts, 2);
	ka_mach_result_free(&r);
	run_amd("_Z16transpose_paddedPfPKfi", 32, 32, &r);
	near(find(&r, hip_marker("padded_column"), KA_MACH_SHARED, KA_MACH_LOAD)->wavefronts, 2);
	ka_mach_result_free(&r);
	run_amd("_Z13shared_doublePd", 256, 1, &r);
	near(find(&r, hip_marker("shared_double"), KA_MACH_SHARED, KA_MACH_STORE)->wavefronts, 4);
	ka_mach_result_free(&r);
	run_amd("_Z6gatherPfPKfPKi", 256, 1, &r);
	assert_false(find(&r, hip_marker("gather_index"), KA_MACH_GLOBAL, KA_MACH_LOAD)->gather);
	assert_true(find(&r, hip_marker("gather"), KA_MACH_GLOBAL, KA_MACH_LOAD)->gather);
	ka_mach_result_free(&r);
	run_amd("_Z12counted_loopPfPKf", 256, 1, &r);
	near(find(&r, hip_marker("counted_loop"), KA_MACH_GLOBAL, KA_MACH_LOAD)->executions, 100);
	ka_mach_result_free(&r);
}

/* Text that is not PTX, or PTX cut anywhere: an error or fewer accesses,
 * never a crash (the fuzz target tries the rest). */
/* The module read once gives each kernel what cutting it alone gives; a
 * kernel whose name begins another's (k1, k10) gets only its own
 * descriptor and arguments. */
static void test_amdgpu_module(void **state)
{
	(void)state;
	size_t len;
	char *s = slurp(KA_TESTDATA "/machine/cases.gfx90a.s", &len);
	struct ka_mach_amdgpu_module *m = ka_mach_amdgpu_module(s, len);
	static const char *const names[] = {"_Z9coalescedPfPKf", "_Z7stride2PfPKf", "_Z15transpose_naivePfPKfi",
					    "_Z6gatherPfPKfPKi"};
	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		char *one = ka_mach_amdgpu_kernel(s, len, names[i]), *from_module = ka_mach_amdgpu_module_kernel(m, names[i]);
		assert_non_null(one);
		assert_string_equal(one, from_module);
		assert_non_null(strstr(one, ".amdhsa_kernel "));
		assert_non_null(strstr(one, ";ka-arg 0 8 global_buffer"));
		free(one);
		free(from_module);
	}
	assert_null(ka_mach_amdgpu_module_kernel(m, "_Z9coalesced"));      /* a prefix is no kernel */
	ka_mach_amdgpu_module_free(m);
	free(s);

	static const char two[] =
		"k1:                ; @k1\n\ts_endpgm\n.Lfunc_end0:\n"
		"k10:\n\ts_nop 0\n\ts_endpgm\n.Lfunc_end1:\n"
		"\t.amdhsa_kernel k1\n\t\t.amdhsa_kernarg_size 8\n\t.end_amdhsa_kernel\n"
		"\t.amdhsa_kernel k10\n\t\t.amdhsa_kernarg_size 16\n\t.end_amdhsa_kernel\n"
		"\t.amdgpu_metadata\n---\namdhsa.kernels:\n"
		"  - .args:\n      - .offset: 0\n        .size: 8\n        .value_kind: global_buffer\n    .name: k1\n"
		"  - .args:\n      - .offset: 0\n        .size: 4\n        .value_kind: by_value\n    .name: k10\n"
		"\t.end_amdgpu_metadata\n";
	char *k1 = ka_mach_amdgpu_kernel(two, sizeof(two) - 1, "k1");
	assert_non_null(k1);
	assert_non_null(strstr(k1, ".amdhsa_kernarg_size 8"));
	assert_null(strstr(k1, ".amdhsa_kernarg_size 16"));
	assert_null(strstr(k1, "s_nop"));
	assert_non_null(strstr(k1, ";ka-arg 0 8 global_buffer"));
	assert_null(strstr(k1, "by_value"));
	free(k1);
}

/* A helper inlined into a helper: nvcc writes the middle position's .loc
 * before the innermost one, so the chain of callers is known to the
 * kernel's own line (k.cu:3 here, the helpers in h.cuh); without that .loc
 * only the first caller is. */
static const char nested_head[] =
	".version 9.0\n.target sm_90\n.address_size 64\n"
	".visible .entry _Z1kPKfPf(\n\t.param .u64 _Z1kPKfPf_param_0,\n\t.param .u64 _Z1kPKfPf_param_1\n)\n{\n"
	"\t.reg .f32 %f<3>;\n\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<9>;\n"
	"\t.loc 1 3 0\n\tld.param.u64 %rd1, [_Z1kPKfPf_param_0];\n\tld.param.u64 %rd2, [_Z1kPKfPf_param_1];\n"
	"\t.loc 1 3 30\n\tcvta.to.global.u64 %rd3, %rd2;\n\tcvta.to.global.u64 %rd4, %rd1;\n\tmov.u32 %r1, %tid.x;\n";
static const char nested_tail[] =
	"\t.loc 2 1 73, function_name $L__info_string1, inlined_at 2 2 73\n"
	"\tshl.b32 %r2, %r1, 1;\n\tmul.wide.s32 %rd5, %r2, 4;\n\tadd.s64 %rd6, %rd4, %rd5;\n\tld.global.f32 %f1, [%rd6];\n"
	"\t.loc 1 3 30\n\tmul.wide.s32 %rd7, %r1, 4;\n\tadd.s64 %rd8, %rd3, %rd7;\n\tst.global.f32 [%rd8], %f1;\n\tret;\n}\n"
	"\t.file 1 \"k.cu\"\n\t.file 2 \"h.cuh\"\n"
	"\t.section .debug_str\n\t{\n$L__info_string0:\n.b8 95,90,49,102,80,75,102,105,0\n"
	"$L__info_string1:\n.b8 95,90,49,103,80,75,102,105,0\n\t}\n";

static const struct ka_mach_access *nested_load(const char *middle, struct ka_mach_result *r)
{
	char text[2048];
	struct ka_mach_shape sh = {.block = {256, 1, 1}};
	snprintf(text, sizeof(text), "%s%s%s", nested_head, middle, nested_tail);
	assert_int_equal(ka_mach_ptx_accesses(text, strlen(text), &sh, r), 0);
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].op == KA_MACH_LOAD && r->v[i].space == KA_MACH_GLOBAL)
			return &r->v[i];
	fail_msg("no global load");
	return NULL;
}

static void test_nested_inlining(void **state)
{
	(void)state;
	struct ka_mach_result r = {0};
	const struct ka_mach_access *a =
		nested_load("\t.loc 2 2 73, function_name $L__info_string0, inlined_at 1 3 30\n", &r);
	assert_string_equal(a->file, "h.cuh");
	assert_int_equal(a->line, 1);
	assert_int_equal(a->n_inlined, 2);
	assert_string_equal(a->inl_file[0], "h.cuh");
	assert_int_equal(a->inl_line[0], 2);
	assert_string_equal(a->inl_file[1], "k.cu");
	assert_int_equal(a->inl_line[1], 3);
	assert_int_equal(a->inl_col[1], 30);
	near(a->sectors, 8.0);
	ka_mach_result_free(&r);

	a = nested_load("", &r);           /* the middle position not written */
	assert_int_equal(a->n_inlined, 1);
	assert_int_equal(a->inl_line[0], 2);
	ka_mach_result_free(&r);
}

static void test_bad_input(void **state)
{
	(void)state;
	struct ka_mach_result r;
	struct ka_mach_shape sh = {.block = {256, 1, 1}};
	assert_int_equal(ka_mach_ptx_accesses("not ptx at all", 14, &sh, &r), -1);
	assert_int_equal(r.n, 0);
	assert_null(ka_mach_ptx_extract("x", 1, "_Z1kv"));
	size_t len;
	char *ptx = slurp(KA_TESTDATA "/machine/cases.sm_90.ptx", &len);
	char *k = ka_mach_ptx_extract(ptx, len, "_Z15transpose_naivePfPKfi");
	for (size_t cut = 0; cut < strlen(k); cut += 97) {
		char *part = strndup(k, cut);
		if (ka_mach_ptx_accesses(part, cut, &sh, &r) == 0)
			ka_mach_result_free(&r);
		free(part);
	}
	free(k);
	free(ptx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sectors_by_hand),
		cmocka_unit_test(test_wavefronts_by_hand),
		cmocka_unit_test(test_local_interleaving),
		cmocka_unit_test(test_strides),
		cmocka_unit_test(test_gather),
		cmocka_unit_test(test_trip_count),
		cmocka_unit_test(test_block_shapes),
		cmocka_unit_test(test_divergent_lanes),
		cmocka_unit_test(test_bank_conflicts),
		cmocka_unit_test(test_local_and_vectors),
		cmocka_unit_test(test_amdgpu_strides),
		cmocka_unit_test(test_amdgpu_lds_and_gathers),
		cmocka_unit_test(test_amdgpu_module),
		cmocka_unit_test(test_nested_inlining), cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
