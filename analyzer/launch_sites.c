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
 * qualified name and evaluated template arguments.  The evaluator is
 * launch_eval.c's; what the sites say of a compiled kernel,
 * launch_match.c's. */
#define _GNU_SOURCE
#include "internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct finder {
	struct ka_an *an;
	const CXCursor *kernels;
	size_t n_kernels;
	CXCursor *calls;                   /* referenced specialisations of every call */
	size_t n_calls, cap_calls;
	CXCursor fn;                       /* the function being walked */
	struct ka_uresult *out;
	size_t cap, cap_optins;            /* of out's launches and optins */
	struct wsite *wrappers;            /* sites launching a parameter */
	size_t n_wrappers, cap_wrappers;
	bool collecting;                   /* the first walk: wrappers only */
	long last;                         /* the launch the last eval_site recorded, -1 none */
	struct dcall *dcalls;              /* dependent calls of function templates */
	size_t n_dcalls, cap_dcalls;
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

/* ---- the callee --------------------------------------------------------------- */

static char *type_text(CXType t)
{
	return ka_str_of(clang_getTypeSpelling(clang_getCanonicalType(t)));
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
	if (dk == CXCursor_ParmDecl && ka_ev_param_arg(e, d, &arg, &ctx))
		return callee_of(f, ctx, arg, out);    /* a wrapper's kernel parameter */
	if (dk == CXCursor_FunctionDecl) {
		int n = clang_Cursor_getNumTemplateArguments(d);
		out->name = ka_cursor_qualified_name(d, true);
		out->mangled = ka_str_of(clang_Cursor_getMangling(d));
		out->kernel = kernel_index(f, d);
		out->n_targs = n < 0 ? 0 : n > KA_ULAUNCH_TARGS ? -1 : n;
		for (int i = 0; i < out->n_targs; i++) {
			enum CXTemplateArgumentKind ak = clang_Cursor_getTemplateArgumentKind(d, (unsigned)i);
			char num[32];
			if (ak == CXTemplateArgumentKind_Integral) {
				snprintf(num, sizeof(num), "%lld", ka_targ_value(d, (unsigned)i));
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
				b = ka_ev_bound(e, td, &ix);
				out->targs[out->n_targs++] = ka_strdup(b && !b->is_int[ix] ? b->text[ix] : "*");
			} else {
				out->targs[out->n_targs++] = type_text(clang_getCursorType(*cur));
			}
		} else if (clang_isExpression(ck) && ka_ev_int(e, *cur, &v)) {
			snprintf(num, sizeof(num), "%ld", v);
			out->targs[out->n_targs++] = ka_strdup(num);
		} else if (ck == CXCursor_DeclRefExpr &&
			   clang_getCursorKind(clang_getCursorReferenced(*cur)) == CXCursor_NonTypeTemplateParameter &&
			   !ka_ev_bound(e, clang_getCursorReferenced(*cur), &ix)) {
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
	char *n = ka_str_of(clang_getCursorSpelling(call));
	if (*n || ka_children(call, ch, 1) != 1)
		return n;
	free(n);
	s = ka_strip(ch[0]);
	if (clang_getCursorKind(s) == CXCursor_DeclRefExpr && ka_children(s, ch, 1) == 1 &&
	    clang_getCursorKind(ch[0]) == CXCursor_OverloadedDeclRef)
		return ka_str_of(clang_getCursorSpelling(ch[0]));
	return ka_str_of(clang_getCursorSpelling(s));
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
	} else if (k == CXCursor_CallExpr && ka_expr_kids(c, ch, 3) == 3) {
		char *n = ka_str_of(clang_getCursorSpelling(c));
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
	char *m = ka_str_of(clang_getCursorSpelling(lhs));
	if (strcmp(m, "blockDim") == 0) {
		int b[3];
		if (!ka_ev_dim3(cs->e, rhs, b) || (cs->n_block && memcmp(b, cs->block, sizeof(b)) != 0))
			cs->bad = true;
		memcpy(cs->block, b, sizeof(b));
		cs->n_block++;
	} else if (strcmp(m, "dynamicSmemBytes") == 0) {
		long s;
		if (!ka_ev_int(cs->e, rhs, &s) || (cs->n_smem && s != cs->smem))
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
	KA_GROW(f->out->launches, f->out->n_launches, f->cap, 16);
	l = &f->out->launches[f->out->n_launches++];
	memset(l, 0, sizeof(*l));
	l->name = ka_strdup(c->name);
	l->mangled = ka_strdup(c->mangled);
	l->n_targs = c->n_targs;
	for (int t = 0; t < c->n_targs; t++)
		l->targs[t] = ka_strdup(c->targs[t]);
	l->file = ka_str_of(clang_getFileName(file));
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
	KA_GROW(f->wrappers, f->n_wrappers, f->cap_wrappers, 16);
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
	struct ev e = {f->an->tu, b, f->fn, 0, NULL, ka_offset_of(s->call)}, caller = e;
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
		int n = ka_children(w->fn, ch, 40), na = ka_expr_kids(s->call, args, 33);
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
		if (!ka_ev_dim3(&e, at->block, block))
			memset(block, 0, sizeof(block));
		if (clang_Cursor_isNull(at->grid) || !ka_ev_dim3(&e, at->grid, grid) || grid[0] <= 0 || grid[1] <= 0 ||
		    grid[2] <= 0)
			memset(grid, 0, sizeof(grid));
		if (clang_Cursor_isNull(at->smem))
			smem = 0;
		else if (!ka_ev_int(&e, at->smem, &smem) || smem < 0)
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
		b->name[b->n] = ka_str_of(clang_getCursorSpelling(ch[i]));
		if (ak == CXTemplateArgumentKind_Integral) {
			b->is_int[b->n] = true;
			b->val[b->n] = (long)ka_targ_value(spec, (unsigned)ix);
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
		bool ok = ka_ev_dim3(&e, s->grid, grid) && grid[0] > 0 && grid[1] > 0 && grid[2] > 0;
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
			if (!clang_isExpression(ak) || !ka_ev_int(&e, wa[a], &v))
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
				if (!(ob = ka_ev_bound(&e, td, &ix)) || ob->is_int[ix] || !ob->text[ix])
					break;
				b->text[b->n] = ka_strdup(ob->text[ix]);
			} else {
				b->text[b->n] = type_text(clang_getCursorType(wa[a]));
			}
		}
		b->name[b->n] = ka_str_of(clang_getCursorSpelling(tp[i]));
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
	an = ka_str_of(clang_getCursorSpelling(clang_getCursorReferenced(a)));
	bool ok = name_in(an, max_dynamic);
	free(an);
	if (!ok || !callee_of(f, &e, kernel, &c))
		return;
	KA_GROW(f->out->optins, f->out->n_optins, f->cap_optins, 16);
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
	int n = ka_expr_kids(call, ch, 8);
	char *name;

	/* k<<<g, b, s, st>>>(args): callee, then the configuration call */
	if (n >= 2 && clang_getCursorKind(ka_strip(ch[1])) == CXCursor_CallExpr) {
		CXCursor cfg = ka_strip(ch[1]), a[5];
		char *cn = callee_name(cfg);
		bool is_push = name_in(cn, push_config);
		free(cn);
		if (is_push) {
			int na = ka_expr_kids(cfg, a, 5);   /* the callee, g, b[, s[, st]] */
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
	/* a library's declarations hold no launch of the file's: not walked
	 * (over a precompiled prefix each would be read back from it) */
	if (clang_isDeclaration(k) && skipped(c))
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	    k == CXCursor_Constructor || k == CXCursor_LambdaExpr) {
		CXCursor outer = f->fn;
		if ((k == CXCursor_LambdaExpr && skipped(c)) || (k != CXCursor_LambdaExpr && !clang_isCursorDefinition(c)) ||
		    ka_is_kernel(c))
			return CXChildVisit_Continue;
		if (k != CXCursor_LambdaExpr)
			f->fn = c;
		clang_visitChildren(c, walk, f);
		f->fn = outer;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr && !clang_Cursor_isNull(f->fn))
		check_call(f, c);
	return CXChildVisit_Recurse;
}

/* A dependent call of one function template inside another: kept. */
static void dcall_add(struct finder *f, CXCursor call)
{
	CXCursor ch[KA_ULAUNCH_TARGS + 3], callee;
	int n, at;
	if (clang_Cursor_isNull(f->outer) || ka_expr_kids(call, ch, 1) != 1)
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
	KA_GROW(f->dcalls, f->n_dcalls, f->cap_dcalls, 16);
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
			KA_GROW(f->calls, f->n_calls, f->cap_calls, 64);
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

