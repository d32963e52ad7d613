/* ptxas_log.c — read the text `ptxas -v` prints (through nvcc -Xptxas -v).
 *
 * Expects the CUDA 11–13 forms:
 *   ptxas info    : Compiling entry function '_Z9reduce_r6PKfPf' for 'sm_90'
 *   ptxas info    : Function properties for _Z9reduce_r6PKfPf
 *       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
 *   ptxas info    : Used 15 registers, used 1 barriers, 400 bytes smem
 *   ptxas info    : Used 96 registers, used 0 barriers, 256 bytes cumulative stack size
 *   ptxas info    : Used 22 registers, 384 bytes smem, 368 bytes cmem[0]   (older)
 * "Function properties for" also appears for non-entry device functions; the
 * stack/spill line that follows belongs to that function.  Items the parser
 * does not know are counted and reported once each, never silently dropped. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Index of the entry named name[0..n), created if new.  Indices, not
 * pointers, are kept across calls: adding an entry may move the array. */
static long entry_get(struct ka_ptxas_log *log, const char *name, size_t n)
{
	struct ka_ptxas_entry *e;

	for (size_t i = 0; i < log->n; i++)
		if (strlen(log->v[i].mangled) == n && memcmp(log->v[i].mangled, name, n) == 0)
			return (long)i;
	KA_GROW(log->v, log->n, log->cap, 8);
	e = &log->v[log->n++];
	memset(e, 0, sizeof(*e));
	e->mangled = ka_xmalloc(n + 1);
	memcpy(e->mangled, name, n);
	e->mangled[n] = '\0';
	e->regs = e->barriers = e->stack_frame = e->spill_stores = e->spill_loads = KA_UNSET;
	e->cumulative_stack = e->smem = e->cmem0 = KA_UNSET;
	return (long)(log->n - 1);
}

/* Copy the quoted or bare name that starts at p (up to `end`). */
static size_t name_span(const char *p, const char *end, const char **start)
{
	const char *q;
	if (p < end && *p == '\'') {
		p++;
		q = memchr(p, '\'', (size_t)(end - p));
		if (!q)
			q = end;
	} else {
		q = p;
		while (q < end && !isspace((unsigned char)*q))
			q++;
	}
	*start = p;
	return (size_t)(q - p);
}

static bool parse_long(const char **pp, const char *end, long *out)
{
	const char *p = *pp;
	long v = 0;
	bool any = false;
	while (p < end && *p == ' ')
		p++;
	while (p < end && isdigit((unsigned char)*p)) {
		if (v > (long)1e15)
			return false;
		v = v * 10 + (*p - '0');
		p++;
		any = true;
	}
	if (!any)
		return false;
	*pp = p;
	*out = v;
	return true;
}

static bool starts(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

static void unsupported(struct ka_ptxas_log *log, struct ka_diag *d, const char *where,
			const char *item, size_t n)
{
	char key[96];
	char shown[64];
	size_t k = n < sizeof(shown) - 1 ? n : sizeof(shown) - 1;
	const char *p = item;

	memcpy(shown, item, k);
	shown[k] = '\0';
	/* the kind of item, without its number: "bytes foo" */
	while (p < item + n && (isdigit((unsigned char)*p) || *p == ' '))
		p++;
	snprintf(key, sizeof(key), "ptxas:%.*s", (int)((item + n - p) < 60 ? (item + n - p) : 60), p);
	log->unsupported_lines++;
	ka_diag_warn_once(d, key, where, "unsupported ptxas -v item '%s' (ignored)", shown);
}

/* One comma-separated item of a line: `lead`, a number, then text starting
 * with `what`; the number goes to the entry's field at `field` (IGNORED:
 * understood, not a per-kernel resource).  An item no row reads is
 * unsupported. */
enum { IGNORED = -1 };
struct item {
	const char *lead, *what;
	long field;
};
#define FIELD(f) ((long)offsetof(struct ka_ptxas_entry, f))
#define N_ITEMS(a) (sizeof(a) / sizeof((a)[0]))

/* "Used 15 registers, used 1 barriers, 400 bytes smem, ..." */
static const struct item usage_items[] = {
	{"Used ", " registers", FIELD(regs)},     {"used ", " registers", FIELD(regs)},
	{"Used ", " barriers", FIELD(barriers)},  {"used ", " barriers", FIELD(barriers)},
	{"", " bytes smem", FIELD(smem)},         {"", " bytes cumulative stack size", FIELD(cumulative_stack)},
	{"", " bytes cmem[0]", FIELD(cmem0)},
	/* other constant banks, globals: not per-kernel resources */
	{"", " bytes cmem[", IGNORED}, {"", " bytes gmem", IGNORED}, {"", " bytes lmem", IGNORED},
	{"", " bytes tmem", IGNORED},
};

/* "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" */
static const struct item frame_items[] = {
	{"", " bytes stack frame", FIELD(stack_frame)},
	{"", " bytes spill stores", FIELD(spill_stores)},
	{"", " bytes spill loads", FIELD(spill_loads)},
};

static bool item_read(struct ka_ptxas_entry *e, const struct item *it, const char *item, const char *stop)
{
	const char *q = item;
	long v;

	if (!starts(q, stop, it->lead))
		return false;
	q += strlen(it->lead);
	if (!parse_long(&q, stop, &v) || !starts(q, stop, it->what))
		return false;
	if (it->field != IGNORED)
		*(long *)((char *)e + it->field) = v;
	return true;
}

static void parse_items(struct ka_ptxas_log *log, struct ka_ptxas_entry *e, const struct item *items, size_t n_items,
			const char *p, const char *end, struct ka_diag *d, const char *where)
{
	while (p < end) {
		const char *comma = memchr(p, ',', (size_t)(end - p));
		const char *stop = comma ? comma : end;
		const char *item = p;
		size_t i = 0;

		while (item < stop && *item == ' ')
			item++;
		while (i < n_items && !item_read(e, &items[i], item, stop))
			i++;
		if (i == n_items && item < stop)
			unsupported(log, d, where, item, (size_t)(stop - item));
		p = comma ? comma + 1 : end;
	}
}

void ka_ptxas_log_parse(const char *text, size_t len, struct ka_ptxas_log *log,
			struct ka_diag *d, const char *where)
{
	const char *p = text, *end = text + len;
	long compiling = -1;   /* last "Compiling entry function"  */
	long props = -1;       /* last "Function properties for"   */

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		const char *q = p;
		const char *name;
		size_t n;

		if (eol > p && eol[-1] == '\r')
			eol--;
		if (starts(q, eol, "ptxas info")) {
			q = memchr(q, ':', (size_t)(eol - q));
			q = q ? q + 1 : eol;
			while (q < eol && *q == ' ')
				q++;
			if (starts(q, eol, "Compiling entry function ")) {
				q += strlen("Compiling entry function ");
				n = name_span(q, eol, &name);
				compiling = entry_get(log, name, n);
				struct ka_ptxas_entry *e = &log->v[compiling];
				e->is_entry = 1;
				q = name + n;
				const char *f = memmem(q, (size_t)(eol - q), "for '", 5);
				if (f) {
					f += 5;
					const char *fe = memchr(f, '\'', (size_t)(eol - f));
					size_t an = fe ? (size_t)(fe - f) : 0;
					if (an < sizeof(e->arch)) {
						memcpy(e->arch, f, an);
						e->arch[an] = '\0';
					}
				}
				props = -1;
			} else if (starts(q, eol, "Compiling function ")) {
				q += strlen("Compiling function ");
				n = name_span(q, eol, &name);
				compiling = entry_get(log, name, n);
				props = -1;
			} else if (starts(q, eol, "Function properties for ")) {
				q += strlen("Function properties for ");
				n = name_span(q, eol, &name);
				props = entry_get(log, name, n);
			} else if (starts(q, eol, "Used ") || starts(q, eol, "used ")) {
				long i = compiling >= 0 ? compiling : props;
				if (i >= 0)
					parse_items(log, &log->v[i], usage_items, N_ITEMS(usage_items), q, eol, d, where);
				else
					unsupported(log, d, where, q, (size_t)(eol - q));
			} else if (starts(q, eol, "Compile time") || memmem(q, (size_t)(eol - q), "bytes gmem", 10) ||
				   starts(q, eol, "Overriding") || starts(q, eol, "Finalizing")) {
				; /* known, not a per-kernel resource */
			} else if (q < eol) {
				unsupported(log, d, where, q, (size_t)(eol - q));
			}
		} else {
			while (q < eol && (*q == ' ' || *q == '\t'))
				q++;
			if (props >= 0 && q < eol && isdigit((unsigned char)*q) &&
			    memmem(q, (size_t)(eol - q), "stack frame", 11))
				parse_items(log, &log->v[props], frame_items, N_ITEMS(frame_items), q, eol, d, where);
		}
		p = nl ? nl + 1 : end;
	}
}

void ka_ptxas_log_free(struct ka_ptxas_log *log)
{
	for (size_t i = 0; i < log->n; i++)
		free(log->v[i].mangled);
	free(log->v);
	memset(log, 0, sizeof(*log));
}

const struct ka_ptxas_entry *ka_ptxas_log_find(const struct ka_ptxas_log *log, const char *mangled)
{
	for (size_t i = 0; i < log->n; i++)
		if (strcmp(log->v[i].mangled, mangled) == 0)
			return &log->v[i];
	return NULL;
}
