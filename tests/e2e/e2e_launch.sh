#!/usr/bin/env bash
# e2e_launch.sh KANALYZE SRCDIR — per-kernel launch configurations through
# the real binary (testdata/launch/): block_source, block_dims and
# launch_site in the JSON for each source (option, config, launch_site,
# launch_bounds, default), one result per distinct launch, the config's
# "launch" entries, the gate checking every launch (a regression only at
# the second site's block fails), the launch sites with --no-uniformity
# too, and the block's shape in the analysis
# (1xNx1: no KA107 on a unit stride along threadIdx.y; 64x4: warp-uniform),
# one level of launch wrapper, the forms of missed.cu (a qualified name in a
# class template's member, an enumerator template argument, a block through
# two host templates, dim3 members assigned once; a runtime dynamic size not
# modelled but named), the warning for a launch over the 48 KiB default
# shared memory per block without cudaFuncSetAttribute's opt-in in the
# source (at 49153 bytes, not at 49152, not with the opt-in; launch sites,
# --smem and the config alike; not for a binary), and hipLaunchKernelGGL on
# gfx90a (when a HIP compiler is installed); a constant grid's waves over
# --device's SMs and the note for a last wave under half a wave; a warm
# analysis under another spelling of the file.
# Needs nvcc; without it every check is "not run" (exit 77: skipped).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)/testdata/launch
. "$(dirname "$0")/../support/lib.sh"
private_tmp


export PATH=$PATH:/usr/local/cuda/bin
if ! command -v nvcc >/dev/null; then
    echo "not run: nvcc not found"
    exit 77      # ctest: skipped (SKIP_RETURN_CODE), never passed
fi
cp "$src/sites.cu" "$src/shapes.cu" "$src/gate.cu" "$src/wrapper.cu" "$src/missed.cu" "$src/optin.cu" "$tmp/"
cd "$tmp"

"$ka" sites.cu --arch sm_90 --format json >out 2>err && ok "sites: json" || bad "sites: json" "$(cat err)"
py 'import json,sys
d=json.load(open(sys.argv[1]))
ks=[(k["name"],k["occupancy"]) for k in d["files"][0]["kernels"]]
got=sorted((n.split("(")[0].replace("void ",""),o["block_source"],o["block_dims"],o["launch_site"],o["smem"]) for n,o in ks)
want=sorted([("norm<1024>","launch_site",[1024,1,1],"sites.cu:36",128),("norm<32>","launch_site",[32,1,1],"sites.cu:43",0),
 ("column","launch_site",[1,32,1],"sites.cu:48",0),("plain","launch_site",[128,1,1],"sites.cu:50",512),
 ("plain","launch_site",[64,1,1],"sites.cu:53",0),("ex_kernel","launch_site",[96,1,1],"sites.cu:60",1024)])
assert got==want, got
o=[o for n,o in ks if n.startswith("void norm<1024>")][0]
assert list(o)[:7]==["block","block_source","block_dims","grid_dims","launch_site","runtime_launch_sites","smem"], list(o)
assert o["blocks_per_sm"]==2 and o["block"]==1024, o
runtime=sorted((n.split("(")[0].replace("void ",""),o["block"],o["runtime_launch_sites"]) for n,o in ks if o["runtime_launch_sites"])
assert runtime==[("plain",64,["sites.cu:51"]),("plain",128,["sites.cu:51"])], runtime' "sites: one result per distinct constant launch, its site and shape; the runtime site named"
"$ka" sites.cu --arch sm_90 >out 2>err
grep -q "not modelled: 1 launch with a runtime block at sites.cu:51" out && ok "sites: the text names the launch it could not model" || bad "sites: runtime site in text" "$(grep occupancy out)"
"$ka" sites.cu --arch sm_90 --block 64 --format json >out 2>err
py 'import json,sys
d=json.load(open(sys.argv[1]))
assert all(k["occupancy"]["runtime_launch_sites"]==[] for k in d["files"][0]["kernels"]), d' "--block: no runtime site named (the option decides)"

"$ka" wrapper.cu --arch sm_90 --format json >out 2>&1
py 'import json,sys
d=json.load(open(sys.argv[1])); ks={k["name"].split("(")[0].replace("void ",""):k["occupancy"] for k in d["files"][0]["kernels"]}
assert (ks["rows<32>"]["block"],ks["rows<32>"]["launch_site"],ks["rows<32>"]["smem"])==(32,"wrapper.cu:33",0), ks
assert (ks["rows<1024>"]["block"],ks["rows<1024>"]["launch_site"],ks["rows<1024>"]["smem"])==(1024,"wrapper.cu:36",128), ks' \
    "wrapper: each call of a launch wrapper is a launch site of the kernel it passes"

"$ka" missed.cu --arch sm_90 --format json >out 2>err || bad "missed: json" "$(cat err)"
py 'import json,sys
d=json.load(open(sys.argv[1]))
got={k["name"].replace("void ","").rsplit("(",1)[0]:(k["occupancy"]["block_source"],k["occupancy"]["block_dims"],
     k["occupancy"]["launch_site"],k["occupancy"]["smem"],k["occupancy"]["runtime_launch_sites"]) for k in d["files"][0]["kernels"]}
want={"kernels::init<float>":("launch_site",[32,1,1],"missed.cu:27",0,[]),
 "staged<float, (Mem)1>":("launch_site",[128,1,1],"missed.cu:41",0,[]),
 "staged_dyn<float, (Mem)1>":("launch_site",[256,1,1],"missed.cu:43",1024,[]),
 "reduce<128>":("launch_site",[128,1,1],"missed.cu:52",0,[]),
 "members":("launch_site",[32,1,1],"missed.cu:70",0,[]),
 "members_twice":("default",[256,1,1],None,0,["missed.cu:75"]),
 "members_branch":("default",[256,1,1],None,0,["missed.cu:81"]),
 "dyn_runtime":("default",[256,1,1],None,0,["missed.cu:95"])}
assert got==want, {n:(got.get(n),w) for n,w in want.items() if got.get(n)!=w}' \
    "missed: qualified name, enumerator argument, two host templates, dim3 members once; runtime dynamic size not modelled"
"$ka" missed.cu --arch sm_90 >out 2>err
grep -q "not modelled: 1 launch with a runtime dynamic shared memory size at missed.cu:95" out &&
    ok "missed: the text names the launch whose dynamic size is a runtime value" || bad "missed: runtime size in text" "$(grep occupancy out)"

# dynamic shared memory over the default 48 KiB per block needs the opt-in
"$ka" optin.cu --arch sm_90 >out 2>err || bad "optin: run" "$(cat err)"
w=$(grep -o "warning: [a-z_]*(float\*) (sm_90): [0-9]* B of shared memory per block ([0-9]* dynamic + [0-9]* static) is over the 49152-byte default limit" err | sort)
want=$(printf '%s\n' "warning: big(float*) (sm_90): 65536 B of shared memory per block (65536 dynamic + 0 static) is over the 49152-byte default limit" \
    "warning: over_limit(float*) (sm_90): 49153 B of shared memory per block (49153 dynamic + 0 static) is over the 49152-byte default limit" \
    "warning: with_static(float*) (sm_90): 49153 B of shared memory per block (48129 dynamic + 1024 static) is over the 49152-byte default limit" | sort)
[ "$w" = "$want" ] && [ "$(grep -c 'warning:' err)" = 3 ] && grep -q "optin.cu:29: warning: over_limit.*cudaFuncAttributeMaxDynamicSharedMemorySize.*CUDA C++ Programming Guide" err &&
    ok "optin: warned at 49153 B (static + dynamic), not at 49152, not with cudaFuncSetAttribute in the source" ||
    bad "optin: warnings" "$(cat err)"
"$ka" optin.cu --arch sm_90 --format json >out 2>/dev/null
py 'import json,sys
ks={k["name"].split("(")[0]:k["occupancy"] for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]}
assert (ks["opted"]["smem"],ks["opted"]["blocks_per_sm"])==(65536,3) and (ks["big"]["smem"],ks["big"]["blocks_per_sm"])==(65536,3), ks' \
    "optin: modelled as today with or without the opt-in (65536 B: 3 blocks/SM)"
printf '%s\n' '__global__ void k(float *p) { extern __shared__ float s[]; s[threadIdx.x] = p[threadIdx.x]; p[threadIdx.x] = s[255 - threadIdx.x]; }' >plain.cu
"$ka" plain.cu --arch sm_90 --smem 49153 >out 2>err && grep -q "plain.cu:1: warning: k(float\*) (sm_90): 49153 B .*cudaFuncAttributeMaxDynamicSharedMemorySize" err &&
    "$ka" plain.cu --arch sm_90 --smem 49152 >out 2>err2 && ! grep -q "warning:" err2 &&
    ok "optin: --smem 49153 on a source without the opt-in warns, 49152 does not" || bad "optin: --smem" "$(cat err err2)"
echo '{"launch": [{"kernel": "k*", "block": 256, "smem": 65536}]}' >.kanalyze.json
"$ka" plain.cu --arch sm_90 >out 2>err && grep -q "warning: k(float\*) (sm_90): 65536 B .*cudaFuncAttributeMaxDynamicSharedMemorySize" err &&
    ok "optin: a config launch entry over the limit warns" || bad "optin: config" "$(cat err)"
rm .kanalyze.json
if nvcc -cubin -arch sm_90 plain.cu -o plain.cubin 2>err; then
    "$ka" plain.cubin --smem 65536 >out 2>err && ! grep -q "warning:" err &&
        ok "optin: a binary with --smem 65536: no warning (no source to see the opt-in in)" || bad "optin: binary" "$(cat err)"
else
    bad "optin: nvcc -cubin" "$(cat err)"
fi

"$ka" sites.cu --arch sm_90 --format json --block 512 >out 2>&1
py 'import json,sys
d=json.load(open(sys.argv[1])); ks=d["files"][0]["kernels"]
assert len(ks)==5 and all(k["occupancy"]["block_source"]=="option" and k["occupancy"]["launch_site"] is None and
  k["occupancy"]["block_dims"]==[512,1,1] for k in ks), ks' "--block overrides every launch site (one result per kernel)"

"$ka" sites.cu --arch sm_90 --format json >sites.json 2>&1
"$ka" sites.cu --arch sm_90 --format json --no-uniformity >out 2>&1
py 'import json,sys
def launches(f):
    d=json.load(open(f))
    return sorted((k["name"],k["occupancy"]["block_source"],k["occupancy"]["block_dims"],k["occupancy"]["launch_site"],
                   k["occupancy"]["smem"],k["uniformity"] is None) for k in d["files"][0]["kernels"])
got=launches(sys.argv[1]); want=[x[:5]+(True,) for x in launches("sites.json")]
assert got==want and sum(x[1]=="launch_site" for x in got)==6, (got,want)' \
    "--no-uniformity: the same launch sites (no uniformity facts)"

cat >.kanalyze.json <<'CFG'
{"launch": [{"kernel": "norm<1024>*", "block": "128,2,1", "smem": 64}, {"kernel": "plain", "block": [32, 2]}]}
CFG
"$ka" sites.cu --arch sm_90 --format json >out 2>err || bad "config: run" "$(cat err)"
py 'import json,sys
d=json.load(open(sys.argv[1])); ks={k["name"].replace("void ","").split("(")[0]:k["occupancy"] for k in d["files"][0]["kernels"]}
assert ks["norm<1024>"]["block_source"]=="config" and ks["norm<1024>"]["block_dims"]==[128,2,1] and ks["norm<1024>"]["block"]==256 and ks["norm<1024>"]["smem"]==64, ks["norm<1024>"]
assert ks["plain"]["block_source"]=="config" and ks["plain"]["block"]==64 and ks["plain"]["smem"]==0, ks["plain"]
assert ks["norm<32>"]["block_source"]=="launch_site", ks' "config: launch entries by glob over the demangled name, before the sites"
echo '{"launch": [{"kernel": "x", "block": 2048}]}' >.kanalyze.json
"$ka" sites.cu --arch sm_90 >out 2>&1
[ $? = 2 ] && grep -q '"launch" must be' out && ok "config: a block over 1024 threads is exit 2" || bad "config: bad launch" "$(cat out)"
rm .kanalyze.json

cat >lb.cu <<'CU'
__global__ void __launch_bounds__(128) bounded(float *x) { x[threadIdx.x] = 0.0f; }
__global__ void unlaunched(float *x) { x[threadIdx.x] = 0.0f; }
CU
"$ka" lb.cu --arch sm_90 --format json >out 2>&1
py 'import json,sys
d=json.load(open(sys.argv[1])); ks={k["name"].split("(")[0]:k["occupancy"] for k in d["files"][0]["kernels"]}
assert ks["bounded"]["block_source"]=="launch_bounds" and ks["unlaunched"]["block_source"]=="default", ks
assert ks["unlaunched"]["launch_site"] is None and ks["unlaunched"]["block_dims"]==[256,1,1], ks' "no launch site: __launch_bounds__, then the default"

# the gate: one entry per launch; a regression only at the 1024-thread launch fails
"$ka" gate.cu --arch sm_90 --write-baseline bl.json -q >out 2>&1 || bad "gate: write" "$(cat out)"
py 'import json,sys
b=json.load(open("bl.json"))["kernels"]
assert sorted((e["launch"],e["blocks_per_sm"]) for e in b)==[("1024x1x1+0",2),("32x1x1+0",32)], b' "gate: a baseline entry per launch"
"$ka" gate.cu --arch sm_90 --baseline bl.json >out 2>&1
[ $? = 0 ] && grep -q "0 regressions, 0 improved, 0 changed, 2 unchanged" out && ok "gate: unchanged at both launches" ||
    bad "gate: unchanged" "$(cat out)"
"$ka" gate.cu --arch sm_90 -DHEAVY --baseline bl.json >out 2>&1
rc=$?
[ $rc = 1 ] && grep -q "1 regression," out && grep -q "REGRESSION .*launch 1024x1x1+0): register-cliff" out &&
    grep -q "changed .*launch 32x1x1+0)" out && ok "gate: the regression at the second launch's block fails (exit 1)" ||
    bad "gate: regression at one launch (rc $rc)" "$(cat out)"

"$ka" gate.cu --arch sm_90 -DHEAVY --baseline bl.json --format json -q >out 2>/dev/null
py 'import json,sys
c=json.load(open(sys.argv[1]))["baseline"]["changes"]
assert sorted((x["what"],x["launch"]) for x in c)==[("changed","32x1x1+0"),("regression","1024x1x1+0")], c' \
    "gate: the JSON comparison names each change's launch"

# the shape in the analysis
"$ka" shapes.cu --arch sm_90 --format json >out 2>&1
py 'import json,sys
d=json.load(open(sys.argv[1])); ks={}
for k in d["files"][0]["kernels"]: ks.setdefault(k["name"].split("(")[0],k)
f=lambda n:[x["rule"] for x in ks[n]["findings"]]
assert "KA107" in f("by_rows_unlaunched") and "KA107" not in f("by_rows"), (f("by_rows"),f("by_rows_unlaunched"))
row=[u for u in ks["by_rows"]["uniformity"] if u["line"]==10][0]
assert row["class"]=="affine-lane" and row["stride"]==1 and "blockDim.x == 1" in row["why"], row
c=lambda n,e:[u["class"] for u in ks[n]["uniformity"] if u["expr"]==e][0]
assert c("tiles","threadIdx.x / 32")=="warp-uniform" and c("tiles","threadIdx.y")=="warp-uniform"
assert c("tiles_unlaunched","threadIdx.x / 32")=="warp-uniform-if" and c("tiles_unlaunched","threadIdx.y")=="warp-uniform-if"
assert "KA102" in f("tiles_unlaunched") and "KA102" not in f("tiles")
assert c("two_shapes","threadIdx.y")=="warp-uniform-if"' "shape: 1xNx1 lanes along y (no KA107), 64x4 proves warp-uniform, two shapes prove nothing"

# the launches the run names give the shape too: the config's entries
# (matched to the pattern, template arguments aside), then --block
cat >.kanalyze.json <<'CFG'
{"launch": [{"kernel": "by_rows_unlaunched*", "block": [1, 64, 1]}, {"kernel": "tiles_unlaunched", "block": [64, 4, 1]}]}
CFG
"$ka" shapes.cu --arch sm_90 --format json >out 2>&1
py 'import json,sys
d=json.load(open(sys.argv[1])); ks={}
for k in d["files"][0]["kernels"]: ks.setdefault(k["name"].split("(")[0],k)
f=lambda n:[x["rule"] for x in ks[n]["findings"]]
c=lambda n,e:[u["class"] for u in ks[n]["uniformity"] if u["expr"]==e][0]
assert ks["by_rows_unlaunched"]["occupancy"]["block_source"]=="config" and "KA107" not in f("by_rows_unlaunched"), ks["by_rows_unlaunched"]
assert c("tiles_unlaunched","threadIdx.y")=="warp-uniform" and "KA102" not in f("tiles_unlaunched")
assert c("two_shapes","threadIdx.y")=="warp-uniform-if"' "shape: the config launch entries feed the analysis (1x64x1: lanes along y; 64x4: warp-uniform)"
rm .kanalyze.json
"$ka" shapes.cu --arch sm_90 --format json --block 64 >out 2>&1
py 'import json,sys
d=json.load(open(sys.argv[1])); ks={}
for k in d["files"][0]["kernels"]: ks.setdefault(k["name"].split("(")[0],k)
c=lambda n,e:[u["class"] for u in ks[n]["uniformity"] if u["expr"]==e][0]
assert c("tiles_unlaunched","threadIdx.x / 32")=="warp-uniform" and c("two_shapes","threadIdx.y")=="warp-uniform", [(u["expr"],u["class"]) for u in ks["two_shapes"]["uniformity"]]' \
    "shape: --block 64 feeds the analysis (64x1x1: the warp index and threadIdx.y warp-uniform)"

# AMD: hipLaunchKernelGGL's 64x4 block and 128 B of LDS (clang-16 or hipcc)
if command -v clang-16 >/dev/null || command -v hipcc >/dev/null; then
    cp "$src/sites.hip" .
    "$ka" sites.hip --arch gfx90a --format json >out 2>err || bad "hip: run" "$(cat err)"
    py 'import json,sys
o=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]["occupancy"]
assert o["block_source"]=="launch_site" and o["block_dims"]==[64,4,1] and o["block"]==256 and o["smem"]==128, o
assert o["launch_site"]=="sites.hip:10", o' "hip: hipLaunchKernelGGL site modelled on gfx90a"
else
    echo "not run: hip: no clang-16 or hipcc"
fi

# the grid over the GPU: a constant grid with --device (or --sms) gives the
# waves, and a last wave under half a wave is said
cp "$src/tail.cu" .
expect "tail: --device H200 (132 SMs)" 0 "$ka" tail.cu --arch sm_90 --device H200 --format json
py 'import json,sys
ks={k["name"].split("(")[0]:k["occupancy"] for k in json.load(open(sys.argv[1]))["files"][0]["kernels"] if k["occupancy"]["grid_dims"]}
assert ks["sliver"]["grid_dims"]==[1100,1,1] and ks["sliver"]["waves"]=={"blocks_per_wave":1056,"full":1,"tail_blocks":44}, ks["sliver"]
assert ks["whole"]["waves"]=={"blocks_per_wave":1056,"full":2,"tail_blocks":0}, ks["whole"]
assert ks["small"]["waves"]=={"blocks_per_wave":1056,"full":0,"tail_blocks":100}, ks["small"]' \
    "... grid_dims and waves (8 blocks/SM x 132 SMs = 1056 a wave)"
expect "tail: the text" 0 "$ka" tail.cu --arch sm_90 --device H200
has "... a sliver after one wave" "$tmp/out" "tail wave   grid 1100 blocks = 1 full wave of 1056 (8 blocks/SM x 132 SMs) + 44 (4.2 % of a wave)"
has "... a grid under one wave" "$tmp/out" "tail wave   grid 100 blocks fills 9.5 % of one wave"
[ "$(grep -c "tail wave" "$tmp/out")" = 2 ] && ok "... not for whole waves, nor for a runtime grid" ||
    bad "... not for whole waves, nor for a runtime grid" "$(grep "tail wave" "$tmp/out")"
expect "tail: without --sms no waves" 0 "$ka" tail.cu --arch sm_90 --format json
py 'import json,sys
o=[k["occupancy"] for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]]
assert all(x["waves"] is None for x in o) and any(x["grid_dims"]==[1100,1,1] for x in o) and any(x["grid_dims"] is None for x in o), o' \
    "... waves null; the grid still given (null for n)"
if command -v clang-16 >/dev/null || command -v hipcc >/dev/null; then
    cp "$src/tail.hip" .
    expect "tail: hip, gfx90a on 110 CUs" 0 "$ka" tail.hip --arch gfx90a --sms 110
    has "... in workgroups and CUs" "$tmp/out" "tail wave   grid 900 workgroups = 1 full wave of 880 (8 workgroups/CU x 110 CUs) + 20 (2.3 % of a wave)"
else
    echo "not run: tail: hip: no clang-16 or hipcc"
fi
# the analysis cache is keyed by the file's real path: a warm entry made
# under another spelling names the file as this run spells it
cp "$src/tail.cu" spelled.cu
"$ka" "$PWD/spelled.cu" --arch sm_90 >/dev/null 2>&1
expect "cache: warm under another spelling" 0 "$ka" spelled.cu --arch sm_90
has "... the launch site as spelled now" "$tmp/out" "launch site at spelled.cu:10)"

# the H200's driver, recorded (testdata/verify/optin): without the opt-in it
# refuses a launch whose static + dynamic shared memory passes 49152 bytes;
# kanalyze warns for exactly the launches it refused
rec="$src/../verify/optin/optin-h200.jsonl"
python3 - "$rec" >record.cu <<'PY'
import json, sys
for r in map(json.loads, open(sys.argv[1])):
    if r["optin"]:
        continue
    name = "%s_%d" % (r["kernel"], r["total"])
    n = r["static"] // 4
    decl = "__shared__ float s[%d]; s[threadIdx.x %% %d] = o[0]; __syncthreads(); " % (n, n) if n else ""
    val = "s[(threadIdx.x + 1) %% %d]" % n if n else "1.f"
    print("__global__ void %s(float *o) { %sextern __shared__ float d[]; d[threadIdx.x] = %s; __syncthreads(); "
          "o[threadIdx.x] = d[threadIdx.x ^ 1]; }" % (name, decl, val))
    print("void launch_%s(float *o) { %s<<<1, 256, %d>>>(o); }" % (name, name, r["dynamic"]))
PY
"$ka" record.cu --arch sm_90 --no-uniformity >out 2>err || bad "optin record: run" "$(cat err)"
want=$(python3 -c 'import json,sys; print(" ".join(sorted("%s_%d" % (r["kernel"], r["total"]) for r in map(json.loads, open(sys.argv[1])) if not r["optin"] and r["launch"] != "cudaSuccess")))' "$rec")
got=$(grep -o 'warning: [a-z_0-9]*' err | sed 's/warning: //' | sort | tr '\n' ' ' | sed 's/ $//')
[ -n "$want" ] && [ "$got" = "$want" ] && ok "optin: warned for exactly the launches the H200 refused ($want)" ||
    bad "optin: the H200 refused '$want', kanalyze warned for '$got'" "$(cat err)"

echo "$pass passed, $fail failed"
[ $fail = 0 ]
