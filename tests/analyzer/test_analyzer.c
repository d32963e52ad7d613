/* test_analyzer.c — the labelled uniformity suite (tests/analyzer/): every
 * source file there carries its expectations in comments, sparse-style,
 * and this program checks the analyzer against them, strictly both ways:
 *
 *   x = threadIdx.x / 32;      // expect: warp-uniform-if
 *   int a = 1, b = a + t;      // expect: const, affine-lane
 *   s[t] = in[2 * t];          // expect: varying   expect-finding: KA107
 *
 * "expect:" lists the classes of the line's facts (initializers and
 * assignments) in column order; "expect-finding:" the rule ids reported on
 * the line (a multiset).  A fact or finding on a line without the
 * annotation fails, as does an annotation nothing matches.  A first-line
 * comment "// analyzer: hip warp=64 sm=80" sets the options (default: .cu
 * CUDA, warp 32, sm 90; .hip HIP, warp 64, gfx90a).
 *
 *   test_analyzer [--dump] FILE|DIR...   exit 0: all match, 1: mismatches
 *   test_analyzer --stat [-DX=Y...] FILE...  one line per file, no checks:
 *       FILE parsed=1 errors=0 kernels=2 facts=14 findings=1 parse_ms=9.8 analysis_ms=0.6
 *       (bench/analyzer.sh measures parse success and time with it) */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "core.h"

struct opts {
	struct ka_analyzer_options a;
};

static void file_options(const char *path, const char *src, struct ka_analyzer_options *o)
{
	const char *dot = strrchr(path, '.');
	memset(o, 0, sizeof(*o));
	o->lang = dot && strcmp(dot, ".hip") == 0 ? KA_LANG_HIP : KA_LANG_CUDA;
	o->sm = o->lang == KA_LANG_CUDA ? 90 : 0;
	const char *p = strstr(src, "// analyzer:");
	if (!p || (p != src && strchr(src, '\n') < p))
		return;
	const char *end = strchr(p, '\n');
	char line[256];
	p += 12;
	snprintf(line, sizeof(line), "%.*s", (int)(end ? end - p : (long)strlen(p)), p);
	for (char *t = strtok(line, " \t"); t; t = strtok(NULL, " \t")) {
		if (strcmp(t, "hip") == 0)
			o->lang = KA_LANG_HIP;
		else if (strcmp(t, "cuda") == 0)
			o->lang = KA_LANG_CUDA;
		else if (strncmp(t, "warp=", 5) == 0)
			o->warp_size = atoi(t + 5);
		else if (strncmp(t, "sm=", 3) == 0)
			o->sm = atoi(t + 3);
		else if (strncmp(t, "arch=", 5) == 0)
			o->offload_arch = ka_strdup(t + 5);
	}
}

/* The comma-separated words after `key` on one line, into out[]. */
static int words_after(const char *line, size_t len, const char *key, char out[][32], int max)
{
	char buf[512];
	int n = 0;
	snprintf(buf, sizeof(buf), "%.*s", (int)len, line);
	char *p = strstr(buf, key);
	if (!p)
		return -1;
	p += strlen(key);
	char *stop = strstr(p, "expect");      /* another annotation on the same line */
	if (stop)
		*stop = 0;
	for (char *t = strtok(p, ", \t\r"); t && n < max; t = strtok(NULL, ", \t\r"))
		snprintf(out[n++], 32, "%s", t);
	return n;
}

static int check_file(const char *path, bool dump, int *n_facts, int *n_finds)
{
	struct ka_buf src = {0};
	struct ka_analyzer_options o;
	struct ka_uresult r;
	int fails = 0, nlines = 0;

	if (ka_read_file(path, 1 << 22, &src) != 0) {
		printf("FAIL  %s: cannot read\n", path);
		return 1;
	}
	file_options(path, src.data, &o);
	if (ka_uniformity_analyze(path, &o, &r) != 0 || r.errors > 0) {
		printf("FAIL  %s: parse (%d errors)\n", path, r.errors);
		for (size_t i = 0; i < r.n_diags; i++)
			printf("      %s\n", r.diags[i]);
		ka_uresult_free(&r);
		ka_buf_free(&src);
		free((char *)o.offload_arch);
		return 1;
	}
	/* KA104 and friends apply from some sm on: drop what this run's sm does not reach */
	{
		size_t k = 0;
		for (size_t i = 0; i < r.n_findings; i++) {
			if (r.findings[i].min_sm && o.sm < r.findings[i].min_sm)
				free(r.findings[i].message);
			else
				r.findings[k++] = r.findings[i];
		}
		r.n_findings = k;
	}
	if (dump) {
		printf("== %s (%.1f ms parse, %.1f ms analysis, %zu kernels)\n", path, r.parse_ms, r.analysis_ms,
		       r.n_kernels);
		for (size_t i = 0; i < r.n_facts; i++) {
			const struct ka_ufact *f = &r.facts[i];
			printf("%4d:%-3d %-16s %-40s  %s\n", f->line, f->col, ka_uclass_name(f->cls), f->expr, f->why);
		}
		for (size_t i = 0; i < r.n_findings; i++)
			printf("%4d:%-3d %s %s\n", r.findings[i].line, r.findings[i].col, ka_rule_id(r.findings[i].rule),
			       r.findings[i].message);
		for (size_t i = 0; i < r.n_vars; i++)
			printf("var %s:%d %s %s\n", r.vars[i].function, r.vars[i].line, r.vars[i].name,
			       ka_uclass_name(r.vars[i].cls));
	}

	for (const char *p = src.data; p && *p; nlines++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		int line = nlines + 1;
		char want[32][32], wantf[16][32];
		int nw = words_after(p, len, "expect:", want, 32), nf = words_after(p, len, "expect-finding:", wantf, 16);
		int got = 0;
		char gotbuf[512] = "";

		for (size_t i = 0; i < r.n_facts; i++) {
			if (r.facts[i].line != line)
				continue;
			size_t l = strlen(gotbuf);
			snprintf(gotbuf + l, sizeof(gotbuf) - l, "%s%s", got ? ", " : "", ka_uclass_name(r.facts[i].cls));
			got++;
		}
		if (nw >= 0 || got > 0) {
			bool ok = nw == got;
			for (int i = 0, k = 0; ok && i < (int)r.n_facts; i++)
				if (r.facts[i].line == line) {
					if (ka_uclass_from_name(want[k]) < 0) {
						printf("FAIL  %s:%d: unknown class '%s'\n", path, line, want[k]);
						ok = false;
					} else if (ka_uclass_from_name(want[k]) != (int)r.facts[i].cls) {
						ok = false;
					}
					k++;
				}
			if (!ok) {
				char w[512] = "";
				for (int i = 0; i < nw; i++)
					snprintf(w + strlen(w), sizeof(w) - strlen(w), "%s%s", i ? ", " : "", want[i]);
				printf("FAIL  %s:%d: expected [%s], got [%s]\n", path, line, nw < 0 ? "no annotation" : w,
				       gotbuf);
				for (size_t i = 0; i < r.n_facts; i++)
					if (r.facts[i].line == line)
						printf("        %d:%d %s: %s (%s)\n", line, r.facts[i].col, r.facts[i].expr,
						       ka_uclass_name(r.facts[i].cls), r.facts[i].why);
				fails++;
			}
			*n_facts += got;
		}

		/* findings: compare as multisets of ids */
		int gotf = 0, matched = 0;
		bool used[16] = {false};
		char fbuf[512] = "";
		for (size_t i = 0; i < r.n_findings; i++) {
			if (r.findings[i].line != line)
				continue;
			const char *id = ka_rule_id(r.findings[i].rule);
			snprintf(fbuf + strlen(fbuf), sizeof(fbuf) - strlen(fbuf), "%s%s", gotf ? ", " : "", id);
			gotf++;
			for (int k = 0; k < nf; k++)
				if (!used[k] && strcmp(wantf[k], id) == 0) {
					used[k] = true;
					matched++;
					break;
				}
		}
		if ((nf >= 0 || gotf > 0) && !(matched == gotf && matched == (nf < 0 ? 0 : nf))) {
			printf("FAIL  %s:%d: expected findings [", path, line);
			for (int k = 0; k < nf; k++)
				printf("%s%s", k ? ", " : "", wantf[k]);
			printf("], got [%s]\n", fbuf);
			for (size_t i = 0; i < r.n_findings; i++)
				if (r.findings[i].line == line)
					printf("        %s\n", r.findings[i].message);
			fails++;
		}
		if (nf > 0)
			*n_finds += nf;
		p = e ? e + 1 : NULL;
	}
	ka_uresult_free(&r);
	ka_buf_free(&src);
	free((char *)o.offload_arch);
	return fails;
}

static int is_source(const char *n)
{
	const char *d = strrchr(n, '.');
	return d && (strcmp(d, ".cu") == 0 || strcmp(d, ".hip") == 0);
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* --stat: what the analyzer made of each file, for bench/analyzer.sh. */
static int stat_files(int argc, char **argv)
{
	const char *defs[64];
	int nd = 0, bad = 0;
	for (int i = 2; i < argc && nd < 63; i++)
		if (strncmp(argv[i], "-D", 2) == 0 || strncmp(argv[i], "-I", 2) == 0)
			defs[nd++] = argv[i];
	defs[nd] = NULL;
	for (int i = 2; i < argc; i++) {
		struct ka_buf src = {0};
		struct ka_analyzer_options o;
		struct ka_uresult r;
		size_t nk = 0;
		if (argv[i][0] == '-')
			continue;
		if (ka_read_file(argv[i], 1 << 22, &src) != 0) {
			printf("%s unreadable\n", argv[i]);
			bad++;
			continue;
		}
		file_options(argv[i], src.data, &o);
		o.cc_args = defs;
		int rc = ka_uniformity_analyze(argv[i], &o, &r);
		for (size_t k = 0; k < r.n_kernels; k++)
			nk++;
		printf("%s parsed=%d errors=%d kernels=%zu facts=%zu findings=%zu parse_ms=%.1f analysis_ms=%.1f\n",
		       argv[i], rc == 0 && r.parsed, r.errors, nk, r.n_facts, r.n_findings, r.parse_ms, r.analysis_ms);
		if (r.errors)
			printf("  first error: %s\n", r.n_diags ? r.diags[0] : "?");
		bad += rc != 0 || r.errors > 0;
		ka_uresult_free(&r);
		ka_buf_free(&src);
		free((char *)o.offload_arch);
	}
	return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
	bool dump = false;
	if (argc > 1 && strcmp(argv[1], "--stat") == 0)
		return stat_files(argc, argv);
	int fails = 0, files = 0, n_facts = 0, n_finds = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--dump") == 0) {
			dump = true;
			continue;
		}
		DIR *d = opendir(argv[i]);
		if (!d) {
			int f = check_file(argv[i], dump, &n_facts, &n_finds);
			printf("%s  %s\n", f ? "FAIL" : "ok  ", argv[i]);
			fails += f;
			files++;
			continue;
		}
		char **names = NULL;
		size_t n = 0, cap = 0;
		for (struct dirent *e; (e = readdir(d));)
			if (is_source(e->d_name)) {
				KA_GROW(names, n, cap, 64);
				names[n] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
				sprintf(names[n++], "%s/%s", argv[i], e->d_name);
			}
		closedir(d);
		qsort(names, n, sizeof(*names), cmp);
		for (size_t k = 0; k < n; k++) {
			int f = check_file(names[k], dump, &n_facts, &n_finds);
			printf("%s  %s\n", f ? "FAIL" : "ok  ", names[k]);
			fails += f;
			files++;
			free(names[k]);
		}
		free(names);
	}
	printf("%d files, %d labelled expressions, %d labelled findings: %d mismatches\n", files, n_facts, n_finds,
	       fails);
	return fails ? 1 : 0;
}
