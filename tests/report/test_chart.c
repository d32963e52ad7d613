/* test_chart.c — the occupancy charts: the sweeps agree with the model and
 * with its cliff finder on a grid of launches (NVIDIA, and AMD/Hygon in
 * both wave sizes, with the AGPR series), the terminal rendering marks the
 * launch and the cliffs where they are, the PNG has the marker where the
 * layout says, and kernel names shorten in the documented steps. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static const struct ka_nv_arch *arch(const char *name)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(name);
	assert_non_null(a);
	return a;
}

static struct ka_nv_launch launch(int regs, int block, long smem)
{
	return (struct ka_nv_launch){.regs = regs, .block = block, .smem = smem, .barriers = 1, .carveout_pct = -1};
}

/* The worked example of DESIGN §4: 128 registers at 256 threads on sm_90. */
static void worked_example(void **state)
{
	(void)state;
	struct ka_nv_launch in = launch(128, 256, 0);
	struct ka_chart c;
	ka_chart_build(&c, arch("sm_90"), &in, 0);
	const struct ka_chart_series *r = &c.s[KA_CHART_REGS];
	assert_int_equal(c.occ.blocks_per_sm, 2);
	assert_int_equal(r->cur_x, 128);
	assert_int_equal(r->runs[r->cur_run].blocks, 2);
	assert_int_equal(r->runs[r->cur_run].x0, 81);      /* 81..128: 2 blocks, limiter registers */
	assert_int_equal(r->runs[r->cur_run].x1, 128);
	assert_int_equal(r->drop_x, 129);
	assert_int_equal(r->runs[r->drop_run].blocks, 1);
	assert_int_equal(r->gain_x, 80);
	assert_int_equal(r->runs[r->gain_run].blocks, 3);
	/* block sizes: runs break only at warp boundaries */
	const struct ka_chart_series *b = &c.s[KA_CHART_BLOCK];
	for (size_t i = 0; i + 1 < b->n; i++)
		assert_int_equal(b->runs[i].x1 % 32, 0);
	assert_int_equal(b->runs[b->n - 1].x1, 1024);
	/* 257 threads = 9 warps: 16 warps of registers hold one such block */
	assert_int_equal(b->drop_x, 257);
	ka_chart_free(&c);
}

/* Every run holds what the model says at its ends, and the nearest changes
 * are the ones ka_cliffs_nvidia finds, on a grid over every arch. */
static void agrees_with_model_and_cliffs(void **state)
{
	(void)state;
	static const int regs[] = {0, 1, 17, 32, 64, 100, 128, 129, 200, 255};
	static const int blocks[] = {1, 32, 96, 128, 256, 384, 512, 640, 1024};
	static const long smems[] = {0, 1, 1000, 30000, 48 * 1024, 100000};
	long checked = 0;

	for (int ai = 0; ai < ka_nv_arch_count; ai++) {
		const struct ka_nv_arch *a = &ka_nv_archs[ai];
		long smax = a->smem_per_block_optin;
		for (size_t ri = 0; ri < sizeof(regs) / sizeof(regs[0]); ri++)
		for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
		for (size_t si = 0; si < sizeof(smems) / sizeof(smems[0]); si++) {
			if (smems[si] > smax)
				continue;
			struct ka_nv_launch in = launch(regs[ri], blocks[bi], smems[si]);
			struct ka_chart c;
			struct ka_cliffs cl;
			ka_chart_build(&c, a, &in, 0);
			ka_cliffs_nvidia(a, &in, &cl);
			const struct ka_chart_series *r = &c.s[KA_CHART_REGS], *s = &c.s[KA_CHART_SMEM];
			assert_int_equal(r->runs[r->cur_run].blocks, c.occ.blocks_per_sm);
			if (c.occ.blocks_per_sm > 0) {   /* cliffs of a launch that runs */
				assert_int_equal(r->drop_x < 0 ? -1 : r->drop_x - in.regs, cl.regs_to_next_drop);
				assert_int_equal(r->gain_x < 0 ? -1 : in.regs - r->gain_x, cl.regs_to_next_gain);
				assert_int_equal(s->drop_x < 0 ? -1 : s->drop_x - in.smem, cl.smem_to_next_drop);
				assert_int_equal(s->gain_x < 0 ? -1 : in.smem - s->gain_x, cl.smem_to_next_gain);
			}
			for (int ax = 0; ax < KA_CHART_AXES; ax++) {
				const struct ka_chart_series *se = &c.s[ax];
				assert_int_equal(se->runs[0].x0, se->x_lo);
				assert_int_equal(se->runs[se->n - 1].x1, se->x_hi);
				for (size_t i = 0; i < se->n; i++) {
					const struct ka_chart_run *run = &se->runs[i];
					long xs[] = {run->x0, run->x1};
					if (i)
						assert_int_equal(run->x0, se->runs[i - 1].x1 + 1);
					for (int e = 0; e < 2; e++) {
						struct ka_nv_launch t = in;
						if (ax == KA_CHART_BLOCK)
							t.block = (int)xs[e];
						else if (ax == KA_CHART_REGS)
							t.regs = (int)xs[e];
						else
							t.smem = xs[e];
						assert_int_equal(ka_occ_nvidia_blocks(a, &t), run->blocks);
						assert_ptr_equal(ka_chart_at(se, xs[e]), run);
						checked++;
					}
				}
			}
			ka_chart_free(&c);
		}
	}
	assert_true(checked > 100000);
}

static char *term(const struct ka_chart *c, bool color, bool utf8);
static char *line_of(const char *text, int n);

/* Launch bounds mark the block sizes above them. */
static void launch_bounds(void **state)
{
	(void)state;
	struct ka_nv_launch in = launch(10, 128, 0);
	struct ka_chart c;
	ka_chart_build(&c, arch("sm_90"), &in, 0);
	assert_int_equal(c.s[KA_CHART_BLOCK].drop_x, 129);        /* 5 warps: 12 blocks */
	ka_chart_free(&c);
	ka_chart_build(&c, arch("sm_90"), &in, 128);
	assert_int_equal(c.s[KA_CHART_BLOCK].x_launch_max, 128);
	assert_int_equal(c.s[KA_CHART_BLOCK].drop_x, -1);         /* 129 cannot launch */
	char *text = term(&c, false, false);
	char *block = line_of(text, 3);
	size_t at = strlen("block 1-1024   ");
	assert_memory_equal(block + at, "=@@@xxxx", 8);  /* 32 threads: 32 blocks = 50 %; none over 128 */
	free(block);
	free(text);
	ka_chart_free(&c);
	ka_chart_build(&c, arch("sm_90"), &in, 1024);
	assert_int_equal(c.s[KA_CHART_BLOCK].x_launch_max, 0);   /* nothing to mark */
	ka_chart_free(&c);
}

static char *term(const struct ka_chart *c, bool color, bool utf8)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	ka_chart_term(f, c, "chart ", "", color, utf8);
	fclose(f);
	return text;
}

/* Line n (0-based) of text, copied. */
static char *line_of(const char *text, int n)
{
	for (; n > 0 && text; n--) {
		text = strchr(text, '\n');
		if (text)
			text++;
	}
	assert_non_null(text);
	size_t len = strcspn(text, "\n");
	char *s = malloc(len + 1);
	memcpy(s, text, len);
	s[len] = '\0';
	return s;
}

/* The marker line puts ^ under the launch's column and ! under the next
 * drop's; the figures name them. */
static void terminal_markers(void **state)
{
	(void)state;
	struct ka_nv_launch in = launch(128, 256, 0);
	struct ka_chart c;
	ka_chart_build(&c, arch("sm_90"), &in, 0);
	char *text = term(&c, false, false);
	char *key = line_of(text, 0), *regs = line_of(text, 1), *marks = line_of(text, 2);
	assert_non_null(strstr(key, "^ launch in use"));
	assert_int_equal(strncmp(regs, "regs  0-255", 11), 0);
	assert_non_null(strstr(regs, "^ 128: 25 %"));
	assert_non_null(strstr(regs, "! 129: 12.5 %"));
	assert_non_null(strstr(regs, "+ <=80: 37.5 %"));
	/* the sparkline starts at column 15 ("regs  0-255    "); registers
	 * 121..128 are column 15 of it, 129..136 column 16, 73..80 column 9 */
	size_t at = strlen("regs  0-255    ");
	assert_int_equal(strlen(marks), at + 17);
	assert_int_equal(marks[at + 15], '^');
	assert_int_equal(marks[at + 16], '!');
	assert_int_equal(marks[at + 9], '+');
	/* 100 % up to 32 registers ('@'), 12.5 % from 129 ('.') */
	assert_int_equal(regs[at], '@');
	assert_int_equal(regs[at + 31], '.');
	/* block sizes past 512 cannot launch with 128 registers: 'x' */
	char *block = line_of(text, 3);
	assert_int_equal(block[at + 16], 'x');
	assert_null(strchr(text, '\033'));          /* no colour unless asked */
	free(key);
	free(regs);
	free(marks);
	free(block);
	free(text);

	text = term(&c, true, true);
	assert_non_null(strstr(text, "\033[1;31m"));
	assert_non_null(strstr(text, "\u2581"));     /* block characters */
	assert_non_null(strstr(text, "\u2264" "80"));
	free(text);
	ka_chart_free(&c);
}

struct png_reader {
	const unsigned char *p;
	size_t left;
};

static cairo_status_t png_read(void *closure, unsigned char *data, unsigned int len)
{
	struct png_reader *r = closure;
	if (len > r->left)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->p, len);
	r->p += len;
	r->left -= len;
	return CAIRO_STATUS_SUCCESS;
}

/* The PNG decodes at the documented size, with the current-point marker's
 * red where ka_chart_xy puts the launch, in each panel. */
static void png_marker(void **state)
{
	(void)state;
	struct ka_nv_launch in = launch(128, 256, 0);
	struct ka_chart c;
	struct ka_buf png = {0};
	char err[128];

	ka_chart_build(&c, arch("sm_90"), &in, 0);
	assert_int_equal(ka_chart_render(&c, KA_CHART_PNG, &png, err, sizeof(err)), 0);
	assert_memory_equal(png.data, "\x89PNG", 4);
	struct png_reader rd = {(const unsigned char *)png.data, png.len};
	cairo_surface_t *img = cairo_image_surface_create_from_png_stream(png_read, &rd);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	assert_int_equal(cairo_image_surface_get_width(img), KA_CHART_WIDTH);
	assert_int_equal(cairo_image_surface_get_height(img), KA_CHART_HEIGHT);
	cairo_surface_flush(img);
	const unsigned char *px = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	for (int ax = 0; ax < KA_CHART_AXES; ax++) {
		double x, y;
		const struct ka_chart_series *s = &c.s[ax];
		ka_chart_xy(&c, (enum ka_chart_axis)ax, (double)s->cur_x, s->runs[s->cur_run].occ, &x, &y);
		const uint32_t v = *(const uint32_t *)(px + (int)y * stride + 4 * (int)x);
		unsigned r = (v >> 16) & 0xff, g = (v >> 8) & 0xff, b = v & 0xff;
		assert_int_equal(r, (KA_CHART_RGB_CURRENT >> 16) & 0xff);
		assert_int_equal(g, (KA_CHART_RGB_CURRENT >> 8) & 0xff);
		assert_int_equal(b, KA_CHART_RGB_CURRENT & 0xff);
	}
	cairo_surface_destroy(img);
	ka_buf_free(&png);
	ka_chart_free(&c);
}

/* The SVG says in words what it shows (cairo draws text as outlines). */
static void svg_description(void **state)
{
	(void)state;
	struct ka_nv_launch in = launch(128, 256, 0);
	struct ka_chart c;
	struct ka_buf svg = {0};
	char err[128];

	ka_chart_build(&c, arch("sm_90"), &in, 0);
	c.kernel = "pressure<128>(float*, float const*)";
	assert_int_equal(ka_chart_render(&c, KA_CHART_SVG, &svg, err, sizeof(err)), 0);
	assert_non_null(strstr(svg.data, "<svg"));
	assert_non_null(strstr(svg.data, "<title>kanalyze occupancy charts: pressure&lt;128&gt;(float*, float const*) "
					 "on sm_90</title>"));
	assert_non_null(strstr(svg.data, "regs=128 block=256 smem=0 blocks_per_sm=2 warps_per_sm=16 occupancy=0.25 "
					 "limiter=registers; block: next_drop=257 next_gain=-1; regs: next_drop=129 "
					 "next_gain=80; smem: next_drop=115713 next_gain=-1"));
	ka_buf_free(&svg);
	ka_chart_free(&c);
}

/* ---- AMD and Hygon ----------------------------------------------------------- */
static const struct ka_amd_arch *amd(const char *name)
{
	const struct ka_amd_arch *a = ka_amd_arch_find(name);
	assert_non_null(a);
	return a;
}

/* gfx90a, 97 VGPRs + 40 AGPRs at 256 threads: alignTo(97,4)+40 = 140 -> 144
 * of 512 gives 3 waves/SIMD; 88 VGPRs (88+40 = 128) give 4, 129 (172 -> 176)
 * give 2.  Without the AGPRs 97 -> 104 gives 4 and the drop is at 129. */
static void amd_worked_example(void **state)
{
	(void)state;
	struct ka_amd_launch in = {.vgprs = 97, .agprs = 40, .sgprs = 40, .block = 256};
	struct ka_chart c;
	ka_chart_build_amd(&c, amd("gfx90a"), &in, 0);
	const struct ka_chart_series *r = &c.s[KA_CHART_REGS], *alt = &c.alt;
	assert_int_equal(c.amd_launch.wave, 64);                 /* the arch's default */
	assert_int_equal(c.max_warps, 8);
	assert_int_equal(r->runs[r->cur_run].warps, 3);
	assert_int_equal(r->runs[r->cur_run].blocks, 3);
	assert_int_equal(r->drop_x, 129);
	assert_int_equal(r->runs[r->drop_run].warps, 2);
	assert_int_equal(r->gain_x, 88);
	assert_int_equal(r->runs[r->gain_run].warps, 4);
	assert_true(alt->n > 0);
	assert_int_equal(alt->axis, KA_CHART_REGS);
	assert_int_equal(alt->runs[alt->cur_run].warps, 4);
	assert_int_equal(alt->drop_x, 129);
	assert_int_equal(alt->gain_x, 96);
	assert_string_equal(c.alt_label, "without the 40 AGPRs");
	/* 769 threads = 13 waves: more than 3 waves on each of 4 SIMDs */
	assert_int_equal(c.s[KA_CHART_BLOCK].drop_x, 769);
	assert_int_equal(ka_chart_at(&c.s[KA_CHART_BLOCK], 769)->warps, 0);
	/* LDS: 65536 / 21846 = 2 workgroups of 4 waves: 2 waves/SIMD */
	assert_int_equal(c.s[KA_CHART_SMEM].drop_x, 21846);
	ka_chart_free(&c);

	in.agprs = 0;                         /* no AGPRs: no second series */
	ka_chart_build_amd(&c, amd("gfx90a"), &in, 0);
	assert_int_equal(c.alt.n, 0);
	ka_chart_free(&c);
}

/* Every run holds what ka_occ_amd says at its ends (the AGPR series too),
 * and the VGPR and LDS cliffs are the ones ka_cliffs_amd finds, for every
 * AMD and Hygon arch in each wave size it runs. */
static void amd_agrees_with_model_and_cliffs(void **state)
{
	(void)state;
	static const int vgprs[] = {0, 1, 24, 64, 65, 97, 128, 129, 200, 256, 512};
	static const int agprs[] = {0, 4, 40, 256};
	static const int blocks[] = {1, 64, 96, 256, 320, 1024};
	static const long ldss[] = {0, 1, 5000, 16384, 40000, 65536};
	long checked = 0;

	for (int ai = 0; ai < ka_amd_arch_count; ai++) {
		const struct ka_amd_arch *a = &ka_amd_archs[ai];
		for (int wave = 32; wave <= 64; wave += 32) {
			if (wave == 32 && !a->vgprs_w32)
				continue;
			for (size_t vi = 0; vi < sizeof(vgprs) / sizeof(vgprs[0]); vi++)
			for (size_t gi = 0; gi < sizeof(agprs) / sizeof(agprs[0]); gi++)
			for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
			for (size_t li = 0; li < sizeof(ldss) / sizeof(ldss[0]); li++) {
				if (vgprs[vi] > a->vgprs_addressable || agprs[gi] > a->agprs || ldss[li] > a->lds_per_workgroup)
					continue;
				struct ka_amd_launch in = {.vgprs = vgprs[vi], .agprs = agprs[gi], .sgprs = 40,
							   .block = blocks[bi], .lds = ldss[li], .wave = wave};
				struct ka_amd_occupancy o;
				struct ka_amd_cliffs cl;
				struct ka_chart c;
				ka_chart_build_amd(&c, a, &in, 0);
				ka_occ_amd(a, &in, &o);
				ka_cliffs_amd(a, &in, &cl);
				const struct ka_chart_series *r = &c.s[KA_CHART_REGS], *s = &c.s[KA_CHART_SMEM];
				assert_int_equal(r->runs[r->cur_run].warps, o.waves_per_simd);
				assert_int_equal(c.occupancy == o.occupancy, 1);
				if (o.waves_per_simd > 0) {
					assert_int_equal(r->drop_x < 0 ? -1 : r->drop_x - in.vgprs, cl.vgprs_to_next_drop);
					assert_int_equal(r->gain_x < 0 ? -1 : in.vgprs - r->gain_x, cl.vgprs_to_next_gain);
					assert_int_equal(s->drop_x < 0 ? -1 : s->drop_x - in.lds, cl.lds_to_next_drop);
					assert_int_equal(s->gain_x < 0 ? -1 : in.lds - s->gain_x, cl.lds_to_next_gain);
				}
				assert_int_equal(c.alt.n > 0, agprs[gi] > 0);
				for (int ax = 0; ax <= KA_CHART_AXES; ax++) {
					const struct ka_chart_series *se = ax < KA_CHART_AXES ? &c.s[ax] : &c.alt;
					if (se->n == 0)
						continue;
					assert_int_equal(se->runs[0].x0, se->x_lo);
					assert_int_equal(se->runs[se->n - 1].x1, se->x_hi);
					for (size_t i = 0; i < se->n; i++) {
						const struct ka_chart_run *run = &se->runs[i];
						long xs[] = {run->x0, run->x1};
						if (i)
							assert_int_equal(run->x0, se->runs[i - 1].x1 + 1);
						for (int e = 0; e < 2; e++) {
							struct ka_amd_launch t = in;
							struct ka_amd_occupancy to;
							if (ax == KA_CHART_AXES)
								t.agprs = 0;
							if (se->axis == KA_CHART_BLOCK)
								t.block = (int)xs[e];
							else if (se->axis == KA_CHART_REGS)
								t.vgprs = (int)xs[e];
							else
								t.lds = xs[e];
							ka_occ_amd(a, &t, &to);
							assert_int_equal(to.waves_per_simd, run->warps);
							assert_int_equal(to.workgroups_per_cu, run->blocks);
							assert_ptr_equal(ka_chart_at(se, xs[e]), run);
							checked++;
						}
					}
				}
				ka_chart_free(&c);
			}
		}
	}
	assert_true(checked > 100000);
}

/* The terminal chart of an AMD launch: its own labels, the AGPR line under
 * the VGPRs, and a Hygon arch's note. */
static void amd_terminal(void **state)
{
	(void)state;
	struct ka_amd_launch in = {.vgprs = 97, .agprs = 40, .sgprs = 40, .block = 256};
	struct ka_chart c;
	ka_chart_build_amd(&c, amd("gfx90a"), &in, 0);
	char *text = term(&c, false, false);
	char *key = line_of(text, 0), *regs = line_of(text, 1), *marks = line_of(text, 2), *alt = line_of(text, 3);
	assert_non_null(strstr(key, "a column: 8 VGPRs, 32 threads, 2048 B"));
	assert_int_equal(strncmp(regs, "vgprs 0-256", 11), 0);
	assert_non_null(strstr(regs, "^ 97: 37.5 %  ! 129: 25 %  + <=88: 50 %"));
	/* 97 is in column 12 (97..104), 129 in column 16, 88 in column 10 */
	size_t at = strlen("vgprs 0-256    ");
	assert_int_equal(marks[at + 12], '^');
	assert_int_equal(marks[at + 16], '!');
	assert_int_equal(marks[at + 10], '+');
	assert_int_equal(strncmp(alt, "      0 AGPRs  ", at), 0);
	assert_non_null(strstr(alt, "^ 97: 50 %  ! 129: 37.5 %  + <=96: 62.5 %"));
	assert_non_null(strstr(text, "wg    1-1024"));
	assert_non_null(strstr(text, "lds   0-64K"));
	assert_null(strstr(text, "note:"));
	free(key);
	free(regs);
	free(marks);
	free(alt);
	free(text);
	ka_chart_free(&c);

	ka_chart_build_amd(&c, amd("gfx936"), &in, 0);
	text = term(&c, false, false);
	key = line_of(text, 1);
	assert_int_equal(strncmp(key, "note: Hygon: 768 VGPRs/SIMD known;", 34), 0);
	assert_non_null(strstr(text, "vgprs 0-768"));
	free(key);
	free(text);
	ka_chart_free(&c);

	/* gfx1100 in wave32 and wave64: 97 VGPRs are 6 and 7 waves... of 16 */
	struct ka_amd_launch w = {.vgprs = 97, .block = 256, .wave = 32};
	ka_chart_build_amd(&c, amd("gfx1100"), &w, 0);
	assert_int_equal(c.amd_occ.wave, 32);
	assert_int_equal(c.max_warps, 16);
	assert_int_equal(c.s[KA_CHART_REGS].runs[c.s[KA_CHART_REGS].cur_run].warps, c.amd_occ.waves_per_simd);
	int w32 = c.amd_occ.waves_per_simd;
	ka_chart_free(&c);
	w.wave = 64;
	ka_chart_build_amd(&c, amd("gfx1100"), &w, 0);
	assert_int_equal(c.amd_occ.wave, 64);
	assert_int_not_equal(c.amd_occ.waves_per_simd, w32);
	ka_chart_free(&c);
}

/* The AMD SVG: its figures in <desc>, the assumption of a Hygon arch, and
 * the current-point marker where ka_chart_xy says in the PNG. */
static void amd_svg(void **state)
{
	(void)state;
	struct ka_amd_launch in = {.vgprs = 97, .agprs = 40, .sgprs = 40, .block = 256};
	struct ka_chart c;
	struct ka_buf svg = {0};
	char err[128];

	ka_chart_build_amd(&c, amd("gfx90a"), &in, 0);
	assert_int_equal(ka_chart_render(&c, KA_CHART_SVG, &svg, err, sizeof(err)), 0);
	assert_non_null(strstr(svg.data, "<title>kanalyze occupancy charts: launch on gfx90a</title>"));
	assert_non_null(strstr(svg.data, "vgprs=97 agprs=40 sgprs=40 block=256 lds=0 wave=64 workgroups_per_cu=3 "
					 "waves_per_simd=3 occupancy=0.375 limiter=vgprs; block: next_drop=769 "
					 "next_gain=-1; vgprs: next_drop=129 next_gain=88; lds: next_drop=21846 "
					 "next_gain=-1; vgprs without the 40 AGPRs: next_drop=129 next_gain=96</desc>"));
	ka_buf_free(&svg);
	ka_chart_free(&c);

	ka_chart_build_amd(&c, amd("gfx928"), &in, 0);
	assert_int_equal(ka_chart_render(&c, KA_CHART_SVG, &svg, err, sizeof(err)), 0);
	assert_non_null(strstr(svg.data, "; assumed: Hygon: 512 VGPRs/SIMD known;"));
	ka_buf_free(&svg);

	struct ka_buf png = {0};
	assert_int_equal(ka_chart_render(&c, KA_CHART_PNG, &png, err, sizeof(err)), 0);
	struct png_reader rd = {(const unsigned char *)png.data, png.len};
	cairo_surface_t *img = cairo_image_surface_create_from_png_stream(png_read, &rd);
	assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(img);
	const unsigned char *px = cairo_image_surface_get_data(img);
	int stride = cairo_image_surface_get_stride(img);
	for (int ax = 0; ax < KA_CHART_AXES; ax++) {
		double x, y;
		const struct ka_chart_series *s = &c.s[ax];
		ka_chart_xy(&c, (enum ka_chart_axis)ax, (double)s->cur_x, s->runs[s->cur_run].occ, &x, &y);
		const uint32_t v = *(const uint32_t *)(px + (int)y * stride + 4 * (int)x);
		assert_int_equal(v & 0xffffff, KA_CHART_RGB_CURRENT);
	}
	cairo_surface_destroy(img);
	ka_buf_free(&png);
	ka_chart_free(&c);
}

static void short_names(void **state)
{
	(void)state;
	char buf[256];
	const char *cub = "void cub::DeviceReduceKernel<cub::Policy<float, int>::P600, float*, int>(float const*, int)";

	assert_string_equal(ka_name_short("reduce_r6(float const*, float*)", 60, true, buf, sizeof(buf)),
			    "reduce_r6(float const*, float*)");
	assert_string_equal(ka_name_short("void pressure<128>(float*, float const*)", 60, true, buf, sizeof(buf)),
			    "pressure<128>(float*, float const*)");
	assert_string_equal(ka_name_short(cub, 90, false, buf, sizeof(buf)),
			    "cub::DeviceReduceKernel<cub::Policy<float, int>::P600, float*, int>(float const*, int)");
	assert_string_equal(ka_name_short(cub, 80, false, buf, sizeof(buf)),
			    "cub::DeviceReduceKernel<cub::Policy<...>::P600, float*, int>(float const*, int)");
	assert_string_equal(ka_name_short(cub, 65, false, buf, sizeof(buf)),
			    "cub::DeviceReduceKernel<cub::Policy<...>::P600, float*, int>(...)");
	assert_string_equal(ka_name_short(cub, 40, true, buf, sizeof(buf)), "cub::DeviceReduceKernel<\u2026float*, int>(\u2026)");
	/* template instances stay apart: their last arguments differ */
	assert_string_equal(ka_name_short("void mul_mat_q<(ggml_type)12, 128, false>(char const*, int const*, float*, "
					  "float*, int, int, int, int, int, int, int, int)", 30, false, buf, sizeof(buf)),
			    "mul_mat_q<... 128, false>(...)");
	assert_string_equal(ka_name_short("void mul_mat_q<(ggml_type)12, 128, true>(char const*, int const*, float*, "
					  "float*, int, int, int, int, int, int, int, int)", 30, false, buf, sizeof(buf)),
			    "mul_mat_q<..., 128, true>(...)");
	assert_string_equal(ka_name_short(cub, 16, true, buf, sizeof(buf)), "cub::DeviceRedu\u2026");
	assert_string_equal(ka_name_short(cub, 16, false, buf, sizeof(buf)), "cub::DeviceRe...");
	assert_string_equal(ka_name_short("k()", 60, true, buf, sizeof(buf)), "k()");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(worked_example),
		cmocka_unit_test(agrees_with_model_and_cliffs),
		cmocka_unit_test(launch_bounds),
		cmocka_unit_test(terminal_markers),
		cmocka_unit_test(png_marker),
		cmocka_unit_test(svg_description),
		cmocka_unit_test(short_names),
		cmocka_unit_test(amd_worked_example),
		cmocka_unit_test(amd_agrees_with_model_and_cliffs),
		cmocka_unit_test(amd_terminal),
		cmocka_unit_test(amd_svg),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);
	ka_chart_release();
	return failed;
}
