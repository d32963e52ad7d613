/* ground.c — every finding set beside the machine code of its line.  A
 * finding is a claim about the machine: an uncoalesced access names the
 * global loads and stores its line compiled to, a template-parameter
 * candidate needs a call that survived, a redundant broadcast a SHFL that
 * survived.  Where the machine code contradicts the claim (no global access
 * at the line: the compiler reused a value; no CALL: the function was
 * inlined and its constant folded; the accesses already 64 or 128 bits
 * wide) the finding is not reported; JSON keeps it with why.
 *
 * Access findings also get a cost, the CUDA C++ Best Practices Guide's
 * arithmetic of 32-byte sectors: 32 lanes reading w bytes each, d bytes
 * apart, request max(d, w) sectors when d < 32 and 32 per 32 bytes of w
 * otherwise, where w would do (a float at d = 8: 8 where 4 would do; at
 * d >= 32: 32).  Weighted by the loops of the machine code around them
 * (each loop counted as 16 trips, at most three deep) and set against every
 * global instruction of the kernel weighted alike, that excess is the
 * site's share of the kernel's global sectors -- an estimate, checked
 * against Nsight Compute's per-line counters by `kanalyze verify
 * --profile` and bench/heldout. */
#include "lib.h"

#include "machine.h"

#include <stdio.h>
#include <string.h>

enum check { C_NONE, C_ACCESS, C_VECTOR, C_CALL, C_SHUFFLE, C_BRANCH, C_READ_ONLY, C_MODEL };

/* What each rule claims about its line's machine code: rules.def's claim
 * column (KA112 and KA113 may be a selection or an access: their code is
 * named, not judged). */
static const enum check claims[KA_RULE_COUNT] = {
#define KA_RULE(id, sev, claim, memory, title, why, silence) [KA_RULE_##id] = C_##claim,
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

/* 16 trips a loop, at most three deep: an estimate's weight. */
static double weight(int depth)
{
	double w = 1;
	for (int i = 0; i < depth && i < 3; i++)
		w *= 16;
	return w;
}

static int ideal_sectors(int bytes)
{
	return bytes > 0 ? bytes : 4;     /* 32 lanes x bytes / 32-byte sectors */
}

static int request_sectors(int lane_bytes, int bytes)
{
	int w = bytes > 0 ? bytes : 4;
	if (lane_bytes <= 0 || lane_bytes >= 32)     /* a runtime distance: as if far apart */
		return 32 * ((w + 31) / 32);
	return lane_bytes > w ? lane_bytes : w;
}

/* The kernel's global sectors as if every access were coalesced. */
static double kernel_sectors(const struct ka_machine *m)
{
	double t = 0;
	for (size_t i = 0; i < m->n; i++) {
		const struct ka_mline *l = &m->lines[i];
		t += l->own * ideal_sectors(l->width_bits / 8) * weight(l->loop_depth);
	}
	return t;
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

static void describe(const struct ka_machine *m, const struct ka_mline *l, char *buf, size_t n)
{
	int k = l->loads + l->stores;
	snprintf(buf, n, "%s: %d global %s (%s%s, %d-bit)%s", code_of(m), k,
		 l->loads && l->stores ? "loads and stores" : l->loads ? (k > 1 ? "loads" : "load")
								     : (k > 1 ? "stores" : "store"),
		 l->op, k > 1 ? "..." : "", l->width_bits,
		 l->loop_depth ? " in a loop" : ", outside any loop");
}

static void ground_one(const struct ka_kernel_result *kr, const struct ka_ufinding *f, size_t same_line,
		       double total, struct ka_finding_ground *g)
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
	if (c == C_MODEL)                       /* no model ran (AMDGPU): the line's code checks it */
		c = f->rule == KA_RULE_KA109 ? C_VECTOR : C_ACCESS;
	if (!m || !m->listed)
		return;
	const struct ka_mline *l = mline_find(m, file, f->line, &in_file);
	switch (c) {
	case C_ACCESS:
		if (!in_file)
			return;
		if ((!l || l->loads + l->stores == 0) && !chains(m) && m->global_accesses > 0)
			return;        /* it may be inside a header function inlined here, which
			                  AMDGPU assembly does not say: unchecked */
		if (!l || l->loads + l->stores == 0) {
			g->verdict = KA_MACHINE_CONTRADICTED;
			snprintf(g->machine, sizeof(g->machine), "%s: no global load or store at line %d: the compiler "
				 "reuses a value loaded elsewhere", code_of(m), f->line);
			return;
		}
		describe(m, l, what, sizeof(what));
		/* of the access's own kind, when its shape says which */
		int narrow = f->access_bytes <= 0 ? (l->load_bits > l->store_bits ? l->load_bits : l->store_bits)
			     : f->store ? l->store_bits : l->load_bits;
		if (narrow == 0) {
			g->verdict = KA_MACHINE_CONTRADICTED;
			snprintf(g->machine, sizeof(g->machine), "%s: no global %s at line %d: the compiler %s",
				 code_of(m), f->store ? "store" : "load", f->line,
				 f->store ? "writes the value elsewhere" : "reuses a value loaded elsewhere");
			return;
		}
		if (f->lane_bytes > 0 && narrow / 8 >= f->lane_bytes) {
			/* every access of the line reads a lane's whole span: the
			 * compiler merged the neighbouring elements (x[2*i] and
			 * x[2*i+1] as one LDG.E.64, p[i].x..w as one LDG.E.128) */
			g->verdict = KA_MACHINE_CONTRADICTED;
			snprintf(g->machine, sizeof(g->machine), "%s: each lane's access is as wide as the %d bytes "
				 "between lanes, so the warp's accesses are contiguous", what, f->lane_bytes);
			return;
		}
		g->verdict = KA_MACHINE_CONFIRMED;
		if (f->access_bytes > 0) {
			double n = (double)(l->loads + l->stores) / (double)(same_line ? same_line : 1);
			g->sectors = request_sectors(f->lane_bytes, f->access_bytes);
			g->ideal = ideal_sectors(f->access_bytes);
			double excess = (g->sectors - g->ideal) * n * weight(l->loop_depth);
			g->share = total + excess > 0 ? excess / (total + excess) : 0;
			snprintf(g->machine, sizeof(g->machine), "%s; about %d sectors per request where %d would do%s, "
				 "~%.0f%% of the kernel's global sectors (estimated)", what, g->sectors, g->ideal,
				 f->lane_bytes > 0 ? "" : " if the stride is large", 100 * g->share);
		} else {
			snprintf(g->machine, sizeof(g->machine), "%s", what);
		}
		return;
	case C_VECTOR:
		if (!in_file || !l || l->loads + l->stores == 0)
			return;
		describe(m, l, what, sizeof(what));
		g->verdict = l->width_bits >= 64 ? KA_MACHINE_CONTRADICTED : KA_MACHINE_CONFIRMED;
		snprintf(g->machine, sizeof(g->machine), "%s%s", what,
			 l->width_bits >= 64 ? ": the compiler already merged them into vector accesses" : "");
		return;
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
		double total = kr->k->machine ? kernel_sectors(kr->k->machine) : 0;
		kr->ground = ka_xcalloc(u->n_findings, sizeof(*kr->ground));
		for (size_t i = 0; i < u->n_findings; i++) {
			size_t same = 0;           /* access findings sharing the line's instructions */
			for (size_t j = 0; j < u->n_findings; j++)
				same += u->findings[j].line == u->findings[i].line && u->findings[j].access_bytes > 0;
			ground_one(kr, &u->findings[i], same, total, &kr->ground[i]);
		}
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
