extern "C" __attribute__((global)) void w(float *x) {
  x[__builtin_amdgcn_workitem_id_x()] *= 2.0f;
  __asm__ volatile("" ::: "v129");
}
