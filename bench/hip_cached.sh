#!/usr/bin/env bash
# bench/hip_cached.sh [ARCHS] [ROUNDS] — an unchanged HIP file on a warm
# result cache (goal <= 20 ms per file, DESIGN §10, as for CUDA): every .hip
# under kernels/ analysed once to fill a private cache, then ROUNDS timed
# re-runs of
#   A  kanalyze FILE --arch ARCHS --format json          (each file alone)
#   B  kanalyze FILE... --arch ARCHS --format json       (all of them, one run)
# with the compiler the default search finds (KANALYZE_CLANG unset).  Each
# warm output must equal the cold one byte for byte; prints the medians.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
archs=${1:-gfx90a,gfx1030}
rounds=${2:-21}
ka=${KANALYZE:-$here/build/kanalyze}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KANALYZE_CACHE_DIR=$tmp/cache
unset KANALYZE_CLANG
cd "$here"
mapfile -t files < <(find kernels -name '*.hip' | sort)

now() { date +%s%N; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

for f in "${files[@]}"; do
    "$ka" "$f" --arch "$archs" --format json >"$tmp/cold.$(basename "$f").json" 2>/dev/null || true
done
"$ka" "${files[@]}" --arch "$archs" --format json >"$tmp/cold.all.json" 2>/dev/null || true
declare -a A B
for ((i = 0; i < rounds; i++)); do
    for f in "${files[@]}"; do
        t=$(now)
        "$ka" "$f" --arch "$archs" --format json >"$tmp/warm.json" 2>/dev/null || true
        A+=($(($(now) - t)))
        cmp -s "$tmp/warm.json" "$tmp/cold.$(basename "$f").json" || { echo "warm output of $f differs" >&2; exit 1; }
    done
    t=$(now)
    "$ka" "${files[@]}" --arch "$archs" --format json >"$tmp/warm.json" 2>/dev/null || true
    B+=($(($(now) - t)))
    cmp -s "$tmp/warm.json" "$tmp/cold.all.json" || { echo "warm output of the batch differs" >&2; exit 1; }
done
a=$(median "${A[@]}") b=$(median "${B[@]}")
n=${#files[@]}
compiler=$(python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["toolchain"]; print(t.get("hip_compiler"), "LLVM", t.get("clang"))' "$tmp/cold.all.json")
printf '%d HIP files, archs %s, %d rounds, warm cache, compiler %s; medians:\n' "$n" "$archs" "$rounds" "$compiler"
awk -v a="$a" 'BEGIN { printf "  one file per run        %.1f ms per file   (goal <= 20)\n", a / 1e6 }'
awk -v b="$b" -v n="$n" 'BEGIN { printf "  %d files in one run      %.1f ms, %.1f ms per file\n", n, b / 1e6, b / 1e6 / n }'
