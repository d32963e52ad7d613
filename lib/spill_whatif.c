/* spill_whatif.c — "a register limit the launch allows would remove the
 * spill": a kernel whose ptxas spilled under a register cap (its
 * __launch_bounds__, a -maxrregcount) below what its modelled launch
 * needs is compiled again at the most registers that launch allows
 * (-maxrregcount=R with ptxas's --override-directive-values, so the launch
 * bounds yield), and the variant is measured: its registers, spill bytes and
 * blocks per SM at the same launch.  Where the spill shrinks, the result
 * gets the variant as a what-if ("regs=R (launch)") and the finding KA117
 * at the kernel's line, with the trade in numbers (Halide's CUDA backend
 * took such a cap off by hand: 0.314 -> 0.233 ms).  One extra compile per
 * file and cap, and only where a spill exists.  A spill no limit of the
 * launch removes is local-memory traffic, KA116 at the kernel's line.
 *
 *   __launch_bounds__(1024), launched with 128 threads, sm_90:
 *   ptxas caps at 64 registers and spills 16 B; the launch allows 255
 *   (255 x 128 fits the 64 Ki registers of an SM once): recompiled, 96
 *   registers, no spill, 5 blocks/SM where 8 were. */
#include "lib.h"
#include "occupancy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most registers per thread at which the launch still runs a block. */
static int launch_regs(const struct ka_kernel_result *kr)
{
	const struct ka_nv_arch *a = kr->m.nv.arch;
	struct ka_occupancy occ;
	for (int r = a->max_regs_per_thread; r > 0; r--) {
		struct ka_nv_launch in = kr->m.nv.launch;
		in.regs = r;
		if (ka_occ_nvidia(a, &in, &occ) == 0 && occ.blocks_per_sm >= 1)
			return r;
	}
	return 0;
}

static bool spills(const struct ka_kernel_result *kr);

static bool wanted(const struct ka_kernel_result *kr)
{
	return spills(kr) && launch_regs(kr) > kr->k->res.regs;
}

/* The recompile of (file, regs), made once. */
static const struct ka_kernel_list *variant_list(struct ka_run *run, struct ka_session *s, const char *file, int regs,
						  struct ka_diag *d, char (*keys)[600])
{
	char key[600];
	snprintf(key, sizeof(key), "%d:%s", regs, file);
	for (int i = 0; i < s->n_spill_variants; i++)
		if (strcmp(keys[i], key) == 0)
			return &s->spill_variants[i];
	const struct ka_frontend *fe = ka_input_decided(run, file, run->req->lang);
	if (!fe || !fe->recompile_capped)
		return NULL;
	struct ka_what_spec w = {.kind = KA_WHAT_REGS, .value = regs, .override_bounds = true};
	snprintf(w.text, sizeof(w.text), "regs=%d (launch)", regs);
	KA_GROW(s->spill_variants, (size_t)s->n_spill_variants, s->cap_spill_variants, 4);
	struct ka_kernel_list *l = &s->spill_variants[s->n_spill_variants];
	memset(l, 0, sizeof(*l));
	snprintf(keys[s->n_spill_variants++], 600, "%s", key);
	if (fe->recompile_capped(file, &w, run, d, l) != KA_EXIT_OK)
		return NULL;
	return l;
}

/* A finding at the kernel's line, in line order after those of its line. */
static void insert_finding(struct ka_ukernel *u, enum ka_rule rule, int line, const char *message)
{
	KA_GROW(u->findings, u->n_findings, u->cap_findings, 4);
	size_t at = 0;
	while (at < u->n_findings && u->findings[at].line <= line)
		at++;
	memmove(&u->findings[at + 1], &u->findings[at], (u->n_findings - at) * sizeof(*u->findings));
	u->findings[at] = (struct ka_ufinding){.rule = rule, .line = line, .col = 1, .message = ka_strdup(message),
					       .owned_message = true};
	u->n_findings++;
}

static void add_finding(struct ka_kernel_result *kr, const struct ka_what_if *w, int regs)
{
	struct ka_ukernel *u = kr->u_model;
	const struct ka_kernel *k = kr->k;
	char buf[512];
	if (!u || k->line <= 0)
		return;
	snprintf(buf, sizeof(buf),
		 "ptxas spills %ld B (%ld stored, %ld loaded) at %ld registers, a cap below what this launch of %d "
		 "threads allows: compiled with -maxrregcount=%d and ptxas --override-directive-values, %ld registers "
		 "and %ld B of spills, %d blocks/SM where %d were (occupancy %.1f %% -> %.1f %%; measured by "
		 "the recompile, modelled at this launch)",
		 ka_spill_bytes(k->res.spill_stores, k->res.spill_loads), k->res.spill_stores, k->res.spill_loads,
		 k->res.regs, kr->block, regs, w->regs, ka_spill_bytes(w->spill_stores, w->spill_loads),
		 w->occ.blocks_per_sm, kr->occ.blocks_per_sm, 100.0 * kr->occ.occupancy, 100.0 * w->occ.occupancy);
	insert_finding(u, KA_RULE_SPILL_UNDER_CAP, k->line, buf);
}

/* Whether the census line holds the kernel's STL (load: LDL). */
static bool local_at(const struct ka_sass_line *l, bool load)
{
	return l->line > 0 && (load ? l->local_loads : l->local_stores) > 0;
}

/* With --sass, the source lines of the kernel's file where its STL and LDL
 * are ("; STL at lines 12, 15; LDL at line 19"), at most six of each;
 * nothing without the census or its line table. */
static void local_lines(const struct ka_kernel *k, char *buf, size_t n)
{
	const struct ka_sass *s = k->sass;
	size_t at = strlen(buf);
	for (int load = 0; s && s->file && load < 2; load++) {
		int total = 0, shown = 0;
		for (size_t i = 0; i < s->n_lines; i++)
			total += local_at(&s->lines[i], load);
		if (total == 0 || at >= n)
			continue;
		at += (size_t)snprintf(buf + at, n - at, "; %s at line%s ", load ? "LDL" : "STL", total > 1 ? "s" : "");
		for (size_t i = 0; i < s->n_lines && shown < 6 && at < n; i++)
			if (local_at(&s->lines[i], load))
				at += (size_t)snprintf(buf + at, n - at, "%s%d", shown++ ? ", " : "", s->lines[i].line);
		if (total > shown && at < n)
			at += (size_t)snprintf(buf + at, n - at, " and %d more", total - shown);
	}
}

/* A spill no register limit of the launch removes: local-memory traffic,
 * KA116 at the kernel's line with ptxas's bytes (and, with --sass, the
 * lines its STL and LDL are at). */
static void spill_note(struct ka_kernel_result *kr)
{
	struct ka_ukernel *u = kr->u_model;
	const struct ka_kernel *k = kr->k;
	char buf[600];
	if (!u || k->line <= 0)
		return;
	for (size_t i = 0; i < u->n_findings; i++)
		if (u->findings[i].rule == KA_RULE_SPILL_UNDER_CAP && u->findings[i].line == k->line)
			return;
	snprintf(buf, sizeof(buf), "local-memory traffic from spills: ptxas spills %ld B of registers (%ld stored, %ld loaded) "
		 "at %ld registers, %s", ka_spill_bytes(k->res.spill_stores, k->res.spill_loads), k->res.spill_stores,
		 k->res.spill_loads, k->res.regs,
		 launch_regs(kr) > k->res.regs ? "and the most registers this launch allows do not remove them"
						: "the most this launch of its block allows");
	local_lines(k, buf, sizeof(buf));
	insert_finding(u, KA_RULE_LOCAL_MEMORY_TRAFFIC, k->line, buf);
}

static bool spills(const struct ka_kernel_result *kr)
{
	const struct ka_kernel *k = kr->k;
	return k->vendor == KA_VENDOR_NVIDIA && kr->has_source && kr->m.nv.arch && k->res.regs != KA_UNSET &&
	       (k->res.spill_stores > 0 || k->res.spill_loads > 0);
}

void ka_spill_what_ifs(struct ka_run *run, struct ka_session *s, struct ka_result *res, struct ka_diag *d)
{
	char (*keys)[600] = NULL;
	size_t cap_keys = 0;
	for (size_t i = 0; i < res->n; i++) {
		struct ka_kernel_result *kr = &res->v[i];
		if (spills(kr) && !wanted(kr))
			spill_note(kr);
		if (!wanted(kr))
			continue;
		int regs = launch_regs(kr);
		KA_GROW(keys, (size_t)s->n_spill_variants, cap_keys, 4);
		const struct ka_kernel_list *l = variant_list(run, s, kr->k->file, regs, d, keys);
		const struct ka_kernel *v = ka_whatif_variant(l, kr->k);
		if (!v || v->res.regs == KA_UNSET)
			continue;
		struct ka_what_if *more = ka_what_ifs_new(kr->n_what_if + 1);
		if (kr->n_what_if)
			memcpy(more, kr->what_if, (size_t)kr->n_what_if * sizeof(*more));
		free(kr->what_if);
		kr->what_if = more;
		struct ka_what_if *w = &kr->what_if[kr->n_what_if++];
		struct ka_nv_launch in = kr->m.nv.launch;
		snprintf(w->what, sizeof(w->what), "regs=%d (launch)", regs);
		w->regs = v->res.regs;
		w->spill_stores = v->res.spill_stores;
		w->spill_loads = v->res.spill_loads;
		w->block = kr->block;
		w->smem_dynamic = kr->smem_dynamic;
		in.regs = (int)v->res.regs;
		in.smem += v->res.static_smem - kr->k->res.static_smem;
		ka_occ_nvidia(kr->m.nv.arch, &in, &w->occ);
		if (ka_spill_bytes(w->spill_stores, w->spill_loads) <
		    ka_spill_bytes(kr->k->res.spill_stores, kr->k->res.spill_loads))
			add_finding(kr, w, regs);
		else
			spill_note(kr);
	}
	free(keys);
}
