/* spawn.c — run external tools (nvcc, nvdisasm, hipcc) with an argv, never a
 * shell: posix_spawn into a new process group, stdout/stderr captured through
 * pipes, a wall-clock deadline after which the whole group is killed.
 * ka_spawn_many keeps up to `jobs` of them running at once.
 *
 * Three guards live here too.  What is kept of a tool's stderr is capped
 * (its first and last lines, and how much was dropped between them), so a
 * compiler that writes 100 MB of warnings costs 9 MB, not 100.  Every
 * process group started is registered, so that SIGINT/SIGTERM/SIGHUP
 * (ka_signals_install) kill the compilers with kanalyze -- they run in
 * groups of their own, which a terminal's Ctrl-C does not reach -- and the
 * private temp directories go too (fs.c).  And ka_shell_unsafe names the
 * text that must never reach nvcc, which runs its own sub-steps with sh -c:
 *
 *   a`touch P`.cu   d$(id)/k.cu   -DX="y"   -Ia;b   'q'   line\nbreak
 *   ^ backtick      ^ $ ( )       ^ quote    ^ ;     ^ '   ^ newline (any control byte)
 *
 * and & | < > \ as well.  Spaces, '=', ',', '+', '@', '%', ':', '~' are
 * fine: nvcc quotes its arguments with "...", inside which only $ ` " \
 * are special, but kanalyze does not rely on nvcc's quoting. */
#define _GNU_SOURCE
#include "core.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

double ka_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

char *ka_which(const char *prog)
{
	const char *path = getenv("PATH");
	struct ka_buf b = {0};

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0 ? ka_strdup(prog) : NULL;
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		struct stat st;
		b.len = 0;
		if (n == 0)
			ka_buf_puts(&b, ".");
		else
			ka_buf_append(&b, path, n);
		ka_buf_printf(&b, "/%s", prog);
		if (stat(b.data, &st) == 0 && S_ISREG(st.st_mode) && access(b.data, X_OK) == 0)
			return b.data;
		path += n;
		if (*path == ':')
			path++;
	}
	ka_buf_free(&b);
	return NULL;
}

/* ---- shell text ------------------------------------------------------------ */

int ka_shell_unsafe(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; p && *p; p++)
		if (*p < 0x20 || *p == 0x7f || strchr("`$();&|<>\"'\\", *p))
			return *p;
	return 0;
}

const char *ka_shell_char_name(int c)
{
	static const char *const names[] = {
		"`", "a backtick (`)", "$", "a dollar sign ($)", "(", "a parenthesis", ")", "a parenthesis",
		";", "a semicolon", "&", "an ampersand (&)", "|", "a pipe (|)", "<", "a '<'", ">", "a '>'",
		"\"", "a double quote", "'", "a single quote", "\\", "a backslash", "\n", "a newline",
		"\t", "a tab",
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i += 2)
		if (c == (unsigned char)names[i][0])
			return names[i + 1];
	return "a control character";
}

/* ---- the process groups kanalyze started (for the signal handler) ----------
 * Slots hold the pid of a group leader (= its group id) while it may run.
 * Filled and emptied with atomics; the handler only reads them. */
enum { KA_MAX_GROUPS = 1024 };
static pid_t groups[KA_MAX_GROUPS];

static void group_add(pid_t pid)
{
	for (int i = 0; i < KA_MAX_GROUPS; i++) {
		pid_t none = 0;
		if (__atomic_compare_exchange_n(&groups[i], &none, pid, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return;
	}
}

static void group_del(pid_t pid)
{
	for (int i = 0; i < KA_MAX_GROUPS; i++) {
		pid_t want = pid;
		if (__atomic_compare_exchange_n(&groups[i], &want, 0, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
			return;
	}
}

static const int caught[] = {SIGINT, SIGTERM, SIGHUP};

/* Async-signal-safe only: kill, waitpid, write, _exit (and fs.c's removal,
 * which is openat/getdents64/unlinkat). */
static void on_signal(int sig)
{
	static const char msg[] = "kanalyze: interrupted: compilers stopped, temporary files removed\n";
	int saved = errno;

	for (int i = 0; i < KA_MAX_GROUPS; i++) {
		pid_t p = __atomic_load_n(&groups[i], __ATOMIC_SEQ_CST);
		if (p > 0)
			kill(-p, SIGKILL);
	}
	for (int i = 0; i < KA_MAX_GROUPS; i++) {
		pid_t p = __atomic_load_n(&groups[i], __ATOMIC_SEQ_CST);
		if (p > 0)
			waitpid(p, NULL, 0);     /* the leader; its children die with the group */
	}
	ka_tempdir_remove_all();
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		errno = saved;
	_exit(128 + sig);
}

/* ---- fatal signals ------------------------------------------------------------
 * A crash (SIGSEGV, a stack overflow included; SIGBUS, SIGILL, SIGFPE,
 * SIGABRT) must not leave the compilers running as orphans: the handler
 * kills their groups and removes the temp directories, then hands the
 * signal on -- to the handler that was there before (a sanitizer's, which
 * reports), else to the default action (the core dump).  It runs on an
 * alternate stack, which every thread that may overflow its own sets up
 * (ka_signals_thread_stack). */
static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
enum { N_FATAL = sizeof(fatal) / sizeof(fatal[0]), ALT_STACK = 256 << 10 };
static struct sigaction fatal_old[N_FATAL];

static void on_fatal(int sig, siginfo_t *si, void *uc)
{
	for (int i = 0; i < KA_MAX_GROUPS; i++) {
		pid_t p = __atomic_load_n(&groups[i], __ATOMIC_SEQ_CST);
		if (p > 0)
			kill(-p, SIGKILL);
	}
	ka_tempdir_remove_all();
	for (int i = 0; i < N_FATAL; i++) {
		if (fatal[i] != sig)
			continue;
		const struct sigaction *o = &fatal_old[i];
		if ((o->sa_flags & SA_SIGINFO) && o->sa_sigaction)
			o->sa_sigaction(sig, si, uc);
		else if (o->sa_handler != SIG_DFL && o->sa_handler != SIG_IGN)
			o->sa_handler(sig);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

void *ka_signals_thread_stack(void)
{
	stack_t ss = {.ss_size = ALT_STACK, .ss_flags = 0};
	if (!(ss.ss_sp = malloc(ALT_STACK)))
		return NULL;
	if (sigaltstack(&ss, NULL) != 0) {
		free(ss.ss_sp);
		return NULL;
	}
	return ss.ss_sp;
}

void ka_signals_thread_stack_free(void *stack)
{
	stack_t ss = {.ss_flags = SS_DISABLE};
	if (!stack)
		return;
	sigaltstack(&ss, NULL);
	free(stack);
}

void ka_signals_install(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		sigaddset(&sa.sa_mask, caught[i]);
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++) {
		/* a signal ignored when kanalyze started (nohup, a background
		 * job's SIGINT) stays ignored */
		if (sigaction(caught[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		sigaction(caught[i], &sa, NULL);
	}
	static void *main_stack;            /* the main thread's, for its life */
	if (!main_stack)
		main_stack = ka_signals_thread_stack();
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fatal;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < N_FATAL; i++)
		sigaction(fatal[i], &sa, &fatal_old[i]);
}

/* ---- one job ------------------------------------------------------------------ */

struct job {
	pid_t pid;
	int fd_out, fd_err;
	bool running, exited;
	struct ka_spawn_result *res;
	size_t head_max, tail_max;   /* stderr kept: the first head_max bytes, */
	bool capping;                /* then the last tail_max in `tail`       */
	struct ka_buf tail;
};

static int job_start(struct job *j, char *const argv[], const struct ka_spawn_opts *o,
		     struct ka_spawn_result *res)
{
	int po[2] = {-1, -1}, pe[2] = {-1, -1};
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t block, old;
	int rc;

	memset(res, 0, sizeof(*res));
	memset(j, 0, sizeof(*j));
	j->res = res;
	j->fd_out = j->fd_err = -1;
	j->head_max = o && o->err_head ? o->err_head : KA_SPAWN_ERR_HEAD;
	j->tail_max = o && o->err_tail ? o->err_tail : KA_SPAWN_ERR_TAIL;
	if (pipe2(po, O_CLOEXEC) != 0 || pipe2(pe, O_CLOEXEC) != 0) {
		res->spawn_errno = errno;
		goto fail;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	if (o && o->cwd)
		posix_spawn_file_actions_addchdir_np(&fa, o->cwd);
	posix_spawnattr_init(&attr);
	/* the signals that stop kanalyze are held until the new group is
	 * registered, so none escapes the handler; the child gets the mask
	 * kanalyze had */
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		sigaddset(&block, caught[i]);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	posix_spawnattr_setsigmask(&attr, &old);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
	posix_spawnattr_setpgroup(&attr, 0);
	rc = posix_spawnp(&j->pid, argv[0], &fa, &attr, argv, environ);
	if (rc == 0)
		group_add(j->pid);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(po[1]);
	close(pe[1]);
	po[1] = pe[1] = -1;
	if (rc != 0) {
		res->spawn_errno = rc;
		res->not_found = (rc == ENOENT);
		goto fail;
	}
	j->fd_out = po[0];
	j->fd_err = pe[0];
	j->running = true;
	return 0;
fail:
	for (int i = 0; i < 2; i++) {
		if (po[i] >= 0)
			close(po[i]);
		if (pe[i] >= 0)
			close(pe[i]);
	}
	res->status = 127;
	return -1;
}

static size_t count_lines(const char *p, size_t n)
{
	size_t k = 0;
	for (const char *e = p + n; (p = memchr(p, '\n', (size_t)(e - p))) != NULL; p++)
		k++;
	return k;
}

/* Drop the front of the tail so that at most `keep` bytes remain, cut at a
 * line start; what goes is counted. */
static void tail_trim(struct job *j, size_t keep)
{
	struct ka_buf *t = &j->tail;
	size_t cut;
	const char *nl;

	if (t->len <= keep)
		return;
	cut = t->len - keep;
	nl = memchr(t->data + cut, '\n', t->len - cut);
	cut = nl ? (size_t)(nl - t->data) + 1 : t->len;
	j->res->err_dropped_bytes += (long long)cut;
	j->res->err_dropped_lines += (long long)count_lines(t->data, cut);
	memmove(t->data, t->data + cut, t->len - cut);
	t->len -= cut;
	t->data[t->len] = '\0';
}

/* stderr: the head, then a rolling tail. */
static void keep_err(struct job *j, const char *p, size_t n)
{
	struct ka_buf *b = &j->res->err;

	if (!j->capping) {
		size_t room = j->head_max > b->len ? j->head_max - b->len : 0;
		if (n <= room) {
			ka_buf_append(b, p, n);
			return;
		}
		ka_buf_append(b, p, room);
		p += room;
		n -= room;
		/* the head ends at a line end; the rest of its last line starts the tail */
		const char *nl = b->len ? memrchr(b->data, '\n', b->len) : NULL;
		size_t keep = nl ? (size_t)(nl - b->data) + 1 : 0;
		ka_buf_append(&j->tail, b->data + keep, b->len - keep);
		b->len = keep;
		if (b->data)
			b->data[b->len] = '\0';
		j->capping = true;
	}
	ka_buf_append(&j->tail, p, n);
	if (j->tail.len > 2 * j->tail_max)
		tail_trim(j, j->tail_max);
}

static void drain(struct job *j, bool err)
{
	int *fd = err ? &j->fd_err : &j->fd_out;
	char chunk[65536];
	ssize_t n = read(*fd, chunk, sizeof(chunk));
	if (n > 0) {
		if (err)
			keep_err(j, chunk, (size_t)n);
		else
			ka_buf_append(&j->res->out, chunk, (size_t)n);
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		close(*fd);
		*fd = -1;
	}
}

/* The kept stderr: head, "[... N lines (M bytes) not kept ...]", tail. */
static void err_finish(struct job *j)
{
	struct ka_spawn_result *r = j->res;
	if (!j->capping)
		return;
	tail_trim(j, j->tail_max);
	if (r->err_dropped_bytes > 0)
		ka_buf_printf(&r->err, "[kanalyze: %lld line%s (%lld bytes) of output not kept]\n",
			      r->err_dropped_lines, r->err_dropped_lines == 1 ? "" : "s", r->err_dropped_bytes);
	ka_buf_append(&r->err, j->tail.data ? j->tail.data : "", j->tail.len);
	ka_buf_free(&j->tail);
}

/* Collect the job's exit status: after a kill, or once waitpid says it has
 * exited (st_known).  The group is killed so no grandchild lingers. */
static void job_reap(struct job *j, bool kill_it, bool st_known, int st)
{
	if (kill_it) {
		kill(-j->pid, SIGKILL);
		j->res->timed_out = true;
	}
	if (!st_known)
		while (waitpid(j->pid, &st, 0) < 0 && errno == EINTR)
			;
	group_del(j->pid);
	if (j->fd_out >= 0)
		close(j->fd_out);
	if (j->fd_err >= 0)
		close(j->fd_err);
	j->fd_out = j->fd_err = -1;
	j->running = false;
	if (WIFEXITED(st))
		j->res->status = WEXITSTATUS(st);
	else if (WIFSIGNALED(st))
		j->res->status = 128 + WTERMSIG(st);
	err_finish(j);
	ka_buf_append(&j->res->out, NULL, 0);
	ka_buf_append(&j->res->err, NULL, 0);
}

int ka_spawn_many_opts(char *const *const argvs[], int n, int jobs, double timeout_s,
		       const struct ka_spawn_opts *opts, struct ka_spawn_result *res)
{
	struct job *js = ka_xcalloc((size_t)(n ? n : 1), sizeof(*js));
	struct pollfd *pfd = ka_xcalloc((size_t)(2 * (n ? n : 1)), sizeof(*pfd));
	double *deadline = ka_xcalloc((size_t)(n ? n : 1), sizeof(double));
	int next = 0, running = 0, failed = 0;

	if (jobs < 1)
		jobs = 1;
	while (next < n || running > 0) {
		while (next < n && running < jobs) {
			if (job_start(&js[next], argvs[next], opts, &res[next]) == 0) {
				deadline[next] = ka_now_ms() + timeout_s * 1e3;
				running++;
			} else {
				failed++;
			}
			next++;
		}
		if (running == 0)
			continue;
		int np = 0, reaped = 0;
		bool exiting = false;
		double now = ka_now_ms(), soonest = -1;
		for (int i = 0; i < next; i++) {
			if (!js[i].running)
				continue;
			if (js[i].fd_out < 0 && js[i].fd_err < 0) {
				/* Output closed: it has exited, or it hangs without
				 * output; either way the deadline still applies. */
				int st = 0;
				if (waitpid(js[i].pid, &st, WNOHANG) == js[i].pid) {
					job_reap(&js[i], false, true, st);
					running--;
					reaped++;
					continue;
				}
				/* not reaped yet: look again soon rather than sleep
				 * in poll() on the others, so its slot is refilled */
				exiting = true;
			}
			if (now >= deadline[i]) {
				job_reap(&js[i], true, false, 0);
				running--;
				failed++;
				continue;
			}
			if (soonest < 0 || deadline[i] < soonest)
				soonest = deadline[i];
			if (js[i].fd_out >= 0)
				pfd[np++] = (struct pollfd){.fd = js[i].fd_out, .events = POLLIN};
			if (js[i].fd_err >= 0)
				pfd[np++] = (struct pollfd){.fd = js[i].fd_err, .events = POLLIN};
		}
		/* a slot came free: start the next job before waiting on the
		 * others (else -j N runs little more than one job at a time) */
		if (reaped > 0 && next < n)
			continue;
		int wait_ms = (int)(soonest - now) + 1;
		if (exiting && wait_ms > 2)
			wait_ms = 2;
		if (np == 0) {
			if (running > 0)
				poll(NULL, 0, wait_ms < 5 ? wait_ms : 5);
			continue;
		}
		if (poll(pfd, (nfds_t)np, wait_ms > 0 ? wait_ms : 0) < 0 && errno != EINTR)
			break;
		for (int k = 0; k < np; k++) {
			if (!(pfd[k].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			for (int i = 0; i < next; i++) {
				if (js[i].running && js[i].fd_out == pfd[k].fd)
					drain(&js[i], false);
				else if (js[i].running && js[i].fd_err == pfd[k].fd)
					drain(&js[i], true);
			}
		}
	}
	for (int i = 0; i < n; i++)
		ka_buf_free(&js[i].tail);
	free(js);
	free(pfd);
	free(deadline);
	return failed ? -1 : 0;
}

int ka_spawn_many(char *const *const argvs[], int n, int jobs, double timeout_s, struct ka_spawn_result *res)
{
	return ka_spawn_many_opts(argvs, n, jobs, timeout_s, NULL, res);
}

int ka_spawn(char *const argv[], double timeout_s, struct ka_spawn_result *res)
{
	char *const *const argvs[1] = {argv};
	return ka_spawn_many(argvs, 1, 1, timeout_s, res);
}

void ka_spawn_result_free(struct ka_spawn_result *res)
{
	ka_buf_free(&res->out);
	ka_buf_free(&res->err);
}
