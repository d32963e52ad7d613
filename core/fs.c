/* fs.c — reading inputs and writing outputs safely: bounded whole-file reads
 * that refuse directories, outputs replaced atomically (temp file + fsync +
 * rename) so a reader never sees a torn baseline, and private temp
 * directories that outlive no kanalyze; realpath() of a compile's few
 * hundred headers with each directory resolved once.
 *
 * Writing an output, by what the path names now:
 *
 *   nothing              temp file + rename (mode 0644)
 *   a regular file       temp file + rename, its mode (and, for root, owner) kept
 *   a character device   written into directly: /dev/null stays a device
 *   or a FIFO            (the same through a symbolic link: /dev/stdout)
 *   a symbolic link      refused, -ELOOP (the caller may resolve it when asked)
 *   a directory, block   refused, -EISDIR / -EINVAL
 *   device, socket
 *
 * Temp directories: every one a process makes lives in one directory of its
 * own, $TMPDIR/kanalyze-<pid>-XXXXXX, which the process holds an flock(2)
 * on while it exists.  A kanalyze starting later removes the ones nobody
 * holds (their process was killed, or crashed), as ccache removes its stale
 * temporary files; the signal handler (spawn.c) removes the process's own. */
#define _GNU_SOURCE
#include "core.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int ka_read_file(const char *path, size_t max_bytes, struct ka_buf *out)
{
	return ka_read_file_flags(path, max_bytes, 0, out);
}

int ka_read_file_flags(const char *path, size_t max_bytes, int open_flags, struct ka_buf *out)
{
	struct stat st;
	/* non-blocking: a FIFO (no writer) must not stop the run in open();
	 * it is refused below, as is every file that is not regular */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | open_flags);
	int err = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) != 0) {
		err = -errno;
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		err = -EISDIR;
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		err = -EINVAL;
		goto out;
	}
	if ((size_t)st.st_size > max_bytes) {
		err = -EFBIG;
		goto out;
	}
	ka_buf_append(out, NULL, 0);
	for (;;) {
		char chunk[65536];
		ssize_t n = read(fd, chunk, sizeof(chunk));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			goto out;
		}
		if (n == 0)
			break;
		if (out->len + (size_t)n > max_bytes) {
			err = -EFBIG;
			goto out;
		}
		ka_buf_append(out, chunk, (size_t)n);
	}
out:
	close(fd);
	return err;
}

/* ---- removal that a signal handler may call ---------------------------------
 * openat, getdents64, unlinkat and close only; symbolic links are removed,
 * never followed.  Depth-limited: kanalyze's own trees are 3 deep. */
struct ka_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static int rm_tree_at(int parent, const char *name, int depth)
{
	char buf[4096];

	if (unlinkat(parent, name, 0) == 0 || errno == ENOENT)
		return 0;
	if ((errno != EISDIR && errno != EPERM) || depth > 8)
		return -1;
	/* read it whole, remove what was listed; again if something came in */
	for (int pass = 0; pass < 3; pass++) {
		int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			return -1;
		for (;;) {
			long n = syscall(SYS_getdents64, fd, buf, sizeof(buf));
			if (n <= 0)
				break;
			for (long off = 0; off < n;) {
				struct ka_dirent64 *e = (struct ka_dirent64 *)(buf + off);
				off += e->d_reclen;
				if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
					rm_tree_at(fd, e->d_name, depth + 1);
			}
		}
		close(fd);
		if (unlinkat(parent, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
			return 0;
		if (errno != ENOTEMPTY && errno != EEXIST)
			return -1;
	}
	return -1;
}

static void rm_tree(const char *path)
{
	rm_tree_at(AT_FDCWD, path, 0);
}

/* ---- outputs ------------------------------------------------------------------ */

/* The temp files of outputs being written, for the signal handler. */
enum { KA_OUT_SLOTS = 8 };
static char out_tmp[KA_OUT_SLOTS][PATH_MAX];
static int out_used[KA_OUT_SLOTS];

static int out_track(const char *path)
{
	if (strlen(path) >= PATH_MAX)
		return -1;
	for (int i = 0; i < KA_OUT_SLOTS; i++) {
		int none = 0;
		if (__atomic_compare_exchange_n(&out_used[i], &none, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
			strcpy(out_tmp[i], path);
			__atomic_store_n(&out_used[i], 2, __ATOMIC_SEQ_CST);
			return i;
		}
	}
	return -1;
}

static void out_untrack(int slot)
{
	if (slot >= 0)
		__atomic_store_n(&out_used[slot], 0, __ATOMIC_SEQ_CST);
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* A character device or a FIFO: written into, never replaced.  Opened
 * non-blocking, so a FIFO that no process reads is ENXIO at once instead of
 * a wait without end; then blocking again, so a slow reader gets it all. */
static int write_into(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	int err, fl;

	if (fd < 0)
		return -errno;
	if ((fl = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
		err = -errno;
		close(fd);
		return err;
	}
	err = write_all(fd, data, len);
	if (close(fd) != 0 && !err)
		err = -errno;
	return err;
}

/* The system's names of this process's own streams: links the kernel
 * makes (/dev/stdout -> /proc/self/fd/1 -> the terminal or pipe), not links
 * someone put in a repository. */
static bool own_stream(const char *path)
{
	return strcmp(path, "/dev/stdout") == 0 || strcmp(path, "/dev/stderr") == 0 ||
	       strncmp(path, "/dev/fd/", 8) == 0 || strncmp(path, "/proc/self/fd/", 14) == 0;
}

int ka_output_kind(const char *path)
{
	struct stat st, t;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? KA_OUT_NEW : -errno;
	if (S_ISLNK(st.st_mode)) {
		/* any other link is refused, one to a device too (a terminal
		 * of someone else's, /dev/sda): --follow-symlinks names the
		 * target instead */
		if (own_stream(path) && stat(path, &t) == 0 && (S_ISCHR(t.st_mode) || S_ISFIFO(t.st_mode)))
			return KA_OUT_STREAM;
		return KA_OUT_SYMLINK;
	}
	if (S_ISREG(st.st_mode))
		return KA_OUT_FILE;
	if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
		return KA_OUT_STREAM;
	return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
}

const char *ka_write_error(int err)
{
	switch (err) {
	case -ENXIO:
		return "it is a FIFO that no process reads (start the reader first)";
	case -ELOOP:
		return "it is a symbolic link, which kanalyze does not write through (name the file it points to, or "
		       "add --follow-symlinks)";
	case -ENOENT:
		return "its directory does not exist";
	case -EISDIR:
		return "it is a directory";
	case -EINVAL:
		return "it is neither a file, a character device nor a FIFO";
	default:
		return strerror(-err);
	}
}

/* The temp files a killed kanalyze left beside an output (SIGKILL gives no
 * handler a chance): ".kanalyze-tmp-PID-XXXXXX" of a PID that no longer
 * runs, ours, a minute old (a process on another machine sharing the
 * directory has had its minute).  Only beside outputs the user names (a
 * baseline, a record, a chart): the cache's writes are too many to list
 * their directories each time. */
static void sweep_dead_temps(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);

	while (d && (e = readdir(d)) != NULL) {
		char *end;
		long pid;
		struct stat st;
		if (strncmp(e->d_name, ".kanalyze-tmp-", 14) != 0)
			continue;
		pid = strtol(e->d_name + 14, &end, 10);
		if (end == e->d_name + 14 || *end != '-' || pid <= 0 || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
		    st.st_uid == geteuid() && now - st.st_mtime > 60)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
}

int ka_write_file_atomic(const char *path, const void *data, size_t len)
{
	return ka_write_file_replace(path, data, len, true);
}

int ka_write_file_replace(const char *path, const void *data, size_t len, bool durable)
{
	char *copy;
	const char *dir;
	struct ka_buf tmp = {0};
	struct stat old;
	int kind = ka_output_kind(path), fd, err = 0, slot = -1;
	mode_t mode = 0644;

	if (kind < 0)
		return kind;
	if (kind == KA_OUT_SYMLINK)
		return -ELOOP;
	if (kind == KA_OUT_STREAM)
		return write_into(path, data, len);
	if (kind == KA_OUT_FILE && lstat(path, &old) == 0)
		mode = old.st_mode & 07777;

	copy = ka_strdup(path);
	dir = dirname(copy);
	if (durable)
		sweep_dead_temps(dir);
	ka_buf_printf(&tmp, "%s/.kanalyze-tmp-%ld-XXXXXX", dir, (long)getpid());
	fd = mkostemp(tmp.data, O_CLOEXEC);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	slot = out_track(tmp.data);
	err = write_all(fd, data, len);
	if (!err && fchmod(fd, mode) != 0)
		err = -errno;
	/* root replacing someone's file leaves it theirs */
	if (!err && kind == KA_OUT_FILE && (old.st_uid != geteuid() || old.st_gid != getegid()) && geteuid() == 0 &&
	    fchown(fd, old.st_uid, old.st_gid) != 0)
		err = -errno;
	if (!err && durable && fsync(fd) != 0)
		err = -errno;
	if (close(fd) != 0 && !err)
		err = -errno;
	if (!err && rename(tmp.data, path) != 0)
		err = -errno;
	if (err)
		unlink(tmp.data);
	out_untrack(slot);
out:
	ka_buf_free(&tmp);
	free(copy);
	return err;
}

/* ---- temp directories ------------------------------------------------------------ */

static pthread_mutex_t td_lock = PTHREAD_MUTEX_INITIALIZER;
static char td_parent[PATH_MAX];      /* the process's directory; "" when none */
static int td_set;                    /* read by the signal handler            */
static int td_fd = -1;                /* held with flock while it exists        */
static int td_count;                  /* temp dirs made in it, not yet removed  */

static const char *tmp_base(void)
{
	const char *base = getenv("TMPDIR");
	return base && *base ? base : "/tmp";
}

/* $TMPDIR/kanalyze-<pid>-XXXXXX, made as .kanalyze-new-XXXXXX, locked, and
 * renamed: no other process ever sees it unlocked under its final name. */
static int parent_make(void)
{
	struct ka_buf tmpl = {0}, final = {0};
	const char *suffix;
	int fd, err = 0;

	ka_buf_printf(&tmpl, "%s/.kanalyze-new-XXXXXX", tmp_base());
	if (!mkdtemp(tmpl.data)) {
		err = -errno;
		goto out;
	}
	fd = open(tmpl.data, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
		err = -errno;
		if (fd >= 0)
			close(fd);
		rmdir(tmpl.data);
		goto out;
	}
	suffix = strrchr(tmpl.data, '-') + 1;
	ka_buf_printf(&final, "%s/kanalyze-%ld-%s", tmp_base(), (long)getpid(), suffix);
	if (final.len >= PATH_MAX || renameat2(AT_FDCWD, tmpl.data, AT_FDCWD, final.data, RENAME_NOREPLACE) != 0) {
		err = final.len >= PATH_MAX ? -ENAMETOOLONG : -errno;
		close(fd);
		rmdir(tmpl.data);
		goto out;
	}
	strcpy(td_parent, final.data);
	td_fd = fd;
	__atomic_store_n(&td_set, 1, __ATOMIC_SEQ_CST);
out:
	ka_buf_free(&tmpl);
	ka_buf_free(&final);
	return err;
}

char *ka_tempdir_create(const char *tag)
{
	struct ka_buf b = {0};
	int err = 0;

	pthread_mutex_lock(&td_lock);
	if (!td_set)
		err = parent_make();
	if (!err) {
		ka_buf_printf(&b, "%s/%s-XXXXXX", td_parent, tag);
		if (mkdtemp(b.data))
			td_count++;
		else
			err = -errno;
	}
	if (err && td_set && td_count == 0) {
		/* nothing else in it: do not leave it behind */
		__atomic_store_n(&td_set, 0, __ATOMIC_SEQ_CST);
		rmdir(td_parent);
		close(td_fd);
		td_fd = -1;
	}
	pthread_mutex_unlock(&td_lock);
	if (err) {
		ka_buf_free(&b);
		errno = -err;
		return NULL;
	}
	return b.data;
}

void ka_tempdir_remove(const char *dir)
{
	size_t n;

	if (!dir)
		return;
	rm_tree(dir);
	pthread_mutex_lock(&td_lock);
	n = strlen(td_parent);
	if (td_set && strncmp(dir, td_parent, n) == 0 && dir[n] == '/' && !strchr(dir + n + 1, '/') &&
	    --td_count == 0) {
		__atomic_store_n(&td_set, 0, __ATOMIC_SEQ_CST);
		rmdir(td_parent);
		close(td_fd);
		td_fd = -1;
	}
	pthread_mutex_unlock(&td_lock);
}

void ka_tempdir_remove_all(void)
{
	if (__atomic_load_n(&td_set, __ATOMIC_SEQ_CST))
		rm_tree(td_parent);
	for (int i = 0; i < KA_OUT_SLOTS; i++)
		if (__atomic_load_n(&out_used[i], __ATOMIC_SEQ_CST) == 2)
			unlink(out_tmp[i]);
}

/* "kanalyze-<digits>-XXXXXX": this version's; "kanalyze-<tag>-XXXXXX" and
 * ".kanalyze-new-XXXXXX" (made, not yet renamed) are an hour-old rule's. */
static bool ours_now(const char *name)
{
	const char *p = name + 9;
	size_t digits = strspn(p, "0123456789");
	return digits > 0 && p[digits] == '-' && strlen(p + digits + 1) == 6;
}

int ka_tempdir_clean_stale(void)
{
	DIR *d = opendir(tmp_base());
	struct dirent *e;
	int removed = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)) != NULL) {
		bool fresh_style, legacy;
		struct stat st;
		int fd;

		fresh_style = strncmp(e->d_name, "kanalyze-", 9) == 0 && ours_now(e->d_name);
		legacy = !fresh_style && (strncmp(e->d_name, "kanalyze-", 9) == 0 ||
					  strncmp(e->d_name, ".kanalyze-new-", 14) == 0);
		if (!fresh_style && !legacy)
			continue;
		fd = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			continue;
		/* only this user's, only unheld; an old-style one only an hour on */
		if (fstat(fd, &st) == 0 && st.st_uid == geteuid() &&
		    (fresh_style || st.st_mtime < time(NULL) - 3600) && flock(fd, LOCK_EX | LOCK_NB) == 0) {
			rm_tree_at(dirfd(d), e->d_name, 0);
			removed++;
		}
		close(fd);
	}
	closedir(d);
	return removed;
}

int ka_mkdirs(const char *path, unsigned mode)
{
	char *p = ka_strdup(path);
	int rc = 0;

	for (char *s = p + 1; *s && rc == 0; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, (mode_t)mode) != 0 && errno != EEXIST)
			rc = -errno;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, (mode_t)mode) != 0 && errno != EEXIST)
		rc = -errno;
	free(p);
	return rc;
}

/* ---- realpath() of many files in few directories ---- */

char *ka_real_file(struct ka_real_dirs *rd, const char *path)
{
	const char *slash = strrchr(path, '/');
	struct stat st;
	size_t i, len;
	if (!slash || slash == path || !slash[1] || strcmp(slash, "/..") == 0 || strcmp(slash, "/.") == 0)
		return realpath(path, NULL);
	len = (size_t)(slash - path);
	for (i = 0; i < rd->n; i++)
		if (strlen(rd->v[i].dir) == len && memcmp(rd->v[i].dir, path, len) == 0)
			break;
	if (i == rd->n) {
		KA_GROW(rd->v, rd->n, rd->cap, 16);
		rd->v[i].dir = ka_xmalloc(len + 1);
		memcpy(rd->v[i].dir, path, len);
		rd->v[i].dir[len] = '\0';
		rd->v[i].real = realpath(rd->v[i].dir, NULL);
		rd->n++;
	}
	if (!rd->v[i].real)
		return NULL;
	struct ka_buf b = {0};
	ka_buf_printf(&b, "%s/%s", strcmp(rd->v[i].real, "/") == 0 ? "" : rd->v[i].real, slash + 1);
	if (lstat(b.data, &st) != 0 || S_ISLNK(st.st_mode)) {
		ka_buf_free(&b);
		return realpath(path, NULL);         /* absent (NULL), or a link */
	}
	return b.data;
}

void ka_real_dirs_free(struct ka_real_dirs *rd)
{
	for (size_t i = 0; i < rd->n; i++) {
		free(rd->v[i].dir);
		free(rd->v[i].real);
	}
	free(rd->v);
}
