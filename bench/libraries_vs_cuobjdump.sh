#!/usr/bin/env bash
# bench/libraries_vs_cuobjdump.sh [ROUNDS] [LIB...] — a build's libraries read
# in one run, as ratios to the toolkit's reader, the commands interleaved
# (machine noise hits all alike), medians of ROUNDS:
#   K    kanalyze LIB... --format json -q --no-cache   every kernel of every arch:
#        occupancy, limiter, cliffs, best block, the JSON report
#   K90  the same with --arch sm_90 (the other archs' cubins not decoded)
#   B    cuobjdump -res-usage LIB, each library in turn (the pinned one)
# Default libraries: the toolkit's libcurand, libnccl and libcusparse.
# Goal (DESIGN §10): K/B <= 0.5.  Then start-up: `kanalyze --version` and
# /bin/true, 200 runs each, and the shared libraries the binary loads.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
shift || true
libs=("$@")
if [ ${#libs[@]} -eq 0 ]; then
    for l in /usr/local/cuda/lib64/libcurand.so.10 /usr/local/cuda/lib64/libcusparse.so.12; do
        [ -f "$l" ] && libs+=("$l")
    done
    for l in /usr/local/cuda/lib64/libnccl.so.2 /usr/local/cuda/lib/libnccl.so.2; do   # one copy
        [ -f "$l" ] && { libs+=("$l"); break; }
    done
fi
ka=${KANALYZE:-$here/build/kanalyze}
cuobjdump=${KANALYZE_CUOBJDUMP:-}
for c in "$cuobjdump" "$here/.tools/python/nvidia/cu13/bin/cuobjdump" "$(command -v cuobjdump || true)" \
         /usr/local/cuda/bin/cuobjdump; do
    [ -n "$c" ] && [ -x "$c" ] && { cuobjdump=$c; break; }
done
[ -x "$cuobjdump" ] || { echo "no cuobjdump (./setup.sh installs the pinned one): not run"; exit 77; }
[ ${#libs[@]} -gt 0 ] || { echo "no libraries to read: not run"; exit 77; }

el() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
cat "${libs[@]}" >/dev/null                     # all start from a warm page cache
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores"
declare -a K K90 B
for ((i = 0; i < rounds; i++)); do
    t=$EPOCHREALTIME; "$ka" "${libs[@]}" --format json -q --no-cache >/dev/null 2>&1 || true; e=$EPOCHREALTIME; K+=("$(el "$t" "$e")")
    t=$EPOCHREALTIME; "$ka" "${libs[@]}" --arch sm_90 --format json -q --no-cache >/dev/null 2>&1 || true; e=$EPOCHREALTIME; K90+=("$(el "$t" "$e")")
    t=$EPOCHREALTIME; for l in "${libs[@]}"; do "$cuobjdump" -res-usage "$l" >/dev/null 2>&1 || true; done; e=$EPOCHREALTIME; B+=("$(el "$t" "$e")")
done
k=$(median "${K[@]}") k90=$(median "${K90[@]}") b=$(median "${B[@]}")
total=0
for l in "${libs[@]}"; do total=$((total + $(stat -c %s "$l"))); done
printf '%s (%d MB), %d interleaved rounds, medians:\n' "$(printf '%s ' "${libs[@]##*/}")" $((total / 1000000)) "$rounds"
printf '  cuobjdump -res-usage, each           %.3f s\n' "$b"
printf '  kanalyze LIBS, every arch            %.3f s   ratio %.3f  (goal <= 0.50)\n' "$k" "$(awk -v a="$k" -v b="$b" 'BEGIN { print a / b }')"
printf '  kanalyze LIBS --arch sm_90           %.3f s   ratio %.3f\n' "$k90" "$(awk -v a="$k90" -v b="$b" 'BEGIN { print a / b }')"
declare -a S T
for ((r = 0; r < 5; r++)); do
    t=$EPOCHREALTIME; for ((i = 0; i < 200; i++)); do "$ka" --version >/dev/null; done; e=$EPOCHREALTIME; S+=("$(el "$t" "$e")")
    t=$EPOCHREALTIME; for ((i = 0; i < 200; i++)); do /bin/true; done; e=$EPOCHREALTIME; T+=("$(el "$t" "$e")")
done
s=$(median "${S[@]}") t0=$(median "${T[@]}")
printf 'start-up: kanalyze --version %.2f ms a run, /bin/true %.2f ms (200 runs, median of 5): %.2f ms more (goal <= 2)\n' \
    "$(awk -v x="$s" 'BEGIN { print x * 5 }')" "$(awk -v x="$t0" 'BEGIN { print x * 5 }')" \
    "$(awk -v x="$s" -v y="$t0" 'BEGIN { print (x - y) * 5 }')"
printf '  shared libraries it needs: %s\n' "$(readelf -d "$ka" | awk '/NEEDED/ { gsub(/[\[\]]/, "", $5); printf "%s ", $5 }')"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
