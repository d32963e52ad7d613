/* machine.c — what the machine code does at each source line, for grounding
 * the analyzer's findings: the global memory instructions of the line (how
 * many loads and stores, the widest access, the first opcode as written),
 * how deep in the machine code's loops they sit, and the calls and shuffles
 * of the line.  Read from `nvdisasm -c -gi` of the cubin the analysis
 * compiled with -lineinfo (bench/lineinfo_regs.sh: -lineinfo leaves
 * ptxas's registers, spills and stack unchanged).  The text comes from a
 * tool and is not trusted: lines are copied before they are looked at,
 * every index is bounded, and what is not understood is skipped.
 *
 *   //--------------------- .text._Z6columnPKfPfii ----------------
 *   .L_x_1:
 *   //## File "/src/k.cu", line 23 inlined at "/src/k.cu", line 30
 *   //## File "/src/k.cu", line 30
 * (the address nvdisasm prints in a comment mark is shown as <0110>)
 *           <0110>   LDG.E.128 R4, desc[UR4][R2.64] ;
 *           <0120> @P0 BRA `(.L_x_1) ;
 *
 * An instruction belongs to the innermost frame of its inlining chain (line
 * 23 of k.cu above: where its work is written); a branch back to a label at
 * or before it closes a loop of the machine code, and every instruction
 * between the label and the branch is one loop deeper. */
#include "frontends.h"

#include <stdlib.h>
#include <string.h>

enum { OUTER_FRAMES = 3 };
struct insn {
	unsigned long addr;
	int frame;                   /* index into the function's files, -1 none */
	int line;
	/* the frames its inlining chain passes through on the way out (a
	 * __shfl_sync's SHFL is written in the toolkit's header, called at the
	 * user's line): the instruction is present at those lines too */
	int outer_frame[OUTER_FRAMES], outer_line[OUTER_FRAMES], n_outer;
	bool cond;                   /* a predicate guards it (a conditional branch) */
	enum { I_OTHER, I_LOAD, I_STORE, I_CALL, I_SHFL, I_BRANCH } kind;
	int width;                   /* global access bits                       */
	char local;                  /* AMDGPU: 'S' a scratch store, 'L' a load  */
	char op[24];                 /* the opcode with its suffixes             */
	char target[32];             /* a branch's label                         */
};

struct label {
	char name[32];
	unsigned long addr;
};

struct func {
	char *name;
	struct insn *v;
	size_t n, cap;
	struct label *labels;
	size_t n_labels, cap_labels;
	char **files;
	size_t n_files, cap_files;
	char pending[32];            /* a label waiting for its instruction      */
};

static char *copy_n(const char *p, size_t n)
{
	char *s = ka_xmalloc(n + 1);
	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

static const char *skip(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* "//----- .text._Z1kv -----" -> "_Z1kv" (malloc'd), NULL otherwise. */
static char *section_name(const char *p)
{
	const char *q = skip(p), *s = strstr(p, ".text.");
	if (q[0] != '/' || q[1] != '/' || q[2] != '-' || q[3] != '-' || !s)
		return NULL;
	s += 6;
	size_t n = strcspn(s, " \t-");
	return n ? copy_n(s, n) : NULL;
}

static int file_index(struct func *f, const char *name, size_t n)
{
	for (size_t i = 0; i < f->n_files; i++)
		if (strlen(f->files[i]) == n && memcmp(f->files[i], name, n) == 0)
			return (int)i;
	KA_GROW(f->files, f->n_files, f->cap_files, 8);
	f->files[f->n_files] = copy_n(name, n);
	return (int)f->n_files++;
}

/* The next line of text into b (without its newline); false at the end. */
static bool next_line(const char *text, size_t len, size_t *pos, struct ka_buf *b)
{
	size_t e = *pos;
	if (*pos >= len)
		return false;
	while (e < len && text[e] != '\n')
		e++;
	b->len = 0;
	ka_buf_append(b, text + *pos, e - *pos);
	*pos = e < len ? e + 1 : len;
	return true;
}

/* ".loc F L ..." (PTX, AMDGPU): the file index F of files[] and line L; -1
 * and 0 for what is not in the table. */
static void loc_of(struct func *f, const char *q, char **files, size_t n_files, int *frame, int *line, const char **rest)
{
	char *end;
	long fi = strtol(q, &end, 10), ln = strtol(end, &end, 10);
	*frame = fi >= 0 && (size_t)fi < n_files && files[fi] ? file_index(f, files[fi], strlen(files[fi])) : -1;
	*line = ln > 0 && ln < 100000000 ? (int)ln : 0;
	if (rest)
		*rest = end;
}

static void files_free(char **files, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
}

/* The width in bits a global access's suffixes name (.U8 .S16 .64 .128;
 * none: 32). */
static int access_bits(const char *op)
{
	static const struct {
		const char *suffix;
		int bits;
	} widths[] = {{".U8", 8}, {".S8", 8}, {".U16", 16}, {".S16", 16}, {".64", 64}, {".128", 128}};
	int bits = 32;
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++) {
		const char *s = strstr(op, widths[i].suffix);
		size_t n = strlen(widths[i].suffix);
		if (s && (s[n] == '\0' || s[n] == '.'))
			bits = widths[i].bits;
	}
	return bits;
}

/* The opcode's family: global loads (LDG, LDGSTS: a global read into shared
 * memory), global stores and atomics (STG, ATOMG, RED), calls, shuffles,
 * branches.  Generic LD/ST may be global but are not counted: the listing
 * does not say. */
static void classify(struct insn *in, const char *op)
{
	static const struct {
		const char *prefix;
		int kind;
	} families[] = {
		{"LDGSTS", I_LOAD}, {"LDG", I_LOAD}, {"STG", I_STORE}, {"ATOMG", I_STORE}, {"RED", I_STORE},
		{"CALL", I_CALL}, {"SHFL", I_SHFL}, {"BRA", I_BRANCH},
	};
	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		size_t n = strlen(families[i].prefix);
		if (strncmp(op, families[i].prefix, n) == 0 && (op[n] == '\0' || op[n] == '.')) {
			in->kind = families[i].kind;
			break;
		}
	}
	if (in->kind == I_LOAD || in->kind == I_STORE)
		in->width = access_bits(op);
}

/* Append one instruction (op: the opcode with its suffixes; target: a
 * branch's label or NULL), giving any label waiting for it its address. */
static struct insn *insn_add(struct func *f, unsigned long addr, const char *op, size_t n, int frame, int line)
{
	KA_GROW(f->v, f->n, f->cap, 64);
	struct insn *in = &f->v[f->n++];
	*in = (struct insn){.addr = addr, .frame = frame, .line = line};
	snprintf(in->op, sizeof(in->op), "%.*s", (int)(n < sizeof(in->op) ? n : sizeof(in->op) - 1), op);
	if (f->pending[0]) {
		KA_GROW(f->labels, f->n_labels, f->cap_labels, 16);
		f->labels[f->n_labels] = (struct label){.addr = addr};
		memcpy(f->labels[f->n_labels++].name, f->pending, sizeof(f->pending));
		f->pending[0] = '\0';
	}
	return in;
}

static void set_target(struct insn *in, const char *t, size_t m)
{
	snprintf(in->target, sizeof(in->target), "%.*s", (int)(m < sizeof(in->target) ? m : sizeof(in->target) - 1), t);
}

/* A SASS row: address mark, optional predicate, opcode, operands ("@P0
 * BRA `(.L_x_1) ;" after the mark). */
static bool parse_insn(struct func *f, const char *p, int frame, int line)
{
	const char *q = skip(p);
	char *end;
	if (strncmp(q, "/*", 2) != 0)
		return false;
	unsigned long addr = strtoul(q + 2, &end, 16);
	if (end == q + 2 || strncmp(end, "*/", 2) != 0)
		return false;
	q = skip(end + 2);
	bool cond = *q == '@' && strncmp(q, "@PT ", 4) != 0;
	if (*q == '@') {                       /* a predicate guards it */
		q += strcspn(q, " \t");
		q = skip(q);
	}
	size_t n = strcspn(q, " \t;");
	if (n == 0 || (n == 3 && strncmp(q, "NOP", 3) == 0))
		return true;
	struct insn *in = insn_add(f, addr, q, n, frame, line);
	in->cond = cond;
	classify(in, in->op);
	const char *t = strstr(q, "`(");
	if (in->kind == I_BRANCH && t)
		set_target(in, t + 2, strcspn(t + 2, ")"));
	return true;
}

static bool label_addr(const struct func *f, const char *name, unsigned long *addr)
{
	for (size_t i = 0; i < f->n_labels; i++)
		if (strcmp(f->labels[i].name, name) == 0) {
			*addr = f->labels[i].addr;
			return true;
		}
	return false;
}

static struct ka_mline *mline_of(struct ka_machine *m, const char *file, int line)
{
	for (size_t i = 0; i < m->n; i++)
		if (m->lines[i].line == line && strcmp(m->lines[i].file, file) == 0)
			return &m->lines[i];
	KA_GROW(m->lines, m->n, m->cap, 32);
	struct ka_mline *l = &m->lines[m->n++];
	*l = (struct ka_mline){.file = ka_strdup(file), .line = line};
	return l;
}

static int cmp_mline(const void *a, const void *b)
{
	const struct ka_mline *x = a, *y = b;
	int c = strcmp(x->file, y->file);
	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* One instruction at one of its lines (own: its innermost frame, the one
 * the kernel's totals count). */
static void count_at(struct ka_machine *m, struct ka_mline *l, const struct insn *in, int depth, bool own)
{
	switch (in->kind) {
	case I_LOAD:
	case I_STORE:
		if (in->kind == I_LOAD)
			l->loads++;
		else
			l->stores++;
		if (!l->op[0])
			snprintf(l->op, sizeof(l->op), "%s", in->op);
		l->width_bits = in->width > l->width_bits ? in->width : l->width_bits;
		int *narrow = in->kind == I_LOAD ? &l->load_bits : &l->store_bits;
		*narrow = !*narrow || in->width < *narrow ? in->width : *narrow;
		l->loop_depth = depth > l->loop_depth ? depth : l->loop_depth;
		l->own += own;
		m->global_accesses += own;
		break;
	case I_CALL:
		l->calls++;
		m->calls += own;
		break;
	case I_SHFL:
		l->shuffles++;
		m->shuffles += own;
		break;
	case I_BRANCH:
		l->branches += own && in->cond;
		break;
	default:
		break;
	}
	l->insns += own;
}

/* One function's instructions into its per-line table: loop depth from the
 * back edges, then the line's counts. */
static void func_finish(struct func *f, struct ka_machine *m)
{
	int *depth = ka_xcalloc(f->n + 1, sizeof(*depth));
	for (size_t i = 0; i < f->n; i++) {
		unsigned long to;
		if (f->v[i].kind != I_BRANCH || !f->v[i].target[0] || !label_addr(f, f->v[i].target, &to) ||
		    to > f->v[i].addr)
			continue;
		for (size_t j = 0; j <= i; j++)        /* a back edge: [to, branch] is a loop */
			if (f->v[j].addr >= to)
				depth[j]++;
	}
	for (size_t i = 0; i < f->n; i++) {
		const struct insn *in = &f->v[i];
		for (int o = -1; o < in->n_outer; o++) {      /* its own line, then the outer frames' */
			int fr = o < 0 ? in->frame : in->outer_frame[o], ln = o < 0 ? in->line : in->outer_line[o];
			if (fr < 0 || (size_t)fr >= f->n_files || ln <= 0)
				continue;              /* a frame of no file of this function */
			count_at(m, mline_of(m, f->files[fr], ln), in, depth[i], o < 0);
		}
	}
	free(depth);
}

static void func_free(struct func *f)
{
	free(f->name);
	free(f->v);
	free(f->labels);
	for (size_t i = 0; i < f->n_files; i++)
		free(f->files[i]);
	free(f->files);
	memset(f, 0, sizeof(*f));
}

static void set_put(struct ka_machine_set *set, struct func *f)
{
	if (!f->name)
		return;
	KA_GROW(set->v, set->n, set->cap, 16);
	struct ka_machine_func *mf = &set->v[set->n++];
	mf->name = f->name;
	f->name = NULL;
	memset(&mf->m, 0, sizeof(mf->m));
	func_finish(f, &mf->m);
	if (mf->m.n > 1)                   /* a function with no line info has none */
		qsort(mf->m.lines, mf->m.n, sizeof(*mf->m.lines), cmp_mline);
	mf->m.listed = true;
}

void ka_machine_parse(const char *text, size_t len, struct ka_machine_set *set)
{
	struct func f = {0};
	struct ka_buf line = {0};
	int frame = -1, cur_line = 0, n_outer = 0;
	int outer_frame[OUTER_FRAMES] = {0}, outer_line[OUTER_FRAMES] = {0};
	bool chain_open = false;

	for (size_t pos = 0; next_line(text, len, &pos, &line);) {
		const char *p = line.data ? line.data : "", *q = skip(p);
		char *sec = section_name(p);
		if (sec) {
			set_put(set, &f);
			func_free(&f);
			f.name = sec;
			frame = -1;
			cur_line = 0;
			n_outer = 0;                   /* the last function's chain is not this one's */
			chain_open = false;
			continue;
		}
		if (!f.name)
			continue;
		if (strncmp(q, "//##", 4) == 0) {
			/* the innermost frame comes first in each chain, then the
			 * frames it is inlined into */
			const char *fs = strstr(q, "File \""), *fe, *l;
			if (fs && (fe = strchr(fs + 6, '"')) && (l = strstr(fe, ", line "))) {
				long n = strtol(l + 7, NULL, 10);
				int fr = file_index(&f, fs + 6, (size_t)(fe - fs - 6)), ln = n > 0 && n < 100000000 ? (int)n : 0;
				if (!chain_open) {
					frame = fr;
					cur_line = ln;
					n_outer = 0;
					chain_open = true;
				} else if (n_outer < OUTER_FRAMES) {
					outer_frame[n_outer] = fr;
					outer_line[n_outer++] = ln;
				}
			}
			continue;
		}
		if (q[0] == '.' && q[strcspn(q, " \t")] == '\0' && q[strlen(q) - 1] == ':') {
			size_t n = strlen(q) - 1;     /* ".L_x_1:" */
			snprintf(f.pending, sizeof(f.pending), "%.*s", (int)(n < sizeof(f.pending) ? n : 31), q);
			continue;
		}
		size_t before = f.n;
		if (parse_insn(&f, q, frame, cur_line)) {
			chain_open = false;
			if (f.n > before) {
				struct insn *in = &f.v[f.n - 1];
				memcpy(in->outer_frame, outer_frame, sizeof(outer_frame));
				memcpy(in->outer_line, outer_line, sizeof(outer_line));
				in->n_outer = n_outer;
			}
		}
	}
	set_put(set, &f);
	func_free(&f);
	ka_buf_free(&line);
}

/* ---- PTX ---------------------------------------------------------------------
 * The PTX nvcc hands ptxas (kept from the analysis compile: no extra run) is
 * read the same way when the SASS listing is not asked for:
 *   .visible .entry _Z6columnPKfPfii(            a kernel; `.func` a callee
 *   $L__BB0_3:                                   a label
 *   .loc 1 23 9                                  file 1, line 23
 *   .loc 1 40 5, function_name $L__info_string0, inlined_at 1 46 5
 *   ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd6];
 *   @%p3 bra $L__BB0_3;                          a back edge: a loop
 *   .file 1 "/src/k.cu"                          (after the functions)
 * The innermost .loc position is the line (as in the SASS listing); a
 * callee that stayed a `.func` keeps its own lines, which every kernel of
 * the file gets beside its own (its accesses are at the callee's lines). */
static int ptx_type_bits(const char *t)
{
	static const struct {
		const char *type;
		int bits;
	} types[] = {{"8", 8}, {"16", 16}, {"32", 32}, {"64", 64}, {"128", 128}};
	if (!*t || !strchr("fbsu", t[0]))
		return 0;
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcmp(t + 1, types[i].type) == 0)
			return types[i].bits;
	return 0;
}

/* ld.global.nc.v4.f32: the access's bits (vector count times the type). */
static int ptx_bits(const char *op)
{
	char part[16];
	int vec = 1, bits = 32;
	for (const char *p = op; *p;) {
		size_t n = strcspn(p, ".");
		snprintf(part, sizeof(part), "%.*s", (int)(n < sizeof(part) ? n : sizeof(part) - 1), p);
		if (strcmp(part, "v2") == 0 || strcmp(part, "v4") == 0 || strcmp(part, "v8") == 0)
			vec = part[1] - '0';
		else if (ptx_type_bits(part))
			bits = ptx_type_bits(part);
		p += n + (p[n] == '.');
	}
	return vec * bits;
}

static void ptx_classify(struct insn *in)
{
	static const struct {
		const char *prefix;
		int kind;
	} families[] = {
		{"ld.global", I_LOAD}, {"ldu.global", I_LOAD}, {"cp.async.", I_LOAD}, {"st.global", I_STORE},
		{"atom.global", I_STORE}, {"red.global", I_STORE}, {"call", I_CALL}, {"shfl.", I_SHFL},
		{"bra", I_BRANCH},
	};
	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++) {
		size_t n = strlen(families[i].prefix);
		if (strncmp(in->op, families[i].prefix, n) == 0 &&
		    (families[i].prefix[n - 1] == '.' || in->op[n] == '\0' || in->op[n] == '.')) {
			in->kind = families[i].kind;
			break;
		}
	}
	if (in->kind == I_LOAD && strncmp(in->op, "cp.async.", 9) == 0 && !strstr(in->op, ".global"))
		in->kind = I_OTHER;
	if (in->kind == I_LOAD || in->kind == I_STORE)
		in->width = ptx_bits(in->op);
}

/* ".visible .entry _Z1kPf(" -> "_Z1kPf"; kind 'e' (entry) or 'f' (func). */
static char *ptx_function(const char *q, char *kind)
{
	const char *e = strstr(q, ".entry "), *f = strstr(q, ".func "), *paren;
	size_t len = strlen(q);
	if ((!e && !f) || (len && q[len - 1] == ';'))
		return NULL;                       /* a prototype, not a body */
	*kind = e ? 'e' : 'f';
	paren = strrchr(q, '(');
	if (!paren)                            /* no parameters: the name ends the line */
		paren = q + len;
	const char *b = paren;
	while (b > q && (b[-1] == '_' || b[-1] == '$' || (b[-1] >= '0' && b[-1] <= '9') ||
			 ((b[-1] | 0x20) >= 'a' && (b[-1] | 0x20) <= 'z')))
		b--;
	return paren > b ? copy_n(b, (size_t)(paren - b)) : NULL;
}

/* Put path at files[idx] (growing the table); idx out of range: nothing. */
static void file_put(char ***files, size_t *n, size_t *cap, long idx, char *path)
{
	if (idx < 0 || idx >= 4096) {
		free(path);
		return;
	}
	if ((size_t)idx >= *n) {
		KA_GROW(*files, (size_t)idx, *cap, 16);
		memset(*files + *n, 0, ((size_t)idx + 1 - *n) * sizeof(**files));
		*n = (size_t)idx + 1;
	}
	free((*files)[idx]);
	(*files)[idx] = path;
}

/* `.file 1 "/src/k.cu"` (PTX) or `.file 1 "/src" "k.hip"` (AMDGPU: directory
 * and name) lines, wherever they are: index -> path. */
static char **file_table(const char *text, size_t len, size_t *n_out)
{
	char **files = NULL;
	size_t n = 0, cap = 0;
	struct ka_buf line = {0};
	for (size_t pos = 0; next_line(text, len, &pos, &line);) {
		const char *p = skip(line.data ? line.data : ""), *q[4] = {0};
		char *num_end;
		int nq = 0;
		if (strncmp(p, ".file", 5) != 0 || (p[5] != ' ' && p[5] != '\t'))
			continue;
		long idx = strtol(p + 6, &num_end, 10);
		for (const char *c = num_end; *c && nq < 4; c++)
			if (*c == '"')
				q[nq++] = c;
		if (num_end == p + 6 || nq < 2)
			continue;
		if (nq == 4) {                         /* directory and name */
			struct ka_buf b = {0};
			ka_buf_append(&b, q[0] + 1, (size_t)(q[1] - q[0] - 1));
			ka_buf_puts(&b, "/");
			ka_buf_append(&b, q[2] + 1, (size_t)(q[3] - q[2] - 1));
			file_put(&files, &n, &cap, idx, b.data);
		} else {
			file_put(&files, &n, &cap, idx, copy_n(q[0] + 1, (size_t)(q[1] - q[0] - 1)));
		}
	}
	ka_buf_free(&line);
	*n_out = n;
	return files;
}

/* Each callee's lines (`.func` bodies) into every kernel's table. */
static void ptx_add_callees(struct ka_machine_set *set, size_t first, const struct ka_machine *callees)
{
	for (size_t k = first; k < set->n; k++)
		for (size_t i = 0; i < callees->n; i++) {
			KA_GROW(set->v[k].m.lines, set->v[k].m.n, set->v[k].m.cap, 32);
			struct ka_mline *l = &set->v[k].m.lines[set->v[k].m.n++];
			*l = callees->lines[i];
			l->file = ka_strdup(callees->lines[i].file);
			l->calls = 0;                  /* the kernel's own calls are its body's */
		}
	for (size_t k = first; k < set->n; k++)
		if (set->v[k].m.n > 1)
			qsort(set->v[k].m.lines, set->v[k].m.n, sizeof(*set->v[k].m.lines), cmp_mline);
}

void ka_machine_parse_ptx(const char *text, size_t len, struct ka_machine_set *set)
{
	size_t n_files = 0, first = set->n;
	char **files = file_table(text, len, &n_files);
	struct ka_machine_set callees = {0};
	struct func f = {0};
	struct ka_buf line = {0};
	int frame = -1, cur_line = 0, at_frame = -1, at_line = 0;
	char kind = 0;
	unsigned long addr = 0;

	for (size_t pos = 0; next_line(text, len, &pos, &line);) {
		const char *p = line.data ? line.data : "", *q = skip(p);
		if (!f.name) {
			char *name = ptx_function(q, &kind);
			if (name) {
				f.name = name;
				frame = at_frame = -1;
				cur_line = 0;
			}
			continue;
		}
		if (p[0] == '}') {                     /* the body's end */
			set_put(kind == 'e' ? set : &callees, &f);
			func_free(&f);
			continue;
		}
		if (strncmp(q, ".loc", 4) == 0 && (q[4] == ' ' || q[4] == '\t')) {
			const char *rest;
			loc_of(&f, q + 5, files, n_files, &frame, &cur_line, &rest);
			/* ", inlined_at 1 46 5": the line it is inlined at */
			const char *at = strstr(rest, "inlined_at");
			at_frame = -1;
			if (at)
				loc_of(&f, at + 10, files, n_files, &at_frame, &at_line, NULL);
			if (at_line <= 0)
				at_frame = -1;
			continue;
		}
		if (*q == '$' && q[strlen(q) - 1] == ':') {
			size_t n = strlen(q) - 1;      /* "$L__BB0_3:" */
			snprintf(f.pending, sizeof(f.pending), "%.*s", (int)(n < sizeof(f.pending) ? n : 31), q);
			continue;
		}
		if (!*q || *q == '.' || *q == '/' || *q == '{' || *q == '}' || *q == ')' || *q == '(')
			continue;
		bool cond = *q == '@';
		if (cond) {                            /* a predicate guards it */
			q += strcspn(q, " \t");
			q = skip(q);
		}
		size_t n = strcspn(q, " \t;");
		if (n == 0)
			continue;
		struct insn *in = insn_add(&f, addr++, q, n, frame, cur_line);
		in->cond = cond;
		if (at_frame >= 0) {
			in->outer_frame[0] = at_frame;
			in->outer_line[0] = at_line;
			in->n_outer = 1;
		}
		ptx_classify(in);
		if (in->kind == I_BRANCH) {
			const char *t = skip(q + n);
			set_target(in, t, strcspn(t, " \t;"));
		}
	}
	func_free(&f);                                 /* a body the text cut short */
	for (size_t i = 0; i < callees.n; i++)
		ptx_add_callees(set, first, &callees.v[i].m);
	ka_machine_set_free(&callees);
	files_free(files, n_files);
	ka_buf_free(&line);
}

/* ---- AMDGPU assembly -----------------------------------------------------------
 * The `.s` the HIP compile writes anyway (with -gline-tables-only):
 *   .type _Z1kPf,@function / _Z1kPf:           a function's start
 *   .file 1 "/src" "k.hip"                     file 1 (directory, name)
 *   .loc 1 23 9                                line 23 (no inlining chain:
 *                                              the position is the innermost)
 *   .LBB0_2:                                   a label
 *   global_load_dwordx4 v[0:3], v[4:5], off    a global load of 128 bits
 *   s_cbranch_scc0 .LBB0_2                     a branch (back: a loop)
 *   .Lfunc_end0:                               the end
 * Global accesses: global_ and buffer_ loads, stores and atomics (flat_ may
 * be any memory and is not counted); calls: s_swappc; shuffles:
 * ds_bpermute, ds_permute, ds_swizzle and DPP moves. */
static int amd_bits(const char *op)
{
	static const struct {
		const char *suffix;
		int bits;
	} widths[] = {{"dwordx4", 128}, {"dwordx3", 96}, {"dwordx2", 64}, {"dword", 32}, {"b128", 128}, {"b96", 96},
		      {"b64", 64}, {"b32", 32}, {"ushort", 16}, {"sshort", 16}, {"short", 16}, {"b16", 16},
		      {"ubyte", 8}, {"sbyte", 8}, {"byte", 8}, {"b8", 8}, {"u16", 16}, {"i16", 16}, {"u8", 8}, {"i8", 8}};
	for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
		if (strstr(op, widths[i].suffix))
			return widths[i].bits;
	return 32;
}

static void amd_classify(struct insn *in)
{
	const char *op = in->op;
	bool global = strncmp(op, "global_", 7) == 0 || strncmp(op, "buffer_", 7) == 0;
	if (global && (strstr(op, "_atomic") || strstr(op, "_store")))
		in->kind = I_STORE;
	else if (global && strstr(op, "_load"))
		in->kind = I_LOAD;
	else if (strncmp(op, "s_swappc", 8) == 0)
		in->kind = I_CALL;
	else if (strncmp(op, "ds_bpermute", 11) == 0 || strncmp(op, "ds_permute", 10) == 0 ||
		 strncmp(op, "ds_swizzle", 10) == 0 || strstr(op, "_dpp"))
		in->kind = I_SHFL;
	else if (strncmp(op, "s_cbranch", 9) == 0 || strcmp(op, "s_branch") == 0)
		in->kind = I_BRANCH;
	if (in->kind == I_LOAD || in->kind == I_STORE)
		in->width = amd_bits(op);
}

/* Scratch traffic (spills, private arrays): scratch_ instructions, and
 * buffer_ ones through the scratch resource s[0:3] (MUBUF scratch, where
 * flat scratch is off). */
static char amd_local(const char *op, const char *text)
{
	bool scratch = strncmp(op, "scratch_", 8) == 0 || (strncmp(op, "buffer_", 7) == 0 && strstr(text, "s[0:3]"));
	if (!scratch)
		return 0;
	return strstr(op, "_store") ? 'S' : strstr(op, "_load") ? 'L' : 0;
}

static const char *base_of(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* --sass on HIP: f's instructions as a census (sass.c's, scalar for
 * uniform).  Lines count in the kernel's own file: the compiled file (by
 * base name), else the file of its first located instruction. */
static void census_put(struct ka_sass_set *census, const struct func *f, const char *main_file)
{
	int main_frame = -1;
	if (!census || !f->name)
		return;
	for (size_t i = 0; main_file && i < f->n_files && main_frame < 0; i++)
		if (strcmp(base_of(f->files[i]), base_of(main_file)) == 0)
			main_frame = (int)i;
	for (size_t i = 0; i < f->n && main_frame < 0; i++)
		if (f->v[i].line > 0)
			main_frame = f->v[i].frame;
	struct ka_sass *s = ka_sass_set_begin(census, f->name, main_frame >= 0 && (size_t)main_frame < f->n_files
					      ? f->files[main_frame] : NULL);
	for (size_t i = 0; i < f->n; i++) {
		const struct insn *in = &f->v[i];
		if (strcmp(in->op, "s_nop") == 0)
			continue;
		ka_sass_add(s, in->op, in->frame == main_frame ? in->line : 0, strncmp(in->op, "s_", 2) == 0, in->local);
	}
}

void ka_machine_parse_amdgpu(const char *text, size_t len, struct ka_machine_set *set, struct ka_sass_set *census,
			     const char *main_file)
{
	size_t n_files = 0;
	char **files = file_table(text, len, &n_files);
	struct func f = {0};
	struct ka_buf line = {0};
	char function[256] = "";
	int frame = -1, cur_line = 0;
	unsigned long addr = 0;

	for (size_t pos = 0; next_line(text, len, &pos, &line);) {
		char *p = line.data ? line.data : "";
		char *semi = strchr(p, ';');             /* a comment */
		if (semi)
			*semi = '\0';
		const char *q = skip(p);
		size_t n = strcspn(q, " \t,");
		if (strncmp(q, ".type", 5) == 0 && strstr(q, "@function")) {
			const char *nm = skip(q + 5);
			size_t m = strcspn(nm, ", \t");
			snprintf(function, sizeof(function), "%.*s", (int)(m < sizeof(function) ? m : sizeof(function) - 1), nm);
			continue;
		}
		if (!f.name) {
			if (function[0] && p[0] != ' ' && p[0] != '\t' && strncmp(p, function, strlen(function)) == 0 &&
			    p[strlen(function)] == ':') {
				f.name = ka_strdup(function);
				function[0] = '\0';
				frame = -1;
				cur_line = 0;
			}
			continue;
		}
		if (strncmp(q, ".Lfunc_end", 10) == 0 || strncmp(q, ".section", 8) == 0) {
			census_put(census, &f, main_file);
			set_put(set, &f);
			func_free(&f);
			continue;
		}
		if (strncmp(q, ".loc", 4) == 0 && (q[4] == ' ' || q[4] == '\t')) {
			loc_of(&f, q + 5, files, n_files, &frame, &cur_line, NULL);
			continue;
		}
		if (n > 0 && q[n - 1] == ':' && q[0] == '.') {      /* ".LBB0_2:" */
			snprintf(f.pending, sizeof(f.pending), "%.*s", (int)(n - 1 < sizeof(f.pending) ? n - 1 : 31), q);
			continue;
		}
		if (n == 0 || *q == '.' || !((*q >= 'a' && *q <= 'z')))
			continue;
		struct insn *in = insn_add(&f, addr++, q, n, frame, cur_line);
		amd_classify(in);
		in->local = amd_local(in->op, q);
		in->cond = strncmp(in->op, "s_cbranch", 9) == 0;
		if (in->kind == I_BRANCH) {
			const char *t = skip(q + n);
			set_target(in, t, strcspn(t, " \t,"));
		}
	}
	census_put(census, &f, main_file);                 /* a text cut short */
	set_put(set, &f);
	func_free(&f);
	files_free(files, n_files);
	ka_buf_free(&line);
}

void ka_machine_attach(struct ka_machine_set *set, struct ka_kernel_list *out, size_t first, enum ka_code code)
{
	for (size_t k = first; k < out->n; k++) {
		ka_machine_free(out->v[k].machine);
		free(out->v[k].machine);
		out->v[k].machine = ka_machine_set_take(set, out->v[k].mangled);
		if (out->v[k].machine)
			out->v[k].machine->code = code;
	}
}

struct ka_machine *ka_machine_set_take(struct ka_machine_set *set, const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i].name && strcmp(set->v[i].name, name) == 0) {
			struct ka_machine *m = ka_xmalloc(sizeof(*m));
			*m = set->v[i].m;
			memset(&set->v[i].m, 0, sizeof(set->v[i].m));
			free(set->v[i].name);             /* taken: no longer in the set */
			set->v[i].name = NULL;
			return m;
		}
	return NULL;
}

void ka_machine_free(struct ka_machine *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++)
		free(m->lines[i].file);
	free(m->lines);
	memset(m, 0, sizeof(*m));
}

void ka_machine_set_free(struct ka_machine_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->v[i].name);
		ka_machine_free(&set->v[i].m);
	}
	free(set->v);
	memset(set, 0, sizeof(*set));
}

int ka_machine_cubin(const char *nvdisasm, const char *cubin, double timeout_s, struct ka_diag *d,
		     struct ka_kernel_list *out, size_t first, const char *where)
{
	char *const argv[] = {(char *)nvdisasm, "-c", "-gi", (char *)cubin, NULL};
	char *const *const argvs[] = {argv};
	struct ka_spawn_result res;
	struct ka_machine_set set = {0};

	memset(&res, 0, sizeof(res));
	ka_spawn_many(argvs, 1, 1, timeout_s > 0 ? timeout_s : 300, &res);
	if (res.not_found || res.spawn_errno || res.timed_out || res.status != 0) {
		/* grounding is a check on the findings, not a result: say so once */
		ka_diag_warn_once(d, "machine-nvdisasm", where,
				  "nvdisasm %s: the findings are not checked against the machine code",
				  res.timed_out ? "timed out" : "failed");
		ka_spawn_result_free(&res);
		return KA_EXIT_OK;
	}
	ka_machine_parse(res.out.data ? res.out.data : "", res.out.len, &set);
	ka_machine_attach(&set, out, first, KA_CODE_SASS);
	ka_machine_set_free(&set);
	ka_spawn_result_free(&res);
	return KA_EXIT_OK;
}
