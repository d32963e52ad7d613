#!/usr/bin/env bash
# e2e_model.sh KANALYZE SRCDIR — the warp address model through the real
# binary: every access of a kernel listed in JSON with its figures
# (tests/machine/cases.cu, whose figures test_machine.c works out by hand),
# the bank-conflict and local-memory findings (KA115, KA116) carrying their
# access, a gather named as one, a spill as local-memory traffic, and the
# spill what-if (KA117) on
# tests/e2e/spill_bounds.cu: compiled again at the launch's register limit,
# its measured registers and spills in the result's what-ifs.  A kernel that
# does not spill is compiled once.  Without nvcc: "not run" (exit 77).
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

"$ka" "$src/tests/machine/cases.cu" --arch sm_90 --block 256 --format json >"$tmp/out" 2>"$tmp/err"
py '
import json, sys
d = json.load(open(sys.argv[1]))
ks = {k["name"].split("(")[0]: k for k in d["files"][0]["kernels"]}
src = open(sys.argv[2]).read().split("\n")
line = {w.split("@")[1].strip(): i + 1 for i, w in enumerate(src) if "// @" in w}
def acc(kernel, mark, space, op):
    return [a for a in ks[kernel]["accesses"] if a["line"] == line[mark] and a["space"] == space and a["op"] == op][0]
a = acc("stride2", "stride2", "global", "load")
assert a["per_request"] == {"sectors": 8.0, "ideal": 4.0, "wavefronts": None, "ideal_wavefronts": None}, a
assert a["pattern"] == "lanes 8 B apart" and a["instructions"] == ["ld.global.f32"] and a["bytes_per_lane"] == 4, a
assert [f["rule"] for f in ks["stride2"]["findings"]] == ["KA107"], ks["stride2"]["findings"]
assert not ks["coalesced"]["findings"] and not ks["vector4"]["findings"], (ks["coalesced"], ks["vector4"])
g = acc("gather", "gather", "global", "load")
assert g["gather"] and g["gather_line"] == line["gather_index"] and "gather" in g["pattern"], g
f = [x for x in ks["gather"]["findings"] if x["rule"] == "KA107"][0]
assert "if its lanes read unrelated elements" in f["message"] and f["access"]["gather"], f
assert acc("counted_loop", "counted_loop", "global", "load")["executions"] == 100, ks["counted_loop"]
n = [x for x in ks["neighbours"]["findings"] if x["rule"] == "KA109"][0]
assert n["line"] == line["neighbours"] and n["access"]["vector_bytes"] == 16, n
la = ks["local_array"]
assert la["resources"]["stack"] == 0 and not [a for a in la["accesses"] if a["space"] == "local"], la["accesses"]
assert not [x for x in la["findings"] if x["rule"] == "KA116"], la["findings"]
' "json: every access with its sectors, pattern and instructions; KA107, KA109 and a gather; no local access where ptxas left no frame" "$src/tests/machine/cases.cu"
"$ka" "$src/tests/machine/truth/cases_main.cu" --arch sm_90 --block 256 --format json >"$tmp/out" 2>"$tmp/err"
py '
import json, sys
ks = {k["name"].split("(")[0]: k for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]}
src = open(sys.argv[2]).read().split("\n")
line = {w.split("@")[1].strip(): i + 1 for i, w in enumerate(src) if "// @" in w}
ld = ks["local_dynamic"]
assert ld["resources"]["stack"] > 0, ld["resources"]
local = {(a["line"], a["op"]) for a in ld["accesses"] if a["space"] == "local"}
assert local == {(line["local_dynamic_store"], "store"), (line["local_dynamic"], "load")}, local
assert line["local_dynamic"] in [x["line"] for x in ld["findings"] if x["rule"] == "KA116"], ld["findings"]
' "json: a local array ptxas keeps in local memory (a frame): its store and load, KA116" "$src/tests/machine/truth/cases_main.cu"

cat >"$tmp/tr.cu" <<EOS
#include "$src/tests/machine/cases.cu"
void go(float *o, const float *i) {
    transpose_naive<<<dim3(8, 8), dim3(32, 32)>>>(o, i, 256);
    transpose_padded<<<dim3(8, 8), dim3(32, 32)>>>(o, i, 256);
}
EOS
"$ka" "$tmp/tr.cu" --arch sm_90 --format json >"$tmp/out" 2>"$tmp/err"
py '
import json, sys
d = json.load(open(sys.argv[1]))
ks = {k["name"].split("(")[0]: k for k in d["files"][0]["kernels"]}
f = [x for x in ks["transpose_naive"]["findings"] if x["rule"] == "KA115"]
assert len(f) == 1 and f[0]["access"]["per_request"]["wavefronts"] == 32.0, f
assert f[0]["cost"]["sectors_per_request"] == 32 and f[0]["cost"]["ideal_sectors"] == 1, f
assert not [x for x in ks["transpose_padded"]["findings"] if x["rule"] == "KA115"], ks["transpose_padded"]["findings"]
assert ks["transpose_naive"]["occupancy"]["block_dims"] == [32, 32, 1], ks["transpose_naive"]["occupancy"]
' "launched (32, 32): the transposed tile conflicts 32 ways (KA115), the padded one not at all"

"$ka" "$src/tests/e2e/spill_bounds.cu" --arch sm_90 >"$tmp/out" 2>"$tmp/err"
has "text: KA117 at the kernel with the recompile's figures" "$tmp/out" "KA117       4:1 ptxas spills"
has "text: the what-if at the launch's register limit" "$tmp/out" "what if     regs=255 (launch)"
"$ka" "$src/tests/e2e/spill_bounds.cu" --arch sm_90 --format json >"$tmp/out" 2>"$tmp/err"
py '
import json, sys
k = json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
assert k["resources"]["spill_stores"] > 0 and k["resources"]["regs"] == 64, k["resources"]
w = [x for x in k["what_if"] if x["what"] == "regs=255 (launch)"][0]
assert w["spill_stores"] == 0 and w["spill_loads"] == 0 and 64 < w["regs"] <= 255, w
assert w["blocks_per_sm"] < k["occupancy"]["blocks_per_sm"], (w, k["occupancy"])
f = [x for x in k["findings"] if x["rule"] == "KA117"][0]
assert "-maxrregcount=255" in f["message"] and "%d registers and 0 B of spills" % w["regs"] in f["message"], f
' "json: the spill what-if measured (registers, no spill, fewer blocks) and its finding"

# the same kernel launched with the 1024 threads its bounds allow: no more
# registers to give, the spill is local-memory traffic (KA116, its bytes)
sed 's|heavy<<<n / 128, 128>>>|heavy<<<n / 1024, 1024>>>|' "$src/tests/e2e/spill_bounds.cu" >"$tmp/full.cu"
"$ka" "$tmp/full.cu" --arch sm_90 --format json >"$tmp/out" 2>"$tmp/err"
py '
import json, sys
k = json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
assert k["occupancy"]["block"] == 1024, k["occupancy"]
f = [(x["rule"], x["line"]) for x in k["findings"]]
assert ("KA116", 4) in f and not [x for x in f if x[0] == "KA117"], f
m = [x for x in k["findings"] if x["rule"] == "KA116"][0]["message"]
assert "ptxas spills 32 B of registers (16 stored, 16 loaded) at 64 registers" in m, m
assert not [w for w in k["what_if"] if "launch" in w["what"]], k["what_if"]
' "a spill no limit of the launch removes: KA116 with its bytes, no what-if"
# with --sass, the lines its STL and LDL are at (nvdisasm's line table)
if "$ka" --version 2>/dev/null | grep -q '^nvdisasm  *not found'; then
    echo "skip  KA116 with --sass: no nvdisasm"
else
    "$ka" "$tmp/full.cu" --arch sm_90 --sass --format json >"$tmp/out" 2>"$tmp/err"
    py '
import json, re, sys
k = json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
m = [x for x in k["findings"] if x["rule"] == "KA116"][0]["message"]
st, ld = (re.search(w + r" at lines? ([0-9, ]+)", m) for w in ("STL", "LDL"))
assert st and ld, m
lines = [int(x) for g in (st, ld) for x in g.group(1).split(", ")]
assert all(4 < x < 19 for x in lines) and k["resources"]["local_stores"] > 0, (m, k["resources"])
' "--sass: KA116 names the kernel lines its STL and LDL are at"
fi

# only a spill costs a compile more: nvcc runs counted by a wrapper
mkdir -p "$tmp/bin"
cat >"$tmp/bin/nvcc" <<EOS
#!/bin/sh
echo x >> "\$KA_NVCC_COUNT"
exec $(command -v nvcc) "\$@"
EOS
chmod +x "$tmp/bin/nvcc"
KA_NVCC_COUNT=$tmp/plain.count "$ka" "$src/tests/machine/cases.cu" --arch sm_90 --no-cache --nvcc "$tmp/bin/nvcc" >/dev/null 2>&1
KA_NVCC_COUNT=$tmp/spill.count "$ka" "$src/tests/e2e/spill_bounds.cu" --arch sm_90 --no-cache --nvcc "$tmp/bin/nvcc" >/dev/null 2>&1
plain=$(wc -l < "$tmp/plain.count"); spill=$(wc -l < "$tmp/spill.count")
[ "$spill" = $((plain + 1)) ] && ok "one compile more where a spill exists, none elsewhere ($plain and $spill nvcc runs)" ||
    bad "one compile more where a spill exists" "no spill: $plain nvcc runs, a spill: $spill"

echo "e2e_model: $pass passed, $fail failed"
[ $fail = 0 ]
