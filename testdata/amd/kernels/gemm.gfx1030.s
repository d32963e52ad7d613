	.amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
	.amdhsa_kernel _Z11sgemm_tilediiifPKfS0_fPf
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 45
		.amdhsa_next_free_sgpr 21
	.end_amdhsa_kernel
	.amdhsa_kernel _Z16hgemm_mfma_32x32iPKDF16_S0_Pf
		.amdhsa_wavefront_size32 1
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 12
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .args:
    .group_segment_fixed_size: 17408
    .max_flat_workgroup_size: 256
    .name:           _Z11sgemm_tilediiifPKfS0_fPf
    .private_segment_fixed_size: 0
    .sgpr_count:     23
    .sgpr_spill_count: 0
    .vgpr_count:     45
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - .args:
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           _Z16hgemm_mfma_32x32iPKDF16_S0_Pf
    .private_segment_fixed_size: 0
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 32
  - 1
  - 1
	.end_amdgpu_metadata
