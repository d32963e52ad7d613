#!/usr/bin/env bash
# bench/analyzer.sh [ROUNDS] — the uniformity analyzer on real files, measured
# in one run (medians of ROUNDS, default 5, the commands interleaved per file
# so machine noise hits all alike):
#
#   parse success  every .cu/.hip of kernels/, tests/e2e/, bench/corpus/ and
#                  tests/analyzer/, and kernels/reduction/reduction.cu once
#                  more with -DKA_REDUCTION_DRIVER (its host driver: <vector>,
#                  <algorithm>, lambdas): files libclang read without an error.
#                  tests/e2e/syntax_error.cu is left out (broken on purpose);
#                  needs_define.cu gets its -DKA_SIZE=4.
#   time           per file, the analysis as kanalyze runs it (a process that
#                  loads libclang, parses and analyses: tests/test_analyzer
#                  --stat) against the device-only compile it runs beside:
#                  nvcc -cubin -arch=sm_90 (.cu), clang-16 -x hip
#                  --offload-arch=gfx90a --cuda-device-only -S -O3 (.hip).
#                  Goal: analysis <= 30 % of the compile (DESIGN §10; in
#                  kanalyze it also runs on its own thread, beside the compile).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
tool=${KA_ANALYZER_TOOL:-$here/build/tests/test_analyzer}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
clang=$(command -v clang-16 || echo clang)
bc=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
[ -x "$tool" ] || { echo "analyzer.sh: $tool not built (cmake -DBUILD_TESTING=ON)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=()
for f in "$here"/kernels/*/*.cu "$here"/kernels/*/*.hip "$here"/tests/e2e/*.cu "$here"/bench/corpus/*.cu \
         "$here"/tests/analyzer/*.cu "$here"/tests/analyzer/*.hip; do
    [ -f "$f" ] || continue
    case "$f" in */syntax_error.cu) continue ;; esac
    files+=("$f")
done
defs_for() { case "$1" in */needs_define.cu) echo -DKA_SIZE=4 ;; *driver*) echo -DKA_REDUCTION_DRIVER ;; esac; }

# ---- parse success --------------------------------------------------------------
ok=0 total=0 kernels=0 facts=0
: >"$tmp/stat"
for f in "${files[@]}" "driver:$here/kernels/reduction/reduction.cu"; do
    src=${f#driver:}
    d=$(defs_for "$f")
    "$tool" --stat $d "$src" >>"$tmp/stat" 2>&1 || true
done
while read -r name rest; do
    case "$name" in *.cu|*.hip) ;; *) continue ;; esac
    total=$((total + 1))
    case "$rest" in *"parsed=1 errors=0 "*) ok=$((ok + 1)) ;; *) echo "  not parsed cleanly: $name $rest" ;; esac
    k=$(sed -n 's/.*kernels=\([0-9]*\).*/\1/p' <<<"$rest"); kernels=$((kernels + ${k:-0}))
    n=$(sed -n 's/.*facts=\([0-9]*\).*/\1/p' <<<"$rest"); facts=$((facts + ${n:-0}))
done <"$tmp/stat"
grep -A1 "errors=[1-9]" "$tmp/stat" | grep "first error" || true
printf 'parse success: %d of %d files without a parse error (%d kernels, %d facts)\n' "$ok" "$total" "$kernels" "$facts"

# ---- time per file against the device compile -------------------------------------
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
ratios=()
printf '%-44s %10s %10s %10s %7s\n' "file" "analysis" "in-proc" "compile" "ratio"
for f in "${files[@]}"; do
    d=$(defs_for "$f")
    case "$f" in
    *.cu) [ -x "$nvcc" ] || continue; cc=("$nvcc" -cubin -arch=sm_90 $d -o "$tmp/k.cubin" "$f") ;;
    *.hip) command -v "$clang" >/dev/null || continue
           cc=("$clang" -x hip --offload-arch=gfx90a --cuda-device-only -S -O3 --rocm-device-lib-path="$bc" $d
               -o "$tmp/k.s" "$f") ;;
    esac
    "${cc[@]}" >/dev/null 2>&1 || continue          # only files the compiler takes
    A=() I=() C=()
    for ((r = 0; r < rounds; r++)); do
        t=$(now); line=$("$tool" --stat $d "$f" | head -1); A+=("$(since "$t")")
        I+=("$(awk '{for (i=1;i<=NF;i++) if ($i ~ /^(parse|analysis)_ms=/) {split($i,a,"="); s+=a[2]}} END {print s/1000}' <<<"$line")")
        t=$(now); "${cc[@]}" >/dev/null 2>&1; C+=("$(since "$t")")
    done
    a=$(median "${A[@]}") i=$(median "${I[@]}") c=$(median "${C[@]}")
    ratio=$(awk -v a="$a" -v c="$c" 'BEGIN { printf "%.3f", a / c }')
    ratios+=("$ratio")
    printf '%-44s %8.1fms %8.1fms %8.1fms %7s\n' "${f#$here/}" "$(awk -v x="$a" 'BEGIN{print x*1000}')" \
        "$(awk -v x="$i" 'BEGIN{print x*1000}')" "$(awk -v x="$c" 'BEGIN{print x*1000}')" "$ratio"
done
[ ${#ratios[@]} -gt 0 ] || { echo "no compiler found: time not measured"; exit 0; }
printf 'analysis / device compile over %d files: median %s, max %s (goal <= 0.30)\n' "${#ratios[@]}" \
    "$(median "${ratios[@]}")" "$(printf '%s\n' "${ratios[@]}" | sort -g | tail -1)"
