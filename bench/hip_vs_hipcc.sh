#!/usr/bin/env bash
# hip_vs_hipcc.sh KANALYZE DIR [ARCHS] — does kanalyze, with no compiler
# named, report what the user's HIP build reports?  For every .hip/.cpp
# under DIR that defines a __global__ kernel: the build's own remarks
#   hipcc -x hip --offload-arch=A --cuda-device-only -S -O3
#         -Rpass-analysis=kernel-resource-usage -I<its dir> FILE
# (the compiler a build would use: $HIPCC, else hipcc on PATH), one per arch,
# beside `kanalyze FILE --arch ARCHS --format json -I<its dir>` with
# KANALYZE_CLANG unset and no --clang; per kernel and arch VGPRs, SGPRs,
# AGPRs, scratch and LDS must be equal.  Files the build itself cannot
# compile are listed and left out.  Prints one line per mismatch and a
# summary "N kernels x archs: M equal"; exit 1 on any mismatch.
# ARCHS defaults to gfx90a,gfx1030; $INCLUDES (colon-separated directories)
# are added to both compiles (rocm-examples: its Common/ headers).  Run on code you did not write (a
# public sample set); commit nothing of it.
set -u
[ $# -ge 2 ] || { echo "usage: $0 KANALYZE DIR [ARCHS]" >&2; exit 2; }
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(cd "$2" && pwd)
archs=${3:-gfx90a,gfx1030}
hipcc=${HIPCC:-$(command -v hipcc || true)}
[ -n "$hipcc" ] || { echo "hipcc not found: not run"; exit 77; }
unset KANALYZE_CLANG
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KANALYZE_CACHE_DIR=$tmp/cache
inc=()
IFS=: read -r -a extra <<<"${INCLUDES:-}"
for i in "${extra[@]}"; do [ -n "$i" ] && inc+=(-I"$i"); done

find "$dir" \( -name '*.hip' -o -name '*.cpp' \) -print0 | sort -z | xargs -0 grep -l '__global__' >"$tmp/files" || true
n_files=0
: >"$tmp/skipped"
while IFS= read -r f; do
    d=$(dirname "$f")
    ok=1
    for a in ${archs//,/ }; do
        if ! "$hipcc" -x hip --offload-arch="$a" --cuda-device-only -S -O3 \
             -Rpass-analysis=kernel-resource-usage -I"$d" "${inc[@]}" -o "$tmp/out.s" "$f" 2>"$tmp/r.$n_files.$a" >/dev/null; then
            ok=0
        fi
    done
    if [ $ok = 0 ]; then echo "$f" >>"$tmp/skipped"; continue; fi
    "$ka" -x hip "$f" --arch "$archs" --format json --no-uniformity --no-config -q -I "$d" "${inc[@]}" \
        >"$tmp/k.$n_files.json" 2>"$tmp/k.$n_files.err"
    echo "$n_files $f" >>"$tmp/index"
    n_files=$((n_files + 1))
done <"$tmp/files"

python3 - "$tmp" "$archs" <<'PY'
import json, os, re, sys
tmp, archs = sys.argv[1], sys.argv[2].split(",")
keys = {"VGPRs": "vgprs", "SGPRs": "sgprs", "AGPRs": "agprs",
        "ScratchSize [bytes/lane]": "scratch", "LDS Size [bytes/block]": "lds"}
def remarks(path):
    out, cur = {}, None
    for line in open(path, errors="replace"):
        m = re.search(r"remark: +(.*?) \[-Rpass-analysis=kernel-resource-usage\]", line)
        if not m:
            continue
        text = m.group(1).strip()
        if text.startswith("Function Name: "):
            cur = out.setdefault(text[len("Function Name: "):], {})
            continue
        k, _, v = text.rpartition(": ")
        if cur is not None and k in keys:
            cur[keys[k]] = int(v)
    # kernels only: LLVM prints an LDS size for kernels
    return {n: r for n, r in out.items() if "lds" in r}
total = equal = 0
bad = []
files = 0
for line in open(os.path.join(tmp, "index")) if os.path.exists(os.path.join(tmp, "index")) else []:
    i, f = line.rstrip("\n").split(" ", 1)
    files += 1
    try:
        j = json.load(open(os.path.join(tmp, f"k.{i}.json")))
    except Exception as e:
        bad.append(f"{f}: kanalyze gave no JSON ({e}): {open(os.path.join(tmp, f'k.{i}.err')).read()[:300]}")
        continue
    got = {(e["arch"], k["mangled"]): k["resources"] for e in j["files"] for k in e["kernels"]}
    tc = j["toolchain"]
    for a in archs:
        for name, want in remarks(os.path.join(tmp, f"r.{i}.{a}")).items():
            total += 1
            have = got.get((a, name))
            if have is None:
                bad.append(f"{f} {a} {name}: not in kanalyze's report"); continue
            diff = {k: (v, have.get(k)) for k, v in want.items() if have.get(k) != v}
            if diff:
                bad.append(f"{f} {a} {name}: build vs kanalyze {diff}")
            else:
                equal += 1
skipped = [l.strip() for l in open(os.path.join(tmp, "skipped")) if l.strip()]
for b in bad:
    print("DIFF ", b)
for s in skipped:
    print("skip ", s, "(the build's own compile fails)")
print(f"{files} files ({len(skipped)} left out), {total} kernels x archs: {equal} equal"
      + (f"; kanalyze's compiler: {tc.get('hip_compiler')} (LLVM {tc.get('clang')})" if files else ""))
sys.exit(1 if bad else 0)
PY
