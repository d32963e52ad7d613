/* findings.c — reads the values uniformity.c left on the nodes of one
 * kernel (and of the functions it called) and turns them into the report:
 * one fact per variable initializer and assignment, and the findings of
 * rules.def.  Nothing here changes a value; each rule is a small function
 * that says what it needs from the lattice (see the man page's FINDINGS). */
#include "internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- accumulators ---------------------------------------------------------------- */
struct ka_ufinding *ka_finding_add(struct ka_finding_acc *a, enum ka_rule rule, int line, int col, int min_sm,
				   const char *fmt, ...)
{
	va_list ap;
	struct ka_buf b = {0};
	char tmp[1024];
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i].rule == rule && a->v[i].line == line && a->v[i].col == col)
			return &a->v[i];
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	ka_buf_puts(&b, tmp);
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->v = ka_xrealloc(a->v, a->cap * sizeof(*a->v));
	}
	a->v[a->n] = (struct ka_ufinding){rule, line, col, min_sm, b.data, 0, 0, false};
	return &a->v[a->n++];
}


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
	if (a->n == a->cap) {
		a->cap = a->cap ? 2 * a->cap : 32;
		a->v = ka_xrealloc(a->v, a->cap * sizeof(*a->v));
		a->offsets = ka_xrealloc(a->offsets, a->cap * sizeof(*a->offsets));
	}
	ka_location(at, &line, &col);
	a->offsets[a->n] = s;
	a->v[a->n++] = (struct ka_ufact){line, col, ka_cursor_text(an, at, 120), (enum ka_uclass)v->cls,
					 v->cls == KA_U_AFFINE ? v->stride : 0, ka_why_render(v), NULL};
}

/* ---- the walk ---------------------------------------------------------------------- */
/* A branch that few threads run: the rule a cost in it reports under --
 * KA112, one block of the grid; KA113, at most one warp of each block,
 * once -- and the condition that chose it (KA_RULE_NONE: no such branch;
 * the walk starts with FEW_NONE). */
struct few {
	enum ka_rule rule;
	char *cond;
};

#define FEW_NONE ((struct few){KA_RULE_NONE, NULL})

/* A strided global access waiting for the whole function (KA107/KA109):
 * base[E + c + sum of mult * k] at lane stride `stride` (in base's
 * elements), each k the counter of an enclosing loop of constant length
 * taking `count` consecutive values; the access reads `width` neighbouring
 * elements (a uint4 over floats: 4; `bytes` in all). */
struct loop_term {
	int64_t mult, count;
};

enum { KA_LOOP_TERMS = 4 };

/* How often a strided access runs beside the kernel's work (KA111): in
 * it, once per thread outside every loop, or once per trip of a loop
 * whose body holds an inner work loop with global accesses. */
enum once { ONCE_NOT, ONCE_PER_THREAD, ONCE_PER_TRIP, ONCE_SMALL_LAUNCH };

/* The most threads a launch may run for KA114: one access per thread
 * then fetches at most 2 MiB of 32-byte sectors, less than the launch. */
enum { KA_SMALL_LAUNCH_THREADS = 65536 };

struct strided {
	CXCursor at;
	size_t fn;                /* index into an->reached                  */
	char *base, *e;           /* source text of the pointer and of E     */
	int64_t c;
	struct loop_term lt[KA_LOOP_TERMS];
	int n_lt;
	int stride, width;
	long long bytes;
	int line, col;
	enum once once;           /* beside the loops where the work is (KA111) */
	struct few few;           /* in a branch few threads run (cond owned)  */
	bool store;               /* the access is written                     */
};

/* A for loop's counter: n = hi - lo values for (v = lo; v < hi; ++v) with
 * constant lo and hi, else 0; compile_time: the bound is a compile-time
 * value even where it cannot be evaluated here (a template parameter, a
 * constexpr of a dependent type). */
struct cloop {
	CXCursor var;
	int64_t n, lo;            /* lo: the first value, when n is known */
	bool compile_time;
};

/* `&x[i]` arguments of one call remembered (Rodinia's myocyte hands nine
 * arrays' addresses to its solver step). */
enum { KA_ADDR_ARGS = 16, KA_ASM_ADDRS = 8 };

struct walk {
	struct ka_an *an;
	struct ka_fact_acc *facts;
	struct ka_finding_acc *finds;
	int quiet_warpidx;        /* inside readfirstlane / a broadcast shuffle */
	int loop_depth;           /* loops around the node being walked         */
	bool storing;             /* the access being judged is written (an
	                             assignment's left side): its finding says
	                             so, for the machine code check           */
	bool looped_global;       /* global accesses in work loops (KA111)      */
	bool inner_work;          /* the innermost work loop holds a work loop
	                             with global accesses (KA111)           */
	unsigned cond_start, cond_end;  /* the condition of the innermost if whose
	                                   branches do different work (KA106)  */
	struct few few;           /* inside a branch few threads run (KA112,
	                             KA113): the condition that chose it     */
	bool one_lane;            /* inside a branch at most one lane of each
	                             warp takes (a vector loop's scalar tail):
	                             an access there is one lane's, no pattern */
	struct kept {             /* locals asked about: keeps its initializer? */
		CXCursor var;
		bool keeps;
	} *kept;
	size_t n_kept;
	struct tail_bound {       /* in the else of `e + c < n`: e >= n - c     */
		char *e, *n;      /* their text; e NULL when there is none     */
		int64_t c;
	} tail;
	size_t fn;                /* the reached function being walked        */
	struct strided *acc;      /* KA107 candidates of the kernel           */
	size_t n_acc;
	struct cloop *loops;      /* every for loop's counter seen            */
	size_t n_loops;
	CXCursor via_deref;       /* x[i] of *(T *)&x[i]: the deref is the access */
	CXCursor asm_addr[KA_ASM_ADDRS];  /* x[i] of the `&x[i]` operands of the asm
	                             statement being walked: its memory
	                             instruction accesses them, asm_bytes wide
	                             (0: unknown, no access judged) */
	long long asm_bytes;
	CXCursor addr_of[KA_ADDR_ARGS];  /* x[i] of the `&x[i]` arguments of the call
	                             being walked when that call is no intrinsic
	                             (ggml's 16-byte memcpy from &x[off]): an
	                             address handed on, no access here; the
	                             callee's accesses are its own.  (__ldg(&x[i])
	                             and atomicAdd(&x[i], v) are accesses.) */
};

/* A global access finding's shape (its cost, lib/ground.c): lanes
 * `lane_bytes` apart (0: a runtime distance), `access_bytes` each. */
static void access_shape(const struct walk *w, struct ka_ufinding *f, long long lane_bytes, long long access_bytes)
{
	if (!f)
		return;
	f->store = w->storing;
	f->lane_bytes = lane_bytes > 0 && lane_bytes < (1 << 30) ? (int)lane_bytes : 0;
	f->access_bytes = access_bytes > 0 && access_bytes <= 256 ? (int)access_bytes : 4;
}

static const struct ka_uval *val(struct ka_an *an, CXCursor c)
{
	const struct ka_node *n = ka_node_find(an, c);
	return n ? &n->v : NULL;
}

/* A compile-time integer: what libclang evaluates, or a constant the
 * analysis knows (a template argument of the instance being walked:
 * bitsandbytes' `k < num_values_4bit / 4`). */
static bool known_int(struct walk *w, CXCursor c, int64_t *k)
{
	const struct ka_uval *v;
	if (ka_eval_int(c, k))
		return true;
	v = val(w->an, c);
	if (v && v->cls == KA_U_CONST && (v->flags & UV_KNOWN)) {
		*k = v->k;
		return true;
	}
	return false;
}

static enum ka_op op_of(struct ka_an *an, CXCursor c)
{
	struct ka_node *n = ka_node_get(an, c);
	if (n->op < 0)
		n->op = (int8_t)ka_operator(an, c);
	return (enum ka_op)n->op;
}

static int kids2(CXCursor c, CXCursor *ch)
{
	CXCursor all[8];
	int n = ka_children(c, all, 8), m = 0;
	for (int i = 0; i < n && m < 3; i++) {
		enum CXCursorKind k = clang_getCursorKind(all[i]);
		if (k != CXCursor_TypeRef && k != CXCursor_TemplateRef && k != CXCursor_NamespaceRef)
			ch[m++] = all[i];
	}
	return m;
}

static char *text(struct ka_an *an, CXCursor c)
{
	return ka_cursor_text(an, c, 80);
}

static void col_of_offset(struct ka_an *an, unsigned off, int *col)
{
	unsigned s = off;
	while (s > 0 && an->src[s - 1] != '\n')
		s--;
	*col = (int)(off - s) + 1;
}

/* KA101: a value with a folded uniform term reaching a per-lane operand. */
static void ka101(struct walk *w, CXCursor operand, const char *what)
{
	const struct ka_uval *v = val(w->an, operand);
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
	char *ot = text(w->an, operand);
	ka_finding_add(w->finds, KA_RULE_KA101, line, col, 0,
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
 * (KA101), and the `&x[i]` ones, which its memory instruction accesses
 * (ka107 judges x[i] at that width, or not at all when it is unknown). */
static void asm_operands(struct walk *w, CXCursor s)
{
	char cons[32][16], tmpl[1024];
	CXCursor ch[32];
	int nc = asm_text(w->an, s, tmpl, sizeof(tmpl), cons, 32), n = ka_children(s, ch, 32), k = 0, m = 0;
	for (int a = 0; a < KA_ASM_ADDRS; a++)
		w->asm_addr[a] = clang_getNullCursor();
	w->asm_bytes = ka_asm_access_bytes(tmpl);
	for (int i = 0; i < n && k < nc; i++) {
		CXCursor e = ka_strip(ch[i]), sub[2];
		if (!clang_isExpression(clang_getCursorKind(ch[i])))
			continue;
		const char *c = cons[k++];
		if (strchr(c, '=') || strchr(c, '+'))
			continue;        /* an output */
		if (strchr(c, 'v') && !strchr(c, 's'))
			ka101(w, ch[i], "a \"v\" inline-asm operand");
		if (m < KA_ASM_ADDRS && clang_getCursorKind(e) == CXCursor_UnaryOperator && op_of(w->an, e) == OP_ADDR &&
		    kids2(e, sub) == 1)
			w->asm_addr[m++] = ka_strip(sub[0]);
	}
}

static void buffer_rules(struct walk *w, CXCursor call, int in)
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
static void ka102(struct walk *w, CXCursor e)
{
	const struct ka_uval *v = val(w->an, e);
	int line, col;
	if (!v || w->quiet_warpidx || v->cls != KA_U_WARP_IF || !(v->flags & UV_WARPIDX) || v->why != WHY_WARPIDX)
		return;
	CXCursor ch[3];
	if (kids2(e, ch) < 2)
		return;
	const struct ka_uval *l = val(w->an, ch[0]);
	if (!l || l->cls != KA_U_AFFINE)
		return;
	ka_location(e, &line, &col);
	char *t = text(w->an, e);
	if (w->an->lang == KA_LANG_HIP)
		ka_finding_add(w->finds, KA_RULE_KA102, line, col, 0,
			       "`%s` is a wave index: the same in a wave only if the block is 1-D or blockDim.x is a "
			       "multiple of %d; the compiler cannot prove it, so it stays in VGPRs: "
			       "__builtin_amdgcn_readfirstlane(%s) makes it scalar",
			       t, w->an->warp, t);
	else
		ka_finding_add(w->finds, KA_RULE_KA102, line, col, 0,
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
static void ka103(struct walk *w, CXCursor call, int in)
{
	int a = ka_intrins[in].a, line, col;
	if (in == IN_AMD_BPERMUTE || a < 0 || a >= clang_Cursor_getNumArguments(call))
		return;
	CXCursor arg = clang_Cursor_getArgument(call, (unsigned)a);
	const struct ka_uval *v = val(w->an, arg);
	if (!v || !compiler_sees_uniform(v))
		return;
	ka_location(call, &line, &col);
	char *t = text(w->an, arg), *why = ka_why_render(v);
	ka_finding_add(w->finds, KA_RULE_KA103, line, col, 0,
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
		if ((k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr) && kids2(s, ch) >= 1 &&
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
	if ((k == CXCursor_BinaryOperator && op_of(a->an, c) == OP_ASSIGN) || k == CXCursor_CompoundAssignOperator ||
	    (k == CXCursor_UnaryOperator && op_of(a->an, c) >= OP_PREINC && op_of(a->an, c) <= OP_POSTDEC)) {
		if (kids2(c, ch) >= 1 && writes_outer_local(a, ch[0])) {
			a->ok = false;
			return CXChildVisit_Break;
		}
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
		const struct ka_uval *v = val(a->an, c);
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
	const struct ka_uval *v = val(an, c);
	return v && (v->flags & UV_KNOWN) && v->k == 0 && v->cls == KA_U_CONST;
}

static void ka104(struct walk *w, CXCursor s)
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
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && op_of(w->an, cond) == OP_EQ) {
		CXCursor o[3];
		if (kids2(cond, o) != 2)
			return;
		if (is_zero(w->an, o[1]))
			side = o[0];
		else if (is_zero(w->an, o[0]))
			side = o[1];
	} else if (clang_getCursorKind(cond) == CXCursor_UnaryOperator && op_of(w->an, cond) == OP_LNOT) {
		CXCursor o[1];
		if (kids2(cond, o) == 1)
			side = o[0];
	}
	if (clang_Cursor_isNull(side))
		return;
	const struct ka_uval *v = val(w->an, side);
	if (!v || v->cls != KA_U_AFFINE || !(v->flags & UV_LANE))
		return;
	struct agnostic a = {w->an, 0, 0, true};
	if (!ka_extent(w->an, ch[1], &a.start, &a.end))
		return;
	clang_visitChildren(ch[1], agnostic_visit, &a);
	if (a.ok)
		agnostic_visit(ch[1], ch[1], &a);      /* the statement itself: "if (c) x = 1;" */
	if (!a.ok || !val(w->an, ch[0]))
		return;
	ka_location(ch[0], &line, &col);
	char *t = text(w->an, ch[0]);
	ka_finding_add(w->finds, KA_RULE_KA104, line, col, 90,
		       "lane-0 guard `%s` around code that uses no lane-specific value: on sm_90+ elect.sync "
		       "(cute::elect_one_sync()) picks one active lane in one instruction and does not assume lane 0 "
		       "is active",
		       t);
	free(t);
}

/* KA105: __ldg through a pointer that is already const __restrict__. */
static void ka105(struct walk *w, CXCursor call)
{
	int line, col;
	if (clang_Cursor_getNumArguments(call) < 1)
		return;
	CXCursor p = ka_strip(clang_Cursor_getArgument(call, 0)), ch[3];
	for (int g = 0; g < 8; g++) {
		enum CXCursorKind k = clang_getCursorKind(p);
		if (k == CXCursor_UnaryOperator && kids2(p, ch) == 1)
			p = ka_strip(ch[0]);
		else if (k == CXCursor_ArraySubscriptExpr && kids2(p, ch) == 2)
			p = ka_strip(ch[0]);
		else if (k == CXCursor_BinaryOperator && kids2(p, ch) == 2) {
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
	char *pt = text(w->an, p);
	ka_finding_add(w->finds, KA_RULE_KA105, line, col, 0,
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
		enum ka_op op = op_of(s->an, c);
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
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || kids2(cond, o) != 2)
		return NULL;
	enum ka_op op = op_of(an, cond);
	if (op != OP_EQ && op != OP_NE)
		return NULL;
	for (int i = 0; i < 2; i++) {
		CXCursor x = ka_strip(o[i]);
		if (clang_getCursorKind(x) == CXCursor_BinaryOperator &&
		    (op_of(an, x) == OP_AND || op_of(an, x) == OP_REM))
			return text(an, x);
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
		char *c1 = text(an, mine[0]), *c2 = text(an, theirs[0]);
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

/* KA112: what a lane-strided selection or access inside a branch that one
 * block runs costs: that block's, beside the other blocks' work. */
/* The branch few threads run around the node being walked: KA113's only
 * where nothing repeats the node (no loop inside the branch either). */
static const struct few *few_here(const struct walk *w)
{
	static const struct few none = {KA_RULE_NONE, NULL};
	if (w->few.rule == KA_RULE_NONE || (w->few.rule == KA_RULE_KA113 && w->loop_depth > 0))
		return &none;
	return &w->few;
}

static void few_report(struct walk *w, CXCursor at, const char *what, const struct few *few)
{
	int line, col;
	char *t = text(w->an, at);
	ka_location(at, &line, &col);
	if (few->rule == KA_RULE_KA112)
		ka_finding_add(w->finds, KA_RULE_KA112, line, col, 0,
			       "`%s`: %s, but only one block of the grid runs it (%s): a cost paid by that block alone, "
			       "beside the other blocks' work",
			       t, what, few->cond);
	else
		ka_finding_add(w->finds, KA_RULE_KA113, line, col, 0,
			       "`%s`: %s, but it runs once, in at most one warp of each block (%s): one partial warp's "
			       "access per block, beside the block's other work",
			       t, what, few->cond);
	free(t);
}

/* KA106: tid % s == 0 (or tid & m == 0) in the condition of an if whose
 * branches do different work, inside a loop: a lane-strided selection
 * round after round (seed 000's R1).  Once, outside any loop (NVIDIA's
 * newdelete: every second lane pushes), it idles lanes for one branch. */
static void ka106(struct walk *w, CXCursor e)
{
	CXCursor o[3], sel = clang_getNullCursor(), m[3];
	int line, col;
	unsigned es, ee;
	enum ka_op op = op_of(w->an, e);
	if ((op != OP_EQ && op != OP_NE) || kids2(e, o) != 2 || w->loop_depth == 0)
		return;
	if (!ka_extent(w->an, e, &es, &ee) || es < w->cond_start || ee > w->cond_end)
		return;        /* not a branch condition, or both sides do the same work */
	if (is_zero(w->an, o[1]))
		sel = ka_strip(o[0]);
	else if (is_zero(w->an, o[0]))
		sel = ka_strip(o[1]);
	if (clang_Cursor_isNull(sel) || clang_getCursorKind(sel) != CXCursor_BinaryOperator)
		return;
	enum ka_op sop = op_of(w->an, sel);
	if ((sop != OP_REM && sop != OP_AND) || kids2(sel, m) != 2)
		return;
	const struct ka_uval *l = val(w->an, m[0]), *r = val(w->an, m[1]);
	if (!l || !r || l->cls != KA_U_AFFINE || uv_is_lane_dependent(r))
		return;
	char every[32] = "s";
	if (r->flags & UV_KNOWN) {
		int64_t d = sop == OP_REM ? r->k : r->k + 1;
		if (d <= 1 || d % w->an->warp == 0)
			return;
		snprintf(every, sizeof(every), "%lld", (long long)d);
	} else {
		char *rt = text(w->an, m[1]);
		snprintf(every, sizeof(every), "%s", rt);
		free(rt);
	}
	if (few_here(w)->rule != KA_RULE_NONE) {
		char what[64];
		snprintf(what, sizeof(what), "selects every (%s)-th lane", every);
		few_report(w, e, what, few_here(w));
		return;
	}
	ka_location(e, &line, &col);
	char *t = text(w->an, e);
	ka_finding_add(w->finds, KA_RULE_KA106, line, col, 0,
		       "`%s` selects every (%s)-th lane, so every warp keeps a few active lanes for many rounds "
		       "(the interleaved-addressing reduction of Harris's \"Optimizing Parallel Reduction in "
		       "CUDA\"); select contiguous threads (tid < s) and scale the index instead",
		       t, every);
	free(t);
}

/* KA107: a global access whose lane stride is not 1 -- unless the same
 * thread's accesses at neighbouring offsets cover the stride (issue 17):
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
static enum once once_here(const struct walk *w)
{
	const struct ka_ushape *sh = &w->an->shape;
	if (w->fn != 0)
		return ONCE_NOT;
	if (w->loop_depth == 0 && sh->threads > 0 && sh->threads <= KA_SMALL_LAUNCH_THREADS)
		return ONCE_SMALL_LAUNCH;
	if (w->loop_depth == 0)
		return w->looped_global ? ONCE_PER_THREAD : ONCE_NOT;
	return w->inner_work ? ONCE_PER_TRIP : ONCE_NOT;
}

/* The words that say how often a KA111 or KA114 access runs, and its rule. */
static int once_words(const struct walk *w, enum once o, char *buf, size_t n)
{
	if (o == ONCE_SMALL_LAUNCH) {
		snprintf(buf, n, "but it runs once per thread and every launch found runs at most %lld threads (a "
			 "constant grid and block): at most that many 32-byte sectors per launch",
			 w->an->shape.threads);
		return KA_RULE_KA114;
	}
	snprintf(buf, n, "%s", o == ONCE_PER_THREAD ? "but it runs once per thread, outside the loops where the "
						     "kernel does its work: a one-time cost"
						   : "but it runs once per trip of its loop, beside the inner loop "
						     "where the kernel does its work: a cost that loop's trips divide");
	return KA_RULE_KA111;
}

/* How often an access's cost is paid: in a branch few threads run (KA112,
 * KA113: few), once per thread beside the kernel's loops (KA111: once),
 * else in the kernel's work (KA107). */
static void ka107_report(struct walk *w, CXCursor at, int stride, long long size, enum once once,
			 const struct few *few)
{
	int line, col, waste = sector_waste(stride, size);
	if (waste <= 1)
		return;                   /* each lane's element fills its sectors */
	if (few->rule != KA_RULE_NONE) {
		char what[128];
		snprintf(what, sizeof(what), "a global access whose consecutive lanes are %d elements apart (about "
			 "%dx the memory it uses)", stride, waste);
		few_report(w, at, what, few);
		return;
	}
	ka_location(at, &line, &col);
	char *t = text(w->an, at);
	char words[256];
	struct ka_ufinding *f;
	if (once)
		f = ka_finding_add(w->finds, once_words(w, once, words, sizeof(words)), line, col, 0,
				   "global access `%s`: consecutive lanes are %d elements apart (about %dx the memory "
				   "it uses, 32-byte sectors), %s",
				   t, stride, waste, words);
	else
		f = ka_finding_add(w->finds, KA_RULE_KA107, line, col, 0,
			       "global access `%s`: consecutive lanes are %d elements apart, so a warp's access "
			       "fetches about %dx the memory it uses (32-byte sectors; uncoalesced); make the lane "
			       "index the unit-stride index",
			       t, stride, waste);
	access_shape(w, f, (long long)(stride < 0 ? -stride : stride) * (size > 0 ? size : 4), size);
	free(t);
}

/* The for loop whose counter d is, if any. */
static const struct cloop *loop_of(const struct walk *w, CXCursor d)
{
	for (size_t i = 0; i < w->n_loops; i++)
		if (clang_equalCursors(w->loops[i].var, d))
			return &w->loops[i];
	return NULL;
}

/* The counter of a constant loop around the access: how many values. */
static int64_t loop_count(struct walk *w, CXCursor ref, int64_t *lo)
{
	CXCursor s = ka_strip(ref);
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return 0;
	const struct cloop *l = loop_of(w, clang_getCursorReferenced(s));
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
static bool keeps_init(struct walk *w, CXCursor var)
{
	for (size_t i = 0; i < w->n_kept; i++)
		if (clang_equalCursors(w->kept[i].var, var))
			return w->kept[i].keeps;
	w->kept = ka_xrealloc(w->kept, (w->n_kept + 1) * sizeof(*w->kept));
	w->kept[w->n_kept] = (struct kept){var, ka_keeps_init(w->an->reached[w->fn], var)};
	return w->kept[w->n_kept++].keeps;
}

/* The additive terms of an address: through +, -, casts and the initialisers
 * of local variables that are not loop counters and are never written after
 * them (PrefixSum's globalIdx = hipBlockIdx_x, then reassigned: not the
 * block index), three levels deep. */
static void add_terms(struct walk *w, CXCursor e, struct terms *ts, int depth, int sign)
{
	CXCursor x = ka_strip(e), o[3];
	enum CXCursorKind k = clang_getCursorKind(x);
	if (k == CXCursor_BinaryOperator && kids2(x, o) == 2) {
		enum ka_op op = op_of(w->an, x);
		if (op == OP_ADD || op == OP_SUB) {
			add_terms(w, o[0], ts, depth, sign);
			add_terms(w, o[1], ts, depth, op == OP_ADD ? sign : -sign);
			return;
		}
	}
	if (k == CXCursor_DeclRefExpr && depth < 3) {
		CXCursor d = clang_getCursorReferenced(x);
		if (clang_getCursorKind(d) == CXCursor_VarDecl && !loop_of(w, d) &&
		    clang_Cursor_hasVarDeclGlobalStorage(d) != 1 && keeps_init(w, d)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(d);
			if (!clang_Cursor_isNull(init) && !ka_is_implicit_init(init) && val(w->an, init)) {
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
static int64_t loop_multiple(struct walk *w, CXCursor t, int64_t *mult, int64_t *lo)
{
	CXCursor x = ka_strip(t), o[3];
	int64_t n, m, d;
	if ((n = loop_count(w, x, lo)) > 0) {
		*mult = 1;
		return n;
	}
	if (clang_getCursorKind(x) != CXCursor_BinaryOperator || kids2(x, o) != 2)
		return 0;
	switch (op_of(w->an, x)) {
	case OP_MUL:
		if ((n = loop_count(w, o[0], lo)) > 0 && known_int(w, o[1], &m))
			break;
		if ((n = loop_count(w, o[1], lo)) > 0 && known_int(w, o[0], &m))
			break;
		return 0;
	case OP_SHL:
		if ((n = loop_count(w, o[0], lo)) > 0 && known_int(w, o[1], &d) && d >= 0 && d < 31) {
			m = (int64_t)1 << d;
			break;
		}
		return 0;
	case OP_DIV:
		if (known_int(w, o[1], &d) && d > 0 && (n = loop_multiple(w, o[0], &m, lo)) > 0 && m % d == 0) {
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
static void split_terms(struct walk *w, const struct terms *t, struct strided *s)
{
	const struct terms ts = *t;
	struct ka_buf e = {0};
	for (int i = 0; i < ts.n; i++) {
		int64_t c, n, m, lo;
		if (clang_getCanonicalType(clang_getCursorType(ts.t[i])).kind == CXType_Pointer)
			continue;             /* the base of *(p + i): the group's key */
		if (known_int(w, ts.t[i], &c)) {
			s->c += ts.sign[i] * c;
			continue;
		}
		if (s->n_lt < KA_LOOP_TERMS && (n = loop_multiple(w, ts.t[i], &m, &lo)) > 0 &&
		    lo > -(1ll << 30) && lo < (1ll << 30) && m > -(1ll << 30) && m < (1ll << 30)) {
			s->lt[s->n_lt++] = (struct loop_term){ts.sign[i] * m, n};
			s->c += ts.sign[i] * m * lo;          /* values lo .. lo + n - 1 */
			continue;
		}
		char *t = text(w->an, ts.t[i]);
		ka_buf_puts(&e, ts.sign[i] < 0 ? " - " : " + ");
		ka_buf_puts(&e, t ? t : "?");
		free(t);
	}
	s->e = e.data ? e.data : ka_strdup("");
}

static enum unit_index unit_of(struct walk *w, CXCursor t)
{
	const struct ka_uval *v = val(w->an, t);
	enum CXCursorKind k = clang_getCursorKind(t);
	if (!v || uv_is_lane_dependent(v))
		return UNIT_NONE;
	if (k == CXCursor_DeclRefExpr) {          /* a loop's counter first: it may read as const */
		CXCursor d = clang_getCursorReferenced(t);
		const struct cloop *l = loop_of(w, d);
		if (clang_getCursorKind(d) == CXCursor_ParmDecl)
			return UNIT_NONE;     /* an offset handed in, not an index   */
		if (l)
			return l->compile_time ? UNIT_SHORT_LOOP : UNIT_INDEX;
	}
	if (v->cls == KA_U_CONST)
		return UNIT_NONE;
	if (k == CXCursor_BinaryOperator) {
		enum ka_op op = op_of(w->an, t);
		CXCursor o[3];
		int64_t c;
		if (op == OP_MUL || op == OP_SHL || op == OP_DIV || op == OP_SHR || op == OP_UNKNOWN || op == OP_NONE)
			return UNIT_NONE;     /* a scaled index: a stride of its own */
		if (kids2(t, o) == 2 && ((ka_eval_int(o[0], &c) && c != 1 && c != -1) ||
					 (ka_eval_int(o[1], &c) && c != 1 && c != -1)))
			return UNIT_NONE;     /* BLOCK_SIZE * b: an operator read through a macro */
	}
	return UNIT_INDEX;
}

/* An address, not an offset: a pointer, or a value the lattice knows to
 * point into a memory space (a template's `src0 ? src0 + i : nullptr`,
 * whose type is dependent). */
static bool is_address(struct walk *w, CXCursor t)
{
	const struct ka_uval *v = val(w->an, t);
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
static void runtime_stride(struct walk *w, CXCursor at, CXCursor basec, CXCursor idx, bool subscript)
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
		const struct ka_uval *v = val(w->an, ts.t[i]);
		/* of the base's terms only an offset may be an index, never the
		 * address itself */
		enum unit_index u = i < n_base && is_address(w, ts.t[i]) ? UNIT_NONE : unit_of(w, ts.t[i]);
		if (u > best) {
			best = u;
			unit = ts.t[i];
		}
		/* the lane term t * n: name its runtime factor n */
		if (!factor && v && uv_is_lane_dependent(v) && clang_getCursorKind(ts.t[i]) == CXCursor_BinaryOperator &&
		    op_of(w->an, ts.t[i]) == OP_MUL && kids2(ts.t[i], o) == 2) {
			const struct ka_uval *l = val(w->an, o[0]);
			factor = text(w->an, l && uv_is_lane_dependent(l) ? o[1] : o[0]);
		}
	}
	ka_location(at, &line, &col);
	char *t = text(w->an, at), *u = clang_Cursor_isNull(unit) ? NULL : text(w->an, unit);
	char apart[192];
	runtime_apart(apart, sizeof(apart), factor);
	if (best == UNIT_INDEX && few_here(w)->rule != KA_RULE_NONE) {
		char what[288];
		snprintf(what, sizeof(what), "a global access whose consecutive lanes are %s while another index runs "
			 "at unit stride", apart);
		few_report(w, at, what, few_here(w));
	} else if (best == UNIT_INDEX) {
		enum once once = once_here(w);
		char words[256];
		int rule = once ? once_words(w, once, words, sizeof(words)) : KA_RULE_KA107;
		access_shape(w, ka_finding_add(w->finds, rule, line, col, 0,
			       "global access `%s`: consecutive lanes are %s while `%s` runs at unit stride, %s",
			       t, apart, u,
			       once ? words
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
static void report_strided(struct walk *w, CXCursor at, int stride, int width, long long bytes, enum once once,
			   const struct few *few)
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
static void note_strided(struct walk *w, CXCursor at, CXCursor basec, const struct terms *ts, int stride,
			 long long unit, long long bytes)
{
	const struct few *few = few_here(w);
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
	struct strided *a = &w->acc[w->n_acc++];
	*a = (struct strided){.at = at, .fn = w->fn, .base = text(w->an, basec), .stride = stride, .width = width,
			      .bytes = bytes, .once = once_here(w),
			      .few = {few->rule, few->cond ? ka_strdup(few->cond) : NULL}, .store = w->storing};
	ka_location(at, &a->line, &a->col);
	split_terms(w, ts, a);
}

/* An access of `bytes` bytes (0: its type's size) at basec[idx] (base:
 * basec's value; NULL for *(T *)p, idx then being p). */
static void ka107_at(struct walk *w, CXCursor at, CXCursor idx, const struct ka_uval *addr, CXCursor basec,
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
		report_strided(w, at, addr->stride, width, bytes, once_here(w), few_here(w));
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
static uint64_t residues(const struct strided *b, int s)
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
static bool covered(const struct walk *w, const struct strided *a, int *first)
{
	int s = a->stride < 0 ? -a->stride : a->stride;
	uint64_t seen = 0, all = s >= 64 ? ~0ull : (1ull << s) - 1;
	*first = -1;
	for (size_t i = 0; i < w->n_acc; i++) {
		const struct strided *b = &w->acc[i];
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

static void resolve_strided(struct walk *w)
{
	for (size_t i = 0; i < w->n_acc; i++) {
		struct strided *a = &w->acc[i];
		int first, s = a->stride < 0 ? -a->stride : a->stride;
		if (!a->base || !a->e || !covered(w, a, &first)) {
			w->storing = a->store;
			report_strided(w, a->at, a->stride, a->width, a->bytes, a->once, &a->few);
			continue;
		}
		if ((size_t)first != i || a->bytes >= 16)
			continue;              /* one hint per group, at its first access;
			                          none when it is already 16 bytes wide */
		char *t = text(w->an, a->at);
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
static bool for_loop(struct walk *w, CXCursor fs, struct cloop *l)
{
	CXCursor ch[5], d[2], o[3];
	int64_t lo, hi;
	if (ka_children(fs, ch, 5) != 4 || clang_getCursorKind(ch[0]) != CXCursor_DeclStmt ||
	    ka_children(ch[0], d, 2) != 1 || clang_getCursorKind(d[0]) != CXCursor_VarDecl)
		return false;
	*l = (struct cloop){d[0], 0, 0, false};
	CXCursor init = clang_Cursor_getVarDeclInitializer(d[0]);
	CXCursor cond = ka_strip(ch[1]);
	if (clang_Cursor_isNull(init) || clang_getCursorKind(cond) != CXCursor_BinaryOperator || kids2(cond, o) != 2 ||
	    clang_getCursorKind(ka_strip(o[0])) != CXCursor_DeclRefExpr ||
	    !clang_equalCursors(clang_getCursorReferenced(ka_strip(o[0])), d[0]))
		return true;
	const struct ka_uval *lov = val(w->an, init), *hiv = val(w->an, o[1]);
	l->compile_time = lov && hiv && lov->cls == KA_U_CONST && hiv->cls == KA_U_CONST;
	if (!known_int(w, init, &lo) || !known_int(w, o[1], &hi))
		return true;
	enum ka_op op = op_of(w->an, cond);
	if (op == OP_LE)
		hi++;
	else if (op != OP_LT)
		return true;
	CXCursor inc = ka_strip(ch[2]);
	enum ka_op iop = op_of(w->an, inc);
	if (iop != OP_PREINC && iop != OP_POSTINC) {
		int64_t one;
		if (clang_getCursorKind(inc) != CXCursor_CompoundAssignOperator || kids2(inc, o) != 2 ||
		    !ka_eval_int(o[1], &one) || one != 1 || op_of(w->an, inc) != OP_ADD)
			return true;
	}
	if (hi > lo) {
		l->n = hi - lo;
		l->lo = lo;
	}
	return true;
}

/* The operands of a chain of one operator (a && b && c; x, y), at most n. */
static int operands(struct walk *w, CXCursor e, enum ka_op op, CXCursor *out, int n)
{
	CXCursor o[3];
	e = ka_strip(e);
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator && op_of(w->an, e) == op && kids2(e, o) == 2) {
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
static bool starts_non_negative(struct walk *w, CXCursor v)
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
		const struct ka_uval *u = val(w->an, e);
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
static bool at_most_once(struct walk *w, CXCursor fs)
{
	CXCursor ch[5], conj[8], inc[8], o[3];
	if (ka_children(fs, ch, 5) != 4)
		return false;
	int nc = operands(w, ch[1], OP_LAND, conj, 8), ni = operands(w, ch[2], OP_COMMA, inc, 8);
	for (int i = 0; i < nc; i++) {
		enum ka_op op = op_of(w->an, conj[i]);
		int64_t bound, step;
		if ((op != OP_LT && op != OP_LE) || kids2(conj[i], o) != 2 ||
		    clang_getCursorKind(ka_strip(o[0])) != CXCursor_DeclRefExpr || !ka_eval_int(o[1], &bound))
			continue;
		CXCursor v = clang_getCursorReferenced(ka_strip(o[0]));
		if (!starts_non_negative(w, v))
			continue;
		for (int j = 0; j < ni; j++) {
			if (clang_getCursorKind(inc[j]) != CXCursor_CompoundAssignOperator || kids2(inc[j], o) != 2 ||
			    clang_getCursorKind(ka_strip(o[0])) != CXCursor_DeclRefExpr ||
			    !clang_equalCursors(clang_getCursorReferenced(ka_strip(o[0])), v) || !ka_eval_int(o[1], &step))
				continue;
			if (op_of(w->an, inc[j]) == OP_ADD && step >= bound + (op == OP_LE))
				return true;
		}
	}
	return false;
}

/* A loop that repeats work: not do { } while (0) (a macro's statement
 * wrapper), nor a constant for loop of at most 8 trips (straight-line
 * code written as a loop: four neighbouring elements), nor a for loop
 * that runs at most once.  Notes the for loop's counter (loop_count). */
static bool for_repeats(struct walk *w, CXCursor fs, bool note)
{
	struct cloop l;
	bool counted = for_loop(w, fs, &l);
	if (counted && note) {
		w->loops = ka_xrealloc(w->loops, (w->n_loops + 1) * sizeof(*w->loops));
		w->loops[w->n_loops++] = l;
	}
	return (!counted || l.n == 0 || l.n > 8) && !at_most_once(w, fs);
}

/* A for loop whose bounds are compile-time values. */
static bool compile_time_loop(struct walk *w, CXCursor c)
{
	struct cloop l;
	return clang_getCursorKind(c) == CXCursor_ForStmt && for_loop(w, c, &l) && l.compile_time;
}

static bool work_loop(struct walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ch[5];
	int64_t v;
	if (k == CXCursor_ForStmt)
		return for_repeats(w, c, false);
	if (k == CXCursor_DoStmt)
		return !(ka_children(c, ch, 5) == 2 && ka_eval_int(ch[1], &v) && v == 0);
	if (k == CXCursor_WhileStmt)
		return !(ka_children(c, ch, 5) == 2 && ka_eval_int(ch[0], &v) && v == 0);
	return false;
}

/* x[i]: its pointer and index, with their values, when x is a pointer not
 * chosen per lane. */
static bool subscript_parts(struct walk *w, CXCursor e, CXCursor *ch, const struct ka_uval **b,
			    const struct ka_uval **i)
{
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || kids2(e, ch) != 2 ||
	    clang_getCanonicalType(clang_getCursorType(ch[0])).kind != CXType_Pointer)
		return false;
	*b = val(w->an, ch[0]);
	*i = val(w->an, ch[1]);
	return *b && *i && !uv_is_lane_dependent(*b);
}

/* The lane index at unit stride that e is `X op q` of (q a constant):
 * X's text; NULL otherwise. */
static char *lane_op_const(struct walk *w, CXCursor e, enum ka_op op, int64_t *q)
{
	CXCursor x = ka_strip(e), o[3];
	const struct ka_uval *v;
	if (clang_getCursorKind(x) != CXCursor_BinaryOperator || op_of(w->an, x) != op || kids2(x, o) != 2 ||
	    !known_int(w, o[1], q) || *q < 2 || *q > 32 || !(v = val(w->an, o[0])) || v->cls != KA_U_AFFINE ||
	    v->stride != 1)
		return NULL;
	return text(w->an, o[0]);
}

/* x[(t / q) * M + t % q] (t the lane index at unit stride, q a constant):
 * lanes in runs of q contiguous elements, each run M elements from the
 * next -- an array of structures of arrays.  A warp touches 32 / q runs;
 * when a run is narrower than a 32-byte sector (q elements of w bytes,
 * q * w < 32) each run costs a sector of its own where the warp's 32 * w
 * bytes would fill 32 * w / 32: reported unless M is q (contiguous). */
static void ka107_runs(struct walk *w, CXCursor e, CXCursor idx, long long elem)
{
	struct terms ts = {.n = 0};
	char *rem = NULL, *div = NULL, *m_text = NULL;
	int64_t q = 0, q2 = 0, m = 0;
	bool other_lane = false, m_known = false;
	add_terms(w, idx, &ts, 0, 1);
	for (int i = 0; i < ts.n; i++) {
		CXCursor t = ka_strip(ts.t[i]), o[3];
		char *x;
		const struct ka_uval *v = val(w->an, t);
		if (!rem && ts.sign[i] > 0 && (x = lane_op_const(w, t, OP_REM, &q)) != NULL) {
			rem = x;
			continue;
		}
		if (!div && ts.sign[i] > 0 && clang_getCursorKind(t) == CXCursor_BinaryOperator && op_of(w->an, t) == OP_MUL &&
		    kids2(t, o) == 2) {
			for (int s = 0; s < 2 && !div; s++)
				if ((x = lane_op_const(w, o[s], OP_DIV, &q2)) != NULL) {
					div = x;
					m_known = known_int(w, o[1 - s], &m);
					m_text = text(w->an, o[1 - s]);
				}
			if (div)
				continue;
		}
		other_lane |= v && uv_is_lane_dependent(v);
	}
	if (rem && div && !other_lane && q == q2 && strcmp(rem, div) == 0 && !(m_known && m == q) && elem > 0 &&
	    q * elem < 32) {
		int line, col;
		char *t = text(w->an, e);
		int sectors = (int)(32 / q), ideal = (int)elem;
		ka_location(e, &line, &col);
		access_shape(w, ka_finding_add(w->finds, KA_RULE_KA107, line, col, 0,
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
static bool lane_based(struct walk *w, CXCursor e, CXCursor *ch, const struct ka_uval **b)
{
	const struct ka_uval *i;
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || kids2(e, ch) != 2 ||
	    clang_getCanonicalType(clang_getCursorType(ch[0])).kind != CXType_Pointer)
		return false;
	*b = val(w->an, ch[0]);
	i = val(w->an, ch[1]);
	return *b && i && (*b)->cls == KA_U_AFFINE && !uv_is_lane_dependent(i);
}

static void ka107(struct walk *w, CXCursor e, enum CXCursorKind k)
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
	} else if (k == CXCursor_UnaryOperator && op_of(w->an, e) == OP_DEREF && kids2(e, ch) == 1) {
		const struct ka_uval *p = val(w->an, ch[0]);
		CXCursor a = ka_strip(ch[0]), sub[2];
		long long bytes = clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(e)));
		if (clang_getCursorKind(a) == CXCursor_UnaryOperator && op_of(w->an, a) == OP_ADDR && kids2(a, sub) == 1) {
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
static void ka107_member(struct walk *w, CXCursor e)
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
	const struct few *few = few_here(w);
	enum once once = once_here(w);
	char *t = text(w->an, e), words[256];
	struct ka_ufinding *f;
	if (few->rule != KA_RULE_NONE) {
		char what[160];
		snprintf(what, sizeof(what), "a member of an array of %lld-byte structures read by each lane (about %dx "
			 "the memory it uses)", whole, waste);
		few_report(w, e, what, few);
		free(t);
		return;
	}
	if (once)
		f = ka_finding_add(w->finds, once_words(w, once, words, sizeof(words)), line, col, 0,
				   "global access `%s`: consecutive lanes are %lld bytes apart (an array of %lld-byte "
				   "structures) and each reads a %lld-byte member (about %dx the memory it uses, 32-byte "
				   "sectors), %s",
				   t, lane, whole, member, waste, words);
	else
		f = ka_finding_add(w->finds, KA_RULE_KA107, line, col, 0,
				   "global access `%s`: consecutive lanes are %lld bytes apart (an array of %lld-byte "
				   "structures) and each reads a %lld-byte member, so a warp's access fetches about %dx "
				   "the memory it uses (32-byte sectors; uncoalesced); keep the member in an array of "
				   "its own (structure of arrays) or read each structure whole",
				   t, lane, whole, member, waste);
	access_shape(w, f, lane, member);
	free(t);
}

static void facts_for(struct walk *w, CXCursor c, enum CXCursorKind k)
{
	struct ka_an *an = w->an;
	CXCursor ch[3];
	const struct ka_uval *v;
	if (k == CXCursor_VarDecl) {
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);
		if (!clang_Cursor_isNull(init) && !ka_is_implicit_init(init) && !clang_Cursor_hasVarDeclGlobalStorage(c) &&
		    (v = val(an, init)) &&
		    ka_in_main_file(an, init))
			fact_add(an, w->facts, init, v);
	} else if (k == CXCursor_BinaryOperator) {
		if (kids2(c, ch) == 2 && (v = val(an, ch[1])) && op_of(an, c) == OP_ASSIGN && ka_in_main_file(an, c))
			fact_add(an, w->facts, ch[1], v);
	} else if (k == CXCursor_CompoundAssignOperator) {
		if ((v = val(an, c)) && ka_in_main_file(an, c))
			fact_add(an, w->facts, c, v);
	} else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) == 2) {
		CXString sp = clang_getCursorSpelling(c);
		const char *n = clang_getCString(sp);
		if (strncmp(n, "operator", 8) == 0 && n[8] && strchr(n + 8, '=') && strcmp(n + 8, "==") != 0 &&
		    strcmp(n + 8, "!=") != 0 && strcmp(n + 8, "<=") != 0 && strcmp(n + 8, ">=") != 0 &&
		    ka_in_main_file(an, c)) {
			CXCursor at = strcmp(n + 8, "=") == 0 ? clang_Cursor_getArgument(c, 1) : c;
			if ((v = val(an, strcmp(n + 8, "=") == 0 ? at : c)))
				fact_add(an, w->facts, at, v);
		}
		clang_disposeString(sp);
	} else if (k == CXCursor_UnaryOperator) {
		enum ka_op op = op_of(an, c);
		if ((op == OP_PREINC || op == OP_PREDEC || op == OP_POSTINC || op == OP_POSTDEC) && (v = val(an, c)) &&
		    ka_in_main_file(an, c))
			fact_add(an, w->facts, c, v);
	}
}

/* c -- through parentheses, conversions and a local of at least 32 bits
 * that keeps it as its initializer (Rodinia's `int bx = blockIdx.x;`) --
 * is a member of the builtin `var`: blockIdx.x, and HIP's hipBlockIdx_x
 * (a macro for it: the tree is the same, the text is not). */
static bool builtin_index(struct walk *w, CXCursor c, const char *var)
{
	CXCursor s = ka_strip(c), ch[3], b, d;
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(s);
		if (clang_getCursorKind(v) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(v) == 1 ||
		    clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(v))) < 4 ||
		    !keeps_init(w, v))
			return false;
		s = ka_strip(clang_Cursor_getVarDeclInitializer(v));
		if (clang_Cursor_isNull(s))
			return false;
	}
	if (clang_getCursorKind(s) != CXCursor_MemberRefExpr || kids2(s, ch) < 1)
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

static bool is_block_index(struct walk *w, CXCursor c)
{
	const struct ka_uval *v = val(w->an, ka_strip(c));
	return v && v->cls == KA_U_BLOCK && v->why == WHY_BLOCKIDX && builtin_index(w, c, "blockIdx");
}

/* threadIdx of the lane dimension (threadIdx.x unless every launch found
 * runs along y or z), itself or through a local that keeps it. */
static bool is_lane_thread_index(struct walk *w, CXCursor c)
{
	const struct ka_uval *v = val(w->an, ka_strip(c));
	return v && v->cls == KA_U_AFFINE && v->stride == 1 && (v->flags & UV_TIDX) && builtin_index(w, c, "threadIdx");
}

/* `b == g` or `b != g` (either order) with b a block index and g the same
 * in every thread of the launch (a constant, gridDim.x - 1, a parameter). */
static bool compares_block_index(struct walk *w, CXCursor e)
{
	CXCursor o[3];
	const struct ka_uval *l, *r;
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || kids2(e, o) != 2)
		return false;
	l = val(w->an, o[0]);
	r = val(w->an, o[1]);
	return (l && r) && ((is_block_index(w, o[0]) && r->cls <= KA_U_GRID) ||
			    (is_block_index(w, o[1]) && l->cls <= KA_U_GRID));
}

/* The child of an if (cond, then, else) that only one block of the grid
 * runs: the then of `b == g` (or of a conjunction holding it), the else
 * of `b != g`; -1: none. */
static int one_block_child(struct walk *w, CXCursor cond, int n)
{
	CXCursor c = ka_strip(cond), o[3];
	enum ka_op op = clang_getCursorKind(c) == CXCursor_BinaryOperator ? op_of(w->an, c) : OP_NONE;
	if (op == OP_EQ && compares_block_index(w, c))
		return 1;
	if (op == OP_NE && n == 3 && compares_block_index(w, c))
		return 2;
	if (op == OP_LAND && kids2(c, o) == 2)
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
static int64_t few_threads(struct walk *w, CXCursor cond)
{
	CXCursor c = ka_strip(cond), o[3];
	const struct ka_ushape *sh = &w->an->shape;
	int64_t k;
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || kids2(c, o) != 2)
		return 0;
	enum ka_op op = op_of(w->an, c);
	if (op == OP_LAND) {
		int64_t a = few_threads(w, o[0]), b = few_threads(w, o[1]);
		return a && b ? (a < b ? a : b) : a ? a : b;
	}
	if (sh->n_sites > 0 && (sh->n_unknown > 0 || !sh->flat))
		return 0;         /* a launch whose block is not a constant may be 2-D */
	if ((op == OP_LT || op == OP_LE) && is_lane_thread_index(w, o[0]) && known_int(w, o[1], &k))
		;
	else if ((op == OP_GT || op == OP_GE) && is_lane_thread_index(w, o[1]) && known_int(w, o[0], &k))
		;
	else
		return 0;
	if (op == OP_LE || op == OP_GE)
		k++;
	return k > 0 && k <= w->an->warp ? k : 0;
}

/* `e + c < n` or `e < n` (c = 0): e lane-affine at a constant stride, c a
 * constant >= 0, n the same in every lane. */
static bool bound_of(struct walk *w, CXCursor cond, CXCursor *e, CXCursor *n, int64_t *c)
{
	CXCursor x = ka_strip(cond), o[3], p[3];
	const struct ka_uval *ev, *nv;
	if (clang_getCursorKind(x) != CXCursor_BinaryOperator || kids2(x, o) != 2 || op_of(w->an, x) != OP_LT)
		return false;
	*c = 0;
	*e = ka_strip(o[0]);
	*n = ka_strip(o[1]);
	if (clang_getCursorKind(*e) == CXCursor_BinaryOperator && op_of(w->an, *e) == OP_ADD && kids2(*e, p) == 2 &&
	    known_int(w, p[1], c))
		*e = ka_strip(p[0]);
	ev = val(w->an, *e);
	nv = val(w->an, *n);
	return *c >= 0 && ev && ev->cls == KA_U_AFFINE && ev->stride != 0 && nv && !uv_is_lane_dependent(nv);
}

/* A lower bound the else of cond proves: cond is `e + c < n` or a
 * disjunction holding one (the else: every disjunct false). */
static bool tail_lower(struct walk *w, CXCursor cond, struct tail_bound *out)
{
	CXCursor x = ka_strip(cond), o[3], e, n;
	int64_t c;
	if (clang_getCursorKind(x) == CXCursor_BinaryOperator && op_of(w->an, x) == OP_LOR && kids2(x, o) == 2)
		return tail_lower(w, o[0], out) || tail_lower(w, o[1], out);
	if (!bound_of(w, x, &e, &n, &c))
		return false;
	*out = (struct tail_bound){text(w->an, e), text(w->an, n), c};
	if (out->e && out->n)
		return true;
	free(out->e);
	free(out->n);
	return false;
}

/* Whether the then of cond (`e + c2 < n`, or a conjunction holding one)
 * inside the tail bound e >= n - c leaves at most one lane of each warp:
 * e takes c - c2 values there, and a warp's lanes are |stride| apart. */
static bool tail_one_lane(struct walk *w, CXCursor cond)
{
	CXCursor x = ka_strip(cond), o[3], e, n;
	int64_t c;
	if (!w->tail.e)
		return false;
	if (clang_getCursorKind(x) == CXCursor_BinaryOperator && op_of(w->an, x) == OP_LAND && kids2(x, o) == 2)
		return tail_one_lane(w, o[0]) || tail_one_lane(w, o[1]);
	if (!bound_of(w, x, &e, &n, &c) || c >= w->tail.c)
		return false;
	char *et = text(w->an, e), *nt = text(w->an, n);
	const struct ka_uval *v = val(w->an, e);
	int64_t stride = v->stride < 0 ? -(int64_t)v->stride : v->stride;
	bool one = et && nt && strcmp(et, w->tail.e) == 0 && strcmp(nt, w->tail.n) == 0 && w->tail.c - c <= stride;
	free(et);
	free(nt);
	return one;
}

static bool holds_looped_global(struct walk *w, CXCursor loop);

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d);

/* An if's children, with what the condition proves about who runs each:
 * one block of the grid (KA112), at most one warp of each block (KA113),
 * at most one lane of each warp (a scalar tail: no access pattern).  An
 * outer mark already covers the whole if. */
static void visit_if(struct walk *w, CXCursor ifs)
{
	CXCursor ch[4];
	int n = ka_children(ifs, ch, 4), one = n == 2 || n == 3 ? one_block_child(w, ch[0], n) : -1;
	int64_t few = n >= 2 && w->loop_depth == 0 ? few_threads(w, ch[0]) : 0;
	struct tail_bound lower = {NULL, NULL, 0};
	bool tail = n == 3 && !w->tail.e && tail_lower(w, ch[0], &lower);
	for (int i = 0; i < n; i++) {
		struct few outer = w->few;
		bool outer_lane = w->one_lane;
		char *t = NULL;
		if (w->few.rule == KA_RULE_NONE && (i == one || (i == 1 && few)))
			t = text(w->an, ch[0]);
		if (t) {
			size_t len = strlen(t) + 48;
			w->few = (struct few){i == one ? KA_RULE_KA112 : KA_RULE_KA113, ka_xcalloc(len, 1)};
			if (i == one)
				snprintf(w->few.cond, len, "%s`%s`", one == 2 ? "the else of " : "", t);
			else
				snprintf(w->few.cond, len, "`%s`: %lld threads", t, (long long)few);
			free(t);
		}
		if (i == 2 && tail)
			w->tail = lower;
		if (i == 1 && tail_one_lane(w, ch[0]))
			w->one_lane = true;
		if (visit(ch[i], ifs, w) == CXChildVisit_Recurse)
			clang_visitChildren(ch[i], visit, w);
		if (w->few.cond != outer.cond)
			free(w->few.cond);
		w->few = outer;
		w->one_lane = outer_lane;
		if (i == 2 && tail)
			w->tail = (struct tail_bound){NULL, NULL, 0};
	}
	if (tail) {
		free(lower.e);
		free(lower.n);
	}
}

/* c is the left side of an assignment (x[i] = v, x[i] += v). */
static bool assigned_to(struct ka_an *an, CXCursor c, CXCursor parent)
{
	enum CXCursorKind k = clang_getCursorKind(parent);
	CXCursor ch[2];
	if (!(k == CXCursor_BinaryOperator && op_of(an, parent) == OP_ASSIGN) && k != CXCursor_CompoundAssignOperator)
		return false;
	return kids2(parent, ch) == 2 && clang_equalCursors(ch[0], c);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;
	struct ka_an *an = w->an;
	enum CXCursorKind k = clang_getCursorKind(c);
	int quiet = 0, loop = 0;

	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (!ka_in_main_file(an, c) && k != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	facts_for(w, c, k);
	w->storing = assigned_to(an, c, parent);
	switch (k) {
	case CXCursor_BinaryOperator: {
		enum ka_op op = val(an, c) ? op_of(an, c) : OP_NONE;
		if (op == OP_DIV || op == OP_SHR)
			ka102(w, c);
		if (op == OP_EQ || op == OP_NE)
			ka106(w, c);
		break;
	}
	case CXCursor_ArraySubscriptExpr:           /* a store's too: no value of its own */
		ka107(w, c, k);
		break;
	case CXCursor_MemberRefExpr:                /* p[i].x over an array of structures */
		ka107_member(w, c);
		break;
	case CXCursor_UnaryOperator:       /* *(uint4 *)p has no value of its own */
		if (val(an, c) || op_of(an, c) == OP_DEREF)
			ka107(w, c, k);
		break;
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
		if (val(an, c) && ka_call_intrin(an, c) == IN_NONE) {
			int na = clang_Cursor_getNumArguments(c), m = 0;
			for (int a = 0; a < na && m < KA_ADDR_ARGS; a++) {
				CXCursor arg = ka_strip(clang_Cursor_getArgument(c, (unsigned)a)), ch[2];
				if (clang_getCursorKind(arg) == CXCursor_UnaryOperator && op_of(an, arg) == OP_ADDR &&
				    kids2(arg, ch) == 1)
					w->addr_of[m++] = ka_strip(ch[0]);
			}
		}
		if (val(an, c)) {
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
	loop = k == CXCursor_ForStmt ? for_repeats(w, c, true) : work_loop(w, c);
	bool inner_work = w->inner_work;
	if (loop)
		w->inner_work = holds_looped_global(w, c);
	w->quiet_warpidx += quiet;
	w->loop_depth += loop;
	clang_visitChildren(c, visit, w);
	w->loop_depth -= loop;
	w->quiet_warpidx -= quiet;
	w->inner_work = inner_work;
	return CXChildVisit_Continue;
}

/* Whether the kernel does global-memory work in loops: a global access
 * inside a work loop of any function it reaches. */
struct looped {
	struct walk *w;
	int depth;
	bool found;
	bool runtime_only;        /* count only loops of a runtime trip count */
};

static bool is_global_access(struct ka_an *an, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ch[3];
	const struct ka_uval *v;
	if (k == CXCursor_ArraySubscriptExpr && kids2(c, ch) == 2)
		return (v = val(an, ch[0])) && v->space == SP_GLOBAL;
	if (k == CXCursor_UnaryOperator && val(an, c) && op_of(an, c) == OP_DEREF && kids2(c, ch) == 1)
		return (v = val(an, ch[0])) && v->space == SP_GLOBAL;
	return false;
}

static enum CXChildVisitResult find_looped(CXCursor c, CXCursor parent, CXClientData d)
{
	struct looped *l = d;
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (work_loop(l->w, c) && !(l->runtime_only && compile_time_loop(l->w, c))) {
		l->depth++;
		clang_visitChildren(c, find_looped, l);
		l->depth--;
		return l->found ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (l->depth > 0 && is_global_access(l->w->an, c)) {
		l->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Whether a loop's body holds a work loop with a global access in it, the
 * inner loop's trip count a runtime value: a loop of compile-time length
 * (ggml's d_conv taps, a template parameter) may be as short as the
 * outer loop's own work. */
static bool holds_looped_global(struct walk *w, CXCursor loop)
{
	struct looped lp = {w, 0, false, true};
	clang_visitChildren(loop, find_looped, &lp);
	return lp.found;
}

void ka_collect(struct ka_an *an, struct ka_fact_acc *facts, struct ka_finding_acc *finds)
{
	struct walk w = {.an = an, .facts = facts, .finds = finds, .few = FEW_NONE};
	for (int a = 0; a < KA_ADDR_ARGS; a++)
		w.addr_of[a] = clang_getNullCursor();
	w.via_deref = clang_getNullCursor();
	for (int a = 0; a < KA_ASM_ADDRS; a++)
		w.asm_addr[a] = clang_getNullCursor();
	struct looped lp = {&w, 0, false, false};
	for (size_t i = 0; i < an->n_reached && !lp.found; i++)
		clang_visitChildren(an->reached[i], find_looped, &lp);
	w.looped_global = lp.found;
	for (size_t i = 0; i < an->n_reached; i++) {
		w.fn = i;
		clang_visitChildren(an->reached[i], visit, &w);
	}
	resolve_strided(&w);
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
			ka_finding_add(finds, KA_RULE_KA108, line, col, 0,
				       "parameter `%s` of %s() is a constant at every call (%s) and feeds address "
				       "arithmetic: as a template parameter the offsets fold into immediates and its "
				       "multiplications disappear",
				       clang_getCString(pn), clang_getCString(fn), s.values);
			clang_disposeString(pn);
			clang_disposeString(fn);
		}
	}
}
