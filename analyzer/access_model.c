/* access_model.c — the memory-access model of the findings walk: for each
 * global access findings.c meets, the distance between consecutive lanes'
 * addresses (a constant lane stride from the lattice, or the terms of an
 * index whose stride is known only at run time), the 32-byte sectors a
 * warp's request then fetches against what it uses, the loops around it
 * (constant counters whose values cover a stride) and how often it runs
 * beside the kernel's work.  It reports KA107 (uncoalesced), KA109 (narrow
 * accesses a vector one would do), KA110 (arrays of structures) and the
 * relabellings KA111-KA114 (once per thread, per trip, in a branch few
 * threads run, in a small launch).  Expects the values uniformity.c left on
 * the nodes; writes findings only, never a value. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* KA107: a global access whose lane stride is not 1 -- unless the same
 * thread's accesses at neighbouring offsets cover the stride:
 * x[ix + 0] and x[ix + 1] at lane stride 2 (ggml's rope), or x[4*i + k]
 * for k = 0..3 in a constant loop (llm.c's attention_forward), read every
 * element of the warp's span, so its traffic is contiguous; what remains
 * is s narrow loads where one vector load would do: KA109, an "info" hint.
 * So a strided access is noted here and judged at the end of the kernel's
 * walk (resolve_strided), when every access of its function is known. */
/* Bytes of what a pointer-typed expression points at (0: unknown). */
static long long pointee_size(CXCursor e)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(e));
	long long n;
	if (t.kind != CXType_Pointer)
		return 0;
	n = clang_Type_getSizeOf(clang_getCanonicalType(clang_getPointeeType(t)));
	return n > 0 ? n : 0;
}

/* The element the lane stride of a pointer expression is counted in: the
 * pointee of the innermost pointer under its casts (nv12's *(uint32_t *)p
 * with p a byte pointer: bytes, while the access reads 4). */
static long long stride_unit(CXCursor p)
{
	long long inner = pointee_size(ka_strip(p));
	return inner > 0 ? inner : pointee_size(p);
}

/* A sector is 32 bytes: lanes `stride` elements of `size` bytes apart
 * waste at most 32 / size of every sector they fetch (R1's float stride 2:
 * 2x; a stride of 1024 floats: 8x, not 1024x). */
static int sector_waste(int stride, long long size)
{
	int s = stride < 0 ? -stride : stride;
	long long cap = size > 0 ? (32 + size - 1) / size : 8;
	return s < cap ? s : (int)cap;
}

/* Outside every loop of the kernel's own body while the kernel (or what it
 * calls) loops: the access runs once per thread, a one-time cost beside the
 * work (NVIDIA's scan gathers one element per segment; a naive GEMM's C
 * store after its K loop; ggml's solve_tri reads B once, then works in
 * shared memory).  Accesses in called functions count as looped: the call
 * may sit in a loop. */
static enum ka_once once_here(const struct ka_walk *w)
{
	const struct ka_ushape *sh = &w->an->shape;
	if (w->fn != 0)
		return KA_ONCE_NOT;
	if (w->loop_depth == 0 && sh->threads > 0 && sh->threads <= KA_SMALL_LAUNCH_THREADS)
		return KA_ONCE_SMALL_LAUNCH;
	if (w->loop_depth == 0)
		return w->looped_global ? KA_ONCE_PER_THREAD : KA_ONCE_NOT;
	return w->inner_work ? KA_ONCE_PER_TRIP : KA_ONCE_NOT;
}

/* The rule a costly global access is reported under, decided here alone:
 * in a branch few threads run, that branch's rule (KA112: one block of
 * the grid; KA113: at most one warp of each block, once); else, when it
 * runs once beside the kernel's work, KA114 (every launch small) or KA111
 * (once per thread, or per trip of a loop around the work loop); else
 * KA107.  Which branch counts is ka_few_here's answer (KA113's only where
 * nothing repeats the access); an access noted for the end of the walk
 * keeps the few and once of where it stood. */
static enum ka_rule access_rule(const struct ka_few *few, enum ka_once once)
{
	if (few->rule != KA_RULE_NONE)
		return few->rule;
	if (once == KA_ONCE_SMALL_LAUNCH)
		return KA_RULE_KA114;
	return once != KA_ONCE_NOT ? KA_RULE_KA111 : KA_RULE_KA107;
}

/* Whether the rule is a branch few threads run (the cost is said by
 * ka_few_report, in that branch's words). */
static bool in_few(enum ka_rule rule)
{
	return rule == KA_RULE_KA112 || rule == KA_RULE_KA113;
}

/* The words that say how often a KA111 or KA114 access runs. */
static void once_words(const struct ka_walk *w, enum ka_once o, char *buf, size_t n)
{
	if (o == KA_ONCE_SMALL_LAUNCH)
		snprintf(buf, n, "but it runs once per thread and every launch found runs at most %lld threads (a "
			 "constant grid and block): at most that many 32-byte sectors per launch",
			 w->an->shape.threads);
	else
		snprintf(buf, n, "%s", o == KA_ONCE_PER_THREAD ? "but it runs once per thread, outside the loops where "
							     "the kernel does its work: a one-time cost"
							   : "but it runs once per trip of its loop, beside the inner "
							     "loop where the kernel does its work: a cost that loop's "
							     "trips divide");
}

/* A strided access's finding under its rule (access_rule). */
static void ka107_report(struct ka_walk *w, CXCursor at, int stride, long long size, enum ka_once once,
			 const struct ka_few *few)
{
	int line, col, waste = sector_waste(stride, size);
	enum ka_rule rule = access_rule(few, once);
	if (waste <= 1)
		return;                   /* each lane's element fills its sectors */
	if (in_few(rule)) {
		char what[128];
		snprintf(what, sizeof(what), "a global access whose consecutive lanes are %d elements apart (about "
			 "%dx the memory it uses)", stride, waste);
		ka_few_report(w, at, what, few);
		return;
	}
	ka_location(at, &line, &col);
	char *t = ka_walk_text(w->an, at);
	char words[256];
	struct ka_ufinding *f;
	if (rule != KA_RULE_KA107) {
		once_words(w, once, words, sizeof(words));
		f = ka_finding_add(w->finds, rule, line, col, 0,
				   "global access `%s`: consecutive lanes are %d elements apart (about %dx the memory "
				   "it uses, 32-byte sectors), %s",
				   t, stride, waste, words);
	} else {
		f = ka_finding_add(w->finds, KA_RULE_KA107, line, col, 0,
			       "global access `%s`: consecutive lanes are %d elements apart, so a warp's access "
			       "fetches about %dx the memory it uses (32-byte sectors; uncoalesced); make the lane "
			       "index the unit-stride index",
			       t, stride, waste);
	}
	ka_access_shape(w, f, (long long)(stride < 0 ? -stride : stride) * (size > 0 ? size : 4), size);
	free(t);
}

/* The for loop whose counter d is, if any. */
static const struct ka_cloop *loop_of(const struct ka_walk *w, CXCursor d)
{
	for (size_t i = 0; i < w->n_loops; i++)
		if (clang_equalCursors(w->loops[i].var, d))
			return &w->loops[i];
	return NULL;
}

/* The counter of a constant loop around the access: how many values. */
static int64_t loop_count(struct ka_walk *w, CXCursor ref, int64_t *lo)
{
	CXCursor s = ka_strip(ref);
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return 0;
	const struct ka_cloop *l = loop_of(w, clang_getCursorReferenced(s));
	*lo = l ? l->lo : 0;
	return l ? l->n : 0;
}

/* ---- a lane stride known only at run time ------------------------------------------
 * in[t * n] is uncoalesced unless n is 1, and whether n is 1 is a fact of the
 * launch, not of the source: ggml passes a tensor's innermost element stride
 * (s00 = nb00 / sizeof(float), 1 for a contiguous tensor), llm.c a row length
 * (x[i * OC]).  What tells them apart in the source is whether another index
 * of the same address runs at unit stride: dout + o with o = blockIdx.x, or
 * K[tx * d + x] over a loop x: then the innermost index is that one and the
 * lanes are a row apart (KA107).  With no such index, or only the counter of
 * a loop of compile-time length (each thread's neighbouring elements, covering
 * the span when the stride equals its count), the access is KA110, an "info"
 * note: coalesced or not by a value the source does not give. */
enum unit_index {
	UNIT_NONE,        /* no other index at unit stride                       */
	UNIT_SHORT_LOOP,  /* the counter of a loop of compile-time length         */
	UNIT_INDEX,       /* an index that is not the lane's: block, loop, ...     */
};

struct terms {
	CXCursor t[16];
	int sign[16];
	int n;
};

/* Whether a local of the function being walked keeps its initializer
 * (ka_keeps_init, which walks the function: remembered per variable). */
bool ka_walk_keeps_init(struct ka_walk *w, CXCursor var)
{
	for (size_t i = 0; i < w->n_kept; i++)
		if (clang_equalCursors(w->kept[i].var, var))
			return w->kept[i].keeps;
	w->kept = ka_xrealloc(w->kept, (w->n_kept + 1) * sizeof(*w->kept));
	w->kept[w->n_kept] = (struct ka_kept){var, ka_keeps_init(w->an->reached[w->fn], var)};
	return w->kept[w->n_kept++].keeps;
}

/* The additive terms of an address: through +, -, casts and the initialisers
 * of local variables that are not loop counters and are never written after
 * them (PrefixSum's globalIdx = hipBlockIdx_x, then reassigned: not the
 * block index), three levels deep. */
static void add_terms(struct ka_walk *w, CXCursor e, struct terms *ts, int depth, int sign)
{
	CXCursor x = ka_strip(e), o[3];
	enum CXCursorKind k = clang_getCursorKind(x);
	if (k == CXCursor_BinaryOperator && ka_walk_kids2(x, o) == 2) {
		enum ka_op op = ka_walk_op_of(w->an, x);
		if (op == OP_ADD || op == OP_SUB) {
			add_terms(w, o[0], ts, depth, sign);
			add_terms(w, o[1], ts, depth, op == OP_ADD ? sign : -sign);
			return;
		}
	}
	if (k == CXCursor_DeclRefExpr && depth < 3) {
		CXCursor d = clang_getCursorReferenced(x);
		if (clang_getCursorKind(d) == CXCursor_VarDecl && !loop_of(w, d) &&
		    clang_Cursor_hasVarDeclGlobalStorage(d) != 1 && ka_walk_keeps_init(w, d)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(d);
			if (!clang_Cursor_isNull(init) && !ka_is_implicit_init(init) && ka_walk_val(w->an, init)) {
				add_terms(w, init, ts, depth + 1, sign);
				return;
			}
		}
	}
	if (ts->n < (int)(sizeof(ts->t) / sizeof(ts->t[0]))) {
		ts->sign[ts->n] = sign;
		ts->t[ts->n++] = x;
	}
}

/* A loop counter times a constant -- k, k * m, m * k, k << m, (k * m1) / m2
 * with m1 a multiple of m2 -- k counting a loop of constant length: that
 * length, the constant in *mult and the counter's first value in *lo
 * (cumsum's `for (j = 1; j < 4; j++)` beside the j = 0 access); else 0. */
static int64_t loop_multiple(struct ka_walk *w, CXCursor t, int64_t *mult, int64_t *lo)
{
	CXCursor x = ka_strip(t), o[3];
	int64_t n, m, d;
	if ((n = loop_count(w, x, lo)) > 0) {
		*mult = 1;
		return n;
	}
	if (clang_getCursorKind(x) != CXCursor_BinaryOperator || ka_walk_kids2(x, o) != 2)
		return 0;
	switch (ka_walk_op_of(w->an, x)) {
	case OP_MUL:
		if ((n = loop_count(w, o[0], lo)) > 0 && ka_walk_known_int(w, o[1], &m))
			break;
		if ((n = loop_count(w, o[1], lo)) > 0 && ka_walk_known_int(w, o[0], &m))
			break;
		return 0;
	case OP_SHL:
		if ((n = loop_count(w, o[0], lo)) > 0 && ka_walk_known_int(w, o[1], &d) && d >= 0 && d < 31) {
			m = (int64_t)1 << d;
			break;
		}
		return 0;
	case OP_DIV:
		if (ka_walk_known_int(w, o[1], &d) && d > 0 && (n = loop_multiple(w, o[0], &m, lo)) > 0 && m % d == 0) {
			m /= d;
			break;
		}
		return 0;
	default:
		return 0;
	}
	*mult = m;
	return n;
}

/* index -> (E, c, loop terms) over its additive terms (through locals'
 * initialisers): "ix + 1" -> ("+ ix", 1); "4*i + k" with k a 0..3 loop
 * counter -> ("+ 4*i", 0, k: 1 x 4); llm.c's classifier_fused idx * P +
 * element with element = i*4 + k -> ("+ idx * P + i*4", 0, k: 1 x 4);
 * bitsandbytes' A[base + lane * 32 + sub * 8] over sub = 0..3 -> (.., 0,
 * sub: 8 x 4). */
static void split_terms(struct ka_walk *w, const struct terms *t, struct ka_strided *s)
{
	const struct terms ts = *t;
	struct ka_buf e = {0};
	for (int i = 0; i < ts.n; i++) {
		int64_t c, n, m, lo;
		if (clang_getCanonicalType(clang_getCursorType(ts.t[i])).kind == CXType_Pointer)
			continue;             /* the base of *(p + i): the group's key */
		if (ka_walk_known_int(w, ts.t[i], &c)) {
			s->c += ts.sign[i] * c;
			continue;
		}
		if (s->n_lt < KA_LOOP_TERMS && (n = loop_multiple(w, ts.t[i], &m, &lo)) > 0 &&
		    lo > -(1ll << 30) && lo < (1ll << 30) && m > -(1ll << 30) && m < (1ll << 30)) {
			s->lt[s->n_lt++] = (struct ka_loop_term){ts.sign[i] * m, n};
			s->c += ts.sign[i] * m * lo;          /* values lo .. lo + n - 1 */
			continue;
		}
		char *t = ka_walk_text(w->an, ts.t[i]);
		ka_buf_puts(&e, ts.sign[i] < 0 ? " - " : " + ");
		ka_buf_puts(&e, t ? t : "?");
		free(t);
	}
	s->e = e.data ? e.data : ka_strdup("");
}

static enum unit_index unit_of(struct ka_walk *w, CXCursor t)
{
	const struct ka_uval *v = ka_walk_val(w->an, t);
	enum CXCursorKind k = clang_getCursorKind(t);
	if (!v || uv_is_lane_dependent(v))
		return UNIT_NONE;
	if (k == CXCursor_DeclRefExpr) {          /* a loop's counter first: it may read as const */
		CXCursor d = clang_getCursorReferenced(t);
		const struct ka_cloop *l = loop_of(w, d);
		if (clang_getCursorKind(d) == CXCursor_ParmDecl)
			return UNIT_NONE;     /* an offset handed in, not an index   */
		if (l)
			return l->compile_time ? UNIT_SHORT_LOOP : UNIT_INDEX;
	}
	if (v->cls == KA_U_CONST)
		return UNIT_NONE;
	if (k == CXCursor_BinaryOperator) {
		enum ka_op op = ka_walk_op_of(w->an, t);
		CXCursor o[3];
		int64_t c;
		if (op == OP_MUL || op == OP_SHL || op == OP_DIV || op == OP_SHR || op == OP_UNKNOWN || op == OP_NONE)
			return UNIT_NONE;     /* a scaled index: a stride of its own */
		if (ka_walk_kids2(t, o) == 2 && ((ka_eval_int(o[0], &c) && c != 1 && c != -1) ||
					 (ka_eval_int(o[1], &c) && c != 1 && c != -1)))
			return UNIT_NONE;     /* BLOCK_SIZE * b: an operator read through a macro */
	}
	return UNIT_INDEX;
}

/* An address, not an offset: a pointer, or a value the lattice knows to
 * point into a memory space (a template's `src0 ? src0 + i : nullptr`,
 * whose type is dependent). */
static bool is_address(struct ka_walk *w, CXCursor t)
{
	const struct ka_uval *v = ka_walk_val(w->an, t);
	return clang_getCanonicalType(clang_getCursorType(t)).kind == CXType_Pointer || (v && v->space != SP_NONE);
}

/* How far apart consecutive lanes are at a runtime stride, for a message:
 * "a runtime number of elements apart (`ne00`)", the expression named when
 * the lane term's factor was found (`t * ne00`), else left out. */
static void runtime_apart(char *buf, size_t n, const char *factor)
{
	if (factor)
		snprintf(buf, n, "a runtime number of elements apart (`%.120s`)", factor);
	else
		snprintf(buf, n, "a runtime number of elements apart");
}

/* Judge a global access at a runtime lane stride: KA107 or KA110. */
static void runtime_stride(struct ka_walk *w, CXCursor at, CXCursor basec, CXCursor idx, bool subscript)
{
	struct terms ts = {.n = 0};
	enum unit_index best = UNIT_NONE;
	CXCursor unit = clang_getNullCursor(), o[3];
	char *factor = NULL;
	int line, col;
	if (subscript)
		add_terms(w, basec, &ts, 0, 1);
	int n_base = ts.n;
	add_terms(w, idx, &ts, 0, 1);
	for (int i = 0; i < ts.n; i++) {
		const struct ka_uval *v = ka_walk_val(w->an, ts.t[i]);
		/* of the base's terms only an offset may be an index, never the
		 * address itself */
		enum unit_index u = i < n_base && is_address(w, ts.t[i]) ? UNIT_NONE : unit_of(w, ts.t[i]);
		if (u > best) {
			best = u;
			unit = ts.t[i];
		}
		/* the lane term t * n: name its runtime factor n */
		if (!factor && v && uv_is_lane_dependent(v) && clang_getCursorKind(ts.t[i]) == CXCursor_BinaryOperator &&
		    ka_walk_op_of(w->an, ts.t[i]) == OP_MUL && ka_walk_kids2(ts.t[i], o) == 2) {
			const struct ka_uval *l = ka_walk_val(w->an, o[0]);
			factor = ka_walk_text(w->an, l && uv_is_lane_dependent(l) ? o[1] : o[0]);
		}
	}
	ka_location(at, &line, &col);
	char *t = ka_walk_text(w->an, at), *u = clang_Cursor_isNull(unit) ? NULL : ka_walk_text(w->an, unit);
	char apart[192];
	runtime_apart(apart, sizeof(apart), factor);
	enum ka_once once = once_here(w);
	enum ka_rule rule = access_rule(ka_few_here(w), once);
	if (best == UNIT_INDEX && in_few(rule)) {
		char what[288];
		snprintf(what, sizeof(what), "a global access whose consecutive lanes are %s while another index runs "
			 "at unit stride", apart);
		ka_few_report(w, at, what, ka_few_here(w));
	} else if (best == UNIT_INDEX) {
		char words[256];
		if (rule != KA_RULE_KA107)
			once_words(w, once, words, sizeof(words));
		ka_access_shape(w, ka_finding_add(w->finds, rule, line, col, 0,
			       "global access `%s`: consecutive lanes are %s while `%s` runs at unit stride, %s",
			       t, apart, u,
			       rule != KA_RULE_KA107 ? words
				    : "so the lane index is not the innermost one and a warp's access spans that many "
				      "times the memory it uses (uncoalesced unless the stride is 1); make the lane index "
				      "the unit-stride index"),
			     0, clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(at))));
	}
	else if (best == UNIT_SHORT_LOOP)
		ka_finding_add(w->finds, KA_RULE_KA110, line, col, 0,
			       "global access `%s`: consecutive lanes are %s and each thread reads the neighbouring "
			       "elements of the constant loop over `%s`: coalesced when the stride equals the loop's "
			       "length (then one vector access would do), uncoalesced when it is larger",
			       t, apart, u);
	else
		ka_finding_add(w->finds, KA_RULE_KA110, line, col, 0,
			       "global access `%s`: consecutive lanes are %s and no other index of the access runs at "
			       "unit stride: coalesced when that number is 1 (a contiguous tensor's innermost stride), "
			       "uncoalesced otherwise",
			       t, apart);
	free(t);
	free(u);
	free(factor);
}

/* The one pointer-typed additive term of an address (its terms, through
 * casts and locals' initialisers): dst of dst + j * offset + x * 3; null
 * when there is none, several, or it is subtracted. */
static CXCursor pointer_root(const struct terms *ts)
{
	CXCursor root = clang_getNullCursor();
	for (int i = 0; i < ts->n; i++)
		if (clang_getCanonicalType(clang_getCursorType(ts->t[i])).kind == CXType_Pointer) {
			if (!clang_Cursor_isNull(root) || ts->sign[i] < 0)
				return clang_getNullCursor();
			root = ts->t[i];
		}
	return root;
}

/* Elements of `unit` bytes that one access of `bytes` reads: a whole
 * number of them up to 64, else 1. */
static int access_width(long long unit, long long bytes)
{
	return unit > 0 && bytes > unit && bytes % unit == 0 && bytes / unit <= 64 ? (int)(bytes / unit) : 1;
}

/* A strided access reported in the elements it reads: lanes `stride`
 * elements of a base apart, each access `width` of them (`bytes` in all). */
static void report_strided(struct ka_walk *w, CXCursor at, int stride, int width, long long bytes, enum ka_once once,
			   const struct ka_few *few)
{
	if (width > 1 && stride % width == 0)
		ka107_report(w, at, stride / width, bytes, once, few);
	else
		ka107_report(w, at, stride, bytes, once, few);
}

/* A strided access noted in its group, judged when the whole function is
 * walked (resolve_strided): lanes `stride` elements of basec apart, each
 * element `unit` bytes, the access `bytes` wide; idx the index (or the
 * whole pointer expression: its pointer-typed term is basec). */
static void note_strided(struct ka_walk *w, CXCursor at, CXCursor basec, const struct terms *ts, int stride,
			 long long unit, long long bytes)
{
	const struct ka_few *few = ka_few_here(w);
	if ((unit > 0) != (bytes > 0))
		return;        /* one size is a template parameter's (a uint4 over T):
		                  the access's width in elements is unknown */
	int width = access_width(unit, bytes);
	int s = stride < 0 ? -stride : stride;
	if (s <= width)
		return;                       /* a uint4 of floats at lane stride 4 */
	if (s > 64) {
		report_strided(w, at, stride, width, bytes, once_here(w), few);
		return;
	}
	w->acc = ka_xrealloc(w->acc, (w->n_acc + 1) * sizeof(*w->acc));
	struct ka_strided *a = &w->acc[w->n_acc++];
	*a = (struct ka_strided){.at = at, .fn = w->fn, .base = ka_walk_text(w->an, basec), .stride = stride, .width = width,
			      .bytes = bytes, .once = once_here(w),
			      .few = {few->rule, few->cond ? ka_strdup(few->cond) : NULL}, .store = w->storing};
	ka_location(at, &a->line, &a->col);
	split_terms(w, ts, a);
}

/* An access of `bytes` bytes (0: its type's size) at basec[idx] (base:
 * basec's value; NULL for *(T *)p, idx then being p). */
static void ka107_at(struct ka_walk *w, CXCursor at, CXCursor idx, const struct ka_uval *addr, CXCursor basec,
		     const struct ka_uval *base, long long bytes)
{
	if (!addr || addr->cls != KA_U_AFFINE || (base ? base->space : addr->space) != SP_GLOBAL)
		return;
	if (addr->stride == 1 || addr->stride == -1 || w->one_lane)
		return;
	if (addr->stride == 0) {
		runtime_stride(w, at, basec, idx, base != NULL);
		return;
	}
	if (bytes <= 0)
		bytes = clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(at)));
	struct terms ts = {.n = 0};
	add_terms(w, idx, &ts, 0, 1);
	if (base) {
		note_strided(w, at, basec, &ts, addr->stride, pointee_size(basec), bytes);
		return;
	}
	/* *(T *)p, *(p + i): the stride counts p's elements, the access reads a
	 * T; grouped by p's pointer with its other accesses (simpleVote's *offs,
	 * *(offs + 1), *(offs + 2) cover lane stride 3) when there is one */
	long long unit = stride_unit(idx);
	CXCursor root = pointer_root(&ts);
	if (!clang_Cursor_isNull(root)) {
		note_strided(w, at, root, &ts, addr->stride, unit, bytes);
		return;
	}
	int width = unit > 0 && bytes > 0 ? access_width(unit, bytes) : 1;
	if ((addr->stride < 0 ? -addr->stride : addr->stride) > width)
		report_strided(w, at, addr->stride, width, bytes, once_here(w), ka_few_here(w));
}

/* mask rotated up by r within s bits (0 <= r < s <= 64). */
static uint64_t rotate(uint64_t mask, int r, int s)
{
	uint64_t all = s >= 64 ? ~0ull : (1ull << s) - 1;
	if (r == 0)
		return mask & all;
	return ((mask << r) | (mask >> (s - r))) & all;
}

/* The elements an access reaches modulo the lane stride s: c plus every
 * value of its loop terms (mult * k repeats within s values of k), each
 * widened by the elements one access reads. */
static uint64_t residues(const struct ka_strided *b, int s)
{
	uint64_t seen = 1ull << (((b->c % s) + s) % s), wide = 0;
	for (int t = 0; t < b->n_lt; t++) {
		uint64_t next = 0;
		int64_t n = b->lt[t].count < s ? b->lt[t].count : s;
		int64_t step = b->lt[t].mult % s;     /* reduced first: no overflow */
		for (int64_t k = 0; k < n; k++)
			next |= rotate(seen, (int)((((step * k) % s) + s) % s), s);
		seen = next;
	}
	for (int j = 0; j < (b->width < s ? b->width : s); j++)
		wide |= rotate(seen, j, s);
	return wide;
}

/* Whether the accesses of a's group (same function, base, stride and E)
 * reach every element of the stride: then together they read the whole
 * span. */
static bool covered(const struct ka_walk *w, const struct ka_strided *a, int *first)
{
	int s = a->stride < 0 ? -a->stride : a->stride;
	uint64_t seen = 0, all = s >= 64 ? ~0ull : (1ull << s) - 1;
	*first = -1;
	for (size_t i = 0; i < w->n_acc; i++) {
		const struct ka_strided *b = &w->acc[i];
		if (b->fn != a->fn || b->stride != a->stride || !b->base || !b->e || strcmp(b->base, a->base) != 0 ||
		    strcmp(b->e, a->e) != 0)
			continue;
		if (*first < 0)
			*first = (int)i;
		seen |= residues(b, s);
	}
	return (seen & all) == all;
}

/* KA109's closing words: "4 narrow accesses where one vector access
 * (float2, float4: 16 bytes at most) would do".  The count of vector
 * accesses is said only when it is known and fewer: a template's T has no
 * size here (then vectors is 0). */
static void vector_words(char *buf, size_t n, int narrow, long long vectors)
{
	const char *es = narrow == 1 ? "" : "es";
	if (vectors == 1 && narrow > 1)
		snprintf(buf, n, "%d narrow access%s where one vector access (float2, float4: 16 bytes at most) would "
			 "do", narrow, es);
	else if (vectors > 1 && vectors < narrow)
		snprintf(buf, n, "%d narrow access%s where %lld vector accesses (float2, float4: 16 bytes at most) "
			 "would do", narrow, es, vectors);
	else
		snprintf(buf, n, "%d narrow access%s where fewer vector accesses (float2, float4: 16 bytes at most) "
			 "would do", narrow, es);
}

void ka_access_resolve(struct ka_walk *w)
{
	for (size_t i = 0; i < w->n_acc; i++) {
		struct ka_strided *a = &w->acc[i];
		int first, s = a->stride < 0 ? -a->stride : a->stride;
		if (!a->base || !a->e || !covered(w, a, &first)) {
			w->storing = a->store;
			report_strided(w, a->at, a->stride, a->width, a->bytes, a->once, &a->few);
			continue;
		}
		if ((size_t)first != i || a->bytes >= 16)
			continue;              /* one hint per group, at its first access;
			                          none when it is already 16 bytes wide */
		char *t = ka_walk_text(w->an, a->at);
		long long vectors = (s * (a->bytes / a->width) + 15) / 16;
		char words[160];
		vector_words(words, sizeof(words), s / a->width, vectors);
		ka_finding_add(w->finds, KA_RULE_KA109, a->line, a->col, 0,
			       "global access `%s`: each thread accesses %d neighbouring elements of `%s` and consecutive "
			       "lanes are %d apart, so together the warp's accesses are contiguous (coalesced traffic); %s",
			       t, s, a->base, s, words);
		free(t);
	}
	for (size_t i = 0; i < w->n_acc; i++) {
		free(w->acc[i].base);
		free(w->acc[i].e);
		free(w->acc[i].few.cond);
	}
	free(w->acc);
	free(w->loops);
	free(w->kept);
}

/* A for loop's counter (for (int k = ...; ...)), with its trip count when
 * it is for (k = lo; k < hi; ++k / k++ / k += 1) with constant lo, hi;
 * false when the loop declares no counter. */
static bool for_loop(struct ka_walk *w, CXCursor fs, struct ka_cloop *l)
{
	CXCursor ch[5], d[2], o[3];
	int64_t lo, hi;
	if (ka_children(fs, ch, 5) != 4 || clang_getCursorKind(ch[0]) != CXCursor_DeclStmt ||
	    ka_children(ch[0], d, 2) != 1 || clang_getCursorKind(d[0]) != CXCursor_VarDecl)
		return false;
	*l = (struct ka_cloop){d[0], 0, 0, false};
	CXCursor init = clang_Cursor_getVarDeclInitializer(d[0]);
	CXCursor cond = ka_strip(ch[1]);
	if (clang_Cursor_isNull(init) || clang_getCursorKind(cond) != CXCursor_BinaryOperator || ka_walk_kids2(cond, o) != 2 ||
	    clang_getCursorKind(ka_strip(o[0])) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(ka_strip(o[0])), d[0]))
		return true;
	const struct ka_uval *lov = ka_walk_val(w->an, init), *hiv = ka_walk_val(w->an, o[1]);
	l->compile_time = lov && hiv && lov->cls == KA_U_CONST && hiv->cls == KA_U_CONST;
	if (!ka_walk_known_int(w, init, &lo) || !ka_walk_known_int(w, o[1], &hi))
		return true;
	enum ka_op op = ka_walk_op_of(w->an, cond);
	if (op == OP_LE)
		hi++;
	else if (op != OP_LT)
		return true;
	CXCursor inc = ka_strip(ch[2]);
	enum ka_op iop = ka_walk_op_of(w->an, inc);
	if (iop != OP_PREINC && iop != OP_POSTINC) {
		int64_t one;
		if (clang_getCursorKind(inc) != CXCursor_CompoundAssignOperator || ka_walk_kids2(inc, o) != 2 ||
		    !ka_eval_int(o[1], &one) || one != 1 || ka_walk_op_of(w->an, inc) != OP_ADD)
			return true;
	}
	if (hi > lo) {
		l->n = hi - lo;
		l->lo = lo;
	}
	return true;
}

/* The operands of a chain of one operator (a && b && c; x, y), at most n. */
static int operands(struct ka_walk *w, CXCursor e, enum ka_op op, CXCursor *out, int n)
{
	CXCursor o[3];
	e = ka_strip(e);
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator && ka_walk_op_of(w->an, e) == op && ka_walk_kids2(e, o) == 2) {
		int k = operands(w, o[0], op, out, n);
		return k + operands(w, o[1], op, out + k, n - k);
	}
	if (n <= 0)
		return 0;
	out[0] = e;
	return 1;
}

/* Whether v starts non-negative: its initialiser is a constant >= 0 or,
 * under conversions, an unsigned value or the thread index (threadIdx.x of
 * the toolkit's headers is a property reference whose type libclang
 * leaves unexposed: the analysis knows it). */
static bool starts_non_negative(struct ka_walk *w, CXCursor v)
{
	CXCursor e = clang_Cursor_getVarDeclInitializer(v), ch[2];
	int64_t c;
	if (clang_Cursor_isNull(e))
		return false;
	if (ka_eval_int(e, &c))
		return c >= 0;
	for (int depth = 0; depth < 8; depth++) {
		enum CXCursorKind k = clang_getCursorKind(e);
		enum CXTypeKind t = clang_getCanonicalType(clang_getCursorType(e)).kind;
		const struct ka_uval *u = ka_walk_val(w->an, e);
		if (t == CXType_UInt || t == CXType_ULong || t == CXType_ULongLong || t == CXType_UShort ||
		    (u && u->cls == KA_U_AFFINE && (u->flags & UV_TIDX) && (u->flags & UV_ALIGNED)))
			return true;
		if ((k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
		     k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXFunctionalCastExpr) ||
		    ka_children(e, ch, 2) != 1)
			return false;
		e = ch[0];
	}
	return false;
}

/* A for loop that runs at most once per thread: a conjunct of its
 * condition is v < C (v <= C) and its increment adds S >= C (S > C) to a
 * v that starts non-negative -- for (...; k < ROWS && ...; k += ROWS, ...)
 * over a thread's k = threadIdx.x, a loop in form only. */
static bool at_most_once(struct ka_walk *w, CXCursor fs)
{
	CXCursor ch[5], conj[8], inc[8], o[3];
	if (ka_children(fs, ch, 5) != 4)
		return false;
	int nc = operands(w, ch[1], OP_LAND, conj, 8), ni = operands(w, ch[2], OP_COMMA, inc, 8);
	for (int i = 0; i < nc; i++) {
		enum ka_op op = ka_walk_op_of(w->an, conj[i]);
		int64_t bound, step;
		if ((op != OP_LT && op != OP_LE) || ka_walk_kids2(conj[i], o) != 2 ||
		    clang_getCursorKind(ka_strip(o[0])) != CXCursor_DeclRefExpr || !ka_eval_int(o[1], &bound))
			continue;
		CXCursor v = clang_getCursorReferenced(ka_strip(o[0]));
		if (!starts_non_negative(w, v))
			continue;
		for (int j = 0; j < ni; j++) {
			if (clang_getCursorKind(inc[j]) != CXCursor_CompoundAssignOperator || ka_walk_kids2(inc[j], o) != 2 ||
			    clang_getCursorKind(ka_strip(o[0])) != CXCursor_DeclRefExpr ||
			    !clang_equalCursors(clang_getCursorReferenced(ka_strip(o[0])), v) || !ka_eval_int(o[1], &step))
				continue;
			if (ka_walk_op_of(w->an, inc[j]) == OP_ADD && step >= bound + (op == OP_LE))
				return true;
		}
	}
	return false;
}

/* A loop that repeats work: not do { } while (0) (a macro's statement
 * wrapper), nor a constant for loop of at most 8 trips (straight-line
 * code written as a loop: four neighbouring elements), nor a for loop
 * that runs at most once.  Notes the for loop's counter (loop_count). */
bool ka_loop_repeats(struct ka_walk *w, CXCursor fs, bool note)
{
	struct ka_cloop l;
	bool counted = for_loop(w, fs, &l);
	if (counted && note) {
		w->loops = ka_xrealloc(w->loops, (w->n_loops + 1) * sizeof(*w->loops));
		w->loops[w->n_loops++] = l;
	}
	return (!counted || l.n == 0 || l.n > 8) && !at_most_once(w, fs);
}

/* A for loop whose bounds are compile-time values. */
bool ka_loop_compile_time(struct ka_walk *w, CXCursor c)
{
	struct ka_cloop l;
	return clang_getCursorKind(c) == CXCursor_ForStmt && for_loop(w, c, &l) && l.compile_time;
}

bool ka_loop_work(struct ka_walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ch[5];
	int64_t v;
	if (k == CXCursor_ForStmt)
		return ka_loop_repeats(w, c, false);
	if (k == CXCursor_DoStmt)
		return !(ka_children(c, ch, 5) == 2 && ka_eval_int(ch[1], &v) && v == 0);
	if (k == CXCursor_WhileStmt)
		return !(ka_children(c, ch, 5) == 2 && ka_eval_int(ch[0], &v) && v == 0);
	return false;
}

/* x[i]: its pointer and index, with their values, when x is a pointer not
 * chosen per lane. */
static bool subscript_parts(struct ka_walk *w, CXCursor e, CXCursor *ch, const struct ka_uval **b,
			    const struct ka_uval **i)
{
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || ka_walk_kids2(e, ch) != 2 ||
	    clang_getCanonicalType(clang_getCursorType(ch[0])).kind != CXType_Pointer)
		return false;
	*b = ka_walk_val(w->an, ch[0]);
	*i = ka_walk_val(w->an, ch[1]);
	return *b && *i && !uv_is_lane_dependent(*b);
}

/* The lane index at unit stride that e is `X op q` of (q a constant):
 * X's text; NULL otherwise. */
static char *lane_op_const(struct ka_walk *w, CXCursor e, enum ka_op op, int64_t *q)
{
	CXCursor x = ka_strip(e), o[3];
	const struct ka_uval *v;
	if (clang_getCursorKind(x) != CXCursor_BinaryOperator || ka_walk_op_of(w->an, x) != op || ka_walk_kids2(x, o) != 2 ||
	    !ka_walk_known_int(w, o[1], q) || *q < 2 || *q > 32 || !(v = ka_walk_val(w->an, o[0])) || v->cls != KA_U_AFFINE ||
	    v->stride != 1)
		return NULL;
	return ka_walk_text(w->an, o[0]);
}

/* x[(t / q) * M + t % q] (t the lane index at unit stride, q a constant):
 * lanes in runs of q contiguous elements, each run M elements from the
 * next -- an array of structures of arrays.  A warp touches 32 / q runs;
 * when a run is narrower than a 32-byte sector (q elements of w bytes,
 * q * w < 32) each run costs a sector of its own where the warp's 32 * w
 * bytes would fill 32 * w / 32: reported unless M is q (contiguous). */
static void ka107_runs(struct ka_walk *w, CXCursor e, CXCursor idx, long long elem)
{
	struct terms ts = {.n = 0};
	char *rem = NULL, *div = NULL, *m_text = NULL;
	int64_t q = 0, q2 = 0, m = 0;
	bool other_lane = false, m_known = false;
	add_terms(w, idx, &ts, 0, 1);
	for (int i = 0; i < ts.n; i++) {
		CXCursor t = ka_strip(ts.t[i]), o[3];
		char *x;
		const struct ka_uval *v = ka_walk_val(w->an, t);
		if (!rem && ts.sign[i] > 0 && (x = lane_op_const(w, t, OP_REM, &q)) != NULL) {
			rem = x;
			continue;
		}
		if (!div && ts.sign[i] > 0 && clang_getCursorKind(t) == CXCursor_BinaryOperator && ka_walk_op_of(w->an, t) == OP_MUL &&
		    ka_walk_kids2(t, o) == 2) {
			for (int s = 0; s < 2 && !div; s++)
				if ((x = lane_op_const(w, o[s], OP_DIV, &q2)) != NULL) {
					div = x;
					m_known = ka_walk_known_int(w, o[1 - s], &m);
					m_text = ka_walk_text(w->an, o[1 - s]);
				}
			if (div)
				continue;
		}
		other_lane |= v && uv_is_lane_dependent(v);
	}
	if (rem && div && !other_lane && q == q2 && strcmp(rem, div) == 0 && !(m_known && m == q) && elem > 0 &&
	    q * elem < 32) {
		int line, col;
		char *t = ka_walk_text(w->an, e);
		int sectors = (int)(32 / q), ideal = (int)elem;
		ka_location(e, &line, &col);
		ka_access_shape(w, ka_finding_add(w->finds, KA_RULE_KA107, line, col, 0,
					       "global access `%s`: lanes come in runs of %lld contiguous elements "
					       "(`%s %% %lld`), each run `%s` elements from the next, so a warp's access "
					       "takes about %d 32-byte sectors where %d would do (uncoalesced); lay the "
					       "data out so that consecutive lanes read consecutive elements",
					       t, (long long)q, rem, (long long)q, m_text ? m_text : "?", sectors, ideal),
			     32 / q, elem);
		free(t);
	}
	free(rem);
	free(div);
	free(m_text);
}

/* x[i] where x itself moves with the lane and i does not (x = inp + bt * C,
 * bt the thread's row): the lanes are x's stride apart. */
static bool lane_based(struct ka_walk *w, CXCursor e, CXCursor *ch, const struct ka_uval **b)
{
	const struct ka_uval *i;
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || ka_walk_kids2(e, ch) != 2 ||
	    clang_getCanonicalType(clang_getCursorType(ch[0])).kind != CXType_Pointer)
		return false;
	*b = ka_walk_val(w->an, ch[0]);
	i = ka_walk_val(w->an, ch[1]);
	return *b && i && (*b)->cls == KA_U_AFFINE && !uv_is_lane_dependent(i);
}

void ka_access_index(struct ka_walk *w, CXCursor e, enum CXCursorKind k)
{
	CXCursor ch[3];
	const struct ka_uval *b, *i;
	if (k == CXCursor_ArraySubscriptExpr) {
		long long bytes = 0;
		for (int a = 0; a < KA_ADDR_ARGS; a++)
			if (clang_equalCursors(e, w->addr_of[a]))
				return;        /* &x[i] handed to a function: an address */
		if (clang_equalCursors(e, w->via_deref))
			return;
		for (int a = 0; a < KA_ASM_ADDRS; a++)
			if (clang_equalCursors(e, w->asm_addr[a])) {
				if (w->asm_bytes <= 0)
					return;    /* what the asm does with &x[i] is unknown */
				bytes = w->asm_bytes;
			}
		if (subscript_parts(w, e, ch, &b, &i) && i->cls == KA_U_VARYING) {
			if (b->space == SP_GLOBAL && !w->one_lane)
				ka107_runs(w, e, ch[1], bytes > 0 ? bytes : pointee_size(ch[0]));
		} else if (subscript_parts(w, e, ch, &b, &i)) {
			ka107_at(w, e, ch[1], i, ch[0], b, bytes);
		} else if (lane_based(w, e, ch, &b)) {
			ka107_at(w, e, ch[1], b, ch[0], b, bytes);
		}
	} else if (k == CXCursor_UnaryOperator && ka_walk_op_of(w->an, e) == OP_DEREF && ka_walk_kids2(e, ch) == 1) {
		const struct ka_uval *p = ka_walk_val(w->an, ch[0]);
		CXCursor a = ka_strip(ch[0]), sub[2];
		long long bytes = clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(e)));
		if (clang_getCursorKind(a) == CXCursor_UnaryOperator && ka_walk_op_of(w->an, a) == OP_ADDR && ka_walk_kids2(a, sub) == 1) {
			w->via_deref = ka_strip(sub[0]);
			/* *(uint4 *)&x[i]: x[i]'s lane stride, the deref's width */
			if (bytes > 0 && subscript_parts(w, w->via_deref, sub, &b, &i)) {
				ka107_at(w, e, sub[1], i, sub[0], b, bytes);
				return;
			}
		}
		if (p)
			ka107_at(w, e, ch[0], p, ch[0], NULL, bytes);
	}
}

/* p[i].x with p a global array of structures: lanes a structure apart,
 * each reading one member.  Nsight Compute counts each such load alone: a
 * 16-byte structure's float member at lane stride 1 requests 16 sectors
 * where 4 would do, however many of its members the line reads (the
 * compiler merges them into one wide load only when the structure is
 * aligned for it, and then the machine code says so: lib/ground.c). */
void ka_access_member(struct ka_walk *w, CXCursor e)
{
	CXCursor ch[3], base = clang_getNullCursor(), sub[3];
	const struct ka_uval *b, *i;
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || ka_children(e, ch, 3) != 1)
		return;
	base = ka_strip(ch[0]);
	if (clang_getCursorKind(base) != CXCursor_ArraySubscriptExpr ||
	    clang_getCanonicalType(clang_getCursorType(base)).kind != CXType_Record || !subscript_parts(w, base, sub, &b, &i))
		return;
	long long whole = pointee_size(sub[0]);
	long long member = clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(e)));
	if (i->cls != KA_U_AFFINE || b->space != SP_GLOBAL || i->stride == 0 || w->one_lane || whole <= 0 ||
	    member <= 0 || member > 16 || whole <= member)
		return;
	long long lane = (i->stride < 0 ? -(long long)i->stride : i->stride) * whole;
	long long sectors = lane >= 32 ? 32 : lane;
	int waste = (int)(sectors / member > 1 ? sectors / member : 1);
	if (waste <= 1)
		return;
	int line, col;
	ka_location(e, &line, &col);
	const struct ka_few *few = ka_few_here(w);
	enum ka_once once = once_here(w);
	enum ka_rule rule = access_rule(few, once);
	char *t = ka_walk_text(w->an, e), words[256];
	struct ka_ufinding *f;
	if (in_few(rule)) {
		char what[160];
		snprintf(what, sizeof(what), "a member of an array of %lld-byte structures read by each lane (about %dx "
			 "the memory it uses)", whole, waste);
		ka_few_report(w, e, what, few);
		free(t);
		return;
	}
	if (rule != KA_RULE_KA107) {
		once_words(w, once, words, sizeof(words));
		f = ka_finding_add(w->finds, rule, line, col, 0,
				   "global access `%s`: consecutive lanes are %lld bytes apart (an array of %lld-byte "
				   "structures) and each reads a %lld-byte member (about %dx the memory it uses, 32-byte "
				   "sectors), %s",
				   t, lane, whole, member, waste, words);
	} else {
		f = ka_finding_add(w->finds, KA_RULE_KA107, line, col, 0,
				   "global access `%s`: consecutive lanes are %lld bytes apart (an array of %lld-byte "
				   "structures) and each reads a %lld-byte member, so a warp's access fetches about %dx "
				   "the memory it uses (32-byte sectors; uncoalesced); keep the member in an array of "
				   "its own (structure of arrays) or read each structure whole",
				   t, lane, whole, member, waste);
	}
	ka_access_shape(w, f, lane, member);
	free(t);
}
