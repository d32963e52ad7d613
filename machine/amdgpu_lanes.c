/* amdgpu_lanes.c — the wave interpreter for AMDGPU assembly: one wave of a
 * workgroup runs the kernel with one value per lane in every VGPR, one in
 * every SGPR, and the EXEC, VCC and SCC the code itself manipulates (the
 * AMDGPU back end makes divergence explicit: a wave follows one program
 * counter, EXEC says which lanes execute), and reports every global,
 * LDS and scratch access with its lanes' addresses.  Launch state as the
 * kernel descriptor gives it (AMDGPUUsage, "Initial Kernel Execution
 * State"): the kernarg segment holds the arguments (pointers far apart,
 * 256-byte aligned; integers 4096, as for PTX), the dispatch packet the
 * workgroup and grid sizes, the workgroup IDs are 0, and the work-item IDs
 * are in v0 (packed x | y << 10 | z << 20 where the arch packs them) or v0,
 * v1, v2.  A compare on a value the model does not know is true in every
 * active lane (the code it guards runs); loops run their first
 * iterations and their trip counts are extrapolated (loops.c). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { STEP_LIMIT = 400000, PARAM_INT = 4096, NV = 512, NS = AR_COUNT };
#define W KA_MACH_MAX_LANES

static const uint64_t KERNARG = 0x100000000000ull, DISPATCH = 0x200000000000ull, PRIVATE = 0x300000000000ull;

struct cmp_src { int64_t a, b; unsigned tag; bool set; };

struct wave {
	const struct pfunc *f;
	const struct amd_info *info;
	const struct ka_mach_shape *shape;
	int lanes;
	uint64_t all;                 /* the lanes of the wave that exist        */
	uint32_t s[NS];
	unsigned st[NS];
	uint32_t (*v)[W];
	unsigned vt[NV];
	int vorigin[NV];
	struct cmp_src scc_src, vcc_src;
	struct mach_loop *loops;
	double *sim;
	long steps;
	bool done;
	lane_event_fn fn;
	void *ctx;
};


static uint64_t exec_mask(const struct wave *w)
{
	uint64_t m = w->s[AR_EXEC] | (w->lanes > 32 ? (uint64_t)w->s[AR_EXEC + 1] << 32 : 0);
	return m & w->all;
}

static void set_exec(struct wave *w, uint64_t m)
{
	m &= w->all;
	w->s[AR_EXEC] = (uint32_t)m;
	w->s[AR_EXEC + 1] = (uint32_t)(m >> 32);
}

static bool is_v(int r) { return r >= AR_V && r < AR_V + 512; }
static bool is_s(int r) { return r >= 0 && r < AR_COUNT && !is_v(r); }

/* ---- operands ---------------------------------------------------------------- */

/* A 32-bit operand per lane. */
static void get32(const struct wave *w, const struct opd *o, uint32_t *out, unsigned *tag, int *origin)
{
	*tag = 0;
	if (origin)
		*origin = -1;
	if (o->kind == O_REG && is_v(o->reg)) {
		int r = o->reg - AR_V;
		memcpy(out, w->v[r], sizeof(uint32_t) * W);
		*tag = w->vt[r] | (r >= 256 ? TAG_UNKNOWN : 0);
		if (origin)
			*origin = w->vorigin[r];
		return;
	}
	uint32_t x = 0;
	if (o->kind == O_REG && is_s(o->reg)) {
		x = w->s[o->reg];
		*tag = w->st[o->reg];
	} else if (o->kind == O_IMM) {
		x = (uint32_t)o->imm;
	} else {
		*tag = TAG_UNKNOWN;
	}
	for (int l = 0; l < W; l++)
		out[l] = x;
}

/* A 64-bit operand per lane (a register pair, or a 32-bit constant
 * sign-extended as the hardware does for inline constants). */
static void get64(const struct wave *w, const struct opd *o, uint64_t *out, unsigned *tag, int *origin)
{
	uint32_t lo[W], hi[W];
	unsigned t2 = 0;
	get32(w, o, lo, tag, origin);
	if (o->kind == O_REG && o->n_vec >= 2) {
		struct opd h = *o;
		h.reg++;
		get32(w, &h, hi, &t2, NULL);
		for (int l = 0; l < W; l++)
			out[l] = (uint64_t)hi[l] << 32 | lo[l];
		*tag |= t2;
	} else {
		for (int l = 0; l < W; l++)
			out[l] = o->kind == O_IMM ? (uint64_t)o->imm : lo[l];
	}
}

static uint32_t gets(const struct wave *w, const struct opd *o, unsigned *tag)
{
	uint32_t v[W];
	get32(w, o, v, tag, NULL);
	return v[0];
}

static uint64_t gets64(const struct wave *w, const struct opd *o, unsigned *tag)
{
	uint64_t v[W];
	get64(w, o, v, tag, NULL);
	return v[0];
}

static void set32(struct wave *w, const struct opd *o, const uint32_t *v, unsigned tag, uint64_t mask, int origin)
{
	if (o->kind != O_REG)
		return;
	if (is_v(o->reg)) {
		int r = o->reg - AR_V;
		for (int l = 0; l < w->lanes; l++)
			if (mask >> l & 1)
				w->v[r][l] = v[l];
		w->vt[r] = tag;
		w->vorigin[r] = origin;
	} else if (o->reg >= 0 && o->reg < NS) {
		w->s[o->reg] = v[0];
		w->st[o->reg] = tag;
	}
}

static void set64(struct wave *w, const struct opd *o, const uint64_t *v, unsigned tag, uint64_t mask, int origin)
{
	uint32_t lo[W], hi[W];
	for (int l = 0; l < W; l++)
		lo[l] = (uint32_t)v[l], hi[l] = (uint32_t)(v[l] >> 32);
	set32(w, o, lo, tag, mask, origin);
	if (o->n_vec >= 2) {
		struct opd h = *o;
		h.reg++;
		set32(w, &h, hi, tag, mask, origin);
	}
}

/* A pair whose low dword depends on less than its high one (a*b + c: the
 * low 32 bits only on c's low dword): each half its own tag. */
static void set64_split(struct wave *w, const struct opd *o, const uint64_t *v, unsigned tag_lo, unsigned tag_hi,
			uint64_t mask, int origin)
{
	uint32_t lo[W], hi[W];
	for (int l = 0; l < W; l++)
		lo[l] = (uint32_t)v[l], hi[l] = (uint32_t)(v[l] >> 32);
	set32(w, o, lo, tag_lo, mask, origin);
	if (o->n_vec >= 2) {
		struct opd h = *o;
		h.reg++;
		set32(w, &h, hi, tag_hi, mask, origin);
	}
}

static void sets(struct wave *w, const struct opd *o, uint32_t x, unsigned tag)
{
	uint32_t v[W];
	for (int l = 0; l < W; l++)
		v[l] = x;
	set32(w, o, v, tag, w->all, -1);
}

static void sets64(struct wave *w, const struct opd *o, uint64_t x, unsigned tag)
{
	uint64_t v[W];
	for (int l = 0; l < W; l++)
		v[l] = x;
	set64(w, o, v, tag, w->all, -1);
}

static bool has(const char *text, const char *w)
{
	return strstr(text, w) != NULL;
}

static bool ends(const char *text, const char *suf)
{
	size_t a = strlen(text), b = strlen(suf);
	return a >= b && strcmp(text + a - b, suf) == 0;
}

/* The width in bytes a memory mnemonic names (global_load_dwordx4: 16). */
static int mem_width(const char *t)
{
	static const struct { const char *suf; int bytes; } w[] = {
		{"dwordx4", 16}, {"dwordx3", 12}, {"dwordx2", 8}, {"dword", 4}, {"b128", 16}, {"b96", 12},
		{"b64", 8}, {"b32", 4}, {"ubyte", 1}, {"sbyte", 1}, {"byte", 1}, {"ushort", 2}, {"sshort", 2},
		{"short", 2}, {"u8", 1}, {"i8", 1}, {"b8", 1}, {"u16", 2}, {"i16", 2}, {"b16", 2}, {"u64", 8},
		{"i64", 8}, {"f64", 8}, {"u32", 4}, {"i32", 4}, {"f32", 4},
	};
	for (size_t i = 0; i < sizeof(w) / sizeof(*w); i++)
		if (strstr(t, w[i].suf))
			return w[i].bytes;
	return 4;
}

/* ---- memory --------------------------------------------------------------------- */

/* A dword the scalar unit reads: the kernel arguments, the dispatch packet,
 * else one unknown value (uniform data). */
static uint32_t scalar_dword(const struct wave *w, uint64_t addr, unsigned *tag)
{
	*tag = 0;
	if (addr >= KERNARG && addr < KERNARG + (1u << 20)) {
		uint64_t off = addr - KERNARG, v = 0;
		for (int b = 0; b < 4; b++) {
			uint64_t byte = 0, o = off + (uint64_t)b;
			for (int i = 0; i < w->info->n_args; i++) {
				const struct amd_arg *a = &w->info->args[i];
				if (o < (uint64_t)a->offset || o >= (uint64_t)(a->offset + a->size))
					continue;
				uint64_t x = 0;
				int k = (int)(o - (uint64_t)a->offset);
				if (a->kind == ARG_POINTER)
					x = (uint64_t)(i + 1) << 36;
				else if (a->kind == ARG_VALUE)
					x = k < 4 ? PARAM_INT : 0, k &= 3;
				else if (strncmp(a->hidden, "hidden_block_count_", 19) == 0)
					x = (uint64_t)(w->shape->grid[a->hidden[19] - 'x'] > 0 ? w->shape->grid[a->hidden[19] - 'x']
												 : a->hidden[19] == 'x' ? 64 : 1);
				else if (strncmp(a->hidden, "hidden_group_size_", 18) == 0)
					x = (uint64_t)w->shape->block[a->hidden[18] - 'x'];
				byte = k < 8 ? (x >> (8 * k)) & 0xff : 0;
			}
			v |= byte << (8 * b);
		}
		return (uint32_t)v;
	}
	if (addr >= DISPATCH && addr < DISPATCH + 64) {
		const int *b = w->shape->block, *g = w->shape->grid;
		int gx = g[0] > 0 ? g[0] : 64, gy = g[1] > 0 ? g[1] : 1, gz = g[2] > 0 ? g[2] : 1;
		switch (addr - DISPATCH) {
		case 4: return (uint32_t)b[0] | (uint32_t)b[1] << 16;
		case 8: return (uint32_t)b[2];
		case 12: return (uint32_t)(b[0] * gx);
		case 16: return (uint32_t)(b[1] * gy);
		case 20: return (uint32_t)(b[2] * gz);
		default: return 0;
		}
	}
	*tag = TAG_ULOAD;
	return (uint32_t)(0x10000 + (ka_mach_hash64(addr) & 0xff) * 256);
}

static void report(struct wave *w, int pc, enum ka_mach_space sp, enum ka_mach_op op, int bytes, uint64_t mask,
		   const uint64_t *addr, unsigned tag, int origin)
{
	int64_t a[W];
	for (int l = 0; l < W; l++)
		a[l] = (int64_t)addr[l];
	struct lane_event e = {.pc = pc, .lanes = w->lanes, .space = sp, .op = op, .bytes = bytes, .active = mask,
			       .addr = a, .tag = tag, .origin = origin};
	if (mask)
		w->fn(w->ctx, &e);
}

/* What a vector load gives: one value per lane, unrelated values where the
 * lanes read different addresses. */
static void loaded(struct wave *w, const struct opd *dst, const uint64_t *addr, uint64_t mask, int loc)
{
	bool uniform = true;
	int first = mask ? __builtin_ctzll(mask) : 0;
	for (int l = 0; l < w->lanes; l++)
		if ((mask >> l & 1) && addr[l] != addr[first])
			uniform = false;
	uint32_t v[W];
	for (int l = 0; l < W; l++) {
		uint64_t h = ka_mach_hash64(addr[l] ^ 0x9e3779b97f4a7c15ull);
		v[l] = uniform ? (uint32_t)(0x10000 + (h & 0xff) * 256) : (uint32_t)(h & 0xfffff);
	}
	for (int k = 0; k < (dst->n_vec > 0 ? dst->n_vec : 1); k++) {
		struct opd d = *dst;
		d.reg += k;
		d.n_vec = 1;
		set32(w, &d, v, uniform ? TAG_ULOAD : TAG_LOADED, mask, loc);
	}
}

/* global_ / flat_ / scratch_ / buffer_: the lanes' addresses. */
static void mem_vector(struct wave *w, int pc, const struct pinsn *in)
{
	const char *t = in->text;
	bool store = has(t, "_store"), atomic = has(t, "_atomic"), buffer = strncmp(t, "buffer_", 7) == 0;
	bool scratch = strncmp(t, "scratch_", 8) == 0, flat = strncmp(t, "flat_", 5) == 0;
	uint64_t mask = exec_mask(w), addr[W];
	unsigned tag = 0, t2 = 0;
	/* the address operand: after the data for buffer_ (vdata, vaddr, srsrc,
	 * soffset), first in a store or returnless atomic elsewhere */
	int origin = -1, ai = buffer ? 1 : store || (atomic && !in->amd.glc) ? 0 : 1;
	int bytes = mem_width(t);
	if (in->n <= ai)
		return;
	enum ka_mach_space sp = scratch ? KA_MACH_LOCAL : KA_MACH_GLOBAL;
	const struct opd *a = &in->o[ai];
	if (buffer) {               /* vaddr|off, srsrc, soffset */
		if (in->n < ai + 3)
			return;
		const struct opd *rs = &in->o[ai + 1], *so = &in->o[ai + 2];
		uint64_t base = gets64(w, rs, &tag) & 0xffffffffffffull;
		if (base >= (PRIVATE & 0xffffffffffffull) && base < (PRIVATE & 0xffffffffffffull) + (1ull << 40))
			sp = KA_MACH_LOCAL, base = 0;       /* the private segment buffer, or a copy */
		uint32_t soff = gets(w, so, &t2), v[W];
		unsigned tv = 0;
		tag |= t2;
		if (in->amd.offen && !(a->kind == O_REG && a->reg == AR_OFF))
			get32(w, a, v, &tv, &origin);
		else
			memset(v, 0, sizeof(v));
		tag |= tv;
		for (int l = 0; l < W; l++)
			addr[l] = base + soff + v[l] + (uint64_t)in->amd.offset;
	} else if (flat || (a->kind == O_REG && a->n_vec >= 2)) {    /* a 64-bit address per lane */
		get64(w, a, addr, &tag, &origin);
		for (int l = 0; l < W; l++)
			addr[l] += (uint64_t)(int64_t)in->amd.offset;
		if (scratch)
			for (int l = 0; l < W; l++)
				addr[l] -= PRIVATE;
	} else {                                /* a 32-bit offset and an SGPR base */
		const struct opd *saddr = &in->o[in->n - 1];
		uint64_t base = 0;
		uint32_t v[W];
		if (!(saddr->kind == O_REG && saddr->reg == AR_OFF))
			base = gets64(w, saddr, &t2);
		if (a->kind == O_REG && a->reg == AR_OFF)
			memset(v, 0, sizeof(v));
		else
			get32(w, a, v, &tag, &origin);
		tag |= t2;
		for (int l = 0; l < W; l++)
			addr[l] = base + v[l] + (uint64_t)(int64_t)in->amd.offset;
	}
	enum ka_mach_op op = store ? KA_MACH_STORE : atomic ? (in->amd.glc ? KA_MACH_ATOMIC : KA_MACH_REDUCTION) : KA_MACH_LOAD;
	report(w, pc, sp, op, bytes, mask, addr, tag, origin);
	if (!store && !(atomic && !in->amd.glc) && in->n > 0)
		loaded(w, &in->o[0], addr, mask, in->loc);
}

/* ds_*: LDS addresses (ds_read2 / ds_write2: two per lane, each reported). */
static void mem_lds(struct wave *w, int pc, const struct pinsn *in)
{
	const char *t = in->text;
	bool store = has(t, "_write") || has(t, "_store"), two = has(t, "2_") || has(t, "2st64") || has(t, "2addr");
	bool rtn = has(t, "_rtn"), atomic = !store && !has(t, "_read") && !has(t, "_load");
	uint64_t mask = exec_mask(w), addr[W];
	unsigned tag;
	int origin, bytes = mem_width(t);
	if (has(t, "bpermute") || has(t, "permute") || has(t, "swizzle")) {   /* cross-lane, no memory */
		if (in->n >= 3 && has(t, "bpermute")) {
			uint32_t ad[W], d[W], r[W];
			unsigned ta, td;
			get32(w, &in->o[1], ad, &ta, NULL);
			get32(w, &in->o[2], d, &td, NULL);
			for (int l = 0; l < W; l++)
				r[l] = d[((ad[l] + (uint32_t)in->amd.offset) / 4) % (uint32_t)w->lanes];
			set32(w, &in->o[0], r, ta | td, mask, -1);
		} else if (in->n >= 1) {
			uint32_t z[W] = {0};
			set32(w, &in->o[0], z, TAG_UNKNOWN, mask, -1);
		}
		return;
	}
	int ai = store || (atomic && !rtn) ? 0 : 1;
	if (in->n <= ai)
		return;
	uint32_t v[W];
	get32(w, &in->o[ai], v, &tag, &origin);
	enum ka_mach_op op = store ? KA_MACH_STORE : atomic ? (rtn ? KA_MACH_ATOMIC : KA_MACH_REDUCTION) : KA_MACH_LOAD;
	if (two) {
		int scale = bytes * (has(t, "st64") ? 64 : 1);
		for (int k = 0; k < 2; k++) {
			int off = (k ? in->amd.offset1 : in->amd.offset0) * scale;
			for (int l = 0; l < W; l++)
				addr[l] = v[l] + (uint64_t)off;
			report(w, pc, KA_MACH_SHARED, op, bytes, mask, addr, tag, origin);
		}
	} else {
		for (int l = 0; l < W; l++)
			addr[l] = v[l] + (uint64_t)in->amd.offset;
		report(w, pc, KA_MACH_SHARED, op, bytes, mask, addr, tag, origin);
	}
	if (!store && (!atomic || rtn) && in->n > 0)
		loaded(w, &in->o[0], addr, mask, in->loc);
}

/* ---- scalar ----------------------------------------------------------------------- */

static bool scalar_op(struct wave *w, const struct pinsn *in)
{
	const char *t = in->text;
	bool b64 = ends(t, "_b64") || ends(t, "_u64") || ends(t, "_i64");
	unsigned ta = 0, tb = 0;
	if (strncmp(t, "s_load_", 7) == 0 || strncmp(t, "s_buffer_load_", 14) == 0) {
		if (in->n < 3)
			return true;
		uint64_t base = gets64(w, &in->o[1], &ta);
		uint64_t off = in->o[2].kind == O_IMM ? (uint64_t)in->o[2].imm : gets(w, &in->o[2], &tb);
		bool buf = t[2] == 'b';
		for (int k = 0; k < (in->o[0].n_vec > 0 ? in->o[0].n_vec : 1); k++) {
			unsigned tv;
			uint32_t x = buf ? (tv = TAG_ULOAD, 0x10000u + (uint32_t)k * 256) : scalar_dword(w, base + off + 4u * (unsigned)k, &tv);
			struct opd d = in->o[0];
			d.reg += k;
			d.n_vec = 1;
			sets(w, &d, x, tv | ((ta | tb) & TAG_UNKNOWN ? TAG_ULOAD : 0));
		}
		return true;
	}
	if (strstr(t, "saveexec")) {           /* s_and_saveexec_b64 sdst, src */
		uint64_t e = exec_mask(w), a = in->n > 1 ? gets64(w, &in->o[1], &ta) : 0, r = e;
		if (w->lanes <= 32)
			a &= 0xffffffffu;
		if (strncmp(t, "s_and_", 6) == 0) r = a & e;
		else if (strncmp(t, "s_or_", 5) == 0) r = a | e;
		else if (strncmp(t, "s_xor_", 6) == 0) r = a ^ e;
		else if (strncmp(t, "s_andn2_", 8) == 0) r = a & ~e;
		else if (strncmp(t, "s_andn1_", 8) == 0) r = ~a & e;
		else if (strncmp(t, "s_orn2_", 7) == 0) r = a | ~e;
		if (in->n > 0) {
			if (w->lanes > 32)
				sets64(w, &in->o[0], e, 0);
			else
				sets(w, &in->o[0], (uint32_t)e, 0);
		}
		set_exec(w, r);
		w->s[AR_SCC] = (r & w->all) != 0;
		return true;
	}
	if (strncmp(t, "s_cmp_", 6) == 0 || strncmp(t, "s_cmpk_", 7) == 0 || strncmp(t, "s_bitcmp", 8) == 0) {
		if (in->n < 2)
			return true;
		int64_t a, b;
		bool sgn = has(t, "_i32");
		if (b64) {
			a = (int64_t)gets64(w, &in->o[0], &ta);
			b = (int64_t)gets64(w, &in->o[1], &tb);
		} else {
			uint32_t x = gets(w, &in->o[0], &ta), y = in->o[1].kind == O_IMM ? (uint32_t)in->o[1].imm : gets(w, &in->o[1], &tb);
			a = sgn ? (int32_t)x : (int64_t)x;
			b = sgn ? (int32_t)y : (int64_t)y;
		}
		bool r = false;
		const char *c = strchr(t + 3, '_') + 1;
		if (strncmp(t, "s_bitcmp1", 9) == 0) r = (a >> (b & 63)) & 1;
		else if (strncmp(t, "s_bitcmp0", 9) == 0) r = !((a >> (b & 63)) & 1);
		else if (strncmp(c, "eq", 2) == 0) r = a == b;
		else if (strncmp(c, "lg", 2) == 0 || strncmp(c, "ne", 2) == 0) r = a != b;
		else if (strncmp(c, "gt", 2) == 0) r = sgn ? a > b : (uint64_t)a > (uint64_t)b;
		else if (strncmp(c, "ge", 2) == 0) r = sgn ? a >= b : (uint64_t)a >= (uint64_t)b;
		else if (strncmp(c, "lt", 2) == 0) r = sgn ? a < b : (uint64_t)a < (uint64_t)b;
		else if (strncmp(c, "le", 2) == 0) r = sgn ? a <= b : (uint64_t)a <= (uint64_t)b;
		w->s[AR_SCC] = r;
		w->st[AR_SCC] = ta | tb;
		w->scc_src = (struct cmp_src){a, b, ta | tb, true};
		return true;
	}
	if (in->n < 2)
		return false;
	/* dst, a[, b] */
	uint64_t a = b64 ? gets64(w, &in->o[1], &ta) : gets(w, &in->o[1], &ta);
	uint64_t b = in->n > 2 ? (b64 ? gets64(w, &in->o[2], &tb) : gets(w, &in->o[2], &tb)) : 0;
	uint64_t mask = b64 ? ~0ull : 0xffffffffull, r = 0, scc = w->s[AR_SCC];
	bool logic = false;
	unsigned tag = ta | tb;
	const char *op = t + 2;
	if (strncmp(op, "addk_i32", 8) == 0 || strncmp(op, "mulk_i32", 8) == 0) {   /* sdst op= simm16 */
		uint64_t d = gets(w, &in->o[0], &tb);
		r = op[0] == 'a' ? d + (uint64_t)(int64_t)(int16_t)a : d * (uint64_t)(int64_t)(int16_t)a;
		tag = ta | tb;
	}
	else if (strncmp(op, "mov_", 4) == 0 || strncmp(op, "movk_", 5) == 0) r = a;
	else if (strncmp(op, "cmov_", 5) == 0) { if (!scc) return true; r = a; }
	else if (strncmp(op, "add_u32", 7) == 0) { r = a + b; scc = (r >> 32) & 1; }
	else if (strncmp(op, "addc_u32", 8) == 0) { r = a + b + scc; scc = (r >> 32) & 1; tag |= w->st[AR_SCC]; }
	else if (strncmp(op, "sub_u32", 7) == 0) { r = a - b; scc = a < b; }
	else if (strncmp(op, "subb_u32", 8) == 0) { r = a - b - scc; scc = a < b + scc; tag |= w->st[AR_SCC]; }
	else if (strncmp(op, "add_i32", 7) == 0) r = a + b;
	else if (strncmp(op, "sub_i32", 7) == 0) r = a - b;
	else if (strncmp(op, "mul_i32", 7) == 0) r = a * b;
	else if (strncmp(op, "mul_hi_u32", 10) == 0) r = (a * b) >> 32;
	else if (strncmp(op, "mul_hi_i32", 10) == 0) r = (uint64_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32);
	else if (strncmp(op, "lshl_b", 6) == 0) r = a << (b & (b64 ? 63 : 31)), logic = true;
	else if (strncmp(op, "lshr_b", 6) == 0) r = (a & mask) >> (b & (b64 ? 63 : 31)), logic = true;
	else if (strncmp(op, "ashr_i32", 8) == 0) r = (uint64_t)((int32_t)a >> (b & 31)), logic = true;
	else if (strncmp(op, "ashr_i64", 8) == 0) r = (uint64_t)((int64_t)a >> (b & 63)), logic = true;
	else if (strncmp(op, "lshl1_add", 9) == 0) r = (a << 1) + b;
	else if (strncmp(op, "lshl2_add", 9) == 0) r = (a << 2) + b;
	else if (strncmp(op, "lshl3_add", 9) == 0) r = (a << 3) + b;
	else if (strncmp(op, "lshl4_add", 9) == 0) r = (a << 4) + b;
	else if (strncmp(op, "and_b", 5) == 0) r = a & b, logic = true;
	else if (strncmp(op, "or_b", 4) == 0) r = a | b, logic = true;
	else if (strncmp(op, "xor_b", 5) == 0) r = a ^ b, logic = true;
	else if (strncmp(op, "andn2_b", 7) == 0) r = a & ~b, logic = true;
	else if (strncmp(op, "orn2_b", 6) == 0) r = a | ~b, logic = true;
	else if (strncmp(op, "nand_b", 6) == 0) r = ~(a & b), logic = true;
	else if (strncmp(op, "nor_b", 5) == 0) r = ~(a | b), logic = true;
	else if (strncmp(op, "xnor_b", 6) == 0) r = ~(a ^ b), logic = true;
	else if (strncmp(op, "not_b", 5) == 0) r = ~a, logic = true;
	else if (strncmp(op, "bfe_u32", 7) == 0) { int o = (int)(b & 31), n = (int)(b >> 16 & 0x7f); r = n ? (a >> o) & ((n >= 32 ? 0xffffffffull : (1ull << n) - 1)) : 0; }
	else if (strncmp(op, "bfe_i32", 7) == 0) { int o = (int)(b & 31), n = (int)(b >> 16 & 0x7f); r = n ? (uint64_t)(((int32_t)((uint32_t)a << (32 - o - n > 0 ? 32 - o - n : 0))) >> (32 - n > 0 ? 32 - n : 0)) : 0; }
	else if (strncmp(op, "cselect_b", 9) == 0) r = scc ? a : b;
	else if (strncmp(op, "min_i32", 7) == 0) r = (int32_t)a < (int32_t)b ? a : b;
	else if (strncmp(op, "max_i32", 7) == 0) r = (int32_t)a > (int32_t)b ? a : b;
	else if (strncmp(op, "min_u32", 7) == 0) r = a < b ? a : b;
	else if (strncmp(op, "max_u32", 7) == 0) r = a > b ? a : b;
	else if (strncmp(op, "abs_i32", 7) == 0) r = (int32_t)a < 0 ? (uint64_t)0 - (uint64_t)(int64_t)(int32_t)a : a;
	else if (strncmp(op, "sext_i32_i8", 11) == 0) r = (uint64_t)(int64_t)(int8_t)a;
	else if (strncmp(op, "sext_i32_i16", 12) == 0) r = (uint64_t)(int64_t)(int16_t)a;
	else if (strncmp(op, "bcnt1_i32", 9) == 0) r = (uint64_t)__builtin_popcountll(a & mask);
	else if (strncmp(op, "ff1_i32", 7) == 0) r = (a & mask) ? (uint64_t)__builtin_ctzll(a & mask) : 0xffffffffull;
	else return false;
	if (logic)
		scc = (r & mask) != 0;
	w->s[AR_SCC] = (uint32_t)(scc & 1);
	if (b64)
		sets64(w, &in->o[0], r, tag);
	else
		sets(w, &in->o[0], (uint32_t)r, tag);
	if (in->o[0].kind == O_REG && in->o[0].reg == AR_EXEC && !b64 && w->lanes > 32)
		set_exec(w, (uint64_t)w->s[AR_EXEC] | (uint64_t)w->s[AR_EXEC + 1] << 32);
	return true;
}

/* ---- vector ----------------------------------------------------------------------- */

static uint64_t lane_bits(const struct wave *w, const struct opd *o, unsigned *tag)
{
	uint64_t m = gets64(w, o, tag);
	return w->lanes > 32 ? m : m & 0xffffffffull;
}

/* A 32-bit float operand per lane, its modifiers applied. */
static void getf(const struct wave *w, const struct opd *o, float *out, unsigned *tag)
{
	uint32_t v[W];
	get32(w, o, v, tag, NULL);
	for (int l = 0; l < W; l++) {
		float f;
		if (o->kind == O_IMM && (o->imm >= -16 && o->imm <= 64))
			f = (float)o->imm;             /* an integer inline constant */
		else
			memcpy(&f, &v[l], sizeof(f));
		if (o->abs && f < 0)
			f = -f;
		if (o->negate)
			f = -f;
		out[l] = f;
	}
}

/* The 32-bit float arithmetic the back end expands an integer division
 * into (v_cvt_f32_u32, v_rcp_iflag_f32, v_mul_f32, v_trunc_f32,
 * v_cvt_u32_f32, v_mad_f32 and a compare): computed, so the quotient is
 * known where its operands are. */
static bool float_op(struct wave *w, const struct pinsn *in, uint64_t exec)
{
	const char *t = in->text, *op = t + 2;
	float a[W], b[W], c[W];
	uint32_t r[W], u[W];
	unsigned ta = 0, tb = 0, tc = 0;
	int n = in->n - 1;
	if (strncmp(op, "cvt_f32_u32", 11) == 0 || strncmp(op, "cvt_f32_i32", 11) == 0) {
		get32(w, &in->o[1], u, &ta, NULL);
		for (int l = 0; l < W; l++) {
			float f = op[8] == 'u' ? (float)u[l] : (float)(int32_t)u[l];
			memcpy(&r[l], &f, sizeof(f));
		}
	} else if (strncmp(op, "cvt_u32_f32", 11) == 0 || strncmp(op, "cvt_i32_f32", 11) == 0) {
		getf(w, &in->o[1], a, &ta);
		for (int l = 0; l < W; l++)
			r[l] = op[4] == 'u' ? (a[l] <= 0 ? 0u : a[l] >= 4294967295.0f ? 0xffffffffu : (uint32_t)a[l])
					    : (uint32_t)(int32_t)a[l];
	} else if (strncmp(op, "rcp_iflag_f32", 13) == 0 || strncmp(op, "rcp_f32", 7) == 0 || strncmp(op, "trunc_f32", 9) == 0 ||
		   strncmp(op, "floor_f32", 9) == 0) {
		getf(w, &in->o[1], a, &ta);
		for (int l = 0; l < W; l++) {
			float f = op[0] == 'r' ? 1.0f / a[l] : op[0] == 't' ? (float)(int64_t)a[l] : a[l] < 0 && a[l] != (float)(int64_t)a[l] ? (float)(int64_t)a[l] - 1 : (float)(int64_t)a[l];
			memcpy(&r[l], &f, sizeof(f));
		}
	} else if (n >= 2 && (strncmp(op, "mul_f32", 7) == 0 || strncmp(op, "add_f32", 7) == 0 || strncmp(op, "sub_f32", 7) == 0 ||
			      strncmp(op, "subrev_f32", 10) == 0 || strncmp(op, "mad_f32", 7) == 0 || strncmp(op, "fma_f32", 7) == 0 ||
			      strncmp(op, "fmac_f32", 8) == 0 || strncmp(op, "mac_f32", 7) == 0)) {
		getf(w, &in->o[1], a, &ta);
		getf(w, &in->o[2], b, &tb);
		bool acc = strncmp(op, "fmac", 4) == 0 || strncmp(op, "mac", 3) == 0;
		if (acc)
			getf(w, &in->o[0], c, &tc);
		else if (n >= 3)
			getf(w, &in->o[3], c, &tc);
		for (int l = 0; l < W; l++) {
			float f = op[0] == 'm' && op[1] == 'u' ? a[l] * b[l] : op[0] == 'a' ? a[l] + b[l]
				: strncmp(op, "subrev", 6) == 0 ? b[l] - a[l] : op[0] == 's' ? a[l] - b[l] : a[l] * b[l] + c[l];
			memcpy(&r[l], &f, sizeof(f));
		}
	} else {
		return false;
	}
	set32(w, &in->o[0], r, ta | tb | tc, exec, -1);
	return true;
}

static bool vector_op(struct wave *w, const struct pinsn *in)
{
	const char *t = in->text, *op = t + 2;
	uint64_t exec = exec_mask(w);
	uint32_t a[W], b[W], c[W], r[W];
	unsigned ta = 0, tb = 0, tc = 0;
	int origin = -1;
	if (in->n < 1)
		return true;
	if (strncmp(op, "cmp", 3) == 0) {       /* v_cmp[x]_OP_TYPE dst, a, b */
		bool x = op[3] == 'x';
		const char *c2 = op + (x ? 5 : 4);
		bool f = has(t, "_f16") || has(t, "_f64") || has(t, "class");
		bool f32 = has(t, "_f32") && !f;
		bool sgn = has(t, "_i32") || has(t, "_i64") || has(t, "_i16"), wide = has(t, "64");
		int base = in->n >= 3 ? 1 : 0;
		uint64_t va[W], vb[W], res = 0;
		float fa[W], fb[W];
		get64(w, &in->o[base], va, &ta, NULL);
		get64(w, &in->o[base + 1], vb, &tb, NULL);
		if (f32) {
			getf(w, &in->o[base], fa, &ta);
			getf(w, &in->o[base + 1], fb, &tb);
		}
		unsigned tg = ta | tb | (f ? TAG_UNKNOWN : 0);
		for (int l = 0; l < w->lanes; l++) {
			if (!(exec >> l & 1))
				continue;
			int64_t p = wide ? (int64_t)va[l] : sgn ? (int32_t)va[l] : (int64_t)(uint32_t)va[l];
			int64_t q = wide ? (int64_t)vb[l] : sgn ? (int32_t)vb[l] : (int64_t)(uint32_t)vb[l];
			uint64_t up = wide ? va[l] : (uint32_t)va[l], uq = wide ? vb[l] : (uint32_t)vb[l];
			bool v = true;         /* unknown: the guarded code runs */
			if (f32 && !(tg & (TAG_UNKNOWN | TAG_LOADED))) {
				float x = fa[l], y = fb[l];
				if (strncmp(c2, "eq", 2) == 0) v = x == y;
				else if (strncmp(c2, "neq", 3) == 0 || strncmp(c2, "lg", 2) == 0) v = x != y;
				else if (strncmp(c2, "lt", 2) == 0 || strncmp(c2, "nge", 3) == 0) v = x < y;
				else if (strncmp(c2, "le", 2) == 0 || strncmp(c2, "ngt", 3) == 0) v = x <= y;
				else if (strncmp(c2, "gt", 2) == 0 || strncmp(c2, "nle", 3) == 0) v = x > y;
				else if (strncmp(c2, "ge", 2) == 0 || strncmp(c2, "nlt", 3) == 0) v = x >= y;
			} else if (!(tg & (TAG_UNKNOWN | TAG_LOADED))) {
				if (strncmp(c2, "eq", 2) == 0) v = p == q;
				else if (strncmp(c2, "ne", 2) == 0 || strncmp(c2, "lg", 2) == 0) v = p != q;
				else if (strncmp(c2, "lt", 2) == 0) v = sgn ? p < q : up < uq;
				else if (strncmp(c2, "le", 2) == 0) v = sgn ? p <= q : up <= uq;
				else if (strncmp(c2, "gt", 2) == 0) v = sgn ? p > q : up > uq;
				else if (strncmp(c2, "ge", 2) == 0) v = sgn ? p >= q : up >= uq;
				else if (strncmp(c2, "t_", 2) == 0 || strncmp(c2, "tru", 3) == 0) v = true;
				else if (strncmp(c2, "f_", 2) == 0) v = false;
			}
			if (v)
				res |= 1ull << l;
		}
		int first = exec ? __builtin_ctzll(exec) : 0;
		w->vcc_src = (struct cmp_src){(int64_t)va[first], (int64_t)vb[first], tg, true};
		if (base == 1 && !(in->o[0].kind == O_REG && in->o[0].reg == AR_EXEC && x && in->n == 2)) {
			if (w->lanes > 32 && in->o[0].n_vec >= 2)
				sets64(w, &in->o[0], res, tg);
			else
				sets(w, &in->o[0], (uint32_t)res, tg);
		}
		if (x)
			set_exec(w, res);
		return true;
	}
	if (strncmp(op, "readfirstlane", 13) == 0 || strncmp(op, "readlane", 8) == 0) {
		get32(w, &in->o[1], a, &ta, NULL);
		int l = exec ? __builtin_ctzll(exec) : 0;
		if (op[4] == 'l' && in->n > 2)
			l = (int)(gets(w, &in->o[2], &tb) % (uint32_t)w->lanes);
		sets(w, &in->o[0], a[l], ta & ~TAG_LOADED ? ta : (ta & TAG_LOADED ? TAG_ULOAD : 0));
		return true;
	}
	if (strncmp(op, "pk_mov_b32", 10) == 0 && in->n >= 3) {   /* two dwords, by op_sel */
		uint64_t x[W], y[W], q[W];
		get64(w, &in->o[1], x, &ta, &origin);
		get64(w, &in->o[2], y, &tb, NULL);
		for (int l = 0; l < W; l++) {
			uint32_t lo = (uint32_t)(in->amd.op_sel & 1 ? x[l] >> 32 : x[l]);
			uint32_t hi = (uint32_t)(in->amd.op_sel & 2 ? y[l] >> 32 : y[l]);
			q[l] = (uint64_t)hi << 32 | lo;
		}
		set64(w, &in->o[0], q, ta | tb, exec, origin);
		return true;
	}
	bool pair = has(t, "_b64") || has(t, "_i64") || has(t, "_u64");
	if (pair && (strncmp(op, "lshlrev", 7) == 0 || strncmp(op, "lshrrev", 7) == 0 || strncmp(op, "ashrrev", 7) == 0 ||
		     strncmp(op, "mov_b64", 7) == 0 || strncmp(op, "lshl_add_u64", 12) == 0 || strncmp(op, "mad_u64", 7) == 0 ||
		     strncmp(op, "mad_i64", 7) == 0)) {
		uint64_t x[W], y[W], z[W], q[W];
		memset(y, 0, sizeof(y));
		memset(z, 0, sizeof(z));
		if (strncmp(op, "mov_b64", 7) == 0) {
			get64(w, &in->o[1], x, &ta, &origin);
			set64(w, &in->o[0], x, ta, exec, origin);
			return true;
		}
		if (strncmp(op, "mad_", 4) == 0) {       /* dst, sdst, a, b, c */
			if (in->n < 5)
				return true;
			get32(w, &in->o[2], a, &ta, &origin);
			get32(w, &in->o[3], b, &tb, NULL);
			get64(w, &in->o[4], z, &tc, NULL);
			unsigned tc_lo;
			uint32_t zlo[W];
			get32(w, &in->o[4], zlo, &tc_lo, NULL);
			bool sg = op[4] == 'i';
			for (int l = 0; l < W; l++)
				q[l] = (sg ? (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) : (uint64_t)a[l] * b[l]) + z[l];
			set64_split(w, &in->o[0], q, ta | tb | tc_lo, ta | tb | tc, exec, origin);
			return true;
		}
		if (strncmp(op, "lshl_add_u64", 12) == 0) {   /* dst, a, s, b */
			get64(w, &in->o[1], x, &ta, &origin);
			get32(w, &in->o[2], a, &tb, NULL);
			get64(w, &in->o[3], z, &tc, NULL);
			for (int l = 0; l < W; l++)
				q[l] = (x[l] << (a[l] & 63)) + z[l];
			set64(w, &in->o[0], q, ta | tb | tc, exec, origin);
			return true;
		}
		get32(w, &in->o[1], a, &ta, NULL);         /* v_lshlrev_b64 dst, shift, src */
		get64(w, &in->o[2], y, &tb, &origin);
		for (int l = 0; l < W; l++) {
			int s = (int)(a[l] & 63);
			q[l] = op[0] == 'l' && op[2] == 'h' && op[3] == 'l' ? y[l] << s : op[0] == 'a' ? (uint64_t)((int64_t)y[l] >> s) : y[l] >> s;
		}
		set64(w, &in->o[0], q, ta | tb, exec, origin);
		return true;
	}
	if (float_op(w, in, exec))
		return true;
	/* carry forms: v_add_co_u32 dst, sdst, a, b[, cin] */
	bool co = has(t, "_co_");
	int s0 = co && in->n >= 4 ? 2 : 1;
	int nsrc = in->n - s0;
	if (nsrc >= 1)
		get32(w, &in->o[s0], a, &ta, &origin);
	if (nsrc >= 2)
		get32(w, &in->o[s0 + 1], b, &tb, origin < 0 ? &origin : NULL);
	else
		memset(b, 0, sizeof(b));
	if (nsrc >= 3 && !co)
		get32(w, &in->o[s0 + 2], c, &tc, NULL);
	else
		memset(c, 0, sizeof(c));
	uint64_t cin = 0, cout = 0;
	unsigned tcin = 0;
	if (co && nsrc >= 3)
		cin = lane_bits(w, &in->o[s0 + 2], &tcin);
	unsigned tag = ta | tb | tc | tcin;
	for (int l = 0; l < W; l++) {
		uint64_t x = a[l], y = b[l], z = c[l], q;
		int32_t sx = (int32_t)a[l], sy = (int32_t)b[l];
		int ci = (int)(cin >> l & 1);
		if (strncmp(op, "mov_b32", 7) == 0) q = x;
		else if (strncmp(op, "add_co_ci", 9) == 0 || strncmp(op, "addc_co", 7) == 0) q = x + y + (uint64_t)ci;
		else if (strncmp(op, "add_co", 6) == 0) q = x + y;
		else if (strncmp(op, "sub_co_ci", 9) == 0 || strncmp(op, "subb_co", 7) == 0) q = x - y - (uint64_t)ci;
		else if (strncmp(op, "subrev_co_ci", 12) == 0 || strncmp(op, "subbrev_co", 10) == 0) q = y - x - (uint64_t)ci;
		else if (strncmp(op, "sub_co", 6) == 0) q = x - y;
		else if (strncmp(op, "subrev_co", 9) == 0) q = y - x;
		else if (strncmp(op, "add_u32", 7) == 0 || strncmp(op, "add_nc_u32", 10) == 0 || strncmp(op, "add_i32", 7) == 0)
			q = x + y;
		else if (strncmp(op, "sub_u32", 7) == 0 || strncmp(op, "sub_nc_u32", 10) == 0 || strncmp(op, "sub_i32", 7) == 0)
			q = x - y;
		else if (strncmp(op, "subrev_u32", 10) == 0 || strncmp(op, "subrev_nc_u32", 13) == 0) q = y - x;
		else if (strncmp(op, "add3_u32", 8) == 0) q = x + y + z;
		else if (strncmp(op, "mul_lo_u32", 10) == 0 || strncmp(op, "mul_lo_i32", 10) == 0) q = x * y;
		else if (strncmp(op, "mul_hi_u32_u24", 14) == 0) q = ((x & 0xffffff) * (y & 0xffffff)) >> 32;
		else if (strncmp(op, "mul_hi_u32", 10) == 0) q = (x * y) >> 32;
		else if (strncmp(op, "mul_hi_i32", 10) == 0) q = (uint64_t)(((int64_t)sx * sy) >> 32);
		else if (strncmp(op, "mul_u32_u24", 11) == 0) q = (x & 0xffffff) * (y & 0xffffff);
		else if (strncmp(op, "mul_i32_i24", 11) == 0) q = (uint64_t)((int64_t)((int32_t)((uint32_t)sx << 8) >> 8) * ((int32_t)((uint32_t)sy << 8) >> 8));
		else if (strncmp(op, "mad_u32_u24", 11) == 0) q = (x & 0xffffff) * (y & 0xffffff) + z;
		else if (strncmp(op, "mad_i32_i24", 11) == 0) q = (uint64_t)((int64_t)((int32_t)((uint32_t)sx << 8) >> 8) * ((int32_t)((uint32_t)sy << 8) >> 8)) + z;
		else if (strncmp(op, "mad_u32_u16", 11) == 0) q = (x & 0xffff) * (y & 0xffff) + z;
		else if (strncmp(op, "lshlrev_b32", 11) == 0) q = y << (x & 31);
		else if (strncmp(op, "lshrrev_b32", 11) == 0) q = (y & 0xffffffff) >> (x & 31);
		else if (strncmp(op, "ashrrev_i32", 11) == 0) q = (uint64_t)(sy >> (x & 31));
		else if (strncmp(op, "lshl_b32", 8) == 0) q = x << (y & 31);
		else if (strncmp(op, "lshr_b32", 8) == 0) q = (x & 0xffffffff) >> (y & 31);
		else if (strncmp(op, "ashr_i32", 8) == 0) q = (uint64_t)(sx >> (y & 31));
		else if (strncmp(op, "lshl_add_u32", 12) == 0) q = (x << (y & 31)) + z;
		else if (strncmp(op, "add_lshl_u32", 12) == 0) q = (x + y) << (z & 31);
		else if (strncmp(op, "lshl_or_b32", 11) == 0) q = (x << (y & 31)) | z;
		else if (strncmp(op, "and_or_b32", 10) == 0) q = (x & y) | z;
		else if (strncmp(op, "or3_b32", 7) == 0) q = x | y | z;
		else if (strncmp(op, "xor3_b32", 8) == 0) q = x ^ y ^ z;
		else if (strncmp(op, "xad_u32", 7) == 0) q = (x ^ y) + z;
		else if (strncmp(op, "and_b32", 7) == 0) q = x & y;
		else if (strncmp(op, "or_b32", 6) == 0) q = x | y;
		else if (strncmp(op, "xor_b32", 7) == 0) q = x ^ y;
		else if (strncmp(op, "not_b32", 7) == 0) q = ~x;
		else if (strncmp(op, "bfe_u32", 7) == 0) { int o = (int)(y & 31), n = (int)(z & 31); q = n ? (x >> o) & ((1ull << n) - 1) : 0; }
		else if (strncmp(op, "bfe_i32", 7) == 0) { int o = (int)(y & 31), n = (int)(z & 31); q = n ? (uint64_t)((int32_t)((uint32_t)x << (32 - o - n > 0 ? 32 - o - n : 0)) >> (32 - n)) : 0; }
		else if (strncmp(op, "bfi_b32", 7) == 0) q = (x & y) | (~x & z);
		else if (strncmp(op, "alignbit_b32", 12) == 0) q = ((x << 32 | (y & 0xffffffff)) >> (z & 31));
		else if (strncmp(op, "min_i32", 7) == 0) q = sx < sy ? x : y;
		else if (strncmp(op, "max_i32", 7) == 0) q = sx > sy ? x : y;
		else if (strncmp(op, "min_u32", 7) == 0) q = x < y ? x : y;
		else if (strncmp(op, "max_u32", 7) == 0) q = x > y ? x : y;
		else if (strncmp(op, "bcnt_u32", 8) == 0) q = (uint64_t)__builtin_popcountll(x & 0xffffffff) + y;
		else if (strncmp(op, "mbcnt_lo", 8) == 0) q = (uint64_t)__builtin_popcountll(x & (l < 32 ? (1ull << l) - 1 : 0xffffffffull)) + y;
		else if (strncmp(op, "mbcnt_hi", 8) == 0) q = (uint64_t)(l >= 32 ? __builtin_popcountll(x & ((1ull << (l - 32)) - 1)) : 0) + y;
		else if (strncmp(op, "cndmask_b32", 11) == 0) {
			uint64_t m = nsrc >= 3 ? lane_bits(w, &in->o[s0 + 2], &tcin) : lane_bits(w, &(struct opd){.kind = O_REG, .reg = AR_VCC, .n_vec = 2}, &tcin);
			q = (m >> l & 1) ? y : x;
			tag = ta | tb | (tcin & (TAG_UNKNOWN | TAG_LOADED) ? 0 : 0);
		} else
			return false;
		if (co && ((q >> 32) & 1))
			cout |= 1ull << l;
		r[l] = (uint32_t)q;
	}
	set32(w, &in->o[0], r, tag, exec, origin);
	if (co && in->n >= 4 && in->o[1].kind == O_REG) {
		if (w->lanes > 32 && in->o[1].n_vec >= 2)
			sets64(w, &in->o[1], cout & exec, tag);
		else
			sets(w, &in->o[1], (uint32_t)(cout & exec), tag);
	}
	return true;
}

static void opaque(struct wave *w, const struct pinsn *in)
{
	uint32_t z[W] = {0};
	if (in->n > 0 && in->o[0].kind == O_REG)
		for (int k = 0; k < (in->o[0].n_vec > 0 ? in->o[0].n_vec : 1); k++) {
			struct opd d = in->o[0];
			d.reg += k;
			d.n_vec = 1;
			set32(w, &d, z, TAG_UNKNOWN, exec_mask(w), -1);
		}
}

/* ---- control ---------------------------------------------------------------------- */

/* Whether s_cbranch_COND is taken, and the compare it rests on. */
static bool branch_taken(struct wave *w, const char *t, const struct cmp_src **src, bool *known)
{
	*known = true;
	*src = NULL;
	if (strcmp(t, "s_branch") == 0)
		return true;
	const char *c = t + 10;
	uint64_t vcc = w->s[AR_VCC] | (w->lanes > 32 ? (uint64_t)w->s[AR_VCC + 1] << 32 : 0);
	if (strncmp(c, "scc", 3) == 0) {
		*src = &w->scc_src;
		*known = !(w->st[AR_SCC] & (TAG_UNKNOWN | TAG_LOADED));
		return (c[3] == '1') == (w->s[AR_SCC] != 0);
	}
	if (strncmp(c, "vcc", 3) == 0) {
		*src = &w->vcc_src;
		bool z = (vcc & exec_mask(w)) == 0;
		return strcmp(c, "vccz") == 0 ? z : !z;
	}
	if (strncmp(c, "exec", 4) == 0) {
		*src = &w->vcc_src;
		bool z = exec_mask(w) == 0;
		return strcmp(c, "execz") == 0 ? z : !z;
	}
	*known = false;
	return false;
}

static void reset(struct wave *w, int warp)
{
	const struct amd_info *in = w->info;
	const int *b = w->shape->block;
	memset(w->s, 0, sizeof(w->s));
	memset(w->st, 0, sizeof(w->st));
	memset(w->vt, 0, sizeof(w->vt));
	for (int r = 0; r < NV; r++)
		w->vorigin[r] = -1;
	if (in->psb >= 0)
		w->s[in->psb] = (uint32_t)PRIVATE, w->s[in->psb + 1] = (uint32_t)(PRIVATE >> 32);
	if (in->dispatch >= 0)
		w->s[in->dispatch] = (uint32_t)DISPATCH, w->s[in->dispatch + 1] = (uint32_t)(DISPATCH >> 32);
	if (in->kernarg >= 0)
		w->s[in->kernarg] = (uint32_t)KERNARG, w->s[in->kernarg + 1] = (uint32_t)(KERNARG >> 32);
	for (int k = 0; k < 3; k++)
		if (in->wg_id[k] >= 0 && in->wg_id[k] < 256)
			w->s[in->wg_id[k]] = 0;
	w->all = 0;
	for (int l = 0; l < w->lanes; l++) {
		long t = (long)warp * w->lanes + l;
		int x = (int)(t % b[0]), y = (int)(t / b[0] % b[1]), z = (int)(t / ((long)b[0] * b[1]));
		if (t < (long)b[0] * b[1] * b[2])
			w->all |= 1ull << l;
		if (w->shape->tid_packed) {
			w->v[0][l] = (uint32_t)x | (uint32_t)y << 10 | (uint32_t)z << 20;
		} else {
			w->v[0][l] = (uint32_t)x;
			w->v[1][l] = (uint32_t)y;
			w->v[2][l] = (uint32_t)z;
		}
	}
	set_exec(w, w->all);
}

void ka_amdgpu_run(const struct pfunc *f, const struct amd_info *info, const struct ka_mach_shape *shape, int wave,
		   lane_event_fn fn, void *ctx, struct warp_run *out)
{
	struct wave w = {.f = f, .info = info, .shape = shape, .fn = fn, .ctx = ctx};
	size_t n = f->n;
	w.lanes = shape->lanes == 32 ? 32 : 64;
	w.v = calloc(NV, sizeof(*w.v));
	w.loops = calloc(n + 1, sizeof(*w.loops));
	w.sim = calloc(n + 1, sizeof(*w.sim));
	if (!w.v || !w.loops || !w.sim)
		abort();
	reset(&w, wave);
	size_t pc = 0;
	while (pc < n && w.steps < STEP_LIMIT && w.all) {
		const struct pinsn *in = &f->v[pc];
		const char *t = in->text;
		w.steps++;
		w.sim[pc] += 1;
		if (strcmp(t, "s_endpgm") == 0)
			break;
		if (strcmp(t, "s_branch") == 0 || strncmp(t, "s_cbranch_", 10) == 0) {
			const struct cmp_src *src;
			bool known, taken = branch_taken(&w, t, &src, &known);
			int target = in->target;
			if (target < 0) {
				pc++;
				continue;
			}
			if (!known)
				taken = false;
			if ((size_t)target <= pc) {         /* a loop's back edge */
				struct mach_loop *lp = &w.loops[pc];
				if (src && src->set)
					ka_loop_gap(lp, src->a, src->b, src->tag);
				bool was = taken;
				taken = ka_loop_back_edge(lp, taken, w.steps);
				if (was && !taken && strncmp(t, "s_cbranch_exec", 14) == 0)
					set_exec(&w, w.all);      /* cut: the lanes the loop kept leave it */
			}
			pc = taken ? (size_t)target : pc + 1;
			continue;
		}
		bool done = true;
		if (strncmp(t, "global_", 7) == 0 || strncmp(t, "flat_", 5) == 0 || strncmp(t, "buffer_", 7) == 0 ||
		    strncmp(t, "scratch_", 8) == 0) {
			if (!has(t, "wbinvl1") && !has(t, "wbl2") && !has(t, "inv"))
				mem_vector(&w, (int)pc, in);
		} else if (strncmp(t, "ds_", 3) == 0) {
			mem_lds(&w, (int)pc, in);
		} else if (t[0] == 's' && t[1] == '_') {
			if (!scalar_op(&w, in))
				done = false;
		} else if (t[0] == 'v' && t[1] == '_') {
			if (!vector_op(&w, in))
				done = false;
		}
		if (!done) {
			/* s_waitcnt, s_barrier, s_nop ... change no value; the rest
			 * (floating point, matrix, calls) give values not followed */
			static const char *const nops[] = {"s_waitcnt", "s_barrier", "s_nop", "s_setprio", "s_sleep",
							   "s_dcache", "s_icache", "s_sendmsg", "s_trap", "s_delay_alu",
							   "s_clause", "s_inst_prefetch", "s_wait", "s_denorm_mode",
							   "s_round_mode", "s_setreg", "s_mov_b32 m0", "s_ttrace"};
			bool nop = false;
			for (size_t i = 0; i < sizeof(nops) / sizeof(*nops); i++)
				nop |= strncmp(t, nops[i], strlen(nops[i])) == 0;
			if (!nop) {
				opaque(&w, in);
				if (!out->opaque[0] && !has(t, "_f16") && !has(t, "_f32") && !has(t, "_f64") &&
				    !has(t, "mfma") && !has(t, "accvgpr") && !has(t, "_pk_"))
					snprintf(out->opaque, sizeof(out->opaque), "%s", t);
			}
		}
		pc++;
	}
	if (w.steps >= KA_STEP_BUDGET)
		out->budget_hit = true;
	ka_loops_weigh(f, w.loops, w.sim, out);
	free(w.v);
	free(w.loops);
	free(w.sim);
}
