/* report.h — the writers (report/): they read a ka_result and nothing else,
 * one row each in KA_WRITERS (below), all of one signature:
 *
 *   text      one block per kernel, laid out by its vendor's entry of a
 *             table (text_nvidia.c, text_amd.c), the uniformity summary
 *   json      the contract of DESIGN §3
 *   sarif     2.1.0, one rule per finding id and regression kind
 *   markdown  a pull-request comment
 *   codequality  a GitLab Code Quality report (codequality.c)
 *   html      one self-contained page: the kernels, their charts and the
 *             source lines with the machine model's traffic (html.c)
 *   charts    the three occupancy sweeps as data, drawn with cairo (SVG,
 *             PNG) or as terminal sparklines
 * The baseline comparison (kanalyze.h) is an input of the writers; the
 * gate in cli/ picks the row and decides the exit code. */
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
	bool lines;                   /* --lines: each kernel's memory lines   */
	bool summary;                 /* --summary: one line per kernel, worst first */
	const char *lines_order;      /* --lines-order: "source" (NULL) or "traffic" */
	bool utf8;                    /* the terminal takes UTF-8 (charts, names) */
	const char *findings;         /* --findings: the lowest severity shown
	                                 (NULL: "note"; sites.c ranks them) */
};

/* What a profiler measured at one source line of one kernel (verify
 * --profile, from Nsight Compute's Source page), with the machine model's
 * prediction for the launch it measured: the HTML page sets them beside
 * each other.  -1: not measured / not predicted. */
struct ka_measured_line {
	const struct ka_kernel_result *kr;
	const char *file;             /* as the model's access names it         */
	int line;
	double sectors_per_request, wavefronts_per_request;     /* measured    */
	double predicted_sectors, predicted_wavefronts;         /* the model's */
	bool sectors_differ, wavefronts_differ;   /* by more than 10 % (or half a unit) */
};
struct ka_measured {
	const char *source;           /* "Nsight Compute 2025.3.1 on NVIDIA H200" */
	const struct ka_measured_line *v;
	size_t n;
};

/* ---- the writers: one table, one row per --format ------------------------
 * Everything a writer may read besides the result.  The gate (cli/) fills
 * it; a writer ignores what its format does not show. */
struct ka_report_ctx {
	const struct ka_report_options *opt;   /* layout, --findings            */
	const struct ka_bl_compare *cmp;       /* NULL: no --baseline            */
	const char *baseline;                  /* the baseline's path, or NULL   */
	const char *root;                      /* paths are written relative to it */
	const struct ka_diag *diag;            /* the run's errors (a SARIF
	                                          invocation that did not succeed) */
	const struct ka_measured *measured;    /* verify --profile's, or NULL    */
};

/* 0, or -1 if writing failed. */
typedef int ka_writer_fn(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c);

struct ka_writer {
	const char *name;          /* the --format value                      */
	ka_writer_fn *write;
	bool compare_to_diag;      /* machine-read output: the gate also says
	                              the baseline comparison on the diagnostics
	                              stream (the text report holds it itself) */
	const char *what;          /* one line for the documentation          */
};

/* The rows, in the order --help lists them (an X-macro list: each row is
 * X(id, name, function, compare_to_diag, what)).  A new format is one
 * writer file and one row here. */
#define KA_WRITERS(X) \
	X(TEXT, "text", ka_write_text, false, "one block per kernel for a terminal, and the baseline comparison") \
	X(JSON, "json", ka_write_json, true, "the result as one JSON object (the contract of the man page's JSON OUTPUT)") \
	X(SARIF, "sarif", ka_write_sarif, false, "SARIF 2.1.0 for code scanning: regressions, cliff warnings, findings") \
	X(MARKDOWN, "markdown", ka_write_markdown, false, "a pull-request comment: what changed against the baseline") \
	X(CODEQUALITY, "codequality", ka_write_codequality, true, \
	  "a GitLab Code Quality report: regressions, cliff warnings and findings as issues") \
	X(HTML, "html", ka_write_html, true, \
	  "one self-contained page: each kernel's resources, occupancy charts and source lines with the predicted memory traffic")

#define KA_WRITER_DECLARE(id, name, fn, to_diag, what) ka_writer_fn fn;
KA_WRITERS(KA_WRITER_DECLARE)
#undef KA_WRITER_DECLARE

/* The rows of KA_WRITERS, in its order (writers.c). */
extern const struct ka_writer ka_writers[];
extern const size_t ka_writer_count;
/* The row named `name`, or NULL. */
const struct ka_writer *ka_writer_find(const char *name);
/* "text, json, sarif, markdown or codequality" appended to b (messages). */
void ka_writer_names(struct ka_buf *b);
/* The names as one string literal, " text json ..." (options.def's help). */
#define KA_WRITER_NAME_SPACED(id, name, fn, to_diag, what) " " name
#define KA_WRITER_NAMES KA_WRITERS(KA_WRITER_NAME_SPACED)

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
/* A kernel block's first column, every vendor's: the name shortened to
 * `cols` columns (ka_name_short), between `on` and `off` (bold), padded to
 * `width` columns so that the locations after it line up. */
void ka_text_kernel_name(FILE *out, const struct ka_kernel *k, int cols, int width, bool utf8, const char *on,
			 const char *off);
/* "--block", "__launch_bounds__" or "default" for a block_source. */
const char *ka_text_block_source(const char *source);
/* After it: " 1x32x1" for a shaped block, " at norm.cu:311" for a launch site. */
void ka_text_launch(FILE *out, const struct ka_kernel_result *rk);
/* "idle lanes  block 100 is not a multiple of the warp size (32): ..." when
 * a block leaves its last warp (wave) part empty; nothing otherwise. */
void ka_text_idle_lanes(FILE *out, int block, int width);
/* "  tail wave   ...": the grid's last wave under half a wave (--sms and a
 * constant grid); nothing otherwise.  nvidia: blocks/SMs, else workgroups/CUs. */
void ka_text_tail_wave(FILE *out, const struct ka_kernel_result *rk, bool nvidia);

/* ---- a baseline comparison in words (baseline.c) --------------------------
 * One change as a message, and the comparison as the text report prints it
 * (a summary line, then regressions first, each in baseline order). */
void ka_bl_change_message(const struct ka_bl_change *ch, struct ka_buf *b);
void ka_bl_compare_text(FILE *out, const char *path, const struct ka_bl_compare *c);

/* ---- the SASS census (sass.c) ---------------------------------------------
 * The text rows -- seed 003's columns and the pressure peak lines -- and the
 * JSON object of DESIGN §3 (a new jansson reference). */
void ka_sass_print_text(FILE *out, const struct ka_sass *s);
/* The same for an AMDGPU census (--sass on HIP): scalar and vector
 * instructions, scratch traffic, the lines with the most vector work. */
void ka_sass_print_text_amdgpu(FILE *out, const struct ka_sass *s);
struct json_t;
struct json_t *ka_sass_json(const struct ka_sass *s);

/* ---- the occupancy charts (chart.c, chart_nvidia.c, chart_amd.c) -----------
 * Vendor-neutral: the sweeps are runs of equal answers, the renderers read
 * them and the words of a per-vendor provider (struct ka_chart_ops); NVIDIA
 * counts blocks and warps per SM, AMD workgroups per CU and waves per SIMD.
 * The three sweeps, in the order they are drawn (left to right). */
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
 *
 * On AMD `blocks` is workgroups per CU and `warps` waves per SIMD. */
struct ka_chart_run {
	long x0, x1;
	int blocks, warps;
	double occ;
	unsigned limiters;
};

struct ka_chart_series {
	enum ka_chart_axis axis;
	long x_lo, x_hi;              /* the swept range                        */
	long x_axis;                  /* the drawn axis ends here (>= x_hi)     */
	long col_unit;                /* terminal columns are multiples of this */
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

/* What one point of a sweep answers. */
struct ka_chart_point {
	int blocks, warps;
	double occ;
	unsigned limiters;
};

struct ka_chart;
/* How a vendor names things and evaluates its model: the provider the
 * generic sweep and the renderers call (chart_nvidia.c, chart_amd.c). */
struct ka_chart_words {
	const char *axis[KA_CHART_AXES];       /* "threads per block" ...            */
	const char *term[KA_CHART_AXES];       /* sparkline labels, <= 5 columns     */
	const char *col[KA_CHART_AXES];        /* a terminal column: "threads", "regs", "B" */
	const char *key[KA_CHART_AXES];        /* <desc> keys: "block", "regs", "smem" */
	const char *group, *groups;            /* "block", "blocks"                  */
	const char *legend;                    /* what the y axis counts             */
};
struct ka_chart_ops {
	const struct ka_chart_words *words;
	/* The model at x on `axis`, the other two at the launch in use; alt:
	 * the variant of the secondary series (c->alt). */
	void (*eval)(const struct ka_chart *c, enum ka_chart_axis axis, bool alt, long x,
		     struct ka_chart_point *p);
	/* The last x' >= x that surely answers as x does (x: evaluate each). */
	long (*same_until)(const struct ka_chart *c, enum ka_chart_axis axis, long x);
	/* The launch in words: the headline ("... 256 threads/block, 0 B ..."),
	 * the terminal's launch line, a panel's fixed values, the occupancy. */
	void (*launch_text)(const struct ka_chart *c, bool term, char *buf, size_t n);
	void (*fixed_text)(const struct ka_chart *c, enum ka_chart_axis axis, char *buf, size_t n);
	void (*occ_text)(const struct ka_chart *c, bool term, char *buf, size_t n);
	/* The SVG <desc> figures: "regs=128 block=256 ... occupancy=0.25 ...". */
	void (*desc)(const struct ka_chart *c, struct ka_buf *b);
};

struct ka_chart {
	const struct ka_chart_ops *ops;
	const char *arch_name;        /* "sm_90", "gfx90a"                      */
	const char *note;             /* "" or what the arch's figures assume   */
	double occupancy;             /* at the launch in use                   */
	unsigned limiters;
	int max_warps;                /* per SM (AMD: waves per SIMD)           */
	/* the vendor's inputs and answer (the other vendor's are zero) */
	const struct ka_nv_arch *arch;
	struct ka_nv_launch launch;
	struct ka_occupancy occ;
	const struct ka_amd_arch *amd_arch;
	struct ka_amd_launch amd_launch;   /* wave resolved (never 0)           */
	struct ka_amd_occupancy amd_occ;
	const char *kernel;           /* short kernel name, or NULL             */
	const char *where;            /* "file.cu:12", or NULL                  */
	const char *block_source;     /* "option", "launch_bounds", "default"   */
	struct ka_chart_series s[KA_CHART_AXES];
	/* A second sweep of one axis under another assumption (AMD unified
	 * register file: VGPRs without the kernel's AGPRs); alt.n == 0: none. */
	struct ka_chart_series alt;
	char alt_label[64];           /* "without the 40 AGPRs"                 */
	char alt_term[16];            /* "0 AGPRs" (sparkline label)            */
};

/* Sweep the model around `in` (range-checked by the caller).  max_threads is
 * the kernel's __launch_bounds__ (0: none): larger blocks are marked as
 * unlaunchable, and a "next drop" among them is none.  Free with
 * ka_chart_free. */
void ka_chart_build(struct ka_chart *c, const struct ka_nv_arch *a, const struct ka_nv_launch *in,
		    long max_threads);
/* The same for AMD and Hygon: registers are architectural VGPRs (AGPRs held
 * at in->agprs; on a unified file also swept without them, in c->alt),
 * shared memory is LDS; in->wave 0 takes the arch's default. */
void ka_chart_build_amd(struct ka_chart *c, const struct ka_amd_arch *a, const struct ka_amd_launch *in,
			long max_threads);
/* The generic part of both (chart.c): sweep every series the provider set
 * up (axis, x_lo, x_hi, cur_x) and mark the launch and its cliffs. */
void ka_chart_sweep(struct ka_chart *c, long max_threads);
void ka_chart_free(struct ka_chart *c);
/* The run holding x, or NULL outside the swept range. */
const struct ka_chart_run *ka_chart_at(const struct ka_chart_series *s, long x);
/* The provider's axis name ("registers per thread", "VGPRs per wave" ...). */
const char *ka_chart_axis_label(const struct ka_chart *c, enum ka_chart_axis axis);
const char *ka_chart_axis_name(enum ka_chart_axis axis);   /* NVIDIA's names */
/* "registers and shared_memory" (sep " and ") for a limiter mask. */
void ka_chart_limiters(char *buf, size_t n, unsigned mask, const char *sep);
/* "25 %", "12.5 %": an occupancy fraction as the charts print it. */
void ka_chart_pct(char *buf, size_t n, double occ);

/* ---- cairo rendering (chart_svg.c) ----------------------------------------
 * Colours are fixed so tests (and readers) can tell the parts apart:
 * series blue, current point red, next drop orange (dashed), next gain green
 * (dashed), axes near-black, grid light grey, a secondary series purple
 * (dashed). */
#define KA_CHART_RGB_SERIES 0x1f77b4
#define KA_CHART_RGB_CURRENT 0xd62728
#define KA_CHART_RGB_DROP 0xff7f0e
#define KA_CHART_RGB_GAIN 0x2ca02c
#define KA_CHART_RGB_AXIS 0x222222
#define KA_CHART_RGB_GRID 0xdddddd
#define KA_CHART_RGB_NOLAUNCH 0xeeeeee
#define KA_CHART_RGB_ALT 0x9467bd          /* the secondary series, dashed */

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
