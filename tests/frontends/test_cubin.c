/* test_cubin.c — the .nv.info reader on captured cubins (testdata/nvidia/),
 * checked against the ptxas -v log of the same compile, plus truncated,
 * foreign and corrupted inputs (a message, never a crash). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "frontends.h"

struct fixture {
	struct ka_kernel_list list;
	struct ka_diag d;
	char *text;
	size_t len;
	FILE *f;
	int rc;
};

static void read_cubin(struct fixture *x, const char *name)
{
	struct ka_buf b = {0}, path = {0};
	memset(x, 0, sizeof(*x));
	x->f = open_memstream(&x->text, &x->len);
	ka_diag_init(&x->d, x->f);
	ka_buf_printf(&path, "%s/nvidia/%s", KA_TESTDATA, name);
	assert_int_equal(ka_read_file(path.data, 1 << 24, &b), 0);
	x->rc = ka_cubin_read(b.data, b.len, name, &x->d, &x->list);
	fflush(x->f);
	ka_buf_free(&b);
	ka_buf_free(&path);
}

static void done(struct fixture *x)
{
	ka_kernel_list_free(&x->list);
	ka_diag_fini(&x->d);
	fclose(x->f);
	free(x->text);
}

static const struct ka_kernel *find(struct fixture *x, const char *mangled)
{
	for (size_t i = 0; i < x->list.n; i++)
		if (strcmp(x->list.v[i].mangled, mangled) == 0)
			return &x->list.v[i];
	fail_msg("kernel %s not found", mangled);
	return NULL;
}

static void sm90(void **state)
{
	(void)state;
	struct fixture x;
	read_cubin(&x, "mixed.sm_90.cubin");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.list.n, 3);
	const struct ka_kernel *k = find(&x, "_Z9reduce_r6PKfPf");
	assert_string_equal(k->name, "reduce_r6(float const*, float*)");
	assert_string_equal(k->arch, "sm_90");
	assert_int_equal(k->res.regs, 15);
	assert_int_equal(k->res.static_smem, 400);    /* section 1424 B less the 1 KiB reservation */
	assert_int_equal(k->res.barriers, 1);
	assert_int_equal(k->res.max_threads, 256);    /* __launch_bounds__(256) */
	assert_int_equal(k->res.stack, 0);
	k = find(&x, "_Z5spillILi64EEvPfi");
	assert_string_equal(k->name, "void spill<64>(float*, int)");
	assert_int_equal(k->res.regs, 96);
	assert_int_equal(k->res.stack, 256);
	assert_int_equal(k->res.local, 256);
	assert_int_equal(k->res.static_smem, 0);
	assert_int_equal(k->res.max_threads, 0);
	assert_int_equal(x.d.warnings, 0);
	done(&x);
}

static void older_arch_and_spills(void **state)
{
	(void)state;
	struct fixture x;
	read_cubin(&x, "mixed.sm_75.cubin");
	assert_int_equal(x.rc, 0);
	assert_string_equal(find(&x, "_Z9reduce_r6PKfPf")->arch, "sm_75");
	assert_int_equal(find(&x, "_Z9reduce_r6PKfPf")->res.static_smem, 400);  /* no reservation section */
	done(&x);
	read_cubin(&x, "mixed.r32.sm_80.cubin");
	assert_int_equal(x.rc, 0);
	assert_int_equal(find(&x, "_Z5spillILi64EEvPfi")->res.regs, 32);
	assert_int_equal(find(&x, "_Z5spillILi64EEvPfi")->res.stack, 1040);
	done(&x);
	read_cubin(&x, "mixed.sm_120.cubin");
	assert_int_equal(x.rc, 0);
	assert_string_equal(find(&x, "_Z9reduce_r6PKfPf")->arch, "sm_120");
	assert_int_equal(find(&x, "_Z9reduce_r6PKfPf")->res.static_smem, 400);
	done(&x);
}

static void barriers_and_bounds(void **state)
{
	(void)state;
	struct fixture x;
	read_cubin(&x, "barriers.sm_90.cubin");
	assert_int_equal(x.rc, 0);
	assert_int_equal(find(&x, "_Z2nbPf")->res.barriers, 4);     /* bar.sync 1 and 3 */
	assert_int_equal(find(&x, "_Z2lbPf")->res.max_threads, 128);
	assert_int_equal(find(&x, "_Z2clPf")->res.barriers, 0);
	done(&x);
}

/* Every kernel of every captured cubin agrees with its ptxas -v log. */
static void agrees_with_ptxas(void **state)
{
	(void)state;
	const char *pairs[] = {"mixed.sm_75", "mixed.sm_80", "mixed.sm_90", "mixed.sm_100", "mixed.sm_120",
			       "mixed.r32.sm_80", "barriers.sm_90"};
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		struct fixture x;
		struct ka_buf name = {0}, logpath = {0}, text = {0};
		struct ka_ptxas_log log = {0};
		ka_buf_printf(&name, "%s.cubin", pairs[i]);
		read_cubin(&x, name.data);
		assert_int_equal(x.rc, 0);
		ka_buf_printf(&logpath, "%s/nvidia/%s.ptxas.log", KA_TESTDATA, pairs[i]);
		assert_int_equal(ka_read_file(logpath.data, 1 << 20, &text), 0);
		ka_ptxas_log_parse(text.data, text.len, &log, &x.d, pairs[i]);
		for (size_t k = 0; k < x.list.n; k++) {
			const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, x.list.v[k].mangled);
			assert_non_null(e);
			int before = x.d.warnings;
			ka_nv_crosscheck(&x.list.v[k], e, &x.d);
			assert_int_equal(x.d.warnings, before);      /* no disagreement */
			assert_int_equal(x.list.v[k].res.regs, e->regs);
			assert_true(x.list.v[k].res.spill_stores >= 0);
		}
		ka_ptxas_log_free(&log);
		ka_buf_free(&name);
		ka_buf_free(&logpath);
		ka_buf_free(&text);
		done(&x);
	}
}

static void bad_inputs(void **state)
{
	(void)state;
	struct fixture x;
	read_cubin(&x, "truncated.cubin");
	assert_int_equal(x.rc, -22);
	assert_int_equal(x.list.n, 0);
	assert_non_null(strstr(x.text, "truncated.cubin: "));
	done(&x);
	read_cubin(&x, "foreign.elf");
	assert_int_equal(x.rc, -22);
	assert_non_null(strstr(x.text, "not a CUDA cubin"));
	done(&x);
	read_cubin(&x, "mixed.cu");
	assert_int_equal(x.rc, -22);
	assert_non_null(strstr(x.text, "not an ELF file"));
	done(&x);
}

/* Flip bytes all over a real cubin: the reader must answer, not crash
 * (run under ASan/UBSan in CI). */
/* The report's arch order (ka_arch_cmp): sm by number, AMD by generation,
 * minor version and stepping, so gfx90a sorts between gfx908 and gfx940
 * and gfx1030 after every gfx9. */
static void arch_order(void **state)
{
	static const char *const want[] = {"gfx900", "gfx906", "gfx908", "gfx90a", "gfx940", "gfx942",
					   "gfx950", "gfx1030", "gfx1100", "gfx1200"};
	(void)state;
	for (size_t i = 0; i + 1 < sizeof(want) / sizeof(*want); i++) {
		assert_true(ka_arch_cmp(want[i], want[i + 1]) < 0);
		assert_true(ka_arch_cmp(want[i + 1], want[i]) > 0);
	}
	assert_int_equal(ka_arch_cmp("gfx90a:xnack+", "gfx90a:xnack+"), 0);
	assert_true(ka_arch_cmp("sm_90", "sm_100") < 0);
	assert_true(ka_arch_cmp("sm_90", "sm_90a") < 0);
	assert_true(ka_arch_cmp("gfxzz", "gfx1030") > 0);   /* not a target name: by its spelling */
}

static void corrupted_never_crashes(void **state)
{
	(void)state;
	struct ka_buf b = {0}, path = {0};
	ka_buf_printf(&path, "%s/nvidia/mixed.sm_90.cubin", KA_TESTDATA);
	assert_int_equal(ka_read_file(path.data, 1 << 24, &b), 0);
	unsigned seed = 12345;
	for (int round = 0; round < 3000; round++) {
		char *copy = malloc(b.len);
		memcpy(copy, b.data, b.len);
		for (int k = 0; k < 1 + round % 8; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % b.len;
			copy[at] = (char)(seed >> 3);
		}
		size_t len = round % 5 == 0 ? (seed >> 4) % b.len : b.len;
		struct ka_kernel_list list = {0};
		struct ka_diag d;
		FILE *f = fopen("/dev/null", "w");
		ka_diag_init(&d, f);
		ka_cubin_read(copy, len, "fuzz", &d, &list);
		ka_kernel_list_free(&list);
		ka_diag_fini(&d);
		fclose(f);
		free(copy);
	}
	ka_buf_free(&b);
	ka_buf_free(&path);
}

/* A kernel of internal linkage in an -rdc compile is named after its
 * module; the name users read is the kernel's own (a symbol from the
 * public cuda-samples' clock.cu built with CUDA_SEPARABLE_COMPILATION). */
static void rdc_static_names(void **state)
{
	(void)state;
	char *s = ka_demangle("__nv_static_25__95844b9e_8_clock_cu_main__Z14timedReductionPKfPfPl");
	assert_string_equal(s, "timedReduction(float const*, float*, long*)");
	free(s);
	s = ka_demangle("__nv_static_25__95844b9e_8_clock_cu_main__Znot_a_name");   /* kept as it is */
	assert_string_equal(s, "__nv_static_25__95844b9e_8_clock_cu_main__Znot_a_name");
	free(s);
	s = ka_demangle("__nv_static_12__abc_plain");                              /* extern "C": as it is */
	assert_string_equal(s, "__nv_static_12__abc_plain");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rdc_static_names),
		cmocka_unit_test(sm90), cmocka_unit_test(older_arch_and_spills),
		cmocka_unit_test(barriers_and_bounds), cmocka_unit_test(agrees_with_ptxas),
		cmocka_unit_test(bad_inputs), cmocka_unit_test(corrupted_never_crashes), cmocka_unit_test(arch_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
