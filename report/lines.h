/* lines.h — private to report/: a kernel's memory accesses gathered per
 * source line, as the per-line views show them (lines.c: --lines in the
 * text report; html.c: the source page).  One line holds every access the
 * machine model listed at that (file, line), in the model's order, and the
 * findings the model decided about them. */
#ifndef KANALYZE_REPORT_LINES_H
#define KANALYZE_REPORT_LINES_H

#include "report.h"
#include "machine.h"

enum { KA_LINE_ACCESSES = 8 };     /* more at one line are summed in the last */

struct ka_kline {
	const char *file;              /* the access's .loc file, as the code names it */
	int line;
	const struct ka_mach_access *acc[KA_LINE_ACCESSES];
	int n_acc;
	double share;                  /* the largest share of its accesses (0..1) */
	double traffic;                /* its accesses' sectors + wavefronts x executions */
};

/* The lines of kr's accesses: in the model's order (file, line), or by
 * traffic share, largest first (by_traffic).  *n lines; NULL when the
 * model did not run or listed nothing.  free() it. */
struct ka_kline *ka_klines(const struct ka_kernel_result *kr, bool by_traffic, size_t *n);

/* Whether kr's i-th finding is shown: it applies to the arch (min_sm) and
 * the machine code does not contradict it. */
bool ka_finding_applies(const struct ka_kernel_result *kr, size_t i);

/* The findings of kr that are about access a (the model decided them on
 * it), up to `max`, as indexes into kr->u->findings; the count. */
int ka_kline_findings(const struct ka_kernel_result *kr, const struct ka_mach_access *a, size_t *idx, int max);

/* "sectors", "64 B lines" or "wavefronts": what a's per-request figure
 * counts, and that figure and its ideal. */
const char *ka_access_unit(const struct ka_mach_access *a);
double ka_access_per_request(const struct ka_mach_access *a);
double ka_access_ideal(const struct ka_mach_access *a);

/* Bytes of one well-formed UTF-8 character at s (at most n), 0 if there
 * is none (the views show other bytes as '?'). */
int ka_utf8_char(const unsigned char *s, size_t n);

/* Source bytes for a terminal: printable ASCII and well-formed UTF-8 (only
 * with utf8) kept, a tab one space, any other byte '?' -- a source line can
 * hold escape sequences, which must never reach the terminal -- leading
 * blanks dropped, cut to `cols` columns with an ellipsis. */
void ka_text_source(FILE *out, const char *s, size_t len, int cols, bool utf8);

#endif
