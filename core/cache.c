/* cache.c — a content-addressed cache on disk, shared by any number of
 * kanalyze processes: XXH3-128 keys (libxxhash), values written atomically
 * (ka_write_file_replace: temp file + rename; no fsync, as an entry lost in
 * a crash is only a miss), so a reader sees a whole entry or none and two
 * writers of one key never tear it.  Layout:
 *
 *   DIR/v1/r/ab/ab12...ef.json   results  (key: preprocessed source + flags + tools)
 *   DIR/v1/m/cd/cd34...01.m      manifests (key: source bytes + flags + tools)
 *   DIR/v1/t/ef/ef56...23.t      toolchain facts (nvcc's version; key: its identity)
 *
 * A manifest is ccache's "direct mode": it lists every header the compile
 * read, with the hash of its contents, and the result key; when all still
 * match, the result is used without running the preprocessor.  Worked
 * example: cliff128.cu includes 187 headers (3.3 MB, cuda_runtime.h and the
 * C++ library); re-hashing them costs about 2 ms, running nvcc -E 60 ms and
 * a real compile 260 ms.  A dependency whose size, mtime, ctime and inode
 * are those the manifest recorded is not read again (ccache's
 * file_stat_matches; make and ninja trust the mtime alone): a write to the
 * file changes its ctime, which no one can set back, so only its contents
 * are hashed when its stat changed (a `touch` of an unchanged header still
 * hits).  A warm run of a file with 400 dependencies: 920 reads before.
 *
 * The cache is private (0700, this user's, written by no one else: else it
 * is not used), and every entry is sealed with a checksum of its kind, key
 * and bytes, checked before it is believed. */
#define _GNU_SOURCE
#include "core.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <time.h>
#include <xxhash.h>

/* ---- hashing ------------------------------------------------------------- */

void ka_hash_init(struct ka_hash *h)
{
	XXH3_state_t *st = XXH3_createState();
	if (!st) {
		fputs("kanalyze: out of memory\n", stderr);
		abort();
	}
	XXH3_128bits_reset(st);
	h->state = st;
}

void ka_hash_update(struct ka_hash *h, const void *p, size_t n)
{
	if (n)
		XXH3_128bits_update(h->state, p, n);
}

/* Length-prefixed, so ("ab", "c") and ("a", "bc") hash differently. */
/* A file's identity without reading it: its path, size and mtime (-1s
 * when it cannot be stat'ed, so a vanished file is a different key). */
void ka_hash_stat(struct ka_hash *h, const char *path)
{
	struct stat st;
	long long v[3] = {-1, -1, -1};
	ka_hash_str(h, path);
	if (path && stat(path, &st) == 0) {
		v[0] = (long long)st.st_size;
		v[1] = (long long)st.st_mtim.tv_sec;
		v[2] = (long long)st.st_mtim.tv_nsec;
	}
	ka_hash_update(h, v, sizeof(v));
}

void ka_hash_str(struct ka_hash *h, const char *s)
{
	uint64_t n = s ? strlen(s) : UINT64_MAX;
	ka_hash_update(h, &n, sizeof(n));
	if (s)
		ka_hash_update(h, s, (size_t)n);
}

static void to_hex(XXH128_hash_t v, char hex[KA_HASH_HEX])
{
	XXH128_canonical_t c;
	XXH128_canonicalFromHash(&c, v);
	for (int i = 0; i < 16; i++)
		snprintf(hex + 2 * i, 3, "%02x", c.digest[i]);
}

void ka_hash_final(struct ka_hash *h, char hex[KA_HASH_HEX])
{
	to_hex(XXH3_128bits_digest(h->state), hex);
	XXH3_freeState(h->state);
	h->state = NULL;
}

void ka_hash_bytes(const void *p, size_t n, char hex[KA_HASH_HEX])
{
	to_hex(XXH3_128bits(p, n), hex);
}

int ka_hash_file(const char *path, char hex[KA_HASH_HEX], long long *size)
{
	struct ka_buf b = {0};
	int rc = ka_read_file(path, (size_t)1 << 31, &b);
	if (rc == 0) {
		ka_hash_bytes(b.data ? b.data : "", b.len, hex);
		if (size)
			*size = (long long)b.len;
	}
	ka_buf_free(&b);
	return rc;
}

bool ka_hash_valid(const char *hex)
{
	if (!hex || strlen(hex) != KA_HASH_HEX - 1)
		return false;
	return strspn(hex, "0123456789abcdef") == KA_HASH_HEX - 1;
}

/* ---- the store ----------------------------------------------------------- */

/* The cache's directory must be this user's and written by nobody else:
 * anyone who can write into it can plant an entry (the seal below is a
 * checksum, not a secret).  One that is ours but readable by others is made
 * private (an older kanalyze made it 0755); one writable by others is
 * refused, never repaired: it may already hold someone's entries.  Checked
 * on the open directory, which is then the one used (see ka_cache_open). */
static int private_fd(int fd)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return -errno;
	if (!S_ISDIR(st.st_mode))
		return -ENOTDIR;
	if (st.st_uid != geteuid())
		return -KA_ECACHE_OWNER;
	if (st.st_mode & 022)
		return -KA_ECACHE_MODE;
	if ((st.st_mode & 077) && fchmod(fd, 0700) != 0)
		return -errno;
	return 0;
}

const char *ka_cache_strerror(int rc)
{
	if (rc == -KA_ECACHE_OWNER)
		return "it belongs to another user";
	if (rc == -KA_ECACHE_MODE)
		return "others may write into it (chmod 700 it, or remove it)";
	return strerror(-rc);
}

int ka_cache_open(struct ka_cache *c, const char *dir)
{
	const char *env = getenv("KANALYZE_CACHE_DIR");
	const char *home = getenv("HOME");
	struct ka_buf b = {0};
	int rc;

	c->dir = NULL;
	if (dir && *dir)
		ka_buf_puts(&b, dir);
	else if (env && *env)
		ka_buf_puts(&b, env);
	else if (home && *home)
		ka_buf_printf(&b, "%s/.cache/kanalyze", home);
	else
		return -ENOENT;
	/* the directory first: nothing is made inside one that is not ours.
	 * It is opened once (a symbolic link followed then, never again),
	 * checked on the open handle, and reached afterwards through that
	 * handle (/proc/self/fd/N): whoever owns a link on the way cannot
	 * point it elsewhere after the check. */
	rc = ka_mkdirs(b.data, 0700);
	int top = rc == 0 ? open(b.data, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1, v1 = -1;
	if (rc == 0 && top < 0)
		rc = -errno;
	if (rc == 0)
		rc = private_fd(top);
	if (rc == 0 && mkdirat(top, "v1", 0700) != 0 && errno != EEXIST)
		rc = -errno;
	if (rc == 0 && (v1 = openat(top, "v1", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		rc = -errno;
	if (rc == 0)
		rc = private_fd(v1);
	if (rc == 0 && faccessat(top, "v1", W_OK | X_OK, 0) != 0)
		rc = -errno;
	if (top >= 0)
		close(top);
	if (rc != 0) {
		if (v1 >= 0)
			close(v1);
		ka_buf_free(&b);
		return rc;
	}
	b.len = 0;
	ka_buf_printf(&b, "/proc/self/fd/%d", v1);
	if (access(b.data, X_OK) != 0) {       /* no /proc: the path, resolved once */
		char *real;
		b.len = 0;
		ka_buf_printf(&b, "/dev/fd/%d", v1);
		real = realpath(b.data, NULL);
		ka_buf_free(&b);
		if (!real) {
			close(v1);
			return -ENOENT;
		}
		ka_buf_puts(&b, real);
		free(real);
	}
	c->dir = b.data;
	c->fd = v1 + 1;
	return 0;
}

void ka_cache_close(struct ka_cache *c)
{
	free(c->dir);
	c->dir = NULL;
	if (c->fd > 0)
		close(c->fd - 1);
	c->fd = 0;
}

/* DIR/v1/KIND/ab/KEY.EXT */
static int entry_path(const struct ka_cache *c, const char *kind, const char *key, struct ka_buf *p)
{
	if (!c->dir || !ka_hash_valid(key) || strchr(kind, '/'))
		return -EINVAL;
	ka_buf_printf(p, "%s/%s/%.2s/%s.%s", c->dir, kind, key, key, strcmp(kind, "r") == 0 ? "json" : kind);
	return 0;
}

/* ---- the seal ------------------------------------------------------------------
 * Every entry carries XXH3-128 of (kind, key, its bytes); ka_cache_get
 * checks it and hands back the bytes without it.  An entry edited, cut
 * short, or copied under another key is a miss, never believed.  So that an
 * entry stays what it was (a JSON object, a manifest), the seal is written
 * in its own syntax:
 *
 *   {"kernels":[...]}      ->  {"kernels":[...],"kanalyze_seal":"<32 hex>"}
 *   {}                     ->  {"kanalyze_seal":"<32 hex>"}
 *   anything else, TEXT    ->  TEXT\n#kanalyze-seal <32 hex>\n
 */
#define SEAL_JSON "\"kanalyze_seal\":\""
#define SEAL_TEXT "\n#kanalyze-seal "
enum { SEAL_JSON_LEN = 17 + 32 + 2, SEAL_TEXT_LEN = 16 + 32 + 1 };

static void seal_of(const char *kind, const char *key, const char *p, size_t n, char hex[KA_HASH_HEX])
{
	struct ka_hash h;
	ka_hash_init(&h);
	ka_hash_str(&h, "kanalyze-seal 1");
	ka_hash_str(&h, kind);
	ka_hash_str(&h, key);
	ka_hash_update(&h, &n, sizeof(n));
	ka_hash_update(&h, p, n);
	ka_hash_final(&h, hex);
}

static bool json_object_text(const char *p, size_t n, bool *empty)
{
	if (n < 2 || p[0] != '{' || p[n - 1] != '}')
		return false;
	*empty = true;
	for (size_t i = 1; i + 1 < n && *empty; i++)
		*empty = strchr(" \t\r\n", p[i]) != NULL;
	return true;
}

static void seal(const char *kind, const char *key, const char *p, size_t n, struct ka_buf *out)
{
	char hex[KA_HASH_HEX];
	bool empty;

	seal_of(kind, key, p, n, hex);
	if (json_object_text(p, n, &empty)) {
		ka_buf_append(out, p, n - 1);
		ka_buf_printf(out, "%s" SEAL_JSON "%s\"}", empty ? "" : ",", hex);
	} else {
		ka_buf_append(out, p, n);
		ka_buf_printf(out, SEAL_TEXT "%s\n", hex);
	}
}

/* The entry's bytes in place of the sealed text; -EBADMSG if it does not
 * carry a seal that matches. */
static int unseal(const char *kind, const char *key, struct ka_buf *b)
{
	char want[KA_HASH_HEX], got[KA_HASH_HEX];
	size_t n = b->len;

	if (n >= SEAL_JSON_LEN + 1 && memcmp(b->data + n - 2, "\"}", 2) == 0 &&
	    memcmp(b->data + n - SEAL_JSON_LEN, SEAL_JSON, 17) == 0) {
		memcpy(want, b->data + n - 34, 32);
		n -= SEAL_JSON_LEN;
		if (n >= 2 && b->data[n - 1] == ',')
			n--;
		b->data[n++] = '}';
	} else if (n >= SEAL_TEXT_LEN && b->data[n - 1] == '\n' &&
		   memcmp(b->data + n - SEAL_TEXT_LEN, SEAL_TEXT, 16) == 0) {
		memcpy(want, b->data + n - 33, 32);
		n -= SEAL_TEXT_LEN;
	} else {
		return -EBADMSG;
	}
	want[32] = '\0';
	b->len = n;
	b->data[n] = '\0';
	seal_of(kind, key, b->data, b->len, got);
	return strcmp(got, want) == 0 ? 0 : -EBADMSG;
}

int ka_cache_get(const struct ka_cache *c, const char *kind, const char *key, struct ka_buf *out)
{
	struct ka_buf p = {0}, v = {0};
	int rc = entry_path(c, kind, key, &p);
	if (rc == 0)
		rc = ka_read_file_flags(p.data, 64u << 20, O_NOFOLLOW, &v);
	if (rc == 0)
		rc = unseal(kind, key, &v);
	if (rc == 0)
		ka_buf_append(out, v.data, v.len);
	ka_buf_free(&v);
	ka_buf_free(&p);
	return rc;
}

int ka_cache_put(const struct ka_cache *c, const char *kind, const char *key, const void *data, size_t len)
{
	struct ka_buf p = {0}, v = {0};
	int rc = entry_path(c, kind, key, &p);
	if (rc == 0) {
		char *slash = strrchr(p.data, '/');
		*slash = '\0';
		rc = ka_mkdirs(p.data, 0700);
		*slash = '/';
	}
	if (rc == 0) {   /* a lost entry after a crash is a miss: no fsync */
		seal(kind, key, data, len, &v);
		rc = ka_write_file_replace(p.data, v.data, v.len, false);
	}
	ka_buf_free(&v);
	ka_buf_free(&p);
	return rc;
}

/* ---- manifests -------------------------------------------------------------
 *   kanalyze-manifest 3
 *   result <32 hex>
 *   dep <32 hex> <size> <mtime ns> <ctime ns> <inode> <absolute path to end of line>
 *   dir <32 hex | -> <mtime ns> <ctime ns> <inode> <absolute path to end of line>
 * A dependency modified at or after `not_before` (the compile's start, in
 * ns of CLOCK_REALTIME, as st_mtim) may not be what the compiler read: such a
 * manifest is not written.
 *
 * The files read are not all a lookup depends on: a new cfg.h beside the
 * source shadows the inc/cfg.h that was read, a header that appears makes
 * __has_include true (ccache's direct-mode caveat).  So the manifest also
 * holds every directory a lookup may have searched -- the source's, each
 * dependency's, the -I/-isystem/-iquote directories, and each of these
 * joined with every directory part a dependency's path has below one of
 * them (inc/sub/x.h: DIR/sub for every DIR; "-": absent) -- with a hash of
 * its entry names.  A directory whose stat is the one recorded is unchanged
 * (an entry added, removed or renamed changes its mtime and ctime); else
 * its names are hashed again.  Names made at or after `not_before` are left
 * out of the recorded hash (their birth time, where the file system keeps
 * one: the compiler may not have seen them, the next check lists them and
 * misses), and so are kanalyze's own temporary directories
 * ("kanalyze-PID-...", ".kanalyze-...") and the cache's own directory,
 * which no source includes. */

static bool own_temp_name(const char *n)
{
	return strncmp(n, ".kanalyze-", 10) == 0 ||
	       (strncmp(n, "kanalyze-", 9) == 0 && n[9] >= '0' && n[9] <= '9');
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names a lookup may ask a directory for: every path component of every
 * header name the source and its dependencies spell in an #include,
 * #include_next or __has_include (sorted), or all names (`all`: a name
 * made by a macro, or a dependency that cannot be read). */
struct looks {
	char **v;
	size_t n, cap;
	bool all;
	char **pre;          /* the directory parts spelled: "sub" of sub/cfg.h */
	size_t n_pre, cap_pre;
};

static bool looked_for(const struct looks *lk, const char *name)
{
	return lk->all || (lk->n > 0 && bsearch(&name, lk->v, lk->n, sizeof(*lk->v), cmp_str) != NULL);
}

/* The hash of a directory's entry names (sorted) that a lookup may ask
 * for, those made at or after not_before (0: none) left out.  -errno when
 * it cannot be listed. */
/* A file time in nanoseconds, as manifests record it. */
static long long ns_of(struct timespec t)
{
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int dir_hash(const char *path, const struct looks *lk, long long not_before, ino_t skip_ino, dev_t skip_dev,
		    char hex[KA_HASH_HEX])
{
	struct statx sx;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct ka_hash h;

	if (!d) {
		int err = -errno;
		if (fd >= 0)
			close(fd);
		return err;
	}
	/* an entry made since not_before changed the directory's mtime; file
	 * times lag the clock by up to a tick, hence the second's margin.
	 * An older directory needs no entry's birth time. */
	struct stat dst;
	bool fresh = not_before > 0 && (fstat(fd, &dst) != 0 ||
					ns_of(dst.st_mtim) >=
						not_before - 1000000000LL);
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || own_temp_name(e->d_name) ||
		    !looked_for(lk, e->d_name))
			continue;
		if (skip_ino && (e->d_type == DT_DIR || e->d_type == DT_UNKNOWN) &&
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_ino == skip_ino &&
		    st.st_dev == skip_dev)
			continue;                        /* the cache's own directory */
		if (fresh && statx(dirfd(d), e->d_name, AT_SYMLINK_NOFOLLOW | AT_STATX_DONT_SYNC, STATX_BTIME, &sx) == 0 &&
		    (sx.stx_mask & STATX_BTIME) &&
		    (long long)sx.stx_btime.tv_sec * 1000000000LL + sx.stx_btime.tv_nsec >= not_before)
			continue;                        /* made during the compile */
		KA_GROW(names, n, cap, 64);
		names[n++] = ka_strdup(e->d_name);
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_str);
	ka_hash_init(&h);
	ka_hash_str(&h, lk->all ? "kanalyze-dir all" : "kanalyze-dir looks");
	for (size_t i = 0; i < n; i++) {
		ka_hash_str(&h, names[i]);
		free(names[i]);
	}
	free(names);
	ka_hash_final(&h, hex);
	return 0;
}

/* The cache's own directory (DIR of DIR/v1), left out of listings: the
 * parent of the open v1 (its path is /proc/self/fd/N, whose parent is no
 * directory of the user's). */
static void cache_root(const struct ka_cache *c, ino_t *ino, dev_t *dev)
{
	struct stat st;
	if (c && c->fd > 0 && fstatat(c->fd - 1, "..", &st, 0) == 0) {
		*ino = st.st_ino;
		*dev = st.st_dev;
	}
}

static void looks_add(struct looks *lk, const char *p, size_t len)
{
	/* each component of "a/b/c.h"; "." and ".." are not names */
	while (len > 0) {
		size_t c = 0;
		while (c < len && p[c] != '/')
			c++;
		if (c > 0 && !(c == 1 && p[0] == '.') && !(c == 2 && p[0] == '.' && p[1] == '.')) {
			KA_GROW(lk->v, lk->n, lk->cap, 64);
			lk->v[lk->n] = ka_xmalloc(c + 1);
			memcpy(lk->v[lk->n], p, c);
			lk->v[lk->n++][c] = '\0';
		}
		p += c + (c < len);
		len -= c + (c < len);
	}
}

/* A header name as a directive spells it ("sub/cfg.h"): each component a
 * lookup asks for, and its directory parts ("sub"). */
static void looks_name(struct looks *lk, const char *name, size_t len)
{
	looks_add(lk, name, len);
	for (size_t j = len; j > 1; j--)
		if (name[j - 1] == '/' && lk->n_pre < 4096) {
			KA_GROW(lk->pre, lk->n_pre, lk->cap_pre, 16);
			lk->pre[lk->n_pre] = ka_xmalloc(j);
			memcpy(lk->pre[lk->n_pre], name, j - 1);
			lk->pre[lk->n_pre++][j - 1] = '\0';
		}
}

/* The header name that follows at p ("x.h" or <x.h>, blanks first), also
 * appended to names (a line each) when given; false when it is not a
 * literal (a macro: any name may be asked for). */
static bool spelled(const char *p, const char *end, struct looks *lk, struct ka_buf *names)
{
	const char *q;
	char close;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || (*p != '"' && *p != '<'))
		return false;
	close = *p == '"' ? '"' : '>';
	for (q = p + 1; q < end && *q != close && *q != '\n'; q++)
		;
	if (q >= end || *q != close)
		return false;
	looks_name(lk, p + 1, (size_t)(q - p - 1));
	if (names) {
		ka_buf_append(names, p + 1, (size_t)(q - p - 1));
		ka_buf_append(names, "\n", 1);
	}
	return true;
}

/* The names a file's directives spell (above), from its text; true when
 * one is a macro (then any name may be asked for: lk->all). */
static bool text_looks(const struct ka_buf *text, struct looks *lk, struct ka_buf *names)
{
	const struct ka_buf b = *text;
	const char *p, *end;
	bool all = false;
	if (!b.data)
		return false;
	end = b.data + b.len;
	for (p = b.data; p && p < end; p = memchr(p, '\n', (size_t)(end - p)), p = p ? p + 1 : NULL) {
		const char *q = p;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q < end && *q == '#') {
			q++;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if ((size_t)(end - q) > 12 && strncmp(q, "include_next", 12) == 0)
				q += 12;
			else if ((size_t)(end - q) > 7 && strncmp(q, "include", 7) == 0)
				q += 7;
			else if ((size_t)(end - q) > 6 && strncmp(q, "import", 6) == 0)
				q += 6;
			else
				q = NULL;
			if (q && q < end && (*q == ' ' || *q == '\t' || *q == '"' || *q == '<') && !spelled(q, end, lk, names))
				all = true;          /* #include MACRO */
		}
	}
	for (p = b.data; (p = memmem(p, (size_t)(end - p), "__has_include", 13)) != NULL;) {
		p += 13;
		if ((size_t)(end - p) >= 5 && strncmp(p, "_next", 5) == 0)
			p += 5;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == '(') {
			if (!spelled(p + 1, end, lk, names))
				all = true;
		}
	}
	lk->all = lk->all || all;
	return all;
}

static void scan_looks(const char *path, struct looks *lk)
{
	struct ka_buf b = {0};
	if (ka_read_file(path, 64u << 20, &b) != 0)
		lk->all = true;
	else
		text_looks(&b, lk, NULL);
	ka_buf_free(&b);
}

static void looks_sort(struct looks *lk)
{
	size_t k = 0;
	if (lk->n > 1)
		qsort(lk->v, lk->n, sizeof(*lk->v), cmp_str);
	for (size_t i = 0; i < lk->n; i++) {
		if (k > 0 && strcmp(lk->v[k - 1], lk->v[i]) == 0)
			free(lk->v[i]);
		else
			lk->v[k++] = lk->v[i];
	}
	lk->n = k;
}

static void looks_free(struct looks *lk)
{
	for (size_t i = 0; i < lk->n; i++)
		free(lk->v[i]);
	free(lk->v);
	for (size_t i = 0; i < lk->n_pre; i++)
		free(lk->pre[i]);
	free(lk->pre);
}

/* A set of strings in the order they came, with a hash index: a toolkit
 * file's lookup directories run to thousands, each offered many times (a
 * list searched end to end for each was 40 % of a cub-heavy file's CPU). */
struct dirset {
	char **v;
	size_t *len;
	size_t n, cap, cap_len;
	size_t *slot;                 /* 1 + index into v; 0 empty */
	size_t n_slot;                /* a power of two, over twice n */
};

static size_t str_hash(const char *p, size_t len)
{
	size_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
	return h;
}

/* Whether p[len] is in s; added when not (add). */
static bool strset_put(struct dirset *s, const char *p, size_t len, bool add)
{
	if (s->n_slot < 2 * (s->n + 1)) {          /* grow the index, rehash */
		size_t m = s->n_slot ? 2 * s->n_slot : 64;
		while (m < 2 * (s->n + 1))
			m *= 2;
		free(s->slot);
		s->slot = ka_xcalloc(m, sizeof(*s->slot));
		s->n_slot = m;
		for (size_t i = 0; i < s->n; i++) {
			size_t h = str_hash(s->v[i], s->len[i]) & (m - 1);
			while (s->slot[h])
				h = (h + 1) & (m - 1);
			s->slot[h] = i + 1;
		}
	}
	size_t h = str_hash(p, len) & (s->n_slot - 1);
	for (; s->slot[h]; h = (h + 1) & (s->n_slot - 1)) {
		size_t i = s->slot[h] - 1;
		if (s->len[i] == len && memcmp(s->v[i], p, len) == 0)
			return true;
	}
	if (!add)
		return false;
	KA_GROW(s->v, s->n, s->cap, 32);
	KA_GROW(s->len, s->n, s->cap_len, 32);
	s->v[s->n] = ka_xmalloc(len + 1);
	memcpy(s->v[s->n], p, len);
	s->v[s->n][len] = '\0';
	s->len[s->n] = len;
	s->slot[h] = ++s->n;
	return false;
}

static void dirset_free(struct dirset *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	free(s->len);
	free(s->slot);
	memset(s, 0, sizeof(*s));
}

static void dirset_add(struct dirset *s, const char *path, size_t len)
{
	while (len > 1 && path[len - 1] == '/')
		len--;
	if (len == 0 || path[0] != '/' || memchr(path, '\n', len))
		return;
	strset_put(s, path, len, true);
}

/* The directories a lookup starts from: the source's own, the search
 * directories (resolved), each dependency's; lookup_dirs adds to them. */
static void base_dirs(const char *const *deps, size_t n, const char *source, const char *const *search,
		      struct dirset *out)
{
	char *real = source ? realpath(source, NULL) : NULL;
	if (real && strrchr(real, '/'))
		dirset_add(out, real, (size_t)(strrchr(real, '/') - real));
	free(real);
	for (size_t i = 0; search && search[i]; i++) {
		char *r = realpath(search[i], NULL);
		if (r)
			dirset_add(out, r, strlen(r));
		else if (search[i][0] == '/')
			dirset_add(out, search[i], strlen(search[i]));     /* absent now: recorded as such */
		free(r);
	}
	for (size_t i = 0; i < n; i++)
		if (strrchr(deps[i], '/'))
			dirset_add(out, deps[i], (size_t)(strrchr(deps[i], '/') - deps[i]));
}

/* The directories a lookup of the dependencies may have searched (above),
 * the base ones (base_dirs) already in out. */
static void lookup_dirs(const char *const *deps, size_t n, const struct looks *lk, struct dirset *out)
{
	size_t base = out->n;
	/* each dependency's directory parts below a base directory, under every
	 * base directory: "sub/x.h" could have been found in any of them (a
	 * part already put under them all adds nothing the second time) */
	struct dirset crossed = {0};
	for (size_t i = 0; i < n; i++)
		for (size_t b = 0; b < base; b++) {
			size_t bl = out->len[b];
			const char *rel, *slash;
			int depth = 0;
			if (strncmp(deps[i], out->v[b], bl) != 0 || deps[i][bl] != '/')
				continue;
			rel = deps[i] + bl + 1;
			for (slash = strchr(rel, '/'); slash && depth < 4; slash = strchr(slash + 1, '/'), depth++)
				for (size_t t = 0; t < base && out->n < 4096 &&
						   !(t == 0 && strset_put(&crossed, rel, (size_t)(slash - rel), true));
				     t++) {
					struct ka_buf p = {0};
					ka_buf_printf(&p, "%s/%.*s", out->v[t], (int)(slash - rel), rel);
					dirset_add(out, p.data, p.len);
					ka_buf_free(&p);
				}
		}
	dirset_free(&crossed);
	/* and the directory parts the directives spell ("opt/x.h" that no
	 * directory had: each DIR/opt, absent or not) */
	for (size_t i = 0; i < lk->n_pre; i++)
		for (size_t t = 0; t < base && out->n < 8192; t++) {
			struct ka_buf p = {0};
			ka_buf_printf(&p, "%s/%s", out->v[t], lk->pre[i]);
			dirset_add(out, p.data, p.len);
			ka_buf_free(&p);
		}
}

/* ---- what each header gave a manifest, kept for the next (kind "d") ----
 * Keyed by the headers' paths in order: an edit loop writes manifests of
 * the same few hundred headers again and again, and a header whose stat
 * (size, mtime, ctime, inode) is the one recorded needs no reading -- its
 * hash and the names its directives spell stand.  A manifest check takes
 * the same stat for a hit.  One record a header:
 *   <hash> <size> <mtime> <ctime> <inode> <all 0|1> <n>\n, then n names. */
#define DEP_MEMO "kanalyze-deps 1\n"

struct dep_rec {
	char hex[KA_HASH_HEX];
	long long size, mtime, ctime;
	unsigned long long ino;
	bool all;
	const char *names, *at, *end;        /* its names; the record's bytes */
	size_t n_names;
};

static void dep_memo_key(const char *const *deps, size_t n, char key[KA_HASH_HEX])
{
	struct ka_hash h;
	ka_hash_init(&h);
	ka_hash_str(&h, DEP_MEMO);
	for (size_t i = 0; i < n; i++)
		ka_hash_str(&h, deps[i]);
	ka_hash_final(&h, key);
}

/* The record at *p (advanced past it), or false when none reads there. */
static bool dep_rec_next(const char **p, const char *end, struct dep_rec *r)
{
	const char *q = *p, *nl = memchr(q, '\n', (size_t)(end - q));
	char *sp;
	int all;
	if (!nl || nl - q < KA_HASH_HEX || q[KA_HASH_HEX - 1] != ' ')
		return false;
	memcpy(r->hex, q, KA_HASH_HEX - 1);
	r->hex[KA_HASH_HEX - 1] = '\0';
	if (!ka_hash_valid(r->hex))
		return false;
	errno = 0;
	r->size = strtoll(q + KA_HASH_HEX, &sp, 10);
	r->mtime = strtoll(sp, &sp, 10);
	r->ctime = strtoll(sp, &sp, 10);
	r->ino = strtoull(sp, &sp, 10);
	all = (int)strtol(sp, &sp, 10);
	r->n_names = strtoull(sp, &sp, 10);
	if (errno || sp != nl || (all != 0 && all != 1) || r->n_names > 100000)
		return false;
	r->all = all;
	r->at = q;
	r->names = nl + 1;
	q = nl + 1;
	for (size_t k = 0; k < r->n_names; k++) {
		if (!(nl = memchr(q, '\n', (size_t)(end - q))))
			return false;
		q = nl + 1;
	}
	r->end = *p = q;
	return true;
}

static bool dep_rec_same(const struct dep_rec *r, const struct stat *st)
{
	return r->size == (long long)st->st_size && r->ino == (unsigned long long)st->st_ino &&
	       r->mtime == ns_of(st->st_mtim) &&
	       r->ctime == ns_of(st->st_ctim);
}

static void dep_rec_replay(const struct dep_rec *r, struct looks *lk)
{
	const char *p = r->names;
	for (size_t k = 0; k < r->n_names; k++) {
		const char *nl = memchr(p, '\n', (size_t)(r->end - p));
		looks_name(lk, p, (size_t)(nl - p));
		p = nl + 1;
	}
	lk->all = lk->all || r->all;
}

static void dep_rec_write(struct ka_buf *memo, const char *hex, long long size, const struct stat *st, bool all,
			  const struct ka_buf *names)
{
	size_t n = 0;
	for (size_t i = 0; i < names->len; i++)
		n += names->data[i] == '\n';
	ka_buf_printf(memo, "%s %lld %lld %lld %llu %d %zu\n", hex, size,
		      ns_of(st->st_mtim),
		      ns_of(st->st_ctim),
		      (unsigned long long)st->st_ino, all ? 1 : 0, n);
	if (names->len)
		ka_buf_append(memo, names->data, names->len);
}

/* ---- the directories the last manifest of the same lookups listed (kind "d") ----
 * What a manifest lists of the directories depends only on the base
 * directories, the dependencies, the names looked for and the cache's own
 * place; a directory whose stat is the one recorded (older than the
 * compile) lists what it listed, and one recorded absent that still is
 * stays so.  An edit loop lists the same few hundred directories again and
 * again: the last manifest's dir lines are kept under a key of all that and
 * each is taken again after one stat (two manifests a file, 5 ms each on a
 * cuda-samples file, to 1). */
#define DIR_MEMO "kanalyze-dirs 1\n"

/* A manifest's "<hex|-> <mtime> <ctime> <inode> <path>" (p to nl). */
struct dir_line {
	bool absent;
	char hex[KA_HASH_HEX];
	long long mtime, ctime;
	unsigned long long ino;
	char *path;                   /* owned */
};

static bool dir_line_read(const char *p, const char *nl, struct dir_line *d)
{
	char *sp;
	const char *q;

	memset(d, 0, sizeof(*d));
	d->absent = nl - p >= 2 && p[0] == '-' && p[1] == ' ';
	if (!d->absent) {
		if (nl - p < KA_HASH_HEX)
			return false;
		memcpy(d->hex, p, KA_HASH_HEX - 1);
		d->hex[KA_HASH_HEX - 1] = '\0';
	}
	q = d->absent ? p + 1 : p + KA_HASH_HEX - 1;
	if (*q != ' ')
		return false;
	d->mtime = strtoll(q + 1, &sp, 10);
	if (*sp != ' ' || sp + 1 >= nl)
		return false;
	d->ctime = strtoll(sp + 1, &sp, 10);
	if (*sp != ' ' || sp + 1 >= nl)
		return false;
	d->ino = strtoull(sp + 1, &sp, 10);
	if (*sp != ' ' || sp + 1 >= nl)
		return false;
	d->path = ka_xmalloc((size_t)(nl - sp));
	memcpy(d->path, sp + 1, (size_t)(nl - sp - 1));
	d->path[nl - sp - 1] = '\0';
	return true;
}

/* The stat the line recorded (a directory that moved during its compile
 * recorded none). */
static bool dir_line_stat_same(const struct dir_line *d, const struct stat *st)
{
	return d->mtime != 0 && (unsigned long long)st->st_ino == d->ino && ns_of(st->st_mtim) == d->mtime &&
	       ns_of(st->st_ctim) == d->ctime;
}

/* The manifest's line for the directory at path: absent, or its listing's
 * hash and stat (none when it changed since not_before); -EAGAIN when it
 * cannot be listed. */
static int dir_line_write(struct ka_buf *m, const char *path, const struct looks *lk, long long not_before,
			  ino_t cache_ino, dev_t cache_dev)
{
	char hex[KA_HASH_HEX];
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		ka_buf_printf(m, "dir - 0 0 0 %s\n", path);
		return 0;
	}
	if (dir_hash(path, lk, not_before, cache_ino, cache_dev, hex) != 0)
		return -EAGAIN;
	long long mt = ns_of(st.st_mtim), ct = ns_of(st.st_ctim);
	bool moved = mt >= not_before || ct >= not_before;
	ka_buf_printf(m, "dir %s %lld %lld %llu %s\n", hex, moved ? 0 : mt, moved ? 0 : ct, (unsigned long long)st.st_ino,
		      path);
	return 0;
}

static void hash_strs(struct ka_hash *h, char *const *v, size_t n)
{
	ka_hash_update(h, &n, sizeof(n));
	for (size_t i = 0; i < n; i++)
		ka_hash_str(h, v[i]);
}

static void dir_memo_key(const char *deps_key, const struct dirset *bases, const struct looks *lk, ino_t cache_ino,
			 dev_t cache_dev, char key[KA_HASH_HEX])
{
	struct ka_hash h;
	ka_hash_init(&h);
	ka_hash_str(&h, DIR_MEMO);
	ka_hash_str(&h, deps_key);
	hash_strs(&h, bases->v, bases->n);
	ka_hash_str(&h, lk->all ? "all" : "looks");
	hash_strs(&h, lk->v, lk->n);
	hash_strs(&h, lk->pre, lk->n_pre);
	ka_hash_update(&h, &cache_ino, sizeof(cache_ino));
	ka_hash_update(&h, &cache_dev, sizeof(cache_dev));
	ka_hash_final(&h, key);
}

/* The memo's lines into m: each taken again, or listed anew (*changed)
 * when its directory's stat moved.  False, m as it was, when the memo
 * does not read. */
static bool dir_memo_replay(const struct ka_buf *memo, struct ka_buf *m, const struct looks *lk, long long not_before,
			    ino_t cache_ino, dev_t cache_dev, bool *changed, int *rc)
{
	const char *p = memo->data + sizeof(DIR_MEMO) - 1, *end = memo->data + memo->len;
	size_t mark = m->len;
	while (p < end && *rc == 0) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		struct dir_line d;
		struct stat st;
		if (!nl || nl - p < 4 || strncmp(p, "dir ", 4) != 0 || !dir_line_read(p + 4, nl, &d)) {
			m->len = mark;
			if (m->data)
				m->data[mark] = '\0';
			*rc = 0;
			return false;
		}
		bool is_dir = stat(d.path, &st) == 0 && S_ISDIR(st.st_mode);
		if (d.absent ? !is_dir
			     : is_dir && dir_line_stat_same(&d, &st) && d.mtime < not_before && d.ctime < not_before) {
			ka_buf_append(m, p, (size_t)(nl + 1 - p));
		} else {
			*rc = dir_line_write(m, d.path, lk, not_before, cache_ino, cache_dev);
			*changed = true;
		}
		free(d.path);
		p = nl + 1;
	}
	return true;
}

int ka_manifest_write(const struct ka_cache *c, const char *key, const char *result_key,
		      const char *const *deps, size_t n, const char *source, const char *const *search,
		      long long not_before)
{
	struct ka_buf m = {0};
	struct dirset dirs = {0};
	struct looks lk = {0};
	struct ka_buf text = {0};
	ino_t cache_ino = 0;
	dev_t cache_dev = 0;
	int rc = 0;

	if (!ka_hash_valid(result_key))
		return -EINVAL;
	ka_buf_printf(&m, "kanalyze-manifest 3\nresult %s\n", result_key);
	/* what each header gave the last manifest of the same headers */
	char memo_key[KA_HASH_HEX];
	struct ka_buf old = {0}, memo = {0}, names = {0};
	const char *om = NULL;
	bool memo_changed = true;
	char *source_real = source ? realpath(source, NULL) : NULL;   /* edited every time: no reason to write */
	dep_memo_key(deps, n, memo_key);
	if (ka_cache_get(c, "d", memo_key, &old) == 0 && old.len >= sizeof(DEP_MEMO) - 1 &&
	    memcmp(old.data, DEP_MEMO, sizeof(DEP_MEMO) - 1) == 0) {
		om = old.data + sizeof(DEP_MEMO) - 1;
		memo_changed = false;
	}
	ka_buf_puts(&memo, DEP_MEMO);
	for (size_t i = 0; i < n && rc == 0; i++) {
		char hex[KA_HASH_HEX];
		long long size = 0;
		struct stat st;
		struct dep_rec r;
		bool have = om && dep_rec_next(&om, old.data + old.len, &r);
		if (!have)
			om = NULL;                       /* malformed from here: read the rest */
		if (deps[i][0] != '/' || strchr(deps[i], '\n'))
			rc = -EINVAL;
		else if (stat(deps[i], &st) != 0)
			rc = -errno;
		else if (ns_of(st.st_mtim) >= not_before)
			rc = -EAGAIN;
		else if (have && dep_rec_same(&r, &st)) {
			/* the stat the last manifest recorded: its hash and names
			 * stand, as a manifest check takes the same stat for a hit */
			memcpy(hex, r.hex, sizeof(hex));
			size = r.size;
			dep_rec_replay(&r, &lk);
			ka_buf_append(&memo, r.at, (size_t)(r.end - r.at));
		} else if ((rc = ka_read_file(deps[i], (size_t)1 << 31, &text)) == 0) {
			/* one read: its hash and the names it spells */
			bool all;
			ka_hash_bytes(text.data ? text.data : "", text.len, hex);
			size = (long long)text.len;
			names.len = 0;
			all = text_looks(&text, &lk, &names);
			dep_rec_write(&memo, hex, size, &st, all, &names);
			memo_changed = memo_changed || !source_real || strcmp(deps[i], source_real) != 0;
		}
		if (rc == 0)
			ka_buf_printf(&m, "dep %s %lld %lld %lld %llu %s\n", hex, size,
				      ns_of(st.st_mtim),
				      ns_of(st.st_ctim),
				      (unsigned long long)st.st_ino, deps[i]);
		ka_buf_free(&text);
	}
	if (rc == 0 && memo_changed)
		ka_cache_put(c, "d", memo_key, memo.data, memo.len);
	free(source_real);
	ka_buf_free(&old);
	ka_buf_free(&memo);
	ka_buf_free(&names);
	if (rc == 0) {
		if (source)
			scan_looks(source, &lk);
		looks_sort(&lk);
		base_dirs(deps, n, source, search, &dirs);
		if (lk.all)
			ka_buf_puts(&m, "looks all\n");
		for (size_t i = 0; i < lk.n && !lk.all; i++)
			if (!strchr(lk.v[i], '\n'))
				ka_buf_printf(&m, "look %s\n", lk.v[i]);
	}
	cache_root(c, &cache_ino, &cache_dev);
	if (rc == 0) {
		/* the directories as the last manifest of the same lookups
		 * listed them, else found and listed (a directory that cannot
		 * be listed: no manifest) */
		char dir_key[KA_HASH_HEX];
		struct ka_buf dm = {0};
		bool changed = false;
		size_t mark = m.len;
		dir_memo_key(memo_key, &dirs, &lk, cache_ino, cache_dev, dir_key);
		if (!(ka_cache_get(c, "d", dir_key, &dm) == 0 && dm.len >= sizeof(DIR_MEMO) - 1 &&
		      memcmp(dm.data, DIR_MEMO, sizeof(DIR_MEMO) - 1) == 0 &&
		      dir_memo_replay(&dm, &m, &lk, not_before, cache_ino, cache_dev, &changed, &rc))) {
			lookup_dirs(deps, n, &lk, &dirs);
			for (size_t i = 0; i < dirs.n && rc == 0; i++)
				rc = dir_line_write(&m, dirs.v[i], &lk, not_before, cache_ino, cache_dev);
			changed = true;
		}
		if (rc == 0 && changed) {
			dm.len = 0;
			ka_buf_puts(&dm, DIR_MEMO);
			ka_buf_append(&dm, m.data + mark, m.len - mark);
			ka_cache_put(c, "d", dir_key, dm.data, dm.len);
		}
		ka_buf_free(&dm);
	}
	if (rc == 0)
		rc = ka_cache_put(c, "m", key, m.data, m.len);
	dirset_free(&dirs);
	looks_free(&lk);
	ka_buf_free(&m);
	return rc;
}

/* "dir <hex|-> <mtime> <ctime> <inode> <path>" (p at the hash, nl at the
 * line's end): does a lookup in it still find what it found? */
static bool dir_same(const char *p, const char *nl, const struct looks *lk, ino_t cache_ino, dev_t cache_dev)
{
	char got[KA_HASH_HEX];
	struct dir_line d;
	struct stat st;
	bool same;

	if (!dir_line_read(p, nl, &d))
		return false;
	if (stat(d.path, &st) != 0 || !S_ISDIR(st.st_mode))
		same = d.absent;
	else if (d.absent)
		same = false;
	else if (dir_line_stat_same(&d, &st))
		same = true;
	else
		same = dir_hash(d.path, lk, 0, cache_ino, cache_dev, got) == 0 && strcmp(got, d.hex) == 0;
	free(d.path);
	return same;
}

int ka_manifest_check(const struct ka_cache *c, const char *key, char result_key[KA_HASH_HEX])
{
	struct ka_buf m = {0};
	int rc = ka_cache_get(c, "m", key, &m);
	const char *p, *end;
	ino_t cache_ino = 0;
	dev_t cache_dev = 0;
	struct looks lk = {0};
	bool sorted = false;

	cache_root(c, &cache_ino, &cache_dev);

	if (rc != 0) {
		if (rc != -ENOENT)
			rc = -ESTALE;       /* unreadable, or a seal that does not match */
		goto out;
	}
	rc = -ESTALE;
	p = m.data;
	end = m.data + m.len;
	if (m.len < 20 || strncmp(p, "kanalyze-manifest 3\nresult ", 27) != 0)
		goto out;
	p += 27;
	if (end - p < KA_HASH_HEX || p[KA_HASH_HEX - 1] != '\n')
		goto out;
	memcpy(result_key, p, KA_HASH_HEX - 1);
	result_key[KA_HASH_HEX - 1] = '\0';
	if (!ka_hash_valid(result_key))
		goto out;
	p += KA_HASH_HEX;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		char want[KA_HASH_HEX], got[KA_HASH_HEX], *path, *sp;
		long long size, mtime, ctime, got_size = -1;
		unsigned long long ino;
		struct stat st;

		if (nl && strncmp(p, "look ", 5) == 0) {
			KA_GROW(lk.v, lk.n, lk.cap, 64);
			lk.v[lk.n] = ka_xmalloc((size_t)(nl - p - 4));
			memcpy(lk.v[lk.n], p + 5, (size_t)(nl - p - 5));
			lk.v[lk.n++][nl - p - 5] = '\0';
			p = nl + 1;
			continue;
		}
		if (nl && nl - p == 9 && strncmp(p, "looks all", 9) == 0) {
			lk.all = true;
			p = nl + 1;
			continue;
		}
		if (nl && strncmp(p, "dir ", 4) == 0) {
			if (!sorted) {
				looks_sort(&lk);           /* written sorted; made sure */
				sorted = true;
			}
			if (!dir_same(p + 4, nl, &lk, cache_ino, cache_dev))
				goto out;
			p = nl + 1;
			continue;
		}
		if (!nl || nl - p < 4 + KA_HASH_HEX + 2 || strncmp(p, "dep ", 4) != 0)
			goto out;
		memcpy(want, p + 4, KA_HASH_HEX - 1);
		want[KA_HASH_HEX - 1] = '\0';
		size = strtoll(p + 4 + KA_HASH_HEX, &sp, 10);
		if (*sp != ' ' || sp + 1 >= nl)
			goto out;
		mtime = strtoll(sp + 1, &sp, 10);
		if (*sp != ' ' || sp + 1 >= nl)
			goto out;
		ctime = strtoll(sp + 1, &sp, 10);
		if (*sp != ' ' || sp + 1 >= nl)
			goto out;
		ino = strtoull(sp + 1, &sp, 10);
		if (*sp != ' ' || sp + 1 >= nl)
			goto out;
		path = ka_xmalloc((size_t)(nl - sp));
		memcpy(path, sp + 1, (size_t)(nl - sp - 1));
		path[nl - sp - 1] = '\0';
		/* size first: a changed size needs no hashing to be a miss; the
		 * same stat needs no hashing to be a hit */
		bool same = stat(path, &st) == 0 && (long long)st.st_size == size;
		bool stat_same = same && (unsigned long long)st.st_ino == ino &&
				 ns_of(st.st_mtim) == mtime &&
				 ns_of(st.st_ctim) == ctime;
		if (same && !stat_same)
			same = ka_hash_file(path, got, &got_size) == 0 && strcmp(got, want) == 0;
		free(path);
		if (!same)
			goto out;
		p = nl + 1;
	}
	rc = 0;
out:
	looks_free(&lk);
	ka_buf_free(&m);
	return rc;
}

long long ka_wall_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return ns_of(ts);
}

char **ka_include_dirs(const char *const *a, const char *const *b)
{
	static const char *const sep[] = {"-I", "-isystem", "-iquote", "-idirafter", "--include-path",
					  "--system-include"};
	const char *const *lists[2] = {a, b};
	char **v = ka_xcalloc(1, sizeof(*v));
	size_t n = 0, cap = 1;

	for (int l = 0; l < 2; l++)
		for (size_t i = 0; lists[l] && lists[l][i]; i++) {
			const char *arg = lists[l][i], *dir = NULL;
			for (size_t k = 0; k < sizeof(sep) / sizeof(sep[0]) && !dir; k++) {
				size_t len = strlen(sep[k]);
				if (strcmp(arg, sep[k]) == 0)
					dir = lists[l][i + 1];
				else if (strncmp(arg, sep[k], len) == 0 && (sep[k][1] != '-' || arg[len] == '='))
					dir = arg + len + (arg[len] == '=');
			}
			if (!dir || !*dir)
				continue;
			KA_GROW(v, n + 1, cap, 8);        /* and the NULL after it */
			v[n++] = ka_strdup(dir);
			v[n] = NULL;
		}
	return v;
}

void ka_strv_free(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}
