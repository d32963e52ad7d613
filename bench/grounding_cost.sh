#!/usr/bin/env bash
# bench/grounding_cost.sh OLD NEW [ROUNDS] [FILE...] — what checking the
# findings against the code of their lines costs: the analysis of each file
# by two kanalyze binaries (OLD without the check, NEW with it: -lineinfo,
# the kept PTX read per line) and the device compile it replaces, run
# interleaved in one loop (machine noise hits all alike), cold (--no-cache).
# Prints the medians and the ratios NEW/OLD and NEW/nvcc -cubin per file.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
old=$1 new=$2 rounds=${3:-7}
shift $(( $# >= 3 ? 3 : $# ))
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$here/kernels/reduction/reduction.cu" "$here/tests/e2e/ground.cu"
                                  "$here/testdata/profile/profile_demo.cu" $(ls "$here"/bench/corpus/*.cu | head -3))
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export KANALYZE_CACHE_DIR=$tmp/cache
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
printf '%-28s %8s %8s %8s %9s %9s\n' file old new nvcc new/old new/nvcc
for f in "${files[@]}"; do
    O=() N=() C=()
    for ((i = 0; i < rounds; i++)); do
        t=$(now); "$old" "$f" --arch sm_90 --format json --no-cache -I "$(dirname "$f")" >/dev/null 2>&1 || true; O+=("$(since "$t")")
        t=$(now); "$new" "$f" --arch sm_90 --format json --no-cache -I "$(dirname "$f")" >/dev/null 2>&1 || true; N+=("$(since "$t")")
        t=$(now); "$nvcc" -cubin -arch=sm_90 -Xptxas -v -I "$(dirname "$f")" -o "$tmp/k.cubin" "$f" >/dev/null 2>&1 || true; C+=("$(since "$t")")
    done
    o=$(median "${O[@]}") n=$(median "${N[@]}") c=$(median "${C[@]}")
    awk -v f="$(basename "$f")" -v o="$o" -v n="$n" -v c="$c" \
        'BEGIN { printf "%-28s %8.3f %8.3f %8.3f %9.3f %9.3f\n", f, o, n, c, n / o, n / c }'
done
