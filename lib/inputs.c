/* inputs.c — the table of input kinds and the one classifier.
 *
 * Every input goes to the first frontend of the table that claims it; the
 * row says whose architectures it compiles for and whether it has source
 * (lines, uniformity).  Binaries are known by their first bytes, sources by
 * their names; -x (or a compile database's language) overrides the file
 * name; what none claims is the last row's, which compiles nothing.  Whole-run kinds (saved remarks, launcher records) are chosen
 * by the request, not by a file name. */
#include "lib.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct ka_frontend *const per_file[] = {&ka_fe_binary, &ka_fe_hip, &ka_fe_cuda, &ka_fe_unclaimed};

const struct ka_frontend *ka_input_classify(const char *path, const char *lang, const struct ka_compile_flags *cf)
{
	for (size_t i = 0; i < sizeof(per_file) / sizeof(per_file[0]); i++)
		if (per_file[i]->claims(path, lang, cf))
			return per_file[i];
	return &ka_fe_unclaimed;           /* (which claims everything) */
}

int ka_input_check(const char *file, const char *what_dir, struct ka_diag *d)
{
	struct stat st;
	if (stat(file, &st) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "%s", errno == ENOENT ? "no such file" : strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "is a directory (give the %s files in it)", what_dir);
		return -1;
	}
	if (!S_ISREG(st.st_mode) || access(file, R_OK) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "not a readable regular file");
		return -1;
	}
	return 0;
}
