/* accesses.c — the model's entry point: parse one kernel's PTX, run its
 * representative warps (the first of the block, a middle one, the last:
 * where the block's x-size is not a multiple of 32 the last is partial),
 * and turn what each memory instruction addressed into the per-line
 * accesses of machine.h: sectors or wavefronts per request and their ideal
 * (coalesce.c), the lanes' pattern, gathers, how often each runs and its
 * share of the kernel's traffic, and the neighbouring narrow accesses one
 * vector access would cover. */
#define _GNU_SOURCE
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pc_stat {
	bool seen;
	enum ka_mach_space space;
	enum ka_mach_op op;
	int bytes;
	double events, sectors, ideal, excess, active;
	unsigned tags;
	int origin;
	int64_t first[KA_MACH_MAX_LANES];
	uint64_t first_mask;
	int lanes;
};

struct run_ctx {
	const struct pfunc *f;
	struct pc_stat *st;
	const struct ka_mach_shape *shape;
};

static void on_event(void *vctx, const struct lane_event *e)
{
	struct run_ctx *c = vctx;
	struct pc_stat *s = &c->st[e->pc];
	int ideal = 0, got;
	int banks = c->shape->lds_banks > 0 ? c->shape->lds_banks : 32;
	if (e->space == KA_MACH_SHARED)
		got = ka_mach_wavefronts(e->addr, e->active, e->lanes, e->bytes, banks, &ideal);
	else if (e->space == KA_MACH_LOCAL)
		got = ka_mach_local_lines(e->addr, e->active, e->lanes, e->bytes, c->shape->sector_bytes, &ideal);
	else
		got = ka_mach_lines(e->addr, e->active, e->lanes, e->bytes, c->shape->sector_bytes, &ideal);
	if (!s->seen) {
		s->seen = true;
		s->space = e->space;
		s->op = e->op;
		s->bytes = e->bytes;
		s->origin = -1;
		memcpy(s->first, e->addr, sizeof(int64_t) * (size_t)(e->lanes <= KA_MACH_MAX_LANES ? e->lanes : KA_MACH_MAX_LANES));
		s->first_mask = e->active;
		s->lanes = e->lanes;
	}
	s->events += 1;
	s->sectors += got;
	s->ideal += ideal;
	s->excess += got > ideal ? got - ideal : 0;
	s->active += __builtin_popcountll(e->active);
	s->tags |= e->tag;
	if (e->tag & (TAG_LOADED | TAG_UNKNOWN) && s->origin < 0)
		s->origin = e->origin;
}

/* "lanes 4 B apart", "one address", "16 lanes 4 B apart, rows 4096 B apart" */
static void pattern(const struct pc_stat *s, char *buf, size_t n)
{
	int64_t prev = 0, d = 0, run_d = 0, row = 0;
	int lanes = 0, runs = 1, run_len = 0, first_run = 0;
	bool same = true, two_level = true;
	for (int l = 0; l < s->lanes && l < KA_MACH_MAX_LANES; l++) {
		if (!(s->first_mask >> l & 1))
			continue;
		int64_t x = (int64_t)((uint64_t)s->first[l] - (uint64_t)prev);
		if (lanes == 1)
			d = x;
		else if (lanes > 1 && x != d)
			same = false;
		if (lanes > 0) {
			if (run_len == 0)
				run_d = x, run_len = 1;
			else if (x == run_d)
				run_len++;
			else {
				if (!first_run)
					first_run = run_len + 1;
				else if (run_len + 1 != first_run && run_len != first_run)
					two_level = false;
				if (!row)
					row = x;
				runs++;
				run_len = 0;
			}
		}
		prev = s->first[l];
		lanes++;
	}
	if (lanes <= 1)
		snprintf(buf, n, "one active lane");
	else if (same && d == 0)
		snprintf(buf, n, "one address for all lanes");
	else if (same)
		snprintf(buf, n, "lanes %lld B apart", (long long)d);
	else if (two_level && first_run > 1 && runs > 1)
		snprintf(buf, n, "runs of %d lanes %lld B apart, the runs %lld B apart", first_run, (long long)run_d,
			 (long long)(row + run_d * (first_run - 1)));
	else
		snprintf(buf, n, "irregular");
}

static const char *base_name(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;
	return s ? s + 1 : p ? p : "";
}

/* By file -- its base name first, so the order is the same from any
 * checkout -- line, space, operation. */
static int cmp_access(const void *a, const void *b)
{
	const struct ka_mach_access *x = a, *y = b;
	int c = strcmp(base_name(x->file), base_name(y->file));
	if (!c)
		c = strcmp(x->file ? x->file : "", y->file ? y->file : "");
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->space != y->space)
		return x->space < y->space ? -1 : 1;
	return x->op < y->op ? -1 : x->op > y->op;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

static const char *file_of(const struct pfunc *f, int idx)
{
	return idx >= 0 && idx < f->n_files && f->files[idx] ? f->files[idx] : "";
}

/* The group of (loc, space, op), created on first use. */
static struct ka_mach_access *group(struct ka_mach_result *out, size_t *cap, const struct pfunc *f, int loc,
				    enum ka_mach_space sp, enum ka_mach_op op)
{
	const struct ploc *l = loc >= 0 && (size_t)loc < f->n_locs ? &f->locs[loc] : NULL;
	const char *file = l ? file_of(f, l->file) : "";
	int line = l ? l->line : 0;
	const char *ifile = l && l->inl_line ? file_of(f, l->inl_file) : NULL;
	for (size_t i = 0; i < out->n; i++) {
		struct ka_mach_access *a = &out->v[i];
		if (a->line == line && a->space == sp && a->op == op && strcmp(a->file, file) == 0 &&
		    (a->n_inlined ? ifile && a->inl_line[0] == l->inl_line && strcmp(a->inl_file[0], ifile) == 0
				  : !ifile))
			return a;
	}
	KA_MACH_GROW(out->v, out->n, *cap);
	struct ka_mach_access *a = &out->v[out->n++];
	memset(a, 0, sizeof(*a));
	a->file = strdup(file);
	a->line = line;
	a->col = l ? l->col : 0;
	a->space = sp;
	a->op = op;
	/* the callers, innermost first: this .loc's inlined_at, then each
	 * parent position's */
	for (const struct ploc *c = ifile ? l : NULL; c && c->inl_line && a->n_inlined < KA_MACH_INLINED;
	     c = c->parent && c->parent <= f->n_locs ? &f->locs[c->parent - 1] : NULL) {
		a->inl_file[a->n_inlined] = strdup(file_of(f, c->inl_file));
		a->inl_line[a->n_inlined] = c->inl_line;
		a->inl_col[a->n_inlined] = c->inl_col;
		a->n_inlined++;
	}
	if (l && l->fn >= 0 && (size_t)l->fn < f->n_names)
		a->callee = dup_or_null(f->names[l->fn]);
	a->sectors = a->ideal = a->wavefronts = a->ideal_wavefronts = -1;
	return a;
}

/* Narrow accesses of one line through one base register at offsets 0, b,
 * 2b, ... whose lanes are k*b apart: one k*b-byte vector access covers them. */
static void vector_candidates(const struct pfunc *f, const struct pc_stat *st, const double *w,
			      struct ka_mach_access **grp_of)
{
	for (size_t i = 0; i < f->n; i++) {
		const struct pc_stat *s = &st[i];
		const struct pinsn *in = &f->v[i];
		const struct opd *a = in->op == OP_st ? &in->o[0] : &in->o[1];
		if (!s->seen || !grp_of[i] || s->bytes >= 16 || s->op == KA_MACH_ATOMIC || a->kind != O_ADDR ||
		    a->reg < 0 || s->tags & (TAG_LOADED | TAG_UNKNOWN) || w[i] <= 0)
			continue;
		int l0 = s->first_mask ? __builtin_ctzll(s->first_mask) : 0;
		if (!(s->first_mask >> (l0 + 1) & 1))
			continue;
		int64_t stride = (int64_t)((uint64_t)s->first[l0 + 1] - (uint64_t)s->first[l0]);
		if (stride <= s->bytes || stride % s->bytes || stride > 16)
			continue;
		int k = (int)(stride / s->bytes);
		unsigned have = 0;                    /* offsets present, in units of bytes */
		for (size_t j = 0; j < f->n; j++) {
			const struct pinsn *jn = &f->v[j];
			const struct opd *b = jn->op == OP_st ? &jn->o[0] : &jn->o[1];
			if (!st[j].seen || grp_of[j] != grp_of[i] || st[j].bytes != s->bytes || b->kind != O_ADDR ||
			    b->reg != a->reg)
				continue;
			int64_t off = (int64_t)((uint64_t)st[j].first[l0] - (uint64_t)s->first[l0]);
			if (off >= 0 && off < stride && off % s->bytes == 0)
				have |= 1u << (off / s->bytes);
		}
		if (have == (1u << k) - 1 && k >= 2) {
			grp_of[i]->vector_candidate = true;
			grp_of[i]->vector_bytes = (int)stride;
		}
	}
}

/* Which interpreter runs the representative warps. */
struct runner {
	const struct amd_info *amd;       /* NULL: PTX */
};

static void run_warp(const struct runner *r, const struct pfunc *f, const struct ka_mach_shape *sh, int warp,
		     struct run_ctx *ctx, struct warp_run *wr)
{
	if (r->amd)
		ka_amdgpu_run(f, r->amd, sh, warp, on_event, ctx, wr);
	else
		ka_lanes_run(f, sh, warp, on_event, ctx, wr);
}

static void model(struct pfunc *f_, const struct runner *run, const struct ka_mach_shape *shape,
		  struct ka_mach_result *out)
{
	struct pfunc f = *f_;
	snprintf(out->unsupported, sizeof(out->unsupported), "%s", f.unsupported);
	struct ka_mach_shape sh = *shape;
	for (int k = 0; k < 3; k++)
		if (sh.block[k] <= 0)
			sh.block[k] = 1;
	if (sh.lanes <= 0)
		sh.lanes = KA_MACH_LANES;
	if (sh.sector_bytes <= 0)
		sh.sector_bytes = 32;
	long threads = (long)sh.block[0] * sh.block[1] * sh.block[2];
	int warps = (int)((threads + sh.lanes - 1) / sh.lanes), pick[3] = {0, warps / 2, warps - 1}, n_pick = 0;
	for (int i = 0; i < 3; i++) {
		bool dup = false;
		for (int j = 0; j < n_pick; j++)
			dup |= pick[j] == pick[i];
		if (!dup && pick[i] >= 0)
			pick[n_pick++] = pick[i];
	}
	struct pc_stat *st = calloc(f.n + 1, sizeof(*st));
	struct warp_run wr = {.executions = calloc(f.n + 1, sizeof(double)), .loop_default = calloc(f.n + 1, sizeof(bool))};
	struct ka_mach_access **grp_of = calloc(f.n + 1, sizeof(*grp_of));
	double *traffic = calloc(f.n + 1, sizeof(double));
	if (!st || !wr.executions || !wr.loop_default || !grp_of || !traffic)
		abort();
	struct run_ctx ctx = {&f, st, &sh};
	for (int i = 0; i < n_pick; i++)
		run_warp(run, &f, &sh, pick[i], &ctx, &wr);
	out->warps = n_pick;
	out->budget_hit = wr.budget_hit;
	if (!out->unsupported[0] && wr.opaque[0])
		snprintf(out->unsupported, sizeof(out->unsupported), "%s", wr.opaque);

	/* per instruction, then per group */
	size_t cap = 0;
	double space_total[3] = {0};
	double *sum_w = calloc(f.n + 1, sizeof(double));
	if (!sum_w)
		abort();
	for (size_t i = 0; i < f.n; i++) {
		struct pc_stat *s = &st[i];
		if (!s->seen || s->events <= 0)
			continue;
		struct ka_mach_access *a = group(out, &cap, &f, f.v[i].loc, s->space, s->op);
		(void)a;
	}
	/* pointers are stable now: out->v is not grown below */
	for (size_t i = 0; i < f.n; i++) {
		struct pc_stat *s = &st[i];
		if (!s->seen || s->events <= 0)
			continue;
		struct ka_mach_access *a = group(out, &cap, &f, f.v[i].loc, s->space, s->op);
		a->unit_bytes = sh.sector_bytes;
		a->lanes = sh.lanes;
		a->amdgpu = run->amd != NULL;
		double e = wr.executions[i] / n_pick, per = s->sectors / s->events, ideal = s->ideal / s->events;
		if (e <= 0)
			e = s->events / n_pick;
		grp_of[i] = a;
		bool found = false;
		for (int k = 0; k < a->n_insn; k++)
			found |= strcmp(a->insn[k], f.v[i].text) == 0;
		if (!found && a->n_insn < KA_MACH_INSNS)
			snprintf(a->insn[a->n_insn++], sizeof(a->insn[0]), "%s", f.v[i].text);
		a->n_instructions++;
		if (s->bytes > a->bytes_per_lane)
			a->bytes_per_lane = s->bytes;
		double *got = s->space == KA_MACH_SHARED ? &a->wavefronts : &a->sectors;
		double *want = s->space == KA_MACH_SHARED ? &a->ideal_wavefronts : &a->ideal;
		if (*got < 0)
			*got = 0, *want = 0;
		*got += per * e;
		*want += ideal * e;
		a->excess += s->excess / s->events * e;
		a->active_lanes += s->active / s->events * e;
		a->executions += e;
		a->loop_default |= wr.loop_default[i];
		if (s->tags & (TAG_LOADED | TAG_UNKNOWN)) {
			a->gather = true;
			if (s->origin >= 0 && (size_t)s->origin < f.n_locs && !a->gather_line)
				a->gather_line = f.locs[s->origin].line;
			if (!a->pattern[0])
				snprintf(a->pattern, sizeof(a->pattern), "%s",
					 s->tags & TAG_LOADED ? "gather: the address comes from a loaded value"
							      : "the address goes through values the model does not follow");
		} else if (!a->pattern[0]) {
			pattern(s, a->pattern, sizeof(a->pattern));
		}
		traffic[i] = per * e;
		space_total[s->space] += per * e;
		sum_w[i] = e;
	}
	for (size_t i = 0; i < out->n; i++) {
		struct ka_mach_access *a = &out->v[i];
		double e = a->executions > 0 ? a->executions : 1;
		double *got = a->space == KA_MACH_SHARED ? &a->wavefronts : &a->sectors;
		double *want = a->space == KA_MACH_SHARED ? &a->ideal_wavefronts : &a->ideal;
		double t = *got;
		*got /= e;
		*want /= e;
		a->excess /= e;
		a->active_lanes /= e;
		a->share = space_total[a->space] > 0 ? t / space_total[a->space] : 0;
	}
	vector_candidates(&f, st, sum_w, grp_of);
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), cmp_access);
	free(sum_w);
	free(st);
	free(wr.executions);
	free(wr.loop_default);
	free(grp_of);
	free(traffic);
}

int ka_mach_ptx_accesses(const char *ptx, size_t len, const struct ka_mach_shape *shape, struct ka_mach_result *out)
{
	struct pfunc f;
	struct runner run = {NULL};
	memset(out, 0, sizeof(*out));
	if (!ptx || ka_ptx_parse(ptx, len, &f) != 0) {
		ka_ptx_free(&f);
		return -1;
	}
	model(&f, &run, shape, out);
	ka_ptx_free(&f);
	return 0;
}

int ka_mach_amdgpu_accesses(const char *text, size_t len, const struct ka_mach_shape *shape, struct ka_mach_result *out)
{
	struct pfunc f;
	struct amd_info info;
	memset(out, 0, sizeof(*out));
	if (!text || ka_amdgpu_parse(text, len, &f, &info) != 0) {
		ka_ptx_free(&f);
		ka_amdgpu_info_free(&info);
		return -1;
	}
	struct runner run = {&info};
	struct ka_mach_shape sh = *shape;
	if (sh.lanes <= 0)
		sh.lanes = info.wave32 ? 32 : 64;
	if (sh.sector_bytes <= 0)
		sh.sector_bytes = 64;
	model(&f, &run, &sh, out);
	ka_ptx_free(&f);
	ka_amdgpu_info_free(&info);
	return 0;
}

static void access_free(struct ka_mach_access *a)
{
	free(a->file);
	for (int k = 0; k < a->n_inlined; k++)
		free(a->inl_file[k]);
	free(a->callee);
}

void ka_mach_result_drop_space(struct ka_mach_result *r, enum ka_mach_space s)
{
	size_t kept = 0;
	for (size_t i = 0; i < r->n; i++) {
		if (r->v[i].space == s)
			access_free(&r->v[i]);
		else
			r->v[kept++] = r->v[i];
	}
	r->n = kept;
}

void ka_mach_result_free(struct ka_mach_result *r)
{
	for (size_t i = 0; i < r->n; i++)
		access_free(&r->v[i]);
	free(r->v);
	memset(r, 0, sizeof(*r));
}
