/* binary_private.h — what the binary readers (binary.c, fatbin.c,
 * offload_bundle.c) share inside frontends/: the readers with the
 * location of their bytes in the file, so that messages give file offsets.
 * Private to frontends/. */
#ifndef KANALYZE_FRONTENDS_BINARY_PRIVATE_H
#define KANALYZE_FRONTENDS_BINARY_PRIVATE_H

#include "frontends.h"

/* ka_fatbin_read_opts for bytes found at `base` of `where` inside `label`
 * (".nv_fatbin", "__nv_relfatbin"; NULL: a fatbin file). */
int ka_fatbin_read_at(const void *data, size_t len, const char *where, const char *label, size_t base,
		      const struct ka_binary_options *opt, struct ka_diag *d, struct ka_kernel_list *out);

/* ka_offload_bundle_read for bytes at `base` of `where` inside `label`
 * (".hip_fatbin"; NULL: a bundle file): every bundle in them, back to back. */
int ka_offload_bundle_read_at(const void *data, size_t len, const char *where, const char *label, size_t base,
			      struct ka_diag *d, struct ka_kernel_list *out);

#endif
