/* walk.c — what every part of the findings walk shares: adding a finding
 * (one per rule, line and column), the questions asked of a node (its
 * value, a compile-time integer, its operator, its children, its text), and
 * the branch few threads run around the node with the finding a cost there
 * is reported as (KA112, KA113).  findings.c (the walk and its rules) and
 * loops.c call these; this file calls neither. */
#include "internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- accumulators ---------------------------------------------------------------- */
struct ka_ufinding *ka_finding_add(struct ka_finding_acc *a, enum ka_rule rule, int line, int col, int min_sm,
				   const char *fmt, ...)
{
	va_list ap;
	struct ka_buf b = {0};
	char tmp[1024];
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i].rule == rule && a->v[i].line == line && a->v[i].col == col)
			return &a->v[i];
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	ka_buf_puts(&b, tmp);
	KA_GROW(a->v, a->n, a->cap, 16);
	a->v[a->n] = (struct ka_ufinding){rule, line, col, min_sm, b.data, 0, 0, false, NULL, false};
	return &a->v[a->n++];
}



/* ---- the walk's questions --------------------------------------------------------- */
const struct ka_uval *ka_walk_val(struct ka_an *an, CXCursor c)
{
	const struct ka_node *n = ka_node_find(an, c);
	return n ? &n->v : NULL;
}

/* A compile-time integer: what libclang evaluates, or a constant the
 * analysis knows (a template argument of the instance being walked:
 * bitsandbytes' `k < num_values_4bit / 4`). */
bool ka_walk_known_int(struct ka_walk *w, CXCursor c, int64_t *k)
{
	const struct ka_uval *v;
	if (ka_eval_int(c, k))
		return true;
	v = ka_walk_val(w->an, c);
	if (v && v->cls == KA_U_CONST && (v->flags & UV_KNOWN)) {
		*k = v->k;
		return true;
	}
	return false;
}

enum ka_op ka_walk_op_of(struct ka_an *an, CXCursor c)
{
	struct ka_node *n = ka_node_get(an, c);
	if (n->op < 0)
		n->op = (int8_t)ka_operator(an, c);
	return (enum ka_op)n->op;
}

int ka_walk_kids2(CXCursor c, CXCursor *ch)
{
	CXCursor all[8];
	int n = ka_children(c, all, 8), m = 0;
	for (int i = 0; i < n && m < 3; i++) {
		enum CXCursorKind k = clang_getCursorKind(all[i]);
		if (k != CXCursor_TypeRef && k != CXCursor_TemplateRef && k != CXCursor_NamespaceRef)
			ch[m++] = all[i];
	}
	return m;
}

char *ka_walk_text(struct ka_an *an, CXCursor c)
{
	return ka_cursor_text(an, c, 80);
}

/* KA112: what a lane-strided selection or access inside a branch that one
 * block runs costs: that block's, beside the other blocks' work. */
/* The branch few threads run around the node being walked: KA113's only
 * where nothing repeats the node (no loop inside the branch either). */
const struct ka_few *ka_few_here(const struct ka_walk *w)
{
	static const struct ka_few none = {KA_RULE_NONE, NULL};
	if (w->few.rule == KA_RULE_NONE || (w->few.rule == KA_RULE_ONE_WARP_ONCE && w->loop_depth > 0))
		return &none;
	return &w->few;
}

void ka_few_report(struct ka_walk *w, CXCursor at, const char *what, const struct ka_few *few)
{
	int line, col;
	char *t = ka_walk_text(w->an, at);
	ka_location(at, &line, &col);
	if (few->rule == KA_RULE_ONE_BLOCK_SELECTION)
		ka_finding_add(w->finds, KA_RULE_ONE_BLOCK_SELECTION, line, col, 0,
			       "`%s`: %s, but only one block of the grid runs it (%s): a cost paid by that block alone, "
			       "beside the other blocks' work",
			       t, what, few->cond);
	else
		ka_finding_add(w->finds, KA_RULE_ONE_WARP_ONCE, line, col, 0,
			       "`%s`: %s, but it runs once, in at most one warp of each block (%s): one partial warp's "
			       "access per block, beside the block's other work",
			       t, what, few->cond);
	free(t);
}

