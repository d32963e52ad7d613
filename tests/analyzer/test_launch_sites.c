/* test_launch_sites.c — the launch-site finder (analyzer/launch_sites.c) on
 * the fixtures of testdata/launch/: each site's callee, block, dynamic
 * shared memory and line (constants through #define, const dim3, constexpr,
 * template arguments of the enclosing host function template, <<<>>>,
 * cudaLaunchKernel, cudaLaunchKernelEx, hipLaunchKernelGGL), a site with a
 * runtime block left unknown, one level of launch wrapper (the kernel and a
 * parameter struct passed to a template that launches them), locals and
 * dim3 members assigned after their declaration (no constants), a kernel
 * named with a pack expansion, the shape each kernel's launches prove, and the
 * match of compiled (demangled) names to sites; missed.cu: a qualified
 * dependent kernel name, an enumerator template argument, a block through two
 * host templates, dim3 members assigned constants once, a runtime dynamic
 * size; optin.cu: the kernels cudaFuncSetAttribute raises the dynamic
 * shared memory limit of. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"

static void analyze(const char *name, enum ka_lang lang, struct ka_uresult *r)
{
	struct ka_analyzer_options o = {.lang = lang, .sm = lang == KA_LANG_CUDA ? 90 : 0,
					.offload_arch = lang == KA_LANG_HIP ? "gfx90a" : NULL};
	char path[512];
	snprintf(path, sizeof(path), "%s/launch/%s", KA_TESTDATA, name);
	assert_int_equal(ka_uniformity_analyze(path, &o, r), 0);
	assert_int_equal(r->errors, 0);
}

/* The one launch at `line` of a kernel named `name`. */
static const struct ka_ulaunch *at(const struct ka_uresult *r, const char *name, int line)
{
	const struct ka_ulaunch *found = NULL;
	for (size_t i = 0; i < r->n_launches; i++)
		if (r->launches[i].line == line && strcmp(r->launches[i].name, name) == 0) {
			assert_null(found);
			found = &r->launches[i];
		}
	assert_non_null(found);
	return found;
}

static void block_is(const struct ka_ulaunch *l, int x, int y, int z, long smem)
{
	assert_int_equal(l->block[0], x);
	assert_int_equal(l->block[1], y);
	assert_int_equal(l->block[2], z);
	assert_int_equal(l->smem, smem);
}

static const struct ka_ukernel *kernel(const struct ka_uresult *r, const char *name)
{
	for (size_t i = 0; i < r->n_kernels; i++)
		if (strcmp(r->kernels[i].name, name) == 0)
			return &r->kernels[i];
	fail_msg("no kernel %s", name);
	return NULL;
}

static void test_sites(void **state)
{
	struct ka_uresult r;
	const struct ka_ulaunch *l, *m[8];
	(void)state;
	analyze("sites.cu", KA_LANG_CUDA, &r);
	/* const dim3 block_dims(WARP_SIZE, 1, 1) with #define WARP_SIZE 32 */
	l = at(&r, "norm", 43);
	block_is(l, 32, 1, 1, 0);
	assert_string_equal(l->mangled, "_Z4normILi32EEvPKfPfi");
	/* inside template launch_norm<B>: B from the call launch_norm<1024>,
	 * smem B / 32 * sizeof(float) */
	l = at(&r, "norm", 36);
	block_is(l, 1024, 1, 1, 128);
	assert_int_equal(l->n_targs, 1);
	assert_string_equal(l->targs[0], "1024");
	/* constexpr rows_per_block in dim3(1, rows_per_block, 1) */
	block_is(at(&r, "column", 48), 1, 32, 1, 0);
	block_is(at(&r, "plain", 50), 128, 1, 1, 512);
	block_is(at(&r, "plain", 51), 0, 0, 0, 0);              /* runtime_block: unknown */
	block_is(at(&r, "plain", 53), 64, 1, 1, 0);             /* cudaLaunchKernel */
	block_is(at(&r, "ex_kernel", 60), 96, 1, 1, 1024);      /* cudaLaunchKernelEx: cfg.blockDim, cfg.dynamicSmemBytes */
	assert_int_equal(r.n_launches, 7);
	/* the grid, evaluated as the block is: a constant (1), dim3(1) of
	 * cudaLaunchKernel; nrows, a parameter: unknown (0); not followed
	 * through cudaLaunchKernelEx's config */
	assert_int_equal(at(&r, "plain", 50)->grid[0], 1);
	assert_int_equal(at(&r, "plain", 53)->grid[0], 1);
	assert_int_equal(at(&r, "plain", 53)->grid[1], 1);
	assert_int_equal(at(&r, "norm", 43)->grid[0], 0);
	assert_int_equal(at(&r, "ex_kernel", 60)->grid[0], 0);
	/* threads: plain has a runtime block; ex_kernel an unknown grid */
	assert_int_equal(kernel(&r, "plain")->shape.threads, 0);
	assert_int_equal(kernel(&r, "ex_kernel")->shape.threads, 0);

	/* compiled names to sites: by mangled name, else name and template arguments */
	assert_int_equal(ka_uresult_launches(&r, "_Z4normILi1024EEvPKfPfi", "void norm<1024>(float const*, float*, int)",
					     m, 8), 1);
	assert_int_equal(m[0]->line, 36);
	assert_int_equal(ka_uresult_launches(&r, "_Zother", "void norm<1024>(float const*, float*, int)", m, 8), 1);
	assert_int_equal(ka_uresult_launches(&r, "_Zother", "void norm<64>(float const*, float*, int)", m, 8), 0);
	assert_int_equal(ka_uresult_launches(&r, "_Z5plainPfi", "plain(float*, int)", m, 8), 3);
	/* an -rdc compile's kernel of internal linkage: by the name inside nvcc's */
	assert_int_equal(ka_uresult_launches(&r, "__nv_static_25__95844b9e_8_sites_cu_main__Z5plainPfi",
					     "__nv_static_25__95844b9e_8_sites_cu_main__Z5plainPfi", m, 8), 3);
	assert_string_equal(ka_mangled_own("__nv_static_12__ab_k_cu__Z1kv"), "_Z1kv");
	assert_string_equal(ka_mangled_own("_Z1kv"), "_Z1kv");
	assert_string_equal(ka_mangled_own("__nv_static_12__ab_plain"), "__nv_static_12__ab_plain");

	/* the shape: norm's launches (32 and 1024) are 1-D multiples of 32;
	 * plain has a runtime block, so nothing is proven */
	assert_int_equal(kernel(&r, "norm")->shape.n_sites, 2);
	assert_int_equal(kernel(&r, "norm")->shape.lane_dim, 0);
	assert_true(kernel(&r, "norm")->shape.warp_multiple);
	assert_int_equal(kernel(&r, "plain")->shape.n_unknown, 1);
	assert_int_equal(kernel(&r, "column")->shape.lane_dim, 1);
	ka_uresult_free(&r);
}

static void test_shapes(void **state)
{
	struct ka_uresult r;
	(void)state;
	analyze("shapes.cu", KA_LANG_CUDA, &r);
	assert_int_equal(kernel(&r, "by_rows")->shape.lane_dim, 1);
	assert_true(kernel(&r, "by_rows")->shape.warp_multiple);    /* 64 lanes along y, x == 1 */
	assert_int_equal(kernel(&r, "by_rows_unlaunched")->shape.n_sites, 0);
	assert_int_equal(kernel(&r, "tiles")->shape.lane_dim, 0);
	assert_true(kernel(&r, "tiles")->shape.warp_multiple);
	/* 64x2 and 16x2: only what holds for both */
	assert_int_equal(kernel(&r, "two_shapes")->shape.n_sites, 2);
	assert_false(kernel(&r, "two_shapes")->shape.warp_multiple);
	/* one block each: the larger launch runs 64 x 2 threads; tiles' grid
	 * (n / 256) is not a constant */
	assert_int_equal(kernel(&r, "two_shapes")->shape.threads, 128);
	assert_int_equal(kernel(&r, "tiles")->shape.threads, 0);
	/* dim3(W / 4, W / 4) in a template called with W = 16 and 32: one
	 * launch recorded (as for its constant block), grid 8 x 8 */
	assert_int_equal(kernel(&r, "grid_by_template")->shape.n_sites, 1);
	assert_int_equal(kernel(&r, "grid_by_template")->shape.threads, 8 * 8 * 16);
	ka_uresult_free(&r);
}

static void test_wrapper(void **state)
{
	struct ka_uresult r;
	const struct ka_ulaunch *l;
	(void)state;
	analyze("wrapper.cu", KA_LANG_CUDA, &r);
	/* the wrapper's own site launches a parameter: not a launch by itself */
	assert_int_equal(r.n_launches, 2);
	/* launch(rows<WARP_SIZE>, lp, ...): lp's constructor stores block_dims
	 * (WARP_SIZE, 1, 1) and `block_dims.x > WARP_SIZE ? ... : 0` */
	l = at(&r, "rows", 33);
	block_is(l, 32, 1, 1, 0);
	l = at(&r, "rows", 36);
	block_is(l, 1024, 1, 1, 128);
	assert_true(kernel(&r, "rows")->shape.warp_multiple);
	ka_uresult_free(&r);
}

static void test_written(void **state)
{
	struct ka_uresult r;
	const struct ka_ulaunch *l, *found[4];
	(void)state;
	analyze("written.cu", KA_LANG_CUDA, &r);
	/* `int b = 128; b = n;`: assigned after its declaration, no constant */
	block_is(at(&r, "reassigned", 56), 0, 0, 0, 0);
	/* `dim3 block_dims;` with .x and .y assigned: not dim3's default 1 */
	assert_int_equal(at(&r, "member_written", 44)->block[0], 0);
	/* packed<T, type_for_index<const T *, I>...>: T written, the pack
	 * matches the rest, so the instance finds its site */
	l = at(&r, "packed", 48);
	block_is(l, 128, 1, 1, 0);
	assert_int_equal(l->n_targs, 1);
	assert_int_equal(ka_uresult_launches(&r, "", "void packed<float, float const*, float const*>(float*, float "
						 "const*, float const*)", found, 4),
			 1);
	ka_uresult_free(&r);
}

static void test_hip(void **state)
{
	struct ka_uresult r;
	(void)state;
	analyze("sites.hip", KA_LANG_HIP, &r);
	assert_int_equal(r.n_launches, 1);
	block_is(at(&r, "tile", 10), 64, 4, 1, 128);
	/* wave64: 64 lanes along x, so threadIdx.y is warp-uniform */
	assert_true(kernel(&r, "tile")->shape.warp_multiple);
	ka_uresult_free(&r);
}

static void test_missed(void **state)
{
	struct ka_uresult r;
	const struct ka_ulaunch *l, *m[8];
	(void)state;
	analyze("missed.cu", KA_LANG_CUDA, &r);
	/* kernels::init<<<1, 32>>> in Map<T>::run: the qualified dependent name */
	l = at(&r, "kernels::init", 27);
	block_is(l, 32, 1, 1, 0);
	assert_int_equal(l->kernel, 0);
	assert_int_equal(ka_uresult_launches(&r, "", "void kernels::init<float>(float*)", m, 8), 1);
	/* staged<T, Mem::SHARED>: the enumerator's value beside the dependent
	 * type, matched against the demangled "(Mem)1" */
	l = at(&r, "staged", 41);
	block_is(l, 128, 1, 1, 0);
	assert_int_equal(l->n_targs, 2);
	assert_string_equal(l->targs[0], "*");
	assert_string_equal(l->targs[1], "1");
	assert_int_equal(ka_uresult_launches(&r, "", "void staged<float, (Mem)1>(float*)", m, 8), 1);
	assert_int_equal(ka_uresult_launches(&r, "", "void staged<float, (Mem)0>(float*)", m, 8), 0);
	/* ... with dim3 grid(4), block(256) and 1024 dynamic bytes */
	block_is(at(&r, "staged_dyn", 43), 256, 1, 1, 1024);
	assert_int_equal(ka_uresult_launches(&r, "", "void staged_dyn<float, (Mem)1>(float*)", m, 8), 1);
	/* outer<128> -> inner<float, threads> -> reduce<threads><<<1, threads>>> */
	l = at(&r, "reduce", 52);
	block_is(l, 128, 1, 1, 0);
	assert_int_equal(l->n_targs, 1);
	assert_string_equal(l->targs[0], "128");
	assert_int_equal(ka_uresult_launches(&r, "", "void reduce<128>(float*)", m, 8), 1);
	/* dim3 threads; threads.x = 32; threads.y = 1; once each, before the launch */
	block_is(at(&r, "members", 70), 32, 1, 1, 0);
	/* a member assigned twice, or again in a branch: a runtime block */
	assert_int_equal(at(&r, "members_twice", 75)->block[0], 0);
	assert_int_equal(at(&r, "members_branch", 81)->block[0], 0);
	/* a constant block with a dynamic size set at run time: the size unknown */
	block_is(at(&r, "dyn_runtime", 95), 256, 1, 1, -1);
	assert_int_equal(r.n_launches, 8);
	assert_int_equal(r.n_optins, 0);
	ka_uresult_free(&r);
}

/* cudaFuncSetAttribute(opted, cudaFuncAttributeMaxDynamicSharedMemorySize,
 * 65536): the kernel raises its limit; no other kernel of optin.cu does. */
static void test_optin(void **state)
{
	struct ka_uresult r;
	(void)state;
	analyze("optin.cu", KA_LANG_CUDA, &r);
	assert_int_equal(r.n_optins, 1);
	assert_true(ka_uresult_optin(&r, "_Z5optedPf", "opted(float*)"));
	assert_false(ka_uresult_optin(&r, "_Z3bigPf", "big(float*)"));
	assert_false(ka_uresult_optin(&r, "_Z10over_limitPf", "over_limit(float*)"));
	ka_uresult_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sites),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_wrapper),
		cmocka_unit_test(test_written),
		cmocka_unit_test(test_hip),
		cmocka_unit_test(test_missed),
		cmocka_unit_test(test_optin),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
