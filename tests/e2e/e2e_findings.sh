#!/usr/bin/env bash
# e2e_findings.sh KANALYZE SRCDIR — the findings and kernel identities
# through the real binary: a finding in a template is one site listing its
# instances (text, JSON "instances", SARIF, markdown); --sass grounds a
# finding in its line's machine code ("machine"); kernel names that embed
# a hash of the file's path (anonymous namespaces) compare equal across
# checkouts and a warm cache returns each path its own names; a file with
# no kernel gets a note and a JSON entry; a regression's exit 1 under
# --format json -q is explained (stderr line, JSON "baseline"); -G device
# functions are not kernels and .nv.info 0x53 is known; a for loop that runs
# at most once is no work loop over the toolkit's headers.  Without nvcc the
# checks are "not run" (exit 77).
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

# ---- one site, three instances -------------------------------------------------
cat >"$tmp/tmpl.cu" <<'EOF'
template <int S>
__global__ void strided(float *x, int rounds) {
    unsigned tid = threadIdx.x;
    for (int r = 0; r < rounds; ++r) if (tid % (2 * S) == 0)
        x[tid] += x[tid + S];
}
template __global__ void strided<1>(float *, int);
template __global__ void strided<2>(float *, int);
template __global__ void strided<4>(float *, int);
EOF
"$ka" "$tmp/tmpl.cu" --arch sm_90 --no-cache >"$tmp/out" 2>&1
[ "$(grep -c 'KA106' "$tmp/out")" = 3 ] && [ "$(grep -c '  KA106       4:' "$tmp/out")" = 1 ] &&
    grep -q 'in 3 instances: strided<1>, strided<2>, strided<4>' "$tmp/out" &&
    [ "$(grep -c '  also        .*KA106 4:' "$tmp/out")" = 2 ] &&
    ok "text: a template's finding printed once, with its instances" ||
    bad "text: a template's finding printed once, with its instances" "$(cat "$tmp/out")"
"$ka" "$tmp/tmpl.cu" --arch sm_90 --no-cache --format json >"$tmp/out" 2>/dev/null
py 'import json,sys
ks=json.load(open(sys.argv[1]))["files"][0]["kernels"]
f=[x for k in ks for x in k["findings"] if x["rule"]=="KA106"]
assert len(ks)==3 and len(f)==3, f
assert all(x["instances"]==3 for x in f), f
# a lane selection is confirmed by the conditional branch of its line; no access cost
assert all(x["machine"].startswith("PTX at line 4: ") and x["verdict"] == "confirmed" and x["cost"] is None for x in f), f
assert list(f[0])==["rule","severity","line","col","message","instances","machine","verdict","cost","access"], list(f[0])
# the selected lanes (1 in 2S) read 4 B each, 2S * 4 B apart: by the active
# lanes, S = 1 needs 4 sectors where 2 would do (Nsight Compute counts the
# ideal from the active lanes), S = 2 and 4 need 4 where 1 would do
g={k["name"]:x for k in ks for x in k["findings"] if x["rule"]=="KA107" and x["access"]["op"]=="load"}
assert sorted((n.split("(")[0].split()[-1], x["cost"]["sectors_per_request"], x["cost"]["ideal_sectors"]) for n,x in g.items()) == \
    [("strided<1>",4,2),("strided<2>",4,1),("strided<4>",4,1)], g
assert all("of 32 lanes active" in x["message"] for x in g.values()), g' \
    "json: each kernel keeps its finding, \"instances\": 3, its line's code, confirmed"
"$ka" "$tmp/tmpl.cu" --arch sm_90 --no-cache --format sarif >"$tmp/out" 2>/dev/null
py 'import json,sys
res=[r for r in json.load(open(sys.argv[1]))["runs"][0]["results"] if r["ruleId"]=="KA106"]
assert len(res)==1 and "(in 3 instances: strided<1>, strided<2>, strided<4>)" in res[0]["message"]["text"], res' \
    "sarif: one result for the site, naming its instances"
"$ka" "$tmp/tmpl.cu" --arch sm_90 --no-cache --format markdown >"$tmp/out" 2>/dev/null
grep -q '^#### Findings: 2 sites (6 in kernels)' "$tmp/out" && [ "$(grep -c '^- `' "$tmp/out")" = 2 ] &&
    ok "markdown: one item per site" || bad "markdown: one item per site" "$(cat "$tmp/out")"
"$ka" "$tmp/tmpl.cu" --arch sm_90 --no-cache --sass --format json >"$tmp/out" 2>"$tmp/sass.err"
if grep -q 'nvdisasm not found' "$tmp/sass.err"; then
    echo "not run  --sass: a finding cites its line's SASS (no nvdisasm)"
else
py 'import json,sys
f=[x for k in json.load(open(sys.argv[1]))["files"][0]["kernels"] for x in k["findings"]]
assert all(x["machine"] and x["machine"].startswith("SASS at line 4: ") for x in f if x["rule"]=="KA106"), f
assert all(x["machine"].startswith("PTX: ") and x["access"] for x in f if x["rule"]=="KA107"), f' \
    "--sass: a finding cites its line's SASS"
fi

# ---- identities across checkouts ---------------------------------------------------
mkdir -p "$tmp/a/deep" "$tmp/b"
cat >"$tmp/a/deep/anon.cu" <<'EOF'
namespace {
__global__ void hidden(float *p) { p[threadIdx.x] += 1.0f; }
}
__global__ void plain(float *p) { p[threadIdx.x] = 0; }
void launch(float *p) { hidden<<<1, 32>>>(p); }
EOF
cp "$tmp/a/deep/anon.cu" "$tmp/b/anon.cu"
(cd "$tmp/a/deep" && "$ka" anon.cu --no-uniformity -q --write-baseline "$tmp/bl.json" >/dev/null 2>&1)
(cd "$tmp/b" && "$ka" anon.cu --no-uniformity --baseline "$tmp/bl.json" >"$tmp/out" 2>&1)
grep -q '0 regressions, 0 improved, 0 changed, 2 unchanged, 0 added, 0 removed' "$tmp/out" &&
    ok "baseline written at one path, checked at another: nothing added or removed" ||
    bad "baseline written at one path, checked at another: nothing added or removed" "$(tail -3 "$tmp/out")"
names() { (cd "$1" && "$ka" anon.cu --no-uniformity --format json 2>/dev/null) |
          python3 -c 'import json,sys; print(" ".join(k["mangled"] for f in json.load(sys.stdin)["files"] for k in f["kernels"]))'; }
cold_a=$(cd "$tmp/a/deep" && "$ka" anon.cu --no-uniformity --no-cache --format json 2>/dev/null | grep -o '_ZN[0-9]*_GLOBAL__N__[^"]*')
cold_b=$(cd "$tmp/b" && "$ka" anon.cu --no-uniformity --no-cache --format json 2>/dev/null | grep -o '_ZN[0-9]*_GLOBAL__N__[^"]*')
w1=$(names "$tmp/a/deep"); w2=$(names "$tmp/b"); w3=$(names "$tmp/a/deep"); w4=$(names "$tmp/b")
if [ -n "$cold_a" ] && [ "$cold_a" != "$cold_b" ] && [[ "$w1 $w3" == *"$cold_a"* ]] && [[ "$w2 $w4" == *"$cold_b"* ]] &&
   [[ "$w1 $w3" != *"$cold_b"* ]] && [[ "$w2 $w4" != *"$cold_a"* ]]; then
    ok "warm cache: each path gets its own raw names"
else
    bad "warm cache: each path gets its own raw names" "cold a=$cold_a b=$cold_b; warm: $w1 | $w2 | $w3 | $w4"
fi

# ---- a file with no kernel ------------------------------------------------------------
printf 'int host_only(int x) { return x + 1; }\n' >"$tmp/host.cu"
"$ka" "$tmp/host.cu" "$tmp/a/deep/anon.cu" --no-uniformity --no-cache --format json >"$tmp/out" 2>"$tmp/err"
grep -q 'host.cu: note: no kernels in it' "$tmp/err" && ok "host-only file: one note" ||
    bad "host-only file: one note" "$(cat "$tmp/err")"
py 'import json,sys
fs=json.load(open(sys.argv[1]))["files"]
e=[f for f in fs if f["file"].endswith("host.cu")]
assert len(e)==1 and e[0]["kernels"]==[] and e[0]["arch"]=="sm_90", fs
assert [f["file"] for f in fs]==sorted(f["file"] for f in fs)' "host-only file: a JSON entry with \"kernels\": []"

# ---- --format json -q: exit 1 explained ----------------------------------------------------
(cd "$src" && "$ka" tests/e2e/whatif166.cu --baseline testdata/json/inputs/baseline.json --format json -q \
    >"$tmp/out" 2>"$tmp/err")
rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q '^kanalyze: exit 1: 1 regression against the baseline' "$tmp/err" &&
    ok "-q: exit 1 with one line saying why" || bad "-q: exit 1 with one line saying why" "rc=$rc $(cat "$tmp/err")"
py 'import json,sys
b=json.load(open(sys.argv[1]))["baseline"]
assert b["regressions"]==1 and b["file"].endswith("baseline.json"), b
r=[c for c in b["changes"] if c["what"]=="regression"]
assert len(r)==1 and r[0]["kinds"]==["register-cliff"] and r[0]["name"].startswith("heavy"), r' \
    "json: the comparison in \"baseline\""

# ---- -G: device functions are not kernels ----------------------------------------------
cat >"$tmp/dev.cu" <<'EOF'
__device__ __noinline__ float helper(float x) { return x * 2.0f + 1.0f; }
EOF
cat >"$tmp/both.cu" <<'EOF'
__device__ __noinline__ float helper(float x) { return x * 2.0f + 1.0f; }
__global__ void kern(float *p) { p[threadIdx.x] = helper(p[threadIdx.x]); }
EOF
"$ka" "$tmp/dev.cu" "$tmp/both.cu" --no-uniformity --no-cache --format json -- -G >"$tmp/out" 2>"$tmp/err"
py 'import json,sys
fs=json.load(open(sys.argv[1]))["files"]
got={f["file"].rsplit("/",1)[1]:[k["name"] for k in f["kernels"]] for f in fs}
assert got=={"dev.cu":[],"both.cu":["kern(float*)"]}, got' "-G: only __global__ functions are kernels"
grep -q 'unsupported .nv.info attribute' "$tmp/err" && bad "-G: .nv.info 0x53 known" "$(cat "$tmp/err")" ||
    ok "-G: .nv.info 0x53 known"

# ---- the launch shape over the toolkit's headers (a quantize.cu reduction) -------------
# block (32, 4, 1): threadIdx.x is the lane, threadIdx.y warp-uniform, and a
# shuffle of a threadIdx.x-derived value is no KA103.
"$ka" "$src/testdata/launch/shape_toolkit.cu" --arch sm_90 --no-cache --format json >"$tmp/out" 2>/dev/null
py 'import json,sys
k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
u={(x["line"],x["expr"]):x["class"] for x in k["uniformity"]}
assert k["occupancy"]["block_dims"]==[32,4,1], k["occupancy"]
assert u[(13,"threadIdx.x")]=="affine-lane", u
assert u[(12,"threadIdx.y")]=="warp-uniform", u
assert u[(16,"__shfl_sync(0xFFFFFFFF, xi, base, WARP_SIZE)")]=="varying", u
assert not [f for f in k["findings"] if f["rule"]=="KA103"], k["findings"]' \
    "shape (32,4,1) over toolkit headers: threadIdx.x the lane, .y warp-uniform, no KA103"

"$ka" "$src/testdata/launch/cg_toolkit.cu" --arch sm_90 --no-cache --format json >"$tmp/out" 2>/dev/null
py 'import json,sys
k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
u={(x["line"],x["expr"]):x["class"] for x in k["uniformity"]}
assert u[(13,"cg::this_thread_block()")]=="block-uniform", u
assert u[(15,"blockIdx.x * warp.meta_group_size() + warp.meta_group_rank()")]=="warp-uniform", u
assert u[(17,"warp.thread_rank()")]=="affine-lane", u
assert u[(19,"cg::reduce(warp, sum, cg::plus<float>{})")]=="warp-uniform", u' \
    "cooperative groups over toolkit headers: meta_group_rank warp-uniform, thread_rank the lane"

# a loop that runs at most once (k = threadIdx.x < ROWS, k += ROWS) over
# the toolkit's headers, where threadIdx.x's type is unexposed: KA113
"$ka" "$src/testdata/launch/once_toolkit.cu" --arch sm_90 --no-cache --findings info --format json >"$tmp/out" 2>/dev/null
py 'import json,sys
k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
got=[(f["rule"],f["line"]) for f in k["findings"] if f["rule"] in ("KA107","KA111","KA113")]
assert got==[("KA107",18)], got
a=[x for x in k["accesses"] if x["line"]==18 and x["space"]=="global"][0]
assert a["per_request"]["sectors"] > 2 * a["per_request"]["ideal"], a' \
    "a for loop in form only over toolkit headers: the diagonal read is uncoalesced, by the lanes it runs in"

# ---- the display level: KA102/KA104 are "info" ------------------------------------
cat >"$tmp/lvl.cu" <<'EOF'
__global__ void k(float *x, float *out, int n) {
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    float v = x[warp * 32 + lane];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    if (lane == 0) atomicAdd(out, 1.0f);
    for (int s = 1; s < n; s *= 2) if (threadIdx.x % (2 * s) == 0) x[threadIdx.x] += v;
}
EOF
"$ka" "$tmp/lvl.cu" --arch sm_90 --no-cache >"$tmp/out" 2>&1
grep -q 'KA106' "$tmp/out" && ! grep -q 'KA10[24]' "$tmp/out" &&
    grep -q '^2 info finding sites not shown (a handful of instructions each): --findings info$' "$tmp/out" &&
    ok "text: info findings (KA102, KA104) not shown by default, counted" || bad "text: info hidden by default" "$(cat "$tmp/out")"
"$ka" "$tmp/lvl.cu" --arch sm_90 --no-cache --findings info >"$tmp/out" 2>&1
grep -q '^  KA102 ' "$tmp/out" && grep -q '^  KA104 ' "$tmp/out" && ! grep -q 'not shown' "$tmp/out" &&
    ok "text: --findings info shows them" || bad "text: --findings info" "$(cat "$tmp/out")"
"$ka" "$tmp/lvl.cu" --arch sm_90 --no-cache --findings warning --format markdown >"$tmp/out" 2>&1
grep -q 'KA106' "$tmp/out" && ! grep -q 'KA10[24]' "$tmp/out" && grep -q '^2 info sites not listed' "$tmp/out" &&
    ok "markdown: the same level" || bad "markdown: the same level" "$(cat "$tmp/out")"
"$ka" "$tmp/lvl.cu" --arch sm_90 --no-cache --format json >"$tmp/out" 2>/dev/null
py 'import json,sys
f=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]["findings"]
assert sorted((x["rule"],x["severity"]) for x in f)==[("KA102","info"),("KA104","info"),("KA106","warning"),("KA107","warning"),("KA107","warning")], f' \
    "json: every finding, with its level"
"$ka" "$tmp/lvl.cu" --arch sm_90 --no-cache --format sarif >"$tmp/out" 2>/dev/null
py 'import json,sys
r=json.load(open(sys.argv[1]))["runs"][0]["results"]
assert sorted((x["ruleId"],x["level"]) for x in r if x["ruleId"].startswith("KA1"))==[("KA102","note"),("KA104","note"),("KA106","warning"),("KA107","warning")], r' \
    "sarif: every finding, info as SARIF note"
"$ka" "$tmp/lvl.cu" --findings all >"$tmp/out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q 'takes warning, note or info' "$tmp/out" && ok "--findings all: usage error (exit 2)" ||
    bad "--findings all: usage error" "rc=$rc $(cat "$tmp/out")"

echo "e2e_findings: $pass passed, $fail failed"
[ $fail = 0 ]
