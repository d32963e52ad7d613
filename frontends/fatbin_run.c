/* fatbin_run.c — the fallback for a fatbin entry kanalyze cannot decode: it
 * is written as a one-entry fatbin into a private temp dir, the pinned
 * cuobjdump extracts its cubin there (an argv run in DIR, never a
 * shell, under a timeout) and ka_cubin_read reads what it wrote. */
#define _GNU_SOURCE
#include "frontends.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "binary_private.h"

char *ka_cuobjdump_locate(void)
{
	return ka_cuda_tool_locate("cuobjdump", "KANALYZE_CUOBJDUMP");
}

static void put32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* A container holding just entry e, byte for byte. */
static void one_entry_fatbin(const struct ka_fatbin_entry *e, struct ka_buf *b)
{
	uint8_t h[16] = {0};
	uint64_t size = (uint64_t)e->header_size + e->payload_size;

	put32(h, 0xBA55ED50u);
	h[4] = 1;               /* version */
	h[6] = 16;              /* header size */
	put32(h + 8, (uint32_t)size);
	put32(h + 12, (uint32_t)(size >> 32));
	ka_buf_append(b, h, sizeof(h));
	ka_buf_append(b, e->header, e->header_size);
	ka_buf_append(b, e->payload, e->payload_size);
}

static bool is_cubin_name(const char *name)
{
	size_t n = strlen(name);
	return n > 6 && strcmp(name + n - 6, ".cubin") == 0;
}

/* Read every cubin cuobjdump left in dir (sorted by name: deterministic). */
static int read_extracted(const char *dir, const struct ka_fatbin_entry *e, const char *where, struct ka_diag *d,
			  struct ka_kernel_list *out)
{
	struct dirent **names = NULL;
	int n = scandir(dir, &names, NULL, alphasort), found = 0, rc = 0;

	for (int i = 0; i < n; i++) {
		if (rc == 0 && is_cubin_name(names[i]->d_name)) {
			struct ka_buf path = {0}, bytes = {0};
			size_t first = out->n;
			ka_buf_printf(&path, "%s/%s", dir, names[i]->d_name);
			if (ka_read_file(path.data, (size_t)1 << 30, &bytes) != 0 ||
			    ka_cubin_read(bytes.data, bytes.len, where, d, out) != 0)
				rc = -EINVAL;
			else
				ka_kernel_list_adopt(out, first, NULL, e->arch);
			found++;
			ka_buf_free(&path);
			ka_buf_free(&bytes);
		}
		free(names[i]);
	}
	free(names);
	if (rc == 0 && found == 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "cuobjdump extracted no cubin from this entry");
		rc = -EINVAL;
	}
	return rc;
}

int ka_fatbin_entry_cuobjdump(const char *cuobjdump, const struct ka_fatbin_entry *e, double timeout_s,
			      const char *where, struct ka_diag *d, struct ka_kernel_list *out)
{
	char *dir = NULL, tool[PATH_MAX];
	struct ka_buf fb = {0}, path = {0};
	struct ka_spawn_result res;
	int rc = KA_EXIT_TOOLCHAIN;

	if (!cuobjdump || !realpath(cuobjdump, tool)) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "cannot extract this entry: %s not found",
			      cuobjdump ? cuobjdump : "cuobjdump");
		return KA_EXIT_TOOLCHAIN;
	}
	if ((dir = ka_tempdir_create("fatbin")) == NULL) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "cannot create a temporary directory: %s", strerror(errno));
		return KA_EXIT_TOOLCHAIN;
	}
	one_entry_fatbin(e, &fb);
	ka_buf_printf(&path, "%s/entry.fatbin", dir);
	if (ka_write_file_replace(path.data, fb.data, fb.len, false) != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "cannot write %s", path.data);
		goto out;
	}
	{
		char *const argv[] = {tool, "-xelf", "all", "entry.fatbin", NULL};
		char *const *const one[1] = {argv};
		struct ka_spawn_opts in_dir = {.cwd = dir};
		ka_spawn_many_opts(one, 1, 1, timeout_s, &in_dir, &res);
	}
	if (res.timed_out || res.not_found || res.status != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "cuobjdump could not extract this entry (%s)",
			      res.timed_out ? "timed out" : res.not_found ? "not found" : "failed");
		ka_spawn_result_free(&res);
		goto out;
	}
	ka_spawn_result_free(&res);
	unlink(path.data);
	if (read_extracted(dir, e, where, d, out) == 0)
		rc = KA_EXIT_OK;
out:
	ka_tempdir_remove(dir);
	free(dir);
	ka_buf_free(&fb);
	ka_buf_free(&path);
	return rc;
}
