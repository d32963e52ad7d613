/* internal.h — machine/'s private vocabulary: the PTX of one kernel as the
 * parser (ptx.c) leaves it and the interpreter (lanes.c) reads it, and the
 * interpreter's report of each memory instruction it ran (accesses.c). */
#ifndef KA_MACHINE_INTERNAL_H
#define KA_MACHINE_INTERNAL_H

#include "machine.h"

/* The opcodes the interpreter knows: one row each in ptx_ops.def. */
enum ptx_op {
#define PTX_OP(name, exec) OP_##name,
#include "ptx_ops.def"
#undef PTX_OP
	OP_UNKNOWN
};

enum ptx_space { SP_NONE, SP_GLOBAL, SP_SHARED, SP_LOCAL, SP_PARAM, SP_CONST, SP_GENERIC };
enum ptx_tclass { TC_NONE, TC_S, TC_U, TC_B, TC_F, TC_PRED };
enum ptx_cmp { CMP_NONE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
	       CMP_LO, CMP_LS, CMP_HI, CMP_HS, CMP_FLOAT };
enum ptx_mode { MODE_NONE, MODE_LO, MODE_HI, MODE_WIDE,             /* mul, mad   */
		MODE_UP, MODE_DOWN, MODE_BFLY, MODE_IDX,                /* shfl       */
		MODE_BALLOT, MODE_ANY, MODE_ALL, MODE_UNI };            /* vote       */
enum ptx_special { SR_NONE, SR_TID_X, SR_TID_Y, SR_TID_Z, SR_NTID_X, SR_NTID_Y, SR_NTID_Z,
		   SR_CTAID_X, SR_CTAID_Y, SR_CTAID_Z, SR_NCTAID_X, SR_NCTAID_Y, SR_NCTAID_Z,
		   SR_LANEID, SR_WARPID, SR_NWARPID, SR_LANEMASK_EQ, SR_LANEMASK_LT,
		   SR_LANEMASK_LE, SR_LANEMASK_GT, SR_LANEMASK_GE, SR_OPAQUE };

enum opd_kind { O_NONE, O_REG, O_IMM, O_SPECIAL, O_SYM, O_ADDR, O_VEC, O_LABEL };

struct opd {
	enum opd_kind kind;
	int reg;                 /* O_REG; O_ADDR's base register, -1 none    */
	int sym;                 /* O_SYM; O_ADDR's base symbol, -1 none      */
	int64_t imm;             /* O_IMM's value; O_ADDR's offset            */
	int special;             /* O_SPECIAL                                 */
	int vec[8], n_vec;       /* O_VEC's registers (-1: "_")               */
	bool negate;             /* !%p; AMDGPU: -v1                          */
	bool abs;                /* AMDGPU: |v1|                              */
};

/* A source position: the innermost .loc, and the frame it is inlined at.
 * A helper inlined into a helper: nvcc writes the .loc of the position it
 * is inlined at just before (".loc 1 2 73, ..., inlined_at 1 3 30" then
 * ".loc 1 1 73, ..., inlined_at 1 2 73"); parent links to that one, whose
 * own inlined_at is the next caller out. */
struct ploc {
	int file, line, col;
	int inl_file, inl_line, inl_col;  /* 0: not inlined                   */
	int fn;                  /* index into pfunc.names, -1 none           */
	size_t parent;           /* 1 + index of the inlined_at position's .loc; 0 none */
};

enum { MAX_OPD = 6, KA_MACH_MAX_LANES = 64 };

/* AMDGPU operands (amdgpu_text.c): registers numbered in one space. */
enum { AR_S = 0, AR_V = 256, AR_A = 768, AR_VCC = 1024, AR_EXEC = 1026, AR_M0 = 1028, AR_SCC = 1029,
       AR_OFF = 1030, AR_COUNT = 1031 };
struct amd_mods {
	int offset, offset0, offset1;     /* offset:N, ds_*2's offset0/offset1 */
	bool offen, idxen, glc, st64;
	int op_sel;                       /* op_sel:[a,b]: bit 0 a, bit 1 b    */
};

struct pinsn {
	enum ptx_op op;
	char text[40];           /* the opcode with its suffixes              */
	int guard;               /* predicate register, -1 none               */
	bool guard_neg;
	enum ptx_space space;
	enum ptx_tclass tc, tc_first;   /* the last and the first type suffix */
	int bits, bits_first;
	int vec;                 /* .v2 .v4 .v8: 2, 4, 8; else 1              */
	enum ptx_cmp cmp;
	int boolop;              /* setp's .and .or .xor: '&' '|' '^'; 0      */
	enum ptx_mode mode;
	bool to;                 /* cvta.to                                   */
	struct opd o[MAX_OPD];
	int n;
	int target;              /* branch target: instruction index, -1      */
	int loc;                 /* index into pfunc.locs, -1 none            */
	struct amd_mods amd;     /* AMDGPU: the instruction's modifiers       */
};

struct psym {
	char *name;
	enum ptx_space space;
	int param_index;         /* a kernel parameter's position, else -1    */
	int64_t size, align;
	int64_t base;            /* where the model places it                 */
};

struct pfunc {
	char *name;
	struct pinsn *v;
	size_t n, cap;
	struct psym *syms;
	size_t n_syms, cap_syms;
	char **regs;             /* register names, index = register          */
	size_t n_regs, cap_regs;
	int *reg_hash;           /* open addressing over regs, -1 empty       */
	size_t hash_cap;
	char **files;            /* by .file index (sparse), NULL unknown     */
	int n_files;
	struct ploc *locs;
	size_t n_locs, cap_locs;
	char **names;            /* the helpers .loc's function_name names    */
	char **name_labels;      /* ... and their $L__info_string labels      */
	bool *name_done;         /* ... read to their terminating 0 byte      */
	size_t n_names, cap_names, cap_name_labels, cap_name_done;
	char unsupported[64];    /* the first opcode not known                */
};

/* text.c: what both readers share. */
void *ka_mach_xrealloc(void *p, size_t n);          /* aborts when exhausted */
char *ka_mach_dup(const char *s, size_t n);
const char *ka_mach_skip_ws(const char *p, const char *e);
bool ka_mach_starts(const char *p, const char *e, const char *w);
void ka_mach_put_line(char **out, size_t *n, size_t *cap, const char *p, size_t len);
uint64_t ka_mach_hash64(uint64_t x);
#define KA_MACH_GROW(v, n, cap) do { if ((n) == (cap)) { (cap) = (cap) ? 2 * (cap) : 16; \
	(v) = ka_mach_xrealloc((v), (cap) * sizeof(*(v))); } } while (0)

/* ptx.c: one .entry of the text (the first); 0 or -1. */
int ka_ptx_parse(const char *text, size_t len, struct pfunc *f);
void ka_ptx_free(struct pfunc *f);
int ka_ptx_reg_find(const struct pfunc *f, const char *name);

/* The AMDGPU kernel's launch state (amdgpu_text.c, from its .amdhsa_kernel
 * block and metadata): where the user and system SGPRs start, how many
 * work-item IDs are in VGPRs, and the kernel arguments. */
struct amd_arg { int offset, size; enum { ARG_POINTER, ARG_VALUE, ARG_HIDDEN } kind; char hidden[48]; };
struct amd_info {
	int psb, dispatch, queue, kernarg, dispatch_id, flat_init, seg_size;   /* user SGPR indices, -1 none */
	int wg_id[3], wg_info, wave_offset;                                     /* system SGPRs, -1 none */
	int workitem_ids;          /* .amdhsa_system_vgpr_workitem_id: 0 x, 1 x y, 2 x y z */
	int wave32;                /* .amdhsa_wavefront_size32 */
	struct amd_arg *args;
	int n_args, cap_args;
};
int ka_amdgpu_parse(const char *text, size_t len, struct pfunc *f, struct amd_info *info);
void ka_amdgpu_info_free(struct amd_info *info);

/* lanes.c: what one warp's run reports for each memory instruction. */
enum { TAG_UNKNOWN = 1, TAG_LOADED = 2, TAG_ULOAD = 4, TAG_SHARED = 8, TAG_LOCAL = 16 };
struct lane_event {
	int pc;
	int lanes;               /* 32, or 64 for an AMDGPU wave64            */
	enum ka_mach_space space;
	enum ka_mach_op op;
	int bytes;
	uint64_t active;
	const int64_t *addr;     /* per lane                                  */
	unsigned tag;            /* the address's tags                        */
	int origin;              /* loc index of the load a gather comes from */
};
struct warp_run {
	double *executions;      /* per instruction, weighted by trip estimates */
	bool *loop_default;      /* per instruction: under a loop of assumed count */
	bool budget_hit;
	char opaque[48];         /* the first integer-looking instruction whose
	                            value the model does not follow, or ""   */
};
typedef void (*lane_event_fn)(void *ctx, const struct lane_event *e);

/* loops.c: a loop's back edge as both interpreters run it.  Per back edge:
 * its test's operand gaps, iterations run this entry, and over all
 * entries the iterations run against the trips estimated. */
enum { KA_STEP_BUDGET = 200000 };  /* warp steps before loops run once only */
struct mach_loop { int64_t gap[2]; int n_gap; int runs; double sum_s, sum_t; bool defaulted; };
void ka_loop_gap(struct mach_loop *lp, int64_t a, int64_t b, unsigned tag);
/* Whether the back edge is still taken (false: the loop ends, cut or not). */
bool ka_loop_back_edge(struct mach_loop *lp, bool taken, long steps);
/* executions += each instruction's runs, weighted by the loops around it. */
void ka_loops_weigh(const struct pfunc *f, const struct mach_loop *loops, double *sim, struct warp_run *out);
/* Run warp `warp` of block 0 of `shape`; e for every memory instruction. */
void ka_lanes_run(const struct pfunc *f, const struct ka_mach_shape *shape, int warp, lane_event_fn fn, void *ctx,
		  struct warp_run *out);
/* amdgpu_lanes.c: the same for one wave of an AMDGPU kernel. */
void ka_amdgpu_run(const struct pfunc *f, const struct amd_info *info, const struct ka_mach_shape *shape, int wave,
		   lane_event_fn fn, void *ctx, struct warp_run *out);

#endif
