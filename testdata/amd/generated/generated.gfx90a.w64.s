	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
	.amdhsa_kernel k000
		.amdhsa_next_free_vgpr 164
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 160
	.end_amdhsa_kernel
	.amdhsa_kernel k001
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k002
		.amdhsa_next_free_vgpr 33
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 36
	.end_amdhsa_kernel
	.amdhsa_kernel k003
		.amdhsa_next_free_vgpr 66
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 68
	.end_amdhsa_kernel
	.amdhsa_kernel k004
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k005
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k006
		.amdhsa_next_free_vgpr 11
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k007
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k008
		.amdhsa_next_free_vgpr 26
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 28
	.end_amdhsa_kernel
	.amdhsa_kernel k009
		.amdhsa_next_free_vgpr 57
		.amdhsa_next_free_sgpr 97
		.amdhsa_accum_offset 60
	.end_amdhsa_kernel
	.amdhsa_kernel k010
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k011
		.amdhsa_next_free_vgpr 118
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k012
		.amdhsa_next_free_vgpr 96
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 48
	.end_amdhsa_kernel
	.amdhsa_kernel k013
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k014
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k015
		.amdhsa_next_free_vgpr 169
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 172
	.end_amdhsa_kernel
	.amdhsa_kernel k016
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k017
		.amdhsa_next_free_vgpr 29
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 32
	.end_amdhsa_kernel
	.amdhsa_kernel k018
		.amdhsa_next_free_vgpr 221
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 172
	.end_amdhsa_kernel
	.amdhsa_kernel k019
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k020
		.amdhsa_next_free_vgpr 183
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 32
	.end_amdhsa_kernel
	.amdhsa_kernel k021
		.amdhsa_next_free_vgpr 244
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 112
	.end_amdhsa_kernel
	.amdhsa_kernel k022
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k023
		.amdhsa_next_free_vgpr 28
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 28
	.end_amdhsa_kernel
	.amdhsa_kernel k024
		.amdhsa_next_free_vgpr 46
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 48
	.end_amdhsa_kernel
	.amdhsa_kernel k025
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k026
		.amdhsa_next_free_vgpr 21
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdhsa_kernel k027
		.amdhsa_next_free_vgpr 172
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 144
	.end_amdhsa_kernel
	.amdhsa_kernel k028
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k029
		.amdhsa_next_free_vgpr 14
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 16
	.end_amdhsa_kernel
	.amdhsa_kernel k030
		.amdhsa_next_free_vgpr 89
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 92
	.end_amdhsa_kernel
	.amdhsa_kernel k031
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k032
		.amdhsa_next_free_vgpr 33
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 16
	.end_amdhsa_kernel
	.amdhsa_kernel k033
		.amdhsa_next_free_vgpr 246
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 240
	.end_amdhsa_kernel
	.amdhsa_kernel k034
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k035
		.amdhsa_next_free_vgpr 56
		.amdhsa_next_free_sgpr 73
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k036
		.amdhsa_next_free_vgpr 208
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 176
	.end_amdhsa_kernel
	.amdhsa_kernel k037
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k038
		.amdhsa_next_free_vgpr 28
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 28
	.end_amdhsa_kernel
	.amdhsa_kernel k039
		.amdhsa_next_free_vgpr 71
		.amdhsa_next_free_sgpr 95
		.amdhsa_accum_offset 72
	.end_amdhsa_kernel
	.amdhsa_kernel k040
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k041
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k042
		.amdhsa_next_free_vgpr 134
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 96
	.end_amdhsa_kernel
	.amdhsa_kernel k043
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k044
		.amdhsa_next_free_vgpr 113
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 28
	.end_amdhsa_kernel
	.amdhsa_kernel k045
		.amdhsa_next_free_vgpr 202
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 204
	.end_amdhsa_kernel
	.amdhsa_kernel k046
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k047
		.amdhsa_next_free_vgpr 50
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 44
	.end_amdhsa_kernel
	.amdhsa_kernel k048
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel k049
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k050
		.amdhsa_next_free_vgpr 28
		.amdhsa_next_free_sgpr 90
		.amdhsa_accum_offset 28
	.end_amdhsa_kernel
	.amdhsa_kernel k051
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k052
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k053
		.amdhsa_next_free_vgpr 38
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k054
		.amdhsa_next_free_vgpr 146
		.amdhsa_next_free_sgpr 84
		.amdhsa_accum_offset 148
	.end_amdhsa_kernel
	.amdhsa_kernel k055
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k056
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k057
		.amdhsa_next_free_vgpr 79
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 80
	.end_amdhsa_kernel
	.amdhsa_kernel k058
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k059
		.amdhsa_next_free_vgpr 9
		.amdhsa_next_free_sgpr 85
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k060
		.amdhsa_next_free_vgpr 74
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 76
	.end_amdhsa_kernel
	.amdhsa_kernel k061
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k062
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k063
		.amdhsa_next_free_vgpr 85
		.amdhsa_next_free_sgpr 87
		.amdhsa_accum_offset 88
	.end_amdhsa_kernel
	.amdhsa_kernel k064
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k065
		.amdhsa_next_free_vgpr 22
		.amdhsa_next_free_sgpr 100
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k066
		.amdhsa_next_free_vgpr 56
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k067
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k068
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k069
		.amdhsa_next_free_vgpr 176
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 176
	.end_amdhsa_kernel
	.amdhsa_kernel k070
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k071
		.amdhsa_next_free_vgpr 50
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdhsa_kernel k072
		.amdhsa_next_free_vgpr 106
		.amdhsa_next_free_sgpr 98
		.amdhsa_accum_offset 108
	.end_amdhsa_kernel
	.amdhsa_kernel k073
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k074
		.amdhsa_next_free_vgpr 35
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 32
	.end_amdhsa_kernel
	.amdhsa_kernel k075
		.amdhsa_next_free_vgpr 208
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k076
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k077
		.amdhsa_next_free_vgpr 23
		.amdhsa_next_free_sgpr 93
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdhsa_kernel k078
		.amdhsa_next_free_vgpr 66
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 64
	.end_amdhsa_kernel
	.amdhsa_kernel k079
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k080
		.amdhsa_next_free_vgpr 45
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 32
	.end_amdhsa_kernel
	.amdhsa_kernel k081
		.amdhsa_next_free_vgpr 42
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 44
	.end_amdhsa_kernel
	.amdhsa_kernel k082
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k083
		.amdhsa_next_free_vgpr 54
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k084
		.amdhsa_next_free_vgpr 86
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 88
	.end_amdhsa_kernel
	.amdhsa_kernel k085
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k086
		.amdhsa_next_free_vgpr 76
		.amdhsa_next_free_sgpr 95
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdhsa_kernel k087
		.amdhsa_next_free_vgpr 87
		.amdhsa_next_free_sgpr 1
		.amdhsa_accum_offset 80
	.end_amdhsa_kernel
	.amdhsa_kernel k088
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k089
		.amdhsa_next_free_vgpr 30
		.amdhsa_next_free_sgpr 100
		.amdhsa_accum_offset 32
	.end_amdhsa_kernel
	.amdhsa_kernel k090
		.amdhsa_next_free_vgpr 22
		.amdhsa_next_free_sgpr 93
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdhsa_kernel k091
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k092
		.amdhsa_next_free_vgpr 169
		.amdhsa_next_free_sgpr 88
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k093
		.amdhsa_next_free_vgpr 94
		.amdhsa_next_free_sgpr 82
		.amdhsa_accum_offset 88
	.end_amdhsa_kernel
	.amdhsa_kernel k094
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k095
		.amdhsa_next_free_vgpr 19
		.amdhsa_next_free_sgpr 6
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .agpr_count:     4
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 704
    .name:           k000
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     164
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 6975
    .max_flat_workgroup_size: 256
    .name:           k001
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 15593
    .max_flat_workgroup_size: 640
    .name:           k002
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     33
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 566
    .name:           k003
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     66
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 60405
    .max_flat_workgroup_size: 896
    .name:           k004
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 655
    .max_flat_workgroup_size: 896
    .name:           k005
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 896
    .name:           k006
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     11
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 46
    .max_flat_workgroup_size: 609
    .name:           k007
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 38465
    .max_flat_workgroup_size: 64
    .name:           k008
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     26
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 832
    .name:           k009
    .private_segment_fixed_size: 0
    .sgpr_count:     97
    .sgpr_spill_count: 0
    .vgpr_count:     57
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1001
    .max_flat_workgroup_size: 354
    .name:           k010
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     62
    .group_segment_fixed_size: 54610
    .max_flat_workgroup_size: 315
    .name:           k011
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     118
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     48
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 896
    .name:           k012
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     96
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 20625
    .max_flat_workgroup_size: 128
    .name:           k013
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3239
    .max_flat_workgroup_size: 768
    .name:           k014
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 512
    .name:           k015
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     169
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 581
    .max_flat_workgroup_size: 1024
    .name:           k016
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 46748
    .max_flat_workgroup_size: 192
    .name:           k017
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     29
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     49
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 320
    .name:           k018
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     221
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1980
    .max_flat_workgroup_size: 960
    .name:           k019
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     151
    .group_segment_fixed_size: 2172
    .max_flat_workgroup_size: 512
    .name:           k020
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     183
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     132
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k021
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     244
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 779
    .max_flat_workgroup_size: 128
    .name:           k022
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 50588
    .max_flat_workgroup_size: 512
    .name:           k023
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     28
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 832
    .name:           k024
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     46
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 6423
    .max_flat_workgroup_size: 384
    .name:           k025
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 676
    .max_flat_workgroup_size: 576
    .name:           k026
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     21
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     28
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k027
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     172
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 14010
    .max_flat_workgroup_size: 64
    .name:           k028
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1926
    .max_flat_workgroup_size: 192
    .name:           k029
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     14
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 576
    .name:           k030
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     89
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 31869
    .max_flat_workgroup_size: 932
    .name:           k031
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     17
    .group_segment_fixed_size: 5418
    .max_flat_workgroup_size: 320
    .name:           k032
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     33
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     6
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 832
    .name:           k033
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     246
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 50
    .max_flat_workgroup_size: 339
    .name:           k034
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     44
    .group_segment_fixed_size: 1242
    .max_flat_workgroup_size: 512
    .name:           k035
    .private_segment_fixed_size: 0
    .sgpr_count:     73
    .sgpr_spill_count: 0
    .vgpr_count:     56
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     32
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           k036
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     208
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 214
    .max_flat_workgroup_size: 256
    .name:           k037
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3260
    .max_flat_workgroup_size: 64
    .name:           k038
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     28
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .name:           k039
    .private_segment_fixed_size: 0
    .sgpr_count:     95
    .sgpr_spill_count: 0
    .vgpr_count:     71
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 22002
    .max_flat_workgroup_size: 832
    .name:           k040
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 618
    .max_flat_workgroup_size: 192
    .name:           k041
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     40
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     38
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k042
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     134
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1334
    .max_flat_workgroup_size: 704
    .name:           k043
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     85
    .group_segment_fixed_size: 6416
    .max_flat_workgroup_size: 568
    .name:           k044
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     113
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k045
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     202
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 29998
    .max_flat_workgroup_size: 448
    .name:           k046
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     6
    .group_segment_fixed_size: 10813
    .max_flat_workgroup_size: 384
    .name:           k047
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     50
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k048
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     17
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 24696
    .max_flat_workgroup_size: 966
    .name:           k049
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 12096
    .max_flat_workgroup_size: 640
    .name:           k050
    .private_segment_fixed_size: 0
    .sgpr_count:     90
    .sgpr_spill_count: 0
    .vgpr_count:     28
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k051
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 7731
    .max_flat_workgroup_size: 960
    .name:           k052
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1196
    .max_flat_workgroup_size: 704
    .name:           k053
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     38
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k054
    .private_segment_fixed_size: 0
    .sgpr_count:     84
    .sgpr_spill_count: 0
    .vgpr_count:     146
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 653
    .max_flat_workgroup_size: 448
    .name:           k055
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2045
    .max_flat_workgroup_size: 384
    .name:           k056
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 640
    .name:           k057
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     79
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 44646
    .max_flat_workgroup_size: 737
    .name:           k058
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 46895
    .max_flat_workgroup_size: 64
    .name:           k059
    .private_segment_fixed_size: 0
    .sgpr_count:     85
    .sgpr_spill_count: 0
    .vgpr_count:     9
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k060
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     74
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 26413
    .max_flat_workgroup_size: 320
    .name:           k061
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3905
    .max_flat_workgroup_size: 298
    .name:           k062
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 704
    .name:           k063
    .private_segment_fixed_size: 0
    .sgpr_count:     87
    .sgpr_spill_count: 0
    .vgpr_count:     85
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2323
    .max_flat_workgroup_size: 640
    .name:           k064
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     10
    .group_segment_fixed_size: 580
    .max_flat_workgroup_size: 248
    .name:           k065
    .private_segment_fixed_size: 0
    .sgpr_count:     102
    .sgpr_spill_count: 0
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k066
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     56
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3964
    .max_flat_workgroup_size: 896
    .name:           k067
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 121
    .max_flat_workgroup_size: 448
    .name:           k068
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 384
    .name:           k069
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     176
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 15617
    .max_flat_workgroup_size: 320
    .name:           k070
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 87
    .max_flat_workgroup_size: 640
    .name:           k071
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     50
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 512
    .name:           k072
    .private_segment_fixed_size: 0
    .sgpr_count:     98
    .sgpr_spill_count: 0
    .vgpr_count:     106
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 10309
    .max_flat_workgroup_size: 448
    .name:           k073
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     3
    .group_segment_fixed_size: 20669
    .max_flat_workgroup_size: 64
    .name:           k074
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     35
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     168
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k075
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     208
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 641
    .max_flat_workgroup_size: 832
    .name:           k076
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4217
    .max_flat_workgroup_size: 832
    .name:           k077
    .private_segment_fixed_size: 0
    .sgpr_count:     95
    .sgpr_spill_count: 0
    .vgpr_count:     23
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     2
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 704
    .name:           k078
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     66
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1261
    .max_flat_workgroup_size: 448
    .name:           k079
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     13
    .group_segment_fixed_size: 576
    .max_flat_workgroup_size: 768
    .name:           k080
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     45
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k081
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     42
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 676
    .max_flat_workgroup_size: 256
    .name:           k082
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 23645
    .max_flat_workgroup_size: 960
    .name:           k083
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     54
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 320
    .name:           k084
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     86
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 755
    .max_flat_workgroup_size: 704
    .name:           k085
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     24
    .group_segment_fixed_size: 1578
    .max_flat_workgroup_size: 960
    .name:           k086
    .private_segment_fixed_size: 0
    .sgpr_count:     95
    .sgpr_spill_count: 0
    .vgpr_count:     76
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     7
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .name:           k087
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     87
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 11401
    .max_flat_workgroup_size: 256
    .name:           k088
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4760
    .max_flat_workgroup_size: 43
    .name:           k089
    .private_segment_fixed_size: 0
    .sgpr_count:     102
    .sgpr_spill_count: 0
    .vgpr_count:     30
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k090
    .private_segment_fixed_size: 0
    .sgpr_count:     93
    .sgpr_spill_count: 0
    .vgpr_count:     22
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 63607
    .max_flat_workgroup_size: 512
    .name:           k091
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     165
    .group_segment_fixed_size: 16399
    .max_flat_workgroup_size: 384
    .name:           k092
    .private_segment_fixed_size: 0
    .sgpr_count:     88
    .sgpr_spill_count: 0
    .vgpr_count:     169
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     6
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 768
    .name:           k093
    .private_segment_fixed_size: 0
    .sgpr_count:     82
    .sgpr_spill_count: 0
    .vgpr_count:     94
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 16312
    .max_flat_workgroup_size: 256
    .name:           k094
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 8027
    .max_flat_workgroup_size: 512
    .name:           k095
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     19
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
