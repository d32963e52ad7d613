/* test_whatif.c — --what-if through libkanalyze's public interface, no
 * compiler: the spec kinds (regs, waves, block, smem/lds) and their ranges,
 * and the AMD vendor model's launch advice on a hand-made kernel and
 * variant (the numbers of tests/e2e/amd_whatif.sh: softmax_rows<16> on gfx908,
 * 49 VGPRs -> 47 + 2 AGPRs with regs=48), --smem-per-thread included;
 * and ka_model_at, a result re-modelled at another launch. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontends.h"
#include "kanalyze/kanalyze.h"

static void specs_parse(void **state)
{
	(void)state;
	struct ka_diag d;
	struct ka_what_spec w;
	FILE *sink = fopen("/dev/null", "w");

	ka_diag_init(&d, sink);
	assert_int_equal(ka_what_spec_parse("regs=128", &w, &d), 0);
	assert_int_equal(w.kind, KA_WHAT_REGS);
	assert_int_equal(w.value, 128);
	assert_string_equal(w.text, "regs=128");
	assert_int_equal(ka_what_spec_parse("waves=4", &w, &d), 0);
	assert_int_equal(w.kind, KA_WHAT_WAVES);
	assert_int_equal(w.value, 4);
	assert_int_equal(ka_what_spec_parse("lds=4096", &w, &d), 0);
	assert_int_equal(w.kind, KA_WHAT_SMEM);
	assert_string_equal(w.text, "lds=4096");
	assert_int_equal(ka_what_spec_parse("smem=0", &w, &d), 0);
	assert_int_equal(w.kind, KA_WHAT_SMEM);
	assert_int_equal(ka_what_spec_parse("block=1024", &w, &d), 0);
	assert_int_equal(w.kind, KA_WHAT_BLOCK);
	const char *bad[] = {"waves=0", "waves=21", "regs=15", "regs=256", "vgprs=64", "regs", "regs=", "regs=12x",
			     "wave=4", "ldss=1", "block=0", "=4"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(ka_what_spec_parse(bad[i], &w, &d), -1);
	ka_diag_fini(&d);
	fclose(sink);
}

/* A kernel as the HIP frontend fills it. */
static void amd_kernel(struct ka_kernel *k, const char *arch, long vgprs, long agprs, long sgprs, long spills)
{
	memset(k, 0, sizeof(*k));
	k->name = "softmax_rows<16>";
	k->mangled = "_Z12softmax_rowsILi16EEvPKfPfi";
	k->file = "softmax.hip";
	k->line = 29;
	k->vendor = KA_VENDOR_AMD;
	snprintf(k->arch, sizeof(k->arch), "%s", arch);
	ka_resources_unset(&k->res);
	k->res.vgprs = vgprs;
	k->res.agprs = agprs;
	k->res.sgprs = sgprs;
	k->res.lds = 64;
	k->res.scratch = 0;
	k->res.vgpr_spills = spills;
	k->res.sgpr_spills = 0;
	k->res.max_threads = 512;
	k->wave_size = 64;
}

static void amd_advice(void **state)
{
	(void)state;
	const struct ka_vendor_ops *amd = ka_vendors[KA_VENDOR_AMD];
	struct ka_kernel k, *v;
	struct ka_kernel_list lists[4] = {{0}};
	struct ka_what_spec specs[4];
	struct ka_model_params p = {0};
	struct ka_kernel_result kr;
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");

	ka_diag_init(&d, sink);
	assert_int_equal(ka_what_spec_parse("regs=48", &specs[0], &d), 0);
	assert_int_equal(ka_what_spec_parse("waves=8", &specs[1], &d), 0);   /* no variant: failed */
	assert_int_equal(ka_what_spec_parse("block=256", &specs[2], &d), 0);
	assert_int_equal(ka_what_spec_parse("lds=32768", &specs[3], &d), 0);
	amd_kernel(&k, "gfx908", 49, 0, 44, 0);
	v = ka_kernel_list_add(&lists[0]);
	amd_kernel(v, "gfx908", 47, 2, 46, 1);
	v->name = ka_strdup(v->name), v->mangled = ka_strdup(v->mangled), v->file = ka_strdup(v->file);

	memset(&kr, 0, sizeof(kr));
	kr.k = &k;
	amd->model(&kr, &k, &p, specs, 4, lists, NULL, &d);
	/* 49 VGPRs at 512 threads: 256/52 = 4 waves; 47 -> 48: 5 (LLVM's remark said 5) */
	assert_int_equal(kr.waves_per_simd, 4);
	assert_int_equal(kr.n_what_if, 4);
	assert_false(kr.what_if[0].failed);
	assert_int_equal(kr.what_if[0].vgprs, 47);
	assert_int_equal(kr.what_if[0].agprs, 2);
	assert_int_equal(kr.what_if[0].vgpr_spills, 1);
	assert_int_equal(kr.what_if[0].waves_per_simd, 5);
	assert_int_equal(kr.what_if[0].regs, KA_UNSET);               /* NVIDIA's: JSON null */
	assert_true(kr.what_if[1].failed);
	assert_int_equal(kr.what_if[2].block, 256);
	assert_int_equal(kr.what_if[2].vgprs, 49);
	assert_int_equal(kr.what_if[3].smem_dynamic, 32768);
	/* 32 KiB + 64 B of LDS: one workgroup per CU of 64 KiB */
	assert_int_equal(kr.what_if[3].occ.blocks_per_sm, 1);
	assert_true(strncmp(kr.suggestion, "regs=48 raises occupancy 40.0 % -> 50.0 % (4 -> 5 waves/SIMD)", 61) == 0);
	free(kr.what_if);

	/* --smem-per-thread: 96 B per thread on top of --smem 1024 */
	p.smem = 1024;
	p.smem_per_thread = 96;
	p.block = 256;
	memset(&kr, 0, sizeof(kr));
	kr.k = &k;
	amd->model(&kr, &k, &p, NULL, 0, NULL, NULL, &d);
	assert_int_equal(kr.m.amd.launch.lds, 64 + 1024 + 96 * 256);
	assert_true(kr.n_best > 0);
	for (int i = 0; i < kr.n_best; i++)
		assert_true(64 + 1024 + 96L * kr.best[i] <= 65536);
	free(kr.what_if);

	ka_kernel_list_free(&lists[0]);
	ka_diag_fini(&d);
	fclose(sink);
}

/* ka_model_at: a kernel result at another launch, as --block and --smem
 * model it (verify --profile models each kernel at ncu's launch). */
static void model_at(void **state)
{
	(void)state;
	struct ka_kernel k;
	struct ka_kernel_result kr, at;
	struct ka_model_params p = {0};
	struct ka_diag d;
	FILE *sink = fopen("/dev/null", "w");
	const int block256[3] = {256, 1, 1}, block2d[3] = {32, 8, 1};

	ka_diag_init(&d, sink);
	memset(&k, 0, sizeof(k));
	k.name = "pressure<128>(float*, float const*)";
	k.mangled = "_Z8pressureILi128EEvPfPKf";
	k.file = "cliff128.cu";
	k.vendor = KA_VENDOR_NVIDIA;
	snprintf(k.arch, sizeof(k.arch), "sm_90");
	ka_resources_unset(&k.res);
	k.res.regs = 128;
	k.res.static_smem = 0;
	k.res.barriers = 1;
	k.res.max_threads = 0;
	memset(&kr, 0, sizeof(kr));
	kr.k = &k;
	kr.vendor = ka_vendors[KA_VENDOR_NVIDIA];
	p.block = 128;
	kr.vendor->model(&kr, &k, &p, NULL, 0, NULL, NULL, &d);
	assert_int_equal(kr.occ.blocks_per_sm, 4);
	free(kr.what_if);

	/* DESIGN's worked example: sm_90, 256 threads, 128 registers: 2 blocks, 25 % */
	ka_model_at(&kr, block256, 0, &at, &d);
	assert_ptr_equal(at.k, &k);
	assert_int_equal(at.block, 256);
	assert_string_equal(at.block_source, "option");
	assert_int_equal(at.occ.blocks_per_sm, 2);
	assert_true(at.occ.occupancy == 0.25);
	assert_int_equal(at.occ.by_registers, 2);
	assert_null(at.what_if);
	/* its shape kept; dynamic shared memory that leaves one block */
	ka_model_at(&kr, block2d, 120 * 1024, &at, &d);
	assert_int_equal(at.block, 256);
	assert_int_equal(at.block_dims[0], 32);
	assert_int_equal(at.block_dims[1], 8);
	assert_int_equal(at.smem_dynamic, 120 * 1024);
	assert_int_equal(at.occ.blocks_per_sm, 1);
	assert_int_equal(kr.occ.blocks_per_sm, 4);        /* kr itself unchanged */
	ka_diag_fini(&d);
	fclose(sink);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(specs_parse),
		cmocka_unit_test(amd_advice),
		cmocka_unit_test(model_at),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
