/* format.c — the small pieces of text every writer (and the calculator)
 * formats the same way: limiter lists, byte counts, fractions, JSON strings
 * from bytes that may not be UTF-8, display widths. */
#include "report.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

void ka_text_limiters(FILE *out, unsigned mask)
{
	bool first = true;
	for (int l = 0; l < KA_LIMIT_COUNT; l++)
		if (mask & (1u << l)) {
			fprintf(out, "%s%s", first ? "" : ", ", ka_limiter_name((enum ka_limiter)l));
			first = false;
		}
}

void ka_limiter_list(FILE *out, unsigned mask, bool json)
{
	bool first = true;
	for (int l = 0; l < KA_LIMIT_COUNT; l++) {
		if (!(mask & (1u << l)))
			continue;
		if (json)
			fprintf(out, "%s\"%s\"", first ? "" : ",", ka_limiter_name((enum ka_limiter)l));
		else
			fprintf(out, "%s%s", first ? "" : ",", ka_limiter_name((enum ka_limiter)l));
		first = false;
	}
}

void ka_text_bytes(FILE *out, long b)
{
	if (b >= 10240 && b % 1024 == 0)
		fprintf(out, "%ld KiB", b / 1024);
	else
		fprintf(out, "%ld B", b);
}

void ka_format_fraction(char *buf, size_t n, double x)
{
	snprintf(buf, n, "%.6g", x);
	if (!strpbrk(buf, ".e"))
		snprintf(buf + strlen(buf), n - strlen(buf), ".0");
}

json_t *ka_json_text(const char *s)
{
	json_t *j = json_string(s);
	if (!j) {
		char *c = ka_strdup(s);
		for (char *p = c; *p; p++)
			if ((unsigned char)*p >= 0x80 || (unsigned char)*p < 0x20)
				*p = '?';
		j = json_string(c);
		free(c);
	}
	return j;
}

int ka_text_cols(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

const char *ka_text_block_source(const char *source)
{
	return strcmp(source, "option") == 0 ? "--block"
	       : strcmp(source, "launch_bounds") == 0 ? "__launch_bounds__"
	       : strcmp(source, "config") == 0 ? "config"
	       : strcmp(source, "launch_site") == 0 ? "launch site" : "default";
}

void ka_text_idle_lanes(FILE *out, int block, int width)
{
	int last = width > 0 ? block % width : 0;
	if (block <= 0 || last == 0)
		return;
	int warps = (block + width - 1) / width;
	fprintf(out, "  idle lanes  block %d is not a multiple of the %s size (%d): its last %s runs %d of %d lanes, "
		"%.1f %% of the block's lanes idle (CUDA C++ Best Practices Guide, \"Thread and Block Heuristics\")\n",
		block, width == 32 ? "warp" : "wave", width, width == 32 ? "warp" : "wave", last, width,
		100.0 * (warps * width - block) / (warps * width));
}

/* The grid over the GPU when its last wave is under half a wave: the SMs
 * (CUs) idle while it runs.  Nsight Compute's Kernel Profiling Guide,
 * "Launch Statistics", calls it the tail effect: with blocks of equal
 * duration the partial wave may take up to 1/(full waves + 1) of the run.
 * nvidia: blocks and SMs, that guide cited; else workgroups and CUs. */
void ka_text_tail_wave(FILE *out, const struct ka_kernel_result *rk, bool nvidia)
{
	if (rk->wave_blocks <= 0 || rk->tail_blocks <= 0 || 2 * rk->tail_blocks >= rk->wave_blocks)
		return;
	const char *unit = nvidia ? "SM" : "CU", *blocks = nvidia ? "blocks" : "workgroups";
	long long grid = (long long)rk->grid_dims[0] * rk->grid_dims[1] * rk->grid_dims[2];
	long units = rk->wave_blocks / rk->occ.blocks_per_sm;
	double frac = 100.0 * rk->tail_blocks / rk->wave_blocks;
	if (rk->full_waves == 0)
		fprintf(out, "  tail wave   grid %lld %s fills %.1f %% of one wave (%d %s/%s x %ld %ss): most of the "
			"GPU idles\n", grid, blocks, frac, rk->occ.blocks_per_sm, blocks, unit, units, unit);
	else
		fprintf(out, "  tail wave   grid %lld %s = %ld full wave%s of %ld (%d %s/%s x %ld %ss) + %ld (%.1f %% of a "
			"wave): with %s of equal time the last wave may take up to %.0f %% of the run%s\n", grid, blocks,
			rk->full_waves, rk->full_waves == 1 ? "" : "s", rk->wave_blocks, rk->occ.blocks_per_sm, blocks, unit,
			units, unit, rk->tail_blocks, frac, blocks, 100.0 / (rk->full_waves + 1),
			nvidia ? " (Nsight Compute, \"Launch Statistics\": tail effect)" : "");
}

void ka_text_launch(FILE *out, const struct ka_kernel_result *rk)
{
	if (rk->block_dims[1] > 1 || rk->block_dims[2] > 1)
		fprintf(out, " %dx%dx%d", rk->block_dims[0], rk->block_dims[1], rk->block_dims[2]);
	if (rk->launch_file)
		fprintf(out, " at %s:%d", rk->launch_file, rk->launch_line);
	if (rk->smem_dynamic && rk->block_source && strcmp(rk->block_source, "launch_site") == 0)
		fprintf(out, ", %ld B dynamic", rk->smem_dynamic);
	if (rk->n_runtime_sites > 0) {
		int shown = rk->n_runtime_sites < 3 ? rk->n_runtime_sites : 3;
		fprintf(out, "; not modelled: %d launch%s with a runtime %s at ", rk->n_runtime_sites,
			rk->n_runtime_sites == 1 ? "" : "es",
			rk->n_runtime_smem == 0                    ? "block"
			: rk->n_runtime_smem == rk->n_runtime_sites ? "dynamic shared memory size"
								    : "block or dynamic shared memory size");
		for (int i = 0; i < shown; i++)
			fprintf(out, "%s%s:%d", i ? ", " : "", rk->runtime_site_file[i], rk->runtime_site_line[i]);
		if (rk->n_runtime_sites > shown)
			fputs(", ...", out);
	}
}

void ka_text_kernel_name(FILE *out, const struct ka_kernel *k, int cols, int width, bool utf8, const char *on,
			 const char *off)
{
	char name[4 * 256];
	if (cols > 256)
		cols = 256;
	ka_name_short(k->name, cols, utf8, name, sizeof(name));
	fprintf(out, "%s%s%s%*s  ", on, name, off, width - ka_text_cols(name), "");
}

/* Where the kernel is defined: its header's line for a .cuh kernel. */
void ka_text_where(FILE *out, const struct ka_kernel *k)
{
	if (k->line > 0)
		fprintf(out, "%s:%d", k->def_file ? k->def_file : k->file ? k->file : "", k->line);
	else
		fputs(k->file ? k->file : "", out);
}
