#!/usr/bin/env bash
# bench/launcher_build.sh [ROUNDS] — what kanalyze-launch costs a real build:
# a clean CMake build of a small CUDA project (bench/corpus/*.cu, two archs)
# with and without CMAKE_CUDA_COMPILER_LAUNCHER=kanalyze-launch, the two
# interleaved in one run (machine noise hits both alike), medians and the
# ratio (goal <= 1.05).  The launcher reads the objects the build wrote: no
# second compile.  Also checks that the records name every kernel.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
launch=${KANALYZE_LAUNCH:-$here/build/kanalyze-launch}
ka=${KANALYZE:-$here/build/kanalyze}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
jobs=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src"
{
    echo 'cmake_minimum_required(VERSION 3.20)'
    echo 'project(bench LANGUAGES CUDA)'
    echo 'set(CMAKE_CUDA_ARCHITECTURES "80;90")'
    printf 'add_library(corpus STATIC'
    for f in "$here"/bench/corpus/*.cu; do printf ' %s' "$f"; done
    echo ')'
} >"$tmp/src/CMakeLists.txt"

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
build() { # build DIR [cmake args...]: configure (not timed), then a timed clean build
    local dir=$1; shift
    rm -rf "$dir"
    cmake -S "$tmp/src" -B "$dir" -DCMAKE_CUDA_COMPILER="$nvcc" "$@" >/dev/null
    local t; t=$(now)
    cmake --build "$dir" -j "$jobs" >/dev/null
    since "$t"
}
declare -a P L
for ((i = 0; i < rounds; i++)); do
    P+=("$(build "$tmp/plain")")
    rm -rf "$tmp/rec"
    L+=("$(build "$tmp/launch" "-DCMAKE_CUDA_COMPILER_LAUNCHER=$launch;--records;$tmp/rec")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
p=$(median "${P[@]}") l=$(median "${L[@]}")
n_files=$(ls "$here"/bench/corpus/*.cu | wc -l)
n_rec=$(ls "$tmp/rec" | wc -l)
n_kernels=$("$ka" report "$tmp/rec" --format json -q | python3 -c 'import json,sys; print(sum(len(f["kernels"]) for f in json.load(sys.stdin)["files"]))')
printf 'clean CMake build of %d .cu files for sm_80 and sm_90, -j %d, %d interleaved rounds, medians:\n' "$n_files" "$jobs" "$rounds"
printf '  plain build                 %.3f s\n' "$p"
printf '  with kanalyze-launch        %.3f s   ratio %.3f  (goal <= 1.05)\n' "$l" "$(awk -v a="$l" -v b="$p" 'BEGIN { print a / b }')"
printf '  records: %d of %d files, %d kernels x archs in kanalyze report\n' "$n_rec" "$n_files" "$n_kernels"
