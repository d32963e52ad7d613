/* coalesce.c — from the addresses of a warp's lanes to what the memory
 * system serves: 32-byte sectors (global and local memory) and shared-memory
 * wavefronts (bank conflicts).  One pure function each, the same ones the
 * tests call with hand-made address lists (GPGPU-Sim keeps its coalescing
 * and bank models the same way).
 *
 *   lanes 4 B apart, 4-byte loads   ->  4 sectors, ideal 4 (128 B)
 *   lanes 8 B apart, 4-byte loads   ->  8 sectors, ideal 4
 *   lanes 128 B apart               -> 32 sectors, ideal 4
 *   one address for all (broadcast) ->  1 sector,  ideal 4 (never excessive:
 *                                       the ideal counts the active lanes,
 *                                       as Nsight Compute's does)
 *
 * Shared memory has 32 banks of 4-byte words (CUDA C++ Programming Guide,
 * "Shared Memory" in the compute capability sections): lanes that address
 * distinct words of one bank are served one after the other; lanes that
 * read the same word share it.  A 16-byte access is served a quarter-warp
 * per phase, an 8-byte one a half-warp per phase.
 *
 *   tile[ty][tx], lanes 4 B apart       -> 1 wavefront
 *   tile[tx][ty] over float tile[32][32] -> 32 (every lane in one bank)
 *   tile[tx][ty] over float tile[32][33] -> 1 (the padding skews the banks) */
#include "machine.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return x < y ? -1 : x > y;
}

static int popcount64(uint64_t m)
{
	return __builtin_popcountll(m);
}

static int ideal_of(uint64_t active, int lanes, int bytes, int unit)
{
	uint64_t m = lanes >= 64 ? active : active & ((1ull << lanes) - 1);
	long long total = (long long)popcount64(m) * bytes;
	return (int)((total + unit - 1) / unit);
}

/* Units of `unit` bytes (a power of two) that byte addresses a[0..n), each
 * `bytes` long, touch:
 * distinct sector numbers counted through a small open hash (a warp's
 * request touches at most a few hundred). */
static int sectors_of(const int64_t *a, int n, int bytes, int unit)
{
	int shift = 0;
	while ((1 << shift) < unit && shift < 12)
		shift++;
	enum { SLOTS = 2048, MAX = 64 * 16 };
	int64_t slot[SLOTS];
	bool used[SLOTS] = {false};
	int k = 0, seen = 0;
	for (int i = 0; i < n && seen < MAX; i++) {
		int64_t first = a[i] >> shift;
		int64_t last = (int64_t)((uint64_t)a[i] + (uint64_t)(bytes > 0 ? bytes : 1) - 1) >> shift;
		if (last < first)
			last = first;
		for (int64_t x = first; x <= last && seen < MAX; x++, seen++) {
			uint64_t h = ((uint64_t)x * 0x9e3779b97f4a7c15ull) >> 53;   /* 11 bits */
			while (used[h] && slot[h] != x)
				h = (h + 1) & (SLOTS - 1);
			if (!used[h]) {
				used[h] = true;
				slot[h] = x;
				k++;
			}
		}
	}
	return k;
}

int ka_mach_lines(const int64_t *addr, uint64_t active, int lanes, int bytes, int line_bytes, int *ideal)
{
	int64_t a[64];
	int n = 0;
	if (line_bytes <= 0)
		line_bytes = 32;
	for (int i = 0; i < lanes && i < 64; i++)
		if (active >> i & 1)
			a[n++] = addr[i];
	if (ideal)
		*ideal = ideal_of(active, lanes, bytes, line_bytes);
	return n ? sectors_of(a, n, bytes, line_bytes) : 0;
}

int ka_mach_sectors(const int64_t *addr, uint64_t active, int lanes, int bytes, int *ideal)
{
	return ka_mach_lines(addr, active, lanes, bytes, 32, ideal);
}

/* Local memory is interleaved by 4-byte words: word w of lane l of a warp
 * lies at (w * lanes + l) * 4 (the CUDA C++ Programming Guide, "Local
 * Memory": consecutive thread IDs access consecutive 32-bit words), so the
 * same offset in every lane is one coalesced request. */
int ka_mach_local_sectors(const int64_t *addr, uint64_t active, int lanes, int bytes, int *ideal)
{
	return ka_mach_local_lines(addr, active, lanes, bytes, 32, ideal);
}

int ka_mach_local_lines(const int64_t *addr, uint64_t active, int lanes, int bytes, int line_bytes, int *ideal)
{
	int64_t a[64 * 4];
	int n = 0, words = bytes > 4 ? (bytes + 3) / 4 : 1;
	for (int i = 0; i < lanes && i < 64; i++) {
		if (!(active >> i & 1))
			continue;
		for (int w = 0; w < words && n < 64 * 4; w++) {
			uint64_t off = (uint64_t)addr[i] + 4u * (uint64_t)w;
			a[n++] = (int64_t)((((uint64_t)((int64_t)off >> 2)) * (uint64_t)lanes + (uint64_t)i) * 4u + (off & 3));
		}
	}
	if (line_bytes <= 0)
		line_bytes = 32;
	if (ideal)
		*ideal = ideal_of(active, lanes, bytes, line_bytes);
	return n ? sectors_of(a, n, bytes < 4 ? bytes : 4, line_bytes) : 0;
}

/* Wavefronts of one phase: the most distinct words any bank holds. */
static int phase_wavefronts(const int64_t *addr, uint64_t active, int from, int to, int bytes, int banks)
{
	int64_t w[64 * 4];
	int n = 0, words = bytes > 4 ? bytes / 4 : 1, worst = 0;
	for (int i = from; i < to; i++)
		if (active >> i & 1)
			for (int k = 0; k < words && n < 64 * 4; k++)
				w[n++] = (int64_t)((uint64_t)(addr[i] >> 2) + (uint64_t)k);
	if (!n)
		return 0;
	qsort(w, (size_t)n, sizeof(*w), cmp_i64);
	int per_bank[64] = {0};
	for (int i = 0; i < n; i++) {
		if (i > 0 && w[i] == w[i - 1])
			continue;                              /* one word, one access */
		int b = (int)(((w[i] % banks) + banks) % banks);
		if (++per_bank[b] > worst)
			worst = per_bank[b];
	}
	return worst;
}

int ka_mach_wavefronts(const int64_t *addr, uint64_t active, int lanes, int bytes, int banks, int *ideal)
{
	if (banks <= 0 || banks > 64)
		banks = 32;
	/* a cycle serves banks x 4 bytes: 32 lanes of 4 bytes over 32 banks, 16
	 * of 8, 8 of 16 (a wave64 in two, four, eight phases) */
	int per_phase = banks * 4 / (bytes > 4 ? bytes : 4), total = 0;
	if (per_phase > lanes)
		per_phase = lanes;
	if (per_phase < 1)
		per_phase = 1;
	/* conflict-free, each phase with an active lane takes the cycles its
	 * bytes need: a wave64 whose active lanes sit in both halves takes two
	 * however its banks fall */
	int free_cycles = 0;
	for (int p = 0; p < lanes && p < 64; p += per_phase) {
		int end = p + per_phase < lanes ? p + per_phase : lanes;
		uint64_t in_phase = active & (((end >= 64 ? 0 : 1ull << end) - 1) & ~((1ull << p) - 1));
		total += phase_wavefronts(addr, active, p, end, bytes, banks);
		if (in_phase)
			free_cycles += (__builtin_popcountll(in_phase) * bytes + banks * 4 - 1) / (banks * 4);
	}
	if (ideal)
		*ideal = free_cycles;
	return total;
}

const char *ka_mach_space_name(enum ka_mach_space s)
{
	static const char *const n[] = {[KA_MACH_GLOBAL] = "global", [KA_MACH_SHARED] = "shared",
					[KA_MACH_LOCAL] = "local"};
	return s <= KA_MACH_LOCAL ? n[s] : "?";
}

const char *ka_mach_op_name(enum ka_mach_op o)
{
	static const char *const n[] = {[KA_MACH_LOAD] = "load", [KA_MACH_STORE] = "store",
					[KA_MACH_ATOMIC] = "atomic", [KA_MACH_REDUCTION] = "reduction"};
	return o <= KA_MACH_REDUCTION ? n[o] : "?";
}
