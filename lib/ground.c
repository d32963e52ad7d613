/* ground.c — every finding set beside the machine code of its line.  A
 * finding is a claim about the machine: a template-parameter candidate
 * needs a call that survived, a redundant broadcast a SHFL that survived, a
 * lane selection the conditional branch of its line.  Where the machine
 * code contradicts the claim (no CALL: the function was inlined and its
 * constant folded; no SHFL: the compiler dropped the broadcast) the finding
 * is not reported; JSON keeps it with why.  The memory-access findings are
 * the warp address model's (lib/accesses.c): their ground is the access
 * they were decided on -- its instructions, sectors or wavefronts per
 * request, their ideal, and its share of the kernel's traffic. */
#include "lib.h"

#include "machine.h"

#include <stdio.h>
#include <string.h>

enum check { C_NONE, C_CALL, C_SHUFFLE, C_BRANCH, C_READ_ONLY, C_MODEL };

/* What each rule claims about its line's machine code: rules.def's claim
 * column (KA112 and KA113 may be a selection or an access: their code is
 * named, not judged). */
static const enum check claims[KA_RULE_COUNT] = {
#define KA_RULE(id, name, sev, claim, memory, title, why, silence) [KA_RULE_##name] = C_##claim,
#include "rules.def"
#undef KA_RULE
};

static enum check check_of(enum ka_rule r)
{
	return r >= 0 && r < KA_RULE_COUNT ? claims[r] : C_NONE;
}

static const char *base_name(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;
	return s ? s + 1 : p ? p : "";
}

/* The machine line of (file, line); *in_file: the kernel has code in that file. */
static const struct ka_mline *mline_find(const struct ka_machine *m, const char *file, int line, bool *in_file)
{
	const char *b = base_name(file);
	const struct ka_mline *hit = NULL;
	*in_file = false;
	for (size_t i = 0; i < m->n; i++)
		if (strcmp(base_name(m->lines[i].file), b) == 0) {
			*in_file = true;
			if (m->lines[i].line == line)
				hit = &m->lines[i];
		}
	return hit;
}

/* What the check read, as the messages name it. */
static const char *code_of(const struct ka_machine *m)
{
	static const char *const names[] = {[KA_CODE_PTX] = "PTX", [KA_CODE_SASS] = "SASS", [KA_CODE_AMDGPU] = "AMDGPU"};
	return names[m->code];
}

/* Whether the code's line table says which line an inlined function was
 * inlined at (SASS's chains, PTX's inlined_at): then an intrinsic's
 * instruction written in a header counts at the user's line too.  AMDGPU
 * assembly's .loc gives the innermost position alone. */
static bool chains(const struct ka_machine *m)
{
	return m->code != KA_CODE_AMDGPU;
}

/* A line's global loads and stores in words (KA105's read-only load). */
static void describe(const struct ka_machine *m, const struct ka_mline *l, char *buf, size_t n)
{
	int k = l->loads + l->stores;
	snprintf(buf, n, "%s: %d global %s (%s%s, %d-bit)%s", code_of(m), k,
		 l->loads && l->stores ? "loads and stores" : l->loads ? (k > 1 ? "loads" : "load")
								     : (k > 1 ? "stores" : "store"),
		 l->op, k > 1 ? "..." : "", l->width_bits,
		 l->loop_depth ? " in a loop" : ", outside any loop");
}

static void ground_one(const struct ka_kernel_result *kr, const struct ka_ufinding *f, struct ka_finding_ground *g)
{
	const struct ka_machine *m = kr->k->machine;
	const char *file = kr->k->def_file ? kr->k->def_file : kr->k->file;
	bool in_file;
	char what[128];

	g->sectors = g->ideal = -1;
	g->share = -1;
	enum check c = check_of(f->rule);
	if (c == C_MODEL && f->access) {        /* decided by the machine model: its facts */
		const struct ka_mach_access *a = f->access;
		bool shared = a->space == KA_MACH_SHARED;
		g->verdict = KA_MACHINE_CONFIRMED;
		g->sectors = (int)(0.5 + (shared ? a->wavefronts : a->sectors));
		g->ideal = (int)(0.5 + (shared ? a->ideal_wavefronts : a->ideal));
		g->share = a->share;
		ka_model_describe(a, g->machine, sizeof(g->machine));
		return;
	}
	if (c == C_MODEL)                       /* the model's, with no access: a spill's note */
		return;
	if (!m || !m->listed)
		return;
	const struct ka_mline *l = mline_find(m, file, f->line, &in_file);
	switch (c) {
	case C_CALL:
		if (m->calls == 0) {
			g->verdict = KA_MACHINE_CONTRADICTED;
			snprintf(g->machine, sizeof(g->machine), "%s: no call in the kernel: the function is inlined at "
				 "every call and its constant argument already folded", code_of(m));
		} else {
			g->verdict = KA_MACHINE_CONFIRMED;
			snprintf(g->machine, sizeof(g->machine), "%s: %d call%s in the kernel", code_of(m), m->calls,
				 m->calls == 1 ? "" : "s");
		}
		return;
	case C_SHUFFLE:
		if (!in_file)
			return;
		if ((!l || l->shuffles == 0) && !chains(m) && m->shuffles > 0)
			return;        /* as for an access: unchecked */
		if (!l || l->shuffles == 0) {
			g->verdict = KA_MACHINE_CONTRADICTED;
			snprintf(g->machine, sizeof(g->machine), "%s: no shuffle at line %d: the compiler already "
				 "dropped the broadcast", code_of(m), f->line);
		} else {
			g->verdict = KA_MACHINE_CONFIRMED;
			snprintf(g->machine, sizeof(g->machine), "%s: %d shuffle%s at line %d", code_of(m), l->shuffles,
				 l->shuffles == 1 ? "" : "s", f->line);
		}
		return;
	case C_READ_ONLY:        /* __ldg on const __restrict__: the read-only load is there */
		if (!in_file || !l || l->loads == 0)
			return;
		describe(m, l, what, sizeof(what));
		if (strstr(l->op, ".nc") || strstr(l->op, "CONSTANT")) {
			g->verdict = KA_MACHINE_CONFIRMED;
			snprintf(g->machine, sizeof(g->machine), "%s: the read-only path, as the pointer alone gives it",
				 what);
		} else {
			snprintf(g->machine, sizeof(g->machine), "%s", what);
		}
		return;
	case C_MODEL:            /* not reached: decided above */
	case C_BRANCH:           /* a selection or guard that divides the warp: its branch */
	case C_NONE:             /* no claim to check: the line's code, named */
		if (!in_file || !l || l->insns == 0)
			return;
		snprintf(g->machine, sizeof(g->machine), "%s at line %d: %d instruction%s, %d conditional branch%s",
			 code_of(m), f->line, l->insns, l->insns == 1 ? "" : "s", l->branches,
			 l->branches == 1 ? "" : "es");
		if (check_of(f->rule) == C_BRANCH && l->branches > 0)
			g->verdict = KA_MACHINE_CONFIRMED;   /* none: predicated, not contradicted */
		return;
	}
}

void ka_ground_findings(struct ka_result *res)
{
	for (size_t k = 0; k < res->n; k++) {
		struct ka_kernel_result *kr = &res->v[k];
		const struct ka_ukernel *u = kr->u;
		if (!u || !u->n_findings || ((!kr->k->machine || !kr->k->machine->listed) && !kr->accesses))
			continue;
		kr->ground = ka_xcalloc(u->n_findings, sizeof(*kr->ground));
		for (size_t i = 0; i < u->n_findings; i++)
			ground_one(kr, &u->findings[i], &kr->ground[i]);
	}
}

const char *ka_verdict_name(enum ka_machine_verdict v)
{
	static const char *const names[] = {[KA_MACHINE_UNCHECKED] = NULL, [KA_MACHINE_CONFIRMED] = "confirmed",
					    [KA_MACHINE_CONTRADICTED] = "contradicted"};
	return v >= KA_MACHINE_UNCHECKED && v <= KA_MACHINE_CONTRADICTED ? names[v] : NULL;
}

bool ka_finding_contradicted(const struct ka_kernel_result *kr, size_t i)
{
	return kr->ground && kr->ground[i].verdict == KA_MACHINE_CONTRADICTED;
}

/* Below this share of its kernel's estimated global sectors an access
 * warning is shown as info: the same 5 % a line must carry of its kernel's
 * sectors to count as a miss of `kanalyze verify --profile` (bench/heldout:
 * the strided accesses that run once per thread beside the kernel's loops
 * measured 0.1 % of their kernels' sectors). */
#define KA_SHARE_SHOWN 0.05

int ka_finding_shown_level(const struct ka_kernel_result *kr, size_t i)
{
	static const char *const levels[] = {"info", "note", "warning"};
	const char *sev = ka_rule_severity(kr->u->findings[i].rule);
	int level = 1;
	for (int l = 0; sev && l < 3; l++)
		if (strcmp(sev, levels[l]) == 0)
			level = l;
	const struct ka_finding_ground *g = kr->ground ? &kr->ground[i] : NULL;
	return level == 2 && g && g->share >= 0 && g->share < KA_SHARE_SHOWN ? 0 : level;
}
