/* cc_fold.c — the compiler's warnings of a successful compile, counted
 * instead of shown.  kanalyze compiles the device code only to read its
 * resources; the project's own build compiles the same code with its own
 * flags and shows these warnings there (hipcc's -Wunused-result on a
 * discarded hipMalloc status in host code, say), so here they are one line
 * per compile: "2 compiler warnings not shown (-Wunused-result 2); --verbose
 * shows them".  A failed compile, and --verbose, show everything.  One
 * implementation for every frontend that forwards clang-style diagnostics
 * ("file:line:col: warning: text [-Wflag]"). */
#define _GNU_SOURCE
#include "frontends.h"

#include <stdio.h>
#include <string.h>

bool ka_cc_warning(const char *p, size_t n, char *flag, size_t size)
{
	static const char kind[] = ": warning:";
	const char *w = memmem(p, n, kind, sizeof(kind) - 1), *lb, *rb;
	if (size)
		flag[0] = '\0';
	if (!w)
		return false;
	/* the flag clang names last on the line: "[-Wunused-result]" */
	rb = p + n;
	while (rb > w && rb[-1] == ' ')
		rb--;
	if (rb > w && rb[-1] == ']') {
		for (lb = rb - 1; lb > w && *lb != '['; lb--)
			;
		if (*lb == '[' && rb - lb > 3 && lb[1] == '-' && (size_t)(rb - lb - 2) < size) {
			memcpy(flag, lb + 1, (size_t)(rb - lb - 2));
			flag[rb - lb - 2] = '\0';
		}
	}
	return true;
}

void ka_cc_fold_add(struct ka_cc_fold *f, const char *flag)
{
	int i;
	f->total++;
	for (i = 0; i < f->n_flags; i++)
		if (strcmp(f->flag[i], flag) == 0)
			break;
	if (i == f->n_flags) {
		if (f->n_flags == KA_CC_FOLD_FLAGS)
			return;                      /* counted in total only */
		snprintf(f->flag[i], sizeof(f->flag[i]), "%s", flag);
		f->n_flags++;
	}
	f->count[i]++;
}

void ka_cc_fold_report(const struct ka_cc_fold *f, struct ka_diag *d, const char *file)
{
	char list[KA_CC_FOLD_FLAGS * 64] = "";
	size_t len = 0;
	if (f->total == 0)
		return;
	for (int i = 0; i < f->n_flags && len < sizeof(list); i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s %d", i ? ", " : "",
					f->flag[i][0] ? f->flag[i] : "no flag", f->count[i]);
	ka_diag_note(d, file, "%d compiler warning%s not shown (%s): the build shows them; --verbose shows them here",
		     f->total, f->total == 1 ? "" : "s", list);
}
