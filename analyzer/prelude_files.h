/* prelude_files.h — private to analyzer/: the prelude headers embedded in
 * the binary by embed_prelude.cmake (path relative to analyzer/prelude/). */
#ifndef KANALYZE_PRELUDE_FILES_H
#define KANALYZE_PRELUDE_FILES_H
#include <stddef.h>
struct ka_prelude_file {
	const char *path;
	const char *data;
	size_t len;
};
extern const struct ka_prelude_file ka_prelude_files[];
extern const size_t ka_prelude_count;
#define KA_PRELUDE_ROOT "/kanalyze-prelude"
#endif
