/* codequality.c — `--format codequality`: a GitLab Code Quality report, the
 * JSON array of issues GitLab reads from `artifacts:reports:codequality`
 * (https://docs.gitlab.com/ci/testing/code_quality/, "Code Quality report
 * format"): each issue has a description, a check_name, a fingerprint, a
 * severity (info, minor, major, critical, blocker) and a location (path
 * relative to the repository, lines.begin).
 *
 * GitLab compares the reports of two pipelines by fingerprint, so an
 * issue's fingerprint must not move when nothing about it changed: it is
 * the hash (xxhash, core's ka_hash) of the check, the repository-relative
 * path, the kernel's demangled name (not the mangled one: nvcc puts a hash
 * of the file's absolute path into an anonymous namespace's names), its
 * arch and launch where the issue is per kernel, and the stable part of
 * the message -- never the line, the register counts or the checkout.
 *
 * Issues, in report order: one per regression kind of each regressed
 * kernel (the baseline gate's), one per kernel near a cliff (--warn-cliff),
 * one per finding site (sites.c, every level).  Output is deterministic. */
#include "report.h"
#include "sites.h"
#include "analyzer.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Regressions fail the gate: major; the cliff warning and the analyzer's
 * warnings: minor; notes and info: info. */
static const char *severity_of(const char *level)
{
	if (strcmp(level, "error") == 0)
		return "major";
	if (strcmp(level, "warning") == 0)
		return "minor";
	return "info";
}

/* One issue.  key: the stable parts, NUL-separated through ka_hash_str. */
static json_t *issue(const char *check, const char *severity, const char *description, const char *path,
		     int line, const char *const *key, size_t n_key)
{
	json_t *o = json_object(), *loc = json_object(), *lines = json_object();
	struct ka_hash h;
	char hex[KA_HASH_HEX];

	ka_hash_init(&h);
	ka_hash_str(&h, "kanalyze-codequality/v1");
	ka_hash_str(&h, check);
	ka_hash_str(&h, path);
	for (size_t i = 0; i < n_key; i++)
		ka_hash_str(&h, key[i] ? key[i] : "");
	ka_hash_final(&h, hex);

	json_object_set_new(o, "description", ka_json_text(description));
	json_object_set_new(o, "check_name", json_string(check));
	json_object_set_new(o, "fingerprint", json_string(hex));
	json_object_set_new(o, "severity", json_string(severity));
	json_object_set_new(loc, "path", ka_json_text(path));
	json_object_set_new(lines, "begin", json_integer(line > 0 ? line : 1));
	json_object_set_new(loc, "lines", lines);
	json_object_set_new(o, "location", loc);
	return o;
}

static void regression_issues(json_t *a, const struct ka_bl_compare *cmp)
{
	for (size_t i = 0; cmp && i < cmp->n; i++) {
		const struct ka_bl_change *ch = &cmp->v[i];
		const struct ka_bl_entry *e = ch->cur;
		if (ch->what != KA_CH_REGRESSION || !e)
			continue;
		for (int k = 0; k < KA_REG_COUNT; k++) {
			struct ka_bl_change one = *ch;
			struct ka_buf m = {0};
			const char *key[] = {e->name, e->arch, e->launch};
			if (!(ch->kinds & (1u << k)))
				continue;
			one.kinds = 1u << k;
			ka_buf_printf(&m, "%s (%s%s%s): ", e->name, e->arch, e->launch ? ", launch " : "",
				      e->launch ? e->launch : "");
			ka_bl_change_message(&one, &m);
			json_array_append_new(a, issue(ka_regression_rules[k].id, severity_of(ka_regression_rules[k].level),
						       m.data, e->file, e->line, key, 3));
			ka_buf_free(&m);
		}
	}
}

static void near_cliff_issues(json_t *a, const struct ka_result *r, const char *root)
{
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *rk = &r->v[i];
		const char *key[] = {rk->k->name, rk->k->arch, NULL};
		struct ka_buf m = {0}, launch = {0};
		char *file;
		if (!rk->near_cliff)
			continue;
		file = ka_relpath(root, rk->k->def_file ? rk->k->def_file : rk->k->file);
		/* the launch as the baseline keys it: shape and dynamic shared memory */
		ka_buf_printf(&launch, "%dx%dx%d+%ld", rk->block_dims[0], rk->block_dims[1], rk->block_dims[2],
			      rk->smem_dynamic);
		key[2] = launch.data;
		ka_buf_printf(&m, "%s (%s): %ld registers, %d below the cliff at %ld: +%d registers drop %d -> %d "
			      "blocks/SM at %d threads/block", rk->k->name, rk->k->arch, rk->k->res.regs,
			      rk->cliffs.regs_to_next_drop, rk->k->res.regs + rk->cliffs.regs_to_next_drop,
			      rk->cliffs.regs_to_next_drop, rk->occ.blocks_per_sm, rk->cliffs.blocks_after_drop,
			      rk->block);
		json_array_append_new(a, issue(ka_regression_rules[KA_REG_NEAR].id,
					       severity_of(ka_regression_rules[KA_REG_NEAR].level), m.data, file,
					       rk->k->line, key, 3));
		ka_buf_free(&m);
		ka_buf_free(&launch);
		free(file);
	}
}

/* One issue per finding site, as SARIF lists them; the message says the
 * instances, the fingerprint keeps the finding's own text and the first
 * instance's name -- and, where one kernel has the same text at several
 * lines (two local arrays' stores), which of them in line order: a line
 * moved by an edit above it keeps its fingerprint. */
static void finding_issues(json_t *a, const struct ka_result *r, const char *root)
{
	struct ka_sites sites;
	ka_sites_build(&sites, r, 0);
	for (size_t i = 0; i < sites.n; i++) {
		const struct ka_site *s = &sites.v[i];
		const struct ka_ufinding *f = s->f;
		const struct ka_kernel_result *rk = &r->v[s->kernels[0]];
		int repeat = 0;
		for (size_t j = 0; j < i; j++)
			repeat += sites.v[j].f->rule == f->rule && r->v[sites.v[j].kernels[0]].k == rk->k &&
				  strcmp(sites.v[j].f->message, f->message) == 0;
		char nth[16];
		snprintf(nth, sizeof(nth), "%d", repeat);
		const char *key[] = {rk->k->name, f->message, nth};
		char *file = ka_relpath(root, s->file);
		struct ka_buf m = {0};
		ka_buf_printf(&m, "%s: ", ka_rule_id(f->rule));
		ka_site_message(&m, r, s);
		json_array_append_new(a, issue(ka_rule_id(f->rule), severity_of(ka_rule_severity(f->rule)), m.data, file,
					       f->line, key, repeat ? 3 : 2));
		ka_buf_free(&m);
		free(file);
	}
	ka_sites_free(&sites);
}

int ka_write_codequality(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	const char *root = c->root ? c->root : ".";
	json_t *a = json_array();
	int rc;

	regression_issues(a, c->cmp);
	near_cliff_issues(a, r, root);
	finding_issues(a, r, root);
	rc = json_dumpf(a, out, JSON_INDENT(2));
	fputc('\n', out);
	json_decref(a);
	return rc == 0 && !ferror(out) ? 0 : -1;
}
