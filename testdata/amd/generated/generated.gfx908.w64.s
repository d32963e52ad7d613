	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_kernel k000
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k001
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k002
		.amdhsa_next_free_vgpr 60
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k003
		.amdhsa_next_free_vgpr 94
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k004
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k005
		.amdhsa_next_free_vgpr 10
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k006
		.amdhsa_next_free_vgpr 100
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k007
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k008
		.amdhsa_next_free_vgpr 94
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k009
		.amdhsa_next_free_vgpr 142
		.amdhsa_next_free_sgpr 78
	.end_amdhsa_kernel
	.amdhsa_kernel k010
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k011
		.amdhsa_next_free_vgpr 153
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k012
		.amdhsa_next_free_vgpr 48
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k013
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k014
		.amdhsa_next_free_vgpr 10
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k015
		.amdhsa_next_free_vgpr 46
		.amdhsa_next_free_sgpr 100
	.end_amdhsa_kernel
	.amdhsa_kernel k016
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k017
		.amdhsa_next_free_vgpr 10
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k018
		.amdhsa_next_free_vgpr 241
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k019
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k020
		.amdhsa_next_free_vgpr 64
		.amdhsa_next_free_sgpr 90
	.end_amdhsa_kernel
	.amdhsa_kernel k021
		.amdhsa_next_free_vgpr 40
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k022
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k023
		.amdhsa_next_free_vgpr 123
		.amdhsa_next_free_sgpr 81
	.end_amdhsa_kernel
	.amdhsa_kernel k024
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k025
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k026
		.amdhsa_next_free_vgpr 44
		.amdhsa_next_free_sgpr 72
	.end_amdhsa_kernel
	.amdhsa_kernel k027
		.amdhsa_next_free_vgpr 253
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k028
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k029
		.amdhsa_next_free_vgpr 20
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k030
		.amdhsa_next_free_vgpr 47
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k031
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k032
		.amdhsa_next_free_vgpr 37
		.amdhsa_next_free_sgpr 96
	.end_amdhsa_kernel
	.amdhsa_kernel k033
		.amdhsa_next_free_vgpr 18
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k034
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k035
		.amdhsa_next_free_vgpr 15
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k036
		.amdhsa_next_free_vgpr 89
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k037
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k038
		.amdhsa_next_free_vgpr 240
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k039
		.amdhsa_next_free_vgpr 61
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k040
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k041
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k042
		.amdhsa_next_free_vgpr 92
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k043
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k044
		.amdhsa_next_free_vgpr 35
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k045
		.amdhsa_next_free_vgpr 37
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k046
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k047
		.amdhsa_next_free_vgpr 10
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k048
		.amdhsa_next_free_vgpr 238
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k049
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k050
		.amdhsa_next_free_vgpr 16
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k051
		.amdhsa_next_free_vgpr 67
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k052
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k053
		.amdhsa_next_free_vgpr 62
		.amdhsa_next_free_sgpr 100
	.end_amdhsa_kernel
	.amdhsa_kernel k054
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 98
	.end_amdhsa_kernel
	.amdhsa_kernel k055
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k056
		.amdhsa_next_free_vgpr 87
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k057
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k058
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k059
		.amdhsa_next_free_vgpr 63
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k060
		.amdhsa_next_free_vgpr 47
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k061
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k062
		.amdhsa_next_free_vgpr 35
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k063
		.amdhsa_next_free_vgpr 28
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k064
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k065
		.amdhsa_next_free_vgpr 57
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k066
		.amdhsa_next_free_vgpr 46
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k067
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k068
		.amdhsa_next_free_vgpr 30
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k069
		.amdhsa_next_free_vgpr 26
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k070
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k071
		.amdhsa_next_free_vgpr 61
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k072
		.amdhsa_next_free_vgpr 190
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k073
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k074
		.amdhsa_next_free_vgpr 42
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k075
		.amdhsa_next_free_vgpr 212
		.amdhsa_next_free_sgpr 87
	.end_amdhsa_kernel
	.amdhsa_kernel k076
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k077
		.amdhsa_next_free_vgpr 42
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k078
		.amdhsa_next_free_vgpr 69
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k079
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k080
		.amdhsa_next_free_vgpr 116
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k081
		.amdhsa_next_free_vgpr 85
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k082
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k083
		.amdhsa_next_free_vgpr 5
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k084
		.amdhsa_next_free_vgpr 148
		.amdhsa_next_free_sgpr 72
	.end_amdhsa_kernel
	.amdhsa_kernel k085
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k086
		.amdhsa_next_free_vgpr 43
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k087
		.amdhsa_next_free_vgpr 115
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k088
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k089
		.amdhsa_next_free_vgpr 9
		.amdhsa_next_free_sgpr 88
	.end_amdhsa_kernel
	.amdhsa_kernel k090
		.amdhsa_next_free_vgpr 53
		.amdhsa_next_free_sgpr 1
	.end_amdhsa_kernel
	.amdhsa_kernel k091
		.amdhsa_next_free_vgpr 6
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k092
		.amdhsa_next_free_vgpr 44
		.amdhsa_next_free_sgpr 77
	.end_amdhsa_kernel
	.amdhsa_kernel k093
		.amdhsa_next_free_vgpr 119
		.amdhsa_next_free_sgpr 93
	.end_amdhsa_kernel
	.amdhsa_kernel k094
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdhsa_kernel k095
		.amdhsa_next_free_vgpr 172
		.amdhsa_next_free_sgpr 6
	.end_amdhsa_kernel
	.amdgpu_metadata
amdhsa.kernels:
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 960
    .name:           k000
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4750
    .max_flat_workgroup_size: 896
    .name:           k001
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3308
    .max_flat_workgroup_size: 64
    .name:           k002
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     60
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 278
    .name:           k003
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     94
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 78
    .max_flat_workgroup_size: 827
    .name:           k004
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 932
    .max_flat_workgroup_size: 85
    .name:           k005
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     10
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     100
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 473
    .name:           k006
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     100
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3153
    .max_flat_workgroup_size: 256
    .name:           k007
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     94
    .group_segment_fixed_size: 1446
    .max_flat_workgroup_size: 768
    .name:           k008
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     94
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     136
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 384
    .name:           k009
    .private_segment_fixed_size: 0
    .sgpr_count:     78
    .sgpr_spill_count: 0
    .vgpr_count:     142
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 810
    .max_flat_workgroup_size: 384
    .name:           k010
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     153
    .group_segment_fixed_size: 31563
    .max_flat_workgroup_size: 256
    .name:           k011
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     153
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     48
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k012
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     48
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 10772
    .max_flat_workgroup_size: 256
    .name:           k013
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 12807
    .max_flat_workgroup_size: 768
    .name:           k014
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     10
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 512
    .name:           k015
    .private_segment_fixed_size: 0
    .sgpr_count:     100
    .sgpr_spill_count: 0
    .vgpr_count:     46
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3954
    .max_flat_workgroup_size: 704
    .name:           k016
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1798
    .max_flat_workgroup_size: 960
    .name:           k017
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     10
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     241
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 177
    .name:           k018
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     241
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 5040
    .max_flat_workgroup_size: 1024
    .name:           k019
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 5439
    .max_flat_workgroup_size: 448
    .name:           k020
    .private_segment_fixed_size: 0
    .sgpr_count:     92
    .sgpr_spill_count: 0
    .vgpr_count:     64
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 100
    .name:           k021
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     40
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1348
    .max_flat_workgroup_size: 832
    .name:           k022
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     123
    .group_segment_fixed_size: 56102
    .max_flat_workgroup_size: 384
    .name:           k023
    .private_segment_fixed_size: 0
    .sgpr_count:     81
    .sgpr_spill_count: 0
    .vgpr_count:     123
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 463
    .name:           k024
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 19519
    .max_flat_workgroup_size: 192
    .name:           k025
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1806
    .max_flat_workgroup_size: 192
    .name:           k026
    .private_segment_fixed_size: 0
    .sgpr_count:     72
    .sgpr_spill_count: 0
    .vgpr_count:     44
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .name:           k027
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     253
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 6969
    .max_flat_workgroup_size: 843
    .name:           k028
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 5203
    .max_flat_workgroup_size: 448
    .name:           k029
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     20
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 384
    .name:           k030
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     47
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 408
    .max_flat_workgroup_size: 448
    .name:           k031
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     33
    .group_segment_fixed_size: 7518
    .max_flat_workgroup_size: 832
    .name:           k032
    .private_segment_fixed_size: 0
    .sgpr_count:     96
    .sgpr_spill_count: 0
    .vgpr_count:     37
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 704
    .name:           k033
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     18
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 34293
    .max_flat_workgroup_size: 858
    .name:           k034
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 63104
    .max_flat_workgroup_size: 576
    .name:           k035
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     15
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 512
    .name:           k036
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     89
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 26145
    .max_flat_workgroup_size: 1024
    .name:           k037
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     240
    .group_segment_fixed_size: 8105
    .max_flat_workgroup_size: 128
    .name:           k038
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     240
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k039
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     61
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 63
    .max_flat_workgroup_size: 1024
    .name:           k040
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4387
    .max_flat_workgroup_size: 64
    .name:           k041
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 320
    .name:           k042
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     92
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 290
    .max_flat_workgroup_size: 768
    .name:           k043
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 744
    .max_flat_workgroup_size: 662
    .name:           k044
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     35
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 864
    .name:           k045
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     37
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 10981
    .max_flat_workgroup_size: 863
    .name:           k046
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 960
    .max_flat_workgroup_size: 783
    .name:           k047
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     10
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 192
    .name:           k048
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     238
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4530
    .max_flat_workgroup_size: 320
    .name:           k049
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1635
    .max_flat_workgroup_size: 576
    .name:           k050
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     16
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 768
    .name:           k051
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     67
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 8
    .max_flat_workgroup_size: 999
    .name:           k052
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3445
    .max_flat_workgroup_size: 896
    .name:           k053
    .private_segment_fixed_size: 0
    .sgpr_count:     100
    .sgpr_spill_count: 0
    .vgpr_count:     62
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 384
    .name:           k054
    .private_segment_fixed_size: 0
    .sgpr_count:     98
    .sgpr_spill_count: 0
    .vgpr_count:     12
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 18716
    .max_flat_workgroup_size: 512
    .name:           k055
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     87
    .group_segment_fixed_size: 16312
    .max_flat_workgroup_size: 361
    .name:           k056
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     87
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 704
    .name:           k057
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4692
    .max_flat_workgroup_size: 448
    .name:           k058
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     60
    .group_segment_fixed_size: 3506
    .max_flat_workgroup_size: 768
    .name:           k059
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     63
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 640
    .name:           k060
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     47
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 57258
    .max_flat_workgroup_size: 320
    .name:           k061
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2258
    .max_flat_workgroup_size: 640
    .name:           k062
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     35
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 384
    .name:           k063
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     28
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1725
    .max_flat_workgroup_size: 576
    .name:           k064
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1534
    .max_flat_workgroup_size: 529
    .name:           k065
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     57
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 768
    .name:           k066
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     46
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 587
    .max_flat_workgroup_size: 320
    .name:           k067
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 28
    .max_flat_workgroup_size: 704
    .name:           k068
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     30
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .name:           k069
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     26
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4001
    .max_flat_workgroup_size: 1024
    .name:           k070
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2803
    .max_flat_workgroup_size: 576
    .name:           k071
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     61
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 128
    .name:           k072
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     190
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3153
    .max_flat_workgroup_size: 64
    .name:           k073
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     22
    .group_segment_fixed_size: 37100
    .max_flat_workgroup_size: 448
    .name:           k074
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     42
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     170
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 448
    .name:           k075
    .private_segment_fixed_size: 0
    .sgpr_count:     87
    .sgpr_spill_count: 0
    .vgpr_count:     212
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 6175
    .max_flat_workgroup_size: 384
    .name:           k076
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 3355
    .max_flat_workgroup_size: 320
    .name:           k077
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     42
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 320
    .name:           k078
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     69
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 34584
    .max_flat_workgroup_size: 857
    .name:           k079
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     116
    .group_segment_fixed_size: 2046
    .max_flat_workgroup_size: 221
    .name:           k080
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     116
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     85
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 324
    .name:           k081
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     85
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 2504
    .max_flat_workgroup_size: 1024
    .name:           k082
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 4247
    .max_flat_workgroup_size: 720
    .name:           k083
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     5
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     148
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .name:           k084
    .private_segment_fixed_size: 0
    .sgpr_count:     72
    .sgpr_spill_count: 0
    .vgpr_count:     148
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 15968
    .max_flat_workgroup_size: 448
    .name:           k085
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 255
    .max_flat_workgroup_size: 576
    .name:           k086
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     43
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           k087
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     115
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1028
    .max_flat_workgroup_size: 128
    .name:           k088
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     8
    .group_segment_fixed_size: 633
    .max_flat_workgroup_size: 64
    .name:           k089
    .private_segment_fixed_size: 0
    .sgpr_count:     90
    .sgpr_spill_count: 0
    .vgpr_count:     9
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 576
    .name:           k090
    .private_segment_fixed_size: 0
    .sgpr_count:     0
    .sgpr_spill_count: 0
    .vgpr_count:     53
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 965
    .max_flat_workgroup_size: 64
    .name:           k091
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .vgpr_count:     6
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 1526
    .max_flat_workgroup_size: 896
    .name:           k092
    .private_segment_fixed_size: 0
    .sgpr_count:     77
    .sgpr_spill_count: 0
    .vgpr_count:     44
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .name:           k093
    .private_segment_fixed_size: 0
    .sgpr_count:     93
    .sgpr_spill_count: 0
    .vgpr_count:     119
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     0
    .group_segment_fixed_size: 44304
    .max_flat_workgroup_size: 768
    .name:           k094
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     4
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     172
    .group_segment_fixed_size: 3410
    .max_flat_workgroup_size: 832
    .name:           k095
    .private_segment_fixed_size: 0
    .sgpr_count:     6
    .sgpr_spill_count: 0
    .vgpr_count:     172
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - 1
  - 1
	.end_amdgpu_metadata
