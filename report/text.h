/* text.h — private to report/: what the text writer hands each vendor's
 * kernel block (text_nvidia.c, text_amd.c), and its colours. */
#ifndef KANALYZE_REPORT_TEXT_H
#define KANALYZE_REPORT_TEXT_H

#include "report.h"

struct ka_text {
	const struct ka_result *r;
	const struct ka_report_options *o;
	int name_w;                   /* kernel names padded to one width */
};

enum { KA_NAME_MAX_COLS = 60 };   /* longer demangled names are shortened */

#define C(t, code) ((t)->o->color ? "\033[" code "m" : "")
#define BOLD(t) C(t, "1")
#define DIM(t) C(t, "2")
#define RED(t) C(t, "31")
#define YEL(t) C(t, "33")
#define GRN(t) C(t, "32")
#define OFF(t) C(t, "0")

/* One vendor's kernel block: resources, occupancy, cliffs, advice, chart. */
struct ka_text_vendor {
	void (*kernel)(FILE *out, const struct ka_text *t, const struct ka_kernel_result *kr);
	bool chart;                   /* it draws --chart                       */
	/* the three occupancy sweeps around kr's launch (false: no model for
	 * its arch); ka_chart_free after */
	bool (*build_chart)(struct ka_chart *ch, const struct ka_kernel_result *kr);
};
extern const struct ka_text_vendor ka_text_nvidia, ka_text_amd;
/* The entry of kr's vendor (text.c's table). */
const struct ka_text_vendor *ka_text_vendor_of(const struct ka_kernel_result *kr);

/* --summary: one line per kernel result, worst first (summary.c). */
void ka_text_summary(FILE *out, const struct ka_text *t);

/* --lines: kr's source lines that access memory, with the machine model's
 * prediction per access (lines.c); paths relative to root. */
void ka_text_lines(FILE *out, const struct ka_text *t, const struct ka_kernel_result *kr, const char *root);

#endif
