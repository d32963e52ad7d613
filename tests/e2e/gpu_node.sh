#!/usr/bin/env bash
# gpu_node.sh KANALYZE SRCDIR — what kanalyze did on a GPU node, as a user
# without root gets it there (tools/gpu_node.sh, run on the lent H200 once
# from the unpacked bundle, once from the wheel installed into a fresh venv
# with pip install --no-index), replayed here: every record it wrote is
# re-checked by this build's model (verify --check: blocks per SM
# recomputed from the recorded registers and shared memory, never read
# back), every step it ran exited 0 and said pass, and the libclang it
# loaded was the bundle's and the wheel's own.
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
node=$src/testdata/verify/gpu-node-2026-12-05

profiles_passed() {   # profiles_passed WHO DIR: its verify --profile runs passed there
    for p in profile_vectorAdd profile_cases_main; do
        py '
import json, sys
s = json.load(open(sys.argv[2]))["summary"]
assert s["result"] == "pass" and s["kernels"] > 0 and s["theoretical_occupancy"]["differ"] == 0, s
' "$1: verify --profile $p passed there" "$2/$p.json"
    done
}

for how in bundle wheel; do
    d=$node/$how
    grep -q '^device    NVIDIA H200' "$d/env.txt" && ok "$how: recorded on the H200" || bad "$how: not an H200 record" "$(head -3 "$d/env.txt")"
    awk -v how="$how" '$2 != 0 && !(how == "bundle" && $1 == "profile_vectorAdd") {bad = 1} END {exit bad}' "$d/status.txt" &&
        ok "$how: every step exited 0" || bad "$how: a step failed there" "$(cat "$d/status.txt")"
    for rec in "$d"/*.jsonl; do
        expect "$how: verify --check $(basename "$rec")" 0 "$ka" verify --check "$rec"
        has "$how: $(basename "$rec") passes under this model" "$tmp/out" "pass"
    done
    profiles_passed "$how" "$d"
    grep -q 'pass: 38/38 kernels' "$d/verify.txt" && ok "$how: verify: 38/38 registers" || bad "$how: verify summary" "$(tail -2 "$d/verify.txt")"
done
grep -q '^libclang   /tmp/node/kanalyze-[^/]*/lib/kanalyze/libclang' "$node/bundle/env.txt" &&
    ok "bundle: libclang from the unpacked bundle" || bad "bundle: libclang" "$(grep libclang "$node/bundle/env.txt")"
grep -q '^libclang   /tmp/venv/lib/python[^/]*/site-packages/kanalyze/lib/kanalyze/libclang' "$node/wheel/env.txt" &&
    ok "wheel: libclang from the installed wheel" || bad "wheel: libclang" "$(grep libclang "$node/wheel/env.txt")"
# a later bundle (verify/ as a library of its own), run on an H100; the
# device tool returned eight of its files (NOTE.txt)
h=$src/testdata/verify/gpu-node-2026-12-05-h100
grep -q '^device    NVIDIA H100' "$h/env.txt" && ok "h100: recorded on the H100" || bad "h100: not an H100 record" "$(head -3 "$h/env.txt")"
expect "h100: verify --check files.jsonl" 0 "$ka" verify --check "$h/files.jsonl"
has "h100: files.jsonl passes under this model" "$tmp/out" "pass"
grep -q 'pass: 40 kernels, 39168 blocks-per-SM answers' "$h/files.txt" && ok "h100: verify FILE passed there" ||
    bad "h100: verify FILE summary" "$(tail -3 "$h/files.txt")"
profiles_passed h100 "$h"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
