#!/usr/bin/env bash
# bench/analyze_vs_nvcc.sh [FILE] [ARCH] [ROUNDS] — kanalyze's analyze wall
# time as ratios to the compiles it replaces, measured in one run with the
# commands interleaved (so machine noise hits all alike):
#   A  kanalyze FILE --arch ARCH --format json --no-cache   (cold: no result cache)
#   B  nvcc -cubin -arch=ARCH -Xptxas -v FILE      (the floor: goal A/B <= 1.10)
#   C  nvcc -c -arch=ARCH -Xptxas -v FILE          (what users run: goal A/C <= 0.5)
# and the calculator's sweep rate (goal >= 10 M configurations/s).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
file=${1:-$here/kernels/reduction/reduction.cu}
arch=${2:-sm_90}
rounds=${3:-15}
ka=${KANALYZE:-$here/build/kanalyze}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.6f", b - a }'; }
declare -a A B C
for ((i = 0; i < rounds; i++)); do
    t=$(now); "$ka" "$file" --arch "$arch" --format json --no-cache >/dev/null; A+=("$(since "$t")")
    t=$(now); "$nvcc" -cubin -arch="$arch" -Xptxas -v -o "$tmp/k.cubin" "$file" 2>/dev/null; B+=("$(since "$t")")
    t=$(now); "$nvcc" -c -arch="$arch" -Xptxas -v -o "$tmp/k.o" "$file" 2>/dev/null; C+=("$(since "$t")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
a=$(median "${A[@]}") b=$(median "${B[@]}") c=$(median "${C[@]}")
printf 'file %s, arch %s, %d interleaved rounds, medians:\n' "$(basename "$file")" "$arch" "$rounds"
printf '  kanalyze --no-cache (cold)      %.3f s\n' "$a"
printf '  nvcc -cubin -Xptxas -v          %.3f s   ratio %.3f  (goal <= 1.10)\n' "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')"
printf '  nvcc -c -Xptxas -v              %.3f s   ratio %.3f  (goal <= 0.50)\n' "$c" "$(awk -v a="$a" -v c="$c" 'BEGIN { print a / c }')"
"$ka" occupancy --arch "$arch" --regs 1-255 --block 32-1024:32 --smem 0-232448:128 --format summary |
    python3 -c 'import json,sys; s=json.load(sys.stdin); print("  calculator sweep %d configurations in %.3f s: %.1f M/s (goal >= 10)" % (s["configurations"], s["seconds"], s["per_second"]/1e6))'
