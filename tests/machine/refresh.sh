#!/bin/sh
# refresh.sh — regenerate testdata/machine/cases.sm_90.ptx from cases.cu
# (nvcc from /usr/local/cuda or PATH); review the diff, then commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cd "$here"
"$nvcc" -ptx -arch=sm_90 -lineinfo -O3 -o ../../testdata/machine/cases.sm_90.ptx cases.cu
sed -i 's|^\(\s*\.file\s\+[0-9]\+\s\+"\)[^"]*/\(cases\.cu"\).*|\1\2|' ../../testdata/machine/cases.sm_90.ptx
