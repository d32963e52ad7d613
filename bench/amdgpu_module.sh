#!/usr/bin/env bash
# bench/amdgpu_module.sh [N] — cutting each kernel's text out of a HIP
# compile's AMDGPU assembly for the wave model: the module read once for all
# its kernels (ka_mach_amdgpu_module, what frontends/hip.c does) against
# each kernel cut on its own (ka_mach_amdgpu_kernel, one pass over the
# whole .s per kernel, as before).  N instances (default 400) of one
# template kernel, compiled by clang-16 for gfx90a; prints both times and
# their ratio from one run, and checks the two cut the same text.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
n=${1:-400}
build=${KANALYZE_BUILD:-$here/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v clang-16 >/dev/null || { echo "not run: no clang-16"; exit 0; }
{
    echo '#include <hip/hip_runtime.h>'
    echo 'template <int N> __global__ void k(float *o, const float *i) { int t = blockIdx.x * blockDim.x + threadIdx.x; o[t] = i[N * t] + i[N * t + 1] * N; }'
    for i in $(seq 1 "$n"); do echo "template __global__ void k<$i>(float *, const float *);"; done
} >"$tmp/many.hip"
clang-16 -x hip --offload-arch=gfx90a --cuda-device-only -nogpulib -O3 -S -o "$tmp/many.s" "$tmp/many.hip" -I/usr/include
cat >"$tmp/cut.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "machine.h"
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
int main(int argc, char **argv) {
	FILE *f = fopen(argv[1], "rb"); fseek(f, 0, SEEK_END); long len = ftell(f); rewind(f);
	char *s = malloc(len + 1); if (fread(s, 1, len, f) != (size_t)len) return 1; s[len] = 0; fclose(f);
	int n = atoi(argv[2]); char name[64]; size_t a_bytes = 0, b_bytes = 0; int same = 1;
	double t0 = now();
	for (int i = 1; i <= n; i++) {
		snprintf(name, sizeof name, "_Z1kILi%dEEvPfPKf", i);
		char *k = ka_mach_amdgpu_kernel(s, len, name); a_bytes += k ? strlen(k) : 0; free(k);
	}
	double t1 = now();
	struct ka_mach_amdgpu_module *m = ka_mach_amdgpu_module(s, len);
	for (int i = 1; i <= n; i++) {
		snprintf(name, sizeof name, "_Z1kILi%dEEvPfPKf", i);
		char *k = ka_mach_amdgpu_module_kernel(m, name); b_bytes += k ? strlen(k) : 0; free(k);
	}
	ka_mach_amdgpu_module_free(m);
	double t2 = now();
	same = a_bytes == b_bytes && a_bytes > 0;
	printf("%d kernels, %.1f MB of assembly: each alone %.1f ms, the module once %.1f ms: %.0fx; same text: %s\n",
	       n, len / 1e6, t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1), same ? "yes" : "NO");
	return !same;
}
C
cc -O2 -I"$here/machine" "$tmp/cut.c" "$build/libka_machine.a" -o "$tmp/cut"
"$tmp/cut" "$tmp/many.s" "$n"
