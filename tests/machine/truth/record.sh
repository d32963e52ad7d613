#!/usr/bin/env bash
# record.sh OUT — on a machine with an NVIDIA GPU, CUDA and Nsight Compute
# (no kanalyze needed): build cases_main.cu with -lineinfo for the GPU's
# arch and profile it with kernels/runner/run_profile.sh into OUT
# (ncu_source.csv, ncu_details.csv, env.txt).  Commit OUT as
# testdata/profile/machine/; replay.sh then holds the model to it.
set -euo pipefail
out=${1:?usage: record.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d .)
bin=$(mktemp -d)/cases_main
"$NVCC" -O3 -lineinfo -arch="sm_${cc:-90}" -o "$bin" "$here/cases_main.cu"
export CUDA_MODULE_LOADING=EAGER
"$here/../../../kernels/runner/run_profile.sh" "$out" -- "$bin"
echo "build   nvcc -O3 -lineinfo -arch=sm_${cc:-90} tests/machine/truth/cases_main.cu" >> "$out/env.txt"
