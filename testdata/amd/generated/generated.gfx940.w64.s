	.amdgcn_target "amdgcn-amd-amdhsa--gfx940"
	.amdhsa_kernel k000
		.amdhsa_next_free_vgpr 160
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 76
	.end_amdhsa_kernel
	.amdhsa_kernel k001
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k002
		.amdhsa_next_free_vgpr 120
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 64
	.end_amdhsa_kernel
	.amdhsa_kernel k003
		.amdhsa_next_free_vgpr 181
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 184
	.end_amdhsa_kernel
	.amdhsa_kernel k004
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k005
		.amdhsa_next_free_vgpr 52
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 48
	.end_amdhsa_kernel
	.amdhsa_kernel k006
		.amdhsa_next_free_vgpr 213
		.amdhsa_next_free_sgpr 85
		.amdhsa_accum_offset 204
	.end_amdhsa_kernel
	.amdhsa_kernel k007
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k008
		.amdhsa_next_free_vgpr 164
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 64
	.end_amdhsa_kernel
	.amdhsa_kernel k009
		.amdhsa_next_free_vgpr 121
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k010
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k011
		.amdhsa_next_free_vgpr 36
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 36
	.end_amdhsa_kernel
	.amdhsa_kernel k012
		.amdhsa_next_free_vgpr 24
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdhsa_kernel k013
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k014
		.amdhsa_next_free_vgpr 141
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 60
	.end_amdhsa_kernel
	.amdhsa_kernel k015
		.amdhsa_next_free_vgpr 205
		.amdhsa_next_free_sgpr 97
		.amdhsa_accum_offset 84
	.end_amdhsa_kernel
	.amdhsa_kernel k016
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k017
		.amdhsa_next_free_vgpr 38
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k018
		.amdhsa_next_free_vgpr 74
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 76
	.end_amdhsa_kernel
	.amdhsa_kernel k019
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k020
		.amdhsa_next_free_vgpr 163
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 44
	.end_amdhsa_kernel
	.amdhsa_kernel k021
		.amdhsa_next_free_vgpr 126
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 120
	.end_amdhsa_kernel
	.amdhsa_kernel k022
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k023
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k024
		.amdhsa_next_free_vgpr 225
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k025
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k026
		.amdhsa_next_free_vgpr 7
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k027
		.amdhsa_next_free_vgpr 66
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 68
	.end_amdhsa_kernel
	.amdhsa_kernel k028
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k029
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel k030
		.amdhsa_next_free_vgpr 222
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 224
	.end_amdhsa_kernel
	.amdhsa_kernel k031
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k032
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k033
		.amdhsa_next_free_vgpr 91
		.amdhsa_next_free_sgpr 70
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k034
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k035
		.amdhsa_next_free_vgpr 41
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel k036
		.amdhsa_next_free_vgpr 17
		.amdhsa_next_free_sgpr 83
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel k037
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k038
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k039
		.amdhsa_next_free_vgpr 62
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdhsa_kernel k040
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k041
		.amdhsa_next_free_vgpr 52
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdhsa_kernel k042
		.amdhsa_next_free_vgpr 153
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 156
	.end_amdhsa_kernel
	.amdhsa_kernel k043
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k044
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k045
		.amdhsa_next_free_vgpr 101
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 100
	.end_amdhsa_kernel
	.amdhsa_kernel k046
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k047
		.amdhsa_next_free_vgpr 44
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 44
	.end_amdhsa_kernel
	.amdhsa_kernel k048
		.amdhsa_next_free_vgpr 135
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 24
	.end_amdhsa_kernel
	.amdhsa_kernel k049
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k050
		.amdhsa_next_free_vgpr 64
		.amdhsa_next_free_sgpr 82
		.amdhsa_accum_offset 64
	.end_amdhsa_kernel
	.amdhsa_kernel k051
		.amdhsa_next_free_vgpr 37
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k052
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k053
		.amdhsa_next_free_vgpr 26
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 28
	.end_amdhsa_kernel
	.amdhsa_kernel k054
		.amdhsa_next_free_vgpr 13
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 16
	.end_amdhsa_kernel
	.amdhsa_kernel k055
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k056
		.amdhsa_next_free_vgpr 32
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 32
	.end_amdhsa_kernel
	.amdhsa_kernel k057
		.amdhsa_next_free_vgpr 76
		.amdhsa_next_free_sgpr 88
		.amdhsa_accum_offset 76
	.end_amdhsa_kernel
	.amdhsa_kernel k058
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k059
		.amdhsa_next_free_vgpr 54
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k060
		.amdhsa_next_free_vgpr 124
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 124
	.end_amdhsa_kernel
	.amdhsa_kernel k061
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k062
		.amdhsa_next_free_vgpr 35
		.amdhsa_next_free_sgpr 84
		.amdhsa_accum_offset 36
	.end_amdhsa_kernel
	.amdhsa_kernel k063
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel k064
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k065
		.amdhsa_next_free_vgpr 43
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 44
	.end_amdhsa_kernel
	.amdhsa_kernel k066
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k067
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k068
		.amdhsa_next_free_vgpr 60
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdhsa_kernel k069
		.amdhsa_next_free_vgpr 49
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdhsa_kernel k070
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k071
		.amdhsa_next_free_vgpr 39
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 36
	.end_amdhsa_kernel
	.amdhsa_kernel k072
		.amdhsa_next_free_vgpr 164
		.amdhsa_next_free_sgpr 90
		.amdhsa_accum_offset 112
	.end_amdhsa_kernel
	.amdhsa_kernel k073
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k074
		.amdhsa_next_free_vgpr 80
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 36
	.end_amdhsa_kernel
	.amdhsa_kernel k075
		.amdhsa_next_free_vgpr 46
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 48
	.end_amdhsa_kernel
	.amdhsa_kernel k076
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k077
		.amdhsa_next_free_vgpr 41
		.amdhsa_next_free_sgpr 94
		.amdhsa_accum_offset 44
	.end_amdhsa_kernel
	.amdhsa_kernel k078
		.amdhsa_next_free_vgpr 209
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 212
	.end_amdhsa_kernel
	.amdhsa_kernel k079
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k080
		.amdhsa_next_free_vgpr 56
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 56
	.end_amdhsa_kernel
	.amdhsa_kernel k081
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.amdhsa_kernel k082
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k083
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 70
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k084
		.amdhsa_next_free_vgpr 83
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 20
	.end_amdhsa_kernel
	.amdhsa_kernel k085
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k086
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 88
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel
	.amdhsa_kernel k087
		.amdhsa_next_free_vgpr 153
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 156
	.end_amdhsa_kernel
	.amdhsa_kernel k088
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.amdhsa_kernel k089
		.amdhsa_next_free_vgpr 57
		.amdhsa_next_free_sgpr 3
		.amdhsa_accum_offset 60
	.end_amdhsa_kernel
	.amdhsa_kernel k090
		.amdhsa_next_free_vgpr 126
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 128
	.end_amdhsa_kernel
	.amdhsa_kernel k091
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k092
		.amdhsa_next_free_vgpr 45
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 48
	.end_amdhsa_kernel
	.amdhsa_kernel k093
		.amdhsa_next_free_vgpr 181
		.amdhsa_next_free_sgpr 0
		.amdhsa_accum_offset 184
	.end_amdhsa_kernel
	.amdhsa_kernel k094
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.amdhsa_kernel k095
		.amdhsa_next_free_vgpr 49
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 52
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .agpr_count:     84
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k000
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     160
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 48405
    .max_flat_workgroup_size: 1024
    .name:           k001
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     56
    .group_segment_fixed_size: 20881
    .max_flat_workgroup_size: 384
    .name:           k002
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     120
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 899
    .name:           k003
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     181
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 863
    .max_flat_workgroup_size: 606
    .name:           k004
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     4
    .group_segment_fixed_size: 14884
    .max_flat_workgroup_size: 64
    .name:           k005
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     52
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     9
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k006
    .private_segment_fixed_size: 0
    .sgpr_count:     91
    .sgpr_spill_count: 0
    .vgpr_count:     213
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 14403
    .max_flat_workgroup_size: 704
    .name:           k007
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     100
    .group_segment_fixed_size: 1601
    .max_flat_workgroup_size: 118
    .name:           k008
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     164
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     65
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 610
    .name:           k009
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     121
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 238
    .max_flat_workgroup_size: 576
    .name:           k010
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 32845
    .max_flat_workgroup_size: 512
    .name:           k011
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     36
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k012
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     24
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 517
    .max_flat_workgroup_size: 64
    .name:           k013
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     81
    .group_segment_fixed_size: 28955
    .max_flat_workgroup_size: 832
    .name:           k014
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     141
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     121
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 320
    .name:           k015
    .private_segment_fixed_size: 0
    .sgpr_count:     103
    .sgpr_spill_count: 0
    .vgpr_count:     205
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1470
    .max_flat_workgroup_size: 192
    .name:           k016
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 12641
    .max_flat_workgroup_size: 138
    .name:           k017
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     38
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 320
    .name:           k018
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     74
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 922
    .max_flat_workgroup_size: 896
    .name:           k019
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     119
    .group_segment_fixed_size: 27405
    .max_flat_workgroup_size: 640
    .name:           k020
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     163
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     6
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 954
    .name:           k021
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     126
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4987
    .max_flat_workgroup_size: 704
    .name:           k022
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 17306
    .max_flat_workgroup_size: 354
    .name:           k023
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     40
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     213
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k024
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     225
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1901
    .max_flat_workgroup_size: 64
    .name:           k025
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 63493
    .max_flat_workgroup_size: 512
    .name:           k026
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     7
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 600
    .name:           k027
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     66
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 20545
    .max_flat_workgroup_size: 448
    .name:           k028
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1003
    .max_flat_workgroup_size: 768
    .name:           k029
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k030
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     222
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1191
    .max_flat_workgroup_size: 896
    .name:           k031
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 39120
    .max_flat_workgroup_size: 960
    .name:           k032
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     35
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 832
    .name:           k033
    .private_segment_fixed_size: 0
    .sgpr_count:     76
    .sgpr_spill_count: 0
    .vgpr_count:     91
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1040
    .max_flat_workgroup_size: 768
    .name:           k034
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     21
    .group_segment_fixed_size: 69
    .max_flat_workgroup_size: 832
    .name:           k035
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     41
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k036
    .private_segment_fixed_size: 0
    .sgpr_count:     89
    .sgpr_spill_count: 0
    .vgpr_count:     17
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 16699
    .max_flat_workgroup_size: 448
    .name:           k037
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1897
    .max_flat_workgroup_size: 384
    .name:           k038
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     10
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .name:           k039
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     62
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 14977
    .max_flat_workgroup_size: 832
    .name:           k040
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2921
    .max_flat_workgroup_size: 128
    .name:           k041
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     52
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 512
    .name:           k042
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     153
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 115
    .max_flat_workgroup_size: 832
    .name:           k043
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 62556
    .max_flat_workgroup_size: 768
    .name:           k044
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     1
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 957
    .name:           k045
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     101
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 5750
    .max_flat_workgroup_size: 320
    .name:           k046
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 49522
    .max_flat_workgroup_size: 896
    .name:           k047
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     44
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     111
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           k048
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     135
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 6754
    .max_flat_workgroup_size: 934
    .name:           k049
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1707
    .max_flat_workgroup_size: 448
    .name:           k050
    .private_segment_fixed_size: 0
    .sgpr_count:     88
    .sgpr_spill_count: 0
    .vgpr_count:     64
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 640
    .name:           k051
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     37
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2631
    .max_flat_workgroup_size: 640
    .name:           k052
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 5111
    .max_flat_workgroup_size: 512
    .name:           k053
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     26
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 640
    .name:           k054
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     13
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 46587
    .max_flat_workgroup_size: 960
    .name:           k055
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 43405
    .max_flat_workgroup_size: 384
    .name:           k056
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     32
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k057
    .private_segment_fixed_size: 0
    .sgpr_count:     94
    .sgpr_spill_count: 0
    .vgpr_count:     76
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1751
    .max_flat_workgroup_size: 64
    .name:           k058
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 18
    .max_flat_workgroup_size: 256
    .name:           k059
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     54
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k060
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     124
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 65045
    .max_flat_workgroup_size: 704
    .name:           k061
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 522
    .max_flat_workgroup_size: 832
    .name:           k062
    .private_segment_fixed_size: 0
    .sgpr_count:     90
    .sgpr_spill_count: 0
    .vgpr_count:     35
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 896
    .name:           k063
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2021
    .max_flat_workgroup_size: 896
    .name:           k064
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 6466
    .max_flat_workgroup_size: 768
    .name:           k065
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     43
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 640
    .name:           k066
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1447
    .max_flat_workgroup_size: 384
    .name:           k067
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     8
    .group_segment_fixed_size: 62643
    .max_flat_workgroup_size: 192
    .name:           k068
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     60
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 896
    .name:           k069
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     49
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 8416
    .max_flat_workgroup_size: 832
    .name:           k070
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     3
    .group_segment_fixed_size: 11921
    .max_flat_workgroup_size: 64
    .name:           k071
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     39
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     52
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 576
    .name:           k072
    .private_segment_fixed_size: 0
    .sgpr_count:     96
    .sgpr_spill_count: 0
    .vgpr_count:     164
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 652
    .max_flat_workgroup_size: 320
    .name:           k073
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     44
    .group_segment_fixed_size: 7096
    .max_flat_workgroup_size: 704
    .name:           k074
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     80
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 704
    .name:           k075
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     46
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 595
    .max_flat_workgroup_size: 256
    .name:           k076
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4541
    .max_flat_workgroup_size: 1024
    .name:           k077
    .private_segment_fixed_size: 0
    .sgpr_count:     100
    .sgpr_spill_count: 0
    .vgpr_count:     41
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           k078
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     209
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 42380
    .max_flat_workgroup_size: 960
    .name:           k079
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 827
    .max_flat_workgroup_size: 832
    .name:           k080
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     56
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 896
    .name:           k081
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 23591
    .max_flat_workgroup_size: 192
    .name:           k082
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 5062
    .max_flat_workgroup_size: 448
    .name:           k083
    .private_segment_fixed_size: 0
    .sgpr_count:     76
    .sgpr_spill_count: 0
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     63
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 419
    .name:           k084
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     83
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2404
    .max_flat_workgroup_size: 832
    .name:           k085
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 53909
    .max_flat_workgroup_size: 704
    .name:           k086
    .private_segment_fixed_size: 0
    .sgpr_count:     94
    .sgpr_spill_count: 0
    .vgpr_count:     40
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 768
    .name:           k087
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     153
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2003
    .max_flat_workgroup_size: 64
    .name:           k088
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 743
    .max_flat_workgroup_size: 896
    .name:           k089
    .private_segment_fixed_size: 0
    .sgpr_count:     9
    .sgpr_spill_count: 0
    .vgpr_count:     57
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 640
    .name:           k090
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     126
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1581
    .max_flat_workgroup_size: 576
    .name:           k091
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 14617
    .max_flat_workgroup_size: 256
    .name:           k092
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     45
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .name:           k093
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     181
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1426
    .max_flat_workgroup_size: 448
    .name:           k094
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 36984
    .max_flat_workgroup_size: 960
    .name:           k095
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     49
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
