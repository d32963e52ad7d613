/* fatbin.c — the NVIDIA fatbin container: what nvcc -fatbin writes and what
 * the .nv_fatbin / __nv_relfatbin sections of host objects hold.  Entries
 * (PTX, cubin, LTO IR per arch) are walked bounds-checked, decompressed
 * (LZ4 block or zstd frame) and every cubin is handed to ka_cubin_read. */
#include "frontends.h"

#include <errno.h>
#include <inttypes.h>
#include <lz4.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "binary_private.h"
#include "bytes.h"

/* Layout, as nvcc/fatbinary write it (CUDA 12-13; checked against
 * cuobjdump 13.2 on nvcc 13.0 output and the toolkit's own libraries):
 *
 *   container header, 16 bytes          entry header, 64 bytes or more
 *    0 u32 magic 0xBA55ED50              0 u16 kind: 1 PTX, 2 ELF, 8 LTO IR
 *    4 u16 version (1)                   2 u16 version (0x0101)
 *    6 u16 header size (16)              4 u32 header size (64, 72, 80 ... 120)
 *    8 u64 bytes of entries that follow  8 u64 payload size as stored (padded to 8)
 *                                       16 u32 compressed size (0: stored plain)
 *                                       24 u16 minor, 26 u16 major: the PTX ISA
 *                                          (9.0) of a PTX entry, the ELF (1.8)
 *                                       28 u32 SM (90)
 *                                       40 u64 flags
 *                                       56 u64 uncompressed size (0: plain)
 *
 * Flags seen: 0x1 64-bit, 0x2 debug, 0x10 Linux, 0x2000 LZ4 (--compress-mode=
 * speed), 0x8000 zstd (default, size, balance), 0x100000 an arch-specific
 * target (sm_90a), 0x200000 a family target (sm_100f).  nvcc 13.0 by default
 * compresses PTX (zstd) and leaves small cubins plain; the toolkit's
 * libraries compress their cubins with zstd.  Containers lie back to back,
 * sometimes with zero padding between them; entries follow each other at
 * header size + payload size. */
enum {
	FATBIN_MAGIC = 0xBA55ED50u,
	FATBIN_HEADER = 16,
	ENTRY_MIN = 64,
	FLAG_LZ4 = 0x2000,
	FLAG_ZSTD = 0x8000,
	FLAG_COMPRESSED_OTHER = 0x1000 | 0x4000,
	FLAG_ARCH_SPECIFIC = 0x100000,
	FLAG_FAMILY = 0x200000,
};

/* An entry decompresses to at most this: the largest cubin of the CUDA 13
 * libraries is a few tens of MiB. */
#define FATBIN_MAX_ENTRY ((uint64_t)512 << 20)

static void entry_arch(unsigned sm, uint64_t flags, char *arch, size_t n)
{
	snprintf(arch, n, "sm_%u%s", sm, flags & FLAG_ARCH_SPECIFIC ? "a" : flags & FLAG_FAMILY ? "f" : "");
}

/* One entry header at off (container end `end`) into e.  0, or -1 with the
 * reason in *why. */
static int entry_parse(const struct ka_bytes *b, size_t off, size_t end, size_t container,
		       struct ka_fatbin_entry *e, const char **why)
{
	uint16_t kind = 0, minor = 0, major = 0;
	uint32_t hsize = 0, csize = 0, sm = 0;
	uint64_t psize = 0, flags = 0, usize = 0;
	struct ka_bytes in = {b->p, end};

	if (!ka_bytes_has(&in, off, ENTRY_MIN)) {
		*why = "entry header runs past the end of its container";
		return -1;
	}
	ka_rd_u16(&in, off, &kind);
	ka_rd_u32(&in, off + 4, &hsize);
	ka_rd_u64(&in, off + 8, &psize);
	ka_rd_u32(&in, off + 16, &csize);
	ka_rd_u16(&in, off + 24, &minor);
	ka_rd_u16(&in, off + 26, &major);
	ka_rd_u32(&in, off + 28, &sm);
	ka_rd_u64(&in, off + 40, &flags);
	ka_rd_u64(&in, off + 56, &usize);
	if (hsize < ENTRY_MIN || !ka_bytes_has(&in, off, hsize)) {
		*why = "entry header size out of range";
		return -1;
	}
	if (!ka_bytes_has64(&in, (uint64_t)off + hsize, psize)) {
		*why = "entry payload runs past the end of its container";
		return -1;
	}
	if (sm == 0 || sm > 9999) {
		*why = "entry names no plausible SM";
		return -1;
	}
	memset(e, 0, sizeof(*e));
	e->offset = off;
	e->container = container;
	e->kind = kind;
	e->sm = sm;
	entry_arch(sm, flags, e->arch, sizeof(e->arch));
	e->version_major = major;
	e->version_minor = minor;
	e->flags = flags;
	e->header = b->p + off;
	e->header_size = hsize;
	e->payload = b->p + off + hsize;
	e->payload_size = (size_t)psize;
	e->stored_size = (size_t)psize;
	e->uncompressed_size = psize;
	if (flags & FLAG_COMPRESSED_OTHER || ((flags & FLAG_LZ4) && (flags & FLAG_ZSTD))) {
		e->compression = KA_FATBIN_UNKNOWN;
	} else if (flags & (FLAG_LZ4 | FLAG_ZSTD)) {
		e->compression = flags & FLAG_LZ4 ? KA_FATBIN_LZ4 : KA_FATBIN_ZSTD;
		if (csize == 0 || csize > psize) {
			*why = "compressed size out of range";
			return -1;
		}
		e->stored_size = csize;
		e->uncompressed_size = usize;
	} else {
		e->compression = KA_FATBIN_PLAIN;
	}
	return 0;
}

int ka_fatbin_walk(const void *data, size_t len, const char *where, struct ka_diag *d,
		   int (*fn)(const struct ka_fatbin_entry *e, void *arg), void *arg)
{
	struct ka_bytes b = {data, len};
	size_t off = 0;
	int n = 0;

	for (;;) {
		uint32_t magic = 0;
		uint16_t hsize = 0;
		uint64_t size = 0;
		size_t end, e;

		while (off < len && b.p[off] == 0)      /* padding between containers */
			off++;
		if (off == len)
			break;
		if (!ka_rd_u32(&b, off, &magic) || magic != FATBIN_MAGIC) {
			if (n == 0)
				ka_diag_error(d, KA_EXIT_USAGE, where, "not a fatbin (no 0x%08X magic at 0x%zx)",
					      (unsigned)FATBIN_MAGIC, off);
			else
				ka_diag_error(d, KA_EXIT_USAGE, where, "garbage after the last fatbin container (at 0x%zx)",
					      off);
			return -EINVAL;
		}
		if (!ka_rd_u16(&b, off + 6, &hsize) || !ka_rd_u64(&b, off + 8, &size) || hsize < FATBIN_HEADER ||
		    !ka_bytes_has64(&b, (uint64_t)off + hsize, size)) {
			ka_diag_error(d, KA_EXIT_USAGE, where,
				      "truncated fatbin: the container at 0x%zx claims %" PRIu64 " bytes, %zu are there", off,
				      size, len - off);
			return -EINVAL;
		}
		end = off + hsize + (size_t)size;
		for (e = off + hsize; e < end;) {
			struct ka_fatbin_entry ent;
			const char *why = NULL;
			int rc;

			if (entry_parse(&b, e, end, off, &ent, &why) != 0) {
				ka_diag_error(d, KA_EXIT_USAGE, where, "malformed fatbin entry at 0x%zx: %s", e, why);
				return -EINVAL;
			}
			if ((rc = fn(&ent, arg)) != 0)
				return rc;
			e += ent.header_size + ent.payload_size;
		}
		off = end;
		n++;
	}
	if (n == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "not a fatbin (empty)");
		return -EINVAL;
	}
	return 0;
}

static const char *compression_name(enum ka_fatbin_compression c)
{
	switch (c) {
	case KA_FATBIN_PLAIN: return "none";
	case KA_FATBIN_LZ4: return "lz4";
	case KA_FATBIN_ZSTD: return "zstd";
	default: return "unknown";
	}
}

const char *ka_fatbin_compression_name(int c)
{
	return compression_name((enum ka_fatbin_compression)c);
}

/* Room for n bytes (and a NUL) in b, keeping its pages: entries are decoded
 * one after the other into the same buffer. */
static char *buf_room(struct ka_buf *b, size_t n)
{
	if (b->cap < n + 1) {
		b->data = ka_xrealloc(b->data, n + 1);
		b->cap = n + 1;
	}
	b->len = 0;
	return b->data;
}

/* Messages of entry_decode; none with d NULL (a prefetch thread decodes
 * ahead in silence, the reading thread says what went wrong). */
#define DECODE_ERROR(...)                                           \
	do {                                                        \
		if (d)                                              \
			ka_diag_error(d, KA_EXIT_USAGE, where, __VA_ARGS__); \
	} while (0)

static int entry_decode(const struct ka_fatbin_entry *e, ZSTD_DCtx *z, const char *where, struct ka_diag *d,
			struct ka_buf *out)
{
	uint64_t u = e->uncompressed_size;
	char *dst;

	if (e->compression == KA_FATBIN_PLAIN) {
		dst = buf_room(out, e->payload_size);
		memcpy(dst, e->payload, e->payload_size);
		out->len = e->payload_size;
		dst[out->len] = '\0';
		return 0;
	}
	if (e->compression != KA_FATBIN_LZ4 && e->compression != KA_FATBIN_ZSTD)
		return -ENOTSUP;
	uint64_t limit = ka_inflate_limit(e->stored_size, FATBIN_MAX_ENTRY);
	if (u == 0 || u > limit) {
		DECODE_ERROR( "fatbin entry claims %" PRIu64 " bytes uncompressed from %" PRIu64 " (limit %" PRIu64
			      " MiB: 1024-fold, at most %" PRIu64 " MiB)", u, (uint64_t)e->stored_size,
			      (limit + (1 << 20) - 1) >> 20, FATBIN_MAX_ENTRY >> 20);
		return u ? -EFBIG : -EINVAL;
	}
	if (e->compression == KA_FATBIN_LZ4) {
		/* an LZ4 block expands at most 255-fold */
		if (u > (uint64_t)e->stored_size * 255 + 64 || e->stored_size > INT32_MAX) {
			DECODE_ERROR( "LZ4 payload of %zu bytes cannot hold %" PRIu64 " bytes",
				      e->stored_size, u);
			return -EINVAL;
		}
		dst = buf_room(out, (size_t)u);
		int got = LZ4_decompress_safe((const char *)e->payload, dst, (int)e->stored_size, (int)u);
		if (got < 0 || (uint64_t)got != u) {
			DECODE_ERROR( "corrupt LZ4 payload (%zu bytes, %" PRIu64 " expected)",
				      e->stored_size, u);
			return -EINVAL;
		}
	} else {
		unsigned long long fcs = ZSTD_getFrameContentSize(e->payload, e->stored_size);
		size_t got;
		if (fcs == ZSTD_CONTENTSIZE_ERROR || (fcs != ZSTD_CONTENTSIZE_UNKNOWN && fcs != u)) {
			DECODE_ERROR( "corrupt zstd payload (not a frame of %" PRIu64 " bytes)", u);
			return -EINVAL;
		}
		dst = buf_room(out, (size_t)u);
		got = z ? ZSTD_decompressDCtx(z, dst, (size_t)u, e->payload, e->stored_size)
			: ZSTD_decompress(dst, (size_t)u, e->payload, e->stored_size);
		if (ZSTD_isError(got) || got != u) {
			DECODE_ERROR( "corrupt zstd payload: %s",
				      ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short frame");
			return -EINVAL;
		}
	}
	out->len = (size_t)u;
	dst[u] = '\0';
	return 0;
}

int ka_fatbin_entry_decode(const struct ka_fatbin_entry *e, const char *where, struct ka_diag *d,
			   struct ka_buf *out)
{
	return entry_decode(e, NULL, where, d, out);
}

/* ---- decoding ahead -----------------------------------------------------------
 * A library's fatbin holds hundreds of zstd-compressed cubins (CUDA 13's
 * libcusparse: 1037 entries, 134 MB that decode to 1.16 GB) and decoding is
 * most of the work.  Helper threads decode the compressed cubins ahead into
 * a ring of buffers while the reading thread parses them in file order: the
 * result and every message stay exactly those of a serial read. */
enum { SLOT_EMPTY, SLOT_BUSY, SLOT_DONE, SLOT_FAILED };

struct prefetch {
	const struct ka_fatbin_entry *const *todo;   /* the compressed cubins, in order */
	size_t n_todo;
	struct ka_buf *slots;                        /* ring: todo[i] in slots[i % n_slots] */
	int *state;
	size_t n_slots;
	size_t next;                                 /* next todo index a helper takes */
	size_t consumed;                             /* todo entries the reader is done with */
	bool stop;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	pthread_t threads[3];
	int n_threads;
	ZSTD_DCtx *zstd;                             /* the reader's own, when it decodes */
};

static void *prefetch_main(void *arg)
{
	struct prefetch *p = arg;
	ZSTD_DCtx *z = ZSTD_createDCtx();

	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->stop && p->next < p->n_todo && p->next >= p->consumed + p->n_slots)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->stop || p->next >= p->n_todo)
			break;
		size_t i = p->next++, s = i % p->n_slots;
		p->state[s] = SLOT_BUSY;
		pthread_mutex_unlock(&p->mu);
		int rc = z ? entry_decode(p->todo[i], z, NULL, NULL, &p->slots[s]) : -ENOMEM;
		pthread_mutex_lock(&p->mu);
		p->state[s] = rc == 0 ? SLOT_DONE : SLOT_FAILED;
		pthread_cond_broadcast(&p->cv);
	}
	pthread_mutex_unlock(&p->mu);
	ZSTD_freeDCtx(z);
	return NULL;
}

static struct prefetch *prefetch_start(const struct ka_fatbin_entry *const *todo, size_t n)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int helpers = cpus > 4 ? 3 : (int)cpus - 1;
	struct prefetch *p;

	if (n < 4 || helpers < 1)
		return NULL;
	p = ka_xcalloc(1, sizeof(*p));
	p->todo = todo;
	p->n_todo = n;
	p->n_slots = (size_t)helpers + 1;         /* each holds a decoded cubin: NCCL's are tens of MB */
	p->slots = ka_xcalloc(p->n_slots, sizeof(*p->slots));
	p->state = ka_xcalloc(p->n_slots, sizeof(*p->state));
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	for (int i = 0; i < helpers; i++)
		if (pthread_create(&p->threads[p->n_threads], NULL, prefetch_main, p) == 0)
			p->n_threads++;
	return p;   /* with no thread at all, prefetch_take says "decode it yourself" */
}

/* The decoded todo[i] (the reader asks in order), or NULL: decode it
 * yourself (no helper, or it failed: the serial decode says why). */
static const struct ka_buf *prefetch_take(struct prefetch *p, size_t i)
{
	size_t s = i % p->n_slots;
	int st;

	if (p->n_threads == 0)
		return NULL;
	pthread_mutex_lock(&p->mu);
	if (p->next == i) {
		/* no helper has got to it: the reader decodes it rather than wait */
		p->next++;
		p->state[s] = SLOT_BUSY;
		pthread_mutex_unlock(&p->mu);
		if (!p->zstd)
			p->zstd = ZSTD_createDCtx();
		st = p->zstd && entry_decode(p->todo[i], p->zstd, NULL, NULL, &p->slots[s]) == 0 ? SLOT_DONE
												 : SLOT_FAILED;
		pthread_mutex_lock(&p->mu);
		p->state[s] = st;
	}
	while ((st = p->state[s]) != SLOT_DONE && st != SLOT_FAILED)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	return st == SLOT_DONE ? &p->slots[s] : NULL;
}

/* The reader is done with todo[i]: its slot takes todo[i + n_slots]. */
static void prefetch_release(struct prefetch *p, size_t i)
{
	if (p->n_threads == 0)
		return;
	pthread_mutex_lock(&p->mu);
	p->state[i % p->n_slots] = SLOT_EMPTY;
	p->consumed = i + 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
}

static void prefetch_stop(struct prefetch *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	p->stop = true;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	for (int i = 0; i < p->n_threads; i++)
		pthread_join(p->threads[i], NULL);
	for (size_t i = 0; i < p->n_slots; i++)
		ka_buf_free(&p->slots[i]);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	ZSTD_freeDCtx(p->zstd);
	free(p->slots);
	free(p->state);
	free(p);
}

/* ---- reading kernels ------------------------------------------------------ */

struct arch_note {
	char arch[16];
	size_t container;
	unsigned kind;
	unsigned major, minor;
};

struct reader {
	const char *where;          /* the kernels' file                          */
	const char *label;          /* "fatbin", ".nv_fatbin", "__nv_relfatbin"   */
	size_t base;                /* offset of these bytes in the file          */
	const struct ka_binary_options *opt;
	struct ka_diag *d;
	struct ka_kernel_list *out;
	int undecoded;
	int failed;
	struct ka_buf buf;          /* the decoded cubin, reused entry to entry  */
	ZSTD_DCtx *zstd;
	struct prefetch *pf;        /* helpers decoding ahead, or NULL           */
	size_t taken;               /* compressed cubins read so far             */
	/* per container: which archs have SASS; PTX / LTO entries seen */
	struct arch_note *notes;
	size_t n_notes, cap_notes;
	struct arch_note *sass;
	size_t n_sass, cap_sass;
	char **noted;               /* archs already noted in this read           */
	size_t n_noted, cap_noted;
};

static void note_push(struct arch_note **v, size_t *n, size_t *cap, const struct ka_fatbin_entry *e)
{
	KA_GROW(*v, *n, *cap, 16);
	memcpy((*v)[*n].arch, e->arch, sizeof(e->arch));
	(*v)[*n].container = e->container;
	(*v)[*n].kind = e->kind;
	(*v)[*n].major = e->version_major;
	(*v)[*n].minor = e->version_minor;
	(*n)++;
}

static void entry_where(const struct reader *r, const struct ka_fatbin_entry *e, struct ka_buf *w)
{
	w->len = 0;
	ka_buf_printf(w, "%s, %s entry at 0x%zx (%s)", r->where, r->label, r->base + e->offset, e->arch);
}

/* Kernels out->v[first..] come from entry e: its arch name (the cubin's
 * e_flags cannot tell sm_90 from sm_90a), the file they were found in. */
static void adopt(const struct reader *r, const struct ka_fatbin_entry *e, size_t first)
{
	ka_kernel_list_adopt(r->out, first, r->where, e->arch);
}

/* A cubin of an arch the caller does not want: not decoded. */
static bool unwanted(const struct ka_binary_options *opt, const struct ka_fatbin_entry *e)
{
	return opt && opt->wanted && e->kind == KA_FATBIN_ELF && !opt->wanted(opt->wanted_arg, e->arch);
}

static void skipped_add(const struct ka_binary_options *opt, const char *arch)
{
	struct ka_buf *s = opt->skipped;
	size_t n = strlen(arch);
	if (!s)
		return;
	for (const char *p = s->data; p && *p; p += strcspn(p, " "), p += *p == ' ') {
		if (strncmp(p, arch, n) == 0 && (p[n] == ' ' || p[n] == 0))
			return;
	}
	ka_buf_printf(s, "%s%s", s->len ? " " : "", arch);
}

static int read_entry(const struct ka_fatbin_entry *e, void *arg)
{
	struct reader *r = arg;
	struct ka_buf w = {0};
	char key[64];
	int rc = 0;

	entry_where(r, e, &w);
	switch (e->kind) {
	case KA_FATBIN_PTX:
	case KA_FATBIN_LTO:
		note_push(&r->notes, &r->n_notes, &r->cap_notes, e);
		break;
	case KA_FATBIN_ELF:
		if (unwanted(r->opt, e)) {             /* present, not read: SASS all the same */
			skipped_add(r->opt, e->arch);
			note_push(&r->sass, &r->n_sass, &r->cap_sass, e);
			break;
		}
		if (e->compression == KA_FATBIN_UNKNOWN) {
			size_t first = r->out->n;
			if (r->opt && r->opt->cuobjdump &&
			    ka_fatbin_entry_cuobjdump(r->opt->cuobjdump, e, r->opt->timeout_s, w.data, r->d, r->out) ==
				    KA_EXIT_OK) {
				adopt(r, e, first);
				note_push(&r->sass, &r->n_sass, &r->cap_sass, e);
				break;
			}
			snprintf(key, sizeof(key), "fatbin-flags:%" PRIx64, e->flags & ~(uint64_t)0xff);
			ka_diag_warn_once(r->d, key, w.data,
					  "unsupported: cubin compressed in a way kanalyze does not know (flags 0x%" PRIx64
					  "): not read%s",
					  e->flags, r->opt && r->opt->cuobjdump ? "" : " (cuobjdump can extract it: set "
					  "KANALYZE_CUOBJDUMP=/path/to/cuobjdump or pip install nvidia-cuda-cuobjdump)");
			r->undecoded++;
			break;
		}
		{
			/* a plain cubin is read where it lies; a compressed one
			 * from the decoded copy */
			size_t first = r->out->n;
			const void *cubin = e->payload;
			size_t size = e->payload_size;
			const struct ka_buf *ahead = NULL;
			size_t taken = r->taken;
			if (e->compression != KA_FATBIN_PLAIN) {
				r->taken++;
				if (r->pf && (ahead = prefetch_take(r->pf, taken)) != NULL) {
					cubin = ahead->data;
					size = ahead->len;
				} else {
					if (!r->zstd && !(r->zstd = ZSTD_createDCtx())) {
						ka_diag_error(r->d, KA_EXIT_USAGE, w.data, "out of memory (zstd)");
						rc = -ENOMEM;
						break;
					}
					if ((rc = entry_decode(e, r->zstd, w.data, r->d, &r->buf)) != 0)
						break;
					cubin = r->buf.data;
					size = r->buf.len;
				}
			}
			rc = ka_cubin_read(cubin, size, w.data, r->d, r->out);
			if (rc == 0) {
				adopt(r, e, first);
				if (r->opt && r->opt->on_cubin)
					r->opt->on_cubin(r->opt->arg, cubin, size, r->out, first, w.data, r->d);
			}
			if (r->pf && e->compression != KA_FATBIN_PLAIN)
				prefetch_release(r->pf, taken);
			if (rc != 0)
				break;
		}
		note_push(&r->sass, &r->n_sass, &r->cap_sass, e);
		break;
	default:
		snprintf(key, sizeof(key), "fatbin-kind:%u", e->kind);
		ka_diag_warn_once(r->d, key, w.data, "unsupported fatbin entry kind %u (%zu bytes): not read", e->kind,
				  e->payload_size);
		r->undecoded++;
		break;
	}
	ka_buf_free(&w);
	if (rc != 0)
		r->failed = 1;
	return rc;
}

static bool noted_before(struct reader *r, const char *arch)
{
	for (size_t i = 0; i < r->n_noted; i++)
		if (strcmp(r->noted[i], arch) == 0)
			return true;
	KA_GROW(r->noted, r->n_noted, r->cap_noted, 8);
	r->noted[r->n_noted++] = ka_strdup(arch);
	return false;
}

/* An arch with PTX (or LTO IR) and no cubin in the same container has no
 * SASS: its kernels are compiled when loaded.  Said once per arch. */
static void note_ptx_only(struct reader *r)
{
	for (size_t i = 0; i < r->n_notes; i++) {
		const struct arch_note *p = &r->notes[i];
		bool has_sass = false;
		for (size_t j = 0; j < r->n_sass && !has_sass; j++)
			has_sass = r->sass[j].container == p->container && strcmp(r->sass[j].arch, p->arch) == 0;
		if (has_sass || noted_before(r, p->arch))
			continue;
		if (p->kind == KA_FATBIN_PTX)
			ka_diag_note(r->d, r->where, "no SASS for %s (PTX ISA %u.%u): its kernels are compiled from PTX "
				     "when loaded", p->arch, p->major, p->minor);
		else
			ka_diag_note(r->d, r->where, "no SASS for %s (LTO IR): its kernels are compiled when linked",
				     p->arch);
	}
}

struct entries {
	struct ka_fatbin_entry *v;
	size_t n, cap;
};

static int collect(const struct ka_fatbin_entry *e, void *arg)
{
	struct entries *l = arg;
	KA_GROW(l->v, l->n, l->cap, 64);
	l->v[l->n++] = *e;
	return 0;
}

int ka_fatbin_read_at(const void *data, size_t len, const char *where, const char *label, size_t base,
		      const struct ka_binary_options *opt, struct ka_diag *d, struct ka_kernel_list *out)
{
	struct reader r = {.where = where, .label = label ? label : "fatbin", .base = base, .opt = opt, .d = d,
			   .out = out};
	struct entries all = {0};
	const struct ka_fatbin_entry **todo = NULL;
	size_t first = out->n, n_todo = 0;
	struct ka_buf w = {0};
	int rc;

	if (base || label)
		ka_buf_printf(&w, "%s, %s at 0x%zx", where, r.label, base);
	else
		ka_buf_puts(&w, where);
	rc = ka_fatbin_walk(data, len, w.data, d, collect, &all);
	if (rc == 0) {
		todo = ka_xcalloc(all.n + 1, sizeof(*todo));
		for (size_t i = 0; i < all.n; i++)
			if (all.v[i].kind == KA_FATBIN_ELF && !unwanted(opt, &all.v[i]) &&
			    (all.v[i].compression == KA_FATBIN_LZ4 || all.v[i].compression == KA_FATBIN_ZSTD))
				todo[n_todo++] = &all.v[i];
		r.pf = prefetch_start(todo, n_todo);
		for (size_t i = 0; i < all.n && rc == 0; i++)
			rc = read_entry(&all.v[i], &r);
		prefetch_stop(r.pf);
	}
	if (rc == 0 && !r.failed)
		note_ptx_only(&r);
	ka_buf_free(&w);
	ka_buf_free(&r.buf);
	ZSTD_freeDCtx(r.zstd);
	free(todo);
	free(all.v);
	free(r.notes);
	free(r.sass);
	for (size_t i = 0; i < r.n_noted; i++)
		free(r.noted[i]);
	free(r.noted);
	if (rc != 0 || r.failed) {
		while (out->n > first)
			ka_kernel_free(&out->v[--out->n]);
		return -EINVAL;
	}
	return r.undecoded;
}

int ka_fatbin_read_opts(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
			struct ka_diag *d, struct ka_kernel_list *out)
{
	return ka_fatbin_read_at(data, len, where, NULL, 0, opt, d, out);
}

int ka_fatbin_read(const void *data, size_t len, const char *where, struct ka_diag *d, struct ka_kernel_list *out)
{
	return ka_fatbin_read_at(data, len, where, NULL, 0, NULL, d, out);
}
