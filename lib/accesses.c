/* accesses.c — the machine model (machine/) at each kernel result's launch,
 * and the access findings decided on what it computed:
 *
 *   KA107  a global request that needs >= 2x the sectors its active lanes'
 *          bytes need (ncu's "excessive" >= 50 %, the threshold the advice
 *          benchmark's truth is judged at)
 *   KA109  narrow neighbouring accesses of one thread a vector would cover
 *   KA115  a shared request that needs >= 2x its conflict-free wavefronts
 *   KA116  local-memory loads and stores (a per-thread array in local memory)
 *
 * These replace the source analysis's access findings (KA107, KA109 and the
 * retired KA110, KA111, KA114; KA112 and KA113 where they relabel an
 * access): the source explains, the machine code decides.  A finding sits
 * at its access's innermost line when that line is in the kernel's file,
 * else at the line of the kernel's file the helper is inlined at. */
#define _GNU_SOURCE                    /* realpath */
#include "lib.h"
#include "machine.h"
#include "occupancy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXCESS_FACTOR = 2 };

static const char *base_of(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;
	return s ? s + 1 : p ? p : "";
}

/* The machine code's path and the report's for one file: the same real
 * path, or (a private copy's path gone) the same base name. */
static bool same_file(const char *code, const char *report)
{
	if (!code || !report || !*code)
		return false;
	char *a = realpath(code, NULL), *b = realpath(report, NULL);
	bool same = a && b ? strcmp(a, b) == 0 : strcmp(base_of(code), base_of(report)) == 0;
	free(a);
	free(b);
	return same;
}

/* The line of the kernel's file an access is reported at, 0 none, and
 * its column (the .loc's; 1 where the compiler gave none). */
static int site_line(const struct ka_kernel *k, const struct ka_mach_access *a, int *col)
{
	const char *file = k->def_file ? k->def_file : k->file;
	*col = 1;
	if (same_file(a->file, file)) {
		*col = a->col > 0 ? a->col : 1;
		return a->line;
	}
	for (int i = 0; i < a->n_inlined; i++)
		if (same_file(a->inl_file[i], file)) {
			*col = a->inl_col[i] > 0 ? a->inl_col[i] : 1;
			return a->inl_line[i];
		}
	return 0;
}

/* An inlined helper's name as a user reads it: demangled, and nvcc's
 * namespace for an anonymous one (_INTERNAL_<hash>_..., _GLOBAL__N__...,
 * which embeds a hash of the file's path) written as it is in the source. */
static char *helper_name(const char *mangled)
{
	char *d = ka_demangle(mangled), *s = d ? d : ka_strdup(mangled);
	struct ka_buf b = {0};
	for (const char *p = s; *p;) {
		if (strncmp(p, "_INTERNAL_", 10) == 0 || strncmp(p, "_GLOBAL__N_", 11) == 0) {
			const char *end = strstr(p, "::");
			if (end) {
				ka_buf_puts(&b, "(anonymous namespace)");
				p = end;
				continue;
			}
		}
		ka_buf_append(&b, p, 1);
		p++;
	}
	free(s);
	return b.data ? b.data : ka_strdup("");
}

static const char *space_unit(const struct ka_mach_access *a)
{
	return a->space == KA_MACH_SHARED ? "wavefronts" : a->unit_bytes == 64 ? "64-byte lines" : "sectors";
}

/* "ld.global.f32 x4 at line 10 (inlined helper _Z3getPKfi): 32.0 sectors
 * per request where 4.0 would do; lanes 16384 B apart; 98 % of the
 * kernel's global sectors" */
void ka_model_describe(const struct ka_mach_access *a, char *buf, size_t n)
{
	double got = a->space == KA_MACH_SHARED ? a->wavefronts : a->sectors;
	double want = a->space == KA_MACH_SHARED ? a->ideal_wavefronts : a->ideal;
	char insns[128] = "";
	size_t at = 0;
	for (int i = 0; i < a->n_insn && at < sizeof(insns); i++)
		at += (size_t)snprintf(insns + at, sizeof(insns) - at, "%s%s", i ? ", " : "", a->insn[i]);
	char from[48] = "";
	if (a->gather && a->gather_line > 0)
		snprintf(from, sizeof(from), " (the value loaded at line %d)", a->gather_line);
	snprintf(buf, n, "%s: %s%s%s%s: %.1f %s per request where %.1f would do; %s%s; %.0f %% of the kernel's %s %s",
		 a->amdgpu ? "AMDGPU" : "PTX", insns, a->n_instructions > 1 ? " (" : "", a->n_instructions > 1 ? "several instructions" : "",
		 a->n_instructions > 1 ? ")" : "", got, space_unit(a), want, a->pattern, from, a->share * 100,
		 ka_mach_space_name(a->space), space_unit(a));
}

/* The rule an access's line is judged by: global and shared lines by their
 * excess (KA107, KA115), a local access always (KA116); KA109 is the
 * access's own. */
static enum ka_rule line_rule(const struct ka_mach_access *a)
{
	switch (a->space) {
	case KA_MACH_GLOBAL: return KA_RULE_UNCOALESCED_GLOBAL;
	case KA_MACH_SHARED: return KA_RULE_SHARED_BANK_CONFLICT;
	case KA_MACH_LOCAL: return KA_RULE_LOCAL_MEMORY_TRAFFIC;
	}
	return KA_RULE_NONE;
}

static char *message(enum ka_rule r, const struct ka_mach_access *a)
{
	char buf[640], what[400], lanes[48] = "";
	if (a->active_lanes < a->lanes - 0.5)      /* a guard or a branch idles lanes */
		snprintf(lanes, sizeof(lanes), ", %.0f of %d lanes active", a->active_lanes, a->lanes);
	const char *op = a->op == KA_MACH_STORE ? "store" : a->op == KA_MACH_LOAD ? "load" : "atomic";
	ka_model_describe(a, what, sizeof(what));
	switch (r) {
	case KA_RULE_UNCOALESCED_GLOBAL:
		if (a->gather)
			snprintf(buf, sizeof(buf), "uncoalesced global %s, %d B per lane, if its lanes read unrelated "
				 "elements: %.1f %s per request where %.1f would do (a gather: the address comes "
				 "from a loaded value)%s%s", op, a->bytes_per_lane, a->sectors, space_unit(a), a->ideal, a->callee ? "; in the inlined helper " : "", a->callee ? a->callee : "");
		else
			snprintf(buf, sizeof(buf), "uncoalesced global %s, %d B per lane: %.1f %s per request where "
				 "%.1f would do (%s%s)%s%s", op, a->bytes_per_lane, a->sectors, space_unit(a), a->ideal, a->pattern,
				 lanes, a->callee ? "; in the inlined helper " : "", a->callee ? a->callee : "");
		break;
	case KA_RULE_NARROW_NEIGHBOURS:
		snprintf(buf, sizeof(buf), "%d-byte global %ss of one thread side by side: one %d-byte vector %s "
			 "would cover them (%s)", a->bytes_per_lane, op, a->vector_bytes, op, a->pattern);
		break;
	case KA_RULE_SHARED_BANK_CONFLICT:
		snprintf(buf, sizeof(buf), "shared-memory bank conflict: %.1f wavefronts per request where %.1f would do "
			 "(%s)", a->wavefronts, a->ideal_wavefronts, a->pattern);
		break;
	default:
		snprintf(buf, sizeof(buf), "local-memory %s, %d B per lane: %.1f %s per request, about %.0f per warp "
			 "(%s)", op, a->bytes_per_lane, a->sectors, space_unit(a), a->executions, a->pattern);
		break;
	}
	(void)what;
	return ka_strdup(buf);
}

/* The analyzer's findings the model's replace. */
static bool replaced(const struct ka_ufinding *f)
{
	switch (f->rule) {
	case KA_RULE_UNCOALESCED_GLOBAL: case KA_RULE_NARROW_NEIGHBOURS: case KA_RULE_RETIRED_RUNTIME_STRIDE: case KA_RULE_RETIRED_STRIDE_BESIDE_LOOPS: case KA_RULE_RETIRED_SMALL_LAUNCH:
		return true;
	case KA_RULE_ONE_BLOCK_SELECTION: case KA_RULE_ONE_WARP_ONCE:
		return f->access_bytes > 0;
	default:
		return false;
	}
}

static double traffic(const struct ka_mach_access *a)
{
	return (a->space == KA_MACH_SHARED ? a->wavefronts : a->sectors) * a->executions;
}

static int cmp_finding(const void *x, const void *y)
{
	const struct ka_ufinding *a = x, *b = y;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return (int)a->rule - (int)b->rule;
}

/* One site line's accesses of one rule, added up: the request-weighted
 * sectors (wavefronts) and their excess, and the costliest access. */
struct site {
	enum ka_rule rule;
	int line, col;
	bool load;                         /* loads and writes are judged apart */
	double traffic, excess;
	const struct ka_mach_access *worst;
};

static void add_finding(struct ka_ukernel *own, enum ka_rule r, int line, int col, const struct ka_mach_access *a)
{
	own->findings[own->n_findings++] = (struct ka_ufinding){
		.rule = r, .line = line, .col = col, .message = message(r, a), .access_bytes = a->bytes_per_lane,
		.store = a->op == KA_MACH_STORE, .access = a, .owned_message = true};
}

static void decide(struct ka_kernel_result *kr)
{
	const struct ka_ukernel *u = kr->u;
	const struct ka_mach_result *m = kr->accesses;
	struct ka_ukernel *own = ka_xmalloc(sizeof(*own));
	struct site *sites = ka_xcalloc(m->n + 1, sizeof(*sites));
	size_t n_sites = 0;
	*own = *u;
	own->findings = ka_xcalloc(u->n_findings + 2 * m->n + 1, sizeof(*own->findings));
	own->n_findings = 0;
	own->cap_findings = u->n_findings + 2 * m->n + 1;
	for (size_t i = 0; i < u->n_findings; i++)
		if (!replaced(&u->findings[i]))
			own->findings[own->n_findings++] = u->findings[i];   /* message borrowed */
	for (size_t i = 0; i < m->n; i++) {
		const struct ka_mach_access *a = &m->v[i];
		int col, line = site_line(kr->k, a, &col);
		if (!line)
			continue;
		if (a->vector_candidate)
			add_finding(own, KA_RULE_NARROW_NEIGHBOURS, line, col, a);
		enum ka_rule r = line_rule(a);
		struct site *st = NULL;
		for (size_t j = 0; j < n_sites && !st; j++)
			if (sites[j].rule == r && sites[j].line == line && sites[j].load == (a->op == KA_MACH_LOAD))
				st = &sites[j];
		if (!st) {
			st = &sites[n_sites++];
			*st = (struct site){r, line, col, a->op == KA_MACH_LOAD, 0, 0, a};
		}
		st->traffic += traffic(a);
		st->excess += a->excess * a->executions;
		if (a->excess * a->executions > st->worst->excess * st->worst->executions) {
			st->worst = a;
			st->col = col;
		}
	}
	/* a line whose requests need twice their ideal or more: half of what
	 * they move is excess, the line Nsight Compute's "excessive" draws */
	for (size_t j = 0; j < n_sites; j++) {
		const struct site *st = &sites[j];
		if (st->rule == KA_RULE_LOCAL_MEMORY_TRAFFIC || (st->traffic > 0 && st->excess * EXCESS_FACTOR >= st->traffic))
			add_finding(own, st->rule, st->line, st->col, st->worst);
	}
	free(sites);
	qsort(own->findings, own->n_findings, sizeof(*own->findings), cmp_finding);
	kr->u_model = own;
	kr->u = own;
}

/* Kernel result kr's accesses with the threads of a block of `block` (x
 * first) in a grid of `grid` (zeros: the model's default), helpers named
 * as in the source.  0, or -1 when the model cannot read the code. */
static int run_model(const struct ka_kernel_result *kr, const int block[3], const int grid[3],
		     struct ka_mach_result *out)
{
	const struct ka_kernel *k = kr->k;
	struct ka_mach_shape shape = {.block = {block[0], block[1], block[2]}, .grid = {grid[0], grid[1], grid[2]}};
	int rc;
	if (k->model_code_kind == KA_CODE_AMDGPU) {
		/* the arch row's facts: wave size, packed work-item IDs, LDS banks;
		 * global traffic in the 64-byte lines CDNA fetches */
		const struct ka_amd_arch *a = kr->m.amd.arch;
		shape.lanes = k->wave_size > 0 ? k->wave_size : a ? a->default_wave : 64;
		shape.sector_bytes = 64;
		shape.lds_banks = a ? a->lds_banks : 32;
		shape.tid_packed = a && a->tid_packed;
		rc = ka_mach_amdgpu_accesses(k->model_code, strlen(k->model_code), &shape, out);
	} else {
		rc = ka_mach_ptx_accesses(k->model_code, strlen(k->model_code), &shape, out);
		/* PTX's local arrays are ptxas's to place: a kernel compiled with no
		 * stack and no frame has none in local memory (kept in registers,
		 * indexed through a select chain), so its ld/st.local never run */
		if (rc == 0 && k->res.stack == 0 && k->res.local == 0)
			ka_mach_result_drop_space(out, KA_MACH_LOCAL);
	}
	for (size_t j = 0; rc == 0 && j < out->n; j++) {      /* helpers by their source names */
		struct ka_mach_access *a = &out->v[j];
		if (a->callee) {
			char *h = helper_name(a->callee);
			free(a->callee);
			a->callee = h;
		}
	}
	return rc;
}

void ka_model_accesses(struct ka_result *res)
{
	static const int no_grid[3];
	for (size_t i = 0; i < res->n; i++) {
		struct ka_kernel_result *kr = &res->v[i];
		if (!kr->k->model_code || kr->accesses)
			continue;
		int block[3] = {kr->block_dims[0], kr->block_dims[1], kr->block_dims[2]};
		if (block[0] <= 0)
			block[0] = kr->block > 0 ? kr->block : 256, block[1] = block[2] = 1;
		kr->accesses = ka_xcalloc(1, sizeof(*kr->accesses));
		if (run_model(kr, block, no_grid, kr->accesses) == 0 && kr->u)
			decide(kr);
	}
}

struct ka_mach_result *ka_accesses_at(const struct ka_kernel_result *kr, const int block[3], const int grid[3])
{
	if (!kr->k->model_code || block[0] <= 0 || block[1] <= 0 || block[2] <= 0 ||
	    (long)block[0] * block[1] * block[2] > 4096)
		return NULL;
	struct ka_mach_result *out = ka_xcalloc(1, sizeof(*out));
	if (run_model(kr, block, grid, out) != 0) {
		ka_mach_result_free(out);
		free(out);
		return NULL;
	}
	return out;
}

void ka_model_accesses_free(struct ka_kernel_result *kr)
{
	if (kr->u_model) {
		for (size_t i = 0; i < kr->u_model->n_findings; i++)
			if (kr->u_model->findings[i].owned_message)
				free(kr->u_model->findings[i].message);
		free(kr->u_model->findings);
		free(kr->u_model);
		kr->u_model = NULL;
	}
	if (kr->accesses) {
		ka_mach_result_free(kr->accesses);
		free(kr->accesses);
		kr->accesses = NULL;
	}
}
