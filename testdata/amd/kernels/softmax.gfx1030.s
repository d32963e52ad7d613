	.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
	.amdhsa_kernel _Z12softmax_rowsILi4EEvPKfPfi
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 14
	.end_amdhsa_kernel
	.amdhsa_kernel _Z12softmax_rowsILi16EEvPKfPfi
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 46
		.amdhsa_next_free_sgpr 24
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .args:
    .group_segment_fixed_size: 64
    .max_flat_workgroup_size: 512
    .name:           _Z12softmax_rowsILi4EEvPKfPfi
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .vgpr_count:     17
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - .args:
    .group_segment_fixed_size: 64
    .max_flat_workgroup_size: 512
    .name:           _Z12softmax_rowsILi16EEvPKfPfi
    .private_segment_fixed_size: 0
    .sgpr_count:     26
    .sgpr_spill_count: 0
    .vgpr_count:     46
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - 1
  - 1
	.end_amdgpu_metadata
