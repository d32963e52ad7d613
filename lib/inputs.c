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
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const struct ka_frontend *const ka_input_kinds[] = {&ka_fe_binary, &ka_fe_hip, &ka_fe_cuda, &ka_fe_unclaimed};
const size_t ka_input_kind_count = sizeof(ka_input_kinds) / sizeof(ka_input_kinds[0]);

/* What a claim depends on: the path (its name, or for a binary its first
 * bytes), -x, and the database entry's language. */
struct kind {
	char *path, *lang, *cf_lang;
	const struct ka_frontend *fe;
};
struct ka_kinds {
	struct kind *v;
	size_t n, cap;
};

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The first row of the table that claims the input; the last row claims all. */
static const struct ka_frontend *first_claim(const char *path, const char *lang, const struct ka_compile_flags *cf)
{
	for (size_t i = 0; i < ka_input_kind_count; i++)
		if (ka_input_kinds[i]->claims(path, lang, cf))
			return ka_input_kinds[i];
	return &ka_fe_unclaimed;
}

const struct ka_frontend *ka_input_classify(struct ka_run *run, const char *path, const char *lang,
					    const struct ka_compile_flags *cf)
{
	const char *cf_lang = cf ? cf->lang : NULL;
	const struct ka_frontend *fe;
	struct ka_kinds *k;

	if (!run->kinds)
		run->kinds = ka_xcalloc(1, sizeof(*run->kinds));
	k = run->kinds;
	for (size_t i = 0; i < k->n; i++)
		if (strcmp(k->v[i].path, path) == 0 && same(k->v[i].lang, lang) && same(k->v[i].cf_lang, cf_lang))
			return k->v[i].fe;
	fe = first_claim(path, lang, cf);
	KA_GROW(k->v, k->n, k->cap, 16);
	k->v[k->n++] = (struct kind){ka_strdup(path), lang ? ka_strdup(lang) : NULL, cf_lang ? ka_strdup(cf_lang) : NULL,
				     fe};
	return fe;
}

const struct ka_vendor_ops *ka_input_source_vendor(const char *path, const char *lang)
{
	const struct ka_frontend *fe = first_claim(path, lang, NULL);
	return fe->has_source ? fe->vendor : NULL;
}

bool ka_input_named(const char *path)
{
	struct stat st;
	if (path[0] == '-' && (stat(path, &st) != 0 || !S_ISREG(st.st_mode)))
		return false;
	return first_claim(path, NULL, NULL) != &ka_fe_unclaimed;
}

const struct ka_frontend *ka_input_decided(struct ka_run *run, const char *path, const char *lang)
{
	const struct ka_kinds *k = run->kinds;
	for (size_t i = 0; k && i < k->n; i++)      /* the pipeline's, with the file's database entry */
		if (strcmp(k->v[i].path, path) == 0 && k->v[i].cf_lang && (!lang || same(k->v[i].lang, lang)))
			return k->v[i].fe;
	return ka_input_classify(run, path, lang, NULL);
}

void ka_kinds_free(struct ka_run *run)
{
	struct ka_kinds *k = run->kinds;
	for (size_t i = 0; k && i < k->n; i++) {
		free(k->v[i].path);
		free(k->v[i].lang);
		free(k->v[i].cf_lang);
	}
	if (k)
		free(k->v);
	free(k);
	run->kinds = NULL;
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
