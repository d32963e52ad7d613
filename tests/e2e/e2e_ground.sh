#!/usr/bin/env bash
# e2e_ground.sh KANALYZE SRCDIR — findings checked against the code of their
# lines (lib/ground.c) through the real binary, on tests/e2e/ground.cu: a
# strided load in a loop and an array-of-structures member read are
# confirmed and name their global instructions; a float4's four members
# (one 128-bit load) and a template-parameter candidate in a function the
# compiler inlined (no call) are contradicted: kept in JSON with why, left
# out of the text report; the PTX (default) and the SASS (--sass) give the
# same verdicts; a warm cache gives the same JSON as the cold run; access
# findings carry a cost; a HIP file's AMDGPU assembly is read the same way
# (tests/e2e/ground.hip).  Without nvcc: "not run" (exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp

export PATH=$PATH:/usr/local/cuda/bin
if ! command -v nvcc >/dev/null; then
    echo "not run: no nvcc"
    exit 77
fi
k=$src/tests/e2e/ground.cu

"$ka" "$k" --arch sm_90 --format json >"$tmp/cold.json" 2>"$tmp/err"
cp "$tmp/cold.json" "$tmp/out"
py '
import json, sys
d = json.load(open(sys.argv[1]))
got = {}
for f in d["files"]:
    for k in f["kernels"]:
        for x in k["findings"]:
            got.setdefault((k["name"].split("(")[0], x["rule"]), set()).add(x["verdict"])
want = {("strided_loop", "KA107"): {"confirmed"}, ("member_read", "KA107"): {"confirmed"},
        ("inlined_taps", "KA108"): {"contradicted"}}
assert got == want, got
for f in d["files"]:
    for k in f["kernels"]:
        for x in k["findings"]:
            m = x["machine"]
            assert m.startswith("PTX: "), m
            if x["rule"] == "KA107":
                # decided by the warp model: its instructions, sectors, pattern
                a = x["access"]
                assert "ld.global.f32" in m and a["instructions"] == ["ld.global.f32"], x
                assert x["cost"]["sectors_per_request"] > x["cost"]["ideal_sectors"] and 0 < x["cost"]["share"] <= 1, x
            if k["name"].startswith("strided_loop"):
                # lanes 64 floats apart: every lane its own sector; 256 B apart
                assert x["cost"]["sectors_per_request"] == 32 and x["access"]["pattern"] == "lanes 256 B apart", x
                assert x["access"]["executions"] > 8, x          # the rows loop, from its parameter bound
            if k["name"].startswith("member_read"):
                assert x["cost"]["sectors_per_request"] == 16 and x["access"]["pattern"] == "lanes 16 B apart", x
            if x["rule"] == "KA108":
                assert "no call" in m, m
# the float4 read whole is one 16-byte load per lane, contiguous: no finding
whole = [a for f in d["files"] for k in f["kernels"] if k["name"].startswith("member_whole") for a in k["accesses"]
         if a["space"] == "global" and a["op"] == "load"]
assert len(whole) == 1 and whole[0]["bytes_per_lane"] == 16 and whole[0]["per_request"]["sectors"] == 16, whole
' "PTX: the model confirms the strided and member loads with their sectors, finds the float4 contiguous; the inlined candidate contradicted"

"$ka" "$k" --arch sm_90 --format json >"$tmp/warm.json" 2>/dev/null
cmp -s "$tmp/cold.json" "$tmp/warm.json" && ok "a warm cache gives the same verdicts and costs" ||
    bad "warm cache" "$(diff "$tmp/cold.json" "$tmp/warm.json" | head -20)"

"$ka" "$k" --arch sm_90 --findings info >"$tmp/out" 2>&1
grep -q '^  KA107       12:' "$tmp/out" && grep -q 'PTX: ld.global.f32.*32.0 sectors per request where 4.0 would do' "$tmp/out" &&
    grep -q '^  KA107       20:' "$tmp/out" && ! grep -q '^  KA107       28:' "$tmp/out" && ! grep -q 'KA108' "$tmp/out" &&
    ok "text: the confirmed findings with their code, the contradicted ones left out" ||
    bad "text report" "$(cat "$tmp/out")"

if [ -n "$(cd "$src" && ls .tools/python/nvidia/*/bin/nvdisasm 2>/dev/null)" ] || command -v nvdisasm >/dev/null; then
    "$ka" "$k" --arch sm_90 --sass --format json >"$tmp/out" 2>"$tmp/err"
    py '
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
def verdicts(d):
    return sorted((k["name"], x["rule"], x["line"], x["col"], x["verdict"]) for f in d["files"] for k in f["kernels"] for x in k["findings"])
assert verdicts(a) == verdicts(b), (verdicts(a), verdicts(b))
for f in a["files"]:
    for k in f["kernels"]:
        for x in k["findings"]:
            # a finding of the model keeps the PTX it was decided on
            assert x["machine"].startswith("PTX: " if x["access"] else "SASS: "), x["machine"]
' "--sass: the same verdicts; the analyzer's checked against the SASS" "$tmp/cold.json"
else
    echo "not run: --sass check (no nvdisasm)"
fi

if command -v clang-16 >/dev/null 2>&1 && [ -f /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc ]; then
    "$ka" "$src/tests/e2e/ground.hip" --arch gfx90a --format json >"$tmp/out" 2>"$tmp/err"
    py '
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((k["name"].split("(")[0], x["rule"], x["verdict"], x["machine"].split(":")[0])
             for f in d["files"] for k in f["kernels"] for x in k["findings"])
assert got == [("member_read", "KA107", "confirmed", "AMDGPU"), ("strided_loop", "KA107", "confirmed", "AMDGPU"),
               ("taps", "KA108", "contradicted", "AMDGPU")], got
for f in d["files"]:
    for k in f["kernels"]:
        for x in k["findings"]:
            if x["rule"] == "KA107":
                # decided by the wave model on the AMDGPU assembly, in 64-byte lines
                assert "global_load_dword" in x["machine"] and x["cost"]["share"] > 0, x
                assert x["access"]["sector_bytes"] == 64 and x["access"]["instructions"] == ["global_load_dword"], x
            if k["name"].startswith("strided_loop"):
                # 64 lanes 256 B apart: a line each, where 4 would do
                assert x["cost"]["sectors_per_request"] == 64 and x["cost"]["ideal_sectors"] == 4, x
            if k["name"].startswith("member_read"):
                assert x["cost"]["sectors_per_request"] == 16 and x["access"]["pattern"] == "lanes 16 B apart", x
' "HIP: the wave model finds the strided and member loads on the AMDGPU assembly; the inlined candidate contradicted"
else
    echo "not run: HIP check (no clang-16 with the ROCm device libraries)"
fi

echo "e2e_ground: $pass passed, $fail failed"
[ $fail = 0 ]
