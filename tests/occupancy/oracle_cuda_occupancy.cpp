// oracle_cuda_occupancy.cpp — kanalyze's NVIDIA occupancy model against the
// CUDA toolkit's host-side calculator, cuda_occupancy.h, used here as a test
// oracle only (it is included, never copied into kanalyze).
//
// Sweep: every arch in nvidia_archs.def x registers 1..255 x block sizes
// 32..1024 step 32 x a grid of shared-memory sizes up to the arch's opt-in
// maximum (plus the bytes either side of every allocation and carveout
// boundary), then barriers and carveout preferences on a sub-grid.  Device
// properties are taken from kanalyze's table (the H200 record in
// testdata/verify/ checks those against hardware); the kernel is assumed to
// have opted in to the largest dynamic shared memory, as the model assumes.
// Blocks per SM and the set of limiters must agree on every input.  Then the
// best block size (cudaOccMaxPotentialOccupancyBlockSize) and its blocks per
// SM, for registers 1..255 x launch bounds (none, below a warp, not whole
// warps, whole warps) x a few shared-memory sizes.
#include <cuda_occupancy.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" {
#include "occupancy.h"
}

static cudaOccDeviceProp props_of(const ka_nv_arch &a)
{
	cudaOccDeviceProp p;
	p.computeMajor = a.major;
	p.computeMinor = a.minor;
	p.maxThreadsPerBlock = a.max_threads_per_block;
	p.maxThreadsPerMultiprocessor = a.max_threads_per_sm;
	p.regsPerBlock = a.regs_per_block;
	p.regsPerMultiprocessor = a.regs_per_sm;
	p.warpSize = 32;
	p.sharedMemPerBlock = (size_t)a.smem_per_block;
	p.sharedMemPerMultiprocessor = (size_t)a.smem_per_sm;
	p.numSms = 1;
	p.sharedMemPerBlockOptin = (size_t)a.smem_per_block_optin;
	p.reservedSharedMemPerBlock = (size_t)a.smem_reserved;
	return p;
}

// The binding resources: each whose own block limit equals the answer.
// (The header's limitingFactors bits are set before the barrier limit is
// applied, so they can name a resource that no longer binds; its per-
// resource limits are compared instead.)
static unsigned limiters_of(const cudaOccResult &r)
{
	unsigned m = 0;
	int n = r.activeBlocksPerMultiprocessor;
	if (r.blockLimitWarps == n) m |= 1u << KA_LIMIT_WARPS;
	if (r.blockLimitBlocks == n) m |= 1u << KA_LIMIT_BLOCKS;
	if (r.blockLimitRegs == n) m |= 1u << KA_LIMIT_REGISTERS;
	if (r.blockLimitSharedMem == n) m |= 1u << KA_LIMIT_SHARED_MEMORY;
	if (r.blockLimitBarriers == n) m |= 1u << KA_LIMIT_BARRIERS;
	return m;
}

struct tally {
	long checked = 0, agreed = 0, shown = 0;
};

// smem here is static+dynamic per block, split as all-dynamic for the oracle
// (the split does not matter to either model).
static void check(tally &t, const ka_nv_arch &a, int regs, int block, long smem,
		  int barriers, int carveout)
{
	cudaOccDeviceProp p = props_of(a);
	cudaOccFuncAttributes f;
	f.maxThreadsPerBlock = 1024;
	f.numRegs = regs;
	f.sharedSizeBytes = 0;
	f.partitionedGCConfig = PARTITIONED_GC_OFF;
	f.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
	f.maxDynamicSharedSizeBytes = (size_t)(a.major >= 7 ? a.smem_per_block_optin : a.smem_per_block);
	f.numBlockBarriers = barriers;
	f.virtualResourceCount = 0;
	cudaOccDeviceState s;
	s.carveoutConfig = carveout;
	cudaOccResult r;
	cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&r, &p, &f, &s, block, (size_t)smem);

	ka_nv_launch in = {regs, block, smem, barriers, carveout, 0};
	ka_occupancy o;
	ka_occ_nvidia(&a, &in, &o);

	int want = e == CUDA_OCC_SUCCESS ? r.activeBlocksPerMultiprocessor : 0;
	unsigned want_lim = e == CUDA_OCC_SUCCESS ? limiters_of(r) : 0;
	bool ok = o.blocks_per_sm == want && (e != CUDA_OCC_SUCCESS || o.limiters == want_lim);
	if (e != CUDA_OCC_SUCCESS && o.blocks_per_sm != 0)
		ok = false;
	t.checked++;
	if (ok) {
		t.agreed++;
	} else if (t.shown++ < 20) {
		std::printf("MISMATCH %s regs=%d block=%d smem=%ld barriers=%d carveout=%d: "
			    "oracle %d blocks (err %d, limiters 0x%x), kanalyze %d (limiters 0x%x)\n",
			    a.name, regs, block, smem, barriers, carveout, want, (int)e, want_lim,
			    o.blocks_per_sm, o.limiters);
	}
}

// The best block under launch bound `bound` (0: none) and the grid that
// fills one SM with it, as kanalyze and as the header find them.
static void check_best(tally &t, const ka_nv_arch &a, int regs, int bound, long smem)
{
	cudaOccDeviceProp p = props_of(a);
	cudaOccFuncAttributes f;
	f.maxThreadsPerBlock = bound > 0 ? bound : 1024;
	f.numRegs = regs;
	f.sharedSizeBytes = 0;
	f.partitionedGCConfig = PARTITIONED_GC_OFF;
	f.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
	f.maxDynamicSharedSizeBytes = (size_t)(a.major >= 7 ? a.smem_per_block_optin : a.smem_per_block);
	f.numBlockBarriers = 0;
	f.virtualResourceCount = 0;
	cudaOccDeviceState s;
	int grid = 0, want = 0;
	cudaOccError e = cudaOccMaxPotentialOccupancyBlockSize(&grid, &want, &p, &f, &s, NULL, (size_t)smem);
	if (e != CUDA_OCC_SUCCESS)
		want = grid = 0;

	ka_nv_launch in = {regs, 0, smem, 0, -1, 0};
	int b[1024], n = ka_best_blocks_nvidia(&a, &in, bound, b, 1024), got = n > 0 ? b[n - 1] : 0, per_sm = 0;
	if (n > 0) {
		in.block = got;
		per_sm = ka_occ_nvidia_blocks(&a, &in);
	}
	t.checked++;
	if (got == want && per_sm == grid) {
		t.agreed++;
	} else if (t.shown++ < 20) {
		std::printf("MISMATCH best block %s regs=%d bound=%d smem=%ld: oracle %d (%d/SM, err %d), "
			    "kanalyze %d (%d/SM)\n", a.name, regs, bound, smem, want, grid, (int)e, got, per_sm);
	}
}

static std::vector<long> smem_grid(const ka_nv_arch &a)
{
	long max = a.major >= 7 ? a.smem_per_block_optin : a.smem_per_block;
	std::vector<long> g;
	for (long s = 0; s <= max; s += max / 61)
		g.push_back(s);
	// both sides of allocation-unit and carveout boundaries
	long edges[] = {a.smem_alloc_unit, 8 << 10, 16 << 10, 32 << 10, 48 << 10, 64 << 10,
			96 << 10, 100 << 10, 132 << 10, 164 << 10, 196 << 10, max};
	for (long e : edges)
		for (long d : {-a.smem_reserved - 1, -a.smem_reserved, -a.smem_reserved + 1, -1L, 0L, 1L})
			if (e + d >= 0 && e + d <= max + 1)
				g.push_back(e + d);
	return g;
}

int main()
{
	tally total;
	for (int i = 0; i < ka_nv_arch_count; i++) {
		const ka_nv_arch &a = ka_nv_archs[i];
		tally t;
		std::vector<long> grid = smem_grid(a);
		for (int regs = 1; regs <= 255; regs++)
			for (int block = 32; block <= 1024; block += 32)
				for (long smem : grid)
					check(t, a, regs, block, smem, 0, -1);
		// barriers and carveout preferences on a sub-grid
		for (int regs : {0, 16, 32, 64, 128, 168, 255})
			for (int block = 32; block <= 1024; block += 32)
				for (int bar : {0, 1, 2, 3, 5, 16})
					for (int carve : {-1, 0, 25, 50, 100})
						for (long smem : {0L, 1000L, 20000L, 49152L, 70000L})
							check(t, a, regs, block, smem, bar, carve);
		std::printf("%-7s %9ld checked, %9ld agree (%.4f %%)\n", a.name, t.checked, t.agreed,
			    100.0 * (double)t.agreed / (double)t.checked);
		total.checked += t.checked;
		total.agreed += t.agreed;
	}
	tally best;
	for (int i = 0; i < ka_nv_arch_count; i++)
		for (int regs = 1; regs <= 255; regs++)
			for (int bound : {0, 1, 2, 15, 16, 31, 32, 33, 40, 48, 64, 96, 100, 127, 129, 200, 255, 256,
					  300, 333, 512, 640, 1000, 1023, 1024})
				for (long smem : {0L, 20000L})
					check_best(best, ka_nv_archs[i], regs, bound, smem);
	std::printf("best    %9ld checked, %9ld agree (best block and its blocks per SM)\n", best.checked,
		    best.agreed);
	std::printf("all     %9ld checked, %9ld agree (%.4f %%)\n", total.checked, total.agreed,
		    100.0 * (double)total.agreed / (double)total.checked);
	return total.agreed == total.checked && best.agreed == best.checked ? 0 : 1;
}
