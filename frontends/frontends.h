/* frontends.h — everything that runs a compiler or reads what one wrote.
 *
 * NVIDIA: nvcc compiles device code only (-cubin, one arch per run, argv via
 * posix_spawn, private temp dir, timeout); the cubin's ELF .nv.info
 * attributes give the resources (libelf, bounds-checked); the ptxas -v text
 * gives spills and cross-checks the rest.  Each reader takes bytes and a
 * diagnostics context and never trusts its input. */
#ifndef KANALYZE_FRONTENDS_H
#define KANALYZE_FRONTENDS_H

#include <stdbool.h>
#include <stddef.h>

#include "core.h"
#include "kanalyze/kernel.h"

/* A growable list of kernels. */
struct ka_kernel_list {
	struct ka_kernel *v;
	size_t n, cap;
};
struct ka_kernel *ka_kernel_list_add(struct ka_kernel_list *l);
void ka_kernel_list_free(struct ka_kernel_list *l);
/* One kernel's owned fields, and the resources all KA_UNSET (kernel_list.c). */
void ka_kernel_free(struct ka_kernel *k);
void ka_resources_unset(struct ka_resources *res);
/* Architecture order: sm_80 before sm_100 (numeric), then the suffix;
 * other names (gfx...) as strings. */
int ka_arch_cmp(const char *a, const char *b);
/* Sort by file, arch, mangled name (the report order, DESIGN §3). */
void ka_kernel_list_sort(struct ka_kernel_list *l);
/* Set file = where (when not NULL) and arch (when not NULL) on
 * out->v[first..]: kernels read from something inside `where`. */
void ka_kernel_list_adopt(struct ka_kernel_list *out, size_t first, const char *where, const char *arch);

/* ---- ptxas -v text --------------------------------------------------------
 * One entry per "Compiling entry function" (or "Function properties for")
 * block.  Fields the log does not state stay KA_UNSET. */
struct ka_ptxas_entry {
	char *mangled;
	char arch[16];
	long regs, barriers, stack_frame, spill_stores, spill_loads;
	long cumulative_stack, smem, cmem0;
	int is_entry;           /* a kernel, not a called device function */
};
struct ka_ptxas_log {
	struct ka_ptxas_entry *v;
	size_t n, cap;
	int unsupported_lines;  /* "ptxas info" lines not understood */
};
/* Parse text (need not be NUL-terminated).  Never fails: what it cannot read
 * is counted and warned about once through `d`, with `where` as location. */
void ka_ptxas_log_parse(const char *text, size_t len, struct ka_ptxas_log *log,
			struct ka_diag *d, const char *where);
void ka_ptxas_log_free(struct ka_ptxas_log *log);
const struct ka_ptxas_entry *ka_ptxas_log_find(const struct ka_ptxas_log *log, const char *mangled);

/* ---- cubin (.nv.info) -------------------------------------------------------
 * Appends one kernel per entry function (STT_FUNC symbol with a
 * .nv.info.<name> section) to `out`, with resources from the attributes.
 * Returns 0, or -EINVAL for input that is not a readable CUDA cubin (with a
 * message through d).  Unknown attributes are skipped and reported once per
 * attribute id ("unsupported"). */
int ka_cubin_read(const void *data, size_t len, const char *where, struct ka_diag *d,
		  struct ka_kernel_list *out);

/* Cross-check a cubin's kernels against the ptxas log of the same compile:
 * registers, barriers, stack and shared memory must agree; spills are taken
 * from the log (the cubin does not record them).  Disagreements are warned
 * about, the cubin's value is kept. */
void ka_nv_crosscheck(struct ka_kernel *k, const struct ka_ptxas_entry *e, struct ka_diag *d);

/* ---- names ----------------------------------------------------------------- */
/* Demangled C++ name (malloc'd); a copy of the input when it is not mangled. */
char *ka_demangle(const char *mangled);
/* Line of the definition of kernel `name` (demangled, without parameters or
 * template arguments) in source text: the first line where the identifier
 * follows a __global__ within the same declaration.  0 if not found. */
int ka_source_find_kernel_line(const char *src, size_t len, const char *demangled);

/* ---- the nvcc driver -------------------------------------------------------- */
struct ka_nvcc_options {
	const char *nvcc;          /* path or name; NULL: $KANALYZE_NVCC, PATH, */
	                           /* /usr/local/cuda/bin/nvcc                  */
	const char *const *extra;  /* -I/-D/-std and pass-through, NULL-ended   */
	const char *lang;          /* "cuda" for -x cu, NULL to let nvcc decide */
	double timeout_s;
	int jobs;                  /* concurrent nvcc runs                      */
	bool keep_preprocessed;    /* fill each unit's pp_hash and deps (cache) */
	bool lineinfo;             /* add -lineinfo (the SASS census's lines)   */
	const char *nvdisasm;      /* non-NULL: SASS census of each cubin with  */
	                           /* this nvdisasm (--sass; sass_run.c)        */
	bool machine_ptx;          /* each kernel's code per source line from   */
	                           /* the PTX nvcc kept (machine.c); with       */
	                           /* nvdisasm (--sass), from the SASS          */
	/* each cubin as read (ka_request.on_cubin); NULL: none */
	void (*on_cubin)(void *arg, const char *file, const char *arch, const void *cubin, size_t len);
	void *on_cubin_arg;
};
/* Compile `file` for each arch (device code only) and append its kernels.
 * Returns KA_EXIT_OK, or KA_EXIT_TOOLCHAIN after printing the compiler's own
 * diagnostics (compile error, missing nvcc, timeout).  When version is not
 * NULL and still NULL, it receives nvcc's version ("13.0.88", malloc'd),
 * asked for alongside the compiles. */
int ka_nvcc_analyze(const char *file, const char *const *archs, int n_archs,
		    const struct ka_nvcc_options *opt, struct ka_diag *d,
		    struct ka_kernel_list *out, char **version);
/* The nvcc that would be used (malloc'd), or NULL. */
char *ka_nvcc_locate(const struct ka_nvcc_options *opt);

/* ---- the machine code per source line (machine.c) ---------------------------
 * `nvdisasm -c -gi` of a -lineinfo cubin: per kernel, per (file, line), the
 * global loads and stores, their widest access and loop depth, calls and
 * shuffles (struct ka_machine in kanalyze/kernel.h). */
struct ka_machine_func {
	char *name;               /* the section's function: the mangled kernel   */
	struct ka_machine m;
};
struct ka_machine_set {
	struct ka_machine_func *v;
	size_t n, cap;
};
/* Read the listing; never fails (what is not understood is skipped). */
void ka_machine_parse(const char *text, size_t len, struct ka_machine_set *set);
/* The same from the PTX nvcc hands ptxas (its .loc lines, -lineinfo):
 * ld/st/atom/red.global, call, shfl, branches; `.func` callees' lines go to
 * every kernel of the text.  Never fails. */
void ka_machine_parse_ptx(const char *text, size_t len, struct ka_machine_set *set);
/* The same from AMDGPU assembly (the HIP compile's .s with
 * -gline-tables-only): global_/buffer_ accesses, s_swappc, ds_bpermute /
 * ds_permute / ds_swizzle / DPP, s_cbranch / s_branch.  With census (--sass
 * on HIP), each function's instructions also as a census (s_nop left out;
 * s_* on the scalar datapath; scratch stores and loads; lines in the file
 * whose base name is main_file's, else in the file of the function's first
 * located instruction; code inlined from other files on line 0), finished
 * by the caller with ka_sass_finish.  Never fails. */
struct ka_sass_set;
void ka_machine_parse_amdgpu(const char *text, size_t len, struct ka_machine_set *set, struct ka_sass_set *census,
			     const char *main_file);
/* Hang each kernel's table (out->v[first..], by mangled name) on it, read
 * from `code`; a kernel the set lacks gets NULL. */
void ka_machine_attach(struct ka_machine_set *set, struct ka_kernel_list *out, size_t first, enum ka_code code);
/* Move the named function's table out of the set (malloc'd), NULL if absent. */
struct ka_machine *ka_machine_set_take(struct ka_machine_set *set, const char *name);
void ka_machine_set_free(struct ka_machine_set *set);
void ka_machine_free(struct ka_machine *m);
/* Run nvdisasm on the cubin and hang each kernel's table (out->v[first..])
 * on its ka_kernel.  A failing nvdisasm warns once and leaves them NULL:
 * the findings are then unchecked, never wrong.  Returns KA_EXIT_OK. */
int ka_machine_cubin(const char *nvdisasm, const char *cubin, double timeout_s, struct ka_diag *d,
		     struct ka_kernel_list *out, size_t first, const char *where);

/* ---- SASS census (nvdisasm text; sass.c, sass_run.c) -------------------------
 * Two nvdisasm listings of one cubin are read: `nvdisasm -c -gi` (the
 * instructions and their source lines, inlining chains included) and
 * `nvdisasm -c -plr -lrm narrow` (the live registers at every instruction).
 * One census per code section, i.e. per kernel with the private device
 * functions ptxas placed in its section.  NOP (alignment padding) is not
 * counted anywhere.  What the parser does not understand is still counted and
 * reported once per kind as "unsupported". */
struct ka_sass_count {
	char *opcode;             /* base mnemonic, before the first dot         */
	long n;
	bool uniform;             /* group UNIFORM of sass_opcodes.def           */
	bool known;               /* in sass_opcodes.def at all                  */
};
struct ka_sass_line {
	int line;                 /* source line in the kernel's file (ka_sass   */
	                          /* .file); 0: none                             */
	long instructions, uniform, vector;
	long local_stores, local_loads;   /* STL, LDL: spills or local arrays   */
	int live;                 /* most live R registers at one instruction of */
	                          /* this line; -1 without life ranges           */
};
struct ka_sass_peak {
	int line, live;
};
struct ka_sass_insn {             /* parser-private: one instruction             */
	unsigned long addr;
	int line, live;
	bool uniform;
	char local;               /* 'S' an STL, 'L' an LDL, 0 neither           */
};
struct ka_sass {
	long instructions;        /* non-NOP                                      */
	long ur_operands;         /* URn operands, URZ excluded (each occurrence) */
	long uniform_instructions;/* group UNIFORM of sass_opcodes.def           */
	long unsupported;         /* unknown opcodes + operand forms (counted)    */
	long uregs;               /* max(uregs_text, uregs_lr): resources.uregs   */
	long uregs_text;          /* highest UR named + 1, pairs/quads counted    */
	long uregs_lr;            /* highest UR column of the life-range table    */
	                          /* that the section touches + 1; -1 without     */
	struct ka_sass_count *ops;   /* sorted by opcode                          */
	size_t n_ops, cap_ops;
	struct ka_sass_line *lines;  /* sorted by line                            */
	size_t n_lines, cap_lines;
	int peak;                 /* peak live R registers; -1 without            */
	struct ka_sass_peak top[3];  /* the lines where it peaks, most live first */
	int n_top;
	struct ka_sass_insn *insns;  /* in address order                          */
	size_t n_insns, cap_insns;
	char *file;               /* the kernel's file as the listing names it,   */
	                          /* the one `lines` are in; NULL: no line info   */
	bool file_main;           /* it is the compiled file (main_file), not a   */
	                          /* header the kernel is defined in              */
};
struct ka_sass_func {
	char *name;               /* the section's function: the mangled kernel   */
	struct ka_sass s;
};
struct ka_sass_set {
	struct ka_sass_func *v;
	size_t n, cap;
};
/* Read `nvdisasm -c -gi` text into one census per code section.  Source
 * lines count only in the kernel's file: `main_file` (compared by base name:
 * the innermost frame of an inlining chain in that file wins), or, for a
 * kernel defined in a header, that header (the outermost frame of the
 * section's first chain); others go to line 0.  NULL main_file: the
 * outermost frame.  Never fails. */
void ka_sass_parse(const char *text, size_t len, const char *main_file, struct ka_sass_set *set,
		   struct ka_diag *d, const char *where);
/* Add the live-register counts of `nvdisasm -c -plr -lrm narrow` text to a
 * set read from the same cubin.  Returns 0, or -EINVAL (with a warning) when
 * the text holds no table kanalyze can read; the set is then unchanged. */
int ka_sass_parse_life_ranges(const char *text, size_t len, struct ka_sass_set *set, struct ka_diag *d,
			      const char *where);
/* Sort the opcode counts, build the per-line table, the peak and its top
 * lines, and uregs.  Call once, after the parse(s). */
void ka_sass_finish(struct ka_sass_set *set);
/* The same census of another ISA's listing (AMDGPU assembly, machine.c):
 * a function begun under its name (its lines in `file`, NULL: none), its
 * instructions added in order -- uniform: on the scalar datapath; local:
 * 'S' a scratch store, 'L' a scratch load, else 0 -- then ka_sass_finish. */
struct ka_sass *ka_sass_set_begin(struct ka_sass_set *set, const char *name, const char *file);
void ka_sass_add(struct ka_sass *s, const char *opcode, int line, bool uniform, char local);
struct ka_sass *ka_sass_set_find(struct ka_sass_set *set, const char *name);
void ka_sass_free(struct ka_sass *s);
void ka_sass_set_free(struct ka_sass_set *set);
/* The opcodes the seed-003 tables group, summed ("UIMAD", "UIADD3", ...). */
long ka_sass_count_of(const struct ka_sass *s, const char *opcode);

/* An NVIDIA tool ("nvdisasm", "cuobjdump"): $env_var (only that, when
 * set), the checkout's pinned wheels (a build-tree kanalyze), beside nvcc,
 * $CUDA_HOME, $CUDA_PATH, /usr/local/cuda, /opt/cuda, PATH, then pip's
 * wheel layout in the site-packages (cuda_tools.c).  Malloc'd path or NULL. */
char *ka_cuda_tool_locate(const char *tool, const char *env_var);
/* nvdisasm through ka_cuda_tool_locate ($KANALYZE_NVDISASM). */
char *ka_nvdisasm_locate(void);
/* Disassemble `cubin` twice, census every kernel out->v[first..] by its
 * mangled name: k->sass (owned by the kernel) and k->res.uregs.  `main_file`
 * is the source path nvcc compiled.  Returns KA_EXIT_OK or KA_EXIT_TOOLCHAIN
 * (nvdisasm failed; message through d).  Missing life ranges only warn. */
int ka_sass_census_cubin(const char *nvdisasm, const char *cubin, const char *main_file, double timeout_s,
			 struct ka_diag *d, struct ka_kernel_list *out, size_t first, const char *where);

/* One device-only compile: a file for one arch, with flags of its own (from
 * a compilation database) before opt->extra.  ka_nvcc_run_units runs any
 * number of them, up to opt->jobs at once, and appends each unit's kernels
 * in unit order.  With opt->keep_preprocessed, nvcc keeps its preprocessed
 * device source (--keep): pp_hash is its XXH3-128 without line markers, deps
 * the headers it read (absolute, sorted) -- the cache's keys. */
struct ka_nvcc_unit {
	const char *file;
	const char *arch;
	const char *const *extra;  /* NULL-ended, may be NULL                   */
	const char *lang;          /* "cuda" or NULL (opt->lang)                */
	int rc;                    /* out: KA_EXIT_OK or KA_EXIT_TOOLCHAIN      */
	size_t first, count;       /* out: its kernels in the output list       */
	char pp_hash[KA_HASH_HEX]; /* out: "" when not known                    */
	char **deps;               /* out: with n_deps; ka_nvcc_unit_fini frees */
	size_t n_deps;
};
int ka_nvcc_run_units(struct ka_nvcc_unit *units, int n, const struct ka_nvcc_options *opt,
		      struct ka_diag *d, struct ka_kernel_list *out, char **version);
void ka_nvcc_unit_fini(struct ka_nvcc_unit *u);
/* Set file and line (the __global__ definition in the source) of the
 * kernels out->v[first..]: for kernels that come from a cache or record. */
void ka_nvcc_set_lines(struct ka_kernel_list *out, size_t first, const char *file);

/* ---- AMD: LLVM kernel-resource-usage remarks (amd_remarks.c) ---------------
 * The text clang prints with -Rpass-analysis=kernel-resource-usage, live or
 * saved elsewhere (a Hygon DTK machine): one record per "Function Name".
 * Counts the text does not state stay KA_UNSET.  Lines of other kinds are
 * skipped; remark keys it does not know are counted and warned about once
 * per key with their location. */
struct ka_amd_remark {
	char *name;             /* the mangled name, as LLVM prints it          */
	char *file;             /* where the remark points (the definition)     */
	int line, col;
	long sgprs, vgprs, agprs, scratch, occupancy, sgpr_spill, vgpr_spill, lds;
	int dynamic_stack;      /* -1 not stated, else 0 / 1                    */
	bool is_kernel;         /* LLVM prints "LDS Size" for kernels only      */
};
struct ka_amd_remarks {
	struct ka_amd_remark *v;
	size_t n, cap;
	int unsupported;        /* remark lines not understood                  */
};
void ka_amd_remarks_parse(const char *text, size_t len, struct ka_amd_remarks *out,
			  struct ka_diag *d, const char *where);
void ka_amd_remarks_free(struct ka_amd_remarks *r);
const struct ka_amd_remark *ka_amd_remarks_find(const struct ka_amd_remarks *r, const char *name);

/* ---- AMD: the assembly's kernel descriptors and metadata (amdgpu_asm.c) ----
 * From clang -S output: the .amdhsa_kernel blocks and the amdhsa.kernels
 * code-object metadata.  Fields not found stay KA_UNSET. */
struct ka_amdgpu_kernel {
	char *name;
	long vgpr_count, sgpr_count, agpr_count, vgpr_spill, sgpr_spill;
	long group_segment, private_segment, max_flat_workgroup, wavefront_size;
	long next_free_vgpr, next_free_sgpr, accum_offset;    /* .amdhsa_* */
	int uses_dynamic_stack;                               /* -1 unknown */
};
struct ka_amdgpu_asm {
	struct ka_amdgpu_kernel *v;
	size_t n, cap;
	char target[64];        /* "gfx90a:xnack-" from .amdgcn_target, or "" */
};
/* 0, or -EINVAL (with a message) when the text has no kernel metadata. */
int ka_amdgpu_asm_parse(const char *text, size_t len, struct ka_amdgpu_asm *out, struct ka_diag *d,
			const char *where);
void ka_amdgpu_asm_free(struct ka_amdgpu_asm *a);
const struct ka_amdgpu_kernel *ka_amdgpu_asm_find(const struct ka_amdgpu_asm *a, const char *name);

/* ---- AMD: the HIP driver (hip.c) -------------------------------------------
 *   clang -x hip --offload-arch=A --cuda-device-only -S -O3
 *         -Rpass-analysis=kernel-resource-usage [ROCm paths] [user flags] FILE
 * one compile per arch (up to jobs at once) in a private temp dir, argv via
 * posix_spawn, with a timeout.  Resources come from the remarks and are
 * cross-checked against the assembly's metadata (which also gives the wave
 * size and the maximum flat workgroup size). */
struct ka_hip_options {
	const char *clang;         /* path or name; NULL: the search order below */
	const char *db_compiler;   /* the compile database entry's compiler      */
	const char *const *extra;  /* -I/-D/-std and pass-through, NULL-ended   */
	double timeout_s;
	int jobs;
	int wave;                  /* 0: the compiler's default, else 32 or 64  */
	/* out, per arch (NULL: not wanted): the exit code of that arch's
	 * compile, and whether it failed because the compiler does not know
	 * the arch (then its error is not printed: the caller says it once) */
	int *arch_rc;
	bool *arch_unknown;
	const char *depfile_dir;   /* non-NULL: -MD -MF DIR/k<i>.d (the cache)  */
	bool machine;              /* -gline-tables-only (the resource remarks  */
	                           /* are unchanged) and each kernel's code per */
	                           /* source line from the .s (machine.c)       */
	bool census;               /* --sass: each kernel's instruction census   */
	                           /* from the same .s (ka_kernel.sass)          */
};
int ka_hip_analyze(const char *file, const char *const *archs, int n_archs,
		   const struct ka_hip_options *opt, struct ka_diag *d,
		   struct ka_kernel_list *out, char **version);
/* The HIP compiler, chosen as a HIP build chooses it:
 *   --clang, $KANALYZE_CLANG (opt->clang first)   the user's word
 *   the compile database entry's compiler          (-p: trusted; a clang
 *                                                   or hipcc, not a g++)
 *   $HIPCXX                                        CMake's convention
 *   $ROCM_PATH, $HIP_PATH: bin/amdclang++, bin/hipcc
 *   /opt/rocm/bin/amdclang++, /opt/rocm/bin/hipcc
 *   hipcc on PATH, then clang-16, clang
 * ka_hip_candidates lists every one found, in that order, without
 * repeats (by real path): the first is the choice, the rest the
 * --clang-fallback order.  Returns how many (at most max). */
struct ka_hip_compiler {
	char *path;                /* as found (malloc'd)                       */
	const char *how;           /* "--clang", "$HIPCXX", "hipcc on PATH" ... */
};
int ka_hip_candidates(const struct ka_hip_options *opt, struct ka_hip_compiler *out, int max);
void ka_hip_candidates_free(struct ka_hip_compiler *c, int n);
/* The same in three steps, so that a caller can spawn many files' compiles
 * at once (ka_spawn_many): prepare (KA_EXIT_OK, or an exit code after a
 * message: nothing to spawn), the argv of arch i, then finish with the
 * n_archs spawn results (kernels into out; arch_rc/arch_unknown filled);
 * free always. */
struct ka_hip_job {
	const char *file;
	const char *const *archs;
	int n_archs, rc;
	const struct ka_hip_options *opt;
	char *cc, *dir, *libdir;   /* private from here on                      */
	bool hipcc;
	struct ka_buf path;
	struct ka_hip_compile *cs;
};
int ka_hip_job_prepare(struct ka_hip_job *j, const char *file, const char *const *archs, int n_archs,
		       const struct ka_hip_options *opt, struct ka_diag *d);
char *const *ka_hip_job_argv(const struct ka_hip_job *j, int i);
int ka_hip_job_finish(struct ka_hip_job *j, struct ka_spawn_result *res, struct ka_diag *d,
		      struct ka_kernel_list *out);
void ka_hip_job_free(struct ka_hip_job *j);
/* "15.0.6" from a `--version` text ("... clang version 15.0.6 ..."). */
char *ka_hip_version_parse(const char *text);
char *ka_hip_locate(const struct ka_hip_options *opt);
/* The ROCm device-library directory clang is given ($ROCM_PATH's, then
 * Debian's and ROCm's usual places), NULL if none. */
char *ka_hip_device_lib_dir(void);
/* "dir/k<i>.d": the dependencies clang wrote (make syntax) as absolute
 * paths, NULL-ended (malloc'd; free each and the vector).  NULL if none. */
char **ka_hip_depfile_read(const char *path, size_t *n);
/* Kernels from a saved remarks log for one arch (--remarks): names, file and
 * line from the remarks; wave size as given (0: the arch's default is left
 * to the caller).  KA_EXIT_OK, or KA_EXIT_USAGE for an unreadable log or one
 * without kernel records. */
int ka_hip_remarks_load(const char *log, const char *arch, int wave, struct ka_diag *d,
			struct ka_kernel_list *out);
/* Fill k (vendor AMD) from a remark record; `md` may be NULL.  Warns when
 * the two disagree (the remark wins). */
void ka_amd_kernel_fill(struct ka_kernel *k, const struct ka_amd_remark *r, const struct ka_amdgpu_kernel *md,
			const char *arch, struct ka_diag *d);

/* ---- a successful compile's warnings, counted (cc_fold.c) -------------------
 * Whether a diagnostic's first line is a warning, and its flag ("-Wunused-
 * result"; "" when it names none); a tally per flag; the one note that says
 * how many were not shown (ka_diag.verbose shows them instead). */
enum { KA_CC_FOLD_FLAGS = 8 };
struct ka_cc_fold {
	char flag[KA_CC_FOLD_FLAGS][48];
	int count[KA_CC_FOLD_FLAGS];
	int n_flags, total;
};
bool ka_cc_warning(const char *p, size_t n, char *flag, size_t size);
void ka_cc_fold_add(struct ka_cc_fold *f, const char *flag);
void ka_cc_fold_report(const struct ka_cc_fold *f, struct ka_diag *d, const char *file);

/* ---- compilation databases (compdb.c) ---------------------------------------
 * The flags of one CUDA/HIP compile that matter for a device-only recompile
 * (compdb.c lists them), paths made absolute against its directory; the
 * architectures it builds for.  */
struct ka_compile_flags {
	char *source;              /* absolute                                  */
	char *lang;                /* "cuda" or "hip"                           */
	char *compiler;            /* argv[0], absolute when it names a path    */
	char **flags;              /* kept flags, NULL-ended                    */
	int n_flags;
	size_t cap_flags;
	char **archs;              /* "sm_90", "gfx90a": from -arch/-gencode/... */
	int n_archs;
	size_t cap_archs;
	bool compiles;             /* -c/-cubin/-ptx/-fatbin/-dc seen           */
};
/* argv[0] is the compiler.  `file` (a database's "file"), or NULL: the one
 * .cu/.cuh/.hip among the arguments.  0, or -1 if this compiles no CUDA/HIP
 * source. */
int ka_compile_flags_from_argv(char *const *argv, int argc, const char *directory, const char *file,
			       struct ka_compile_flags *f);
void ka_compile_flags_free(struct ka_compile_flags *f);
/* Split a "command" string as sh would (quotes, backslashes).  0, or -1 on an
 * unterminated quote. */
int ka_shell_split(const char *cmd, char ***argv, int *argc);

struct ka_compdb {
	struct ka_compile_flags *v;   /* CUDA/HIP entries only, sorted by source, */
	size_t n, cap;                /* one per source (the first one listed)    */
	char digest[KA_HASH_HEX];     /* of the database's bytes and of every
	                                 response file its entries name          */
};
/* path: a compile_commands.json, or a directory holding one.  0, or -1 after
 * a message (exit 2). */
int ka_compdb_load(const char *path, struct ka_compdb *db, struct ka_diag *d);
const struct ka_compile_flags *ka_compdb_find(const struct ka_compdb *db, const char *file);
/* A database built by hand (kanalyze-launch's records): entries added with
 * their language ("cuda", "hip") and kept flags (newline-separated), then sealed (sorted; a file given
 * twice keeps its first entry) before ka_compdb_find. */
void ka_compdb_add(struct ka_compdb *db, const char *source, const char *lang, const char *flags);
void ka_compdb_seal(struct ka_compdb *db);
void ka_compdb_free(struct ka_compdb *db);

/* ---- binaries: what a build produced (binary.c, fatbin.c, fatbin_run.c,
 *      offload_bundle.c, amd_codeobj.c) ---------------------------------------
 * Classified by content, never by name.  Every reader takes bytes and a
 * diagnostics context and appends one ka_kernel per kernel per arch to `out`
 * (file = `where`, or "lib.a(member.o)" for an archive member; line 0;
 * NVIDIA spills KA_UNSET: a cubin does not record them).  Each returns the
 * number of device-code entries it found but could not decode -- every one
 * reported through d as "unsupported" with its offset, once per kind, never
 * dropped in silence -- or -EINVAL for input it cannot read (one error line
 * through d, exit code 2; nothing appended).  Archs keep their variant:
 * sm_90a, sm_100f, gfx90a:xnack-.  Bounded: no read past the input, no
 * entry decompressed past 512 MiB (fatbin) or 1 GiB (bundle). */
enum ka_binary_kind {
#define KA_BINARY_KIND(id, name, what) KA_BINARY_##id,
#include "binary_kinds.def"
#undef KA_BINARY_KIND
};
/* The kind of `data` by content (magic numbers; for a host ELF, its section
 * names).  Cheap, never fails: KA_BINARY_NONE for anything else. */
int ka_binary_sniff(const void *data, size_t len);
/* "cubin", "fatbin", "host-elf", ... (binary_kinds.def); "?" otherwise. */
const char *ka_binary_kind_name(int kind);
/* Any kind ka_binary_sniff knows.  Host ELF: every fatbin of its
 * .nv_fatbin / __nv_relfatbin sections and every bundle of .hip_fatbin (a
 * section may hold several back to back); without them, a note and no
 * kernels.  Archives: each member read as above. */
int ka_binary_read(const void *data, size_t len, const char *where, struct ka_diag *d, struct ka_kernel_list *out);
struct ka_binary_options {
	const char *cuobjdump;     /* non-NULL: fatbin cubins kanalyze cannot    */
	                           /* decode go to ka_fatbin_entry_cuobjdump     */
	double timeout_s;          /* each cuobjdump run                          */
	/* non-NULL: called with each cubin read (its bytes, decoded) once its
	 * kernels are out->v[first..]: the SASS census of --sass on binaries */
	void (*on_cubin)(void *arg, const void *cubin, size_t len, struct ka_kernel_list *out, size_t first,
			 const char *where, struct ka_diag *d);
	void *arg;
	/* non-NULL: a fatbin's cubins of an arch it says no to are not
	 * decoded (--arch: decoding is most of a library's read); their archs
	 * are added to *skipped, space-separated, each once */
	bool (*wanted)(const void *wanted_arg, const char *arch);
	const void *wanted_arg;
	struct ka_buf *skipped;
};
int ka_binary_read_opts(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
			struct ka_diag *d, struct ka_kernel_list *out);

/* NVIDIA fatbins (fatbin.c).  One entry of a container: */
enum ka_fatbin_entry_kind { KA_FATBIN_PTX = 1, KA_FATBIN_ELF = 2, KA_FATBIN_LTO = 8 };
enum ka_fatbin_compression { KA_FATBIN_PLAIN, KA_FATBIN_LZ4, KA_FATBIN_ZSTD, KA_FATBIN_UNKNOWN };
struct ka_fatbin_entry {
	size_t offset;             /* of its header in the bytes walked          */
	size_t container;          /* offset of its container's header           */
	unsigned kind;             /* enum ka_fatbin_entry_kind, or another      */
	unsigned sm;               /* 90                                          */
	char arch[16];             /* "sm_90", "sm_90a", "sm_100f"                */
	unsigned version_major, version_minor;  /* PTX ISA (9.0); ELF (1.8)      */
	uint64_t flags;
	enum ka_fatbin_compression compression;
	const uint8_t *header;     /* header_size bytes, in the walked bytes     */
	size_t header_size;
	const uint8_t *payload;    /* payload_size bytes as stored (padded)      */
	size_t payload_size;
	size_t stored_size;        /* the compressed stream's length             */
	uint64_t uncompressed_size;
};
/* Call fn(entry, arg) for every entry of every container in data
 * (containers back to back, zero padding between them).  A non-zero return
 * of fn stops the walk and is returned.  0, or -EINVAL (with a message) for
 * bytes that are not a fatbin or run past the end. */
int ka_fatbin_walk(const void *data, size_t len, const char *where, struct ka_diag *d,
		   int (*fn)(const struct ka_fatbin_entry *e, void *arg), void *arg);
/* The entry's payload decoded into out (an LZ4 block or a zstd frame, to
 * exactly uncompressed_size bytes).  0; -ENOTSUP for a compression kanalyze
 * does not know (no message); -EINVAL / -EFBIG with a message. */
int ka_fatbin_entry_decode(const struct ka_fatbin_entry *e, const char *where, struct ka_diag *d,
			   struct ka_buf *out);
const char *ka_fatbin_compression_name(int compression);    /* "zstd" */
/* Every cubin entry through ka_cubin_read, named by its entry's arch; a
 * note for each arch that has PTX (or LTO IR) but no cubin in a container:
 * "no SASS for sm_120 (PTX ISA 9.0)". */
int ka_fatbin_read(const void *data, size_t len, const char *where, struct ka_diag *d, struct ka_kernel_list *out);
int ka_fatbin_read_opts(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
			struct ka_diag *d, struct ka_kernel_list *out);
/* The fallback (fatbin_run.c): the entry written as a one-entry fatbin into
 * a private temp dir, extracted there by `env -C DIR CUOBJDUMP -xelf all`
 * (an argv, never a shell, killed after timeout_s), each cubin read with
 * ka_cubin_read under the entry's arch.  KA_EXIT_OK, or KA_EXIT_TOOLCHAIN
 * with a message. */
int ka_fatbin_entry_cuobjdump(const char *cuobjdump, const struct ka_fatbin_entry *e, double timeout_s,
			      const char *where, struct ka_diag *d, struct ka_kernel_list *out);
/* $KANALYZE_CUOBJDUMP (only that, when set), the pinned wheel beside
 * ka_nvdisasm_locate()'s nvdisasm, PATH, /usr/local/cuda/bin.  Malloc'd. */
char *ka_cuobjdump_locate(void);

/* AMD code objects (amd_codeobj.c): one kernel per amdhsa.kernels entry of
 * the NT_AMDGPU_METADATA note, filled as hip.c fills a kernel from clang's
 * remarks: vgprs = .vgpr_count (on gfx90a/gfx94x/gfx950 with AGPRs in use,
 * the accumulation offset: VGPRs rounded up to 4), sgprs = .sgpr_count,
 * agprs on targets that have them, lds, scratch, wave_size, max_threads =
 * .max_flat_workgroup_size.  The kernel descriptors (<name>.kd) cross-check
 * the counts (a warning when they disagree). */
int ka_amd_codeobj_read(const void *data, size_t len, const char *where, struct ka_diag *d,
			struct ka_kernel_list *out);

/* Clang offload bundles (offload_bundle.c), plain or compressed (CCOB v1-3,
 * zlib or zstd), several back to back: each AMD code object entry (and any
 * cubin) read; bitcode entries (-fgpu-rdc) get a note; the host entry is
 * skipped. */
int ka_offload_bundle_read(const void *data, size_t len, const char *where, struct ka_diag *d,
			   struct ka_kernel_list *out);
/* The plain bundle a CCOB at data holds, into out; *consumed (may be NULL):
 * the CCOB's own length.  0, or -EINVAL with a message. */
int ka_offload_bundle_decompress(const void *data, size_t len, const char *where, struct ka_diag *d,
				 struct ka_buf *out, size_t *consumed);

/* ---- Nsight Compute exports (ncu_export.c, ncu_run.c) ------------------------
 * What ncu measured, read from its CSV exports (kanalyze verify --profile):
 *   ncu -i REP --page source --csv --print-source cuda,sass
 *     per kernel a "File Path" row, a "Function Name" row and a table whose
 *     header row ("Line No","Source","Address","Source",...) names its own
 *     columns; a source line's row carries the line's totals, the SASS rows
 *     after it (repeated once more after a "..." row) its instructions.
 *     Every field is quoted, a quote inside one is not doubled (a line of
 *     inline asm: "asm("mov.u32 %0, %%laneid;" : "=r"(x));"), and every
 *     row has its table's header's fields: a row that cannot be read so is
 *     left out with a warning naming it;
 *   ncu -i REP --page details --csv
 *     one row per metric per launch ("ID","Kernel Name","Block Size",...,
 *     "Section Name","Metric Name","Metric Unit","Metric Value").
 * Numbers may carry thousands separators ("262,144").  Paths are those of
 * the machine that built the program; kernel names are ncu's demangling
 * ("copy(const float *, float *, int)"; ka_ncu_name_key compares them with
 * c++filt's); a byte of a name, path or opcode that is no UTF-8 is kept as
 * '?'.  -1 (or < 0) is unknown throughout. */
struct ka_ncu_access {            /* the global or shared memory instructions of one kind at a line */
	char opcode[32];              /* "LDG.E", "LDS": the mnemonic, no predicate */
	char op[16];                  /* "load", "store", "atomic", ... (Access Operation) */
	bool shared;                  /* Address Space "Shared"; else "Global" */
	int bits;                     /* Access Size; 0 unknown */
	long long executed;           /* warp-level executions, its instructions summed */
	long long sectors, excessive; /* global: L2 Theoretical Sectors Global (+ Excessive) */
	long long wavefronts, ideal_wavefronts;   /* shared: L1 Wavefronts Shared (+ Ideal) */
};
/* The shared-memory and branch columns (L1 Wavefronts Shared, its Ideal, L1
 * Conflicts Shared N-Way, Divergent Branches) are read where the table has
 * them, by their labels or their metric names (memory_l1_wavefronts_shared,
 * memory_l1_wavefronts_shared_ideal, derived__memory_l1_conflicts_shared_nway,
 * smsp__branch_targets_threads_divergent); unknown (-1) where it has not.
 * The SourceCounters section collects them; ncu writes a column for a
 * kernel that has instructions it counts (the H200 export: Divergent
 * Branches in the table of the kernel with a loop, N-Way in every one). */
struct ka_ncu_line {
	const char *kernel;           /* interned: ka_ncu_profile.kernels */
	const char *file;             /* interned: ka_ncu_profile.files   */
	int line;
	long long sectors;            /* L2 Theoretical Sectors Global: 32-byte sectors requested */
	long long excessive, ideal;   /* beyond the ideal; the ideal */
	long long executed;           /* Instructions Executed (warp level), the line's */
	long long wavefronts, ideal_wavefronts;   /* L1 Wavefronts Shared, and its Ideal */
	double nway;                  /* L1 Conflicts Shared N-Way (tables: weighted by wavefronts) */
	long long divergent;          /* Divergent Branches: divergent branch targets */
	long long local_executed;     /* its local-memory instructions (LDL, STL): warp-level executions */
	struct ka_ncu_access *access; /* its global and shared loads and stores, by kind */
	size_t n_access, cap_access;
	/* the reader's: the table that last gave this line's totals, the
	 * instruction addresses seen in it (the SASS rows come twice), and the
	 * weight of nway so far */
	int table;
	unsigned long long *addr;
	size_t n_addr, cap_addr;
	double nway_weight;
};
struct ka_ncu_launch {            /* one launch configuration of a kernel (details page) */
	const char *kernel;           /* interned */
	int block[3], grid[3];
	char cc[16];                  /* compute capability, "9.0"; "" unknown */
	long regs;                    /* Registers Per Thread */
	long static_smem, dynamic_smem;   /* bytes per block */
	bool smem_rounded;            /* given in Kbyte with two decimals: +-5 bytes */
	long block_limit_regs;        /* Occupancy: Block Limit Registers */
	double theoretical, achieved; /* Occupancy, percent (achieved: mean of the launches) */
	int launches;                 /* how many launches had this configuration */
	int achieved_n;               /* reader's: launches with an achieved value */
};
struct ka_ncu_profile {
	char **kernels, **files;      /* interned names, in order of appearance */
	size_t n_kernels, n_files, cap_kernels, cap_files;
	struct ka_ncu_line *lines;    /* per (kernel, file, line), in order of appearance */
	size_t n_lines, cap_lines;
	size_t *slot;                 /* reader's index of lines (index + 1; 0 empty) */
	size_t n_slots;
	struct ka_ncu_launch *launches;   /* in order of first launch */
	size_t n_launches, cap_launches;
	int tables;                   /* source tables read */
	int skipped;                  /* rows left out, each warned about */
};
/* Add one export to p (p zeroed first, or holding the other export).  A
 * table's lines are summed with the same kernel's other tables (launches).
 * 0, or -EINVAL with one message naming the row (an empty input, a data row
 * before any table header, a quote left open at the end, a header without
 * the columns that say what it is); a value that is not a number is
 * warned about once per column and left unknown; a row that cannot be read
 * (not its table's fields, a source page's text mended or not) is left out
 * with one warning naming it and why, the rest read. */
int ka_ncu_source_read(const char *text, size_t len, const char *where, struct ka_ncu_profile *p,
		       struct ka_diag *d);
int ka_ncu_details_read(const char *text, size_t len, const char *where, struct ka_ncu_profile *p,
			struct ka_diag *d);
void ka_ncu_profile_free(struct ka_ncu_profile *p);
const struct ka_ncu_line *ka_ncu_line_find(const struct ka_ncu_profile *p, const char *kernel, const char *file,
					   int line);
/* The global sectors of a kernel's lines, summed (-1: none known). */
long long ka_ncu_kernel_sectors(const struct ka_ncu_profile *p, const char *kernel);
/* ncu's Registers Per Thread (launch__registers_per_thread) beside ptxas's
 * count.  ncu shows the count the launch runs with, which a tool may raise
 * (the CUDA toolkit's cuda_occupancy.h, cudaOccFuncAttributes.numRegs: "When
 * the function is launched on device, the register count may change due to
 * internal tools requirements"): the H200 export of testdata/profile/ shows
 * 16 for kernels ptxas gives 10 and 31 for one it gives 31 (not rounded), so
 * a launch under ncu gets at least KA_NCU_MIN_REGS.  Registers are allocated
 * per warp in units of the arch's allocation unit (256 on every NVIDIA arch
 * kanalyze knows: 8 per thread; cuda_occupancy.h's
 * cudaOccRegAllocationGranularity, occupancy/nvidia_archs.def), so two
 * counts agree when the launch would allocate the same for both.  Worked,
 * with 8 per thread:
 *
 *   ptxas  ncu  allocated (ptxas / ncu)  verdict
 *       8   16  16 / 16                  same allocation
 *      10   16  16 / 16                  same allocation  (recorded: copy)
 *      31   31  32 / 32                  equal            (recorded: column_sum)
 *      31   32  32 / 32                  same allocation
 *      31   40  32 / 40                  differ
 *
 * A floor of 16 never limits occupancy: 16 x 2048 threads is half of any
 * SM's 64 Ki registers. */
enum { KA_NCU_MIN_REGS = 16 };
enum ka_ncu_regs { KA_NCU_REGS_EQUAL, KA_NCU_REGS_SAME_ALLOCATION, KA_NCU_REGS_DIFFER };
/* The registers per thread a launch under ncu allocates for `regs`: at
 * least KA_NCU_MIN_REGS, rounded up to `unit` (registers per thread the
 * allocation unit is: the arch's per-warp unit / 32; < 1 as 1).  -1 for an
 * unknown (negative) count. */
long ka_ncu_regs_allocated(long regs, int unit);
enum ka_ncu_regs ka_ncu_regs_compare(long ptxas, long ncu, int unit);

/* A demangled signature in one spelling: no blanks, const/volatile after
 * the type they qualify, no leading "void ": "copy(const float *, float *,
 * int)" and "copy(float const*, float*, int)" both give
 * "copy(float const*,float*,int)".  Into out (reset first). */
void ka_ncu_name_key(const char *name, struct ka_buf *out);

/* Running ncu (ncu_run.c): $KANALYZE_NCU (only that, when set), PATH,
 * /usr/local/cuda/bin/ncu.  Malloc'd, or NULL. */
char *ka_ncu_locate(void);
/* Profile `program` (argv, NULL-ended) under ncu into a private temp dir
 * (--section SourceCounters, LaunchStats, Occupancy; sources imported) and
 * export both pages into out->source and out->details.  When nothing could
 * be profiled (ncu cannot start, fails, writes no report: no GPU, no
 * permission, no kernel launched) out->ran is false and out->why says why;
 * KA_EXIT_OK then.  KA_EXIT_TOOLCHAIN when an export of a written report
 * fails.  Every step an argv (posix_spawn) killed after timeout_s. */
struct ka_ncu_run {
	bool ran;
	char why[512];
	struct ka_buf source, details;
	char *version;                /* "2025.3.1.0", or NULL */
};
int ka_ncu_profile_program(const char *ncu, char *const *program, double timeout_s, struct ka_ncu_run *out,
			   struct ka_diag *d);
void ka_ncu_run_free(struct ka_ncu_run *r);

#endif
