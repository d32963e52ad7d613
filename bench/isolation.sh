#!/usr/bin/env bash
# bench/isolation.sh [ROUNDS] [KANALYZE] — what running libclang in a child
# process per file costs (analyzer/isolate.c): kanalyze on each .cu of
# bench/corpus/ and kernels/, cold (--no-cache: parse + analysis + nvcc),
# with the isolation and with $KANALYZE_NO_ISOLATION=1 (the analysis in the
# process, as before), interleaved per file so machine noise hits both;
# then all the files in one run (one child each), and a warm run (no child:
# the cache is read in the parent).  Medians of ROUNDS (default 5) of wall
# time; prints per file ms with, ms without, the ratio, and the medians.
# Goal (DESIGN §10): the ratio stays within the noise (<= 1.02) and a warm
# file stays <= 10 ms.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
ka=${2:-$here/build/kanalyze}
[ -x "$ka" ] || { echo "isolation.sh: $ka not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KANALYZE_CACHE_DIR=$tmp/cache NO_COLOR=1
files=()
for f in "$here"/bench/corpus/*.cu "$here"/kernels/*/*.cu; do [ -f "$f" ] && files+=("$f"); done

ms() {   # ms CMD...: wall milliseconds of CMD
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s%N)
    echo $(((t1 - t0) / 1000000))
}
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }

printf '%-28s %9s %9s %7s\n' file iso_ms inproc_ms ratio
: >"$tmp/ratios"
for f in "${files[@]}"; do
    : >"$tmp/a"; : >"$tmp/b"
    for _ in $(seq "$rounds"); do
        ms "$ka" --arch sm_90 --no-cache -q "$f" >>"$tmp/a"
        KANALYZE_NO_ISOLATION=1 ms "$ka" --arch sm_90 --no-cache -q "$f" >>"$tmp/b"
    done
    a=$(median <"$tmp/a") b=$(median <"$tmp/b")
    r=$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f", a / b}')
    echo "$r" >>"$tmp/ratios"
    printf '%-28s %9s %9s %7s\n' "$(basename "$f")" "$a" "$b" "$r"
done
echo "median ratio (isolated / in process), per file: $(median <"$tmp/ratios")"

: >"$tmp/a"; : >"$tmp/b"
for _ in $(seq "$rounds"); do
    ms "$ka" --arch sm_90 --no-cache -q "${files[@]}" >>"$tmp/a"
    KANALYZE_NO_ISOLATION=1 ms "$ka" --arch sm_90 --no-cache -q "${files[@]}" >>"$tmp/b"
done
a=$(median <"$tmp/a") b=$(median <"$tmp/b")
echo "all ${#files[@]} files in one run: isolated $a ms, in process $b ms, ratio $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f", a / b}')"

"$ka" --arch sm_90 -q "${files[0]}" >/dev/null 2>&1 || true      # warm the cache
: >"$tmp/a"
for _ in $(seq "$rounds"); do ms "$ka" --arch sm_90 -q "${files[0]}" >>"$tmp/a"; done
echo "warm, one file ($(basename "${files[0]}")): $(median <"$tmp/a") ms (no child: the cache is read in the parent)"
