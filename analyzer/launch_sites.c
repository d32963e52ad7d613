/* launch_sites.c — the kernel launches written in a file (DESIGN §2
 * "--block"): `k<<<g, b, s, st>>>` (and hipLaunchKernelGGL, a <<<>>> macro),
 * cudaLaunchKernel / hipLaunchKernel (f, g, b, args, s, st) and
 * cudaLaunchKernelEx(&cfg, k, ...) with cfg.blockDim / cfg.dynamicSmemBytes
 * assigned in the same function.  Each site's block and shared memory are
 * evaluated by a small evaluator over the AST: literals and macros (through
 * clang_Cursor_Evaluate), enumerators, const/constexpr variables and `const
 * dim3 b(WARP_SIZE, 1, 1)` through their initializers, a dim3 whose members
 * are assigned constants once before the launch, dim3 constructors, the
 * arithmetic and ?: operators, and -- for a site inside a host function
 * template, which libclang shows only as its pattern -- the template
 * arguments of every call of that template found in the file (one launch
 * per instantiating call), or, when it is only called from another function
 * template's body, of every call of that outer template (one level).  What does not evaluate stays unknown (block 0,
 * smem -1): the model falls back for it, and the analysis takes nothing
 * from the kernel's launches.
 *
 * Sites are found in the file and the project headers it includes (system
 * headers and the prelude are skipped); the callee is identified by its
 * mangled name where libclang resolves it (a specialisation), else by its
 * qualified name and evaluated template arguments. */
#define _GNU_SOURCE
#include "internal.h"

#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { EV_DEPTH = 24, MAX_BIND = 16, MAX_SPECS = 256 };

/* A template parameter bound to one instantiation's argument. */
struct bind {
	CXCursor param[MAX_BIND];
	char *name[MAX_BIND];
	long val[MAX_BIND];
	bool is_int[MAX_BIND];
	char *text[MAX_BIND];              /* type arguments: the canonical spelling */
	int n;
};

/* A launch wrapper's parameters bound to one call's arguments (one level:
 * `template <class K> void launch(K k, const params &p) { k<<<p.grid,
 * p.block, p.smem>>>(); }` called as launch(norm<256>, params{g, b, 0})),
 * each evaluated in the caller. */
struct pbind {
	CXCursor params[32];
	CXCursor args[32];
	int n;
	struct ev *caller;
};

struct ev {
	CXTranslationUnit tu;
	const struct bind *b;              /* NULL: none */
	CXCursor fn;                       /* the function the site is in */
	int depth;
	const struct pbind *pb;            /* in a wrapper: its parameters; NULL */
	unsigned site_off;                 /* the launch's file offset; 0 unknown */
};

/* The argument a wrapper parameter is bound to, and where it is evaluated. */
static bool param_arg(const struct ev *e, CXCursor parm, CXCursor *arg, struct ev **ctx)
{
	for (int i = 0; e->pb && i < e->pb->n; i++)
		if (clang_equalCursors(e->pb->params[i], parm)) {
			*arg = e->pb->args[i];
			*ctx = e->pb->caller;
			return true;
		}
	return false;
}

struct finder {
	struct ka_an *an;
	const CXCursor *kernels;
	size_t n_kernels;
	CXCursor *calls;                   /* referenced specialisations of every call */
	size_t n_calls, cap_calls;
	CXCursor fn;                       /* the function being walked */
	struct ka_uresult *out;
	size_t cap;
	struct wsite *wrappers;            /* sites launching a parameter */
	size_t n_wrappers;
	bool collecting;                   /* the first walk: wrappers only */
	long last;                         /* the launch the last eval_site recorded, -1 none */
	struct dcall *dcalls;              /* dependent calls of function templates */
	size_t n_dcalls;
	CXCursor outer;                    /* collect_calls: the function template it is in */
};

/* A call of a function template inside another function template whose
 * template arguments depend on the outer one's (`inner<float, threads>(p)`
 * in `template <int threads> void outer()`): no specialisation of it is
 * seen, so a launch in `inner` is evaluated through each specialisation of
 * `outer` called in the file, one level deep. */
struct dcall {
	CXCursor callee;                   /* the callee expression, its written arguments */
	CXCursor tmpl;                     /* the function template it calls */
	CXCursor outer;                    /* the function template the call is in */
};

/* An integral template argument; a bool `true` reads as -1 signed (one
 * bit), 1 unsigned. */
static long long targ_value(CXCursor spec, unsigned i)
{
	long long v = clang_Cursor_getTemplateArgumentValue(spec, i);
	if (v == -1 && clang_Cursor_getTemplateArgumentUnsignedValue(spec, i) == 1)
		return 1;
	return v;
}

static char *str_of(CXString s)
{
	char *r = ka_strdup(clang_getCString(s) ? clang_getCString(s) : "");
	clang_disposeString(s);
	return r;
}

static bool ev_int(struct ev *e, CXCursor c, long *out);
static bool ev_dim3(struct ev *e, CXCursor c, int out[3]);
static bool type_is_dim3(CXType t);
static bool member_init(struct ev *e, CXCursor member, CXCursor *init, struct ev **ctx);

/* The expression children of c (TypeRefs and the like left out). */
static int expr_kids(CXCursor c, CXCursor *out, int max)
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

static const struct bind *bound(const struct ev *e, CXCursor param, int *ix)
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
		if (clang_getCursorKind(d) == CXCursor_ParmDecl && param_arg(e, d, &arg, ctx)) {
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
	na = expr_kids(obj, args, 16);
	if (na == 1 && clang_getCursorKind(ka_strip(args[0])) == CXCursor_InitListExpr) {
		obj = ka_strip(args[0]);                /* T x = {...} through a constructor */
		na = expr_kids(obj, args, 16);
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

static bool ev_int(struct ev *e, CXCursor c, long *out)
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
			if ((b = bound(e, d, &ix)) && b->is_int[ix]) {
				*out = b->val[ix];
				ok = true;
			}
		} else if (dk == CXCursor_ParmDecl && param_arg(e, d, &arg, &ctx)) {
			ok = ev_int(ctx, arg, out);
		} else if (dk == CXCursor_VarDecl && keeps_init(e, d)) {
			CXCursor init = clang_Cursor_getVarDeclInitializer(d);
			if (!clang_Cursor_isNull(init))
				ok = ev_int(e, init, out);
		}
		if (!ok && dk != CXCursor_NonTypeTemplateParameter && dk != CXCursor_ParmDecl && ka_eval_int(s, &v)) {
			*out = (long)v;
			ok = true;
		}
	} else if (k == CXCursor_BinaryOperator && ka_children(s, ch, 2) == 2) {
		long a, b;
		ok = op_text(e->tu, s, false, op, sizeof(op)) && ev_int(e, ch[0], &a) && ev_int(e, ch[1], &b) &&
		     binop(op, a, b, out);
		if (!ok && ka_eval_int(s, &v)) {
			*out = (long)v;
			ok = true;
		}
	} else if (k == CXCursor_UnaryOperator && ka_children(s, ch, 1) == 1) {
		long a;
		if (op_text(e->tu, s, true, op, sizeof(op)) && ev_int(e, ch[0], &a)) {
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
		if (ev_int(e, ch[0], &cond))
			ok = ev_int(e, ch[cond ? 1 : 2], out);
	} else if (k == CXCursor_MemberRefExpr && ka_children(s, ch, 1) == 1) {
		/* b.x of a constant dim3 */
		CXString m = clang_getCursorSpelling(s);
		const char *mn = clang_getCString(m);
		int d3[3];
		int i = mn && !mn[1] && mn[0] >= 'x' && mn[0] <= 'z' ? mn[0] - 'x' : -1;
		if (i >= 0 && type_is_dim3(clang_getCursorType(ka_strip(ch[0])))) {
			if (ev_dim3(e, ch[0], d3)) {
				*out = d3[i];
				ok = true;
			}
		} else {
			CXCursor init;
			struct ev *ctx;
			if (member_init(e, s, &init, &ctx))
				ok = ev_int(ctx, init, out);
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

static unsigned offset_of(CXCursor c)
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
	if (!clang_Cursor_isNull(init) && !ka_is_implicit_init(init) && !ev_dim3(e, init, v3))
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
		    !ev_int(e, ch[1], &v) || v <= 0 || v > 1 << 20 || (e->site_off && offset_of(s) > e->site_off))
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
static bool ev_dim3(struct ev *e, CXCursor c, int out[3])
{
	CXCursor s = ka_strip(c), ch[4];
	enum CXCursorKind k = clang_getCursorKind(s);
	long v;
	bool ok = false;
	int n;

	if (e->depth > EV_DEPTH)
		return false;
	if (!type_is_dim3(clang_getCursorType(s)) && k != CXCursor_InitListExpr && k != CXCursor_CallExpr) {
		if (!ev_int(e, s, &v) || v <= 0 || v > 1 << 20)
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
				ok = ev_dim3(e, init, out);
		} else if (clang_getCursorKind(d) == CXCursor_VarDecl) {
			ok = members_once(e, d, out);
		} else if (clang_getCursorKind(d) == CXCursor_ParmDecl && param_arg(e, d, &arg, &ctx)) {
			ok = ev_dim3(ctx, arg, out);
		}
	} else if (k == CXCursor_MemberRefExpr) {
		CXCursor init;
		struct ev *ctx;
		if (member_init(e, s, &init, &ctx))
			ok = ev_dim3(ctx, init, out);
	} else if (k == CXCursor_CallExpr || k == CXCursor_InitListExpr) {
		n = expr_kids(s, ch, 4);
		if (k == CXCursor_CallExpr && n == 1 && type_is_dim3(clang_getCursorType(ka_strip(ch[0])))) {
			ok = ev_dim3(e, ch[0], out);         /* a copy */
		} else if (n >= 1 && n <= 3) {
			ok = true;
			for (int i = 0; i < 3 && ok; i++) {
				if (i >= n) {
					out[i] = 1;          /* dim3's default */
				} else if (ev_int(e, ch[i], &v) && v > 0 && v <= 1 << 20) {
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

/* ---- the callee --------------------------------------------------------------- */

static char *type_text(CXType t)
{
	return str_of(clang_getTypeSpelling(clang_getCanonicalType(t)));
}

/* The launched function of operand k: name, mangled name or template
 * arguments, and which of the file's kernels it is.  false: not a function
 * we can name. */
struct callee {
	char *name, *mangled;
	char *targs[KA_ULAUNCH_TARGS];
	int n_targs;
	int kernel;
};

static int kernel_index(const struct finder *f, CXCursor decl)
{
	CXCursor def = clang_getCursorDefinition(decl), tmpl = clang_getSpecializedCursorTemplate(decl);
	for (size_t i = 0; i < f->n_kernels; i++)
		if (clang_equalCursors(f->kernels[i], decl) || clang_equalCursors(f->kernels[i], def) ||
		    (!clang_Cursor_isNull(tmpl) && clang_equalCursors(f->kernels[i], tmpl)))
			return (int)i;
	/* a specialisation's pattern may be a declaration: by its definition */
	if (!clang_Cursor_isNull(tmpl)) {
		CXCursor tdef = clang_getCursorDefinition(tmpl);
		for (size_t i = 0; i < f->n_kernels; i++)
			if (clang_equalCursors(f->kernels[i], tdef))
				return (int)i;
	}
	return -1;
}

static void callee_free(struct callee *c)
{
	free(c->name);
	free(c->mangled);
	for (int i = 0; i < c->n_targs; i++)
		free(c->targs[i]);
	memset(c, 0, sizeof(*c));
}

/* How many template arguments `k<A, B, P...>` writes before its first pack
 * expansion (2 here); -1 when none is written. */
static int args_before_pack(CXTranslationUnit tu, CXCursor ref)
{
	CXToken *t = NULL;
	unsigned nt = 0;
	int depth = 0, arg = 0, found = -1;
	clang_tokenize(tu, clang_getCursorExtent(ref), &t, &nt);
	for (unsigned i = 0; i < nt && found < 0; i++) {
		CXString s = clang_getTokenSpelling(tu, t[i]);
		const char *x = clang_getCString(s);
		bool closed = false;
		if (strcmp(x, "<") == 0 || strcmp(x, "(") == 0) {
			depth++;
		} else if (strcmp(x, ")") == 0 || strcmp(x, ">") == 0 || strcmp(x, ">>") == 0) {
			depth -= strcmp(x, ">>") == 0 ? 2 : 1;
			closed = depth <= 0;
		} else if (strcmp(x, ",") == 0 && depth == 1) {
			arg++;
		} else if (strcmp(x, "...") == 0 && depth >= 1) {
			found = arg;
		}
		clang_disposeString(s);
		if (closed)
			break;                      /* the end of the argument list */
	}
	if (t)
		clang_disposeTokens(tu, t, nt);
	return found;
}

/* Where a dependent name's OverloadedDeclRef sits among its children:
 * after the qualifiers written before it (`kernels::init`, `ns::S::k`:
 * NamespaceRef, TypeRef, TemplateRef); -1 when it has none. */
static int overloaded_at(const CXCursor *ch, int n)
{
	for (int i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ch[i]);
		if (k == CXCursor_OverloadedDeclRef)
			return i;
		if (k != CXCursor_NamespaceRef && k != CXCursor_TypeRef && k != CXCursor_TemplateRef)
			return -1;
	}
	return -1;
}

/* The template arguments a dependent name writes (`k<float, T, N>`), one
 * entry each: the child cursor that lies in the argument's tokens (a TypeRef,
 * an expression), or a null cursor for a type that has none (a builtin type:
 * `float`, `unsigned int`), then spelled from its tokens into text[i].
 * Without a parsable argument list (a macro): the children after `at` in
 * order.  Returns how many. */
static int written_args(CXTranslationUnit tu, CXCursor ref, const CXCursor *ch, int n, int at, CXCursor *arg,
			char (*text)[64], int max)
{
	CXToken *t = NULL;
	unsigned nt = 0, start = 0;
	int depth = 0, na = 0;
	bool open = false, done = false;
	clang_tokenize(tu, clang_getCursorExtent(ref), &t, &nt);
	for (unsigned i = 0; i < nt && !done && na < max; i++) {
		CXString sp = clang_getTokenSpelling(tu, t[i]);
		const char *x = clang_getCString(sp);
		unsigned off = 0;
		clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, NULL, NULL, &off);
		bool close = strcmp(x, ">") == 0 || strcmp(x, ">>") == 0;
		if (!open) {
			if (strcmp(x, "<") == 0) {
				open = true, depth = 1, start = i + 1;
				text[na][0] = 0;
			}
		} else if ((strcmp(x, ",") == 0 && depth == 1) || (close && depth == 1)) {
			/* the argument's tokens are start .. i - 1 */
			unsigned lo = 0, hi = off;
			clang_getExpansionLocation(clang_getTokenLocation(tu, t[start]), NULL, NULL, NULL, &lo);
			arg[na] = clang_getNullCursor();
			for (int c = at + 1; c < n; c++) {
				unsigned co = 0;
				clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(ch[c])), NULL, NULL, NULL,
							   &co);
				if (co >= lo && co < hi) {
					arg[na] = ch[c];
					break;
				}
			}
			na++;
			if (close)
				done = true;
			else if (na < max)
				text[na][0] = 0, start = i + 1;
		} else {
			if (strcmp(x, "<") == 0 || strcmp(x, "(") == 0)
				depth++;
			else if (strcmp(x, ")") == 0 || strcmp(x, ">") == 0)
				depth--;
			else if (strcmp(x, ">>") == 0)
				depth -= 2;
			size_t l = strlen(text[na]);
			snprintf(text[na] + l, 64 - l, "%s%s", l ? " " : "", x);
		}
		clang_disposeString(sp);
	}
	if (t)
		clang_disposeTokens(tu, t, nt);
	if (!done) {
		na = 0;
		for (int c = at + 1; c < n && na < max; c++) {
			arg[na] = ch[c];
			text[na++][0] = 0;
		}
	}
	return na;
}

static bool callee_of(const struct finder *f, struct ev *e, CXCursor k, struct callee *out)
{
	CXCursor s = ka_strip(k), ch[KA_ULAUNCH_TARGS + 3];
	memset(out, 0, sizeof(*out));
	out->kernel = -1;
	out->n_targs = -1;
	for (int guard = 0; guard < 4 && clang_getCursorKind(s) == CXCursor_UnaryOperator; guard++) {
		if (ka_children(s, ch, 1) != 1)
			break;
		s = ka_strip(ch[0]);                 /* &k */
	}
	if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
		return false;
	CXCursor d = clang_getCursorReferenced(s), arg;
	enum CXCursorKind dk = clang_getCursorKind(d);
	struct ev *ctx;
	if (dk == CXCursor_ParmDecl && param_arg(e, d, &arg, &ctx))
		return callee_of(f, ctx, arg, out);    /* a wrapper's kernel parameter */
	if (dk == CXCursor_FunctionDecl) {
		int n = clang_Cursor_getNumTemplateArguments(d);
		out->name = ka_cursor_qualified_name(d, true);
		out->mangled = str_of(clang_Cursor_getMangling(d));
		out->kernel = kernel_index(f, d);
		out->n_targs = n < 0 ? 0 : n > KA_ULAUNCH_TARGS ? -1 : n;
		for (int i = 0; i < out->n_targs; i++) {
			enum CXTemplateArgumentKind ak = clang_Cursor_getTemplateArgumentKind(d, (unsigned)i);
			char num[32];
			if (ak == CXTemplateArgumentKind_Integral) {
				snprintf(num, sizeof(num), "%lld", targ_value(d, (unsigned)i));
				out->targs[i] = ka_strdup(num);
			} else if (ak == CXTemplateArgumentKind_Type) {
				out->targs[i] = type_text(clang_Cursor_getTemplateArgumentType(d, (unsigned)i));
			} else {
				for (int j = 0; j < i; j++)
					free(out->targs[j]);
				out->n_targs = -1;
				break;
			}
		}
		return true;
	}
	/* a dependent name (k<B> inside a template): its overloads, and the
	 * template arguments written, evaluated under the bindings */
	int n = ka_children(s, ch, KA_ULAUNCH_TARGS + 3), at = overloaded_at(ch, n);
	if (at < 0)
		return false;
	for (unsigned i = 0; i < clang_getNumOverloadedDecls(ch[at]) && out->kernel < 0; i++) {
		CXCursor o = clang_getOverloadedDecl(ch[at], i);
		out->kernel = kernel_index(f, o);
		if (!out->name)
			out->name = ka_cursor_qualified_name(o, true);
	}
	if (!out->name)
		return false;
	out->mangled = ka_strdup("");
	out->n_targs = 0;
	/* a pack expansion (`k<A, B, T<I>...>`) stands for whatever the
	 * instance has from there on: the arguments before it are the written
	 * ones, and those not written match any */
	int pack = args_before_pack(f->an->tu, s);
	CXCursor wa[KA_ULAUNCH_TARGS];
	char wt[KA_ULAUNCH_TARGS][64];
	int nw = written_args(f->an->tu, s, ch, n, at, wa, wt, KA_ULAUNCH_TARGS);
	for (int a = 0; a < nw && out->n_targs < KA_ULAUNCH_TARGS && (pack < 0 || out->n_targs < pack); a++) {
		CXCursor *cur = &wa[a];
		enum CXCursorKind ck = clang_getCursorKind(*cur);
		char num[32];
		long v;
		int ix;
		const struct bind *b;
		if (clang_Cursor_isNull(*cur) && wt[a][0]) {
			out->targs[out->n_targs++] = ka_strdup(wt[a]);   /* a builtin type: float */
		} else if (ck == CXCursor_TypeRef) {
			CXCursor td = clang_getCursorReferenced(*cur);
			if (clang_getCursorKind(td) == CXCursor_TemplateTypeParameter) {
				/* unbound (an outer template's): any */
				b = bound(e, td, &ix);
				out->targs[out->n_targs++] = ka_strdup(b && !b->is_int[ix] ? b->text[ix] : "*");
			} else {
				out->targs[out->n_targs++] = type_text(clang_getCursorType(*cur));
			}
		} else if (clang_isExpression(ck) && ev_int(e, *cur, &v)) {
			snprintf(num, sizeof(num), "%ld", v);
			out->targs[out->n_targs++] = ka_strdup(num);
		} else if (ck == CXCursor_DeclRefExpr &&
			   clang_getCursorKind(clang_getCursorReferenced(*cur)) == CXCursor_NonTypeTemplateParameter &&
			   !bound(e, clang_getCursorReferenced(*cur), &ix)) {
			out->targs[out->n_targs++] = ka_strdup("*");   /* an outer template's parameter: any */
		} else {
			goto unknown;
		}
	}
	return true;
unknown:
	for (int i = 0; i < out->n_targs; i++)
		free(out->targs[i]);
	out->n_targs = -1;
	return true;
}

/* ---- the sites ---------------------------------------------------------------- */
static char *callee_name(CXCursor call)
{
	CXCursor ch[2], s;
	char *n = str_of(clang_getCursorSpelling(call));
	if (*n || ka_children(call, ch, 1) != 1)
		return n;
	free(n);
	s = ka_strip(ch[0]);
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr && ka_children(s, ch, 1) == 1 &&
	    clang_getCursorKind(ch[0]) == CXCursor_OverloadedDeclRef)
		return str_of(clang_getCursorSpelling(ch[0]));
	return str_of(clang_getCursorSpelling(s));
}

static bool name_in(const char *n, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(n, *list) == 0)
			return true;
	return false;
}

static const char *const push_config[] = {"cudaConfigureCall", "__cudaPushCallConfiguration", "hipConfigureCall",
					  "__hipPushCallConfiguration", NULL};
static const char *const launch_kernel[] = {"cudaLaunchKernel", "cudaLaunchCooperativeKernel", "hipLaunchKernel",
					    "hipLaunchCooperativeKernel", NULL};
static const char *const launch_ex[] = {"cudaLaunchKernelEx", "cudaLaunchKernelExC", "hipLaunchKernelEx", NULL};
static const char *const set_attr[] = {"cudaFuncSetAttribute", "hipFuncSetAttribute", NULL};
static const char *const max_dynamic[] = {"cudaFuncAttributeMaxDynamicSharedMemorySize",
					  "hipFuncAttributeMaxDynamicSharedMemorySize", NULL};

/* cfg.blockDim / cfg.dynamicSmemBytes of a launch config variable: the one
 * value assigned to it in the function (two different: unknown). */
struct cfg_scan {
	struct ev *e;
	CXCursor var;
	int block[3];
	long smem;
	int n_block, n_smem;
	bool bad;
};

static enum CXChildVisitResult scan_cfg(CXCursor c, CXCursor parent, CXClientData d)
{
	struct cfg_scan *cs = d;
	CXCursor ch[3], lhs, rhs, base[1];
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_BinaryOperator && ka_children(c, ch, 2) == 2) {
		lhs = ka_strip(ch[0]);
		rhs = ch[1];
	} else if (k == CXCursor_CallExpr && expr_kids(c, ch, 3) == 3) {
		char *n = str_of(clang_getCursorSpelling(c));
		bool assign = strcmp(n, "operator=") == 0;
		free(n);
		if (!assign)
			return CXChildVisit_Recurse;
		lhs = ka_strip(ch[0]);
		rhs = ch[2];
	} else {
		return CXChildVisit_Recurse;
	}
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr || ka_children(lhs, base, 1) != 1 ||
	    !clang_equalCursors(clang_getCursorReferenced(ka_strip(base[0])), cs->var))
		return CXChildVisit_Recurse;
	char *m = str_of(clang_getCursorSpelling(lhs));
	if (strcmp(m, "blockDim") == 0) {
		int b[3];
		if (!ev_dim3(cs->e, rhs, b) || (cs->n_block && memcmp(b, cs->block, sizeof(b)) != 0))
			cs->bad = true;
		memcpy(cs->block, b, sizeof(b));
		cs->n_block++;
	} else if (strcmp(m, "dynamicSmemBytes") == 0) {
		long s;
		if (!ev_int(cs->e, rhs, &s) || (cs->n_smem && s != cs->smem))
			cs->n_smem = -1000;
		else
			cs->smem = s, cs->n_smem++;
	}
	free(m);
	return CXChildVisit_Recurse;
}

static void add_launch(struct finder *f, const struct callee *c, CXCursor site, const int grid[3], const int block[3],
		       long smem)
{
	struct ka_ulaunch *l;
	CXFile file;
	unsigned line = 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(site)), &file, &line, NULL, NULL);
	/* one entry per distinct (site, callee, configuration) */
	for (size_t i = 0; i < f->out->n_launches; i++) {
		l = &f->out->launches[i];
		if (l->line != (int)line || l->smem != smem || memcmp(l->block, block, sizeof(l->block)) != 0 ||
		    memcmp(l->grid, grid, sizeof(l->grid)) != 0 ||
		    strcmp(l->name, c->name) != 0 || strcmp(l->mangled, c->mangled) != 0 || l->n_targs != c->n_targs)
			continue;
		bool same = true;
		for (int t = 0; t < c->n_targs && same; t++)
			same = strcmp(l->targs[t], c->targs[t]) == 0;
		if (same) {
			f->last = (long)i;
			return;
		}
	}
	if (f->out->n_launches == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 16;
		f->out->launches = ka_xrealloc(f->out->launches, f->cap * sizeof(*f->out->launches));
	}
	l = &f->out->launches[f->out->n_launches++];
	memset(l, 0, sizeof(*l));
	l->name = ka_strdup(c->name);
	l->mangled = ka_strdup(c->mangled);
	l->n_targs = c->n_targs;
	for (int t = 0; t < c->n_targs; t++)
		l->targs[t] = ka_strdup(c->targs[t]);
	l->file = str_of(clang_getFileName(file));
	l->line = (int)line;
	memcpy(l->block, block, sizeof(l->block));
	memcpy(l->grid, grid, sizeof(l->grid));
	l->smem = smem;
	l->kernel = c->kernel;
	f->last = (long)f->out->n_launches - 1;
}

/* The operands of one site. */
struct site {
	CXCursor call, kernel, grid, block, smem;  /* smem null: not written (0) */
	CXCursor cfg;                        /* cudaLaunchKernelEx: the config variable */
	bool ex;
	const struct wsite *via;             /* a call of a launch wrapper: its site */
};

/* A site in a function that launches one of its parameters. */
struct wsite {
	CXCursor fn;                         /* the wrapper (its template pattern) */
	struct site s;
};

static void wrapper_add(struct finder *f, const struct site *s)
{
	if (f->n_wrappers % 16 == 0)
		f->wrappers = ka_xrealloc(f->wrappers, (f->n_wrappers + 16) * sizeof(*f->wrappers));
	f->wrappers[f->n_wrappers++] = (struct wsite){f->fn, *s};
}

/* Is operand k one of the enclosing function's parameters? */
static bool is_param(CXCursor k)
{
	CXCursor s = ka_strip(k);
	return clang_getCursorKind(s) == CXCursor_DeclRefExpr &&
	       clang_getCursorKind(clang_getCursorReferenced(s)) == CXCursor_ParmDecl;
}

/* Evaluate one site under one binding (or none); false when something
 * needed a binding it did not have (the caller then tries instantiations). */
static bool eval_site(struct finder *f, const struct site *s, const struct bind *b, bool record_unknown)
{
	struct ev e = {f->an->tu, b, f->fn, 0, NULL, offset_of(s->call)}, caller = e;
	struct pbind pb;
	struct callee c;
	int block[3] = {0, 0, 0}, grid[3] = {0, 0, 0};
	long smem = -1;
	bool ok;
	const struct site *at = s;

	f->last = -1;
	if (s->via) {
		/* the wrapper's site, its parameters bound to this call's arguments */
		CXCursor ch[40], args[33];
		const struct wsite *w = s->via;
		int n = ka_children(w->fn, ch, 40), na = expr_kids(s->call, args, 33);
		memset(&pb, 0, sizeof(pb));
		pb.caller = &caller;
		for (int i = 0; i < n && pb.n < 32; i++)
			if (clang_getCursorKind(ch[i]) == CXCursor_ParmDecl && pb.n + 1 < na) {
				pb.params[pb.n] = ch[i];
				pb.args[pb.n] = args[pb.n + 1];     /* args[0]: the callee */
				pb.n++;
			}
		e = (struct ev){f->an->tu, NULL, w->fn, 0, &pb, 0};
		at = &w->s;
		if (at->ex)
			return true;                     /* cudaLaunchKernelEx in a wrapper: not followed */
	}

	if (!callee_of(f, &e, at->kernel, &c))
		return true;                         /* not a function we can name: not a kernel launch we model */
	if (at->ex) {
		struct cfg_scan cs = {&e, at->cfg, {0, 0, 0}, 0, 0, 0, false};
		if (!clang_Cursor_isNull(at->cfg) && !clang_Cursor_isNull(f->fn))
			clang_visitChildren(f->fn, scan_cfg, &cs);
		if (cs.n_block > 0 && !cs.bad)
			memcpy(block, cs.block, sizeof(block));
		smem = cs.n_smem > 0 ? cs.smem : cs.n_smem == 0 && cs.n_block > 0 ? 0 : -1;
	} else {
		if (!ev_dim3(&e, at->block, block))
			memset(block, 0, sizeof(block));
		if (clang_Cursor_isNull(at->grid) || !ev_dim3(&e, at->grid, grid) || grid[0] <= 0 || grid[1] <= 0 ||
		    grid[2] <= 0)
			memset(grid, 0, sizeof(grid));
		if (clang_Cursor_isNull(at->smem))
			smem = 0;
		else if (!ev_int(&e, at->smem, &smem) || smem < 0)
			smem = -1;
	}
	ok = block[0] > 0 && smem >= 0 && c.n_targs >= 0;
	if (ok || record_unknown)
		add_launch(f, &c, s->call, grid, block, smem);
	callee_free(&c);
	return ok;
}

/* The bindings of template tmpl for one specialisation spec. */
static void bind_of(CXCursor tmpl, CXCursor spec, struct bind *b)
{
	CXCursor ch[MAX_BIND + 8];
	int n = ka_children(tmpl, ch, MAX_BIND + 8), ix = 0;
	memset(b, 0, sizeof(*b));
	for (int i = 0; i < n && b->n < MAX_BIND; i++) {
		enum CXCursorKind k = clang_getCursorKind(ch[i]);
		if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
		    k != CXCursor_TemplateTemplateParameter)
			continue;
		enum CXTemplateArgumentKind ak = clang_Cursor_getTemplateArgumentKind(spec, (unsigned)ix);
		b->param[b->n] = ch[i];
		b->name[b->n] = str_of(clang_getCursorSpelling(ch[i]));
		if (ak == CXTemplateArgumentKind_Integral) {
			b->is_int[b->n] = true;
			b->val[b->n] = (long)targ_value(spec, (unsigned)ix);
		} else if (ak == CXTemplateArgumentKind_Type) {
			b->text[b->n] = type_text(clang_Cursor_getTemplateArgumentType(spec, (unsigned)ix));
		}
		b->n++;
		ix++;
	}
}

static void bind_free(struct bind *b)
{
	for (int i = 0; i < b->n; i++) {
		free(b->name[i]);
		free(b->text[i]);
	}
}

/* Whether call (a referenced specialisation) is one of template tmpl. */
static bool spec_of(CXCursor call, CXCursor tmpl)
{
	CXCursor t = clang_getSpecializedCursorTemplate(call);
	return clang_equalCursors(t, tmpl) || clang_equalCursors(clang_getCursorDefinition(t), tmpl);
}

/* A launch in a function template whose block is a constant without the
 * template's arguments, but whose grid needs them (rocm-examples'
 * `dim3(Width / 4, Width / 4)`): the grid each specialisation called in
 * the file gives, the largest, when every one gives a constant.  The
 * launch recorded stays the one, as for the block. */
static void grid_of_instances(struct finder *f, const struct site *s, CXCursor tmpl)
{
	long at = f->last;
	long long best = 0;
	int grid[3], big[3] = {0, 0, 0};
	size_t n = 0;
	if (at < 0 || s->via || clang_Cursor_isNull(s->grid) || f->out->launches[at].grid[0] > 0)
		return;
	for (size_t i = 0; i < f->n_calls && n < MAX_SPECS; i++) {
		if (!spec_of(f->calls[i], tmpl))
			continue;
		struct bind b;
		bind_of(tmpl, f->calls[i], &b);
		struct ev e = {f->an->tu, &b, f->fn, 0, NULL, 0};
		bool ok = ev_dim3(&e, s->grid, grid) && grid[0] > 0 && grid[1] > 0 && grid[2] > 0;
		bind_free(&b);
		if (!ok)
			return;                      /* one specialisation's grid is not a constant */
		long long t3 = (long long)grid[0] * grid[1] * grid[2];
		if (t3 > best) {
			best = t3;
			memcpy(big, grid, sizeof(big));
		}
		n++;
	}
	if (n > 0)
		memcpy(f->out->launches[at].grid, big, sizeof(big));
}

/* The bindings of template tmpl from the arguments a dependent call
 * writes (`inner<float, threads>`), evaluated under the calling template's
 * bindings; the arguments not written (deduced) stay unbound. */
static void bind_written(struct finder *f, CXCursor tmpl, CXCursor callee, const struct bind *outer, CXCursor outer_fn,
			 struct bind *b)
{
	CXCursor tp[MAX_BIND + 8], ch[KA_ULAUNCH_TARGS + 3], wa[KA_ULAUNCH_TARGS];
	char wt[KA_ULAUNCH_TARGS][64];
	int np = ka_children(tmpl, tp, MAX_BIND + 8), n = ka_children(callee, ch, KA_ULAUNCH_TARGS + 3);
	int nw = written_args(f->an->tu, callee, ch, n, overloaded_at(ch, n), wa, wt, KA_ULAUNCH_TARGS), a = 0;
	struct ev e = {f->an->tu, outer, outer_fn, 0, NULL, 0};
	memset(b, 0, sizeof(*b));
	for (int i = 0; i < np && a < nw && b->n < MAX_BIND; i++) {
		enum CXCursorKind k = clang_getCursorKind(tp[i]), ak = clang_getCursorKind(wa[a]);
		long v;
		int ix;
		if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter)
			continue;
		b->param[b->n] = tp[i];
		if (k == CXCursor_NonTypeTemplateParameter) {
			if (!clang_isExpression(ak) || !ev_int(&e, wa[a], &v))
				break;
			b->is_int[b->n] = true;
			b->val[b->n] = v;
		} else {
			CXCursor td = clang_getCursorReferenced(wa[a]);
			const struct bind *ob;
			if (clang_Cursor_isNull(wa[a]) && wt[a][0]) {
				b->text[b->n] = ka_strdup(wt[a]);       /* a builtin type: float */
			} else if (ak != CXCursor_TypeRef) {
				break;
			} else if (clang_getCursorKind(td) == CXCursor_TemplateTypeParameter) {
				if (!(ob = bound(&e, td, &ix)) || ob->is_int[ix] || !ob->text[ix])
					break;
				b->text[b->n] = ka_strdup(ob->text[ix]);
			} else {
				b->text[b->n] = type_text(clang_getCursorType(wa[a]));
			}
		}
		b->name[b->n] = str_of(clang_getCursorSpelling(tp[i]));
		b->n++;
		a++;
	}
}

/* A site in a function template called only from another template's body
 * (dcall): one launch per specialisation of that outer template called in
 * the file.  Returns how many were evaluated. */
static size_t through_outer(struct finder *f, const struct site *s, CXCursor tmpl)
{
	size_t found = 0;
	for (size_t d = 0; d < f->n_dcalls && found < MAX_SPECS; d++) {
		const struct dcall *dc = &f->dcalls[d];
		if (!clang_equalCursors(dc->tmpl, tmpl) && !clang_equalCursors(clang_getCursorDefinition(dc->tmpl), tmpl))
			continue;
		for (size_t i = 0; i < f->n_calls && found < MAX_SPECS; i++) {
			bool dup = false;
			if (!spec_of(f->calls[i], dc->outer))
				continue;
			for (size_t j = 0; j < i && !dup; j++)
				dup = clang_equalCursors(f->calls[j], f->calls[i]);
			if (dup)
				continue;
			struct bind ob, ib;
			bind_of(dc->outer, f->calls[i], &ob);
			bind_written(f, tmpl, dc->callee, &ob, dc->outer, &ib);
			eval_site(f, s, &ib, true);
			bind_free(&ib);
			bind_free(&ob);
			found++;
		}
	}
	return found;
}

static void site_found(struct finder *f, const struct site *s)
{
	CXCursor tmpl = f->fn;
	size_t found = 0;
	if (clang_Cursor_isNull(tmpl) || clang_getCursorKind(tmpl) != CXCursor_FunctionTemplate) {
		eval_site(f, s, NULL, true);
		return;
	}
	if (eval_site(f, s, NULL, false)) {
		grid_of_instances(f, s, tmpl);       /* constant without the template's arguments */
		return;
	}
	/* one launch per specialisation of the enclosing template called here */
	for (size_t i = 0; i < f->n_calls && found < MAX_SPECS; i++) {
		bool dup = false;
		if (!spec_of(f->calls[i], tmpl))
			continue;
		for (size_t j = 0; j < i && !dup; j++)
			dup = clang_equalCursors(f->calls[j], f->calls[i]);
		if (dup)
			continue;
		struct bind b;
		bind_of(tmpl, f->calls[i], &b);
		eval_site(f, s, &b, true);
		bind_free(&b);
		found++;
	}
	if (!found)
		found = through_outer(f, s, tmpl);
	if (!found)
		eval_site(f, s, NULL, true);         /* never instantiated here: unknown */
}

/* A site found: in the first walk only those launching a parameter are
 * kept (wrappers); in the second every site is evaluated. */
static void site_seen(struct finder *f, const struct site *s)
{
	if (f->collecting) {
		if (is_param(s->kernel))
			wrapper_add(f, s);
		return;
	}
	site_found(f, s);
}

/* A call of a launch wrapper: each of its sites, through this call. */
static void wrapper_call(struct finder *f, CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call), t = clang_getNullCursor(), ch[2];
	if (f->n_wrappers == 0)
		return;
	if (clang_getCursorKind(r) != CXCursor_FunctionDecl) {
		/* a dependent call inside a template (launch(k<T>, p, ...)): the
		 * function templates its name may call */
		CXCursor c = ka_children(call, ch, 1) == 1 ? ka_strip(ch[0]) : clang_getNullCursor();
		if (clang_Cursor_isNull(c) || clang_getCursorKind(c) != CXCursor_DeclRefExpr || ka_children(c, ch, 1) != 1 ||
		    clang_getCursorKind(ch[0]) != CXCursor_OverloadedDeclRef || clang_getNumOverloadedDecls(ch[0]) != 1)
			return;
		r = clang_getOverloadedDecl(ch[0], 0);
		if (clang_getCursorKind(r) != CXCursor_FunctionTemplate)
			return;
	} else {
		t = clang_getSpecializedCursorTemplate(r);
	}
	for (size_t i = 0; i < f->n_wrappers; i++) {
		CXCursor w = f->wrappers[i].fn;
		if (!clang_equalCursors(w, r) && !clang_equalCursors(w, clang_getCursorDefinition(r)) &&
		    (clang_Cursor_isNull(t) || (!clang_equalCursors(w, t) && !clang_equalCursors(w, clang_getCursorDefinition(t)))))
			continue;
		struct site s = {call, clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor(),
				 clang_getNullCursor(), clang_getNullCursor(), false, &f->wrappers[i]};
		site_found(f, &s);
	}
}

/* cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n)
 * (or HIP's): the kernel it names, whatever n is -- a launch over the
 * default per-block limit needs it (CUDA C++ Programming Guide, "Shared
 * Memory" of compute capability 7.x and later).  Inside a function
 * template, its unbound arguments match any instance. */
static void optin_call(struct finder *f, CXCursor kernel, CXCursor attr)
{
	CXCursor a = ka_strip(attr);
	struct ev e = {f->an->tu, NULL, f->fn, 0, NULL, 0};
	struct callee c;
	char *an;
	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return;
	an = str_of(clang_getCursorSpelling(clang_getCursorReferenced(a)));
	bool ok = name_in(an, max_dynamic);
	free(an);
	if (!ok || !callee_of(f, &e, kernel, &c))
		return;
	if (f->out->n_optins % 16 == 0)
		f->out->optins = ka_xrealloc(f->out->optins, (f->out->n_optins + 16) * sizeof(*f->out->optins));
	struct ka_ulaunch *l = &f->out->optins[f->out->n_optins++];
	memset(l, 0, sizeof(*l));
	l->name = c.name;
	l->mangled = c.mangled;
	l->n_targs = c.n_targs;
	for (int t = 0; t < c.n_targs; t++)
		l->targs[t] = c.targs[t];
	l->file = ka_strdup("");
	l->smem = -1;
	l->kernel = c.kernel;
}

static void check_call(struct finder *f, CXCursor call)
{
	CXCursor ch[8];
	struct site s = {call, clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor(),
			 clang_getNullCursor(), clang_getNullCursor(), false, NULL};
	int n = expr_kids(call, ch, 8);
	char *name;

	/* k<<<g, b, s, st>>>(args): callee, then the configuration call */
	if (n >= 2 && clang_getCursorKind(ka_strip(ch[1])) == CXCursor_CallExpr) {
		CXCursor cfg = ka_strip(ch[1]), a[5];
		char *cn = callee_name(cfg);
		bool is_push = name_in(cn, push_config);
		free(cn);
		if (is_push) {
			int na = expr_kids(cfg, a, 5);   /* the callee, g, b[, s[, st]] */
			if (na >= 3) {
				s.kernel = ch[0];
				s.grid = a[1];
				s.block = a[2];
				if (na >= 4)
					s.smem = a[3];
				site_seen(f, &s);
			}
			return;
		}
	}
	name = callee_name(call);
	if (name_in(name, launch_kernel) && n >= 4) {
		s.kernel = ch[1];
		s.grid = ch[2];
		s.block = ch[3];
		if (n >= 6)
			s.smem = ch[5];
		site_seen(f, &s);
	} else if (name_in(name, launch_ex) && n >= 3) {
		CXCursor p = ka_strip(ch[1]), k1[1];
		if (clang_getCursorKind(p) == CXCursor_UnaryOperator && ka_children(p, k1, 1) == 1)
			p = ka_strip(k1[0]);
		if (clang_getCursorKind(p) == CXCursor_DeclRefExpr)
			s.cfg = clang_getCursorReferenced(p);
		s.kernel = ch[2];
		s.ex = true;
		site_seen(f, &s);
	} else if (name_in(name, set_attr) && n >= 4 && !f->collecting) {
		optin_call(f, ch[1], ch[2]);
	} else if (!f->collecting) {
		wrapper_call(f, call);
	}
	free(name);
}

static bool skipped(CXCursor c)
{
	return clang_Location_isInSystemHeader(clang_getCursorLocation(c)) || ka_is_from_prelude(c);
}

static enum CXChildVisitResult walk(CXCursor c, CXCursor parent, CXClientData d)
{
	struct finder *f = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	    k == CXCursor_Constructor || k == CXCursor_LambdaExpr) {
		CXCursor outer = f->fn;
		if (skipped(c) || (k != CXCursor_LambdaExpr && !clang_isCursorDefinition(c)) || ka_is_kernel(c))
			return CXChildVisit_Continue;
		if (k != CXCursor_LambdaExpr)
			f->fn = c;
		clang_visitChildren(c, walk, f);
		f->fn = outer;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr && !clang_Cursor_isNull(f->fn))
		check_call(f, c);
	/* a library's namespaces and classes hold no launch of the file's: not
	 * walked (over a precompiled prefix each would be read back from it) */
	if ((k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl ||
	     k == CXCursor_StructDecl || k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate) && skipped(c))
		return CXChildVisit_Continue;
	return CXChildVisit_Recurse;
}

/* A dependent call of one function template inside another: kept. */
static void dcall_add(struct finder *f, CXCursor call)
{
	CXCursor ch[KA_ULAUNCH_TARGS + 3], callee;
	int n, at;
	if (clang_Cursor_isNull(f->outer) || expr_kids(call, ch, 1) != 1)
		return;
	callee = ka_strip(ch[0]);
	if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
		return;
	n = ka_children(callee, ch, KA_ULAUNCH_TARGS + 3);
	if ((at = overloaded_at(ch, n)) < 0 || clang_getNumOverloadedDecls(ch[at]) != 1 || at + 1 >= n)
		return;
	CXCursor t = clang_getOverloadedDecl(ch[at], 0);
	if (clang_getCursorKind(t) != CXCursor_FunctionTemplate)
		return;
	if (f->n_dcalls % 16 == 0)
		f->dcalls = ka_xrealloc(f->dcalls, (f->n_dcalls + 16) * sizeof(*f->dcalls));
	f->dcalls[f->n_dcalls++] = (struct dcall){callee, t, f->outer};
}

/* Every call's referenced specialisation of a function template, and the
 * dependent calls inside function templates. */
static enum CXChildVisitResult collect_calls(CXCursor c, CXCursor parent, CXClientData d)
{
	struct finder *f = d;
	(void)parent;
	if (skipped(c))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_FunctionTemplate && clang_isCursorDefinition(c)) {
		CXCursor outer = f->outer;
		f->outer = c;
		clang_visitChildren(c, collect_calls, f);
		f->outer = outer;
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXCursor r = clang_getCursorReferenced(c);
		if (clang_Cursor_isNull(r) || clang_getCursorKind(r) != CXCursor_FunctionDecl)
			dcall_add(f, c);
		if (clang_getCursorKind(r) == CXCursor_FunctionDecl &&
		    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(r)) &&
		    clang_Cursor_getNumTemplateArguments(r) > 0) {
			if (f->n_calls == f->cap_calls) {
				f->cap_calls = f->cap_calls ? 2 * f->cap_calls : 64;
				f->calls = ka_xrealloc(f->calls, f->cap_calls * sizeof(*f->calls));
			}
			f->calls[f->n_calls++] = r;
		}
	}
	return CXChildVisit_Recurse;
}

static int launch_cmp(const void *a, const void *b)
{
	const struct ka_ulaunch *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if ((c = strcmp(x->mangled, y->mangled)))
		return c;
	if ((c = strcmp(x->name, y->name)))
		return c;
	for (int i = 0; i < x->n_targs && i < y->n_targs; i++)
		if ((c = strcmp(x->targs[i], y->targs[i])))
			return c;
	if (x->n_targs != y->n_targs)
		return x->n_targs < y->n_targs ? -1 : 1;
	if ((c = memcmp(x->block, y->block, sizeof(x->block))))
		return c;
	return x->smem < y->smem ? -1 : x->smem > y->smem;
}

void ka_launch_sites_find(struct ka_an *an, const CXCursor *kernels, size_t n_kernels, struct ka_uresult *out)
{
	struct finder f = {.an = an, .kernels = kernels, .n_kernels = n_kernels, .out = out, .last = -1};
	CXCursor tu = clang_getTranslationUnitCursor(an->tu);
	f.fn = clang_getNullCursor();
	f.outer = clang_getNullCursor();
	clang_visitChildren(tu, collect_calls, &f);
	f.collecting = true;                    /* the wrappers first: a call may come before */
	clang_visitChildren(tu, walk, &f);
	f.collecting = false;
	f.fn = clang_getNullCursor();
	clang_visitChildren(tu, walk, &f);
	free(f.calls);
	free(f.wrappers);
	free(f.dcalls);
	if (out->n_launches > 1) {
		/* sort, keeping each launch's kernel index */
		qsort(out->launches, out->n_launches, sizeof(*out->launches), launch_cmp);
	}
}

/* The shape every one of n blocks shares (unknown: blocks that are not
 * constants, then nothing is proven). */
static void shape_of(const int (*blocks)[3], int n, int unknown, int warp, struct ka_ushape *out)
{
	bool x1 = true, y1 = true, z1 = true, xw = true, yw = true, zw = true;
	out->n_sites = n + unknown;
	out->n_unknown = unknown;
	if (unknown || n == 0)
		return;
	for (int i = 0; i < n; i++) {
		x1 = x1 && blocks[i][0] == 1;
		y1 = y1 && blocks[i][1] == 1;
		z1 = z1 && blocks[i][2] == 1;
		xw = xw && blocks[i][0] % warp == 0;
		yw = yw && blocks[i][1] % warp == 0;
		zw = zw && blocks[i][2] % warp == 0;
	}
	out->lane_dim = !x1 ? 0 : !y1 ? 1 : 2;
	out->warp_multiple = out->lane_dim == 0 ? xw : out->lane_dim == 1 ? yw : zw;
	out->flat = out->lane_dim == 2 || (z1 && (out->lane_dim == 1 || y1));
}

/* A config glob against a kernel's qualified name: the glob up to its
 * first '<' or '(' ("norm<1024>*" -> "norm"), so that an entry for one
 * template instance speaks for the pattern the analysis reads. */
static bool rule_matches(const char *glob, const char *name)
{
	char head[256];
	size_t n = strcspn(glob, "<(");
	if (n == 0 || n >= sizeof(head))
		return false;
	memcpy(head, glob, n);
	head[n] = 0;
	return fnmatch(head, name, 0) == 0;
}

void ka_launch_shape(const struct ka_analyzer_options *o, const struct ka_uresult *r, int kernel, const char *name,
		     int warp, struct ka_ushape *out)
{
	int blocks[64][3], n = 0, unknown = 0;
	memset(out, 0, sizeof(*out));
	if (o->block > 0) {                       /* --block N */
		int one[1][3] = {{o->block, 1, 1}};
		shape_of((const int(*)[3])one, 1, 0, warp, out);
		return;
	}
	for (int i = 0; name && i < o->n_shape_rules && n < 64; i++)
		if (rule_matches(o->shape_rules[i].glob, name))
			memcpy(blocks[n++], o->shape_rules[i].block, sizeof(blocks[0]));
	if (n > 0) {                              /* the config's entries */
		shape_of((const int(*)[3])blocks, n, 0, warp, out);
		return;
	}
	long long threads = 0;
	bool sized = true;
	for (size_t i = 0; i < r->n_launches; i++) {
		const struct ka_ulaunch *l = &r->launches[i];
		if (l->kernel != kernel)
			continue;
		if (l->block[0] <= 0)
			unknown++;
		else if (n < 64)
			memcpy(blocks[n++], l->block, sizeof(blocks[0]));
		long long t = 1;
		for (int d = 0; d < 3; d++)
			t *= (long long)(l->block[d] > 0 ? l->block[d] : 0) * (l->grid[d] > 0 ? l->grid[d] : 0);
		sized = sized && t > 0;
		threads = t > threads ? t : threads;
	}
	shape_of((const int(*)[3])blocks, n, unknown, warp, out);
	out->threads = sized && n > 0 && unknown == 0 ? threads : 0;
}

void ka_ulaunch_free(struct ka_ulaunch *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].mangled);
		free(v[i].file);
		for (int t = 0; t < v[i].n_targs; t++)
			free(v[i].targs[t]);
	}
	free(v);
}

/* ---- matching compiled kernels ------------------------------------------------ */
/* "void ns::k<256, (ggml_type)1, true>(float*)" -> base "ns::k", args
 * {"256", "1", "1"}; false when the text has no parsable shape. */
static bool demangled_split(const char *d, char *base, size_t nb, char args[][64], int *nargs)
{
	const char *p = d + strlen(d), *lt = NULL;
	int depth = 0;
	size_t len;
	*nargs = 0;
	/* the parameter list: the '(' matching the last ')', not the first
	 * '(' (an enumerator argument is written "(Mem)1") */
	if (p > d && p[-1] == ')') {
		for (const char *q = p - 1; q >= d; q--) {
			if (*q == ')')
				depth++;
			else if (*q == '(' && --depth == 0) {
				p = q;
				break;
			}
		}
		depth = 0;
	}
	/* the template argument list closing just before '(' */
	if (p > d && p[-1] == '>') {
		for (const char *q = p - 1; q >= d; q--) {
			if (*q == '>')
				depth++;
			else if (*q == '<' && --depth == 0) {
				lt = q;
				break;
			}
		}
		if (!lt)
			return false;
	}
	const char *end = lt ? lt : p, *start = end;
	while (start > d && start[-1] != ' ')
		start--;
	len = (size_t)(end - start);
	if (len + 1 > nb)
		return false;
	memcpy(base, start, len);
	base[len] = 0;
	if (!lt)
		return true;
	const char *a = lt + 1;
	depth = 0;
	for (const char *q = a;; q++) {
		if (*q == '<' || *q == '(')
			depth++;
		else if ((*q == '>' || *q == ')') && depth > 0)
			depth--;
		else if ((*q == ',' && depth == 0) || (*q == '>' && depth == 0)) {
			const char *s = a, *e = q;
			while (s < e && *s == ' ')
				s++;
			if (*nargs >= KA_ULAUNCH_TARGS || (size_t)(e - s) >= 64)
				return false;
			/* "(ggml_type)1" -> "1"; "256u" -> "256"; true/false -> 1/0 */
			if (*s == '(') {
				const char *c = strchr(s, ')');
				if (c && c < e && (c[1] == '-' || (c[1] >= '0' && c[1] <= '9')))
					s = c + 1;
			}
			snprintf(args[*nargs], 64, "%.*s", (int)(e - s), s);
			char *x = args[*nargs];
			size_t l = strlen(x);
			if (l && ((x[0] >= '0' && x[0] <= '9') || x[0] == '-'))
				while (l > 1 && strchr("uUlL", x[l - 1]))
					x[--l] = 0;
			if (strcmp(x, "true") == 0)
				strcpy(x, "1");
			else if (strcmp(x, "false") == 0)
				strcpy(x, "0");
			(*nargs)++;
			a = q + 1;
			if (*q == '>')
				break;
		}
		if (!*q)
			return false;
	}
	return true;
}

static bool name_matches(const char *want, const char *have)
{
	/* "ns::k" against "ns::k" or a qualified "k"; an unqualified launch name
	 * matches the last component */
	size_t lw = strlen(want), lh = strlen(have);
	if (strcmp(want, have) == 0)
		return true;
	if (lw > lh && strcmp(want + lw - lh, have) == 0 && want[lw - lh - 1] == ':')
		return true;
	return false;
}

static size_t matching(const struct ka_ulaunch *v, size_t nv, const char *mangled, const char *demangled,
		       const struct ka_ulaunch **out, size_t cap)
{
	char base[512], args[KA_ULAUNCH_TARGS][64];
	int nargs = 0;
	bool split = demangled && demangled_split(demangled, base, sizeof(base), args, &nargs);
	size_t n = 0;
	for (size_t i = 0; i < nv && n < cap; i++) {
		const struct ka_ulaunch *l = &v[i];
		bool match = mangled && *l->mangled && strcmp(l->mangled, mangled) == 0;
		/* the template arguments written: "*" for an outer template's
		 * parameter; those not written (deduced) match any */
		if (!match && split && l->n_targs >= 0 && l->n_targs <= nargs && name_matches(base, l->name)) {
			match = true;
			for (int t = 0; t < l->n_targs && match; t++)
				match = strcmp(l->targs[t], "*") == 0 || strcmp(args[t], l->targs[t]) == 0;
		}
		if (match)
			out[n++] = l;
	}
	return n;
}

size_t ka_uresult_launches(const struct ka_uresult *r, const char *mangled, const char *demangled,
			   const struct ka_ulaunch **out, size_t cap)
{
	return r ? matching(r->launches, r->n_launches, mangled, demangled, out, cap) : 0;
}

bool ka_uresult_optin(const struct ka_uresult *r, const char *mangled, const char *demangled)
{
	const struct ka_ulaunch *one[1];
	return r && matching(r->optins, r->n_optins, mangled, demangled, one, 1) > 0;
}
