	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_kernel _Z11sgemm_tilediiifPKfS0_fPf
		.amdhsa_next_free_vgpr 152
		.amdhsa_next_free_sgpr 40
		.amdhsa_accum_offset 152
	.end_amdhsa_kernel
	.amdhsa_kernel _Z16hgemm_mfma_32x32iPKDF16_S0_Pf
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 26
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .agpr_count:     0
    .group_segment_fixed_size: 17408
    .max_flat_workgroup_size: 256
    .name:           _Z11sgemm_tilediiifPKfS0_fPf
    .private_segment_fixed_size: 0
    .sgpr_count:     42
    .sgpr_spill_count: 0
    .vgpr_count:     152
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     16
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           _Z16hgemm_mfma_32x32iPKDF16_S0_Pf
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .vgpr_count:     40
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
