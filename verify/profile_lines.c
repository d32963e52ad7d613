/* profile_lines.c — verify --profile's line-by-line check of the machine
 * model (profile_lines.h, private to verify/: verify_profile.c's): for each
 * source line where Nsight Compute counted global sectors or shared-memory
 * wavefronts, the model's prediction per warp-level request (evaluated
 * again at the launch ncu measured: its block and grid) beside the
 * hardware's: its sectors / its requests, its wavefronts / its shared
 * requests.  A prediction agrees when it is within 10 % of the
 * measurement or half a sector (wavefront) of it, the advice benchmark's
 * rule; a line whose address comes from a loaded value (a gather) is an
 * assumption and counted apart; a measured line the model lists no access
 * at is "not listed".
 *
 * The comparison is reported, not gated: a loop's trip count or a gather's
 * data can move the hardware's figure away from what the code alone says. */
#include "profile_lines.h"

#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "frontends.h"
#include "machine.h"

/* How many trailing path components two paths share (0: not even the
 * file's name). */
static int shared_suffix(const char *a, const char *b)
{
	size_t i = strlen(a), j = strlen(b);
	int n = 0;
	while (i > 0 && j > 0) {
		size_t ai = i, bj = j;
		while (ai > 0 && a[ai - 1] != '/')
			ai--;
		while (bj > 0 && b[bj - 1] != '/')
			bj--;
		if (i - ai != j - bj || strncmp(a + ai, b + bj, i - ai) != 0 || i == ai)
			break;
		n++;
		if (ai == 0 || bj == 0)
			break;
		i = ai - 1, j = bj - 1;
	}
	return n;
}

/* The model's file that ncu's `file` is: the longest shared suffix among
 * the files of m's accesses; NULL when none shares the name or two tie. */
static const char *model_file(const struct ka_mach_result *m, const char *file)
{
	const char *best = NULL;
	int score = 0;
	bool tie = false;
	for (size_t i = 0; i < m->n; i++) {
		const char *f = m->v[i].file;
		if (best && strcmp(best, f) == 0)
			continue;
		int s = shared_suffix(f, file);
		if (s > score)
			best = f, score = s, tie = false;
		else if (s == score && s > 0 && strcmp(best, f) != 0)
			tie = true;
	}
	return tie ? NULL : best;
}

/* The model's request-weighted figure per request at (file, line) for a
 * space (global: sectors, shared: wavefronts); -1 when it lists none there.
 * *gather: one of them takes its address from a loaded value. */
static double predicted(const struct ka_mach_result *m, const char *file, int line, bool shared, bool *gather)
{
	double sum = 0, executions = 0;
	*gather = false;
	for (size_t i = 0; i < m->n; i++) {
		const struct ka_mach_access *a = &m->v[i];
		double per = shared ? a->wavefronts : a->sectors;
		if (a->line != line || strcmp(a->file, file) != 0 ||
		    a->space != (shared ? KA_MACH_SHARED : KA_MACH_GLOBAL) || per < 0)
			continue;
		double e = a->executions > 0 ? a->executions : 1;
		sum += per * e;
		executions += e;
		*gather |= a->gather;
	}
	return executions > 0 ? sum / executions : -1;
}

/* Whether the model has a local-memory access at (file, line). */
static bool lists_local(const struct ka_mach_result *m, const char *file, int line)
{
	for (size_t i = 0; file && i < m->n; i++)
		if (m->v[i].space == KA_MACH_LOCAL && m->v[i].line == line && strcmp(m->v[i].file, file) == 0)
			return true;
	return false;
}

static bool differs(double model, double hw)
{
	return fabs(model - hw) > fmax(0.1 * hw, 0.5);
}

/* The measured requests of one space at an ncu line (-1: unknown). */
static long long requests(const struct ka_ncu_line *l, bool shared)
{
	long long n = -1;
	for (size_t i = 0; i < l->n_access; i++)
		if (l->access[i].shared == shared && l->access[i].executed >= 0) {
			long long x = l->access[i].executed;      /* an export's count: saturate, never wrap */
			n = n < 0 ? x : n > LLONG_MAX - x ? LLONG_MAX : n + x;
		}
	return n;
}

static void tally(struct ka_profile_tally *t, bool listed, bool gather, bool off, double weight)
{
	t->lines++;
	t->weight += weight;
	if (!listed)
		return;
	t->listed++;
	t->weight_listed += weight;
	if (gather) {
		t->gathers++;
		return;
	}
	t->resolved++;
	t->weight_resolved += weight;
	if (!off) {
		t->within++;
		t->weight_within += weight;
	}
}

json_t *ka_profile_lines(struct ka_profile_lines *pl, const struct ka_ncu_profile *p, const char *ncu_kernel,
			 const struct ka_ncu_launch *launch, const struct ka_kernel_result *kr,
			 const char *(*shown)(const void *ctx, const char *ncu_file), const void *ctx)
{
	json_t *out = json_array();
	struct ka_mach_result *m = kr ? ka_accesses_at(kr, launch->block, launch->grid) : NULL;
	if (!m)
		return out;
	KA_GROW(pl->owned, pl->n_owned, pl->cap_owned, 8);
	pl->owned[pl->n_owned++] = m;
	for (size_t i = 0; i < p->n_lines; i++) {
		const struct ka_ncu_line *l = &p->lines[i];
		if (l->kernel != ncu_kernel)
			continue;
		long long greq = requests(l, false), sreq = requests(l, true);
		bool has_global = l->sectors > 0 && greq > 0, has_shared = l->wavefronts > 0 && sreq > 0;
		const char *file = model_file(m, l->file);
		bool hw_local = l->local_executed > 0, model_local = lists_local(m, file, l->line);
		if (!has_global && !has_shared && !hw_local && !model_local)
			continue;
		struct ka_measured_line ml = {.kr = kr, .file = file, .line = l->line, .sectors_per_request = -1,
					      .wavefronts_per_request = -1, .predicted_sectors = -1,
					      .predicted_wavefronts = -1};
		bool ggather = false, sgather = false;
		json_t *o = json_pack("{s:s, s:i}", "file", shown(ctx, l->file), "line", l->line);
		if (has_global) {
			ml.sectors_per_request = (double)l->sectors / (double)greq;
			ml.predicted_sectors = file ? predicted(m, file, l->line, false, &ggather) : -1;
			ml.sectors_differ = ml.predicted_sectors < 0 || differs(ml.predicted_sectors, ml.sectors_per_request);
			tally(&pl->global, ml.predicted_sectors >= 0, ggather, ml.sectors_differ, (double)l->sectors);
			json_object_set_new(o, "global", json_pack("{s:f, s:o, s:b, s:o, s:I}", "measured",
								  ml.sectors_per_request, "predicted",
								  ml.predicted_sectors >= 0 ? json_real(ml.predicted_sectors)
											     : json_null(),
								  "gather", ggather, "agree",
								  ml.predicted_sectors < 0 ? json_null()
								  : json_boolean(!ml.sectors_differ),
								  "sectors", (json_int_t)l->sectors));
		} else {
			json_object_set_new(o, "global", json_null());
		}
		if (has_shared) {
			ml.wavefronts_per_request = (double)l->wavefronts / (double)sreq;
			ml.predicted_wavefronts = file ? predicted(m, file, l->line, true, &sgather) : -1;
			ml.wavefronts_differ =
				ml.predicted_wavefronts < 0 || differs(ml.predicted_wavefronts, ml.wavefronts_per_request);
			tally(&pl->shared, ml.predicted_wavefronts >= 0, sgather, ml.wavefronts_differ,
			      (double)l->wavefronts);
			json_object_set_new(o, "shared", json_pack("{s:f, s:o, s:b, s:o, s:I}", "measured",
								  ml.wavefronts_per_request, "predicted",
								  ml.predicted_wavefronts >= 0
									  ? json_real(ml.predicted_wavefronts)
									  : json_null(),
								  "gather", sgather, "agree",
								  ml.predicted_wavefronts < 0 ? json_null()
								  : json_boolean(!ml.wavefronts_differ),
								  "wavefronts", (json_int_t)l->wavefronts));
		} else {
			json_object_set_new(o, "shared", json_null());
		}
		/* local memory: no sector count in ncu's source page, so where
		 * it ran is what is compared (a local array ptxas kept in
		 * registers runs none, whatever the PTX said) */
		if (hw_local || model_local) {
			pl->local.lines++;
			pl->local.agree += hw_local == model_local;
			pl->local.model_only += model_local && !hw_local;
			pl->local.hardware_only += hw_local && !model_local;
			json_object_set_new(o, "local", json_pack("{s:I, s:b, s:b}", "measured_instructions",
								 (json_int_t)l->local_executed, "predicted", model_local,
								 "agree", hw_local == model_local));
		} else {
			json_object_set_new(o, "local", json_null());
		}
		json_array_append_new(out, o);
		if (file) {               /* the page shows it at the model's line */
			KA_GROW(pl->v, pl->n, pl->cap, 32);
			pl->v[pl->n++] = ml;
		}
	}
	return out;
}

static json_t *tally_json(const struct ka_profile_tally *t)
{
	return json_pack("{s:i, s:i, s:i, s:i, s:i, s:f, s:f, s:f}", "lines", (int)t->lines, "listed", (int)t->listed,
			 "gathers", (int)t->gathers, "resolved", (int)t->resolved, "within_10_percent", (int)t->within,
			 "listed_share", t->weight > 0 ? t->weight_listed / t->weight : 0.0, "resolved_share",
			 t->weight > 0 ? t->weight_resolved / t->weight : 0.0, "within_share_of_resolved",
			 t->weight_resolved > 0 ? t->weight_within / t->weight_resolved : 0.0);
}

json_t *ka_profile_lines_summary(const struct ka_profile_lines *pl)
{
	return json_pack("{s:o, s:o, s:{s:i, s:i, s:i, s:i}}", "global", tally_json(&pl->global), "shared",
			 tally_json(&pl->shared), "local", "lines", (int)pl->local.lines, "agree", (int)pl->local.agree,
			 "model_only", (int)pl->local.model_only, "hardware_only", (int)pl->local.hardware_only);
}

void ka_profile_lines_free(struct ka_profile_lines *pl)
{
	for (size_t i = 0; i < pl->n_owned; i++) {
		ka_mach_result_free(pl->owned[i]);
		free(pl->owned[i]);
	}
	free(pl->owned);
	free(pl->v);
	memset(pl, 0, sizeof(*pl));
}
