/* test_occupancy.c — unit tests of the NVIDIA model: the worked example of
 * DESIGN §4, each limiter, cliffs both ways, best block sizes, arch lookup.
 * Expected figures are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <limits.h>

#include "occupancy.h"

static const struct ka_nv_arch *arch(const char *name)
{
	const struct ka_nv_arch *a = ka_nv_arch_find(name);
	assert_non_null(a);
	return a;
}

static struct ka_occupancy occ(const char *name, int regs, int block, long smem, int barriers)
{
	struct ka_nv_launch in = {regs, block, smem, barriers, -1, 0};
	struct ka_occupancy o;
	assert_int_equal(ka_occ_nvidia(arch(name), &in, &o), 0);
	return o;
}

/* sm_90, 256 threads: 128 regs -> 4096/warp, 4 warps per sub-partition, 16
 * per SM, 2 blocks (25 %); 129 regs -> 4352/warp, 3 per sub-partition, 12,
 * 1 block (12.5 %). */
static void worked_example(void **state)
{
	(void)state;
	struct ka_occupancy o = occ("sm_90", 128, 256, 0, 0);
	assert_int_equal(o.blocks_per_sm, 2);
	assert_int_equal(o.warps_per_sm, 16);
	assert_true(o.occupancy == 0.25);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_REGISTERS);
	o = occ("sm_90", 129, 256, 0, 0);
	assert_int_equal(o.blocks_per_sm, 1);
	assert_true(o.occupancy == 0.125);
	assert_int_equal(o.regs_per_block, 4352 * 8);
}

static void limiters(void **state)
{
	(void)state;
	/* 32 regs, 256 threads: 8 blocks by warps (64/8) and by registers
	 * (16 warps/sub-partition * 4 / 8): both named. */
	struct ka_occupancy o = occ("sm_90", 32, 256, 0, 0);
	assert_int_equal(o.blocks_per_sm, 8);
	assert_int_equal(o.limiters, (1u << KA_LIMIT_WARPS) | (1u << KA_LIMIT_REGISTERS));
	/* 32 threads, 16 regs: 64 warps would allow 64 blocks; 32 slots bind */
	o = occ("sm_90", 16, 32, 0, 0);
	assert_int_equal(o.blocks_per_sm, 32);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_BLOCKS);
	/* 40 KiB static: (40960 + 1024) = 41984 per block; 233472 / 41984 = 5 */
	o = occ("sm_90", 16, 32, 40960, 0);
	assert_int_equal(o.blocks_per_sm, 5);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_SHARED_MEMORY);
	assert_int_equal(o.smem_per_block, 41984);
	/* 16 named barriers on sm_90: 2 per block slot * 32 slots / 16 = 4
	 * (measured on the H200: k_bar<16> at 32 threads -> 4 blocks) */
	o = occ("sm_90", 10, 32, 1024, 16);
	assert_int_equal(o.blocks_per_sm, 4);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_BARRIERS);
	/* before sm_90 barriers are not modelled */
	o = occ("sm_80", 10, 32, 1024, 16);
	assert_int_equal(o.blocks_per_sm, 32);
}

static void refused_launches(void **state)
{
	(void)state;
	struct ka_nv_launch in = {32, 0, 0, 0, -1, 0};
	struct ka_occupancy o;
	assert_int_equal(ka_occ_nvidia(arch("sm_90"), &in, &o), -22);
	/* 136 regs x 512 threads: 16 warps x 4352 = 69632 > 65536 per block */
	o = occ("sm_90", 136, 512, 0, 0);
	assert_int_equal(o.blocks_per_sm, 0);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_REGISTERS);
	/* over the opt-in limit (232448 B on sm_90) */
	o = occ("sm_90", 32, 256, 232449, 0);
	assert_int_equal(o.blocks_per_sm, 0);
	assert_int_equal(o.limiters, 1u << KA_LIMIT_SHARED_MEMORY);
	/* Turing: 1024 threads per SM, so 1024-thread blocks fit once */
	o = occ("sm_75", 32, 1024, 0, 0);
	assert_int_equal(o.blocks_per_sm, 1);
}

static void cliffs(void **state)
{
	(void)state;
	struct ka_cliffs c;
	struct ka_nv_launch in = {128, 256, 0, 1, -1, 0};
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.regs_to_next_drop, 1);      /* 129 -> 1 block */
	assert_int_equal(c.blocks_after_drop, 1);
	/* 3 blocks need 24 warps: 6 per sub-partition, <= 2730 regs per warp,
	 * so <= 2560 allocated: 80 regs, 48 fewer */
	assert_int_equal(c.regs_to_next_gain, 48);
	assert_int_equal(c.blocks_after_gain, 3);
	in.regs = 126;
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.regs_to_next_drop, 3);
	/* 22 regs: 768/warp -> 21 per sub-partition; warps bind at 8 blocks
	 * until 33 regs (1280/warp -> 12 per sub-partition -> 48 warps -> 6) */
	in.regs = 22;
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.regs_to_next_drop, 11);
	assert_int_equal(c.blocks_after_drop, 6);
	assert_int_equal(c.regs_to_next_gain, -1);
	/* shared memory: 0 B -> 1024 B allocated, 8 blocks by warps; a block
	 * of 233472 / 8 = 29184 B still gives 8: 28160 B of user memory is
	 * free, the 28161st byte drops to 7. */
	assert_int_equal(c.smem_to_next_drop, 28161);
	assert_int_equal(c.blocks_after_smem_drop, 7);
	assert_int_equal(c.smem_to_next_gain, -1);
	/* from 40000 B (41088 alloc -> 5 blocks) the gain to 6 needs
	 * alloc <= 38912, i.e. user <= 37888: 2112 B less */
	in.smem = 40000;
	in.regs = 16;
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.smem_to_next_gain, 2112);
	assert_int_equal(c.blocks_after_smem_gain, 6);
}

/* Sizes past the hardware: answered at once, bounded by the arch's limits
 * (the gain walk once stepped down from 2^63 in 128-byte steps), no
 * signed overflow (UBSan builds run this). */
static void hostile_sizes(void **state)
{
	(void)state;
	struct ka_cliffs c;
	struct ka_occupancy o;
	struct ka_nv_launch in = {32, 256, LONG_MAX, 0, -1, 0};
	assert_int_equal(ka_occ_nvidia(arch("sm_90"), &in, &o), 0);
	assert_int_equal(o.blocks_per_sm, 0);
	assert_true(o.limiters & (1u << KA_LIMIT_SHARED_MEMORY));
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.smem_to_next_drop, -1);
	assert_int_equal(c.blocks_after_smem_gain, 1);      /* at the 227 KiB limit */
	assert_int_equal(c.smem_to_next_gain, LONG_MAX - 232448);
	in = (struct ka_nv_launch){INT_MAX, INT_MAX, 0, 0, -1, LONG_MAX};
	assert_int_equal(ka_occ_nvidia(arch("sm_90"), &in, &o), 0);
	assert_int_equal(o.blocks_per_sm, 0);
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.regs_to_next_drop, -1);
	in = (struct ka_nv_launch){INT_MAX, 256, LONG_MIN, 0, -1, LONG_MIN};
	assert_int_equal(ka_occ_nvidia(arch("sm_90"), &in, &o), 0);
	assert_int_equal(o.blocks_per_sm, 0);
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	in = (struct ka_nv_launch){INT_MAX, 256, 0, 0, -1, 0};
	ka_cliffs_nvidia(arch("sm_90"), &in, &c);
	assert_int_equal(c.regs_to_next_drop, -1);
	assert_int_equal(c.regs_to_next_gain, INT_MAX - 255);   /* down from 255 regs, not from 2^31 */
	assert_int_equal(c.blocks_after_gain, 1);
}

static void best_blocks(void **state)
{
	(void)state;
	int b[32];
	/* 128 regs: 4 warps per sub-partition, 16 per SM at best, reached by
	 * every block of 1, 2, 4, 8 or 16 warps: 32, 64, 128, 256, 512 */
	struct ka_nv_launch in = {128, 0, 0, 0, -1, 0};
	int n = ka_best_blocks_nvidia(arch("sm_90"), &in, 0, b, 32);
	assert_int_equal(n, 5);
	assert_int_equal(b[0], 32);
	assert_int_equal(b[4], 512);
	/* __launch_bounds__(128) caps the candidates */
	n = ka_best_blocks_nvidia(arch("sm_90"), &in, 128, b, 32);
	assert_int_equal(n, 3);
	assert_int_equal(b[2], 128);
	/* __launch_bounds__(16): no whole warp fits; the bound is the one size
	 * tried, as cuOccupancyMaxPotentialBlockSize answers (16 blocks of 16) */
	n = ka_best_blocks_nvidia(arch("sm_90"), &in, 16, b, 32);
	assert_int_equal(n, 1);
	assert_int_equal(b[0], 16);
	/* __launch_bounds__(48), 126 registers: 16 warps per SM; 32 threads: 16
	 * blocks, 512 threads; 48 (2 warps): 8 blocks, 384 threads: 32 wins */
	in.regs = 126;
	n = ka_best_blocks_nvidia(arch("sm_90"), &in, 48, b, 32);
	assert_int_equal(n, 1);
	assert_int_equal(b[0], 32);
	/* 8 registers: the block limit binds, 32 blocks either way; 48 holds
	 * 1536 threads to 32's 1024: 48 wins, though not a whole warp */
	in.regs = 8;
	n = ka_best_blocks_nvidia(arch("sm_90"), &in, 48, b, 32);
	assert_int_equal(n, 1);
	assert_int_equal(b[0], 48);
	in.regs = 128;
	/* __launch_bounds__(1), 32 registers: 1 thread, 32 blocks per SM (the
	 * block limit; the driver's min grid on 132 SMs is 32 x 132 = 4224) */
	in.regs = 32;
	n = ka_best_blocks_nvidia(arch("sm_90"), &in, 1, b, 32);
	assert_int_equal(n, 1);
	assert_int_equal(b[0], 1);
	in.block = 1;
	assert_int_equal(ka_occ_nvidia_blocks(arch("sm_90"), &in), 32);
}

static void arch_lookup(void **state)
{
	(void)state;
	assert_string_equal(arch("sm_90a")->name, "sm_90");
	assert_string_equal(arch("sm_100f")->name, "sm_100");
	assert_string_equal(arch("compute_90")->name, "sm_90");
	assert_null(ka_nv_arch_find("sm_91"));
	assert_null(ka_nv_arch_find("gfx90a"));
	assert_null(ka_nv_arch_find("sm_90ab"));
	assert_null(ka_nv_arch_find(""));
	assert_false(arch("sm_70")->analysable);
	assert_true(arch("sm_121")->analysable);
	assert_string_equal(ka_limiter_name(KA_LIMIT_SHARED_MEMORY), "shared_memory");
	assert_string_equal(ka_limiter_name(KA_LIMIT_COUNT), "unknown");
}

/* The help's ranges come from the rows: the first and last analysable
 * NVIDIA arch, the calculator-only ones, each maker's AMD rows; a short
 * buffer is cut and terminated, and the length needed still returned. */
static void arch_ranges(void **state)
{
	char text[256], small[8];
	size_t n;

	(void)state;
	n = ka_arch_ranges(text, sizeof(text));
	assert_int_equal(n, strlen(text));
	assert_string_equal(text, "sm_75 ... sm_121; the calculator also knows sm_50 ... sm_72; "
				  "AMD gfx900 ... gfx1200, Hygon gfx928/gfx936");
	assert_int_equal(ka_arch_ranges(small, sizeof(small)), n);
	assert_string_equal(small, "sm_75 .");
	assert_int_equal(ka_arch_ranges(NULL, 0), n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(worked_example), cmocka_unit_test(limiters),
		cmocka_unit_test(refused_launches), cmocka_unit_test(cliffs),
		cmocka_unit_test(best_blocks), cmocka_unit_test(arch_lookup), cmocka_unit_test(hostile_sizes),
		cmocka_unit_test(arch_ranges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
