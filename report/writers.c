/* writers.c — the table of output writers (KA_WRITERS in report.h): the one
 * place that says which --format values exist, what each calls and in what
 * order --help and the man page list them.  The gate in cli/ looks a format
 * up here and nowhere else. */
#include "report.h"

#include <string.h>

#define KA_WRITER_ROW(id, name, fn, to_diag, what) {name, fn, to_diag, what},
const struct ka_writer ka_writers[] = {KA_WRITERS(KA_WRITER_ROW)};
#undef KA_WRITER_ROW
const size_t ka_writer_count = sizeof(ka_writers) / sizeof(ka_writers[0]);

const struct ka_writer *ka_writer_find(const char *name)
{
	for (size_t i = 0; name && i < ka_writer_count; i++)
		if (strcmp(ka_writers[i].name, name) == 0)
			return &ka_writers[i];
	return NULL;
}

void ka_writer_names(struct ka_buf *b)
{
	for (size_t i = 0; i < ka_writer_count; i++)
		ka_buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == ka_writer_count ? " or " : ", ", ka_writers[i].name);
}
