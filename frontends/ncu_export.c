/* ncu_export.c — the CSV exports of Nsight Compute (frontends.h: the source
 * page's per-line sectors, shared-memory wavefronts, divergent branches and
 * instructions, the details page's launch statistics and occupancy), read
 * for `kanalyze verify --profile`.  Every table is read by its own header's
 * column names (they differ between kernels); fields are read as ncu writes
 * them (every one quoted, a quote inside one not doubled: see "CSV records"),
 * within the input's length.  An input that is not an export is one message
 * naming its row; a row that cannot be read is left out with one warning
 * naming it; a value that is not a number is warned about once per column,
 * never a crash. */
#include "frontends.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- CSV records ---------------------------------------------------------
 * ncu quotes every field and does not double a quote inside one: a source
 * line holding inline asm is written as
 *
 *   "41","asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));","-",...
 *
 * So a quote inside a quoted field closes it only when a comma, a line end
 * or the end of the input follows; any other quote is text.  Worked:
 *
 *   "a "b" c",        a "b" c            (quotes followed by text)
 *   "",               (empty)            (followed by a comma)
 *   "s = "";",        s = "";            (ncu: not an RFC 4180 escape)
 *   "f("%d", x);",    f("%d  |  x);"     (a quote before a comma: split;
 *                                          csv_mend joins it again)
 *
 * Each field keeps its raw span in the input, so a text split at a quote
 * and a comma can be joined back once the table's header says how many
 * fields the row has. */

struct csv {
	const char *p;
	size_t len, pos;
	long row;                     /* 1-based number of the record last read */
	struct ka_buf buf;            /* its fields, each NUL-terminated         */
	size_t *off;                  /* field i starts at buf.data + off[i]     */
	size_t *lo, *hi;              /* and spans p[lo[i] .. hi[i]) as written  */
	size_t n, cap_off, cap_lo, cap_hi;
};

static void field_start(struct csv *c)
{
	KA_GROW(c->off, c->n, c->cap_off, 64);
	KA_GROW(c->lo, c->n, c->cap_lo, 64);
	KA_GROW(c->hi, c->n, c->cap_hi, 64);
	c->off[c->n] = c->buf.len;
	c->lo[c->n] = c->hi[c->n] = c->pos;
	c->n++;
}

static void field_end(struct csv *c)
{
	c->hi[c->n - 1] = c->pos;
	ka_buf_append(&c->buf, "", 1);
}

/* A comma, a line end or the end of the input at p[at]. */
static bool csv_delim(const struct csv *c, size_t at)
{
	return at >= c->len || c->p[at] == ',' || c->p[at] == '\n' ||
	       (c->p[at] == '\r' && at + 1 < c->len && c->p[at + 1] == '\n');
}

/* The next record: 1, 0 at the end, -1 with *why (a quote left open, a last
 * record without its line end: ncu ends every row with one, so the export
 * was cut). */
static int csv_next(struct csv *c, const char **why)
{
	if (c->pos >= c->len)
		return 0;
	c->row++;
	c->buf.len = 0;
	c->n = 0;
	field_start(c);
	for (;;) {
		if (c->pos >= c->len) {
			*why = "the export ends inside a row (truncated?)";
			return -1;
		}
		char ch = c->p[c->pos];
		if (ch == '"' && c->off[c->n - 1] == c->buf.len && c->lo[c->n - 1] == c->pos) {   /* a quoted field */
			c->pos++;
			for (;;) {
				if (c->pos >= c->len) {
					*why = "the export ends inside a quoted field (truncated?)";
					return -1;
				}
				ch = c->p[c->pos++];
				if (ch == '"' && csv_delim(c, c->pos))
					break;
				ka_buf_append(&c->buf, &ch, 1);
			}
			continue;
		}
		if (ch == ',') {
			field_end(c);
			c->pos++;
			field_start(c);
			continue;
		}
		if (ch == '\n' || (ch == '\r' && c->pos + 1 < c->len && c->p[c->pos + 1] == '\n')) {
			field_end(c);
			c->pos += ch == '\r' ? 2 : 1;
			return 1;
		}
		ka_buf_append(&c->buf, &ch, 1);
		c->pos++;
	}
}

/* Field i of the record, "" when the record is shorter. */
static const char *fld(const struct csv *c, int i)
{
	return i >= 0 && (size_t)i < c->n ? c->buf.data + c->off[i] : "";
}

static int col_of(const struct csv *c, const char *name, int from)
{
	for (size_t i = from > 0 ? (size_t)from : 0; i < c->n; i++)
		if (strcmp(fld(c, (int)i), name) == 0)
			return (int)i;
	return -1;
}

/* A record of a table whose header has `want` fields, when it has more:
 * the text field `at` was split at a quote and a comma inside it (ncu's
 * unescaped quotes); join its pieces as written, less the outer quotes.
 * false with *why when the record has fewer fields, or when the pieces
 * would span a line end (a quote left open running into the next row). */
static bool csv_mend(struct csv *c, int at, size_t want, const char **why)
{
	if (c->n == want)
		return true;
	if (c->n < want || at < 0 || (size_t)at + (c->n - want) >= c->n) {
		*why = c->n < want ? "fewer fields than its table's header" : "more fields than its table's header";
		return false;
	}
	size_t extra = c->n - want, lo = c->lo[at], hi = c->hi[at + extra];
	for (size_t i = lo; i < hi; i++)
		if (c->p[i] == '\n' || c->p[i] == '\r') {
			*why = "more fields than its table's header, and a quote left open runs past the line's end";
			return false;
		}
	if (hi - lo >= 2 && c->p[lo] == '"' && c->p[hi - 1] == '"')
		lo++, hi--;
	c->off[at] = c->buf.len;                  /* the joined text, at the end of buf */
	ka_buf_append(&c->buf, c->p + lo, hi - lo);
	ka_buf_append(&c->buf, "", 1);
	c->hi[at] = c->hi[at + extra];
	for (size_t i = (size_t)at + 1; i + extra < c->n; i++) {
		c->off[i] = c->off[i + extra];
		c->lo[i] = c->lo[i + extra];
		c->hi[i] = c->hi[i + extra];
	}
	c->n = want;
	return true;
}

static void csv_free(struct csv *c)
{
	ka_buf_free(&c->buf);
	free(c->off);
	free(c->lo);
	free(c->hi);
}

/* ---- numbers ----------------------------------------------------------------
 * "262,144" is 262144; "", "-" and "n/a" are unknown (no warning); anything
 * else that is no number is warned about once per column. */

static bool number_text(const char *s, char *out, size_t n)
{
	size_t k = 0;
	while (*s == ' ')
		s++;
	if (!*s || strcmp(s, "-") == 0 || strcmp(s, "n/a") == 0 || strcmp(s, "N/A") == 0)
		return false;
	for (; *s && k + 1 < n; s++)
		if (*s != ',')
			out[k++] = *s;
	out[k] = '\0';
	return k > 0 && !*s;
}

static void not_a_number(struct ka_diag *d, const char *where, long row, const char *column, const char *s)
{
	struct ka_buf key = {0};
	ka_buf_printf(&key, "ncu-number:%s:%s", where, column);
	ka_diag_warn_once(d, key.data, where, "row %ld: column \"%s\": '%.40s' is not a number (left unknown; "
			  "later rows not reported)", row, column, s);
	ka_buf_free(&key);
}

/* -1 when unknown. */
static long long num_ll(const char *s, struct ka_diag *d, const char *where, long row, const char *column)
{
	char t[64], *end;
	long long v;
	if (!number_text(s, t, sizeof(t))) {
		if (*s && strcmp(s, "-") != 0 && strcmp(s, "n/a") != 0 && strcmp(s, "N/A") != 0)
			not_a_number(d, where, row, column, s);
		return -1;
	}
	errno = 0;
	v = strtoll(t, &end, 10);
	if (errno || *end || v < 0) {
		not_a_number(d, where, row, column, s);
		return -1;
	}
	return v;
}

/* -1 when unknown. */
static double num_d(const char *s, struct ka_diag *d, const char *where, long row, const char *column)
{
	char t[64], *end;
	double v;
	if (!number_text(s, t, sizeof(t))) {
		if (*s && strcmp(s, "-") != 0 && strcmp(s, "n/a") != 0 && strcmp(s, "N/A") != 0)
			not_a_number(d, where, row, column, s);
		return -1;
	}
	errno = 0;
	v = strtod(t, &end);
	if (errno || *end || !isfinite(v) || v < 0) {
		not_a_number(d, where, row, column, s);
		return -1;
	}
	return v;
}

/* acc += v, both possibly unknown (-1); saturates. */
static void add(long long *acc, long long v)
{
	if (v < 0)
		return;
	if (*acc < 0)
		*acc = v;
	else
		*acc = *acc > LLONG_MAX - v ? LLONG_MAX : *acc + v;
}

/* ---- the profile's names and lines ------------------------------------------ */

/* Bytes that are no UTF-8 become '?': names and paths end up in JSON. */
static void utf8_clean(char *s)
{
	unsigned char *p = (unsigned char *)s;
	while (*p) {
		int n = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 && *p >= 0xC2 ? 1 : (*p & 0xF0) == 0xE0 ? 2
			: (*p & 0xF8) == 0xF0 && *p <= 0xF4 ? 3 : -1;
		bool ok = n >= 0;
		for (int i = 1; ok && i <= n; i++)
			ok = (p[i] & 0xC0) == 0x80;
		if (ok && n == 2)        /* no overlong form, no surrogate */
			ok = !(*p == 0xE0 && p[1] < 0xA0) && !(*p == 0xED && p[1] >= 0xA0);
		if (ok && n == 3)
			ok = !(*p == 0xF0 && p[1] < 0x90) && !(*p == 0xF4 && p[1] >= 0x90);
		if (!ok) {
			*p++ = '?';
			continue;
		}
		p += n + 1;
	}
}

static const char *intern(char ***v, size_t *n, size_t *cap, const char *s)
{
	char *c = ka_strdup(s);
	utf8_clean(c);
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], c) == 0) {
			free(c);
			return (*v)[i];
		}
	KA_GROW(*v, *n, *cap, 16);
	(*v)[*n] = c;
	return (*v)[(*n)++];
}

static const char *find_interned(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; s && i < n; i++)
		if (strcmp(v[i], s) == 0)
			return v[i];
	return NULL;
}

/* kernel and file are interned: their addresses identify them. */
static uint64_t line_hash(const char *kernel, const char *file, int line)
{
	uint64_t h = (uint64_t)(uintptr_t)kernel * 0x9E3779B97F4A7C15ull;
	h ^= (uint64_t)(uintptr_t)file * 0xC2B2AE3D27D4EB4Full;
	h ^= (uint64_t)(unsigned)line * 0x165667B19E3779F9ull;
	return h ^ (h >> 29);
}

static size_t *line_slot(const struct ka_ncu_profile *p, const char *kernel, const char *file, int line)
{
	for (size_t i = line_hash(kernel, file, line) & (p->n_slots - 1);; i = (i + 1) & (p->n_slots - 1)) {
		size_t e = p->slot[i];
		if (e == 0)
			return &p->slot[i];
		const struct ka_ncu_line *l = &p->lines[e - 1];
		if (l->kernel == kernel && l->file == file && l->line == line)
			return &p->slot[i];
	}
}

static size_t line_get(struct ka_ncu_profile *p, const char *kernel, const char *file, int line)
{
	size_t *s;
	if (p->n_slots < 2 * (p->n_lines + 1)) {     /* grow: at most half full */
		free(p->slot);
		p->n_slots = p->n_slots ? 2 * p->n_slots : 256;
		p->slot = ka_xcalloc(p->n_slots, sizeof(*p->slot));
		for (size_t i = 0; i < p->n_lines; i++)
			*line_slot(p, p->lines[i].kernel, p->lines[i].file, p->lines[i].line) = i + 1;
	}
	s = line_slot(p, kernel, file, line);
	if (*s)
		return *s - 1;
	KA_GROW(p->lines, p->n_lines, p->cap_lines, 64);
	p->lines[p->n_lines] = (struct ka_ncu_line){
		.kernel = kernel, .file = file, .line = line,
		.sectors = -1, .excessive = -1, .ideal = -1, .executed = -1,
		.wavefronts = -1, .ideal_wavefronts = -1, .nway = -1, .divergent = -1,
	};
	*s = p->n_lines + 1;
	return p->n_lines++;
}

const struct ka_ncu_line *ka_ncu_line_find(const struct ka_ncu_profile *p, const char *kernel, const char *file,
					   int line)
{
	const char *k = find_interned(p->kernels, p->n_kernels, kernel);
	const char *f = find_interned(p->files, p->n_files, file);
	size_t e;
	if (!k || !f || p->n_slots == 0)
		return NULL;
	e = *line_slot(p, k, f, line);
	return e ? &p->lines[e - 1] : NULL;
}

long long ka_ncu_kernel_sectors(const struct ka_ncu_profile *p, const char *kernel)
{
	long long sum = -1;
	for (size_t i = 0; i < p->n_lines; i++)
		if (strcmp(p->lines[i].kernel, kernel) == 0)
			add(&sum, p->lines[i].sectors);
	return sum;
}

/* ---- the source page ------------------------------------------------------------ */

struct src_cols {
	int line, text, addr, sass, executed, sectors, excessive, ideal, space, op, size;
	int wavefronts, ideal_wavefronts, nway, divergent;
	size_t n;                     /* the header's fields: every row's */
	long row;                     /* the header's row */
};

/* A column by its label, else by its metric's name (what ncu shows for a
 * metric the section does not label). */
static int col_either(const struct csv *c, const char *label, const char *metric)
{
	int i = col_of(c, label, 0);
	return i >= 0 ? i : col_of(c, metric, 0);
}

static void src_cols_read(const struct csv *c, struct src_cols *k)
{
	k->line = 0;
	k->text = col_of(c, "Source", 0);                                  /* the first "Source": CUDA */
	k->addr = col_of(c, "Address", 0);
	k->sass = k->addr >= 0 ? col_of(c, "Source", k->addr + 1) : -1;   /* the second "Source": SASS */
	k->executed = col_of(c, "Instructions Executed", 0);
	k->sectors = col_of(c, "L2 Theoretical Sectors Global", 0);
	k->excessive = col_of(c, "L2 Theoretical Sectors Global Excessive", 0);
	k->ideal = col_of(c, "L2 Theoretical Sectors Global Ideal", 0);
	k->space = col_of(c, "Address Space", 0);
	k->op = col_of(c, "Access Operation", 0);
	k->size = col_of(c, "Access Size", 0);
	k->wavefronts = col_either(c, "L1 Wavefronts Shared", "memory_l1_wavefronts_shared");
	k->ideal_wavefronts = col_either(c, "L1 Wavefronts Shared Ideal", "memory_l1_wavefronts_shared_ideal");
	k->nway = col_either(c, "L1 Conflicts Shared N-Way", "derived__memory_l1_conflicts_shared_nway");
	k->divergent = col_either(c, "Divergent Branches", "smsp__branch_targets_threads_divergent");
	k->n = c->n;
	k->row = c->row;
}

/* "@!P0   LDG.E.64 R2, desc[UR4][R2.64]" -> "LDG.E.64" */
static void opcode_of(const char *s, char *out, size_t n)
{
	size_t k = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '@') {
		while (*s && *s != ' ' && *s != '\t')
			s++;
		while (*s == ' ' || *s == '\t')
			s++;
	}
	for (; *s && *s != ' ' && *s != '\t' && *s != ';' && k + 1 < n; s++)
		out[k++] = *s;
	out[k] = '\0';
	if (k == 0)
		snprintf(out, n, "?");
}

/* "Load" -> "load"; what ncu calls the access, lower case, bounded. */
static void op_of(const char *s, char *out, size_t n)
{
	size_t k = 0;
	for (; *s && k + 1 < n; s++)
		out[k++] = (char)(*s >= 'A' && *s <= 'Z' ? *s - 'A' + 'a' : *s);
	out[k] = '\0';
	if (k == 0)
		snprintf(out, n, "?");
}

/* One SASS row of a global or shared access, into its line: instructions
 * repeat after the table's "..." row, so an address is counted once per
 * table. */
/* Whether the line's table listed the instruction at this address already
 * (ncu writes each SASS row twice); records it when not. */
static bool seen_before(struct ka_ncu_line *l, const char *addr)
{
	char *end;
	unsigned long long at;
	errno = 0;
	at = strtoull(addr, &end, 16);
	if (errno || end == addr || *end)
		return false;
	for (size_t i = 0; i < l->n_addr; i++)
		if (l->addr[i] == at)
			return true;
	KA_GROW(l->addr, l->n_addr, l->cap_addr, 8);
	l->addr[l->n_addr++] = at;
	return false;
}

/* A local-memory instruction (LDL, STL): its executions, once per address. */
static void src_local(struct ka_ncu_line *l, const struct csv *c, const struct src_cols *k, struct ka_diag *d,
		      const char *where)
{
	if (!seen_before(l, fld(c, k->addr)))
		add(&l->local_executed, num_ll(fld(c, k->executed), d, where, c->row, "Instructions Executed"));
}

static void src_instruction(struct ka_ncu_line *l, const struct csv *c, const struct src_cols *k, bool shared,
			    struct ka_diag *d, const char *where)
{
	struct ka_ncu_access a = {0};
	long long bits;

	if (seen_before(l, fld(c, k->addr)))
		return;
	opcode_of(fld(c, k->sass), a.opcode, sizeof(a.opcode));
	op_of(fld(c, k->op), a.op, sizeof(a.op));
	a.shared = shared;
	utf8_clean(a.opcode);       /* cut at a byte limit: a sequence may end short */
	utf8_clean(a.op);
	bits = num_ll(fld(c, k->size), d, where, c->row, "Access Size");
	a.bits = bits > 0 && bits <= 4096 ? (int)bits : 0;
	for (size_t i = 0; i < l->n_access; i++) {
		struct ka_ncu_access *x = &l->access[i];
		if (strcmp(x->opcode, a.opcode) == 0 && strcmp(x->op, a.op) == 0 && x->bits == a.bits &&
		    x->shared == a.shared) {
			add(&x->executed, num_ll(fld(c, k->executed), d, where, c->row, "Instructions Executed"));
			if (shared) {
				add(&x->wavefronts, num_ll(fld(c, k->wavefronts), d, where, c->row, "L1 Wavefronts Shared"));
				add(&x->ideal_wavefronts, num_ll(fld(c, k->ideal_wavefronts), d, where, c->row,
								 "L1 Wavefronts Shared Ideal"));
				return;
			}
			add(&x->sectors, num_ll(fld(c, k->sectors), d, where, c->row, "L2 Theoretical Sectors Global"));
			add(&x->excessive, num_ll(fld(c, k->excessive), d, where, c->row,
						  "L2 Theoretical Sectors Global Excessive"));
			return;
		}
	}
	a.executed = num_ll(fld(c, k->executed), d, where, c->row, "Instructions Executed");
	a.sectors = a.excessive = a.wavefronts = a.ideal_wavefronts = -1;
	if (shared) {
		a.wavefronts = num_ll(fld(c, k->wavefronts), d, where, c->row, "L1 Wavefronts Shared");
		a.ideal_wavefronts = num_ll(fld(c, k->ideal_wavefronts), d, where, c->row, "L1 Wavefronts Shared Ideal");
	} else {
		a.sectors = num_ll(fld(c, k->sectors), d, where, c->row, "L2 Theoretical Sectors Global");
		a.excessive = num_ll(fld(c, k->excessive), d, where, c->row, "L2 Theoretical Sectors Global Excessive");
	}
	KA_GROW(l->access, l->n_access, l->cap_access, 4);
	l->access[l->n_access++] = a;
}

/* A source line's totals from its row, added to what the kernel's other
 * tables gave it. */
static void src_line(struct ka_ncu_line *l, const struct csv *c, const struct src_cols *k, struct ka_diag *d,
		     const char *where)
{
	long long wf = num_ll(fld(c, k->wavefronts), d, where, c->row, "L1 Wavefronts Shared");
	double nway = num_d(fld(c, k->nway), d, where, c->row, "L1 Conflicts Shared N-Way");

	add(&l->sectors, num_ll(fld(c, k->sectors), d, where, c->row, "L2 Theoretical Sectors Global"));
	add(&l->excessive, num_ll(fld(c, k->excessive), d, where, c->row, "L2 Theoretical Sectors Global Excessive"));
	add(&l->ideal, num_ll(fld(c, k->ideal), d, where, c->row, "L2 Theoretical Sectors Global Ideal"));
	add(&l->executed, num_ll(fld(c, k->executed), d, where, c->row, "Instructions Executed"));
	add(&l->wavefronts, wf);
	add(&l->ideal_wavefronts, num_ll(fld(c, k->ideal_wavefronts), d, where, c->row, "L1 Wavefronts Shared Ideal"));
	add(&l->divergent, num_ll(fld(c, k->divergent), d, where, c->row, "Divergent Branches"));
	if (nway >= 0) {           /* a mean over the tables, weighted by their wavefronts */
		double w = wf > 0 ? (double)wf : 1.0;
		l->nway = l->nway < 0 ? nway : (l->nway * l->nway_weight + nway * w) / (l->nway_weight + w);
		l->nway_weight += w;
	}
}

static bool blank_row(const struct csv *c)
{
	return c->n == 1 && !*fld(c, 0);
}

/* A row ncu itself wrote into the export ("==WARNING== ..."): shown once. */
static bool ncu_message(const struct csv *c, struct ka_diag *d, const char *where)
{
	if (strncmp(fld(c, 0), "==", 2) != 0)
		return false;
	ka_diag_warn_once(d, "ncu-message", where, "row %ld: ncu's own message, left out: %.200s", c->row, fld(c, 0));
	return true;
}

/* An export is text: neither empty nor holding a NUL byte (what = "source"
 * or "details", for the message). */
static bool export_text(const char *text, size_t len, const char *what, const char *where, struct ka_diag *d)
{
	const char *nul = len ? memchr(text, '\0', len) : NULL;
	if (len == 0)
		ka_diag_error(d, KA_EXIT_USAGE, where, "empty file: not an Nsight Compute %s export", what);
	else if (nul)
		ka_diag_error(d, KA_EXIT_USAGE, where, "a NUL byte at offset %zu: not a CSV export",
			      (size_t)(nul - text));
	return len > 0 && !nul;
}

int ka_ncu_source_read(const char *text, size_t len, const char *where, struct ka_ncu_profile *p,
		       struct ka_diag *d)
{
	struct csv c = {.p = text, .len = text ? len : 0};
	struct src_cols k = {0};
	const char *kernel = NULL, *file = NULL, *why = NULL, *row_why = NULL;
	size_t cur = SIZE_MAX;            /* the line the SASS rows belong to */
	bool table = false, line_skipped = false;   /* the SASS rows' line was left out */
	int r, rc = 0;

	if (!export_text(text, c.len, "source", where, d))
		return -EINVAL;
	while ((r = csv_next(&c, &why)) > 0) {
		const char *f0 = fld(&c, 0);
		if (blank_row(&c) || ncu_message(&c, d, where))
			continue;
		if (strcmp(f0, "File Path") == 0 || strcmp(f0, "Function Name") == 0) {
			if (strcmp(f0, "File Path") == 0)
				file = intern(&p->files, &p->n_files, &p->cap_files, fld(&c, 1));
			else
				kernel = intern(&p->kernels, &p->n_kernels, &p->cap_kernels, fld(&c, 1));
			table = false;
			cur = SIZE_MAX;
			line_skipped = false;
			continue;
		}
		if (strcmp(f0, "Line No") == 0) {
			src_cols_read(&c, &k);
			if (!kernel || !file || k.addr < 0) {
				ka_diag_error(d, KA_EXIT_USAGE, where, "row %ld: a table header %s", c.row,
					      k.addr < 0 ? "without an \"Address\" column: not an Nsight Compute source "
							   "export (--print-source cuda,sass)"
							 : "before its \"File Path\" and \"Function Name\" rows");
				rc = -EINVAL;
				break;
			}
			table = true;
			p->tables++;
			cur = SIZE_MAX;
			line_skipped = false;
			continue;
		}
		if (!table) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "row %ld: not an Nsight Compute source export: expected a "
				      "\"File Path\", \"Function Name\" or \"Line No\" row, found '%.40s'", c.row, f0);
			rc = -EINVAL;
			break;
		}
		/* ncu writes every column of its table in every row: a row
		 * that has not its header's fields, its text mended or not,
		 * is left out (its numbers would land in other columns) */
		if (!csv_mend(&c, *f0 ? k.text : k.sass, k.n, &row_why)) {
			ka_diag_warn(d, where, "row %ld: %zu fields where its table's header (row %ld) has %zu: %s; the "
				     "row%s left out", c.row, c.n, k.row, k.n, row_why,
				     *f0 ? " and the instructions after it are" : " is");
			p->skipped++;
			if (*f0) {                          /* a line's row: its SASS rows go with it */
				cur = SIZE_MAX;
				line_skipped = true;
			}
			continue;
		}
		f0 = fld(&c, 0);
		if (*f0) {                                  /* a source line and its totals */
			line_skipped = false;
			long long line = num_ll(f0, d, where, c.row, "Line No");
			if (line <= 0 || line > INT_MAX) {
				cur = SIZE_MAX;
				continue;
			}
			cur = line_get(p, kernel, file, (int)line);
			struct ka_ncu_line *l = &p->lines[cur];
			if (l->table == p->tables)          /* the same line twice in one table */
				continue;
			l->table = p->tables;
			l->n_addr = 0;
			src_line(l, &c, &k, d, where);
			continue;
		}
		const char *addr = fld(&c, k.addr);           /* a SASS row */
		if (!*addr || strcmp(addr, "...") == 0)
			continue;
		if (cur == SIZE_MAX) {
			if (!line_skipped)
				ka_diag_warn_once(d, "ncu-orphan", where, "row %ld: an instruction before any source line of "
						  "its table: left out", c.row);
			continue;
		}
		if (strncmp(fld(&c, k.space), "Global", 6) == 0 || strncmp(fld(&c, k.space), "Shared", 6) == 0)
			src_instruction(&p->lines[cur], &c, &k, fld(&c, k.space)[0] == 'S', d, where);
		else if (strncmp(fld(&c, k.space), "Local", 5) == 0)
			src_local(&p->lines[cur], &c, &k, d, where);
	}
	if (r < 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "row %ld: %s", c.row, why);
		rc = -EINVAL;
	}
	if (rc == 0 && p->tables == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "no kernel table (\"Function Name\" and \"Line No\" rows): not an "
			      "Nsight Compute source export");
		rc = -EINVAL;
	}
	csv_free(&c);
	return rc;
}

/* ---- the details page ----------------------------------------------------------- */

struct det_cols {
	int id, kernel, block, grid, cc, name, unit, value;
};

/* Up to three integers of "(256, 1, 1)"; a lone "256" is (256, 1, 1); a
 * comma before exactly three digits is a thousands separator ("16,384"). */
static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static void dims_of(const char *s, int out[3])
{
	int n = 0;
	out[0] = out[1] = out[2] = 0;
	while (*s && n < 3) {
		long v = 0;
		if (!digit(*s)) {
			s++;
			continue;
		}
		for (;;) {
			if (digit(*s)) {
				if (v < 100000000)
					v = v * 10 + (*s - '0');
				s++;
			} else if (*s == ',' && digit(s[1]) && digit(s[2]) && digit(s[3]) && !digit(s[4]))
				s++;
			else
				break;
		}
		out[n++] = (int)v;
	}
	for (int i = n ? n : 3; i < 3; i++)
		out[i] = 1;
}

/* Bytes from a value and ncu's unit ("byte/block", "Kbyte/block": K is
 * 1000; KiB 1024).  -1 unknown; *rounded when the unit scaled it. */
static long bytes_of(double v, const char *unit, bool *rounded)
{
	double m = 1;
	if (v < 0)
		return -1;
	if (unit[0] == 'K' || unit[0] == 'k')
		m = unit[1] == 'i' ? 1024.0 : 1000.0;
	else if (unit[0] == 'M')
		m = unit[1] == 'i' ? 1048576.0 : 1e6;
	else if (unit[0] == 'G')
		m = unit[1] == 'i' ? 1073741824.0 : 1e9;
	if (m > 1)
		*rounded = true;
	v = floor(v * m + 0.5);
	return v < (double)LONG_MAX ? (long)v : LONG_MAX;
}

struct det_rec {
	char *id;
	struct ka_ncu_launch l;
};

static void det_metric(struct ka_ncu_launch *l, const struct csv *c, const struct det_cols *k, struct ka_diag *d,
		       const char *where)
{
	const char *name = fld(c, k->name), *unit = fld(c, k->unit), *value = fld(c, k->value);

	if (strcmp(name, "Registers Per Thread") == 0)
		l->regs = (long)num_ll(value, d, where, c->row, name);
	else if (strcmp(name, "Static Shared Memory Per Block") == 0)
		l->static_smem = bytes_of(num_d(value, d, where, c->row, name), unit, &l->smem_rounded);
	else if (strcmp(name, "Dynamic Shared Memory Per Block") == 0)
		l->dynamic_smem = bytes_of(num_d(value, d, where, c->row, name), unit, &l->smem_rounded);
	else if (strcmp(name, "Block Limit Registers") == 0)
		l->block_limit_regs = (long)num_ll(value, d, where, c->row, name);
	else if (strcmp(name, "Theoretical Occupancy") == 0)
		l->theoretical = num_d(value, d, where, c->row, name);
	else if (strcmp(name, "Achieved Occupancy") == 0)
		l->achieved = num_d(value, d, where, c->row, name);
	else if (strcmp(name, "Block Size") == 0 && k->block < 0)
		dims_of(value, l->block);
	else if (strcmp(name, "Grid Size") == 0 && k->grid < 0)
		dims_of(value, l->grid);
}

/* A details row as ncu writes it: a rule's row has the header's fields, a
 * metric's stops after its value (and a comma: "...","16",).  A metric's
 * row with more is a kernel name split at a quote and a comma (ncu's
 * unescaped quotes, csv_mend): joined again.  false: not so. */
static bool det_fields(struct csv *c, const struct det_cols *k, size_t n_header)
{
	size_t metric = (size_t)k->value + 2;
	const char *why;
	if (c->n == n_header || c->n == metric || c->n + 1 == metric)
		return true;
	return c->n > metric && (c->n < n_header || n_header <= metric) && csv_mend(c, k->kernel, metric, &why);
}

/* The launches of one kernel at one configuration become one entry. */
static void det_merge(struct ka_ncu_profile *p, const struct ka_ncu_launch *l)
{
	struct ka_ncu_launch *x = NULL;
	for (size_t i = 0; i < p->n_launches && !x; i++) {
		struct ka_ncu_launch *y = &p->launches[i];
		if (y->kernel == l->kernel && memcmp(y->block, l->block, sizeof(y->block)) == 0 &&
		    y->dynamic_smem == l->dynamic_smem)
			x = y;
	}
	if (!x) {
		KA_GROW(p->launches, p->n_launches, p->cap_launches, 16);
		x = &p->launches[p->n_launches++];
		*x = *l;
		x->launches = 0;
		x->achieved = -1;
		x->achieved_n = 0;
	}
	x->launches++;
	if (l->achieved >= 0) {      /* a running mean */
		x->achieved_n++;
		x->achieved = x->achieved_n == 1 ? l->achieved : x->achieved + (l->achieved - x->achieved) / x->achieved_n;
	}
}

int ka_ncu_details_read(const char *text, size_t len, const char *where, struct ka_ncu_profile *p,
			struct ka_diag *d)
{
	struct csv c = {.p = text, .len = text ? len : 0};
	struct det_cols k = {-1, -1, -1, -1, -1, -1, -1, -1};
	struct det_rec *recs = NULL;
	size_t n = 0, cap = 0, last = 0, n_header = 0;
	const char *why = NULL;
	bool header = false;
	int r, rc = 0;

	if (!export_text(text, c.len, "details", where, d))
		return -EINVAL;
	while ((r = csv_next(&c, &why)) > 0) {
		if (blank_row(&c) || ncu_message(&c, d, where))
			continue;
		if (!header) {
			static const char *const need[] = {"ID", "Kernel Name", "Metric Name", "Metric Value"};
			k = (struct det_cols){col_of(&c, "ID", 0), col_of(&c, "Kernel Name", 0), col_of(&c, "Block Size", 0),
					      col_of(&c, "Grid Size", 0), col_of(&c, "CC", 0), col_of(&c, "Metric Name", 0),
					      col_of(&c, "Metric Unit", 0), col_of(&c, "Metric Value", 0)};
			int have[] = {k.id, k.kernel, k.name, k.value};
			for (int i = 0; i < 4 && rc == 0; i++)
				if (have[i] < 0) {
					ka_diag_error(d, KA_EXIT_USAGE, where, "row %ld: not an Nsight Compute details export "
						      "(--page details --csv): no \"%s\" column", c.row, need[i]);
					rc = -EINVAL;
				}
			if (rc)
				break;
			header = true;
			n_header = c.n;
			continue;
		}
		if (!det_fields(&c, &k, n_header)) {
			if (!*fld(&c, k.name))              /* a rule's text, split by its quotes */
				continue;
			ka_diag_warn(d, where, "row %ld: %zu fields where a metric's row has %d (the header: %zu): the row "
				     "is left out", c.row, c.n, k.value + 2, n_header);
			p->skipped++;
			continue;
		}
		const char *id = fld(&c, k.id), *kernel = fld(&c, k.kernel);
		if (!*fld(&c, k.name))                  /* a rule's advice, no metric */
			continue;
		if (!*id || !*kernel) {
			ka_diag_warn_once(d, "ncu-details-row", where, "row %ld: a metric without a launch ID or kernel "
					  "name: left out", c.row);
			continue;
		}
		if (!(n > 0 && strcmp(recs[last].id, id) == 0)) {   /* rows come grouped by launch */
			for (last = 0; last < n && strcmp(recs[last].id, id) != 0; last++)
				;
			if (last == n) {
				KA_GROW(recs, n, cap, 16);
				struct ka_ncu_launch *l = &recs[n].l;
				recs[n].id = ka_strdup(id);
				*l = (struct ka_ncu_launch){
					.kernel = intern(&p->kernels, &p->n_kernels, &p->cap_kernels, kernel),
					.regs = -1, .static_smem = -1, .dynamic_smem = -1, .block_limit_regs = -1,
					.theoretical = -1, .achieved = -1,
				};
				dims_of(fld(&c, k.block), l->block);
				dims_of(fld(&c, k.grid), l->grid);
				snprintf(l->cc, sizeof(l->cc), "%s", fld(&c, k.cc));
				n++;
			}
		}
		if (strcmp(recs[last].l.kernel, kernel) != 0)
			ka_diag_warn_once(d, "ncu-details-id", where, "row %ld: launch %s names two kernels ('%.60s', "
					  "'%.60s'): the first kept", c.row, id, recs[last].l.kernel, kernel);
		else
			det_metric(&recs[last].l, &c, &k, d, where);
	}
	if (r < 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "row %ld: %s", c.row, why);
		rc = -EINVAL;
	}
	if (rc == 0 && n == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "no launch (rows with an \"ID\" and a \"Metric Name\"): not an "
			      "Nsight Compute details export");
		rc = -EINVAL;
	}
	for (size_t i = 0; i < n; i++) {
		if (rc == 0)
			det_merge(p, &recs[i].l);
		free(recs[i].id);
	}
	free(recs);
	csv_free(&c);
	return rc;
}

/* ---- registers (frontends.h: the rule and its worked table) --------------------- */

long ka_ncu_regs_allocated(long regs, int unit)
{
	if (regs < 0)
		return -1;
	if (unit < 1)
		unit = 1;
	if (regs < KA_NCU_MIN_REGS)
		regs = KA_NCU_MIN_REGS;
	return regs > LONG_MAX - unit ? regs : (regs + unit - 1) / unit * unit;
}

enum ka_ncu_regs ka_ncu_regs_compare(long ptxas, long ncu, int unit)
{
	if (ptxas == ncu)
		return KA_NCU_REGS_EQUAL;
	if (ptxas >= 0 && ncu >= 0 && ka_ncu_regs_allocated(ptxas, unit) == ka_ncu_regs_allocated(ncu, unit))
		return KA_NCU_REGS_SAME_ALLOCATION;
	return KA_NCU_REGS_DIFFER;
}

void ka_ncu_profile_free(struct ka_ncu_profile *p)
{
	for (size_t i = 0; i < p->n_kernels; i++)
		free(p->kernels[i]);
	for (size_t i = 0; i < p->n_files; i++)
		free(p->files[i]);
	for (size_t i = 0; i < p->n_lines; i++) {
		free(p->lines[i].access);
		free(p->lines[i].addr);
	}
	free(p->kernels);
	free(p->files);
	free(p->lines);
	free(p->slot);
	free(p->launches);
	memset(p, 0, sizeof(*p));
}

/* ---- kernel names --------------------------------------------------------------
 * ncu writes "copy(const float *, float *, int)", c++filt "copy(float
 * const*, float*, int)".  The key: tokens without blanks (one space between
 * two words), cv-qualifiers before a type name moved after it, no leading
 * "void ".  Worked:
 *
 *   const float *        -> float const*
 *   float const*         -> float const*
 *   const unsigned int   -> unsigned int const
 *   float *const         -> float*const          (kept: it qualifies the pointer)
 *   void k<256>(float *) -> k<256>(float*)                                       */

struct tok {
	const char *s;
	size_t n;
};

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
	       c == '.';
}

static bool tok_is(const struct tok *t, const char *s)
{
	return t->n == strlen(s) && memcmp(t->s, s, t->n) == 0;
}

static bool tok_word(const struct tok *t)
{
	return is_word_char(t->s[0]);
}

static bool tok_cv(const struct tok *t)
{
	return tok_is(t, "const") || tok_is(t, "volatile");
}

static void emit(struct ka_buf *out, const struct tok *t)
{
	if (out->len > 0 && is_word_char(out->data[out->len - 1]) && tok_word(t))
		ka_buf_puts(out, " ");
	ka_buf_append(out, t->s, t->n);
}

static size_t emit_list(const struct tok *t, size_t i, size_t end, struct ka_buf *out, const char *close);

/* One declaration (a parameter, a template argument) up to a ',' or the
 * enclosing list's closer. */
static size_t emit_decl(const struct tok *t, size_t i, size_t end, struct ka_buf *out, const char *close)
{
	static const struct tok k_const = {"const", 5}, k_volatile = {"volatile", 8};
	bool c = false, v = false, named = false;
	int depth = 0;

	for (; i < end && tok_cv(&t[i]); i++)
		*(tok_is(&t[i], "const") ? &c : &v) = true;
	while (i < end) {
		if (tok_word(&t[i]) && !tok_cv(&t[i])) {
			emit(out, &t[i++]);
			named = true;
		} else if (tok_is(&t[i], "::")) {
			emit(out, &t[i++]);
		} else if (named && tok_is(&t[i], "<")) {
			emit(out, &t[i]);
			i = emit_list(t, i + 1, end, out, ">");
			if (i < end)
				emit(out, &t[i++]);
		} else {
			break;
		}
	}
	for (; named && i < end && tok_cv(&t[i]); i++)     /* "float const": the same qualifier */
		*(tok_is(&t[i], "const") ? &c : &v) = true;
	if (c)
		emit(out, &k_const);
	if (v)
		emit(out, &k_volatile);
	for (; i < end; i++) {                              /* the declarator as written */
		if (depth == 0 && (tok_is(&t[i], ",") || tok_is(&t[i], close)))
			break;
		if (tok_is(&t[i], "(") || tok_is(&t[i], "<") || tok_is(&t[i], "["))
			depth++;
		else if ((tok_is(&t[i], ")") || tok_is(&t[i], ">") || tok_is(&t[i], "]")) && depth > 0)
			depth--;
		emit(out, &t[i]);
	}
	return i;
}

static size_t emit_list(const struct tok *t, size_t i, size_t end, struct ka_buf *out, const char *close)
{
	for (;;) {
		i = emit_decl(t, i, end, out, close);
		if (i < end && tok_is(&t[i], ",")) {
			emit(out, &t[i++]);
			continue;
		}
		return i;
	}
}

void ka_ncu_name_key(const char *name, struct ka_buf *out)
{
	struct tok *t = NULL;
	size_t n = 0, cap = 0, lp, i = 0;
	int depth = 0;

	out->len = 0;
	ka_buf_puts(out, "");
	for (const char *s = name; s && *s;) {
		struct tok x = {s, 1};
		if (*s == ' ' || *s == '\t') {
			s++;
			continue;
		}
		if (is_word_char(*s))
			while (is_word_char(s[x.n]))
				x.n++;
		else if (s[0] == ':' && s[1] == ':')
			x.n = 2;
		KA_GROW(t, n, cap, 32);
		t[n++] = x;
		s += x.n;
	}
	/* the parameter list: the '(' that the last ')' closes */
	lp = n;
	if (n > 0 && tok_is(&t[n - 1], ")"))
		for (size_t j = n; j-- > 0;) {
			if (tok_is(&t[j], ")"))
				depth++;
			else if (tok_is(&t[j], "(") && --depth == 0) {
				lp = j;
				break;
			}
		}
	if (lp > 1 && tok_is(&t[0], "void"))
		i = 1;
	if (i < lp)
		i = emit_decl(t, i, lp, out, "(");
	for (; i < lp; i++)                                 /* whatever the name part holds beyond */
		emit(out, &t[i]);
	if (lp < n) {
		emit(out, &t[lp]);
		i = emit_list(t, lp + 1, n, out, ")");
		for (; i < n; i++)
			emit(out, &t[i]);
	}
	free(t);
}
