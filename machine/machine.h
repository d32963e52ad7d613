/* machine.h — the machine-code model: what the lanes of a warp address.
 *
 * In: the PTX of one kernel (its .entry, with the module's .file table and
 * declarations: ka_mach_ptx_extract cuts it from the PTX nvcc kept) and the
 * launch it is modelled at.  Out: every global, shared and local
 * load/store/atomic of the kernel, grouped per source line, state space and
 * operation, with the lanes' address pattern and what Nsight Compute's
 * SourceCounters count per warp-level request: 32-byte sectors and their
 * ideal (global, local), shared-memory wavefronts and their conflict-free
 * ideal.  Pure: text and a shape in, facts out; no I/O, no libclang.
 *
 * The method is abstract execution across the threads of representative
 * warps (GPUDrano, CAV 2017; Singhania & Alur, FMSD 2021): every register
 * holds one value per lane, and an address that depends on a loaded value
 * is a gather (reported as one, its prediction an assumption). */
#ifndef KANALYZE_MACHINE_H
#define KANALYZE_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { KA_MACH_LANES = 32, KA_MACH_INLINED = 4, KA_MACH_INSNS = 4 };

enum ka_mach_space { KA_MACH_GLOBAL, KA_MACH_SHARED, KA_MACH_LOCAL };
enum ka_mach_op { KA_MACH_LOAD, KA_MACH_STORE, KA_MACH_ATOMIC, KA_MACH_REDUCTION };

/* The launch a kernel is modelled at, and the target's facts the model
 * needs.  Zeros: unknown (the grid then has 64 blocks in x; a block must be
 * given) or the NVIDIA default (32 lanes, 32-byte sectors, 32 banks). */
struct ka_mach_shape {
	int block[3];
	int grid[3];
	int lanes;                        /* the wave: 32 or 64                  */
	int sector_bytes;                 /* the unit of global traffic          */
	int lds_banks;                    /* 4-byte shared-memory banks          */
	bool tid_packed;                  /* AMDGPU: work-item IDs packed in v0  */
};

/* One access: the instructions of one source line, state space and
 * operation.  sectors/ideal are per warp-level request, averaged over the
 * representative warps' executions; -1 where they do not apply (shared
 * accesses have wavefronts instead). */
struct ka_mach_access {
	char *file;                       /* the innermost .loc (owned)          */
	int line, col;                    /* col: the .loc's, 0 unknown           */
	char *inl_file[KA_MACH_INLINED];  /* its callers, innermost first (owned) */
	int inl_line[KA_MACH_INLINED], inl_col[KA_MACH_INLINED];
	int n_inlined;
	char *callee;                     /* the inlined helper it is written in  */
	enum ka_mach_space space;
	enum ka_mach_op op;
	char insn[KA_MACH_INSNS][40];     /* the distinct opcodes, as written     */
	int n_insn;
	int n_instructions;               /* instructions in the group            */
	int bytes_per_lane;               /* the widest of them                   */
	double active_lanes;              /* average over its executions          */
	int lanes;                        /* of the warp (wave): 32 or 64         */
	double sectors, ideal;            /* per request; -1: not global/local    */
	double excess;                    /* per request: sectors beyond the ideal,
	                                     instruction by instruction (as Nsight
	                                     Compute's "excessive"); shared: wavefronts */
	double wavefronts, ideal_wavefronts;  /* per request; -1: not shared       */
	char pattern[96];                 /* "lanes 4 B apart", "gather: ..."     */
	bool gather;                      /* the address comes from a loaded value */
	int gather_line;                  /* where that value was loaded (0: ?)   */
	bool vector_candidate;            /* narrow neighbouring accesses of one
	                                     thread a single vector access covers */
	int vector_bytes;                 /* ... that vector's width              */
	double executions;                /* requests per warp (trip estimates)   */
	double share;                     /* of its kernel's traffic in its space */
	bool loop_default;                /* a loop count around it is assumed    */
	int unit_bytes;                   /* what `sectors` counts: 32-byte sectors
	                                     (NVIDIA), 64-byte lines (AMDGPU)     */
	bool amdgpu;                      /* read from AMDGPU assembly, not PTX  */
};

struct ka_mach_result {
	struct ka_mach_access *v;         /* by file (base name first), line, space, op */
	size_t n;
	int warps;                        /* representative warps evaluated       */
	bool budget_hit;                  /* loops were cut short to bound the run */
	char unsupported[64];             /* the first opcode not modelled, or "" */
};

/* The PTX of kernel `mangled` from a module: its .entry with the module's
 * .file lines, declarations and the debug strings its .loc lines name.
 * NULL when the module has no such entry.  Owned by the caller.  For many
 * kernels of one module, read the module once (ka_mach_ptx_module) and
 * take each kernel from it. */
char *ka_mach_ptx_extract(const char *ptx, size_t len, const char *mangled);
struct ka_mach_module;
struct ka_mach_module *ka_mach_ptx_module(const char *ptx, size_t len);
char *ka_mach_ptx_kernel(const struct ka_mach_module *m, const char *mangled);
void ka_mach_ptx_module_free(struct ka_mach_module *m);

/* Run the model on one kernel's PTX (ka_mach_ptx_extract's) at `shape`.
 * 0, or -1 when the text holds no entry it can read (out stays empty). */
int ka_mach_ptx_accesses(const char *ptx, size_t len, const struct ka_mach_shape *shape,
			 struct ka_mach_result *out);

/* The same over AMDGPU assembly: ka_mach_amdgpu_kernel cuts one kernel
 * (its code, .file lines, .amdhsa_kernel block and metadata arguments) out
 * of the .s of a HIP compile; ka_mach_amdgpu_accesses runs its waves.  The
 * global unit is the 64-byte cache line the CDNA memory system fetches
 * (shape.sector_bytes), shared memory the LDS's banks. */
char *ka_mach_amdgpu_kernel(const char *s, size_t len, const char *name);
/* For many kernels of one .s: read it once, cut each kernel from it (the
 * module points into s, which must outlive it). */
struct ka_mach_amdgpu_module;
struct ka_mach_amdgpu_module *ka_mach_amdgpu_module(const char *s, size_t len);
char *ka_mach_amdgpu_module_kernel(const struct ka_mach_amdgpu_module *m, const char *name);
void ka_mach_amdgpu_module_free(struct ka_mach_amdgpu_module *m);
int ka_mach_amdgpu_accesses(const char *text, size_t len, const struct ka_mach_shape *shape,
			    struct ka_mach_result *out);
/* Drop every access in space s (each kept access's share is of its own
 * space, so the others stand): the machine code proved them gone, as when
 * ptxas kept a PTX local array in registers and the kernel has no frame. */
void ka_mach_result_drop_space(struct ka_mach_result *r, enum ka_mach_space s);
void ka_mach_result_free(struct ka_mach_result *r);

/* The coalescing and bank models, pure (coalesce.c).  Lane i's address is
 * addr[i] when bit i of `active` is set.  Global: distinct 32-byte sectors
 * the lanes' `bytes` touch, and the ideal: the active bytes packed.  Local:
 * the same, over the hardware's interleaving (4-byte words of one offset
 * lie side by side across the lanes).  Shared: 32 banks of 4 bytes; 8- and
 * 16-byte accesses are served in 2 and 4 phases of 16 and 8 lanes; a word
 * read by several lanes is one access (broadcast). */
int ka_mach_sectors(const int64_t *addr, uint64_t active, int lanes, int bytes, int *ideal);
int ka_mach_lines(const int64_t *addr, uint64_t active, int lanes, int bytes, int line_bytes, int *ideal);
int ka_mach_local_sectors(const int64_t *addr, uint64_t active, int lanes, int bytes, int *ideal);
int ka_mach_local_lines(const int64_t *addr, uint64_t active, int lanes, int bytes, int line_bytes, int *ideal);
int ka_mach_wavefronts(const int64_t *addr, uint64_t active, int lanes, int bytes, int banks, int *ideal);

const char *ka_mach_space_name(enum ka_mach_space s);
const char *ka_mach_op_name(enum ka_mach_op o);

#endif
