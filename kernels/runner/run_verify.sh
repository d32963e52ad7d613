#!/usr/bin/env bash
# kernels/runner/run_verify.sh OUTDIR -- build and run verify_runner on a machine
# with nvcc and an NVIDIA GPU but no kanalyze (such as the lent H200); then, on
# any machine with kanalyze and nvcc:
#   kanalyze verify --runner-output OUTDIR/verify_runner.jsonl
#
#   OUTDIR/verify_runner.jsonl   an "env" line (date, GPU name, driver, nvcc),
#                                then what verify_runner printed
#   OUTDIR/repeat-N.jsonl        REPEAT=N: N more timing-only passes (run-to-run spread)
#   OUTDIR/build-*.log           nvcc -Xptxas -v of each compile
#   OUTDIR/runner.stderr
#
# The two compiles are the ones `kanalyze verify` runs itself (verify/verify.c,
# run_on_gpu); keep them in step.
# Environment: ARCH (default sm_90), NVCC (default nvcc), RUNS (default 200),
# WARMUP (default 50), REPEAT (default 0).
set -euo pipefail

out=${1:?usage: run_verify.sh OUTDIR}
mkdir -p "$out"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kdir=$(cd "$here/.." && pwd)
ARCH=${ARCH:-sm_90}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
RUNS=${RUNS:-200}
WARMUP=${WARMUP:-50}
REPEAT=${REPEAT:-0}
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

smi=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || true)
gpu=${smi%%,*}
drv=${smi##*, }
nvv=$("$NVCC" --version 2>/dev/null | sed -n 's/.*, V\([0-9.]*\).*/\1/p' | head -1)
printf '{"kind":"env","date":"%s","host":"%s","gpu_name":"%s","driver_version":"%s","nvcc":"%s","arch":"%s"}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(uname -srm)" "$gpu" "$drv" "$nvv" "$ARCH" > "$out/verify_runner.jsonl"

"$NVCC" -O3 -arch="$ARCH" -Xptxas -v -maxrregcount=128 -DKA_PRESSURE_CAPPED -c \
    "$kdir/uniform/pressure.cu" -o "$bin/pressure_capped.o" > "$out/build-pressure_capped.log" 2>&1
"$NVCC" -O3 -arch="$ARCH" -Xptxas -v -o "$bin/verify_runner" "$here/verify_runner.cu" \
    "$bin/pressure_capped.o" > "$out/build-verify_runner.log" 2>&1

status=0
"$bin/verify_runner" --runs "$RUNS" --warmup "$WARMUP" >> "$out/verify_runner.jsonl" \
    2> "$out/runner.stderr" || status=$?
for ((r = 1; r <= REPEAT; r++)); do
    "$bin/verify_runner" --runs "$RUNS" --warmup "$WARMUP" --no-sweep > "$out/repeat-$r.jsonl" \
        2>> "$out/runner.stderr" || status=$?
done

echo "occupancy lines: $(grep -c '"kind":"occupancy"' "$out/verify_runner.jsonl" || true)"
grep -E '"kind":"(peak|timing|error|no_device|summary)"' "$out/verify_runner.jsonl" \
    | sed -E 's/"mangled":"[^"]*",//; s/,"(warmup|runs|local|min_ms|max_ms)":[^,}]*//g' || true
[ -s "$out/runner.stderr" ] && { echo "runner stderr:"; cat "$out/runner.stderr"; }
exit $status
