/* amd_remarks.c — read LLVM's -Rpass-analysis=kernel-resource-usage text:
 *
 *   k.hip:12:1: remark: Function Name: _Z6reducePKfPf [-Rpass-analysis=...]
 *   k.hip:12:1: remark:     VGPRs: 97 [-Rpass-analysis=kernel-resource-usage]
 *   remark: <stdin>:1:0:   VGPRs: 124           (the location after "remark:")
 *
 * as clang prints it live or as someone saved it (colour escapes, CRLF and
 * a missing option tag are tolerated).  Never trusts the text: anything it
 * does not understand is counted and warned about once per kind. */
#define _GNU_SOURCE
#include "frontends.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum key { K_NAME, K_SGPRS, K_VGPRS, K_AGPRS, K_SCRATCH, K_DYNSTACK, K_OCC, K_SSPILL, K_VSPILL, K_LDS, K_HEADER };

static const struct {
	const char *text;
	enum key key;
} keys[] = {
	{"Function Name", K_NAME},
	{"SGPRs", K_SGPRS},
	{"VGPRs", K_VGPRS},
	{"AGPRs", K_AGPRS},
	{"ScratchSize [bytes/lane]", K_SCRATCH},
	{"Dynamic Stack", K_DYNSTACK},
	{"Occupancy [waves/SIMD]", K_OCC},
	{"SGPRs Spill", K_SSPILL},
	{"VGPRs Spill", K_VSPILL},
	{"LDS Size [bytes/block]", K_LDS},
	{"Kernel Resource Usage", K_HEADER},
};

static const char TAG[] = "-Rpass-analysis=kernel-resource-usage";

/* One line, cleaned: colour escapes and \r removed.  malloc'd. */
static char *clean_line(const char *p, size_t n)
{
	char *s = ka_xmalloc(n + 1), *o = s;
	for (size_t i = 0; i < n; i++) {
		if (p[i] == '\033' && i + 1 < n && p[i + 1] == '[') {
			i += 2;
			while (i < n && !isalpha((unsigned char)p[i]))
				i++;
			continue;
		}
		if (p[i] == '\r' || p[i] == '\0')
			continue;
		*o++ = p[i];
	}
	*o = '\0';
	return s;
}

static char *trim(char *s)
{
	size_t n;
	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* "PATH:LINE:COL:" ending at `end` (exclusive, the ':' before it included).
 * Fills file/line/col; returns 0, or -1 when the text is not a location. */
static int parse_location(const char *s, size_t n, char **file, int *line, int *col)
{
	size_t i = n;
	long v[2];

	while (i && (s[i - 1] == ' ' || s[i - 1] == '\t'))
		i--;
	if (!i || s[i - 1] != ':')
		return -1;
	i--;
	for (int k = 1; k >= 0; k--) {
		size_t e = i;
		while (i && isdigit((unsigned char)s[i - 1]))
			i--;
		if (i == e || !i || s[i - 1] != ':' || e - i > 9)
			return -1;
		v[k] = strtol(s + i, NULL, 10);
		i--;
	}
	if (i == 0)
		return -1;
	*file = ka_xmalloc(i + 1);
	memcpy(*file, s, i);
	(*file)[i] = '\0';
	*line = (int)v[0];
	*col = (int)v[1];
	return 0;
}

/* After "remark:", a location may come first: find ":N:N:" followed by a
 * blank and take what precedes it as the file. */
static char *skip_location_after(char *body, char **file, int *line, int *col)
{
	while (*body == ' ' || *body == '\t')
		body++;
	for (char *p = body; *p; p++) {
		if (*p != ':' || !isdigit((unsigned char)p[1]))
			continue;
		char *q = p + 1;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q != ':' || !isdigit((unsigned char)q[1]))
			continue;
		q++;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q != ':' || (q[1] != ' ' && q[1] != '\t' && q[1] != '\0'))
			continue;
		char *f = NULL;
		if (parse_location(body, (size_t)(q + 1 - body), &f, line, col) == 0) {
			free(*file);
			*file = f;
			return q + 1;
		}
	}
	return body;
}

static struct ka_amd_remark *new_record(struct ka_amd_remarks *out)
{
	struct ka_amd_remark *r;
	KA_GROW(out->v, out->n, out->cap, 16);
	r = &out->v[out->n++];
	memset(r, 0, sizeof(*r));
	r->sgprs = r->vgprs = r->agprs = r->scratch = r->occupancy = KA_UNSET;
	r->sgpr_spill = r->vgpr_spill = r->lds = KA_UNSET;
	r->dynamic_stack = -1;
	return r;
}

static long *slot(struct ka_amd_remark *r, enum key k)
{
	switch (k) {
	case K_SGPRS: return &r->sgprs;
	case K_VGPRS: return &r->vgprs;
	case K_AGPRS: return &r->agprs;
	case K_SCRATCH: return &r->scratch;
	case K_OCC: return &r->occupancy;
	case K_SSPILL: return &r->sgpr_spill;
	case K_VSPILL: return &r->vgpr_spill;
	case K_LDS: return &r->lds;
	default: return NULL;
	}
}

static void unsupported(struct ka_amd_remarks *out, struct ka_diag *d, const char *where, const char *kind,
			const char *what, const char *file, int line)
{
	char key[160], shown[104];
	size_t i;
	/* the log may hold anything: show printable ASCII only */
	for (i = 0; what[i] && i < sizeof(shown) - 1; i++)
		shown[i] = (unsigned char)what[i] < 0x20 || (unsigned char)what[i] >= 0x7f ? '?' : what[i];
	shown[i] = '\0';
	out->unsupported++;
	snprintf(key, sizeof(key), "amd-remark:%s:%s", kind, shown);
	ka_diag_warn_once(d, key, where, "unsupported %s '%s' (first at %s:%d); ignored", kind, shown,
			  file ? file : "?", line);
}

static void parse_line(char *s, struct ka_amd_remarks *out, struct ka_amd_remark **cur, struct ka_diag *d,
		       const char *where)
{
	char *rm = strstr(s, "remark:"), *body, *colon, *tag, *file = NULL;
	int line = 0, col = 0;
	size_t klen;
	int k = -1;

	if (!rm)
		return;
	/* the option tag: other kinds of remark are not ours */
	tag = strrchr(s, '[');
	if (tag && strncmp(tag, "[-R", 3) == 0 && strchr(tag, ']')) {
		if (strncmp(tag + 1, TAG, sizeof(TAG) - 1) != 0) {
			*strchr(tag, ']') = '\0';
			unsupported(out, d, where, "remark kind", tag + 1, NULL, 0);
			return;
		}
		*tag = '\0';
	}
	if (rm > s)
		parse_location(s, (size_t)(rm - s), &file, &line, &col);
	body = skip_location_after(rm + 7, &file, &line, &col);
	body = trim(body);
	if (!*body)
		goto out;
	colon = strrchr(body, ':');
	if (!colon)
		goto bad;
	klen = (size_t)(colon - body);
	if (strcmp(body, "Kernel Resource Usage:") == 0)
		goto out;
	/* "Function Name: X": the name may itself hold ':' (never in a mangled
	 * name, but be safe), so match the known keys from the start. */
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		size_t n = strlen(keys[i].text);
		if (strncmp(body, keys[i].text, n) == 0 && body[n] == ':') {
			k = (int)keys[i].key;
			klen = n;
			colon = body + n;
			break;
		}
	}
	if (k < 0) {
		body[klen] = '\0';
		unsupported(out, d, where, "remark", trim(body), file, line);
		goto out;
	}
	char *val = trim(colon + 1);
	if (k == K_HEADER)
		goto out;
	if (k == K_NAME) {
		if (!*val)
			goto bad;
		*cur = new_record(out);
		(*cur)->name = ka_strdup(val);
		(*cur)->file = file;
		(*cur)->line = line;
		(*cur)->col = col;
		return;
	}
	/* A count with no "Function Name" before it, or one this record already
	 * has, starts an unnamed record (logs trimmed by hand). */
	if (!*cur || (k != K_DYNSTACK && *slot(*cur, (enum key)k) != KA_UNSET) ||
	    (k == K_DYNSTACK && (*cur)->dynamic_stack >= 0)) {
		*cur = new_record(out);
		(*cur)->file = file;
		(*cur)->line = line;
		(*cur)->col = col;
		file = NULL;
	}
	if (k == K_DYNSTACK) {
		if (strcmp(val, "True") == 0 || strcmp(val, "true") == 0)
			(*cur)->dynamic_stack = 1;
		else if (strcmp(val, "False") == 0 || strcmp(val, "false") == 0)
			(*cur)->dynamic_stack = 0;
		else
			goto bad;
		goto out;
	}
	{
		char *end;
		long v;
		errno = 0;
		v = strtol(val, &end, 10);
		if (errno || end == val || *end || v < 0)
			goto bad;
		*slot(*cur, (enum key)k) = v;
		if (k == K_LDS)
			(*cur)->is_kernel = true;
	}
	goto out;
bad:
	unsupported(out, d, where, "remark value", body, file, line);
out:
	free(file);
}

void ka_amd_remarks_parse(const char *text, size_t len, struct ka_amd_remarks *out, struct ka_diag *d,
			  const char *where)
{
	const char *p = text, *end = text + len;
	struct ka_amd_remark *cur = NULL;
	size_t cur_index = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && memmem(p, n, "remark:", 7)) {
			char *s = clean_line(p, n);
			/* records move when the array grows: keep an index */
			if (cur)
				cur = &out->v[cur_index];
			parse_line(s, out, &cur, d, where);
			if (cur)
				cur_index = (size_t)(cur - out->v);
			free(s);
		}
		p = nl ? nl + 1 : end;
	}
}

void ka_amd_remarks_free(struct ka_amd_remarks *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].name);
		free(r->v[i].file);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

const struct ka_amd_remark *ka_amd_remarks_find(const struct ka_amd_remarks *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->v[i].name && strcmp(r->v[i].name, name) == 0)
			return &r->v[i];
	return NULL;
}
