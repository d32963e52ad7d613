/* result.h — what one analysis found: one vendor-neutral result per kernel
 * per architecture, in report order (file, arch, mangled name).
 *
 * libkanalyze (lib/) fills it; the writers (report/) and the gate only read
 * it.  Neutral fields mean the same for every vendor (blocks_per_sm holds
 * workgroups per CU on AMD, warps_per_sm waves per CU, regs VGPRs); what
 * only one vendor has is -1 / KA_UNSET for the other and JSON null.  The
 * vendor's own model figures sit in `m`, read only through the vendor's
 * entry of a table (report/text.c's per-vendor blocks, the charts). */
#ifndef KANALYZE_RESULT_H
#define KANALYZE_RESULT_H

#include <stdbool.h>
#include <stddef.h>

#include "kanalyze/kernel.h"
#include "kanalyze/model.h"

struct ka_nv_arch;                /* occupancy.h: the architecture rows */
struct ka_amd_arch;

enum { KA_MAX_BEST = 32, KA_MAX_RUNTIME_SITES = 8 };

/* A variant of a kernel: what --what-if asked, and what it gives. */
struct ka_what_if {
	char what[32];                /* "regs=128", "waves=4", "block=512", "smem=4096" */
	long regs, spill_stores, spill_loads;   /* after the change        */
	int block;
	long smem_dynamic;
	struct ka_occupancy occ;
	bool failed;                  /* the recompile did not produce it   */
	/* AMD (KA_UNSET / -1 for NVIDIA, JSON null): the variant's counts,
	 * scratch (the AMD spill, bytes per lane), the registers LLVM spilled
	 * (on gfx908/gfx90a VGPRs spill to AGPRs first) and waves per SIMD;
	 * regs and the spill bytes are NVIDIA's (KA_UNSET on AMD) */
	long vgprs, agprs, sgprs, scratch, vgpr_spills, sgpr_spills;
	int waves_per_simd;
};

/* Waves per SIMD after each cliff (AMD); -1 where there is none or the
 * vendor has no SIMD waves (NVIDIA). */
struct ka_wave_cliffs {
	int after_drop, after_gain, after_smem_drop, after_smem_gain;
};

struct ka_vendor_ops;
struct ka_ukernel;
struct ka_mach_result;

/* One finding beside the machine code of its line (lib/ground.c). */
enum ka_machine_verdict {
	KA_MACHINE_UNCHECKED,      /* no machine code per line, or a rule it cannot judge */
	KA_MACHINE_CONFIRMED,      /* the instructions the finding is about are there     */
	KA_MACHINE_CONTRADICTED,   /* they are not: the finding is not reported           */
};
struct ka_finding_ground {
	enum ka_machine_verdict verdict;
	char machine[384];         /* what the line's machine code holds, or why it
	                              contradicts the finding; "" unchecked        */
	/* a global access's estimated cost (-1: not an access or unknown): 32-byte
	 * sectors per warp request, the ideal for its width, and its excess
	 * sectors' share of the kernel's estimated global sectors (0..1) */
	int sectors, ideal;
	double share;
};

struct ka_kernel_result {
	const struct ka_kernel *k;
	const struct ka_vendor_ops *vendor;   /* lib's vendor table: name, units, id */
	int sm;                       /* NVIDIA compute capability x10 (arch-gated findings); 0 elsewhere */
	int block;                    /* threads: block_dims[0] * [1] * [2]   */
	const char *block_source;     /* "option", "config", "launch_site", "launch_bounds", "default";
	                                 set before the vendor's model by the session for
	                                 "config" and "launch_site" (lib/launch.c) */
	int block_dims[3];            /* its shape: {block, 1, 1} unless the config or a launch site says */
	const char *launch_file;      /* "launch_site": where the launch is written (one */
	int launch_line;              /* result per distinct launch); NULL, 0 otherwise   */
	int grid_dims[3];             /* that launch's grid when a constant, else zeros   */
	long wave_blocks;             /* blocks one wave holds (blocks/SM x --sms), and the */
	long full_waves, tail_blocks; /* grid in full waves and the last's blocks; -1 each */
	                              /* unless the grid and the SM count are known        */
	/* the kernel's launch sites whose block or dynamic shared memory is no
	 * constant: not modelled (the first KA_MAX_RUNTIME_SITES; n counts them
	 * all; n_runtime_smem of them have a constant block and a runtime
	 * dynamic size).  None when --block or the config names its launch. */
	const char *runtime_site_file[KA_MAX_RUNTIME_SITES];
	int runtime_site_line[KA_MAX_RUNTIME_SITES];
	int n_runtime_sites;
	int n_runtime_smem;
	/* the kernel's opt-in to more dynamic shared memory than the default
	 * per-block limit (cudaFuncSetAttribute(k, cudaFuncAttribute-
	 * MaxDynamicSharedMemorySize, n)): 1 written in its source, -1 a source
	 * without it, 0 unknown (no source was read: a binary, a failed parse) */
	int smem_optin;
	long smem_dynamic;
	struct ka_occupancy occ;      /* neutral part: blocks, warps, occupancy, limiters */
	int waves_per_simd;           /* AMD; -1 for NVIDIA                  */
	struct ka_cliffs cliffs;      /* regs: registers or VGPRs; smem: shared memory or LDS */
	struct ka_wave_cliffs waves;
	int best[KA_MAX_BEST];
	int n_best;
	int best_block;               /* what cudaOccupancyMaxPotentialBlockSize picks */
	long min_grid;                /* blocks that fill the device, -1 unknown */
	struct ka_what_if *what_if;   /* --what-if variants                   */
	int n_what_if;
	char suggestion[200];         /* "" or one line of advice             */
	bool near_cliff;              /* the next drop is within --warn-cliff */
	bool has_source;              /* its input is a source (a binary has none): */
	                              /* the uniformity analysis applies to it      */
	const struct ka_ukernel *u;   /* the source uniformity analysis, or NULL;
	                                 where the machine model ran, u_model: */
	struct ka_ukernel *u_model;   /* the analysis with the access findings the
	                                 model decided in place of the source's
	                                 (lib/accesses.c), owned               */
	/* every memory access of the kernel as the machine model evaluated it
	 * at this launch (machine/machine.h), owned; NULL: the model did not
	 * run (a binary, no PTX, --no-uniformity) */
	struct ka_mach_result *accesses;
	struct ka_finding_ground *ground;  /* one per u->findings, owned; NULL: unchecked */
	/* what the machine code says, as the writers print it (lib/machine_notes.c):
	 * one per u->findings (its line's check, else --sass's census of the line)
	 * and one per u->facts (--sass: uniform datapath or vector registers);
	 * NULL arrays or entries: nothing to say.  Owned. */
	char **finding_machine;
	char **fact_machine;
	/* the vendor's own model, set by its vendor ops */
	union {
		struct {
			const struct ka_nv_arch *arch;
			struct ka_nv_launch launch;   /* the launch the model ran for */
		} nv;
		struct {
			const struct ka_amd_arch *arch;   /* NULL: no model for it */
			struct ka_amd_launch launch;
			struct ka_amd_occupancy occ;
			struct ka_amd_cliffs cliffs;
		} amd;
	} m;
};

/* (file, arch) pairs this run analysed completely.  A baseline kernel of such
 * a pair that is gone was removed; one of another pair was not looked at. */
struct ka_analysed {
	char **file, **arch;
	size_t n, cap_file, cap_arch;
};
void ka_analysed_add(struct ka_analysed *a, const char *file, const char *arch);
bool ka_analysed_has(const struct ka_analysed *a, const char *file, const char *arch);
void ka_analysed_free(struct ka_analysed *a);

struct ka_session;

/* A source file's text for the per-line views (ka_request.source_text):
 * what a kernel's accesses and findings name.  text NULL: not readable now
 * (the views show line numbers alone). */
struct ka_source_text {
	char *path;                   /* as the machine code or the input names it */
	char *text;
	size_t len;
	size_t *line_start;           /* offset of each line in text */
	int n_lines;
};

struct ka_result {
	const char *nvcc_version;     /* NULL if unknown                      */
	const char *clang_version;    /* the HIP compiler's, NULL if unknown  */
	const char *hip_compiler;     /* which (as named, or its path), NULL if none ran */
	struct ka_kernel_result *v;
	size_t n;
	struct ka_analysed done;
	bool ran;                     /* the request was sound and ran: report it */
	bool uniformity;              /* the uniformity analysis ran (else JSON null) */
	int warn_cliff;
	struct ka_source_text *sources;   /* ka_request.source_text: the files' text */
	size_t n_sources;
	struct ka_session *session;   /* what the results point into (lib-private) */
};

#endif
