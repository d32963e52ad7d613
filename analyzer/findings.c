/* findings.c — reads the values uniformity.c left on the nodes of one
 * kernel (and of the functions it called) and turns them into the report:
 * one fact per variable initializer and assignment, and the findings of
 * rules.def.  Nothing here changes a value; each rule is a small function
 * that says what it needs from the lattice (see the man page's FINDINGS).
 * Memory accesses are not judged here: the warp address model judges them
 * on the machine code (machine/, lib/accesses.c).  What the rules share
 * (adding a finding, the questions asked of a node) is walk.c, the loop
 * questions loops.c. */
#include "internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *ka_why_render(const struct ka_uval *v)
{
	struct ka_buf b = {0};
	const char *t = ka_why_text((enum ka_why)v->why);
	for (const char *p = t; *p; p++) {
		if (p[0] == '{' && p[1] == 'n' && p[2] == '}') {
			ka_buf_puts(&b, v->why_name ? v->why_name : "?");
			p += 2;
		} else if (p[0] == '{' && p[1] == 'l' && p[2] == '}') {
			ka_buf_printf(&b, "%d", v->why_line);
			p += 2;
		} else {
			ka_buf_append(&b, p, 1);
		}
	}
	if (v->cls == KA_U_AFFINE) {
		if (v->stride)
			ka_buf_printf(&b, "%slane stride %d", b.len ? "; " : "", (int)v->stride);
		else
			ka_buf_printf(&b, "%slane stride not a constant", b.len ? "; " : "");
	}
	if (!b.data)
		return ka_strdup("");
	return b.data;
}

static void fact_add(struct ka_an *an, struct ka_fact_acc *a, CXCursor at, const struct ka_uval *v)
{
	unsigned s, e;
	int line, col;
	if (!ka_extent(an, at, &s, &e))
		return;
	for (size_t i = 0; i < a->n; i++)
		if (a->offsets[i] == s && a->v[i].expr && a->v[i].line) {
			if (v->cls > a->v[i].cls) {
				free(a->v[i].why);
				a->v[i].cls = (enum ka_uclass)v->cls;
				a->v[i].stride = v->cls == KA_U_AFFINE ? v->stride : 0;
				a->v[i].why = ka_why_render(v);
			}
			return;
		}
	KA_GROW(a->v, a->n, a->cap, 32);
	KA_GROW(a->offsets, a->n, a->cap_offsets, 32);
	ka_location(at, &line, &col);
	a->offsets[a->n] = s;
	a->v[a->n++] = (struct ka_ufact){line, col, ka_cursor_text(an, at, 120), (enum ka_uclass)v->cls,
					 v->cls == KA_U_AFFINE ? v->stride : 0, ka_why_render(v), NULL};
}


static void col_of_offset(struct ka_an *an, unsigned off, int *col)
{
	unsigned s = off;
	while (s > 0 && an->src[s - 1] != '\n')
		s--;
	*col = (int)(off - s) + 1;
}

/* KA101: a value with a folded uniform term reaching a per-lane operand. */
static void ka101(struct ka_walk *w, CXCursor operand, const char *what)
{
	const struct ka_uval *v = ka_walk_val(w->an, operand);
	char term[128];
	int col, line, ol, oc;
	size_t n, j = 0;
	if (!v || !uv_is_lane_dependent(v) || !v->fold_start || v->fold_end <= v->fold_start)
		return;
	n = v->fold_end - v->fold_start;
	for (size_t i = 0; i < n && j + 4 < sizeof(term); i++) {
		char c = w->an->src[v->fold_start + i];
		if (c == '\n' || c == '\t' || c == '\r')
			c = ' ';
		if (c == ' ' && j && term[j - 1] == ' ')
			continue;
		term[j++] = c;
	}
	term[j] = 0;
	line = v->fold_line;
	col_of_offset(w->an, v->fold_start, &col);
	ka_location(operand, &ol, &oc);
	char *ot = ka_walk_text(w->an, operand);
	ka_finding_add(w->finds, KA_RULE_UNIFORM_TERM_PER_LANE, line, col, 0,
		       "uniform term `%s` is added into the per-lane offset `%s` passed as %s (line %d): every lane "
		       "computes it in a VGPR; pass it as the scalar offset (soffset, an \"s\" operand) or make it "
		       "scalar with __builtin_amdgcn_readfirstlane",
		       term, ot, what, ol);
	free(ot);
}

/* An asm statement's text, read once: its template (the string literals
 * before the first top-level ':', joined; escapes as separators; at most
 * max - 1 characters) and the constraint strings of its operands, in order
 * (their count; -1 when the statement is not in the file). */
static int asm_text(struct ka_an *an, CXCursor s, char *tmpl, size_t max, char cons[][16], int max_cons)
{
	unsigned S, E;
	int n = 0, depth = 0, colons = 0;
	size_t t = 0;
	bool in_str = false;
	unsigned str_start = 0;
	tmpl[0] = 0;
	if (!ka_extent(an, s, &S, &E))
		return -1;
	for (unsigned i = S; i < E; i++) {
		char c = an->src[i];
		if (in_str) {
			if (c == '\\') {
				i++;
				if (colons == 0 && t + 1 < max)
					tmpl[t++] = ' ';   /* \n, \t: a separator */
			} else if (c == '"') {
				in_str = false;
				if (colons >= 1 && colons <= 2 && depth == 1 && n < max_cons) {
					size_t len = i - str_start;
					if (len >= sizeof(cons[0]))
						len = sizeof(cons[0]) - 1;
					memcpy(cons[n], an->src + str_start, len);
					cons[n][len] = 0;
					n++;
				}
			} else if (colons == 0 && t + 1 < max) {
				tmpl[t++] = c;
			}
			continue;
		}
		if (c == '"') {
			in_str = true;
			str_start = i + 1;
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			depth--;
		} else if (c == ':' && depth == 1) {
			if (i + 1 < E && an->src[i + 1] == ':') {
				colons += 2;
				i++;
			} else {
				colons++;
			}
			if (colons > 2)
				break;
		}
	}
	tmpl[t] = 0;
	return n;
}

/* An asm statement's input operands: a "v" operand's folded uniform terms
 * (KA101). */
static void asm_operands(struct ka_walk *w, CXCursor s)
{
	char cons[32][16], tmpl[1024];
	CXCursor ch[32];
	int nc = asm_text(w->an, s, tmpl, sizeof(tmpl), cons, 32), n = ka_children(s, ch, 32), k = 0;
	for (int i = 0; i < n && k < nc; i++) {
		if (!clang_isExpression(clang_getCursorKind(ch[i])))
			continue;
		const char *c = cons[k++];
		if (strchr(c, '=') || strchr(c, '+'))
			continue;        /* an output */
		if (strchr(c, 'v') && !strchr(c, 's'))
			ka101(w, ch[i], "a \"v\" inline-asm operand");
	}
}

static void buffer_rules(struct ka_walk *w, CXCursor call, int in)
{
	CXCursor callee = ka_call_callee(call);
	int n = clang_Cursor_getNumArguments(call), vo = -1;
	if (n <= 0)
		return;
	if (!clang_Cursor_isNull(callee)) {
		int np = clang_Cursor_getNumArguments(callee);
		for (int i = 0; i < np && i < n; i++) {
			CXString s = clang_getCursorSpelling(clang_Cursor_getArgument(callee, (unsigned)i));
			const char *p = clang_getCString(s);
			if (strstr(p, "voffset") || strcmp(p, "vindex") == 0 || strcmp(p, "vaddr") == 0)
				vo = i;
			clang_disposeString(s);
			if (vo >= 0)
				break;
		}
	}
	if (vo < 0)
		vo = in == IN_BUFFER_LOAD ? 1 : 2;     /* llvm.amdgcn.raw.buffer.{load,store} order */
	if (vo < n)
		ka101(w, clang_Cursor_getArgument(call, (unsigned)vo), "a buffer intrinsic's voffset");
}

/* KA102: the node where threadIdx.x / warp becomes a warp index. */
static void ka102(struct ka_walk *w, CXCursor e)
{
	const struct ka_uval *v = ka_walk_val(w->an, e);
	int line, col;
	if (!v || w->quiet_warpidx || v->cls != KA_U_WARP_IF || !(v->flags & UV_WARPIDX) || v->why != WHY_WARPIDX)
		return;
	CXCursor ch[3];
	if (ka_walk_kids2(e, ch) < 2)
		return;
	const struct ka_uval *l = ka_walk_val(w->an, ch[0]);
	if (!l || l->cls != KA_U_AFFINE)
		return;
	ka_location(e, &line, &col);
	char *t = ka_walk_text(w->an, e);
	if (w->an->lang == KA_LANG_HIP)
		ka_finding_add(w->finds, KA_RULE_WARP_INDEX_DIVIDE, line, col, 0,
			       "`%s` is a wave index: the same in a wave only if the block is 1-D or blockDim.x is a "
			       "multiple of %d; the compiler cannot prove it, so it stays in VGPRs: "
			       "__builtin_amdgcn_readfirstlane(%s) makes it scalar",
			       t, w->an->warp, t);
	else
		ka_finding_add(w->finds, KA_RULE_WARP_INDEX_DIVIDE, line, col, 0,
			       "`%s` is a warp index: the same in a warp only if the block is 1-D or blockDim.x is a "
			       "multiple of %d; the compiler cannot prove it, so it and what derives from it stay in "
			       "vector registers (R, not UR)",
			       t, w->an->warp);
	free(t);
}

/* Uniform in a way the compiler can see: const, grid- and block-uniform
 * values (kernel parameters, blockIdx: ptxas keeps them in UR), and
 * warp-uniform ones made by a collective (ballot, reduce, a broadcast).  A
 * value that is warp-uniform only because of how the hardware forms warps
 * (the linear thread index / 32) or because every launch found has a lane
 * dimension that is a multiple of 32 is as opaque to the compiler as
 * warp-uniform-if: a broadcast of it is what makes it uniform. */
static bool compiler_sees_uniform(const struct ka_uval *v)
{
	if (v->cls <= KA_U_BLOCK)
		return true;
	return v->cls == KA_U_WARP && v->why != WHY_LINEARWARP && v->why != WHY_TIDWARP && v->why != WHY_WARPIDX &&
	       !(v->flags & UV_WARPIDX);
}

/* KA103: a broadcast shuffle of a value that is already provably uniform. */
static void ka103(struct ka_walk *w, CXCursor call, int in)
{
	int a = ka_intrins[in].a, line, col;
	if (in == IN_AMD_BPERMUTE || a < 0 || a >= clang_Cursor_getNumArguments(call))
		return;
	CXCursor arg = clang_Cursor_getArgument(call, (unsigned)a);
	const struct ka_uval *v = ka_walk_val(w->an, arg);
	if (!v || !compiler_sees_uniform(v))
		return;
	ka_location(call, &line, &col);
	char *t = ka_walk_text(w->an, arg), *why = ka_why_render(v);
	ka_finding_add(w->finds, KA_RULE_UNIFORM_BROADCAST, line, col, 0,
		       "%s broadcasts `%s`, which is already %s (%s): the shuffle only adds an instruction and keeps "
		       "the result in a vector register; use the value directly",
		       ka_intrins[in].key, t, ka_uclass_name((enum ka_uclass)v->cls), why);
	free(t);
	free(why);
}

/* ---- KA104 ------------------------------------------------------------------------ */
struct agnostic {
	struct ka_an *an;
	unsigned start, end;      /* the guarded statement */
	bool ok;
};

/* Assigning a thread-private variable that lives on after the guard makes
 * the guard lane-specific: some later code reads that lane's copy. */
static bool writes_outer_local(struct agnostic *a, CXCursor lhs)
{
	CXCursor s = ka_strip(lhs), ch[3];
	for (int g = 0; g < 16; g++) {
		enum CXCursorKind k = clang_getCursorKind(s);
		if (k == CXCursor_DeclRefExpr) {
			CXCursor d = clang_getCursorReferenced(s);
			enum CXCursorKind dk = clang_getCursorKind(d);
			unsigned ds, de;
			if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) || clang_Cursor_hasVarDeclGlobalStorage(d) == 1)
				return false;
			return !(ka_extent(a->an, d, &ds, &de) && ds >= a->start && ds < a->end);
		}
		if ((k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr) && ka_walk_kids2(s, ch) >= 1 &&
		    clang_getCanonicalType(clang_getCursorType(ch[0])).kind != CXType_Pointer)
			s = ka_strip(ch[0]);
		else
			return false;
	}
	return false;
}

static enum CXChildVisitResult agnostic_visit(CXCursor c, CXCursor p, CXClientData d)
{
	struct agnostic *a = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ch[3];
	(void)p;
	if ((k == CXCursor_BinaryOperator && ka_walk_op_of(a->an, c) == OP_ASSIGN) || k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_UnaryOperator && ka_walk_op_of(a->an, c) >= OP_PREINC && ka_walk_op_of(a->an, c) <= OP_POSTDEC)) {
		if (ka_walk_kids2(c, ch) >= 1 && writes_outer_local(a, ch[0])) {
			a->ok = false;
			return CXChildVisit_Break;
		}
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
		const struct ka_uval *v = ka_walk_val(a->an, c);
		CXCursor r = clang_getCursorReferenced(c);
		enum CXCursorKind rk = clang_getCursorKind(r);
		if (v && v->cls >= KA_U_AFFINE &&
		    (k == CXCursor_MemberRefExpr || rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl)) {
			a->ok = false;
			return CXChildVisit_Break;
		}
	}
	if (k == CXCursor_CallExpr) {
		int in = ka_call_intrin(a->an, c);
		if (in >= 0 && (ka_intrins[in].group == IG_LANE || ka_intrins[in].group == IG_TID_X ||
				ka_intrins[in].group == IG_TILE_RANK || ka_intrins[in].group == IG_LINEAR_TID)) {
			a->ok = false;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static bool is_zero(struct ka_an *an, CXCursor c)
{
	const struct ka_uval *v = ka_walk_val(an, c);
	return v && (v->flags & UV_KNOWN) && v->k == 0 && v->cls == KA_U_CONST;
}

static void ka104(struct ka_walk *w, CXCursor s)
{
	CXCursor ch[4], cond, side = clang_getNullCursor();
	int n = ka_children(s, ch, 4), line, col;
	unsigned s1, e1, s2, e2;
	if (w->an->lang != KA_LANG_CUDA || n != 2)
		return;
	if (n >= 3 || (ka_extent(w->an, ch[0], &s1, &e1) && ka_extent(w->an, ch[1], &s2, &e2) &&
		       ka_text_has_token(w->an, e1, s2, "else")))
		return;
	cond = ka_strip(ch[0]);
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && ka_walk_op_of(w->an, cond) == OP_EQ) {
		CXCursor o[3];
		if (ka_walk_kids2(cond, o) != 2)
			return;
		if (is_zero(w->an, o[1]))
			side = o[0];
		else if (is_zero(w->an, o[0]))
			side = o[1];
	} else if (clang_getCursorKind(cond) == CXCursor_UnaryOperator && ka_walk_op_of(w->an, cond) == OP_LNOT) {
		CXCursor o[1];
		if (ka_walk_kids2(cond, o) == 1)
			side = o[0];
	}
	if (clang_Cursor_isNull(side))
		return;
	const struct ka_uval *v = ka_walk_val(w->an, side);
	if (!v || v->cls != KA_U_AFFINE || !(v->flags & UV_LANE))
		return;
	struct agnostic a = {w->an, 0, 0, true};
	if (!ka_extent(w->an, ch[1], &a.start, &a.end))
		return;
	clang_visitChildren(ch[1], agnostic_visit, &a);
	if (a.ok)
		agnostic_visit(ch[1], ch[1], &a);      /* the statement itself: "if (c) x = 1;" */
	if (!a.ok || !ka_walk_val(w->an, ch[0]))
		return;
	ka_location(ch[0], &line, &col);
	char *t = ka_walk_text(w->an, ch[0]);
	ka_finding_add(w->finds, KA_RULE_LANE0_GUARD, line, col, 90,
		       "lane-0 guard `%s` around code that uses no lane-specific value: on sm_90+ elect.sync "
		       "(cute::elect_one_sync()) picks one active lane in one instruction and does not assume lane 0 "
		       "is active",
		       t);
	free(t);
}

/* KA105: __ldg through a pointer that is already const __restrict__. */
static void ka105(struct ka_walk *w, CXCursor call)
{
	int line, col;
	if (clang_Cursor_getNumArguments(call) < 1)
		return;
	CXCursor p = ka_strip(clang_Cursor_getArgument(call, 0)), ch[3];
	for (int g = 0; g < 8; g++) {
		enum CXCursorKind k = clang_getCursorKind(p);
		if (k == CXCursor_UnaryOperator && ka_walk_kids2(p, ch) == 1)
			p = ka_strip(ch[0]);
		else if (k == CXCursor_ArraySubscriptExpr && ka_walk_kids2(p, ch) == 2)
			p = ka_strip(ch[0]);
		else if (k == CXCursor_BinaryOperator && ka_walk_kids2(p, ch) == 2) {
			CXType t0 = clang_getCanonicalType(clang_getCursorType(ch[0]));
			p = ka_strip(t0.kind == CXType_Pointer ? ch[0] : ch[1]);
		} else
			break;
	}
	if (clang_getCursorKind(p) != CXCursor_DeclRefExpr)
		return;
	CXCursor d = clang_getCursorReferenced(p);
	CXType t = clang_getCursorType(d);
	if (clang_getCanonicalType(t).kind != CXType_Pointer || !clang_isRestrictQualifiedType(t) ||
	    !clang_isConstQualifiedType(clang_getPointeeType(t)))
		return;
	ka_location(call, &line, &col);
	char *pt = ka_walk_text(w->an, p);
	ka_finding_add(w->finds, KA_RULE_LDG_ON_RESTRICT, line, col, 0,
		       "__ldg on `%s`, which is already const __restrict__: the compiler uses the read-only path "
		       "(LDG.E.CONSTANT) without it, and __ldg is no uniformity hint (it says nothing about the "
		       "address being the same in every lane); read through the pointer",
		       pt);
	free(pt);
}

/* ---- KA106 ------------------------------------------------------------------------
 * A lane-strided selection costs what the selected lanes do while the
 * others wait.  When the if has an else that does the same work (a bitonic
 * sort's direction choice: `if ((col & k) == 0) swap if greater; else swap
 * if less`), every lane works in every round and there is nothing to
 * report.  "The same work" is the same statement shape: the same tree of
 * statement and expression kinds, the same callees, the same arithmetic
 * operators, with the names, the literal values and the direction of
 * comparisons (<, >, <=, >=) free to differ. */
struct shape {
	struct ka_an *an;
	struct ka_buf b;
};

static enum CXChildVisitResult shape_visit(CXCursor c, CXCursor p, CXClientData d)
{
	struct shape *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)p;
	ka_buf_printf(&s->b, "%d", (int)k);
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) {
		enum ka_op op = ka_walk_op_of(s->an, c);
		ka_buf_printf(&s->b, "%c", op >= OP_LT && op <= OP_GE ? '<' : (char)('a' + (int)op));
	} else if (k == CXCursor_CallExpr) {
		CXString sp = clang_getCursorSpelling(c);
		ka_buf_printf(&s->b, "'%s'", clang_getCString(sp));
		clang_disposeString(sp);
	}
	ka_buf_puts(&s->b, "(");
	clang_visitChildren(c, shape_visit, s);
	ka_buf_puts(&s->b, ")");
	return CXChildVisit_Continue;
}

static char *shape_of(struct ka_an *an, CXCursor c)
{
	struct shape s = {an, {0}};
	shape_visit(c, c, &s);
	return s.b.data;
}

/* An if statement with an else whose two branches have the same shape. */
static bool branches_same_work(struct ka_an *an, CXCursor ifs)
{
	CXCursor ch[4];
	unsigned s1, e1, s2, e2;
	bool same;
	if (ka_children(ifs, ch, 4) != 3 || !ka_extent(an, ch[1], &s1, &e1) || !ka_extent(an, ch[2], &s2, &e2) ||
	    !ka_text_has_token(an, e1, s2, "else"))
		return false;
	char *a = shape_of(an, ch[1]), *b = shape_of(an, ch[2]);
	same = a && b && strcmp(a, b) == 0;
	free(a);
	free(b);
	return same;
}

/* The text of the selector S in an if's condition `S == K` / `S != K`
 * with S = x & m or x % m; NULL when the condition is not of that form. */
static char *selector_of(struct ka_an *an, CXCursor ifs)
{
	CXCursor ch[4], o[3];
	if (ka_children(ifs, ch, 4) < 2)
		return NULL;
	CXCursor cond = ka_strip(ch[0]);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || ka_walk_kids2(cond, o) != 2)
		return NULL;
	enum ka_op op = ka_walk_op_of(an, cond);
	if (op != OP_EQ && op != OP_NE)
		return NULL;
	for (int i = 0; i < 2; i++) {
		CXCursor x = ka_strip(o[i]);
		if (clang_getCursorKind(x) == CXCursor_BinaryOperator &&
		    (ka_walk_op_of(an, x) == OP_AND || ka_walk_op_of(an, x) == OP_REM))
			return ka_walk_text(an, x);
	}
	return NULL;
}

/* if ((i & k) == 0) {A} next to if ((i & k) == k) {A'} with A and A' of
 * one shape (NVIDIA's cdpBitonicSort: ascending or descending): the two
 * selections together are every lane, doing the same work -- an if/else
 * written as two ifs. */
static bool sibling_same_work(struct ka_an *an, CXCursor ifs, CXCursor parent)
{
	CXCursor kids[128], mine[4], theirs[4];
	int n = ka_children(parent, kids, 128), at = -1;
	bool same = false;
	if (clang_getCursorKind(parent) != CXCursor_CompoundStmt || ka_children(ifs, mine, 4) != 2)
		return false;
	for (int i = 0; i < n && at < 0; i++)
		if (clang_equalCursors(kids[i], ifs))
			at = i;
	char *sel = at >= 0 ? selector_of(an, ifs) : NULL, *a = sel ? shape_of(an, mine[1]) : NULL;
	for (int j = at - 1; a && j <= at + 1 && !same; j += 2) {
		if (j < 0 || j >= n || clang_getCursorKind(kids[j]) != CXCursor_IfStmt || ka_children(kids[j], theirs, 4) != 2)
			continue;
		char *other = selector_of(an, kids[j]), *b = other ? shape_of(an, theirs[1]) : NULL;
		char *c1 = ka_walk_text(an, mine[0]), *c2 = ka_walk_text(an, theirs[0]);
		same = other && b && strcmp(sel, other) == 0 && strcmp(a, b) == 0 && c1 && c2 && strcmp(c1, c2) != 0;
		free(other);
		free(b);
		free(c1);
		free(c2);
	}
	free(sel);
	free(a);
	return same;
}

/* KA106: tid % s == 0 (or tid & m == 0) in the condition of an if whose
 * branches do different work, inside a loop: a lane-strided selection
 * round after round (seed 000's R1).  Once, outside any loop (NVIDIA's
 * newdelete: every second lane pushes), it idles lanes for one branch. */
static void ka106(struct ka_walk *w, CXCursor e)
{
	CXCursor o[3], sel = clang_getNullCursor(), m[3];
	int line, col;
	unsigned es, ee;
	enum ka_op op = ka_walk_op_of(w->an, e);
	if ((op != OP_EQ && op != OP_NE) || ka_walk_kids2(e, o) != 2 || w->loop_depth == 0)
		return;
	if (!ka_extent(w->an, e, &es, &ee) || es < w->cond_start || ee > w->cond_end)
		return;        /* not a branch condition, or both sides do the same work */
	if (is_zero(w->an, o[1]))
		sel = ka_strip(o[0]);
	else if (is_zero(w->an, o[0]))
		sel = ka_strip(o[1]);
	if (clang_Cursor_isNull(sel) || clang_getCursorKind(sel) != CXCursor_BinaryOperator)
		return;
	enum ka_op sop = ka_walk_op_of(w->an, sel);
	if ((sop != OP_REM && sop != OP_AND) || ka_walk_kids2(sel, m) != 2)
		return;
	const struct ka_uval *l = ka_walk_val(w->an, m[0]), *r = ka_walk_val(w->an, m[1]);
	if (!l || !r || l->cls != KA_U_AFFINE || uv_is_lane_dependent(r))
		return;
	char every[32] = "s";
	if (r->flags & UV_KNOWN) {
		int64_t d = sop == OP_REM ? r->k : r->k + 1;
		if (d <= 1 || d % w->an->warp == 0)
			return;
		snprintf(every, sizeof(every), "%lld", (long long)d);
	} else {
		char *rt = ka_walk_text(w->an, m[1]);
		snprintf(every, sizeof(every), "%s", rt);
		free(rt);
	}
	if (ka_few_here(w)->rule != KA_RULE_NONE) {
		char what[64];
		snprintf(what, sizeof(what), "selects every (%s)-th lane", every);
		ka_few_report(w, e, what, ka_few_here(w));
		return;
	}
	ka_location(e, &line, &col);
	char *t = ka_walk_text(w->an, e);
	ka_finding_add(w->finds, KA_RULE_LANE_STRIDED_SELECTION, line, col, 0,
		       "`%s` selects every (%s)-th lane, so every warp keeps a few active lanes for many rounds "
		       "(the interleaved-addressing reduction of Harris's \"Optimizing Parallel Reduction in "
		       "CUDA\"); select contiguous threads (tid < s) and scale the index instead",
		       t, every);
	free(t);
}


static void facts_for(struct ka_walk *w, CXCursor c, enum CXCursorKind k)
{
	struct ka_an *an = w->an;
	CXCursor ch[3];
	const struct ka_uval *v;
	if (k == CXCursor_VarDecl) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		if (!clang_Cursor_isNull(init) && !ka_is_implicit_init(init) && !clang_Cursor_hasVarDeclGlobalStorage(c) &&
		    (v = ka_walk_val(an, init)) &&
		    ka_in_main_file(an, init))
			fact_add(an, w->facts, init, v);
	} else if (k == CXCursor_BinaryOperator) {
		if (ka_walk_kids2(c, ch) == 2 && (v = ka_walk_val(an, ch[1])) && ka_walk_op_of(an, c) == OP_ASSIGN && ka_in_main_file(an, c))
			fact_add(an, w->facts, ch[1], v);
	} else if (k == CXCursor_CompoundAssignOperator) {
		if ((v = ka_walk_val(an, c)) && ka_in_main_file(an, c))
			fact_add(an, w->facts, c, v);
	} else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) == 2) {
		CXString sp = clang_getCursorSpelling(c);
		const char *n = clang_getCString(sp);
		if (strncmp(n, "operator", 8) == 0 && n[8] && strchr(n + 8, '=') && strcmp(n + 8, "==") != 0 &&
		    strcmp(n + 8, "!=") != 0 && strcmp(n + 8, "<=") != 0 && strcmp(n + 8, ">=") != 0 &&
		    ka_in_main_file(an, c)) {
			CXCursor at = strcmp(n + 8, "=") == 0 ? clang_Cursor_getArgument(c, 1) : c;
			if ((v = ka_walk_val(an, strcmp(n + 8, "=") == 0 ? at : c)))
				fact_add(an, w->facts, at, v);
		}
		clang_disposeString(sp);
	} else if (k == CXCursor_UnaryOperator) {
		enum ka_op op = ka_walk_op_of(an, c);
		if ((op == OP_PREINC || op == OP_PREDEC || op == OP_POSTINC || op == OP_POSTDEC) && (v = ka_walk_val(an, c)) &&
		    ka_in_main_file(an, c))
			fact_add(an, w->facts, c, v);
	}
}

/* c -- through parentheses, conversions and a local of at least 32 bits
 * that keeps it as its initializer (Rodinia's `int bx = blockIdx.x;`) --
 * is a member of the builtin `var`: blockIdx.x, and HIP's hipBlockIdx_x
 * (a macro for it: the tree is the same, the text is not). */
static bool builtin_index(struct ka_walk *w, CXCursor c, const char *var)
{
	CXCursor s = ka_strip(c), ch[3], b, d;
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(s);
		if (clang_getCursorKind(v) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(v) == 1 ||
		    clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(v))) < 4 ||
		    !ka_walk_keeps_init(w, v))
			return false;
		s = ka_strip(clang_Cursor_getVarDeclInitializer(v));
		if (clang_Cursor_isNull(s))
			return false;
	}
	if (clang_getCursorKind(s) != CXCursor_MemberRefExpr || ka_walk_kids2(s, ch) < 1)
		return false;
	b = ka_strip(ch[0]);
	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr)
		return false;
	d = clang_getCursorReferenced(b);
	CXString n = clang_getCursorSpelling(d);
	bool ok = clang_Cursor_hasVarDeclGlobalStorage(d) == 1 && clang_getCString(n) &&
		  strcmp(clang_getCString(n), var) == 0;
	clang_disposeString(n);
	return ok;
}

static bool is_block_index(struct ka_walk *w, CXCursor c)
{
	const struct ka_uval *v = ka_walk_val(w->an, ka_strip(c));
	return v && v->cls == KA_U_BLOCK && v->why == WHY_BLOCKIDX && builtin_index(w, c, "blockIdx");
}

/* threadIdx of the lane dimension (threadIdx.x unless every launch found
 * runs along y or z), itself or through a local that keeps it. */
static bool is_lane_thread_index(struct ka_walk *w, CXCursor c)
{
	const struct ka_uval *v = ka_walk_val(w->an, ka_strip(c));
	return v && v->cls == KA_U_AFFINE && v->stride == 1 && (v->flags & UV_TIDX) && builtin_index(w, c, "threadIdx");
}

/* `b == g` or `b != g` (either order) with b a block index and g the same
 * in every thread of the launch (a constant, gridDim.x - 1, a parameter). */
static bool compares_block_index(struct ka_walk *w, CXCursor e)
{
	CXCursor o[3];
	const struct ka_uval *l, *r;
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || ka_walk_kids2(e, o) != 2)
		return false;
	l = ka_walk_val(w->an, o[0]);
	r = ka_walk_val(w->an, o[1]);
	return (l && r) && ((is_block_index(w, o[0]) && r->cls <= KA_U_GRID) ||
			    (is_block_index(w, o[1]) && l->cls <= KA_U_GRID));
}

/* The child of an if (cond, then, else) that only one block of the grid
 * runs: the then of `b == g` (or of a conjunction holding it), the else
 * of `b != g`; -1: none. */
static int one_block_child(struct ka_walk *w, CXCursor cond, int n)
{
	CXCursor c = ka_strip(cond), o[3];
	enum ka_op op = clang_getCursorKind(c) == CXCursor_BinaryOperator ? ka_walk_op_of(w->an, c) : OP_NONE;
	if (op == OP_EQ && compares_block_index(w, c))
		return 1;
	if (op == OP_NE && n == 3 && compares_block_index(w, c))
		return 2;
	if (op == OP_LAND && ka_walk_kids2(c, o) == 2)
		for (int i = 0; i < 2; i++)
			if (one_block_child(w, o[i], 2) == 1)
				return 1;
	return -1;
}

/* `t < c` (c > t, t <= c - 1), or a conjunction holding one, with t the
 * thread index of the lane dimension and 0 < c <= the warp, in a block
 * that is one-dimensional (every launch found is; with none found, the
 * analysis' default block is): c threads of each block take its then;
 * else 0. */
static int64_t few_threads(struct ka_walk *w, CXCursor cond)
{
	CXCursor c = ka_strip(cond), o[3];
	const struct ka_ushape *sh = &w->an->shape;
	int64_t k;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || ka_walk_kids2(c, o) != 2)
		return 0;
	enum ka_op op = ka_walk_op_of(w->an, c);
	if (op == OP_LAND) {
		int64_t a = few_threads(w, o[0]), b = few_threads(w, o[1]);
		return a && b ? (a < b ? a : b) : a ? a : b;
	}
	if (sh->n_sites > 0 && (sh->n_unknown > 0 || !sh->flat))
		return 0;         /* a launch whose block is not a constant may be 2-D */
	if ((op == OP_LT || op == OP_LE) && is_lane_thread_index(w, o[0]) && ka_walk_known_int(w, o[1], &k))
		;
	else if ((op == OP_GT || op == OP_GE) && is_lane_thread_index(w, o[1]) && ka_walk_known_int(w, o[0], &k))
		;
	else
		return 0;
	if (op == OP_LE || op == OP_GE)
		k++;
	return k > 0 && k <= w->an->warp ? k : 0;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d);

/* An if's children, with what the condition proves about who runs each:
 * one block of the grid (KA112), at most one warp of each block (KA113).
 * An outer mark already covers the whole if. */
static void visit_if(struct ka_walk *w, CXCursor ifs)
{
	CXCursor ch[4];
	int n = ka_children(ifs, ch, 4), one = n == 2 || n == 3 ? one_block_child(w, ch[0], n) : -1;
	int64_t few = n >= 2 && w->loop_depth == 0 ? few_threads(w, ch[0]) : 0;
	for (int i = 0; i < n; i++) {
		struct ka_few outer = w->few;
		char *t = NULL;
		if (w->few.rule == KA_RULE_NONE && (i == one || (i == 1 && few)))
			t = ka_walk_text(w->an, ch[0]);
		if (t) {
			size_t len = strlen(t) + 48;
			w->few = (struct ka_few){i == one ? KA_RULE_ONE_BLOCK_SELECTION : KA_RULE_ONE_WARP_ONCE, ka_xcalloc(len, 1)};
			if (i == one)
				snprintf(w->few.cond, len, "%s`%s`", one == 2 ? "the else of " : "", t);
			else
				snprintf(w->few.cond, len, "`%s`: %lld threads", t, (long long)few);
			free(t);
		}
		if (visit(ch[i], ifs, w) == CXChildVisit_Recurse)
			clang_visitChildren(ch[i], visit, w);
		if (w->few.cond != outer.cond)
			free(w->few.cond);
		w->few = outer;
	}
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct ka_walk *w = d;
	struct ka_an *an = w->an;
	enum CXCursorKind k = clang_getCursorKind(c);
	int quiet = 0, loop = 0;

	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (!ka_in_main_file(an, c) && k != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	facts_for(w, c, k);
	switch (k) {
	case CXCursor_BinaryOperator: {
		enum ka_op op = ka_walk_val(an, c) ? ka_walk_op_of(an, c) : OP_NONE;
		if (op == OP_DIV || op == OP_SHR)
			ka102(w, c);
		if (op == OP_EQ || op == OP_NE)
			ka106(w, c);
		break;
	}
	case CXCursor_IfStmt: {
		CXCursor ch[4];
		unsigned cs, ce;
		ka104(w, c);
		if (ka_children(c, ch, 4) >= 2 && ka_extent(an, ch[0], &cs, &ce) && !branches_same_work(an, c) &&
		    !sibling_same_work(an, c, parent)) {
			unsigned os = w->cond_start, oe = w->cond_end;
			w->cond_start = cs;
			w->cond_end = ce;
			visit_if(w, c);
			w->cond_start = os;
			w->cond_end = oe;
			return CXChildVisit_Continue;
		}
		visit_if(w, c);
		return CXChildVisit_Continue;
	}
	case CXCursor_GCCAsmStmt:
		asm_operands(w, c);
		break;
	case CXCursor_CallExpr:
		if (ka_walk_val(an, c)) {
			int in = ka_call_intrin(an, c);
			if (in >= 0) {
				enum ka_igroup g = ka_intrins[in].group;
				if (g == IG_SHFL_IDX)
					ka103(w, c, in);
				if (in == IN_LDG)
					ka105(w, c);
				if (in == IN_BUFFER_LOAD || in == IN_BUFFER_STORE)
					buffer_rules(w, c, in);
				if (g == IG_READLANE || g == IG_SHFL_IDX)
					quiet = 1;
			}
		}
		break;
	default:
		break;
	}
	loop = k == CXCursor_ForStmt ? ka_loop_repeats(w, c, true) : ka_loop_work(w, c);
	w->quiet_warpidx += quiet;
	w->loop_depth += loop;
	clang_visitChildren(c, visit, w);
	w->loop_depth -= loop;
	w->quiet_warpidx -= quiet;
	return CXChildVisit_Continue;
}

void ka_collect(struct ka_an *an, struct ka_fact_acc *facts, struct ka_finding_acc *finds)
{
	struct ka_walk w = {.an = an, .facts = facts, .finds = finds, .few = KA_FEW_NONE};
	for (size_t i = 0; i < an->n_reached; i++) {
		w.fn = i;
		clang_visitChildren(an->reached[i], visit, &w);
	}
	ka_walk_free(&w);
}

/* ---- KA108: needs every call site in the file ------------------------------------------ */
struct sites {
	struct ka_an *an;
	CXCursor fn;
	int param;
	int n;
	bool all_const;
	char values[64];
};

static bool arg_const(CXCursor a, int64_t *k, bool *known)
{
	CXCursor s = ka_strip(a);
	*known = false;
	if (ka_eval_int(a, k)) {
		*known = true;
		return true;
	}
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(s);
		enum CXCursorKind dk = clang_getCursorKind(d);
		return dk == CXCursor_NonTypeTemplateParameter || dk == CXCursor_EnumConstantDecl;
	}
	return false;
}

static enum CXChildVisitResult site_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct sites *s = d;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXCursor callee = ka_call_callee(c);
		if (!clang_Cursor_isNull(callee) && clang_equalCursors(clang_getCursorDefinition(callee), s->fn)) {
			int64_t k;
			bool known;
			s->n++;
			if (s->param >= clang_Cursor_getNumArguments(c) ||
			    !arg_const(clang_Cursor_getArgument(c, (unsigned)s->param), &k, &known)) {
				s->all_const = false;
			} else {
				size_t l = strlen(s->values);
				if (l < sizeof(s->values) - 24) {
					if (known)
						snprintf(s->values + l, sizeof(s->values) - l, "%s%lld", l ? ", " : "",
							 (long long)k);
					else
						snprintf(s->values + l, sizeof(s->values) - l, "%sa constant", l ? ", " : "");
				}
			}
		}
	}
	return CXChildVisit_Recurse;
}

/* Inlined at every call, so each call's constant arguments fold already:
 * a lambda's or functor's call operator (ggml's upscale `load(0, 1)`), a
 * __forceinline__ / always_inline function. */
static bool always_inlined(struct ka_an *an, CXCursor fn)
{
	CXString sp = clang_getCursorSpelling(fn);
	bool call_op = clang_getCursorKind(fn) == CXCursor_CXXMethod && strcmp(clang_getCString(sp), "operator()") == 0;
	unsigned s, e, name;
	clang_disposeString(sp);
	if (call_op)
		return true;
	if (!ka_extent(an, fn, &s, &e))
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(fn), NULL, NULL, NULL, &name);
	if (name <= s || name > e)
		return false;
	return ka_text_has_token(an, s, name, "__forceinline__") || ka_text_has_token(an, s, name, "always_inline");
}

void ka_findings_file(struct ka_an *an, struct ka_finding_acc *finds)
{
	CXCursor tu = clang_getTranslationUnitCursor(an->tu);
	for (size_t f = 0; f < an->n_fns; f++) {
		struct ka_fninfo *fi = &an->fns[f];
		uint64_t cand = fi->addr_taint & fi->int_params;
		if (!fi->called || !cand || ka_is_kernel(fi->fn) || !ka_in_main_file(an, fi->fn) ||
		    always_inlined(an, fi->fn))
			continue;
		CXCursor params[64];
		int np = 0;
		{
			CXCursor ch[96];
			int n = ka_children(fi->fn, ch, 96);
			for (int i = 0; i < n && np < 64; i++)
				if (clang_getCursorKind(ch[i]) == CXCursor_ParmDecl)
					params[np++] = ch[i];
		}
		for (int i = 0; i < np; i++) {
			if (!(cand & (1ull << i)))
				continue;
			struct sites s = {an, fi->fn, i, 0, true, ""};
			clang_visitChildren(tu, site_visit, &s);
			if (s.n == 0 || !s.all_const)
				continue;
			int line, col;
			ka_location(params[i], &line, &col);
			CXString pn = clang_getCursorSpelling(params[i]), fn = clang_getCursorSpelling(fi->fn);
			ka_finding_add(finds, KA_RULE_CONSTANT_RUNTIME_INDEX, line, col, 0,
				       "parameter `%s` of %s() is a constant at every call (%s) and feeds address "
				       "arithmetic: as a template parameter the offsets fold into immediates and its "
				       "multiplications disappear",
				       clang_getCString(pn), clang_getCString(fn), s.values);
			clang_disposeString(pn);
			clang_disposeString(fn);
		}
	}
}
