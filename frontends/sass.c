/* sass.c — the SASS census.  Reads nvdisasm's listing of a cubin and counts,
 * per code section (a kernel and the private functions ptxas put beside it):
 * non-NOP instructions, UR operands, uniform-datapath instructions, opcodes,
 * and per source line the uniform against the vector work and the
 * local-memory instructions (STL, LDL: where spills happen); then reads
 * nvdisasm's live-register table (-plr) for the register-pressure peak and
 * the lines where it happens.  The text comes from a tool and is not trusted:
 * lines are copied before they are looked at, every index is bounded, and
 * what is not understood is counted and reported once ("unsupported").
 *
 * The two listings it expects (sass_run.c makes them; the address nvdisasm
 * prints in comment marks before each instruction is shown here as <0010>):
 *
 *   nvdisasm -c -gi k.cubin
 *       //--------------------- .text._Z8a1_naivePKfPfii ------------------
 *       //## File "/src/k.cu", line 8
 *       <0010>    S2UR UR4, SR_CTAID.X ;
 *   nvdisasm -c -plr -lrm narrow k.cubin          (one column per register)
 *       // | # 01234567  | # 01234567  |      header: GPR block, UGPR block
 *       <0010>    S2UR UR4, SR_CTAID.X ;   // | 2 ^:        | 1     ^     |
 *
 * Worked example (a1_naive, sm_90): 18 instructions; the UR operands are
 * S2UR UR4, IMAD .., UR4, .., ULDC.64 UR4, and desc[UR4] twice = 5; the
 * highest UR named is UR4, but ULDC.64 and desc[] name the pair UR4:UR5, so
 * uregs = 6 (and the life-range table touches columns 4 and 5: 6 again). */
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- the opcode table (sass_opcodes.def) ------------------------------------ */
enum sass_group {
	G_FP, G_INT, G_CONV, G_MOVE, G_PRED, G_MEM, G_UNIFORM, G_WARPGROUP, G_TMA, G_TCMEM,
	G_TEX, G_SURF, G_CTRL, G_MISC, G_UNKNOWN
};

static const struct {
	const char *op;
	enum sass_group group;
} opcode_table[] = {
#define KA_SASS_OP(name, group) {#name, G_##group},
#include "sass_opcodes.def"
#undef KA_SASS_OP
};

static enum sass_group opcode_group(const char *op)
{
	for (size_t i = 0; i < sizeof(opcode_table) / sizeof(opcode_table[0]); i++)
		if (opcode_table[i].op[0] == op[0] && strcmp(opcode_table[i].op, op) == 0)
			return opcode_table[i].group;
	return G_UNKNOWN;
}

/* ---- small text helpers ----------------------------------------------------- */
/* Next line of text[*pos..len) into b (NUL-terminated, no '\n'); false at end. */
static bool next_line(const char *text, size_t len, size_t *pos, struct ka_buf *b)
{
	const char *p, *nl;
	size_t n;

	if (*pos >= len)
		return false;
	p = text + *pos;
	nl = memchr(p, '\n', len - *pos);
	n = nl ? (size_t)(nl - p) : len - *pos;
	b->len = 0;
	ka_buf_append(b, p, n);         /* NUL-terminates, even when n == 0 */
	*pos += n + (nl ? 1 : 0);
	return true;
}

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The address in comment marks at p (<01a0> above): its value, and p moved
 * past it.  false otherwise. */
static bool read_addr(const char **pp, unsigned long *addr)
{
	const char *p = skip_ws(*pp);
	char *end;

	if (p[0] != '/' || p[1] != '*' || !isxdigit((unsigned char)p[2]))
		return false;
	*addr = strtoul(p + 2, &end, 16);
	if (end[0] != '*' || end[1] != '/')
		return false;
	*pp = end + 2;
	return true;
}

/* The section a "//----- .text.NAME -----" header opens: NAME (malloc'd),
 * "" for a section that is not code, NULL for other lines. */
static char *section_header(const char *line)
{
	const char *p = skip_ws(line), *q;

	if (strncmp(p, "//----", 6) != 0)
		return NULL;
	p += strspn(p, "/-");
	p = skip_ws(p);
	if (strncmp(p, ".text.", 6) != 0)
		return ka_strdup("");
	p += 6;
	q = p + strcspn(p, " \t");
	char *name = ka_xmalloc((size_t)(q - p) + 1);
	memcpy(name, p, (size_t)(q - p));
	name[q - p] = '\0';
	return name;
}

/* ---- the census of one section ------------------------------------------------ */
static struct ka_sass_func *set_add(struct ka_sass_set *set, char *name)
{
	KA_GROW(set->v, set->n, set->cap, 8);
	struct ka_sass_func *f = &set->v[set->n++];
	memset(f, 0, sizeof(*f));
	f->name = name;
	f->s.uregs = f->s.uregs_lr = -1;
	f->s.peak = -1;
	return f;
}

struct ka_sass *ka_sass_set_find(struct ka_sass_set *set, const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (strcmp(set->v[i].name, name) == 0)
			return &set->v[i].s;
	return NULL;
}

/* The count of `op` in s, created (and looked up in the table) on its
 * first sighting. */
static struct ka_sass_count *count_of(struct ka_sass *s, const char *op, size_t n)
{
	for (size_t i = 0; i < s->n_ops; i++)
		if (strlen(s->ops[i].opcode) == n && memcmp(s->ops[i].opcode, op, n) == 0)
			return &s->ops[i];
	KA_GROW(s->ops, s->n_ops, s->cap_ops, 32);
	struct ka_sass_count *c = &s->ops[s->n_ops++];
	memset(c, 0, sizeof(*c));
	c->opcode = ka_xmalloc(n + 1);
	memcpy(c->opcode, op, n);
	c->opcode[n] = '\0';
	enum sass_group g = opcode_group(c->opcode);
	c->uniform = g == G_UNIFORM;
	c->known = g != G_UNKNOWN;
	return c;
}

long ka_sass_count_of(const struct ka_sass *s, const char *opcode)
{
	for (size_t i = 0; i < s->n_ops; i++)
		if (strcmp(s->ops[i].opcode, opcode) == 0)
			return s->ops[i].n;
	return 0;
}

static void insn_add(struct ka_sass *s, unsigned long addr, int line, bool uniform, char local)
{
	KA_GROW(s->insns, s->n_insns, s->cap_insns, 64);
	s->insns[s->n_insns++] =
		(struct ka_sass_insn){.addr = addr, .line = line, .live = -1, .uniform = uniform, .local = local};
}

struct ka_sass *ka_sass_set_begin(struct ka_sass_set *set, const char *name, const char *file)
{
	struct ka_sass_func *f = set_add(set, ka_strdup(name));
	f->s.file = file ? ka_strdup(file) : NULL;
	f->s.file_main = file != NULL;
	return &f->s;
}

void ka_sass_add(struct ka_sass *s, const char *opcode, int line, bool uniform, char local)
{
	struct ka_sass_count *c = count_of(s, opcode, strlen(opcode));
	c->n++;
	c->uniform = uniform;          /* the other ISA's own datapath, not the SASS table's */
	s->instructions++;
	s->uniform_instructions += uniform;
	insn_add(s, (unsigned long)s->n_insns, line, uniform, local);
}

/* ---- operands ------------------------------------------------------------------
 * An operand is checked against the forms nvdisasm prints (seen in CUDA 13
 * output for sm_75 ... sm_120, cuBLAS included):
 *   R7 RZ UR4 URZ P0 PT UP1 UPT PR SRZ SR_TID.X B1 SB0 gsb0    registers
 *   -R5 !P0 ~UR13 |R151| R2.reuse R2.64 R4.X4 R40.F32x2.HI_LO   modifiers
 *   0x1f -0x1 2 1.5 1.8e+19 +INF -QNAN                        immediates
 *   c[0x0][0x28] c[0x0][UR4+0x2b0] [R1+0x10] [R2.64+UR4+-0x40]  memory
 *   desc[UR4][R2.64+0x400] gdesc[UR8] idesc[UR9] tmem[UR19+0x60]
 *   `(.L_x_3)  R2 `(_Z6kernelPf)                               labels
 * Anything else is "unsupported": counted, warned about once per shape. */
static bool word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static const char *parse_suffixes(const char *p)
{
	while (*p == '.' && word_char(p[1])) {
		p++;
		while (word_char(*p))
			p++;
	}
	return p;
}

/* A register or named special operand; NULL if p does not start one. */
static const char *parse_reg(const char *p)
{
	static const char *const named[] = {"URZ", "UPT", "RZ", "PT", "PR", "SRZ", "INF", "QNAN", "NAN"};
	const char *q = NULL;

	if (strncmp(p, "SR_", 3) == 0) {
		q = p + 3;
		while (word_char(*q))
			q++;
		return parse_suffixes(q);
	}
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		size_t n = strlen(named[i]);
		if (strncmp(p, named[i], n) == 0 && !word_char(p[n]))
			return parse_suffixes(p + n);
	}
	if (strncmp(p, "UR", 2) == 0 || strncmp(p, "UP", 2) == 0 || strncmp(p, "SB", 2) == 0)
		q = p + 2;
	else if (strncmp(p, "gsb", 3) == 0)
		q = p + 3;
	else if (*p == 'R' || *p == 'P' || *p == 'B')
		q = p + 1;
	if (!q || !isdigit((unsigned char)*q))
		return NULL;
	while (isdigit((unsigned char)*q))
		q++;
	if (word_char(*q))
		return NULL;
	return parse_suffixes(q);
}

static const char *parse_number(const char *p)
{
	const char *q = p;
	if (q[0] == '0' && q[1] == 'x' && isxdigit((unsigned char)q[2])) {
		q += 2;
		while (isxdigit((unsigned char)*q))
			q++;
		return word_char(*q) ? NULL : q;
	}
	if (!isdigit((unsigned char)*q))
		return NULL;
	while (isdigit((unsigned char)*q))
		q++;
	if (*q == '.' && isdigit((unsigned char)q[1])) {
		q++;
		while (isdigit((unsigned char)*q))
			q++;
	}
	if ((*q == 'e' || *q == 'E') && (q[1] == '+' || q[1] == '-') && isdigit((unsigned char)q[2])) {
		q += 2;
		while (isdigit((unsigned char)*q))
			q++;
	}
	return word_char(*q) ? NULL : q;
}

/* "[R2.64+UR4+-0x40]": terms joined by '+' (an immediate may carry '-'). */
static const char *parse_bracket(const char *p)
{
	if (*p++ != '[')
		return NULL;
	for (;;) {
		const char *q;
		if (*p == '-')
			p++;
		if ((q = parse_reg(p)) == NULL && (q = parse_number(p)) == NULL)
			return NULL;
		p = q;
		if (*p == ']')
			return p + 1;
		if (*p != '+')
			return NULL;
		p++;
	}
}

/* One blank-separated word of an operand; the end of it, or NULL. */
static const char *parse_word(const char *p)
{
	static const char *const mem_prefix[] = {"desc", "gdesc", "idesc", "tmem", "c"};
	const char *q;

	if (p[0] == '`' && p[1] == '(') {
		q = strchr(p, ')');
		return q ? q + 1 : NULL;
	}
	while (*p == '-' || *p == '!' || *p == '~' || *p == '+')
		p++;
	if (*p == '|') {
		q = parse_reg(p + 1);
		if (!q || *q != '|')
			return NULL;
		return parse_suffixes(q + 1);
	}
	for (size_t i = 0; i < sizeof(mem_prefix) / sizeof(mem_prefix[0]); i++) {
		size_t n = strlen(mem_prefix[i]);
		if (strncmp(p, mem_prefix[i], n) == 0 && p[n] == '[') {
			p += n;
			break;
		}
	}
	if (*p == '[') {
		if ((q = parse_bracket(p)) == NULL)
			return NULL;
		return *q == '[' ? parse_bracket(q) : q;
	}
	if ((q = parse_reg(p)) != NULL)
		return q;
	return parse_number(p);
}

static bool operand_ok(const char *p, const char *end)
{
	while (p < end) {
		const char *q = parse_word(p);
		if (!q || q > end)
			return false;
		p = skip_ws(q);
	}
	return true;
}

/* Registers one UR operand occupies, a lower bound: 2 for a 64-bit
 * descriptor (desc[URn]); in a uniform instruction 2 (4) for every UR operand
 * of a .64 (.128) form (ULDC.64, LDCU.128, UIADD3.64, UMOV.64, USEL.64), for
 * the destination of a .WIDE multiply, and for every operand of a 64-bit
 * compare or min/max (UISETP.GE.S64, UIMNMX.S64).  USHF.L.U64.HI names both
 * halves itself.  Vector instructions' 64-bit UR sources (IADD.64 R, R, UR)
 * are not modelled: the life-range table, when there is one, is the
 * authority (a call counts what its callee touches there, too). */
static int ur_width(const char *opcode, bool uniform, int operand, const char *operand_start, const char *at)
{
	if (at - operand_start >= 5 && strncmp(at - 5, "desc[", 5) == 0)
		return 2;
	if (!uniform)
		return 1;
	if (strstr(opcode, ".128"))
		return 4;
	if (strstr(opcode, ".64"))
		return 2;
	if (strstr(opcode, ".WIDE") && operand == 0)
		return 2;
	if ((strncmp(opcode, "UISETP", 6) == 0 || strncmp(opcode, "UIMNMX", 6) == 0) &&
	    (strstr(opcode, ".S64") || strstr(opcode, ".U64")))
		return 2;
	return 1;
}

/* Count the URn in one operand (URZ excluded) and raise *top to the highest
 * register it names.  Labels (`(...)) hold names, not registers. */
static void scan_urs(const char *opcode, bool uniform, int operand, const char *p, const char *end, long *n,
		     long *top)
{
	const char *start = p;

	if (p[0] == '`')
		return;
	for (; p + 2 < end; p++) {
		if (p[0] != 'U' || p[1] != 'R' || !isdigit((unsigned char)p[2]))
			continue;
		if (p > start && (word_char(p[-1]) || p[-1] == '$'))
			continue;
		long idx = strtol(p + 2, NULL, 10);
		if (idx < 0 || idx > 1023)
			continue;
		(*n)++;
		long hi = idx + ur_width(opcode, uniform, operand, start, p) - 1;
		if (hi > *top)
			*top = hi;
	}
}

/* A shape key for "unsupported" messages: digits -> N. */
static void shape_of(const char *p, size_t n, struct ka_buf *b)
{
	b->len = 0;
	for (size_t i = 0; i < n && b->len < 80; i++) {
		if (isdigit((unsigned char)p[i])) {
			while (i + 1 < n && isxdigit((unsigned char)p[i + 1]))
				i++;
			ka_buf_puts(b, "N");
		} else {
			ka_buf_append(b, &p[i], 1);
		}
	}
	if (!b->data)
		ka_buf_puts(b, "");
}

/* One instruction: "[@!P0 ]OPCODE[.MOD...] [operands] ;" */
static void census_insn(struct ka_sass *s, unsigned long addr, const char *p, int line, struct ka_diag *d,
			const char *where)
{
	const char *semi = strchr(p, ';'), *op, *op_end, *args;
	struct ka_buf key = {0}, shape = {0}, opnd = {0};
	long top = s->uregs_text - 1;

	p = skip_ws(p);
	if (*p == '@') {
		p++;
		p += strspn(p, "!");
		p += strspn(p, "UPT0123456789");
		p = skip_ws(p);
	}
	op = p;
	op_end = op + strcspn(op, " \t;");
	if (!semi || op_end == op || !isupper((unsigned char)*op)) {
		s->unsupported++;
		shape_of(op, strlen(op), &shape);
		ka_buf_printf(&key, "sass-line:%s", shape.data);
		ka_diag_warn_once(d, key.data, where, "unsupported SASS line '%.80s' (counted as unsupported)", op);
		ka_buf_free(&key);
		ka_buf_free(&shape);
		return;
	}
	size_t base_n = strcspn(op, ". \t;");
	if (base_n == 3 && strncmp(op, "NOP", 3) == 0)
		return;
	struct ka_sass_count *c = count_of(s, op, base_n);
	c->n++;
	s->instructions++;
	if (c->uniform)
		s->uniform_instructions++;
	if (!c->known) {
		s->unsupported++;
		ka_buf_printf(&key, "sass-op:%s", c->opcode);
		ka_diag_warn_once(d, key.data, where,
				  "unsupported SASS opcode %s (not in sass_opcodes.def): counted as vector work", c->opcode);
		key.len = 0;
	}
	insn_add(s, addr, line, c->uniform,
		 base_n == 3 && strncmp(op, "STL", 3) == 0 ? 'S' : base_n == 3 && strncmp(op, "LDL", 3) == 0 ? 'L' : 0);

	/* the full opcode, for the width of its UR operands */
	char opcode[64];
	snprintf(opcode, sizeof(opcode), "%.*s", (int)(op_end - op < 63 ? op_end - op : 63), op);
	args = skip_ws(op_end);
	for (int operand = 0; args < semi; operand++) {
		const char *q = args;
		int depth = 0;
		while (q < semi && !(depth == 0 && *q == ',')) {
			if (*q == '[' || *q == '(')
				depth++;
			else if ((*q == ']' || *q == ')') && depth > 0)
				depth--;
			q++;
		}
		const char *e = q;
		while (e > args && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (e > args) {
			size_t n = (size_t)(e - args);
			opnd.len = 0;
			ka_buf_append(&opnd, args, n);   /* NUL-terminated copy */
			const char *tmp = opnd.data;
			scan_urs(opcode, c->uniform, operand, tmp, tmp + n, &s->ur_operands, &top);
			if (!operand_ok(tmp, tmp + n)) {
				s->unsupported++;
				shape_of(tmp, n, &shape);
				key.len = 0;
				ka_buf_printf(&key, "sass-operand:%s", shape.data);
				ka_diag_warn_once(d, key.data, where,
						  "unsupported SASS operand form '%s' in '%.*s' (counted; its UR registers "
						  "are still read)", tmp, (int)(semi - op), op);
			}
		}
		args = q < semi ? skip_ws(q + 1) : semi;
	}
	s->uregs_text = top + 1;
	ka_buf_free(&key);
	ka_buf_free(&shape);
	ka_buf_free(&opnd);
}

/* ---- source lines ------------------------------------------------------------------
 * With -gi every change of source position prints the inlining chain, one
 * comment per frame, innermost first, the kernel's own frame last:
 *   //## File "/cuda/include/sm_30_intrinsics.hpp", line 409 inlined at "/src/h.h", line 2
 *   //## File "/src/h.h", line 2 inlined at "/src/k.cu", line 3
 *   //## File "/src/k.cu", line 3 inlined at "/src/k.cu", line 7
 *   //## File "/src/k.cu", line 7
 * The instruction belongs to the innermost frame in the kernel's file (line
 * 3 here): that is where its work is written.  The kernel's file is the
 * compiled file (k.cu), or, for a kernel defined in a header, that header:
 * the file of the outermost frame of the section's first chain (the
 * kernel's own frame), whose lines the section's table then holds. */
struct frame {
	size_t file;         /* offset of its file's name in frames.names         */
	int line;
};
struct frames {
	struct ka_buf names; /* the chain's file names, each NUL-terminated       */
	struct frame *v;     /* the chain, innermost first                        */
	size_t n, cap;
	bool open;           /* a chain is being read (no instruction since)    */
};

static void frame_line(struct frames *fr, const char *p)
{
	const char *f = strstr(p, "File \""), *e, *l;
	if (!f)
		return;
	f += 6;
	e = strchr(f, '"');
	if (!e)
		return;
	l = strstr(e, ", line ");
	if (!l)
		return;
	long line = strtol(l + 7, NULL, 10);
	if (line < 0 || line > 100000000)
		line = 0;
	if (!fr->open) {
		fr->open = true;
		fr->n = 0;
		fr->names.len = 0;
	}
	KA_GROW(fr->v, fr->n, fr->cap, 8);
	fr->v[fr->n++] = (struct frame){fr->names.len, (int)line};
	ka_buf_append(&fr->names, f, (size_t)(e - f));
	ka_buf_append(&fr->names, "", 1);       /* the terminator is part of the name */
}

/* The line a chain gives its instruction in section s (main_base: the
 * compiled file's base name, NULL when unknown: the outermost frame).  The
 * section's first chain names its file (s->file, s->file_main). */
static int frames_line(const struct frames *fr, struct ka_sass *s, const char *main_base)
{
	const char *outer;
	if (fr->n == 0)
		return 0;
	outer = fr->names.data + fr->v[fr->n - 1].file;
	if (!s->file) {
		s->file = ka_strdup(outer);
		s->file_main = main_base && strcmp(base_name(outer), main_base) == 0;
	}
	if (!main_base)
		return fr->v[fr->n - 1].line;
	for (size_t i = 0; i < fr->n; i++) {
		const char *name = fr->names.data + fr->v[i].file;
		if (s->file_main ? strcmp(base_name(name), main_base) == 0 : strcmp(name, s->file) == 0)
			return fr->v[i].line;
	}
	return 0;
}

void ka_sass_parse(const char *text, size_t len, const char *main_file, struct ka_sass_set *set,
		   struct ka_diag *d, const char *where)
{
	struct ka_buf line = {0};
	struct ka_sass_func *cur = NULL;
	struct frames fr = {0};
	const char *main_base = main_file ? base_name(main_file) : NULL;
	int cur_line = 0;
	size_t pos = 0;

	while (next_line(text, len, &pos, &line)) {
		const char *p = line.data, *q;
		unsigned long addr;
		char *sec = section_header(p);

		if (sec) {
			if (*sec) {
				cur = ka_sass_set_find(set, sec) ? NULL : set_add(set, sec);
				if (!cur)
					free(sec);
			} else {
				free(sec);
				cur = NULL;
			}
			fr.open = false;
			fr.n = 0;
			cur_line = 0;
			continue;
		}
		if (!cur)
			continue;
		q = skip_ws(p);
		if (strncmp(q, "//##", 4) == 0) {
			frame_line(&fr, q);
			continue;
		}
		if (!read_addr(&q, &addr))
			continue;
		if (fr.open) {
			cur_line = frames_line(&fr, &cur->s, main_base);
			fr.open = false;
		}
		census_insn(&cur->s, addr, q, cur_line, d, where);
	}
	ka_buf_free(&line);
	ka_buf_free(&fr.names);
	free(fr.v);
}

/* ---- life ranges -------------------------------------------------------------------
 * The table's header names its blocks ("GPR", "PRED", "UGPR", "UPRED") and
 * numbers one column per register; each instruction row carries, per block,
 * the live count under '#' and a mark in the column of every register it
 * touches or keeps live:
 *       // |    GPR      |    UGPR     |
 *       // | # 01234567  | # 01234567  |
 *   <0060> SHF.R.U32.HI R0, RZ, 0x5, R0 ;  // | 6 ::^^  ::  | 1     :     |
 * Blocks are located by '|' and columns by their offset inside the block. */
struct lr_layout {
	int gpr, ugpr;             /* block index, -1 if absent            */
	size_t gpr_hash;           /* offset of '#' in the GPR block       */
	size_t ugpr_hash, ugpr_first; /* '#' and column 0 in the UGPR block */
	size_t ugpr_cols;
	bool have_names, ok;
};

/* The i-th '|'-separated block of a table row (after the comment's "//"). */
static bool block_at(const char *row, int i, const char **b, size_t *n)
{
	const char *p = strchr(row, '|');
	for (int k = 0; p && k < i; k++)
		p = strchr(p + 1, '|');
	if (!p)
		return false;
	const char *e = strchr(p + 1, '|');
	if (!e)
		return false;
	*b = p + 1;
	*n = (size_t)(e - p - 1);
	return true;
}

static void layout_names(struct lr_layout *L, const char *row)
{
	const char *b;
	size_t n;
	L->gpr = L->ugpr = -1;
	for (int i = 0; block_at(row, i, &b, &n); i++) {
		char name[16];
		const char *s = b, *e = b + n;
		while (s < e && *s == ' ')
			s++;
		while (e > s && e[-1] == ' ')
			e--;
		snprintf(name, sizeof(name), "%.*s", (int)(e - s < 15 ? e - s : 15), s);
		if (strcmp(name, "GPR") == 0)
			L->gpr = i;
		else if (strcmp(name, "UGPR") == 0)
			L->ugpr = i;
	}
	L->have_names = L->gpr >= 0;
}

static void layout_columns(struct lr_layout *L, const char *row)
{
	const char *b, *h;
	size_t n;

	if (block_at(row, L->gpr, &b, &n) && (h = memchr(b, '#', n)) != NULL) {
		L->gpr_hash = (size_t)(h - b);
		L->ok = true;
	}
	L->ugpr_cols = 0;
	if (L->ugpr >= 0 && block_at(row, L->ugpr, &b, &n) && (h = memchr(b, '#', n)) != NULL) {
		size_t i = (size_t)(h - b) + 1;
		L->ugpr_hash = (size_t)(h - b);
		while (i < n && b[i] == ' ')
			i++;
		L->ugpr_first = i;
		/* the columns are consecutive: units digit of column k is k % 10 */
		while (i < n && b[i] == (char)('0' + (i - L->ugpr_first) % 10))
			i++;
		L->ugpr_cols = i - L->ugpr_first;
	}
}

/* The count right-aligned to the '#' column of a block ("  13 ..."), -1 if none. */
static int count_at(const char *b, size_t n, size_t hash)
{
	size_t e = hash + 1 < n ? hash + 1 : n, s = 0;
	char tmp[16];
	while (s < e && b[s] == ' ')
		s++;
	if (s == e || e - s >= sizeof(tmp))
		return s == e ? 0 : -1;
	memcpy(tmp, b + s, e - s);
	tmp[e - s] = '\0';
	char *end;
	long v = strtol(tmp, &end, 10);
	while (*end == ' ')
		end++;
	return (*end || v < 0 || v > 100000) ? -1 : (int)v;
}

static struct ka_sass_insn *insn_find(struct ka_sass *s, unsigned long addr)
{
	size_t lo = 0, hi = s->n_insns;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->insns[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n_insns && s->insns[lo].addr == addr ? &s->insns[lo] : NULL;
}

int ka_sass_parse_life_ranges(const char *text, size_t len, struct ka_sass_set *set, struct ka_diag *d,
			      const char *where)
{
	struct ka_buf line = {0};
	struct ka_sass *cur = NULL;
	struct lr_layout L = {0};
	size_t pos = 0;
	long rows = 0, bad = 0;
	/* results go to a scratch copy first, so a table we cannot read leaves the set unchanged */
	int *live = NULL, *ur_top = NULL;
	size_t *base = ka_xcalloc(set->n + 1, sizeof(*base)), total = 0;
	for (size_t i = 0; i < set->n; i++) {
		base[i] = total;
		total += set->v[i].s.n_insns;
	}
	live = ka_xmalloc((total ? total : 1) * sizeof(*live));
	for (size_t i = 0; i < total; i++)
		live[i] = -1;
	ur_top = ka_xmalloc((set->n ? set->n : 1) * sizeof(*ur_top));
	long *sec_rows = ka_xcalloc(set->n + 1, sizeof(*sec_rows));
	for (size_t i = 0; i < set->n; i++)
		ur_top[i] = -1;
	size_t cur_i = 0;

	while (next_line(text, len, &pos, &line)) {
		const char *p = line.data, *q, *cm;
		unsigned long addr;
		char *sec = section_header(p);

		if (sec) {
			cur = NULL;
			for (size_t i = 0; *sec && i < set->n; i++)
				if (strcmp(set->v[i].name, sec) == 0) {
					cur = &set->v[i].s;
					cur_i = i;
				}
			free(sec);
			L = (struct lr_layout){.gpr = -1, .ugpr = -1};
			continue;
		}
		if (!cur)
			continue;
		q = skip_ws(p);
		if (strncmp(q, "//", 2) == 0) {         /* a table header row */
			if (q[2] == ' ' && q[3] == '|' && !L.ok) {
				if (!L.have_names)
					layout_names(&L, q + 3);
				else if (strchr(q, '#'))
					layout_columns(&L, q + 3);
			}
			continue;
		}
		if (!read_addr(&q, &addr))
			continue;
		q = skip_ws(q);
		if (strncmp(q, "NOP", 3) == 0 && (q[3] == ' ' || q[3] == ';'))
			continue;                       /* padding: not in the census */
		const char *semi = strchr(q, ';');
		cm = semi ? strstr(semi, "//") : NULL;
		if (!cm || !L.ok) {
			bad++;
			continue;
		}
		cm += 2;
		struct ka_sass_insn *in = insn_find(cur, addr);
		const char *b;
		size_t n;
		int gpr = block_at(cm, L.gpr, &b, &n) ? count_at(b, n, L.gpr_hash) : -1;
		if (gpr < 0) {
			bad++;
			continue;
		}
		if (!in)
			continue;       /* a line the census could not read: already reported */
		rows++;
		sec_rows[cur_i]++;
		live[base[cur_i] + (size_t)(in - cur->insns)] = gpr;
		if (L.ugpr_cols && block_at(cm, L.ugpr, &b, &n))
			for (size_t k = 0; k < L.ugpr_cols && L.ugpr_first + k < n; k++)
				if (b[L.ugpr_first + k] != ' ' && (int)k > ur_top[cur_i])
					ur_top[cur_i] = (int)k;
	}
	ka_buf_free(&line);
	int rc = 0;
	bool code = false;
	for (size_t i = 0; i < set->n; i++)
		code = code || set->v[i].s.n_insns > 0;
	if (code && (rows == 0 || bad > 0)) {
		ka_diag_warn_once(d, "sass-liferange", where,
				  "unsupported nvdisasm life-range table (%ld rows read, %ld not understood): "
				  "register pressure not reported", rows, bad);
		rc = -EINVAL;
	} else {
		for (size_t i = 0; i < set->n; i++) {
			struct ka_sass *s = &set->v[i].s;
			if (sec_rows[i] == 0)
				continue;       /* the table skipped this section */
			for (size_t k = 0; k < s->n_insns; k++)
				s->insns[k].live = live[base[i] + k];
			s->uregs_lr = ur_top[i] + 1;
		}
	}
	free(sec_rows);
	free(live);
	free(ur_top);
	free(base);
	return rc;
}

/* ---- finishing ------------------------------------------------------------------------ */
static int cmp_count(const void *a, const void *b)
{
	return strcmp(((const struct ka_sass_count *)a)->opcode, ((const struct ka_sass_count *)b)->opcode);
}

static int cmp_line(const void *a, const void *b)
{
	int x = ((const struct ka_sass_line *)a)->line, y = ((const struct ka_sass_line *)b)->line;
	return (x > y) - (x < y);
}

static int cmp_peak(const void *a, const void *b)
{
	const struct ka_sass_line *x = a, *y = b;
	if (x->live != y->live)
		return x->live > y->live ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

static void finish_one(struct ka_sass *s)
{
	bool have_live = s->n_insns > 0;

	if (s->n_ops > 1)
		qsort(s->ops, s->n_ops, sizeof(*s->ops), cmp_count);
	free(s->lines);
	s->lines = NULL;
	s->n_lines = s->cap_lines = 0;
	for (size_t i = 0; i < s->n_insns; i++) {
		const struct ka_sass_insn *in = &s->insns[i];
		struct ka_sass_line *l = NULL;
		for (size_t k = 0; k < s->n_lines; k++)
			if (s->lines[k].line == in->line) {
				l = &s->lines[k];
				break;
			}
		if (!l) {
			KA_GROW(s->lines, s->n_lines, s->cap_lines, 16);
			l = &s->lines[s->n_lines++];
			*l = (struct ka_sass_line){.line = in->line, .live = -1};
		}
		l->instructions++;
		if (in->uniform)
			l->uniform++;
		else
			l->vector++;
		l->local_stores += in->local == 'S';
		l->local_loads += in->local == 'L';
		if (in->live > l->live)
			l->live = in->live;
		if (in->live < 0)
			have_live = false;
	}
	if (s->n_lines > 1)
		qsort(s->lines, s->n_lines, sizeof(*s->lines), cmp_line);

	s->peak = -1;
	s->n_top = 0;
	if (have_live) {
		struct ka_sass_line *by = ka_xmalloc((s->n_lines ? s->n_lines : 1) * sizeof(*by));
		size_t m = 0;
		for (size_t k = 0; k < s->n_lines; k++) {
			if (s->lines[k].live > s->peak)
				s->peak = s->lines[k].live;
			if (s->lines[k].line > 0)
				by[m++] = s->lines[k];
		}
		if (m > 1)
			qsort(by, m, sizeof(*by), cmp_peak);
		for (size_t k = 0; k < m && s->n_top < 3; k++)
			s->top[s->n_top++] = (struct ka_sass_peak){by[k].line, by[k].live};
		free(by);
	}
	s->uregs = s->uregs_lr >= 0 ? s->uregs_lr : s->uregs_text;
}

void ka_sass_finish(struct ka_sass_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		finish_one(&set->v[i].s);
}

void ka_sass_free(struct ka_sass *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_ops; i++)
		free(s->ops[i].opcode);
	free(s->ops);
	free(s->lines);
	free(s->insns);
	free(s->file);
	memset(s, 0, sizeof(*s));
}

void ka_sass_set_free(struct ka_sass_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->v[i].name);
		ka_sass_free(&set->v[i].s);
	}
	free(set->v);
	memset(set, 0, sizeof(*set));
}
