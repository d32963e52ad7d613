/* frontends.h — everything that runs a compiler or reads what one wrote.
 *
 * NVIDIA: nvcc compiles device code only (-cubin, one arch per run, argv via
 * posix_spawn, private temp dir, timeout); the cubin's ELF .nv.info
 * attributes give the resources (libelf, bounds-checked); the ptxas -v text
 * gives spills and cross-checks the rest.  Each reader takes bytes and a
 * diagnostics context and never trusts its input. */
#ifndef KANALYZE_FRONTENDS_H
#define KANALYZE_FRONTENDS_H

#include <stddef.h>

#include "core.h"
#include "kanalyze/kernel.h"

/* A growable list of kernels. */
struct ka_kernel_list {
	struct ka_kernel *v;
	size_t n, cap;
};
struct ka_kernel *ka_kernel_list_add(struct ka_kernel_list *l);
void ka_kernel_list_free(struct ka_kernel_list *l);
/* Sort by file, arch, mangled name (the report order, DESIGN §3). */
void ka_kernel_list_sort(struct ka_kernel_list *l);

/* ---- ptxas -v text --------------------------------------------------------
 * One entry per "Compiling entry function" (or "Function properties for")
 * block.  Fields the log does not state stay KA_UNSET. */
struct ka_ptxas_entry {
	char *mangled;
	char arch[16];
	long regs, barriers, stack_frame, spill_stores, spill_loads;
	long cumulative_stack, smem, cmem0;
	int is_entry;           /* a kernel, not a called device function */
};
struct ka_ptxas_log {
	struct ka_ptxas_entry *v;
	size_t n, cap;
	int unsupported_lines;  /* "ptxas info" lines not understood */
};
/* Parse text (need not be NUL-terminated).  Never fails: what it cannot read
 * is counted and warned about once through `d`, with `where` as location. */
void ka_ptxas_log_parse(const char *text, size_t len, struct ka_ptxas_log *log,
			struct ka_diag *d, const char *where);
void ka_ptxas_log_free(struct ka_ptxas_log *log);
const struct ka_ptxas_entry *ka_ptxas_log_find(const struct ka_ptxas_log *log, const char *mangled);

/* ---- cubin (.nv.info) -------------------------------------------------------
 * Appends one kernel per entry function (STT_FUNC symbol with a
 * .nv.info.<name> section) to `out`, with resources from the attributes.
 * Returns 0, or -EINVAL for input that is not a readable CUDA cubin (with a
 * message through d).  Unknown attributes are skipped and reported once per
 * attribute id ("unsupported"). */
int ka_cubin_read(const void *data, size_t len, const char *where, struct ka_diag *d,
		  struct ka_kernel_list *out);

/* Cross-check a cubin's kernels against the ptxas log of the same compile:
 * registers, barriers, stack and shared memory must agree; spills are taken
 * from the log (the cubin does not record them).  Disagreements are warned
 * about, the cubin's value is kept. */
void ka_nv_crosscheck(struct ka_kernel *k, const struct ka_ptxas_entry *e, struct ka_diag *d);

/* ---- names ----------------------------------------------------------------- */
/* Demangled C++ name (malloc'd); a copy of the input when it is not mangled. */
char *ka_demangle(const char *mangled);
/* Line of the definition of kernel `name` (demangled, without parameters or
 * template arguments) in source text: the first line where the identifier
 * follows a __global__ within the same declaration.  0 if not found. */
int ka_source_find_kernel_line(const char *src, size_t len, const char *demangled);

/* ---- the nvcc driver -------------------------------------------------------- */
struct ka_nvcc_options {
	const char *nvcc;          /* path or name; NULL: $KANALYZE_NVCC, PATH, */
	                           /* /usr/local/cuda/bin/nvcc                  */
	const char *const *extra;  /* -I/-D/-std and pass-through, NULL-ended   */
	const char *lang;          /* "cuda" for -x cu, NULL to let nvcc decide */
	double timeout_s;
	int jobs;                  /* concurrent nvcc runs                      */
};
/* Compile `file` for each arch (device code only) and append its kernels.
 * Returns KA_EXIT_OK, or KA_EXIT_TOOLCHAIN after printing the compiler's own
 * diagnostics (compile error, missing nvcc, timeout).  When version is not
 * NULL and still NULL, it receives nvcc's version ("13.0.88", malloc'd),
 * asked for alongside the compiles. */
int ka_nvcc_analyze(const char *file, const char *const *archs, int n_archs,
		    const struct ka_nvcc_options *opt, struct ka_diag *d,
		    struct ka_kernel_list *out, char **version);
/* The nvcc that would be used (malloc'd), or NULL. */
char *ka_nvcc_locate(const struct ka_nvcc_options *opt);

#endif
