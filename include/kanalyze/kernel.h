/* kernel.h — the plain data that flows between kanalyze's libraries.
 *
 * A frontend fills one ka_kernel per kernel per architecture with the counts
 * the compiler really produced; the occupancy library and the report writers
 * only read it.  Fields a vendor does not have hold KA_UNSET and are written
 * as JSON null, never omitted. */
#ifndef KANALYZE_KERNEL_H
#define KANALYZE_KERNEL_H

#include <stdint.h>

#define KA_UNSET (-1L)

enum ka_vendor { KA_VENDOR_NVIDIA, KA_VENDOR_AMD };

struct ka_resources {
	/* NVIDIA */
	long regs;          /* R registers per thread (EIATTR_REGCOUNT)          */
	long uregs;         /* uniform registers (SASS census; KA_UNSET without) */
	long spill_stores;  /* bytes, from ptxas -v                              */
	long spill_loads;   /* bytes, from ptxas -v                              */
	long stack;         /* bytes per thread (EIATTR_MIN/MAX_STACK_SIZE)      */
	long static_smem;   /* bytes per block, without the 1 KiB reservation    */
	long local;         /* bytes per thread of local memory (frame size)     */
	long barriers;      /* named barriers used (EIATTR_NUM_BARRIERS)         */
	long max_threads;   /* __launch_bounds__ / .maxntid product, 0 if none   */
	/* AMD */
	long vgprs, sgprs, agprs, lds, scratch;
};

struct ka_sass;

struct ka_kernel {
	char *name;          /* demangled, e.g. "reduce_r6(float const*, float*)" */
	char *mangled;       /* as in the object file                              */
	char *file;          /* source file as given on the command line          */
	int line;            /* line of the definition, 0 if unknown              */
	char arch[16];       /* "sm_90", "gfx90a"                                 */
	enum ka_vendor vendor;
	struct ka_resources res;
	/* AMD only (0 otherwise): the wave size compiled for, and LLVM's own
	 * "Occupancy [waves/SIMD]" remark (at its max flat workgroup size). */
	int wave_size;
	int llvm_waves_per_simd;
	/* --sass: the SASS census (frontends/sass.c), owned; NULL without */
	struct ka_sass *sass;
};

void ka_resources_unset(struct ka_resources *res);
void ka_kernel_free(struct ka_kernel *k);

#endif
