/* fe_binary.c — what a build produced: NVIDIA cubins, fatbins, objects,
 * archives, shared libraries and executables; AMD code objects and clang
 * offload bundles (frontends/binary.c and the readers it calls).  Claimed by
 * content (the first bytes), never by name; -x still overrides.  No compile:
 * the archs present in the binary are analysed, --arch selects among them
 * (an arch the binary lacks is a note).  No source: lines are null and there
 * is no uniformity analysis.  --sass: each cubin, as read, goes to nvdisasm
 * from a private temp dir. */
#define _GNU_SOURCE
#include "lib.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static bool claims(const char *path, const char *lang, const struct ka_compile_flags *cf)
{
	unsigned char head[64];
	ssize_t n;
	int fd;

	if (lang || cf)                       /* -x, or a compile of a source */
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return false;
	n = read(fd, head, sizeof(head));
	close(fd);
	if (n < 8)
		return false;
	/* an ELF needs all its bytes to say whether it carries device code: any
	 * ELF is a binary input (one without device code gets a note) */
	return memcmp(head, "\177ELF", 4) == 0 || ka_binary_sniff(head, (size_t)n) != KA_BINARY_NONE;
}

/* Is `arch` ("sm_90a", "gfx90a:xnack-") asked for by --arch?  A request
 * for gfx90a takes every feature variant of it; sm_90 does not take sm_90a. */
static bool wanted(const struct ka_run *run, const char *arch)
{
	size_t base = strcspn(arch, ":");
	if (!run->archs_given)
		return true;
	for (int v = 0; v < KA_VENDOR_COUNT; v++)
		for (int a = 0; a < run->n_archs[v]; a++) {
			const char *w = run->archs[v][a];
			if (strcmp(w, arch) == 0 || (strchr(w, ':') == NULL && strlen(w) == base && strncmp(w, arch, base) == 0))
				return true;
		}
	return false;
}

/* Whether a space-separated list names `arch` as one of its words. */
static bool arch_listed(const char *list, const char *arch)
{
	size_t n = strlen(arch);
	for (const char *p = list; p && *p; p += strcspn(p, " "), p += *p == ' ')
		if (strncmp(p, arch, n) == 0 && (p[n] == ' ' || p[n] == 0))
			return true;
	return false;
}

/* sm_75 before sm_100, gfx90a before gfx1030 as the arch tables order
 * them: the name's letters, then its number, then the rest. */
static int arch_cmp(const void *pa, const void *pb)
{
	const char *a = *(const char *const *)pa, *b = *(const char *const *)pb;
	size_t la = strcspn(a, "0123456789"), lb = strcspn(b, "0123456789");
	int c = la != lb ? (int)la - (int)lb : strncmp(a, b, la);
	if (c)
		return c;
	long na = strtol(a + la, NULL, 10), nb = strtol(b + lb, NULL, 10);
	return na != nb ? (na < nb ? -1 : 1) : strcmp(a, b);
}

/* The words of a space-separated list, sorted by arch_cmp, in place. */
static void archs_sort(struct ka_buf *list)
{
	char *w[256];
	size_t n = 0;
	struct ka_buf out = {0};
	for (char *p = strtok(list->data, " "); p && n < 256; p = strtok(NULL, " "))
		w[n++] = p;
	qsort(w, n, sizeof(*w), arch_cmp);
	for (size_t i = 0; i < n; i++)
		ka_buf_printf(&out, "%s%s", i ? " " : "", w[i]);
	ka_buf_free(list);
	*list = out;
}

static bool wanted_by(const void *run, const char *arch)
{
	return wanted(run, arch);
}

/* Keep the kernels of the wanted archs; say which asked-for archs the
 * binary lacks and which it has (those read, and those its fatbins hold
 * but were not decoded: `skipped`).  Returns how many were kept. */
static size_t select_archs(const char *file, struct ka_kernel_list *got, const struct ka_buf *skipped,
			   struct ka_run *run, struct ka_diag *d)
{
	struct ka_buf have = {0};

	if (skipped->len)
		ka_buf_puts(&have, skipped->data);
	for (size_t i = 0; run->archs_given && i < got->n; i++)
		if (!arch_listed(have.data, got->v[i].arch))
			ka_buf_printf(&have, "%s%s", have.len ? " " : "", got->v[i].arch);
	if (have.len)
		archs_sort(&have);
	for (int v = 0; run->archs_given && v < KA_VENDOR_COUNT; v++)
		for (int a = 0; a < run->n_archs[v]; a++) {
			bool found = false;
			for (size_t i = 0; i < got->n && !found; i++) {
				const char *k = got->v[i].arch, *w = run->archs[v][a];
				found = strcmp(k, w) == 0 || (!strchr(w, ':') && strncmp(k, w, strlen(w)) == 0 &&
							     k[strlen(w)] == ':');
			}
			if (!found)
				ka_diag_note(d, file, "no code for %s in this binary (it has: %s)", run->archs[v][a],
					     have.len ? have.data : "none");
		}
	size_t kept = 0;
	const char *last = NULL;                  /* kernels come grouped by arch */
	for (size_t i = 0; i < got->n; i++) {
		struct ka_kernel *k = &got->v[i];
		if (!wanted(run, k->arch)) {
			ka_kernel_free(k);
			continue;
		}
		if ((!last || strcmp(last, k->arch) != 0) && !ka_analysed_has(run->done, file, k->arch))
			ka_analysed_add(run->done, file, k->arch);
		last = k->arch;
		*ka_kernel_list_add(run->out) = *k;
		kept++;
	}
	got->n = 0;
	ka_buf_free(&have);
	return kept;
}

/* A cubin built with -lineinfo (or -G) names its kernels' source in the
 * listing: each kernel is located at its file and the line of its first
 * instruction, which nvcc maps to the kernel's opening line (its
 * definition, as the source analysis locates it).  The binary stays the
 * kernel's file (the baseline keys by it); def_file is where the line is. */
static void locate(struct ka_kernel_list *out, size_t first)
{
	for (size_t k = first; k < out->n; k++) {
		struct ka_kernel *kn = &out->v[k];
		const struct ka_sass *s = kn->sass;
		if (!s || !s->file || kn->line > 0)
			continue;
		for (size_t i = 0; i < s->n_insns; i++)
			if (s->insns[i].line > 0) {
				free(kn->def_file);
				kn->def_file = ka_strdup(s->file);
				kn->line = s->insns[i].line;
				break;
			}
	}
}

/* --sass: the census of one cubin's kernels (out->v[first..]). */
struct census {
	const struct ka_run *run;
	char *dir;                        /* made on first use */
	int rc;
};

static void census_cubin(void *arg, const void *cubin, size_t len, struct ka_kernel_list *out, size_t first,
			 const char *where, struct ka_diag *d)
{
	struct census *c = arg;
	struct ka_buf path = {0};
	int r;

	if (!c->dir && !(c->dir = ka_tempdir_create("sass"))) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "--sass: cannot create a temporary directory: %s",
			      strerror(errno));
		c->rc = KA_EXIT_TOOLCHAIN;
		return;
	}
	ka_buf_printf(&path, "%s/k.cubin", c->dir);
	if ((r = ka_write_file_replace(path.data, cubin, len, false)) != 0) {
		ka_diag_error(d, KA_EXIT_TOOLCHAIN, where, "--sass: cannot write %s: %s", path.data, strerror(-r));
		c->rc = KA_EXIT_TOOLCHAIN;
	} else if (ka_sass_census_cubin(c->run->nvdisasm, path.data, NULL, c->run->req->timeout_s, d, out, first,
					where) != KA_EXIT_OK) {
		c->rc = KA_EXIT_TOOLCHAIN;
	} else {
		locate(out, first);
	}
	ka_buf_free(&path);
}

static int read_one(const char *file, struct ka_run *run, struct ka_diag *d)
{
	struct ka_kernel_list got = {0};
	struct stat st;
	void *map = NULL;
	int fd = open(file, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0 || fstat(fd, &st) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "cannot read: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return KA_EXIT_USAGE;
	}
	if (st.st_size > 0)
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED || st.st_size == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "%s", st.st_size == 0 ? "empty file" : strerror(errno));
		return KA_EXIT_USAGE;
	}
	char *cuobjdump = ka_cuobjdump_locate();
	struct census census = {.run = run};
	struct ka_buf skipped = {0};
	struct ka_binary_options o = {
		.cuobjdump = cuobjdump,
		.timeout_s = run->req->timeout_s,
		.on_cubin = run->nvdisasm ? census_cubin : NULL,
		.arg = &census,
		.wanted = run->archs_given ? wanted_by : NULL,    /* --arch: the other archs not decoded */
		.wanted_arg = run,
		.skipped = &skipped,
	};
	int r = ka_binary_read_opts(map, (size_t)st.st_size, file, &o, d, &got);
	munmap(map, (size_t)st.st_size);
	free(cuobjdump);
	if (census.dir) {
		ka_tempdir_remove(census.dir);
		free(census.dir);
	}
	if (r < 0) {
		ka_kernel_list_free(&got);
		ka_buf_free(&skipped);
		return KA_EXIT_USAGE;
	}
	rc = r > 0 ? KA_EXIT_TOOLCHAIN : census.rc;   /* entries it could not decode (each reported) */
	bool located = false;
	for (size_t i = 0; i < got.n && !located; i++)
		located = got.v[i].line > 0;
	if (got.n == 0 && skipped.len == 0) {
		ka_diag_note(d, file, "no kernels in this binary");
	} else if (select_archs(file, &got, &skipped, run, d) == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, file, "none of the --arch architectures is in this binary");
		rc = KA_EXIT_USAGE;
	} else {
		if (located)
			ka_diag_note(d, file, "a binary records no spill bytes (only ptxas -v prints them); its kernels are "
				     "located by its line info");
		else
			ka_diag_note(d, file, "a binary records no spill bytes (only ptxas -v prints them) and, without "
				     "line info (-lineinfo) read with --sass, no source lines: those are null");
	}
	ka_kernel_list_free(&got);
	ka_buf_free(&skipped);
	return rc;
}

static int compile(struct ka_unit *units, int n, struct ka_run *run, struct ka_diag *d)
{
	int rc = KA_EXIT_OK;
	for (int i = 0; i < n; i++) {
		units[i].rc = read_one(units[i].file, run, d);
		rc = units[i].rc > rc ? units[i].rc : rc;
	}
	return rc;
}

const struct ka_frontend ka_fe_binary = {
	.name = "binary",
	.vendor = NULL,                  /* its kernels say whose they are */
	.has_source = false,
	.suffix = ".o/.so/.cubin",
	.claims = claims,
	.compile = compile,
};
