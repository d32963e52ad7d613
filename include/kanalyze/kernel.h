/* kernel.h — the plain data that flows between kanalyze's libraries.
 *
 * A frontend fills one ka_kernel per kernel per architecture with the counts
 * the compiler really produced; the occupancy library and the report writers
 * only read it.  Fields a vendor does not have hold KA_UNSET and are written
 * as JSON null, never omitted.
 *
 * Vocabulary, not interface: types only (no function, no object), nothing
 * of kanalyze's internals included, so every layer may include it (as
 * kanalyze/model.h).  The frontends' functions over it are in frontends.h,
 * the library's (the field table) in kanalyze/kanalyze.h. */
#ifndef KANALYZE_KERNEL_H
#define KANALYZE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KA_UNSET (-1L)

enum ka_vendor { KA_VENDOR_NVIDIA, KA_VENDOR_AMD };

/* One member per line of resources.def (the JSON order). */
struct ka_resources {
#define KA_RESOURCE(field, vendor, baseline, what) long field;
#include "kanalyze/resources.def"
#undef KA_RESOURCE
};

struct ka_sass;

/* What the machine code does at one source line (frontends/machine.c, from
 * the -lineinfo listing of the cubin the analysis compiled): the findings
 * are checked against it.  `file` is the line table's path for the line
 * (the innermost frame of an inlining chain: where the work is written). */
struct ka_mline {
	char *file;
	int line;
	int loads, stores;       /* global memory instructions: LDG/LDGSTS; STG/ATOMG/RED,
	                            here or in a function inlined at this line   */
	int own;                 /* those of them written at this line itself         */
	int width_bits;          /* the widest of them: 8, 16, 32, 64, 128              */
	int load_bits, store_bits;  /* the narrowest load, the narrowest store (0: none) */
	int loop_depth;          /* loops of the machine code around the deepest one    */
	int calls, shuffles;     /* CALL, SHFL at the line                              */
	int insns, branches;     /* the line's own instructions, conditional branches   */
	char op[24];             /* the first global opcode as listed ("LDG.E.128")     */
};
/* The code the table was read from: NVIDIA's PTX (the default), its SASS
 * (--sass), AMDGPU assembly. */
struct ka_machine {
	struct ka_mline *lines;  /* sorted by file, line                                */
	size_t n, cap;
	int calls, shuffles;     /* in the whole kernel                                 */
	int global_accesses;
	bool listed;             /* the listing had this kernel's code                  */
	enum ka_code { KA_CODE_PTX, KA_CODE_SASS, KA_CODE_AMDGPU } code;  /* what was read */
};

struct ka_kernel {
	char *name;          /* demangled, e.g. "reduce_r6(float const*, float*)" */
	char *mangled;       /* as in the object file                              */
	char *file;          /* source file as given on the command line          */
	int line;            /* line of the definition, 0 if unknown              */
	char *def_file;      /* the file of that definition when libclang placed
	                        it (a header for a .cuh kernel); NULL: `file`   */
	char arch[32];       /* "sm_90", "gfx90a", "gfx90a:sramecc+:xnack-"        */
	enum ka_vendor vendor;
	struct ka_resources res;
	/* AMD only (0 otherwise): the wave size compiled for, and LLVM's own
	 * "Occupancy [waves/SIMD]" remark (at its max flat workgroup size). */
	int wave_size;
	int llvm_waves_per_simd;
	/* HIP source compiled by a --clang-fallback compiler (the run's own
	 * could not build this arch): that compiler, else "" */
	char compiler[128];
	/* --sass: the SASS census (frontends/sass.c), owned; NULL without */
	struct ka_sass *sass;
	/* NVIDIA source analysis: the machine code per source line, owned; NULL
	 * when nvdisasm was not found or the kernel came from a binary */
	struct ka_machine *machine;
	/* source analysis: the kernel's own machine code -- NVIDIA: its PTX
	 * (the .entry with the module's .file table and declarations); AMD:
	 * its AMDGPU assembly (code, .amdhsa_kernel block, arguments) -- which
	 * machine/ runs at each launch modelled; owned, NULL without */
	char *model_code;
	enum ka_code model_code_kind;
};

#endif
