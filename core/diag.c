/* diag.c — the caller-owned diagnostics context: every message kanalyze
 * prints about its inputs goes through here, so the worst exit code is known
 * at the end and tests can capture the text. */
#define _GNU_SOURCE
#include "core.h"

#include <stdlib.h>
#include <string.h>

void ka_diag_init(struct ka_diag *d, FILE *out)
{
	memset(d, 0, sizeof(*d));
	d->out = out ? out : stderr;
}

void ka_diag_fini(struct ka_diag *d)
{
	for (size_t i = 0; i < d->n_records; i++) {
		free(d->records[i].where);
		free(d->records[i].text);
		free(d->records[i].detail);
	}
	free(d->records);
	d->records = NULL;
	d->n_records = d->cap_records = 0;
	free(d->once_keys);
	d->once_keys = NULL;
	d->once_len = 0;
}

static void emit(struct ka_diag *d, const char *sev, const char *where, const char *fmt, va_list ap)
{
	if (where && *where)
		fprintf(d->out, "kanalyze: %s: %s", where, sev);
	else
		fprintf(d->out, "kanalyze: %s", sev);
	vfprintf(d->out, fmt, ap);
	fputc('\n', d->out);
	fflush(d->out);
}

/* Errors are also kept (at most KA_DIAG_KEEP), for a report that carries
 * them: SARIF's toolExecutionNotifications. */
static void record(struct ka_diag *d, int code, const char *where, const char *fmt, va_list ap)
{
	struct ka_diag_record *r;
	char *text = NULL;

	if (d->n_records >= KA_DIAG_KEEP || vasprintf(&text, fmt, ap) < 0)
		return;
	KA_GROW(d->records, d->n_records, d->cap_records, 8);
	r = &d->records[d->n_records++];
	r->code = code;
	r->where = where && *where ? ka_strdup(where) : NULL;
	r->text = text;
	r->detail = NULL;
}

/* An error: printed, recorded, counted (kept: the run's output stands). */
static void error_va(struct ka_diag *d, int code, bool kept, const char *where, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	emit(d, "", where, fmt, ap);
	record(d, code, where, fmt, again);
	va_end(again);
	d->errors++;
	d->kept += kept;
	if (code > d->exit_code)
		d->exit_code = code;
}

void ka_diag_error(struct ka_diag *d, int code, const char *where, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_va(d, code, false, where, fmt, ap);
	va_end(ap);
}

void ka_diag_error_kept(struct ka_diag *d, int code, const char *where, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	error_va(d, code, true, where, fmt, ap);
	va_end(ap);
}

void ka_diag_detail(struct ka_diag *d, const char *text)
{
	struct ka_diag_record *r;
	if (d->n_records == 0 || !text || !*text)
		return;
	r = &d->records[d->n_records - 1];
	free(r->detail);
	r->detail = ka_strdup(text);
}

void ka_diag_warn(struct ka_diag *d, const char *where, const char *fmt, ...)
{
	va_list ap;
	d->warnings++;
	if (d->quiet)
		return;
	va_start(ap, fmt);
	emit(d, "warning: ", where, fmt, ap);
	va_end(ap);
}

void ka_diag_note(struct ka_diag *d, const char *where, const char *fmt, ...)
{
	va_list ap;
	if (d->quiet)
		return;
	va_start(ap, fmt);
	emit(d, "note: ", where, fmt, ap);
	va_end(ap);
}

void ka_diag_warn_once(struct ka_diag *d, const char *key, const char *where, const char *fmt, ...)
{
	size_t klen = strlen(key);
	const char *p = d->once_keys;
	va_list ap;

	while (p && p < d->once_keys + d->once_len) {
		const char *nl = memchr(p, '\n', d->once_len - (size_t)(p - d->once_keys));
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (len == klen && memcmp(p, key, klen) == 0)
			return;
		p += len + 1;
	}
	d->once_keys = ka_xrealloc(d->once_keys, d->once_len + klen + 2);
	memcpy(d->once_keys + d->once_len, key, klen);
	d->once_len += klen;
	d->once_keys[d->once_len++] = '\n';
	d->once_keys[d->once_len] = '\0';

	d->warnings++;
	if (d->quiet)
		return;
	va_start(ap, fmt);
	emit(d, "warning: ", where, fmt, ap);
	va_end(ap);
}
