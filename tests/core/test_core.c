/* test_core.c — the shared services: spawning with an argv (capture,
 * missing program, timeout that kills the whole process group, a stderr
 * flood kept to its first and last lines, SIGINT/SIGTERM/SIGHUP killing the
 * groups and removing the temp directories), shell text, atomic writes (no
 * trace left on failure, old file intact, mode kept, devices and FIFOs
 * written into, symbolic links refused), temp directories of dead
 * processes removed, bounded reads. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core.h"

/* KA_GROW: room for each pushed element, the capacity doubling from the
 * first size, the elements kept across each move. */
static void grow_doubles(void **state)
{
	(void)state;
	int *v = NULL;
	size_t n = 0, cap = 0, caps[6] = {0}, seen = 0;
	for (int i = 0; i < 100; i++) {
		size_t before = cap;
		KA_GROW(v, n, cap, 4);
		assert_true(cap > n);
		if (cap != before)
			caps[seen++] = cap;
		v[n++] = i * 3;
	}
	size_t want[] = {4, 8, 16, 32, 64, 128};
	assert_int_equal(seen, 6);
	for (int i = 0; i < 6; i++)
		assert_int_equal(caps[i], want[i]);
	for (int i = 0; i < 100; i++)
		assert_int_equal(v[i], i * 3);
	/* room already: the same array, the same capacity */
	int *same = v;
	KA_GROW(v, 100, cap, 4);
	assert_ptr_equal(v, same);
	assert_int_equal(cap, 128);
	free(v);
}

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


/* 110 MB on stderr: the first and last lines kept, the count between. */
static void spawn_caps_stderr(void **state)
{
	(void)state;
	struct ka_spawn_result r;
	char *argv[] = {"sh", "-c", "echo first >&2; yes 0123456789 | head -n 10000000 >&2; echo last >&2; exit 1",
			NULL};
	struct ka_spawn_opts o = {.err_head = 4096, .err_tail = 4096};
	char *const *const argvs[] = {argv};
	assert_int_equal(ka_spawn_many_opts(argvs, 1, 1, 60, &o, &r), 0);
	assert_int_equal(r.status, 1);
	assert_true(r.err.len < 3 * 4096 + 200);
	assert_int_equal(strncmp(r.err.data, "first\n0123456789\n", 17), 0);
	assert_int_equal(strcmp(r.err.data + r.err.len - 16, "0123456789\nlast\n"), 0);
	assert_non_null(strstr(r.err.data, "lines (") && strstr(r.err.data, "bytes) of output not kept]"));
	/* every line is either kept or counted */
	long kept = 0;
	for (const char *p = r.err.data; (p = strchr(p, '\n')) != NULL; p++)
		kept++;
	assert_int_equal(kept - 1 + r.err_dropped_lines, 10000002);
	assert_int_equal(r.err_dropped_bytes, r.err_dropped_lines * 11);
	ka_spawn_result_free(&r);
	/* the default keeps what a compiler normally says, untouched */
	char *small[] = {"sh", "-c", "yes 0123456789 | head -n 1000 >&2", NULL};
	assert_int_equal(ka_spawn(small, 10, &r), 0);
	assert_int_equal(r.err.len, 11000);
	assert_int_equal(r.err_dropped_bytes, 0);
	ka_spawn_result_free(&r);
}

static void shell_text(void **state)
{
	(void)state;
	const char *bad = "`$();&|<>\"'\\\n\t";
	for (const char *p = bad; *p; p++) {
		char s[8] = {'a', *p, 'b', 0};
		assert_int_equal(ka_shell_unsafe(s), *p);
		assert_non_null(ka_shell_char_name(*p));
	}
	assert_int_equal(ka_shell_unsafe("/work/a b/k-1_2.cu,x=y+z@h%:~#!*?[]{}"), 0);
	assert_string_equal(ka_shell_char_name('`'), "a backtick (`)");
}

/* Outputs: a regular file keeps its mode, a FIFO and /dev/null are
 * written into, a symbolic link is refused, a directory too. */
static void output_kinds(void **state)
{
	(void)state;
	char *dir = ka_tempdir_create("test");
	struct ka_buf f = {0}, fifo = {0}, link = {0}, back = {0};
	struct stat st;

	ka_buf_printf(&f, "%s/b.json", dir);
	assert_int_equal(ka_output_kind(f.data), KA_OUT_NEW);
	assert_int_equal(ka_write_file_atomic(f.data, "1\n", 2), 0);
	assert_int_equal(ka_output_kind(f.data), KA_OUT_FILE);
	assert_int_equal(chmod(f.data, 0600), 0);
	assert_int_equal(ka_write_file_atomic(f.data, "2\n", 2), 0);
	assert_int_equal(stat(f.data, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	if (geteuid() == 0) {           /* root replacing a user's file leaves it theirs */
		assert_int_equal(chown(f.data, 65534, 65534), 0);
		assert_int_equal(ka_write_file_atomic(f.data, "3\n", 2), 0);
		assert_int_equal(stat(f.data, &st), 0);
		assert_int_equal(st.st_uid, 65534);
	}

	assert_int_equal(ka_output_kind("/dev/null"), KA_OUT_STREAM);
	assert_int_equal(ka_write_file_atomic("/dev/null", "x", 1), 0);
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));

	ka_buf_printf(&fifo, "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo.data, 0600), 0);
	int rd = open(fifo.data, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	assert_int_equal(ka_write_file_atomic(fifo.data, "via fifo", 8), 0);
	char buf[16] = {0};
	assert_int_equal(read(rd, buf, sizeof(buf)), 8);
	assert_string_equal(buf, "via fifo");
	close(rd);
	assert_int_equal(lstat(fifo.data, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));

	ka_buf_printf(&link, "%s/link.json", dir);
	assert_int_equal(symlink(f.data, link.data), 0);
	assert_int_equal(ka_output_kind(link.data), KA_OUT_SYMLINK);
	assert_int_equal(ka_write_file_atomic(link.data, "4\n", 2), -ELOOP);
	assert_int_equal(lstat(link.data, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(ka_read_file(f.data, 100, &back), 0);
	assert_string_not_equal(back.data, "4\n");
	assert_int_equal(ka_write_file_atomic(dir, "x", 1), -EISDIR);

	ka_tempdir_remove(dir);
	assert_int_equal(lstat(dir, &st), -1);
	free(dir);
	ka_buf_free(&f);
	ka_buf_free(&fifo);
	ka_buf_free(&link);
	ka_buf_free(&back);
}

/* A $TMPDIR of the test's own (mkdtemp: this process then owns no
 * kanalyze temp directory a forked child would inherit). */
static char *plain_tempdir(void)
{
	const char *t = getenv("TMPDIR");
	struct ka_buf b = {0};
	ka_buf_printf(&b, "%s/test-core-XXXXXX", t && *t ? t : "/tmp");
	assert_non_null(mkdtemp(b.data));
	return b.data;
}

/* A child makes a temp dir and dies without removing it (as after kill
 * -9): the next clean-up removes it; a live process's is kept. */
static void tempdirs_of_dead_processes(void **state)
{
	(void)state;
	char *base = plain_tempdir();
	char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	int go[2], ready[2];
	char path[4096] = {0};
	struct stat st;
	int wst;

	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(ready), 0);
	setenv("TMPDIR", base, 1);
	pid_t dead = fork();
	if (dead == 0) {
		char *d = ka_tempdir_create("nvcc");
		_exit(d ? 0 : 1);                 /* no ka_tempdir_remove */
	}
	waitpid(dead, &wst, 0);
	assert_int_equal(WEXITSTATUS(wst), 0);
	pid_t alive = fork();
	if (alive == 0) {
		char *d = ka_tempdir_create("nvcc"), c;
		close(go[1]);                      /* the test gone: EOF, not a hang */
		if (!d || write(ready[1], d, strlen(d) + 1) < 0 || read(go[0], &c, 1) < 0)
			_exit(2);
		ka_tempdir_remove(d);
		_exit(0);
	}
	close(go[0]);
	close(ready[1]);
	assert_true(read(ready[0], path, sizeof(path) - 1) > 0);
	/* two per-process directories now: the dead one's and the live one's */
	int removed = ka_tempdir_clean_stale();
	bool live_kept = stat(path, &st) == 0;
	assert_int_equal(write(go[1], "x", 1), 1);
	close(go[1]);
	close(ready[0]);
	waitpid(alive, &wst, 0);
	if (old)
		setenv("TMPDIR", old, 1);
	else
		unsetenv("TMPDIR");
	assert_int_equal(removed, 1);
	assert_true(live_kept);
	assert_int_equal(WEXITSTATUS(wst), 0);
	assert_int_equal(stat(path, &st), -1);                   /* it went with its owner */
	assert_int_equal(rmdir(base), 0);                       /* nothing left in it */
	free(base);
	free(old);
}

/* Dead: no such process, or a zombie nobody reaped yet. */
static bool gone(pid_t pid)
{
	struct ka_buf b = {0}, st = {0};
	bool dead;
	ka_buf_printf(&b, "/proc/%ld/stat", (long)pid);
	dead = kill(pid, 0) != 0 || ka_read_file_flags(b.data, 4096, 0, &st) != 0 ||
	       (strrchr(st.data, ')') && strrchr(st.data, ')')[2] == 'Z');
	ka_buf_free(&b);
	ka_buf_free(&st);
	return dead;
}

/* SIGINT / SIGTERM / SIGHUP: the compiler's group (a grandchild too) is
 * killed, the temp directories removed, the exit status 128 + signal. */
/* The cache reached through a symbolic link: checked and pinned when
 * opened.  Re-pointing the link afterwards (its owner may) must not move
 * the entries into the new target. */
static void cache_link_pinned(void **state)
{
	char base[] = "/tmp/ka-cache-link-XXXXXX";
	struct ka_buf mine = {0}, theirs = {0}, link = {0}, got = {0}, p = {0};
	struct ka_cache c = {0};
	const char *key = "0123456789abcdef0123456789abcdef";
	struct stat st;
	(void)state;
	assert_non_null(mkdtemp(base));
	ka_buf_printf(&mine, "%s/mine", base);
	ka_buf_printf(&theirs, "%s/theirs", base);
	ka_buf_printf(&link, "%s/link", base);
	assert_int_equal(mkdir(mine.data, 0700), 0);
	assert_int_equal(mkdir(theirs.data, 0700), 0);
	assert_int_equal(symlink(mine.data, link.data), 0);
	assert_int_equal(ka_cache_open(&c, link.data), 0);
	assert_int_equal(unlink(link.data), 0);
	assert_int_equal(symlink(theirs.data, link.data), 0);
	assert_int_equal(ka_cache_put(&c, "r", key, "{}", 2), 0);
	ka_buf_printf(&p, "%s/v1/r/01/%s.json", mine.data, key);
	assert_int_equal(stat(p.data, &st), 0);
	p.len = 0;
	ka_buf_printf(&p, "%s/v1", theirs.data);
	assert_int_not_equal(stat(p.data, &st), 0);
	assert_int_equal(ka_cache_get(&c, "r", key, &got), 0);
	ka_cache_close(&c);
	assert_int_equal(c.fd, 0);
	ka_buf_free(&got);
	ka_buf_free(&p);
	ka_buf_free(&mine);
	ka_buf_free(&theirs);
	ka_buf_free(&link);
	ka_tempdir_remove(base);
}

static void signals_stop_everything(void **state)
{
	(void)state;
	const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		char *base = plain_tempdir();
		struct ka_buf pidfile = {0}, script = {0};
		ka_buf_printf(&pidfile, "%s/pid", base);
		ka_buf_printf(&script, "sleep 60 & echo $! >%s; wait", pidfile.data);
		pid_t k = fork();
		if (k == 0) {
			struct ka_spawn_result r;
			char *argv[] = {"sh", "-c", script.data, NULL};
			setenv("TMPDIR", base, 1);
			ka_signals_install();
			if (!ka_tempdir_create("nvcc"))
				_exit(2);
			ka_spawn(argv, 60, &r);
			_exit(0);                                  /* not reached */
		}
		struct ka_buf text = {0};
		for (int t = 0; t < 500 && (ka_read_file(pidfile.data, 100, &text) != 0 || !strchr(text.data, '\n'));
		     t++) {
			text.len = 0;
			usleep(10000);
		}
		pid_t sleeper = text.data ? (pid_t)atol(text.data) : 0;
		if (sleeper <= 0) {
			kill(k, SIGKILL);
			waitpid(k, NULL, 0);
			fail_msg("the spawned shell did not start");
		}
		assert_int_equal(kill(k, sigs[i]), 0);
		int st;
		waitpid(k, &st, 0);
		assert_true(WIFEXITED(st));
		assert_int_equal(WEXITSTATUS(st), 128 + sigs[i]);
		for (int t = 0; t < 200 && !gone(sleeper); t++)
			usleep(10000);
		assert_true(gone(sleeper));
		/* nothing of the child's left: only our pidfile */
		unlink(pidfile.data);
		assert_int_equal(rmdir(base), 0);
		free(base);
		ka_buf_free(&text);
		ka_buf_free(&pidfile);
		ka_buf_free(&script);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(grow_doubles),
		cmocka_unit_test(spawn_captures), cmocka_unit_test(spawn_argv_is_not_a_shell),
		cmocka_unit_test(spawn_missing), cmocka_unit_test(spawn_timeout_kills_group),
		cmocka_unit_test(spawn_many_parallel), cmocka_unit_test(atomic_write),
		cmocka_unit_test(bounded_reads), cmocka_unit_test(diag_once),
		cmocka_unit_test(spawn_caps_stderr), cmocka_unit_test(shell_text),
		cmocka_unit_test(output_kinds), cmocka_unit_test(tempdirs_of_dead_processes),
		cmocka_unit_test(signals_stop_everything), cmocka_unit_test(cache_link_pinned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
