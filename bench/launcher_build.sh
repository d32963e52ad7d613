#!/usr/bin/env bash
# bench/launcher_build.sh [ROUNDS] [SAMPLES] — what kanalyze-launch costs a
# real build: a clean CMake build with and without
# CMAKE_CUDA_COMPILER_LAUNCHER=kanalyze-launch, the two interleaved in one
# run (machine noise hits both alike), medians of wall time and of CPU time
# (user + sys of the whole process tree) and their ratios (goal <= 1.05).
# Without SAMPLES the project is bench/corpus/*.cu, two archs.  With
# SAMPLES (a checkout of github.com/NVIDIA/cuda-samples, read, never
# written) it is that project's own CMake build of the samples of
# Samples/0_Introduction that need nothing beyond the toolkit (each
# sample's CMakeLists.txt as shipped: its nine archs, -lineinfo, separable
# compilation), gathered under one top-level project.  The launcher reads
# the objects the build wrote: no second compile.  Also checks that the
# records name every kernel.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
samples=${2:+$(cd "$2" && pwd)}
launch=${KANALYZE_LAUNCH:-$here/build/kanalyze-launch}
ka=${KANALYZE:-$here/build/kanalyze}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
jobs=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src"
if [ -n "$samples" ]; then
    picked=()
    for s in asyncAPI clock fp16ScalarProduct matrixMul simpleAssert simpleAtomicIntrinsics simpleAWBarrier \
             simpleVoteIntrinsics vectorAdd UnifiedMemoryStreams; do
        [ -f "$samples/Samples/0_Introduction/$s/CMakeLists.txt" ] && picked+=("$s")
    done
    {
        echo 'cmake_minimum_required(VERSION 3.20)'
        echo 'project(samples LANGUAGES C CXX CUDA)'
        for s in "${picked[@]}"; do
            echo "add_subdirectory($samples/Samples/0_Introduction/$s $s)"
        done
    } >"$tmp/src/CMakeLists.txt"
    what="the cuda-samples CMake build of ${#picked[@]} samples (${picked[*]})"
    n_files=$(for s in "${picked[@]}"; do ls "$samples/Samples/0_Introduction/$s/"*.cu; done | wc -l)
else
    {
        echo 'cmake_minimum_required(VERSION 3.20)'
        echo 'project(bench LANGUAGES CUDA)'
        echo 'set(CMAKE_CUDA_ARCHITECTURES "80;90")'
        printf 'add_library(corpus STATIC'
        for f in "$here"/bench/corpus/*.cu; do printf ' %s' "$f"; done
        echo ')'
    } >"$tmp/src/CMakeLists.txt"
    n_files=$(ls "$here"/bench/corpus/*.cu | wc -l)
    what="a clean CMake build of $n_files .cu files for sm_80 and sm_90"
fi

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
cpu() { awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat; }   # this shell's children, in ticks
build() { # build DIR [cmake args...]: configure (not timed), then a timed clean build: "wall cpu" seconds
    local dir=$1; shift
    rm -rf "$dir"
    cmake -S "$tmp/src" -B "$dir" -DCMAKE_CUDA_COMPILER="$nvcc" "$@" >/dev/null
    local t c0 c1; t=$(now); c0=$(cpu)
    cmake --build "$dir" -j "$jobs" >/dev/null 2>&1
    c1=$(cpu)
    echo "$(since "$t") $(awk -v a="$c0" -v b="$c1" -v k="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", (b - a) / k }')"
}
declare -a P L PC LC
for ((i = 0; i < rounds; i++)); do
    build "$tmp/plain" >"$tmp/r"
    read -r w c <"$tmp/r"; P+=("$w"); PC+=("$c")
    rm -rf "$tmp/rec"
    build "$tmp/launch" "-DCMAKE_CUDA_COMPILER_LAUNCHER=$launch;--records;$tmp/rec" >"$tmp/r"
    read -r w c <"$tmp/r"; L+=("$w"); LC+=("$c")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
p=$(median "${P[@]}") l=$(median "${L[@]}") pc=$(median "${PC[@]}") lc=$(median "${LC[@]}")
n_rec=$(ls "$tmp/rec" | wc -l)
n_kernels=$("$ka" report "$tmp/rec" --format json -q | python3 -c 'import json,sys; print(sum(len(f["kernels"]) for f in json.load(sys.stdin)["files"]))')
printf '%s, -j %d, %d interleaved rounds, medians; load %s at the end:\n' "$what" "$jobs" "$rounds" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '  plain build                 %.3f s wall  %.2f s CPU\n' "$p" "$pc"
printf '  with kanalyze-launch        %.3f s wall  %.2f s CPU   ratios %.3f wall, %.3f CPU  (goal <= 1.05)\n' "$l" "$lc" \
    "$(awk -v a="$l" -v b="$p" 'BEGIN { print a / b }')" "$(awk -v a="$lc" -v b="$pc" 'BEGIN { print a / b }')"
printf '  records: %d of %d files, %d kernels x archs in kanalyze report\n' "$n_rec" "$n_files" "$n_kernels"
