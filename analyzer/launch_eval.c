/* launch_eval.c — the small evaluator launch_sites.c evaluates a launch's
 * grid, block and dynamic shared memory with, over libclang's AST:
 * literals and macros (clang_Cursor_Evaluate), enumerators, const and
 * constexpr variables through their initializers, a dim3 whose members are
 * assigned constants once before the launch, dim3 constructors, the
 * arithmetic and ?: operators, a host template's parameters bound to one
 * instantiation's arguments (struct bind), and a launch wrapper's
 * parameters bound to one call's arguments (struct pbind).  What does not
 * evaluate is "unknown" (false): never a guess. */
#define _GNU_SOURCE
#include "internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The argument a wrapper parameter is bound to, and where it is evaluated. */
bool ka_ev_param_arg(const struct ev *e, CXCursor parm, CXCursor *arg, struct ev **ctx)
{
	for (int i = 0; e->pb && i < e->pb->n; i++)
		if (clang_equalCursors(e->pb->params[i], parm)) {
			*arg = e->pb->args[i];
			*ctx = e->pb->caller;
			return true;
		}
	return false;
}

/* An integral template argument; a bool `true` reads as -1 signed (one
 * bit), 1 unsigned. */
long long ka_targ_value(CXCursor spec, unsigned i)
{
	long long v = clang_Cursor_getTemplateArgumentValue(spec, i);
	if (v == -1 && clang_Cursor_getTemplateArgumentUnsignedValue(spec, i) == 1)
		return 1;
	return v;
}

char *ka_str_of(CXString s)
{
	char *r = ka_strdup(clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	return r;
}

static bool type_is_dim3(CXType t);
static bool member_init(struct ev *e, CXCursor member, CXCursor *init, struct ev **ctx);

/* The expression children of c (TypeRefs and the like left out). */
int ka_expr_kids(CXCursor c, CXCursor *out, int max)
{
	CXCursor ch[16];
	int n = ka_children(c, ch, 16), m = 0;
	for (int i = 0; i < n && m < max; i++)
		if (clang_isExpression(clang_getCursorKind(ch[i])))
			out[m++] = ch[i];
	return m;
}

/* The operator of a binary/unary node, from its tokens: the token after
 * the first operand's (binary), or the first token (prefix unary). */
static bool op_text(CXTranslationUnit tu, CXCursor c, bool unary, char *buf, size_t n)
{
	CXToken *t = NULL, *t0 = NULL;
	unsigned nt = 0, n0 = 0;
	CXCursor ch[2];
	bool ok = false;
	clang_tokenize(tu, clang_getCursorExtent(c), &t, &nt);
	if (unary) {
		if (nt > 0) {
			CXString s = clang_getTokenSpelling(tu, t[0]);
			snprintf(buf, n, "%s", clang_getCString(s));
			clang_disposeString(s);
			ok = true;
		}
	} else if (ka_children(c, ch, 2) == 2) {
		clang_tokenize(tu, clang_getCursorExtent(ch[0]), &t0, &n0);
		if (n0 > 0 && n0 < nt) {
			CXString s = clang_getTokenSpelling(tu, t[n0]);
			snprintf(buf, n, "%s", clang_getCString(s));
			clang_disposeString(s);
			ok = true;
		}
		if (t0)
			clang_disposeTokens(tu, t0, n0);
	}
	if (t)
		clang_disposeTokens(tu, t, nt);
	return ok;
}

static bool binop(const char *op, long a, long b, long *r)
{
	static const char *const ops[] = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
					  "<", ">", "<=", ">=", "==", "!=", "&&", "||"};
	int i;
	for (i = 0; i < (int)(sizeof(ops) / sizeof(ops[0])); i++)
		if (strcmp(op, ops[i]) == 0)
			break;
	switch (i) {
	/* a value that overflows a long is not a constant we model (and the
	 * arithmetic never overflows: no signed overflow on any source) */
	case 0: return !__builtin_add_overflow(a, b, r);
	case 1: return !__builtin_sub_overflow(a, b, r);
	case 2: return !__builtin_mul_overflow(a, b, r);
	case 3: if (!b || (a == LONG_MIN && b == -1)) return false; *r = a / b; return true;
	case 4: if (!b || (a == LONG_MIN && b == -1)) return false; *r = a % b; return true;
	case 5: if (b < 0 || b > 62 || a < 0 || a > (LONG_MAX >> b)) return false; *r = a << b; return true;
	case 6: if (b < 0 || b > 62) return false; *r = a >> b; return true;
	case 7: *r = a & b; return true;
	case 8: *r = a | b; return true;
	case 9: *r = a ^ b; return true;
	case 10: *r = a < b; return true;
	case 11: *r = a > b; return true;
	case 12: *r = a <= b; return true;
	case 13: *r = a >= b; return true;
	case 14: *r = a == b; return true;
	case 15: *r = a != b; return true;
	case 16: *r = a && b; return true;
	case 17: *r = a || b; return true;
	default: return false;
	}
}

const struct bind *ka_ev_bound(const struct ev *e, CXCursor param, int *ix)
{
	CXString s;
	const char *name;
	if (!e->b)
		return NULL;
	for (int i = 0; i < e->b->n; i++)
		if (clang_equalCursors(e->b->param[i], param)) {
			*ix = i;
			return e->b;
		}
	s = clang_getCursorSpelling(param);
	name = clang_getCString(s);
	for (int i = 0; name && i < e->b->n; i++)
		if (e->b->name[i] && strcmp(e->b->name[i], name) == 0) {
			*ix = i;
			clang_disposeString(s);
			return e->b;
		}
	clang_disposeString(s);
	return NULL;
}

static bool keeps_init(const struct ev *e, CXCursor var)
{
	return ka_keeps_init(e->fn, var);
}

/* The expression a struct object was built from: a local's initializer,
 * a wrapper parameter's argument (in the caller). */
static bool object_of(struct ev *e, CXCursor c, CXCursor *obj, struct ev **ctx)
{
	CXCursor s = ka_strip(c);
	for (int guard = 0; guard < 8 && clang_getCursorKind(s) == CXCursor_DeclRefExpr; guard++) {
		CXCursor d = clang_getCursorReferenced(s), arg;
		if (clang_getCursorKind(d) == CXCursor_ParmDecl && ka_ev_param_arg(e, d, &arg, ctx)) {
			e = *ctx;
			s = ka_strip(arg);
		} else if (clang_getCursorKind(d) == CXCursor_VarDecl && keeps_init(e, d) &&
			   !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(d))) {
			s = ka_strip(clang_Cursor_getVarDeclInitializer(d));
		} else {
			return false;
		}
	}
	*obj = s;
	*ctx = e;
	return clang_getCursorKind(s) == CXCursor_CallExpr || clang_getCursorKind(s) == CXCursor_InitListExpr;
}

/* obj.field of an object built by a constructor call or an initializer
 * list: the argument the constructor stores in the field (its member
 * initializer names one of its parameters), or the field's position in an
 * aggregate. */
static bool member_init(struct ev *e, CXCursor member, CXCursor *init, struct ev **ctx)
{
	CXCursor base[1], obj, field = clang_getCursorReferenced(member), args[16];
	CXCursor ctor, ch[64];
	int na, n, ix = -1;
	if (e->depth > EV_DEPTH || ka_children(member, base, 1) != 1 || !object_of(e, base[0], &obj, ctx))
		return false;
	na = ka_expr_kids(obj, args, 16);
	if (na == 1 && clang_getCursorKind(ka_strip(args[0])) == CXCursor_InitListExpr) {
		obj = ka_strip(args[0]);                /* T x = {...} through a constructor */
		na = ka_expr_kids(obj, args, 16);
	}
	ctor = clang_getCursorReferenced(obj);
	if (clang_getCursorKind(ctor) == CXCursor_Constructor) {
		CXCursor def = clang_getCursorDefinition(ctor);
		int np = 0;
		CXCursor params[16];
		n = ka_children(clang_Cursor_isNull(def) ? ctor : def, ch, 64);
		for (int i = 0; i < n && np < 16; i++)
			if (clang_getCursorKind(ch[i]) == CXCursor_ParmDecl)
				params[np++] = ch[i];
		for (int i = 0; i + 1 < n && ix < 0; i++) {
			if (clang_getCursorKind(ch[i]) != CXCursor_MemberRef ||
			    !clang_equalCursors(clang_getCursorReferenced(ch[i]), field))
				continue;
			CXCursor v = ka_strip(ch[i + 1]);
			CXCursor vs[1];
			/* block_dims(block_dims_), or a cast of it */
			for (int g = 0; g < 4 && clang_getCursorKind(v) != CXCursor_DeclRefExpr &&
					ka_children(v, vs, 1) == 1; g++)
				v = ka_strip(vs[0]);
			if (clang_getCursorKind(v) != CXCursor_DeclRefExpr)
				return false;
			for (int p = 0; p < np; p++)
				if (clang_equalCursors(clang_getCursorReferenced(v), params[p]))
					ix = p;
		}
	} else if (clang_getCursorKind(obj) == CXCursor_InitListExpr) {
		int f = 0;
		n = ka_children(clang_getCursorSemanticParent(field), ch, 64);
		for (int i = 0; i < n && ix < 0; i++) {
			if (clang_getCursorKind(ch[i]) != CXCursor_FieldDecl)
				continue;
			if (clang_equalCursors(ch[i], field))
				ix = f;
			f++;
		}
	}
	if (ix < 0 || ix >= na)
		return false;
	*init = args[ix];
	return true;
}

bool ka_ev_int(struct ev *e, CXCursor c, long *out)
{
	CXCursor s = ka_strip(c), ch[3];
	enum CXCursorKind k = clang_getCursorKind(s);
	int64_t v;
	bool ok = false;
	char op[8];

	if (e->depth > EV_DEPTH)
		return false;
	e->depth++;
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(s);
		enum CXCursorKind dk = clang_getCursorKind(d);
		int ix;
		const struct bind *b;
		CXCursor arg;
		struct ev *ctx;
		if (dk == CXCursor_EnumConstantDecl) {
			*out = (long)clang_getEnumConstantDeclValue(d);     /* Mem::SHARED */
			ok = true;
		} else if (dk == CXCursor_NonTypeTemplateParameter) {
			if ((b = ka_ev_bound(e, d, &ix)) && b->is_int[ix]) {
				*out = b->val[ix];
				ok = true;
			}
		} else if (dk == CXCursor_ParmDecl && ka_ev_param_arg(e, d, &arg, &ctx)) {
			ok = ka_ev_int(ctx, arg, out);
		} else if (dk == CXCursor_VarDecl && keeps_init(e, d)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(d);
			if (!clang_Cursor_isNull(init))
				ok = ka_ev_int(e, init, out);
		}
		if (!ok && dk != CXCursor_NonTypeTemplateParameter && dk != CXCursor_ParmDecl && ka_eval_int(s, &v)) {
			*out = (long)v;
			ok = true;
		}
	} else if (k == CXCursor_BinaryOperator && ka_children(s, ch, 2) == 2) {
		long a, b;
		ok = op_text(e->tu, s, false, op, sizeof(op)) && ka_ev_int(e, ch[0], &a) && ka_ev_int(e, ch[1], &b) &&
		     binop(op, a, b, out);
		if (!ok && ka_eval_int(s, &v)) {
			*out = (long)v;
			ok = true;
		}
	} else if (k == CXCursor_UnaryOperator && ka_children(s, ch, 1) == 1) {
		long a;
		if (op_text(e->tu, s, true, op, sizeof(op)) && ka_ev_int(e, ch[0], &a)) {
			ok = true;
			if (strcmp(op, "-") == 0 && a != LONG_MIN)
				*out = -a;
			else if (strcmp(op, "~") == 0)
				*out = ~a;
			else if (strcmp(op, "!") == 0)
				*out = !a;
			else if (strcmp(op, "+") == 0)
				*out = a;
			else
				ok = false;
		}
	} else if (k == CXCursor_ConditionalOperator && ka_children(s, ch, 3) == 3) {
		long cond;
		if (ka_ev_int(e, ch[0], &cond))
			ok = ka_ev_int(e, ch[cond ? 1 : 2], out);
	} else if (k == CXCursor_MemberRefExpr && ka_children(s, ch, 1) == 1) {
		/* b.x of a constant dim3 */
		CXString m = clang_getCursorSpelling(s);
		const char *mn = clang_getCString(m);
		int d3[3];
		int i = mn && !mn[1] && mn[0] >= 'x' && mn[0] <= 'z' ? mn[0] - 'x' : -1;
		if (i >= 0 && type_is_dim3(clang_getCursorType(ka_strip(ch[0])))) {
			if (ka_ev_dim3(e, ch[0], d3)) {
				*out = d3[i];
				ok = true;
			}
		} else {
			CXCursor init;
			struct ev *ctx;
			if (member_init(e, s, &init, &ctx))
				ok = ka_ev_int(ctx, init, out);
		}
		clang_disposeString(m);
	} else if (ka_eval_int(s, &v)) {
		*out = (long)v;
		ok = true;
	}
	e->depth--;
	return ok;
}

static bool type_is_dim3(CXType t)
{
	CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
	const char *n = clang_getCString(s);
	bool r = n && (strcmp(n, "dim3") == 0 || strcmp(n, "const dim3") == 0 || strcmp(n, "uint3") == 0 ||
		       strcmp(n, "const uint3") == 0 || strcmp(n, "HIP_vector_type<unsigned int, 3>") == 0);
	clang_disposeString(s);
	return r;
}

/* The compound statement that declares var, found by a walk of fn. */
struct decl_find {
	CXCursor var, compound;
	bool found;
};

static enum CXChildVisitResult find_decl(CXCursor c, CXCursor parent, CXClientData d)
{
	struct decl_find *df = d;
	if (df->found)
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) == CXCursor_DeclStmt && clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
		CXCursor ch[8];
		int n = ka_children(c, ch, 8);
		for (int i = 0; i < n; i++)
			if (clang_equalCursors(ch[i], df->var)) {
				df->compound = parent;
				df->found = true;
				return CXChildVisit_Break;
			}
	}
	return CXChildVisit_Recurse;
}

unsigned ka_offset_of(CXCursor c)
{
	unsigned off = 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &off);
	return off;
}

/* A dim3 declared without a constant initializer whose members are
 * assigned constants, each at most once, in statements of the block that
 * declares it, before the launch (`dim3 t; t.x = 32; t.y = 1;`) and
 * written nowhere else: the value it has at the launch.  A member assigned
 * twice, in a branch or a loop, or after the launch stays unknown. */
static bool members_once(struct ev *e, CXCursor var, int out[3])
{
	struct decl_find df = {var, clang_getNullCursor(), false};
	CXCursor init = clang_Cursor_getVarDeclInitializer(var), st[256];
	int n, accepted = 0, v3[3] = {1, 1, 1};
	bool set[3] = {false, false, false};
	if (clang_Cursor_isNull(e->fn) || !type_is_dim3(clang_getCursorType(var)) ||
	    !clang_equalCursors(clang_getCursorSemanticParent(var), e->fn))
		return false;
	if (!clang_Cursor_isNull(init) && !ka_is_implicit_init(init) && !ka_ev_dim3(e, init, v3))
		return false;
	clang_visitChildren(e->fn, find_decl, &df);
	if (!df.found)
		return false;
	n = ka_children(df.compound, st, 256);
	for (int i = 0; i < n; i++) {
		CXCursor s = st[i], ch[2], base[1];
		char op[8];
		long v;
		if (clang_getCursorKind(s) != CXCursor_BinaryOperator || ka_children(s, ch, 2) != 2)
			continue;
		CXCursor lhs = ka_strip(ch[0]);
		if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr || ka_children(lhs, base, 1) != 1 ||
		    !clang_equalCursors(clang_getCursorReferenced(ka_strip(base[0])), var))
			continue;
		CXString m = clang_getCursorSpelling(lhs);
		const char *mn = clang_getCString(m);
		int d = mn && mn[0] >= 'x' && mn[0] <= 'z' && !mn[1] ? mn[0] - 'x' : -1;
		clang_disposeString(m);
		if (d < 0 || set[d] || !op_text(e->tu, s, false, op, sizeof(op)) || strcmp(op, "=") != 0 ||
		    !ka_ev_int(e, ch[1], &v) || v <= 0 || v > 1 << 20 || (e->site_off && ka_offset_of(s) > e->site_off))
			return false;
		v3[d] = (int)v;
		set[d] = true;
		accepted++;
	}
	if (accepted == 0 || ka_count_writes(e->fn, var) != accepted)
		return false;                    /* written elsewhere too: a branch, a loop, a call */
	memcpy(out, v3, sizeof(v3));
	return true;
}

/* A dim3 (or an integer converted to one) into out[3]. */
bool ka_ev_dim3(struct ev *e, CXCursor c, int out[3])
{
	CXCursor s = ka_strip(c), ch[4];
	enum CXCursorKind k = clang_getCursorKind(s);
	long v;
	bool ok = false;
	int n;

	if (e->depth > EV_DEPTH)
		return false;
	if (!type_is_dim3(clang_getCursorType(s)) && k != CXCursor_InitListExpr && k != CXCursor_CallExpr) {
		if (!ka_ev_int(e, s, &v) || v <= 0 || v > 1 << 20)
			return false;
		out[0] = (int)v, out[1] = 1, out[2] = 1;
		return true;
	}
	e->depth++;
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(s), arg;
		struct ev *ctx;
		if (clang_getCursorKind(d) == CXCursor_VarDecl && keeps_init(e, d)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(d);
			if (!clang_Cursor_isNull(init))
				ok = ka_ev_dim3(e, init, out);
		} else if (clang_getCursorKind(d) == CXCursor_VarDecl) {
			ok = members_once(e, d, out);
		} else if (clang_getCursorKind(d) == CXCursor_ParmDecl && ka_ev_param_arg(e, d, &arg, &ctx)) {
			ok = ka_ev_dim3(ctx, arg, out);
		}
	} else if (k == CXCursor_MemberRefExpr) {
		CXCursor init;
		struct ev *ctx;
		if (member_init(e, s, &init, &ctx))
			ok = ka_ev_dim3(ctx, init, out);
	} else if (k == CXCursor_CallExpr || k == CXCursor_InitListExpr) {
		n = ka_expr_kids(s, ch, 4);
		if (k == CXCursor_CallExpr && n == 1 && type_is_dim3(clang_getCursorType(ka_strip(ch[0])))) {
			ok = ka_ev_dim3(e, ch[0], out);         /* a copy */
		} else if (n >= 1 && n <= 3) {
			ok = true;
			for (int i = 0; i < 3 && ok; i++) {
				if (i >= n) {
					out[i] = 1;          /* dim3's default */
				} else if (ka_ev_int(e, ch[i], &v) && v > 0 && v <= 1 << 20) {
					out[i] = (int)v;
				} else {
					ok = false;
				}
			}
		} else if (n == 0 && k == CXCursor_CallExpr) {
			out[0] = out[1] = out[2] = 1;        /* dim3() */
			ok = true;
		}
	}
	e->depth--;
	return ok;
}

