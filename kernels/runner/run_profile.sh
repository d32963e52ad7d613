#!/usr/bin/env bash
# kernels/runner/run_profile.sh OUT -- PROGRAM [ARGS...] -- profile a program
# under Nsight Compute on a machine with CUDA and ncu but no kanalyze (such as
# the lent H200): the ncu runs `kanalyze verify --profile -- PROGRAM` makes
# itself (frontends/ncu_run.c; keep them in step).  Then, on any machine with
# kanalyze and the program's sources:
#   kanalyze verify --profile --ncu-export OUT [SOURCES...]
#
#   OUT/ncu_source.csv    ncu -i REP --page source --csv --print-source cuda,sass
#   OUT/ncu_details.csv   ncu -i REP --page details --csv --print-units base
#   OUT/env.txt           the GPU and driver (nvidia-smi), nvcc's and ncu's versions,
#                         the command profiled
#   OUT/ncu.log           what ncu and the program printed
#
# Build the program with -lineinfo: ncu's per-line counters need it.
# Environment: NCU (default: ncu on PATH, else /usr/local/cuda/bin/ncu).
# Exit 1 when ncu profiled nothing (no GPU, no permission for the counters,
# no kernel launched), with ncu's reason.
set -euo pipefail

usage="usage: run_profile.sh OUT -- PROGRAM [ARGS...]"
out=${1:?$usage}
shift
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
command -v "$NCU" > /dev/null || { echo "run_profile.sh: ncu not found ($NCU): it comes with the CUDA toolkit; or set NCU" >&2; exit 1; }
mkdir -p "$out"
rep=$(mktemp -d)
trap 'rm -rf "$rep"' EXIT

{
	echo "recorded $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -srm)"
	echo "device  $(nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1 | head -1)"
	echo "nvcc    $("$NVCC" --version 2>&1 | sed -n "s/.*release //p" | head -1)"
	echo "ncu     $("$NCU" --version 2>&1 | tail -1)"
	echo "run     ncu --section SourceCounters --section LaunchStats --section Occupancy --import-source yes -f -o REP $*"
} > "$out/env.txt"

status=0
"$NCU" --section SourceCounters --section LaunchStats --section Occupancy --import-source yes -f \
	-o "$rep/rep" "$@" > "$out/ncu.log" 2>&1 || status=$?
if [ ! -f "$rep/rep.ncu-rep" ]; then
	echo "run_profile.sh: ncu profiled nothing (exit $status):" >&2
	grep -E '^==(ERROR|WARNING)==' "$out/ncu.log" >&2 || tail -5 "$out/ncu.log" >&2
	exit 1
fi
[ "$status" -eq 0 ] || echo "run_profile.sh: note: the program exited with status $status" >&2
"$NCU" -i "$rep/rep.ncu-rep" --page source --csv --print-source cuda,sass > "$out/ncu_source.csv"
"$NCU" -i "$rep/rep.ncu-rep" --page details --csv --print-units base > "$out/ncu_details.csv"
echo "kernels profiled: $(grep -c '^"Function Name"' "$out/ncu_source.csv" || true)"
echo "compare where kanalyze is: kanalyze verify --profile --ncu-export $out [SOURCES...]"
