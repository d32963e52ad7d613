/* binary.c — what a build produced, told apart by content: cubins, fatbins,
 * host ELF objects, shared libraries and executables (their .nv_fatbin,
 * __nv_relfatbin and .hip_fatbin sections), static archives (each member),
 * AMD code objects and clang offload bundles; each piece goes to its reader. */
#include "frontends.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary_private.h"
#include "bytes.h"

#ifndef EM_CUDA
#define EM_CUDA 190
#endif
#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif

static const char BUNDLE_MAGIC[] = "__CLANG_OFFLOAD_BUNDLE__";

static const char *const kind_names[] = {
#define KA_BINARY_KIND(id, name, what) name,
#include "binary_kinds.def"
#undef KA_BINARY_KIND
};

const char *ka_binary_kind_name(int kind)
{
	if (kind < 0 || (size_t)kind >= sizeof(kind_names) / sizeof(kind_names[0]))
		return "?";
	return kind_names[kind];
}

/* ---- host ELF ---------------------------------------------------------------
 * libelf reads the image in place (elf_memory: native byte order, nothing
 * converted or written when only reading), so a 300 MB library is not
 * copied; section contents are taken from the image by their offsets,
 * bounds-checked. */

enum { KA_ARCHIVE_DEPTH = 3 };        /* archives inside archives read this deep */

enum section_kind { SEC_OTHER, SEC_FATBIN, SEC_RELFATBIN, SEC_HIP_FATBIN, SEC_OBJECT_BUNDLE, SEC_NEW_OFFLOAD };

static enum section_kind section_kind(const char *name)
{
	if (strcmp(name, ".nv_fatbin") == 0)
		return SEC_FATBIN;
	if (strcmp(name, "__nv_relfatbin") == 0)
		return SEC_RELFATBIN;
	if (strcmp(name, ".hip_fatbin") == 0)
		return SEC_HIP_FATBIN;
	if (strncmp(name, BUNDLE_MAGIC, sizeof(BUNDLE_MAGIC) - 1) == 0)
		return SEC_OBJECT_BUNDLE;        /* clang -fgpu-rdc -c: one section per target */
	if (strcmp(name, ".llvm.offloading") == 0)
		return SEC_NEW_OFFLOAD;
	return SEC_OTHER;
}

struct host {
	Elf *elf;
	GElf_Ehdr eh;
	size_t shstrndx;
	char msg[160];           /* what is wrong, when it is ours to say        */
};

/* What is cut off in an ELF of `len` bytes, said with offsets (into msg),
 * or NULL when its header and section header table are all there: libelf
 * would only say "invalid ELF file data" or "no error". */
static const char *elf_truncation(const unsigned char *p, size_t len, char *msg, size_t n)
{
	bool is64 = len > 4 && p[4] == 2;
	size_t eh = is64 ? 64 : 52;
	uint64_t shoff;
	unsigned shentsize, shnum;

	if (len < 4 || memcmp(p, "\177ELF", 4) != 0)
		return NULL;
	if (len < eh) {
		snprintf(msg, n, "truncated ELF header: %zu of its %zu bytes", len, eh);
		return msg;
	}
	if (p[5] != 1)                       /* big-endian: libelf says so */
		return NULL;
	if (is64) {
		memcpy(&shoff, p + 0x28, 8);
		shentsize = (unsigned)(p[0x3a] | p[0x3b] << 8);
		shnum = (unsigned)(p[0x3c] | p[0x3d] << 8);
	} else {
		uint32_t o;
		memcpy(&o, p + 0x20, 4);
		shoff = o;
		shentsize = (unsigned)(p[0x2e] | p[0x2f] << 8);
		shnum = (unsigned)(p[0x30] | p[0x31] << 8);
	}
	if (shoff > len || (uint64_t)shentsize * shnum > len - shoff) {
		snprintf(msg, n, "truncated: its section header table (0x%llx..0x%llx) lies past the end (0x%zx bytes)",
			 (unsigned long long)shoff, (unsigned long long)(shoff + (uint64_t)shentsize * shnum), len);
		return msg;
	}
	return NULL;
}

/* Open bytes as an ELF; 0, or -1 (libelf's message in *why). */
/* What libelf leaves unsaid ("no error") about an ELF it will not open:
 * the identification bytes of the header (System V ABI, "ELF Header"). */
static const char *ident_problem(const unsigned char *p, size_t len, char *msg, size_t n)
{
	if (len < 16 || memcmp(p, "\177ELF", 4) != 0)
		return "not an ELF file";
	if (p[4] != 1 && p[4] != 2)
		snprintf(msg, n, "ELF header: class byte %u (1: 32-bit, 2: 64-bit)", p[4]);
	else if (p[5] != 1 && p[5] != 2)
		snprintf(msg, n, "ELF header: data encoding byte %u (1: little-endian, 2: big-endian)", p[5]);
	else if (p[6] != 1)
		snprintf(msg, n, "ELF header: version byte %u (1: the current version)", p[6]);
	else
		snprintf(msg, n, "an ELF header libelf does not read");
	return msg;
}

static int host_open(const void *data, size_t len, struct host *h, const char **why)
{
	memset(h, 0, sizeof(*h));
	elf_version(EV_CURRENT);
	if ((*why = elf_truncation(data, len, h->msg, sizeof(h->msg))) != NULL)
		goto fail;
	if (!(h->elf = elf_memory((char *)data, len)) || elf_kind(h->elf) != ELF_K_ELF || !gelf_getehdr(h->elf, &h->eh)) {
		int e = elf_errno();
		*why = e ? elf_errmsg(e) : ident_problem(data, len, h->msg, sizeof(h->msg));
		goto fail;
	}
	if (elf_getshdrstrndx(h->elf, &h->shstrndx) != 0) {
		*why = elf_errmsg(-1);
		goto fail;
	}
	return 0;
fail:
	if (!*why)
		*why = "not an ELF file";
	if (h->elf)
		elf_end(h->elf);
	h->elf = NULL;
	return -1;
}

/* Does this host ELF carry device code?  1 yes, 0 no, -1 unreadable. */
static int host_has_device_code(const void *data, size_t len)
{
	struct host h;
	const char *why = NULL;
	Elf_Scn *scn = NULL;
	int found = 0;

	if (host_open(data, len, &h, &why) != 0)
		return -1;
	while (!found && (scn = elf_nextscn(h.elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(h.elf, h.shstrndx, sh.sh_name)))
			break;
		found = section_kind(name) != SEC_OTHER;
	}
	elf_end(h.elf);
	return found;
}

int ka_binary_sniff(const void *data, size_t len)
{
	struct ka_bytes b = {data, len};
	uint32_t magic;
	uint16_t machine;

	if (ka_bytes_is(&b, 0, "!<arch>\n", 8) || ka_bytes_is(&b, 0, "!<thin>\n", 8))
		return KA_BINARY_ARCHIVE;
	if (ka_rd_u32(&b, 0, &magic) && magic == 0xBA55ED50u)
		return KA_BINARY_FATBIN;
	if (ka_bytes_is(&b, 0, BUNDLE_MAGIC, sizeof(BUNDLE_MAGIC) - 1))
		return KA_BINARY_BUNDLE;
	if (ka_bytes_is(&b, 0, "CCOB", 4))
		return KA_BINARY_BUNDLE_COMPRESSED;
	if (!ka_bytes_is(&b, 0, "\177ELF", 4) || len < 64 || b.p[5] != 1 /* little-endian */ ||
	    !ka_rd_u16(&b, 18, &machine))
		return KA_BINARY_NONE;
	if (machine == EM_CUDA)
		return KA_BINARY_CUBIN;
	if (machine == EM_AMDGPU)
		return KA_BINARY_AMD_CODE_OBJECT;
	switch (host_has_device_code(data, len)) {
	case 1: return KA_BINARY_HOST_ELF;
	case 0: return KA_BINARY_HOST_ELF_PLAIN;
	default: return KA_BINARY_NONE;
	}
}

static int read_any(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
		    struct ka_diag *d, struct ka_kernel_list *out, int depth, bool member);

/* One section of a clang -fgpu-rdc object: a single bundle entry's bytes. */
static int read_object_bundle(const struct ka_bytes *s, const char *name, const char *where, size_t off,
			      struct ka_diag *d, struct ka_kernel_list *out)
{
	const char *triple = name + sizeof(BUNDLE_MAGIC) - 1;
	struct ka_buf w = {0};
	size_t first = out->n;
	int rc = 0;

	ka_buf_printf(&w, "%s, section %s at 0x%zx", where, name, off);
	if (strncmp(triple, "host-", 5) == 0 || s->len == 0) {
		/* the host side */
	} else if (s->len >= 20 && memcmp(s->p, "\177ELF", 4) == 0 && s->p[18] == EM_AMDGPU && s->p[19] == 0) {
		if ((rc = ka_amd_codeobj_read(s->p, s->len, w.data, d, out)) == 0)
			ka_kernel_list_adopt(out, first, where, NULL);
	} else if (s->len >= 4 && memcmp(s->p, "BC\xc0\xde", 4) == 0) {
		ka_diag_note(d, w.data, "LLVM bitcode (-fgpu-rdc): no machine code until it is linked");
	} else {
		ka_diag_warn_once(d, "object-bundle", w.data, "unsupported: an offload section that holds no code object");
		rc = 1;
	}
	ka_buf_free(&w);
	return rc;
}

static bool has_section(struct host *h, const char *want)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const char *name;

	while ((scn = elf_nextscn(h->elf, scn)) != NULL)
		if (gelf_getshdr(scn, &sh) && (name = elf_strptr(h->elf, h->shstrndx, sh.sh_name)) &&
		    strcmp(name, want) == 0)
			return true;
	return false;
}

static int host_read(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
		     struct ka_diag *d, struct ka_kernel_list *out, bool member)
{
	struct ka_bytes img = {data, len};
	struct host h;
	const char *why = NULL;
	Elf_Scn *scn = NULL;
	int undecoded = 0, sections = 0, rc = 0;
	bool linked;

	if (host_open(data, len, &h, &why) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "unreadable ELF: %s", why);
		return -EINVAL;
	}
	linked = has_section(&h, ".nv_fatbin");
	while ((scn = elf_nextscn(h.elf, scn)) != NULL) {
		GElf_Shdr sh;
		const char *name;
		struct ka_bytes s;
		enum section_kind k;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(h.elf, h.shstrndx, sh.sh_name))) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated ELF: bad section header (%s)", elf_errmsg(-1));
			rc = -EINVAL;
			break;
		}
		if ((k = section_kind(name)) == SEC_OTHER)
			continue;
		sections++;
		if (sh.sh_type == SHT_NOBITS || !ka_bytes_sub(&img, sh.sh_offset, sh.sh_size, &s)) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated ELF: section %s lies past the end", name);
			rc = -EINVAL;
			break;
		}
		switch (k) {
		case SEC_FATBIN:
			rc = ka_fatbin_read_at(s.p, s.len, where, name, (size_t)sh.sh_offset, opt, d, out);
			break;
		case SEC_RELFATBIN:
			if (linked) {
				/* the device code before nvlink, kept for a later device
				 * link: the linked .nv_fatbin is what runs (and what
				 * cuobjdump lists), with the call graph's final counts */
				ka_diag_note(d, where, "%s (relocatable device code, %zu bytes) not read: the linked "
					     ".nv_fatbin is what runs", name, s.len);
				break;
			}
			ka_diag_note(d, where, "relocatable device code (-rdc): counts are ptxas's before the device "
				     "link, which may raise them for kernels that call external device functions");
			rc = ka_fatbin_read_at(s.p, s.len, where, name, (size_t)sh.sh_offset, opt, d, out);
			break;
		case SEC_HIP_FATBIN:
			rc = ka_offload_bundle_read_at(s.p, s.len, where, name, (size_t)sh.sh_offset, d, out);
			break;
		case SEC_OBJECT_BUNDLE:
			rc = read_object_bundle(&s, name, where, (size_t)sh.sh_offset, d, out);
			break;
		default:
			ka_diag_warn_once(d, "llvm-offloading", where, "unsupported: section .llvm.offloading at 0x%zx "
					  "(clang's new offload driver): not read", (size_t)sh.sh_offset);
			rc = 1;
			break;
		}
		if (rc < 0)
			break;
		undecoded += rc;
		rc = 0;
	}
	if (rc == 0 && sections == 0 && !member)
		ka_diag_note(d, where, "no device code: no .nv_fatbin, __nv_relfatbin or .hip_fatbin section");
	elf_end(h.elf);
	return rc < 0 ? rc : undecoded;
}

/* ---- static archives ---------------------------------------------------------- */

/* The size a member header states (decimal, bytes 48..57): libelf clamps
 * a size past the end to what is there, so a member claiming 10 GB would
 * be read as if it were whole. */
static unsigned long long raw_size(const unsigned char *hdr)
{
	unsigned long long size = 0;
	for (int k = 0; k < 10 && hdr[48 + k] >= '0' && hdr[48 + k] <= '9'; k++)
		size = size * 10 + (unsigned long long)(hdr[48 + k] - '0');
	return size;
}

/* libelf stopped at `at`: say why from the member header there (60 bytes:
 * name, dates, mode, decimal size, "`\n"), with the member's name and
 * offset -- a size past the end, or a member libelf could not open. */
static void member_error(const unsigned char *data, size_t len, size_t at, const char *where, struct ka_diag *d)
{
	char name[17], msg[160];
	unsigned long long size;
	size_t k;

	if (at + 60 > len || memcmp(data + at + 58, "`\n", 2) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "truncated or corrupt archive: no readable member header at 0x%zx "
			      "(%zu bytes not read)", at, len - at);
		return;
	}
	memcpy(name, data + at, 16);
	for (k = 16; k > 0 && (name[k - 1] == ' ' || name[k - 1] == '/'); k--)
		;
	name[k] = 0;
	for (k = 0; name[k]; k++)
		if ((unsigned char)name[k] < 0x20 || (unsigned char)name[k] >= 0x7f)
			name[k] = '?';
	size = raw_size(data + at);
	if (size > len - at - 60) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "truncated archive: member %s at 0x%zx claims %llu bytes, %zu are "
			      "there", name, at, size, len - at - 60);
		return;
	}
	const char *why = elf_truncation(data + at + 60, (size_t)size, msg, sizeof(msg));
	ka_diag_error(d, KA_EXIT_USAGE, where, "member %s at 0x%zx (%llu bytes): %s", name, at, size,
		      why ? why : "libelf cannot open it (a corrupt member)");
}

static int archive_read(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
			struct ka_diag *d, struct ka_kernel_list *out, int depth)
{
	Elf *ar, *m;
	Elf_Cmd cmd = ELF_C_READ_MMAP;
	int undecoded = 0, rc = 0;
	size_t end = 8;                          /* past "!<arch>\n" and each member */

	if (len >= 8 && memcmp(data, "!<thin>\n", 8) == 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "thin archive: its members are separate files; name them instead");
		return -EINVAL;
	}
	elf_version(EV_CURRENT);
	if (!(ar = elf_memory((char *)data, len)) || elf_kind(ar) != ELF_K_AR) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "unreadable archive: %s", elf_errmsg(-1));
		if (ar)
			elf_end(ar);
		return -EINVAL;
	}
	while ((m = elf_begin(-1, cmd, ar)) != NULL) {
		Elf_Arhdr *hdr = elf_getarhdr(m);
		char *raw;
		size_t size = 0;

		int64_t at = elf_getaroff(m);
		unsigned long long stated = at >= 0 && (uint64_t)at + 60 <= len ? raw_size((const unsigned char *)data + at)
									      : 0;
		if (hdr && at >= 0 && hdr->ar_size >= 0 && (uint64_t)at + 60 <= len &&
		    (uint64_t)hdr->ar_size <= len - (size_t)at - 60) {
			size_t e = (size_t)at + 60 + (size_t)hdr->ar_size;
			end = e + (e & 1);               /* members start at even offsets */
		}
		if (!hdr || !hdr->ar_name) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "malformed archive member header: %s", elf_errmsg(-1));
			rc = -EINVAL;
		} else if (at < 0 || hdr->ar_size < 0 || (uint64_t)at + 60 > len ||
			   (uint64_t)hdr->ar_size > len - (size_t)at - 60 || stated > len - (size_t)at - 60) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated archive: member %s at 0x%llx claims %llu bytes, "
				      "%zu are there", hdr->ar_name, (unsigned long long)at,
				      stated > (unsigned long long)hdr->ar_size ? stated : (unsigned long long)hdr->ar_size,
				      at >= 0 && (uint64_t)at + 60 <= len ? len - (size_t)at - 60 : 0);
			rc = -EINVAL;
		} else if (hdr->ar_name[0] != '/') {     /* "/", "//", "/SYM64/": the tables */
			struct ka_buf w = {0};
			ka_buf_printf(&w, "%s(%s)", where, hdr->ar_name);
			if (!(raw = elf_rawfile(m, &size))) {
				ka_diag_error(d, KA_EXIT_USAGE, w.data, "unreadable archive member: %s", elf_errmsg(-1));
				rc = -EINVAL;
			} else {
				rc = read_any(raw, size, w.data, opt, d, out, depth + 1, true);
			}
			ka_buf_free(&w);
		}
		cmd = elf_next(m);
		elf_end(m);
		if (rc < 0)
			break;
		undecoded += rc;
		rc = 0;
	}
	/* libelf ends the walk at the first header it cannot read, as it ends
	 * it at the end: what is left tells the two apart */
	if (rc == 0 && end < len && !(end + 1 == len && ((const char *)data)[end] == '\n')) {
		member_error(data, len, end, where, d);
		rc = -EINVAL;
	}
	elf_end(ar);
	return rc < 0 ? rc : undecoded;
}

/* ---- by content ------------------------------------------------------------------ */

static int read_any(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
		    struct ka_diag *d, struct ka_kernel_list *out, int depth, bool member)
{
	size_t first = out->n;
	int kind = ka_binary_sniff(data, len), rc;

	switch (kind) {
	case KA_BINARY_CUBIN:
		if ((rc = ka_cubin_read(data, len, where, d, out)) == 0) {
			ka_kernel_list_adopt(out, first, where, NULL);
			if (opt && opt->on_cubin)
				opt->on_cubin(opt->arg, data, len, out, first, where, d);
		}
		break;
	case KA_BINARY_FATBIN:
		rc = ka_fatbin_read_at(data, len, where, NULL, 0, opt, d, out);
		break;
	case KA_BINARY_HOST_ELF:
	case KA_BINARY_HOST_ELF_PLAIN:
		rc = host_read(data, len, where, opt, d, out, member);
		break;
	case KA_BINARY_ARCHIVE:
		if (depth >= KA_ARCHIVE_DEPTH) {
			ka_diag_warn_once(d, "nested-archive", where, "archives nested %d deep: the innermost not read",
					  KA_ARCHIVE_DEPTH + 1);
			rc = 0;
		} else {
			rc = archive_read(data, len, where, opt, d, out, depth);
		}
		break;
	case KA_BINARY_AMD_CODE_OBJECT:
		rc = ka_amd_codeobj_read(data, len, where, d, out);
		break;
	case KA_BINARY_BUNDLE:
	case KA_BINARY_BUNDLE_COMPRESSED:
		rc = ka_offload_bundle_read_at(data, len, where, NULL, 0, d, out);
		break;
	default:
		if (len >= 4 && memcmp(data, "\177ELF", 4) == 0) {
			/* an ELF that libelf cannot read (truncated, foreign): host_read says why */
			rc = host_read(data, len, where, opt, d, out, member);
			if (rc >= 0) {
				ka_diag_error(d, KA_EXIT_USAGE, where, "unsupported ELF (not little-endian?)");
				rc = -EINVAL;
			}
			break;
		}
		if (member) {                    /* skipped, not undecoded: it is no device code */
			ka_diag_warn_once(d, "archive-member", where,
					  "unsupported archive member (not an ELF object kanalyze reads): skipped");
			return 0;
		}
		ka_diag_error(d, KA_EXIT_USAGE, where, "not a binary kanalyze reads (a cubin, fatbin, ELF object, "
			      "library or executable, static archive, AMD code object or offload bundle)");
		return -EINVAL;
	}
	if (rc < 0) {
		while (out->n > first)
			ka_kernel_free(&out->v[--out->n]);
		return -EINVAL;
	}
	return rc;
}

int ka_binary_read_opts(const void *data, size_t len, const char *where, const struct ka_binary_options *opt,
			struct ka_diag *d, struct ka_kernel_list *out)
{
	return read_any(data, len, where, opt, d, out, 0, false);
}

int ka_binary_read(const void *data, size_t len, const char *where, struct ka_diag *d, struct ka_kernel_list *out)
{
	return read_any(data, len, where, NULL, d, out, 0, false);
}
