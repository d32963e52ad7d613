#!/usr/bin/env bash
# capture.sh — re-create the captured SASS in this folder: every NAME.cu is
# compiled for each ARCH with the CUDA 13 nvcc and disassembled with the
# pinned nvdisasm (.tools/python, installed by ./setup.sh), exactly as
# `kanalyze --sass` does:
#   nvcc -cubin -arch=ARCH -lineinfo -o NAME.ARCH.cubin NAME.cu
#   nvdisasm -c -gi NAME.ARCH.cubin              > NAME.ARCH.sass
#   nvdisasm -c -plr -lrm narrow NAME.ARCH.cubin > NAME.ARCH.lr
# Then run tests/frontends/golden_sass.sh with --update and review the diff of the
# NAME.ARCH.expected files.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
nvdisasm=${NVDISASM:-../../.tools/python/nvidia/cu13/bin/nvdisasm}
for src in *.cu; do
    name=${src%.cu}
    for arch in sm_75 sm_80 sm_90 sm_100 sm_120; do
        "$nvcc" -cubin -arch="$arch" -lineinfo -o "$name.$arch.cubin" "$src"
        "$nvdisasm" -c -gi "$name.$arch.cubin" > "$name.$arch.sass"
        "$nvdisasm" -c -plr -lrm narrow "$name.$arch.cubin" > "$name.$arch.lr"
    done
done
