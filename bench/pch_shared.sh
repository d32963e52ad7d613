#!/usr/bin/env bash
# bench/pch_shared.sh SAMPLES [ROUNDS] [KANALYZE_BEFORE] [KANALYZE] — the
# source analysis on a project laid out like NVIDIA's cuda-samples
# (SAMPLES: a checkout of github.com/NVIDIA/cuda-samples, copied, never
# written), one kanalyze per file as a build calls it, each file with its
# own directory's -I and Common/: twelve files that compile alone, from
# twelve directories.  Three passes: a first run (a fresh cache), an earlier
# edit (each file edited once: the result cache misses; the toolkit prefix's
# PCH is there, and the file's preamble is seen again, so it is
# precompiled) and the edit loop (each file edited again, the cache as that
# earlier edit left it).  ONE_CORE=1 runs every command on one core
# (taskset -c 0), as a parallel build with every core busy sees it.  For each round
# (interleaved, so machine noise hits all alike): nvcc -cubin -Xptxas -v per
# file (the floor), KANALYZE_BEFORE (an older build, to compare),
# KANALYZE, and KANALYZE --no-uniformity (the compile path alone: the
# resources, the occupancy, the launches).  Prints the minimum over ROUNDS (default 3) of wall and CPU
# (user+sys of the whole process tree) seconds, the PCHs made, and the
# ratios to nvcc.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
samples=$(cd "${1:?usage: pch_shared.sh SAMPLES [ROUNDS] [KANALYZE_BEFORE] [KANALYZE]}" && pwd)
rounds=${2:-3}
before=${3:-}
ka=${4:-$here/build/kanalyze}
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1

files=()
for f in "$samples"/Samples/{0_Introduction,2_Concepts_and_Techniques,6_Performance}/*/*.cu; do
    [ ${#files[@]} -ge 12 ] && break
    d=$(dirname "$f")
    case " ${files[*]} " in *" $d/"*) continue ;; esac
    "$nvcc" -cubin -arch=sm_90 -I "$d" -I "$samples/Common" -o /dev/null "$f" >/dev/null 2>&1 && files+=("$f")
done
mkdir -p "$tmp/w"                     # a copy: the edit pass writes into it
cp -r "$samples/Common" "$tmp/w/"
for i in "${!files[@]}"; do
    rel=${files[$i]#"$samples"/}
    mkdir -p "$tmp/w/$(dirname "$rel")"
    cp -r "$(dirname "${files[$i]}")"/. "$tmp/w/$(dirname "$rel")/"
    files[$i]=$tmp/w/$rel
done
samples=$tmp/w
echo "files: ${#files[@]} from ${#files[@]} directories; load $(cut -d' ' -f1-3 /proc/loadavg)"

cpu() { awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat; }   # this shell's children, in ticks
pass() {   # pass NAME CMD-PREFIX...: every file once, first run then edit loop
    local name=$1
    shift
    rm -rf "$tmp/cache-$name"
    export KANALYZE_CACHE_DIR=$tmp/cache-$name
    timed "$name first" "$@"
    # the edit loop: the cache as an earlier edit of each file left it
    for f in "${files[@]}"; do echo "// an earlier edit $RANDOM" >>"$f"; done
    timed "$name earlier" "$@"
    for f in "${files[@]}"; do echo "// an edit $RANDOM" >>"$f"; done
    timed "$name edit" "$@"
}
timed() {  # timed LABEL CMD-PREFIX...: wall and CPU seconds, PCHs made
    local name=$1 t0 t1 c0 c1
    shift
    t0=$(date +%s%N)
    c0=$(cpu)
    for f in "${files[@]}"; do
        ${ONE_CORE:+taskset -c 0} "$@" "$f" -I "$(dirname "$f")" -I "$samples/Common" >/dev/null 2>&1 || true
    done
    c1=$(cpu)
    t1=$(date +%s%N)
    echo "${name// /_} $(((t1 - t0) / 1000000)) $(((c1 - c0) * 1000 / $(getconf CLK_TCK))) $(ls "$KANALYZE_CACHE_DIR"/v1/pch/*.pch 2>/dev/null | wc -l)" >>"$tmp/runs"
}
: >"$tmp/runs"
for _ in $(seq "$rounds"); do
    pass nvcc "$nvcc" -cubin -Xptxas -v -arch=sm_90 -o /dev/null
    [ -n "$before" ] && pass before "$before" --arch sm_90 -q
    pass kanalyze "$ka" --arch sm_90 -q
    pass nouniformity "$ka" --arch sm_90 -q --no-uniformity
done
printf "%-16s %8s %8s %6s %10s %10s\n" "" wall_s cpu_s pchs wall/nvcc cpu/nvcc
awk '{ if (!($1 in w) || $2 < w[$1]) w[$1] = $2; if (!($1 in c) || $3 < c[$1]) c[$1] = $3; p[$1] = $4 }
     END {
        for (k in w) {
            n = k ~ /_edit$/ ? "nvcc_edit" : k ~ /_earlier$/ ? "nvcc_earlier" : "nvcc_first"
            printf "%-16s %8.2f %8.2f %6s %10.2f %10.2f\n", k, w[k] / 1000, c[k] / 1000, (k ~ /^nvcc/ ? "-" : p[k]), w[k] / w[n], c[k] / c[n]
        }
     }' "$tmp/runs" | sort
