#!/bin/sh
# refresh.sh — regenerate testdata/machine/cases.sm_90.ptx from cases.cu
# (nvcc from /usr/local/cuda or PATH); review the diff, then commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cd "$here"
"$nvcc" -ptx -arch=sm_90 -lineinfo -O3 -o ../../testdata/machine/cases.sm_90.ptx cases.cu
sed -i 's|^\(\s*\.file\s\+[0-9]\+\s\+"\)[^"]*/\(cases\.cu"\).*|\1\2|' ../../testdata/machine/cases.sm_90.ptx
# the HIP port, for gfx90a (wave64, packed work-item IDs)
clang=$(command -v clang-16 || command -v clang)
libs=$(dirname "$(ls /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc /opt/rocm/amdgcn/bitcode/ockl.bc 2>/dev/null | head -1)")
"$clang" -x hip --offload-arch=gfx90a --cuda-device-only -S -O3 -gline-tables-only --rocm-device-lib-path="$libs" \
    -o ../../testdata/machine/cases.gfx90a.s cases.hip
sed -i 's|^\(\s*\.file\s\+[0-9]\+\s\+"\)[^"]*\(" "cases\.hip"\)|\1.\2|' ../../testdata/machine/cases.gfx90a.s
