/* sites.c — findings grouped by source site for the writers.  The analyzer
 * reports a finding per kernel (JSON keeps that list, DESIGN §3); a
 * template with twenty instances then says the same thing twenty times
 * (ggml's CUDA backend: 119 findings at 19 sites).  A site is (file, rule,
 * line, col); its instances are the distinct kernel names that report it,
 * across archs, in report order.  Sites below the level asked for
 * (--findings: KA102/KA104 are "info", a handful of instructions each)
 * are left out here, for the text and markdown reports; JSON and SARIF
 * pass level 0 and keep every one. */
#include "sites.h"

#include <stdlib.h>
#include <string.h>

/* Its arch is at least the rule's, and the machine code does not
 * contradict it (lib/ground.c). */
static bool applies(const struct ka_kernel_result *rk, const struct ka_ufinding *f)
{
	return (!f->min_sm || rk->sm >= f->min_sm) && !ka_finding_contradicted(rk, (size_t)(f - rk->u->findings));
}

static bool same_site(const struct ka_site *s, const char *file, const struct ka_ufinding *f)
{
	return s->f->rule == f->rule && s->f->line == f->line && s->f->col == f->col && strcmp(s->file, file) == 0;
}

/* The file a kernel's finding lines are in: its definition's (a header's
 * for a kernel defined in a .cuh/.h/.hpp), else the file compiled.  The
 * analyzer reads a header kernel in its header, so every line it reports
 * for the kernel is one of that file. */
static const char *finding_file(const struct ka_kernel *k)
{
	return k->def_file ? k->def_file : k->file;
}

static struct ka_site *find(const struct ka_sites *s, const char *file, const struct ka_ufinding *f)
{
	for (size_t i = s->n; i-- > 0;)        /* a kernel's sites are usually the last ones seen */
		if (same_site(&s->v[i], file, f))
			return &s->v[i];
	return NULL;
}

/* A finding's level in the text and markdown reports: its rule's, but an
 * access warning whose estimated cost is small is info (lib/ground.c). */
static int site_level(const struct ka_kernel_result *rk, const struct ka_ufinding *f)
{
	return ka_finding_shown_level(rk, (size_t)(f - rk->u->findings));
}

int ka_finding_level(const char *severity)
{
	static const char *const levels[] = {"info", "note", "warning"};
	if (!severity)
		return 1;
	for (int i = 0; i < 3; i++)
		if (strcmp(severity, levels[i]) == 0)
			return i;
	return -1;
}

void ka_sites_build(struct ka_sites *s, const struct ka_result *r, int min_level)
{
	memset(s, 0, sizeof(*s));
	for (size_t k = 0; k < r->n; k++) {
		const struct ka_kernel_result *rk = &r->v[k];
		for (size_t j = 0; rk->u && j < rk->u->n_findings; j++) {
			const struct ka_ufinding *f = &rk->u->findings[j];
			struct ka_site *site;
			bool seen = false;
			if (!applies(rk, f) || site_level(rk, f) < min_level)
				continue;
			const char *where = finding_file(rk->k);
			if (!(site = find(s, where, f))) {
				KA_GROW(s->v, s->n, s->cap, 16);
				site = &s->v[s->n++];
				*site = (struct ka_site){where, f, NULL, 0, 0};
			}
			for (size_t i = 0; i < site->n && !seen; i++)   /* the same kernel on another arch */
				seen = strcmp(r->v[site->kernels[i]].k->name, rk->k->name) == 0;
			if (seen)
				continue;
			KA_GROW(site->kernels, site->n, site->cap, 4);
			site->kernels[site->n++] = k;
		}
	}
}

size_t ka_sites_hidden(const struct ka_result *r, int min_level)
{
	struct ka_sites all, shown;
	size_t n;
	ka_sites_build(&all, r, 0);
	ka_sites_build(&shown, r, min_level);
	n = all.n - shown.n;
	ka_sites_free(&all);
	ka_sites_free(&shown);
	return n;
}

void ka_sites_free(struct ka_sites *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].kernels);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

const struct ka_site *ka_sites_find(const struct ka_sites *s, const struct ka_result *r, size_t k,
				    const struct ka_ufinding *f)
{
	return applies(&r->v[k], f) ? find(s, finding_file(r->v[k].k), f) : NULL;
}

/* "void ns::k<32, (op)1>(float const*, int)" -> "ns::k<32, (op)1>": the
 * return type (text before the name at angle/paren depth 0) and the
 * outermost parameter list go. */
void ka_site_name(struct ka_buf *b, const char *d)
{
	const char *start = d, *end = d + strlen(d);
	int depth = 0;
	for (const char *p = d; *p; p++) {
		if (*p == '<' || *p == '(')
			depth++;
		else if (*p == '>' || *p == ')')
			depth--;
		else if (*p == ' ' && depth == 0 && p[1] && p[1] != '(')
			start = p + 1;                 /* "void k<...>": the type ends here */
	}
	if (end > start && end[-1] == ')') {   /* drop the parameter list */
		depth = 0;
		for (const char *p = end - 1; p >= start; p--) {
			if (*p == ')')
				depth++;
			else if (*p == '(' && --depth == 0) {
				end = p;
				break;
			}
		}
	}
	ka_buf_append(b, start, (size_t)(end - start));
}

void ka_site_instances(struct ka_buf *b, const struct ka_result *r, const struct ka_site *s, size_t max)
{
	for (size_t i = 0; i < s->n && i < max; i++) {
		if (i)
			ka_buf_puts(b, ", ");
		ka_site_name(b, r->v[s->kernels[i]].k->name);
	}
	if (s->n > max)
		ka_buf_printf(b, " and %zu more", s->n - max);
}

void ka_site_message(struct ka_buf *b, const struct ka_result *r, const struct ka_site *s)
{
	const char *machine = ka_finding_machine(&r->v[s->kernels[0]], s->f);
	ka_buf_puts(b, s->f->message);
	if (machine)
		ka_buf_printf(b, " (%s)", machine);
	if (s->n > 1) {
		ka_buf_printf(b, " (in %zu instances: ", s->n);
		ka_site_instances(b, r, s, 8);
		ka_buf_puts(b, ")");
	}
}

const char *ka_finding_machine(const struct ka_kernel_result *rk, const struct ka_ufinding *f)
{
	return rk->finding_machine && rk->u ? rk->finding_machine[f - rk->u->findings] : NULL;
}
