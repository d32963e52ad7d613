	.amdgcn_target "amdgcn-amd-amdhsa--gfx906"
	.amdhsa_kernel _Z11sgemm_tilediiifPKfS0_fPf
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 26
	.end_amdhsa_kernel
	.amdhsa_kernel _Z16hgemm_mfma_32x32iPKDF16_S0_Pf
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 14
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .args:
    .group_segment_fixed_size: 17408
    .max_flat_workgroup_size: 256
    .name:           _Z11sgemm_tilediiifPKfS0_fPf
    .private_segment_fixed_size: 0
    .sgpr_count:     28
    .sgpr_spill_count: 0
    .vgpr_count:     40
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .args:
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           _Z16hgemm_mfma_32x32iPKDF16_S0_Pf
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
