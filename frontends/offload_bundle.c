/* offload_bundle.c — clang offload bundles: what hipcc/clang put in the
 * .hip_fatbin section of HIP objects, libraries and executables (one code
 * object per --offload-arch, plus an empty host entry), plain or compressed
 * ("CCOB", zlib or zstd).  Each AMD code object goes to ka_amd_codeobj_read. */
#include "frontends.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "binary_private.h"
#include "bytes.h"

/* Layout (clang/lib/Driver/OffloadBundler.cpp, little-endian):
 *
 *   plain                                  compressed (CCOB)
 *    0 "__CLANG_OFFLOAD_BUNDLE__" (24)      0 "CCOB"
 *   24 u64 number of entries                4 u16 version (1, 2, 3)
 *   32 per entry: u64 offset (from the      6 u16 method: 0 zlib, 1 zstd
 *      bundle's start), u64 size, u64       8 v1: u32 uncompressed size, u64 hash
 *      triple length, the triple              v2: u32 total size, u32 uncompressed, u64 hash
 *   then the entries' bytes                   v3: u64 total size, u64 uncompressed, u64 hash
 *                                           then the compressed plain bundle
 *                                           (v1: up to the end of the input)
 *
 * A triple is <kind>-<arch>-<vendor>-<os>-<env>[-<target id>]: "hipv4-amdgcn-
 * amd-amdhsa--gfx90a:xnack-", "host-x86_64-unknown-linux-gnu-".  The hash
 * (the low 64 bits of an MD5 of the plain bundle) is not checked: the
 * decompressor's own checks and the exact size catch damage. */
static const char BUNDLE_MAGIC[] = "__CLANG_OFFLOAD_BUNDLE__";
enum { MAGIC_LEN = sizeof(BUNDLE_MAGIC) - 1 };
#define BUNDLE_MAX ((uint64_t)1 << 30)   /* a decompressed bundle, at most */

static bool is_plain(const struct ka_bytes *b, size_t off)
{
	return ka_bytes_is(b, off, BUNDLE_MAGIC, MAGIC_LEN);
}

static bool is_ccob(const struct ka_bytes *b, size_t off)
{
	return ka_bytes_is(b, off, "CCOB", 4);
}

/* Decompress the CCOB at b[off..]: the plain bundle into out, its stored
 * length into *used.  0 or -EINVAL (with a message). */
static int ccob_decompress(const struct ka_bytes *b, size_t off, const char *where, struct ka_diag *d,
			   struct ka_buf *out, size_t *used)
{
	uint16_t version, method;
	uint64_t total = 0, usize = 0;
	uint32_t u32a, u32b;
	size_t hdr;
	struct ka_bytes in = {b->p + off, b->len - off};
	char *dst;

	if (!ka_rd_u16(&in, 4, &version) || !ka_rd_u16(&in, 6, &method))
		goto truncated;
	switch (version) {
	case 1:
		if (!ka_rd_u32(&in, 8, &u32a))
			goto truncated;
		usize = u32a;
		total = in.len;
		hdr = 20;
		break;
	case 2:
		if (!ka_rd_u32(&in, 8, &u32a) || !ka_rd_u32(&in, 12, &u32b))
			goto truncated;
		total = u32a;
		usize = u32b;
		hdr = 24;
		break;
	case 3:
		if (!ka_rd_u64(&in, 8, &total) || !ka_rd_u64(&in, 16, &usize))
			goto truncated;
		hdr = 32;
		break;
	default:
		ka_diag_error(d, KA_EXIT_USAGE, where, "compressed offload bundle at 0x%zx: unsupported version %u", off,
			      version);
		return -EINVAL;
	}
	if (total < hdr || !ka_bytes_has64(&in, 0, total))
		goto truncated;
	if (method != 0 && method != 1) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "compressed offload bundle at 0x%zx: unknown method %u", off,
			      method);
		return -EINVAL;
	}
	uint64_t limit = ka_inflate_limit(total - hdr, BUNDLE_MAX);
	if (usize > limit || usize < MAGIC_LEN) {
		ka_diag_error(d, KA_EXIT_USAGE, where,
			      "compressed offload bundle at 0x%zx claims %" PRIu64 " bytes from %" PRIu64 " (limit %" PRIu64
			      " MiB: 1024-fold, at most %" PRIu64 " MiB)", off, usize, total - hdr,
			      (limit + (1 << 20) - 1) >> 20, BUNDLE_MAX >> 20);
		return -EINVAL;
	}
	dst = ka_xmalloc((size_t)usize + 1);
	if (method == 0) {
		uLongf got = (uLongf)usize;
		uLong src = (uLong)(total - hdr);
		if (total - hdr > (uint64_t)ULONG_MAX ||
		    uncompress2((Bytef *)dst, &got, in.p + hdr, &src) != Z_OK || got != usize) {
			free(dst);
			ka_diag_error(d, KA_EXIT_USAGE, where, "compressed offload bundle at 0x%zx: corrupt zlib data", off);
			return -EINVAL;
		}
		if (version == 1)
			total = hdr + src;     /* v1 does not say where it ends */
	} else {
		size_t csize = (size_t)(total - hdr);
		unsigned long long fcs;
		size_t got = 0;
		if (version == 1)
			csize = ZSTD_findFrameCompressedSize(in.p + hdr, csize);
		fcs = ZSTD_isError(csize) ? ZSTD_CONTENTSIZE_ERROR : ZSTD_getFrameContentSize(in.p + hdr, csize);
		if (fcs == ZSTD_CONTENTSIZE_ERROR || (fcs != ZSTD_CONTENTSIZE_UNKNOWN && fcs != usize) ||
		    ZSTD_isError(got = ZSTD_decompress(dst, (size_t)usize, in.p + hdr, csize)) || got != usize) {
			free(dst);
			ka_diag_error(d, KA_EXIT_USAGE, where, "compressed offload bundle at 0x%zx: corrupt zstd data", off);
			return -EINVAL;
		}
		if (version == 1)
			total = hdr + csize;
	}
	ka_buf_free(out);
	out->data = dst;
	out->len = out->cap = (size_t)usize;
	dst[usize] = '\0';
	*used = (size_t)total;
	return 0;
truncated:
	ka_diag_error(d, KA_EXIT_USAGE, where, "truncated compressed offload bundle at 0x%zx", off);
	return -EINVAL;
}

int ka_offload_bundle_decompress(const void *data, size_t len, const char *where, struct ka_diag *d,
				 struct ka_buf *out, size_t *consumed)
{
	struct ka_bytes b = {data, len};
	size_t used = 0;

	if (!is_ccob(&b, 0)) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "not a compressed offload bundle (no CCOB magic)");
		return -EINVAL;
	}
	if (ccob_decompress(&b, 0, where, d, out, &used) != 0)
		return -EINVAL;
	if (consumed)
		*consumed = used;
	return 0;
}

/* The target id of a triple ("gfx90a:xnack-"), or "" (host, no id). */
static void triple_target(const char *t, size_t n, char *id, size_t idn)
{
	size_t dashes = 0, i;
	for (i = 0; i < n && dashes < 5; i++)
		if (t[i] == '-')
			dashes++;
	snprintf(id, idn, "%.*s", dashes == 5 ? (int)(n - i) : 0, t + i);
}

struct bundle_ctx {
	const char *where;
	const char *label;
	size_t base;
	struct ka_diag *d;
	struct ka_kernel_list *out;
	int undecoded;
};

/* One entry's bytes: an AMD code object, a cubin (clang CUDA bundles), LLVM
 * bitcode (-fgpu-rdc: no machine code yet), or something else. */
static int read_entry(struct bundle_ctx *c, const struct ka_bytes *e, const char *triple, size_t tlen,
		      size_t at)
{
	struct ka_buf w = {0};
	char id[64];
	size_t first = c->out->n;
	int rc = 0;

	triple_target(triple, tlen, id, sizeof(id));
	ka_buf_printf(&w, "%s, offload bundle entry %.*s at 0x%zx", c->where, (int)(tlen > 200 ? 200 : tlen), triple,
		      at);
	if (tlen >= 5 && memcmp(triple, "host-", 5) == 0) {
		/* the host side: empty, or host code that has no kernels */
	} else if (e->len >= 20 && memcmp(e->p, "\177ELF", 4) == 0 && e->p[18] == 224 && e->p[19] == 0) {
		if ((rc = ka_amd_codeobj_read(e->p, e->len, w.data, c->d, c->out)) == 0)
			ka_kernel_list_adopt(c->out, first, c->where, NULL);
	} else if (e->len >= 20 && memcmp(e->p, "\177ELF", 4) == 0 && e->p[18] == 190 && e->p[19] == 0) {
		if ((rc = ka_cubin_read(e->p, e->len, w.data, c->d, c->out)) == 0)
			ka_kernel_list_adopt(c->out, first, c->where, NULL);
	} else if (e->len >= 4 && memcmp(e->p, "BC\xc0\xde", 4) == 0) {
		ka_diag_note(c->d, w.data, "LLVM bitcode for %s (-fgpu-rdc): no machine code until it is linked",
			     *id ? id : "the device");
	} else if (e->len > 0) {
		char key[80];
		snprintf(key, sizeof(key), "bundle-entry:%.60s", id);
		ka_diag_warn_once(c->d, key, w.data, "unsupported: an offload bundle entry of %zu bytes that is not a "
				  "code object: not read", e->len);
		c->undecoded++;
	}
	ka_buf_free(&w);
	return rc < 0 ? -EINVAL : 0;
}

/* One plain bundle at b[off..]: its entries, and in *end where it ends. */
static int read_plain(struct bundle_ctx *c, const struct ka_bytes *b, size_t off, size_t *end, const char *where)
{
	struct ka_bytes in = {b->p + off, b->len - off};
	uint64_t n, last = MAGIC_LEN + 8;
	size_t p = MAGIC_LEN + 8;

	if (!ka_rd_u64(&in, MAGIC_LEN, &n)) {
		ka_diag_error(c->d, KA_EXIT_USAGE, where, "truncated offload bundle at 0x%zx", c->base + off);
		return -EINVAL;
	}
	/* each entry takes at least 24 bytes of header */
	if (n > in.len / 24) {
		ka_diag_error(c->d, KA_EXIT_USAGE, where, "offload bundle at 0x%zx claims %" PRIu64 " entries",
			      c->base + off, n);
		return -EINVAL;
	}
	for (uint64_t i = 0; i < n; i++) {
		uint64_t eoff, esize, tlen;
		struct ka_bytes e;
		if (!ka_rd_u64(&in, p, &eoff) || !ka_rd_u64(&in, p + 8, &esize) || !ka_rd_u64(&in, p + 16, &tlen) ||
		    !ka_bytes_has64(&in, (uint64_t)p + 24, tlen)) {
			ka_diag_error(c->d, KA_EXIT_USAGE, where, "truncated offload bundle header at 0x%zx",
				      c->base + off + p);
			return -EINVAL;
		}
		const char *triple = (const char *)in.p + p + 24;
		p += 24 + (size_t)tlen;
		if (!ka_bytes_sub(&in, eoff, esize, &e) || (esize > 0 && eoff < p)) {
			ka_diag_error(c->d, KA_EXIT_USAGE, where,
				      "truncated or corrupt offload bundle: entry %.*s (at 0x%" PRIx64 ", %" PRIu64
				      " bytes) is not inside the %zu bytes there",
				      (int)(tlen > 200 ? 200 : tlen), triple, c->base + off + eoff, esize, in.len);
			return -EINVAL;
		}
		if (eoff + esize > last)
			last = eoff + esize;
		if (read_entry(c, &e, triple, (size_t)tlen, c->base + off + (size_t)eoff) != 0)
			return -EINVAL;
	}
	if (p > last)
		last = p;
	*end = off + (size_t)last;
	return 0;
}

int ka_offload_bundle_read_at(const void *data, size_t len, const char *where, const char *label, size_t base,
			      struct ka_diag *d, struct ka_kernel_list *out)
{
	struct bundle_ctx c = {.where = where, .label = label, .base = base, .d = d, .out = out};
	struct ka_bytes b = {data, len};
	struct ka_buf w = {0}, plain = {0};
	size_t off = 0, first = out->n;
	int n = 0, rc = 0;

	if (label)
		ka_buf_printf(&w, "%s, %s at 0x%zx", where, label, base);
	else
		ka_buf_puts(&w, where);
	for (;;) {
		size_t end = 0;
		while (off < len && b.p[off] == 0)        /* alignment between bundles */
			off++;
		if (off == len)
			break;
		if (is_plain(&b, off)) {
			rc = read_plain(&c, &b, off, &end, w.data);
		} else if (is_ccob(&b, off)) {
			size_t used = 0;
			rc = ccob_decompress(&b, off, w.data, d, &plain, &used);
			if (rc == 0) {
				struct ka_bytes pb = {(const uint8_t *)plain.data, plain.len};
				struct bundle_ctx inner = c;
				size_t pend;
				struct ka_buf iw = {0};
				ka_buf_printf(&iw, "%s, compressed offload bundle at 0x%zx", where, base + off);
				inner.base = 0;
				inner.label = "decompressed bundle";
				if (!is_plain(&pb, 0)) {
					ka_diag_error(d, KA_EXIT_USAGE, iw.data, "decompressed, it is not an offload bundle");
					rc = -EINVAL;
				} else {
					rc = read_plain(&inner, &pb, 0, &pend, iw.data);
				}
				c.undecoded = inner.undecoded;
				ka_buf_free(&iw);
				end = off + used;
			}
		} else {
			ka_diag_error(d, KA_EXIT_USAGE, w.data, n == 0 ? "not an offload bundle (no magic at 0x%zx)"
							      : "garbage after the last offload bundle (at 0x%zx)",
				      base + off);
			rc = -EINVAL;
		}
		if (rc != 0)
			break;
		n++;
		off = end;
	}
	if (rc == 0 && n == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, w.data, "not an offload bundle (empty)");
		rc = -EINVAL;
	}
	ka_buf_free(&w);
	ka_buf_free(&plain);
	if (rc != 0) {
		while (out->n > first)
			ka_kernel_free(&out->v[--out->n]);
		return -EINVAL;
	}
	return c.undecoded;
}

int ka_offload_bundle_read(const void *data, size_t len, const char *where, struct ka_diag *d,
			   struct ka_kernel_list *out)
{
	return ka_offload_bundle_read_at(data, len, where, NULL, 0, d, out);
}
