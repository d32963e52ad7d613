/* loops.c — what both interpreters (lanes.c for PTX, amdgpu_lanes.c for
 * AMDGPU) do with a loop: run its first LOOP_CAP iterations (fewer once a
 * warp has taken STEP_BUDGET steps), take its trip count from the gap
 * between its test's operands -- which shrinks by the same amount each
 * iteration (i < n; r != 0) -- or DEFAULT_TRIPS when the bound is data,
 * and weigh the executions of the instructions inside it by trips run
 * against trips estimated.  Loops nest: an inner loop's weight is applied
 * before the outer one's (its back edge comes first). */
#include "internal.h"

#include <stdint.h>

enum { LOOP_CAP = 4, DEFAULT_TRIPS = 16, MAX_TRIPS = 1 << 20 };

void ka_loop_gap(struct mach_loop *lp, int64_t a, int64_t b, unsigned tag)
{
	if (tag & (TAG_LOADED | TAG_ULOAD | TAG_UNKNOWN)) {
		lp->n_gap = 0;                 /* a bound that is data: no rate */
		return;
	}
	if (lp->n_gap == 2)
		lp->gap[0] = lp->gap[1], lp->n_gap = 1;
	lp->gap[lp->n_gap++] = (int64_t)((uint64_t)b - (uint64_t)a);
}

static double trips(const struct mach_loop *lp, int ran, bool *defaulted)
{
	*defaulted = false;
	if (lp->n_gap == 2) {
		int64_t g0 = lp->gap[0], g1 = lp->gap[1], step = (int64_t)((uint64_t)g0 - (uint64_t)g1);
		if (g0 > INT64_MAX / 4 || g0 < -INT64_MAX / 4 || g1 > INT64_MAX / 4 || g1 < -INT64_MAX / 4)
			step = 0;
		if (step != 0 && g1 != 0 && (g1 > 0) == (step > 0)) {
			double rest = (double)((g1 + step - (step > 0 ? 1 : -1)) / step);
			return ran + (rest > MAX_TRIPS ? MAX_TRIPS : rest);
		}
		if (g1 == 0)
			return ran;
	}
	*defaulted = true;
	return ran > DEFAULT_TRIPS ? ran : DEFAULT_TRIPS;
}

bool ka_loop_back_edge(struct mach_loop *lp, bool taken, long steps)
{
	int ran = lp->runs + 1;
	bool cut = taken && (ran >= LOOP_CAP || steps > KA_STEP_BUDGET);
	if (taken && !cut) {
		lp->runs = ran;
		return true;
	}
	bool def = false;
	double t = cut ? trips(lp, ran, &def) : ran;
	lp->sum_s += ran;
	lp->sum_t += t;
	lp->defaulted |= def;
	lp->runs = 0;
	lp->n_gap = 0;
	return false;
}

void ka_loops_weigh(const struct pfunc *f, const struct mach_loop *loops, double *sim, struct warp_run *out)
{
	size_t n = f->n;
	for (size_t i = 0; i < n; i++)
		out->executions[i] += sim[i];
	for (size_t b = 0; b < n; b++) {
		const struct mach_loop *lp = &loops[b];
		int t = f->v[b].target;
		if (lp->sum_s <= 0 || t < 0 || (size_t)t > b)
			continue;
		double scale = lp->sum_t / lp->sum_s;
		for (size_t i = (size_t)t; i <= b; i++) {
			out->executions[i] += sim[i] * (scale - 1) * (sim[i] > 0);
			sim[i] *= scale;
			out->loop_default[i] |= lp->defaulted;
		}
	}
}
