#!/usr/bin/env bash
# e2e_locations.sh KANALYZE SRCDIR — libclang reads each file as its build
# does and places every kernel (testdata/locations/), through the real
# binary:
#   - "line" and "def_file" of a template over an enum, its explicit
#     instantiation, a kernel in a .cuh (the header's path and line), a
#     namespaced kernel, a template launched with an extended __device__
#     lambda: each equal to the line marked `// @def NAME` in the sources;
#     the same with --no-uniformity; the text report names the header;
#   - a compile database whose entry takes -I and -D from a response file
#     (`--options-file flags.rsp`, relative to the entry's directory): the
#     analysis reads the header and the define (no parse warning, facts);
#   - <memory>, <vector>, cuda_fp16/bf16, cooperative_groups: zero parse
#     errors (when a CUDA toolkit is installed: its headers are read);
#   - one kernel calling code libclang cannot read: its analysis withheld
#     ("uniformity" null, a note with the count), the other kernel's kept;
#   - a .cu input that another input #includes is compiled through it (a
#     note; no failure, no kernel twice), on its own when the includer fails.
# Needs nvcc; without it every check is "not run" (exit 77: skipped).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)/testdata/locations
. "$(dirname "$0")/../support/lib.sh"
private_tmp
export NO_COLOR=1

py()  { python3 -c "$1" "$tmp/w/out" "$tmp/w/err" >"$tmp/py" 2>&1 && ok "$2" || bad "$2" "$(cat "$tmp/py")"; }

export PATH=$PATH:/usr/local/cuda/bin
if ! command -v nvcc >/dev/null; then
    echo "not run: nvcc not found"
    exit 77      # ctest: skipped (SKIP_RETURN_CODE), never passed
fi
mkdir -p "$tmp/w"
cp -r "$src"/. "$tmp/w/"
cd "$tmp/w"

# The expected place of each kernel: the `// @def NAME` marker's file and line.
defs='import re,glob
D={}
for f in sorted(glob.glob("*.cu")+glob.glob("*.cuh")+glob.glob("sub/*.cuh")):
    for i,l in enumerate(open(f),1):
        m=re.search(r"// @def (\w+)",l)
        if m: D[m.group(1)]=(f,i)
def base(n):
    n=n[5:] if n.startswith("void ") else n
    n=re.sub(r"<.*","",n.split("(")[0]) if "<" in n.split("(")[0] else n.split("(")[0]
    return n.split("::")[-1]
'

"$ka" locs.cu --arch sm_90 --format json -- -extended-lambda >out 2>err && ok "locs: json" || bad "locs: json" "$(cat err)"
py "$defs"'
import json,sys
d=json.load(open(sys.argv[1]))
ks=d["files"][0]["kernels"]
got=sorted((base(k["name"]),k["def_file"],k["line"]) for k in ks)
want=sorted((base(k["name"]),)+D[base(k["name"])] for k in ks)
assert got==want,(got,want)
assert sorted(base(k["name"]) for k in ks)==["apply","apply","each","hdr_scale","hdr_scale","ns_kernel"],ks
assert all(k["uniformity"] is not None for k in ks)' "locs: every kernel at its // @def line and file (enum template, explicit instance, .cuh, namespace, lambda)"
py 'import json,sys
d=json.load(open(sys.argv[1]))
H=open("locs.cuh").read().split("\n")
for k in d["files"][0]["kernels"]:
    if "hdr_scale" not in k["name"]: continue
    u=k["uniformity"]; assert u, k
    for f in u: assert f["expr"].replace(" ","") in H[f["line"]-1].replace(" ",""), (f, H[f["line"]-1])' "locs: a .cuh kernel is analysed in its header (facts at the header's lines)"

cp out first.json
"$ka" locs.cu --arch sm_90 --format json -- -extended-lambda >out 2>err
py 'import json,sys
a=json.load(open("first.json")); b=json.load(open(sys.argv[1]))
f=lambda d:[(k["name"],k["line"],k["def_file"],k["uniformity"]) for k in d["files"][0]["kernels"]]
assert f(a)==f(b), (f(a),f(b))' "locs: the same from the warm cache (def_file kept in the analysis cache)"
(cd .. && "$ka" w/locs.cu --arch sm_90 --format json -- -extended-lambda) >out 2>err
py 'import json,sys
d=json.load(open(sys.argv[1]))
got=sorted(set(k["def_file"] for k in d["files"][0]["kernels"]))
assert got==["w/locs.cu","w/locs.cuh"], got' "locs: from another directory, warm cache: def_file spelt from there (w/locs.cuh)"

"$ka" locs.cu --arch sm_90 --format json --no-uniformity -- -extended-lambda >out 2>err && ok "locs: --no-uniformity" || bad "locs: --no-uniformity" "$(cat err)"
py "$defs"'
import json,sys
d=json.load(open(sys.argv[1]))
ks=d["files"][0]["kernels"]
assert all((k["def_file"],k["line"])==D[base(k["name"])] for k in ks),[(k["name"],k["def_file"],k["line"]) for k in ks]
assert all(k["uniformity"] is None and k["findings"]==[] for k in ks)' "locs: the same places with --no-uniformity (uniformity null)"

"$ka" locs.cu --arch sm_90 -- -extended-lambda >out 2>err
grep -q "^hdr_scale<64>(float\*, float) *locs.cuh:6 " out && grep -q "^apply<(op)1>(float\*, float) *locs.cu:10 " out \
    && ok "text: the header's file:line, instances told apart" || bad "text: header and instances" "$(cat out)"

# a compile database whose flags are in a response file
dir=$tmp/w
cat >compile_commands.json <<JSON
[{"directory": "$dir", "file": "$dir/rsp.cu",
  "command": "nvcc --options-file flags.rsp -arch=sm_90 -c rsp.cu -o rsp.o"}]
JSON
"$ka" -p . --format json >out 2>err && ok "rsp: -p runs" || bad "rsp: -p runs" "$(cat err)"
py 'import json,sys
d=json.load(open(sys.argv[1])); err=open(sys.argv[2]).read()
assert "libclang could not read" not in err and "not run" not in err, err
k=d["files"][0]["kernels"][0]
assert k["line"]==7 and k["def_file"].endswith("rsp.cu"), k
ex=[f["expr"] for f in k["uniformity"]]
assert any("rsp_lane()" in e for e in ex), ex' "rsp: header and define from --options-file reach libclang (no parse error, facts)"

"$ka" headers.cu --arch sm_90 --format json >out 2>err && ok "headers: json" || bad "headers: json" "$(cat err)"
if [ -r /usr/local/cuda/include/cuda_runtime.h ] || [ -n "${CUDA_PATH:-}" ]; then
    py 'import json,sys
d=json.load(open(sys.argv[1])); err=open(sys.argv[2]).read()
assert "libclang could not read" not in err, err
k=[x for x in d["files"][0]["kernels"] if x["name"].startswith("half_add")][0]
assert k["uniformity"] and k["line"]==18, k
assert sorted(x["name"].split("(")[0] for x in d["files"][0]["kernels"])==["half_add","to_surface"]' \
    "headers: <memory>, cuda_fp16/bf16, cooperative_groups, cuda/barrier, surface objects, omp.h, host isfinite() and clock() read with zero errors"
else
    echo "not run: headers: no CUDA toolkit headers"
fi

"$ka" withheld.cu --arch sm_90 --format json >out 2>err && ok "withheld: json" || bad "withheld: json" "$(cat err)"
py 'import json,sys
d=json.load(open(sys.argv[1])); err=open(sys.argv[2]).read()
ks={k["name"].split("(")[0]:k for k in d["files"][0]["kernels"]}
assert ks["broken"]["uniformity"] is None and ks["broken"]["findings"]==[], ks["broken"]
assert ks["clean"]["uniformity"], ks["clean"]
assert ks["broken"]["line"]==14 and ks["clean"]["line"]==20
assert "withheld for 1 kernel" in err, err' "withheld: the kernel calling unreadable code has no analysis (a note says 1), the other keeps its own"

# ---- fragments: a .cu that only compiles #included into another input -------------
mkdir -p frag && cd frag
cat >driver.cu <<'CU'
struct Params { float *x; int n; };
#include "kern.cu"
void run(Params p) { scale<<<1, 128>>>(p); }
CU
cat >kern.cu <<'CU'
__global__ void scale(Params p) {     // Params: only the driver defines it
    if (threadIdx.x < p.n) p.x[threadIdx.x] *= 2.0f;
}
CU
cat >alone.cu <<'CU'
__global__ void alone(float *x) { x[threadIdx.x] = 0.0f; }
CU
cat >user.cu <<'CU'
#include "alone.cu"
void go(float *x) { alone<<<1, 64>>>(x); }
CU
"$ka" kern.cu driver.cu alone.cu user.cu --arch sm_90 --format json >"$tmp/w/out" 2>"$tmp/w/err" &&
    ok "fragments: exit 0" || bad "fragments: exit 0" "$(cat "$tmp/w/err")"
py 'import json,sys
d=json.load(open(sys.argv[1])); err=open(sys.argv[2]).read()
got=sorted((f["file"],k["name"].split("(")[0],k["def_file"],k["line"]) for f in d["files"] for k in f["kernels"])
assert got==[("driver.cu","scale","kern.cu",1),("user.cu","alone","alone.cu",1)], got
assert "kern.cu: note: #included by driver.cu, whose compile reports its kernels" in err, err
assert "alone.cu: note: #included by user.cu" in err and "compile failed" not in err, err' \
    "fragments: an #included .cu is compiled through its includer (no failure, no kernel twice)"
printf 'int broken(\n#include "kern.cu"\n' >driver.cu
"$ka" kern.cu driver.cu --arch sm_90 --format json >"$tmp/w/out" 2>"$tmp/w/err"
grep -q "kern.cu: note: #included by driver.cu, which did not compile: compiled on its own" "$tmp/w/err" &&
    ok "fragments: when the includer does not compile, the fragment is compiled on its own" ||
    bad "fragments: includer failing" "$(cat "$tmp/w/err")"
cat >a.cu <<'CU'
#pragma once
#include "b.cu"
__global__ void ka(float *x) { x[threadIdx.x] = 1.0f; }
CU
cat >b.cu <<'CU'
#pragma once
#include "a.cu"
__global__ void kb(float *x) { x[threadIdx.x] = 2.0f; }
CU
"$ka" b.cu a.cu --arch sm_90 --format json >"$tmp/w/out" 2>"$tmp/w/err"
py 'import json,sys
d=json.load(open(sys.argv[1]))
got=sorted((f["file"],k["name"].split("(")[0]) for f in d["files"] for k in f["kernels"])
assert got==[("b.cu","ka"),("b.cu","kb")], got' "fragments: files that include each other: the first named compiles both"
cd ..

echo "e2e_locations: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
