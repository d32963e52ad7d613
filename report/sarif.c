/* sarif.c — `--format sarif`: SARIF 2.1.0 for code scanning (GitHub,
 * GitLab, IDEs).  One rule per regression kind and for the cliff warning
 * (regressions.def), one result per regression kind of each regressed
 * kernel and one per kernel near a cliff, located at the kernel's
 * definition (file relative to %SRCROOT%, the project root).  Fingerprints
 * name (file, arch, kernel, rule), so an alert keeps its identity across
 * runs.  A run with errors carries them as an invocation that did not
 * succeed.  Built with jansson; output is deterministic. */
#define _GNU_SOURCE
#include "report.h"
#include "sites.h"
#include "analyzer.h"

#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


static json_t *message(const char *s)
{
	json_t *m = json_object();
	json_object_set_new(m, "text", ka_json_text(s));
	return m;
}

/* A relative path as a URI reference: unreserved bytes and '/' kept,
 * everything else percent-encoded (RFC 3986). */
static void uri_path(struct ka_buf *b, const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("-._~/", *p))
			ka_buf_append(b, p, 1);
		else
			ka_buf_printf(b, "%%%02X", *p);
	}
}

static json_t *location(const char *file, int line)
{
	json_t *loc = json_object(), *phys = json_object(), *art = json_object();
	struct ka_buf u = {0};
	bool rel = file[0] != '/';

	if (!rel)
		ka_buf_puts(&u, "file://");
	uri_path(&u, file);
	json_object_set_new(art, "uri", json_string(u.data ? u.data : ""));
	if (rel)
		json_object_set_new(art, "uriBaseId", json_string("%SRCROOT%"));
	json_object_set_new(phys, "artifactLocation", art);
	if (line > 0) {
		json_t *region = json_object();
		json_object_set_new(region, "startLine", json_integer(line));
		json_object_set_new(phys, "region", region);
	}
	json_object_set_new(loc, "physicalLocation", phys);
	ka_buf_free(&u);
	return loc;
}

static json_t *result(int rule, const char *msg, const char *file, int line, const char *arch, const char *mangled)
{
	json_t *r = json_object(), *locs = json_array(), *fp = json_object();
	struct ka_hash h;
	char hex[KA_HASH_HEX];

	json_object_set_new(r, "ruleId", json_string(ka_regression_rules[rule].id));
	json_object_set_new(r, "ruleIndex", json_integer(rule));
	json_object_set_new(r, "level", json_string(ka_regression_rules[rule].level));
	json_object_set_new(r, "message", message(msg));
	json_array_append_new(locs, location(file, line));
	json_object_set_new(r, "locations", locs);
	ka_hash_init(&h);
	ka_hash_str(&h, file);
	ka_hash_str(&h, arch);
	ka_hash_str(&h, mangled);
	ka_hash_str(&h, ka_regression_rules[rule].id);
	ka_hash_final(&h, hex);
	json_object_set_new(fp, "kanalyzeKernel/v1", json_string(hex));
	json_object_set_new(r, "partialFingerprints", fp);
	return r;
}

/* SARIF 2.1.0 has no "info" level: a finding that saves a handful of
 * instructions (KA102, KA104) is "an opportunity to improve the code",
 * which is what "note" means there (§3.27.10). */
static const char *sarif_level(const char *severity)
{
	return strcmp(severity, "info") == 0 ? "note" : severity;
}

static json_t *rules(void)
{
	json_t *a = json_array();
	for (int i = 0; i < KA_REG_COUNT; i++) {
		json_t *r = json_object(), *cfg = json_object();
		json_object_set_new(r, "id", json_string(ka_regression_rules[i].id));
		json_object_set_new(r, "name", json_string(ka_regression_rules[i].name));
		json_object_set_new(r, "shortDescription", message(ka_regression_rules[i].what));
		json_object_set_new(cfg, "level", json_string(ka_regression_rules[i].level));
		json_object_set_new(r, "defaultConfiguration", cfg);
		json_array_append_new(a, r);
	}
	/* the uniformity analyzer's findings (analyzer/rules.def), after them */
	for (int i = 0; i < KA_RULE_COUNT; i++) {
		json_t *r = json_object(), *cfg = json_object();
		json_object_set_new(r, "id", json_string(ka_rule_id((enum ka_rule)i)));
		json_object_set_new(r, "name", json_string(ka_rule_title((enum ka_rule)i)));
		json_object_set_new(r, "shortDescription", message(ka_rule_title((enum ka_rule)i)));
		json_object_set_new(r, "fullDescription", message(ka_rule_why((enum ka_rule)i)));
		json_object_set_new(r, "help", message(ka_rule_silence((enum ka_rule)i)));
		json_object_set_new(cfg, "level", json_string(sarif_level(ka_rule_severity((enum ka_rule)i))));
		json_object_set_new(r, "defaultConfiguration", cfg);
		json_array_append_new(a, r);
	}
	return a;
}

/* KA101-KA108 of every analysed kernel, once per source site (file, rule,
 * line, column) however many kernels and archs reported it; a site shared
 * by several kernels (template instances) names them in its message.
 * KA104 only where an arch is sm_90+.  The fingerprint is the file, rule,
 * message and the first instance's demangled name: not its mangled name,
 * which for an anonymous namespace embeds a hash of the file's path. */
/* With a baseline that keeps findings, SARIF's baselineState: "new" when
 * the comparison found the site's finding new (its rule, file and line),
 * else "unchanged". */
static const char *baseline_state(const struct ka_bl_compare *cmp, const char *rule, const char *file, int line)
{
	if (!cmp || !cmp->findings_compared)
		return NULL;
	for (size_t i = 0; i < cmp->n_new; i++) {
		const struct ka_bl_finding *f = cmp->new_findings[i];
		if (f->line == line && strcmp(f->rule, rule) == 0 && strcmp(f->file, file) == 0)
			return "new";
	}
	return "unchanged";
}

static void finding_results(json_t *results, const struct ka_result *r, const char *root,
			    const struct ka_bl_compare *cmp)
{
	struct ka_sites sites;
	ka_sites_build(&sites, r, 0);     /* every finding, with its level */
	for (size_t i = 0; i < sites.n; i++) {
		const struct ka_site *s = &sites.v[i];
		const struct ka_ufinding *f = s->f;
		const struct ka_kernel_result *rk = &r->v[s->kernels[0]];
		char *file = ka_relpath(root, s->file);
		json_t *res = json_object(), *locs = json_array(), *fp = json_object(), *loc = location(file, f->line);
		json_t *region = json_object_get(json_object_get(loc, "physicalLocation"), "region");
		struct ka_buf m = {0};
		ka_site_message(&m, r, s);
		if (region)
			json_object_set_new(region, "startColumn", json_integer(f->col));
		json_object_set_new(res, "ruleId", json_string(ka_rule_id(f->rule)));
		json_object_set_new(res, "ruleIndex", json_integer(KA_REG_COUNT + (int)f->rule));
		json_object_set_new(res, "level", json_string(sarif_level(ka_rule_severity(f->rule))));
		json_object_set_new(res, "message", message(m.data));
		json_array_append_new(locs, loc);
		json_object_set_new(res, "locations", locs);
		struct ka_hash h;
		char hex[KA_HASH_HEX];
		ka_hash_init(&h);
		ka_hash_str(&h, file);
		ka_hash_str(&h, ka_rule_id(f->rule));
		ka_hash_str(&h, rk->k->name);
		ka_hash_str(&h, f->message);
		ka_hash_final(&h, hex);
		json_object_set_new(fp, "kanalyzeFinding/v1", json_string(hex));
		json_object_set_new(res, "partialFingerprints", fp);
		const char *state = baseline_state(cmp, ka_rule_id(f->rule), file, f->line);
		if (state)
			json_object_set_new(res, "baselineState", json_string(state));
		json_array_append_new(results, res);
		ka_buf_free(&m);
		free(file);
	}
	ka_sites_free(&sites);
}

/* A run with errors (a failed compile) is an invocation that did not
 * succeed, its errors as toolExecutionNotifications (the compiler's own
 * lines with them), so code scanning does not show the run as clean.
 * NULL when the run had none. */
static json_t *invocations(const struct ka_diag *d, const char *root)
{
	json_t *inv, *notes, *invs;

	if (!d || d->n_records == 0)
		return NULL;
	inv = json_object();
	notes = json_array();
	json_object_set_new(inv, "executionSuccessful", json_false());
	json_object_set_new(inv, "exitCode", json_integer(d->exit_code));
	for (size_t i = 0; i < d->n_records; i++) {
		const struct ka_diag_record *rec = &d->records[i];
		json_t *n = json_object(), *msg = json_object();
		struct ka_buf t = {0};
		struct stat st;
		ka_buf_printf(&t, "%s%s%s", rec->where ? rec->where : "", rec->where ? ": " : "", rec->text);
		if (rec->detail)
			ka_buf_printf(&t, "\n%s", rec->detail);
		json_object_set_new(n, "level", json_string("error"));
		json_object_set_new(msg, "text", json_stringn(t.data, t.len));
		json_object_set_new(n, "message", msg);
		if (rec->where && stat(rec->where, &st) == 0 && S_ISREG(st.st_mode)) {
			char *rel = ka_relpath(root, rec->where);
			json_t *loc = json_object(), *phys = json_object(), *art = json_object(), *locs = json_array();
			json_object_set_new(art, "uri", json_string(rel));
			if (rel[0] != '/')
				json_object_set_new(art, "uriBaseId", json_string("%SRCROOT%"));
			json_object_set_new(phys, "artifactLocation", art);
			json_object_set_new(loc, "physicalLocation", phys);
			json_array_append_new(locs, loc);
			json_object_set_new(n, "locations", locs);
			free(rel);
		}
		json_array_append_new(notes, n);
		ka_buf_free(&t);
	}
	json_object_set_new(inv, "toolExecutionNotifications", notes);
	invs = json_array();
	json_array_append_new(invs, inv);
	return invs;
}

/* `--format sarif`. */
int ka_write_sarif(FILE *out, const struct ka_result *r, const struct ka_report_ctx *c)
{
	const struct ka_bl_compare *cmp = c->cmp;
	const char *root = c->root;
	json_t *invs = invocations(c->diag, root ? root : ".");
	json_t *doc = json_object(), *runs = json_array(), *run = json_object();
	json_t *tool = json_object(), *driver = json_object(), *results = json_array();
	char *abs_root = root ? realpath(root, NULL) : NULL;
	int rc;

	json_object_set_new(doc, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_set_new(doc, "version", json_string("2.1.0"));
	json_object_set_new(driver, "name", json_string("kanalyze"));
	json_object_set_new(driver, "version", json_string(KA_VERSION));
	json_object_set_new(driver, "semanticVersion", json_string(KA_VERSION));
	json_object_set_new(driver, "rules", rules());
	json_object_set_new(tool, "driver", driver);
	json_object_set_new(run, "tool", tool);
	if (abs_root) {
		json_t *bases = json_object(), *src = json_object();
		struct ka_buf u = {0};
		ka_buf_puts(&u, "file://");
		uri_path(&u, abs_root);
		if (u.data[u.len - 1] != '/')
			ka_buf_puts(&u, "/");
		json_object_set_new(src, "uri", json_string(u.data));
		json_object_set_new(bases, "%SRCROOT%", src);
		json_object_set_new(run, "originalUriBaseIds", bases);
		ka_buf_free(&u);
	}

	for (size_t i = 0; cmp && i < cmp->n; i++) {
		const struct ka_bl_change *ch = &cmp->v[i];
		if (ch->what != KA_CH_REGRESSION)
			continue;
		for (int k = 0; k < KA_REG_COUNT; k++) {
			struct ka_buf m = {0};
			struct ka_bl_change one = *ch;
			if (!(ch->kinds & (1u << k)))
				continue;
			one.kinds = 1u << k;
			ka_buf_printf(&m, "%s (%s%s%s): ", ch->cur->name, ch->cur->arch, ch->cur->launch ? ", launch " : "",
				      ch->cur->launch ? ch->cur->launch : "");
			ka_bl_change_message(&one, &m);
			json_array_append_new(results, result(k, m.data, ch->cur->file, ch->cur->line, ch->cur->arch,
							      ch->cur->mangled));
			ka_buf_free(&m);
		}
	}
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *rk = &r->v[i];
		struct ka_buf m = {0};
		char *file;
		if (!rk->near_cliff)
			continue;
		file = ka_relpath(root, rk->k->def_file ? rk->k->def_file : rk->k->file)   /* where "line" is */;
		ka_buf_printf(&m, "%s (%s): %ld registers, %d below the cliff at %ld: +%d registers drop %d -> %d "
			      "blocks/SM at %d threads/block", rk->k->name, rk->k->arch, rk->k->res.regs,
			      rk->cliffs.regs_to_next_drop, rk->k->res.regs + rk->cliffs.regs_to_next_drop,
			      rk->cliffs.regs_to_next_drop, rk->occ.blocks_per_sm, rk->cliffs.blocks_after_drop,
			      rk->block);
		json_array_append_new(results, result(KA_REG_NEAR, m.data, file, rk->k->line, rk->k->arch,
						      rk->k->mangled));
		ka_buf_free(&m);
		free(file);
	}
	finding_results(results, r, root, cmp);
	json_object_set_new(run, "results", results);
	if (invs)
		json_object_set_new(run, "invocations", invs);
	json_array_append_new(runs, run);
	json_object_set_new(doc, "runs", runs);
	rc = json_dumpf(doc, out, JSON_INDENT(2));
	fputc('\n', out);
	json_decref(doc);
	free(abs_root);
	return rc == 0 && !ferror(out) ? 0 : -1;
}
