/* binary_dump.c — print what the binary readers (ka_binary_read) extract
 * from a file: its kind, one sorted line per kernel per arch, the
 * diagnostics, and the return code.  tests/frontends/golden_binary.sh compares it with
 * NAME.expected; tests/frontends/binary_agree.py compares --res-usage with cuobjdump.
 *   binary_dump [--entries] [--res-usage] [--occupancy] [--cuobjdump PATH] FILE...
 * --entries     also list a fatbin file's entries (kind, arch, compression)
 * --res-usage   one "arch mangled REG STACK SHARED LOCAL" line per NVIDIA
 *               kernel, nothing else (the agreement check's input)
 * --occupancy   also run the occupancy model on each kernel at 256 threads
 *               (what an analysis adds; for bench/binary_vs_cuobjdump.sh) */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frontends.h"
#include "occupancy.h"

static int print_entry(const struct ka_fatbin_entry *e, void *arg)
{
	static const char *const kinds[] = {[1] = "PTX", [2] = "ELF", [8] = "LTO"};
	const char *k = e->kind < 9 && kinds[e->kind] ? kinds[e->kind] : "?";
	(void)arg;
	printf("entry 0x%zx %s %s version=%u.%u compression=%s stored=%zu size=%" PRIu64 " flags=0x%" PRIx64 "\n",
	       e->offset, k, e->arch, e->version_major, e->version_minor, ka_fatbin_compression_name(e->compression),
	       e->stored_size, e->uncompressed_size, e->flags);
	return 0;
}

/* The file mapped read-only (the readers never write to their input; a
 * library of 300 MB is not copied).  NULL with *len 0 for an empty file. */
static void *map_file(const char *path, size_t *len)
{
	struct stat st;
	void *p;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*len = 0;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return MAP_FAILED;
	}
	if (st.st_size == 0) {
		close(fd);
		return NULL;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p != MAP_FAILED)
		*len = (size_t)st.st_size;
	return p;
}

static long occupancy(const struct ka_kernel *k)
{
	if (k->vendor == KA_VENDOR_NVIDIA) {
		const struct ka_nv_arch *a = ka_nv_arch_find(k->arch);
		struct ka_nv_launch in = {(int)(k->res.regs & 0xff), 256, k->res.static_smem > 0 ? k->res.static_smem : 0,
					  (int)(k->res.barriers > 0 ? k->res.barriers & 0x1f : 0), -1, 0};
		return a ? ka_occ_nvidia_blocks(a, &in) : -1;
	} else {
		const struct ka_amd_arch *a = ka_amd_arch_find(k->arch);
		struct ka_amd_launch in = {(int)k->res.vgprs, k->res.agprs > 0 ? (int)k->res.agprs : 0, (int)k->res.sgprs,
					   256, k->res.lds > 0 ? k->res.lds : 0, k->wave_size};
		struct ka_amd_occupancy o = {0};
		return a && ka_occ_amd(a, &in, &o) == 0 ? o.waves_per_simd : -1;
	}
}

int main(int argc, char **argv)
{
	bool entries = false, res_usage = false, occ = false;
	const char *cuobjdump = NULL;
	int status = 0, i;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "--entries") == 0)
			entries = true;
		else if (strcmp(argv[i], "--res-usage") == 0)
			res_usage = true;
		else if (strcmp(argv[i], "--occupancy") == 0)
			occ = true;
		else if (strcmp(argv[i], "--cuobjdump") == 0 && i + 1 < argc)
			cuobjdump = argv[++i];
		else
			break;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: binary_dump [--entries] [--res-usage] [--occupancy] [--cuobjdump PATH] FILE...\n");
		return 2;
	}
	for (; i < argc; i++) {
		struct ka_kernel_list list = {0};
		struct ka_binary_options opt = {.cuobjdump = cuobjdump, .timeout_s = 60};
		struct ka_diag d;
		const char *base = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
		int rc, kind;
		long sum = 0;
		size_t len;
		void *data = map_file(argv[i], &len);

		if (data == MAP_FAILED) {
			fprintf(stderr, "cannot read %s: %s\n", argv[i], strerror(errno));
			return 2;
		}
		ka_diag_init(&d, res_usage ? stderr : stdout);
		kind = ka_binary_sniff(data ? data : "", len);
		if (!res_usage)
			printf("%s: %s\n", base, ka_binary_kind_name(kind));
		if (entries && kind == KA_BINARY_FATBIN) {
			/* its errors are the reader's, said once below */
			FILE *null = fopen("/dev/null", "w");
			struct ka_diag quiet;
			ka_diag_init(&quiet, null);
			ka_fatbin_walk(data, len, base, &quiet, print_entry, NULL);
			ka_diag_fini(&quiet);
			fclose(null);
		}
		rc = ka_binary_read_opts(data ? data : "", len, base, &opt, &d, &list);
		ka_kernel_list_sort(&list);
		for (size_t j = 0; j < list.n; j++) {
			const struct ka_kernel *k = &list.v[j];
			const struct ka_resources *r = &k->res;
			if (occ)
				sum += occupancy(k);
			if (res_usage) {
				if (k->vendor == KA_VENDOR_NVIDIA)
					printf("%s %s %ld %ld %ld %ld\n", k->arch, k->mangled, r->regs, r->stack,
					       r->static_smem, r->local);
				continue;
			}
			if (k->vendor == KA_VENDOR_NVIDIA)
				printf("%s %s [%s] regs=%ld stack=%ld local=%ld smem=%ld barriers=%ld max_threads=%ld "
				       "spill_stores=%ld file=%s\n",
				       k->arch, k->mangled, k->name, r->regs, r->stack, r->local, r->static_smem, r->barriers,
				       r->max_threads, r->spill_stores, k->file ? k->file : "-");
			else
				printf("%s %s [%s] vgprs=%ld agprs=%ld sgprs=%ld lds=%ld scratch=%ld max_threads=%ld wave=%d "
				       "file=%s\n",
				       k->arch, k->mangled, k->name, r->vgprs, r->agprs, r->sgprs, r->lds, r->scratch,
				       r->max_threads, k->wave_size, k->file ? k->file : "-");
		}
		if (occ)
			fprintf(stderr, "%s: %zu kernels, occupancy summed %ld\n", base, list.n, sum);
		if (!res_usage)
			printf("rc=%d kernels=%zu exit=%d\n", rc, list.n, d.exit_code);
		if (rc < 0)
			status = 1;
		ka_kernel_list_free(&list);
		if (data)
			munmap(data, len);
		ka_diag_fini(&d);
	}
	return status;
}
