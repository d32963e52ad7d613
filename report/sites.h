/* sites.h — findings grouped by source site (report/sites.c), private to
 * report/.  A finding in a template, or in a device function several
 * kernels call, is one site however many kernels (instances) report it. */
#ifndef KANALYZE_REPORT_SITES_H
#define KANALYZE_REPORT_SITES_H

#include "report.h"

struct ka_site {
	const char *file;                       /* the kernels' source file          */
	const struct ka_ufinding *f;            /* the first instance's finding      */
	size_t *kernels;                        /* indexes into r->v, one per distinct
	                                           kernel name, in report order      */
	size_t n, cap;
};

struct ka_sites {
	struct ka_site *v;                      /* in report order of first sighting */
	size_t n, cap;
};

/* Every finding of every kernel that applies to its arch (min_sm) and is
 * at least as severe as min_level (ka_finding_level), grouped by (file,
 * rule, line, col). */
void ka_sites_build(struct ka_sites *s, const struct ka_result *r, int min_level);
/* "info" 0, "note" 1, "warning" 2; -1 for anything else.  NULL: "note". */
int ka_finding_level(const char *severity);
/* The sites below min_level that ka_sites_build left out: how many. */
size_t ka_sites_hidden(const struct ka_result *r, int min_level);
void ka_sites_free(struct ka_sites *s);
/* The site of kernel r->v[k]'s finding f (NULL if f does not apply). */
const struct ka_site *ka_sites_find(const struct ka_sites *s, const struct ka_result *r, size_t k,
				    const struct ka_ufinding *f);
/* "rms_norm_f32<32>, rms_norm_f32<64>, … and 3 more": at most max names
 * (template arguments kept, return type and parameters dropped). */
void ka_site_instances(struct ka_buf *b, const struct ka_result *r, const struct ka_site *s, size_t max);
/* A site's finding as one line: its message, what the machine code of its
 * line says (ka_finding_machine), and with several instances their names
 * (8 at most): SARIF's and Code Quality's message. */
void ka_site_message(struct ka_buf *b, const struct ka_result *r, const struct ka_site *s);
/* What the machine code of the finding's line says, as the result carries
 * it (lib/machine_notes.c): the check of lib/ground.c ("PTX: 5 global loads
 * (ld.global.f32..., 32-bit) in a loop; about 32 sectors per request ..."),
 * else with --sass the census ("SASS at line 37: 12 instructions (2 uniform
 * datapath, 10 vector), up to 18 live registers"), else the line's code as
 * ground.c named it; NULL when there is none. */
const char *ka_finding_machine(const struct ka_kernel_result *rk, const struct ka_ufinding *f);
/* One name as the list above writes it. */
void ka_site_name(struct ka_buf *b, const char *demangled);

#endif
