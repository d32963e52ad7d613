/* report.h — the writers (report/): they read a ka_result and nothing else.
 *
 *   text      one block per kernel, laid out by its vendor's entry of a
 *             table (text_nvidia.c, text_amd.c), the uniformity summary
 *   json      the contract of DESIGN §3
 *   sarif     2.1.0, one rule per finding id and regression kind
 *   markdown  a pull-request comment
 *   charts    the three occupancy sweeps as data, drawn with cairo (SVG,
 *             PNG) or as terminal sparklines
 * The baseline comparison (kanalyze.h) is an input of sarif and markdown;
 * the gate in cli/ decides the exit code. */
#ifndef KANALYZE_REPORT_H
#define KANALYZE_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "analyzer.h"      /* the uniformity facts a result points at */
#include "core.h"
#include "frontends.h"     /* the SASS census a kernel carries */
#include "kanalyze/kanalyze.h"
#include "occupancy.h"

/* How the text is laid out: not part of the result. */
struct ka_report_options {
	bool color;
	bool chart;                   /* --chart: sparklines under each kernel */
	bool utf8;                    /* the terminal takes UTF-8 (charts, names) */
};

void ka_report_text(FILE *out, const struct ka_result *r, const struct ka_report_options *o);
/* 0, or -1 if writing failed. */
int ka_report_json(FILE *out, const struct ka_result *r);
/* cmp NULL when there is no baseline. */
int ka_report_sarif(FILE *out, const struct ka_result *r, const struct ka_bl_compare *cmp, const char *root);
int ka_report_markdown(FILE *out, const struct ka_result *r, const struct ka_bl_compare *cmp,
		       const char *baseline, const char *root);
/* Whether --chart can draw this kernel (its vendor has the charts). */
bool ka_report_can_chart(const struct ka_kernel_result *kr);

/* ---- formatting shared by the writers and the calculator (format.c) ------- */
/* "registers, shared_memory" */
void ka_text_limiters(FILE *out, unsigned mask);
/* "registers,shared_memory" or, for JSON, "\"registers\",\"shared_memory\"". */
void ka_limiter_list(FILE *out, unsigned mask, bool json);
/* "400 B" / "40 KiB" */
void ka_text_bytes(FILE *out, long b);
/* Occupancy as JSON number text: "0.25", "1.0", "0.125" (never exponent). */
void ka_format_fraction(char *buf, size_t n, double x);
/* A JSON string even for bytes that are not UTF-8 (odd file names): those
 * bytes become '?'. */
struct json_t;
struct json_t *ka_json_text(const char *s);
/* Display columns of a UTF-8 string. */
int ka_text_cols(const char *s);
/* "file.cu:12", or "file.o" when the line is not known. */
void ka_text_where(FILE *out, const struct ka_kernel *k);
/* "--block", "__launch_bounds__" or "default" for a block_source. */
const char *ka_text_block_source(const char *source);

/* ---- the occupancy charts (chart.c) ------------------------------------------ */
/* The three sweeps, in the order they are drawn (left to right). */
enum ka_chart_axis { KA_CHART_BLOCK, KA_CHART_REGS, KA_CHART_SMEM, KA_CHART_AXES };

/* Every integer x in [x0, x1] gives the same answer.  The model only changes
 * its answer at warp (32 threads), register-granule (8 registers per thread
 * on every listed arch: 256 per warp / 32 lanes) and shared-memory granule
 * (128 B, 256 B before sm_80) boundaries, so a sweep is a short list of runs:
 *
 *   sm_90, 256 threads, 0 B:   regs   0..32  -> 8 blocks, 100 %
 *                                     ...
 *                                     81..128 -> 2 blocks,  25 %
 *                                    129..255 -> 1 block, 12.5 %  <- cliff
 */
struct ka_chart_run {
	long x0, x1;
	int blocks, warps;
	double occ;
	unsigned limiters;
};

struct ka_chart_series {
	enum ka_chart_axis axis;
	long x_lo, x_hi;              /* the swept range                        */
	long x_launch_max;            /* block: __launch_bounds__ (0: none)     */
	struct ka_chart_run *runs;
	size_t n;
	long cur_x;                   /* the launch in use                      */
	size_t cur_run;               /* index of the run holding cur_x         */
	/* Nearest change either way: the first x above cur_x with fewer
	 * resident warps, the last x below it with more (-1: none). */
	long drop_x; size_t drop_run;
	long gain_x; size_t gain_run;
};

struct ka_chart {
	const struct ka_nv_arch *arch;
	struct ka_nv_launch launch;
	struct ka_occupancy occ;      /* at the launch in use                   */
	int max_warps;                /* per SM                                 */
	const char *kernel;           /* short kernel name, or NULL             */
	const char *where;            /* "file.cu:12", or NULL                  */
	const char *block_source;     /* "option", "launch_bounds", "default"   */
	struct ka_chart_series s[KA_CHART_AXES];
};

/* Sweep the model around `in` (range-checked by the caller).  max_threads is
 * the kernel's __launch_bounds__ (0: none): larger blocks are marked as
 * unlaunchable, and a "next drop" among them is none.  Free with
 * ka_chart_free. */
void ka_chart_build(struct ka_chart *c, const struct ka_nv_arch *a, const struct ka_nv_launch *in,
		    long max_threads);
void ka_chart_free(struct ka_chart *c);
/* The run holding x, or NULL outside the swept range. */
const struct ka_chart_run *ka_chart_at(const struct ka_chart_series *s, long x);
const char *ka_chart_axis_name(enum ka_chart_axis axis);   /* "registers per thread" ... */

/* ---- cairo rendering (chart_svg.c) ----------------------------------------
 * Colours are fixed so tests (and readers) can tell the parts apart:
 * series blue, current point red, next drop orange (dashed), next gain green
 * (dashed), axes near-black, grid light grey. */
#define KA_CHART_RGB_SERIES 0x1f77b4
#define KA_CHART_RGB_CURRENT 0xd62728
#define KA_CHART_RGB_DROP 0xff7f0e
#define KA_CHART_RGB_GAIN 0x2ca02c
#define KA_CHART_RGB_AXIS 0x222222
#define KA_CHART_RGB_GRID 0xdddddd
#define KA_CHART_RGB_NOLAUNCH 0xeeeeee

enum ka_chart_format { KA_CHART_SVG, KA_CHART_PNG };
enum { KA_CHART_WIDTH = 1280, KA_CHART_HEIGHT = 500 };

/* Render into *out (appended).  0, or -1 with a message in err. */
int ka_chart_render(const struct ka_chart *c, enum ka_chart_format fmt, struct ka_buf *out, char *err,
		    size_t errlen);
/* Hand back cairo's and fontconfig's process-wide caches (fonts, glyphs),
 * which otherwise live until exit: call once, when done drawing. */
void ka_chart_release(void);
/* Where a data point lands in the picture (pixels from the top left). */
void ka_chart_xy(const struct ka_chart *c, enum ka_chart_axis axis, double x, double occ, double *px,
		 double *py);

/* ---- terminal rendering (chart_term.c) ------------------------------------
 * One sparkline per sweep (32 columns; each column the worst case over its
 * range, which is exact for block size and registers), a marker line under
 * it (^ the launch in use, ! the next drop, + the next gain), and the figures
 * at the right; first a key line starting with `head`, then each line
 * starting with `indent`.  utf8 chooses block characters over ASCII. */
void ka_chart_term(FILE *out, const struct ka_chart *c, const char *head, const char *indent, bool color,
		   bool utf8);
/* Whether the locale (LC_ALL, LC_CTYPE, LANG, first set) is UTF-8. */
bool ka_term_utf8(void);

/* ---- names (names_short.c) ------------------------------------------------
 * A demangled kernel name shortened for a report line of `width` columns:
 * the return type goes first ("void "), then nested template arguments
 * become <…>, then the parameters (…), then every template argument, and
 * the rest is cut with "…" at the end.  Returns buf. */
char *ka_name_short(const char *demangled, int width, bool utf8, char *buf, size_t n);

#endif
