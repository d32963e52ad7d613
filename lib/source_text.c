/* source_text.c — the source lines the per-line views show (--lines,
 * --format html): the text of every file a kernel's accesses or findings
 * name, read once per run when the request asks for it.  The writers read
 * the result and nothing else, so the text travels in it.
 *
 * The files are those the compile read (the machine code's line table
 * names them) or the inputs themselves; a file that cannot be read now, or
 * is over SOURCE_MAX bytes, has no text: the views show its line numbers
 * alone.  Bytes are kept as they are -- a writer escapes them for its
 * format. */
#include "lib.h"
#include "machine.h"

#include <stdlib.h>
#include <string.h>

enum { SOURCE_MAX = 8 << 20 };

static struct ka_source_text *find(const struct ka_result *r, const char *path)
{
	for (size_t i = 0; i < r->n_sources; i++)
		if (strcmp(r->sources[i].path, path) == 0)
			return &r->sources[i];
	return NULL;
}

static void add(struct ka_result *r, const char *path, size_t *cap)
{
	struct ka_buf text = {0};
	if (!path || !*path || find(r, path))
		return;
	KA_GROW(r->sources, r->n_sources, *cap, 8);
	struct ka_source_text *s = &r->sources[r->n_sources++];
	*s = (struct ka_source_text){.path = ka_strdup(path)};
	if (ka_read_file(path, SOURCE_MAX, &text) != 0) {
		ka_buf_free(&text);
		return;                   /* no text: line numbers only */
	}
	s->text = text.data ? text.data : ka_strdup("");
	s->len = text.len;
	size_t lines = 1;
	for (size_t i = 0; i < s->len; i++)
		lines += s->text[i] == '\n';
	s->line_start = ka_xcalloc(lines + 1, sizeof(*s->line_start));
	s->line_start[s->n_lines++] = 0;
	for (size_t i = 0; i < s->len; i++)
		if (s->text[i] == '\n' && i + 1 < s->len)
			s->line_start[s->n_lines++] = i + 1;
}

void ka_source_texts(struct ka_result *r)
{
	size_t cap = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct ka_kernel_result *kr = &r->v[i];
		if (!kr->has_source)
			continue;
		add(r, kr->k->def_file ? kr->k->def_file : kr->k->file, &cap);
		for (size_t j = 0; kr->accesses && j < kr->accesses->n; j++) {
			const struct ka_mach_access *a = &kr->accesses->v[j];
			add(r, a->file, &cap);
			for (int c = 0; c < a->n_inlined; c++)
				add(r, a->inl_file[c], &cap);
		}
	}
}

const char *ka_source_line(const struct ka_result *r, const char *path, int line, size_t *len)
{
	const struct ka_source_text *s = path ? find(r, path) : NULL;
	if (!s || !s->text || line < 1 || line > s->n_lines)
		return NULL;
	size_t at = s->line_start[line - 1];
	size_t end = at;
	while (end < s->len && s->text[end] != '\n')
		end++;
	if (end > at && s->text[end - 1] == '\r')
		end--;
	*len = end - at;
	return s->text + at;
}

int ka_source_lines(const struct ka_result *r, const char *path)
{
	const struct ka_source_text *s = path ? find(r, path) : NULL;
	return s && s->text ? s->n_lines : 0;
}

void ka_source_texts_free(struct ka_result *r)
{
	for (size_t i = 0; i < r->n_sources; i++) {
		free(r->sources[i].path);
		free(r->sources[i].text);
		free(r->sources[i].line_start);
	}
	free(r->sources);
	r->sources = NULL;
	r->n_sources = 0;
}
