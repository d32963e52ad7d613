/* test_binary.c — the binary readers (fatbin, host ELF, archive, offload
 * bundle, AMD code object) on testdata/binary: classification by content,
 * the conventions the golden files rely on, and damaged input -- every
 * truncation and many byte flips of each good file -- which must give one
 * error line and nothing appended, or a clean read, and never a crash. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "frontends.h"

struct run {
	struct ka_kernel_list list;
	struct ka_diag d;
	char *text;
	size_t len;
	FILE *f;
	int rc;
};

static void load(const char *name, struct ka_buf *b)
{
	struct ka_buf path = {0};
	ka_buf_printf(&path, "%s/binary/%s", KA_TESTDATA, name);
	assert_int_equal(ka_read_file(path.data, 1 << 26, b), 0);
	ka_buf_free(&path);
}

static void run_bytes(struct run *r, const void *data, size_t len, const char *where)
{
	memset(r, 0, sizeof(*r));
	r->f = open_memstream(&r->text, &r->len);
	ka_diag_init(&r->d, r->f);
	r->rc = ka_binary_read(data, len, where, &r->d, &r->list);
	fflush(r->f);
}

static void run_file(struct run *r, const char *name)
{
	struct ka_buf b = {0};
	load(name, &b);
	run_bytes(r, b.data, b.len, name);
	ka_buf_free(&b);
}

static void done(struct run *r)
{
	ka_kernel_list_free(&r->list);
	ka_diag_fini(&r->d);
	fclose(r->f);
	free(r->text);
}

static const struct ka_kernel *find(const struct run *r, const char *arch, const char *mangled)
{
	for (size_t i = 0; i < r->list.n; i++)
		if (strcmp(r->list.v[i].arch, arch) == 0 && strcmp(r->list.v[i].mangled, mangled) == 0)
			return &r->list.v[i];
	return NULL;
}

/* ---- classification ----------------------------------------------------- */

static void sniff_by_content(void **state)
{
	static const struct {
		const char *file;
		int kind;
	} cases[] = {
		{"kern.fatbin", KA_BINARY_FATBIN},          {"kern.o", KA_BINARY_HOST_ELF},
		{"kern.rdc.o", KA_BINARY_HOST_ELF},         {"libkern.so", KA_BINARY_HOST_ELF},
		{"kern.exe", KA_BINARY_HOST_ELF},           {"kern.hip.o", KA_BINARY_HOST_ELF},
		{"libkern.a", KA_BINARY_ARCHIVE},           {"kern.gfx908.co", KA_BINARY_AMD_CODE_OBJECT},
		{"kern.hipfb", KA_BINARY_BUNDLE},           {"kern.v3zstd.ccob", KA_BINARY_BUNDLE_COMPRESSED},
		{"garbage.bin", KA_BINARY_NONE},            {"kern.cu", KA_BINARY_NONE},
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ka_buf b = {0};
		load(cases[i].file, &b);
		if (ka_binary_sniff(b.data, b.len) != cases[i].kind)
			fail_msg("%s: %s, expected %s", cases[i].file, ka_binary_kind_name(ka_binary_sniff(b.data, b.len)),
				 ka_binary_kind_name(cases[i].kind));
		ka_buf_free(&b);
	}
	/* a cubin, and a host ELF without device code (this test program) */
	struct ka_buf b = {0}, path = {0};
	ka_buf_printf(&path, "%s/nvidia/mixed.sm_90.cubin", KA_TESTDATA);
	assert_int_equal(ka_read_file(path.data, 1 << 24, &b), 0);
	assert_int_equal(ka_binary_sniff(b.data, b.len), KA_BINARY_CUBIN);
	ka_buf_free(&b);
	assert_int_equal(ka_read_file("/proc/self/exe", 1 << 28, &b), 0);
	assert_int_equal(ka_binary_sniff(b.data, b.len), KA_BINARY_HOST_ELF_PLAIN);
	ka_buf_free(&b);
	ka_buf_free(&path);
	assert_int_equal(ka_binary_sniff("", 0), KA_BINARY_NONE);
	assert_int_equal(ka_binary_sniff("\177ELF", 4), KA_BINARY_NONE);
	assert_string_equal(ka_binary_kind_name(KA_BINARY_BUNDLE_COMPRESSED), "offload-bundle-compressed");
	assert_string_equal(ka_binary_kind_name(999), "?");
}

static void host_elf_without_device_code(void **state)
{
	struct ka_buf b = {0};
	struct run r;
	(void)state;
	assert_int_equal(ka_read_file("/proc/self/exe", 1 << 28, &b), 0);
	run_bytes(&r, b.data, b.len, "test_binary");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 0);
	assert_non_null(strstr(r.text, "note: no device code"));
	done(&r);
	ka_buf_free(&b);
}

/* ---- NVIDIA ---------------------------------------------------------------- */

static void fatbin_arch_variants_and_compression(void **state)
{
	struct run r;
	const struct ka_kernel *k;
	(void)state;
	run_file(&r, "kern.fatbin");             /* zstd, sm_75 / sm_90a / sm_100f */
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 9);
	assert_non_null(k = find(&r, "sm_90a", "_Z4tilePf"));
	assert_int_equal(k->res.static_smem, 1024);
	assert_int_equal(k->res.max_threads, 128);
	assert_int_equal(k->res.barriers, 1);
	assert_int_equal(k->res.spill_stores, KA_UNSET);   /* not in a cubin */
	assert_string_equal(k->file, "kern.fatbin");
	assert_non_null(find(&r, "sm_100f", "_Z5framePfi"));
	assert_non_null(find(&r, "sm_75", "_Z4axpyfPKfPfi"));
	done(&r);
	run_file(&r, "kern.lz4.fatbin");
	assert_int_equal(r.rc, 0);
	assert_non_null(k = find(&r, "sm_80", "_Z5framePfi"));
	assert_int_equal(k->res.stack, 128);
	done(&r);
}

static void ptx_only_is_a_note(void **state)
{
	struct run r;
	(void)state;
	run_file(&r, "kern.ptx.fatbin");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 0);
	assert_non_null(strstr(r.text, "note: no SASS for sm_120 (PTX ISA 9.0)"));
	assert_int_equal(r.d.errors, 0);
	done(&r);
}

static void unknown_compression_is_unsupported_not_dropped(void **state)
{
	struct run r;
	(void)state;
	run_file(&r, "unknowncomp.fatbin");
	assert_int_equal(r.rc, 1);               /* one entry not decoded */
	assert_int_equal(r.d.errors, 0);
	assert_int_equal(r.d.warnings, 1);
	assert_non_null(strstr(r.text, "entry at 0x10 (sm_80): warning: unsupported"));
	done(&r);
}

static void containers_back_to_back(void **state)
{
	struct ka_buf a = {0}, b = {0};
	struct run r;
	(void)state;
	load("kern.fatbin", &a);
	load("kern.lz4.fatbin", &b);
	ka_buf_append(&a, "\0\0\0\0\0\0\0\0", 8);     /* padding between containers */
	ka_buf_append(&a, b.data, b.len);
	run_bytes(&r, a.data, a.len, "two");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 12);
	done(&r);
	ka_buf_append(&a, "junk", 4);                /* not a container */
	run_bytes(&r, a.data, a.len, "junk");
	assert_int_equal(r.rc, -EINVAL);
	assert_int_equal(r.list.n, 0);
	assert_non_null(strstr(r.text, "garbage after the last fatbin container"));
	done(&r);
	ka_buf_free(&a);
	ka_buf_free(&b);
}

/* Many compressed cubins: helper threads decode ahead (fatbin.c); the
 * result and the one error must be those of a serial read. */
static void decoding_ahead_keeps_order(void **state)
{
	struct ka_buf good = {0}, bad = {0}, all = {0};
	struct run r;
	(void)state;
	load("kern.fatbin", &good);
	load("badzstd.fatbin", &bad);
	for (int i = 0; i < 4; i++)
		ka_buf_append(&all, good.data, good.len);
	run_bytes(&r, all.data, all.len, "four");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 36);
	done(&r);
	all.len = 0;
	ka_buf_append(&all, good.data, good.len);
	ka_buf_append(&all, good.data, good.len);
	ka_buf_append(&all, bad.data, bad.len);      /* its first cubin is damaged */
	ka_buf_append(&all, good.data, good.len);
	run_bytes(&r, all.data, all.len, "bad");
	assert_int_equal(r.rc, -EINVAL);
	assert_int_equal(r.d.errors, 1);
	assert_int_equal(r.list.n, 0);
	char want[64];
	snprintf(want, sizeof(want), "fatbin entry at 0x%zx (sm_75): corrupt zstd", 2 * good.len + 0x10);
	assert_non_null(strstr(r.text, want));
	done(&r);
	ka_buf_free(&good);
	ka_buf_free(&bad);
	ka_buf_free(&all);
}

/* A decompression bomb: 2 KiB of zstd that inflate to 64 MiB of zeros,
 * claimed as one cubin.  Refused by its ratio before anything is
 * allocated (1024-fold at most), with the sizes in the message. */
static void decompression_bomb_refused(void **state)
{
	const size_t big = (size_t)64 << 20;
	char *zeros = calloc(1, big);
	size_t cap = ZSTD_compressBound(big);
	unsigned char *fb = calloc(1, 16 + 64 + cap + 8);
	size_t z;
	struct run r;
	(void)state;
	assert_non_null(zeros);
	assert_non_null(fb);
	z = ZSTD_compress(fb + 16 + 64, cap, zeros, big, 19);
	assert_false(ZSTD_isError(z));
	assert_true(z < 16384);
	size_t padded = (z + 7) & ~(size_t)7;
	uint32_t magic = 0xBA55ED50u, hsize = 64, csize = (uint32_t)z, sm = 90;
	uint16_t one = 1, kind = 2, ver = 0x0101, major = 1, minor = 8, fh = 16;
	uint64_t entries = 64 + padded, psize = padded, flags = 0x1 | 0x10 | 0x8000, usize = big;
	memcpy(fb, &magic, 4);
	memcpy(fb + 4, &one, 2);
	memcpy(fb + 6, &fh, 2);
	memcpy(fb + 8, &entries, 8);
	unsigned char *e = fb + 16;
	memcpy(e, &kind, 2);
	memcpy(e + 2, &ver, 2);
	memcpy(e + 4, &hsize, 4);
	memcpy(e + 8, &psize, 8);
	memcpy(e + 16, &csize, 4);
	memcpy(e + 24, &minor, 2);
	memcpy(e + 26, &major, 2);
	memcpy(e + 28, &sm, 4);
	memcpy(e + 40, &flags, 8);
	memcpy(e + 56, &usize, 8);
	run_bytes(&r, fb, 16 + 64 + padded, "bomb.fatbin");
	assert_true(r.rc < 0);
	assert_int_equal(r.list.n, 0);
	assert_non_null(strstr(r.text, "claims 67108864 bytes uncompressed from"));
	assert_non_null(strstr(r.text, "1024-fold"));
	done(&r);
	free(zeros);
	free(fb);
}

static int first_entry(const struct ka_fatbin_entry *e, void *arg)
{
	*(struct ka_fatbin_entry *)arg = *e;
	return 1;
}

static void oversized_entry_is_refused(void **state)
{
	struct ka_buf b = {0}, out = {0};
	struct ka_fatbin_entry e;
	struct run r;
	(void)state;
	load("kern.fatbin", &b);
	/* the first entry claims 16 GiB uncompressed */
	b.data[0x10 + 56 + 4] = 4;
	memset(&r, 0, sizeof(r));
	r.f = open_memstream(&r.text, &r.len);
	ka_diag_init(&r.d, r.f);
	assert_int_equal(ka_fatbin_walk(b.data, b.len, "big", &r.d, first_entry, &e), 1);
	assert_int_equal(ka_fatbin_entry_decode(&e, "big", &r.d, &out), -EFBIG);
	fflush(r.f);
	assert_non_null(strstr(r.text, "at most 512 MiB"));
	done(&r);
	ka_buf_free(&out);
	ka_buf_free(&b);
}

static void host_objects_archives_libraries(void **state)
{
	struct run r;
	(void)state;
	run_file(&r, "libkern.a");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 9);
	assert_non_null(strstr(r.text, "libkern.a(kern.rdc.o): note: relocatable device code"));
	for (size_t i = 0; i < r.list.n; i++)
		assert_true(strcmp(r.list.v[i].file, "libkern.a(kern.o)") == 0 ||
			    strcmp(r.list.v[i].file, "libkern.a(kern.rdc.o)") == 0);
	done(&r);
	run_file(&r, "libkern.so");
	assert_int_equal(r.rc, 0);
	assert_non_null(find(&r, "sm_86", "_Z4tilePf"));
	done(&r);
	run_file(&r, "kern.exe");
	assert_int_equal(r.rc, 0);
	assert_non_null(find(&r, "sm_89", "_Z4axpyfPKfPfi"));
	done(&r);
}

static void cuobjdump_fallback(void **state)
{
	char *tool = ka_cuobjdump_locate();
	struct ka_buf b = {0};
	struct ka_fatbin_entry e;
	struct run r;
	(void)state;
	if (!tool) {
		skip();
		return;
	}
	load("kern.plain.fatbin", &b);
	memset(&r, 0, sizeof(r));
	r.f = open_memstream(&r.text, &r.len);
	ka_diag_init(&r.d, r.f);
	assert_int_equal(ka_fatbin_walk(b.data, b.len, "x", &r.d, first_entry, &e), 1);
	assert_int_equal(ka_fatbin_entry_cuobjdump(tool, &e, 60, "x", &r.d, &r.list), KA_EXIT_OK);
	assert_int_equal(r.list.n, 3);
	assert_string_equal(r.list.v[0].arch, "sm_80");
	done(&r);
	/* a tool that is not there: a toolchain error, not a crash */
	memset(&r, 0, sizeof(r));
	r.f = open_memstream(&r.text, &r.len);
	ka_diag_init(&r.d, r.f);
	assert_int_equal(ka_fatbin_entry_cuobjdump("/nonexistent/cuobjdump", &e, 60, "x", &r.d, &r.list),
			 KA_EXIT_TOOLCHAIN);
	assert_int_equal(r.list.n, 0);
	done(&r);
	free(tool);
	ka_buf_free(&b);
}

/* ---- AMD ------------------------------------------------------------------- */

static void amd_conventions(void **state)
{
	struct run r;
	const struct ka_kernel *k;
	(void)state;
	run_file(&r, "kern.gfx908.co");
	assert_int_equal(r.rc, 0);
	assert_non_null(k = find(&r, "gfx908", "_Z5hmfmaPKfPf"));
	assert_int_equal(k->vendor, KA_VENDOR_AMD);
	assert_int_equal(k->res.agprs, 16);
	assert_int_equal(k->res.vgprs, 17);      /* clang's remark: VGPRs 17 */
	assert_int_equal(k->wave_size, 64);
	assert_non_null(k = find(&r, "gfx908", "_Z8hscratchPfi"));
	assert_int_equal(k->res.scratch, 272);
	assert_int_equal(k->res.regs, KA_UNSET);
	done(&r);
	run_file(&r, "kern.hip.o");
	assert_int_equal(r.rc, 0);
	assert_non_null(k = find(&r, "gfx1030", "_Z4hldsPf"));
	assert_int_equal(k->res.lds, 1024);
	assert_int_equal(k->res.max_threads, 128);
	assert_int_equal(k->res.agprs, KA_UNSET);   /* no AGPRs on gfx1030 */
	assert_int_equal(k->wave_size, 32);
	done(&r);
	run_file(&r, "cov5.gfx90a.co");           /* code object v5, target id kept */
	assert_int_equal(r.rc, 0);
	assert_non_null(find(&r, "gfx90a:xnack-", "_Z4haddPfPKfi"));
	done(&r);
}

/* The first NUL-free occurrence of `needle` in b. */
static size_t find_bytes(const struct ka_buf *b, const void *needle, size_t n)
{
	const char *p = memmem(b->data, b->len, needle, n);
	assert_non_null(p);
	return (size_t)(p - b->data);
}

static void amd_descriptor_crosscheck(void **state)
{
	struct ka_buf b = {0};
	struct run r;
	size_t at;
	(void)state;
	load("kern.gfx908.co", &b);
	/* ".vgpr_count" of the first kernel (a positive fixint) says 60 */
	at = find_bytes(&b, "\xab.vgpr_count", 12);
	assert_true((unsigned char)b.data[at + 12] < 0x80);
	b.data[at + 12] = 60;
	run_bytes(&r, b.data, b.len, "patched");
	assert_int_equal(r.rc, 0);
	assert_non_null(strstr(r.text, "the kernel descriptor allocates"));
	done(&r);
	ka_buf_free(&b);
}

static void ccob_variants(void **state)
{
	struct ka_buf b = {0}, plain = {0};
	struct run r;
	size_t used = 0;
	(void)state;
	run_file(&r, "kern.v2zlib.ccob");
	assert_int_equal(r.rc, 0);
	assert_int_equal(r.list.n, 8);
	done(&r);
	load("kern.v3zstd.ccob", &b);
	memset(&r, 0, sizeof(r));
	r.f = open_memstream(&r.text, &r.len);
	ka_diag_init(&r.d, r.f);
	assert_int_equal(ka_offload_bundle_decompress(b.data, b.len, "x", &r.d, &plain, &used), 0);
	assert_int_equal(used, b.len);
	assert_int_equal(memcmp(plain.data, "__CLANG_OFFLOAD_BUNDLE__", 24), 0);
	done(&r);
	/* an unknown method, then an unknown version */
	b.data[6] = 7;
	run_bytes(&r, b.data, b.len, "method");
	assert_int_equal(r.rc, -EINVAL);
	assert_non_null(strstr(r.text, "unknown method 7"));
	done(&r);
	b.data[6] = 1;
	b.data[4] = 9;
	run_bytes(&r, b.data, b.len, "version");
	assert_int_equal(r.rc, -EINVAL);
	assert_non_null(strstr(r.text, "unsupported version 9"));
	done(&r);
	ka_buf_free(&b);
	ka_buf_free(&plain);
}

/* ---- damaged input ------------------------------------------------------------ */

/* One clear error and nothing appended, or a clean read; never a crash. */
static void check_damaged(const void *data, size_t len, const char *what, size_t at)
{
	struct run r;
	run_bytes(&r, data, len, "damaged");
	if (r.rc < 0) {
		if (r.d.errors != 1 || r.list.n != 0)
			fail_msg("%s at %zu: rc %d with %d errors and %zu kernels:\n%s", what, at, r.rc, r.d.errors,
				 r.list.n, r.text);
	} else if (r.d.errors != 0) {
		fail_msg("%s at %zu: rc %d but %d errors:\n%s", what, at, r.rc, r.d.errors, r.text);
	}
	done(&r);
}

static const char *const good_files[] = {
	"kern.fatbin", "kern.lz4.fatbin", "kern.o", "kern.rdc.o", "libkern.a", "libkern.so",
	"kern.hipfb", "kern.gfx908.co", "cov5.gfx90a.co", "kern.v2zlib.ccob", "kern.v3zstd.ccob",
};

static void truncations(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(good_files) / sizeof(good_files[0]); i++) {
		struct ka_buf b = {0};
		load(good_files[i], &b);
		size_t step = b.len > 16384 ? 97 : 13;
		for (size_t n = 0; n < b.len; n += step)
			check_damaged(b.data, n, good_files[i], n);
		ka_buf_free(&b);
	}
}

static void byte_flips(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(good_files) / sizeof(good_files[0]); i++) {
		struct ka_buf b = {0};
		load(good_files[i], &b);
		size_t step = b.len > 16384 ? 61 : 7;
		for (size_t at = 0; at < b.len; at += step) {
			static const unsigned char vals[] = {0x00, 0xff, 0x80, 0x7f};
			char keep = b.data[at];
			for (size_t v = 0; v < sizeof(vals); v++) {
				b.data[at] = (char)(keep ^ vals[v] ^ (v == 0 ? 0x01 : 0));
				check_damaged(b.data, b.len, good_files[i], at);
			}
			b.data[at] = keep;
		}
		ka_buf_free(&b);
	}
}

static void fixtures(void **state)
{
	static const struct {
		const char *file, *message;
	} cases[] = {
		{"trunc.fatbin", "truncated fatbin"},
		{"badzstd.fatbin", "corrupt zstd payload"},
		{"trunc.hipfb", "truncated or corrupt offload bundle"},
		{"badentry.hipfb", "truncated or corrupt offload bundle"},
		{"bomb.co", "malformed code object metadata (msgpack"},
		{"garbage.bin", "not a binary kanalyze reads"},
	};
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct run r;
		run_file(&r, cases[i].file);
		assert_int_equal(r.rc, -EINVAL);
		assert_int_equal(r.d.errors, 1);
		assert_int_equal(r.d.exit_code, KA_EXIT_USAGE);
		assert_int_equal(r.list.n, 0);
		if (!strstr(r.text, cases[i].message))
			fail_msg("%s: no \"%s\" in:\n%s", cases[i].file, cases[i].message, r.text);
		done(&r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sniff_by_content),
		cmocka_unit_test(host_elf_without_device_code),
		cmocka_unit_test(fatbin_arch_variants_and_compression),
		cmocka_unit_test(ptx_only_is_a_note),
		cmocka_unit_test(unknown_compression_is_unsupported_not_dropped),
		cmocka_unit_test(containers_back_to_back),
		cmocka_unit_test(oversized_entry_is_refused),
		cmocka_unit_test(decoding_ahead_keeps_order),
		cmocka_unit_test(host_objects_archives_libraries),
		cmocka_unit_test(decompression_bomb_refused),
		cmocka_unit_test(cuobjdump_fallback),
		cmocka_unit_test(amd_conventions),
		cmocka_unit_test(amd_descriptor_crosscheck),
		cmocka_unit_test(ccob_variants),
		cmocka_unit_test(fixtures),
		cmocka_unit_test(truncations),
		cmocka_unit_test(byte_flips),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
