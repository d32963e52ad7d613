/* spawn.c — run external tools (nvcc, nvdisasm, hipcc) with an argv, never a
 * shell: posix_spawn into a new process group, stdout/stderr captured through
 * pipes, a wall-clock deadline after which the whole group is killed.
 * ka_spawn_many keeps up to `jobs` of them running at once. */
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

struct job {
	pid_t pid;
	int fd_out, fd_err;
	bool running, exited;
	struct ka_spawn_result *res;
};

static int job_start(struct job *j, char *const argv[], struct ka_spawn_result *res)
{
	int po[2] = {-1, -1}, pe[2] = {-1, -1};
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int rc;

	memset(res, 0, sizeof(*res));
	memset(j, 0, sizeof(*j));
	j->res = res;
	j->fd_out = j->fd_err = -1;
	if (pipe2(po, O_CLOEXEC) != 0 || pipe2(pe, O_CLOEXEC) != 0) {
		res->spawn_errno = errno;
		goto fail;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&attr, 0);
	rc = posix_spawnp(&j->pid, argv[0], &fa, &attr, argv, environ);
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

static void drain(int *fd, struct ka_buf *b)
{
	char chunk[16384];
	ssize_t n = read(*fd, chunk, sizeof(chunk));
	if (n > 0) {
		ka_buf_append(b, chunk, (size_t)n);
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		close(*fd);
		*fd = -1;
	}
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
	ka_buf_append(&j->res->out, NULL, 0);
	ka_buf_append(&j->res->err, NULL, 0);
}

int ka_spawn_many(char *const *const argvs[], int n, int jobs, double timeout_s,
		  struct ka_spawn_result *res)
{
	struct job *js = ka_xcalloc((size_t)(n ? n : 1), sizeof(*js));
	struct pollfd *pfd = ka_xcalloc((size_t)(2 * (n ? n : 1)), sizeof(*pfd));
	double *deadline = ka_xcalloc((size_t)(n ? n : 1), sizeof(double));
	int next = 0, running = 0, failed = 0;

	if (jobs < 1)
		jobs = 1;
	while (next < n || running > 0) {
		while (next < n && running < jobs) {
			if (job_start(&js[next], argvs[next], &res[next]) == 0) {
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
					drain(&js[i].fd_out, &js[i].res->out);
				else if (js[i].running && js[i].fd_err == pfd[k].fd)
					drain(&js[i].fd_err, &js[i].res->err);
			}
		}
	}
	free(js);
	free(pfd);
	free(deadline);
	return failed ? -1 : 0;
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
