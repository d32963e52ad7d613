/* lanes.c — the warp interpreter: one warp of a block runs the kernel's
 * PTX with one value per lane in every register, and every global, shared
 * and local memory instruction it executes is reported with the lanes'
 * addresses.  Abstract execution across threads, as GPUDrano (CAV 2017)
 * does over LLVM IR: the values are concrete where the launch gives them
 * (%tid, %ntid, %ctaid, parameters) and tagged where it does not (a loaded
 * value, a floating-point result).
 *
 * Control flow runs lanes apart and together by the lowest program
 * counter first (the lanes that took a forward branch wait at its target
 * until the others arrive, as a reconvergence stack would have them).  A
 * branch on a value the model does not know is not taken (the guarded code
 * runs, so its accesses are seen).  A loop runs its first iterations;
 * its trip count is then the counter's distance to its bound at the rate
 * the first iterations moved it (i < n with n a parameter: the
 * parameter's assumed value), or a stated default when the bound is a
 * loaded value (loops.c).  Parameters: pointers are far apart and 256-byte aligned,
 * integers are PARAM_INT (no stride folds to 0 or 1, no guard idles a
 * lane of the first block).  The block modelled is block 0 of the grid. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum {
	STEP_LIMIT = 400000,        /* warp steps before the run stops         */
	PARAM_INT = 4096,           /* an integer parameter's assumed value    */
};
#define L KA_MACH_LANES

enum exec_kind {
	EX_MOV, EX_LD, EX_ST, EX_ATOM, EX_RED, EX_CVTA, EX_CVT, EX_ARITH, EX_SELP, EX_SETP, EX_SHFL,
	EX_VOTE, EX_ACTIVEMASK, EX_BRA, EX_EXIT, EX_CALL, EX_CP, EX_OPAQUE, EX_NOP
};
static const enum exec_kind exec_of[] = {
#define PTX_OP(name, exec) [OP_##name] = exec,
#include "ptx_ops.def"
#undef PTX_OP
	[OP_UNKNOWN] = EX_OPAQUE,
};

struct setp_src { int64_t a, b; unsigned tag; bool set; };

struct warp {
	const struct pfunc *f;
	int64_t (*v)[L];
	unsigned *tag;
	bool *written;              /* per register: some lane has written it    */
	int *origin;
	struct setp_src *src;       /* per predicate register: its setp's operands */
	int tid[3][L], ntid[3], nctaid[3], warp;
	int pc[L];
	uint64_t alive;
	struct mach_loop *loops;     /* per instruction (a backward branch's)  */
	double *sim;                 /* executions per instruction, this warp  */
	long steps;
	bool converged;             /* every live lane at one program counter    */
	bool budget_hit;
	lane_event_fn fn;
	void *ctx;
};

/* Two's complement arithmetic that wraps, as the hardware's does (a
 * signed overflow in C is undefined). */
static int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }


static int64_t norm(int64_t x, enum ptx_tclass tc, int bits)
{
	if (tc == TC_PRED)
		return x != 0;
	if (bits <= 0 || bits >= 64)
		return x;
	uint64_t m = (1ull << bits) - 1, u = (uint64_t)x & m;
	if (tc == TC_S && (u >> (bits - 1) & 1))
		u |= ~m;
	return (int64_t)u;
}

/* A symbol's address: kernel parameters and globals far apart, shared and
 * local variables at their offsets in their window. */
static int64_t sym_addr(const struct pfunc *f, int s)
{
	return s >= 0 && (size_t)s < f->n_syms ? f->syms[s].base : 0;
}

static unsigned sym_tag(const struct pfunc *f, int s)
{
	if (s < 0 || (size_t)s >= f->n_syms)
		return TAG_UNKNOWN;
	return f->syms[s].space == SP_SHARED ? TAG_SHARED : f->syms[s].space == SP_LOCAL ? TAG_LOCAL : 0;
}

static void special(const struct warp *w, int sr, int64_t *out, unsigned *tag)
{
	for (int l = 0; l < L; l++) {
		int64_t v = 0;
		switch (sr) {
		case SR_TID_X: case SR_TID_Y: case SR_TID_Z: v = w->tid[sr - SR_TID_X][l]; break;
		case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z: v = w->ntid[sr - SR_NTID_X]; break;
		case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z: v = 0; break;
		case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z: v = w->nctaid[sr - SR_NCTAID_X]; break;
		case SR_LANEID: v = l; break;
		case SR_WARPID: v = w->warp; break;
		case SR_NWARPID: v = 64; break;
		case SR_LANEMASK_EQ: v = 1ll << l; break;
		case SR_LANEMASK_LT: v = (1ll << l) - 1; break;
		case SR_LANEMASK_LE: v = (1ll << (l + 1)) - 1; break;
		case SR_LANEMASK_GT: v = (int64_t)(0xffffffffu & ~((2u << l) - 1)); break;
		case SR_LANEMASK_GE: v = (int64_t)(0xffffffffu & ~((1u << l) - 1)); break;
		default: v = 0; break;
		}
		out[l] = v;
	}
	*tag = sr == SR_OPAQUE ? TAG_UNKNOWN : 0;
}

/* An operand's value in every lane. */
static void get(const struct warp *w, const struct pinsn *in, const struct opd *o, int64_t *out, unsigned *tag)
{
	*tag = 0;
	switch (o->kind) {
	case O_REG:
		memcpy(out, w->v[o->reg], sizeof(int64_t) * L);
		*tag = w->tag[o->reg];
		if (o->negate)
			for (int l = 0; l < L; l++)
				out[l] = !out[l];
		return;
	case O_IMM:
		for (int l = 0; l < L; l++)
			out[l] = o->imm;
		return;
	case O_SPECIAL:
		special(w, o->special, out, tag);
		return;
	case O_SYM:
		for (int l = 0; l < L; l++)
			out[l] = wadd(sym_addr(w->f, o->sym), o->imm);
		*tag = sym_tag(w->f, o->sym);
		return;
	case O_ADDR: {
		int64_t base[L] = {0};
		if (o->reg >= 0) {
			memcpy(base, w->v[o->reg], sizeof(base));
			*tag = w->tag[o->reg];
		} else if (o->sym >= 0) {
			for (int l = 0; l < L; l++)
				base[l] = sym_addr(w->f, o->sym);
			*tag = sym_tag(w->f, o->sym);
		}
		for (int l = 0; l < L; l++)
			out[l] = wadd(base[l], o->imm);
		return;
	}
	case O_VEC: {                       /* pack: {lo, hi} */
		int each = o->n_vec ? in->bits / o->n_vec : 0;
		memset(out, 0, sizeof(int64_t) * L);
		for (int k = 0; k < o->n_vec && each > 0 && each < 64; k++) {
			int r = o->vec[k];
			if (r < 0)
				continue;
			*tag |= w->tag[r];
			for (int l = 0; l < L; l++)
				out[l] |= (int64_t)(((uint64_t)w->v[r][l] & ((1ull << each) - 1)) << (each * k));
		}
		return;
	}
	default:
		memset(out, 0, sizeof(int64_t) * L);
		*tag = TAG_UNKNOWN;
	}
}

/* Write v to register r in the lanes of mask; its tag replaces the old one
 * when every live lane writes, else joins it. */
static void set_reg(struct warp *w, int r, const int64_t *v, unsigned tag, uint64_t mask, int origin)
{
	if (r < 0 || (size_t)r >= w->f->n_regs)
		return;
	for (int l = 0; l < L; l++)
		if (mask >> l & 1)
			w->v[r][l] = v[l];
	bool first = !w->written[r];
	w->written[r] = true;
	if (first)
		w->tag[r] = tag, w->origin[r] = origin;
	else if ((mask & w->alive) == w->alive)
		w->tag[r] = tag, w->origin[r] = origin;
	else {
		w->tag[r] |= tag;
		if (origin >= 0)
			w->origin[r] = origin;
	}
}

static void set_dst(struct warp *w, const struct pinsn *in, const int64_t *v, unsigned tag, uint64_t mask, int origin)
{
	const struct opd *d = &in->o[0];
	int64_t n[L];
	for (int l = 0; l < L; l++)
		n[l] = norm(v[l], in->tc, in->bits);
	if (d->kind == O_REG)
		set_reg(w, d->reg, n, tag, mask, origin);
	else if (d->kind == O_VEC)
		for (int k = 0; k < d->n_vec; k++)
			set_reg(w, d->vec[k], n, tag, mask, origin);
}

static int origin_of(const struct warp *w, const struct pinsn *in, int k)
{
	const struct opd *o = &in->o[k];
	int r = o->kind == O_REG || o->kind == O_ADDR ? o->reg : -1;
	return r >= 0 ? w->origin[r] : -1;
}

static void opaque(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t z[L] = {0};
	set_dst(w, in, z, TAG_UNKNOWN, mask, -1);
}

static void exec_mov(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t v[L];
	unsigned t;
	if (in->n < 2)
		return;
	if (in->o[0].kind == O_VEC) {                /* unpack: {lo, hi} = x */
		const struct opd *d = &in->o[0];
		int each = d->n_vec ? in->bits / d->n_vec : 0;
		get(w, in, &in->o[1], v, &t);
		for (int k = 0; k < d->n_vec && each > 0 && each < 64; k++) {
			int64_t part[L];
			for (int l = 0; l < L; l++)
				part[l] = (int64_t)(((uint64_t)v[l] >> (each * k)) & ((1ull << each) - 1));
			set_reg(w, d->vec[k], part, t, mask, origin_of(w, in, 1));
		}
		return;
	}
	get(w, in, &in->o[1], v, &t);
	set_dst(w, in, v, t, mask, origin_of(w, in, 1));
}

static void exec_cvta(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t v[L];
	unsigned t;
	if (in->n < 2)
		return;
	get(w, in, &in->o[1], v, &t);
	if (!in->to)
		t |= in->space == SP_SHARED ? TAG_SHARED : in->space == SP_LOCAL ? TAG_LOCAL : 0;
	set_dst(w, in, v, t, mask, origin_of(w, in, 1));
}

static void exec_cvt(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t v[L];
	unsigned t;
	if (in->n < 2)
		return;
	if (in->tc == TC_F || in->tc_first == TC_F) {
		opaque(w, in, mask);
		return;
	}
	get(w, in, &in->o[1], v, &t);
	for (int l = 0; l < L; l++)
		v[l] = norm(norm(v[l], in->tc, in->bits), in->tc_first, in->bits_first);
	int64_t out[L];
	memcpy(out, v, sizeof(out));
	const struct opd *d = &in->o[0];
	if (d->kind == O_REG)
		set_reg(w, d->reg, out, t, mask, origin_of(w, in, 1));
}

static int64_t mul_hi(int64_t a, int64_t b, enum ptx_tclass tc, int bits)
{
	if (bits >= 64) {
		__int128 p = tc == TC_S ? (__int128)a * b : (__int128)((unsigned __int128)(uint64_t)a * (uint64_t)b);
		return (int64_t)(p >> 64);
	}
	return wmul(a, b) >> bits;
}

static int64_t arith1(const struct pinsn *in, const int64_t *x, int n)
{
	int64_t a = x[0], b = n > 1 ? x[1] : 0, c = n > 2 ? x[2] : 0;
	int bits = in->bits > 0 ? in->bits : 32;
	bool sgn = in->tc == TC_S;
	uint64_t ua = (uint64_t)norm(a, TC_U, bits), ub = (uint64_t)norm(b, TC_U, bits);
	switch (in->op) {
	case OP_add: return wadd(a, b);
	case OP_sub: return wsub(a, b);
	case OP_mul: case OP_mul24:
		if (in->mode == MODE_HI)
			return mul_hi(a, b, in->tc, bits);
		return wmul(a, b);
	case OP_mad: case OP_mad24:
		if (in->mode == MODE_HI)
			return wadd(mul_hi(a, b, in->tc, bits), c);
		return wadd(wmul(a, b), c);
	case OP_div: return b == 0 || (b == -1 && a == INT64_MIN) ? 0 : sgn ? a / b : (int64_t)(ua / ub);
	case OP_rem: return b == 0 || (b == -1 && a == INT64_MIN) ? 0 : sgn ? a % b : (int64_t)(ua % ub);
	case OP_neg: return wsub(0, a);
	case OP_abs: return a < 0 ? wsub(0, a) : a;
	case OP_min: return sgn ? (a < b ? a : b) : (int64_t)(ua < ub ? ua : ub);
	case OP_max: return sgn ? (a > b ? a : b) : (int64_t)(ua > ub ? ua : ub);
	case OP_and: return a & b;
	case OP_or: return a | b;
	case OP_xor: return a ^ b;
	case OP_not: return in->tc == TC_PRED ? !a : ~a;
	case OP_cnot: return a == 0;
	case OP_shl: return (uint64_t)b >= (uint64_t)bits ? 0 : (int64_t)(ua << b);
	case OP_shr:
		if ((uint64_t)b >= (uint64_t)bits)
			return sgn && a < 0 ? -1 : 0;
		return sgn ? a >> b : (int64_t)(ua >> b);
	case OP_popc: return __builtin_popcountll(ua);
	case OP_clz: return ua ? __builtin_clzll(ua) - (64 - bits) : bits;
	case OP_brev: {
		uint64_t r = 0;
		for (int i = 0; i < bits; i++)
			r |= (ua >> i & 1) << (bits - 1 - i);
		return (int64_t)r;
	}
	case OP_bfe: {
		int pos = (int)(b & 0xff), len = (int)(c & 0xff);
		if (len == 0 || pos >= bits)
			return 0;
		uint64_t f = ua >> pos;
		if (len < 64)
			f &= (1ull << len) - 1;
		if (sgn && len < 64 && (f >> (len - 1) & 1))
			f |= ~((1ull << len) - 1);
		return (int64_t)f;
	}
	case OP_bfi: {
		int64_t d = n > 3 ? x[3] : 0, e = n > 4 ? x[4] : 0;
		int pos = (int)(c & 0xff), len = (int)(d & 0xff);
		(void)e;
		if (len == 0 || pos >= bits)
			return b;
		uint64_t m = (len >= 64 ? ~0ull : ((1ull << len) - 1)) << pos;
		return (int64_t)(((uint64_t)b & ~m) | (((uint64_t)a << pos) & m));
	}
	case OP_lop3: {
		uint64_t lut = n > 3 ? (uint64_t)x[3] : 0, r = 0;
		for (int i = 0; i < 8; i++)
			if (lut >> i & 1)
				r |= ((i & 4) ? (uint64_t)a : ~(uint64_t)a) & ((i & 2) ? (uint64_t)b : ~(uint64_t)b) &
				     ((i & 1) ? (uint64_t)c : ~(uint64_t)c);
		return (int64_t)r;
	}
	case OP_shf: {
		uint64_t lo = (uint64_t)a & 0xffffffffu, hi = (uint64_t)b & 0xffffffffu, both = hi << 32 | lo;
		int s = (int)(c & 63);
		if (strstr(in->text, ".wrap"))
			s &= 31;
		else if (s > 32)
			s = 32;
		if (strstr(in->text, "shf.l"))
			return (int64_t)((both << s) >> 32);
		return (int64_t)(both >> s);
	}
	case OP_sad: return wadd(a > b ? wsub(a, b) : wsub(b, a), c);
	default: return 0;
	}
}

static void exec_arith(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t x[5][L], r[L];
	unsigned t = 0, tk;
	int n = in->n - 1, origin = -1;
	if (n < 1 || in->tc == TC_F) {
		opaque(w, in, mask);
		return;
	}
	if (n > 5)
		n = 5;
	for (int k = 0; k < n; k++) {
		get(w, in, &in->o[k + 1], x[k], &tk);
		t |= tk;
		if (origin < 0)
			origin = origin_of(w, in, k + 1);
	}
	struct pinsn wide = *in;
	if (in->mode == MODE_WIDE) {                 /* the product in twice the width */
		for (int k = 0; k < 2 && k < n; k++)
			for (int l = 0; l < L; l++)
				x[k][l] = norm(x[k][l], in->tc, in->bits);
		wide.bits = in->bits * 2;
	}
	for (int l = 0; l < L; l++) {
		int64_t lane[5];
		for (int k = 0; k < n; k++)
			lane[k] = x[k][l];
		r[l] = arith1(&wide, lane, n);
	}
	set_dst(w, &wide, r, t, mask, origin);
}

static bool compare(enum ptx_cmp c, int64_t a, int64_t b, enum ptx_tclass tc, int bits)
{
	uint64_t ua = (uint64_t)norm(a, TC_U, bits), ub = (uint64_t)norm(b, TC_U, bits);
	bool sgn = tc == TC_S;
	int64_t sa = norm(a, TC_S, bits), sb = norm(b, TC_S, bits);
	switch (c) {
	case CMP_EQ: return ua == ub;
	case CMP_NE: return ua != ub;
	case CMP_LT: return sgn ? sa < sb : ua < ub;
	case CMP_LE: return sgn ? sa <= sb : ua <= ub;
	case CMP_GT: return sgn ? sa > sb : ua > ub;
	case CMP_GE: return sgn ? sa >= sb : ua >= ub;
	case CMP_LO: return ua < ub;
	case CMP_LS: return ua <= ub;
	case CMP_HI: return ua > ub;
	case CMP_HS: return ua >= ub;
	default: return false;
	}
}

static void exec_setp(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t a[L], b[L], c[L], r[L];
	unsigned ta, tb, tc = 0;
	if (in->n < 3)
		return;
	if (in->tc == TC_F || in->cmp == CMP_FLOAT) {
		opaque(w, in, mask);
		return;
	}
	get(w, in, &in->o[1], a, &ta);
	get(w, in, &in->o[2], b, &tb);
	if (in->boolop && in->n > 3)
		get(w, in, &in->o[3], c, &tc);
	for (int l = 0; l < L; l++) {
		bool x = compare(in->cmp, a[l], b[l], in->tc, in->bits);
		if (in->boolop)
			x = in->boolop == '&' ? x && c[l] : in->boolop == '|' ? x || c[l] : x != (c[l] != 0);
		r[l] = in->op == OP_set ? (x ? -1 : 0) : x;
	}
	const struct opd *d = &in->o[0];
	if (d->kind == O_REG) {
		set_reg(w, d->reg, r, ta | tb | tc, mask, -1);
		int first = mask ? __builtin_ctzll(mask) : 0;
		w->src[d->reg] = (struct setp_src){a[first], b[first], ta | tb | tc, true};
	}
}

static void exec_selp(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t a[L], b[L], c[L], r[L];
	unsigned ta, tb, tc;
	if (in->n < 4)
		return;
	get(w, in, &in->o[1], a, &ta);
	get(w, in, &in->o[2], b, &tb);
	get(w, in, &in->o[3], c, &tc);
	bool unknown = tc & (TAG_UNKNOWN | TAG_LOADED);
	for (int l = 0; l < L; l++) {
		bool pick_a = unknown ? true : in->op == OP_slct ? c[l] >= 0 : c[l] != 0;
		r[l] = pick_a ? a[l] : b[l];
	}
	set_dst(w, in, r, (unknown ? ta | tb : ta | tb) | (tc & TAG_LOADED), mask, origin_of(w, in, 1));
}

static void exec_shfl(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t a[L], b[L], c[L], r[L];
	unsigned ta, tb, tc;
	if (in->n < 4)
		return;
	get(w, in, &in->o[1], a, &ta);
	get(w, in, &in->o[2], b, &tb);
	get(w, in, &in->o[3], c, &tc);
	for (int l = 0; l < L; l++) {
		int max = (int)(c[l] & 31), seg = (int)(c[l] >> 8 & 31), lo = l & seg, hi = lo | (max & ~seg), j = l;
		switch (in->mode) {
		case MODE_IDX: j = lo | (int)(b[l] & ~seg & 31); if (j > hi) j = l; break;
		case MODE_UP: j = l - (int)(b[l] & 31); if (j < lo) j = l; break;
		case MODE_DOWN: j = l + (int)(b[l] & 31); if (j > hi) j = l; break;
		case MODE_BFLY: j = l ^ (int)(b[l] & 31); if (j > hi) j = l; break;
		default: break;
		}
		r[l] = j >= 0 && j < L && (mask >> j & 1) ? a[j] : a[l];
	}
	set_dst(w, in, r, ta | (tb & ~TAG_ULOAD), mask, origin_of(w, in, 1));
}

static void exec_vote(struct warp *w, const struct pinsn *in, uint64_t mask)
{
	int64_t p[L], r[L];
	unsigned t;
	if (in->n < 2)
		return;
	get(w, in, &in->o[1], p, &t);
	uint64_t ballot = 0;
	for (int l = 0; l < L; l++)
		if ((mask >> l & 1) && p[l])
			ballot |= 1ull << l;
	for (int l = 0; l < L; l++)
		r[l] = in->mode == MODE_BALLOT ? (int64_t)ballot : in->mode == MODE_ANY ? ballot != 0
		     : in->mode == MODE_ALL ? ballot == (mask & 0xffffffffu) : p[l];
	set_dst(w, in, r, t, mask, -1);
}

/* ---- memory ------------------------------------------------------------------- */

static bool uniform(const int64_t *v, uint64_t mask)
{
	int first = mask ? __builtin_ctzll(mask) : 0;
	for (int l = 0; l < L; l++)
		if ((mask >> l & 1) && v[l] != v[first])
			return false;
	return true;
}

static enum ka_mach_space space_of(const struct pinsn *in, unsigned tag)
{
	if (in->space == SP_SHARED)
		return KA_MACH_SHARED;
	if (in->space == SP_LOCAL)
		return KA_MACH_LOCAL;
	if (in->space == SP_GENERIC)
		return tag & TAG_SHARED ? KA_MACH_SHARED : tag & TAG_LOCAL ? KA_MACH_LOCAL : KA_MACH_GLOBAL;
	return KA_MACH_GLOBAL;
}

static int access_bytes(const struct pinsn *in)
{
	int bits = in->bits > 0 ? in->bits : 32;
	return bits / 8 * (in->vec > 0 ? in->vec : 1);
}

static void report(struct warp *w, int pc, const struct pinsn *in, const struct opd *addr_opd, enum ka_mach_op op,
		   int bytes, uint64_t mask, const struct pinsn *space_of_insn)
{
	int64_t addr[L];
	unsigned t;
	get(w, in, addr_opd, addr, &t);
	struct lane_event e = {
		.pc = pc, .lanes = L, .space = space_of(space_of_insn, t), .op = op, .bytes = bytes > 0 ? bytes : 4,
		.active = mask, .addr = addr, .tag = t,
		.origin = addr_opd->reg >= 0 ? w->origin[addr_opd->reg] : -1,
	};
	if (mask)
		w->fn(w->ctx, &e);
}

/* What a load gives: a uniform address, one value in every lane (the same
 * data); lanes that read different addresses, unrelated values. */
static void loaded(struct warp *w, const struct pinsn *in, const int64_t *addr, unsigned addr_tag, uint64_t mask)
{
	int64_t v[L];
	bool u = uniform(addr, mask);
	for (int l = 0; l < L; l++) {
		uint64_t h = ka_mach_hash64((uint64_t)addr[l] ^ 0x9e3779b97f4a7c15ull);
		v[l] = u ? (int64_t)(0x10000 + (h & 0xff) * 256) : (int64_t)(h & 0xfffff);
	}
	unsigned t = u ? TAG_ULOAD | (addr_tag & TAG_UNKNOWN) : TAG_LOADED;
	const struct opd *d = &in->o[0];
	if (d->kind == O_REG)
		set_reg(w, d->reg, v, t, mask, in->loc);
	else if (d->kind == O_VEC)
		for (int k = 0; k < d->n_vec; k++)
			set_reg(w, d->vec[k], v, t, mask, in->loc);
}

static int64_t param_value(const struct pfunc *f, int sym, int64_t off, int bytes)
{
	const struct psym *s = &f->syms[sym];
	if (bytes >= 8)
		return (int64_t)(((uint64_t)(s->param_index + 1) << 36) + ((uint64_t)off << 28));
	return PARAM_INT;
}

static void exec_ld(struct warp *w, int pc, const struct pinsn *in, uint64_t mask)
{
	if (in->n < 2)
		return;
	const struct opd *a = &in->o[1];
	if (in->space == SP_PARAM) {
		int64_t v[L];
		unsigned t = TAG_UNKNOWN;
		int64_t x = 0;
		if (a->sym >= 0 && w->f->syms[a->sym].param_index >= 0) {
			x = param_value(w->f, a->sym, a->imm, in->bits / 8);
			t = 0;
		}
		for (int l = 0; l < L; l++)
			v[l] = x;
		set_dst(w, in, v, t, mask, -1);
		return;
	}
	int64_t addr[L];
	unsigned t;
	get(w, in, a, addr, &t);
	if (in->space == SP_CONST) {
		loaded(w, in, addr, t, mask);
		return;
	}
	report(w, pc, in, a, KA_MACH_LOAD, access_bytes(in), mask, in);
	loaded(w, in, addr, t, mask);
}

static void exec_st(struct warp *w, int pc, const struct pinsn *in, uint64_t mask)
{
	if (in->n < 1 || in->space == SP_PARAM)
		return;
	report(w, pc, in, &in->o[0], KA_MACH_STORE, access_bytes(in), mask, in);
}

static void exec_atom(struct warp *w, int pc, const struct pinsn *in, uint64_t mask, bool red)
{
	const struct opd *a = red ? &in->o[0] : &in->o[1];
	if (in->n < 2)
		return;
	report(w, pc, in, a, red ? KA_MACH_REDUCTION : KA_MACH_ATOMIC, in->bits / 8 * (in->vec > 0 ? in->vec : 1), mask,
	       in);
	if (!red) {
		int64_t addr[L];
		unsigned t;
		get(w, in, a, addr, &t);
		int64_t v[L];
		for (int l = 0; l < L; l++)
			v[l] = (int64_t)(ka_mach_hash64((uint64_t)addr[l] + (uint64_t)l) & 0xfffff);
		set_dst(w, in, v, TAG_LOADED, mask, in->loc);
	}
}

/* cp.async.ca.shared.global [dst], [src], 16: a global load and a shared store */
static void exec_cp(struct warp *w, int pc, const struct pinsn *in, uint64_t mask)
{
	if (in->n < 3 || in->o[2].kind != O_IMM)
		return;
	int bytes = (int)in->o[2].imm;
	struct pinsn g = *in, s = *in;
	g.space = SP_GLOBAL;
	s.space = SP_SHARED;
	report(w, pc, in, &in->o[1], KA_MACH_LOAD, bytes, mask, &g);
	report(w, pc, in, &in->o[0], KA_MACH_STORE, bytes, mask, &s);
}

/* ---- control ------------------------------------------------------------------- */

static void exec_bra(struct warp *w, int pc, const struct pinsn *in, uint64_t mask, uint64_t taken)
{
	int t = in->target;
	if (t < 0 || (size_t)t >= w->f->n) {
		taken = 0;
		t = pc + 1;
	}
	if (t <= pc) {                               /* a loop's back edge */
		struct mach_loop *lp = &w->loops[pc];
		if (in->guard >= 0 && w->src[in->guard].set)
			ka_loop_gap(lp, w->src[in->guard].a, w->src[in->guard].b, w->src[in->guard].tag);
		if (!ka_loop_back_edge(lp, taken != 0, w->steps))
			taken = 0;
	}
	for (int l = 0; l < L; l++)
		if (mask >> l & 1)
			w->pc[l] = (taken >> l & 1) ? t : pc + 1;
	if (taken && taken != (mask & w->alive))
		w->converged = false;
}

/* ---- the run ------------------------------------------------------------------- */

static void place_symbols(struct pfunc *f)
{
	int64_t shared = 0, local = 0, global = (int64_t)1 << 44;
	for (size_t i = 0; i < f->n_syms; i++) {
		struct psym *s = &f->syms[i];
		int64_t a = s->align > 0 ? s->align : 1, size = s->size > 0 ? s->size : 0;
		switch (s->space) {
		case SP_SHARED:
			shared = (shared + a - 1) / a * a;
			s->base = shared;
			shared += size;
			break;
		case SP_LOCAL:
			local = (local + a - 1) / a * a;
			s->base = local;
			local += size;
			break;
		case SP_PARAM:
			s->base = 0;
			break;
		default:
			s->base = global;
			global += ((size + 255) / 256 + 1) * 256 + ((int64_t)1 << 32);
			break;
		}
	}
}

void ka_lanes_run(const struct pfunc *fc, const struct ka_mach_shape *shape, int warp, lane_event_fn fn, void *ctx,
		  struct warp_run *out)
{
	struct pfunc *f = (struct pfunc *)fc;
	struct warp w = {.f = f, .warp = warp, .fn = fn, .ctx = ctx};
	size_t nr = f->n_regs ? f->n_regs : 1, n = f->n;
	int bx = shape->block[0] > 0 ? shape->block[0] : 1, by = shape->block[1] > 0 ? shape->block[1] : 1,
	    bz = shape->block[2] > 0 ? shape->block[2] : 1;

	place_symbols(f);
	w.v = calloc(nr, sizeof(*w.v));
	w.tag = calloc(nr, sizeof(*w.tag));
	w.written = calloc(nr, sizeof(*w.written));
	w.origin = malloc(nr * sizeof(*w.origin));
	w.src = calloc(nr, sizeof(*w.src));
	w.loops = calloc(n + 1, sizeof(*w.loops));
	w.sim = calloc(n + 1, sizeof(*w.sim));
	if (!w.v || !w.tag || !w.written || !w.origin || !w.src || !w.loops || !w.sim)
		abort();
	for (size_t r = 0; r < nr; r++) {
		w.origin[r] = -1;
		w.tag[r] = TAG_UNKNOWN;           /* read before written: not known */
	}
	w.ntid[0] = bx, w.ntid[1] = by, w.ntid[2] = bz;
	w.converged = true;
	for (int k = 0; k < 3; k++)
		w.nctaid[k] = shape->grid[k] > 0 ? shape->grid[k] : k == 0 ? 64 : 1;
	for (int l = 0; l < L; l++) {
		long t = (long)warp * L + l;
		if (t < (long)bx * by * bz)
			w.alive |= 1ull << l;
		w.tid[0][l] = (int)(t % bx);
		w.tid[1][l] = (int)(t / bx % by);
		w.tid[2][l] = (int)(t / ((long)bx * by));
		w.pc[l] = 0;
	}

	while (w.alive && w.steps < STEP_LIMIT) {
		/* the lowest program counter of the live lanes, and those at it;
		 * converged lanes (the usual case) need no scan */
		int pc = (int)n;
		uint64_t mask = 0;
		int first = __builtin_ctzll(w.alive);
		if (w.converged) {
			pc = w.pc[first];
			mask = w.alive;
		} else {
			for (int l = 0; l < L; l++)
				if ((w.alive >> l & 1) && w.pc[l] < pc)
					pc = w.pc[l];
			for (int l = 0; l < L; l++)
				if ((w.alive >> l & 1) && w.pc[l] == pc)
					mask |= 1ull << l;
			w.converged = mask == w.alive;
		}
		if ((size_t)pc >= n)
			break;
		const struct pinsn *in = &f->v[pc];
		uint64_t run = mask;
		bool known_guard = true;
		if (in->guard >= 0 && (size_t)in->guard < f->n_regs) {
			unsigned gt = w.tag[in->guard];
			known_guard = !(gt & (TAG_LOADED | TAG_UNKNOWN));
			if (known_guard) {
				run = 0;
				for (int l = 0; l < L; l++)
					if ((mask >> l & 1) && ((w.v[in->guard][l] != 0) != in->guard_neg))
						run |= 1ull << l;
			}
		}
		w.steps++;
		w.sim[pc] += 1;
		enum exec_kind k = exec_of[in->op];
		if (k == EX_BRA) {
			/* a branch on data the model does not follow is not taken */
			exec_bra(&w, pc, in, mask, known_guard ? run : 0);
			continue;
		}
		if (k == EX_EXIT) {
			w.alive &= ~run;
			for (int l = 0; l < L; l++)
				if ((mask & ~run) >> l & 1)
					w.pc[l] = pc + 1;
			continue;                 /* the survivors stay where they were */
		}
		if (run) {
			switch (k) {
			case EX_MOV: exec_mov(&w, in, run); break;
			case EX_LD: exec_ld(&w, pc, in, run); break;
			case EX_ST: exec_st(&w, pc, in, run); break;
			case EX_ATOM: exec_atom(&w, pc, in, run, false); break;
			case EX_RED: exec_atom(&w, pc, in, run, true); break;
			case EX_CVTA: exec_cvta(&w, in, run); break;
			case EX_CVT: exec_cvt(&w, in, run); break;
			case EX_ARITH: exec_arith(&w, in, run); break;
			case EX_SELP: exec_selp(&w, in, run); break;
			case EX_SETP: exec_setp(&w, in, run); break;
			case EX_SHFL: exec_shfl(&w, in, run); break;
			case EX_VOTE: exec_vote(&w, in, run); break;
			case EX_ACTIVEMASK: {
				int64_t v[L];
				for (int l = 0; l < L; l++)
					v[l] = (int64_t)(mask & 0xffffffffu);
				set_dst(&w, in, v, 0, run, -1);
				break;
			}
			case EX_CP: exec_cp(&w, pc, in, run); break;
			case EX_OPAQUE: opaque(&w, in, run); break;
			default: break;
			}
		}
		for (int l = 0; l < L; l++)
			if (mask >> l & 1)
				w.pc[l] = pc + 1;
	}
	if (w.steps >= KA_STEP_BUDGET)
		out->budget_hit = true;
	ka_loops_weigh(f, w.loops, w.sim, out);
	free(w.v);
	free(w.tag);
	free(w.written);
	free(w.origin);
	free(w.src);
	free(w.loops);
	free(w.sim);
}
