/* check_verify_record.c — re-check a committed GPU record against the
 * current model and frontend, so a change that breaks agreement with real
 * hardware fails CI without a GPU.
 *
 *   check_verify_record RECORD.jsonl KERNELS.cubin
 *
 * RECORD is what kernels/runner/occupancy_sweep printed on the GPU; CUBIN is
 * the same source compiled here for the same arch.  Checks, and counts:
 *  - the device properties in the header equal the model's arch row;
 *  - per kernel, registers / static shared memory / local memory read from
 *    the cubin equal cudaFuncGetAttributes;
 *  - per (kernel, block, dynamic smem[, carveout]), the model's blocks/SM
 *    equal cudaOccupancyMaxActiveBlocksPerMultiprocessor;
 *  - the largest block size of the model's best set equals
 *    cudaOccupancyMaxPotentialBlockSize.
 * Prints "got / expected" for each disagreement and a count per kind. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "frontends.h"
#include "occupancy.h"

struct count {
	long checked, agreed;
};

static long geti(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_integer(v) ? (long)json_integer_value(v) : -1;
}

static const struct ka_kernel *find(const struct ka_kernel_list *l, const char *mangled)
{
	for (size_t i = 0; l && mangled && i < l->n; i++)
		if (strcmp(l->v[i].mangled, mangled) == 0)
			return &l->v[i];
	return NULL;
}

static void tally(struct count *c, bool ok, const char *what, const char *line)
{
	c->checked++;
	if (ok)
		c->agreed++;
	else if (c->checked - c->agreed <= 10)
		printf("MISMATCH %s: %s\n", what, line);
}

int main(int argc, char **argv)
{
	struct ka_buf rec = {0}, cub = {0};
	struct ka_kernel_list kernels = {0};
	struct ka_diag d;
	struct count props = {0}, attrs = {0}, occ = {0}, carve = {0}, best = {0};
	const struct ka_nv_arch *a = NULL;

	if (argc != 3) {
		fprintf(stderr, "usage: check_verify_record RECORD.jsonl KERNELS.cubin\n");
		return 2;
	}
	ka_diag_init(&d, stderr);
	if (ka_read_file(argv[1], 1u << 30, &rec) != 0 || ka_read_file(argv[2], 1u << 30, &cub) != 0 ||
	    ka_cubin_read(cub.data, cub.len, argv[2], &d, &kernels) != 0) {
		fprintf(stderr, "cannot read %s or %s\n", argv[1], argv[2]);
		return 2;
	}
	for (char *line = strtok(rec.data, "\n"); line; line = strtok(NULL, "\n")) {
		json_error_t err;
		json_t *o = json_loads(line, 0, &err);
		const char *kind = json_string_value(json_object_get(o, "kind"));
		const struct ka_kernel *k = find(&kernels, json_string_value(json_object_get(o, "mangled")));
		if (!o || !kind) {
			printf("bad record line: %.80s\n", line);
			return 1;
		}
		if (strcmp(kind, "header") == 0 && json_object_get(o, "sharedMemPerBlockOptin")) {
			char arch[16];
			snprintf(arch, sizeof(arch), "sm_%s", json_string_value(json_object_get(o, "cc")));
			char *dot = strchr(arch, '.');
			if (dot)
				memmove(dot, dot + 1, strlen(dot));
			a = ka_nv_arch_find(arch);
			if (!a) {
				printf("record is for %s, which the model does not know\n", arch);
				return 1;
			}
			tally(&props, geti(o, "maxThreadsPerMultiProcessor") == a->max_threads_per_sm, "threads/SM", line);
			tally(&props, geti(o, "maxBlocksPerMultiProcessor") == a->max_blocks_per_sm, "blocks/SM", line);
			tally(&props, geti(o, "regsPerMultiprocessor") == a->regs_per_sm, "regs/SM", line);
			tally(&props, geti(o, "regsPerBlock") == a->regs_per_block, "regs/block", line);
			tally(&props, geti(o, "sharedMemPerMultiprocessor") == a->smem_per_sm, "smem/SM", line);
			tally(&props, geti(o, "sharedMemPerBlock") == a->smem_per_block, "smem/block", line);
			tally(&props, geti(o, "sharedMemPerBlockOptin") == a->smem_per_block_optin, "smem opt-in", line);
			tally(&props, geti(o, "reservedSharedMemPerBlock") == a->smem_reserved, "reserved smem", line);
			tally(&props, geti(o, "maxThreadsPerBlock") == a->max_threads_per_block, "threads/block", line);
		} else if (!a || strcmp(kind, "header") == 0 || strcmp(kind, "summary") == 0 ||
			   strcmp(kind, "launch") == 0 || strcmp(kind, "avail_dyn_smem") == 0) {
			; /* not a prediction (or no device seen yet) */
		} else if (!k) {
			tally(&attrs, false, "kernel missing from the cubin", line);
		} else if (strcmp(kind, "attributes") == 0) {
			tally(&attrs, geti(o, "regs") == k->res.regs, "registers", line);
			tally(&attrs, geti(o, "static_smem") == k->res.static_smem, "static shared memory", line);
			tally(&attrs, geti(o, "local") == k->res.local, "local memory", line);
		} else if (strcmp(kind, "occupancy") == 0 || strcmp(kind, "occupancy_carveout") == 0) {
			struct ka_nv_launch in = {
				.regs = (int)k->res.regs, .block = (int)geti(o, "block"),
				.smem = k->res.static_smem + geti(o, "dyn_smem"),
				.barriers = (int)k->res.barriers,
				.carveout_pct = json_object_get(o, "carveout") ? (int)geti(o, "carveout") : -1,
			};
			int got = ka_occ_nvidia_blocks(a, &in);
			tally(strcmp(kind, "occupancy") == 0 ? &occ : &carve, got == geti(o, "blocks"), "blocks/SM", line);
		} else if (strcmp(kind, "best_block") == 0) {
			struct ka_nv_launch in = {(int)k->res.regs, 0, k->res.static_smem, (int)k->res.barriers, -1, 0};
			int b[64], n = ka_best_blocks_nvidia(a, &in, (int)k->res.max_threads, b, 64);
			tally(&best, n > 0 && b[n - 1] == geti(o, "block"), "best block", line);
		}
		json_decref(o);
	}
	printf("device properties  %ld/%ld equal\n", props.agreed, props.checked);
	printf("kernel attributes  %ld/%ld equal (registers, static smem, local per kernel)\n", attrs.agreed, attrs.checked);
	printf("blocks per SM      %ld/%ld equal (default carveout)\n", occ.agreed, occ.checked);
	printf("blocks per SM      %ld/%ld equal (explicit carveouts)\n", carve.agreed, carve.checked);
	printf("best block size    %ld/%ld equal\n", best.agreed, best.checked);
	long all = props.checked + attrs.checked + occ.checked + carve.checked + best.checked;
	long ok = props.agreed + attrs.agreed + occ.agreed + carve.agreed + best.agreed;
	ka_kernel_list_free(&kernels);
	ka_buf_free(&rec);
	ka_buf_free(&cub);
	ka_diag_fini(&d);
	return occ.checked > 0 && ok == all ? 0 : 1;
}
