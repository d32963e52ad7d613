/* cli.h — kanalyze's command line: option parsing (from options.def), the
 * sub-commands, and the report writers.  main.c is the only caller. */
#ifndef KANALYZE_CLI_H
#define KANALYZE_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "core.h"
#include "frontends.h"
#include "occupancy.h"

#define KA_VERSION "0.1.0"

enum ka_cmd { CMD_A = 1, CMD_O = 2, CMD_R = 4 };

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

int ka_cmd_analyze(struct ka_cli *cli, struct ka_diag *d);
int ka_cmd_occupancy(struct ka_cli *cli, struct ka_diag *d);
int ka_cmd_archs(struct ka_cli *cli, struct ka_diag *d);

/* ---- reports ---------------------------------------------------------------- */
enum { KA_MAX_BEST = 32 };

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
};

struct ka_report {
	const char *nvcc_version;     /* NULL if unknown */
	struct ka_report_kernel *v;
	size_t n;
	bool color;
	int warn_cliff;
};

void ka_report_text(FILE *out, const struct ka_report *r);
/* 0, or -1 if writing failed. */
int ka_report_json(FILE *out, const struct ka_report *r);

/* Occupancy as JSON number text: "0.25", "1.0", "0.125" (never exponent). */
void ka_format_fraction(char *buf, size_t n, double x);

#endif
