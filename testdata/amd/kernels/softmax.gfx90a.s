	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_kernel _Z12softmax_rowsILi4EEvPKfPfi
		.amdhsa_next_free_vgpr 19
		.amdhsa_next_free_sgpr 17
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel _Z12softmax_rowsILi16EEvPKfPfi
		.amdhsa_next_free_vgpr 49
		.amdhsa_next_free_sgpr 42
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .agpr_count:     0
    .group_segment_fixed_size: 64
    .max_flat_workgroup_size: 512
    .name:           _Z12softmax_rowsILi4EEvPKfPfi
    .private_segment_fixed_size: 0
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .vgpr_count:     19
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 64
    .max_flat_workgroup_size: 512
    .name:           _Z12softmax_rowsILi16EEvPKfPfi
    .private_segment_fixed_size: 0
    .sgpr_count:     44
    .sgpr_spill_count: 0
    .vgpr_count:     49
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
