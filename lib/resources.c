/* resources.c — the counter table generated from include/kanalyze/resources.def
 * (key, offset in struct ka_resources, which vendors have it, whether the
 * baseline keeps it): what the JSON writer, the records and the baseline
 * read and write the counters through.  The library defines it; nothing
 * below lib/ reads a counter by its key. */
#include "lib.h"

#include <stddef.h>

const struct ka_resource_field ka_resource_fields[] = {
#define KA_RESOURCE(field, vendor, baseline, what) \
	{#field, offsetof(struct ka_resources, field), KA_RES_##vendor, baseline, what},
#include "kanalyze/resources.def"
#undef KA_RESOURCE
};
const int ka_resource_count = sizeof(ka_resource_fields) / sizeof(ka_resource_fields[0]);
