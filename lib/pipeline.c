/* pipeline.c — every (file, arch) of an analysis as one batch: files from
 * the command line or from -p's compile_commands.json (each with its own
 * flags and, when --arch is not given, its own architectures), each
 * classified to its frontend (inputs.c) and compiled for the archs of that
 * frontend's vendor; the frontend runs its units up to -j at once (and takes
 * what it can from the result cache). */
#include "lib.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct input {
	const char *file;
	const struct ka_compile_flags *cf;     /* from the database, or NULL */
};

/* The inputs: the named files (with their database entry, if any; less
 * the fragments of another, fragments.c), else every CUDA/HIP entry of the
 * database. */
static struct input *inputs(const struct ka_run *run, const struct ka_compdb *db, int *n, struct ka_diag *d)
{
	const struct ka_request *req = run->req;
	struct input *in = ka_xcalloc((size_t)(req->n_inputs > 0 ? req->n_inputs : (int)db->n) + 1, sizeof(*in));
	*n = 0;
	if (req->n_inputs > 0) {
		for (int f = 0; f < run->n_inputs; f++) {
			in[*n].file = run->inputs[f];
			in[*n].cf = req->compdb ? ka_compdb_find(db, run->inputs[f]) : NULL;
			if (req->compdb && !in[*n].cf && access(run->inputs[f], F_OK) == 0)
				ka_diag_note(d, run->inputs[f], "not in the compilation database: analysed with the "
					     "command line's flags only");
			(*n)++;
		}
	} else {
		for (size_t i = 0; i < db->n; i++)
			in[(*n)++] = (struct input){.file = db->v[i].source, .cf = &db->v[i]};
		if (*n == 0)
			ka_diag_note(d, req->compdb, "no CUDA or HIP entries in the compilation database");
	}
	return in;
}

/* Add the units of one input: its frontend's vendor's archs of the run, or
 * (without --arch) those its database entry builds for. */
static int add_units(const struct input *in, struct ka_run *run, struct ka_unit **units, size_t *n,
		     size_t *cap, struct ka_diag *d)
{
	const char *lang = run->req->lang ? run->req->lang : in->cf ? in->cf->lang : NULL;
	const struct ka_frontend *fe = ka_input_classify(run, in->file, lang, in->cf);
	const struct ka_vendor_ops *v = fe->vendor;
	const char *const *use = v ? run->archs[v->id] : NULL;
	int n_use = v ? run->n_archs[v->id] : 0;

	if (!v) {                               /* the archs are in the input */
		if (ka_input_check(in->file, fe->suffix, d) != 0)
			return KA_EXIT_USAGE;
		KA_GROW(*units, *n, *cap, 16);
		(*units)[(*n)++] = (struct ka_unit){.file = in->file, .arch = NULL, .cf = in->cf, .fe = fe};
		return KA_EXIT_OK;
	}
	if (!run->archs_given && in->cf && in->cf->n_archs > 0) {
		use = (const char *const *)in->cf->archs;
		n_use = in->cf->n_archs;
	} else if (n_use == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, in->file, "%s", fe->no_arch);
		return KA_EXIT_USAGE;
	}
	if (ka_input_check(in->file, fe->suffix, d) != 0)
		return KA_EXIT_USAGE;
	for (int a = 0; a < n_use; a++) {
		if (ka_vendor_of_arch(use[a]) != v || !v->analysable(use[a])) {
			ka_diag_note(d, in->file, "architecture %s from the compilation database is not "
				     "analysable here; skipped", use[a]);
			continue;
		}
		KA_GROW(*units, *n, *cap, 16);
		(*units)[(*n)++] = (struct ka_unit){.file = in->file, .arch = use[a], .cf = in->cf, .fe = fe};
	}
	return KA_EXIT_OK;
}

/* --arch names archs of a vendor that no input is compiled for (sm_90,gfx90a
 * on .cu files): say so rather than drop them in silence.  Binaries take
 * archs of every vendor. */
static void unused_archs(const struct ka_run *run, const struct ka_unit *units, size_t n, struct ka_diag *d)
{
	bool used[KA_VENDOR_COUNT] = {false};

	for (size_t i = 0; i < n; i++)
		for (int v = 0; v < KA_VENDOR_COUNT; v++)
			used[v] |= !units[i].fe->vendor || units[i].fe->vendor == ka_vendors[v];
	for (int v = 0; n > 0 && run->archs_given && v < KA_VENDOR_COUNT; v++)
		for (int a = 0; !used[v] && a < run->n_archs[v]; a++)
			ka_diag_warn(d, NULL, "--arch %s: no input is compiled for it (%s); it is left out",
				     run->archs[v][a], ka_vendors[v]->inputs);
}

/* Compile the inputs: their units, frontend by frontend, each with all of
 * its units (-j across files); the units are appended to *all. */
static int compile_inputs(const struct input *in, int n_in, struct ka_run *run, struct ka_unit **all, size_t *n_all,
			  size_t *cap_all, bool first_round, struct ka_diag *d)
{
	struct ka_unit *units = NULL, *mine;
	size_t n_units = 0, cap = 0;
	int rc = KA_EXIT_OK;

	for (int f = 0; f < n_in; f++) {
		int r = add_units(&in[f], run, &units, &n_units, &cap, d);
		rc = r > rc ? r : rc;
	}
	if (first_round)
		unused_archs(run, units, n_units, d);
	mine = ka_xcalloc(n_units + 1, sizeof(*mine));
	for (size_t o = 0; o < ka_input_kind_count; o++) {       /* each kind of the table, in its order */
		const struct ka_frontend *fe = ka_input_kinds[o];
		size_t k = 0;
		for (size_t i = 0; i < n_units; i++)
			if (units[i].fe == fe)
				mine[k++] = units[i];
		if (k == 0)
			continue;
		int r = fe->compile(mine, (int)k, run, d);
		rc = r > rc ? r : rc;
		for (size_t i = 0; i < k; i++) {
			KA_GROW(*all, *n_all, *cap_all, 16);
			(*all)[(*n_all)++] = mine[i];
		}
	}
	free(mine);
	free(units);
	return rc;
}

/* Whether every unit of `file` compiled (false when it has none). */
static bool compiled(const struct ka_unit *units, size_t n, const char *file)
{
	bool any = false;
	for (size_t i = 0; i < n; i++)
		if (strcmp(units[i].file, file) == 0) {
			if (units[i].rc != KA_EXIT_OK)
				return false;
			any = true;
		}
	return any;
}

/* The fragments (fragments.c) after the inputs: one whose includer compiled
 * (or is itself covered) is covered by it; one whose includer did not
 * compile is compiled on its own, round after round down the chain. */
enum { FRAG_OPEN, FRAG_OK, FRAG_FAILED, FRAG_COVERED };
static int compile_fragments(struct ka_run *run, struct ka_unit **all, size_t *n_all, size_t *cap_all,
			     struct ka_diag *d)
{
	const struct ka_request *req = run->req;
	const struct ka_fragments *fr = run->fragments;
	int n = req->n_inputs, rc = KA_EXIT_OK;
	int *state = ka_xcalloc((size_t)n + 1, sizeof(*state));
	struct input *batch = ka_xcalloc((size_t)n + 1, sizeof(*batch));

	for (int i = 0; i < n; i++)
		if (fr->by[i] < 0)
			state[i] = compiled(*all, *n_all, req->inputs[i]) ? FRAG_OK : FRAG_FAILED;
	for (bool changed = true; changed;) {
		int n_batch = 0;
		changed = false;
		for (int i = 0; i < n; i++) {
			int by = fr->by[i];
			if (state[i] != FRAG_OPEN || (state[by] != FRAG_OK && state[by] != FRAG_COVERED &&
						      state[by] != FRAG_FAILED))
				continue;
			changed = true;
			if (state[by] == FRAG_FAILED) {
				ka_diag_note(d, req->inputs[i], "#included by %s, which did not compile: compiled on "
					     "its own", req->inputs[by]);
				batch[n_batch++] = (struct input){.file = req->inputs[i]};
				state[i] = -1;          /* in this round */
			} else {
				ka_diag_note(d, req->inputs[i], "#included by %s, whose compile reports its kernels; "
					     "not compiled on its own", req->inputs[by]);
				state[i] = FRAG_COVERED;
			}
		}
		if (n_batch == 0)
			continue;
		int r = compile_inputs(batch, n_batch, run, all, n_all, cap_all, false, d);
		rc = r > rc ? r : rc;
		for (int i = 0; i < n; i++)
			if (state[i] == -1)
				state[i] = compiled(*all, *n_all, req->inputs[i]) ? FRAG_OK : FRAG_FAILED;
	}
	free(batch);
	free(state);
	return rc;
}

int ka_pipeline_run(struct ka_run *run, struct ka_diag *d)
{
	const struct ka_request *req = run->req;
	struct ka_compdb db = {0};
	struct ka_unit *units = NULL;
	size_t n_units = 0, cap = 0;
	int n_in = 0, rc;

	if (req->compdb && ka_compdb_load(req->compdb, &db, d) != 0)
		return KA_EXIT_USAGE;
	struct input *in = inputs(run, &db, &n_in, d);
	rc = compile_inputs(in, n_in, run, &units, &n_units, &cap, true, d);
	if (run->fragments && run->fragments->n_dropped > 0) {
		int r = compile_fragments(run, &units, &n_units, &cap, d);
		rc = r > rc ? r : rc;
	}
	free(units);
	free(in);
	/* `done` holds copies of the database's strings */
	ka_compdb_free(&db);
	return rc;
}
