/* test_ptxas_log.c — the ptxas -v parser on captured CUDA 13 logs
 * (testdata/nvidia/) and the older hand-written form; unknown items are
 * counted and warned about once, never dropped silently. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "frontends.h"

static void load(const char *name, struct ka_ptxas_log *log, struct ka_diag *d, char **diag_text, size_t *diag_len)
{
	struct ka_buf b = {0}, path = {0};
	FILE *f = open_memstream(diag_text, diag_len);
	ka_buf_printf(&path, "%s/nvidia/%s", KA_TESTDATA, name);
	assert_int_equal(ka_read_file(path.data, 1 << 20, &b), 0);
	ka_diag_init(d, f);
	memset(log, 0, sizeof(*log));
	ka_ptxas_log_parse(b.data, b.len, log, d, name);
	fclose(f);
	ka_buf_free(&b);
	ka_buf_free(&path);
}

static void cuda13_sm90(void **state)
{
	(void)state;
	struct ka_ptxas_log log;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	load("mixed.sm_90.ptxas.log", &log, &d, &text, &len);
	assert_int_equal(log.n, 3);
	const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, "_Z9reduce_r6PKfPf");
	assert_non_null(e);
	assert_true(e->is_entry);
	assert_string_equal(e->arch, "sm_90");
	assert_int_equal(e->regs, 15);
	assert_int_equal(e->barriers, 1);
	assert_int_equal(e->smem, 400);
	e = ka_ptxas_log_find(&log, "_Z5spillILi64EEvPfi");
	assert_int_equal(e->regs, 96);
	assert_int_equal(e->stack_frame, 256);
	assert_int_equal(e->cumulative_stack, 256);   /* CUDA 13 form */
	assert_int_equal(e->spill_stores, 0);
	assert_int_equal(log.unsupported_lines, 0);
	assert_int_equal(d.warnings, 0);
	ka_ptxas_log_free(&log);
	ka_diag_fini(&d);
	free(text);
}

static void cuda13_spills(void **state)
{
	(void)state;
	struct ka_ptxas_log log;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	load("mixed.r32.sm_80.ptxas.log", &log, &d, &text, &len);
	const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, "_Z5spillILi64EEvPfi");
	assert_non_null(e);
	assert_int_equal(e->regs, 32);
	assert_int_equal(e->spill_stores, 856);
	assert_int_equal(e->spill_loads, 916);
	assert_int_equal(e->cumulative_stack, 1040);
	assert_int_equal(e->cmem0, 364);
	assert_int_equal(log.unsupported_lines, 0);   /* "Overriding ..." is known */
	ka_ptxas_log_free(&log);
	ka_diag_fini(&d);
	free(text);
}

static void older_form_and_unknown_items(void **state)
{
	(void)state;
	struct ka_ptxas_log log;
	struct ka_diag d;
	char *text = NULL;
	size_t len = 0;
	load("cuda12-form.ptxas.log", &log, &d, &text, &len);
	const struct ka_ptxas_entry *e = ka_ptxas_log_find(&log, "_Z6kernelPf");
	assert_int_equal(e->regs, 32);
	assert_int_equal(e->barriers, KA_UNSET);      /* not stated in that form */
	assert_int_equal(e->smem, 384);
	assert_int_equal(e->spill_stores, 4);
	e = ka_ptxas_log_find(&log, "_Z6helperi");    /* a device function */
	assert_non_null(e);
	assert_false(e->is_entry);
	assert_int_equal(e->stack_frame, 16);
	e = ka_ptxas_log_find(&log, "_Z5otherv");
	assert_int_equal(e->barriers, 2);
	assert_int_equal(log.unsupported_lines, 1);
	assert_int_equal(d.warnings, 1);
	assert_non_null(strstr(text, "unsupported ptxas -v item '17 bytes fancy new thing'"));
	ka_ptxas_log_free(&log);
	ka_diag_fini(&d);
	free(text);
}

static void garbage_never_crashes(void **state)
{
	(void)state;
	const char *inputs[] = {"", "ptxas info", "ptxas info    : Used", "ptxas info    : Used 99999999999999999999 registers",
				"ptxas info    : Compiling entry function '", "    1 bytes stack frame",
				"ptxas info    : Function properties for\n    5 bytes stack frame,,,",
				"\n\n\r\n\0\0"};
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		struct ka_ptxas_log log = {0};
		struct ka_diag d;
		FILE *f = fopen("/dev/null", "w");
		ka_diag_init(&d, f);
		ka_ptxas_log_parse(inputs[i], strlen(inputs[i]), &log, &d, "x");
		ka_ptxas_log_free(&log);
		ka_diag_fini(&d);
		fclose(f);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cuda13_sm90), cmocka_unit_test(cuda13_spills),
		cmocka_unit_test(older_form_and_unknown_items), cmocka_unit_test(garbage_never_crashes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
