#!/usr/bin/env bash
# e2e_binary.sh KANALYZE KANALYZE_LAUNCH SRCDIR — what a build produced,
# through the command line: cubin, fatbin, objects (several archs), archives,
# shared libraries, executables, AMD code objects and offload bundles; --arch
# selecting among the archs present; PTX-only archs; --sass on a binary equal
# to the census of the same compile from source; the baseline gate comparing
# two builds' libraries; kanalyze-launch reading the object it wrote; bad
# binaries; a spilling rebuild (-maxrregcount) failing the gate on cubins,
# with --sass and through launcher records, by the frame and STL/LDL; -rdc
# cubins' and objects' static shared memory; a block that is not a multiple
# of the warp (wave) size said with its idle lanes; a -lineinfo cubin's
# kernels located by its line table under --sass.
# Needs nvcc for the NVIDIA half (else those checks are "not run").
# Prints one line per check and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
launch=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
src=$(cd "$3" && pwd)
bin=$src/testdata/binary
. "$(dirname "$0")/../support/lib.sh"
private_tmp
export NO_COLOR=1

# ---- AMD: code objects and bundles (committed fixtures, no compiler needed) ----
expect "AMD code object (v5, gfx90a:xnack-)" 0 "$ka" "$bin/cov5.gfx90a.co" --format json
py '
import json,sys
j=json.load(open(sys.argv[1])); f=j["files"]
assert [x["arch"] for x in f]==["gfx90a:xnack-"], [x["arch"] for x in f]
ks=f[0]["kernels"]; assert len(ks)==4, len(ks)
for k in ks:
    r=k["resources"]; assert r["vgprs"]>0 and r["sgprs"]>0 and r["regs"] is None and k["line"] is None, k
    assert k["occupancy"]["waves_per_simd"]>0 and k["uniformity"] is None
' "... kernels with VGPRs, SGPRs, waves/SIMD; no line, no uniformity"
expect "compressed offload bundle (CCOB v3, zstd)" 0 "$ka" "$bin/kern.v3zstd.ccob" --format json -q
py 'import json,sys; j=json.load(open(sys.argv[1])); assert sum(len(f["kernels"]) for f in j["files"])>=3, j' "... its kernels"
expect "--arch selects among the bundle's archs" 0 "$ka" "$bin/kern.hipfb" --arch gfx1030 --format json
py 'import json,sys; j=json.load(open(sys.argv[1])); assert {f["arch"] for f in j["files"]}=={"gfx1030"}, [f["arch"] for f in j["files"]]' "... only gfx1030"
expect "an arch the binary lacks: a note, exit 0" 0 "$ka" "$bin/kern.hipfb" --arch gfx1030,gfx942
has "... the note names it and what the binary has" "$tmp/err" "no code for gfx942 in this binary"
expect "no arch left: exit 2" 2 "$ka" "$bin/kern.hipfb" --arch gfx942
has "... said" "$tmp/err" "none of the --arch architectures is in this binary"

# ---- a block that is not a multiple of the wave: its idle lanes said ---------------
expect "AMD code object at --block 100" 0 "$ka" "$bin/cov5.gfx90a.co" --block 100
has "... the last wave64's idle lanes" "$tmp/out" "idle lanes  block 100 is not a multiple of the wave size (64): its last wave runs 36 of 64 lanes, 21.9 % of the block's lanes idle"
expect "AMD code object at --block 128" 0 "$ka" "$bin/cov5.gfx90a.co" --block 128
hasnt "... none at a multiple of 64" "$tmp/out" "idle lanes"

# ---- bad binaries: one line, exit 2, no crash ---------------------------------
head -c 200 "$bin/cov5.gfx90a.co" >"$tmp/trunc.co"
expect "truncated code object: exit 2" 2 "$ka" "$tmp/trunc.co"
[ "$(grep -c 'kanalyze: ' "$tmp/err")" -ge 1 ] && ok "... one clear line" || bad "... one clear line" "$(cat "$tmp/err")"
expect "msgpack bomb: exit 2, bounded" 2 "$ka" "$bin/bomb.co"

# ---- the names users compare with the driver's (nvlink'd sm_90 cubin, committed) ----
expect "a linked sm_90 cubin" 0 "$ka" "$bin/reserved.linked.cubin"
has "stack (localSizeBytes) with the kernel's own frame beside it" "$tmp/out" "stack 232 B (own frame 128 B)   smem 0 B"
has "shared memory without the 1 KiB reservation" "$tmp/out" "stack 0 B   smem 1024 B"
expect "... as JSON" 0 "$ka" "$bin/reserved.linked.cubin" --format json -q
py '
import json,sys
ks={k["mangled"]:k for f in json.load(open(sys.argv[1]))["files"] for k in f["kernels"]}
r=ks["_Z7stackedPKjPj"]["resources"]; assert (r["stack"], r["local"])==(232, 128), r
assert ks["_Z7smem_1kPj"]["resources"]["static_smem"]==1024, ks["_Z7smem_1kPj"]["resources"]
o=ks["_Z7bound16Pj"]["occupancy"]; assert o["best_block"]==16 and o["block"]==16, o
o=ks["_Z6bound1Pj"]["occupancy"]; assert o["best_block"]==1 and o["best_blocks"]==[1], o
' "... stack 232 / local 128, static_smem 1024, best block 16 and 1 under launch bounds 16 and 1"

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "not run  NVIDIA binaries: nvcc not installed"
    echo "e2e_binary: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
    exit
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH

# ---- NVIDIA: objects, archives, libraries, executables -------------------------
cd "$tmp"
red=$src/kernels/reduction/reduction.cu
nvcc -c -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 -gencode arch=compute_100,code=compute_100 \
    "$red" -o red.o 2>/dev/null && ar rcs libred.a red.o && nvcc -shared -Xcompiler -fPIC -arch=sm_90 "$red" -o libred.so 2>/dev/null \
    && nvcc -cubin -arch=sm_90 "$red" -o red.cubin 2>/dev/null && nvcc -fatbin -arch=sm_90 "$red" -o red.fatbin 2>/dev/null \
    && ok "built red.o (sm_80, sm_90, PTX for 100), libred.a, libred.so, red.cubin, red.fatbin" || bad "build the binaries"
expect "an nvcc -c object: every arch in it" 0 "$ka" red.o --format json
py '
import json,sys
j=json.load(open(sys.argv[1])); f=j["files"]
assert [x["arch"] for x in f]==["sm_80","sm_90"], [x["arch"] for x in f]
for x in f:
    assert len(x["kernels"])==6
    for k in x["kernels"]:
        r=k["resources"]; assert r["regs"]>0 and r["spill_stores"] is None and r["spill_loads"] is None and k["line"] is None, r
        assert k["occupancy"]["blocks_per_sm"]>0 and k["cliffs"]["regs_to_next_drop"] is not None and k["uniformity"] is None
' "... 6 kernels per arch, spills and lines null, occupancy and cliffs there"
has "... PTX-only arch is a note" "$tmp/err" "no SASS for sm_100"
cp "$tmp/out" red_all.json
expect "--arch on an object: the other arch's cubins are not decoded, the same report" 0 \
    "$ka" red.o --arch sm_90,sm_86 --format json
py '
import json,sys
a=json.load(open("red_all.json"))["files"]; b=json.load(open(sys.argv[1]))["files"]
assert [f for f in a if f["arch"]=="sm_90"]==b, [f["arch"] for f in b]
' "... sm_90 exactly as read with every arch"
has "... the arch it lacks, beside those it has (sm_80 not decoded)" "$tmp/err" \
    "no code for sm_86 in this binary (it has: sm_80 sm_90)"
hasnt "... no PTX-only note for the undecoded arch" "$tmp/err" "no SASS for sm_80"
has "... null spills are explained" "$tmp/err" "a binary records no spill bytes"
expect "a static archive" 0 "$ka" libred.a --format json -q
py 'import json,sys; j=json.load(open(sys.argv[1])); assert all(f["file"]=="libred.a(red.o)" for f in j["files"]) and len(j["files"])==2, [f["file"] for f in j["files"]]' "... kernels named lib.a(member.o)"
expect "a shared library" 0 "$ka" libred.so --format json -q
py 'import json,sys; j=json.load(open(sys.argv[1])); assert len(j["files"])==1 and len(j["files"][0]["kernels"])==6, j["files"]' "... its 6 kernels"
"$ka" red.cubin --format json -q >c1.json 2>/dev/null; "$ka" red.fatbin --format json -q >c2.json 2>/dev/null
python3 -c '
import json,sys
a=json.load(open("c1.json")); b=json.load(open("c2.json"))
ka=[(k["mangled"],k["resources"]) for k in a["files"][0]["kernels"]]; kb=[(k["mangled"],k["resources"]) for k in b["files"][0]["kernels"]]
assert ka==kb and len(ka)==6
' && ok "cubin and fatbin of one compile read alike" || bad "cubin and fatbin of one compile read alike"

# --sass on a binary equals the census from the source
if "$ka" "$red" --arch sm_90 --sass --no-uniformity --format json -q >s1.json 2>/dev/null; then
    "$ka" red.o --arch sm_90 --sass --format json -q >s2.json 2>/dev/null
    python3 -c '
import json
a=json.load(open("s1.json")); b=json.load(open("s2.json"))
sa={k["mangled"]:(k["sass"]["instructions"],k["sass"]["ur_operands"],k["resources"]["uregs"]) for k in a["files"][0]["kernels"]}
sb={k["mangled"]:(k["sass"]["instructions"],k["sass"]["ur_operands"],k["resources"]["uregs"]) for k in b["files"][0]["kernels"]}
assert sa==sb and len(sa)==6, (sa,sb)
' && ok "--sass on an object: the same census as from the source" || bad "--sass on an object" "$(head -c 600 s2.json)"
    # a -lineinfo build locates its kernels where the source analysis does
    nvcc -cubin -arch=sm_90 -lineinfo -o li.cubin "$src/tests/e2e/cliff128.cu" &&
        nvcc -cubin -arch=sm_90 -o noli.cubin "$src/tests/e2e/cliff128.cu"
    "$ka" "$src/tests/e2e/cliff128.cu" --arch sm_90 --no-uniformity --format json -q >l0.json 2>/dev/null
    expect "--sass on a -lineinfo cubin" 0 "$ka" li.cubin --sass --format json
    py 'import json,sys
src={k["mangled"]:(k["def_file"].split("/")[-1],k["line"]) for k in json.load(open("l0.json"))["files"][0]["kernels"]}
got={k["mangled"]:(k["def_file"].split("/")[-1],k["line"]) for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]}
assert got==src and len(got)==2, (got,src)
assert json.load(open(sys.argv[1]))["files"][0]["file"]=="li.cubin"' "... its kernels at the source analysis's file and line; the binary stays their file"
    has "... says so" "$tmp/err" "its kernels are located by its line info"
    expect "--sass on a cubin without line info" 0 "$ka" noli.cubin --sass --format json
    py 'import json,sys; ks=json.load(open(sys.argv[1]))["files"][0]["kernels"]; assert all(k["line"] is None for k in ks), ks' \
        "... no line"
    has "... and says how to get one" "$tmp/err" "without line info (-lineinfo) read with --sass"
else
    echo "not run  --sass on a binary: no nvdisasm"
fi

# ---- the gate compares two builds' libraries kernel by kernel -------------------
variant() { sed "s/^#define KA_NV .*/#define KA_NV $1/; s/^#define KA_MAXNREG .*/#define KA_MAXNREG $2/" \
    "$src/tests/e2e/guard_pressure.cu" >p.cu; }
mkdir -p b1 b2
variant 120 128 && nvcc -shared -Xcompiler -fPIC -arch=sm_90 p.cu -o b1/libp.so 2>/dev/null
variant 120 129 && nvcc -shared -Xcompiler -fPIC -arch=sm_90 p.cu -o b2/libp.so 2>/dev/null
cp b1/libp.so libp.so
expect "baseline written from a library" 0 "$ka" libp.so --write-baseline base.json
cp b2/libp.so libp.so
expect "the rebuilt library crosses the cliff: exit 1" 1 "$ka" libp.so --baseline base.json
has "... reported as a register cliff" "$tmp/out" "register-cliff"

# ---- kanalyze-launch: the object the compile wrote, no second compile -----------
cat >fake-nvcc <<EOS
#!/bin/sh
echo run >>"$tmp/nvcc-runs"
exec nvcc "\$@"
EOS
chmod +x fake-nvcc
expect "launch: the compile runs" 0 "$launch" --records rec -- ./fake-nvcc -c -arch=sm_90 "$red" -o l.o
[ "$(wc -l <nvcc-runs)" -eq 1 ] && ok "... nvcc ran once (no second compile)" || bad "... nvcc ran $(wc -l <nvcc-runs) times"
expect "report of the launch record" 0 "$ka" report rec --format json
py '
import json,sys
j=json.load(open(sys.argv[1])); f=j["files"]; assert len(f)==1 and f[0]["file"].endswith("reduction.cu"), f
ks=f[0]["kernels"]; assert len(ks)==6 and all(k["line"] and k["line"]>0 for k in ks), [k["line"] for k in ks]
assert all(k["resources"]["spill_stores"] is None for k in ks)
' "... the source file, the definitions lines, spills null"

# ---- report: the recorded sources read for their launches and their kernels' lines
# (a kernel in a header has no line in the object's own file: "line": null
# in the record; the source analysis places it)
mkdir -p lsrc
printf '__global__ void in_header(float *p) { p[threadIdx.x] = 2; }\n' >lsrc/lk.cuh
printf '#include "lk.cuh"\n__global__ void wide(float *p) { p[threadIdx.x] = 1; }\nvoid run(float *p)\n{\n    wide<<<4, 512>>>(p);\n    in_header<<<8, 96>>>(p);\n}\n' >lsrc/lk.cu
expect "launch: a source with two launches" 0 "$launch" --records lrec -- nvcc -c -arch=sm_90 -I lsrc lsrc/lk.cu -o lk.o
expect "report: the records' sources read for their launches" 0 "$ka" report lrec --format json
py '
import json,sys
j=json.load(open(sys.argv[1])); ks={k["name"]: k for k in j["files"][0]["kernels"]}
w, h = ks["wide(float*)"], ks["in_header(float*)"]
assert (w["occupancy"]["block"], w["occupancy"]["block_source"]) == (512, "launch_site"), w["occupancy"]
assert w["occupancy"]["launch_site"].endswith("lk.cu:5"), w["occupancy"]
assert (h["occupancy"]["block"], h["occupancy"]["block_source"]) == (96, "launch_site"), h["occupancy"]
assert h["line"] == 1 and h["def_file"].endswith("lk.cuh"), (h["line"], h["def_file"])
assert w["uniformity"] is None and not w["findings"], "a record has no compile to ground findings in"
' "... each kernel at its launch site's block, the header kernel placed in its header"
rm lsrc/lk.cu
expect "report: a recorded source gone: the records alone" 0 "$ka" report lrec --format json
py '
import json,sys
ks=json.load(open(sys.argv[1]))["files"][0]["kernels"]
assert all(k["occupancy"]["block_source"] != "launch_site" for k in ks), [k["occupancy"] for k in ks]
' "... the default block, no launch site"

# ---- spills seen from binaries: the frame and STL/LDL, not "improved" ------------
# spill_gate.cu at its own register count, then at -maxrregcount 32: fewer
# registers, a stack frame ptxas spills into (its -v says how big)
sg=$src/tests/e2e/spill_gate.cu
mkdir -p s1 s2
nvcc -cubin -arch=sm_90 "$sg" -o s1/sg.cubin 2>/dev/null
nvcc -cubin -arch=sm_90 -maxrregcount 32 -Xptxas -v "$sg" -o s2/sg.cubin 2>ptxas.log
frame=$(sed -n 's/.* \([0-9][0-9]*\) bytes stack frame, \([0-9][0-9]*\) bytes spill stores.*/\1 \2/p' ptxas.log | head -1)
if [ -n "$frame" ] && [ "${frame#* }" -gt 0 ]; then
    frame=${frame%% *}
    cp s1/sg.cubin sg.cubin
    expect "spill gate: baseline from the cubin" 0 "$ka" sg.cubin --write-baseline sbase.json
    py 'import json,sys; k=json.load(open("sbase.json"))["kernels"][0]
assert k["local"]==0 and k["stack"]==0 and k["spill_stores"] is None and "local_stores" in k, k' "... the baseline keeps the frame and stack"
    cp s2/sg.cubin sg.cubin
    expect "spill gate: the -maxrregcount 32 cubin fails (fewer registers, spills)" 1 "$ka" sg.cubin --baseline sbase.json
    has "... a spill regression, not improved" "$tmp/out" "REGRESSION  sg.cubin:0  heavy(float const*, float*, int) (sm_90): spill: registers"
    has "... the frame ptxas -v printed as the spill bound" "$tmp/out" "spills up to $frame bytes (stack frame 0 B -> $frame B per thread)"
    if "$ka" s1/sg.cubin --sass -q >/dev/null 2>&1; then
        cp s1/sg.cubin sg.cubin
        expect "spill gate --sass: baseline" 0 "$ka" sg.cubin --sass --write-baseline sbase2.json
        cp s2/sg.cubin sg.cubin
        expect "spill gate --sass: fails" 1 "$ka" sg.cubin --sass --baseline sbase2.json --format json
        py 'import json,sys; j=json.load(open(sys.argv[1])); k=j["files"][0]["kernels"][0]["resources"]
assert k["local_stores"]>0 and k["local_loads"]>0 and k["local"]>0, k' "... the STL/LDL count in the record"
        "$ka" sg.cubin --sass --baseline sbase2.json >out 2>/dev/null
        grep -q "local stores/loads (STL/LDL) 0/0 -> [1-9][0-9]*/[1-9]" out && ok "... the STL/LDL count in the message" || bad "... STL/LDL" "$(cat out)"
    else
        echo "not run  spill gate --sass: no nvdisasm"
    fi
    # kanalyze-launch records of the two builds, gated by kanalyze report
    cp "$sg" sgl.cu
    expect "spill gate, launcher: build 1" 0 "$launch" --records srec1 -- nvcc -c -arch=sm_90 sgl.cu -o sgl.o
    expect "spill gate, launcher: build 2 (-maxrregcount 32)" 0 "$launch" --records srec2 -- nvcc -c -arch=sm_90 -maxrregcount 32 sgl.cu -o sgl.o
    expect "spill gate, launcher: baseline of the records" 0 "$ka" report srec1 --write-baseline sbase3.json
    expect "spill gate, launcher: the spilling build fails" 1 "$ka" report srec2 --baseline sbase3.json
    has "... spills up to the frame's bytes" "$tmp/out" "spills up to $frame bytes"
else
    bad "spill gate: ptxas did not spill at -maxrregcount 32" "$(cat ptxas.log)"
fi

expect "a cubin at --block 100" 0 "$ka" s1/sg.cubin --block 100
has "... the last warp's idle lanes" "$tmp/out" "idle lanes  block 100 is not a multiple of the warp size (32): its last warp runs 4 of 32 lanes, 21.9 % of the block's lanes idle"
expect "a cubin at --block 96" 0 "$ka" s1/sg.cubin --block 96
hasnt "... none at a multiple of 32" "$tmp/out" "idle lanes"

# ---- -rdc=true: shared variables the linker places, read from the relocations --
# rdc_shared.cu compiled whole (ptxas -v's figures: the oracle), then
# relocatable as a cubin and as an object
rs=$src/tests/e2e/rdc_shared.cu
nvcc -cubin -arch=sm_90 -Xptxas -v "$rs" -o rs_whole.cubin 2>rs.log
nvcc -cubin -arch=sm_90 -rdc=true "$rs" -o rs_rdc.cubin 2>/dev/null
nvcc -c -arch=sm_90 -rdc=true "$rs" -o rs_rdc.o 2>/dev/null
for f in rs_rdc.cubin rs_rdc.o; do
    "$ka" "$f" --format json -q >"$f.json" 2>/dev/null
    python3 -c '
import json,re,sys
want={}; cur=None
for line in open("rs.log"):
    m=re.search(r"Compiling entry function .(\w+). for", line)
    if m: cur=m.group(1)
    m=re.search(r"Used .* (\d+) bytes smem", line)
    if m and cur: want[cur]=int(m.group(1))
got={k["mangled"]:k["resources"]["static_smem"] for f in json.load(open(sys.argv[1]))["files"] for k in f["kernels"]}
assert len(want)==3 and got==want, (got,want)
assert got["_Z14through_helperPf"] > got["_Z8own_onlyPf"] > 0, got
' "$f.json" && ok "-rdc=true $f: static shared memory as ptxas -v prints it for the whole compile" \
        || bad "-rdc=true $f: static shared memory" "$(cat "$f.json" | head -c 400; cat rs.log)"
done

echo "e2e_binary: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
