/* core.h — the few services every kanalyze library shares: a caller-owned
 * diagnostics context, a growable string buffer, whole-file reading, atomic
 * file replacement, private temp directories, and spawning tools with an argv
 * (posix_spawn, never a shell) under a timeout.  No globals, but for what a
 * signal handler must find: the process groups started and the temp
 * directories made (spawn.c, fs.c). */
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

struct ka_diag_record {   /* one error, kept for the reports (SARIF)     */
	int code;               /* its enum ka_exit                             */
	char *where, *text;     /* where may be NULL                            */
	char *detail;           /* e.g. the compiler's own lines; may be NULL   */
};
enum { KA_DIAG_KEEP = 200 };
struct ka_diag {
	FILE *out;             /* stderr normally; a memstream in tests        */
	bool quiet;            /* -q: drop notes and warnings                  */
	bool verbose;          /* --verbose: the compiler's warnings of a
	                          successful compile too (frontends/cc_fold.c) */
	int errors, warnings;
	int kept;              /* errors that lost one part of the run and
	                          spoil nothing else (ka_diag_error_kept)      */
	int exit_code;         /* worst enum ka_exit seen                      */
	char *once_keys;       /* "\n"-separated keys of report-once messages  */
	size_t once_len;
	struct ka_diag_record *records;   /* the first KA_DIAG_KEEP errors       */
	size_t n_records, cap_records;
};

void ka_diag_init(struct ka_diag *d, FILE *out);
void ka_diag_fini(struct ka_diag *d);
/* Report an error that maps to exit code `code` (KA_EXIT_USAGE, ...). */
void ka_diag_error(struct ka_diag *d, int code, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Attach text to the last error kept (not printed: it was shown already). */
/* An error that costs one part of the run and nothing else written (a
 * file's source analysis lost with libclang's process): counted in the
 * exit code like any error, and in d->kept, so that the baseline of a run
 * whose other errors are all such is still written (cli/gate.c). */
void ka_diag_error_kept(struct ka_diag *d, int code, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ka_diag_detail(struct ka_diag *d, const char *text);
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
/* Room for n more bytes and the NUL (buf.c). */
void ka_buf_grow(struct ka_buf *b, size_t n);
/* Inline: the writers append a few bytes at a time, millions of times for
 * a library's report. */
static inline void ka_buf_append(struct ka_buf *b, const void *p, size_t n)
{
	if (b->len + n + 1 > b->cap)
		ka_buf_grow(b, n);
	if (n)
		__builtin_memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}
void ka_buf_puts(struct ka_buf *b, const char *s);
void ka_buf_printf(struct ka_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ka_buf_free(struct ka_buf *b);
char *ka_strdup(const char *s);          /* aborts on out-of-memory */
void *ka_xmalloc(size_t n);
void *ka_xcalloc(size_t n, size_t size);
void *ka_xrealloc(void *p, size_t n);
/* The one growable array: room for element n of v, whose capacity is *cap
 * elements of elem bytes, doubling it (from `first`) when full; v itself
 * when there is room.  Aborts on out-of-memory, as ka_xrealloc.  Use it as
 * KA_GROW(list->v, list->n, list->cap, 16); list->v[list->n++] = x; */
void *ka_grow(void *v, size_t n, size_t *cap, size_t elem, size_t first);
#define KA_GROW(v, n, cap, first) ((v) = ka_grow((v), (n), &(cap), sizeof(*(v)), (first)))

/* ---- number lists (values.c) ---------------------------------------------
 * A list of integers from "8", "1,2,3", "32-1024:32" or a mix "1-8,64". */
struct ka_values {
	long *v;
	size_t n;
};
/* 0, or -1 with a message in err.  Values outside [lo, hi] are refused. */
int ka_values_parse(const char *s, long lo, long hi, struct ka_values *out, char *err, size_t errlen);
void ka_values_free(struct ka_values *v);

/* ---- files ---------------------------------------------------------------
 * ka_read_file: whole regular file into *out (NUL-terminated); refuses
 * directories and files over max_bytes.  Returns 0 or -errno (-EISDIR,
 * -EFBIG, ...).  _flags adds open(2) flags (O_NOFOLLOW). */
int ka_read_file(const char *path, size_t max_bytes, struct ka_buf *out);
int ka_read_file_flags(const char *path, size_t max_bytes, int open_flags, struct ka_buf *out);
/* realpath(3) of many files in a few directories (the headers a compile
 * read): each directory is resolved once, the name itself checked for
 * being a link (then resolved whole).  NULL where realpath gives NULL. */
struct ka_real_dirs {
	struct ka_real_dir {
		char *dir, *real;            /* as spelled, resolved (NULL: none) */
	} *v;
	size_t n, cap;
};
char *ka_real_file(struct ka_real_dirs *rd, const char *path);
void ka_real_dirs_free(struct ka_real_dirs *rd);
/* Write an output (fs.c's table): a missing path or a regular file is
 * replaced atomically -- a temp file in the same directory, fsync, rename;
 * on failure nothing is left behind and the old file is intact; an existing
 * file keeps its mode (and, written by root, its owner).  A character
 * device or a FIFO (also through a symbolic link: /dev/stdout) is written
 * into.  Any other symbolic link is refused (-ELOOP), as are directories
 * (-EISDIR), block devices and sockets (-EINVAL). */
int ka_write_file_atomic(const char *path, const void *data, size_t len);
/* The same; durable=false skips the fsync: still never torn for a reader
 * (rename is atomic), but a crash may lose it.  For caches, which treat an
 * unreadable entry as a miss. */
int ka_write_file_replace(const char *path, const void *data, size_t len, bool durable);
/* What writing `path` would do: KA_OUT_NEW, _FILE (replace), _STREAM
 * (write into), _SYMLINK (refused), or -errno (-EISDIR, -EINVAL, ...). */
enum { KA_OUT_NEW = 1, KA_OUT_FILE, KA_OUT_STREAM, KA_OUT_SYMLINK };
int ka_output_kind(const char *path);
/* What a failed ka_write_file_* (-errno) means for the user: "it is a FIFO
 * that no process reads ...", "it is a symbolic link ...", strerror else. */
const char *ka_write_error(int err);
/* A private directory (0700) under $TMPDIR (or /tmp), inside this
 * process's own $TMPDIR/kanalyze-<pid>-XXXXXX; malloc'd path, or NULL with
 * errno set. */
char *ka_tempdir_create(const char *tag);
/* mkdir -p with `mode` for the directories it makes; one made meanwhile by
 * another process is success.  0 or -errno. */
int ka_mkdirs(const char *path, unsigned mode);
/* Remove a directory created by ka_tempdir_create and everything in it
 * (symbolic links are removed, never followed). */
void ka_tempdir_remove(const char *dir);
/* Remove the temp directories of kanalyze processes that no longer run
 * (killed, crashed): this user's, in $TMPDIR.  Returns how many. */
int ka_tempdir_clean_stale(void);
/* Everything this process made there, and the temp file of an output being
 * written.  Async-signal-safe: the signal handler's. */
void ka_tempdir_remove_all(void);

/* ---- argument vectors -------------------------------------------------------
 * A NULL-terminated argv being built for ka_spawn; owns its strings. */
struct ka_argv {
	char **v;     /* NULL-terminated once anything was pushed */
	int n;
	size_t cap;
};
void ka_argv_push(struct ka_argv *a, const char *s);
void ka_argv_pushf(struct ka_argv *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ka_argv_free(struct ka_argv *a);

/* ---- spawning -------------------------------------------------------------
 * Run argv[0] (searched in PATH when it has no '/') with stdin from
 * /dev/null, capturing stdout and stderr, in its own process group so a
 * timeout kills the whole tree (nvcc runs cicc and ptxas).  Of stderr, the
 * first err_head bytes and the last err_tail are kept (whole lines), with
 * "[kanalyze: N lines (M bytes) of output not kept]" between them. */
enum { KA_SPAWN_ERR_HEAD = 8 << 20, KA_SPAWN_ERR_TAIL = 1 << 20 };
struct ka_spawn_result {
	int status;            /* exit status, or 128+signal                   */
	bool timed_out;
	bool not_found;        /* the program could not be started (ENOENT)    */
	int spawn_errno;       /* errno of a failed start, else 0              */
	struct ka_buf out, err;
	long long err_dropped_bytes, err_dropped_lines;   /* of stderr, not kept */
};
struct ka_spawn_opts {
	const char *cwd;       /* NULL: kanalyze's own                          */
	size_t err_head, err_tail;   /* 0: KA_SPAWN_ERR_HEAD / _TAIL            */
};
int ka_spawn(char *const argv[], double timeout_s, struct ka_spawn_result *res);
void ka_spawn_result_free(struct ka_spawn_result *res);
/* Several commands at once (at most `jobs` running): argvs[i] -> res[i]. */
int ka_spawn_many(char *const *const argvs[], int n, int jobs, double timeout_s,
		  struct ka_spawn_result *res);
int ka_spawn_many_opts(char *const *const argvs[], int n, int jobs, double timeout_s,
		       const struct ka_spawn_opts *opts, struct ka_spawn_result *res);
/* Full path of an executable found on PATH, or NULL (malloc'd). */
char *ka_which(const char *prog);
/* Milliseconds from a monotonic clock. */
double ka_now_ms(void);

/* ---- phase timings (phase.c) ----------------------------------------------
 * With $KANALYZE_TIMINGS set, each phase begun and ended is printed to
 * stderr at exit as a timeline; otherwise these cost one load. */
void ka_phase_init(void);
/* A phase named `name` (a string literal) begins; `detail` (a file, an
 * arch; may be NULL) is copied.  The id for ka_phase_end, or -1. */
int ka_phase_begin(const char *name, const char *detail);
void ka_phase_end(int id);
/* A forked child's phases for its parent: the count now (at the fork), the
 * phases begun since `from` as bytes (malloc'd; 0: none), and the parent's
 * import of them (the same executable: names are the same literals). */
int ka_phase_count(void);
size_t ka_phase_export(int from, void **bytes);
void ka_phase_import(const void *bytes, size_t len);

/* SIGINT, SIGTERM, SIGHUP (unless ignored at start): kill every process
 * group ka_spawn* started, remove this process's temp directories, say so
 * on stderr, exit 128 + the signal (130, 143, 129). */
void ka_signals_install(void);
/* Also: a fatal signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) kills the
 * compilers' groups first, then is handed on.  A thread that may overflow
 * its stack sets up the alternate stack that handler runs on (and frees it
 * when it ends; NULL: none could be made). */
void *ka_signals_thread_stack(void);
void ka_signals_thread_stack_free(void *stack);

/* ---- shell text -------------------------------------------------------------
 * nvcc (and hipcc) run their sub-steps with sh -c, so a path or flag handed
 * to them is shell text.  The first byte of s that sh would act on -- one of
 * ` $ ( ) ; & | < > " ' \ or a control byte (newline, tab) -- or 0 if none;
 * and its name for a message ("a backtick (`)"). */
int ka_shell_unsafe(const char *s);
const char *ka_shell_char_name(int c);

/* ---- the compilers' environment (env.c, compiler_env.def) -----------------
 * nvcc and hipcc paste some of their environment variables into the
 * command lines their shells run.  A value of one of those with shell text
 * is taken out of the process's environment by ka_compiler_env_screen
 * (first thing in main, before any thread), so no spawned tool and no
 * getenv sees it; ka_compiler_env_hash adds a tool's variables as they were
 * set (left out or not) to a cache key; ka_compiler_env_warn names, once
 * each, the variables of `tool` ("nvcc", "hipcc") left out. */
struct ka_hash;
void ka_compiler_env_screen(void);
void ka_compiler_env_hash(const char *tool, struct ka_hash *h);
void ka_compiler_env_warn(const char *tool, struct ka_diag *d);

/* ---- hashing and the result cache (cache.c) -------------------------------
 * XXH3-128 (libxxhash) as 32 lower-case hex digits.  The cache lives under
 * $KANALYZE_CACHE_DIR, else ~/.cache/kanalyze, private to the user;
 * entries are written with ka_write_file_replace, so processes sharing it
 * never see a torn entry, and sealed with a checksum that ka_cache_get
 * checks: an edited or truncated entry is a miss. */
enum { KA_HASH_HEX = 33 };
struct ka_hash {
	void *state;
};
void ka_hash_init(struct ka_hash *h);
void ka_hash_update(struct ka_hash *h, const void *p, size_t n);
void ka_hash_str(struct ka_hash *h, const char *s);     /* length-prefixed */
void ka_hash_stat(struct ka_hash *h, const char *path);  /* path, size, mtime */
void ka_hash_final(struct ka_hash *h, char hex[KA_HASH_HEX]);
void ka_hash_bytes(const void *p, size_t n, char hex[KA_HASH_HEX]);
int ka_hash_file(const char *path, char hex[KA_HASH_HEX], long long *size);  /* 0 or -errno */
bool ka_hash_valid(const char *hex);

struct ka_cache {
	char *dir;             /* ".../v1"; NULL when the cache is off */
	int fd;                /* 1 + the open v1 directory (0: none)  */
};
/* dir NULL: $KANALYZE_CACHE_DIR, else $HOME/.cache/kanalyze.  Creates it
 * (0700).  0, or -errno, -KA_ECACHE_OWNER (another user's) or
 * -KA_ECACHE_MODE (others may write into it): the caller goes on without a
 * cache, saying why with ka_cache_strerror. */
enum { KA_ECACHE_OWNER = 10001, KA_ECACHE_MODE = 10002 };
int ka_cache_open(struct ka_cache *c, const char *dir);
const char *ka_cache_strerror(int rc);
void ka_cache_close(struct ka_cache *c);
/* kind "r" (results, JSON), "m" (manifests), "d" (what each header gave the
 * last manifest of the same headers) or "t" (toolchain facts).  0, or -ENOENT on a miss,
 * -EBADMSG for an entry whose seal does not match (also a miss). */
int ka_cache_get(const struct ka_cache *c, const char *kind, const char *key, struct ka_buf *out);
int ka_cache_put(const struct ka_cache *c, const char *kind, const char *key, const void *data, size_t len);
/* Direct mode: under `key`, record the result key and the hash of every
 * dependency (absolute paths).  -EAGAIN when a dependency changed at or
 * after not_before (ns, CLOCK_REALTIME: the compile may have read an older
 * version).  ka_wall_ns() gives that clock. */
long long ka_wall_ns(void);
/* `source` (the file compiled) and `search` (NULL-terminated -I, -isystem,
 * -iquote directories, or NULL) name the directories whose entries the
 * lookups depended on: a header that appears in one of them since is a
 * miss, as is a dependency that changed (ccache's direct-mode caveat). */
int ka_manifest_write(const struct ka_cache *c, const char *key, const char *result_key,
		      const char *const *deps, size_t n, const char *source, const char *const *search,
		      long long not_before);
/* The include directories -I DIR, -IDIR, -isystem, -iquote, -idirafter,
 * --include-path=, --system-include= name in two argument lists (either
 * may be NULL): a NULL-terminated list to free with ka_strv_free. */
char **ka_include_dirs(const char *const *a, const char *const *b);
void ka_strv_free(char **v);
/* 0 with result_key filled when every dependency is unchanged; -ENOENT
 * (no manifest) or -ESTALE (changed, or unreadable manifest) otherwise. */
int ka_manifest_check(const struct ka_cache *c, const char *key, char result_key[KA_HASH_HEX]);

#endif
