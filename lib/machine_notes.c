/* machine_notes.c — what the machine code says beside each fact and each
 * finding of a kernel result, in the words the writers print: the writers
 * read these strings from the result and join nothing themselves.
 *
 *   finding  the check of its line (ground.c: what the line holds, or why it
 *            contradicts the finding); else, with --sass, the census of its
 *            line ("SASS at line 12: 9 instructions (2 uniform datapath, 7
 *            vector), up to 40 live registers"); else the line's code named
 *   fact     with --sass, whether a value uniform in source is computed on
 *            the uniform datapath or in vector registers at its line
 *            (analyzer.c's note over the census's per-line counts)
 *
 * A SASS line table is used only when it is of the file the analysis's lines
 * are of: the compiled file, or the header the kernel is defined in. */
#define _GNU_SOURCE                    /* realpath */
#include "lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *base_of(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* Two spellings of one header: the report's (spelt from the compiled
 * file's directory) and the listing's (nvcc's path).  The same real path
 * when both resolve; else, a path gone (a private copy's), the same base
 * name. */
static bool same_header(const char *report, const char *listing)
{
	char *a = realpath(report, NULL), *b = realpath(listing, NULL);
	bool same = a && b ? strcmp(a, b) == 0 : strcmp(base_of(report), base_of(listing)) == 0;
	free(a);
	free(b);
	return same;
}

/* Whether k's SASS line table is of the file its source lines are of. */
static bool sass_in_kernel_file(const struct ka_kernel *k)
{
	const struct ka_sass *s = k->sass;
	if (!s || !s->file)
		return false;
	if (!k->def_file)
		return s->file_main;
	return !s->file_main && same_header(k->def_file, s->file);
}

static char *finding_note(const struct ka_kernel_result *kr, size_t i, bool sass)
{
	const struct ka_ufinding *f = &kr->u->findings[i];
	const struct ka_finding_ground *g = kr->ground ? &kr->ground[i] : NULL;
	const struct ka_sass *s = kr->k->sass;
	char buf[512];

	if (g && g->verdict != KA_MACHINE_UNCHECKED)     /* its line's code, checked */
		return ka_strdup(g->machine);
	for (size_t j = 0; sass && j < s->n_lines; j++) {
		const struct ka_sass_line *l = &s->lines[j];
		int w;
		if (l->line != f->line || l->instructions <= 0)
			continue;
		w = snprintf(buf, sizeof(buf), "SASS at line %d: %ld instruction%s (%ld uniform datapath, %ld vector)",
			     l->line, l->instructions, l->instructions == 1 ? "" : "s", l->uniform, l->vector);
		if (l->live >= 0 && w > 0 && (size_t)w < sizeof(buf))
			snprintf(buf + w, sizeof(buf) - (size_t)w, ", up to %d live registers", l->live);
		return ka_strdup(buf);
	}
	return g && g->machine[0] ? ka_strdup(g->machine) : NULL;   /* the line's code, named */
}

static void kernel_notes(struct ka_kernel_result *kr)
{
	const struct ka_ukernel *u = kr->u;
	bool sass = sass_in_kernel_file(kr->k);
	char note[400];

	if (u->n_findings) {
		kr->finding_machine = ka_xcalloc(u->n_findings, sizeof(*kr->finding_machine));
		for (size_t i = 0; i < u->n_findings; i++)
			kr->finding_machine[i] = finding_note(kr, i, sass);
	}
	if (!sass || !kr->k->sass->n_lines || !u->n_facts)
		return;
	const struct ka_sass *s = kr->k->sass;
	struct ka_uline *lines = ka_xcalloc(s->n_lines, sizeof(*lines));
	for (size_t i = 0; i < s->n_lines; i++)
		lines[i] = (struct ka_uline){s->lines[i].line, s->lines[i].instructions, s->lines[i].uniform,
					     s->lines[i].vector};
	kr->fact_machine = ka_xcalloc(u->n_facts, sizeof(*kr->fact_machine));
	for (size_t i = 0; i < u->n_facts; i++)
		if (ka_ufact_machine_note(&u->facts[i], lines, s->n_lines, note, sizeof(note)))
			kr->fact_machine[i] = ka_strdup(note);
	free(lines);
}

void ka_machine_notes(struct ka_result *res)
{
	for (size_t k = 0; k < res->n; k++)
		if (res->v[k].u)
			kernel_notes(&res->v[k]);
}

void ka_machine_notes_free(struct ka_kernel_result *kr)
{
	for (size_t i = 0; kr->finding_machine && i < kr->u->n_findings; i++)
		free(kr->finding_machine[i]);
	for (size_t i = 0; kr->fact_machine && i < kr->u->n_facts; i++)
		free(kr->fact_machine[i]);
	free(kr->finding_machine);
	free(kr->fact_machine);
	kr->finding_machine = kr->fact_machine = NULL;
}
