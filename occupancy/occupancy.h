/* occupancy.h — kanalyze's occupancy models: how many blocks of a kernel fit
 * on one SM (NVIDIA), what bounds them, and how far the next cliff is.
 *
 * Pure functions over plain data: no I/O, no allocation, no globals beyond
 * the constant architecture tables built from nvidia_archs.def.  The model is
 * kanalyze's own; the CUDA toolkit's cuda_occupancy.h and the CUDA runtime
 * are test oracles only (tests/occupancy/oracle_cuda_occupancy.cpp, testdata/verify/). */
#ifndef KANALYZE_OCCUPANCY_H
#define KANALYZE_OCCUPANCY_H

#include <stdbool.h>
#include <stddef.h>

#include "kanalyze/model.h"

const char *ka_limiter_name(enum ka_limiter l);

/* Each vendor's architecture when none is asked for and the inputs name
 * none: lib's vendor table (ka_vendor_ops.default_arch) and the analyzer's
 * HIP parse read these, nothing else spells them. */
#define KA_NV_DEFAULT_ARCH "sm_90"
#define KA_AMD_DEFAULT_ARCH "gfx90a"

/* ---- NVIDIA architectures (occupancy/nvidia_archs.def) ------------------ */
enum { KA_NV_MAX_CARVEOUTS = 12 };

struct ka_nv_arch {
	const char *name;            /* "sm_90"                                  */
	int major, minor;
	int max_threads_per_sm;
	int max_blocks_per_sm;
	int max_threads_per_block;   /* 1024 on every listed arch                */
	int regs_per_sm;             /* 65536                                    */
	int regs_per_block;
	int max_regs_per_thread;     /* 255: what ptxas may allocate             */
	int reg_alloc_unit;          /* registers per warp are rounded to this   */
	int sub_partitions;          /* a warp's registers live in one of these  */
	long smem_per_sm;            /* largest carveout, bytes                  */
	long smem_per_block;         /* default per-block limit (48 KiB)         */
	long smem_per_block_optin;   /* with cudaFuncAttributeMaxDynamic...      */
	                             /* (equal to smem_per_block before sm_70):  */
	                             /* the largest one block may ever have      */
	long smem_reserved;          /* per block, added by the driver (sm_80+)  */
	bool smem_reserved_in_section; /* a linked cubin's .nv.shared.<kernel>  */
	                             /* holds that reservation (sm_90+)          */
	int smem_alloc_unit;         /* 256 before sm_80, 128 after              */
	const int *carveouts_kib;    /* selectable shared-memory sizes, -1 ends; */
	                             /* NULL: fixed (no carveout)                */
	int barriers_per_block_slot; /* barriers per SM = this * blocks/SM; 0 = */
	                             /* barrier limit not modelled (pre-sm_90)   */
	const char *parse_as;        /* the arch libclang parses the source as   */
	bool analysable;             /* CUDA 13 can compile for it               */
	const char *note;            /* "" or what is assumed                    */
};

extern const struct ka_nv_arch ka_nv_archs[];
extern const int ka_nv_arch_count;

/* NULL if unknown.  Accepts "sm_90", "sm_90a", "sm_100f", "compute_90". */
const struct ka_nv_arch *ka_nv_arch_find(const char *name);
/* The row's compute capability as one number: 90 for sm_90 (and sm_90a). */
int ka_nv_arch_sm(const struct ka_nv_arch *a);

/* ---- NVIDIA model (the launch and its figures: kanalyze/model.h) ------- */
/* 0 on success, -EINVAL for a block size below 1.  A launch the arch cannot
 * run at all (block over 1024 threads, more than 255 registers, shared
 * memory over the opt-in limit) gets 0 blocks and the resource that refused
 * it as limiter, as the CUDA runtime answers; the CLI rejects such values
 * before they reach the model. */
int ka_occ_nvidia(const struct ka_nv_arch *arch, const struct ka_nv_launch *in,
		  struct ka_occupancy *out);

/* Blocks only: the hot path for sweeps (same rules, no bookkeeping). */
int ka_occ_nvidia_blocks(const struct ka_nv_arch *arch, const struct ka_nv_launch *in);

/* ---- cliffs (struct ka_cliffs: kanalyze/model.h) ------------------------ */
void ka_cliffs_nvidia(const struct ka_nv_arch *arch, const struct ka_nv_launch *in,
		      struct ka_cliffs *out);

/* ---- best block size ------------------------------------------------------
 * Block sizes (multiples of 32 up to max_threads, or the arch limit, and
 * max_threads itself when it is not one) that maximise resident threads, as
 * cudaOccupancyMaxPotentialBlockSize ranks them; ascending, so the last is
 * its answer.  Writes up to cap of them, returns how many. */
int ka_best_blocks_nvidia(const struct ka_nv_arch *arch, const struct ka_nv_launch *in,
			  int max_threads, int *blocks, int cap);

/* ---- named devices (occupancy/devices.def) ------------------------------- */
struct ka_device {
	const char *name;    /* "H200"                       */
	const char *arch;    /* "sm_90"                      */
	int sms;             /* streaming multiprocessors    */
};
extern const struct ka_device ka_devices[];
extern const int ka_device_count;
const struct ka_device *ka_device_find(const char *name);   /* case-insensitive */

/* The architectures a user may name, from the rows: "sm_75 ... sm_121; the
 * calculator also knows sm_50 ... sm_72; AMD gfx900 ... gfx1200, Hygon
 * gfx928/gfx936" (--help, the man page).  Writes at most size bytes
 * (NUL-terminated when size > 0) and returns the length the whole text
 * needs, as snprintf. */
size_t ka_arch_ranges(char *out, size_t size);

/* ---- AMD and Hygon architectures (occupancy/amd_archs.def, amd.c) ---------
 * "CU" is what LLVM calls one: the unit whose SIMDs a workgroup's waves
 * share (a WGP of 4 SIMD32 on gfx10+ in the default WGP mode). */
struct ka_amd_arch {
	const char *name;            /* "gfx90a"                                  */
	const char *maker;           /* "AMD" or "Hygon"                          */
	const char *parse_as;        /* the --offload-arch the source analysis's  */
	                             /* libclang parses it as (gfx90a for gfx928) */
	int gen;                     /* 9, 10, 11, 12                             */
	int vgprs_w64, granule_w64;  /* VGPRs per SIMD lane and allocation unit   */
	int vgprs_w32, granule_w32;  /* 0 0: no wave32 (then only wave64 runs;    */
	                             /* with wave32 the wave size is selectable)  */
	int default_wave;            /* what HIP compiles for: 64, or 32 on gfx10+ */
	int max_waves;               /* waves per SIMD                            */
	int simds;                   /* SIMDs per CU (LLVM's EUs per CU)          */
	int vgprs_addressable;       /* architectural VGPRs one wave may use      */
	int agprs;                   /* accumulation VGPRs one wave may use, 0:   */
	                             /* the arch has none                         */
	bool unified;                /* VGPRs and AGPRs share one file            */
	bool sgpr_limited;           /* gfx8/9: SGPRs bound waves per SIMD        */
	int max_sgprs;               /* the most a kernel can report              */
	long lds_per_cu;             /* the LDS pool the CU's workgroups share    */
	long lds_per_workgroup;      /* the most one workgroup may allocate       */
	int barrier_workgroups;      /* workgroups per CU barrier resources allow */
	bool tid_packed;             /* work-item IDs packed in v0 (x|y<<10|z<<20) */
	int lds_banks;               /* 4-byte LDS banks                          */
	const char *note;            /* "" or what is assumed / not checked       */
};
extern const struct ka_amd_arch ka_amd_archs[];
extern const int ka_amd_arch_count;

/* NULL if unknown.  Accepts a target id with features: "gfx90a:xnack+". */
const struct ka_amd_arch *ka_amd_arch_find(const char *name);
/* The entries of its SIMD lane's register file one wave of `vgprs`
 * architectural VGPRs and `agprs` AGPRs takes, before the granule: on a
 * unified file (gfx90a/gfx94x/gfx950) alignTo(VGPRs, 4) + AGPRs when it has
 * AGPRs, on gfx908's separate files the larger of the two, else the VGPRs
 * (LLVM's AMDGPU::getTotalNumVGPRs; the .vgpr_count of the code object's
 * metadata counts the same). */
int ka_amd_vgprs_per_wave(const struct ka_amd_arch *a, int vgprs, int agprs);
/* Whether the arch runs wave32 as well as wave64 (gfx10+): the wave size is
 * then the compile's choice.  false for NULL. */
bool ka_amd_has_wave32(const struct ka_amd_arch *a);

/* Vendor-neutral lookup: which model an --arch name belongs to. */
enum ka_arch_vendor { KA_ARCH_NVIDIA, KA_ARCH_AMD };
struct ka_arch {
	enum ka_arch_vendor vendor;
	const struct ka_nv_arch *nv;     /* vendor NVIDIA, else NULL */
	const struct ka_amd_arch *amd;   /* vendor AMD, else NULL    */
};
/* 0 with *out filled, or -1 when neither vendor knows the name. */
int ka_arch_find(const char *name, struct ka_arch *out);

/* ---- AMD model (the launch and its figures: kanalyze/model.h) ---------- */
/* 0 on success, -EINVAL for a block below 1 or a wave size the arch lacks.
 * Out-of-range counts get 0 waves with the refusing resource as limiter;
 * the CLI rejects them before they reach the model. */
int ka_occ_amd(const struct ka_amd_arch *arch, const struct ka_amd_launch *in,
	       struct ka_amd_occupancy *out);

/* Cliffs in VGPRs (AGPRs fixed) and LDS bytes for the launch in use. */
void ka_cliffs_amd(const struct ka_amd_arch *arch, const struct ka_amd_launch *in,
		   struct ka_amd_cliffs *out);

/* Workgroup sizes (multiples of the wave up to max_threads, or 1024) that
 * maximise resident waves per CU; writes up to cap, returns how many. */
int ka_best_blocks_amd(const struct ka_amd_arch *arch, const struct ka_amd_launch *in,
		       int max_threads, int *blocks, int cap);

#endif
