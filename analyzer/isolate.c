/* isolate.c — each file's parse and analysis in a child process of its
 * own, so that libclang dying on one file (a stack overflow on 400,000
 * nested operators, which plain clang also dies on; a crash inside
 * libclang) costs that file's source analysis and nothing else: the
 * compiles, every other file's report and the baseline stand.
 *
 * The child is a fork of the analyzer's thread: libclang, the prelude and
 * the precompiled prefix are already there, nothing is executed again.  It
 * runs ka_uniformity_analyze_cached (so it also reads and writes the
 * result cache), with the default action for every fatal signal (the
 * parent's crash handler, which kills the compilers' groups, is not its
 * own), no core file, and an address-space limit; its thread's stack
 * (64 MiB, batch.c) has a guard page.  It writes back "rc bytes bytes\n",
 * its phases (core/phase.c) and the result as the cache stores it (cache.c,
 * ka_uresult_json with the fields a cache entry leaves out), then _exit()s.
 * The parent reads until end of file or the deadline (--timeout, when one
 * is given), kills the child past it, reaps it, and reads the result back;
 * a child that died, timed out or sent back what does not read is
 * KA_U_LOST with the reason in the result's first diagnostic. */
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* What a child may map beyond what it inherits (libclang's AST of a large
 * translation unit is a few hundred MiB). */
#define KA_ISOLATE_MEM (8ull << 30)

/* The child's exit status when its result pipe is no longer the one it was
 * given (its answer cannot be sent; the analysis itself did not fail). */
#define KA_ISOLATE_NO_PIPE 3

#if defined(__SANITIZE_ADDRESS__)
#define KA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KA_ASAN 1
#endif
#endif

static bool write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	while (n > 0) {
		ssize_t w = write(fd, c, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		c += w;
		n -= (size_t)w;
	}
	return true;
}

static void limit_memory(void)
{
#ifndef KA_ASAN          /* ASan reserves terabytes of shadow address space */
	unsigned long long pages = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	if (f) {
		if (fscanf(f, "%llu", &pages) != 1)
			pages = 0;
		fclose(f);
	}
	if (pages > 0) {
		unsigned long long cur = pages * (unsigned long long)sysconf(_SC_PAGESIZE);
		struct rlimit rl = {(rlim_t)(cur + KA_ISOLATE_MEM), (rlim_t)(cur + KA_ISOLATE_MEM)};
		struct rlimit now;
		if (getrlimit(RLIMIT_AS, &now) == 0 && (now.rlim_max == RLIM_INFINITY || now.rlim_max > rl.rlim_max))
			setrlimit(RLIMIT_AS, &rl);
	}
#endif
}

/* Every descriptor but stdin/out/err, the result pipe and the cache's
 * directory closed: the child must not hold a compiler's output pipe open
 * (its reader waits for end of file), nor anything else of the parent's. */
static void close_others(int keep_a, int keep_b)
{
	int keep[2] = {keep_a < keep_b ? keep_a : keep_b, keep_a < keep_b ? keep_b : keep_a};
	unsigned lo = 3;
	for (int i = 0; i < 2; i++) {
		if (keep[i] < (int)lo)
			continue;
		if ((unsigned)keep[i] > lo)
			close_range(lo, (unsigned)keep[i] - 1, 0);
		lo = (unsigned)keep[i] + 1;
	}
	close_range(lo, ~0u, 0);
}

static _Noreturn void child(int fd, pid_t parent, const struct ka_cache *c, const char *file,
			    const struct ka_analyzer_options *opt)
{
	static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU,
				    SIGXFSZ, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
	struct rlimit no_core = {0, 0};
	struct stat pipe_at_fork, pipe_now;
	struct ka_uresult r;
	sigset_t none;
	int from = ka_phase_count(), rc;
	void *ph = NULL;
	size_t n_ph;
	char *json, head[96];

	for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		signal(fatal[i], SIG_DFL);
	sigemptyset(&none);
	pthread_sigmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)                 /* the parent is gone already */
		_exit(1);
	close_others(fd, c && c->fd > 0 ? c->fd - 1 : -1);
	setrlimit(RLIMIT_CORE, &no_core);
	limit_memory();
	if (fstat(fd, &pipe_at_fork) != 0)
		_exit(KA_ISOLATE_NO_PIPE);

	rc = ka_uniformity_analyze_cached(c, file, opt, &r);
	/* the descriptor must still be the pipe: were it closed under the
	 * analysis and its number reused, the result would go into a file */
	if (fstat(fd, &pipe_now) != 0 || pipe_now.st_ino != pipe_at_fork.st_ino ||
	    pipe_now.st_dev != pipe_at_fork.st_dev)
		_exit(KA_ISOLATE_NO_PIPE);
	json = ka_uresult_json(&r, true);
	n_ph = ka_phase_export(from, &ph);
	snprintf(head, sizeof(head), "%d %zu %zu\n", rc, n_ph, json ? strlen(json) : (size_t)0);
	bool sent = json && write_all(fd, head, strlen(head)) && write_all(fd, ph, n_ph) &&
		    write_all(fd, json, strlen(json));
	free(json);                               /* a leak checker sees the child exit too */
	free(ph);
	ka_uresult_free(&r);
	_exit(sent ? 0 : 1);                      /* no atexit handlers, no stdio flush of the parent's buffers */
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void lost(struct ka_uresult *out, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void lost(struct ka_uresult *out, const char *file, const char *fmt, ...)
{
	va_list ap;
	char *msg = NULL;
	memset(out, 0, sizeof(*out));
	out->file = ka_strdup(file);
	out->headers = "prelude";
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = ka_strdup("the C front end's process was lost");
	va_end(ap);
	out->diags = ka_xcalloc(1, sizeof(*out->diags));
	out->diags[0] = msg;
	out->n_diags = 1;
}

/* One child: its answer in *b, or the reason there is none in out. */
enum attempt { ANSWERED, LOST, NO_ANSWER, NO_CHILD };

static enum attempt attempt(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
			    double timeout_s, double deadline, struct ka_buf *b, struct ka_uresult *out)
{
	int p[2], st = 0, read_errno = 0;
	pid_t pid, parent = getpid();
	bool timed_out = false;

	if (pipe2(p, O_CLOEXEC) != 0)
		return NO_CHILD;
	fflush(NULL);                             /* nothing buffered is written twice */
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return NO_CHILD;
	}
	if (pid == 0) {
		close(p[0]);
		child(p[1], parent, c, file, opt);
	}
	close(p[1]);
	for (;;) {
		char chunk[65536];
		struct pollfd pf = {p[0], POLLIN, 0};
		int wait = -1;
		if (deadline > 0) {
			double left = deadline - now_ms();
			if (left <= 0) {
				timed_out = true;
				break;
			}
			wait = left > 1e9 ? 1000000000 : (int)left + 1;
		}
		int r = poll(&pf, 1, wait);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			read_errno = errno;
			break;
		}
		if (r == 0)
			continue;                    /* the deadline is checked above */
		ssize_t n = read(p[0], chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			read_errno = errno;
		if (n <= 0)
			break;
		ka_buf_append(b, chunk, (size_t)n);
	}
	close(p[0]);
	if (timed_out)
		kill(pid, SIGKILL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (timed_out) {
		lost(out, file, "the C front end ran past the %.0f s --timeout on it", timeout_s);
		return LOST;
	}
	if (WIFSIGNALED(st)) {
		int sig = WTERMSIG(st);
		lost(out, file, "the C front end (libclang) died on it: signal %d (%s)%s", sig, strsignal(sig),
		     sig == SIGSEGV ? ", a crash or a stack overflow" : sig == SIGKILL ? ", killed (out of memory?)" : "");
		return LOST;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && read_errno == 0)
		return ANSWERED;
	lost(out, file, "the C front end's process ended without a result (exit status %d, %zu bytes read%s%s)",
	     WIFEXITED(st) ? WEXITSTATUS(st) : -1, b->len, read_errno ? ", " : "",
	     read_errno ? strerror(read_errno) : "");
	return NO_ANSWER;
}

int ka_uniformity_analyze_isolated(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
				   double timeout_s, struct ka_uresult *out)
{
	struct ka_buf b = {0};
	double deadline = timeout_s > 0 ? now_ms() + timeout_s * 1e3 : 0;
	size_t n_ph = 0, n_json = 0;
	int used = 0, rc = 0;
	enum attempt got = NO_ANSWER;

	if (getenv("KANALYZE_NO_ISOLATION"))       /* bench/isolation.sh: the cost of the fork */
		return ka_uniformity_analyze_cached(c, file, opt, out);
	if (ka_uniformity_cache_hit(c, file, opt, out))   /* a warm file: no parse, no child */
		return 0;
	/* libclang is loaded here, once, not in each child: a dlopen in a
	 * child could wait for ld.so's lock held by another thread at the fork */
	ka_libclang_load();
	/* a child that neither crashed nor timed out but whose answer did not
	 * arrive whole is asked once more: the analysis itself did not fail */
	for (int tries = 0; tries < 2 && got == NO_ANSWER; tries++) {
		if (tries > 0)
			ka_uresult_free(out);
		b.len = 0;
		if (b.data)
			b.data[0] = '\0';
		got = attempt(c, file, opt, timeout_s, deadline, &b, out);
		/* the head line alone: a "\n" in a scanf format would also eat the
		 * phases' first bytes when they look like blanks (a pointer
		 * ending in 0x20) */
		const char *nl = b.data ? memchr(b.data, '\n', b.len) : NULL;
		used = nl ? (int)(nl - b.data) + 1 : 0;
		if (got == ANSWERED && (!nl || sscanf(b.data, "%d %zu %zu", &rc, &n_ph, &n_json) != 3 ||
					(size_t)used + n_ph + n_json != b.len)) {
			lost(out, file, "the C front end's process ended without a whole result (%zu bytes read)",
			     b.len);
			got = NO_ANSWER;
		}
	}
	if (got == NO_CHILD) {                      /* no pipe, no fork: in this process */
		ka_buf_free(&b);
		return ka_uniformity_analyze_cached(c, file, opt, out);
	}
	if (got != ANSWERED) {
		ka_buf_free(&b);
		return KA_U_LOST;
	}
	ka_phase_import(b.data + used, n_ph);
	memset(out, 0, sizeof(*out));
	out->file = ka_strdup(file);
	out->lang = opt->lang;
	out->headers = "prelude";
	if (!ka_uresult_read(b.data + used + n_ph, n_json, out, true)) {
		ka_uresult_free(out);
		lost(out, file, "the C front end's process sent back a result that does not read");
		ka_buf_free(&b);
		return KA_U_LOST;
	}
	ka_buf_free(&b);
	return rc;
}
