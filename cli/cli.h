/* cli.h — kanalyze's command line: option parsing (from options.def), the
 * sub-commands, and the report writers.  main.c is the only caller. */
#ifndef KANALYZE_CLI_H
#define KANALYZE_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer.h"
#include "core.h"
#include "frontends.h"
#include "occupancy.h"

#define KA_VERSION "0.1.0"

enum ka_cmd { CMD_A = 1, CMD_O = 2, CMD_R = 4, CMD_P = 8 /* report: merge launcher records */,
	      CMD_G = 16 /* plot: the occupancy charts */,
	      CMD_V = 32 /* verify: predictions against a GPU */ };

enum ka_opt_id {
#define KA_OPT(id, lname, sname, arg, cmds, help) OPT_##id,
#include "options.def"
#undef KA_OPT
	OPT_COUNT
};

/* A list of integers from "8", "1,2,3", "32-1024:32" or a mix "1-8,64". */
struct ka_values {
	long *v;
	size_t n;
};
/* 0, or -1 with a message in err.  Values outside [lo, hi] are refused. */
int ka_values_parse(const char *s, long lo, long hi, struct ka_values *out, char *err, size_t errlen);
void ka_values_free(struct ka_values *v);

struct ka_cli {
	enum ka_cmd cmd;
	const char *opt[OPT_COUNT];      /* last value of each option, or NULL */
	bool flag[OPT_COUNT];            /* option seen (valueless ones)       */
	const char **files;              /* analyze: inputs                    */
	int n_files;
	const char **cc_args;            /* -I/-D/-std and everything after -- */
	int n_cc_args;
	const char **what_ifs;           /* every --what-if, in order            */
	int n_what_ifs;
	const char *root;                /* project root (config.c): the config's */
	                                 /* directory, else the git work tree, else "." */
	bool baseline_optional;          /* --baseline came from the config       */
	char **owned;                    /* strings made here, freed by ka_cli_free */
	int n_owned;
	bool color;
};

/* 0 on success (cli filled), else an exit code after a message. */
int ka_cli_parse(int argc, char **argv, struct ka_cli *cli, struct ka_diag *d);
void ka_cli_free(struct ka_cli *cli);
void ka_cli_help(FILE *out, enum ka_cmd cmd);
/* Parse the architecture list; NVIDIA only for now.  Returns count or -1. */
int ka_cli_archs(const char *list, bool analysable_only, const struct ka_nv_arch **out, int cap,
		 struct ka_diag *d);
/* Either vendor (occupancy.h's ka_arch); `spelled` receives each name as
 * given ("gfx90a:xnack-", "sm_90a"), up to 31 bytes.  Count or -1. */
int ka_cli_arch_list(const char *list, bool analysable_only, struct ka_arch *out, char (*spelled)[32], int cap,
		     struct ka_diag *d);

/* ---- AMD (amd_cli.c): the HIP side of analyze, occupancy, archs and reports --- */
/* "gfx90a" when every input is HIP (.hip or -x hip), else "sm_90". */
const char *ka_amd_default_arch(const struct ka_cli *cli);
bool ka_amd_is_hip_input(const struct ka_cli *cli, const char *file);
/* The AMD half of an analysis.  ka_amd_split_archs parses --arch (default
 * ka_amd_default_arch) and keeps the NVIDIA archs in nv/nv_names for the
 * caller's pipeline, the AMD ones in run; ka_amd_cuda_inputs_first puts the
 * non-HIP inputs first and returns their count (nvcc gets those); ka_amd_run
 * compiles the HIP inputs for the AMD archs (clang/hipcc) or reads --remarks,
 * and says which inputs have no arch of their vendor.  Exit codes / -1. */
enum { KA_AMD_MAX_ARCHS = 32 };
struct ka_analysed;
struct ka_report;
struct ka_report_kernel;
struct ka_amd_run {
	char names[KA_AMD_MAX_ARCHS][32];   /* as spelled: "gfx90a:xnack-" */
	const char *ptr[KA_AMD_MAX_ARCHS];
	int n, n_nv;
	int wave;                           /* --wave32/--wave64, else 0 */
	char *clang_version;                /* malloc'd, NULL if unknown */
};
int ka_amd_split_archs(struct ka_cli *cli, const struct ka_nv_arch **nv, char (*nv_names)[32], int cap, long smem,
		       struct ka_amd_run *run, struct ka_diag *d);
int ka_amd_cuda_inputs_first(struct ka_cli *cli);
int ka_amd_run(struct ka_cli *cli, struct ka_amd_run *run, int n_cuda, long timeout, long jobs, struct ka_diag *d,
	       struct ka_kernel_list *out, struct ka_analysed *done);
/* Model one AMD kernel for the report (block: --block, else its bound, else
 * 256); warns when the model and LLVM's own occupancy remark disagree, and
 * when the next VGPR cliff is at most warn_cliff away. */
void ka_amd_model_kernel(struct ka_report_kernel *rk, const struct ka_kernel *k, long block_opt, long lds_dyn,
			 int wave_opt, int warn_cliff, struct ka_diag *d);
/* 32 or 64 from --wave32/--wave64, 0 when neither; -1 after a message. */
int ka_amd_wave_option(const struct ka_cli *cli, struct ka_diag *d);
int ka_amd_cmd_occupancy(struct ka_cli *cli, const struct ka_amd_arch *const *archs, int n_archs,
			 struct ka_diag *d);
void ka_amd_archs_print(FILE *out, bool json);
void ka_amd_report_text_kernel(FILE *out, const struct ka_report *r, const struct ka_report_kernel *rk);

int ka_cmd_analyze(struct ka_cli *cli, struct ka_diag *d);

/* ---- launch advice (whatif.c) ---------------------------------------------- */
struct ka_report_kernel;
enum ka_what_kind { KA_WHAT_REGS, KA_WHAT_BLOCK, KA_WHAT_SMEM };
struct ka_what_spec {
	enum ka_what_kind kind;
	long value;
	char text[32];
};
/* Parse every --what-if; 0 or -1 after a message. */
int ka_whatif_parse(const struct ka_cli *cli, struct ka_what_spec **specs, int *n, struct ka_diag *d);
/* Recompile `file` for each regs=N spec into lists[i] (other kinds: empty). */
int ka_whatif_compile(const struct ka_what_spec *specs, int n, const char *file, const char *const *archs,
		      int n_archs, const struct ka_nvcc_options *base, struct ka_diag *d,
		      struct ka_kernel_list *lists);
/* Fill rk->what_if from the specs (and the recompiled lists), the best
 * block and minimum grid for `sms` SMs (0: unknown), and the suggestion. */
void ka_launch_advice(struct ka_report_kernel *rk, const struct ka_what_spec *specs, int n,
		      const struct ka_kernel_list *lists, int sms);
int ka_cmd_occupancy(struct ka_cli *cli, struct ka_diag *d);
/* calc.c, shared by the NVIDIA and AMD calculators: expand option `id`
 * (default `def`, NULL: required) into v; -1 after a message. */
int ka_calc_values(struct ka_cli *cli, int id, const char *name, const char *def, long lo, long hi,
		   struct ka_values *v, struct ka_diag *d);
/* "registers,shared_memory" or, for JSON, "\"registers\",\"shared_memory\"". */
void ka_limiter_list(FILE *out, unsigned mask, bool json);
/* A JSON string even for bytes that are not UTF-8 (odd file names): those
 * bytes become '?' (report_json.c). */
struct json_t;
struct json_t *ka_json_text(const char *s);
int ka_cmd_archs(struct ka_cli *cli, struct ka_diag *d);
int ka_cmd_plot(struct ka_cli *cli, struct ka_diag *d);
/* verify.c: build + launch the shipped kernels, compare with the model. */
int ka_cmd_verify(struct ka_cli *cli, struct ka_diag *d);

/* ---- reports ---------------------------------------------------------------- */
enum { KA_MAX_BEST = 32 };

/* A variant of a kernel: what --what-if asked, and what it gives. */
struct ka_what_if {
	char what[32];                /* "regs=128", "block=512", "smem=4096" */
	long regs, spill_stores, spill_loads;   /* after the change        */
	int block;
	long smem_dynamic;
	struct ka_occupancy occ;
	bool failed;                  /* the recompile did not produce it   */
};

struct ka_report_kernel {
	const struct ka_kernel *k;
	const struct ka_nv_arch *arch;
	int block;
	const char *block_source;     /* "default", "launch_bounds", "option" */
	long smem_dynamic;
	struct ka_occupancy occ;
	struct ka_cliffs cliffs;
	int best[KA_MAX_BEST];
	int n_best;
	struct ka_nv_launch launch;   /* the launch the model was run for     */
	int best_block;               /* what cudaOccupancyMaxPotentialBlockSize picks */
	long min_grid;                /* blocks that fill the device, -1 unknown */
	struct ka_what_if *what_if;   /* --what-if variants                   */
	int n_what_if;
	char suggestion[200];         /* "" or one line of advice             */
	/* AMD kernels (k->vendor == KA_VENDOR_AMD): arch is NULL, occ and cliffs
	 * hold the CU analogues (blocks = workgroups per CU, warps = waves per
	 * CU, regs = VGPRs, smem = LDS) and these the model's own figures. */
	const struct ka_amd_arch *amd;
	struct ka_amd_launch amd_launch;
	struct ka_amd_occupancy amd_occ;
	struct ka_amd_cliffs amd_cliffs;
	/* the source uniformity analysis of the kernel (analyzer.h), NULL when
	 * it did not run or found no such kernel; shared by its archs */
	const struct ka_ukernel *u;
};

struct ka_report {
	const char *nvcc_version;     /* NULL if unknown */
	const char *clang_version;    /* the HIP compiler's, NULL if unknown */
	struct ka_report_kernel *v;
	size_t n;
	bool color;
	int warn_cliff;
	bool chart;                   /* --chart: sparklines under each kernel */
	bool utf8;                    /* the terminal takes UTF-8 (charts, names) */
	bool uniformity;              /* the uniformity analysis ran (else JSON null) */
};

void ka_report_text(FILE *out, const struct ka_report *r);
/* report_text.c pieces the AMD report shares: "registers, shared_memory";
 * "400 B" / "40 KiB". */
void ka_text_limiters(FILE *out, unsigned mask);
void ka_text_bytes(FILE *out, long b);
/* 0, or -1 if writing failed. */
int ka_report_json(FILE *out, const struct ka_report *r);

/* Occupancy as JSON number text: "0.25", "1.0", "0.125" (never exponent). */
void ka_format_fraction(char *buf, size_t n, double x);

/* ---- guardrails: project config, inputs at scale, cache, baseline gate ----- */
/* (file, arch) pairs this run analysed completely.  A baseline kernel of such
 * a pair that is gone was removed; one of another pair was not looked at. */
struct ka_analysed {
	char **file, **arch;
	size_t n, cap;
};
void ka_analysed_add(struct ka_analysed *a, const char *file, const char *arch);
bool ka_analysed_has(const struct ka_analysed *a, const char *file, const char *arch);
void ka_analysed_free(struct ka_analysed *a);

/* config.c: .kanalyze.json (--config FILE, else found walking up from the
 * current directory to the git work tree's top) fills the options the
 * command line left unset; sets cli->root.  0, or an exit code. */
int ka_config_apply(struct ka_cli *cli, struct ka_diag *d);
/* `file` as the baseline names it: relative to root when under it, else
 * absolute; '/'-separated, no "./".  malloc'd. */
char *ka_config_relpath(const char *root, const char *file);

/* pipeline.c: every (file, arch) of the run -- files from the command line
 * or from -p's compile_commands.json -- from the cache or compiled, up to
 * -j at once across files and archs, progress on a terminal. */
int ka_pipeline_run(struct ka_cli *cli, const char *const *archs, int n_archs, bool archs_given,
		    const struct ka_nvcc_options *nv, struct ka_diag *d, struct ka_kernel_list *out,
		    char **version, struct ka_analysed *done);

/* records.c: kernels <-> JSON (cache values and kanalyze-launch records),
 * and `kanalyze report DIR...`. */
char *ka_kernels_json(const struct ka_kernel *v, size_t n, const char *kind, const char *file,
		      const char *nvcc_version);
char *ka_record_json(const struct ka_kernel *v, size_t n, const char *file, const char *const *archs,
		     int n_archs, const char *nvcc_version);
int ka_kernels_from_json(const char *text, size_t len, const char *kind, const char *file,
			 struct ka_kernel_list *out, char **nvcc_version, char **record_file);
int ka_records_load(struct ka_cli *cli, const char *const *archs, int n_archs, struct ka_diag *d,
		    struct ka_kernel_list *out, char **version, struct ka_analysed *done);

/* baseline.c: a baseline is one entry per (file, arch, kernel). */
enum ka_regression {
#define KA_REGRESSION(e, id, name, level, what) KA_REG_##e,
#include "regressions.def"
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
	int line, block, blocks_per_sm;
	long regs, uregs, vgprs, sgprs, spill_stores, spill_loads, static_smem, smem_dynamic;
	double occupancy;
};
struct ka_bl {
	struct ka_bl_entry *v;
	size_t n, cap;
	char *nvcc;
};
enum ka_change { KA_CH_REGRESSION, KA_CH_IMPROVED, KA_CH_CHANGED, KA_CH_ADDED, KA_CH_REMOVED };
struct ka_bl_change {
	enum ka_change what;
	unsigned kinds;               /* bits (1u << enum ka_regression)       */
	const struct ka_bl_entry *old, *cur;   /* old NULL: added; cur NULL: removed */
};
struct ka_bl_compare {
	struct ka_bl_change *v;
	size_t n;
	int count[KA_CH_REMOVED + 1];
	int unchanged, not_analysed;
};
void ka_bl_from_report(const struct ka_report *r, const char *root, struct ka_bl *out);
int ka_bl_write(const struct ka_bl *b, const char *path, struct ka_diag *d);
int ka_bl_read(const char *path, struct ka_bl *b, struct ka_diag *d);
void ka_bl_compare(const struct ka_bl *old, const struct ka_bl *cur, const struct ka_analysed *done,
		   const char *root, struct ka_bl_compare *out);
void ka_bl_compare_text(FILE *out, const char *path, const struct ka_bl_compare *c);
void ka_bl_change_message(const struct ka_bl_change *ch, struct ka_buf *b);
void ka_bl_compare_free(struct ka_bl_compare *c);
void ka_bl_free(struct ka_bl *b);

/* gate.c: the report in the asked format, the baseline gate and the exit
 * code (--strict, --fail-on).  Cliff warnings: kernels whose next drop is
 * at most warn_cliff registers away. */
int ka_gate_check(const struct ka_cli *cli, const char *format, struct ka_diag *d);   /* 0 or exit 2 */
int ka_gate_output(struct ka_cli *cli, const struct ka_report *rep, const char *format,
		   const struct ka_analysed *done, struct ka_diag *d);
bool ka_gate_near_cliff(const struct ka_report_kernel *rk, int warn_cliff);
/* report_sarif.c / report_markdown.c: cmp NULL when no baseline. */
int ka_report_sarif(FILE *out, const struct ka_report *r, const struct ka_bl_compare *cmp, const char *root);
int ka_report_markdown(FILE *out, const struct ka_report *r, const struct ka_bl_compare *cmp,
		       const char *baseline, const char *root);

#endif
