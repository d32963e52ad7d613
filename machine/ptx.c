/* ptx.c — PTX text to the instruction list the warp interpreter runs: the
 * first .entry's statements (predicate guard, opcode and its suffixes,
 * operands), its labels resolved to instruction indices, its parameters
 * and the state-space variables it can name, each instruction's .loc
 * (with inlined_at and the helper's name from the debug strings), and the
 * module's .file table.  The text comes from a compiler and is not trusted:
 * every name and number is bounded, and a statement the parser does not
 * understand is skipped, never a crash.
 *
 *   .loc  1 10 31, function_name $L__info_string0, inlined_at 1 14 3
 *   @%p3 bra     $L__BB0_2;
 *   ld.global.v4.f32  {%f1, %f2, %f3, %f4}, [%rd5+16];
 *   mad.lo.s32   %r13, %r6, %r9, %r3; */
#define _GNU_SOURCE
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>





/* ---- registers: names interned, looked up through one open hash ----------- */

static size_t hash_name(const char *s, size_t n)
{
	size_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

static int reg_lookup(const struct pfunc *f, const char *s, size_t n)
{
	if (!f->hash_cap)
		return -1;
	for (size_t i = hash_name(s, n) & (f->hash_cap - 1);; i = (i + 1) & (f->hash_cap - 1)) {
		int r = f->reg_hash[i];
		if (r < 0)
			return -1;
		if (strlen(f->regs[r]) == n && memcmp(f->regs[r], s, n) == 0)
			return r;
	}
}

static void rehash(struct pfunc *f)
{
	size_t cap = f->hash_cap ? 2 * f->hash_cap : 256;
	free(f->reg_hash);
	f->reg_hash = ka_mach_xrealloc(NULL, cap * sizeof(int));
	for (size_t i = 0; i < cap; i++)
		f->reg_hash[i] = -1;
	f->hash_cap = cap;
	for (size_t r = 0; r < f->n_regs; r++) {
		size_t i = hash_name(f->regs[r], strlen(f->regs[r])) & (cap - 1);
		while (f->reg_hash[i] >= 0)
			i = (i + 1) & (cap - 1);
		f->reg_hash[i] = (int)r;
	}
}

static int reg_intern(struct pfunc *f, const char *s, size_t n)
{
	int r = reg_lookup(f, s, n);
	if (r >= 0)
		return r;
	if (f->n_regs + 1 > f->hash_cap / 2)
		rehash(f);
	KA_MACH_GROW(f->regs, f->n_regs, f->cap_regs);
	f->regs[f->n_regs] = ka_mach_dup(s, n);
	size_t i = hash_name(s, n) & (f->hash_cap - 1);
	while (f->reg_hash[i] >= 0)
		i = (i + 1) & (f->hash_cap - 1);
	f->reg_hash[i] = (int)f->n_regs;
	return (int)f->n_regs++;
}

int ka_ptx_reg_find(const struct pfunc *f, const char *name)
{
	return reg_lookup(f, name, strlen(name));
}

static int sym_find(const struct pfunc *f, const char *s, size_t n)
{
	for (size_t i = f->n_syms; i-- > 0;)
		if (strlen(f->syms[i].name) == n && memcmp(f->syms[i].name, s, n) == 0)
			return (int)i;
	return -1;
}

static int sym_add(struct pfunc *f, const char *s, size_t n, enum ptx_space sp, int param, int64_t size, int64_t align)
{
	KA_MACH_GROW(f->syms, f->n_syms, f->cap_syms);
	f->syms[f->n_syms] = (struct psym){ka_mach_dup(s, n), sp, param, size, align > 0 ? align : 1, 0};
	return (int)f->n_syms++;
}

/* ---- small lexing helpers --------------------------------------------------- */


static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '%' || c == '.';
}


/* An integer literal: decimal, 0x hex, 0f/0d float bits (kept as bits). */
static bool parse_int(const char *p, const char *e, int64_t *v, const char **end)
{
	bool neg = false;
	const char *q = p;
	if (q < e && (*q == '-' || *q == '+'))
		neg = *q++ == '-';
	if (q >= e || !isdigit((unsigned char)*q))
		return false;
	uint64_t x = 0;
	if (e - q > 2 && q[0] == '0' && (q[1] == 'x' || q[1] == 'X' || q[1] == 'f' || q[1] == 'F' || q[1] == 'd' ||
					q[1] == 'D') && isxdigit((unsigned char)q[2])) {
		for (q += 2; q < e && isxdigit((unsigned char)*q); q++)
			x = x * 16 + (uint64_t)(isdigit((unsigned char)*q) ? *q - '0' : (tolower((unsigned char)*q) - 'a' + 10));
	} else {
		for (; q < e && isdigit((unsigned char)*q); q++)
			x = x * 10 + (uint64_t)(*q - '0');
	}
	if (q < e && (*q == 'U' || *q == 'u'))
		q++;
	*v = (int64_t)(neg ? 0 - x : x);
	*end = q;
	return true;
}

static const struct { const char *name; int id; } specials[] = {
	{"%tid.x", SR_TID_X}, {"%tid.y", SR_TID_Y}, {"%tid.z", SR_TID_Z},
	{"%ntid.x", SR_NTID_X}, {"%ntid.y", SR_NTID_Y}, {"%ntid.z", SR_NTID_Z},
	{"%ctaid.x", SR_CTAID_X}, {"%ctaid.y", SR_CTAID_Y}, {"%ctaid.z", SR_CTAID_Z},
	{"%nctaid.x", SR_NCTAID_X}, {"%nctaid.y", SR_NCTAID_Y}, {"%nctaid.z", SR_NCTAID_Z},
	{"%laneid", SR_LANEID}, {"%warpid", SR_WARPID}, {"%nwarpid", SR_NWARPID},
	{"%lanemask_eq", SR_LANEMASK_EQ}, {"%lanemask_lt", SR_LANEMASK_LT}, {"%lanemask_le", SR_LANEMASK_LE},
	{"%lanemask_gt", SR_LANEMASK_GT}, {"%lanemask_ge", SR_LANEMASK_GE},
	{"%tid", SR_OPAQUE}, {"%smid", SR_OPAQUE}, {"%clock", SR_OPAQUE}, {"%clock64", SR_OPAQUE},
	{"%globaltimer", SR_OPAQUE}, {"%nsmid", SR_OPAQUE}, {"%gridid", SR_OPAQUE},
	{"%dynamic_smem_size", SR_OPAQUE}, {"%total_smem_size", SR_OPAQUE}, {"%envreg", SR_OPAQUE},
	{"%cluster", SR_OPAQUE}, {"%nclusterid", SR_OPAQUE}, {"%clusterid", SR_OPAQUE},
	{"%is_explicit_cluster", SR_OPAQUE}, {"%pm", SR_OPAQUE}, {"%aggr_smem_size", SR_OPAQUE},
};

static int special_of(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(specials) / sizeof(*specials); i++)
		if (strlen(specials[i].name) == n && memcmp(specials[i].name, s, n) == 0)
			return specials[i].id;
	/* %envreg3, %clock_hi, %cluster_ctaid.x ... */
	for (size_t i = 0; i < sizeof(specials) / sizeof(*specials); i++)
		if (specials[i].id == SR_OPAQUE && n > strlen(specials[i].name) &&
		    memcmp(specials[i].name, s, strlen(specials[i].name)) == 0)
			return SR_OPAQUE;
	return SR_NONE;
}

/* One name or register token [p, *end). */
static size_t token(const char *p, const char *e)
{
	const char *q = p;
	while (q < e && ident_char(*q))
		q++;
	return (size_t)(q - p);
}

/* A name, register or special register at p as an operand. */
static void name_operand(struct pfunc *f, const char *p, size_t n, struct opd *o)
{
	int sr = n && p[0] == '%' ? special_of(p, n) : SR_NONE;
	int s;
	if (sr != SR_NONE) {
		o->kind = O_SPECIAL;
		o->special = sr;
	} else if (n && p[0] == '%') {
		o->kind = O_REG;
		o->reg = reg_intern(f, p, n);
	} else if ((s = sym_find(f, p, n)) >= 0) {
		o->kind = O_SYM;
		o->sym = s;
	} else if (n && p[0] == '$') {
		o->kind = O_LABEL;
		o->imm = (int64_t)hash_name(p, n);      /* resolved after the body */
	} else {
		o->kind = O_SYM;                        /* a name declared later or elsewhere */
		o->sym = sym_add(f, p, n, SP_NONE, -1, 0, 1);
	}
}

/* One operand in [p, e). */
static void parse_operand(struct pfunc *f, const char *p, const char *e, struct opd *o)
{
	int64_t v;
	const char *end;
	*o = (struct opd){.reg = -1, .sym = -1};
	p = ka_mach_skip_ws(p, e);
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		e--;
	if (p >= e)
		return;
	if (*p == '!') {
		o->negate = true;
		p = ka_mach_skip_ws(p + 1, e);
	}
	if (*p == '[') {                            /* [base+off] */
		const char *q = p + 1, *close = memchr(p, ']', (size_t)(e - p));
		if (!close)
			return;
		o->kind = O_ADDR;
		q = ka_mach_skip_ws(q, close);
		if (parse_int(q, close, &v, &end)) {
			o->imm = v;
			return;
		}
		size_t n = token(q, close);
		struct opd base;
		name_operand(f, q, n, &base);
		if (base.kind == O_REG)
			o->reg = base.reg;
		else if (base.kind == O_SYM)
			o->sym = base.sym;
		q = ka_mach_skip_ws(q + n, close);
		if (q < close && *q == '+') {
			q = ka_mach_skip_ws(q + 1, close);
			if (parse_int(q, close, &v, &end))
				o->imm = v;
		} else if (q < close && *q == '-') {
			if (parse_int(q, close, &v, &end))
				o->imm = v;
		}
		return;
	}
	if (*p == '{') {                            /* {%f1, %f2, _} */
		const char *q = p + 1;
		o->kind = O_VEC;
		while (q < e && *q != '}' && o->n_vec < 8) {
			q = ka_mach_skip_ws(q, e);
			size_t n = token(q, e);
			if (n == 0 && q < e && *q == '_')
				n = 1;
			if (n == 0) {
				q++;
				continue;
			}
			o->vec[o->n_vec++] = q[0] == '%' ? reg_intern(f, q, n) : -1;
			q = ka_mach_skip_ws(q + n, e);
			if (q < e && *q == ',')
				q++;
		}
		return;
	}
	if (parse_int(p, e, &v, &end)) {
		o->kind = O_IMM;
		o->imm = v;
		return;
	}
	size_t n = token(p, e);
	if (n)
		name_operand(f, p, n, o);
	/* sym+off as an operand value (mov.u64 %rd1, tbl+16) */
	const char *q = ka_mach_skip_ws(p + n, e);
	if (o->kind == O_SYM && q < e && *q == '+' && parse_int(ka_mach_skip_ws(q + 1, e), e, &v, &end))
		o->imm = v;
}

/* ---- opcodes ---------------------------------------------------------------- */

static const char *const op_names[] = {
#define PTX_OP(name, exec) #name,
#include "ptx_ops.def"
#undef PTX_OP
};

static enum ptx_op op_of(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(op_names) / sizeof(*op_names); i++)
		if (strlen(op_names[i]) == n && memcmp(op_names[i], s, n) == 0)
			return (enum ptx_op)i;
	return OP_UNKNOWN;
}

static bool type_suffix(const char *s, size_t n, enum ptx_tclass *tc, int *bits)
{
	static const struct { const char *s; enum ptx_tclass tc; int bits; } t[] = {
		{"s8", TC_S, 8}, {"s16", TC_S, 16}, {"s32", TC_S, 32}, {"s64", TC_S, 64},
		{"u8", TC_U, 8}, {"u16", TC_U, 16}, {"u32", TC_U, 32}, {"u64", TC_U, 64},
		{"b8", TC_B, 8}, {"b16", TC_B, 16}, {"b32", TC_B, 32}, {"b64", TC_B, 64}, {"b128", TC_B, 128},
		{"f16", TC_F, 16}, {"f16x2", TC_F, 32}, {"bf16", TC_F, 16}, {"bf16x2", TC_F, 32},
		{"f32", TC_F, 32}, {"f64", TC_F, 64}, {"tf32", TC_F, 32}, {"e4m3x2", TC_F, 16}, {"e5m2x2", TC_F, 16},
		{"pred", TC_PRED, 1},
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(*t); i++)
		if (strlen(t[i].s) == n && memcmp(t[i].s, s, n) == 0) {
			*tc = t[i].tc;
			*bits = t[i].bits;
			return true;
		}
	return false;
}

static void suffix(struct pinsn *in, const char *s, size_t n)
{
	static const struct { const char *s; enum ptx_cmp c; } cmps[] = {
		{"eq", CMP_EQ}, {"ne", CMP_NE}, {"lt", CMP_LT}, {"le", CMP_LE}, {"gt", CMP_GT}, {"ge", CMP_GE},
		{"lo", CMP_LO}, {"ls", CMP_LS}, {"hi", CMP_HI}, {"hs", CMP_HS},
		{"equ", CMP_FLOAT}, {"neu", CMP_FLOAT}, {"ltu", CMP_FLOAT}, {"leu", CMP_FLOAT}, {"gtu", CMP_FLOAT},
		{"geu", CMP_FLOAT}, {"num", CMP_FLOAT}, {"nan", CMP_FLOAT},
	};
	static const struct { const char *s; enum ptx_space sp; } spaces[] = {
		{"global", SP_GLOBAL}, {"shared", SP_SHARED}, {"local", SP_LOCAL}, {"param", SP_PARAM},
		{"const", SP_CONST},
	};
	static const struct { const char *s; enum ptx_mode m; } modes[] = {
		{"lo", MODE_LO}, {"hi", MODE_HI}, {"wide", MODE_WIDE}, {"up", MODE_UP}, {"down", MODE_DOWN},
		{"bfly", MODE_BFLY}, {"idx", MODE_IDX}, {"ballot", MODE_BALLOT}, {"any", MODE_ANY},
		{"all", MODE_ALL}, {"uni", MODE_UNI},
	};
	enum ptx_tclass tc;
	int bits;
	if (type_suffix(s, n, &tc, &bits)) {
		if (in->tc == TC_NONE) {
			in->tc_first = tc;
			in->bits_first = bits;
		}
		in->tc = tc;
		in->bits = bits;
		return;
	}
	if (n == 2 && s[0] == 'v' && (s[1] == '2' || s[1] == '4' || s[1] == '8')) {
		in->vec = s[1] - '0';
		return;
	}
	if (n == 2 && memcmp(s, "to", 2) == 0) {
		in->to = true;
		return;
	}
	for (size_t i = 0; i < sizeof(spaces) / sizeof(*spaces); i++)
		if (strlen(spaces[i].s) == n && memcmp(spaces[i].s, s, n) == 0) {
			/* cvta.to.global / cp.async.shared.global: the first space is
			 * the destination's; an ld/st has one */
			if (in->space == SP_NONE)
				in->space = spaces[i].sp;
			return;
		}
	if (in->op == OP_setp || in->op == OP_set) {
		for (size_t i = 0; i < sizeof(cmps) / sizeof(*cmps); i++)
			if (strlen(cmps[i].s) == n && memcmp(cmps[i].s, s, n) == 0) {
				if (in->cmp == CMP_NONE)
					in->cmp = cmps[i].c;
				return;
			}
		if (n == 3 && memcmp(s, "and", 3) == 0)
			in->boolop = '&';
		else if (n == 2 && memcmp(s, "or", 2) == 0)
			in->boolop = '|';
		else if (n == 3 && memcmp(s, "xor", 3) == 0)
			in->boolop = '^';
		return;
	}
	for (size_t i = 0; i < sizeof(modes) / sizeof(*modes); i++)
		if (strlen(modes[i].s) == n && memcmp(modes[i].s, s, n) == 0) {
			if (in->mode == MODE_NONE)
				in->mode = modes[i].m;
			return;
		}
}

/* ---- statements --------------------------------------------------------------- */

struct pending_label { size_t hash; int insn; };

static const struct { const char *w; enum ptx_space sp; } decls[] = {
	{".shared", SP_SHARED}, {".extern .shared", SP_SHARED}, {".global", SP_GLOBAL},
	{".visible .global", SP_GLOBAL}, {".extern .global", SP_GLOBAL}, {".weak .global", SP_GLOBAL},
	{".const", SP_CONST}, {".visible .const", SP_CONST}, {".local", SP_LOCAL},
	{".visible .shared", SP_SHARED}, {".param", SP_PARAM},
};

/* The declaration word at p, or -1. */
static int decl_of(const char *p, const char *e)
{
	for (size_t i = 0; i < sizeof(decls) / sizeof(*decls); i++) {
		size_t n = strlen(decls[i].w);
		if ((size_t)(e - p) > n && memcmp(p, decls[i].w, n) == 0 && (p[n] == ' ' || p[n] == '\t'))
			return (int)i;
	}
	return -1;
}

static bool decl_start(const char *p, const char *e)
{
	return decl_of(p, e) >= 0;
}

static void parse_insn(struct pfunc *f, const char *p, const char *e, int loc)
{
	struct pinsn in = {.guard = -1, .vec = 1, .target = -1, .loc = loc};
	p = ka_mach_skip_ws(p, e);
	if (p < e && *p == '@') {                   /* @%p1 / @!%p1 */
		p++;
		if (p < e && *p == '!') {
			in.guard_neg = true;
			p++;
		}
		size_t n = token(p, e);
		in.guard = reg_intern(f, p, n);
		p = ka_mach_skip_ws(p + n, e);
	}
	size_t n = token(p, e);
	if (n == 0)
		return;
	size_t dot = 0;
	while (dot < n && p[dot] != '.')
		dot++;
	in.op = op_of(p, dot);
	if (in.op == OP_cp && !(ka_mach_starts(p, e, "cp.async.ca.") || ka_mach_starts(p, e, "cp.async.cg.")))
		in.op = OP_cp_async_other;              /* bulk, commit, wait */
	if (in.op == OP_st && ka_mach_starts(p, e, "st.async"))
		in.op = OP_st_async;
	if (in.op == OP_UNKNOWN && !f->unsupported[0])
		snprintf(f->unsupported, sizeof(f->unsupported), "%.*s", (int)(dot < 60 ? dot : 60), p);
	snprintf(in.text, sizeof(in.text), "%.*s", (int)(n < 39 ? n : 39), p);
	for (size_t i = dot; i < n;) {
		size_t j = i + 1;
		while (j < n && p[j] != '.')
			j++;
		suffix(&in, p + i + 1, j - i - 1);
		i = j;
	}
	if (in.op == OP_ld || in.op == OP_st || in.op == OP_ldu || in.op == OP_atom || in.op == OP_red) {
		if (in.space == SP_NONE)
			in.space = SP_GENERIC;
	}
	/* operands: split at top-level commas */
	const char *q = p + n;
	int depth = 0;
	const char *start = q;
	for (; q <= e && in.n < MAX_OPD; q++) {
		if (q < e && (*q == '{' || *q == '[' || *q == '('))
			depth++;
		else if (q < e && (*q == '}' || *q == ']' || *q == ')'))
			depth--;
		if (q == e || (*q == ',' && depth <= 0)) {
			const char *s = ka_mach_skip_ws(start, q);
			if (s < q) {
				/* setp's  %p1|%p2  pair: the first destination */
				const char *bar = memchr(s, '|', (size_t)(q - s));
				if (bar && s[0] == '%')
					parse_operand(f, s, bar, &in.o[in.n++]);
				else if (*s == '(')
					in.o[in.n++] = (struct opd){.kind = O_NONE, .reg = -1, .sym = -1};
				else
					parse_operand(f, s, q, &in.o[in.n++]);
			}
			start = q + 1;
		}
	}
	if (in.op == OP_call) {                     /* call (ret), f, (args): the callee */
		for (int i = 0; i < in.n; i++)
			if (in.o[i].kind == O_SYM)
				snprintf(in.text, sizeof(in.text), "call %.33s", f->syms[in.o[i].sym].name);
	}
	KA_MACH_GROW(f->v, f->n, f->cap);
	f->v[f->n++] = in;
}

/* A declaration in the function or the module: .shared .align 4 .b8 t[4096]; */
static void parse_decl(struct pfunc *f, const char *p, const char *e, enum ptx_space sp)
{
	int64_t align = 1, size = 0, elem = 0, v;
	const char *name = NULL, *end;
	size_t name_n = 0;
	const char *eq = memchr(p, '=', (size_t)(e - p));
	if (eq)
		e = eq;
	for (const char *q = p; q < e;) {
		q = ka_mach_skip_ws(q, e);
		size_t n = token(q, e);
		if (n == 0) {
			if (q < e && *q == '[' && parse_int(q + 1, e, &v, &end))
				size = v;
			q++;
			continue;
		}
		if (ka_mach_starts(q, q + n, ".align")) {
			const char *r = ka_mach_skip_ws(q + n, e);
			if (parse_int(r, e, &v, &end))
				align = v;
			q = r + token(r, e);
			continue;
		}
		if (q[0] == '.') {
			enum ptx_tclass tc;
			int bits;
			if (type_suffix(q + 1, n - 1, &tc, &bits))
				elem = bits / 8 ? bits / 8 : 1;
		} else if (!isdigit((unsigned char)q[0])) {
			name = q;
			name_n = n;
		}
		q += n;
	}
	if (!name)
		return;
	int s = sym_find(f, name, name_n);
	if (s < 0)
		s = sym_add(f, name, name_n, sp, -1, 0, align);
	f->syms[s].space = sp;
	f->syms[s].align = align > 0 && align <= 4096 ? align : 1;
	if (size > (int64_t)1 << 32)
		size = (int64_t)1 << 32;            /* no state space is larger */
	f->syms[s].size = size > 0 ? size * (elem ? elem : 1) : elem;
}

/* .loc F L C[, function_name $L__info_stringN, inlined_at F2 L2 C2]; a
 * nested helper's caller chain through ploc.parent */
static int parse_loc(struct pfunc *f, const char *p, const char *e)
{
	struct ploc l = {.fn = -1};
	int64_t v;
	const char *end;
	p = ka_mach_skip_ws(p, e);
	if (!parse_int(p, e, &v, &end))
		return -1;
	l.file = v >= 0 && v < 1 << 20 ? (int)v : 0;
	p = ka_mach_skip_ws(end, e);
	if (!parse_int(p, e, &v, &end))
		return -1;
	l.line = v >= 0 && v < 100000000 ? (int)v : 0;
	if (parse_int(ka_mach_skip_ws(end, e), e, &v, &end))
		l.col = v >= 0 && v < 100000 ? (int)v : 0;
	const char *fn = NULL;
	for (const char *q = end; q < e; q++) {
		if (ka_mach_starts(q, e, "function_name")) {
			fn = ka_mach_skip_ws(q + 13, e);
		} else if (ka_mach_starts(q, e, "inlined_at")) {
			const char *r = ka_mach_skip_ws(q + 10, e);
			if (parse_int(r, e, &v, &end)) {
				l.inl_file = v >= 0 && v < 1 << 20 ? (int)v : 0;
				r = ka_mach_skip_ws(end, e);
				if (parse_int(r, e, &v, &end)) {
					l.inl_line = v >= 0 && v < 100000000 ? (int)v : 0;
					if (parse_int(ka_mach_skip_ws(end, e), e, &v, &end))
						l.inl_col = v >= 0 && v < 100000 ? (int)v : 0;
				}
			}
			break;
		}
	}
	if (fn) {
		size_t n = token(fn, e);
		for (size_t i = 0; i < f->n_names; i++)
			if (strlen(f->name_labels[i]) == n && memcmp(f->name_labels[i], fn, n) == 0)
				l.fn = (int)i;
		if (l.fn < 0 && n) {
			KA_MACH_GROW(f->names, f->n_names, f->cap_names);
			KA_MACH_GROW(f->name_labels, f->n_names, f->cap_name_labels);
			KA_MACH_GROW(f->name_done, f->n_names, f->cap_name_done);
			f->name_done[f->n_names] = false;
			f->names[f->n_names] = NULL;
			f->name_labels[f->n_names] = ka_mach_dup(fn, n);
			l.fn = (int)f->n_names++;
		}
	}
	/* the caller's own position, written just before (a few .locs back at
	 * most: the search stops there) */
	for (size_t i = f->n_locs, seen = 0; l.inl_line && i > 0 && seen < 16; i--, seen++) {
		const struct ploc *c = &f->locs[i - 1];
		if (c->file == l.inl_file && c->line == l.inl_line && c->col == l.inl_col) {
			l.parent = i;
			break;
		}
	}
	KA_MACH_GROW(f->locs, f->n_locs, f->cap_locs);
	f->locs[f->n_locs] = l;
	return (int)f->n_locs++;
}

/* .file 1 "/src/k.cu"[, mtime, size] */
static void parse_file(struct pfunc *f, const char *p, const char *e)
{
	int64_t v;
	const char *end;
	p = ka_mach_skip_ws(p, e);
	if (!parse_int(p, e, &v, &end) || v < 0 || v >= 1 << 16)
		return;
	const char *q = memchr(end, '"', (size_t)(e - end));
	if (!q)
		return;
	const char *r = memchr(q + 1, '"', (size_t)(e - q - 1));
	if (!r)
		return;
	if (v >= f->n_files) {
		f->files = ka_mach_xrealloc(f->files, (size_t)(v + 1) * sizeof(*f->files));
		for (int i = f->n_files; i <= v; i++)
			f->files[i] = NULL;
		f->n_files = (int)v + 1;
	}
	free(f->files[v]);
	f->files[v] = ka_mach_dup(q + 1, (size_t)(r - q - 1));
}

/* $L__info_string0:  .b8 95,90,51,...,0  -- the bytes of a helper's name */
static void parse_info_string(struct pfunc *f, const char *label, size_t n, const char *p, const char *e)
{
	for (size_t i = 0; i < f->n_names; i++) {
		if (strlen(f->name_labels[i]) != n || memcmp(f->name_labels[i], label, n) != 0 || f->name_done[i])
			continue;
		char buf[512];                  /* a long name continues on the next .b8 line */
		size_t k = f->names[i] ? strlen(f->names[i]) : 0;
		if (k)
			memcpy(buf, f->names[i], k);
		bool done = false;
		int64_t v;
		const char *end;
		for (const char *q = p; q < e && k + 1 < sizeof(buf);) {
			q = ka_mach_skip_ws(q, e);
			if (ka_mach_starts(q, e, ".b8")) {
				q += 3;
				continue;
			}
			if (!parse_int(q, e, &v, &end)) {
				q++;
				continue;
			}
			if (v == 0) {
				done = true;
				break;
			}
			buf[k++] = (char)(v >= 32 && v < 127 ? v : '?');
			q = end;
		}
		buf[k] = '\0';
		free(f->names[i]);
		f->names[i] = ka_mach_dup(buf, k);
		f->name_done[i] = done || k + 1 >= sizeof(buf);
	}
}

/* The parameters of an .entry: .param .u64 name, .param .align 8 .b8 name[16] */
static void parse_params(struct pfunc *f, const char *p, const char *e)
{
	int index = 0;
	while (p < e) {
		const char *next = memchr(p, ',', (size_t)(e - p));
		const char *stop = next ? next : e;
		const char *q = p;
		int64_t align = 8, elem = 0, count = 1, v;
		const char *name = NULL, *end;
		size_t name_n = 0;
		while (q < stop) {
			q = ka_mach_skip_ws(q, stop);
			size_t n = token(q, stop);
			if (!n) {
				if (q < stop && *q == '[' && parse_int(q + 1, stop, &v, &end))
					count = v > 0 && v < 1 << 20 ? v : 1;
				q++;
				continue;
			}
			if (ka_mach_starts(q, q + n, ".align")) {
				const char *r = ka_mach_skip_ws(q + n, stop);
				if (parse_int(r, stop, &v, &end))
					align = v;
				q = r + token(r, stop);
				continue;
			}
			enum ptx_tclass tc;
			int bits;
			if (q[0] == '.' && type_suffix(q + 1, n - 1, &tc, &bits))
				elem = bits / 8 ? bits / 8 : 1;
			else if (q[0] != '.' && q[0] != '.')
				name = q, name_n = n;
			q += n;
		}
		if (name)
			sym_add(f, name, name_n, SP_PARAM, index++, elem * (count > 0 ? count : 1), align);
		p = next ? next + 1 : e;
	}
}

static void resolve_labels(struct pfunc *f, const struct pending_label *labels, size_t n_labels)
{
	for (size_t i = 0; i < f->n; i++) {
		struct pinsn *in = &f->v[i];
		if (in->op != OP_bra)
			continue;
		for (int k = 0; k < in->n; k++)
			if (in->o[k].kind == O_LABEL)
				for (size_t j = 0; j < n_labels; j++)
					if (labels[j].hash == (size_t)in->o[k].imm)
						in->target = labels[j].insn;
	}
}

int ka_ptx_parse(const char *text, size_t len, struct pfunc *f)
{
	const char *p = text, *e = text + len;
	int loc = -1, depth = 0;
	bool in_entry = false, seen_entry = false, in_params = false;
	struct pending_label *labels = NULL;
	size_t n_labels = 0, cap_labels = 0;
	struct { const char *label; size_t n; } info = {0};
	struct ka_buf_local { char *d; size_t n, cap; } stmt = {0};

	memset(f, 0, sizeof(*f));
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *le = nl ? nl : e, *q = ka_mach_skip_ws(p, le);
		const char *next = nl ? nl + 1 : e;
		/* strip a // comment */
		const char *c = q;
		while (c + 1 < le && !(c[0] == '/' && c[1] == '/'))
			c++;
		if (c + 1 < le)
			le = c;
		while (le > q && (le[-1] == ' ' || le[-1] == '\t' || le[-1] == '\r'))
			le--;
		if (q >= le) {
			p = next;
			continue;
		}
		if (stmt.n == 0 && ka_mach_starts(q, le, ".loc")) {
			if (in_entry)
				loc = parse_loc(f, q + 4, le);
			p = next;
			continue;
		}
		if (stmt.n == 0 && ka_mach_starts(q, le, ".file")) {
			parse_file(f, q + 5, le);
			p = next;
			continue;
		}
		if (stmt.n == 0 && q[0] == '$' && le[-1] == ':') {   /* a label */
			size_t n = (size_t)(le - 1 - q);
			if (in_entry) {
				KA_MACH_GROW(labels, n_labels, cap_labels);
				labels[n_labels++] = (struct pending_label){hash_name(q, n), (int)f->n};
			} else {
				info.label = q;
				info.n = n;
			}
			p = next;
			continue;
		}
		if (stmt.n == 0 && info.label && ka_mach_starts(q, le, ".b8")) {
			parse_info_string(f, info.label, info.n, q, le);
			p = next;
			continue;
		}
		if (!in_entry && !seen_entry && stmt.n == 0 && (ka_mach_starts(q, le, ".visible .entry") || ka_mach_starts(q, le, ".entry") ||
							       ka_mach_starts(q, le, ".weak .entry"))) {
			const char *nm = strstr(q, ".entry") + 6;
			nm = ka_mach_skip_ws(nm, le);
			size_t n = token(nm, le);
			free(f->name);               /* an .entry with no body before this one */
			f->name = ka_mach_dup(nm, n);
			in_params = true;
			const char *paren = memchr(nm, '(', (size_t)(le - nm));
			if (paren && memchr(paren, ')', (size_t)(le - paren))) {
				const char *close = memchr(paren, ')', (size_t)(le - paren));
				parse_params(f, paren + 1, close);
				in_params = false;
			}
			p = next;
			continue;
		}
		if (in_params) {
			const char *close = memchr(q, ')', (size_t)(le - q));
			if (q[0] == '(')
				q++;
			parse_params(f, q, close ? close : le);
			if (close)
				in_params = false;
			p = next;
			continue;
		}
		if (f->name && !seen_entry && !in_entry && q[0] == '{') {
			in_entry = true;
			seen_entry = true;
			depth = 1;
			p = next;
			continue;
		}
		if (in_entry && stmt.n == 0 && (q[0] == '{' || q[0] == '}')) {
			depth += q[0] == '{' ? 1 : -1;
			if (depth == 0)
				in_entry = false;
			p = next;
			continue;
		}
		if (!in_entry && stmt.n == 0 && !decl_start(q, le)) {
			p = next;              /* module text other than a declaration */
			continue;
		}
		/* a statement, perhaps over several lines, up to its ';' */
		size_t add = (size_t)(le - q);
		if (stmt.n + add + 2 > stmt.cap) {
			stmt.cap = (stmt.n + add + 2) * 2;
			stmt.d = ka_mach_xrealloc(stmt.d, stmt.cap);
		}
		memcpy(stmt.d + stmt.n, q, add);
		stmt.n += add;
		stmt.d[stmt.n++] = ' ';
		if (le[-1] != ';' && stmt.n < (1u << 20)) {
			p = next;
			continue;
		}
		const char *s = stmt.d, *se = stmt.d + stmt.n;
		while (se > s && (se[-1] == ' ' || se[-1] == ';'))
			se--;
		int d = decl_of(s, se);
		if (d >= 0)
			parse_decl(f, s + strlen(decls[d].w), se, decls[d].sp);
		else if (in_entry && s[0] != '.')
			parse_insn(f, s, se, loc);
		stmt.n = 0;
		p = next;
	}
	resolve_labels(f, labels, n_labels);
	free(labels);
	free(stmt.d);
	return f->name && seen_entry ? 0 : -1;
}

void ka_ptx_free(struct pfunc *f)
{
	free(f->name);
	free(f->v);
	for (size_t i = 0; i < f->n_syms; i++)
		free(f->syms[i].name);
	free(f->syms);
	for (size_t i = 0; i < f->n_regs; i++)
		free(f->regs[i]);
	free(f->regs);
	free(f->reg_hash);
	for (int i = 0; i < f->n_files; i++)
		free(f->files[i]);
	free(f->files);
	free(f->locs);
	for (size_t i = 0; i < f->n_names; i++) {
		free(f->names[i]);
		free(f->name_labels[i]);
	}
	free(f->names);
	free(f->name_labels);
	free(f->name_done);
	memset(f, 0, sizeof(*f));
}

/* ---- one kernel's text out of a module ------------------------------------------ */


/* A module cut once for all its kernels: the text every kernel's copy
 * carries (the .file lines, the module's declarations cut at their
 * initialisers, the debug strings that name inlined helpers) and where each
 * .entry starts and ends.  A module of thousands of kernels is read once,
 * not once per kernel. */
struct entry_span { char *name; const char *start, *end; };
struct ka_mach_module {
	char *common;
	size_t n_common, cap_common;
	struct entry_span *entries;
	size_t n_entries, cap_entries;
};

/* The end of the entry whose line starts at `start`: past its closing brace. */
static const char *entry_end(const char *start, const char *e)
{
	int depth = 0;
	bool opened = false;
	for (const char *p = start; p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p)), *le = nl ? nl : e;
		for (const char *c = p; c < le; c++) {
			if (c + 1 < le && c[0] == '/' && c[1] == '/')
				break;
			if (*c == '{')
				depth++, opened = true;
			else if (*c == '}')
				depth--;
		}
		p = nl ? nl + 1 : e;
		if (opened && depth <= 0)
			return p;
	}
	return e;
}

struct ka_mach_module *ka_mach_ptx_module(const char *ptx, size_t len)
{
	struct ka_mach_module *m = calloc(1, sizeof(*m));
	const char *e = ptx + len;
	int depth = 0;
	bool decl = false, info = false;
	if (!m)
		abort();
	for (const char *p = ptx; ptx && p < e;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p)), *le = nl ? nl : e, *q = ka_mach_skip_ws(p, le);
		const char *next = nl ? nl + 1 : e;
		if (depth == 0 && !decl && (ka_mach_starts(q, le, ".visible .entry ") || ka_mach_starts(q, le, ".entry ") ||
					    ka_mach_starts(q, le, ".weak .entry "))) {
			const char *nm = ka_mach_skip_ws(strstr(q, ".entry ") + 7, le);
			KA_MACH_GROW(m->entries, m->n_entries, m->cap_entries);
			const char *end = entry_end(p, e);
			m->entries[m->n_entries++] = (struct entry_span){ka_mach_dup(nm, token(nm, le)), p, end};
			/* the name stops at its '(' */
			char *paren = strchr(m->entries[m->n_entries - 1].name, '(');
			if (paren)
				*paren = '\0';
			p = end;
			continue;
		}
		if (depth == 0 && (decl || (decl_start(q, le) && !ka_mach_starts(q, le, ".param")))) {
			const char *eq = memchr(q, '=', (size_t)(le - q));
			bool ends = memchr(q, ';', (size_t)(le - q)) != NULL;
			if (!decl)
				ka_mach_put_line(&m->common, &m->n_common, &m->cap_common, q, (size_t)((eq ? eq : le) - q));
			if (eq && !decl)
				ka_mach_put_line(&m->common, &m->n_common, &m->cap_common, ";", 1);
			decl = !ends;
		} else if (ka_mach_starts(q, le, ".file")) {
			ka_mach_put_line(&m->common, &m->n_common, &m->cap_common, q, (size_t)(le - q));
		} else if (ka_mach_starts(q, le, "$L__info_string")) {
			ka_mach_put_line(&m->common, &m->n_common, &m->cap_common, q, (size_t)(le - q));
			info = true;
		} else if (info && ka_mach_starts(q, le, ".b8")) {
			ka_mach_put_line(&m->common, &m->n_common, &m->cap_common, q, (size_t)(le - q));
		} else {
			info = false;
		}
		for (const char *c = q; c < le; c++) {
			if (c + 1 < le && c[0] == '/' && c[1] == '/')
				break;
			depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
		}
		if (depth < 0)
			depth = 0;
		p = next;
	}
	return m;
}

char *ka_mach_ptx_kernel(const struct ka_mach_module *m, const char *mangled)
{
	if (!m || !mangled)
		return NULL;
	for (size_t i = 0; i < m->n_entries; i++) {
		const struct entry_span *s = &m->entries[i];
		if (strcmp(s->name, mangled) != 0)
			continue;
		size_t n = (size_t)(s->end - s->start);
		char *out = ka_mach_xrealloc(NULL, n + m->n_common + 2);
		memcpy(out, s->start, n);
		out[n] = '\n';
		if (m->n_common)
			memcpy(out + n + 1, m->common, m->n_common);
		out[n + 1 + m->n_common] = '\0';
		return out;
	}
	return NULL;
}

void ka_mach_ptx_module_free(struct ka_mach_module *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n_entries; i++)
		free(m->entries[i].name);
	free(m->entries);
	free(m->common);
	free(m);
}

char *ka_mach_ptx_extract(const char *ptx, size_t len, const char *mangled)
{
	struct ka_mach_module *m = ka_mach_ptx_module(ptx, len);
	char *k = ka_mach_ptx_kernel(m, mangled);
	ka_mach_ptx_module_free(m);
	return k;
}
