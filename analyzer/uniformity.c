/* uniformity.c — the uniformity (divergence) analysis of DESIGN §6: sets a
 * class of the lattice (uclass.def) on every expression node of a kernel
 * and of the device functions it calls, and keeps per variable the class of
 * its value at each program point.
 *
 * Source: J. Sampaio, R. Martins, S. Collange, F. M. Q. Pereira, "Divergence
 * Analysis", ACM TOPLAS 35(4), 2013; the shape follows Mesa's
 * src/compiler/nir/nir_divergence_analysis.c, on the AST instead of SSA.
 *
 * Contract:
 *  - Divergence only grows: a node's value is the join over every visit
 *    (loop iterations, calling contexts); nothing is ever made more uniform.
 *  - Sources: literals, constexpr, enumerators, template parameters, sizeof
 *    -> const; kernel parameters, gridDim, blockDim, warpSize (CUDA) ->
 *    grid-uniform; blockIdx -> block-uniform; threadIdx.x -> affine-lane
 *    (stride 1); threadIdx.y/z -> warp-uniform-if; calls by the big switch
 *    of call_intrinsic() (intrinsics.def), grouped by reason.
 *  - Control: each branch gets a copy of the state and the copies are merged;
 *    a variable assigned under a lane-dependent condition (affine-lane or
 *    varying) becomes varying at the merge, under a uniform one at least as
 *    non-uniform as the condition.  Loops iterate to an explicit fixed point
 *    (at most KA_LOOP_MAX rounds, then everything they assign is varying);
 *    a value carried out of a loop whose exit (condition or break) depends
 *    on the lane is varying; a lane-dependent continue makes the loop's
 *    variables varying at its head.  A branch that leaves (return) does not
 *    take part in the merge: the lanes that stay all came the same way.
 *  - __device__ functions are analysed in their calling context (arguments
 *    bound to the callers' values), to depth 16; recursion -> varying.
 *  - Hardware differences are options, not special cases: the warp width
 *    (an->warp: 32, or 64 on wave64 HIP) is the only one this pass uses.
 *  - Memory is not tracked: a load is as uniform as its address (a shared
 *    or global location read at a uniform address is the same for every
 *    reader if nobody writes it meanwhile, which the why text says). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { KA_LOOP_MAX = 40, KA_MAX_ARGS = 32, KA_CALL_DEPTH = 16, KA_BUDGET = 4000000 };

const struct ka_intrin_info ka_intrins[IN_COUNT] = {
#define KA_INTRIN(id, key, group, a, b) [IN_##id] = {key, group, a, b},
#include "intrinsics.def"
#undef KA_INTRIN
	[IN_ATOMIC] = {"atomic*", IG_ATOMIC, 0, -1},
	[IN_BUFFER_LOAD] = {"*buffer_load*", IG_BUFFER, -1, -1},
	[IN_BUFFER_STORE] = {"*buffer_store*", IG_BUFFER, -1, -1},
};

static const char *const why_texts[] = {
#define KA_WHY(id, text) text,
#include "why.def"
#undef KA_WHY
};

const char *ka_why_text(enum ka_why w)
{
	return (unsigned)w < WHY_COUNT ? why_texts[w] : "";
}

/* ---- state ---------------------------------------------------------------------- */
struct ka_state {
	struct ka_uval *v;
	bool dead;            /* no lane reaches this point (after return/break) */
};

struct ka_loop {
	struct ka_loop *outer;
	bool is_switch;
	struct ka_state brk, cont;
	bool has_brk, has_cont;
	uint8_t brk_cls;      /* max class of the conditions guarding a break */
	int brk_line;
	uint8_t brk_uni;      /* ... of those below affine-lane               */
	int brk_uni_line;
	bool div_cont;        /* a continue under a lane-dependent condition  */
	int cont_line;
};

struct ka_frame {
	struct ka_an *an;
	CXCursor fn;
	struct ka_fninfo *info;
	struct ka_cmap ix;            /* declaration -> local variable        */
	CXCursor *decls;              /* parameters first, then locals        */
	uint8_t *is_array;            /* thread-private array                 */
	uint8_t *is_ref;              /* reference-typed parameter            */
	unsigned *decl_off;           /* main-file offset of the declaration  */
	int n, n_params;
	size_t cap_decls, cap_is_array, cap_is_ref, cap_decl_off;   /* grown together */
	struct ka_state st;
	uint8_t *assigned;            /* variables assigned in the current region */
	uint8_t *escaped;             /* address taken: assumed varying       */
	struct ka_uval ret;
	bool has_ret;
	struct ka_state ret_st;       /* join of the states at the returns    */
	bool has_ret_st;
	uint8_t fn_ctrl;              /* max class of the conditions guarding this
	                                 point, since the function's entry     */
	int fn_ctrl_line;
	uint8_t loop_ctrl;            /* ... since the innermost loop's body   */
	int loop_ctrl_line;
	struct ka_loop *loop;
	struct ka_state *sw_entry;    /* switch: the state at its entry       */
	bool sw_has_default;
	struct ka_uval this_val;
	bool has_goto;                /* every variable is varying (no CFG here) */
};

static struct ka_uval ev(struct ka_frame *f, CXCursor e);
static void stmt(struct ka_frame *f, CXCursor s);

static int line_of(CXCursor c)
{
	int l, col;
	ka_location(c, &l, &col);
	return l;
}

static struct ka_state st_copy(const struct ka_frame *f, const struct ka_state *s)
{
	struct ka_state r = {ka_xmalloc((size_t)(f->n ? f->n : 1) * sizeof(struct ka_uval)), s->dead};
	memcpy(r.v, s->v, (size_t)f->n * sizeof(struct ka_uval));
	return r;
}

static void st_free(struct ka_state *s)
{
	free(s->v);
	s->v = NULL;
}

static void st_join_into(const struct ka_frame *f, struct ka_state *dst, const struct ka_state *src)
{
	if (src->dead)
		return;
	if (dst->dead) {
		memcpy(dst->v, src->v, (size_t)f->n * sizeof(struct ka_uval));
		dst->dead = false;
		return;
	}
	for (int i = 0; i < f->n; i++)
		dst->v[i] = uv_join(dst->v[i], src->v[i]);
}

static bool st_equal(const struct ka_frame *f, const struct ka_state *a, const struct ka_state *b)
{
	if (a->dead != b->dead)
		return false;
	for (int i = 0; i < f->n; i++)
		if (!uv_equal(&a->v[i], &b->v[i]))
			return false;
	return true;
}

/* The per-variable summary (join of every value) for the LLVM oracle. */
static void var_note(struct ka_frame *f, int i, const struct ka_uval *v)
{
	struct ka_an *an = f->an;
	int j;
	if ((v->flags & UV_UNDEF) || !ka_in_main_file(an, f->decls[i]))
		return;
	/* a function no kernel calls is analysed with varying parameters: that
	 * says nothing about the functions it calls, which kernels may call */
	if (an->standalone && an->n_reached && !clang_equalCursors(f->fn, an->reached[0]))
		return;
	j = ka_cmap_get(&an->var_ix, f->decls[i]);
	if (j < 0) {        /* template instantiations: the pattern's variable */
		int line = line_of(f->decls[i]);
		CXString n = clang_getCursorSpelling(f->decls[i]);
		for (size_t k = 0; k < an->n_vars && j < 0; k++)
			if (an->vars[k].line == line && strcmp(an->vars[k].name, clang_getCString(n)) == 0)
				j = (int)k;
		clang_disposeString(n);
		if (j >= 0)
			ka_cmap_put(&an->var_ix, f->decls[i], j);
	}
	if (j < 0) {
		CXString n = clang_getCursorSpelling(f->decls[i]), fn = clang_getCursorSpelling(f->fn);
		KA_GROW(an->vars, an->n_vars, an->cap_vars, 64);
		j = (int)an->n_vars++;
		an->vars[j] = (struct ka_uvar){ka_strdup(clang_getCString(n)), ka_strdup(clang_getCString(fn)),
					       line_of(f->decls[i]), (enum ka_uclass)v->cls};
		clang_disposeString(n);
		clang_disposeString(fn);
		ka_cmap_put(&an->var_ix, f->decls[i], j);
	} else if (v->cls > an->vars[j].cls) {
		an->vars[j].cls = (enum ka_uclass)v->cls;
	}
}

static void set_var(struct ka_frame *f, int i, struct ka_uval v)
{
	if (f->has_goto && !(v.flags & UV_UNDEF))
		v = uv_varying(v, WHY_GOTO, NULL, 0);
	f->st.v[i] = v;
	if (f->assigned)
		f->assigned[i] = 1;
	var_note(f, i, &v);
}

/* ---- the frame: variables of one function ---------------------------------------- */
static void add_decl(struct ka_frame *f, CXCursor d, bool param)
{
	if (ka_cmap_get(&f->ix, d) >= 0)
		return;
	KA_GROW(f->decls, (size_t)f->n, f->cap_decls, 16);
	KA_GROW(f->is_array, (size_t)f->n, f->cap_is_array, 16);
	KA_GROW(f->is_ref, (size_t)f->n, f->cap_is_ref, 16);
	KA_GROW(f->decl_off, (size_t)f->n, f->cap_decl_off, 16);
	{
		unsigned s, e;
		f->decl_off[f->n] = ka_extent(f->an, d, &s, &e) ? s : ~0u;
	}
	CXType t = clang_getCanonicalType(clang_getCursorType(d));
	f->decls[f->n] = d;
	f->is_array[f->n] = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
			    t.kind == CXType_VariableArray;
	f->is_ref[f->n] = param && (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference);
	ka_cmap_put(&f->ix, d, f->n);
	f->n++;
}

static enum CXChildVisitResult scan_vars(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ka_frame *f = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	(void)parent;
	if (k == CXCursor_LambdaExpr || k == CXCursor_ClassDecl || k == CXCursor_StructDecl)
		return CXChildVisit_Continue;
	if (k == CXCursor_VarDecl && !clang_Cursor_hasVarDeclGlobalStorage(c))
		add_decl(f, c, false);
	if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
		f->has_goto = true;
	return CXChildVisit_Recurse;
}

static CXCursor fn_body(CXCursor fn)
{
	CXCursor ch[64];
	int n = ka_children(fn, ch, 64);
	for (int i = n - 1; i >= 0; i--)
		if (clang_getCursorKind(ch[i]) == CXCursor_CompoundStmt)
			return ch[i];
	return clang_getNullCursor();
}

static void frame_init(struct ka_frame *f, struct ka_an *an, CXCursor fn)
{
	CXCursor ch[64];
	int n = ka_children(fn, ch, 64);
	memset(f, 0, sizeof(*f));
	f->an = an;
	f->fn = fn;
	f->info = ka_fninfo_get(an, fn);
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ch[i]) == CXCursor_ParmDecl)
			add_decl(f, ch[i], true);
	f->n_params = f->n;
	f->info->n_params = f->n_params;
	for (int i = 0; i < f->n_params && i < 64; i++)
		if (ka_type_is_integer(clang_getCursorType(f->decls[i])))
			f->info->int_params |= 1ull << i;
	CXCursor body = fn_body(fn);
	if (!clang_Cursor_isNull(body))
		clang_visitChildren(body, scan_vars, f);
	f->st.v = ka_xmalloc((size_t)(f->n ? f->n : 1) * sizeof(struct ka_uval));
	for (int i = 0; i < f->n; i++)
		f->st.v[i] = uv_undef();
	f->escaped = ka_xcalloc((size_t)(f->n ? f->n : 1), 1);
	f->ret_st.v = NULL;
	f->this_val = uv_class(KA_U_VARYING, WHY_UNKNOWN, "this", 0);
}

static void frame_free(struct ka_frame *f)
{
	st_free(&f->st);
	st_free(&f->ret_st);
	free(f->escaped);
	free(f->decls);
	free(f->is_array);
	free(f->is_ref);
	free(f->decl_off);
	ka_cmap_free(&f->ix);
}

static int local_of(struct ka_frame *f, CXCursor declref)
{
	CXCursor d = clang_getCursorReferenced(declref);
	if (clang_Cursor_isNull(d))
		return -1;
	return ka_cmap_get(&f->ix, d);
}

static void record(struct ka_an *an, CXCursor e, struct ka_uval v)
{
	struct ka_node *n = ka_node_get(an, e);
	n->v = n->visited ? uv_join(n->v, v) : v;
	n->visited = true;
}

static enum ka_op node_op(struct ka_an *an, CXCursor e)
{
	struct ka_node *n = ka_node_get(an, e);
	if (n->op < 0)
		n->op = (int8_t)ka_operator(an, e);
	return (enum ka_op)n->op;
}

static const char *intern(struct ka_frame *f, const char *s)
{
	return ka_intern(&f->an->strs, s);
}

static const char *cursor_name(struct ka_frame *f, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *r = intern(f, clang_getCString(s));
	clang_disposeString(s);
	return r;
}

static bool type_is_pointer(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer || t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray;
}

/* ---- memory ---------------------------------------------------------------------- */
/* p + i: the address (elements), remembering which parameters reached it. */
static struct ka_uval address(struct ka_frame *f, struct ka_uval p, struct ka_uval i)
{
	struct ka_uval a = uv_binary(OP_ADD, p, i, f->an->warp, false);
	a.space = p.space;
	f->info->addr_taint |= p.taint | i.taint;
	return a;
}

static struct ka_uval load(struct ka_frame *f, struct ka_uval addr)
{
	struct ka_uval r;
	if (uv_is_lane_dependent(&addr))
		return uv_class(KA_U_VARYING, WHY_LOADVAR, NULL, 0);
	if (addr.space == SP_LOCAL)
		return uv_class(KA_U_VARYING, WHY_LOADVAR, NULL, 0);
	r = uv_class(addr.cls > KA_U_GRID ? (enum ka_uclass)addr.cls : KA_U_GRID, WHY_LOADUNI,
		     ka_uclass_name((enum ka_uclass)(addr.cls > KA_U_GRID ? addr.cls : KA_U_GRID)), 0);
	(void)f;
	return r;
}

/* ---- expressions ---------------------------------------------------------------- */
static struct ka_uval ev_children_join(struct ka_frame *f, CXCursor e, bool *any)
{
	CXCursor ch[KA_MAX_ARGS];
	int n = ka_children(e, ch, KA_MAX_ARGS);
	struct ka_uval r = uv_undef();
	*any = false;
	for (int i = 0; i < n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ch[i]);
		if (!clang_isExpression(k))
			continue;
		struct ka_uval v = ev(f, ch[i]);
		r = *any ? uv_join(r, v) : v;
		*any = true;
	}
	return r;
}

/* threadIdx.<dim> (0: x, 1: y, 2: z).  The lane dimension is x unless
 * every launch of the kernel found in the file has a constant block with
 * x == 1 (then y, or z when y == 1 too: an->shape, set by launch_sites.c):
 * it is affine-lane(1), the dimensions below it are 0, those above it
 * warp-uniform-if -- or warp-uniform when those launches all make the lane
 * dimension a multiple of the warp (then the warp index of the lane
 * dimension is provable too: UV_LINEAR). */
static struct ka_uval tid_source(struct ka_frame *f, int dim)
{
	const struct ka_ushape *sh = &f->an->shape;
	bool proven = sh->n_sites > 0 && sh->n_unknown == 0;
	int lane = proven ? sh->lane_dim : 0;
	const char *mn = intern(f, dim == 0 ? "x" : dim == 1 ? "y" : "z");
	struct ka_uval v;

	if (dim < lane)
		return uv_const(0, true, WHY_TIDZERO, mn);
	if (dim == lane) {
		uint16_t flags = UV_ALIGNED | UV_TIDX;
		if (proven && sh->warp_multiple)
			flags |= UV_LINEAR;
		return lane == 0 ? uv_affine(1, flags, WHY_TIDX, NULL) : uv_affine(1, flags, WHY_TIDLANE, mn);
	}
	if (proven && sh->warp_multiple) {
		v = uv_class(KA_U_WARP, WHY_TIDWARP, mn, f->an->warp);
		return v;
	}
	return uv_class(KA_U_WARP_IF, WHY_TIDYZ, mn, f->an->warp);
}

static struct ka_uval builtin_member(struct ka_frame *f, const char *var, const char *m)
{
	const char *mn = intern(f, m);
	if (strcmp(var, "threadIdx") == 0) {
		if (strcmp(m, "x") != 0 && strcmp(m, "y") != 0 && strcmp(m, "z") != 0)
			return uv_class(KA_U_VARYING, WHY_TIDX, NULL, 0);   /* not a member we know */
		return tid_source(f, m[0] - 'x');
	}
	if (strcmp(var, "blockIdx") == 0)
		return uv_class(KA_U_BLOCK, WHY_BLOCKIDX, mn, 0);
	if (strcmp(var, "blockDim") == 0)
		return uv_class(KA_U_GRID, WHY_BLOCKDIM, mn, 0);
	return uv_class(KA_U_GRID, WHY_GRIDDIM, mn, 0);
}

static bool is_builtin_var(const char *n)
{
	return strcmp(n, "threadIdx") == 0 || strcmp(n, "blockIdx") == 0 || strcmp(n, "blockDim") == 0 ||
	       strcmp(n, "gridDim") == 0;
}

static struct ka_uval global_var(struct ka_frame *f, CXCursor e, CXCursor d)
{
	const char *name = cursor_name(f, d);
	CXType t = clang_getCanonicalType(clang_getCursorType(d));
	bool array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray;
	struct ka_uval v;
	CXEvalResult r;

	if (is_builtin_var(name))
		return strcmp(name, "threadIdx") == 0 ? uv_class(KA_U_VARYING, WHY_TIDX, NULL, 0)
		       : strcmp(name, "blockIdx") == 0 ? uv_class(KA_U_BLOCK, WHY_BLOCKIDX, intern(f, "xyz"), 0)
						       : uv_class(KA_U_GRID, WHY_BLOCKDIM, intern(f, "xyz"), 0);
	if (strcmp(name, "warpSize") == 0 && f->an->lang == KA_LANG_CUDA) {
		v = uv_class(KA_U_GRID, WHY_WARPSIZE, NULL, 0);
		v.flags |= UV_KNOWN;
		v.k = f->an->warp;
		return v;
	}
	if (!array && clang_isConstQualifiedType(clang_getCursorType(d)) && (r = clang_Cursor_Evaluate(e))) {
		bool is_int = clang_EvalResult_getKind(r) == CXEval_Int;
		int64_t k = !is_int ? 0
			    : clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
								 : clang_EvalResult_getAsLongLong(r);
		clang_EvalResult_dispose(r);
		return uv_const(k, is_int, WHY_CONSTEXPR, name);
	}
	if (ka_has_attr(d, CXCursor_CUDASharedAttr)) {
		v = uv_class(KA_U_BLOCK, WHY_SHARED, name, 0);
		v.space = SP_SHARED;
		return v;
	}
	v = uv_class(KA_U_GRID, WHY_GLOBALVAR, name, 0);
	v.space = ka_has_attr(d, CXCursor_CUDAConstantAttr) ? SP_CONSTANT : SP_GLOBAL;
	if (!array && !type_is_pointer(t))
		v.space = SP_NONE;      /* a scalar: its value was loaded */
	return v;
}

static struct ka_uval ev_declref(struct ka_frame *f, CXCursor e)
{
	CXCursor d = clang_getCursorReferenced(e);
	enum CXCursorKind dk = clang_getCursorKind(d);
	int64_t k;

	if (clang_Cursor_isNull(d)) {
		if (ka_eval_int(e, &k))
			return uv_const(k, true, WHY_CONSTEXPR, cursor_name(f, e));
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, cursor_name(f, e), 0);
	}
	switch (dk) {
	case CXCursor_NonTypeTemplateParameter:
		return uv_const(0, false, WHY_TEMPLATE, cursor_name(f, d));
	case CXCursor_EnumConstantDecl:
		return uv_const(clang_getEnumConstantDeclValue(d), true, WHY_ENUM, cursor_name(f, d));
	case CXCursor_FunctionDecl:
	case CXCursor_FunctionTemplate:
	case CXCursor_CXXMethod:
		return uv_const(0, false, WHY_LITERAL, NULL);
	case CXCursor_VarDecl:
	case CXCursor_ParmDecl: {
		int i = ka_cmap_get(&f->ix, d);
		if (i >= 0) {
			struct ka_uval v = f->st.v[i];
			if (f->escaped[i])
				return uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, d), 0);
			if (v.flags & UV_UNDEF)
				return uv_const(0, false, WHY_UNDEF, NULL);
			if (f->is_array[i]) {
				v.space = SP_LOCAL;
				v.stride = 0;
				v.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR);
			}
			return v;
		}
		if (clang_Cursor_hasVarDeclGlobalStorage(d) == 1)
			return global_var(f, e, d);
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, cursor_name(f, d), 0);
	}
	case CXCursor_FieldDecl:
		return f->this_val;
	default:
		if (ka_eval_int(e, &k))
			return uv_const(k, true, WHY_CONSTEXPR, cursor_name(f, d));
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, cursor_name(f, d), 0);
	}
}

static int nonref_children(CXCursor e, CXCursor *ch, int max)
{
	CXCursor all[16];
	int n = ka_children(e, all, 16), m = 0;
	for (int i = 0; i < n && m < max; i++) {
		enum CXCursorKind k = clang_getCursorKind(all[i]);
		if (k == CXCursor_TypeRef || k == CXCursor_TemplateRef || k == CXCursor_NamespaceRef)
			continue;
		ch[m++] = all[i];
	}
	return m;
}

static struct ka_uval ev_member(struct ka_frame *f, CXCursor e)
{
	CXCursor ch[2];
	int n = nonref_children(e, ch, 2);
	struct ka_uval v;

	if (n == 0 || clang_getCursorKind(ch[0]) == CXCursor_CXXThisExpr) {
		if (n)
			record(f->an, ch[0], f->this_val);
		return f->this_val;
	}
	CXCursor b = ka_strip(ch[0]);
	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(b);
		const char *bn = cursor_name(f, b);
		if (!clang_Cursor_isNull(d) && clang_Cursor_hasVarDeclGlobalStorage(d) == 1 && is_builtin_var(bn)) {
			CXString m = clang_getCursorSpelling(e);
			const char *mn = clang_getCString(m);
			char last[16] = "";
			if (!mn || !*mn) {
				/* the toolkit's headers (clang's __cuda_builtin_vars.h) make
				 * threadIdx.x a property: libclang spells the member "" and
				 * references nothing; the last token of the expression is
				 * its name.  (Before this, a quantize.cu reduction read its
				 * threadIdx.x as "threadIdx.z": warp-uniform, KA103.)  A
				 * macro (`#define LANE threadIdx.x`) leaves the macro's name:
				 * an unknown member, varying -- imprecise, never unsound. */
				CXToken *t = NULL;
				unsigned nt = 0;
				clang_tokenize(f->an->tu, clang_getCursorExtent(e), &t, &nt);
				if (nt > 0) {
					CXString ts = clang_getTokenSpelling(f->an->tu, t[nt - 1]);
					snprintf(last, sizeof(last), "%s", clang_getCString(ts));
					clang_disposeString(ts);
				}
				if (t)
					clang_disposeTokens(f->an->tu, t, nt);
				mn = last;
			}
			v = builtin_member(f, bn, mn);
			clang_disposeString(m);
			return v;
		}
	}
	v = ev(f, ch[0]);
	if (type_is_pointer(clang_getCursorType(ch[0])))
		return load(f, v);
	if (v.cls == KA_U_AFFINE)
		return uv_varying(v, WHY_MIX, NULL, 0);
	v.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR | UV_WARPIDX);
	return v;
}

static bool type_is_aggregate_value(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
	       t.kind == CXType_Vector || t.kind == CXType_ExtVector || t.kind == CXType_Record;
}

/* The thread-private variable an element access belongs to (a[i][j], s.f,
 * v.x, a[i].f, ext-vector elements): its index, or -1 when the access goes
 * through a pointer (memory).  The indices met on the way are evaluated
 * and joined into *idx. */
static int local_root(struct ka_frame *f, CXCursor e, struct ka_uval *idx)
{
	CXCursor c = e, ch[2];
	*idx = uv_const(0, false, WHY_LITERAL, NULL);
	for (int g = 0; g < 32; g++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		int n = nonref_children(c, ch, 2);
		if (k == CXCursor_DeclRefExpr) {
			int i = local_of(f, c);
			CXType t = clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(c)));
			return i >= 0 && t.kind != CXType_Pointer ? i : -1;
		}
		if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) && n == 1) {
			c = ch[0];
			continue;
		}
		if (k == CXCursor_ArraySubscriptExpr && n == 2) {
			CXCursor b = ch[0];
			/* through the array-to-pointer decay to what is indexed */
			while (clang_getCursorKind(b) == CXCursor_UnexposedExpr || clang_getCursorKind(b) == CXCursor_ParenExpr) {
				CXCursor in[2];
				if (nonref_children(b, in, 2) != 1)
					break;
				b = in[0];
			}
			if (!type_is_aggregate_value(clang_getCursorType(b)))
				return -1;
			struct ka_uval iv = ev(f, ch[1]);
			*idx = uv_join(*idx, iv);
			c = b;
			continue;
		}
		if (k == CXCursor_MemberRefExpr && n == 1) {
			if (type_is_pointer(clang_getCursorType(ch[0])) && !type_is_aggregate_value(clang_getCursorType(ch[0])))
				return -1;
			c = ch[0];
			continue;
		}
		return -1;
	}
	return -1;
}

static struct ka_uval ev_subscript(struct ka_frame *f, CXCursor e)
{
	CXCursor ch[2];
	if (nonref_children(e, ch, 2) < 2)
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, "subscript", 0);
	{
		struct ka_uval idx;
		int i = local_root(f, e, &idx);
		if (i >= 0) {              /* an element of a thread-private variable */
			struct ka_uval c = f->st.v[i];
			if (c.flags & UV_UNDEF)
				c = uv_const(0, false, WHY_UNDEF, NULL);
			if (f->escaped[i])
				c = uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, f->decls[i]), 0);
			record(f->an, ch[0], c);
			if (uv_is_lane_dependent(&idx))
				return uv_class(KA_U_VARYING, WHY_LOCALARR, cursor_name(f, f->decls[i]), 0);
			c.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR | UV_WARPIDX);
			c.space = SP_NONE;
			c.stride = c.cls == KA_U_AFFINE ? 0 : c.stride;
			if (c.cls == KA_U_AFFINE)
				c = uv_varying(c, WHY_LOCALARR, cursor_name(f, f->decls[i]), 0);
			return uv_raise(c, (enum ka_uclass)idx.cls, idx.why, idx.why_name, idx.why_line);
		}
	}
	struct ka_uval p = ev(f, ch[0]), i = ev(f, ch[1]);
	if (!type_is_pointer(clang_getCursorType(ch[0])) && type_is_pointer(clang_getCursorType(ch[1])))
		return load(f, address(f, i, p));           /* i[p] */
	return load(f, address(f, p, i));
}

/* KA101: remember where a uniform, non-constant term was added into a
 * lane-varying sum. */
static void note_fold(struct ka_frame *f, struct ka_uval *r, CXCursor l, const struct ka_uval *a, CXCursor rr,
		      const struct ka_uval *b)
{
	const CXCursor *u = NULL;
	unsigned s, e;
	if (r->fold_start || !uv_is_lane_dependent(r))
		return;
	if (uv_is_lane_dependent(a) && uv_is_uniform_nonconst(b))
		u = &rr;
	else if (uv_is_lane_dependent(b) && uv_is_uniform_nonconst(a))
		u = &l;
	if (u && ka_extent(f->an, *u, &s, &e) && e > s) {
		r->fold_start = s;
		r->fold_end = e;
		r->fold_line = line_of(*u);
	}
}

static void assign(struct ka_frame *f, CXCursor lhs, struct ka_uval v);

static bool is_float_expr(CXCursor e)
{
	return ka_type_is_float(clang_getCursorType(e));
}

static struct ka_uval arith(struct ka_frame *f, enum ka_op op, CXCursor l, struct ka_uval a, CXCursor r,
			    struct ka_uval b, CXCursor whole)
{
	bool lp = type_is_pointer(clang_getCursorType(l)), rp = type_is_pointer(clang_getCursorType(r));
	struct ka_uval v;
	if (op == OP_ADD && lp && !rp)
		return address(f, a, b);
	if (op == OP_ADD && rp && !lp)
		return address(f, b, a);
	if (op == OP_SUB && lp && !rp) {
		v = address(f, a, uv_unary(OP_NEG, b));
		return v;
	}
	v = uv_binary(op, a, b, f->an->warp, is_float_expr(whole) || is_float_expr(l) || is_float_expr(r));
	if (op == OP_ADD || op == OP_SUB)
		note_fold(f, &v, l, &a, r, &b);
	/* a folded term stays folded through the arithmetic that follows */
	if (!v.fold_start && uv_is_lane_dependent(&v) && op <= OP_XOR) {
		const struct ka_uval *src = a.fold_start ? &a : b.fold_start ? &b : NULL;
		if (src) {
			v.fold_start = src->fold_start;
			v.fold_end = src->fold_end;
			v.fold_line = src->fold_line;
		}
	}
	return v;
}

static struct ka_uval ev_binop(struct ka_frame *f, CXCursor e)
{
	CXCursor ch[2];
	enum ka_op op = node_op(f->an, e);
	struct ka_uval a, b, v;
	if (nonref_children(e, ch, 2) < 2)
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, "operator", 0);
	if (op == OP_ASSIGN) {
		v = ev(f, ch[1]);
		assign(f, ch[0], v);
		return v;
	}
	a = ev(f, ch[0]);
	b = ev(f, ch[1]);
	if (op == OP_COMMA)
		return b;
	if (op == OP_UNKNOWN || op == OP_NONE) {
		/* an operator we could not read (macro arguments): a comparison
		 * behaves like any other; arithmetic loses its structure */
		if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Bool)
			return uv_binary(OP_EQ, a, b, f->an->warp, false);
		if (!uv_is_lane_dependent(&a) && !uv_is_lane_dependent(&b)) {
			/* any operator of two uniform values is as uniform as they are */
			struct ka_uval r = uv_binary(OP_EQ, a, b, f->an->warp, false);
			int64_t k;
			r.flags &= (uint16_t)~UV_KNOWN;
			if (ka_eval_int(e, &k)) {
				r.flags |= UV_KNOWN;
				r.k = k;
			}
			return r;
		}
		return uv_varying(uv_join(a, b), WHY_UNKNOWN, "an operator inside a macro", 0);
	}
	return arith(f, op, ch[0], a, ch[1], b, e);
}

static struct ka_uval ev_compound(struct ka_frame *f, CXCursor e)
{
	CXCursor ch[2];
	enum ka_op op = node_op(f->an, e);
	if (nonref_children(e, ch, 2) < 2)
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, "operator", 0);
	struct ka_uval a = ev(f, ch[0]), b = ev(f, ch[1]);
	struct ka_uval v = (op == OP_UNKNOWN || op == OP_NONE) ? uv_varying(uv_join(a, b), WHY_MIX, NULL, 0)
								: arith(f, op, ch[0], a, ch[1], b, e);
	assign(f, ch[0], v);
	return v;
}

static struct ka_uval address_of(struct ka_frame *f, CXCursor c)
{
	CXCursor s = ka_strip(c), ch[2];
	enum CXCursorKind k = clang_getCursorKind(s);
	struct ka_uval v;
	if (k == CXCursor_DeclRefExpr) {
		int i = local_of(f, s);
		if (i >= 0) {
			f->escaped[i] = 1;
			set_var(f, i, uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, s), 0));
			v = uv_const(0, false, WHY_LITERAL, NULL);
			v.space = SP_LOCAL;
			return v;
		}
		v = ev(f, c);
		v.flags = 0;
		return v;
	}
	{	/* &a[i][j], &s.f: a pointer into a thread-private variable, which
		 * we stop tracking from here on */
		struct ka_uval idx;
		int root = local_root(f, s, &idx);
		if (root >= 0) {
			f->escaped[root] = 1;
			set_var(f, root, uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, f->decls[root]), 0));
			v = uv_const(0, false, WHY_LITERAL, NULL);
			v.space = SP_LOCAL;
			return v;
		}
	}
	if (k == CXCursor_ArraySubscriptExpr && nonref_children(s, ch, 2) == 2) {
		struct ka_uval p = ev(f, ch[0]), ix = ev(f, ch[1]);
		v = address(f, p, ix);
		record(f->an, s, v);
		return v;
	}
	if (k == CXCursor_MemberRefExpr && nonref_children(s, ch, 1) == 1 &&
	    type_is_pointer(clang_getCursorType(ch[0]))) {
		v = ev(f, ch[0]);
		record(f->an, s, v);
		return v;
	}
	return ev(f, c);
}

static struct ka_uval ev_unop(struct ka_frame *f, CXCursor e)
{
	CXCursor ch[1];
	enum ka_op op = node_op(f->an, e);
	struct ka_uval a, v, one = uv_const(1, true, WHY_LITERAL, NULL);
	if (nonref_children(e, ch, 1) < 1)
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, "operator", 0);
	switch (op) {
	case OP_PREINC:
	case OP_POSTINC:
	case OP_PREDEC:
	case OP_POSTDEC:
		a = ev(f, ch[0]);
		if (type_is_pointer(clang_getCursorType(ch[0])))
			v = address(f, a, op == OP_PREDEC || op == OP_POSTDEC ? uv_const(-1, true, WHY_LITERAL, NULL) : one);
		else
			v = uv_binary(op == OP_PREINC || op == OP_POSTINC ? OP_ADD : OP_SUB, a, one, f->an->warp,
				      is_float_expr(ch[0]));
		assign(f, ch[0], v);
		return v;
	case OP_ADDR:
		return address_of(f, ch[0]);
	case OP_DEREF:
		a = ev(f, ch[0]);
		f->info->addr_taint |= a.taint;
		return load(f, a);
	case OP_NEG:
	case OP_PLUS:
	case OP_NOT:
	case OP_LNOT:
		return uv_unary(op, ev(f, ch[0]));
	default:
		return ev(f, ch[0]);
	}
}

static struct ka_uval ev_cond(struct ka_frame *f, CXCursor e)
{
	CXCursor ch[3];
	int n = nonref_children(e, ch, 3);
	if (n < 3) {
		bool any;
		struct ka_uval r = ev_children_join(f, e, &any);
		return any ? uv_raise(r, KA_U_AFFINE, WHY_SELECT, NULL, line_of(e)) : r;
	}
	struct ka_uval c = ev(f, ch[0]), a = ev(f, ch[1]), b = ev(f, ch[2]);
	if (uv_is_lane_dependent(&c)) {
		struct ka_uval r = uv_varying(c, WHY_SELECT, NULL, line_of(ch[0]));
		r.taint = a.taint | b.taint | c.taint;
		return r;
	}
	struct ka_uval r = uv_join(a, b);
	if (!((a.flags & UV_KNOWN) && (b.flags & UV_KNOWN) && a.k == b.k))
		r = uv_raise(r, (enum ka_uclass)c.cls, WHY_BRANCHUNI, ka_uclass_name((enum ka_uclass)c.cls),
			     line_of(ch[0]));
	r.taint |= c.taint;
	return r;
}

/* ---- calls ---------------------------------------------------------------------- */
CXCursor ka_call_callee(CXCursor call)
{
	CXCursor d = clang_getCursorReferenced(call);
	if (clang_Cursor_isNull(d) || clang_isInvalid(clang_getCursorKind(d)))
		return clang_getNullCursor();
	return d;
}

static const char *last_name(const char *key)
{
	const char *p = strrchr(key, ':');
	return p ? p + 1 : key;
}

int ka_call_intrin(struct ka_an *an, CXCursor call)
{
	struct ka_node *n = ka_node_get(an, call);
	char key[256];
	const char *nm;
	if (n->intrin != -2)
		return n->intrin;
	CXCursor d = ka_call_callee(call);
	if (!clang_Cursor_isNull(d)) {
		ka_callee_key(d, key, sizeof(key));
	} else {
		CXString s = clang_getCursorSpelling(call);
		snprintf(key, sizeof(key), "%s", clang_getCString(s));
		clang_disposeString(s);
	}
	int r = IN_NONE;
	for (int i = 0; i < IN_ATOMIC; i++)
		if (strcmp(ka_intrins[i].key, key) == 0 ||
		    (strchr(ka_intrins[i].key, ':') == NULL && strchr(key, ':') && strcmp(ka_intrins[i].key, last_name(key)) == 0 &&
		     strncmp(key, "cooperative_groups::", 20) != 0 && strncmp(key, "cub::", 5) != 0)) {
			r = i;
			break;
		}
	nm = last_name(key);
	if (r == IN_NONE) {
		if ((strncmp(nm, "atomic", 6) == 0 && nm[6] >= 'A' && nm[6] <= 'Z') || strncmp(nm, "__hip_atomic", 12) == 0 ||
		    strncmp(nm, "__atomic_", 9) == 0 || strncmp(nm, "__nv_atomic", 11) == 0 ||
		    strncmp(nm, "__builtin_amdgcn_atomic", 23) == 0)
			r = IN_ATOMIC;
		else if (strstr(nm, "buffer_load"))
			r = IN_BUFFER_LOAD;
		else if (strstr(nm, "buffer_store"))
			r = IN_BUFFER_STORE;
	}
	/* a function of the user's that happens to share a name (it has a body
	 * in a user file: a wrapper around inline asm, say) is not the
	 * intrinsic: it is analysed in its calling context */
	if (r >= 0 && !clang_Cursor_isNull(d)) {
		CXCursor def = clang_getCursorDefinition(d);
		if (!clang_Cursor_isNull(def) && !ka_is_from_prelude(def) &&
		    !clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
			r = IN_NONE;
	}
	n = ka_node_get(an, call);
	n->intrin = (int16_t)r;
	return r;
}

static struct ka_uval pure(const struct ka_uval *args, int n)
{
	struct ka_uval r = uv_const(0, false, WHY_LITERAL, NULL);
	bool any = false;
	for (int i = 0; i < n; i++) {
		struct ka_uval a = args[i];
		a.space = SP_NONE;
		r = any ? uv_join(r, a) : a;
		any = true;
	}
	if (r.cls == KA_U_AFFINE)
		r = uv_varying(r, WHY_MIX, NULL, 0);
	r.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR | UV_WARPIDX | UV_YDX);
	r.k = 0;
	r.fold_start = 0;
	return r;
}

/* Size N of the thread_block_tile<N, ...> a member call is made on. */
static int tile_size(CXCursor callee)
{
	CXCursor parent = clang_getCursorSemanticParent(callee);
	CXString s = clang_getTypeSpelling(clang_getCursorType(parent));
	const char *p = strchr(clang_getCString(s), '<');
	int n = p ? atoi(p + 1) : 0;
	clang_disposeString(s);
	return n;
}

static int arg_or(const struct ka_intrin_info *ii, int which, int n)
{
	int i = which == 0 ? ii->a : ii->b;
	return i >= 0 && i < n ? i : -1;
}

/* The big switch: what a known call returns, grouped by reason. */
static struct ka_uval call_intrinsic(struct ka_frame *f, CXCursor call, int in, const struct ka_uval *args,
				     int nargs)
{
	const struct ka_intrin_info *ii = &ka_intrins[in];
	const char *name = intern(f, last_name(ii->key));
	int a = arg_or(ii, 0, nargs), b = arg_or(ii, 1, nargs), warp = f->an->warp;
	struct ka_uval v;

	switch (ii->group) {
	/* no value */
	case IG_NONE:
		return uv_const(0, false, WHY_LITERAL, NULL);

	/* the hardware index registers */
	case IG_TID_X:
		return tid_source(f, 0);
	case IG_TID_YZ:
		return tid_source(f, in == IN_AMD_TID_Y ? 1 : 2);
	case IG_OCKL_TID:
		if (a >= 0 && (args[a].flags & UV_KNOWN) && args[a].k == 0)
			return in == IN_OCKL_GLOBAL_ID ? uv_affine(1, UV_ALIGNED, WHY_LINEAR, NULL)
						       : uv_affine(1, UV_ALIGNED | UV_TIDX, WHY_TIDX, NULL);
		return uv_class(KA_U_WARP_IF, WHY_TIDYZ, intern(f, "y"), warp);
	case IG_LANE:
		return uv_affine(1, UV_ALIGNED | UV_LANE, WHY_LANE, name);
	case IG_LINEAR_TID:
		return uv_affine(1, UV_ALIGNED | UV_LINEAR, WHY_LINEAR, NULL);
	case IG_GLOBAL_TID:
		return uv_affine(1, UV_ALIGNED, WHY_LINEAR, NULL);
	case IG_TILE_RANK: {
		int s = tile_size(ka_call_callee(call));
		if (s == warp)
			return uv_affine(1, UV_ALIGNED | UV_LANE, WHY_LANE, name);
		if (s > 0 && s % warp == 0)
			return uv_affine(1, UV_ALIGNED, WHY_LINEAR, NULL);
		return uv_class(KA_U_VARYING, WHY_NOTAFFINE, name, 0);
	}
	case IG_TILE_META: {
		int s = tile_size(ka_call_callee(call));
		if (s > 0 && s % warp == 0)
			return uv_class(KA_U_WARP, WHY_LINEARWARP, NULL, s);
		return uv_class(KA_U_VARYING, WHY_NOTAFFINE, name, 0);
	}

	/* one value for a group of threads */
	case IG_BLOCK:
		return uv_class(KA_U_BLOCK,
				in == IN_SYNC_COUNT || in == IN_SYNC_AND || in == IN_SYNC_OR ? WHY_BLOCKVOTE
				: in == IN_CG_BLOCK ? WHY_GROUP : WHY_BLOCKVOTE, name, 0);
	case IG_GRID:
		return uv_class(KA_U_GRID, in == IN_CG_GRID ? WHY_GROUP : WHY_BLOCKDIM, name, 0);
	case IG_WARP:
		return uv_class(KA_U_WARP, in == IN_CG_TILED || in == IN_CG_COALESCED ? WHY_GROUP : WHY_VOTE, name, 0);
	case IG_READLANE:
		if (a >= 0 && args[a].cls <= KA_U_WARP) {
			v = args[a];
			v.flags &= (uint16_t)~UV_WARPIDX;
			return v;
		}
		return uv_class(KA_U_WARP, WHY_READLANE, name, 0);

	/* lane-varying by nature */
	case IG_VARYING:
		if (in == IN_CLOCK || in == IN_CLOCK64 || in == IN_GLOBALTIMER || in == IN_HIP_CLOCK64 ||
		    in == IN_HIP_WALLCLOCK || in == IN_AMD_MEMTIME || in == IN_AMD_MEMRTIME || in == IN_CYCLECOUNTER)
			return uv_class(KA_U_VARYING, WHY_TIME, name, 0);
		return uv_class(KA_U_VARYING, WHY_COLLECTIVE, name, 0);
	case IG_ATOMIC:
		if (nargs > 0)
			f->info->addr_taint |= args[0].taint;
		return uv_class(KA_U_VARYING, WHY_ATOMIC, name, 0);

	/* shuffles */
	case IG_SHFL_IDX: {
		int width_arg = in == IN_SHFL_SYNC ? 3 : in == IN_HIP_SHFL ? 2 : -1;
		bool full = true;
		if (width_arg >= 0 && width_arg < nargs && (args[width_arg].flags & UV_KNOWN) &&
		    args[width_arg].k != warp)
			full = false;
		/* An input already uniform stays what it is (KA103 reports that
		 * shuffle).  Otherwise a full-width shuffle from a provably
		 * uniform source lane is a broadcast: warp-uniform whatever the
		 * input, warp-uniform-if included (it is what makes
		 * threadIdx.x / 32 uniform: `__shfl_sync(~0u, tid / 32, 0)`). */
		if (a >= 0 && args[a].cls <= KA_U_WARP) {
			v = uv_class((enum ka_uclass)args[a].cls, WHY_SHFLUNI, name, 0);
			v.taint = args[a].taint;
			return v;
		}
		if (b >= 0 && args[b].cls <= KA_U_WARP && full)
			return uv_class(KA_U_WARP, WHY_SHFLBCAST, name, 0);
		if (a >= 0 && args[a].cls == KA_U_WARP_IF) {
			v = uv_class(KA_U_WARP_IF, WHY_SHFLUNI, name, 0);
			v.taint = args[a].taint;
			return v;
		}
		if (b >= 0 && args[b].cls == KA_U_WARP_IF && full)
			return uv_class(KA_U_WARP_IF, WHY_SHFLBCAST, name, 0);
		return uv_class(KA_U_VARYING, WHY_SHFLVAR, name, 0);
	}
	case IG_SHFL_REL:
		if (a >= 0 && args[a].cls <= KA_U_WARP_IF) {
			v = uv_class((enum ka_uclass)args[a].cls, WHY_SHFLUNI, name, 0);
			v.taint = args[a].taint;
			return v;
		}
		return uv_class(KA_U_VARYING, WHY_SHFLVAR, name, 0);

	/* memory */
	case IG_LOAD:
		if (a < 0)
			return uv_class(KA_U_VARYING, WHY_LOADVAR, NULL, 0);
		f->info->addr_taint |= args[a].taint;
		return load(f, args[a]);
	case IG_BUFFER: {
		struct ka_uval r = uv_undef();
		for (int i = 0; i < nargs; i++) {
			f->info->addr_taint |= args[i].taint;
			r = uv_join(r, args[i]);
		}
		if (in == IN_BUFFER_STORE)
			return uv_const(0, false, WHY_LITERAL, NULL);
		return load(f, r);
	}
	}
	return uv_class(KA_U_VARYING, WHY_UNKNOWN, name, 0);
}

static bool has_body(CXCursor fn)
{
	return !clang_Cursor_isNull(fn_body(fn));
}

static bool param_is_out_ref(CXCursor decl, int i)
{
	CXType ft = clang_getCursorType(decl);
	CXType t = clang_getArgType(ft, (unsigned)i);
	if (t.kind == CXType_Invalid)
		return false;
	t = clang_getCanonicalType(t);
	if (t.kind != CXType_LValueReference && t.kind != CXType_RValueReference)
		return false;
	return !clang_isConstQualifiedType(clang_getPointeeType(t));
}

/* Arguments passed to a function we cannot see into: a variable passed by
 * non-const reference or a local array may be written there. */
static void clobber_out_args(struct ka_frame *f, CXCursor decl, const CXCursor *argc, int nargs, enum ka_why why,
			     const char *name)
{
	for (int i = 0; i < nargs; i++) {
		CXCursor s = ka_strip(argc[i]);
		if (clang_getCursorKind(s) != CXCursor_DeclRefExpr)
			continue;
		int j = local_of(f, s);
		if (j < 0)
			continue;
		if (f->is_array[j] || (!clang_Cursor_isNull(decl) && param_is_out_ref(decl, i)))
			set_var(f, j, uv_class(KA_U_VARYING, why, name, 0));
	}
}

static bool in_system_header(CXCursor c)
{
	return clang_Location_isInSystemHeader(clang_getCursorLocation(c)) != 0;
}

static void reach(struct ka_an *an, CXCursor fn)
{
	for (size_t i = 0; i < an->n_reached; i++)
		if (clang_equalCursors(an->reached[i], fn))
			return;
	KA_GROW(an->reached, an->n_reached, an->cap_reached, 16);
	an->reached[an->n_reached++] = fn;
}

static struct ka_uval call_in_context(struct ka_frame *f, CXCursor def, const struct ka_uval *args,
				      const CXCursor *argc, int nargs, struct ka_uval obj)
{
	struct ka_an *an = f->an;
	struct ka_frame g;
	struct ka_uval r;
	const char *name = cursor_name(f, def);

	for (int i = 0; i < an->call_depth; i++)
		if (clang_equalCursors(an->call_stack[i], def))
			return uv_class(KA_U_VARYING, WHY_RECURSION, name, 0);
	if (an->call_depth >= KA_CALL_DEPTH)
		return uv_class(KA_U_VARYING, WHY_RECURSION, name, 0);
	frame_init(&g, an, def);
	g.info->called = true;
	if (!an->standalone) {
		unsigned s0, e0;
		if (ka_extent(an, def, &s0, &e0)) {
			KA_GROW(an->called_at, an->n_called, an->cap_called, 64);
			an->called_at[an->n_called++] = s0;
		}
	}
	{	/* an instantiation: its template counts as called too */
		CXCursor tmpl = clang_getSpecializedCursorTemplate(def);
		if (!clang_Cursor_isNull(tmpl))
			ka_fninfo_get(an, tmpl)->called = true;
		g.info = ka_fninfo_get(an, def);     /* an->fns may have moved */
	}
	g.this_val = obj;
	for (int i = 0; i < g.n_params; i++) {
		struct ka_uval v = i < nargs ? args[i] : uv_class(KA_U_VARYING, WHY_UNKNOWN, "default argument", 0);
		v.taint = i < 64 ? 1ull << i : 0;
		g.st.v[i] = v;
		var_note(&g, i, &v);
	}
	reach(an, def);
	an->call_stack[an->call_depth++] = def;
	stmt(&g, fn_body(def));
	an->call_depth--;
	/* the nested analyses may have grown (moved) an->fns: both frames'
	 * info pointers are fetched again (a use after free on llm.c before) */
	g.info = ka_fninfo_get(an, def);
	f->info = ka_fninfo_get(an, f->fn);

	/* parameters that reached an address in the callee: the caller's
	 * values they were bound to did too (KA108 through wrappers) */
	for (int i = 0; i < nargs && i < 64; i++)
		if (g.info->addr_taint & (1ull << i))
			f->info->addr_taint |= args[i].taint;
	r = g.has_ret ? g.ret : uv_const(0, false, WHY_LITERAL, NULL);
	{
		uint64_t t = 0;
		for (int i = 0; i < nargs && i < 64; i++)
			if (r.taint & (1ull << i))
				t |= args[i].taint;
		r.taint = t;
	}
	/* by-reference parameters: the caller's variable gets what the callee left */
	if (!g.st.dead || g.has_ret_st) {
		struct ka_state fin = st_copy(&g, &g.st);
		if (g.has_ret_st)
			st_join_into(&g, &fin, &g.ret_st);
		for (int i = 0; i < g.n_params && i < nargs; i++) {
			if (!g.is_ref[i] || !param_is_out_ref(def, i))
				continue;
			CXCursor s = ka_strip(argc[i]);
			int j = clang_getCursorKind(s) == CXCursor_DeclRefExpr ? local_of(f, s) : -1;
			if (j >= 0) {
				struct ka_uval v = g.escaped[i] ? uv_class(KA_U_VARYING, WHY_ESCAPED, name, 0) : fin.v[i];
				v.taint = 0;
				set_var(f, j, v);
			}
		}
		st_free(&fin);
	}
	frame_free(&g);
	return r;
}

/* The candidates of an unresolved (template-dependent) call. */
static CXCursor overloaded_candidate(CXCursor call, bool *all_prelude)
{
	CXCursor ch[2];
	*all_prelude = false;
	if (ka_children(call, ch, 1) < 1)
		return clang_getNullCursor();
	CXCursor c = ch[0];
	for (int g = 0; g < 4 && clang_getCursorKind(c) != CXCursor_OverloadedDeclRef; g++)
		if (ka_children(c, &c, 1) < 1)
			return clang_getNullCursor();
	if (clang_getCursorKind(c) != CXCursor_OverloadedDeclRef)
		return clang_getNullCursor();
	unsigned n = clang_getNumOverloadedDecls(c);
	*all_prelude = n > 0;
	for (unsigned i = 0; i < n; i++) {
		CXCursor d = clang_getOverloadedDecl(c, i);
		if (!ka_is_from_prelude(d) && !in_system_header(d))
			*all_prelude = false;
		if (clang_getCursorKind(d) == CXCursor_FunctionTemplate || clang_getCursorKind(d) == CXCursor_FunctionDecl) {
			CXCursor def = clang_getCursorDefinition(d);
			if (!clang_Cursor_isNull(def) && has_body(def) && !in_system_header(def))
				return def;
		}
	}
	return clang_getNullCursor();
}

/* A binary operator on a template's dependent operands, left unresolved
 * because some operator of that name is visible (the toolkit's cub and
 * libcu++ declare operator+ templates for their iterators): `A + i * m`
 * over a `const Real *` A is a call with no callee, its operator the
 * middle of its three children.  With no candidate of the project's own,
 * it is the built-in operator it is on every pointer and arithmetic type. */
static enum ka_op unresolved_operator(const struct ka_an *an, CXCursor middle, bool *assigns)
{
	char *t = ka_cursor_text(an, middle, 8);
	enum ka_op op = OP_NONE;
	size_t n = t ? strlen(t) : 0;
	if (t && strcmp(t, "=") == 0)
		op = OP_ASSIGN;
	/* a compound assignment: `sum += row[l]` over a Real */
	*assigns = n >= 2 && t[n - 1] == '=' && strcmp(t, "==") != 0 && strcmp(t, "!=") != 0 &&
		   strcmp(t, "<=") != 0 && strcmp(t, ">=") != 0;
	if (*assigns)
		t[n - 1] = 0;
	for (int o = OP_ADD; t && o <= OP_NE && op == OP_NONE; o++)
		if (strcmp(t, ka_op_spelling((enum ka_op)o)) == 0)
			op = (enum ka_op)o;
	if (*assigns && op > OP_XOR)
		op = OP_NONE;             /* `<<=` read as `<<` above; `<=` is no assignment */
	free(t);
	return op;
}

static struct ka_uval ev_call(struct ka_frame *f, CXCursor e)
{
	struct ka_an *an = f->an;
	struct ka_uval args[KA_MAX_ARGS], obj = uv_class(KA_U_VARYING, WHY_UNKNOWN, "this", 0);
	CXCursor argc[KA_MAX_ARGS], ch[KA_MAX_ARGS + 2];
	int nargs = clang_Cursor_getNumArguments(e), nch;
	CXCursor callee = ka_call_callee(e);
	const char *name;

	nch = nonref_children(e, ch, KA_MAX_ARGS + 2);
	if (nargs < 0) {      /* constructors: the children are the arguments */
		nargs = 0;
		for (int i = 0; i < nch && nargs < KA_MAX_ARGS; i++)
			if (clang_isExpression(clang_getCursorKind(ch[i])))
				argc[nargs++] = ch[i];
	} else {
		if (nargs > KA_MAX_ARGS)
			nargs = KA_MAX_ARGS;
		for (int i = 0; i < nargs; i++)
			argc[i] = clang_Cursor_getArgument(e, (unsigned)i);
	}
	/* the object of a member call */
	if (nch > 0 && clang_getCursorKind(ch[0]) == CXCursor_MemberRefExpr) {
		CXCursor m[1];
		if (nonref_children(ch[0], m, 1) == 1) {
			obj = ev(f, m[0]);
			record(an, ch[0], obj);
		} else {
			obj = f->this_val;
		}
	}
	for (int i = 0; i < nargs; i++)
		args[i] = ev(f, argc[i]);

	int in = ka_call_intrin(an, e);
	if (in >= 0)
		return call_intrinsic(f, e, in, args, nargs);

	if (clang_Cursor_isNull(callee)) {
		bool all_prelude;
		CXCursor def = overloaded_candidate(e, &all_prelude);
		if (!clang_Cursor_isNull(def))
			return call_in_context(f, def, args, argc, nargs, obj);
		bool assigns = false;
		enum ka_op op = nargs == 2 && nch == 3 ? unresolved_operator(an, ch[1], &assigns) : OP_NONE;
		if (op == OP_ASSIGN) {
			assign(f, argc[0], args[1]);
			return args[1];
		}
		if (op != OP_NONE) {
			struct ka_uval v = arith(f, op, argc[0], args[0], argc[1], args[1], e);
			if (assigns)
				assign(f, argc[0], v);
			return v;
		}
		clobber_out_args(f, callee, argc, nargs, WHY_INDIRECT, NULL);
		if (all_prelude)
			return pure(args, nargs);
		return uv_class(KA_U_VARYING, WHY_INDIRECT, NULL, 0);
	}
	enum CXCursorKind ck = clang_getCursorKind(callee);
	name = cursor_name(f, callee);
	/* class-type assignment: "a = b" and "a += b" on structs are calls */
	if (nargs == 2 && strncmp(name, "operator", 8) == 0 && name[8] && strchr(name + 8, '=') &&
	    strcmp(name + 8, "==") != 0 && strcmp(name + 8, "!=") != 0 && strcmp(name + 8, "<=") != 0 &&
	    strcmp(name + 8, ">=") != 0) {
		struct ka_uval v = args[1];
		if (strcmp(name + 8, "=") != 0)
			v = pure(args, 2);
		assign(f, argc[0], v);
		return v;
	}
	if (ck == CXCursor_Constructor || ck == CXCursor_ConversionFunction || ck == CXCursor_Destructor ||
	    ck == CXCursor_StructDecl || ck == CXCursor_ClassDecl || ck == CXCursor_TypedefDecl) {
		clobber_out_args(f, callee, argc, nargs, WHY_CALLUNKNOWN, name);
		if (ck == CXCursor_ConversionFunction)
			return pure(&obj, 1);
		return pure(args, nargs);
	}
	CXCursor def = clang_getCursorDefinition(callee);
	if (!clang_Cursor_isNull(def) && has_body(def) && !in_system_header(def) && !ka_is_from_prelude(def))
		return call_in_context(f, def, args, argc, nargs, obj);
	if (ka_is_from_prelude(callee) || in_system_header(callee) || strncmp(name, "__builtin", 9) == 0 ||
	    strncmp(name, "operator", 8) == 0) {
		clobber_out_args(f, callee, argc, nargs, WHY_COLLECTIVE, name);
		if (ck == CXCursor_CXXMethod) {
			struct ka_uval all[KA_MAX_ARGS + 1];
			memcpy(all, args, (size_t)nargs * sizeof(*args));
			all[nargs] = obj;
			return pure(all, nargs + 1);
		}
		return pure(args, nargs);
	}
	clobber_out_args(f, callee, argc, nargs, WHY_CALLUNKNOWN, name);
	return uv_class(KA_U_VARYING, WHY_CALLUNKNOWN, name, 0);
}

/* ---- assignment ------------------------------------------------------------------ */
static void assign(struct ka_frame *f, CXCursor lhs, struct ka_uval v)
{
	CXCursor s = lhs, ch[2];
	enum CXCursorKind k;
	struct ka_uval idx;
	int root;

	while (clang_getCursorKind(s) == CXCursor_ParenExpr && nonref_children(s, ch, 1) == 1)
		s = ch[0];
	k = clang_getCursorKind(s);
	if (k == CXCursor_DeclRefExpr) {          /* the whole variable: a strong update */
		int i = local_of(f, s);
		if (i >= 0) {
			if (f->escaped[i])
				v = uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, s), 0);
			set_var(f, i, v);
			record(f->an, s, v);
		}
		return;
	}
	/* a part of a thread-private variable (a[i][j], s.f, v.x): a weak update */
	root = local_root(f, s, &idx);
	if (root >= 0) {
		struct ka_uval w = uv_is_lane_dependent(&idx)
					   ? uv_class(KA_U_VARYING, WHY_LOCALARR, cursor_name(f, f->decls[root]), 0)
					   : uv_raise(v, (enum ka_uclass)idx.cls, idx.why, idx.why_name, idx.why_line);
		w.space = SP_NONE;
		w.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR | UV_WARPIDX);
		if (w.cls == KA_U_AFFINE)
			w = uv_varying(w, WHY_LOCALARR, cursor_name(f, f->decls[root]), 0);
		if (f->escaped[root])
			w = uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, f->decls[root]), 0);
		set_var(f, root, (f->st.v[root].flags & UV_UNDEF) ? w : uv_join(f->st.v[root], w));
		return;
	}
	/* memory: evaluate the address for the findings and KA108 */
	if (k == CXCursor_ArraySubscriptExpr && nonref_children(s, ch, 2) == 2) {
		struct ka_uval p = ev(f, ch[0]), ix = ev(f, ch[1]);
		if (!type_is_pointer(clang_getCursorType(ch[0])) && type_is_pointer(clang_getCursorType(ch[1])))
			address(f, ix, p);
		else
			address(f, p, ix);
		return;
	}
	if (k == CXCursor_MemberRefExpr && nonref_children(s, ch, 1) == 1) {
		struct ka_uval p = ev(f, ch[0]);
		f->info->addr_taint |= p.taint;
		return;
	}
	if (k == CXCursor_UnaryOperator && node_op(f->an, s) == OP_DEREF && nonref_children(s, ch, 1) == 1) {
		struct ka_uval p = ev(f, ch[0]);
		f->info->addr_taint |= p.taint;
		return;
	}
	if (k == CXCursor_CallExpr) {     /* operator[] of a class, a reference-returning call */
		ev(f, s);
		return;
	}
	ev(f, s);
}

/* ---- the evaluator ------------------------------------------------------------------ */
static struct ka_uval ev_kind(struct ka_frame *f, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	int64_t x;
	bool any;

	switch (k) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
		return uv_const(ka_eval_int(e, &x) ? x : 0, ka_eval_int(e, &x), WHY_LITERAL, NULL);
	case CXCursor_FloatingLiteral:
	case CXCursor_StringLiteral:
	case CXCursor_ImaginaryLiteral:
	case CXCursor_CXXNullPtrLiteralExpr:
	case CXCursor_GNUNullExpr:
		return uv_const(0, false, WHY_LITERAL, NULL);
	case CXCursor_UnaryExpr:
	case CXCursor_SizeOfPackExpr:
		return uv_const(ka_eval_int(e, &x) ? x : 0, ka_eval_int(e, &x), WHY_SIZEOF, NULL);
	case CXCursor_DeclRefExpr:
		return ev_declref(f, e);
	case CXCursor_MemberRefExpr:
		return ev_member(f, e);
	case CXCursor_ArraySubscriptExpr:
		return ev_subscript(f, e);
	case CXCursor_CallExpr:
		return ev_call(f, e);
	case CXCursor_BinaryOperator:
		return ev_binop(f, e);
	case CXCursor_CompoundAssignOperator:
		return ev_compound(f, e);
	case CXCursor_UnaryOperator:
		return ev_unop(f, e);
	case CXCursor_ConditionalOperator:
		return ev_cond(f, e);
	case CXCursor_CXXThisExpr:
		return f->this_val;
	case CXCursor_LambdaExpr:
		return uv_const(0, false, WHY_LITERAL, NULL);
	case CXCursor_StmtExpr: {
		CXCursor ch[1];
		if (ka_children(e, ch, 1) == 1)
			stmt(f, ch[0]);
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, "statement expression", 0);
	}
	case CXCursor_CXXNewExpr:
	case CXCursor_CXXDeleteExpr:
		ev_children_join(f, e, &any);
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, "new/delete", 0);
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_CXXConstCastExpr:
	case CXCursor_CXXReinterpretCastExpr:
	case CXCursor_CXXDynamicCastExpr:
	case CXCursor_InitListExpr:
	case CXCursor_PackExpansionExpr:
	case CXCursor_CXXThrowExpr:
	case CXCursor_CXXTypeidExpr:
	default: {
		struct ka_uval r = ev_children_join(f, e, &any);
		if (any)
			return r;
		if (ka_eval_int(e, &x))
			return uv_const(x, true, WHY_LITERAL, NULL);
		if (k == CXCursor_UnexposedExpr || k == CXCursor_InitListExpr || k == CXCursor_CXXThrowExpr)
			return uv_const(0, false, WHY_LITERAL, NULL);     /* default argument, {} */
		CXString ks = clang_getCursorKindSpelling(k);
		const char *n = intern(f, clang_getCString(ks));
		clang_disposeString(ks);
		return uv_class(KA_U_VARYING, WHY_UNKNOWN, n, 0);
	}
	}
}

static struct ka_uval ev(struct ka_frame *f, CXCursor e)
{
	struct ka_an *an = f->an;
	struct ka_uval v;
	if (an->budget <= 0) {
		v = uv_class(KA_U_VARYING, WHY_BUDGET, NULL, 0);
	} else {
		an->budget--;
		v = ev_kind(f, e);
	}
	record(an, e, v);
	return v;
}

/* ---- statements --------------------------------------------------------------------- */
static void raise_ctrl(uint8_t *cls, int *line, const struct ka_uval *c, int at)
{
	if (c->cls > *cls) {
		*cls = c->cls;
		*line = at;
	}
}

/* The merge rule: variables assigned in a region whose entry depended on a
 * condition of class c.  Variables declared inside the construct `s` are out
 * of scope after it and keep their values. */
static void merge_bump(struct ka_frame *f, CXCursor s, const uint8_t *assigned, uint8_t c, int line,
		       enum ka_why why_div)
{
	unsigned S = 0, E = 0;
	bool ext = ka_extent(f->an, s, &S, &E);
	for (int i = 0; i < f->n; i++) {
		if (!assigned[i] || (f->st.v[i].flags & UV_UNDEF))
			continue;
		if (ext && f->decl_off[i] >= S && f->decl_off[i] < E)
			continue;
		if (c >= KA_U_AFFINE)
			f->st.v[i] = uv_varying(f->st.v[i], why_div, NULL, line);
		else if (c > KA_U_CONST)
			f->st.v[i] = uv_raise(f->st.v[i], (enum ka_uclass)c, WHY_BRANCHUNI,
					      ka_uclass_name((enum ka_uclass)c), line);
		var_note(f, i, &f->st.v[i]);
	}
}

static void or_into(uint8_t *dst, const uint8_t *src, int n)
{
	if (!dst)
		return;
	for (int i = 0; i < n; i++)
		dst[i] |= src[i];
}

static bool is_decl(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	return k == CXCursor_DeclStmt || k == CXCursor_VarDecl;
}

static void decl_var(struct ka_frame *f, CXCursor v)
{
	int i = ka_cmap_get(&f->ix, v);
	CXCursor init = clang_Cursor_getVarDeclInitializer(v);
	if (i < 0) {               /* static or shared: memory, not a variable */
		if (!clang_Cursor_isNull(init))
			ev(f, init);
		return;
	}
	if (clang_Cursor_isNull(init) || ka_is_implicit_init(init)) {
		set_var(f, i, uv_undef());
		return;
	}
	struct ka_uval x = ev(f, init);
	CXType t = clang_getCanonicalType(clang_getCursorType(v));
	if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
		/* an alias: writes through it reach the target, which we stop tracking */
		CXCursor s = ka_strip(init);
		int j = clang_getCursorKind(s) == CXCursor_DeclRefExpr ? local_of(f, s) : -1;
		if (j >= 0) {
			f->escaped[j] = 1;
			set_var(f, j, uv_class(KA_U_VARYING, WHY_ESCAPED, cursor_name(f, s), 0));
		}
	}
	if (f->is_array[i]) {
		x.space = SP_NONE;
		x.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR);
		if (x.cls == KA_U_AFFINE)
			x = uv_varying(x, WHY_MIX, NULL, 0);
	}
	set_var(f, i, x);
}

static void decl_stmt(struct ka_frame *f, CXCursor s)
{
	CXCursor ch[32];
	int n = ka_children(s, ch, 32);
	for (int i = 0; i < n; i++)
		if (clang_getCursorKind(ch[i]) == CXCursor_VarDecl)
			decl_var(f, ch[i]);
}

static void pre_stmt(struct ka_frame *f, CXCursor c)
{
	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		decl_var(f, c);
	else
		stmt(f, c);
}

static void if_stmt(struct ka_frame *f, CXCursor s)
{
	CXCursor ch[6];
	int n = ka_children(s, ch, 6), ci;
	bool has_else = false;
	unsigned s1, e1, s2, e2;

	if (n < 2)
		return;
	if (n >= 3) {
		if (ka_extent(f->an, ch[n - 2], &s1, &e1) && ka_extent(f->an, ch[n - 1], &s2, &e2) && e1 <= s2)
			has_else = ka_text_has_token(f->an, e1, s2, "else");
		else
			has_else = !is_decl(ch[0]) || n >= 4;
	}
	ci = has_else ? n - 3 : n - 2;
	for (int i = 0; i < ci; i++)
		pre_stmt(f, ch[i]);
	struct ka_uval c = ev(f, ch[ci]);
	int cl = line_of(ch[ci]);
	uint8_t *outer = f->assigned;
	uint8_t *aa = ka_xcalloc((size_t)(f->n ? f->n : 1), 1), *ab = ka_xcalloc((size_t)(f->n ? f->n : 1), 1);
	uint8_t fc = f->fn_ctrl, lc = f->loop_ctrl;
	int fl = f->fn_ctrl_line, ll = f->loop_ctrl_line;
	struct ka_state s0 = st_copy(f, &f->st), sa;

	raise_ctrl(&f->fn_ctrl, &f->fn_ctrl_line, &c, cl);
	raise_ctrl(&f->loop_ctrl, &f->loop_ctrl_line, &c, cl);
	f->assigned = aa;
	stmt(f, ch[ci + 1]);
	sa = f->st;
	f->st = s0;
	f->assigned = ab;
	if (has_else)
		stmt(f, ch[ci + 2]);
	f->fn_ctrl = fc;
	f->fn_ctrl_line = fl;
	f->loop_ctrl = lc;
	f->loop_ctrl_line = ll;
	f->assigned = outer;
	if (sa.dead) {
		st_free(&sa);
	} else if (f->st.dead) {
		st_free(&f->st);
		f->st = sa;
	} else {
		st_join_into(f, &f->st, &sa);
		st_free(&sa);
		for (int i = 0; i < f->n; i++)
			aa[i] |= ab[i];
		merge_bump(f, s, aa, c.cls, cl, WHY_BRANCH);
	}
	for (int i = 0; i < f->n; i++)
		aa[i] |= ab[i];
	or_into(outer, aa, f->n);
	free(aa);
	free(ab);
}

/* The parts of a for statement: libclang omits the missing ones, so they
 * are told apart by the two ';' of the header, or failing that by kind. */
static void for_parts(struct ka_frame *f, CXCursor s, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body)
{
	CXCursor ch[6];
	int n = ka_children(s, ch, 6);
	unsigned S, E, semi[2] = {0, 0}, rpar = 0;
	int ns = 0;
	*init = *cond = *inc = *body = clang_getNullCursor();
	if (n == 0)
		return;
	*body = ch[n - 1];
	if (n == 4) {
		*init = ch[0];
		*cond = ch[1];
		*inc = ch[2];
		return;
	}
	if (ka_extent(f->an, s, &S, &E)) {
		int depth = 0;
		for (unsigned i = S; i < E; i++) {
			char c = f->an->src[i];
			if (c == '(' || c == '[' || c == '{')
				depth++;
			else if (c == ')' || c == ']' || c == '}') {
				if (--depth == 0 && c == ')') {
					rpar = i;
					break;
				}
			} else if (c == ';' && depth == 1 && ns < 2)
				semi[ns++] = i;
		}
	}
	if (ns == 2 && rpar) {
		for (int i = 0; i < n - 1; i++) {
			unsigned cs, ce;
			if (!ka_extent(f->an, ch[i], &cs, &ce))
				goto by_kind;
			if (cs < semi[0])
				*init = ch[i];
			else if (cs < semi[1])
				*cond = ch[i];
			else if (cs < rpar)
				*inc = ch[i];
		}
		return;
	}
by_kind:
	*init = *cond = *inc = clang_getNullCursor();
	{
		int ci = -1;
		for (int i = 0; i < n - 1; i++)
			if (clang_getCanonicalType(clang_getCursorType(ch[i])).kind == CXType_Bool)
				ci = i;
		for (int i = 0; i < n - 1; i++) {
			if (i == ci)
				*cond = ch[i];
			else if (ci < 0 ? (is_decl(ch[i]) || i == 0) && n - 1 == 2 && i == 0 : i < ci)
				*init = ch[i];
			else
				*inc = ch[i];
		}
	}
}

/* One loop to its fixed point.  `cond` may be null (for(;;)); `post_cond`:
 * do-while.  range_var >= 0: a range-for variable set from range_val on
 * every iteration. */
static void loop(struct ka_frame *f, CXCursor whole, CXCursor cond, bool post_cond, CXCursor inc, CXCursor body,
		 int range_var, struct ka_uval range_val, int line)
{
	struct ka_loop L = {.outer = f->loop};
	struct ka_state entry = st_copy(f, &f->st), header = st_copy(f, &f->st), last = {0};
	uint8_t *all = ka_xcalloc((size_t)(f->n ? f->n : 1), 1), *outer = f->assigned;
	uint8_t *body_asg = ka_xcalloc((size_t)(f->n ? f->n : 1), 1);
	uint8_t fc = f->fn_ctrl, lc = f->loop_ctrl, exit_cls = KA_U_CONST, exit_uni = KA_U_CONST;
	int fl = f->fn_ctrl_line, ll = f->loop_ctrl_line, exit_line = line, uni_line = line;

	if (range_var >= 0) {
		raise_ctrl(&exit_cls, &exit_line, &range_val, line);
		if (range_val.cls < KA_U_AFFINE)
			raise_ctrl(&exit_uni, &uni_line, &range_val, line);
	}
	for (int iter = 0;; iter++) {
		struct ka_uval c = uv_const(1, true, WHY_LITERAL, NULL);
		st_free(&f->st);
		f->st = st_copy(f, &header);
		L.has_brk = L.has_cont = false;
		st_free(&L.brk);
		st_free(&L.cont);
		f->loop = &L;
		f->assigned = all;
		f->loop_ctrl = KA_U_CONST;
		L.div_cont = false;
		if (range_var >= 0)
			set_var(f, range_var, range_val);
		if (!clang_Cursor_isNull(cond) && !post_cond) {
			c = ev(f, cond);
			raise_ctrl(&exit_cls, &exit_line, &c, line_of(cond));
			if (c.cls < KA_U_AFFINE)
				raise_ctrl(&exit_uni, &uni_line, &c, line_of(cond));
		}
		raise_ctrl(&f->fn_ctrl, &f->fn_ctrl_line, &c, line);
		memset(body_asg, 0, (size_t)f->n);
		f->assigned = body_asg;
		stmt(f, body);
		if (L.has_cont) {
			/* the continue paths meet the fall-through here: a lane that
			 * continued skipped some of the body's assignments */
			st_join_into(f, &f->st, &L.cont);
			if (L.div_cont && !f->st.dead)
				for (int i = 0; i < f->n; i++)
					if (body_asg[i] && !(f->st.v[i].flags & UV_UNDEF))
						f->st.v[i] = uv_varying(f->st.v[i], WHY_DIVCONT, NULL, L.cont_line);
		}
		or_into(all, body_asg, f->n);
		f->assigned = all;
		if (!clang_Cursor_isNull(cond) && post_cond && !f->st.dead) {
			c = ev(f, cond);
			raise_ctrl(&exit_cls, &exit_line, &c, line_of(cond));
			if (c.cls < KA_U_AFFINE)
				raise_ctrl(&exit_uni, &uni_line, &c, line_of(cond));
		}
		st_free(&last);
		last = st_copy(f, &f->st);
		if (!clang_Cursor_isNull(inc) && !f->st.dead)
			ev(f, inc);
		f->loop = L.outer;
		f->fn_ctrl = fc;
		f->fn_ctrl_line = fl;
		f->loop_ctrl = lc;
		f->loop_ctrl_line = ll;
		if (L.has_brk && L.brk_cls > exit_cls) {
			exit_cls = L.brk_cls;
			exit_line = L.brk_line;
		}
		if (L.has_brk && L.brk_uni > exit_uni) {
			exit_uni = L.brk_uni;
			uni_line = L.brk_uni_line;
		}

		/* the head: what enters joined with what comes round; what the loop
		 * assigns depends on how many rounds ran, so it is at least as
		 * non-uniform as the uniform exits (the lanes still in the loop
		 * agree on the lane-dependent ones) */
		struct ka_state next = st_copy(f, &entry);
		st_join_into(f, &next, &f->st);
		for (int i = 0; i < f->n; i++) {
			if (!all[i] || (next.v[i].flags & UV_UNDEF))
				continue;
			if (iter >= KA_LOOP_MAX)
				next.v[i] = uv_varying(next.v[i], WHY_DIVCONT, NULL, line);
			else if (exit_uni > KA_U_CONST && exit_cls < KA_U_AFFINE)
				next.v[i] = uv_raise(next.v[i], (enum ka_uclass)exit_uni, WHY_LOOPTRIP,
						     ka_uclass_name((enum ka_uclass)exit_uni), uni_line);
			else if (exit_cls >= KA_U_AFFINE)   /* the lanes still inside agree */
				next.v[i] = uv_raise(next.v[i], exit_uni > KA_U_WARP ? (enum ka_uclass)exit_uni : KA_U_WARP,
						     WHY_LOOPTRIP, "lane-dependent", exit_line);
		}
		bool same = st_equal(f, &next, &header);
		st_free(&header);
		header = next;
		if (same || iter > KA_LOOP_MAX)
			break;
	}
	/* the exit: where the condition fails (the head), after the body for
	 * do-while, and every break */
	st_free(&f->st);
	f->st = st_copy(f, &header);
	if (clang_Cursor_isNull(cond) && range_var < 0)
		f->st.dead = true;          /* for(;;) / while(1): only breaks leave */
	if (post_cond && last.v)
		st_join_into(f, &f->st, &last);
	if (L.has_brk)
		st_join_into(f, &f->st, &L.brk);
	if (!f->st.dead)
		merge_bump(f, whole, all, exit_cls, exit_line, WHY_LOOPEXIT);
	or_into(outer, all, f->n);
	f->assigned = outer;
	st_free(&entry);
	st_free(&header);
	st_free(&last);
	st_free(&L.brk);
	st_free(&L.cont);
	free(all);
	free(body_asg);
}

static void switch_stmt(struct ka_frame *f, CXCursor s)
{
	CXCursor ch[4];
	int n = ka_children(s, ch, 4);
	if (n < 2)
		return;
	for (int i = 0; i < n - 2; i++)
		pre_stmt(f, ch[i]);
	struct ka_uval c = ev(f, ch[n - 2]);
	int cl = line_of(ch[n - 2]);
	struct ka_loop L = {.outer = f->loop, .is_switch = true};
	struct ka_state entry = st_copy(f, &f->st), *old_entry = f->sw_entry;
	bool old_def = f->sw_has_default;
	uint8_t *outer = f->assigned, *aa = ka_xcalloc((size_t)(f->n ? f->n : 1), 1);
	uint8_t fc = f->fn_ctrl, lc = f->loop_ctrl;
	int fl = f->fn_ctrl_line, ll = f->loop_ctrl_line;

	f->loop = &L;
	f->sw_entry = &entry;
	f->sw_has_default = false;
	f->assigned = aa;
	raise_ctrl(&f->fn_ctrl, &f->fn_ctrl_line, &c, cl);
	raise_ctrl(&f->loop_ctrl, &f->loop_ctrl_line, &c, cl);
	f->st.dead = true;                  /* reached only through the labels */
	stmt(f, ch[n - 1]);
	if (L.has_brk)
		st_join_into(f, &f->st, &L.brk);
	if (!f->sw_has_default)
		st_join_into(f, &f->st, &entry);
	if (L.has_cont) {                   /* a continue in a switch belongs to the loop */
		struct ka_loop *o = L.outer;
		while (o && o->is_switch)
			o = o->outer;
		if (o) {
			if (!o->has_cont) {
				o->cont = st_copy(f, &L.cont);
				o->has_cont = true;
			} else {
				st_join_into(f, &o->cont, &L.cont);
			}
			if (L.div_cont) {
				o->div_cont = true;
				o->cont_line = L.cont_line;
			}
		}
	}
	f->loop = L.outer;
	f->sw_entry = old_entry;
	f->sw_has_default = old_def;
	f->fn_ctrl = fc;
	f->fn_ctrl_line = fl;
	f->loop_ctrl = lc;
	f->loop_ctrl_line = ll;
	f->assigned = outer;
	if (!f->st.dead)
		merge_bump(f, s, aa, c.cls, cl, WHY_BRANCH);
	or_into(outer, aa, f->n);
	free(aa);
	st_free(&entry);
	st_free(&L.brk);
	st_free(&L.cont);
}

static void jump(struct ka_frame *f, bool is_break)
{
	struct ka_loop *L = f->loop;
	if (!is_break)
		while (L && L->is_switch)
			L = L->outer;
	if (!L || f->st.dead) {
		f->st.dead = true;
		return;
	}
	if (is_break) {
		if (!L->has_brk) {
			L->brk = st_copy(f, &f->st);
			L->has_brk = true;
		} else {
			st_join_into(f, &L->brk, &f->st);
		}
		if (!L->is_switch && f->loop_ctrl > L->brk_cls) {
			L->brk_cls = f->loop_ctrl;
			L->brk_line = f->loop_ctrl_line;
		}
		if (!L->is_switch && f->loop_ctrl < KA_U_AFFINE && f->loop_ctrl > L->brk_uni) {
			L->brk_uni = f->loop_ctrl;
			L->brk_uni_line = f->loop_ctrl_line;
		}
	} else {
		if (!L->has_cont) {
			L->cont = st_copy(f, &f->st);
			L->has_cont = true;
		} else {
			st_join_into(f, &L->cont, &f->st);
		}
		if (f->loop_ctrl >= KA_U_AFFINE) {
			L->div_cont = true;
			L->cont_line = f->loop_ctrl_line;
		}
	}
	f->st.dead = true;
}

static void return_stmt(struct ka_frame *f, CXCursor s)
{
	CXCursor ch[1];
	struct ka_uval v = uv_const(0, false, WHY_LITERAL, NULL);
	if (ka_children(s, ch, 1) == 1)
		v = ev(f, ch[0]);
	if (f->st.dead)
		return;
	if (f->fn_ctrl >= KA_U_AFFINE)
		v = uv_varying(v, WHY_RETURNDIV, NULL, f->fn_ctrl_line);
	else
		v = uv_raise(v, (enum ka_uclass)f->fn_ctrl, WHY_BRANCHUNI, ka_uclass_name((enum ka_uclass)f->fn_ctrl),
			     f->fn_ctrl_line);
	f->ret = f->has_ret ? uv_join(f->ret, v) : v;
	f->has_ret = true;
	if (!f->has_ret_st) {
		f->ret_st = st_copy(f, &f->st);
		f->has_ret_st = true;
	} else {
		st_join_into(f, &f->ret_st, &f->st);
	}
	f->st.dead = true;
}

static void asm_stmt(struct ka_frame *f, CXCursor s)
{
	CXCursor ch[32];
	int n = ka_children(s, ch, 32);
	unsigned S, E;
	int n_out = 0;
	/* outputs come first: one constraint string each between the first and
	 * the second ':' of the statement text */
	if (ka_extent(f->an, s, &S, &E)) {
		int depth = 0, colons = 0;
		bool in_str = false;
		for (unsigned i = S; i < E; i++) {
			char c = f->an->src[i];
			if (in_str) {
				if (c == '\\')
					i++;
				else if (c == '"')
					in_str = false;
				continue;
			}
			if (c == '"') {
				in_str = true;
				if (colons == 1 && depth == 1)
					n_out++;
			} else if (c == '(') {
				depth++;
			} else if (c == ')') {
				depth--;
			} else if (c == ':' && depth == 1) {
				if (i + 1 < E && f->an->src[i + 1] == ':') {
					colons += 2;
					i++;
				} else {
					colons++;
				}
				if (colons >= 2)
					break;
			}
		}
	}
	for (int i = 0; i < n; i++) {
		if (!clang_isExpression(clang_getCursorKind(ch[i])))
			continue;
		if (i < n_out) {
			assign(f, ch[i], uv_class(KA_U_VARYING, WHY_ASM, NULL, line_of(s)));
		} else {
			struct ka_uval v = ev(f, ch[i]);
			f->info->addr_taint |= v.taint;
		}
	}
}

static void stmt(struct ka_frame *f, CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	CXCursor ch[8];
	int n;

	if (clang_Cursor_isNull(s))
		return;
	if (f->st.dead && k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt && k != CXCursor_CompoundStmt &&
	    k != CXCursor_LabelStmt)
		return;
	switch (k) {
	case CXCursor_CompoundStmt: {
		int m;
		CXCursor *kids = ka_children_alloc(s, &m);
		for (int i = 0; i < m; i++)
			stmt(f, kids[i]);
		free(kids);
		return;
	}
	case CXCursor_DeclStmt:
		decl_stmt(f, s);
		return;
	case CXCursor_IfStmt:
		if_stmt(f, s);
		return;
	case CXCursor_ForStmt: {
		CXCursor init, cond, inc, body;
		for_parts(f, s, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(init))
			pre_stmt(f, init);
		loop(f, s, cond, false, inc, body, -1, uv_undef(), line_of(s));
		return;
	}
	case CXCursor_WhileStmt:
		n = ka_children(s, ch, 4);
		if (n < 2)
			return;
		for (int i = 0; i < n - 2; i++)
			if (clang_getCursorKind(ch[i]) == CXCursor_VarDecl)
				decl_var(f, ch[i]);
		loop(f, s, ch[n - 2], false, clang_getNullCursor(), ch[n - 1], -1, uv_undef(), line_of(s));
		return;
	case CXCursor_DoStmt:
		n = ka_children(s, ch, 2);
		if (n == 2)
			loop(f, s, ch[1], true, clang_getNullCursor(), ch[0], -1, uv_undef(), line_of(s));
		return;
	case CXCursor_CXXForRangeStmt: {
		int var = -1;
		struct ka_uval rv = uv_const(0, false, WHY_LITERAL, NULL);
		n = ka_children(s, ch, 8);
		if (n < 2)
			return;
		for (int i = 0; i < n - 1; i++) {
			if (clang_getCursorKind(ch[i]) == CXCursor_VarDecl && var < 0) {
				var = ka_cmap_get(&f->ix, ch[i]);
			} else if (clang_isExpression(clang_getCursorKind(ch[i]))) {
				struct ka_uval v = ev(f, ch[i]);
				rv = uv_join(rv, v);
			}
		}
		rv.space = SP_NONE;
		if (rv.cls == KA_U_AFFINE)
			rv = uv_varying(rv, WHY_MIX, NULL, 0);
		loop(f, s, clang_getNullCursor(), false, clang_getNullCursor(), ch[n - 1], var, rv, line_of(s));
		return;
	}
	case CXCursor_SwitchStmt:
		switch_stmt(f, s);
		return;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		if (f->sw_entry)
			st_join_into(f, &f->st, f->sw_entry);
		if (k == CXCursor_DefaultStmt)
			f->sw_has_default = true;
		n = ka_children(s, ch, 3);
		if (n >= (k == CXCursor_CaseStmt ? 2 : 1))
			stmt(f, ch[n - 1]);
		return;
	case CXCursor_BreakStmt:
		jump(f, true);
		return;
	case CXCursor_ContinueStmt:
		jump(f, false);
		return;
	case CXCursor_ReturnStmt:
		return_stmt(f, s);
		return;
	case CXCursor_LabelStmt:
		n = ka_children(s, ch, 2);
		if (n > 0)
			stmt(f, ch[n - 1]);
		return;
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
		/* has_goto made every variable varying: the jump needs no state */
		return;
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
		asm_stmt(f, s);
		return;
	case CXCursor_NullStmt:
		return;
	default:
		if (clang_isExpression(k)) {
			ev(f, s);
			return;
		}
		/* attributed statements (#pragma unroll), try blocks ...: walk inside */
		n = ka_children(s, ch, 8);
		for (int i = 0; i < n; i++) {
			enum CXCursorKind ck = clang_getCursorKind(ch[i]);
			if (clang_isStatement(ck) || clang_isExpression(ck) || ck == CXCursor_DeclStmt)
				stmt(f, ch[i]);
		}
		return;
	}
}

/* ---- entry points -------------------------------------------------------------------- */
static void begin_kernel(struct ka_an *an, CXCursor fn)
{
	ka_cmap_free(&an->node_ix);
	an->n_nodes = 0;
	an->n_reached = 0;
	an->call_depth = 0;
	an->budget = KA_BUDGET;
	reach(an, fn);
}

static void run(struct ka_an *an, CXCursor fn, bool kernel)
{
	struct ka_frame f;
	begin_kernel(an, fn);
	an->standalone = !kernel;
	frame_init(&f, an, fn);
	for (int i = 0; i < f.n_params; i++) {
		const char *name = cursor_name(&f, f.decls[i]);
		struct ka_uval v = kernel ? uv_class(KA_U_GRID, WHY_PARAM, name, 0)
					  : uv_class(KA_U_VARYING, WHY_NOCTX, name, 0);
		if (kernel && type_is_pointer(clang_getCursorType(f.decls[i])))
			v.space = SP_GLOBAL;
		v.taint = i < 64 ? 1ull << i : 0;
		f.st.v[i] = v;
		var_note(&f, i, &v);
	}
	an->call_stack[an->call_depth++] = fn;
	stmt(&f, fn_body(fn));
	an->call_depth--;
	frame_free(&f);
	if (an->budget <= 0 && !an->budget_warned) {
		char *m = ka_xmalloc(256);
		int l, c;
		ka_location(fn, &l, &c);
		snprintf(m, 256, "%s:%d: note: uniformity analysis budget exhausted in this function; the rest is "
				 "assumed varying", an->res->file, l);
		KA_GROW(an->res->diags, an->res->n_diags, an->res->cap_diags, 8);
		an->res->diags[an->res->n_diags++] = m;
		an->budget_warned = true;
	}
}

void ka_uniformity_kernel(struct ka_an *an, CXCursor kernel)
{
	run(an, kernel, true);
}

void ka_uniformity_standalone(struct ka_an *an, CXCursor fn)
{
	run(an, fn, false);
}
