/* guard.c — bounds on the analysis of one kernel: the depth of the walks
 * and the time they take.  Every walk of the analyzer recurses through
 * clang_visitChildren (a visitor that visits its cursor's children, an
 * evaluator that asks for an expression's operands), so the forwarder of
 * that one function (clang_dl.c) asks ka_guard_ok first: past half of the
 * thread's stack, or past the kernel's time budget, it visits nothing more
 * and the guard is tripped; the kernel's analysis is then withheld with a
 * note (analyzer.c), never a crash (a 30000-term sum is 30000 nested
 * operators: 2 KiB of stack each in the walks) and never a run without end.
 * The state is the calling thread's: analyses on several threads each
 * have their own. */
#define _GNU_SOURCE
#include "internal.h"

#include <pthread.h>

struct guard {
	const char *stack_lo;        /* the lowest address the walks may reach */
	double deadline;             /* ka_now_ms() past which nothing is visited */
	unsigned ticks;              /* calls since the clock was last read    */
	enum ka_withheld tripped;
};
static __thread struct guard g;

/* Half of the thread's stack, below where the guard begins: libclang's own
 * frames and the last visitor's need the rest. */
static const char *stack_floor(void)
{
	pthread_attr_t a;
	void *lo = NULL;
	size_t size = 0;
	const char *here = __builtin_frame_address(0);

	if (pthread_getattr_np(pthread_self(), &a) == 0) {
		if (pthread_attr_getstack(&a, &lo, &size) != 0)
			lo = NULL;
		pthread_attr_destroy(&a);
	}
	if (!lo || here < (const char *)lo || here > (const char *)lo + size)
		return here - (4u << 20);            /* unknown: 4 MiB */
	return (const char *)lo + (size_t)(here - (const char *)lo) / 2;
}

void ka_guard_begin(double budget_ms)
{
	g.stack_lo = stack_floor();
	g.deadline = ka_now_ms() + (budget_ms > 0 ? budget_ms : KA_ANALYSIS_BUDGET_MS);
	g.ticks = 0;
	g.tripped = KA_WITHHELD_NONE;
}

enum ka_withheld ka_guard_end(void)
{
	enum ka_withheld t = g.tripped;
	g.stack_lo = NULL;
	g.tripped = KA_WITHHELD_NONE;
	return t;
}

bool ka_guard_ok(void)
{
	if (!g.stack_lo)                             /* outside a guarded walk */
		return true;
	if (g.tripped)
		return false;
	if ((const char *)__builtin_frame_address(0) < g.stack_lo) {
		g.tripped = KA_WITHHELD_DEPTH;
		return false;
	}
	if (++g.ticks >= 256) {
		g.ticks = 0;
		if (ka_now_ms() > g.deadline) {
			g.tripped = KA_WITHHELD_TIME;
			return false;
		}
	}
	return true;
}
