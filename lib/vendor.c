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

int ka_nv_arch_list_parse(const char *list, bool analysable_only, const struct ka_nv_arch **out, int cap,
			  struct ka_diag *d)
{
	int n = 0;
	const char *p = list;

	while (*p) {
		size_t len = strcspn(p, ",");
		char name[32];
		const struct ka_nv_arch *a;

		if (len == 0 || len >= sizeof(name)) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "bad --arch list '%s'", list);
			return -1;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		a = ka_nv_arch_find(name);
		if (!a || (analysable_only && !a->analysable)) {
			struct ka_buf b = {0};
			for (int i = 0; i < ka_nv_arch_count; i++)
				if (!analysable_only || ka_nv_archs[i].analysable)
					ka_buf_printf(&b, "%s%s", b.len ? " " : "", ka_nv_archs[i].name);
			if (!a && ka_amd_arch_find(name))
				ka_diag_error(d, KA_EXIT_USAGE, NULL,
					      "AMD architecture '%s': this command takes NVIDIA architectures only; known: %s",
					      name, b.data);
			else if (!a)
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown architecture '%s'; known: %s", name,
					      b.data);
			else
				ka_diag_error(d, KA_EXIT_USAGE, NULL,
					      "%s: CUDA 13 cannot compile for it (the calculator models it: "
					      "kanalyze occupancy --arch %s); analysable: %s",
					      name, name, b.data);
			ka_buf_free(&b);
			return -1;
		}
		if (n == cap) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "too many architectures (at most %d)", cap);
			return -1;
		}
		out[n++] = a;
		p += len;
		if (*p == ',')
			p++;
	}
	if (n == 0)
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "empty --arch list");
	return n ? n : -1;
}

/* Both vendors: each name to its model.  NVIDIA names keep ka_nv_arch_list_parse's
 * rules (analysable_only refuses calculator-only archs); AMD names are all
 * accepted here -- whether a compiler can build for one is the compile's
 * (or --remarks') business. */
int ka_arch_list_parse(const char *list, bool analysable_only, struct ka_arch *out, char (*spelled)[32], int cap,
		       struct ka_diag *d)
{
	int n = 0;
	const char *p = list;

	while (*p) {
		size_t len = strcspn(p, ",");
		char name[32];

		if (len == 0 || len >= sizeof(name)) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "bad --arch list '%s'", list);
			return -1;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (n == cap) {
			ka_diag_error(d, KA_EXIT_USAGE, NULL, "too many architectures (at most %d)", cap);
			return -1;
		}
		if (ka_arch_find(name, &out[n]) != 0 || (out[n].nv && analysable_only && !out[n].nv->analysable)) {
			const struct ka_nv_arch *one[1];
			if (strncmp(name, "gfx", 3) != 0) {
				ka_nv_arch_list_parse(name, analysable_only, one, 1, d);   /* its message */
			} else {
				struct ka_buf b = {0};
				for (int i = 0; i < ka_amd_arch_count; i++)
					ka_buf_printf(&b, "%s%s", b.len ? " " : "", ka_amd_archs[i].name);
				ka_diag_error(d, KA_EXIT_USAGE, NULL, "unknown AMD architecture '%s'; known: %s", name,
					      b.data);
				ka_buf_free(&b);
			}
			return -1;
		}
		if (spelled)
			snprintf(spelled[n], 32, "%s", name);
		n++;
		p += len;
		if (*p == ',')
			p++;
	}
	if (n == 0)
		ka_diag_error(d, KA_EXIT_USAGE, NULL, "empty --arch list");
	return n ? n : -1;
}
