/* internal.h — private to analyzer/: the lattice value that lives on every
 * expression node, the per-file analysis context, and the helpers the
 * passes share (AST access through libclang, the node map, the fact and
 * finding lists).  Nothing outside analyzer/ includes this file.
 *
 * Passes, in order (uniformity.c drives them):
 *   parse.c       builds the translation unit (prelude, flags)
 *   uniformity.c  sets ka_uval on every expression node of each kernel and of
 *                 the functions it calls (in context), to a fixed point
 *   findings.c    reads those values and reports the rules of rules.def
 *                 (loops.c: the loop questions; walk.c: what both share)
 *   analyzer.c    runs the passes per kernel and hands back the public
 *                 ka_uresult */
#ifndef KANALYZE_ANALYZER_INTERNAL_H
#define KANALYZE_ANALYZER_INTERNAL_H

#include <clang-c/Index.h>
#include <stdint.h>

#include "analyzer.h"
#include "core.h"

/* ---- the lattice value ------------------------------------------------------
 * Set by uniformity.c on every expression node (joined over every visit:
 * loop iterations and calling contexts), read by findings.c.  Besides the
 * class it keeps what the transfer functions need to be precise:
 *   stride   affine-lane: value = base + stride * lane (elements for
 *            pointers); 0 when the stride is not a known constant
 *   k        the value itself when UV_KNOWN (constants, warpSize)
 *   space    for pointers: which memory they point into
 *   taint    bit i: derived from parameter i of the function being analysed
 *            (KA108 looks for constant parameters that reach addresses)
 *   fold_*   KA101: where a uniform term was added into a lane-varying sum
 *   why      the reason the class is what it is (the dominant operand's) */
enum {
	UV_KNOWN = 1 << 0,    /* k holds the value                                  */
	UV_ALIGNED = 1 << 1,  /* affine: base is a multiple of warp * stride (under
	                         the warp-uniform-if launch condition)               */
	UV_LANE = 1 << 2,     /* the lane index itself (0 .. warp-1)                */
	UV_LINEAR = 1 << 3,   /* the linear thread index x + y*Dx (+ z*Dx*Dy):
	                         hardware warps are its consecutive runs             */
	UV_YDX = 1 << 4,      /* threadIdx.y * blockDim.x (a piece of UV_LINEAR)    */
	UV_UNDEF = 1 << 5,    /* no value yet (bottom; joins as the identity)       */
	UV_WARPIDX = 1 << 6,  /* a warp index made by threadIdx.x / warp (KA102)    */
	UV_TIDX = 1 << 7,     /* threadIdx.x itself (or a known multiple of it)     */
};

enum ka_space { SP_NONE, SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_CONSTANT };

enum ka_why {
#define KA_WHY(id, fmt) WHY_##id,
#include "why.def"
#undef KA_WHY
	WHY_COUNT
};

struct ka_uval {
	uint8_t cls;          /* enum ka_uclass */
	uint8_t space;        /* enum ka_space  */
	uint16_t flags;       /* UV_*           */
	int32_t stride;
	int64_t k;
	uint64_t taint;
	uint8_t why;          /* enum ka_why    */
	int why_line;
	const char *why_name; /* interned in the context's string table */
	unsigned fold_start, fold_end;   /* offsets in the main file, 0: none */
	int fold_line;
};

/* ---- lattice.c: transfer functions ------------------------------------------ */
struct ka_uval uv_const(int64_t k, bool known, enum ka_why why, const char *name);
struct ka_uval uv_class(enum ka_uclass c, enum ka_why why, const char *name, int line);
struct ka_uval uv_undef(void);
struct ka_uval uv_affine(int stride, uint16_t flags, enum ka_why why, const char *name);
bool uv_is_lane_dependent(const struct ka_uval *v);     /* affine-lane or varying  */
bool uv_is_uniform_nonconst(const struct ka_uval *v);  /* grid ... warp-uniform-if */
struct ka_uval uv_join(struct ka_uval a, struct ka_uval b);
bool uv_equal(const struct ka_uval *a, const struct ka_uval *b);   /* for fixed points */
/* Raise to at least class c (keeping the stride when it stays affine). */
struct ka_uval uv_raise(struct ka_uval v, enum ka_uclass c, enum ka_why why, const char *name, int line);
struct ka_uval uv_varying(struct ka_uval from, enum ka_why why, const char *name, int line);

enum ka_op {
	OP_NONE, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_REM, OP_SHL, OP_SHR, OP_AND, OP_OR, OP_XOR,
	OP_LT, OP_GT, OP_LE, OP_GE, OP_EQ, OP_NE, OP_LAND, OP_LOR, OP_ASSIGN, OP_COMMA,
	OP_NEG, OP_PLUS, OP_NOT, OP_LNOT, OP_DEREF, OP_ADDR, OP_PREINC, OP_PREDEC, OP_POSTINC, OP_POSTDEC,
	OP_UNKNOWN
};
/* Binary arithmetic on values (warp = the warp width; is_float: floating
 * point, where only +, -, * keep an affine structure). */
struct ka_uval uv_binary(enum ka_op op, struct ka_uval a, struct ka_uval b, int warp, bool is_float);
struct ka_uval uv_unary(enum ka_op op, struct ka_uval a);
const char *ka_op_spelling(enum ka_op op);

/* ---- intrinsics (intrinsics.def) -------------------------------------------------- */
enum ka_igroup {
	IG_NONE,        /* no value (barriers, fences)                              */
	IG_TID_X,       /* threadIdx.x                                              */
	IG_TID_YZ,      /* threadIdx.y / .z                                         */
	IG_OCKL_TID,    /* __ockl_get_local_id(dim): x or y/z by argument a        */
	IG_BLOCK,       /* block-uniform                                            */
	IG_GRID,        /* grid-uniform                                             */
	IG_WARP,        /* warp-uniform: votes, warp reductions                     */
	IG_LANE,        /* the lane index                                           */
	IG_VARYING,     /* lane-varying: time, lane masks, partial collectives      */
	IG_READLANE,    /* one lane's value: warp-uniform                           */
	IG_SHFL_IDX,    /* broadcast shuffle: value a, source lane b                */
	IG_SHFL_REL,    /* up/down/xor shuffle: value a                             */
	IG_LOAD,        /* load through pointer a                                   */
	IG_LINEAR_TID,  /* thread_block::thread_rank(): linear index                */
	IG_GLOBAL_TID,  /* grid_group::thread_rank(): global linear index           */
	IG_TILE_RANK,   /* thread_block_tile<N>::thread_rank()                      */
	IG_TILE_META,   /* thread_block_tile<N>::meta_group_rank()                  */
	IG_ATOMIC,      /* atomics, by name pattern                                 */
	IG_BUFFER,      /* AMD buffer load/store intrinsics, by name pattern        */
};
enum ka_intrin {
#define KA_INTRIN(id, key, group, a, b) IN_##id,
#include "intrinsics.def"
#undef KA_INTRIN
	IN_ATOMIC,
	IN_BUFFER_LOAD,
	IN_BUFFER_STORE,
	IN_COUNT,
	IN_NONE = -1
};
struct ka_intrin_info {
	const char *key;
	enum ka_igroup group;
	int a, b;
};
extern const struct ka_intrin_info ka_intrins[IN_COUNT];

/* ---- the analysis context of one file ------------------------------------------ */
struct ka_strtab {
	char **v;
	size_t n, cap;
};
const char *ka_intern(struct ka_strtab *t, const char *s);
void ka_strtab_free(struct ka_strtab *t);

/* CXCursor -> index, by clang_hashCursor + clang_equalCursors. */
struct ka_cmap {
	CXCursor *keys;
	int *vals;
	size_t cap, n;
};
int ka_cmap_get(const struct ka_cmap *m, CXCursor c);        /* -1 if absent */
void ka_cmap_put(struct ka_cmap *m, CXCursor c, int val);
void ka_cmap_free(struct ka_cmap *m);

/* Per expression node: its joined value and facts the passes cache. */
struct ka_node {
	CXCursor cur;
	struct ka_uval v;
	int8_t op;            /* enum ka_op of an operator node, -1 not yet known */
	int16_t intrin;       /* enum ka_intrin of a call, -2 not yet known       */
	bool visited;
};

/* Per function (kernel or device function) in the file. */
struct ka_fninfo {
	CXCursor fn;
	int n_params;
	uint64_t addr_taint;  /* parameters that reached an address (KA108)    */
	uint64_t int_params;  /* parameters of integer type                    */
	bool called;          /* analysed in some calling context              */
};

struct ka_fact_acc {          /* facts collected while walking              */
	struct ka_ufact *v;
	size_t n, cap;
	unsigned *offsets;        /* main-file offset of each, for de-duplication */
	size_t cap_offsets;
};
struct ka_finding_acc {
	struct ka_ufinding *v;
	size_t n, cap;
};

struct ka_an {
	CXTranslationUnit tu;
	CXFile main_file;
	const char *src;          /* main file text (libclang's buffer)          */
	size_t src_len;
	int warp;                 /* 32 or 64                                    */
	enum ka_lang lang;
	int sm;
	struct ka_strtab strs;
	struct ka_ushape shape;   /* the current kernel's launches (launch_sites.c);
	                             read by threadIdx's sources in uniformity.c */

	/* per kernel (reset between kernels) */
	struct ka_cmap node_ix;
	struct ka_node *nodes;
	size_t n_nodes, cap_nodes;
	CXCursor *reached;        /* functions analysed for the current kernel    */
	size_t n_reached, cap_reached;
	int call_depth;
	CXCursor call_stack[16];
	long budget;              /* node evaluations left (guards blow-ups)      */
	bool budget_warned;
	bool standalone;          /* analysing a function no kernel calls        */
	unsigned *called_at;      /* main-file offsets of functions called from  */
	size_t n_called;          /* a kernel (templates: their pattern's too)   */
	size_t cap_called;

	/* per file */
	struct ka_cmap fn_ix;
	struct ka_fninfo *fns;
	size_t n_fns, cap_fns;
	struct ka_uvar *vars;
	size_t n_vars, cap_vars;
	struct ka_cmap var_ix;    /* declaration -> index in vars               */

	struct ka_uresult *res;
};

/* ---- clang_dl.c: libclang, loaded on first use ------------------------------------
 * NULL when libclang is loaded, else why not (a message).  Must succeed
 * before any clang_* call. */
const char *ka_libclang_load(void);

/* ---- pch.c: the toolkit prefix, precompiled once ------------------------------- */
/* The PCH of the prefix a toolkit parse with args[n_args] (the first
 * n_mode kanalyze's, the rest the user's) and un[n_un] reads (made now when
 * missing), in dir/pch; its path (malloc'd) and the headers it read
 * (*deps, malloc'd), or NULL: parse without one (no dir, a file's own
 * -include, a prefix that does not parse or cannot be saved). */
char *ka_pch_get(const char *dir, const char *const *args, int n_args, int n_mode, struct CXUnsavedFile *un,
		 unsigned n_un, char ***deps, size_t *n_deps);
/* clang refused it: removed, made again next time. */
void ka_pch_drop(const char *path);
/* The preamble precompiled over the prefix base_pch (chained to it), for a
 * toolkit parse of file (text[len]) with args[n_args] (ending with
 * "-include-pch" base_pch) and un[n_un]: made now when missing, or false
 * (no cache, no preamble, a preamble that does not parse cleanly: parse
 * over the prefix).  The parse then reads pch, with unsaved_name holding
 * text and file blanked (its preamble's lines emptied).  is_kernel: the
 * parse's own test (parse.c), passed in so that pch.c calls no parse.c. */
struct ka_preamble {
	char *pch;
	char *unsaved_name;          /* <file>.ka-preamble.cu                   */
	char *text;                  /* the preamble, as it was precompiled     */
	size_t len;
	char *blanked;               /* the file, its preamble's lines blank    */
	size_t file_len;
	char **deps;                 /* the headers it read (the cache keys on) */
	size_t n_deps;
	char **skip;                 /* of them, system headers defining no     */
	size_t n_skip;               /* kernel: the scan passes them by         */
};
bool ka_preamble_get(const char *dir, const char *file, const char *text, size_t len, const char *const *args,
		     int n_args, const char *base_pch, struct CXUnsavedFile *un, unsigned n_un,
		     bool (*is_kernel)(CXCursor), struct ka_preamble *out);
void ka_preamble_free(struct ka_preamble *p);
/* The real path of a file a parse read, or NULL (the prelude's, which live
 * in the binary, or one gone): what a dependency list holds. */
char *ka_file_real(CXFile f);
/* the same, each directory resolved once across calls (core.h's ka_real_file) */
char *ka_file_real_in(CXFile f, struct ka_real_dirs *dirs);

/* ---- parse.c: the translation unit and AST helpers ----------------------------- */
int ka_parse(const char *file, const struct ka_analyzer_options *opt, CXIndex *index, CXTranslationUnit *tu,
	     struct ka_uresult *res);
/* clang's cuda_wrappers directory beside libclang (clang_dl.c), or NULL. */
const char *ka_libclang_cuda_wrappers(void);
/* The CUDA toolkit the "toolkit" parse reads (parse.c), or NULL. */
const char *ka_parse_toolkit(void);
/* Whether a parse error lies inside the extent of any of fns[0..n). */
bool ka_parse_errors_inside(CXTranslationUnit tu, const CXCursor *fns, size_t n);
/* The definition's file of a cursor, resolved to an absolute path (malloc'd). */
char *ka_cursor_qualified_name(CXCursor c, bool skip_anonymous);
char *ka_cursor_file(CXCursor c);
/* Children of a cursor in order (at most max); returns how many. */
int ka_children(CXCursor c, CXCursor *out, int max);
/* All children (malloc'd array, *n of them; NULL when none). */
CXCursor *ka_children_alloc(CXCursor c, int *n);
/* Strip implicit casts, parentheses and "UnexposedExpr" wrappers. */
CXCursor ka_strip(CXCursor c);
/* Extent in the main file's text: [start, end) offsets; false if the cursor
 * is not (entirely) spelled there. */
bool ka_extent(const struct ka_an *an, CXCursor c, unsigned *start, unsigned *end);
void ka_location(CXCursor c, int *line, int *col);
bool ka_in_main_file(const struct ka_an *an, CXCursor c);
/* Source text of a cursor, blanks collapsed, at most max bytes (malloc'd). */
char *ka_cursor_text(const struct ka_an *an, CXCursor c, size_t max);
/* The operator of a BinaryOperator / CompoundAssignOperator / UnaryOperator. */
enum ka_op ka_operator(struct ka_an *an, CXCursor c);
/* "name", "Class::name" or "namespace::name" of a called declaration. */
void ka_callee_key(CXCursor decl, char *buf, size_t n);
bool ka_is_from_prelude(CXCursor decl);
bool ka_type_is_float(CXType t);
bool ka_type_is_integer(CXType t);
bool ka_has_attr(CXCursor decl, enum CXCursorKind attr);
bool ka_is_kernel(CXCursor fn);
/* Does the text between two offsets of the main file contain the token? */
bool ka_text_has_token(const struct ka_an *an, unsigned from, unsigned to, const char *tok);
/* A local of fn that keeps its initializer: const, or never written in fn
 * (not assigned, incremented, or its address or a non-const reference
 * taken -- any use but a read refuses it). */
bool ka_keeps_init(CXCursor fn, CXCursor var);
/* How many of the writes ka_keeps_init looks for fn makes to var (an
 * assignment of a member counts one each); -1 without a function. */
int ka_count_writes(CXCursor fn, CXCursor var);
/* A default construction nobody wrote ("float2 p;"). */
bool ka_is_implicit_init(CXCursor init);
/* Integer value of a constant expression (literal, enum, constexpr). */
bool ka_eval_int(CXCursor c, int64_t *out);

/* The intrinsic a call is (enum ka_intrin, IN_NONE), cached on the node. */
int ka_call_intrin(struct ka_an *an, CXCursor call);
/* The declaration a call calls (invalid cursor for unresolved calls). */
CXCursor ka_call_callee(CXCursor call);

/* ---- the node map ------------------------------------------------------------------ */
struct ka_node *ka_node_get(struct ka_an *an, CXCursor c);        /* creates */
const struct ka_node *ka_node_find(const struct ka_an *an, CXCursor c);
struct ka_fninfo *ka_fninfo_get(struct ka_an *an, CXCursor fn);   /* creates */

/* ---- uniformity.c ----------------------------------------------------------------- */
/* Analyse one kernel (its calls in context) into an->nodes. */
void ka_uniformity_kernel(struct ka_an *an, CXCursor kernel);
/* Analyse a function no kernel calls, parameters varying. */
void ka_uniformity_standalone(struct ka_an *an, CXCursor fn);
const char *ka_why_text(enum ka_why w);

/* ---- launch_sites.c ---------------------------------------------------------------
 * The launches written in the translation unit into out->launches (each
 * with the index of its kernel in `kernels`, -1 when not one of them). */
void ka_launch_sites_find(struct ka_an *an, const CXCursor *kernels, size_t n_kernels, struct ka_uresult *out);
/* What the launches of kernel `kernel` prove about its block. */
void ka_launch_shape(const struct ka_analyzer_options *o, const struct ka_uresult *r, int kernel, const char *name,
		     int warp, struct ka_ushape *out);
void ka_ulaunch_free(struct ka_ulaunch *v, size_t n);

/* ---- the findings walk: findings.c walks a kernel, loops.c answers its loop
 * questions ------------------------------------------------------------------------ */
/* A branch that few threads run: the rule a cost in it reports under --
 * KA112, one block of the grid; KA113, at most one warp of each block,
 * once -- and the condition that chose it (KA_RULE_NONE: no such branch;
 * the walk starts with KA_FEW_NONE). */
struct ka_few {
	enum ka_rule rule;
	char *cond;
};

#define KA_FEW_NONE ((struct ka_few){KA_RULE_NONE, NULL})

/* A for loop's counter: n = hi - lo values for (v = lo; v < hi; ++v) with
 * constant lo and hi, else 0; compile_time: the bound is a compile-time
 * value even where it cannot be evaluated here (a template parameter, a
 * constexpr of a dependent type). */
struct ka_cloop {
	CXCursor var;
	int64_t n, lo;            /* lo: the first value, when n is known */
	bool compile_time;
};


struct ka_walk {
	struct ka_an *an;
	struct ka_fact_acc *facts;
	struct ka_finding_acc *finds;
	int quiet_warpidx;        /* inside readfirstlane / a broadcast shuffle */
	int loop_depth;           /* loops around the node being walked         */
	unsigned cond_start, cond_end;  /* the condition of the innermost if whose
	                                   branches do different work (KA106)  */
	struct ka_few few;           /* inside a branch few threads run (KA112,
	                             KA113): the condition that chose it     */
	struct ka_kept {             /* locals asked about: keeps its initializer? */
		CXCursor var;
		bool keeps;
	} *kept;
	size_t n_kept, cap_kept;
	size_t fn;                /* the reached function being walked        */
	struct ka_cloop *loops;      /* every for loop's counter seen            */
	size_t n_loops, cap_loops;
};

/* walk.c: what findings.c's rules share.  The node's value
 * (NULL: none), a compile-time integer (what libclang evaluates, or a
 * template argument of the instance walked), the operator of a node, up to
 * two children, the source text of a node (owned), a global access
 * finding's shape for its cost (lanes `lane_bytes` apart, 0: at run time),
 * the branch few threads run around the node (KA_RULE_NONE: none) and a
 * cost reported under it (KA112, KA113). */
const struct ka_uval *ka_walk_val(struct ka_an *an, CXCursor c);
bool ka_walk_known_int(struct ka_walk *w, CXCursor c, int64_t *k);
enum ka_op ka_walk_op_of(struct ka_an *an, CXCursor c);
int ka_walk_kids2(CXCursor c, CXCursor *ch);
char *ka_walk_text(struct ka_an *an, CXCursor c);
const struct ka_few *ka_few_here(const struct ka_walk *w);
void ka_few_report(struct ka_walk *w, CXCursor at, const char *what, const struct ka_few *few);

/* loops.c: the loop questions the walk asks -- whether a loop repeats work
 * (note: remember a for loop's counter), has compile-time bounds, or is a
 * loop where the kernel's work is; whether a local keeps its initializer --
 * and what the walk kept, freed at its end. */
bool ka_loop_repeats(struct ka_walk *w, CXCursor fs, bool note);
bool ka_loop_compile_time(struct ka_walk *w, CXCursor c);
bool ka_loop_work(struct ka_walk *w, CXCursor c);
bool ka_walk_keeps_init(struct ka_walk *w, CXCursor var);
void ka_walk_free(struct ka_walk *w);

/* ---- findings.c ------------------------------------------------------------------- */
/* Facts and findings of the functions in an->reached, from an->nodes. */
void ka_collect(struct ka_an *an, struct ka_fact_acc *facts, struct ka_finding_acc *finds);
/* File-level rules that need every call site (KA108). */
void ka_findings_file(struct ka_an *an, struct ka_finding_acc *finds);
/* walk.c: add a finding (or find the one already at that rule, line and
 * column). */
struct ka_ufinding *ka_finding_add(struct ka_finding_acc *a, enum ka_rule rule, int line, int col, int min_sm,
				   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
char *ka_why_render(const struct ka_uval *v);

/* ---- guard.c: the bounds of one kernel's walks -------------------------------------
 * ka_guard_begin arms them on the calling thread (budget 0: the default);
 * ka_guard_ok, asked by every clang_visitChildren, says whether a walk may
 * go on; ka_guard_end disarms them and says whether (and why) they stopped
 * a walk. */
void ka_guard_begin(double budget_ms);
bool ka_guard_ok(void);
enum ka_withheld ka_guard_end(void);

/* ---- result.c ----------------------------------------------------------------- */
void ka_facts_sort(struct ka_ufact *v, size_t n);
void ka_findings_sort(struct ka_ufinding *v, size_t n);
void ka_fact_acc_free(struct ka_fact_acc *a);
void ka_finding_acc_free(struct ka_finding_acc *a);


/* ---- launch_eval.c: the evaluator of launch sites' expressions ------------- */
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
/* A template argument of a specialisation as a number (LLONG_MIN: none). */
long long ka_targ_value(CXCursor spec, unsigned i);
/* A libclang string as a malloc'd C string (disposed). */
char *ka_str_of(CXString s);
/* An expression's children, parentheses and implicit casts looked through. */
int ka_expr_kids(CXCursor c, CXCursor *out, int max);
/* The binding of template parameter `param` in e's bindings (its index). */
const struct bind *ka_ev_bound(const struct ev *e, CXCursor param, int *ix);
/* The argument a wrapper parameter is bound to, and where it is evaluated. */
bool ka_ev_param_arg(const struct ev *e, CXCursor parm, CXCursor *arg, struct ev **ctx);
/* A cursor's offset in its file. */
unsigned ka_offset_of(CXCursor c);
/* An integer expression's value, or a dim3's three; false: not a constant. */
bool ka_ev_int(struct ev *e, CXCursor c, long *out);
bool ka_ev_dim3(struct ev *e, CXCursor c, int out[3]);

#endif
