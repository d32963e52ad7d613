#!/usr/bin/env bash
# bench/memory.sh ROOT [LIB] — peak resident memory of kanalyze itself
# ($KANALYZE_TIMINGS's VmHWM) and with its compilers (GNU time's max RSS of
# the process and the children it waited for) of
#   - a compile database run (kanalyze -p DB --arch sm_90 -j 2 --no-cache)
#     over the first 15, 30 and 60 CUDA files, sorted, of the repositories
#     under ROOT (owner+name/ directories: bench/public/files.txt's three),
#     each entry `nvcc -c -arch=sm_90 FILE` in the file's directory: the
#     figure must not grow with the number of files beyond what -j holds
#   - the largest library (default the toolkit's libcusparse, every arch)
# A file that does not compile is reported by kanalyze and costs little.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
root=${1:?usage: bench/memory.sh ROOT [LIB]}
lib=${2:-/usr/local/cuda/lib64/libcusparse.so.12}
ka=${KANALYZE:-$here/build/kanalyze}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t all < <(for r in brucefan1983+CUDA-Programming karpathy+llm.c olcf+cuda-training-series; do
    find "$root/$r" -name '*.cu' -size -64k; done | LC_ALL=C sort)
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; ${#all[@]} candidate files"
for n in 15 30 60; do
    python3 - "$tmp/db$n.json" "${all[@]:0:$n}" <<'PY'
import json, os, sys
out, files = sys.argv[1], sys.argv[2:]
json.dump([{"directory": os.path.dirname(f), "file": f,
            "arguments": ["nvcc", "-c", "-arch=sm_90", os.path.basename(f), "-o", "/dev/null"]} for f in files],
          open(out, "w"), indent=1)
PY
    KANALYZE_TIMINGS=1 /usr/bin/time -f '%M %e' -o "$tmp/t$n" "$ka" -p "$tmp/db$n.json" --arch sm_90 -j 2 \
        --no-cache --format json >"$tmp/o$n.json" 2>"$tmp/e$n" || true
    read -r kb s < <(tail -n 1 "$tmp/t$n")     # after "Command exited with ..." when a file failed
    own=$(awk '$1 == "peak" && $2 == "RSS" { print $3 / 1024 }' "$tmp/e$n")
    k=$(python3 -c 'import json,sys; print(sum(len(f["kernels"]) for f in json.load(open(sys.argv[1]))["files"]))' \
        "$tmp/o$n.json" 2>/dev/null || echo "?")
    printf '  -p database of %2d files: kanalyze %7.1f MiB, with its compilers %7.1f MiB, %6.1f s, %s kernels\n' \
        "$n" "${own:-0}" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')" "$s" "$k"
done
if [[ -f $lib ]]; then
    /usr/bin/time -f '%M %e' -o "$tmp/tl" "$ka" "$lib" --format json -q --no-cache >/dev/null 2>/dev/null || true
    read -r kb s < <(tail -n 1 "$tmp/tl")
    printf '  %s (%d MB), every arch: peak RSS %.1f MiB, %.1f s\n' "$(basename "$lib")" \
        "$(( $(stat -c %s "$lib") / 1000000 ))" "$(awk -v k="$kb" 'BEGIN { print k / 1024 }')" "$s"
fi
