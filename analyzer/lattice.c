/* lattice.c — the uniformity lattice (uclass.def) and its transfer
 * functions: how +, *, /, %, &, >> ... combine the classes of their
 * operands.  Divergence only grows: every function here returns a class at
 * least the max of its inputs, except where arithmetic provably removes the
 * lane (threadIdx.x / 32 -> warp-uniform-if, the warp index).
 *
 * Worked table (warp width W = 32, x = threadIdx.x: affine-lane, stride 1,
 * base aligned to 32 under the launch condition):
 *
 *   expression      class             why
 *   x + 4           affine-lane (1)   base moves, stride stays
 *   2 * x           affine-lane (2)   R1's input[2 * tid]: uncoalesced
 *   x / 32, x >> 5  warp-uniform-if   the warp index (KA102)
 *   x % 32, x & 31  affine-lane (1)   the lane itself
 *   x / 2, x % 8    varying           periodic in the lane: no structure left
 *   x * x           varying
 *   blockIdx.x * blockDim.x + x      affine-lane (1), base block-uniform */
#include "internal.h"

#include <string.h>

static const char *const class_names[] = {
#define KA_UCLASS(id, name, meaning) name,
#include "uclass.def"
#undef KA_UCLASS
};
static const char *const class_meanings[] = {
#define KA_UCLASS(id, name, meaning) meaning,
#include "uclass.def"
#undef KA_UCLASS
};

const char *ka_uclass_name(enum ka_uclass c)
{
	return (unsigned)c < KA_U_COUNT ? class_names[c] : "?";
}

const char *ka_uclass_meaning(enum ka_uclass c)
{
	return (unsigned)c < KA_U_COUNT ? class_meanings[c] : "?";
}

int ka_uclass_from_name(const char *name)
{
	for (int i = 0; i < KA_U_COUNT; i++)
		if (strcmp(name, class_names[i]) == 0)
			return i;
	return -1;
}

bool ka_uclass_is_uniform(enum ka_uclass c)
{
	return c <= KA_U_WARP;
}

/* ---- constructors ------------------------------------------------------------ */
struct ka_uval uv_const(int64_t k, bool known, enum ka_why why, const char *name)
{
	struct ka_uval v = {.cls = KA_U_CONST, .k = known ? k : 0, .why = why, .why_name = name};
	if (known)
		v.flags |= UV_KNOWN;
	return v;
}

struct ka_uval uv_class(enum ka_uclass c, enum ka_why why, const char *name, int line)
{
	struct ka_uval v = {.cls = (uint8_t)c, .why = why, .why_name = name, .why_line = line};
	return v;
}

struct ka_uval uv_undef(void)
{
	struct ka_uval v = {.cls = KA_U_CONST, .flags = UV_UNDEF, .why = WHY_UNDEF};
	return v;
}

struct ka_uval uv_affine(int stride, uint16_t flags, enum ka_why why, const char *name)
{
	struct ka_uval v = {.cls = KA_U_AFFINE, .stride = stride, .flags = flags, .why = why, .why_name = name};
	return v;
}

bool uv_is_lane_dependent(const struct ka_uval *v)
{
	return v->cls >= KA_U_AFFINE;
}

bool uv_is_uniform_nonconst(const struct ka_uval *v)
{
	return v->cls > KA_U_CONST && v->cls <= KA_U_WARP_IF;
}

/* ---- join ----------------------------------------------------------------------- */
static bool both(const struct ka_uval *a, const struct ka_uval *b, uint16_t f)
{
	return (a->flags & f) && (b->flags & f);
}

struct ka_uval uv_join(struct ka_uval a, struct ka_uval b)
{
	if (a.flags & UV_UNDEF)
		return b;
	if (b.flags & UV_UNDEF)
		return a;
	const struct ka_uval *hi = b.cls > a.cls ? &b : &a, *lo = hi == &a ? &b : &a;
	struct ka_uval r = *hi;
	r.flags = 0;
	if (both(&a, &b, UV_KNOWN) && a.k == b.k)
		r.flags |= UV_KNOWN;
	else
		r.k = 0;
	if (r.cls == KA_U_AFFINE) {
		/* affine joined with a uniform value keeps its stride: per warp it
		 * is one or the other, and the stride is the worst case */
		if (lo->cls == KA_U_AFFINE && lo->stride != hi->stride)
			r.stride = 0;
		uint16_t keep = UV_ALIGNED | UV_LANE | UV_LINEAR | UV_TIDX;
		if (lo->cls == KA_U_AFFINE)
			r.flags |= (uint16_t)(a.flags & b.flags & keep);
		else
			r.flags |= (uint16_t)(hi->flags & (UV_ALIGNED | UV_LINEAR));
	} else {
		r.stride = 0;
		r.flags |= (uint16_t)(a.flags & b.flags & UV_YDX);
	}
	r.flags |= (uint16_t)((a.flags | b.flags) & UV_WARPIDX);
	r.space = a.space == b.space ? a.space : (uint8_t)SP_NONE;
	if (a.space == SP_NONE || b.space == SP_NONE)
		r.space = (uint8_t)(a.space != SP_NONE ? a.space : b.space);
	r.taint = a.taint | b.taint;
	if (!r.fold_start) {
		r.fold_start = lo->fold_start;
		r.fold_end = lo->fold_end;
		r.fold_line = lo->fold_line;
	}
	return r;
}

bool uv_equal(const struct ka_uval *a, const struct ka_uval *b)
{
	return a->cls == b->cls && a->flags == b->flags && a->stride == b->stride && a->k == b->k &&
	       a->taint == b->taint && a->space == b->space && a->fold_start == b->fold_start;
}

struct ka_uval uv_raise(struct ka_uval v, enum ka_uclass c, enum ka_why why, const char *name, int line)
{
	if (c >= KA_U_AFFINE)
		return uv_varying(v, why, name, line);
	if ((v.flags & UV_UNDEF) || v.cls >= c)
		return v;
	v.cls = (uint8_t)c;
	v.flags &= (uint16_t)~(UV_KNOWN | UV_UNDEF);
	v.k = 0;
	v.why = (uint8_t)why;
	v.why_name = name;
	v.why_line = line;
	return v;
}

struct ka_uval uv_varying(struct ka_uval from, enum ka_why why, const char *name, int line)
{
	struct ka_uval v = {.cls = KA_U_VARYING, .space = from.space, .taint = from.taint,
			    .why = (uint8_t)why, .why_name = name, .why_line = line,
			    .fold_start = from.fold_start, .fold_end = from.fold_end, .fold_line = from.fold_line};
	return v;
}

/* ---- arithmetic ---------------------------------------------------------------- */
static bool is_pow2(int64_t x)
{
	return x > 0 && (x & (x - 1)) == 0;
}

/* Constant folding with wrap-around (never undefined behaviour). */
static bool fold(enum ka_op op, int64_t a, int64_t b, int64_t *out)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	switch (op) {
	case OP_ADD: *out = (int64_t)(ua + ub); return true;
	case OP_SUB: *out = (int64_t)(ua - ub); return true;
	case OP_MUL: *out = (int64_t)(ua * ub); return true;
	case OP_DIV:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*out = a / b;
		return true;
	case OP_REM:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*out = a % b;
		return true;
	case OP_SHL:
		if (b < 0 || b > 62)
			return false;
		*out = (int64_t)(ua << b);
		return true;
	case OP_SHR:
		if (b < 0 || b > 62)
			return false;
		*out = a >> b;
		return true;
	case OP_AND: *out = a & b; return true;
	case OP_OR: *out = a | b; return true;
	case OP_XOR: *out = a ^ b; return true;
	case OP_LT: *out = a < b; return true;
	case OP_GT: *out = a > b; return true;
	case OP_LE: *out = a <= b; return true;
	case OP_GE: *out = a >= b; return true;
	case OP_EQ: *out = a == b; return true;
	case OP_NE: *out = a != b; return true;
	case OP_LAND: *out = a && b; return true;
	case OP_LOR: *out = a || b; return true;
	case OP_COMMA: *out = b; return true;
	default: return false;
	}
}

static bool known(const struct ka_uval *v)
{
	return (v->flags & UV_KNOWN) != 0;
}

static struct ka_uval dominant(const struct ka_uval *a, const struct ka_uval *b)
{
	return b->cls > a->cls ? *b : *a;
}

static const char *op_name(enum ka_op op)
{
	return ka_op_spelling(op);
}

/* affine (a) op uniform (u); a_left: a is the left operand. */
static struct ka_uval affine_uniform(enum ka_op op, struct ka_uval a, struct ka_uval u, bool a_left, int warp,
				     bool is_float)
{
	struct ka_uval r = a;
	int64_t s = a.stride;
	bool sk = s != 0;
	r.flags &= (uint16_t)~(UV_KNOWN | UV_WARPIDX);
	r.k = 0;
	r.taint = a.taint | u.taint;
	switch (op) {
	case OP_ADD:
	case OP_SUB:
		if (op == OP_SUB && !a_left)
			r.stride = -a.stride;
		r.flags &= (uint16_t)~(UV_LANE | UV_TIDX);
		if (!(known(&u) && sk && u.k % ((int64_t)warp * (s < 0 ? -s : s)) == 0))
			r.flags &= (uint16_t)~UV_ALIGNED;
		if (known(&u) && u.k == 0)
			r.flags = a.flags & (uint16_t)~UV_KNOWN;
		if (op == OP_ADD && (a.flags & UV_TIDX) && (u.flags & UV_YDX)) {
			r.flags |= UV_LINEAR | UV_ALIGNED;
			r.why = WHY_LINEAR;
			r.why_name = NULL;
		}
		if (op == OP_ADD && (a.flags & UV_LINEAR) && (u.flags & UV_YDX))
			r.flags |= UV_LINEAR | UV_ALIGNED;
		return r;
	case OP_MUL:
	case OP_SHL:
		r.flags &= (uint16_t)~(UV_LANE | UV_LINEAR);
		if (known(&u) && op == OP_MUL) {
			if (u.k == 0)
				return uv_const(0, true, WHY_LITERAL, NULL);
			r.stride = sk && u.k > -(1 << 20) && u.k < (1 << 20) ? (int32_t)(s * u.k) : 0;
			if (u.k != 1)
				r.flags &= (uint16_t)~UV_TIDX;
			return r;
		}
		if (known(&u) && op == OP_SHL && a_left && u.k >= 0 && u.k < 20) {
			r.stride = sk ? (int32_t)(s << u.k) : 0;
			if (u.k)
				r.flags &= (uint16_t)~UV_TIDX;
			return r;
		}
		if (op == OP_SHL && !a_left)
			return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
		r.stride = 0;
		r.flags &= (uint16_t)~(UV_ALIGNED | UV_TIDX);
		return r;
	case OP_DIV:
	case OP_SHR:
		if (!a_left || is_float || !known(&u))
			return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
		{
			int64_t d = u.k;
			if (op == OP_SHR) {
				if (d < 0 || d > 30)
					return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
				d = (int64_t)1 << d;
			}
			if (d == 1)
				return r;
			if (d <= 0 || !sk)
				return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
			if ((a.flags & UV_ALIGNED) && s > 0 && d % (warp * s) == 0) {
				/* the warp index: provable for the linear index,
				 * warp-uniform-if for threadIdx.x */
				struct ka_uval w;
				if (a.flags & UV_LINEAR)
					w = uv_class(KA_U_WARP, WHY_LINEARWARP, NULL, warp);
				else
					w = uv_class(KA_U_WARP_IF, WHY_WARPIDX, NULL, warp);
				w.flags |= UV_WARPIDX;
				w.taint = r.taint;
				return w;
			}
			if (s % d == 0) {
				r.stride = (int32_t)(s / d);
				r.flags &= (uint16_t)~(UV_LANE | UV_LINEAR | UV_TIDX);
				return r;
			}
			return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
		}
	case OP_REM:
	case OP_AND:
		if (!a_left && op == OP_REM)
			return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
		if (is_float || !known(&u))
			return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
		{
			int64_t d = op == OP_REM ? u.k : u.k + 1;
			/* x & ~(W-1): clears the lane bits, leaving the warp's base */
			if (op == OP_AND && s == 1 && (a.flags & UV_ALIGNED) && (u.k & (warp - 1)) == 0) {
				struct ka_uval w = uv_class((a.flags & UV_LINEAR) ? KA_U_WARP : KA_U_WARP_IF,
							    (a.flags & UV_LINEAR) ? WHY_LINEARWARP : WHY_WARPIDX, NULL, warp);
				w.taint = r.taint;
				return w;
			}
			if (op == OP_AND && !is_pow2(d))
				return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
			if ((a.flags & UV_ALIGNED) && s > 0 && d > 0 && d % (warp * s) == 0) {
				r.flags &= (uint16_t)~(UV_LINEAR | UV_TIDX);
				r.flags |= UV_ALIGNED;
				if (s == 1 && d == warp) {
					r.flags |= UV_LANE;
					r.why = WHY_LANE;
					r.why_name = NULL;
				}
				return r;
			}
			return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
		}
	default:
		return uv_varying(a, WHY_NOTAFFINE, op_name(op), 0);
	}
}

struct ka_uval uv_binary(enum ka_op op, struct ka_uval a, struct ka_uval b, int warp, bool is_float)
{
	if (a.flags & UV_UNDEF)
		a = uv_const(0, false, WHY_UNDEF, NULL);
	if (b.flags & UV_UNDEF)
		b = uv_const(0, false, WHY_UNDEF, NULL);
	bool la = uv_is_lane_dependent(&a), lb = uv_is_lane_dependent(&b);

	if (op == OP_COMMA)
		return b;
	if (!la && !lb) {
		struct ka_uval r = dominant(&a, &b);
		int64_t k;
		r.flags &= (uint16_t)~(UV_KNOWN | UV_WARPIDX | UV_YDX);
		r.k = 0;
		r.taint = a.taint | b.taint;
		r.space = (uint8_t)(a.space != SP_NONE ? a.space : b.space);
		if (known(&a) && known(&b) && !is_float && fold(op, a.k, b.k, &k)) {
			r.flags |= UV_KNOWN;
			r.k = k;
		}
		/* threadIdx.y * blockDim.x: a piece of the linear index */
		if (op == OP_MUL && a.why == WHY_TIDYZ && b.why == WHY_BLOCKDIM && a.why_name && a.why_name[0] == 'y')
			r.flags |= UV_YDX;
		if (op == OP_MUL && b.why == WHY_TIDYZ && a.why == WHY_BLOCKDIM && b.why_name && b.why_name[0] == 'y')
			r.flags |= UV_YDX;
		return r;
	}
	if ((la && a.cls == KA_U_VARYING) || (lb && b.cls == KA_U_VARYING)) {
		struct ka_uval r = dominant(&a, &b);
		r.cls = KA_U_VARYING;
		r.stride = 0;
		r.flags = 0;
		r.taint = a.taint | b.taint;
		r.space = (uint8_t)(a.space != SP_NONE ? a.space : b.space);
		return r;
	}
	if (la && lb) {
		struct ka_uval r = a;
		r.taint = a.taint | b.taint;
		r.flags &= (uint16_t)~(UV_KNOWN | UV_LANE | UV_TIDX | UV_LINEAR | UV_WARPIDX);
		if ((op == OP_ADD || op == OP_SUB) && a.stride && b.stride) {
			int64_t s = op == OP_ADD ? (int64_t)a.stride + b.stride : (int64_t)a.stride - b.stride;
			if (s == 0)
				return uv_varying(r, WHY_MIX, NULL, 0);
			r.stride = (int32_t)s;
			if (!(a.flags & b.flags & UV_ALIGNED))
				r.flags &= (uint16_t)~UV_ALIGNED;
			return r;
		}
		if (op == OP_ADD || op == OP_SUB) {
			r.stride = 0;
			r.flags &= (uint16_t)~UV_ALIGNED;
			return r;
		}
		return uv_varying(r, WHY_MIX, NULL, 0);
	}
	if (la)
		return affine_uniform(op, a, b, true, warp, is_float);
	/* uniform op affine */
	switch (op) {
	case OP_ADD:
	case OP_MUL:
	case OP_AND:
		return affine_uniform(op, b, a, true, warp, is_float);
	case OP_SUB:
		return affine_uniform(op, b, a, false, warp, is_float);
	default:
		return affine_uniform(op, b, a, false, warp, is_float);
	}
}

struct ka_uval uv_unary(enum ka_op op, struct ka_uval a)
{
	switch (op) {
	case OP_PLUS:
		return a;
	case OP_NEG:
	case OP_NOT:
		if (a.cls == KA_U_AFFINE) {
			a.stride = -a.stride;
			a.flags &= (uint16_t)~(UV_LANE | UV_TIDX | UV_LINEAR | UV_ALIGNED | UV_KNOWN);
			return a;
		}
		if (a.flags & UV_KNOWN)
			a.k = op == OP_NEG ? (int64_t)(0 - (uint64_t)a.k) : ~a.k;
		a.flags &= (uint16_t)~(UV_WARPIDX | UV_YDX);
		return a;
	case OP_LNOT:
		if (a.cls == KA_U_AFFINE)
			return uv_varying(a, WHY_NOTAFFINE, "!", 0);
		if (a.flags & UV_KNOWN)
			a.k = !a.k;
		a.flags &= (uint16_t)~(UV_WARPIDX | UV_YDX);
		return a;
	default:
		return a;
	}
}

const char *ka_op_spelling(enum ka_op op)
{
	static const char *const s[] = {
		[OP_NONE] = "", [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_REM] = "%",
		[OP_SHL] = "<<", [OP_SHR] = ">>", [OP_AND] = "&", [OP_OR] = "|", [OP_XOR] = "^", [OP_LT] = "<",
		[OP_GT] = ">", [OP_LE] = "<=", [OP_GE] = ">=", [OP_EQ] = "==", [OP_NE] = "!=", [OP_LAND] = "&&",
		[OP_LOR] = "||", [OP_ASSIGN] = "=", [OP_COMMA] = ",", [OP_NEG] = "-", [OP_PLUS] = "+",
		[OP_NOT] = "~", [OP_LNOT] = "!", [OP_DEREF] = "*", [OP_ADDR] = "&", [OP_PREINC] = "++",
		[OP_PREDEC] = "--", [OP_POSTINC] = "++", [OP_POSTDEC] = "--", [OP_UNKNOWN] = "?",
	};
	return (unsigned)op <= OP_UNKNOWN ? s[op] : "?";
}
