/* oracle_uniformity.c — LLVM's own uniformity analysis as a second oracle
 * for kanalyze's: each HIP file of the labelled suite is compiled to AMDGPU
 * IR (clang-16 -x hip --offload-arch=gfx90a --cuda-device-only -nogpulib
 * -O1 -g, with the ROCm device library ockl linked in so blockIdx and
 * threadIdx are the llvm.amdgcn.* intrinsics, not opaque calls) and
 * `opt-16 -passes='print<uniformity>'` says which values are DIVERGENT.  A
 * variable (name and declaration line, from its llvm.dbg.value records) is
 * divergent for LLVM when any value it takes is.  kanalyze's class of the
 * same variable is the join over its lifetime (ka_uresult.vars).
 *
 * Verdicts: agree; "gain" where kanalyze says warp-uniform-if and LLVM
 * divergent (the launch condition LLVM cannot see, by design); every other
 * disagreement must be listed with its reason in the expectations file
 * (tests/analyzer/oracle_expect.txt) -- an unlisted one fails, and so does
 * a listed one that no longer disagrees.
 *
 *   oracle_uniformity CLANG OPT BITCODE_DIR EXPECT FILE.hip...
 *   exit 0 all explained, 1 unexplained or stale, 77 a tool is missing */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer.h"
#include "core.h"

struct llvar {
	char name[64];
	int line;
	int state;          /* 0 no usable record, 1 uniform, 2 divergent */
};

struct ll {
	struct llvar *v;
	size_t n, cap;
};

static struct llvar *llvar_get(struct ll *l, const char *name, int line)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].line == line && strcmp(l->v[i].name, name) == 0)
			return &l->v[i];
	KA_GROW(l->v, l->n, l->cap, 64);
	memset(&l->v[l->n], 0, sizeof(l->v[l->n]));
	snprintf(l->v[l->n].name, sizeof(l->v[l->n].name), "%s", name);
	l->v[l->n].line = line;
	return &l->v[l->n++];
}

/* The metadata of the .ll: !N = !DILocalVariable(name: "x", ..., file: !F,
 * line: L, ...) for variables of the file whose base name is `base`. */
struct meta {
	long id;
	char name[64];
	int line;
};

static bool field(const char *s, const char *key, char *out, size_t n)
{
	const char *p = strstr(s, key);
	size_t i = 0;
	if (!p)
		return false;
	p += strlen(key);
	if (*p == '"')
		p++;
	while (*p && *p != '"' && *p != ',' && *p != ')' && i + 1 < n)
		out[i++] = *p++;
	out[i] = 0;
	return true;
}

static size_t read_meta(const char *ll, const char *base, struct meta **out)
{
	size_t n = 0, cap = 0;
	long *main_files = NULL;
	size_t nf = 0, cap_nf = 0;
	*out = NULL;
	/* the DIFile ids naming the source file */
	for (const char *p = ll; (p = strstr(p, "= !DIFile(")); p++) {
		const char *ls = p;
		while (ls > ll && ls[-1] != '\n')
			ls--;
		char fname[512], *e;
		const char *eol = strchr(p, '\n');
		char line[1024];
		snprintf(line, sizeof(line), "%.*s", (int)(eol ? eol - p : (long)strlen(p)), p);
		if (field(line, "filename: ", fname, sizeof(fname))) {
			e = strrchr(fname, '/');
			if (strcmp(e ? e + 1 : fname, base) == 0 && ls[0] == '!') {
				KA_GROW(main_files, nf, cap_nf, 16);
				main_files[nf++] = strtol(ls + 1, NULL, 10);
			}
		}
	}
	for (const char *p = ll; (p = strstr(p, "= !DILocalVariable(")); p++) {
		const char *ls = p, *eol = strchr(p, '\n');
		char line[1024], name[64], file[32], ln[32];
		while (ls > ll && ls[-1] != '\n')
			ls--;
		if (ls[0] != '!')
			continue;
		snprintf(line, sizeof(line), "%.*s", (int)(eol ? eol - p : (long)strlen(p)), p);
		if (!field(line, "name: ", name, sizeof(name)) || !field(line, "file: !", file, sizeof(file)) ||
		    !field(line, "line: ", ln, sizeof(ln)))
			continue;
		bool ours = false;
		for (size_t i = 0; i < nf; i++)
			ours |= main_files[i] == atol(file);
		if (!ours)
			continue;
		KA_GROW(*out, n, cap, 64);
		(*out)[n].id = strtol(ls + 1, NULL, 10);
		snprintf((*out)[n].name, sizeof((*out)[n].name), "%s", name);
		(*out)[n].line = atoi(ln);
		n++;
	}
	free(main_files);
	return n;
}

/* print<uniformity>: per function, the DIVERGENT definitions, then every
 * llvm.dbg.value's operands. */
static void read_uniformity(const char *txt, const struct meta *m, size_t nm, struct ll *out)
{
	const char *fn = txt;
	while (fn && *fn) {
		const char *next = strstr(fn + 1, "UniformityInfo for function");
		size_t len = next ? (size_t)(next - fn) : strlen(fn);
		char *body = ka_xmalloc(len + 1);
		memcpy(body, fn, len);
		body[len] = 0;
		/* divergent values of this function */
		char **div = NULL;
		size_t nd = 0, cap_nd = 0;
		for (char *p = body; (p = strstr(p, "DIVERGENT:")); p++) {
			char *q = p + 10;
			while (*q == ' ')
				q++;
			if (*q != '%')
				continue;
			size_t l = strcspn(q, " ,)\n");
			KA_GROW(div, nd, cap_nd, 16);
			div[nd] = ka_xmalloc(l + 1);
			memcpy(div[nd], q, l);
			div[nd++][l] = 0;
		}
		for (char *p = body; (p = strstr(p, "@llvm.dbg.value(metadata ")); p++) {
			char *eol = strchr(p, '\n'), *var = strstr(p, ", metadata !");
			if (!var || (eol && var > eol))
				continue;
			long id = strtol(var + 12, NULL, 10);
			const struct meta *mv = NULL;
			for (size_t i = 0; i < nm; i++)
				if (m[i].id == id)
					mv = &m[i];
			if (!mv)
				continue;
			char ops[512];
			snprintf(ops, sizeof(ops), "%.*s", (int)(var - p), p);
			if (strstr(ops, "poison") || strstr(ops, "undef"))
				continue;
			int st = 1;
			for (char *o = ops; (o = strchr(o, '%')); o++) {
				size_t l = strcspn(o, " ,)\n");
				for (size_t i = 0; i < nd; i++)
					if (strlen(div[i]) == l && strncmp(div[i], o, l) == 0)
						st = 2;
			}
			struct llvar *v = llvar_get(out, mv->name, mv->line);
			if (st > v->state)
				v->state = st;
		}
		for (size_t i = 0; i < nd; i++)
			free(div[i]);
		free(div);
		free(body);
		fn = next;
	}
}

struct expect {
	char file[128], name[64];
	int line;
	bool used;
};

static size_t read_expect(const char *path, struct expect **out)
{
	struct ka_buf b = {0};
	size_t n = 0, cap = 0;
	*out = NULL;
	if (ka_read_file(path, 1 << 20, &b) != 0)
		return 0;
	for (char *p = b.data; p && *p;) {
		char *eol = strchr(p, '\n');
		if (eol)
			*eol = 0;
		char loc[200], name[64];
		if (p[0] != '#' && sscanf(p, "%199s %63s", loc, name) == 2 && strchr(loc, ':')) {
			KA_GROW(*out, n, cap, 16);
			memset(&(*out)[n], 0, sizeof(**out));
			snprintf((*out)[n].file, sizeof((*out)[n].file), "%.*s", (int)(strchr(loc, ':') - loc), loc);
			(*out)[n].line = atoi(strchr(loc, ':') + 1);
			snprintf((*out)[n].name, sizeof((*out)[n].name), "%s", name);
			n++;
		}
		p = eol ? eol + 1 : NULL;
	}
	ka_buf_free(&b);
	return n;
}

static int run(char *const argv[], const char *what, struct ka_spawn_result *r)
{
	memset(r, 0, sizeof(*r));
	if (ka_spawn(argv, 120, r) != 0 || r->status != 0) {
		fprintf(stderr, "oracle: %s failed (status %d)\n%s\n", what, r->status, r->err.data ? r->err.data : "");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int agree = 0, gain = 0, documented = 0, unexplained = 0, compared = 0, only_ka = 0;
	struct expect *ex = NULL;
	size_t nex;

	if (argc < 6) {
		fprintf(stderr, "usage: oracle_uniformity CLANG OPT BITCODE_DIR EXPECT FILE.hip...\n");
		return 2;
	}
	char *clang = ka_which(argv[1]), *opt = ka_which(argv[2]);
	char ockl[1024], abi[1024];
	snprintf(ockl, sizeof(ockl), "%s/ockl.bc", argv[3]);
	snprintf(abi, sizeof(abi), "%s/oclc_abi_version_500.bc", argv[3]);
	if (!clang || !opt || access(ockl, R_OK) != 0) {
		printf("clang-16, opt-16 or the ROCm device libraries (%s) not found: not run\n", ockl);
		free(clang);
		free(opt);
		return 77;
	}
	nex = read_expect(argv[4], &ex);
	char *dir = ka_tempdir_create("oracle");
	for (int f = 5; f < argc; f++) {
		const char *file = argv[f], *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
		char ll[1100];
		snprintf(ll, sizeof(ll), "%s/%s.ll", dir, base);
		char *cc[] = {clang, "-x", "hip", "--offload-arch=gfx90a", "--cuda-device-only", "-nogpulib", "-O1", "-g",
			      "-emit-llvm", "-S", "-Xclang", "-mlink-builtin-bitcode", "-Xclang", ockl, "-Xclang",
			      "-mlink-builtin-bitcode", "-Xclang", abi, "-o", ll, (char *)file, NULL};
		char pass[] = "-passes=print<uniformity>", dis[] = "-disable-output";
		char *op[] = {opt, pass, dis, ll, NULL};
		struct ka_spawn_result rc, ro;
		struct ka_buf lltext = {0};
		struct ka_analyzer_options o = {.lang = KA_LANG_HIP, .warp_size = 64, .offload_arch = "gfx90a"};
		char arch_opt[64] = "--offload-arch=gfx90a", gfx[32] = "gfx90a";
		{	/* the suite's header: "// analyzer: hip warp=32 arch=gfx1100" */
			struct ka_buf src = {0};
			if (ka_read_file(file, 1 << 22, &src) == 0 && strncmp(src.data, "// analyzer:", 12) == 0) {
				const char *eol = strchr(src.data, '\n'), *a = strstr(src.data, "arch="),
					   *w = strstr(src.data, "warp=");
				if (a && (!eol || a < eol)) {
					snprintf(gfx, sizeof(gfx), "%.*s", (int)strcspn(a + 5, " \n"), a + 5);
					snprintf(arch_opt, sizeof(arch_opt), "--offload-arch=%s", gfx);
					o.offload_arch = gfx;
				}
				if (w && (!eol || w < eol))
					o.warp_size = atoi(w + 5);
			}
			ka_buf_free(&src);
		}
		cc[3] = arch_opt;
		struct ka_uresult r;
		struct meta *m = NULL;
		struct ll lv = {0};

		if (run(cc, "clang", &rc) != 0 || run(op, "opt", &ro) != 0 || ka_read_file(ll, 1 << 26, &lltext) != 0) {
			unexplained++;
			ka_spawn_result_free(&rc);
			continue;
		}
		size_t nm = read_meta(lltext.data, base, &m);
		read_uniformity(ro.err.data ? ro.err.data : "", m, nm, &lv);
		if (ka_uniformity_analyze(file, &o, &r) != 0 || r.errors) {
			printf("FAIL  %s: the analyzer could not parse it\n", file);
			unexplained++;
		}
		for (size_t i = 0; i < r.n_vars; i++) {
			const struct ka_uvar *kv = &r.vars[i];
			struct llvar *l = NULL;
			for (size_t j = 0; j < lv.n; j++)
				if (lv.v[j].line == kv->line && strcmp(lv.v[j].name, kv->name) == 0)
					l = &lv.v[j];
			if (!l || l->state == 0) {
				only_ka++;         /* optimised away: LLVM has no record */
				continue;
			}
			compared++;
			bool ka_uni = ka_uclass_is_uniform(kv->cls), ll_uni = l->state == 1;
			const char *verdict;
			struct expect *e = NULL;
			for (size_t k = 0; k < nex; k++)
				if (ex[k].line == kv->line && strcmp(ex[k].name, kv->name) == 0 && strcmp(ex[k].file, base) == 0)
					e = &ex[k];
			if (kv->cls == KA_U_WARP_IF && !ll_uni) {
				verdict = "gain: warp-uniform-if (a launch condition LLVM cannot see)";
				gain++;
			} else if (ka_uni == ll_uni) {
				verdict = "agree";
				agree++;
			} else if (e) {
				verdict = "documented (oracle_expect.txt)";
				e->used = true;
				documented++;
			} else {
				verdict = "UNEXPLAINED";
				unexplained++;
			}
			printf("%-6s %s:%d %s %s: kanalyze %s, LLVM %s\n", strcmp(verdict, "UNEXPLAINED") == 0 ? "FAIL" : "ok",
			       base, kv->line, kv->function, kv->name, ka_uclass_name(kv->cls),
			       ll_uni ? "uniform" : "divergent");
			if (strcmp(verdict, "agree") != 0)
				printf("         %s\n", verdict);
		}
		ka_uresult_free(&r);
		ka_buf_free(&lltext);
		free(m);
		free(lv.v);
		ka_spawn_result_free(&rc);
		ka_spawn_result_free(&ro);
	}
	for (size_t k = 0; k < nex; k++)
		if (!ex[k].used) {
			printf("FAIL   %s:%d %s: listed in the expectations but no longer disagrees (stale)\n", ex[k].file,
			       ex[k].line, ex[k].name);
			unexplained++;
		}
	printf("%d variables compared with LLVM's print<uniformity>: %d agree, %d precision gains (warp-uniform-if), "
	       "%d documented disagreements, %d unexplained; %d optimised away by LLVM (no record)\n",
	       compared, agree, gain, documented, unexplained, only_ka);
	ka_tempdir_remove(dir);
	free(dir);
	free(ex);
	free(clang);
	free(opt);
	return unexplained ? 1 : 0;
}
