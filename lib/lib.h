/* lib.h — libkanalyze's private interfaces (lib/ only; the public one is
 * include/kanalyze/kanalyze.h).
 *
 * The session (session.c) classifies each input to a frontend -- one row of
 * the table in inputs.c, like dwarves' debug_fmt_ops -- and runs it:
 *   per-file frontends compile (file x arch) units, batched by the pipeline
 *   (pipeline.c: inputs from the command line or -p, up to -j at once);
 *   whole-run frontends (saved remarks, launcher records) load their kernels.
 * A new input kind is one fe_*.c file and one row of that table. */
#ifndef KANALYZE_LIB_H
#define KANALYZE_LIB_H

#include "analyzer.h"
#include "core.h"
#include "frontends.h"
#include "kanalyze/kanalyze.h"
#include "occupancy.h"

/* One compile: a file for one architecture (as spelled: "sm_90a",
 * "gfx90a:xnack-"), with the compile database's flags when it has them. */
struct ka_unit {
	const char *file;
	const char *arch;
	const struct ka_compile_flags *cf;   /* NULL: the command line's flags */
	const struct ka_frontend *fe;
	int rc;                              /* out: KA_EXIT_OK or an exit code */
};

/* What a frontend reads and writes while it runs. */
struct ka_run {
	const struct ka_request *req;
	const char *const *inputs;           /* req's files less the fragments */
	int n_inputs;                        /* of another (fragments.c)      */
	const struct ka_fragments *fragments;
	const char *nvdisasm;                /* --sass: the SASS census's tool */
	bool machine;                        /* NVIDIA sources: keep each kernel's code
	                                        per line (the PTX nvcc kept; the SASS
	                                        with --sass) to check the findings  */
	bool cache;                          /* the result caches are on (not with --sass) */
	struct ka_kernel_list *out;          /* kernels found, any order      */
	struct ka_analysed *done;            /* (file, arch) read completely  */
	char *nvcc_version, *clang_version;  /* malloc'd, NULL if unknown     */
	char *hip_compiler;                  /* the HIP compiler chosen (malloc'd) */
	/* the run's archs of each vendor, as spelled */
	const char *archs[KA_VENDOR_COUNT][KA_MAX_ARCHS];
	int n_archs[KA_VENDOR_COUNT];
	bool archs_given;                    /* --arch (else the database's)  */
	char spelled[KA_MAX_ARCHS][32];      /* the storage behind archs      */
	struct ka_kinds *kinds;              /* each input's frontend, decided once (inputs.c) */
	struct ka_compdb *recorded;          /* report: each recorded source's flags (fe_records.c),
	                                        for its launch sites and kernels' lines */
};

struct ka_frontend {
	const char *name;                    /* "cuda-source", ...            */
	const struct ka_vendor_ops *vendor;      /* whose archs it compiles for; NULL: its kernels say
	                                      * (one unit per file, arch NULL: every arch in it) */
	bool has_source;                     /* lines and uniformity come from a source file */
	const char *suffix;                  /* its files, for messages: ".cu" */
	const char *no_arch;                 /* the error when the run has no arch for it */
	/* Does this frontend take `path`?  lang: -x, or the database's; cf may
	 * be NULL.  Asked in table order; the first that claims it wins. */
	bool (*claims)(const char *path, const char *lang, const struct ka_compile_flags *cf);
	/* Per-file frontends: compile the units (all of this frontend), fill
	 * each unit's rc, add kernels and analysed pairs.  The worst exit code. */
	int (*compile)(struct ka_unit *units, int n, struct ka_run *run, struct ka_diag *d);
	/* Whole-run frontends (compile NULL): read req's inputs or log. */
	int (*load)(struct ka_run *run, struct ka_diag *d);
	/* --what-if regs=N or waves=W: recompile `file` with the request into
	 * out (a kind the frontend cannot ask its compiler for: a note, out
	 * left empty, the variant reported failed); NULL when the frontend
	 * cannot recompile at all.  Exit code. */
	int (*recompile_capped)(const char *file, const struct ka_what_spec *w, struct ka_run *run,
				struct ka_diag *d, struct ka_kernel_list *out);
};

/* inputs.c: the table, and the one classifier. */
extern const struct ka_frontend ka_fe_cuda, ka_fe_hip, ka_fe_binary, ka_fe_unclaimed, ka_fe_remarks, ka_fe_records;
/* The per-file kinds, in the order they are asked (and compiled): */
extern const struct ka_frontend *const ka_input_kinds[];
extern const size_t ka_input_kind_count;
/* The frontend of `path` (-x or the database's language lang; cf may be
 * NULL): the first row of ka_input_kinds that claims it, decided once per
 * (path, language) in run->kinds and remembered (a binary is known by its
 * first bytes: one read, not one per question). */
const struct ka_frontend *ka_input_classify(struct ka_run *run, const char *path, const char *lang,
					    const struct ka_compile_flags *cf);
/* The kind a file of the run was compiled as: its classification with its
 * compile database entry when the pipeline made one (a database's
 * `-x cu` for a .cpp), else by its name and -x.  For what runs after the
 * compiles (what-ifs). */
const struct ka_frontend *ka_input_decided(struct ka_run *run, const char *path, const char *lang);
void ka_kinds_free(struct ka_run *run);
/* 0, or -1 after "no such file" / "is a directory" / "not readable". */
int ka_input_check(const char *file, const char *what_dir, struct ka_diag *d);
/* fragments.c: which of req's inputs are source files that another input
 * #includes ("fragments"; the pipeline compiles them through it). */
struct ka_fragments {
	const char **kept;                   /* the inputs that are no fragment */
	int n_kept, n_dropped;
	int *by;                             /* per input: the input that includes it, -1: kept */
};
void ka_fragments_find(struct ka_run *run, struct ka_fragments *out);
void ka_fragments_free(struct ka_fragments *f);

/* pipeline.c: every (file, arch) unit of the per-file frontends, from the
 * command line's files or -p's database, compiled frontend by frontend. */
int ka_pipeline_run(struct ka_run *run, struct ka_diag *d);

/* records.c: one kanalyze-launch record: its kernels of the wanted archs
 * (n_archs 0: all) into out, its (file, arch) pairs into done; a kernel
 * already read from an earlier record is kept once.  tag (or NULL): the
 * flags that tell this build of the file from its others, appended to its
 * name as "k.cu [-DN=200]".  Exit code.  peek: a record's file and flags
 * (newline-separated), malloc'd; -1 when it is no record. */
int ka_record_read(const char *path, const char *const *archs, int n_archs, const char *tag, struct ka_diag *d,
		   struct ka_kernel_list *out, char **version, struct ka_analysed *done);
int ka_record_peek(const char *path, char **file, char **flags);

/* whatif.c: the launch advice shared by the vendors' models. */
const struct ka_kernel *ka_whatif_variant(const struct ka_kernel_list *l, const struct ka_kernel *k);
/* n variants (NULL for 0), the fields of the other vendor unset. */
struct ka_what_if *ka_what_ifs_new(int n);
long ka_spill_bytes(long stores, long loads);
/* The user's flags without any register cap of theirs, plus `cap` (malloc'd
 * array of borrowed strings). */
const char **ka_flags_with_cap(const char *const *extra, const char *cap);

/* fe_hip_whatif.c: --what-if regs=N / waves=W for HIP sources: `file`
 * recompiled for the run's AMD archs with every __global__ kernel carrying
 * amdgpu_num_vgpr / amdgpu_waves_per_eu (ka_fe_hip's recompile_capped). */
int ka_hip_recompile_what(const char *file, const struct ka_what_spec *w, struct ka_run *run, struct ka_diag *d,
			  struct ka_kernel_list *out);

/* source.c: the uniformity analysis beside the compiles. */
struct ka_sources;
struct ka_sources *ka_sources_start(struct ka_run *run, const char *const *files, int n);
/* Add files found later (-p), wait, warn what libclang could not read, and
 * point each result at its kernel's analysis. */
void ka_sources_finish(struct ka_sources *s, struct ka_run *run, const char *const *files, int n,
		       struct ka_result *res, struct ka_diag *d);
/* The same in two steps: wait (and analyse -p's files, warn) before the
 * model, which needs the launch sites; join each result after it. */
void ka_sources_wait(struct ka_sources *s, struct ka_run *run, const char *const *files, int n,
		     struct ka_diag *d);
void ka_sources_join(struct ka_sources *s, struct ka_run *run, struct ka_result *res);
/* The note saying how many kernels' analyses were withheld (parse errors). */
void ka_sources_note(const struct ka_sources *s, struct ka_diag *d);
/* Set every finding of res beside the machine code of its line: verdicts
 * and access costs in each kernel result's `ground` (ground.c). */
void ka_ground_findings(struct ka_result *res);
/* accesses.c: the machine model at each kernel result's launch: its
 * accesses, and the access findings decided on them in place of the
 * source's (before ka_ground_findings). */
void ka_model_accesses(struct ka_result *res);
void ka_model_accesses_free(struct ka_kernel_result *kr);
/* source_text.c: the text of the files the results' accesses name */
void ka_source_texts(struct ka_result *r);
void ka_source_texts_free(struct ka_result *r);
/* What the model says of one access, in words (for a finding's machine note). */
struct ka_mach_access;
void ka_model_describe(const struct ka_mach_access *a, char *buf, size_t n);
/* Then the words the writers print beside each fact and finding: each
 * kernel result's fact_machine and finding_machine (machine_notes.c). */
void ka_machine_notes(struct ka_result *res);
void ka_machine_notes_free(struct ka_kernel_result *kr);
/* The analysis of `file` (its launch sites), NULL when none parsed. */
const struct ka_uresult *ka_sources_result(const struct ka_sources *s, const char *file);
void ka_sources_free(struct ka_sources *s);

/* launch.c: the launches a kernel is modelled at (--block, the config's
 * "launch" entries, the constant launch sites of src, which may be NULL) and
 * the sites not modelled because their block or their dynamic shared
 * memory is a runtime value (none when
 * --block or the config decides).  n == 0: the vendor's model picks
 * __launch_bounds__ or the default.  ka_launch_apply presets a result with
 * choice c (none when c >= n) and the runtime sites. */
enum { KA_MAX_LAUNCHES = 16 };
struct ka_launch_choice {
	int block[3];
	int grid[3];                         /* launch_site: its grid when a
	                                        constant, else zeros           */
	long smem;
	const char *source;                  /* "config", "launch_site"       */
	const char *file;                    /* launch_site: borrowed from src */
	int line;
};
struct ka_launch_plan {
	struct ka_launch_choice choice[KA_MAX_LAUNCHES];
	int n;
	const char *runtime_file[KA_MAX_RUNTIME_SITES]; /* borrowed from src */
	int runtime_line[KA_MAX_RUNTIME_SITES];
	int n_runtime;                       /* all of them, beyond the first 8 */
	int n_runtime_smem;                  /* ... whose block is a constant */
	int smem_optin;                      /* kr->smem_optin (result.h)     */
};
void ka_launch_plan(const struct ka_request *req, const struct ka_uresult *src, const struct ka_kernel *k,
		    struct ka_launch_plan *p, struct ka_diag *d);
/* kr's waves (wave_blocks, full_waves, tail_blocks) once the vendor's
 * model has set its blocks per SM; -1 each unless the grid and sms are known. */
void ka_launch_waves(struct ka_kernel_result *kr, long sms);
void ka_launch_apply(struct ka_kernel_result *kr, const struct ka_launch_plan *p, int c);

/* result_cache.c: a source frontend's compile results in the result cache.
 * open: false (and a note) when the cache cannot be used.  get: the entry
 * listed under `direct` appended to out when it reads back and
 * plausible() accepts it for arch (else out is unchanged); its compiler
 * version moves to *version when that is still NULL.  put: the kernels
 * under rkey, and under `direct` with deps (and the directories the
 * lookups searched: `file`'s, the deps', `search`'s -I list) when `file`
 * has not changed since `started` (ns). */
bool ka_result_cache_open(struct ka_cache *c, struct ka_diag *d);
bool ka_result_cache_get(const struct ka_cache *c, const char *direct, const char *arch,
			 bool (*plausible)(const struct ka_kernel_list *, size_t first, const char *arch),
			 struct ka_kernel_list *out, char **version);
void ka_result_cache_put(const struct ka_cache *c, const char *direct, const char *rkey, const char *file,
			 const char *const *deps, size_t n_deps, const char *const *search, const char *version,
			 const struct ka_kernel *kernels, size_t n, long long started);

/* memo.c: model results by their exact input bytes (zeroed padding). */
struct ka_model_memo *ka_memo_new(void);
bool ka_memo_get(const struct ka_model_memo *m, const void *key, size_t klen, void *val, size_t vlen);
void ka_memo_put(struct ka_model_memo *m, const void *key, size_t klen, const void *val, size_t vlen);
void ka_memo_free(struct ka_model_memo *m);

/* The session's private half of a ka_result. */
struct ka_session {
	struct ka_kernel_list kernels;
	struct ka_kernel_list *variants;     /* per what-if spec              */
	int n_variants;
	struct ka_sources *sources;
	struct ka_compdb recorded;           /* run->recorded's storage */
	char *nvcc_version, *clang_version, *hip_compiler;
	struct ka_model_memo *memo;          /* the vendors' model results     */
	struct ka_kernel_list *spill_variants;  /* spill_whatif.c's recompiles */
	int n_spill_variants;
	size_t cap_spill_variants;
};

/* spill_whatif.c: each NVIDIA kernel result that spills under a register
 * cap its launch does not need, compiled again at the most registers the
 * launch allows; the measured variant is a what-if of the result and the
 * finding KA117 (after ka_model_accesses, before ka_ground_findings). */
void ka_spill_what_ifs(struct ka_run *run, struct ka_session *s, struct ka_result *res, struct ka_diag *d);

/* vendor_*.c */
extern const struct ka_vendor_ops ka_vendor_nvidia, ka_vendor_amd;

#endif
