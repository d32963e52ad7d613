/* asm_access.c — how many bytes one lane accesses through an inline-asm
 * template's memory instruction, so that an `&x[i]` handed to the asm is
 * judged at the width the asm loads or stores (KA107, findings.c).  A
 * parser of the template's text: PTX ld./st. with their vector and type
 * suffixes, AMDGPU global_/flat_ loads and stores by their size suffix. */
#include <ctype.h>
#include <string.h>

#include "analyzer.h"

/* Bytes of one element of a PTX type suffix (u32, b128, bf16, f16x2), 0 if
 * it is none. */
static int ptx_type_bytes(const char *t, size_t n)
{
	int bits = 0;
	size_t i = 0;
	if (n >= 2 && (t[0] == 'u' || t[0] == 's' || t[0] == 'b' || t[0] == 'f'))
		i = t[0] == 'b' && n >= 3 && t[1] == 'f' ? 2 : 1;
	else
		return 0;
	for (; i < n && t[i] >= '0' && t[i] <= '9' && bits <= 128; i++)
		bits = bits * 10 + (t[i] - '0');
	if (i < n && t[i] == 'x' && i + 1 < n && t[i + 1] >= '1' && t[i + 1] <= '8')
		bits *= t[i + 1] - '0';          /* f16x2 */
	return bits > 0 && bits % 8 == 0 && bits <= 128 ? bits / 8 : 0;
}

/* Bytes one lane accesses through the asm's memory instruction: PTX ld./st.
 * (`ld.global.ca.v4.u32`: 16), AMDGPU global_/flat_ loads and stores
 * (`global_load_dwordx4`, `global_load_b128`: 16); 0 when the template holds
 * none of them, more than one, or one we cannot size. */
long long ka_asm_access_bytes(const char *tmpl)
{
	long long bytes = 0;
	int found = 0;
	for (const char *p = tmpl; *p; p++) {
		if (p != tmpl && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.'))
			continue;
		size_t len = strcspn(p, " \t\n,;{}");
		if ((strncmp(p, "ld.", 3) == 0 || strncmp(p, "st.", 3) == 0) && len > 3) {
			int vec = 1, size = 0;
			for (const char *q = p + 3; q < p + len;) {
				size_t m = strcspn(q, ". \t\n,;{}");
				if (m > (size_t)(p + len - q))
					m = (size_t)(p + len - q);
				if (m == 2 && q[0] == 'v' && q[1] >= '2' && q[1] <= '8')
					vec = q[1] - '0';
				else if (ptx_type_bytes(q, m))
					size = ptx_type_bytes(q, m);
				q += m;
				if (q < p + len)
					q++;              /* the '.' */
			}
			found++;
			bytes = size ? (long long)vec * size : 0;
		} else if (strncmp(p, "global_load_", 12) == 0 || strncmp(p, "global_store_", 13) == 0 ||
			   strncmp(p, "flat_load_", 10) == 0 || strncmp(p, "flat_store_", 11) == 0) {
			const char *kind = strchr(p, '_') + 1;
			kind = strchr(kind, '_') + 1;
			size_t m = len - (size_t)(kind - p);
			static const struct { const char *name; int bytes; } amd[] = {
				{"dwordx4", 16}, {"dwordx3", 12}, {"dwordx2", 8}, {"dword", 4}, {"b128", 16}, {"b96", 12},
				{"b64", 8}, {"b32", 4}, {"short", 2}, {"ushort", 2}, {"sshort", 2}, {"b16", 2}, {"ubyte", 1},
				{"sbyte", 1}, {"byte", 1}, {"b8", 1}, {"u8", 1}, {"i8", 1}, {"u16", 2}, {"i16", 2}};
			found++;
			bytes = 0;
			for (size_t a = 0; a < sizeof(amd) / sizeof(amd[0]); a++)
				if (m == strlen(amd[a].name) && strncmp(kind, amd[a].name, m) == 0)
					bytes = amd[a].bytes;
		}
		p += len ? len - 1 : 0;
	}
	return found == 1 ? bytes : 0;
}
