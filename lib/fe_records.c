/* fe_records.c — `kanalyze report DIR...`: the records kanalyze-launch left
 * in a real build's records directories, merged into one kernel list.  No
 * compile: the kernels, files and archs come from the records (records.c
 * reads each one); --arch keeps only those archs. */
#define _GNU_SOURCE
#include "lib.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The record files of one directory, sorted (deterministic merge order).
 * As the cache: a directory is read only when it is the user's and no one
 * else may write into it, and a record only when it is the user's -- a
 * shared directory holds records anyone could have written (and any
 * baseline would be gated against them). */
static char **list_records(const char *path, bool trusted, size_t *n, struct ka_diag *d)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	char **names = NULL;
	size_t cap = 0;
	struct stat st;

	*n = 0;
	if (!dir) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "cannot open the records directory: %s", strerror(errno));
		return NULL;
	}
	if (fstat(dirfd(dir), &st) != 0 || (!trusted && (st.st_uid != geteuid() || (st.st_mode & 022)))) {
		ka_diag_error(d, KA_EXIT_USAGE, path, "the records directory %s: not read (its records could be anyone's; "
			      "kanalyze-launch makes it 0755, yours; --trust-records reads it anyway)",
			      st.st_uid != geteuid() ? "belongs to another user" : "may be written by others");
		closedir(dir);
		return NULL;
	}
	while ((e = readdir(dir)) != NULL) {
		size_t len = strlen(e->d_name);
		struct stat fs;
		if (e->d_name[0] == '.' || len < 6 || strcmp(e->d_name + len - 5, ".json") != 0)
			continue;
		if (fstatat(dirfd(dir), e->d_name, &fs, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(fs.st_mode) ||
		    (!trusted && fs.st_uid != geteuid())) {
			ka_diag_warn(d, path, "%s: not read (%s)", e->d_name,
				     S_ISREG(fs.st_mode) ? "another user's record" : "not a regular file");
			continue;
		}
		KA_GROW(names, *n, cap, 64);
		names[(*n)++] = ka_strdup(e->d_name);
	}
	closedir(dir);
	if (*n > 1)
		qsort(names, *n, sizeof(char *), cmp_str);
	if (*n == 0)
		ka_diag_note(d, path, "no records (was the build run with kanalyze-launch?)");
	return names ? names : ka_xcalloc(1, sizeof(char *));
}

/* A record found: its path, file and flags (newline-separated), its tag. */
struct rec {
	char *path, *file, *flags, *tag;
};

/* Is flag `f` (one line of a record's flags) among `flags`? */
static bool has_flag(const char *flags, const char *f, size_t len)
{
	for (const char *p = flags; p && *p;) {
		size_t l = strcspn(p, "\n");
		if (l == len && strncmp(p, f, len) == 0)
			return true;
		p += l + (p[l] == '\n');
	}
	return false;
}

/* The tag of record i: NULL when every record of its file has its flags;
 * else its flags that some other build of the file lacks ("-DN=200"), or,
 * when it has none of its own, the others' it lacks ("without -DN=200"). */
static void tag_of(const struct rec *r, size_t n, size_t i, char **tag)
{
	struct ka_buf t = {0}, without = {0};
	bool variants = false;
	*tag = NULL;
	if (!r[i].file)
		return;
	for (size_t j = 0; j < n && !variants; j++)
		variants = j != i && r[j].file && strcmp(r[j].file, r[i].file) == 0 &&
			   strcmp(r[j].flags ? r[j].flags : "", r[i].flags ? r[i].flags : "") != 0;
	if (!variants)
		return;
	for (const char *p = r[i].flags; p && *p;) {      /* its own flags some other build lacks */
		size_t l = strcspn(p, "\n");
		bool everywhere = true;
		for (size_t j = 0; j < n && everywhere; j++)
			if (r[j].file && strcmp(r[j].file, r[i].file) == 0 && !has_flag(r[j].flags, p, l))
				everywhere = false;
		if (!everywhere)
			ka_buf_printf(&t, "%s%.*s", t.len ? " " : "", (int)l, p);
		p += l + (p[l] == '\n');
	}
	for (size_t j = 0; j < n && !t.len; j++) {          /* none: what the others add */
		if (!r[j].file || strcmp(r[j].file, r[i].file) != 0)
			continue;
		for (const char *p = r[j].flags; p && *p;) {
			size_t l = strcspn(p, "\n");
			if (!has_flag(r[i].flags, p, l) && !has_flag(without.data, p, l))
				ka_buf_printf(&without, "%s%.*s", without.len ? "\n" : "", (int)l, p);
			p += l + (p[l] == '\n');
		}
	}
	if (!t.len && without.len) {
		for (char *c = without.data; *c; c++)
			if (*c == '\n')
				*c = ' ';
		ka_buf_printf(&t, "without %s", without.data);
	}
	ka_buf_free(&without);
	*tag = t.data;
}

static int load(struct ka_run *run, struct ka_diag *d)
{
	const struct ka_request *req = run->req;
	const char *archs[KA_VENDOR_COUNT * KA_MAX_ARCHS];
	int n_archs = 0, rc = KA_EXIT_OK;

	for (int v = 0; run->archs_given && v < KA_VENDOR_COUNT; v++)
		for (int a = 0; a < run->n_archs[v]; a++)
			archs[n_archs++] = run->archs[v][a];
	if (req->n_inputs == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, "report", "name the records directory (kanalyze-launch --records DIR)");
		return KA_EXIT_USAGE;
	}
	/* every record's file and flags first: a file built with different
	 * flags (-DN=8 and -DN=200) is one report entry per build, each named
	 * by the flags that tell it from the others */
	struct rec *recs = NULL;
	size_t n_recs = 0, cap_recs = 0;
	for (int f = 0; f < req->n_inputs; f++) {
		size_t n;
		char **names = list_records(req->inputs[f], req->trust_records, &n, d);
		if (!names) {
			rc = KA_EXIT_USAGE;
			continue;
		}
		for (size_t i = 0; i < n; i++) {
			struct ka_buf p = {0};
			ka_buf_printf(&p, "%s/%s", req->inputs[f], names[i]);
			KA_GROW(recs, n_recs, cap_recs, 16);
			recs[n_recs] = (struct rec){p.data, NULL, NULL, NULL};
			ka_record_peek(p.data, &recs[n_recs].file, &recs[n_recs].flags);
			n_recs++;
			free(names[i]);
		}
		free(names);
	}
	for (size_t i = 0; i < n_recs; i++)
		tag_of(recs, n_recs, i, &recs[i].tag);
	/* each source built one way: its flags, for its launch sites (a file
	 * built several ways is reported per build, its launches unread) */
	for (size_t i = 0; run->recorded && i < n_recs; i++)
		if (recs[i].file && !recs[i].tag)
			ka_compdb_add(run->recorded, recs[i].file, "cuda", recs[i].flags);   /* what it records */
	if (run->recorded)
		ka_compdb_seal(run->recorded);
	for (size_t i = 0; i < n_recs; i++) {
		int r = ka_record_read(recs[i].path, archs, n_archs, recs[i].tag, d, run->out, &run->nvcc_version,
				       run->done);
		if (r > rc)
			rc = r;
	}
	for (size_t i = 0; i < n_recs; i++) {
		free(recs[i].path);
		free(recs[i].file);
		free(recs[i].flags);
		free(recs[i].tag);
	}
	free(recs);
	return rc;
}

const struct ka_frontend ka_fe_records = {
	.name = "launcher-records",
	.load = load,
};
