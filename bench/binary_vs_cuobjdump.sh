#!/usr/bin/env bash
# bench/binary_vs_cuobjdump.sh [LIB] [ROUNDS] [LIB2] — reading what a build
# produced, as a ratio to the toolkit's own reader, measured in one run with
# the two commands interleaved (machine noise hits both alike), medians:
#   K  kanalyze LIB --format json    the whole analysis as a user runs it: every
#                                    kernel of every arch, occupancy, limiter,
#                                    cliffs, best block, the JSON report
#   A  binary_dump --occupancy LIB   the reader alone (ka_binary_read, mmap'd)
#                                    plus the occupancy model on each kernel
#   B  cuobjdump -res-usage LIB      (the pinned cuobjdump; goal K/B <= 0.5)
# then the agreement of the two (tests/frontends/binary_agree.py: registers, stack,
# shared, local per kernel per arch, and the archs) on LIB and LIB2.
# BUILD (default build/) is the build directory holding tests/binary_dump.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
lib=${1:-/usr/local/cuda/lib64/libcurand.so.10}
rounds=${2:-9}
lib2=${3:-/usr/local/cuda/lib64/libcusparse.so.12}
build=${BUILD:-$here/build}
dump=$build/tests/binary_dump
ka=${KANALYZE:-$build/kanalyze}
cuobjdump=${KANALYZE_CUOBJDUMP:-}
for c in "$cuobjdump" "$here/.tools/python/nvidia/cu13/bin/cuobjdump" "$(command -v cuobjdump || true)" \
         /usr/local/cuda/bin/cuobjdump; do
    [ -n "$c" ] && [ -x "$c" ] && { cuobjdump=$c; break; }
done
[ -x "$dump" ] || { echo "no $dump (cmake --build $build --target binary_dump)"; exit 2; }
[ -x "$cuobjdump" ] || { echo "no cuobjdump (./setup.sh installs the pinned one): not run"; exit 77; }
[ -f "$lib" ] || { echo "no $lib: not run"; exit 77; }

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
cat "$lib" >/dev/null                     # both start from a warm page cache
declare -a A B K
for ((i = 0; i < rounds; i++)); do
    t=$(now); "$ka" "$lib" --format json -q --no-cache >/dev/null 2>&1; K+=("$(since "$t")")
    t=$(now); "$dump" --occupancy "$lib" >/dev/null 2>&1; A+=("$(since "$t")")
    t=$(now); "$cuobjdump" -res-usage "$lib" >/dev/null 2>&1; B+=("$(since "$t")")
done
a=$(median "${A[@]}") b=$(median "${B[@]}") k=$(median "${K[@]}")
kernels=$("$dump" --res-usage "$lib" 2>/dev/null | wc -l)
printf '%s (%s MB, %d kernels read), %d interleaved rounds, medians:\n' "$(basename "$lib")" \
    "$(( $(stat -c %s "$lib") / 1000000 ))" "$kernels" "$rounds"
printf '  cuobjdump -res-usage                 %.3f s\n' "$b"
printf '  kanalyze LIB --format json           %.3f s   ratio %.2f  (goal <= 0.50)\n' "$k" \
    "$(awk -v a="$k" -v b="$b" 'BEGIN { print a / b }')"
printf '  the reader + occupancy alone         %.3f s   ratio %.2f\n' "$a" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
echo "agreement with cuobjdump -res-usage:"
KANALYZE_CUOBJDUMP=$cuobjdump python3 "$here/tests/frontends/binary_agree.py" cuobjdump "$dump" "$lib" ${lib2:+"$lib2"} |
    grep -vE '^(DIFFER|[0-9]+ passed)' | sed 's/^/  /'
