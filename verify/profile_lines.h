/* profile_lines.h — private to verify/: the machine model's sectors and
 * wavefronts per request, line by line, beside what Nsight Compute
 * measured (profile_lines.c, for verify_profile.c). */
#ifndef KANALYZE_VERIFY_PROFILE_LINES_H
#define KANALYZE_VERIFY_PROFILE_LINES_H

#include <stddef.h>

#include "report.h"

struct ka_profile_tally {
	long lines, listed, gathers, resolved, within;   /* measured lines: ... */
	double weight, weight_listed, weight_resolved, weight_within;   /* their sectors (wavefronts) */
};
struct ka_profile_presence {       /* local memory: where it ran, beside where the model has it */
	long lines;                       /* lines where either has local instructions */
	long agree, model_only, hardware_only;
};
struct ka_profile_lines {
	struct ka_measured_line *v;       /* for the HTML page (report.h)       */
	size_t n, cap;
	struct ka_profile_tally global, shared;
	struct ka_profile_presence local;
	struct ka_mach_result **owned;    /* the model at each measured launch  */
	size_t n_owned, cap_owned;
};
struct ka_ncu_profile;
struct ka_ncu_launch;
struct json_t;
/* One measured kernel: its lines with global or shared traffic or local
 * instructions (ncu's or the model's), as a JSON array ([{file, line,
 * global: {measured, predicted, gather, agree, sectors} | null, shared:
 * {... wavefronts} | null, local: {measured_instructions, predicted,
 * agree} | null}]); kr: kanalyze's
 * kernel (NULL: an empty list).  shown(ctx, file) names ncu's file as the
 * report does.  Adds to pl's tallies and lines. */
struct json_t *ka_profile_lines(struct ka_profile_lines *pl, const struct ka_ncu_profile *p, const char *ncu_kernel,
				const struct ka_ncu_launch *launch, const struct ka_kernel_result *kr,
				const char *(*shown)(const void *ctx, const char *ncu_file), const void *ctx);
/* {global: tally, shared: tally} (the summary's "model"). */
struct json_t *ka_profile_lines_summary(const struct ka_profile_lines *pl);
void ka_profile_lines_free(struct ka_profile_lines *pl);

#endif
