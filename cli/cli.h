/* cli.h — kanalyze's command line: argv and .kanalyze.json become a
 * ka_request (kanalyze.h), the library analyses, a writer (report.h) prints,
 * the gate returns the exit code.  Options come from options.def, so --help
 * and the man page cannot drift.  Private to cli/ (and its tests). */
#ifndef KANALYZE_CLI_H
#define KANALYZE_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "core.h"
#include "kanalyze/kanalyze.h"
#include "report.h"

/* The sub-commands (bits: an option row lists the commands it belongs to). */
enum ka_cmd {
	KA_CMD_ANALYZE = 1,
	KA_CMD_OCCUPANCY = 2,
	KA_CMD_ARCHS = 4,
	KA_CMD_REPORT = 8,          /* merge launcher records */
	KA_CMD_PLOT = 16,           /* the occupancy charts */
	KA_CMD_VERIFY = 32,         /* predictions against a GPU */
	KA_CMD_TRUST = 64,          /* allow a repository's .kanalyze.json */
};

enum ka_opt_id {
#define KA_OPT(id, lname, sname, arg, cmds, help) OPT_##id,
#include "options.def"
#undef KA_OPT
	OPT_COUNT
};

struct ka_cli {
	enum ka_cmd cmd;
	const char *opt[OPT_COUNT];      /* last value of each option, or NULL */
	const char *origin[OPT_COUNT];   /* the config file a value came from;  */
	                                 /* NULL: the command line              */
	bool flag[OPT_COUNT];            /* option seen (valueless ones)       */
	const char **files;              /* analyze: inputs                    */
	int n_files;
	const char **cc_args;            /* -I/-D/-std and everything after -- */
	int n_cc_args;
	size_t cap_cc_args;
	char **program;                  /* verify --profile: after --, the program */
	int n_program;                   /* to profile and its arguments (NULL-ended) */
	const char **what_ifs;           /* every --what-if, in order            */
	int n_what_ifs;
	size_t cap_what_ifs;
	const char *root;                /* project root (config.c): the config's */
	                                 /* directory, else the git work tree, else "." */
	bool baseline_optional;          /* --baseline came from the config       */
	const struct ka_launch_rule *launch_rules;   /* the config's "launch" (owned) */
	int n_launch_rules;
	char **owned;                    /* strings made here, freed by ka_cli_free */
	int n_owned;
	size_t cap_owned;
	bool color;
};

/* args.c: 0 on success (cli filled), else an exit code after a message. */
int ka_cli_parse(int argc, char **argv, struct ka_cli *cli, struct ka_diag *d);
void ka_cli_free(struct ka_cli *cli);
void ka_cli_help(FILE *out, enum ka_cmd cmd);
/* An option's help as printed: KA_HELP_ARCH_RANGES replaced by the arch
 * rows' ranges (ka_arch_ranges).  --help and the man page's generator. */
#define KA_HELP_ARCH_RANGES "@ARCH_RANGES@"
void ka_cli_help_text(struct ka_buf *out, const char *help);
/* "block" for OPT_BLOCK: options.def's long name. */
const char *ka_cli_opt_name(int id);
/* An --arch list as the library gets it (malloc'd): no empty entries, each
 * name once; compute_XX refused where kanalyze compiles (it has no machine
 * code).  where: the config file it came from, NULL for the command line.
 * NULL after a message (exit 2). */
char *ka_cli_arch_list(const char *list, bool compiles, const char *where, struct ka_diag *d);
/* A message for an option value that is wrong: names the config file and
 * key when the value came from one, else --name.  Exit 2. */
void ka_cli_bad_value(const struct ka_cli *cli, int id, struct ka_diag *d, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* values.c: option `id` as one number in [lo, hi] (def when absent); on a
 * bad value a message naming the option, *bad set.  Expand option `id`
 * (default `def`, NULL: required) into v; -1 after a message. */
long ka_cli_long(const struct ka_cli *cli, int id, long lo, long hi, long def, struct ka_diag *d, bool *bad);
int ka_calc_values(struct ka_cli *cli, int id, const char *name, const char *def, long lo, long hi,
		   struct ka_values *v, struct ka_diag *d);
/* 32 or 64 from --wave32/--wave64, 0 when neither; -1 after a message. */
int ka_cli_wave(const struct ka_cli *cli, struct ka_diag *d);

/* paths.c: the shipped kernels' directory for verify: --kernels, else the
 * installed copy beside the binary (<exe dir>/../share/kanalyze/kernels),
 * else the source tree's kernels/. */
const char *ka_cli_kernels_dir(struct ka_cli *cli);

/* config.c: .kanalyze.json (--config FILE, else found walking up from the
 * current directory to the git work tree's top; no walk outside a
 * repository; a file of another user's is ignored) fills the options the
 * command line left unset; sets cli->root.  Unless the file is trusted
 * (named with --config, or allowed with `kanalyze trust`), only settings
 * that run nothing apply: archs, thresholds, and paths inside the
 * repository.  0, or an exit code. */
int ka_config_apply(struct ka_cli *cli, struct ka_diag *d);
/* trust.c: the allow list.  ka_trust_check: KA_TRUSTED when it holds the
 * config at `real` as `content` is now, with `pointed` the digest of the
 * compile database it names as it is now; KA_TRUST_POINTED_CHANGED when
 * only that digest changed.  ka_trust_record puts it there (*entry: the
 * entry's path, malloc'd); 0, or exit 2 after a message. */
enum ka_trust { KA_NOT_TRUSTED, KA_TRUSTED, KA_TRUST_POINTED_CHANGED };
enum ka_trust ka_trust_check(const char *real, const char *pointed, const struct ka_buf *content);
int ka_trust_record(const char *real, const char *pointed, const struct ka_buf *content, char **entry,
		    struct ka_diag *d);
/* The config key that sets option `id` ("warn_cliff"), or NULL. */
const char *ka_config_key(int id);

/* analyze.c: the request `kanalyze FILE...` would make of cli (its files,
 * archs, compiler arguments, launch options, what-ifs: *specs, freed by the
 * caller); 0, or an exit code after a message.  verify --profile analyses
 * through it too. */
int ka_cli_request(struct ka_cli *cli, struct ka_request *req, struct ka_what_spec **specs, struct ka_diag *d);

/* gate.c: the result in the asked format, the baseline comparison and
 * write, and the exit code (--strict, --fail-on).  ka_gate_check runs
 * before anything is compiled: 0 or exit 2. */
int ka_gate_check(struct ka_cli *cli, const char *format, struct ka_diag *d);
/* base: the --base analysis's baseline (taken over and freed), labelled
 * base_label in the report; NULL: --baseline's file, if any. */
int ka_gate_output(struct ka_cli *cli, const struct ka_result *res, const struct ka_report_options *ro,
		   const char *format, struct ka_bl *base, const char *base_label, struct ka_diag *d);

/* base.c: --base REV.  ka_base_resolve, before anything is compiled:
 * the work tree and the commit (REV's merge base with HEAD), labelled for
 * the report ("origin/main (merge base 1a2b3c4d5e)"); 0, or exit 2 after a
 * message (not in a git work tree, no such commit).  ka_base_baseline:
 * req's inputs analysed as they are at that commit (a copy of its tree
 * under the cache), as a baseline in *old.  Strings owned by cli. */
struct ka_base_rev {
	const char *top, *commit, *label;
};
int ka_base_resolve(struct ka_cli *cli, struct ka_base_rev *out, struct ka_diag *d);
int ka_base_baseline(struct ka_cli *cli, const struct ka_base_rev *rev, const struct ka_request *req,
		     struct ka_bl *old, struct ka_diag *d);

/* The sub-commands. */
int ka_cmd_analyze(struct ka_cli *cli, struct ka_diag *d);      /* analyze.c: also `report` */
int ka_cmd_occupancy(struct ka_cli *cli, struct ka_diag *d);    /* calc.c */
int ka_cmd_occupancy_amd(struct ka_cli *cli, struct ka_diag *d); /* calc_amd.c */

/* calc_run.c: the calculators' shared run.  A vendor's calculator parses
 * its options into up to KA_CALC_AXES axes (struct ka_values, in the order
 * its loops nest) and says through its ops how one combination is
 * modelled (eval: fills in, o, occupancy and limiters of a row whose arch
 * is set) and printed: the text columns before the occupancy, the JSON
 * keys before "occupancy", the summary's best inputs, and the text header
 * (between the colour and its reset). */
enum { KA_CALC_TEXT, KA_CALC_JSONL, KA_CALC_JSON, KA_CALC_SUMMARY };
enum { KA_CALC_AXES = 8 };
struct ka_calc_row {
	const void *arch;                 /* the vendor's arch row */
	union {
		struct ka_nv_launch nv;
		struct ka_amd_launch amd;
	} in;
	union {
		struct ka_occupancy nv;
		struct ka_amd_occupancy amd;
	} o;
	double occupancy;
	unsigned limiters;
};
struct ka_calc_ops {
	int n_axes;
	const char *(*name)(const void *arch);
	void (*eval)(struct ka_calc_row *r, const long *v, int wave);
	void (*header)(const char *colour, const char *reset);
	void (*text)(const struct ka_calc_row *r);
	void (*json)(const struct ka_calc_row *r);
	void (*best)(const struct ka_calc_row *r);
};
/* --format as KA_CALC_*, -1 after a message. */
int ka_calc_format(const struct ka_cli *cli, struct ka_diag *d);
void ka_calc_run(const struct ka_cli *cli, int fmt, const struct ka_calc_ops *ops, const void *const *archs,
		 int n_archs, const struct ka_values *axes, int wave);
/* values.c: the escape sequence for an occupancy (-1: the header) under
 * --color, "" without (the calculators' text rows). */
const char *ka_calc_colour(bool on, double occupancy);
int ka_cmd_archs(struct ka_cli *cli, struct ka_diag *d);        /* archs.c */
int ka_cmd_plot(struct ka_cli *cli, struct ka_diag *d);         /* plot.c */
/* verify_cmd.c: the options mapped onto verify/'s checks (verify.h): FILE...,
 * --extract, --compare; --profile; else the shipped kernels. */
int ka_cmd_verify(struct ka_cli *cli, struct ka_diag *d);
int ka_cmd_version(const struct ka_cli *cli);                      /* version.c */
int ka_cmd_trust(struct ka_cli *cli, struct ka_diag *d);        /* config.c */

#endif
