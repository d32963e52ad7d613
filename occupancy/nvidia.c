/* nvidia.c — the NVIDIA occupancy model: resident blocks per SM from
 * registers, warps, block slots, shared memory and named barriers.
 *
 * Expects launch values already range-checked by the caller (the CLI) but
 * never misbehaves on any int.  Rules (checked against cuda_occupancy.h and
 * the CUDA runtime by the tests, never copied from them):
 *  - registers are allocated per warp, regs*32 rounded up to 256, and a
 *    warp's registers live in one sub-partition: warps per sub-partition =
 *    floor((64 Ki / 4) / per-warp allocation), times 4 per SM;
 *  - a block's warps must also fit the per-block register file when rounded
 *    up to a multiple of the sub-partitions (hardware check);
 *  - shared memory per block = static + dynamic + 1 KiB driver reservation
 *    (sm_80+), rounded up to 128 B (256 B before sm_80); the SM's carveout is
 *    the preferred size, or the next selectable size that fits one block;
 *  - on sm_90+ each block slot brings 1 or 2 named barriers. */
#include "occupancy.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Selectable shared-memory carveouts in KiB, ascending, -1 terminated. */
static const int carveout_VOLTA[]  = {0, 8, 16, 32, 64, 96, -1};
static const int carveout_TURING[] = {32, 64, -1};
static const int carveout_GA100[]  = {0, 8, 16, 32, 64, 100, 132, 164, -1};
static const int carveout_GA10X[]  = {0, 8, 16, 32, 64, 100, -1};
static const int carveout_HOPPER[] = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228, -1};
#define carveout_NONE NULL

const struct ka_nv_arch ka_nv_archs[] = {
#define KA_NV_ARCH(nm, maj, min, thr, blk, tpb, rsm, rpb, rpt, runit, sp, smem, spb, optin, sunit, rsv, in_sec, \
		   carve, bar, parse, cuda13, note_)                                      \
	{ .name = #nm, .major = maj, .minor = min,                                \
	  .max_threads_per_sm = thr, .max_blocks_per_sm = blk,                    \
	  .max_threads_per_block = tpb, .regs_per_sm = rsm,                       \
	  .regs_per_block = rpb, .max_regs_per_thread = rpt,                      \
	  .reg_alloc_unit = runit, .sub_partitions = sp,                          \
	  .smem_per_sm = smem, .smem_per_block = spb,                             \
	  .smem_per_block_optin = optin, .smem_reserved = rsv,                    \
	  .smem_reserved_in_section = in_sec,                                     \
	  .smem_alloc_unit = sunit, .carveouts_kib = carveout_##carve,            \
	  .barriers_per_block_slot = bar, .parse_as = #parse, .analysable = cuda13, .note = note_ },
#include "nvidia_archs.def"
#undef KA_NV_ARCH
};
const int ka_nv_arch_count = (int)(sizeof(ka_nv_archs) / sizeof(ka_nv_archs[0]));

static const char *const limiter_names[] = {
#define KA_LIMITER(e, name, vendor, what) name,
#include "kanalyze/limiters.def"
#undef KA_LIMITER
};

const char *ka_limiter_name(enum ka_limiter l)
{
	return (unsigned)l < KA_LIMIT_COUNT ? limiter_names[l] : "unknown";
}

const struct ka_nv_arch *ka_nv_arch_find(const char *name)
{
	char base[16];
	size_t n;

	if (strncmp(name, "compute_", 8) == 0)     /* "compute_90" means sm_90 */
		name += 8;
	else if (strncmp(name, "sm_", 3) == 0)
		name += 3;
	else
		return NULL;
	n = strcspn(name, "af");                   /* sm_90a, sm_100f -> sm_90 */
	if (n == 0 || n + 4 > sizeof(base) || (name[n] && name[n + 1]))
		return NULL;
	snprintf(base, sizeof(base), "sm_%.*s", (int)n, name);
	for (int i = 0; i < ka_nv_arch_count; i++)
		if (strcmp(ka_nv_archs[i].name, base) == 0)
			return &ka_nv_archs[i];
	return NULL;
}

int ka_nv_arch_sm(const struct ka_nv_arch *a)
{
	return a->major * 10 + a->minor;
}

static long round_up(long x, long unit)
{
	return (x + unit - 1) / unit * unit;
}

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

/* Blocks allowed by the register file, with `sp` sub-partitions. */
static int blocks_by_registers(const struct ka_nv_arch *a, int regs, int warps, int sp, int *alloc)
{
	long per_warp = round_up((long)regs * 32, a->reg_alloc_unit);

	*alloc = (int)(per_warp * warps);
	if (regs > a->max_regs_per_thread || per_warp * round_up(warps, sp) > a->regs_per_block ||
	    per_warp * warps > a->regs_per_block)
		return 0;
	if (per_warp == 0)
		return INT_MAX;
	return (int)((a->regs_per_sm / sp) / per_warp) * sp / warps;
}

/* The carveout used for blocks of `alloc` bytes: the preferred size when one
 * block fits in it, else the smallest selectable size that holds one block.
 * -1 when no carveout can hold the block. */
static long smem_carveout(const struct ka_nv_arch *a, long alloc, int carveout_pct)
{
	long pref = a->smem_per_sm;

	if (!a->carveouts_kib)
		return pref;
	if (carveout_pct >= 0)
		pref = (long)carveout_pct * a->smem_per_sm / 100;
	for (const int *c = a->carveouts_kib; *c >= 0; c++)   /* align pref up */
		if ((long)*c * 1024 >= pref) {
			pref = (long)*c * 1024;
			break;
		}
	if (pref >= alloc)
		return pref;
	for (const int *c = a->carveouts_kib; *c >= 0; c++)
		if ((long)*c * 1024 >= alloc)
			return (long)*c * 1024;
	return -1;
}

int ka_occ_nvidia(const struct ka_nv_arch *a, const struct ka_nv_launch *in, struct ka_occupancy *out)
{
	int warps, max_warps, limit, regs_alloc;
	long smem_limit, smem_alloc, carve;

	memset(out, 0, sizeof(*out));
	if (in->block < 1)
		return -EINVAL;
	max_warps = a->max_threads_per_sm / 32;
	warps = (in->block - 1) / 32 + 1;     /* block >= 1: no overflow at INT_MAX */

	out->by_warps = in->block > a->max_threads_per_block ? 0 : max_warps / warps;
	out->by_blocks = a->max_blocks_per_sm;

	out->by_registers = in->regs < 0 ? 0
		: blocks_by_registers(a, in->regs, warps, a->sub_partitions, &regs_alloc);
	if (in->regs >= 0 && a->sub_partitions == 2 && out->by_registers) {
		/* GP100 (sm_60) must also pass the check with 4 sub-partitions. */
		int alloc4;
		if (!blocks_by_registers(a, in->regs, warps, 4, &alloc4))
			out->by_registers = 0;
	}
	out->regs_per_block = in->regs < 0 ? 0 : regs_alloc;

	/* sizes past anything an SM holds are refused before any arithmetic
	 * on them: no input can overflow (a launch may give 2^63 - 1 bytes) */
	smem_limit = a->smem_per_block_optin + a->smem_reserved;
	long smem = in->smem;
	if (smem > smem_limit || smem < -smem_limit || in->smem_per_thread > smem_limit ||
	    in->smem_per_thread < -smem_limit)
		smem = smem_limit + 1;
	else
		smem += in->smem_per_thread * in->block;     /* < 2^18 * 2^31: no overflow */
	smem_alloc = smem > smem_limit ? smem_limit + 1
		: round_up((smem < 0 ? 0 : smem) + a->smem_reserved, a->smem_alloc_unit);
	out->smem_per_block = smem_alloc;
	carve = smem_carveout(a, smem_alloc, in->carveout_pct);
	if (smem < 0 || smem_alloc > smem_limit || carve < 0)
		out->by_shared_memory = 0;
	else if (smem_alloc == 0)
		out->by_shared_memory = INT_MAX;
	else
		out->by_shared_memory = (int)(carve / smem_alloc);
	out->smem_per_sm = carve < 0 ? 0 : carve;

	out->by_barriers = INT_MAX;
	if (a->barriers_per_block_slot > 0 && in->barriers > 0)
		out->by_barriers = a->barriers_per_block_slot * a->max_blocks_per_sm / in->barriers;

	/* The limiters are every resource whose own bound is the answer. */
	limit = min_int(min_int(out->by_registers, out->by_shared_memory),
			min_int(min_int(out->by_warps, out->by_blocks), out->by_barriers));
	if (limit == out->by_warps)
		out->limiters |= 1u << KA_LIMIT_WARPS;
	if (limit == out->by_blocks)
		out->limiters |= 1u << KA_LIMIT_BLOCKS;
	if (limit == out->by_registers)
		out->limiters |= 1u << KA_LIMIT_REGISTERS;
	if (limit == out->by_shared_memory)
		out->limiters |= 1u << KA_LIMIT_SHARED_MEMORY;
	if (limit == out->by_barriers)
		out->limiters |= 1u << KA_LIMIT_BARRIERS;

	out->blocks_per_sm = limit;
	out->warps_per_sm = limit * warps;
	out->occupancy = (double)out->warps_per_sm / max_warps;
	return 0;
}

int ka_occ_nvidia_blocks(const struct ka_nv_arch *a, const struct ka_nv_launch *in)
{
	struct ka_occupancy o;
	return ka_occ_nvidia(a, in, &o) == 0 ? o.blocks_per_sm : 0;
}

void ka_cliffs_nvidia(const struct ka_nv_arch *a, const struct ka_nv_launch *in, struct ka_cliffs *out)
{
	struct ka_nv_launch t = *in;
	int cur = ka_occ_nvidia_blocks(a, in);
	long g = a->smem_alloc_unit, rsv = a->smem_reserved;
	long smem_max = a->smem_per_block_optin;

	*out = (struct ka_cliffs){-1, 0, -1, 0, -1, 0, -1, 0};

	for (t.regs = in->regs < a->max_regs_per_thread ? in->regs + 1 : a->max_regs_per_thread + 1;
	     t.regs <= a->max_regs_per_thread; t.regs++) {
		int b = ka_occ_nvidia_blocks(a, &t);
		if (b < cur) {
			out->regs_to_next_drop = t.regs - in->regs;
			out->blocks_after_drop = b;
			break;
		}
	}
	/* bounded by the hardware, not by the input */
	for (t.regs = (in->regs > a->max_regs_per_thread + 1 ? a->max_regs_per_thread + 1 : in->regs) - 1;
	     t.regs >= 1; t.regs--) {
		int b = ka_occ_nvidia_blocks(a, &t);
		if (b > cur) {
			out->regs_to_next_gain = in->regs - t.regs;
			out->blocks_after_gain = b;
			break;
		}
	}

	/* Shared memory only changes the answer at allocation-unit boundaries:
	 * walk the first byte of each further unit up, the last byte of each
	 * smaller unit down. */
	t = *in;
	if (in->smem > smem_max || in->smem < 0) {
		/* past what a block may hold (or negative): nothing above drops
		 * further; the gain walk starts at the hardware's largest size */
		for (long x = smem_max; in->smem > smem_max && x >= 0; x = round_up(x + rsv, g) - g - rsv) {
			t.smem = x;
			int b = ka_occ_nvidia_blocks(a, &t);
			if (b > cur) {
				out->smem_to_next_gain = in->smem - x;
				out->blocks_after_smem_gain = b;
				break;
			}
		}
		return;
	}
	for (long x = round_up(in->smem + rsv + 1, g) - g + 1 - rsv; x <= smem_max; x += g) {
		if (x <= in->smem)
			continue;
		t.smem = x;
		int b = ka_occ_nvidia_blocks(a, &t);
		if (b < cur) {
			out->smem_to_next_drop = x - in->smem;
			out->blocks_after_smem_drop = b;
			break;
		}
	}
	for (long x = round_up(in->smem + rsv, g) - g - rsv; x >= 0; x -= g) {
		t.smem = x;
		int b = ka_occ_nvidia_blocks(a, &t);
		if (b > cur) {
			out->smem_to_next_gain = in->smem - x;
			out->blocks_after_smem_gain = b;
			break;
		}
	}
}

/* One candidate of ka_best_blocks_nvidia: kept when it holds at least as
 * many resident threads as the best so far (candidates come in ascending
 * order, so the last kept is the largest of the ties). */
static void best_try(const struct ka_nv_arch *a, struct ka_nv_launch *t, int block, long *best, int *blocks,
		     int *n, int cap)
{
	struct ka_occupancy o;
	t->block = block;
	ka_occ_nvidia(a, t, &o);
	long threads = (long)o.blocks_per_sm * block;
	if (threads > *best) {
		*best = threads;
		*n = 0;
	}
	if (threads == *best && *best > 0 && *n < cap)
		blocks[(*n)++] = block;
}

int ka_best_blocks_nvidia(const struct ka_nv_arch *a, const struct ka_nv_launch *in,
			  int max_threads, int *blocks, int cap)
{
	struct ka_nv_launch t = *in;
	long best = 0;
	int n = 0;
	int hi = max_threads > 0 && max_threads < a->max_threads_per_block ? max_threads
									 : a->max_threads_per_block;

	/* The sizes cudaOccupancyMaxPotentialBlockSize tries: whole warps up to
	 * the bound, and the bound itself where it is not a whole number of
	 * warps (__launch_bounds__(48): 32 and 48; (16): 16 alone), ranked by
	 * resident threads, blocks x size, as it ranks them.  For whole warps
	 * that is resident warps x 32.  Worked example, 126 registers, bound 48:
	 * 16 warps fit an SM; 32 threads: 16 blocks, 512 threads; 48 threads (2
	 * warps): 8 blocks, 384: the best is 32. */
	for (int b = 32; b <= hi; b += 32)
		best_try(a, &t, b, &best, blocks, &n, cap);
	if (hi % 32)
		best_try(a, &t, hi, &best, blocks, &n, cap);
	return n;
}
