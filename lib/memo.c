/* memo.c — results of the model by their exact inputs, for one session.
 * A library holds thousands of kernels but few distinct launches (the same
 * registers, shared memory, barriers and bounds again and again): the
 * cliffs and best blocks of each distinct launch are computed once.  Keys
 * and values are plain bytes (the caller zeroes a key struct's padding);
 * an open-addressing table over FNV-1a. */
#include "lib.h"

#include <stdlib.h>
#include <string.h>

struct memo_entry {
	void *key, *val;
	size_t klen, vlen;
	uint64_t hash;
};

struct ka_model_memo {
	struct memo_entry *v;
	size_t n, cap;
	size_t *slot;                 /* index + 1 into v; 0 empty */
	size_t n_slots;               /* a power of two, at least 2 * n */
};

static uint64_t fnv1a(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

static size_t *find_slot(const struct ka_model_memo *m, const void *key, size_t klen, uint64_t h)
{
	for (size_t i = h & (m->n_slots - 1);; i = (i + 1) & (m->n_slots - 1)) {
		size_t e = m->slot[i];
		if (e == 0)
			return &m->slot[i];
		const struct memo_entry *x = &m->v[e - 1];
		if (x->hash == h && x->klen == klen && memcmp(x->key, key, klen) == 0)
			return &m->slot[i];
	}
}

struct ka_model_memo *ka_memo_new(void)
{
	struct ka_model_memo *m = ka_xcalloc(1, sizeof(*m));
	m->n_slots = 64;
	m->slot = ka_xcalloc(m->n_slots, sizeof(*m->slot));
	return m;
}

bool ka_memo_get(const struct ka_model_memo *m, const void *key, size_t klen, void *val, size_t vlen)
{
	size_t e;
	if (!m)
		return false;
	e = *find_slot(m, key, klen, fnv1a(key, klen));
	if (e == 0 || m->v[e - 1].vlen != vlen)
		return false;
	memcpy(val, m->v[e - 1].val, vlen);
	return true;
}

static void grow(struct ka_model_memo *m)
{
	free(m->slot);
	m->n_slots *= 2;
	m->slot = ka_xcalloc(m->n_slots, sizeof(*m->slot));
	for (size_t i = 0; i < m->n; i++)
		*find_slot(m, m->v[i].key, m->v[i].klen, m->v[i].hash) = i + 1;
}

void ka_memo_put(struct ka_model_memo *m, const void *key, size_t klen, const void *val, size_t vlen)
{
	uint64_t h = fnv1a(key, klen);
	size_t *s;

	if (!m || *(s = find_slot(m, key, klen, h)) != 0)
		return;
	KA_GROW(m->v, m->n, m->cap, 32);
	m->v[m->n] = (struct memo_entry){ka_xmalloc(klen), ka_xmalloc(vlen), klen, vlen, h};
	memcpy(m->v[m->n].key, key, klen);
	memcpy(m->v[m->n].val, val, vlen);
	*s = ++m->n;
	if (2 * m->n > m->n_slots)
		grow(m);
}

void ka_memo_free(struct ka_model_memo *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->n; i++) {
		free(m->v[i].key);
		free(m->v[i].val);
	}
	free(m->v);
	free(m->slot);
	free(m);
}
