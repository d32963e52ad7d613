/* model.h — the figures of kanalyze's occupancy models, as plain data: the
 * launch a model is asked about and what it answers (residency, limiters,
 * cliffs), for NVIDIA and AMD.  The occupancy library (occupancy/) computes
 * them and the result (kanalyze/result.h) carries them to the writers.
 *
 * Like kanalyze/kernel.h this header is vocabulary, not interface: it
 * declares types only (no function, no object), includes nothing of
 * kanalyze's internals, and so any layer may include it; the functions over
 * these types are the occupancy library's (occupancy.h). */
#ifndef KANALYZE_MODEL_H
#define KANALYZE_MODEL_H

/* ---- limiters (kanalyze/limiters.def) ---------------------------------- */
enum ka_limiter {
#define KA_LIMITER(e, name, vendor, what) KA_LIMIT_##e,
#include "kanalyze/limiters.def"
#undef KA_LIMITER
	KA_LIMIT_COUNT
};

/* ---- NVIDIA model --------------------------------------------------------
 * Worked example (sm_90, 256 threads = 8 warps per block):
 *
 *   regs  regs/warp  rounded  warps/sub-partition  warps/SM  blocks  occ.
 *    128    4096      4096     16384/4096 = 4         16        2    25 %
 *    129    4128      4352     16384/4352 = 3         12        1  12.5 %
 *
 * The second block needs 16 warps; 12 fit, so one 8-warp block remains.  */
struct ka_nv_launch {
	int regs;            /* per thread, 0..255                               */
	int block;           /* threads per block, 1..1024                       */
	long smem;           /* static + dynamic bytes per block, without the    */
	                     /* driver's reservation (the model adds it)         */
	int barriers;        /* named barriers the kernel uses (0 or 1 usual)    */
	int carveout_pct;    /* -1 default (largest), else 0..100 preference     */
	long smem_per_thread;/* more dynamic bytes per thread of the block (a   */
	                     /* buffer sized by blockDim), 0 usually            */
};

struct ka_occupancy {
	int blocks_per_sm;
	int warps_per_sm;
	double occupancy;           /* warps_per_sm / max warps per SM           */
	unsigned limiters;          /* bit (1u << enum ka_limiter) per bound    */
	/* each resource's own bound, INT_MAX when it does not bind at all */
	int by_warps, by_blocks, by_registers, by_shared_memory, by_barriers;
	long smem_per_block;        /* allocated: granule-rounded, reservation in */
	long smem_per_sm;           /* the carveout the model chose               */
	int regs_per_block;         /* allocated                                  */
};

/* ---- cliffs ---------------------------------------------------------------
 * For the launch in use: the smallest growth of one resource that lowers the
 * resident blocks, and the smallest reduction that raises them.  A distance
 * of -1 means "none within the arch's range" (JSON null). */
struct ka_cliffs {
	int regs_to_next_drop, blocks_after_drop;
	int regs_to_next_gain, blocks_after_gain;
	long smem_to_next_drop; int blocks_after_smem_drop;
	long smem_to_next_gain; int blocks_after_smem_gain;
};

/* ---- AMD model -------------------------------------------------------------
 * Waves per SIMD = min(max waves/SIMD, VGPR bound, SGPR bound (gfx8/9), LDS
 * and workgroup bounds), with LLVM's conventions (see amd.c), so that it
 * equals the compiler's "Occupancy [waves/SIMD]" remark.  Worked example
 * (gfx90a, 512-entry unified file, granule 8, at most 8 waves):
 *
 *   VGPRs  AGPRs  allocated                      waves/SIMD
 *     64      0    64                            512/64  = 8
 *     65      0    72                            512/72  = 7
 *    130      0   136                            512/136 = 3
 *    100     40   alignTo(100,4)+40 = 140 -> 144 512/144 = 3
 *
 * (Seed 003 says 130 VGPRs on a 512-VGPR SIMD give 2 waves; they give 3.) */
struct ka_amd_launch {
	int vgprs;           /* architectural VGPRs (the remark's "VGPRs")        */
	int agprs;           /* AGPRs, 0 where the arch has none                  */
	int sgprs;           /* the remark's "SGPRs" (VCC, XNACK ... included)    */
	int block;           /* threads per workgroup, 1..1024                    */
	long lds;            /* LDS bytes per workgroup, static + dynamic         */
	int wave;            /* 32 or 64; 0: the arch's default                   */
};

struct ka_amd_occupancy {
	int waves_per_simd;      /* 0: a workgroup of this size cannot be resident */
	int llvm_waves_per_simd; /* what LLVM's remark says (it never says 0)     */
	int workgroups_per_cu;
	int waves_per_cu;        /* workgroups_per_cu * waves_per_workgroup       */
	int waves_per_workgroup;
	int wave;                /* the wave size used                            */
	double occupancy;        /* waves_per_simd / max waves per SIMD           */
	unsigned limiters;       /* bit (1u << enum ka_limiter) per bound         */
	/* each resource's own bound in waves per SIMD, INT_MAX when it does not
	 * bind at all */
	int by_waves, by_workgroups, by_vgprs, by_sgprs, by_lds;
	int vgprs_alloc;         /* per wave, granule-rounded (unified: + AGPRs)  */
};

/* Cliffs in VGPRs (AGPRs fixed) and LDS bytes for the launch in use: how far
 * until waves per SIMD drop or rise, and to what.  -1: none in range. */
struct ka_amd_cliffs {
	int vgprs_to_next_drop, waves_after_drop, workgroups_after_drop;
	int vgprs_to_next_gain, waves_after_gain, workgroups_after_gain;
	long lds_to_next_drop; int waves_after_lds_drop, workgroups_after_lds_drop;
	long lds_to_next_gain; int waves_after_lds_gain, workgroups_after_lds_gain;
};

#endif
