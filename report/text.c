/* text.c — the report a kernel engineer reads at a glance: one block per
 * kernel, laid out by its vendor's entry of the table below, then what the
 * uniformity analysis found.  Colour only when asked for (--color). */
#include "text.h"
#include "sites.h"

#include <stdlib.h>
#include <string.h>

enum { SITE_NAMES = 8 };   /* instances named under a shared finding */

/* The order findings are printed in: the access findings by their
 * estimated share of the kernel's global sectors, largest first (the cost
 * lib/ground.c estimates from the machine code), then the others in line
 * order. */
static void findings_by_cost(const struct ka_kernel_result *rk, size_t *order)
{
	size_t n = rk->u->n_findings;
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = 1; i < n; i++)      /* insertion sort: stable, few findings */
		for (size_t j = i; j > 0; j--) {
			double a = rk->ground ? rk->ground[order[j - 1]].share : -1;
			double b = rk->ground ? rk->ground[order[j]].share : -1;
			if (!(b > a))
				break;
			size_t x = order[j];
			order[j] = order[j - 1];
			order[j - 1] = x;
		}
}

/* The uniformity analysis in two or three lines: how many values of each
 * kind, the --sass join's "uniform in source, vector registers here", and
 * the findings for this arch (the full list is in --format json).  A
 * finding at a site several kernels share (template instances, a device
 * function they call) is printed once, under the first of them, with the
 * instances named; the others list it on one "also" line. */
static void uniformity_block(FILE *out, const struct ka_text *t, const struct ka_sites *sites, size_t k)
{
	const struct ka_kernel_result *rk = &t->r->v[k];
	const struct ka_ukernel *u = rk->u;
	struct ka_buf also = {0};
	int cnt[KA_U_COUNT] = {0}, vec_lines = 0, first = 0;

	if (!t->r->uniformity || !u)
		return;
	for (size_t i = 0; i < u->n_facts; i++)
		cnt[u->facts[i].cls]++;
	fprintf(out, "  uniformity  %zu value%s: %d uniform (%d const), %d warp-uniform-if, %d lane-varying (%d affine)\n",
		u->n_facts, u->n_facts == 1 ? "" : "s", cnt[KA_U_CONST] + cnt[KA_U_GRID] + cnt[KA_U_BLOCK] + cnt[KA_U_WARP], cnt[KA_U_CONST],
		cnt[KA_U_WARP_IF], cnt[KA_U_AFFINE] + cnt[KA_U_VARYING], cnt[KA_U_AFFINE]);
	if (rk->fact_machine) {
		for (size_t i = 0; i < u->n_facts; i++)
			if (u->facts[i].cls <= KA_U_WARP && rk->fact_machine[i] &&
			    strncmp(rk->fact_machine[i], "uniform in source, computed", 27) == 0) {
				if (!vec_lines++)
					first = u->facts[i].line;
			}
		if (vec_lines)
			fprintf(out, "              %d uniform value%s computed in vector registers (first: line %d)\n",
				vec_lines, vec_lines == 1 ? "" : "s", first);
	}
	size_t *order = ka_xcalloc(u->n_findings + 1, sizeof(*order));
	findings_by_cost(rk, order);
	for (size_t o = 0; o < u->n_findings; o++) {
		size_t i = order[o];
		const struct ka_ufinding *f = &u->findings[i];
		const struct ka_site *s = ka_sites_find(sites, t->r, k, f);
		if (!s)
			continue;
		if (s->n > 1 && s->kernels[0] != k) {
			ka_buf_printf(&also, "%s%s %d:%d", also.len ? ", " : "", ka_rule_id(f->rule), f->line, f->col);
			continue;
		}
		fprintf(out, "  %s%s%s       %d:%d %s\n", strcmp(ka_rule_severity(f->rule), "warning") == 0 ? YEL(t) : "",
			ka_rule_id(f->rule), OFF(t), f->line, f->col, f->message);
		if (ka_finding_machine(rk, f))
			fprintf(out, "              %s\n", ka_finding_machine(rk, f));
		if (s->n > 1) {
			struct ka_buf names = {0};
			ka_site_instances(&names, t->r, s, SITE_NAMES);
			fprintf(out, "              in %zu instances: %s\n", s->n, names.data);
			ka_buf_free(&names);
		}
	}
	free(order);
	if (also.len)
		fprintf(out, "  also        %s (printed once above, with their instances)\n", also.data);
	ka_buf_free(&also);
}

/* Each vendor's block (the table is indexed by the kernel's vendor). */
static const struct ka_text_vendor *const vendors[KA_VENDOR_COUNT] = {
	[KA_VENDOR_NVIDIA] = &ka_text_nvidia,
	[KA_VENDOR_AMD] = &ka_text_amd,
};

const struct ka_text_vendor *ka_text_vendor_of(const struct ka_kernel_result *kr)
{
	return vendors[kr->vendor->id];
}

/* `--format text`: each kernel's block, then the baseline comparison. */
int ka_write_text(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	const struct ka_report_options *o = c->opt;
	struct ka_text t = {r, o, 0};
	struct ka_sites sites;
	int level = ka_finding_level(o->findings);
	ka_sites_build(&sites, r, level);
	for (size_t i = 0; i < r->n; i++) {
		char name[4 * KA_NAME_MAX_COLS];
		int w = ka_text_cols(ka_name_short(r->v[i].k->name, KA_NAME_MAX_COLS, o->utf8, name, sizeof(name)));
		t.name_w = w > t.name_w ? w : t.name_w;
	}
	if (o->summary && r->n)
		ka_text_summary(out, &t);
	for (size_t i = 0; i < r->n && !o->summary; i++) {
		if (i)
			fputc('\n', out);
		vendors[r->v[i].vendor->id]->kernel(out, &t, &r->v[i]);
		uniformity_block(out, &t, &sites, i);
		if (o->lines)
			ka_text_lines(out, &t, &r->v[i], c->root);
	}
	if (r->n == 0)
		fputs("no kernels found\n", out);
	if (r->hip_compiler)                  /* which compiler made the AMD counts */
		fprintf(out, "\nHIP compiler: %s (LLVM %s)\n", r->hip_compiler,
			r->clang_version ? r->clang_version : "version unknown");
	size_t hidden = ka_sites_hidden(r, level);
	if (hidden)
		fprintf(out, "\n%zu info finding site%s not shown (a handful of instructions each): --findings info\n",
			hidden, hidden == 1 ? "" : "s");
	ka_sites_free(&sites);
	if (c->cmp)
		ka_bl_compare_text(out, c->baseline, c->cmp);
	return ferror(out) ? -1 : 0;
}
