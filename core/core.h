/* core.h — the few services every kanalyze library shares: a caller-owned
 * diagnostics context, a growable string buffer, whole-file reading, atomic
 * file replacement, private temp directories, and spawning tools with an argv
 * (posix_spawn, never a shell) under a timeout.  No globals. */
#ifndef KANALYZE_CORE_H
#define KANALYZE_CORE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- exit codes (core/exit_codes.def) ----------------------------------- */
enum ka_exit {
#define KA_EXIT(e, code, what) KA_EXIT_##e = code,
#include "exit_codes.def"
#undef KA_EXIT
};

/* ---- diagnostics ---------------------------------------------------------
 * Messages are "kanalyze: where: message" (or "file:line:col: severity:
 * message" when a position is known), written to the context's stream as
 * they happen.  The context remembers the worst exit code seen so far. */
enum ka_severity { KA_NOTE, KA_WARNING, KA_ERROR };

struct ka_diag {
	FILE *out;             /* stderr normally; a memstream in tests        */
	bool quiet;            /* -q: drop notes and warnings                  */
	int errors, warnings;
	int exit_code;         /* worst enum ka_exit seen                      */
	char *once_keys;       /* "\n"-separated keys of report-once messages  */
	size_t once_len;
};

void ka_diag_init(struct ka_diag *d, FILE *out);
void ka_diag_fini(struct ka_diag *d);
/* Report an error that maps to exit code `code` (KA_EXIT_USAGE, ...). */
void ka_diag_error(struct ka_diag *d, int code, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ka_diag_warn(struct ka_diag *d, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ka_diag_note(struct ka_diag *d, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Warn only the first time `key` is seen in this context ("unsupported"). */
void ka_diag_warn_once(struct ka_diag *d, const char *key, const char *where,
		       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* ---- string buffer ------------------------------------------------------- */
struct ka_buf {
	char *data;   /* always NUL-terminated when len > 0 or after any append */
	size_t len, cap;
};
void ka_buf_append(struct ka_buf *b, const void *p, size_t n);
void ka_buf_puts(struct ka_buf *b, const char *s);
void ka_buf_printf(struct ka_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ka_buf_free(struct ka_buf *b);
char *ka_strdup(const char *s);          /* aborts on out-of-memory */
void *ka_xmalloc(size_t n);
void *ka_xcalloc(size_t n, size_t size);
void *ka_xrealloc(void *p, size_t n);

/* ---- files ---------------------------------------------------------------
 * ka_read_file: whole regular file into *out (NUL-terminated); refuses
 * directories and files over max_bytes.  Returns 0 or -errno (-EISDIR,
 * -EFBIG, ...). */
int ka_read_file(const char *path, size_t max_bytes, struct ka_buf *out);
/* Replace `path` atomically: write a temp file in the same directory, fsync,
 * rename.  On failure nothing is left behind and the old file is intact. */
int ka_write_file_atomic(const char *path, const void *data, size_t len);
/* The same; durable=false skips the fsync: still never torn for a reader
 * (rename is atomic), but a crash may lose it.  For caches, which treat an
 * unreadable entry as a miss. */
int ka_write_file_replace(const char *path, const void *data, size_t len, bool durable);
/* mkdtemp under $TMPDIR (or /tmp); returns malloc'd path or NULL. */
char *ka_tempdir_create(const char *tag);
/* Remove a directory created by ka_tempdir_create and the files in it. */
void ka_tempdir_remove(const char *dir);

/* ---- argument vectors -------------------------------------------------------
 * A NULL-terminated argv being built for ka_spawn; owns its strings. */
struct ka_argv {
	char **v;     /* NULL-terminated once anything was pushed */
	int n;
};
void ka_argv_push(struct ka_argv *a, const char *s);
void ka_argv_pushf(struct ka_argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ka_argv_free(struct ka_argv *a);

/* ---- spawning -------------------------------------------------------------
 * Run argv[0] (searched in PATH when it has no '/') with stdin from
 * /dev/null, capturing stdout and stderr, in its own process group so a
 * timeout kills the whole tree (nvcc runs cicc and ptxas). */
struct ka_spawn_result {
	int status;            /* exit status, or 128+signal                   */
	bool timed_out;
	bool not_found;        /* the program could not be started (ENOENT)    */
	int spawn_errno;       /* errno of a failed start, else 0              */
	struct ka_buf out, err;
};
int ka_spawn(char *const argv[], double timeout_s, struct ka_spawn_result *res);
void ka_spawn_result_free(struct ka_spawn_result *res);
/* Several commands at once (at most `jobs` running): argvs[i] -> res[i]. */
int ka_spawn_many(char *const *const argvs[], int n, int jobs, double timeout_s,
		  struct ka_spawn_result *res);
/* Full path of an executable found on PATH, or NULL (malloc'd). */
char *ka_which(const char *prog);
/* Milliseconds from a monotonic clock. */
double ka_now_ms(void);

/* ---- hashing and the result cache (cache.c) -------------------------------
 * XXH3-128 (libxxhash) as 32 lower-case hex digits.  The cache lives under
 * $KANALYZE_CACHE_DIR, else ~/.cache/kanalyze; entries are written with
 * ka_write_file_atomic, so processes sharing it never see a torn entry. */
enum { KA_HASH_HEX = 33 };
struct ka_hash {
	void *state;
};
void ka_hash_init(struct ka_hash *h);
void ka_hash_update(struct ka_hash *h, const void *p, size_t n);
void ka_hash_str(struct ka_hash *h, const char *s);     /* length-prefixed */
void ka_hash_final(struct ka_hash *h, char hex[KA_HASH_HEX]);
void ka_hash_bytes(const void *p, size_t n, char hex[KA_HASH_HEX]);
int ka_hash_file(const char *path, char hex[KA_HASH_HEX], long long *size);  /* 0 or -errno */
bool ka_hash_valid(const char *hex);

struct ka_cache {
	char *dir;             /* ".../v1"; NULL when the cache is off */
};
/* dir NULL: $KANALYZE_CACHE_DIR, else $HOME/.cache/kanalyze.  Creates it.
 * 0, or -errno (the caller goes on without a cache). */
int ka_cache_open(struct ka_cache *c, const char *dir);
void ka_cache_close(struct ka_cache *c);
/* kind "r" (results, JSON) or "m" (manifests).  0, or -ENOENT on a miss. */
int ka_cache_get(const struct ka_cache *c, const char *kind, const char *key, struct ka_buf *out);
int ka_cache_put(const struct ka_cache *c, const char *kind, const char *key, const void *data, size_t len);
/* Direct mode: under `key`, record the result key and the hash of every
 * dependency (absolute paths).  -EAGAIN when a dependency changed at or
 * after not_before (ns, CLOCK_REALTIME: the compile may have read an older
 * version).  ka_wall_ns() gives that clock. */
long long ka_wall_ns(void);
int ka_manifest_write(const struct ka_cache *c, const char *key, const char *result_key,
		      const char *const *deps, size_t n, long long not_before);
/* 0 with result_key filled when every dependency is unchanged; -ENOENT
 * (no manifest) or -ESTALE (changed, or unreadable manifest) otherwise. */
int ka_manifest_check(const struct ka_cache *c, const char *key, char result_key[KA_HASH_HEX]);

#endif
