/* amd_codeobj.c — per-kernel resources from an AMD code object (ELF,
 * EM_AMDGPU): the NT_AMDGPU_METADATA note (msgpack, code object v3-v5) gives
 * the counts, the 64-byte kernel descriptors (<kernel>.kd) cross-check them.
 * Kernels are filled as hip.c fills them from clang's remarks. */
#include "frontends.h"
#include "occupancy.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif
enum { NT_AMDGPU_METADATA = 32, KD_SIZE = 64 };

/* The kernel descriptor (AMDHSA, llvm/Support/AMDHSAKernelDescriptor.h):
 *    0 u32 group_segment_fixed_size      44 u32 compute_pgm_rsrc3
 *    4 u32 private_segment_fixed_size    48 u32 compute_pgm_rsrc1
 *    8 u32 kernarg_size                  52 u32 compute_pgm_rsrc2
 *   16 i64 kernel_code_entry_byte_offset 56 u16 kernel_code_properties
 * rsrc1 bits 0-5: granulated VGPRs, (n / granule) - 1 with the granule 8 on
 * gfx90a/gfx94x/gfx950 (AGPRs included) and on wave32, 4 otherwise; bits
 * 6-9: granulated SGPRs, (n / 8) - 1, before gfx10 (gfx10+ allocate a fixed
 * number).  rsrc3 bits 0-5 on gfx90a and later: the accumulation offset
 * (the first AGPR), (offset / 4) - 1.  kernel_code_properties bit 10:
 * wave32. */
enum { KD_GROUP = 0, KD_PRIVATE = 4, KD_RSRC3 = 44, KD_RSRC1 = 48, KD_PROPS = 56, PROP_WAVE32 = 1u << 10 };

/* e_flags' EF_AMDGPU_MACH (low byte) -> name, for code objects whose
 * metadata names no target: code object v3 only, which no compiler emits
 * for an arch newer than these (v4 and later name the target in their
 * metadata, amdhsa.target), so a new arch needs no entry here.  The ELF
 * encoding, not a fact of the hardware; checked against clang 16's output. */
static const struct {
	unsigned mach;
	const char *name;
} machs[] = {
	{0x22, "gfx700"},  {0x2a, "gfx803"},  {0x2c, "gfx900"},  {0x2d, "gfx902"},  {0x2e, "gfx904"},
	{0x2f, "gfx906"},  {0x30, "gfx908"},  {0x31, "gfx909"},  {0x32, "gfx90c"},  {0x3f, "gfx90a"},
	{0x40, "gfx940"},  {0x33, "gfx1010"}, {0x34, "gfx1011"}, {0x35, "gfx1012"}, {0x42, "gfx1013"},
	{0x36, "gfx1030"}, {0x37, "gfx1031"}, {0x38, "gfx1032"}, {0x39, "gfx1033"}, {0x3e, "gfx1034"},
	{0x3d, "gfx1035"}, {0x45, "gfx1036"}, {0x41, "gfx1100"}, {0x46, "gfx1101"}, {0x47, "gfx1102"},
	{0x44, "gfx1103"},
};

/* ---- msgpack -------------------------------------------------------------
 * msgpack-c (Debian libmsgpack-dev) builds the tree; it allocates each
 * container's slots from the count in its header before reading them, so
 * a 5-byte "array of 2^32 elements" would ask for 96 GiB.  mp_check first
 * walks the bytes: every element must be there, so the counts add up to at
 * most the input's length and msgpack-c's allocations to a small multiple
 * of it.  Nesting stops at msgpack-c's own limit. */
enum { MP_DEPTH = 31 };

static uint64_t be(const uint8_t *p, int n)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static int mp_skip(const uint8_t *p, size_t len, size_t *off, int depth)
{
	uint8_t t;
	uint64_t n = 0, elems = 0;
	size_t fixed = 0;     /* bytes after the type byte */
	int lenbytes = 0;      /* big-endian length field, then n bytes */
	int countbytes = 0;    /* big-endian element count of an array/map */

	if (*off >= len || depth > MP_DEPTH)
		return -1;
	t = p[(*off)++];
	if (t <= 0x7f || t >= 0xe0 || t == 0xc0 || t == 0xc2 || t == 0xc3)
		return 0;
	if ((t & 0xf0) == 0x80)
		elems = 2 * (uint64_t)(t & 0x0f);
	else if ((t & 0xf0) == 0x90)
		elems = t & 0x0f;
	else if ((t & 0xe0) == 0xa0)
		n = t & 0x1f;
	else
		switch (t) {
		case 0xc4: case 0xd9: lenbytes = 1; break;               /* bin8, str8   */
		case 0xc5: case 0xda: lenbytes = 2; break;               /* bin16, str16 */
		case 0xc6: case 0xdb: lenbytes = 4; break;               /* bin32, str32 */
		case 0xc7: lenbytes = 1; fixed = 1; break;               /* ext8: len, type */
		case 0xc8: lenbytes = 2; fixed = 1; break;
		case 0xc9: lenbytes = 4; fixed = 1; break;
		case 0xca: fixed = 4; break;                              /* float32 */
		case 0xcb: fixed = 8; break;                              /* float64 */
		case 0xcc: case 0xd0: fixed = 1; break;
		case 0xcd: case 0xd1: fixed = 2; break;
		case 0xce: case 0xd2: fixed = 4; break;
		case 0xcf: case 0xd3: fixed = 8; break;
		case 0xd4: fixed = 2; break;                              /* fixext1..16: type + data */
		case 0xd5: fixed = 3; break;
		case 0xd6: fixed = 5; break;
		case 0xd7: fixed = 9; break;
		case 0xd8: fixed = 17; break;
		case 0xdc: case 0xde: countbytes = 2; break;              /* array16, map16 */
		case 0xdd: case 0xdf: countbytes = 4; break;              /* array32, map32 */
		default: return -1;                                       /* 0xc1: never used */
		}
	if (countbytes) {
		if (len - *off < (size_t)countbytes)
			return -1;
		elems = be(p + *off, countbytes) * (t >= 0xde ? 2 : 1);  /* a map: keys and values */
		*off += countbytes;
	}
	if (lenbytes) {
		if (len - *off < (size_t)lenbytes)
			return -1;
		n = be(p + *off, lenbytes);
		*off += lenbytes;
	}
	if (len - *off < fixed || n > len - *off - fixed)
		return -1;
	*off += fixed + (size_t)n;
	if (elems > len - *off)
		return -1;
	for (uint64_t i = 0; i < elems; i++)
		if (mp_skip(p, len, off, depth + 1) != 0)
			return -1;
	return 0;
}

static const msgpack_object *mp_get(const msgpack_object *map, const char *key)
{
	size_t kl = strlen(key);
	if (!map || map->type != MSGPACK_OBJECT_MAP)
		return NULL;
	for (uint32_t i = 0; i < map->via.map.size; i++) {
		const msgpack_object *k = &map->via.map.ptr[i].key;
		if (k->type == MSGPACK_OBJECT_STR && k->via.str.size == kl && memcmp(k->via.str.ptr, key, kl) == 0)
			return &map->via.map.ptr[i].val;
	}
	return NULL;
}

/* A count: a non-negative integer below 2^31, else KA_UNSET. */
static long mp_long(const msgpack_object *map, const char *key)
{
	const msgpack_object *o = mp_get(map, key);
	if (o && o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 < (1u << 31))
		return (long)o->via.u64;
	return KA_UNSET;
}

static int mp_bool(const msgpack_object *map, const char *key)
{
	const msgpack_object *o = mp_get(map, key);
	return o && o->type == MSGPACK_OBJECT_BOOLEAN ? o->via.boolean : -1;
}

/* A string as a malloc'd C string (NULL when absent, not a string, or with
 * a NUL inside). */
static char *mp_str(const msgpack_object *map, const char *key)
{
	const msgpack_object *o = mp_get(map, key);
	char *s;
	if (!o || o->type != MSGPACK_OBJECT_STR || o->via.str.size == 0 || o->via.str.size > 4096 ||
	    memchr(o->via.str.ptr, 0, o->via.str.size))
		return NULL;
	s = ka_xmalloc(o->via.str.size + 1);
	memcpy(s, o->via.str.ptr, o->via.str.size);
	s[o->via.str.size] = '\0';
	return s;
}

/* ---- the ELF side ----------------------------------------------------------- */

struct codeobj {
	Elf *elf;
	GElf_Ehdr eh;
	const uint8_t *image;
	size_t len;
	const uint8_t *note;          /* the metadata note's descriptor */
	size_t note_len;
	Elf_Scn *symtab;
	GElf_Shdr symtab_sh;
};

/* The first NT_AMDGPU_METADATA note of an SHT_NOTE section.  0 found, 1 not
 * found, -1 malformed. */
static int find_note(struct codeobj *c)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(c->elf, scn)) != NULL) {
		Elf_Data *data;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;

		if (!gelf_getshdr(scn, &sh))
			return -1;
		if (sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && !c->symtab)) {
			c->symtab = scn;
			c->symtab_sh = sh;
		}
		if (sh.sh_type != SHT_NOTE || c->note)
			continue;
		if (!(data = elf_getdata(scn, NULL)) || (data->d_size && !data->d_buf))
			return -1;
		while (off < data->d_size && (off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
			if (nh.n_type == NT_AMDGPU_METADATA && nh.n_namesz == 7 &&
			    memcmp((const char *)data->d_buf + name_off, "AMDGPU", 7) == 0) {
				c->note = (const uint8_t *)data->d_buf + desc_off;
				c->note_len = nh.n_descsz;
				break;
			}
		}
	}
	return c->note ? 0 : 1;
}

/* The 64-byte descriptor named `symbol`, or NULL. */
static const uint8_t *find_descriptor(struct codeobj *c, const char *symbol)
{
	Elf_Data *data;
	size_t n;

	if (!c->symtab || !symbol || c->symtab_sh.sh_entsize == 0 || !(data = elf_getdata(c->symtab, NULL)))
		return NULL;
	n = c->symtab_sh.sh_size / c->symtab_sh.sh_entsize;
	for (size_t i = 0; i < n && i < 1000000; i++) {
		GElf_Sym s;
		GElf_Shdr sh;
		Elf_Scn *scn;
		const char *name;
		uint64_t off;

		if (!gelf_getsym(data, (int)i, &s))
			return NULL;
		name = elf_strptr(c->elf, c->symtab_sh.sh_link, s.st_name);
		if (!name || strcmp(name, symbol) != 0)
			continue;
		if (s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE || !(scn = elf_getscn(c->elf, s.st_shndx)) ||
		    !gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			return NULL;
		off = c->eh.e_type == ET_REL ? s.st_value : s.st_value - sh.sh_addr;
		if (c->eh.e_type != ET_REL && s.st_value < sh.sh_addr)
			return NULL;
		if (off > sh.sh_size || sh.sh_size - off < KD_SIZE || sh.sh_offset > c->len ||
		    off > c->len - sh.sh_offset || c->len - sh.sh_offset - off < KD_SIZE)
			return NULL;
		return c->image + sh.sh_offset + off;
	}
	return NULL;
}

/* "gfx90a:xnack-" from "amdgcn-amd-amdhsa--gfx90a:xnack-" (what follows the
 * four triple components). */
static bool target_id(const char *target, char *out, size_t n)
{
	const char *p = target;
	for (int dashes = 0; *p && dashes < 4; p++)
		if (*p == '-')
			dashes++;
	if (strncmp(p, "gfx", 3) != 0 || strlen(p) >= n)
		return false;
	snprintf(out, n, "%s", p);
	return true;
}

/* The facts below are asked of the arch's row (occupancy/amd_archs.def); an
 * arch without a row is read as the plainest one: wave64 unless the
 * metadata says otherwise, separate VGPRs and no AGPRs, no SGPR field. */
static bool unified_vgprs(const struct ka_amd_arch *a)
{
	return a && a->unified;          /* VGPRs and AGPRs in one file, an accumulation offset */
}

/* Targets with AGPRs; LLVM's remark, whose convention kanalyze's AMD kernels
 * keep (hip.c), prints AGPRs only on them. */
static bool has_agprs(const struct ka_amd_arch *a)
{
	return a && a->agprs > 0;
}

/* The descriptor's SGPR field holds an allocation only where SGPRs are
 * allocated per wave, the rows SGPRs limit (gfx8/9). */
static bool sgprs_per_wave(const struct ka_amd_arch *a)
{
	return a && a->sgpr_limited;
}

static long align_to(long v, long g)
{
	return (v + g - 1) / g * g;
}

struct kd {
	long vgprs_alloc, sgprs_alloc, accum_offset, lds, scratch;
	int wave;
};

static void kd_decode(const uint8_t *p, const struct ka_amd_arch *arch, int wave, struct kd *k)
{
	struct ka_bytes b = {p, KD_SIZE};
	uint32_t rsrc1 = 0, rsrc3 = 0, lds = 0, scratch = 0;
	uint16_t props = 0;
	long vg;

	ka_rd_u32(&b, KD_GROUP, &lds);
	ka_rd_u32(&b, KD_PRIVATE, &scratch);
	ka_rd_u32(&b, KD_RSRC3, &rsrc3);
	ka_rd_u32(&b, KD_RSRC1, &rsrc1);
	ka_rd_u16(&b, KD_PROPS, &props);
	k->wave = ka_amd_has_wave32(arch) && (props & PROP_WAVE32) ? 32 : 64;   /* the bit means something on wave32 rows only */
	if (wave == 32 || wave == 64)
		k->wave = wave;
	vg = unified_vgprs(arch) || k->wave == 32 ? 8 : 4;
	k->vgprs_alloc = ((long)(rsrc1 & 0x3f) + 1) * vg;
	k->sgprs_alloc = !sgprs_per_wave(arch) ? KA_UNSET : ((long)((rsrc1 >> 6) & 0xf) + 1) * 8;
	k->accum_offset = unified_vgprs(arch) ? ((long)(rsrc3 & 0x3f) + 1) * 4 : KA_UNSET;
	k->lds = lds;
	k->scratch = scratch;
}

/* Compare the metadata's counts with what the descriptor allocates; a
 * difference is said, the metadata is kept (it is what clang's remarks
 * report, see hip.c). */
static void kd_crosscheck(const struct ka_kernel *k, long vgpr_total, long sgpr_count, const struct kd *kd,
			  const char *where, struct ka_diag *d)
{
	long vg = unified_vgprs(ka_amd_arch_find(k->arch)) || kd->wave == 32 ? 8 : 4;
	long want_v = align_to(vgpr_total > 0 ? vgpr_total : 1, vg);
	long want_s = align_to(sgpr_count > 0 ? sgpr_count : 1, 8);

	if (vgpr_total != KA_UNSET && kd->vgprs_alloc != want_v)
		ka_diag_warn(d, where, "%s (%s): the kernel descriptor allocates %ld VGPRs, the metadata counts %ld",
			     k->name, k->arch, kd->vgprs_alloc, vgpr_total);
	if (sgpr_count != KA_UNSET && kd->sgprs_alloc != KA_UNSET && kd->sgprs_alloc < want_s)
		ka_diag_warn(d, where, "%s (%s): the kernel descriptor allocates %ld SGPRs, the metadata counts %ld",
			     k->name, k->arch, kd->sgprs_alloc, sgpr_count);
	if (k->res.lds != KA_UNSET && kd->lds != k->res.lds)
		ka_diag_warn(d, where, "%s (%s): the kernel descriptor says %ld bytes of LDS, the metadata %ld", k->name,
			     k->arch, kd->lds, k->res.lds);
	if (k->res.scratch != KA_UNSET && kd->scratch != k->res.scratch)
		ka_diag_warn(d, where, "%s (%s): the kernel descriptor says %ld bytes of scratch, the metadata %ld",
			     k->name, k->arch, kd->scratch, k->res.scratch);
}

/* One amdhsa.kernels entry. */
static int read_kernel(struct codeobj *c, const msgpack_object *m, const char *arch, const char *where,
		       struct ka_diag *d, struct ka_kernel_list *out)
{
	char *name = mp_str(m, ".name"), *symbol = mp_str(m, ".symbol");
	long vgpr = mp_long(m, ".vgpr_count"), sgpr = mp_long(m, ".sgpr_count"), agpr = mp_long(m, ".agpr_count");
	long vspill = mp_long(m, ".vgpr_spill_count"), sspill = mp_long(m, ".sgpr_spill_count");
	long wave = mp_long(m, ".wavefront_size"), wg = mp_long(m, ".max_flat_workgroup_size");
	int dyn = mp_bool(m, ".uses_dynamic_stack");
	const struct ka_amd_arch *row = ka_amd_arch_find(arch);
	const uint8_t *kdp;
	struct ka_kernel *k;
	struct kd kd = {0};

	if (!name) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "code object metadata: a kernel without a .name");
		free(symbol);
		return -EINVAL;
	}
	k = ka_kernel_list_add(out);
	k->mangled = name;
	k->name = ka_demangle(name);
	k->file = ka_strdup(where);
	k->vendor = KA_VENDOR_AMD;
	snprintf(k->arch, sizeof(k->arch), "%s", arch);
	ka_resources_unset(&k->res);
	kdp = find_descriptor(c, symbol);
	if (kdp)
		kd_decode(kdp, row, (int)wave, &kd);
	k->res.sgprs = sgpr;
	k->res.lds = mp_long(m, ".group_segment_fixed_size");
	k->res.scratch = mp_long(m, ".private_segment_fixed_size");
	k->res.agprs = has_agprs(row) || agpr > 0 ? agpr : KA_UNSET;
	/* .vgpr_count counts the AGPRs too: alignTo(VGPRs, 4) + AGPRs on a
	 * unified file, whose VGPRs then are the accumulation offset (rounded up
	 * to 4, as hip.c reads the assembly without a remark) */
	k->res.vgprs = vgpr;
	if (unified_vgprs(row) && agpr > 0 && vgpr != KA_UNSET)
		k->res.vgprs = kdp ? kd.accum_offset : vgpr - agpr;
	if (wg > 0)
		k->res.max_threads = wg;
	k->wave_size = wave == 32 || wave == 64 ? (int)wave : kdp ? kd.wave : 0;
	if (kdp)
		kd_crosscheck(k, vgpr, sgpr, &kd, where, d);
	else
		ka_diag_warn_once(d, "amd:no-kd", where, "%s (%s): no kernel descriptor %s: counts from the metadata "
				  "alone", k->name, arch, symbol ? symbol : "(no .symbol)");
	if (vspill > 0 || sspill > 0)
		ka_diag_warn(d, where, "%s (%s): spills %ld VGPRs and %ld SGPRs to scratch", k->name, k->arch,
			     vspill > 0 ? vspill : 0, sspill > 0 ? sspill : 0);
	if (dyn == 1)
		ka_diag_note(d, where, "%s (%s): uses a dynamic stack: scratch %ld bytes/lane is a lower bound", k->name,
			     k->arch, k->res.scratch);
	free(symbol);
	return 0;
}

static const char *mach_name(const GElf_Ehdr *eh)
{
	for (size_t i = 0; i < sizeof(machs) / sizeof(machs[0]); i++)
		if (machs[i].mach == (eh->e_flags & 0xff))
			return machs[i].name;
	return NULL;
}

/* The target: amdhsa.target (v4+) as spelled, else e_flags (v3). */
static int code_object_arch(const struct codeobj *c, const msgpack_object *root, const char *where,
			    struct ka_diag *d, char arch[32])
{
	char *target = mp_str(root, "amdhsa.target");
	char full[128];
	const char *m;

	if (target && target_id(target, full, sizeof(full))) {
		if (strlen(full) >= 32) {
			/* ka_kernel.arch holds 31 characters: keep the processor */
			size_t n = strcspn(full, ":") < 31 ? strcspn(full, ":") : 31;
			memcpy(arch, full, n);
			arch[n] = '\0';
			ka_diag_warn_once(d, "amd:long-target", where,
					  "target %s: kept as %s (the feature suffix does not fit)", full, arch);
		} else {
			snprintf(arch, 32, "%s", full);
		}
		free(target);
		return 0;
	}
	if (target) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "code object metadata: unsupported target \"%.80s\"", target);
		free(target);
		return -EINVAL;
	}
	if ((m = mach_name(&c->eh)) != NULL) {
		snprintf(arch, 32, "%s", m);
		return 0;
	}
	ka_diag_error(d, KA_EXIT_USAGE, where, "code object names no target (e_flags 0x%x: unsupported processor)",
		      (unsigned)c->eh.e_flags);
	return -EINVAL;
}

static int read_metadata(struct codeobj *c, const char *where, struct ka_diag *d, struct ka_kernel_list *out)
{
	msgpack_unpacked u;
	size_t off = 0, chk = 0;
	const msgpack_object *kernels;
	char arch[32];
	int rc = -EINVAL;

	if (mp_skip(c->note, c->note_len, &chk, 0) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "malformed code object metadata (msgpack, byte %zu of %zu)", chk,
			      c->note_len);
		return -EINVAL;
	}
	msgpack_unpacked_init(&u);
	if (msgpack_unpack_next(&u, (const char *)c->note, chk, &off) != MSGPACK_UNPACK_SUCCESS ||
	    u.data.type != MSGPACK_OBJECT_MAP) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "malformed code object metadata (not a msgpack map)");
		goto out;
	}
	kernels = mp_get(&u.data, "amdhsa.kernels");
	if (!kernels || kernels->type != MSGPACK_OBJECT_ARRAY) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "code object metadata has no amdhsa.kernels list");
		goto out;
	}
	if (code_object_arch(c, &u.data, where, d, arch) != 0)
		goto out;
	for (uint32_t i = 0; i < kernels->via.array.size; i++)
		if (read_kernel(c, &kernels->via.array.ptr[i], arch, where, d, out) != 0)
			goto out;
	rc = 0;
out:
	msgpack_unpacked_destroy(&u);
	return rc;
}

int ka_amd_codeobj_read(const void *bytes, size_t len, const char *where, struct ka_diag *d,
			struct ka_kernel_list *out)
{
	struct codeobj c = {0};
	size_t first = out->n;
	char *copy = NULL;
	int err = -EINVAL, rc;

	if (len < 64 || memcmp(bytes, "\177ELF", 4) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "not an ELF file (expected an AMD code object)");
		return -EINVAL;
	}
	elf_version(EV_CURRENT);
	copy = ka_xmalloc(len);               /* libelf wants a writable image */
	memcpy(copy, bytes, len);
	c.image = (const uint8_t *)copy;
	c.len = len;
	if (!(c.elf = elf_memory(copy, len)) || elf_kind(c.elf) != ELF_K_ELF || !gelf_getehdr(c.elf, &c.eh)) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "unreadable ELF: %s", elf_errmsg(-1));
		goto out;
	}
	if (c.eh.e_machine != EM_AMDGPU) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "ELF for machine %u, not an AMD code object (EM_AMDGPU = 224)",
			      (unsigned)c.eh.e_machine);
		goto out;
	}
	if (c.eh.e_shoff > len || (len - c.eh.e_shoff) / (c.eh.e_shentsize ? c.eh.e_shentsize : 1) < c.eh.e_shnum) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "truncated code object: %zu bytes, its section headers end past it",
			      len);
		goto out;
	}
	rc = find_note(&c);
	if (rc < 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "truncated code object: unreadable section (%s)", elf_errmsg(-1));
		goto out;
	}
	if (rc > 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where,
			      "unsupported: code object without an NT_AMDGPU_METADATA note (code object v2?)");
		goto out;
	}
	err = read_metadata(&c, where, d, out);
out:
	if (err) {
		while (out->n > first)
			ka_kernel_free(&out->v[--out->n]);
	}
	if (c.elf)
		elf_end(c.elf);
	free(copy);
	return err;
}
