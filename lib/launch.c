/* launch.c — which launches a kernel is modelled at (DESIGN §2 "--block"),
 * in this order: --block (one launch, the vendor's model says "option"),
 * the config file's "launch" entry whose glob matches its demangled name,
 * the launch sites found in the source (analyzer/launch_sites.c) whose
 * block evaluated to a constant -- one launch per distinct (block, dynamic
 * shared memory), each naming its first site --, then __launch_bounds__ and
 * the default (the vendor's model decides those two).  A site whose block is
 * not a constant is not modelled (a kernel with only such sites falls back)
 * but named in the report, so that a reader knows which launch to give
 * with --block or the config. */
#define _GNU_SOURCE
#include "lib.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* The demangled name without its parameter list: "k<256, false>". */
static void without_params(const char *name, char *out, size_t n)
{
	size_t len = strlen(name);
	int depth = 0;
	if (len && name[len - 1] == ')') {
		for (size_t i = len; i-- > 0;) {
			if (name[i] == ')')
				depth++;
			else if (name[i] == '(' && --depth == 0) {
				len = i;
				break;
			}
		}
	}
	snprintf(out, n, "%.*s", (int)len, name);
}

/* The glob is matched against the demangled name without the return type
 * a template instance's carries ("void k<32>(float*)": "k<32>(float*)"),
 * with and without the parameter list. */
static const struct ka_launch_rule *rule_of(const struct ka_request *req, const struct ka_kernel *k)
{
	char bare[1024];
	const char *name = k->name;
	if (!name)
		return NULL;
	if (strncmp(name, "void ", 5) == 0)
		name += 5;
	without_params(name, bare, sizeof(bare));
	for (int i = 0; i < req->n_launch_rules; i++) {
		const struct ka_launch_rule *r = &req->launch_rules[i];
		if (fnmatch(r->kernel, name, 0) == 0 || fnmatch(r->kernel, bare, 0) == 0)
			return r;
	}
	return NULL;
}

int ka_launch_choices(const struct ka_request *req, const struct ka_uresult *src, const struct ka_kernel *k,
		      struct ka_launch_choice *out, int cap)
{
	const struct ka_launch_rule *r;
	const struct ka_ulaunch *sites[64];
	size_t n_sites;
	int n = 0;

	if (req->launch.block > 0 || cap <= 0)
		return 0;
	if ((r = rule_of(req, k))) {
		out[0] = (struct ka_launch_choice){{r->block[0], r->block[1], r->block[2]},
						   r->smem >= 0 ? r->smem : req->launch.smem, "config", NULL, 0};
		return 1;
	}
	n_sites = ka_uresult_launches(src, k->mangled, k->name, sites, sizeof(sites) / sizeof(sites[0]));
	for (size_t i = 0; i < n_sites && n < cap; i++) {
		const struct ka_ulaunch *l = sites[i];
		long smem = l->smem >= 0 ? l->smem : req->launch.smem;
		bool dup = false;
		if (l->block[0] <= 0)
			continue;
		for (int j = 0; j < n && !dup; j++)
			dup = memcmp(out[j].block, l->block, sizeof(l->block)) == 0 && out[j].smem == smem;
		if (dup)
			continue;
		out[n++] = (struct ka_launch_choice){{l->block[0], l->block[1], l->block[2]}, smem, "launch_site",
						     l->file, l->line};
	}
	return n;
}

void ka_launch_runtime_sites(const struct ka_request *req, const struct ka_uresult *src, const struct ka_kernel *k,
			     struct ka_kernel_result *kr)
{
	const struct ka_ulaunch *sites[64];
	size_t n_sites;

	kr->n_runtime_sites = 0;
	if (req->launch.block > 0 || rule_of(req, k))
		return;
	n_sites = ka_uresult_launches(src, k->mangled, k->name, sites, sizeof(sites) / sizeof(sites[0]));
	for (size_t i = 0; i < n_sites; i++) {
		int m = kr->n_runtime_sites;
		if (sites[i]->block[0] > 0)
			continue;
		if (m < KA_MAX_RUNTIME_SITES) {
			kr->runtime_site_file[m] = sites[i]->file;
			kr->runtime_site_line[m] = sites[i]->line;
		}
		kr->n_runtime_sites++;
	}
}

void ka_launch_apply(struct ka_kernel_result *kr, const struct ka_launch_choice *c)
{
	kr->block_source = c->source;
	memcpy(kr->block_dims, c->block, sizeof(kr->block_dims));
	kr->block = c->block[0] * c->block[1] * c->block[2];
	kr->smem_dynamic = c->smem;
	kr->launch_file = c->file;
	kr->launch_line = c->line;
}
