/* fs.c — reading inputs and writing outputs safely: bounded whole-file reads
 * that refuse directories, atomic replacement (temp file + fsync + rename)
 * so a reader never sees a torn baseline, and private temp directories. */
#define _GNU_SOURCE
#include "core.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ka_read_file(const char *path, size_t max_bytes, struct ka_buf *out)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
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

int ka_write_file_atomic(const char *path, const void *data, size_t len)
{
	return ka_write_file_replace(path, data, len, true);
}

int ka_write_file_replace(const char *path, const void *data, size_t len, bool durable)
{
	char *copy = ka_strdup(path);
	const char *dir = dirname(copy);
	struct ka_buf tmp = {0};
	const char *p = data;
	int fd, err = 0;

	ka_buf_printf(&tmp, "%s/.kanalyze-tmp-XXXXXX", dir);
	fd = mkstemp(tmp.data);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	while (len > 0) {
		ssize_t n = write(fd, p, len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = -errno;
			break;
		}
		p += n;
		len -= (size_t)n;
	}
	if (!err && fchmod(fd, 0644) != 0)
		err = -errno;
	if (!err && durable && fsync(fd) != 0)
		err = -errno;
	if (close(fd) != 0 && !err)
		err = -errno;
	if (!err && rename(tmp.data, path) != 0)
		err = -errno;
	if (err)
		unlink(tmp.data);
out:
	ka_buf_free(&tmp);
	free(copy);
	return err;
}

char *ka_tempdir_create(const char *tag)
{
	const char *base = getenv("TMPDIR");
	struct ka_buf b = {0};

	if (!base || !*base)
		base = "/tmp";
	ka_buf_printf(&b, "%s/kanalyze-%s-XXXXXX", base, tag);
	if (!mkdtemp(b.data)) {
		ka_buf_free(&b);
		return NULL;
	}
	return b.data;
}

void ka_tempdir_remove(const char *dir)
{
	DIR *d;
	struct dirent *e;

	if (!dir)
		return;
	d = opendir(dir);
	if (d) {
		int fd = dirfd(d);
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			unlinkat(fd, e->d_name, 0);
		}
		closedir(d);
	}
	rmdir(dir);
}
