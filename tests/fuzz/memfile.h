/* memfile.h — for fuzz targets whose parser reads a path: the input bytes
 * in an anonymous memory file, named /proc/self/fd/N (nothing on disk). */
#ifndef KA_FUZZ_MEMFILE_H
#define KA_FUZZ_MEMFILE_H
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static int ka_fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t n)
{
	int fd = memfd_create("kanalyze-fuzz", MFD_CLOEXEC);
	if (fd < 0)
		return -1;
	while (size > 0) {
		ssize_t w = write(fd, data, size);
		if (w <= 0) {
			close(fd);
			return -1;
		}
		data += w;
		size -= (size_t)w;
	}
	snprintf(path, n, "/proc/self/fd/%d", fd);
	return fd;
}
#endif
