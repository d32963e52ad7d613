/* vendor.c — the vendor table and the architecture lists: each arch name
 * goes to the vendor whose model has a row for it (no guessing from a
 * prefix), and an --arch list is parsed once for every command. */
#include "lib.h"

#include <string.h>

const struct ka_vendor_ops *const ka_vendors[KA_VENDOR_COUNT] = {
	[KA_VENDOR_NVIDIA] = &ka_vendor_nvidia,
	[KA_VENDOR_AMD] = &ka_vendor_amd,
};

const struct ka_vendor_ops *ka_vendor_of_arch(const char *arch)
{
	for (int v = 0; v < KA_VENDOR_COUNT; v++)
		if (ka_vendors[v]->arch_find(arch))
			return ka_vendors[v];
	return NULL;
}

/* The names of an --arch list: comma-separated; empty entries (a leading,
 * trailing or doubled comma) are ignored and a name given twice counts
 * once, so "sm_90,", ",sm_90" and "sm_90,sm_90" are all "sm_90".  Virtual
 * architectures (compute_90) are refused: kanalyze reads machine code.
 * Count, or -1 after a message. */
static int arch_names(const char *list, char (*names)[32], int cap, struct ka_diag *d)
{
	int n = 0;

	for (const char *p = list; *p;) {
		size_t len = strcspn(p, ",");
		bool dup = false;

		if (len >= 32) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "bad --arch list '%s'", list);
			return -1;
		}
		if (len > 0) {
			char name[32];
			memcpy(name, p, len);
			name[len] = '\0';
			if (strncmp(name, "compute_", 8) == 0) {
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "%s is a virtual architecture (PTX); kanalyze reads "
					      "machine code: give sm_%s", name, name + 8);
				return -1;
			}
			for (int i = 0; i < n && !dup; i++)
				dup = strcmp(names[i], name) == 0;
			if (!dup && n == cap) {
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "too many architectures (at most %d)", cap);
				return -1;
			}
			if (!dup)
				memcpy(names[n++], name, len + 1);
		}
		p += len;
		if (*p == ',')
			p++;
	}
	if (n == 0)
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "empty --arch list");
	return n ? n : -1;
}

/* "unknown architecture" with the names that would have been accepted. */
static void nv_unknown(const char *name, const struct ka_nv_arch *a, bool analysable_only, struct ka_diag *d)
{
	struct ka_buf b = {0};
	for (int i = 0; i < ka_nv_arch_count; i++)
		if (!analysable_only || ka_nv_archs[i].analysable)
			ka_buf_printf(&b, "%s%s", b.len ? " " : "", ka_nv_archs[i].name);
	if (!a && ka_amd_arch_find(name))
		ka_diag_error(d, KA_EXIT_USAGE, NULL,
			      "AMD architecture '%s': this command takes NVIDIA architectures only; known: %s", name, b.data);
	else if (!a)
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown architecture '%s'; known: %s", name, b.data);
	else
		ka_diag_error(d, KA_EXIT_USAGE, NULL,
			      "%s: CUDA 13 cannot compile for it (the calculator models it: kanalyze occupancy --arch %s); "
			      "analysable: %s", name, name, b.data);
	ka_buf_free(&b);
}

static void amd_unknown(const char *name, struct ka_diag *d)
{
	struct ka_buf b = {0};
	for (int i = 0; i < ka_amd_arch_count; i++)
		ka_buf_printf(&b, "%s%s", b.len ? " " : "", ka_amd_archs[i].name);
	ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown AMD architecture '%s'; known: %s", name, b.data);
	ka_buf_free(&b);
}

int ka_nv_arch_list_parse(const char *list, bool analysable_only, const struct ka_nv_arch **out, int cap,
			  struct ka_diag *d)
{
	char names[KA_MAX_ARCHS][32];
	int n = arch_names(list, names, cap < KA_MAX_ARCHS ? cap : KA_MAX_ARCHS, d);

	for (int i = 0; i < n; i++) {
		out[i] = ka_nv_arch_find(names[i]);
		if (!out[i] || (analysable_only && !out[i]->analysable)) {
			nv_unknown(names[i], out[i], analysable_only, d);
			return -1;
		}
	}
	return n;
}

/* Both vendors: each name to its model.  NVIDIA names keep the rules above
 * (analysable_only refuses calculator-only archs); AMD names are all
 * accepted here -- whether a compiler can build for one is the compile's
 * (or --remarks') business. */
int ka_arch_list_parse(const char *list, bool analysable_only, struct ka_arch *out, char (*spelled)[32], int cap,
		       struct ka_diag *d)
{
	char names[KA_MAX_ARCHS][32];
	int n = arch_names(list, names, cap < KA_MAX_ARCHS ? cap : KA_MAX_ARCHS, d);

	for (int i = 0; i < n; i++) {
		if (ka_arch_find(names[i], &out[i]) != 0 || (out[i].nv && analysable_only && !out[i].nv->analysable)) {
			if (strncmp(names[i], "gfx", 3) == 0)     /* only which message to give */
				amd_unknown(names[i], d);
			else
				nv_unknown(names[i], out[i].nv, analysable_only, d);
			return -1;
		}
		if (spelled)
			snprintf(spelled[i], 32, "%s", names[i]);
	}
	return n;
}
