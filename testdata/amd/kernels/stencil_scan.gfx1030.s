	.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
	.amdhsa_kernel _Z8stencil7PKfPfiiiff
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 23
		.amdhsa_next_free_sgpr 17
	.end_amdhsa_kernel
	.amdhsa_kernel _Z10block_scanPKiPiS1_
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 9
		.amdhsa_next_free_sgpr 11
	.end_amdhsa_kernel
	.amdhsa_kernel _Z17private_histogramPKhiPj
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 3
		.amdhsa_next_free_sgpr 13
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .args:
    .group_segment_fixed_size: 1360
    .max_flat_workgroup_size: 256
    .name:           _Z8stencil7PKfPfiiiff
    .private_segment_fixed_size: 0
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .vgpr_count:     23
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - .args:
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .name:           _Z10block_scanPKiPiS1_
    .private_segment_fixed_size: 0
    .sgpr_count:     13
    .sgpr_spill_count: 0
    .vgpr_count:     9
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - .args:
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           _Z17private_histogramPKhiPj
    .private_segment_fixed_size: 272
    .sgpr_count:     15
    .sgpr_spill_count: 0
    .vgpr_count:     3
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - 1
  - 1
	.end_amdgpu_metadata
