/* standalone.c — run a libFuzzer target's entry point over files (and the
 * files below folders), without libFuzzer: how the crash inputs kept under
 * testdata/fuzz/<target>/ are replayed as regression tests in every build
 * (ASan/UBSan in CI). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	struct ka_buf b = {0};
	int rc = ka_read_file(path, 1u << 26, &b);
	if (rc != 0) {
		fprintf(stderr, "cannot read %s\n", path);
		return 1;
	}
	LLVMFuzzerTestOneInput((const uint8_t *)(b.data ? b.data : ""), b.len);
	ka_buf_free(&b);
	printf("replayed %s\n", path);
	return 0;
}

/* A file, or every file below a folder (hidden ones skipped). */
static int run_path(const char *path, int *n)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int bad = 0;
	if (!d) {
		(*n)++;
		return run_file(path);
	}
	while ((e = readdir(d)) != NULL) {
		char sub[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
		bad += run_path(sub, n);
	}
	closedir(d);
	return bad;
}

int main(int argc, char **argv)
{
	int n = 0, bad = 0;
	for (int i = 1; i < argc; i++)
		bad += run_path(argv[i], &n);
	printf("%d inputs replayed\n", n);
	return bad ? 1 : 0;
}
