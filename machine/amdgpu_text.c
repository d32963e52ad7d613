/* amdgpu_text.c — AMDGPU assembly (the .s of a HIP compile) to the
 * instruction list the wave interpreter (amdgpu_lanes.c) runs: one
 * kernel's text cut out of the module (its code, the .file lines, its
 * .amdhsa_kernel block, its arguments from the metadata), then its
 * instructions (mnemonic, operands in one register numbering, modifiers),
 * labels resolved, .loc lines, and the launch state the descriptor gives.
 * The text is a compiler's and not trusted: names and numbers are bounded,
 * what is not understood is skipped.
 *
 *   	.loc	0 9 13                          ; h.hip:9:13
 *   	v_lshlrev_b64 v[2:3], 2, v[0:1]
 *   	global_load_dword v2, v[2:3], off
 *   	ds_read2_b32 v[0:1], v3 offset1:32 */
#define _GNU_SOURCE
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>








/* ---- one kernel out of the module ------------------------------------------------
 * The module is read once (ka_mach_amdgpu_module): every .file line, and
 * per name the spans of its code (its label at column 0 up to .Lfunc_end),
 * its .amdhsa_kernel block and its metadata entry; a kernel is then cut
 * from those spans (ka_mach_amdgpu_module_kernel), so a module of thousands
 * of kernels is read once, not once per kernel. */

struct amd_span {
	char *name;
	const char *start, *end;          /* whole lines, [start, end) */
};

struct ka_mach_amdgpu_module {
	char *files;                      /* every .file line, in order */
	size_t n_files, cap_files;
	struct amd_span *code, *desc, *meta;
	size_t n_code, cap_code, n_desc, cap_desc, n_meta, cap_meta;
};

static void span_open(struct amd_span **v, size_t *n, size_t *cap, const char *name, size_t len, const char *at)
{
	KA_MACH_GROW(*v, *n, *cap);
	(*v)[(*n)++] = (struct amd_span){ka_mach_dup(name, len), at, NULL};
}

/* Close the span open in v at `at` (the line that ends it, excluded). */
static void span_close(struct amd_span *v, size_t n, const char *at)
{
	if (n && !v[n - 1].end)
		v[n - 1].end = at;
}

static const struct amd_span *span_find(const struct amd_span *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return &v[i];
	return NULL;
}

struct ka_mach_amdgpu_module *ka_mach_amdgpu_module(const char *s, size_t len)
{
	struct ka_mach_amdgpu_module *m = ka_mach_xrealloc(NULL, sizeof(*m));
	const char *e = s ? s + len : NULL;
	bool in_code = false, in_desc = false, in_meta = false;
	*m = (struct ka_mach_amdgpu_module){0};
	for (const char *p = s; s && p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p)), *le = nl ? nl : e, *q = ka_mach_skip_ws(p, le);
		const char *next = nl ? nl + 1 : e;
		const char *colon = memchr(p, ':', (size_t)(le - p));
		const char *after = colon ? ka_mach_skip_ws(colon + 1, le) : NULL;
		if (p < le && !isspace((unsigned char)*p) && *p != '.' && *p != ';' && *p != '#' && colon &&
		    (after == le || *after == ';') && memchr(p, ' ', (size_t)(colon - p)) == NULL) {
			span_close(m->code, m->n_code, p);       /* a label at column 0: a function */
			span_open(&m->code, &m->n_code, &m->cap_code, p, (size_t)(colon - p), p);
			in_code = true;
		} else if (in_code && ka_mach_starts(q, le, ".Lfunc_end")) {
			span_close(m->code, m->n_code, p);
			in_code = false;
		} else if (ka_mach_starts(q, le, ".amdhsa_kernel ")) {
			const char *nm = ka_mach_skip_ws(q + 15, le), *ne = nm;
			while (ne < le && !isspace((unsigned char)*ne))
				ne++;
			span_close(m->desc, m->n_desc, p);
			span_open(&m->desc, &m->n_desc, &m->cap_desc, nm, (size_t)(ne - nm), p);
			in_desc = true;
		} else if (in_desc && ka_mach_starts(q, le, ".end_amdhsa_kernel")) {
			span_close(m->desc, m->n_desc, p);
			in_desc = false;
		} else if (ka_mach_starts(q, le, ".amdgpu_metadata")) {
			in_meta = true;
		} else if (in_meta && ka_mach_starts(q, le, ".end_amdgpu_metadata")) {
			span_close(m->meta, m->n_meta, p);
			in_meta = false;
		} else if (in_meta && ka_mach_starts(p, le, "  - .")) {   /* a kernel's entry */
			span_close(m->meta, m->n_meta, p);
			span_open(&m->meta, &m->n_meta, &m->cap_meta, "", 0, p);
		}
		if (ka_mach_starts(q, le, ".file"))
			ka_mach_put_line(&m->files, &m->n_files, &m->cap_files, p, (size_t)(le - p));
		if (in_meta && m->n_meta && !m->meta[m->n_meta - 1].end && ka_mach_starts(q, le, ".name:")) {
			const char *v = ka_mach_skip_ws(q + 6, le);
			free(m->meta[m->n_meta - 1].name);
			m->meta[m->n_meta - 1].name = ka_mach_dup(v, (size_t)(le - v));
		}
		p = next;
	}
	span_close(m->code, m->n_code, e);
	span_close(m->desc, m->n_desc, e);
	span_close(m->meta, m->n_meta, e);
	return m;
}

static void put_span(char **out, size_t *n, size_t *cap, const struct amd_span *sp)
{
	for (const char *p = sp ? sp->start : NULL; sp && p < sp->end;) {
		const char *nl = memchr(p, '\n', (size_t)(sp->end - p)), *le = nl ? nl : sp->end;
		ka_mach_put_line(out, n, cap, p, (size_t)(le - p));
		p = nl ? nl + 1 : sp->end;
	}
}

/* A metadata entry's arguments as ";ka-arg OFFSET SIZE KIND" lines. */
static void put_args(char **out, size_t *n, size_t *cap, const struct amd_span *sp)
{
	int off = -1, size = -1;
	char kind[48] = "";
	for (const char *p = sp->start; p <= sp->end;) {
		const char *nl = p < sp->end ? memchr(p, '\n', (size_t)(sp->end - p)) : NULL;
		const char *le = p < sp->end ? (nl ? nl : sp->end) : p;
		const char *t = p;
		while (t < le && *t == ' ')
			t++;
		bool last = p == sp->end;
		bool item = t - p == 6 && t < le && t[0] == '-';
		if ((item || last) && off >= 0 && size > 0 && kind[0]) {
			char buf[96];
			int k = snprintf(buf, sizeof(buf), ";ka-arg %d %d %s", off, size, kind);
			ka_mach_put_line(out, n, cap, buf, (size_t)k);
		}
		if (last)
			break;
		if (item)
			off = size = -1, kind[0] = '\0', t += 2;
		size_t rest = (size_t)(le - t);
		if (rest > 8 && strncmp(t, ".offset:", 8) == 0)
			off = atoi(t + 8);
		else if (rest > 6 && strncmp(t, ".size:", 6) == 0)
			size = atoi(t + 6);
		else if (rest > 12 && strncmp(t, ".value_kind:", 12) == 0) {
			const char *v = ka_mach_skip_ws(t + 12, le), *ve = v;
			while (ve < le && !isspace((unsigned char)*ve))
				ve++;
			snprintf(kind, sizeof(kind), "%.*s", (int)(ve - v), v);
		}
		p = nl ? nl + 1 : sp->end;
	}
}

char *ka_mach_amdgpu_module_kernel(const struct ka_mach_amdgpu_module *m, const char *name)
{
	const struct amd_span *code = m && name ? span_find(m->code, m->n_code, name) : NULL;
	char *out = NULL;
	size_t n = 0, cap = 0;
	if (!code)
		return NULL;
	if (m->n_files)                       /* the file table first: every .loc can use it */
		ka_mach_put_line(&out, &n, &cap, m->files, m->n_files - 1);
	put_span(&out, &n, &cap, code);
	const struct amd_span *desc = span_find(m->desc, m->n_desc, name);
	if (desc && !(desc->start >= code->start && desc->start < code->end))   /* LLVM puts it in the code's span */
		put_span(&out, &n, &cap, desc);
	const struct amd_span *meta = span_find(m->meta, m->n_meta, name);
	if (meta)
		put_args(&out, &n, &cap, meta);
	return out;
}

void ka_mach_amdgpu_module_free(struct ka_mach_amdgpu_module *m)
{
	if (!m)
		return;
	struct amd_span *lists[] = {m->code, m->desc, m->meta};
	size_t counts[] = {m->n_code, m->n_desc, m->n_meta};
	for (int l = 0; l < 3; l++) {
		for (size_t i = 0; i < counts[l]; i++)
			free(lists[l][i].name);
		free(lists[l]);
	}
	free(m->files);
	free(m);
}

char *ka_mach_amdgpu_kernel(const char *s, size_t len, const char *name)
{
	if (!s || !name || !*name)
		return NULL;
	struct ka_mach_amdgpu_module *m = ka_mach_amdgpu_module(s, len);
	char *k = ka_mach_amdgpu_module_kernel(m, name);
	ka_mach_amdgpu_module_free(m);
	return k;
}

/* ---- operands ------------------------------------------------------------------------ */

/* A register operand: s5, v[2:3], vcc, exec_lo, off ...; false if not one. */
static bool reg_operand(const char *p, const char *e, struct opd *o)
{
	static const struct { const char *name; int reg, n; } named[] = {
		{"vcc_lo", AR_VCC, 1}, {"vcc_hi", AR_VCC + 1, 1}, {"vcc", AR_VCC, 2},
		{"exec_lo", AR_EXEC, 1}, {"exec_hi", AR_EXEC + 1, 1}, {"exec", AR_EXEC, 2},
		{"m0", AR_M0, 1}, {"scc", AR_SCC, 1}, {"off", AR_OFF, 1}, {"null", AR_OFF, 1},
	};
	size_t n = (size_t)(e - p);
	for (size_t i = 0; i < sizeof(named) / sizeof(*named); i++)
		if (strlen(named[i].name) == n && memcmp(named[i].name, p, n) == 0) {
			o->kind = O_REG;
			o->reg = named[i].reg;
			o->n_vec = named[i].n;
			return true;
		}
	if (n < 2 || (p[0] != 's' && p[0] != 'v' && p[0] != 'a'))
		return false;
	int base = p[0] == 's' ? AR_S : p[0] == 'v' ? AR_V : AR_A, limit = p[0] == 's' ? 256 : 512;
	long lo, hi;
	char *end;
	if (p[1] == '[') {
		lo = strtol(p + 2, &end, 10);
		if (end >= e || *end != ':')
			return false;
		hi = strtol(end + 1, &end, 10);
		if (end >= e || *end != ']')
			return false;
	} else if (isdigit((unsigned char)p[1])) {
		lo = hi = strtol(p + 1, &end, 10);
		if (end != e)
			return false;
	} else {
		return false;
	}
	if (lo < 0 || hi < lo || hi - lo >= 16 || hi >= limit || (base == AR_S && hi >= 256) || (base == AR_V && hi >= 512))
		return false;
	if (base == AR_A || (base == AR_V && hi >= 256))
		base = AR_A, lo &= 255, hi &= 255;
	o->kind = O_REG;
	o->reg = base + (int)lo;
	o->n_vec = (int)(hi - lo + 1);
	return true;
}

static void parse_operand(const char *p, const char *e, struct opd *o)
{
	*o = (struct opd){.reg = -1, .sym = -1};
	p = ka_mach_skip_ws(p, e);
	while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
		e--;
	if (p < e && *p == '-' && p + 1 < e && !isdigit((unsigned char)p[1])) {
		o->negate = true;                   /* -v1: a float modifier */
		p++;
	}
	if (p < e && *p == '|') {
		o->abs = true;
		p++;
		e -= e > p && e[-1] == '|';
	}
	if (reg_operand(p, e, o))
		return;
	char *end;
	if (p < e && (isdigit((unsigned char)*p) || *p == '-')) {
		bool neg = *p == '-';
		const char *q = neg ? p + 1 : p;
		unsigned long long v = strtoull(q, &end, 0);
		if (end == e) {
			o->kind = O_IMM;
			o->imm = (int64_t)(neg ? 0 - v : v);
			return;
		}
		if (memchr(p, '.', (size_t)(e - p))) {     /* 1.0, 0.5: a float inline constant */
			o->kind = O_SPECIAL;
			o->special = SR_OPAQUE;
			return;
		}
	}
	if (p < e && (p[0] == '.' || isalpha((unsigned char)p[0]) || p[0] == '_')) {
		o->kind = O_LABEL;                        /* a branch target, or a symbol */
		size_t n = (size_t)(e - p);
		uint64_t h = 1469598103934665603ull;
		for (size_t i = 0; i < n; i++)
			h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
		o->imm = (int64_t)h;
		return;
	}
	o->kind = O_SPECIAL;
	o->special = SR_OPAQUE;
}

/* offset:16, offset0:1 offset1:32, offen, glc ... at the end of a statement;
 * returns where the operands end. */
static const char *modifiers(const char *p, const char *e, struct amd_mods *m)
{
	const char *end = e;
	for (;;) {
		while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		const char *w = end;
		while (w > p && w[-1] != ' ' && w[-1] != '\t' && w[-1] != ',')
			w--;
		if (w <= p || w[-1] == ',')
			return end;
		size_t n = (size_t)(end - w);
		if (n > 7 && memcmp(w, "offset:", 7) == 0)
			m->offset = (int)strtol(w + 7, NULL, 0);
		else if (n > 8 && memcmp(w, "offset0:", 8) == 0)
			m->offset0 = (int)strtol(w + 8, NULL, 0);
		else if (n > 8 && memcmp(w, "offset1:", 8) == 0)
			m->offset1 = (int)strtol(w + 8, NULL, 0);
		else if (n > 8 && memcmp(w, "op_sel:[", 8) == 0)
			m->op_sel = (w[8] == '1') | (n > 10 && w[10] == '1') << 1;
		else if (n == 5 && memcmp(w, "offen", 5) == 0)
			m->offen = true;
		else if (n == 5 && memcmp(w, "idxen", 5) == 0)
			m->idxen = true;
		else if ((n == 3 && memcmp(w, "glc", 3) == 0) || (n == 3 && memcmp(w, "sc0", 3) == 0))
			m->glc = true;
		else if (!((n == 3 && memcmp(w, "slc", 3) == 0) || (n == 3 && memcmp(w, "dlc", 3) == 0) ||
			   (n == 2 && memcmp(w, "nt", 2) == 0) || (n == 3 && memcmp(w, "sc1", 3) == 0) ||
			   (n > 6 && memcmp(w, "lgkmcnt", 7) == 0) || (n > 4 && memcmp(w, "vmcnt", 5) == 0) ||
			   (n > 4 && memcmp(w, "expcnt", 6) == 0) || (n > 4 && memcmp(w, "clamp", 5) == 0) ||
			   (n > 4 && memcmp(w, "omod", 4) == 0) || (n > 3 && memcmp(w, "dpp", 3) == 0) ||
			   (n > 5 && memcmp(w, "row_", 4) == 0) || (n > 5 && memcmp(w, "bank_", 5) == 0) ||
			   (n > 5 && memcmp(w, "dst_", 4) == 0) || (n > 5 && memcmp(w, "src0_", 5) == 0) ||
			   (n > 5 && memcmp(w, "src1_", 5) == 0) || (n > 5 && memcmp(w, "quad_", 5) == 0) ||
			   (n > 5 && memcmp(w, "op_sel", 6) == 0) || (n > 5 && memcmp(w, "neg_", 4) == 0) ||
			   (n > 5 && memcmp(w, "bound_", 6) == 0) || (n > 5 && memcmp(w, "swizzle", 7) == 0)))
			return end;
		end = w;
	}
}

static void parse_insn(struct pfunc *f, const char *p, const char *e, int loc)
{
	struct pinsn in = {.guard = -1, .vec = 1, .target = -1, .loc = loc, .op = OP_UNKNOWN};
	const char *m = p;
	while (m < e && (isalnum((unsigned char)*m) || *m == '_'))
		m++;
	if (m == p)
		return;
	snprintf(in.text, sizeof(in.text), "%.*s", (int)(m - p < 39 ? m - p : 39), p);
	/* the encoding suffix says nothing of the semantics */
	size_t tl = strlen(in.text);
	static const char *const enc[] = {"_e32", "_e64", "_sdwa", "_dpp", "_e64_dpp"};
	for (size_t i = 0; i < sizeof(enc) / sizeof(*enc); i++) {
		size_t el = strlen(enc[i]);
		if (tl > el && strcmp(in.text + tl - el, enc[i]) == 0)
			in.text[tl - el] = '\0';
	}
	const char *end = modifiers(m, e, &in.amd);
	const char *q = ka_mach_skip_ws(m, end), *start = q;
	for (; q <= end && in.n < MAX_OPD; q++) {
		if (q == end || *q == ',') {
			if (ka_mach_skip_ws(start, q) < q)
				parse_operand(start, q, &in.o[in.n++]);
			start = q + 1;
		}
	}
	KA_MACH_GROW(f->v, f->n, f->cap);
	f->v[f->n++] = in;
}

/* .loc FILE LINE COL ... */
static int parse_loc(struct pfunc *f, const char *p, const char *e)
{
	struct ploc l = {.fn = -1};
	char *end;
	long fi = strtol(p, &end, 10), ln = strtol(end, &end, 10), co = strtol(end, &end, 10);
	(void)e;
	l.file = fi >= 0 && fi < 1 << 16 ? (int)fi : 0;
	l.line = ln > 0 && ln < 100000000 ? (int)ln : 0;
	l.col = co > 0 && co < 100000 ? (int)co : 0;
	KA_MACH_GROW(f->locs, f->n_locs, f->cap_locs);
	f->locs[f->n_locs] = l;
	return (int)f->n_locs++;
}

/* .file N "dir" "name" [md5 ...], or .file N "path" */
static void parse_file(struct pfunc *f, const char *p, const char *e)
{
	char *end;
	long idx = strtol(p, &end, 10);
	if (end > e)                       /* the number ran past the line */
		return;
	const char *a = memchr(end, '"', (size_t)(e - end)), *b, *c = NULL, *d = NULL;
	if (idx < 0 || idx >= 1 << 16 || !a || !(b = memchr(a + 1, '"', (size_t)(e - a - 1))))
		return;
	if ((c = memchr(b + 1, '"', (size_t)(e - b - 1))) != NULL)
		d = memchr(c + 1, '"', (size_t)(e - c - 1));
	char *path;
	if (c && d) {
		size_t dl = (size_t)(b - a - 1), nl = (size_t)(d - c - 1);
		bool abs = nl && c[1] == '/';
		path = ka_mach_xrealloc(NULL, dl + nl + 2);
		if (abs || dl == 0)
			snprintf(path, dl + nl + 2, "%.*s", (int)nl, c + 1);
		else
			snprintf(path, dl + nl + 2, "%.*s/%.*s", (int)dl, a + 1, (int)nl, c + 1);
	} else {
		path = ka_mach_dup(a + 1, (size_t)(b - a - 1));
	}
	if (idx >= f->n_files) {
		f->files = ka_mach_xrealloc(f->files, (size_t)(idx + 1) * sizeof(*f->files));
		for (int i = f->n_files; i <= idx; i++)
			f->files[i] = NULL;
		f->n_files = (int)idx + 1;
	}
	free(f->files[idx]);
	f->files[idx] = path;
}

static int descriptor_field(const char *q, const char *e, const char *name)
{
	size_t n = strlen(name);
	if ((size_t)(e - q) > n && memcmp(q, name, n) == 0 && (q[n] == ' ' || q[n] == '\t'))
		return atoi(q + n);
	return -1;
}

/* The launch state from the .amdhsa_kernel block's fields (AMDGPUUsage,
 * "Initial Kernel Execution State": the user SGPRs in this order, then the
 * system SGPRs). */
static void layout(struct amd_info *info, const int *user, int user_count, const int *system)
{
	int *slot[] = {&info->psb, &info->dispatch, &info->queue, &info->kernarg, &info->dispatch_id, &info->flat_init,
		       &info->seg_size};
	static const int width[] = {4, 2, 2, 2, 2, 2, 1};
	int s = 0;
	for (int i = 0; i < 7; i++) {
		*slot[i] = user[i] > 0 ? s : -1;
		if (user[i] > 0)
			s += width[i];
	}
	if (user_count > s)
		s = user_count;
	int *sys[] = {&info->wg_id[0], &info->wg_id[1], &info->wg_id[2], &info->wg_info, &info->wave_offset};
	for (int i = 0; i < 5; i++) {
		*sys[i] = system[i] > 0 ? s : -1;
		if (system[i] > 0)
			s++;
	}
}

struct pending_label { uint64_t hash; int insn; };

int ka_amdgpu_parse(const char *text, size_t len, struct pfunc *f, struct amd_info *info)
{
	const char *e = text + len;
	int loc = -1, user[7] = {0}, system[5] = {0}, user_count = -1;
	struct pending_label *labels = NULL;
	size_t n_labels = 0, cap_labels = 0;
	bool code = false;
	static const char *const user_names[] = {
		".amdhsa_user_sgpr_private_segment_buffer", ".amdhsa_user_sgpr_dispatch_ptr",
		".amdhsa_user_sgpr_queue_ptr", ".amdhsa_user_sgpr_kernarg_segment_ptr",
		".amdhsa_user_sgpr_dispatch_id", ".amdhsa_user_sgpr_flat_scratch_init",
		".amdhsa_user_sgpr_private_segment_size"};
	static const char *const system_names[] = {
		".amdhsa_system_sgpr_workgroup_id_x", ".amdhsa_system_sgpr_workgroup_id_y",
		".amdhsa_system_sgpr_workgroup_id_z", ".amdhsa_system_sgpr_workgroup_info",
		".amdhsa_system_sgpr_private_segment_wavefront_offset"};

	memset(f, 0, sizeof(*f));
	memset(info, 0, sizeof(*info));
	info->workitem_ids = 0;
	system[0] = 1;                         /* workgroup_id_x defaults to enabled */
	for (const char *p = text; text && p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p)), *le = nl ? nl : e, *q = ka_mach_skip_ws(p, le);
		const char *next = nl ? nl + 1 : e;
		const char *semi = memchr(q, ';', (size_t)(le - q));
		if (ka_mach_starts(q, le, ";ka-arg ")) {
			struct amd_arg a = {0};
			char kind[48] = "";
			if (sscanf(q + 8, "%d %d %47s", &a.offset, &a.size, kind) == 3 && a.offset >= 0 && a.size > 0 &&
			    a.offset < 1 << 20 && a.size < 1 << 16) {
				a.kind = strcmp(kind, "global_buffer") == 0 || strcmp(kind, "dynamic_shared_pointer") == 0
					 ? ARG_POINTER : strncmp(kind, "hidden_", 7) == 0 ? ARG_HIDDEN : ARG_VALUE;
				snprintf(a.hidden, sizeof(a.hidden), "%s", kind);
				KA_MACH_GROW(info->args, info->n_args, info->cap_args);
				info->args[info->n_args++] = a;
			}
			p = next;
			continue;
		}
		if (semi)
			le = semi;
		while (le > q && (le[-1] == ' ' || le[-1] == '\t' || le[-1] == '\r'))
			le--;
		if (q >= le) {
			p = next;
			continue;
		}
		if (!code && !f->name && p[0] != ' ' && p[0] != '\t' && p[0] != '.' && le[-1] == ':') {
			f->name = ka_mach_dup(p, (size_t)(le - 1 - p));      /* the kernel's label */
			code = true;
		} else if (ka_mach_starts(q, le, ".loc")) {
			loc = parse_loc(f, ka_mach_skip_ws(q + 4, le), le);
		} else if (ka_mach_starts(q, le, ".file")) {
			parse_file(f, ka_mach_skip_ws(q + 5, le), le);
		} else if (q[0] == '.' && le[-1] == ':' && code) {      /* .LBB0_2: */
			uint64_t h = 1469598103934665603ull;
			for (const char *c = q; c < le - 1; c++)
				h = (h ^ (unsigned char)*c) * 1099511628211ull;
			KA_MACH_GROW(labels, n_labels, cap_labels);
			labels[n_labels++] = (struct pending_label){h, (int)f->n};
		} else if (q[0] == '.') {
			int v;
			for (int i = 0; i < 7; i++)
				if ((v = descriptor_field(q, le, user_names[i])) >= 0)
					user[i] = v;
			for (int i = 0; i < 5; i++)
				if ((v = descriptor_field(q, le, system_names[i])) >= 0)
					system[i] = v;
			if ((v = descriptor_field(q, le, ".amdhsa_user_sgpr_count")) >= 0)
				user_count = v;
			if ((v = descriptor_field(q, le, ".amdhsa_system_vgpr_workitem_id")) >= 0)
				info->workitem_ids = v;
			if ((v = descriptor_field(q, le, ".amdhsa_wavefront_size32")) >= 0)
				info->wave32 = v;
		} else if (code && isalpha((unsigned char)q[0])) {
			parse_insn(f, q, le, loc);
		}
		p = next;
	}
	layout(info, user, user_count, system);
	for (size_t i = 0; i < f->n; i++) {               /* branch targets */
		struct pinsn *in = &f->v[i];
		if (strncmp(in->text, "s_branch", 8) != 0 && strncmp(in->text, "s_cbranch", 9) != 0)
			continue;
		for (int k = 0; k < in->n; k++)
			if (in->o[k].kind == O_LABEL)
				for (size_t j = 0; j < n_labels; j++)
					if (labels[j].hash == (uint64_t)in->o[k].imm)
						in->target = labels[j].insn;
	}
	free(labels);
	return f->name ? 0 : -1;
}

void ka_amdgpu_info_free(struct amd_info *info)
{
	free(info->args);
	memset(info, 0, sizeof(*info));
}
