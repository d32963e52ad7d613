/* fuzz_compdb.c — libFuzzer target: compile_commands.json loading and
 * per-file flag lookup. */
#include "memfile.h"

#include <unistd.h>

#include "frontends.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	struct ka_compdb db = {0};
	struct ka_diag d;
	FILE *null = fopen("/dev/null", "w");
	int fd = ka_fuzz_memfile(data, size, path, sizeof(path));

	ka_diag_init(&d, null);
	if (fd >= 0 && ka_compdb_load(path, &db, &d) == 0) {
		(void)ka_compdb_find(&db, "/src/k.cu");
		(void)ka_compdb_find(&db, "k.cu");
	}
	ka_compdb_free(&db);
	ka_diag_fini(&d);
	if (fd >= 0)
		close(fd);
	fclose(null);
	return 0;
}
