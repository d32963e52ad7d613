/* launch.c — which launches a kernel is modelled at (DESIGN §2 "--block"),
 * in this order: --block (one launch, the vendor's model says "option"),
 * the config file's "launch" entry whose glob matches its demangled name,
 * the launch sites found in the source (analyzer/launch_sites.c) whose
 * block and dynamic shared memory evaluated to constants -- one launch per
 * distinct (block, dynamic shared memory), each naming its first site --,
 * then __launch_bounds__ and the default (the vendor's model decides those
 * two).  A site whose block or dynamic size is not a constant is not
 * modelled (a kernel with only such sites falls back: `k<<<1, 256,
 * bytes>>>` with `bytes` set at run time is not "256 threads, 0 bytes") but
 * named in the report, so that a reader knows which launch to give with
 * --block and --smem or the config.  The plan also says whether the
 * source raises the kernel's dynamic shared memory limit (the vendor's
 * model warns about a launch over the default limit without it). */
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

/* The most any listed arch gives one block: a site asking more fails on
 * every GPU (the tables decide; AMD's workgroups hold at most 1024
 * work-items, ka_occ_amd's bound). */
static long max_smem_any(void)
{
	long m = 0;
	for (int i = 0; i < ka_nv_arch_count; i++)
		m = ka_nv_archs[i].smem_per_block_optin > m ? ka_nv_archs[i].smem_per_block_optin : m;
	for (int i = 0; i < ka_amd_arch_count; i++)
		m = ka_amd_archs[i].lds_per_workgroup > m ? ka_amd_archs[i].lds_per_workgroup : m;
	return m;
}

static long max_threads_any(void)
{
	long m = 1024;
	for (int i = 0; i < ka_nv_arch_count; i++)
		m = ka_nv_archs[i].max_threads_per_block > m ? ka_nv_archs[i].max_threads_per_block : m;
	return m;
}

/* A site with a constant block and dynamic size becomes a choice (one per
 * distinct block and dynamic shared memory, the first site naming it); one
 * whose block or dynamic size is a runtime value is named among the
 * runtime sites. */
static void add_site(struct ka_launch_plan *p, const struct ka_ulaunch *l, struct ka_diag *d)
{
	long smem = l->smem;
	char where[512], key[600];
	long threads = (long)l->block[0] * l->block[1] * l->block[2];    /* each <= 2^20 (the analyzer) */
	long max_threads = max_threads_any(), max_smem = max_smem_any();

	/* Sizes no GPU launches are refused before any model sees them: the
	 * launch fails at run time, and a model given 2^63 bytes must not
	 * overflow or walk towards it (CUDA C++ Programming Guide, "Compute
	 * Capabilities": at most 1024 threads per block, at most 227 KiB of
	 * shared memory per block; AMD: 1024 work-items, 160 KiB of LDS). */
	if (l->block[0] > 0 && smem >= 0 && (threads > max_threads || smem > max_smem)) {
		snprintf(where, sizeof(where), "%s:%d", l->file ? l->file : "?", l->line);
		snprintf(key, sizeof(key), "launch-size:%s", where);
		if (threads > max_threads)
			ka_diag_warn_once(d, key, where, "a block of %ld threads is more than any GPU launches (at most "
					  "%ld per block): the launch fails; not modelled", threads, max_threads);
		else
			ka_diag_warn_once(d, key, where, "%ld bytes of dynamic shared memory per block is more than any "
					  "GPU gives a block (at most %ld): the launch fails; not modelled", smem,
					  max_smem);
		return;
	}
	if (l->block[0] <= 0 || smem < 0) {
		if (p->n_runtime < KA_MAX_RUNTIME_SITES) {
			p->runtime_file[p->n_runtime] = l->file;
			p->runtime_line[p->n_runtime] = l->line;
		}
		p->n_runtime++;
		p->n_runtime_smem += l->block[0] > 0;
		return;
	}
	for (int j = 0; j < p->n; j++)
		if (memcmp(p->choice[j].block, l->block, sizeof(l->block)) == 0 && p->choice[j].smem == smem)
			return;
	if (p->n < KA_MAX_LAUNCHES)
		p->choice[p->n++] = (struct ka_launch_choice){{l->block[0], l->block[1], l->block[2]},
							      {l->grid[0], l->grid[1], l->grid[2]}, smem,
							      "launch_site", l->file, l->line};
}

void ka_launch_plan(const struct ka_request *req, const struct ka_uresult *src, const struct ka_kernel *k,
		    struct ka_launch_plan *p, struct ka_diag *d)
{
	const struct ka_launch_rule *r;
	const struct ka_ulaunch *sites[64];
	size_t n_sites;

	memset(p, 0, sizeof(*p));
	if (src)
		p->smem_optin = ka_uresult_optin(src, k->mangled, k->name) ? 1 : -1;
	if (req->launch.block > 0)
		return;
	if ((r = rule_of(req, k))) {
		p->choice[p->n++] = (struct ka_launch_choice){{r->block[0], r->block[1], r->block[2]}, {0, 0, 0},
							      r->smem >= 0 ? r->smem : req->launch.smem, "config",
							      NULL, 0};
		return;
	}
	n_sites = ka_uresult_launches(src, k->mangled, k->name, sites, sizeof(sites) / sizeof(sites[0]));
	for (size_t i = 0; i < n_sites; i++)
		add_site(p, sites[i], d);
}

void ka_launch_apply(struct ka_kernel_result *kr, const struct ka_launch_plan *p, int c)
{
	memcpy(kr->runtime_site_file, p->runtime_file, sizeof(kr->runtime_site_file));
	memcpy(kr->runtime_site_line, p->runtime_line, sizeof(kr->runtime_site_line));
	kr->n_runtime_sites = p->n_runtime;
	kr->n_runtime_smem = p->n_runtime_smem;
	kr->smem_optin = p->smem_optin;
	if (c >= p->n)
		return;
	kr->block_source = p->choice[c].source;
	memcpy(kr->block_dims, p->choice[c].block, sizeof(kr->block_dims));
	kr->block = kr->block_dims[0] * kr->block_dims[1] * kr->block_dims[2];
	kr->smem_dynamic = p->choice[c].smem;
	kr->launch_file = p->choice[c].file;
	kr->launch_line = p->choice[c].line;
	memcpy(kr->grid_dims, p->choice[c].grid, sizeof(kr->grid_dims));
}

/* Waves of the grid over the GPU: a wave is the blocks every SM (CU) holds
 * at once, blocks_per_sm x sms (Nsight Compute's Kernel Profiling Guide,
 * "Launch Statistics": waves per SM; a partial last wave is its "tail
 * effect").  Known with a constant grid, --sms (or --device) and a block
 * that fits. */
void ka_launch_waves(struct ka_kernel_result *kr, long sms)
{
	long long grid = (long long)kr->grid_dims[0] * kr->grid_dims[1] * kr->grid_dims[2];
	kr->wave_blocks = kr->full_waves = kr->tail_blocks = -1;
	if (grid <= 0 || sms <= 0 || kr->occ.blocks_per_sm <= 0)
		return;
	kr->wave_blocks = (long)kr->occ.blocks_per_sm * sms;
	kr->full_waves = (long)(grid / kr->wave_blocks);
	kr->tail_blocks = (long)(grid % kr->wave_blocks);
}
