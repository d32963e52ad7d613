/* sass_run.c — find nvdisasm (cuda_tools.c), run it twice on a
 * cubin (listing with source lines; live-register table), and hang each
 * kernel's census on its ka_kernel.  Spawned with an argv under a timeout,
 * like every tool kanalyze runs. */
#define _GNU_SOURCE
#include "frontends.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *ka_nvdisasm_locate(void)
{
	return ka_cuda_tool_locate("nvdisasm", "KANALYZE_NVDISASM");
}

/* The first line of a tool's stderr, for a one-line message. */
static void first_line(const struct ka_buf *b, char *out, size_t n)
{
	size_t k = 0;
	if (b->data)
		while (k + 1 < n && k < b->len && b->data[k] != '\n') {
			out[k] = b->data[k];
			k++;
		}
	out[k] = '\0';
}

int ka_sass_census_cubin(const char *nvdisasm, const char *cubin, const char *main_file, double timeout_s,
			 struct ka_diag *d, struct ka_kernel_list *out, size_t first, const char *where)
{
	char *const listing[] = {(char *)nvdisasm, "-c", "-gi", (char *)cubin, NULL};
	char *const ranges[] = {(char *)nvdisasm, "-c", "-plr", "-lrm", "narrow", (char *)cubin, NULL};
	char *const *const argvs[] = {listing, ranges};
	struct ka_spawn_result res[2];
	struct ka_sass_set set = {0};
	char msg[256];
	int rc = KA_EXIT_OK;

	memset(res, 0, sizeof(res));
	ka_spawn_many(argvs, 2, 2, timeout_s > 0 ? timeout_s : 300, res);
	if (res[0].not_found || res[0].spawn_errno || res[0].timed_out || res[0].status != 0) {
		first_line(&res[0].err, msg, sizeof(msg));
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "nvdisasm %s: %s", res[0].timed_out ? "timed out" : "failed",
			      res[0].spawn_errno ? strerror(res[0].spawn_errno) : msg[0] ? msg : "no message");
		rc = KA_EXIT_TOOLCHAIN;
		goto out;
	}
	ka_sass_parse(res[0].out.data ? res[0].out.data : "", res[0].out.len, main_file, &set, d, where);
	if (res[1].status != 0 || res[1].timed_out || res[1].spawn_errno) {
		first_line(&res[1].err, msg, sizeof(msg));
		ka_diag_warn_once(d, "sass-no-liferange", where,
				  "nvdisasm gave no life ranges (%s): register pressure not reported",
				  msg[0] ? msg : "no message");
	} else {
		ka_sass_parse_life_ranges(res[1].out.data ? res[1].out.data : "", res[1].out.len, &set, d, where);
	}
	ka_sass_finish(&set);
	for (size_t k = first; k < out->n; k++) {
		struct ka_kernel *kn = &out->v[k];
		struct ka_sass *s = ka_sass_set_find(&set, kn->mangled);
		if (!s) {
			ka_diag_warn(d, where, "%s: no code section in the nvdisasm listing; no SASS census", kn->name);
			continue;
		}
		ka_sass_free(kn->sass);
		free(kn->sass);
		kn->sass = ka_xmalloc(sizeof(*kn->sass));
		*kn->sass = *s;
		memset(s, 0, sizeof(*s));       /* moved: the set no longer owns it */
		kn->res.uregs = kn->sass->uregs;
		/* local memory as the code touches it: what shows a spill in a
		 * binary, which keeps no ptxas -v figure */
		kn->res.local_stores = ka_sass_count_of(kn->sass, "STL");
		kn->res.local_loads = ka_sass_count_of(kn->sass, "LDL");
	}
out:
	ka_sass_set_free(&set);
	ka_spawn_result_free(&res[0]);
	ka_spawn_result_free(&res[1]);
	return rc;
}
