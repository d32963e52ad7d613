/* maps.c — the analyzer's bookkeeping: a hash map from libclang cursors to
 * indices (clang_hashCursor + clang_equalCursors, open addressing), the
 * per-node values, the per-function records and an intern table for the
 * names the "why" texts point at.  Everything is owned by one ka_an. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

int ka_cmap_get(const struct ka_cmap *m, CXCursor c)
{
	if (!m->cap)
		return -1;
	size_t i = clang_hashCursor(c) & (m->cap - 1);
	for (;;) {
		if (m->vals[i] < 0)
			return -1;
		if (clang_equalCursors(m->keys[i], c))
			return m->vals[i];
		i = (i + 1) & (m->cap - 1);
	}
}

static void cmap_grow(struct ka_cmap *m)
{
	struct ka_cmap n = {0};
	n.cap = m->cap ? 2 * m->cap : 256;
	n.keys = ka_xcalloc(n.cap, sizeof(*n.keys));
	n.vals = ka_xmalloc(n.cap * sizeof(*n.vals));
	for (size_t i = 0; i < n.cap; i++)
		n.vals[i] = -1;
	for (size_t i = 0; i < m->cap; i++)
		if (m->vals[i] >= 0)
			ka_cmap_put(&n, m->keys[i], m->vals[i]);
	free(m->keys);
	free(m->vals);
	*m = n;
}

void ka_cmap_put(struct ka_cmap *m, CXCursor c, int val)
{
	if ((m->n + 1) * 10 >= m->cap * 7)
		cmap_grow(m);
	size_t i = clang_hashCursor(c) & (m->cap - 1);
	while (m->vals[i] >= 0) {
		if (clang_equalCursors(m->keys[i], c)) {
			m->vals[i] = val;
			return;
		}
		i = (i + 1) & (m->cap - 1);
	}
	m->keys[i] = c;
	m->vals[i] = val;
	m->n++;
}

void ka_cmap_free(struct ka_cmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

const char *ka_intern(struct ka_strtab *t, const char *s)
{
	if (!s)
		return NULL;
	for (size_t i = t->n; i-- > 0 && i + 64 >= t->n;)   /* recent names repeat */
		if (strcmp(t->v[i], s) == 0)
			return t->v[i];
	KA_GROW(t->v, t->n, t->cap, 64);
	t->v[t->n] = ka_strdup(s);
	return t->v[t->n++];
}

void ka_strtab_free(struct ka_strtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

struct ka_node *ka_node_get(struct ka_an *an, CXCursor c)
{
	int i = ka_cmap_get(&an->node_ix, c);
	if (i >= 0)
		return &an->nodes[i];
	KA_GROW(an->nodes, an->n_nodes, an->cap_nodes, 1024);
	struct ka_node *n = &an->nodes[an->n_nodes];
	memset(n, 0, sizeof(*n));
	n->cur = c;
	n->op = -1;
	n->intrin = -2;
	ka_cmap_put(&an->node_ix, c, (int)an->n_nodes);
	an->n_nodes++;
	return n;
}

const struct ka_node *ka_node_find(const struct ka_an *an, CXCursor c)
{
	int i = ka_cmap_get(&an->node_ix, c);
	return i >= 0 && an->nodes[i].visited ? &an->nodes[i] : NULL;
}

struct ka_fninfo *ka_fninfo_get(struct ka_an *an, CXCursor fn)
{
	int i = ka_cmap_get(&an->fn_ix, fn);
	if (i >= 0)
		return &an->fns[i];
	KA_GROW(an->fns, an->n_fns, an->cap_fns, 32);
	struct ka_fninfo *f = &an->fns[an->n_fns];
	memset(f, 0, sizeof(*f));
	f->fn = fn;
	ka_cmap_put(&an->fn_ix, fn, (int)an->n_fns);
	an->n_fns++;
	return f;
}
