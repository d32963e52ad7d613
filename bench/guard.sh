#!/usr/bin/env bash
# bench/guard.sh [CORPUS_DIR] [ARCH] [ROUNDS] — kanalyze at scale, as ratios
# measured in one run, the commands interleaved round by round so machine
# noise hits all alike (medians of ROUNDS, default 5), on every .cu file of
# CORPUS_DIR (default bench/corpus: GEMM tile, softmax, layernorm, scan,
# histogram, transpose, stencil, reductions, attention, conv, SpMV, sort):
#
#   A   kanalyze FILES -j 1, cold cache (emptied first)       the full analysis
#   B   nvcc -cubin -Xptxas -v, each file in turn           goal A/B <= 1.10
#   C   nvcc -c -Xptxas -v, each file in turn               goal A/C <= 0.50
#   W   kanalyze FILES -j 1, warm cache, per file           goal <= 20 ms
#   W1  kanalyze FILE (one process per file), warm, mean    goal <= 20 ms
#   J1  kanalyze FILES -j 1 --no-cache
#   J2  kanalyze FILES -j 2 --no-cache                      speed-up J1/J2
#   JN  kanalyze FILES -j $(nproc) --no-cache (when more than 2 CPUs)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corpus=${1:-$here/bench/corpus}
arch=${2:-sm_90}
rounds=${3:-5}
ka=${KANALYZE:-$here/build/kanalyze}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
files=("$corpus"/*.cu)
n=${#files[@]}
[ "$n" -ge 10 ] || { echo "guard.sh: want at least 10 .cu files in $corpus, found $n" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KANALYZE_CACHE_DIR=$tmp/cache

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
ms() { awk -v a="$1" -v k="$2" 'BEGIN { printf "%.1f", 1000 * a / k }'; }

# every file must analyse cleanly before anything is timed
"$ka" "${files[@]}" --arch "$arch" --no-cache --no-config -q --format json >"$tmp/check.json"
kernels=$(python3 -c 'import json,sys; print(sum(len(f["kernels"]) for f in json.load(open(sys.argv[1]))["files"]))' "$tmp/check.json")

declare -a A B C W W1 J1 J2 JN
ncpu=$(nproc)
for ((r = 0; r < rounds; r++)); do
    rm -rf "$KANALYZE_CACHE_DIR"
    t=$(now); "$ka" "${files[@]}" --arch "$arch" -j 1 --no-config -q --format json >/dev/null; A+=("$(since "$t")")
    t=$(now); for f in "${files[@]}"; do "$nvcc" -cubin -arch="$arch" -Xptxas -v -o "$tmp/k.cubin" "$f" 2>/dev/null; done; B+=("$(since "$t")")
    t=$(now); for f in "${files[@]}"; do "$nvcc" -c -arch="$arch" -Xptxas -v -o "$tmp/k.o" "$f" 2>/dev/null; done; C+=("$(since "$t")")
    t=$(now); "$ka" "${files[@]}" --arch "$arch" -j 1 --no-config -q --format json >/dev/null; W+=("$(since "$t")")
    t=$(now); for f in "${files[@]}"; do "$ka" "$f" --arch "$arch" --no-config -q --format json >/dev/null; done; W1+=("$(since "$t")")
    t=$(now); "$ka" "${files[@]}" --arch "$arch" -j 1 --no-cache --no-config -q --format json >/dev/null; J1+=("$(since "$t")")
    t=$(now); "$ka" "${files[@]}" --arch "$arch" -j 2 --no-cache --no-config -q --format json >/dev/null; J2+=("$(since "$t")")
    if [ "$ncpu" -gt 2 ]; then
        t=$(now); "$ka" "${files[@]}" --arch "$arch" -j "$ncpu" --no-cache --no-config -q --format json >/dev/null; JN+=("$(since "$t")")
    fi
done
a=$(median "${A[@]}") b=$(median "${B[@]}") c=$(median "${C[@]}") w=$(median "${W[@]}")
w1=$(median "${W1[@]}") j1=$(median "${J1[@]}") j2=$(median "${J2[@]}")

printf 'corpus %s: %d files, %d kernels, arch %s; %d interleaved rounds, medians; %d CPUs, load %s\n' \
    "$corpus" "$n" "$kernels" "$arch" "$rounds" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '  A  kanalyze, cold cache, -j 1          %8.3f s\n' "$a"
printf '  B  nvcc -cubin -Xptxas -v, in turn     %8.3f s   A/B = %s  (goal <= 1.10)\n' "$b" "$(ratio "$a" "$b")"
printf '  C  nvcc -c -Xptxas -v, in turn         %8.3f s   A/C = %s  (goal <= 0.50)\n' "$c" "$(ratio "$a" "$c")"
printf '  W  kanalyze, warm cache, all files     %8.3f s   %s ms per unchanged file  (goal <= 20)\n' "$w" "$(ms "$w" "$n")"
printf '  W1 kanalyze FILE, warm, one process    %8.3f s   %s ms per invocation  (goal <= 20)\n' "$w1" "$(ms "$w1" "$n")"
printf '  J1 kanalyze --no-cache -j 1            %8.3f s\n' "$j1"
printf '  J2 kanalyze --no-cache -j 2            %8.3f s   speed-up J1/J2 = %s\n' "$j2" "$(ratio "$j1" "$j2")"
if [ "$ncpu" -gt 2 ]; then
    jn=$(median "${JN[@]}")
    printf '  JN kanalyze --no-cache -j %-3d          %8.3f s   speed-up J1/JN = %s\n' "$ncpu" "$jn" "$(ratio "$j1" "$jn")"
fi
