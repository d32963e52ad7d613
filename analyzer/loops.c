/* loops.c — what the findings walk asks of loops and locals: whether a
 * loop repeats work (not do { } while (0), not a constant for loop of 8
 * trips or fewer, not a loop in form only that runs at most once), whether
 * its bounds are compile-time values, and whether a local keeps its
 * initializer (remembered per variable for the walk).  Used by the
 * selection rules (KA106 and its relabels); the accesses' costs are the
 * machine model's (machine/). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Whether a local of the function being walked keeps its initializer
 * (ka_keeps_init, which walks the function: remembered per variable). */
bool ka_walk_keeps_init(struct ka_walk *w, CXCursor var)
{
	for (size_t i = 0; i < w->n_kept; i++)
		if (clang_equalCursors(w->kept[i].var, var))
			return w->kept[i].keeps;
	KA_GROW(w->kept, w->n_kept, w->cap_kept, 16);
	w->kept[w->n_kept] = (struct ka_kept){var, ka_keeps_init(w->an->reached[w->fn], var)};
	return w->kept[w->n_kept++].keeps;
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
		KA_GROW(w->loops, w->n_loops, w->cap_loops, 16);
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

/* What the walk kept: the loops' counters, the locals asked about. */
void ka_walk_free(struct ka_walk *w)
{
	free(w->loops);
	free(w->kept);
	w->loops = NULL;
	w->kept = NULL;
	w->n_loops = w->n_kept = 0;
	w->cap_loops = w->cap_kept = 0;
}
