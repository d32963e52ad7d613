/* bytes.h — bounds-checked little-endian reads for the binary readers
 * (fatbin.c, binary.c, offload_bundle.c, amd_codeobj.c).  Every read names
 * its offset and size and fails, instead of reading past the end, when the
 * bytes are not there; offsets are checked without overflow.  Private to
 * frontends/. */
#ifndef KANALYZE_FRONTENDS_BYTES_H
#define KANALYZE_FRONTENDS_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct ka_bytes {
	const uint8_t *p;
	size_t len;
};

/* The most a compressed payload of `stored` bytes may claim to inflate
 * to: 1024-fold, at least 16 MiB (cubins and code objects compress 3- to
 * 20-fold with LZ4 and zstd; a block of zeros, a bomb, 30000-fold), and
 * never over `hard`, the reader's limit for one payload. */
static inline uint64_t ka_inflate_limit(uint64_t stored, uint64_t hard)
{
	uint64_t cap = stored > (UINT64_MAX >> 10) ? UINT64_MAX : stored << 10;
	if (cap < ((uint64_t)16 << 20))
		cap = (uint64_t)16 << 20;
	return cap < hard ? cap : hard;
}

/* n bytes at off lie inside b. */
static inline bool ka_bytes_has(const struct ka_bytes *b, size_t off, size_t n)
{
	return off <= b->len && n <= b->len - off;
}

/* The same test for a 64-bit offset and size read from the input. */
static inline bool ka_bytes_has64(const struct ka_bytes *b, uint64_t off, uint64_t n)
{
	return off <= (uint64_t)b->len && n <= (uint64_t)b->len - off;
}

static inline bool ka_bytes_sub(const struct ka_bytes *b, uint64_t off, uint64_t n, struct ka_bytes *out)
{
	if (!ka_bytes_has64(b, off, n))
		return false;
	out->p = b->p + off;
	out->len = (size_t)n;
	return true;
}

static inline bool ka_rd_u16(const struct ka_bytes *b, size_t off, uint16_t *v)
{
	if (!ka_bytes_has(b, off, 2))
		return false;
	*v = (uint16_t)(b->p[off] | b->p[off + 1] << 8);
	return true;
}

static inline bool ka_rd_u32(const struct ka_bytes *b, size_t off, uint32_t *v)
{
	if (!ka_bytes_has(b, off, 4))
		return false;
	*v = (uint32_t)b->p[off] | (uint32_t)b->p[off + 1] << 8 | (uint32_t)b->p[off + 2] << 16 |
	     (uint32_t)b->p[off + 3] << 24;
	return true;
}

static inline bool ka_rd_u64(const struct ka_bytes *b, size_t off, uint64_t *v)
{
	uint32_t lo, hi;
	if (!ka_rd_u32(b, off, &lo) || !ka_rd_u32(b, off + 4, &hi))
		return false;
	*v = (uint64_t)hi << 32 | lo;
	return true;
}

/* b holds `magic` (n bytes) at off. */
static inline bool ka_bytes_is(const struct ka_bytes *b, size_t off, const void *magic, size_t n)
{
	return ka_bytes_has(b, off, n) && memcmp(b->p + off, magic, n) == 0;
}

#endif
