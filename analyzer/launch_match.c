/* launch_match.c — what the launch sites found in a file (launch_sites.c)
 * say of a compiled kernel: the sites that launch it, matched by mangled
 * name where libclang resolved the callee, else by qualified name and
 * template arguments against the demangled name (ka_uresult_launches); the
 * block shape all of them prove (ka_launch_shape: lane dimension, whole
 * warps, flat), with --block and the config's rules first; whether the
 * file raises its dynamic shared memory limit (ka_uresult_optin). */
#define _GNU_SOURCE
#include "internal.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shape every one of n blocks shares (unknown: blocks that are not
 * constants, then nothing is proven). */
static void shape_of(const int (*blocks)[3], int n, int unknown, int warp, struct ka_ushape *out)
{
	bool x1 = true, y1 = true, z1 = true, xw = true, yw = true, zw = true;
	out->n_sites = n + unknown;
	out->n_unknown = unknown;
	if (unknown || n == 0)
		return;
	for (int i = 0; i < n; i++) {
		x1 = x1 && blocks[i][0] == 1;
		y1 = y1 && blocks[i][1] == 1;
		z1 = z1 && blocks[i][2] == 1;
		xw = xw && blocks[i][0] % warp == 0;
		yw = yw && blocks[i][1] % warp == 0;
		zw = zw && blocks[i][2] % warp == 0;
	}
	out->lane_dim = !x1 ? 0 : !y1 ? 1 : 2;
	out->warp_multiple = out->lane_dim == 0 ? xw : out->lane_dim == 1 ? yw : zw;
	out->flat = out->lane_dim == 2 || (z1 && (out->lane_dim == 1 || y1));
}

/* A config glob against a kernel's qualified name: the glob up to its
 * first '<' or '(' ("norm<1024>*" -> "norm"), so that an entry for one
 * template instance speaks for the pattern the analysis reads. */
static bool rule_matches(const char *glob, const char *name)
{
	char head[256];
	size_t n = strcspn(glob, "<(");
	if (n == 0 || n >= sizeof(head))
		return false;
	memcpy(head, glob, n);
	head[n] = 0;
	return fnmatch(head, name, 0) == 0;
}

void ka_launch_shape(const struct ka_analyzer_options *o, const struct ka_uresult *r, int kernel, const char *name,
		     int warp, struct ka_ushape *out)
{
	int blocks[64][3], n = 0, unknown = 0;
	memset(out, 0, sizeof(*out));
	if (o->block > 0) {                       /* --block N */
		int one[1][3] = {{o->block, 1, 1}};
		shape_of((const int(*)[3])one, 1, 0, warp, out);
		return;
	}
	for (int i = 0; name && i < o->n_shape_rules && n < 64; i++)
		if (rule_matches(o->shape_rules[i].glob, name))
			memcpy(blocks[n++], o->shape_rules[i].block, sizeof(blocks[0]));
	if (n > 0) {                              /* the config's entries */
		shape_of((const int(*)[3])blocks, n, 0, warp, out);
		return;
	}
	long long threads = 0;
	bool sized = true;
	for (size_t i = 0; i < r->n_launches; i++) {
		const struct ka_ulaunch *l = &r->launches[i];
		if (l->kernel != kernel)
			continue;
		if (l->block[0] <= 0)
			unknown++;
		else if (n < 64)
			memcpy(blocks[n++], l->block, sizeof(blocks[0]));
		long long t = 1;
		for (int d = 0; d < 3; d++)
			t *= (long long)(l->block[d] > 0 ? l->block[d] : 0) * (l->grid[d] > 0 ? l->grid[d] : 0);
		sized = sized && t > 0;
		threads = t > threads ? t : threads;
	}
	shape_of((const int(*)[3])blocks, n, unknown, warp, out);
	out->threads = sized && n > 0 && unknown == 0 ? threads : 0;
}

void ka_ulaunch_free(struct ka_ulaunch *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].mangled);
		free(v[i].file);
		for (int t = 0; t < v[i].n_targs; t++)
			free(v[i].targs[t]);
	}
	free(v);
}

/* ---- matching compiled kernels ------------------------------------------------ */
/* "void ns::k<256, (ggml_type)1, true>(float*)" -> base "ns::k", args
 * {"256", "1", "1"}; false when the text has no parsable shape. */
static bool demangled_split(const char *d, char *base, size_t nb, char args[][64], int *nargs)
{
	const char *p = d + strlen(d), *lt = NULL;
	int depth = 0;
	size_t len;
	*nargs = 0;
	/* the parameter list: the '(' matching the last ')', not the first
	 * '(' (an enumerator argument is written "(Mem)1") */
	if (p > d && p[-1] == ')') {
		for (const char *q = p - 1; q >= d; q--) {
			if (*q == ')')
				depth++;
			else if (*q == '(' && --depth == 0) {
				p = q;
				break;
			}
		}
		depth = 0;
	}
	/* the template argument list closing just before '(' */
	if (p > d && p[-1] == '>') {
		for (const char *q = p - 1; q >= d; q--) {
			if (*q == '>')
				depth++;
			else if (*q == '<' && --depth == 0) {
				lt = q;
				break;
			}
		}
		if (!lt)
			return false;
	}
	const char *end = lt ? lt : p, *start = end;
	while (start > d && start[-1] != ' ')
		start--;
	len = (size_t)(end - start);
	if (len + 1 > nb)
		return false;
	memcpy(base, start, len);
	base[len] = 0;
	if (!lt)
		return true;
	const char *a = lt + 1;
	depth = 0;
	for (const char *q = a;; q++) {
		if (*q == '<' || *q == '(')
			depth++;
		else if ((*q == '>' || *q == ')') && depth > 0)
			depth--;
		else if ((*q == ',' && depth == 0) || (*q == '>' && depth == 0)) {
			const char *s = a, *e = q;
			while (s < e && *s == ' ')
				s++;
			if (*nargs >= KA_ULAUNCH_TARGS || (size_t)(e - s) >= 64)
				return false;
			/* "(ggml_type)1" -> "1"; "256u" -> "256"; true/false -> 1/0 */
			if (*s == '(') {
				const char *c = strchr(s, ')');
				if (c && c < e && (c[1] == '-' || (c[1] >= '0' && c[1] <= '9')))
					s = c + 1;
			}
			snprintf(args[*nargs], 64, "%.*s", (int)(e - s), s);
			char *x = args[*nargs];
			size_t l = strlen(x);
			if (l && ((x[0] >= '0' && x[0] <= '9') || x[0] == '-'))
				while (l > 1 && strchr("uUlL", x[l - 1]))
					x[--l] = 0;
			if (strcmp(x, "true") == 0)
				strcpy(x, "1");
			else if (strcmp(x, "false") == 0)
				strcpy(x, "0");
			(*nargs)++;
			a = q + 1;
			if (*q == '>')
				break;
		}
		if (!*q)
			return false;
	}
	return true;
}

static bool name_matches(const char *want, const char *have)
{
	/* "ns::k" against "ns::k" or a qualified "k"; an unqualified launch name
	 * matches the last component */
	size_t lw = strlen(want), lh = strlen(have);
	if (strcmp(want, have) == 0)
		return true;
	if (lw > lh && strcmp(want + lw - lh, have) == 0 && want[lw - lh - 1] == ':')
		return true;
	return false;
}

const char *ka_mangled_own(const char *mangled)
{
	const char *inner = mangled && strncmp(mangled, "__nv_static_", 12) == 0 ? strstr(mangled + 12, "__Z") : NULL;
	return inner ? inner + 1 : mangled;
}

static size_t matching(const struct ka_ulaunch *v, size_t nv, const char *mangled, const char *demangled,
		       const struct ka_ulaunch **out, size_t cap)
{
	char base[512], args[KA_ULAUNCH_TARGS][64];
	int nargs = 0;
	bool split = demangled && demangled_split(demangled, base, sizeof(base), args, &nargs);
	mangled = ka_mangled_own(mangled);
	size_t n = 0;
	for (size_t i = 0; i < nv && n < cap; i++) {
		const struct ka_ulaunch *l = &v[i];
		bool match = mangled && *l->mangled && strcmp(l->mangled, mangled) == 0;
		/* the template arguments written: "*" for an outer template's
		 * parameter; those not written (deduced) match any */
		if (!match && split && l->n_targs >= 0 && l->n_targs <= nargs && name_matches(base, l->name)) {
			match = true;
			for (int t = 0; t < l->n_targs && match; t++)
				match = strcmp(l->targs[t], "*") == 0 || strcmp(args[t], l->targs[t]) == 0;
		}
		if (match)
			out[n++] = l;
	}
	return n;
}

size_t ka_uresult_launches(const struct ka_uresult *r, const char *mangled, const char *demangled,
			   const struct ka_ulaunch **out, size_t cap)
{
	return r ? matching(r->launches, r->n_launches, mangled, demangled, out, cap) : 0;
}

bool ka_uresult_optin(const struct ka_uresult *r, const char *mangled, const char *demangled)
{
	const struct ka_ulaunch *one[1];
	return r && matching(r->optins, r->n_optins, mangled, demangled, one, 1) > 0;
}
