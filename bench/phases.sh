#!/usr/bin/env bash
# bench/phases.sh ROOT [FILE-LIST] — where a source analysis spends its
# time, phase by phase ($KANALYZE_TIMINGS: core/phase.c), summed over files:
# the bench corpus (bench/corpus/*.cu, this project's) and the public files
# of bench/public/files.txt under ROOT (as bench/public_vs_nvcc.sh takes
# it).  Two runs a file, each in the file's directory with no flag but the
# arch:
#   cold   --no-cache: nothing cached, no precompiled toolkit prefix
#   edit   a cache holding only the precompiled prefixes (pch/ of a warm-up)
# Per phase: how many files ran it, its wall time summed, the process's CPU
# time summed (libclang parses on threads of its own, so a parse's CPU is
# the process's), and for the run as a whole the share of the wall that
# lies past the compile (what the analysis adds on top of nvcc).  Phases on
# thread t1 (libclang) overlap the compile (t0's "nvcc").
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${1:?usage: bench/phases.sh ROOT [FILE-LIST]}
list=${2:-$here/bench/public/files.txt}
arch=${ARCH:-sm_90}
ka=${KANALYZE:-$here/build/kanalyze}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t files < <([[ ${CORPUS:-1} == 0 ]] || ls "$here"/bench/corpus/*.cu; grep -v '^#' "$list" |
    awk -v r="$root" 'NF == 2 { gsub("/", "+", $1); print r "/" $1 "/" $2 }')
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; ${#files[@]} files, $arch"
for f in "${files[@]}"; do
    (cd "$(dirname "$f")" && KANALYZE_CACHE_DIR=$tmp/warm "$ka" "$(basename "$f")" --arch "$arch" \
        --format json >/dev/null 2>&1) || true
done
for mode in cold edit; do
    : >"$tmp/$mode.log"
    for f in "${files[@]}"; do
        rm -rf "$tmp/c" && mkdir -p "$tmp/c/v1" && chmod -R 700 "$tmp/c"
        [[ -d $tmp/warm/v1/pch ]] && cp -a "$tmp/warm/v1/pch" "$tmp/c/v1/pch"
        extra=(--no-cache)
        [[ $mode == edit ]] && extra=()
        (cd "$(dirname "$f")" && KANALYZE_TIMINGS=1 KANALYZE_CACHE_DIR=$tmp/c "$ka" "$(basename "$f")" \
            --arch "$arch" --format json "${extra[@]}" 2>&1 >/dev/null | grep -E '^  (phase|total)') \
            >>"$tmp/$mode.log" || true
        echo "  end-of-file" >>"$tmp/$mode.log"
    done
    echo
    echo "== $mode: ${#files[@]} files"
    awk '
    $1 == "phase" {
        # name may hold spaces: the 5 numbers and the thread come last
        n = NF; thr = ""; for (i = 2; i <= NF; i++) if ($i ~ /^t[0-9]$/) { n = i; thr = $i }
        name = $2; for (i = 3; i <= n - 5; i++) name = name " " $i
        wall = $(n - 2); cpu = $(n - 1); end = $(n - 3)
        key = name " (" thr ")"; W[key] += wall; C[key] += cpu; N[key]++
        if (name == "nvcc") nvcc_end = end
        next
    }
    $1 == "total" { tot += $2; if (nvcc_end > 0) { past += $2 - nvcc_end; with_nvcc++ } nvcc_end = 0; files++ }
    END {
        printf "  %-34s %5s %11s %11s\n", "phase (thread)", "files", "wall ms", "CPU ms"
        for (k in W) printf "  %-34s %5d %11.1f %11.1f\n", k, N[k], W[k], C[k] | "sort -k1,1"
        close("sort -k1,1")
        printf "  runs %d, wall %.1f ms in all; after the compile ended: %.1f ms (%.1f%% of the wall of the %d runs that compiled)\n",
            files, tot, past, (tot > 0 ? 100 * past / tot : 0), with_nvcc
    }' "$tmp/$mode.log"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
