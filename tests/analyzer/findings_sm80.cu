// analyzer: sm=80
// findings_sm80.cu — KA104 is about elect.sync, which needs sm_90: below
// that the lane-0 guard is the right code and nothing is said.
__global__ void lane0_sm80(int *counter) {
    if (threadIdx.x % 32 == 0) atomicAdd(counter, 1);
}
__global__ void lane0_sm80_flag(int *flags) {
    unsigned lane = threadIdx.x & 31;                               // expect: affine-lane
    if (lane == 0) flags[blockIdx.x] = 1;                           // expect: const
}
