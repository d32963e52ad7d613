/* cubin.c — per-kernel resources from a CUDA cubin's .nv.info attributes.
 *
 * Layout (as ptxas writes it, CUDA 11–13): the global ".nv.info" section
 * holds records keyed by symbol index (REGCOUNT, FRAME_SIZE, MIN/MAX_STACK_
 * SIZE); each kernel has ".nv.info.<mangled>" with its own records
 * (MAX_THREADS from __launch_bounds__, NUM_BARRIERS, ...) and its static
 * shared memory is the size of ".nv.shared.<mangled>".  From sm_90 on that
 * section also holds the driver's 1 KiB reservation: in every linked cubin
 * of such an arch (the arch's row says so: ptxas's own, which carry a
 * ".nv.shared.reserved.0" section, and nvlink's, which need not, as NCCL's
 * do not), and in any cubin with that section.  A relocatable cubin (-rdc,
 * ET_REL) holds only the kernel's own bytes; the shared variables of the
 * file's scope and of called device functions sit in a common section the
 * linker places later, found through the relocations (below).  kanalyze reports shared memory
 * without the reservation, as ptxas -v and cudaFuncGetAttributes do.
 *
 * A record: u8 format, u8 attribute id, u16 — for format 4 (SVAL) the byte
 * size of the payload that follows, for 1/2/3 (NVAL/BVAL/HVAL) a value in
 * place.  Every read is bounds-checked; libelf does the ELF parsing. */
#include "frontends.h"
#include "occupancy.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef EM_CUDA
#define EM_CUDA 190
#endif
/* st_other of a kernel's symbol.  A device function called through a
 * pointer (nvlink'd cubins: NCCL's ncclDevFunc_*, libdevice helpers) has a
 * .nv.info.<name> section too, but not this mark. */
#define STO_CUDA_ENTRY 0x10

enum {
#define KA_EIATTR(id, name, use) EIATTR_##name = id,
#include "nv_info_attrs.def"
#undef KA_EIATTR
};
enum { EIFMT_NVAL = 1, EIFMT_BVAL = 2, EIFMT_HVAL = 3, EIFMT_SVAL = 4 };

static bool eiattr_known(unsigned id)
{
	switch (id) {
#define KA_EIATTR(id, name, use) case id:
#include "nv_info_attrs.def"
#undef KA_EIATTR
		return true;
	default:
		return false;
	}
}

/* One decoded record; payload points into the section data. */
struct nv_attr {
	unsigned fmt, id;
	unsigned value;            /* NVAL/BVAL/HVAL                       */
	const uint8_t *payload;    /* SVAL                                 */
	size_t size;
};

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Next record at *off in data[0..len); 0, 1 at the end, -1 if malformed. */
static int attr_next(const uint8_t *data, size_t len, size_t *off, struct nv_attr *a)
{
	const uint8_t *p;

	if (*off == len)
		return 1;
	if (len - *off < 4)
		return -1;
	p = data + *off;
	a->fmt = p[0];
	a->id = p[1];
	a->value = (unsigned)p[2] | (unsigned)p[3] << 8;
	a->payload = NULL;
	a->size = 0;
	switch (a->fmt) {
	case EIFMT_NVAL:
	case EIFMT_HVAL:
		break;
	case EIFMT_BVAL:
		a->value = p[2];
		break;
	case EIFMT_SVAL:
		if (len - *off - 4 < a->value)
			return -1;
		a->payload = p + 4;
		a->size = a->value;
		break;
	default:
		return -1;
	}
	*off += 4 + a->size;
	return 0;
}

struct sym {
	const char *name;
	int is_func;
	int is_entry;          /* STO_CUDA_ENTRY (st_other 0x10): a kernel */
	int is_data;           /* an object (not a section, file or function) */
	size_t shndx;          /* its section                              */
	uint64_t size;
};

struct cubin {
	Elf *elf;
	size_t shstrndx;
	struct sym *syms;
	size_t nsyms;
	bool has_reserved_smem;
	bool has_entries;      /* some symbol is marked STO_CUDA_ENTRY */
	struct ka_kernel **sorted;   /* this cubin's kernels by mangled name */
	size_t n_sorted;
};

static const char *sec_name(struct cubin *c, Elf_Scn *scn, GElf_Shdr *sh)
{
	if (!gelf_getshdr(scn, sh))
		return NULL;
	return elf_strptr(c->elf, c->shstrndx, sh->sh_name);
}

static int load_symbols(struct cubin *c, Elf_Scn *scn, GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n;

	if (!data || sh->sh_entsize == 0)
		return -1;
	n = sh->sh_size / sh->sh_entsize;
	if (n > 1000000)
		return -1;
	c->syms = ka_xcalloc(n, sizeof(*c->syms));
	c->nsyms = n;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym s;
		if (!gelf_getsym(data, (int)i, &s))
			return -1;
		c->syms[i].name = elf_strptr(c->elf, sh->sh_link, s.st_name);
		c->syms[i].is_func = GELF_ST_TYPE(s.st_info) == STT_FUNC;
		c->syms[i].is_entry = c->syms[i].is_func && (s.st_other & STO_CUDA_ENTRY);
		c->syms[i].is_data = !c->syms[i].is_func && GELF_ST_TYPE(s.st_info) != STT_SECTION &&
				     GELF_ST_TYPE(s.st_info) != STT_FILE && s.st_shndx != SHN_UNDEF && s.st_shndx < SHN_LORESERVE;
		c->syms[i].shndx = s.st_shndx;
		c->syms[i].size = s.st_size;
		c->has_entries |= c->syms[i].is_entry;
	}
	return 0;
}

static struct ka_kernel *kernel_find(struct ka_kernel_list *out, size_t first, const char *mangled)
{
	for (size_t i = first; i < out->n; i++)
		if (strcmp(out->v[i].mangled, mangled) == 0)
			return &out->v[i];
	return NULL;
}

static int cmp_kernel_ptr(const void *a, const void *b)
{
	return strcmp((*(struct ka_kernel *const *)a)->mangled, (*(struct ka_kernel *const *)b)->mangled);
}

/* Index out->v[first..] by name: a library's cubin holds hundreds of
 * kernels and .nv.info a record per kernel and attribute. */
static void index_build(struct cubin *c, struct ka_kernel_list *out, size_t first)
{
	free(c->sorted);
	c->n_sorted = out->n - first;
	c->sorted = ka_xcalloc(c->n_sorted + 1, sizeof(*c->sorted));
	for (size_t i = 0; i < c->n_sorted; i++)
		c->sorted[i] = &out->v[first + i];
	qsort(c->sorted, c->n_sorted, sizeof(*c->sorted), cmp_kernel_ptr);
}

static struct ka_kernel *kernel_lookup(const struct cubin *c, const char *mangled)
{
	struct ka_kernel key = {.mangled = (char *)mangled}, *kp = &key, **hit;
	hit = bsearch(&kp, c->sorted, c->n_sorted, sizeof(*c->sorted), cmp_kernel_ptr);
	return hit ? *hit : NULL;
}

static void warn_attr(struct ka_diag *d, const char *where, const char *sec, const struct nv_attr *a)
{
	char key[48];
	snprintf(key, sizeof(key), "eiattr:%02x:%u", a->id, a->fmt);
	ka_diag_warn_once(d, key, where, "%s: unsupported .nv.info attribute 0x%02x (format %u, %zu bytes): ignored",
			  sec, a->id, a->fmt, a->size);
}

/* Records of the global .nv.info: <u32 symbol index, u32 value>. */
static int read_global_info(struct cubin *c, const uint8_t *data, size_t len, const char *where,
			    struct ka_diag *d)
{
	size_t off = 0;
	struct nv_attr a;
	int rc;

	while ((rc = attr_next(data, len, &off, &a)) == 0) {
		struct ka_kernel *k;
		uint32_t sym, v;

		if (!eiattr_known(a.id)) {
			warn_attr(d, where, ".nv.info", &a);
			continue;
		}
		if (a.fmt != EIFMT_SVAL || a.size != 8)
			continue;
		sym = rd32(a.payload);
		v = rd32(a.payload + 4);
		if (sym >= c->nsyms || !c->syms[sym].name)
			continue;
		k = kernel_lookup(c, c->syms[sym].name);
		if (!k)
			continue;      /* a device function: resources roll up into callers */
		switch (a.id) {
		case EIATTR_REGCOUNT: k->res.regs = v; break;
		case EIATTR_FRAME_SIZE: k->res.local = v; break;
		case EIATTR_MIN_STACK_SIZE:
			if (k->res.stack == KA_UNSET || (long)v > k->res.stack)
				k->res.stack = v;
			break;
		case EIATTR_MAX_STACK_SIZE:
			if (k->res.stack == KA_UNSET || (long)v > k->res.stack)
				k->res.stack = v;
			break;
		default: break;
		}
	}
	if (rc < 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "malformed .nv.info section (record at offset %zu)", off);
		return -EINVAL;
	}
	return 0;
}

/* Records only an entry function's .nv.info.<name> holds: its parameter
 * bank, its EXIT offsets, its register cap, its launch bounds.  A device
 * function kept as a function (under -G, or __noinline__ in a file with no
 * kernel) has a section too, with none of these. */
static bool eiattr_entry_only(unsigned id)
{
	switch (id) {
	case EIATTR_PARAM_CBANK:
	case EIATTR_CBANK_PARAM_SIZE:
	case EIATTR_KPARAM_INFO:
	case EIATTR_MAXREG_COUNT:
	case EIATTR_EXIT_INSTR_OFFSETS:
	case EIATTR_MAX_THREADS:
	case EIATTR_REQNTID:
		return true;
	default:
		return false;
	}
}

static int read_kernel_info(struct ka_kernel *k, const uint8_t *data, size_t len, const char *where,
			    const char *sec, bool *entry, struct ka_diag *d)
{
	size_t off = 0;
	struct nv_attr a;
	int rc;

	while ((rc = attr_next(data, len, &off, &a)) == 0) {
		if (!eiattr_known(a.id)) {
			warn_attr(d, where, sec, &a);
			continue;
		}
		if (eiattr_entry_only(a.id))
			*entry = true;
		switch (a.id) {
		case EIATTR_MAX_THREADS:
		case EIATTR_REQNTID:
			if (a.fmt == EIFMT_SVAL && a.size == 12) {
				uint32_t x = rd32(a.payload), y = rd32(a.payload + 4), z = rd32(a.payload + 8);
				/* CUDA blocks are at most 1024 x 1024 x 64 */
				if (x < 1 || y < 1 || z < 1 || x > 1024 || y > 1024 || z > 64) {
					ka_diag_warn_once(d, "eiattr:max_threads", where,
							  "%s: implausible launch bounds %ux%ux%u: ignored", sec, x, y, z);
					break;
				}
				long t = (long)x * y * z;
				if (k->res.max_threads == 0 || t < k->res.max_threads)
					k->res.max_threads = t;
			}
			break;
		case EIATTR_NUM_BARRIERS:
			if (a.fmt != EIFMT_SVAL)
				k->res.barriers = a.value;
			break;
		default:
			break;
		}
	}
	if (rc < 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "malformed %s section (record at offset %zu)", sec, off);
		return -EINVAL;
	}
	return 0;
}

static void kernel_init(struct ka_kernel *k, const char *mangled, const char *arch)
{
	memset(k, 0, sizeof(*k));
	k->mangled = ka_strdup(mangled);
	k->name = ka_demangle(mangled);
	k->vendor = KA_VENDOR_NVIDIA;
	snprintf(k->arch, sizeof(k->arch), "%s", arch);
	ka_resources_unset(&k->res);
	k->res.regs = 0;
	k->res.stack = KA_UNSET;
	k->res.spill_stores = k->res.spill_loads = KA_UNSET;   /* from ptxas -v */
	k->res.static_smem = 0;
	k->res.local = 0;
	k->res.barriers = 0;
	k->res.max_threads = 0;
	k->res.cmem_params = k->res.cmem_literals = k->res.cmem_user = 0;
}

/* ---- relocatable cubins: shared memory the linker places ------------------
 * Under -rdc ptxas leaves a kernel's own __shared__ arrays in
 * ".nv.shared.<kernel>" but those of the file's scope and of the device
 * functions it calls in a common shared section, for nvlink to place in
 * every kernel that reaches them.  A kernel's static shared memory is then
 * its own section plus each such variable its code, or the code of a
 * function it calls, relocates against -- what ptxas -v prints for the
 * same file without -rdc:
 *
 *   k1: gtile (2048 B, file scope) + use_tile()'s dtile (512 B) = 2560 B
 *   k2: own "mine" (256 B)         + gtile (2048 B)              = 2304 B
 *
 * The graph is the relocations of ".rela.text.<function>" (a reference to a
 * shared variable, or a call: a reference to a function symbol). */
struct rdc_edge {
	const char *from;          /* the function whose code refers       */
	size_t sym;                /* to this symbol                       */
};
struct rdc_graph {
	struct rdc_edge *v;
	size_t n, cap;
	bool *loose;               /* per section: a shared section no kernel owns */
	uint64_t *align;           /* per section: sh_addralign             */
	size_t nsec;
};

static bool shared_section_name(const char *name)
{
	return strncmp(name, ".nv", 3) == 0 && strstr(name, "shared") && strncmp(name, ".nv.shared.reserved", 19) != 0;
}

static int rdc_graph_build(struct cubin *c, struct rdc_graph *g)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	if (elf_getshdrnum(c->elf, &g->nsec) != 0)
		return -1;
	g->loose = ka_xcalloc(g->nsec + 1, sizeof(*g->loose));
	g->align = ka_xcalloc(g->nsec + 1, sizeof(*g->align));
	while ((scn = elf_nextscn(c->elf, scn)) != NULL) {
		const char *name = sec_name(c, scn, &sh);
		size_t idx = elf_ndxscn(scn);
		if (!name || idx >= g->nsec)
			return -1;
		g->align[idx] = sh.sh_addralign ? sh.sh_addralign : 1;
		g->loose[idx] = shared_section_name(name) &&
				!(strncmp(name, ".nv.shared.", 11) == 0 && kernel_lookup(c, name + 11));
	}
	while ((scn = elf_nextscn(c->elf, scn)) != NULL) {
		const char *name = sec_name(c, scn, &sh), *fn;
		Elf_Data *data;
		size_t n;
		if (!name)
			return -1;
		if (sh.sh_type == SHT_RELA && strncmp(name, ".rela.text.", 11) == 0)
			fn = name + 11;
		else if (sh.sh_type == SHT_REL && strncmp(name, ".rel.text.", 10) == 0)
			fn = name + 10;
		else
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || sh.sh_entsize == 0 || data->d_size != sh.sh_size)
			return -1;
		n = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < n; i++) {
			GElf_Rela ra;
			GElf_Rel r;
			size_t sym;
			if (sh.sh_type == SHT_RELA) {
				if (!gelf_getrela(data, (int)i, &ra))
					return -1;
				sym = GELF_R_SYM(ra.r_info);
			} else {
				if (!gelf_getrel(data, (int)i, &r))
					return -1;
				sym = GELF_R_SYM(r.r_info);
			}
			if (sym >= c->nsyms || !c->syms[sym].name)
				continue;
			bool shared = c->syms[sym].is_data && c->syms[sym].shndx < g->nsec && g->loose[c->syms[sym].shndx];
			if (!shared && !c->syms[sym].is_func)
				continue;
			KA_GROW(g->v, g->n, g->cap, 32);
			g->v[g->n++] = (struct rdc_edge){fn, sym};
		}
	}
	return 0;
}

/* The bytes of the common shared variables kernel k reaches. */
static long rdc_shared_bytes(const struct cubin *c, const struct rdc_graph *g, const char *kernel)
{
	const char **pending = ka_xcalloc(c->nsyms + 1, sizeof(*pending));
	bool *seen_fn = ka_xcalloc(c->nsyms + 1, sizeof(*seen_fn)), *used = ka_xcalloc(c->nsyms + 1, sizeof(*used));
	size_t n_pending = 0;
	uint64_t total = 0;

	pending[n_pending++] = kernel;
	while (n_pending) {
		const char *fn = pending[--n_pending];
		for (size_t e = 0; e < g->n; e++) {
			size_t s = g->v[e].sym;
			if (strcmp(g->v[e].from, fn) != 0)
				continue;
			if (c->syms[s].is_func) {
				if (!seen_fn[s] && strcmp(c->syms[s].name, kernel) != 0) {
					seen_fn[s] = true;
					pending[n_pending++] = c->syms[s].name;
				}
			} else if (c->syms[s].size) {   /* extern __shared__: dynamic */
				used[s] = true;
			}
		}
	}
	for (size_t s = 0; s < c->nsyms; s++)
		if (used[s]) {
			uint64_t a = g->align[c->syms[s].shndx];
			total = (total + a - 1) / a * a + c->syms[s].size;
		}
	free(pending);
	free(seen_fn);
	free(used);
	return (long)total;
}

static void rdc_graph_free(struct rdc_graph *g)
{
	free(g->v);
	free(g->loose);
	free(g->align);
	memset(g, 0, sizeof(*g));
}

/* "sm_90" from e_flags: the low byte (CUDA 12+: bits 8..15) holds the SM. */
static void arch_of(const GElf_Ehdr *eh, char *arch, size_t n)
{
	unsigned flags = (unsigned)eh->e_flags;
	unsigned sm = (eh->e_ident[EI_ABIVERSION] >= 8 || (flags & 0xff) == 0) ? (flags >> 8) & 0xff
									      : flags & 0xff;
	snprintf(arch, n, "sm_%u", sm);
}

int ka_cubin_read(const void *bytes, size_t len, const char *where, struct ka_diag *d,
		  struct ka_kernel_list *out)
{
	struct cubin c = {0};
	GElf_Ehdr eh;
	GElf_Shdr sh;
	Elf_Scn *scn = NULL;
	size_t first = out->n;
	char arch[16];
	bool *entry_attr = NULL;   /* per kernel: its section has an entry-only record */
	long cmem_user = 0;        /* .nv.constant3: the module's __constant__ data */
	int err = -EINVAL;

	if (len < 64 || memcmp(bytes, "\177ELF", 4) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "not an ELF file (expected a CUDA cubin)");
		return -EINVAL;
	}
	elf_version(EV_CURRENT);
	/* libelf reads the image where it lies: elf_memory() converts nothing
	 * and writes nothing for a native-order ELF it only reads (fuzz_cubin
	 * runs on libFuzzer's const input, which catches a write) */
	c.elf = elf_memory((char *)bytes, len);
	if (!c.elf || elf_kind(c.elf) != ELF_K_ELF || !gelf_getehdr(c.elf, &eh)) {
		int e = elf_errno();       /* 0: libelf says "no error"; the header's identification is the why */
		ka_diag_error(d, KA_EXIT_USAGE, where, "unreadable ELF: %s",
			      e ? elf_errmsg(e) : "its header's class, data encoding or version byte is none libelf reads");
		goto out;
	}
	if (eh.e_machine != EM_CUDA) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "ELF for machine %u, not a CUDA cubin (EM_CUDA = 190)",
			      (unsigned)eh.e_machine);
		goto out;
	}
	if (eh.e_shoff > len || (len - eh.e_shoff) / (eh.e_shentsize ? eh.e_shentsize : 1) < eh.e_shnum) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "truncated cubin: %zu bytes, but its section headers end at %llu",
			      len, (unsigned long long)eh.e_shoff + (unsigned long long)eh.e_shnum * eh.e_shentsize);
		goto out;
	}
	if (elf_getshdrstrndx(c.elf, &c.shstrndx) != 0) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "truncated cubin: no section names (%s)", elf_errmsg(-1));
		goto out;
	}
	arch_of(&eh, arch, sizeof(arch));
	{
		const struct ka_nv_arch *row = ka_nv_arch_find(arch);
		c.has_reserved_smem = eh.e_type == ET_EXEC && row && row->smem_reserved_in_section;
	}

	/* Pass 1: symbols, kernels (one per .nv.info.<name>), the reservation. */
	while ((scn = elf_nextscn(c.elf, scn)) != NULL) {
		const char *name = sec_name(&c, scn, &sh);
		if (!name) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated cubin: bad section header (%s)", elf_errmsg(-1));
			goto out;
		}
		if (sh.sh_type == SHT_SYMTAB && !c.syms && load_symbols(&c, scn, &sh) != 0) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated cubin: unreadable symbol table");
			goto out;
		}
		if (strcmp(name, ".nv.shared.reserved.0") == 0)
			c.has_reserved_smem = true;
		if (strncmp(name, ".nv.info.", 9) == 0 && name[9] && !kernel_find(out, first, name + 9))
			kernel_init(ka_kernel_list_add(out), name + 9, arch);
	}
	if (!c.syms) {
		ka_diag_error(d, KA_EXIT_USAGE, where, "cubin has no symbol table");
		goto out;
	}
	/* Keep the entry functions (when the cubin marks them at all). */
	index_build(&c, out, first);
	if (c.has_entries) {
		bool *entry = ka_xcalloc(out->n - first + 1, sizeof(*entry));
		size_t keep = first;
		for (size_t j = 0; j < c.nsyms; j++) {
			struct ka_kernel *k;
			if (c.syms[j].is_entry && c.syms[j].name && (k = kernel_lookup(&c, c.syms[j].name)))
				entry[k - &out->v[first]] = true;
		}
		for (size_t i = first; i < out->n; i++) {
			if (entry[i - first])
				out->v[keep++] = out->v[i];
			else
				ka_kernel_free(&out->v[i]);
		}
		out->n = keep;
		free(entry);
		index_build(&c, out, first);
	}

	/* Pass 2: attributes and shared memory. */
	entry_attr = ka_xcalloc(out->n - first + 1, sizeof(*entry_attr));
	while ((scn = elf_nextscn(c.elf, scn)) != NULL) {
		const char *name = sec_name(&c, scn, &sh);
		Elf_Data *data;
		if (!name)
			goto out;
		/* constant banks (ptxas -v: "360 bytes cmem[0], 8 bytes cmem[2]"
		 * per kernel, "400 bytes cmem[3]" for the module) */
		if (strncmp(name, ".nv.constant0.", 14) == 0 || strncmp(name, ".nv.constant2.", 14) == 0) {
			struct ka_kernel *k = kernel_lookup(&c, name + 14);
			if (k)
				*(name[12] == '0' ? &k->res.cmem_params : &k->res.cmem_literals) = (long)sh.sh_size;
			continue;
		}
		if (strcmp(name, ".nv.constant3") == 0) {
			cmem_user = (long)sh.sh_size;
			continue;
		}
		if (strncmp(name, ".nv.shared.", 11) == 0) {
			struct ka_kernel *k = kernel_lookup(&c, name + 11);
			if (k) {
				long size = (long)sh.sh_size;
				if (c.has_reserved_smem)
					size = size >= 1024 ? size - 1024 : 0;
				k->res.static_smem = size;
			}
			continue;
		}
		if (strcmp(name, ".nv.info") != 0 && strncmp(name, ".nv.info.", 9) != 0)
			continue;
		if (sh.sh_type == SHT_NOBITS)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || (data->d_size && !data->d_buf) || data->d_size != sh.sh_size) {
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated cubin: section %s lies past the end", name);
			goto out;
		}
		if (strcmp(name, ".nv.info") == 0) {
			if (read_global_info(&c, data->d_buf, data->d_size, where, d) != 0)
				goto out;
		} else {
			struct ka_kernel *k = kernel_lookup(&c, name + 9);
			if (k && read_kernel_info(k, data->d_buf, data->d_size, where, name,
						  &entry_attr[k - &out->v[first]], d) != 0)
				goto out;
		}
	}
	/* No symbol marked as an entry (a file with no kernel: its -G or
	 * __noinline__ device functions still have .nv.info.<name>): keep the
	 * sections that hold an entry-only record. */
	if (!c.has_entries) {
		size_t keep = first;
		for (size_t i = first; i < out->n; i++) {
			if (entry_attr[i - first])
				out->v[keep++] = out->v[i];
			else
				ka_kernel_free(&out->v[i]);
		}
		out->n = keep;
	}
	for (size_t i = first; i < out->n; i++) {
		if (out->v[i].res.stack == KA_UNSET)
			out->v[i].res.stack = out->v[i].res.local;
		out->v[i].res.cmem_user = cmem_user;
	}
	if (eh.e_type == ET_REL) {
		struct rdc_graph g = {0};
		index_build(&c, out, first);
		if (rdc_graph_build(&c, &g) != 0) {
			rdc_graph_free(&g);
			ka_diag_error(d, KA_EXIT_USAGE, where, "truncated cubin: unreadable relocations");
			goto out;
		}
		for (size_t i = first; i < out->n; i++)
			out->v[i].res.static_smem += rdc_shared_bytes(&c, &g, out->v[i].mangled);
		rdc_graph_free(&g);
	}
	err = 0;
out:
	if (err) {
		while (out->n > first)
			ka_kernel_free(&out->v[--out->n]);
	}
	if (c.elf)
		elf_end(c.elf);
	free(c.syms);
	free(c.sorted);
	free(entry_attr);
	return err;
}
