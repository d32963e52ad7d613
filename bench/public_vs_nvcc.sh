#!/usr/bin/env bash
# bench/public_vs_nvcc.sh ROOT [ROUNDS] [ARCH] — kanalyze's source analysis
# on public files it was never tuned on (bench/public/files.txt), as ratios
# to the compiles it stands beside, every command interleaved per file and
# round so that machine noise hits all alike.  Each runs in the file's
# directory with no flag but the arch:
#   A   kanalyze FILE (defaults: every analysis, the cache on) on a file the
#       cache has never seen, the toolkit's precompiled prefix present (a
#       fresh cache directory holding only the pch/ of a warm-up run): what
#       a user sees on an edited file
#   A0  kanalyze FILE --no-cache: nothing cached, no precompiled prefix
#   D   kanalyze FILE --no-uniformity, as A
#   W   kanalyze FILE again on A's cache: the unchanged file, warm
#   B   nvcc -cubin -arch=ARCH -Xptxas -v FILE   (the floor)
#   C   nvcc -c -arch=ARCH -Xptxas -v FILE       (what users run)
# Per file the median of ROUNDS; then the median over files of each ratio,
# and the ratio of the sums.  Goals (DESIGN §10): A/B <= 1.05, A/C <= 0.4,
# D/B <= 1.03, W <= 10 ms.  ROOT holds the repositories as owner+name/.
# The load average before and after is printed: a loaded machine stretches
# the analysis (it needs the second core while nvcc holds the first).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${1:?usage: bench/public_vs_nvcc.sh ROOT [ROUNDS] [ARCH]}
rounds=${2:-3}
arch=${3:-sm_90}
ka=${KANALYZE:-$here/build/kanalyze}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
list=${FILES:-$here/bench/public/files.txt}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bash's own clock (EPOCHREALTIME): read before and after each command, no
# process started to read it (a `date` costs milliseconds)
el() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

mapfile -t files < <(grep -v '^#' "$list" | awk 'NF == 2 { gsub("/", "+", $1); print $1 "/" $2 }')
for f in "${files[@]}"; do
    [[ -f $root/$f ]] || { echo "missing: $root/$f" >&2; exit 2; }
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; ${#files[@]} files, $rounds rounds, $arch"

# warm-up: the precompiled prefixes every file's flags need
warm=$tmp/warm
for f in "${files[@]}"; do
    (cd "$root/$(dirname "$f")" && KANALYZE_CACHE_DIR=$warm "$ka" "$(basename "$f")" --arch "$arch" \
        --format json >/dev/null 2>&1) || true
done
fresh() {   # a cache directory holding only the precompiled prefixes
    rm -rf "$1"
    mkdir -p "$1/v1"
    chmod 700 "$1" "$1/v1"
    if [[ -d $warm/v1/pch ]]; then cp -a "$warm/v1/pch" "$1/v1/pch"; fi
}

printf '%-58s %7s %7s %7s %7s %7s %7s  %6s %6s %6s %6s\n' file B_s C_s A_s A0_s D_s W_ms A/B A0/B D/B A/C
declare -a RAB RA0B RDB RAC
sa=0 sb=0 sc=0 sd=0 sa0=0
for f in "${files[@]}"; do
    dir=$root/$(dirname "$f") base=$(basename "$f")
    declare -a A=() A0=() B=() C=() D=() W=()
    for ((r = 0; r < rounds; r++)); do
        cd "$dir"
        fresh "$tmp/c"
        t=$EPOCHREALTIME; KANALYZE_CACHE_DIR=$tmp/c "$ka" "$base" --arch "$arch" --format json >/dev/null 2>&1 || true; e=$EPOCHREALTIME; A+=("$(el "$t" "$e")")
        t=$EPOCHREALTIME; KANALYZE_CACHE_DIR=$tmp/c "$ka" "$base" --arch "$arch" --format json >/dev/null 2>&1 || true; e=$EPOCHREALTIME; W+=("$(el "$t" "$e")")
        t=$EPOCHREALTIME; "$ka" "$base" --arch "$arch" --format json --no-cache >/dev/null 2>&1 || true; e=$EPOCHREALTIME; A0+=("$(el "$t" "$e")")
        fresh "$tmp/d"
        t=$EPOCHREALTIME; KANALYZE_CACHE_DIR=$tmp/d "$ka" "$base" --arch "$arch" --format json --no-uniformity >/dev/null 2>&1 || true; e=$EPOCHREALTIME; D+=("$(el "$t" "$e")")
        t=$EPOCHREALTIME; "$nvcc" -cubin -arch="$arch" -Xptxas -v -o "$tmp/k.cubin" "$base" >/dev/null 2>&1 || true; e=$EPOCHREALTIME; B+=("$(el "$t" "$e")")
        t=$EPOCHREALTIME; "$nvcc" -c -arch="$arch" -Xptxas -v -o "$tmp/k.o" "$base" >/dev/null 2>&1 || true; e=$EPOCHREALTIME; C+=("$(el "$t" "$e")")
    done
    a=$(median "${A[@]}") a0=$(median "${A0[@]}") b=$(median "${B[@]}") c=$(median "${C[@]}") d=$(median "${D[@]}") w=$(median "${W[@]}")
    rab=$(awk -v x="$a" -v y="$b" 'BEGIN { printf "%.3f", x / y }')
    ra0b=$(awk -v x="$a0" -v y="$b" 'BEGIN { printf "%.3f", x / y }')
    rdb=$(awk -v x="$d" -v y="$b" 'BEGIN { printf "%.3f", x / y }')
    rac=$(awk -v x="$a" -v y="$c" 'BEGIN { printf "%.3f", x / y }')
    RAB+=("$rab") RA0B+=("$ra0b") RDB+=("$rdb") RAC+=("$rac")
    sa=$(awk -v s="$sa" -v x="$a" 'BEGIN { print s + x }'); sb=$(awk -v s="$sb" -v x="$b" 'BEGIN { print s + x }')
    sc=$(awk -v s="$sc" -v x="$c" 'BEGIN { print s + x }'); sd=$(awk -v s="$sd" -v x="$d" 'BEGIN { print s + x }')
    sa0=$(awk -v s="$sa0" -v x="$a0" 'BEGIN { print s + x }')
    printf '%-58s %7.3f %7.3f %7.3f %7.3f %7.3f %7.1f  %6s %6s %6s %6s\n' "$f" "$b" "$c" "$a" "$a0" "$d" \
        "$(awk -v x="$w" 'BEGIN { print x * 1000 }')" "$rab" "$ra0b" "$rdb" "$rac"
    WS+=("$w")
done
echo "medians over ${#files[@]} files:"
echo "  A/B  (analysis / nvcc -cubin)           $(median "${RAB[@]}")   (goal <= 1.05)   sums $(awk -v x="$sa" -v y="$sb" 'BEGIN { printf "%.3f", x / y }')"
echo "  A0/B (--no-cache, no precompiled prefix) $(median "${RA0B[@]}")                  sums $(awk -v x="$sa0" -v y="$sb" 'BEGIN { printf "%.3f", x / y }')"
echo "  D/B  (--no-uniformity / nvcc -cubin)    $(median "${RDB[@]}")   (goal <= 1.03)   sums $(awk -v x="$sd" -v y="$sb" 'BEGIN { printf "%.3f", x / y }')"
echo "  A/C  (analysis / nvcc -c)               $(median "${RAC[@]}")   (goal <= 0.40)   sums $(awk -v x="$sa" -v y="$sc" 'BEGIN { printf "%.3f", x / y }')"
echo "  W    (unchanged file, warm cache)        $(awk -v x="$(median "${WS[@]}")" 'BEGIN { printf "%.1f ms", x * 1000 }')   (goal <= 10 ms)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
