	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_kernel _Z8stencil7PKfPfiiiff
		.amdhsa_next_free_vgpr 24
		.amdhsa_next_free_sgpr 27
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdhsa_kernel _Z10block_scanPKiPiS1_
		.amdhsa_next_free_vgpr 9
		.amdhsa_next_free_sgpr 12
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel _Z17private_histogramPKhiPj
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 16
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .agpr_count:     0
    .group_segment_fixed_size: 1360
    .max_flat_workgroup_size: 256
    .name:           _Z8stencil7PKfPfiiiff
    .private_segment_fixed_size: 0
    .sgpr_count:     29
    .sgpr_spill_count: 0
    .vgpr_count:     24
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .name:           _Z10block_scanPKiPiS1_
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .vgpr_count:     9
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           _Z17private_histogramPKhiPj
    .private_segment_fixed_size: 272
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
