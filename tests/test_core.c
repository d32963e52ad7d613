/* test_core.c — the shared services: spawning with an argv (capture,
 * missing program, timeout that kills the whole process group), atomic
 * writes (no trace left on failure, old file intact), bounded reads. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core.h"

static void spawn_captures(void **state)
{
	(void)state;
	struct ka_spawn_result r;
	char *argv[] = {"sh", "-c", "echo out; echo err >&2; exit 3", NULL};
	assert_int_equal(ka_spawn(argv, 10, &r), 0);
	assert_int_equal(r.status, 3);
	assert_string_equal(r.out.data, "out\n");
	assert_string_equal(r.err.data, "err\n");
	assert_false(r.timed_out);
	ka_spawn_result_free(&r);
}

static void spawn_argv_is_not_a_shell(void **state)
{
	(void)state;
	struct ka_spawn_result r;
	char *argv[] = {"echo", "$(id); rm -rf /nonexistent", "'\"", NULL};
	assert_int_equal(ka_spawn(argv, 10, &r), 0);
	assert_string_equal(r.out.data, "$(id); rm -rf /nonexistent '\"\n");
	ka_spawn_result_free(&r);
}

static void spawn_missing(void **state)
{
	(void)state;
	struct ka_spawn_result r;
	char *argv[] = {"kanalyze-no-such-program", NULL};
	assert_int_equal(ka_spawn(argv, 10, &r), -1);
	assert_true(r.not_found);
	ka_spawn_result_free(&r);
}

static void spawn_timeout_kills_group(void **state)
{
	(void)state;
	struct ka_spawn_result r;
	/* the child starts a grandchild holding stdout open: both must die */
	char *argv[] = {"sh", "-c", "sleep 30 & sleep 30", NULL};
	double t0 = ka_now_ms();
	assert_int_equal(ka_spawn(argv, 0.3, &r), -1);
	assert_true(r.timed_out);
	assert_true(ka_now_ms() - t0 < 5000);
	ka_spawn_result_free(&r);
	/* and one that closes its output but keeps running */
	char *argv2[] = {"sh", "-c", "exec >/dev/null 2>&1; sleep 30", NULL};
	t0 = ka_now_ms();
	assert_int_equal(ka_spawn(argv2, 0.3, &r), -1);
	assert_true(r.timed_out);
	assert_true(ka_now_ms() - t0 < 5000);
	ka_spawn_result_free(&r);
}

static void spawn_many_parallel(void **state)
{
	(void)state;
	struct ka_spawn_result r[3];
	char *a0[] = {"sh", "-c", "sleep 0.3; echo 0", NULL};
	char *a1[] = {"sh", "-c", "sleep 0.3; echo 1", NULL};
	char *a2[] = {"sh", "-c", "sleep 0.3; echo 2", NULL};
	char *const *const argvs[] = {a0, a1, a2};
	double t0 = ka_now_ms();
	assert_int_equal(ka_spawn_many(argvs, 3, 3, 10, r), 0);
	assert_true(ka_now_ms() - t0 < 800);      /* ran together, not 0.9 s */
	for (int i = 0; i < 3; i++) {
		assert_int_equal(r[i].out.data[0], '0' + i);
		ka_spawn_result_free(&r[i]);
	}
}

static void atomic_write(void **state)
{
	(void)state;
	char *dir = ka_tempdir_create("test");
	struct ka_buf path = {0}, back = {0}, missing = {0};
	assert_non_null(dir);
	ka_buf_printf(&path, "%s/base.json", dir);
	assert_int_equal(ka_write_file_atomic(path.data, "old\n", 4), 0);
	assert_int_equal(ka_write_file_atomic(path.data, "new\n", 4), 0);
	assert_int_equal(ka_read_file(path.data, 100, &back), 0);
	assert_string_equal(back.data, "new\n");
	ka_buf_printf(&missing, "%s/no/such/dir/base.json", dir);
	assert_int_equal(ka_write_file_atomic(missing.data, "x", 1), -ENOENT);
	if (geteuid() != 0) {    /* root ignores permissions */
		chmod(dir, 0555);
		assert_true(ka_write_file_atomic(path.data, "bad\n", 4) < 0);
		chmod(dir, 0755);
		back.len = 0;
		assert_int_equal(ka_read_file(path.data, 100, &back), 0);
		assert_string_equal(back.data, "new\n");
	}
	ka_tempdir_remove(dir);
	struct stat st;
	assert_int_equal(stat(dir, &st), -1);
	free(dir);
	ka_buf_free(&path);
	ka_buf_free(&back);
	ka_buf_free(&missing);
}

static void bounded_reads(void **state)
{
	(void)state;
	struct ka_buf b = {0};
	assert_int_equal(ka_read_file("/", 100, &b), -EISDIR);
	assert_int_equal(ka_read_file("/nonexistent/x", 100, &b), -ENOENT);
	assert_int_equal(ka_read_file(KA_TESTDATA "/nvidia/mixed.sm_90.cubin", 100, &b), -EFBIG);
	ka_buf_free(&b);
}

static void diag_once(void **state)
{
	(void)state;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct ka_diag d;
	ka_diag_init(&d, f);
	ka_diag_warn_once(&d, "k1", "a.cu", "first %d", 1);
	ka_diag_warn_once(&d, "k1", "a.cu", "again %d", 2);
	ka_diag_warn_once(&d, "k2", "a.cu", "other");
	ka_diag_error(&d, KA_EXIT_TOOLCHAIN, "a.cu", "boom");
	ka_diag_error(&d, KA_EXIT_USAGE, "b.cu", "less");
	fclose(f);
	assert_string_equal(text, "kanalyze: a.cu: warning: first 1\nkanalyze: a.cu: warning: other\n"
				  "kanalyze: a.cu: boom\nkanalyze: b.cu: less\n");
	assert_int_equal(d.exit_code, KA_EXIT_TOOLCHAIN);
	assert_int_equal(d.errors, 2);
	ka_diag_fini(&d);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(spawn_captures), cmocka_unit_test(spawn_argv_is_not_a_shell),
		cmocka_unit_test(spawn_missing), cmocka_unit_test(spawn_timeout_kills_group),
		cmocka_unit_test(spawn_many_parallel), cmocka_unit_test(atomic_write),
		cmocka_unit_test(bounded_reads), cmocka_unit_test(diag_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
