/* analyzer.h — source uniformity analysis of CUDA and HIP kernels with
 * libclang (DESIGN §6): every variable initializer and assignment of a
 * kernel gets a class of the lattice in uclass.def, with a short reason, and
 * the rules of rules.def (KA101–KA114) turn the classes into advice.  The
 * one public header of libka_analyzer; the analysis itself is thread-safe
 * (each call has its own libclang index and reports into its own result),
 * so the CLI runs it beside the compile. */
#ifndef KANALYZE_ANALYZER_H
#define KANALYZE_ANALYZER_H

#include <stdbool.h>
#include <stddef.h>

/* ---- the lattice (uclass.def, bottom to top; join = max) ------------------ */
enum ka_uclass {
#define KA_UCLASS(id, name, meaning) KA_U_##id,
#include "uclass.def"
#undef KA_UCLASS
	KA_U_COUNT
};
const char *ka_uclass_name(enum ka_uclass c);       /* "warp-uniform-if"        */
const char *ka_uclass_meaning(enum ka_uclass c);
int ka_uclass_from_name(const char *name);          /* enum value, -1 unknown   */
/* Provably the same in every lane of a warp (const ... warp-uniform). */
bool ka_uclass_is_uniform(enum ka_uclass c);

/* ---- findings (rules.def) ---------------------------------------------------- */
enum ka_rule {
#define KA_RULE(id, name, sev, claim, memory, title, why, silence) KA_RULE_##name,
#include "rules.def"
#undef KA_RULE
	KA_RULE_COUNT,
	KA_RULE_NONE = -1            /* no rule: a sentinel, never reported      */
};
const char *ka_rule_id(enum ka_rule r);             /* "KA101"                  */
const char *ka_rule_severity(enum ka_rule r);       /* "info", "note" or "warning" */
const char *ka_rule_title(enum ka_rule r);
const char *ka_rule_why(enum ka_rule r);
const char *ka_rule_silence(enum ka_rule r);
int ka_rule_from_id(const char *id);                /* enum value, -1 unknown   */

/* ---- running it ---------------------------------------------------------------- */
/* The libclang the analysis loads (clang_dl.c; loaded by this call): its
 * path, and its version text in `version`; NULL when none loads, *why then
 * says why (`kanalyze --version` shows either). */
const char *ka_libclang_describe(char *version, size_t n, const char **why);

enum ka_lang { KA_LANG_CUDA, KA_LANG_HIP };

/* Why a kernel's analysis was withheld. */
enum ka_withheld {
	KA_WITHHELD_NONE,
	KA_WITHHELD_PARSE,           /* libclang reported an error inside it      */
	KA_WITHHELD_DEPTH,           /* nested deeper than the walks may go (half
	                                of the thread's stack: guard.c)           */
	KA_WITHHELD_TIME,            /* over its time budget                      */
};
/* Each kernel's analysis (and each phase over the whole file) may take this
 * long; past it, it is withheld. */
#define KA_ANALYSIS_BUDGET_MS 30000.0

struct ka_analyzer_options {
	enum ka_lang lang;
	int warp_size;               /* 32 or 64; 0: 32 for CUDA, 64 for HIP      */
	int sm;                      /* highest NVIDIA sm of the run (90 for
	                                sm_90); KA104 needs >= 90.  0: none        */
	const char *offload_arch;    /* the arch clang parses for: HIP's
	                                --offload-arch (gfx90a), CUDA's
	                                --cuda-gpu-arch (sm_90 for sm_100: clang
	                                16 knows up to sm_90); the arch row's
	                                parse_as.  NULL: CUDA's sm, else gfx90a */
	bool wave_selectable;        /* HIP: the arch runs wave32 and wave64, the
	                                parse says which (warp_size); a fact of
	                                offload_arch's row, so not in the cache key */
	const char *const *cc_args;  /* -I/-D/-U/-std/-include..., NULL-ended      */
	bool lines_only;             /* only the kernels' names, files, lines and
	                                launch sites (--no-uniformity): no facts,
	                                no findings                              */
	/* The launches the run itself names, which give the analysis its block
	 * shape before the launch sites do: --block N (every kernel N x 1 x 1;
	 * 0: none), then the config's "launch" entries whose glob, template
	 * arguments and parameters aside, matches the kernel's qualified name. */
	int block;
	const struct ka_ushape_rule *shape_rules;
	int n_shape_rules;
	double budget_ms;            /* per kernel; 0: KA_ANALYSIS_BUDGET_MS      */
	const char *pch_dir;         /* the result cache's directory, where a
	                                toolkit parse keeps its precompiled
	                                prefix (pch.c); NULL: none is kept       */
};

struct ka_ushape_rule {
	const char *glob;            /* as the config wrote it: "norm<1024>*"     */
	int block[3];
};

/* One variable initializer or assignment (DESIGN §3 "uniformity"). */
struct ka_ufact {
	int line, col;               /* of the right-hand side ("x = e": e; for
	                                x += e and x++ the whole expression)        */
	char *expr;                  /* its source text, blanks collapsed         */
	enum ka_uclass cls;          /* of the value stored                       */
	int stride;                  /* affine-lane: elements per lane, 0 unknown  */
	char *why;
	char *machine;               /* the --sass join's note, or NULL           */
};

struct ka_mach_access;

struct ka_ufinding {
	enum ka_rule rule;
	int line, col;
	int min_sm;                  /* report only when the arch is >= this (KA104: 90) */
	char *message;
	/* a global access's shape, for its cost (lib/ground.c): the bytes
	 * between consecutive lanes' addresses (0: a runtime distance) and the
	 * bytes each lane accesses (0: not an access finding) */
	int lane_bytes, access_bytes;
	bool store;                  /* the access is written, not read          */
	/* a finding the machine model decided (lib/accesses.c): the access it
	 * was decided on, owned by the kernel result; NULL for the analyzer's */
	const struct ka_mach_access *access;
	bool owned_message;          /* ... and its message is the result's copy's */
};

/* Per variable, the join of every state it takes (for the LLVM oracle). */
struct ka_uvar {
	char *name;
	char *function;
	int line;                    /* of the declaration */
	enum ka_uclass cls;
};

/* One launch of a kernel found in the source (launch_sites.c): `k<<<g, b,
 * s>>>`, cudaLaunchKernel, cudaLaunchKernelEx, hipLaunchKernelGGL (a
 * <<<>>> macro).  The block and dynamic shared memory are what the site's
 * expressions evaluate to -- literals, macros, const/constexpr variables,
 * `const dim3 b(WARP_SIZE, 1, 1)`, the template arguments of each call of
 * the enclosing host function template -- or unknown.  A site inside a
 * function template gives one launch per instantiating call found. */
enum { KA_ULAUNCH_TARGS = 8 };
struct ka_ulaunch {
	char *name;                  /* the launched function, qualified as written: "ns::k" */
	char *mangled;               /* of the launched function (a specialisation's); "" unknown */
	char *targs[KA_ULAUNCH_TARGS];  /* its template arguments as text ("256", "1", "float";
	                                   "*": an enclosing template's parameter no call
	                                   binds), when the mangled name is unknown; those
	                                   not written (deduced) match any */
	int n_targs;                 /* -1: not known (no match by name then) */
	char *file;                  /* where the launch is written             */
	int line;
	int block[3];                /* {0,0,0}: not a constant                 */
	int grid[3];                 /* {0,0,0}: not a constant                 */
	long smem;                   /* dynamic shared memory; -1: not a constant */
	int kernel;                  /* index in ka_uresult.kernels of the kernel
	                                defined in this file, -1 none           */
};

/* What every launch of a kernel found in its file proves about its block
 * (all of them constant, all agreeing); lane_dim 0 and warp_multiple false
 * when nothing is proven.  Set before the kernel is analysed: threadIdx of
 * the lane dimension is the lane (affine, stride 1), the dimensions below
 * it are 0, and with the lane dimension's extent a multiple of the warp the
 * warp index and the dimensions above are warp-uniform (not only -if). */
struct ka_ushape {
	int n_sites;                 /* launches of it found                      */
	int n_unknown;               /* ... whose block is not a constant: then
	                                nothing is proven                        */
	int lane_dim;                /* 0: x, 1: y (x == 1), 2: z (x == y == 1)  */
	bool warp_multiple;          /* the lane dimension % warp == 0 in all     */
	bool flat;                   /* only the lane dimension is above 1 in all */
	long long threads;           /* the most threads one launch runs (grid x
	                                block), 0 unless every launch found has
	                                a constant grid and block              */
};

struct ka_ukernel {
	char *name;                  /* unqualified: "reduce_r1"                  */
	char *qualified;             /* with namespaces: "ns::reduce_r1"          */
	char *mangled;               /* libclang's (templates: of the pattern)     */
	int line;                    /* of the name in the definition             */
	char *file;                  /* the file of the definition, absolute (a
	                                header for a .cuh kernel)                 */
	enum ka_withheld withheld;   /* a parse error inside it or a function it
	                                calls, or the walks' bounds reached: no
	                                facts, no findings (withheld, not
	                                guessed)                                 */
	bool library;                /* defined in a system header (cub, the
	                                toolkit): placed, not analysed            */
	struct ka_ushape shape;      /* what its launches prove (analysis input)  */
	struct ka_ufact *facts;      /* sorted by line, col                       */
	size_t n_facts;
	struct ka_ufinding *findings;
	size_t n_findings, cap_findings;
};

struct ka_uresult {
	char *file;
	enum ka_lang lang;
	int warp_size;
	bool parsed;                 /* libclang produced a translation unit       */
	int errors, warnings;        /* parse diagnostics (main file and headers)  */
	const char *headers;         /* "prelude" or "toolkit" (parse.c): what
	                                stood in for nvcc's headers; static       */
	char **diags;                /* "file:line:col: error: ..." each          */
	size_t n_diags, cap_diags;
	struct ka_ukernel *kernels;  /* sorted by line                            */
	size_t n_kernels;
	struct ka_ufact *facts;      /* whole file: kernels, the functions they
	                                call (joined over contexts) and functions
	                                no kernel calls (analysed conservatively) */
	size_t n_facts;
	struct ka_ufinding *findings;/* whole file                               */
	size_t n_findings;
	struct ka_uvar *vars;        /* sorted by line, name                       */
	size_t n_vars;
	struct ka_ulaunch *launches; /* the file's launch sites, by file, line    */
	size_t n_launches;
	struct ka_ulaunch *optins;   /* the kernels the file raises the dynamic
	                                shared memory limit of: cudaFuncSetAttribute /
	                                hipFuncSetAttribute(k, ...MaxDynamicShared-
	                                MemorySize, n); only the callee's fields set */
	size_t n_optins;
	char **deps;                 /* every file the parse read (absolute), the
	                                prelude excluded: the cache's manifest    */
	size_t n_deps, cap_deps;
	char **prefix;               /* the headers of the precompiled toolkit
	                                prefix the parse read (parse.c, pch.c):
	                                no kernel there, the scan skips them      */
	size_t n_prefix, cap_prefix;
	bool cached;                 /* read back from the cache, not parsed       */
	double parse_ms, analysis_ms;
	enum ka_withheld cut_short;  /* a walk over the whole file (launch sites,
	                                functions no kernel calls, KA108) stopped
	                                at the guard's bounds: what it found is
	                                kept, the rest is missing; not cached   */
};

/* Parse `file` and analyse every kernel in it.  Returns 0 when a translation
 * unit was built (parse errors are counted in out->errors and listed in
 * out->diags; analysis goes on with what parsed), else a negative errno
 * (-ENOENT, -EINVAL) with the reason in out->diags.  out is always filled
 * enough for ka_uresult_free. */
int ka_uniformity_analyze(const char *file, const struct ka_analyzer_options *opt, struct ka_uresult *out);
void ka_uresult_free(struct ka_uresult *r);

/* The same through the result cache (core.h; NULL: no cache): a file whose
 * bytes, headers (every file the parse read), options and analyzer are
 * unchanged is read back -- libclang is not even loaded -- and a fresh
 * result is stored.  Parse failures are not cached. */
struct ka_cache;
int ka_uniformity_analyze_cached(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
				 struct ka_uresult *out);

/* The same in a child process of its own (isolate.c): a crash or a hang of
 * libclang on `file` costs its analysis only.  Returns what the child's
 * ka_uniformity_analyze_cached returned, or KA_U_LOST when the child died,
 * ran past timeout_s (> 0) or sent back nothing readable: out->diags[0]
 * then says which ("... died on it: signal 11 (Segmentation fault)").
 * $KANALYZE_NO_ISOLATION runs it in this process (bench/isolation.sh). */
enum { KA_U_LOST = -100000 };
/* The cached result of `file` when there is one (no parse, no libclang):
 * isolate.c asks before it forks, so a warm file costs no process. */
bool ka_uniformity_cache_hit(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
			     struct ka_uresult *out);
int ka_uniformity_analyze_isolated(const struct ka_cache *c, const char *file, const struct ka_analyzer_options *opt,
				   double timeout_s, struct ka_uresult *out);
/* A result as JSON (cache.c; full: also the fields a cache entry leaves
 * out, for isolate.c's child) and back; false when it does not read. */
char *ka_uresult_json(const struct ka_uresult *r, bool full);
bool ka_uresult_read(const char *text, size_t len, struct ka_uresult *r, bool full);

/* The kernel of a compiled kernel: by mangled name, else by the demangled
 * name without parameters and template arguments (templates), preferring
 * the one defined at `line` when several match.  NULL if none. */
const struct ka_ukernel *ka_uresult_kernel(const struct ka_uresult *r, const char *mangled,
					   const char *demangled, int line);

/* A compiled kernel's mangled name as its source spells it: a kernel of
 * internal linkage in a relocatable (-rdc) compile is named
 * __nv_static_<n>__<module>_..._<its own _Z name>; any other, as it is. */
const char *ka_mangled_own(const char *mangled);
/* The launch sites of a compiled kernel (mangled and demangled names as
 * the compiler wrote them): those whose mangled name is its own, else whose
 * qualified name and template arguments match its demangled name.  Fills
 * up to cap pointers; returns how many matched. */
size_t ka_uresult_launches(const struct ka_uresult *r, const char *mangled, const char *demangled,
			   const struct ka_ulaunch **out, size_t cap);
/* Whether the file raises a compiled kernel's dynamic shared memory limit
 * (r->optins, matched as the launch sites are). */
bool ka_uresult_optin(const struct ka_uresult *r, const char *mangled, const char *demangled);


/* ---- joining with the machine code (--sass) ---------------------------------
 * Per source line, what the disassembler saw (nvdisasm -g line info):
 * instructions, those on the uniform datapath (U* opcodes, UR operands) and
 * those on the vector datapath.  For every fact of class const ...
 * warp-uniform whose line has vector work and no uniform work, sets
 * fact->machine to "uniform in source, computed in vector registers here
 * (N vector instructions on this line)"; lane-varying facts on lines with
 * only uniform work get the opposite note.  Returns the number of notes. */
struct ka_uline {
	int line;
	long instructions, uniform, vector;
};
int ka_uniformity_join_sass(struct ka_ukernel *k, const struct ka_uline *lines, size_t n);

/* The note for one fact from its line's counts (what the join above sets);
 * false when there is nothing to say.  For reports that keep one analysis
 * for several archs, each with its own SASS. */
bool ka_ufact_machine_note(const struct ka_ufact *f, const struct ka_uline *lines, size_t n, char *buf,
			   size_t len);

/* ---- beside the compile ------------------------------------------------------
 * A batch of analyses on one background thread, so the CLI analyses while
 * the compilers run in their child processes: start, compile, wait.  Each
 * job's result is ready after ka_ubatch_wait. */
struct ka_ubatch_job {
	const char *file;                  /* borrowed until ka_ubatch_free       */
	struct ka_analyzer_options opt;    /* opt.cc_args borrowed likewise       */
	const struct ka_cache *cache;      /* NULL: no result cache               */
	struct ka_uresult r;               /* out                                 */
	int rc;                            /* out: ka_uniformity_analyze's, or KA_U_LOST */
	double timeout_s;                  /* the child's deadline (0: none)      */
};
struct ka_ubatch;
/* Starts the thread (or, if it cannot, runs the jobs now); jobs must live
 * until ka_ubatch_wait returns.  NULL only when n == 0. */
struct ka_ubatch *ka_ubatch_start(struct ka_ubatch_job *jobs, size_t n);
/* Waits for the thread; returns the wall time it ran (ms).  After it the
 * jobs array is the caller's again (it may grow it). */
double ka_ubatch_wait(struct ka_ubatch *b);
/* Waits, frees the batch; the results stay in the jobs: the caller frees
 * them with ka_uresult_free. */
void ka_ubatch_free(struct ka_ubatch *b);

/* true: this build has the libclang analyzer. */
bool ka_analyzer_available(void);

/* A file's preamble, which a toolkit parse reads precompiled once the
 * same preamble comes back (pch.c): its leading blank, comment and
 * preprocessor lines, and lines that only name a namespace ("namespace cg
 * = cooperative_groups;", "using namespace std;"), up to where the #if
 * nesting is back at zero, when they include a header; else 0.  Its length
 * in text[len]. */
size_t ka_preamble_length(const char *text, size_t len);

#endif
