/* test_values.c — number lists (core/values.c): single, list, range, step,
 * mix, and every malformed form refused with a message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core.h"

static void parses(void **state)
{
	(void)state;
	struct ka_values v;
	char err[128];
	assert_int_equal(ka_values_parse("128", 0, 255, &v, err, sizeof(err)), 0);
	assert_int_equal(v.n, 1);
	assert_int_equal(v.v[0], 128);
	ka_values_free(&v);
	assert_int_equal(ka_values_parse("32-1024:32", 1, 1024, &v, err, sizeof(err)), 0);
	assert_int_equal(v.n, 32);
	assert_int_equal(v.v[31], 1024);
	ka_values_free(&v);
	assert_int_equal(ka_values_parse("1-3,64,100-120:10", 0, 255, &v, err, sizeof(err)), 0);
	assert_int_equal(v.n, 7);
	assert_int_equal(v.v[3], 64);
	assert_int_equal(v.v[6], 120);
	ka_values_free(&v);
}

static void refuses(void **state)
{
	(void)state;
	struct ka_values v;
	char err[128];
	const char *bad[] = {"", "x", "1,", ",1", "1-", "-1", "5-1", "1-9:0", "1-9:", "12abc",
			     "256", "99999999999999999999", "1..4", " 1"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(ka_values_parse(bad[i], 0, 255, &v, err, sizeof(err)), -1);
		assert_true(strlen(err) > 0);
		assert_null(v.v);
	}
	assert_int_equal(ka_values_parse("0-255", 1, 255, &v, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "outside 1..255"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(parses), cmocka_unit_test(refuses)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
