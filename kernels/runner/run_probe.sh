#!/usr/bin/env bash
# kernels/runner/run_probe.sh DIR [OUT] -- the GPU half of `kanalyze verify
# FILE...` on a machine with an NVIDIA driver and a C compiler but no
# kanalyze.  DIR is what `kanalyze verify --extract DIR FILE...` wrote
# elsewhere (the cubins of the GPU's arch and DIR/probe.txt).  Builds
# verify_probe.c with cc (only libc and dlopen: the driver is opened at run
# time), loads every cubin through the driver API (CUDA_MODULE_LOADING=EAGER,
# nothing launched) and writes
#   OUT/driver.jsonl     an "env" line (date, nvidia-smi's GPU and driver,
#                        nvcc's version where there is one), then the probe's lines
#   OUT/nvidia-smi.txt   nvidia-smi's own report
# OUT defaults to DIR.  Then, with DIR/driver.jsonl beside the cubins:
#   kanalyze verify --compare DIR [--out RECORD.jsonl]
# Environment: CC (default cc).
set -euo pipefail

dir=${1:?usage: run_probe.sh DIR [OUT]}
out=${2:-$dir}
[ -f "$dir/probe.txt" ] || { echo "run_probe.sh: $dir/probe.txt: not written by kanalyze verify --extract" >&2; exit 2; }
mkdir -p "$out"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
"${CC:-cc}" -std=c11 -O2 -o "$bin/verify_probe" "$here/verify_probe.c" -ldl

smi=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1 || true)
nvidia-smi > "$out/nvidia-smi.txt" 2>&1 || true
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
nvv=$("$nvcc" --version 2>/dev/null | sed -n 's/.*, V\([0-9.]*\).*/\1/p' | head -1 || true)
printf '{"kind":"env","date":"%s","host":"%s","gpu_name":"%s","driver_version":"%s","nvcc":"%s"}\n' \
    "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(uname -srm)" "${smi%%,*}" "${smi##*, }" "$nvv" > "$out/driver.jsonl.tmp"
status=0
CUDA_MODULE_LOADING=EAGER "$bin/verify_probe" "$dir/probe.txt" >> "$out/driver.jsonl.tmp" || status=$?
mv "$out/driver.jsonl.tmp" "$out/driver.jsonl"
echo "run_probe.sh: $(grep -c '"kind":"module"' "$out/driver.jsonl" || true) modules, $(grep -c '"kind":"kernel"' "$out/driver.jsonl" || true) kernels, $(grep -c '"kind":"load_error"' "$out/driver.jsonl" || true) load errors -> $out/driver.jsonl"
exit $status
