/* names_short.c — demangled kernel names shortened for a report line, in
 * steps that keep what tells kernels apart longest:
 *
 *   void cub::DeviceReduceKernel<cub::Policy<float, int>::P600, float*, int>(float const*, int)
 *   cub::DeviceReduceKernel<cub::Policy<…>::P600, float*, int>(float const*, int)   nested <…>
 *   cub::DeviceReduceKernel<cub::Policy<…>::P600, float*, int>(…)                    parameters
 *   cub::DeviceReduceKernel<…float*, int>(…)                                        middle of the
 *                                                                                   template arguments
 *   cub::DeviceReduceKe…                                                            cut
 *
 * Template instances differ in their arguments, mostly the last ones (ten
 * instances of mul_mat_q<(ggml_type)N, 64, true> must not print the same
 * line), so the arguments are cut in the middle, keeping the name and the
 * end; only a name too long for that is cut at the end.
 * The full name is always in --format json. */
#include "report.h"

#include <string.h>

static int columns(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Replace the contents of every <...> at angle depth `depth` (1 = outermost)
 * with the ellipsis. */
static void collapse_templates(const char *s, int depth, const char *dots, struct ka_buf *out)
{
	int d = 0;
	for (; *s; s++) {
		if (*s == '<') {
			d++;
			if (d == depth) {
				ka_buf_puts(out, "<");
				ka_buf_puts(out, dots);
			}
		} else if (*s == '>' && d > 0) {
			if (d <= depth)   /* closes the ellipsis, or an outer <...> */
				ka_buf_puts(out, ">");
			d--;
			continue;
		}
		if (d < depth)
			ka_buf_append(out, s, 1);
	}
}

/* Replace the parameter list, the (...) at the end outside any <...>. */
static void collapse_params(const char *s, const char *dots, struct ka_buf *out)
{
	size_t n = strlen(s);
	int angle = 0, paren = 0;
	const char *open = NULL;

	for (const char *p = s; *p; p++) {
		if (*p == '<')
			angle++;
		else if (*p == '>' && angle > 0)
			angle--;
		else if (*p == '(' && angle == 0 && paren++ == 0)
			open = p;
		else if (*p == ')' && angle == 0 && paren > 0)
			paren--;
	}
	if (!open || n == 0 || s[n - 1] != ')' || open + 2 == s + n) {
		ka_buf_puts(out, s);
		return;
	}
	ka_buf_append(out, s, (size_t)(open - s) + 1);
	ka_buf_puts(out, dots);
	ka_buf_puts(out, ")");
}

/* The name up to its first '<' and as much of the end as fits, the dots
 * between; false when the name alone leaves no room for the end. */
static bool cut_middle(const char *s, int width, const char *dots, struct ka_buf *out)
{
	const char *lt = strchr(s, '<');
	int head, tail, total = columns(s), col = 0;
	if (!lt)
		return false;
	head = (int)(lt - s) + 1;                    /* ASCII up to '<' in demangled names */
	tail = width - head - columns(dots);
	if (tail < 8 || head + columns(dots) + tail >= total)
		return false;
	ka_buf_append(out, s, (size_t)head);
	ka_buf_puts(out, dots);
	for (const char *p = s; *p; p++) {          /* the last `tail` columns */
		bool start = ((unsigned char)*p & 0xc0) != 0x80;
		if (start && col++ == total - tail) {
			ka_buf_puts(out, p);
			break;
		}
	}
	return true;
}

char *ka_name_short(const char *demangled, int width, bool utf8, char *buf, size_t n)
{
	const char *dots = utf8 ? "\u2026" : "...";
	struct ka_buf cur = {0}, next = {0};

	if (n == 0)
		return buf;
	if (strncmp(demangled, "void ", 5) == 0)     /* every kernel returns void */
		demangled += 5;
	ka_buf_puts(&cur, demangled);
	for (int step = 0; step < 3 && columns(cur.data) > width; step++) {
		if (step == 0)
			collapse_templates(cur.data, 2, dots, &next);
		else if (step == 1)
			collapse_params(cur.data, dots, &next);
		else if (!cut_middle(cur.data, width, dots, &next))
			collapse_templates(cur.data, 1, dots, &next);
		ka_buf_free(&cur);
		cur = next;
		next = (struct ka_buf){0};
	}
	if (columns(cur.data) > width) {
		/* cut at a character boundary, leaving room for the dots */
		int keep = width - columns(dots) > 1 ? width - columns(dots) : 1, col = 0;
		size_t i = 0;
		for (; cur.data[i]; i++) {
			if (((unsigned char)cur.data[i] & 0xc0) != 0x80 && col++ == keep)
				break;
		}
		cur.len = i;
		cur.data[i] = '\0';
		ka_buf_puts(&cur, dots);
	}
	snprintf(buf, n, "%s", cur.data);
	ka_buf_free(&cur);
	return buf;
}
