// rsp_dep.cuh — found only through the -I of a response file
// (tests/e2e/e2e_locations.sh, rsp.cu).
#pragma once
#ifndef KA_RSP_WIDTH
#error "KA_RSP_WIDTH comes from the response file's -D"
#endif
__device__ inline int rsp_lane() { return threadIdx.x % KA_RSP_WIDTH; }
