/* kanalyze.h — libkanalyze, the library behind the command line (lib/).
 *
 * A caller fills a ka_request (inputs, archs, compiler arguments, launch
 * parameters, what-ifs, cache, tools) and calls ka_analyze(): each input is
 * classified to a frontend (CUDA source, HIP source, saved AMD remarks,
 * launcher records), compiled or read per architecture (cache, -j), modelled
 * by its vendor's ops, joined with the source uniformity analysis, and
 * handed back as a ka_result that the writers (report/) read.  Messages go
 * to the caller's ka_diag; nothing here parses argv or writes stdout.
 *
 * Also here: the vendor table, the architecture list parser, the baseline
 * (read, write, compare) and launcher records, which the command line,
 * kanalyze-launch and the tests share. */
#ifndef KANALYZE_H
#define KANALYZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "kanalyze/result.h"

/* kanalyze's internals, named here only through pointers: core.h (messages,
 * buffers), occupancy.h (the architecture rows), frontends.h (kernel lists),
 * analyzer.h (its options). */
struct ka_diag;
struct ka_buf;
struct ka_arch;
struct ka_nv_arch;
struct ka_kernel_list;
struct ka_analyzer_options;

#define KA_VERSION "0.1.0"

/* ---- the resource fields (lib/resources.c) --------------------------------------
 * The table behind generic readers and writers: key, offset, who has it. */
enum ka_resource_vendor { KA_RES_NVIDIA = 1, KA_RES_AMD = 2, KA_RES_BOTH = 3 };
struct ka_resource_field {
	const char *key;
	size_t offset;               /* of the long in struct ka_resources */
	enum ka_resource_vendor vendor;
	bool baseline;
	const char *what;
};
extern const struct ka_resource_field ka_resource_fields[];
extern const int ka_resource_count;
static inline long *ka_resource_at(struct ka_resources *r, int i)
{
	return (long *)((char *)r + ka_resource_fields[i].offset);
}
static inline long ka_resource_get(const struct ka_resources *r, int i)
{
	return *(const long *)((const char *)r + ka_resource_fields[i].offset);
}

/* ---- vendors -----------------------------------------------------------------
 * Hardware differences as data and ops: the pipeline and the writers ask the
 * kernel's vendor, never test which vendor it is. */
enum { KA_VENDOR_COUNT = 2 };
struct ka_model_params {          /* the launch asked for, per run       */
	long block;                   /* --block, 0: per kernel              */
	long smem;                    /* --smem: dynamic shared memory / LDS */
	long smem_per_thread;
	long sms;                     /* SMs or CUs of the device, 0 unknown */
	int wave;                     /* --wave32/--wave64, 0: the arch's    */
	int warn_cliff;
};
struct ka_what_spec;
struct ka_kernel_list;
struct ka_analyzer_options;
struct ka_model_memo;              /* the session's: results of launches seen (lib/memo.c) */
struct ka_vendor_ops {
	enum ka_vendor id;
	const char *name;                 /* "nvidia", "amd"                 */
	const char *reg_unit;             /* "registers", "VGPRs"            */
	const char *default_arch;         /* "sm_90", "gfx90a"               */
	const char *inputs;               /* what it compiles, for messages  */
	/* the model row of `arch` ("sm_90a", "gfx90a:xnack-"), or NULL */
	const void *(*arch_find)(const char *arch);
	/* can this build compile for it (CUDA 13 cannot for sm_72 and older) */
	bool (*analysable)(const char *arch);
	/* a shared memory size (--smem, a config's launch: `what` names it)
	 * over the arch's per-block limit: 0, or -1 after a message */
	int (*check_smem)(const char *arch, long smem, const char *what, struct ka_diag *d);
	/* occupancy, cliffs, best blocks and launch advice for one kernel;
	 * variants: the recompiled kernels of each what-if (or NULL) */
	void (*model)(struct ka_kernel_result *kr, const struct ka_kernel *k, const struct ka_model_params *p,
		      const struct ka_what_spec *specs, int n_specs, const struct ka_kernel_list *variants,
		      struct ka_model_memo *memo, struct ka_diag *d);
	/* the source analysis to run for a kernel of this arch */
	void (*analyzer_options)(const char *arch, int wave, struct ka_analyzer_options *o);
};
extern const struct ka_vendor_ops *const ka_vendors[KA_VENDOR_COUNT];
/* The vendor whose model knows `arch`, or NULL. */
const struct ka_vendor_ops *ka_vendor_of_arch(const char *arch);

/* Parse an --arch list of either vendor; `spelled` receives each name as
 * given ("gfx90a:xnack-", "sm_90a").  analysable_only refuses NVIDIA archs
 * CUDA 13 cannot compile for.  Count, or -1 after a message. */
enum { KA_MAX_ARCHS = 32 };
int ka_arch_list_parse(const char *list, bool analysable_only, struct ka_arch *out, char (*spelled)[32], int cap,
		       struct ka_diag *d);
/* The same for NVIDIA only (the NVIDIA calculator, plot). */
int ka_nv_arch_list_parse(const char *list, bool analysable_only, const struct ka_nv_arch **out, int cap,
			  struct ka_diag *d);

/* ---- the request ---------------------------------------------------------------- */
/* REGS and WAVES recompile (NVIDIA: -maxrregcount; AMD: the
 * amdgpu_num_vgpr / amdgpu_waves_per_eu kernel attributes, lib/fe_hip_whatif.c);
 * BLOCK and SMEM ("lds=" on AMD) re-run the model only. */
enum ka_what_kind { KA_WHAT_REGS, KA_WHAT_BLOCK, KA_WHAT_SMEM, KA_WHAT_WAVES };
struct ka_what_spec {
	enum ka_what_kind kind;
	long value;
	char text[32];
	/* regs=N over the kernels' own caps too: __launch_bounds__ yields to
	 * the flag (ptxas --override-directive-values); the spill what-if's */
	bool override_bounds;
};
/* "regs=N", "waves=W", "block=B", "smem=S" or "lds=S": 0, or -1 after a message. */
int ka_what_spec_parse(const char *text, struct ka_what_spec *out, struct ka_diag *d);

/* The config file's "launch" entries: kernels whose demangled name (with or
 * without its parameter list) matches the glob are modelled at this block
 * and, when given, this dynamic shared memory. */
struct ka_launch_rule {
	const char *kernel;           /* fnmatch(3) glob                       */
	int block[3];
	long smem;                    /* -1: not given (--smem's)              */
};

enum ka_input_mode {
	KA_INPUTS_FILES,              /* sources (and -p's database)          */
	KA_INPUTS_RECORDS,            /* kanalyze-launch record directories   */
};

struct ka_request {
	enum ka_input_mode mode;
	const char *const *inputs;    /* files, or record directories         */
	int n_inputs;
	const char *lang;             /* -x: "cuda", "hip", or NULL (by name) */
	const char *archs;            /* --arch list, NULL: the inputs' vendor default */
	const char *compdb;           /* -p: compile_commands.json or its dir */
	const char *remarks;          /* --remarks: a saved AMD remarks log   */
	const char *const *cc_args;   /* -I/-D/-std and after --, NULL-ended  */
	struct ka_model_params launch;
	const struct ka_launch_rule *launch_rules;   /* the config's, first match wins */
	int n_launch_rules;
	const struct ka_what_spec *what_ifs;
	int n_what_ifs;
	bool cache;                   /* the result cache (default on)        */
	bool sass;                    /* the SASS census (NVIDIA)             */
	bool trust_records;           /* report: read record directories and
	                                 files that are not the user's      */
	bool source_text;             /* keep the source lines the per-line
	                                 views show (ka_result.sources)      */
	bool uniformity;              /* the libclang analysis                */
	int jobs;                     /* concurrent compiles                  */
	double timeout_s;
	const char *nvcc, *clang;     /* tools; NULL: found as documented     */
	/* Each cubin a compile of a CUDA source produced, as it was read
	 * (verify hands it to the driver: one compile per file).  A cache hit
	 * compiles nothing: set .cache false to see every one.  Called on the
	 * thread that reads the compiles, one at a time; NULL: none. */
	void (*on_cubin)(void *arg, const char *file, const char *arch, const void *cubin, size_t len);
	void *on_cubin_arg;
	bool clang_fallback;          /* an arch the HIP compiler cannot build: the next one's */
};

/* A request for `inputs` as `kanalyze FILE...` makes it with no option:
 * files, the inputs' own archs, one job, a 300 s timeout, the result cache
 * and the source analysis on, everything else off.  Every caller starts
 * from it and changes what it needs. */
void ka_request_init(struct ka_request *req, const char *const *inputs, int n_inputs);

/* Run the analysis.  Returns the worst exit code (KA_EXIT_OK, _USAGE for
 * bad inputs, _TOOLCHAIN for compile failures); whatever could be analysed
 * is in `out` even then.  Free with ka_result_free. */
int ka_analyze(const struct ka_request *req, struct ka_diag *d, struct ka_result *out);
/* The architecture ka_analyze compiles req's inputs for when req->archs is
 * NULL: the default of the vendor every input (or the remarks log) belongs
 * to, sm_90 when they mix or name none (binaries name their own). */
const char *ka_default_arch(const struct ka_request *req);
/* The vendor whose source `path` is as ka_analyze would classify it (by
 * its name, or -x lang): NULL for a binary or what no frontend claims. */
const struct ka_vendor_ops *ka_input_source_vendor(const char *path, const char *lang);
/* Whether a word after "--" names an input rather than a compiler argument:
 * a file kanalyze takes without -x (a source by its name, a binary by its
 * first bytes); a word that starts with '-' only when such a regular file
 * exists (so "-DN=8" stays the compiler's, a file "--config=x.cu" is an
 * input). */
bool ka_input_named(const char *path);
/* Whether the machine code contradicts kernel result kr's i-th finding
 * (lib/ground.c): the writers leave such a finding out; JSON keeps it. */
bool ka_finding_contradicted(const struct ka_kernel_result *kr, size_t i);
/* The level kr's i-th finding is shown at: 0 info, 1 note, 2 warning -- its
 * rule's severity, but an access warning whose estimated cost is under 5 %
 * of its kernel's global sectors is info (lib/ground.c). */
int ka_finding_shown_level(const struct ka_kernel_result *kr, size_t i);
/* "confirmed", "contradicted"; NULL for unchecked (JSON null). */
const char *ka_verdict_name(enum ka_machine_verdict v);
void ka_result_free(struct ka_result *r);
/* Line `line` (1-based) of source `path` as the result holds it
 * (ka_request.source_text), without its newline: *len bytes, not
 * NUL-terminated; NULL when the result has no such line. */
const char *ka_source_line(const struct ka_result *r, const char *path, int line, size_t *len);
/* Kernel result kr's memory accesses as the machine model evaluates them
 * at another launch: a block of block[0] x block[1] x block[2] threads in a
 * grid of grid[] blocks (zeros: the model's default), as Nsight Compute saw
 * it launched.  NULL when the model has no code for it or cannot read it.
 * Free with ka_mach_result_free (machine/machine.h), then free(). */
struct ka_mach_result *ka_accesses_at(const struct ka_kernel_result *kr, const int block[3], const int grid[3]);
/* How many lines the result holds of `path` (0: none). */
int ka_source_lines(const struct ka_result *r, const char *path);
/* Kernel result kr's kernel modelled at another launch: a block of
 * block[0] x block[1] x block[2] threads with `smem` bytes of dynamic shared
 * memory, as --block and --smem model every kernel (its vendor's ops; no
 * what-ifs, no cliff warning).  out: kr's kernel, analysis and source with
 * that launch's occupancy, limiter, cliffs and best blocks; it owns nothing
 * (no ka_result_free). */
void ka_model_at(const struct ka_kernel_result *kr, const int block[3], long smem, struct ka_kernel_result *out,
		 struct ka_diag *d);

/* ---- baseline (lib/baseline.c): one entry per (file, arch, kernel) ----------- */
enum ka_regression {
#define KA_REGRESSION(e, id, name, level, what) KA_REG_##e,
#include "kanalyze/regressions.def"
#undef KA_REGRESSION
	KA_REG_COUNT
};
struct ka_regression_rule {
	const char *id, *name, *level, *what;
};
extern const struct ka_regression_rule ka_regression_rules[KA_REG_COUNT];

struct ka_bl_entry {
	char *file;                   /* relative to the project root          */
	char *arch, *name, *mangled;
	char *launch;                 /* a launch site's: "1024x1x1+0" (block shape,
	                                 dynamic smem), one entry per distinct launch
	                                 of the kernel; NULL for any other source */
	int line, block, blocks_per_sm;
	struct ka_resources res;      /* the baseline fields of resources.def  */
	long smem_dynamic;
	double occupancy;
};
/* A finding as the baseline keeps it.  Its identity is (rule, kernel,
 * context): the kernel's mangled name with nvcc's path hash ignored and
 * the text of the finding's line with its white space collapsed, so a
 * finding moved by lines added above it, or a file renamed, is the same
 * finding; file and line only say where it is. */
struct ka_bl_finding {
	char *rule;                   /* "KA107"                               */
	char *mangled;
	char *context;                /* the line's text, "" when unreadable   */
	char *file;                   /* relative to the project root          */
	char *kernel;                 /* demangled, for the message            */
	int line;
	int level;                    /* shown at: 0 info, 1 note, 2 warning   */
};
struct ka_bl {
	struct ka_bl_entry *v;
	size_t n, cap;
	char *nvcc;
	struct ka_bl_finding *f;      /* sorted by identity, no duplicates     */
	size_t nf, capf;
	bool has_findings;            /* false: a baseline written before they
	                                 were kept (no findings gate)          */
};
enum ka_change { KA_CH_REGRESSION, KA_CH_IMPROVED, KA_CH_CHANGED, KA_CH_ADDED, KA_CH_REMOVED };
struct ka_bl_change {
	enum ka_change what;
	unsigned kinds;               /* bits (1u << enum ka_regression)       */
	const struct ka_bl_entry *old, *cur;   /* old NULL: added; cur NULL: removed */
};
struct ka_bl_compare {
	struct ka_bl_change *v;
	size_t n, cap;
	int count[KA_CH_REMOVED + 1];
	int unchanged, not_analysed;
	/* findings of this run the baseline does not have (with
	 * findings_compared: the baseline keeps findings), pointing into cur;
	 * one on an edited line is not new while the kernel had a finding of
	 * its rule the run no longer has */
	const struct ka_bl_finding **new_findings;
	size_t n_new, cap_new;
	int new_warnings;             /* of them, shown as warnings            */
	bool findings_compared;
};
void ka_bl_from_result(const struct ka_result *r, const char *root, struct ka_bl *out);
int ka_bl_write(const struct ka_bl *b, const char *path, struct ka_diag *d);
int ka_bl_read(const char *path, struct ka_bl *b, struct ka_diag *d);
void ka_bl_compare(const struct ka_bl *old, const struct ka_bl *cur, const struct ka_analysed *done,
		   const char *root, struct ka_bl_compare *out);
void ka_bl_compare_free(struct ka_bl_compare *c);
/* Both sides carry ptxas's spill bytes (a source analysis); false for a
 * binary's entry, whose spill evidence is its frame and STL/LDL count. */
bool ka_bl_spill_bytes_known(const struct ka_bl_entry *o, const struct ka_bl_entry *c);
void ka_bl_free(struct ka_bl *b);
/* A baseline whose files are relative to `from` renamed as a run rooted at
 * `root` names them (ka_relpath), re-sorted: a baseline made in another
 * tree (--base's copy of a revision) compared with this one's files. */
void ka_bl_rebase(struct ka_bl *b, const char *from, const char *root);
/* `file` as the baseline names it: relative to root when under it, else
 * absolute; '/'-separated, no "./".  malloc'd. */
char *ka_relpath(const char *root, const char *file);
/* Kernel identity across checkouts: nvcc names kernels of an anonymous
 * namespace (and static ones under -rdc) _GLOBAL__N__<hash>_... /
 * _INTERNAL_<hash>_..., the hash taken from the file's path.  Compares two
 * mangled names with those eight hex digits ignored (strcmp's sign
 * otherwise); path_derived says whether a name carries one. */
int ka_mangled_cmp(const char *a, const char *b);
bool ka_mangled_path_derived(const char *mangled);

/* ---- records (lib/records.c): kernels <-> JSON ----------------------------------
 * The result cache's entries ("kanalyze_cache") and kanalyze-launch's
 * records ("kanalyze_record"); anything else is refused, never half-read. */
char *ka_kernels_json(const struct ka_kernel *v, size_t n, const char *kind, const char *file,
		      const char *nvcc_version);
char *ka_record_json(const struct ka_kernel *v, size_t n, const char *file, const char *const *archs,
		     int n_archs, const char *const *flags, int n_flags, const char *nvcc_version);
int ka_kernels_from_json(const char *text, size_t len, const char *kind, const char *file,
			 struct ka_kernel_list *out, char **nvcc_version, char **record_file);

#endif
