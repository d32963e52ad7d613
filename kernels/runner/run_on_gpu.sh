#!/usr/bin/env bash
# kernels/runner/run_on_gpu.sh OUTDIR -- build and run the GPU-side verification
# programs on a machine with nvcc and an NVIDIA GPU (nothing else needed).
#
#   OUTDIR/occupancy_sweep.jsonl   runtime occupancy/attributes (occupancy_sweep.cu)
#   OUTDIR/reduction.jsonl         reduction experiments A and B (reduction.cu with
#                                  -DKA_REDUCTION_DRIVER), COARSE_FACTOR 2, then
#                                  R5/R6 of experiment B again with COARSE_FACTOR 4
#   OUTDIR/env.txt                 GPU name, driver, nvcc version, host
#   OUTDIR/build-*.log             nvcc -Xptxas -v output of each build
#
# Environment: ARCH (default sm_90), NVCC (default nvcc), RUNS (timed runs, default 200).
set -euo pipefail

out=${1:?usage: run_on_gpu.sh OUTDIR}
mkdir -p "$out"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kdir=$(cd "$here/.." && pwd)
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
RUNS=${RUNS:-200}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(uname -srm)"
    echo "arch: $ARCH"
    echo "nvidia-smi (name, driver_version):"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>&1 || echo "nvidia-smi failed"
    echo "nvcc --version:"
    "$NVCC" --version 2>&1
} > "$out/env.txt"

flags=(-O3 -arch="$ARCH" -Xptxas -v)
"$NVCC" "${flags[@]}" -o "$bin/occupancy_sweep" "$here/occupancy_sweep.cu" \
    > "$out/build-occupancy_sweep.log" 2>&1
"$NVCC" "${flags[@]}" -DKA_REDUCTION_DRIVER -o "$bin/reduction" \
    "$kdir/reduction/reduction.cu" > "$out/build-reduction.log" 2>&1
"$NVCC" "${flags[@]}" -DKA_REDUCTION_DRIVER -DCOARSE_FACTOR=4 -o "$bin/reduction_cf4" \
    "$kdir/reduction/reduction.cu" > "$out/build-reduction-cf4.log" 2>&1

status=0
"$bin/occupancy_sweep" > "$out/occupancy_sweep.jsonl" 2> "$out/occupancy_sweep.stderr" || status=1
"$bin/reduction" --runs "$RUNS" > "$out/reduction.jsonl" 2> "$out/reduction.stderr" || status=1
"$bin/reduction_cf4" --runs "$RUNS" --exp B --kernels r5,r6 >> "$out/reduction.jsonl" \
    2>> "$out/reduction.stderr" || status=1

echo "occupancy lines: $(grep -c '"kind":"occupancy"' "$out/occupancy_sweep.jsonl" || true)"
grep -E '"kind":"(timing|peak)"' "$out/reduction.jsonl" || true
[ -s "$out/occupancy_sweep.stderr" ] && { echo "occupancy_sweep stderr:"; cat "$out/occupancy_sweep.stderr"; }
[ -s "$out/reduction.stderr" ] && { echo "reduction stderr:"; cat "$out/reduction.stderr"; }
exit $status
