#!/usr/bin/env bash
# e2e.sh KANALYZE SRCDIR — end-to-end tests of the kanalyze binary: the
# calculator, archs, usage errors, and (when nvcc is installed) real
# analyses of shipped kernels, compile errors, pass-through flags, timeouts,
# odd file names.  Prints one line per check and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp/tmpdir     # kanalyze's private temp dirs go here
export KANALYZE_CACHE_DIR=$tmp/cache   # a private result cache, not ~/.cache
mkdir -p "$TMPDIR"

# KA_E2E_VALGRIND=1: every kanalyze run goes through valgrind (memcheck,
# definite leaks are errors); an error makes that run exit 99 and fail.
# The source analysis runs in kanalyze's own process there
# (KANALYZE_NO_ISOLATION=1), so memcheck sees it whole: a child forked per
# file would count what the parent's other threads held at the fork as its
# leaks, and its exit 99 would read as a lost analysis.
if [ -n "${KA_E2E_VALGRIND:-}" ]; then
    real=$ka
    ka=$tmp/kanalyze-under-valgrind
    # tests/support/valgrind.supp: ld.so false positives when the analyzer dlopens libclang
    printf '#!/bin/sh\nKANALYZE_NO_ISOLATION=1 exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions="%s" "%s" "$@"\n' "$src/tests/support/valgrind.supp" "$real" > "$ka"
    chmod +x "$ka"
fi

. "$(dirname "$0")/../support/lib.sh"
# expect NAME WANTED_RC CMD... : run, keep stdout/stderr in $tmp/out, $tmp/err
expect() {
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/err")"; fi
}
has() { # has NAME FILE TEXT
    if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in output" "$(cat "$2")"; fi
}

# ---- calculator ---------------------------------------------------------------
expect "occupancy worked example" 0 "$ka" occupancy --arch sm_90 --regs 128,129 --block 256 --format jsonl
if diff -u - "$tmp/out" >"$tmp/diff" <<'ROWS'
{"arch":"sm_90","regs":128,"block":256,"smem":0,"blocks_per_sm":2,"warps_per_sm":16,"occupancy":0.25,"limiter":["registers"]}
{"arch":"sm_90","regs":129,"block":256,"smem":0,"blocks_per_sm":1,"warps_per_sm":8,"occupancy":0.125,"limiter":["registers"]}
ROWS
then ok "occupancy jsonl rows exact"; else bad "occupancy jsonl rows exact" "$(cat "$tmp/diff")"; fi
expect "occupancy cross product" 0 "$ka" occupancy --arch sm_80,sm_90 --regs 32-64:32 --block 128,256 --smem 0,1024 --format jsonl
[ "$(wc -l <"$tmp/out")" -eq 16 ] && ok "cross product has 2x2x2x2 rows" || bad "cross product rows" "$(cat "$tmp/out")"
py 'import json,sys; rows=[json.loads(l) for l in open(sys.argv[1])]; keys=["arch","regs","block","smem","blocks_per_sm","warps_per_sm","occupancy","limiter"]; assert all(list(r)==keys for r in rows), rows[0]; assert [r["arch"] for r in rows[:8]]==["sm_80"]*8' "jsonl keys and order"
expect "occupancy text" 0 "$ka" occupancy --arch sm_90 --regs 128 --block 256
has "text names the limiter" "$tmp/out" "registers"
expect "occupancy summary" 0 "$ka" occupancy --arch sm_90 --regs 1-255 --block 32-1024:32 --format summary
py 'import json,sys; s=json.load(open(sys.argv[1])); assert s["configurations"]==255*32, s' "summary counts configurations"
expect "regs out of range" 2 "$ka" occupancy --arch sm_90 --regs 256
has "regs range message" "$tmp/err" "outside 0..255"
expect "block out of range" 2 "$ka" occupancy --arch sm_90 --regs 32 --block 1025
expect "smem over the opt-in limit" 2 "$ka" occupancy --arch sm_90 --regs 32 --smem 232449
expect "unknown arch" 2 "$ka" occupancy --arch sm_91 --regs 32
has "unknown arch lists valid ones" "$tmp/err" "sm_75 sm_80"
expect "missing --regs" 2 "$ka" occupancy --arch sm_90
expect "bad range" 2 "$ka" occupancy --arch sm_90 --regs 64-32
expect "bad option" 2 "$ka" occupancy --arch sm_90 --regs 1 --frobnicate
expect "calculator-only arch" 0 "$ka" occupancy --arch sm_70 --regs 64 --format jsonl
expect "archs text" 0 "$ka" archs
has "archs marks assumptions" "$tmp/out" "assumed"
expect "archs json" 0 "$ka" archs --format json
py 'import json,sys; a={r["arch"]:r for r in json.load(open(sys.argv[1]))}; h=a["sm_90"]; assert h["smem_per_sm"]==233472 and h["max_blocks_per_sm"]==32 and h["analysable"], h; assert not a["sm_70"]["analysable"]' "archs json sm_90 row"
expect "--help" 0 "$ka" --help
for opt in arch block smem include define jobs format warn-cliff nvcc timeout color quiet; do
    grep -q -- "--$opt" "$tmp/out" || bad "--help lists --$opt"
done
ok "--help lists the analyze options"
missing=
for opt in $(sed -n 's/^KA_OPT([A-Z]*, *"\([a-z-]*\)".*/\1/p' "$src/cli/options.def"); do
    grep -q -- "$(printf '%s' "$opt" | sed 's/-/\\\\-/g')" "$src/man/kanalyze.1" || missing="$missing $opt"
done
[ -z "$missing" ] && ok "man page lists every option of options.def" || bad "man page lacks:$missing"
if command -v groff >/dev/null 2>&1; then
    groff -ww -z -man -t "$src/man/kanalyze.1" 2>"$tmp/groff" && [ ! -s "$tmp/groff" ] &&
        ok "man page renders without groff warnings" || bad "groff warnings" "$(cat "$tmp/groff")"
fi
expect "--version" 0 "$ka" --version
expect "no input" 2 "$ka"
expect "missing file" 2 "$ka" "$tmp/nope.cu"
has "missing file message" "$tmp/err" "nope.cu: no such file"
expect "a misspelt command: exit 2" 2 "$ka" occupany --arch sm_90 --regs 32
has "... did you mean the command" "$tmp/err" "'occupany' is not a command or a file: did you mean 'kanalyze occupancy'?"
(cd "$tmp" && : >occupany && "$ka" occupany >out2 2>err2; true)
hasnt "... not when a file of that name exists" "$tmp/err2" "did you mean"
if [ "$(id -u)" -ne 0 ]; then
    printf '__global__ void k() {}\n' > "$tmp/locked.cu"; chmod 000 "$tmp/locked.cu"
    expect "unreadable file" 2 "$ka" "$tmp/locked.cu"
    has "unreadable file message" "$tmp/err" "not a readable regular file"
else
    echo "not run  unreadable file: running as root, which reads any file"
fi
expect "directory" 2 "$ka" "$tmp"
has "directory message" "$tmp/err" "is a directory"
expect "analysis refuses sm_70" 2 "$ka" "$src/kernels/reduction/reduction.cu" --arch sm_70
expect "CUDA file with only an AMD arch" 2 "$ka" "$src/kernels/reduction/reduction.cu" --arch gfx90a
has "CUDA file, AMD arch: message" "$tmp/err" "CUDA source and no NVIDIA --arch given"
expect "bad --color" 2 "$ka" --color sometimes "$src/kernels/reduction/reduction.cu"
expect "missing nvcc" 3 "$ka" --nvcc "$tmp/no-nvcc" "$src/kernels/reduction/reduction.cu"
has "missing nvcc message" "$tmp/err" "nvcc not found"
printf '#!/bin/sh\nsleep 30\n' > "$tmp/hang-nvcc"; chmod +x "$tmp/hang-nvcc"
start=$(date +%s)
expect "hanging compiler times out" 3 "$ka" --nvcc "$tmp/hang-nvcc" --timeout 1 "$src/kernels/reduction/reduction.cu"
has "timeout message" "$tmp/err" "timed out after 1 s"
[ $(( $(date +%s) - start )) -lt 10 ] && ok "timeout is prompt" || bad "timeout is prompt"

# ---- launch advice for AMD, from saved remarks (no compiler) -----------------------
expect "AMD best block and grid from --remarks" 0 "$ka" --remarks "$src/testdata/amd/remarks/softmax.gfx90a.remarks" --arch gfx90a --sms 110 --format json
py '
import json,sys
for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]:
    o=k["occupancy"]
    assert o["best_block"]==max(o["best_blocks"]), o
    assert o["min_grid"] is not None and o["min_grid"]>0 and o["min_grid"]%110==0, o
' "AMD: best block is the largest best size; grid = workgroups/CU x 110 CUs"
# what-ifs of kernels read from a log: the block variant needs no compiler
expect "AMD what-if on a log (block)" 0 "$ka" --remarks "$src/testdata/amd/remarks/softmax.gfx90a.remarks" --arch gfx90a --what-if block=1024 --format json
py 'import json,sys
j=json.load(open(sys.argv[1]))
for f in j["files"]:
    for k in f["kernels"]:
        w=k["what_if"]; assert len(w)==1 and w[0]["what"]=="block=1024", w
        assert w[0]["block"]==1024 and w[0]["waves_per_simd"] is not None, w
' "AMD what-if block= re-runs the model for a log's kernels"

# ---- real compiles -------------------------------------------------------------
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    skip=1
    echo "skip  analyses with nvcc: nvcc not installed"
else
    red=$src/kernels/reduction/reduction.cu
    expect "analyze reduction.cu sm_90 json" 0 "$ka" "$red" --arch sm_90 --format json
    cp "$tmp/out" "$tmp/first.json"
    py '
import json,sys
r=json.load(open(sys.argv[1]))
assert list(r)==["tool","version","toolchain","files"], list(r)
assert r["toolchain"]["nvcc"].startswith("13."), r["toolchain"]
f=r["files"]; assert len(f)==1 and f[0]["arch"]=="sm_90"
ks=f[0]["kernels"]; names=[k["name"].split("(")[0] for k in ks]
assert names==["reduce_r%d"%i for i in range(1,7)], names
res_keys=["regs","uregs","spill_stores","spill_loads","stack","static_smem","local","local_stores","local_loads","barriers","cmem_params","cmem_literals","cmem_user","max_threads","vgprs","sgprs","agprs","lds","scratch","vgpr_spills","sgpr_spills"]
occ_keys=["block","block_source","block_dims","grid_dims","launch_site","runtime_launch_sites","smem","blocks_per_sm","warps_per_sm","waves_per_simd","occupancy","limiter","best_blocks","best_block","min_grid","waves"]
src=open(sys.argv[1].replace("out","x")) if False else None
for k in ks:
    assert list(k)[:10]==["name","mangled","line","def_file","resources","occupancy","cliffs","sass","uniformity","findings"], list(k)
    assert "what_if" in k and "suggestion" in k
    assert list(k["resources"])==res_keys and list(k["occupancy"])==occ_keys
    assert 8<=k["resources"]["regs"]<=40 and k["resources"]["vgprs"] is None
    assert k["resources"]["barriers"]>=1 and k["resources"]["spill_stores"]==0
    o=k["occupancy"]; assert o["block"]==256 and o["block_source"]=="default" and o["blocks_per_sm"]==8 and o["occupancy"]==1.0 and o["limiter"]==["warps"]
    assert k["cliffs"]["regs_to_next_drop"]>0
' "reduction.cu json contract"
    py '
import json,sys
r=json.load(open(sys.argv[1])); lines=open("'"$red"'").read().split("\n")
for k in r["files"][0]["kernels"]:
    name=k["name"].split("(")[0]
    assert "__global__" in lines[k["line"]-1] and name in lines[k["line"]-1], (name, k["line"])
' "kernel lines point at the definitions"
    expect "json is deterministic" 0 "$ka" "$red" --arch sm_90 --format json
    cmp -s "$tmp/out" "$tmp/first.json" && ok "two runs, identical json" || bad "two runs, identical json"
    expect "three archs in one run" 0 "$ka" "$red" --arch sm_80,sm_90,sm_120 --format json
    py 'import json,sys; r=json.load(open(sys.argv[1])); assert [f["arch"] for f in r["files"]]==["sm_80","sm_90","sm_120"]' "archs ordered sm_80, sm_90, sm_120"
    expect "text report" 0 "$ka" "$red" --arch sm_90 --color never
    has "text has occupancy line" "$tmp/out" "occupancy   100.0 %  8 blocks x 256 threads = 64 warps/SM   limiter: warps"
    expect "dynamic smem option" 0 "$ka" "$red" --arch sm_90 --smem 100000 --format json
    py 'import json,sys; k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]; o=k["occupancy"]; assert o["smem"]==100000 and o["blocks_per_sm"]==2 and o["limiter"]==["shared_memory"], o' "--smem 100000 -> 2 blocks by shared memory"

    c=$src/tests/e2e/cliff128.cu
    expect "cliff kernel json" 0 "$ka" "$c" --arch sm_90 --format json
    py '
import json,sys
ks={k["name"]:k for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]}
p=ks["void pressure<128>(float*, float const*)"]; b=ks["bounded(float*)"]
assert p["resources"]["regs"]==128, p["resources"]
assert p["occupancy"]["blocks_per_sm"]==2 and p["occupancy"]["limiter"]==["registers"]
assert p["cliffs"]["regs_to_next_drop"]==1 and p["cliffs"]["blocks_after_drop"]==1, p["cliffs"]
assert b["resources"]["max_threads"]==128 and b["occupancy"]["block"]==128 and b["occupancy"]["block_source"]=="launch_bounds"
' "128-register kernel at the cliff; launch bounds used as block"
    expect "--warn-cliff warns, exits 0" 0 "$ka" "$c" --arch sm_90 --warn-cliff 4
    has "cliff warning text" "$tmp/err" "128 registers, 1 below the cliff at 129"
    expect "-q silences the warning" 0 "$ka" "$c" --arch sm_90 --warn-cliff 4 -q
    [ ! -s "$tmp/err" ] && ok "-q: stderr empty" || bad "-q: stderr empty" "$(cat "$tmp/err")"
    expect "--block over launch bounds warns" 0 "$ka" "$c" --arch sm_90 --block 256
    has "launch bounds warning" "$tmp/err" "exceeds its __launch_bounds__ (128)"

    w=$src/tests/e2e/whatif166.cu
    expect "what-if regs=128 on a 166-register kernel" 0 "$ka" "$w" --arch sm_90 --device H200 --what-if regs=128 --what-if block=128 --format json -- -maxrregcount=166
    py '
import json,sys
k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
assert k["resources"]["regs"]==166 and k["occupancy"]["blocks_per_sm"]==1, k["resources"]
w=k["what_if"][0]; assert w["what"]=="regs=128" and w["regs"]<=128 and w["blocks_per_sm"]==2, w
assert w["spill_stores"]>0 and w["spill_loads"]>0, w
b=k["what_if"][1]; assert b["what"]=="block=128" and b["regs"]==166 and b["block"]==128 and b["blocks_per_sm"]==3, b
assert k["occupancy"]["best_block"]==384 and k["occupancy"]["min_grid"]==132, k["occupancy"]
assert k["suggestion"].startswith("regs=128 raises occupancy 12.5 % -> 25.0 %"), k["suggestion"]
' "what-if: capped variant registers, spills, blocks; best block and grid"
    # a file the database alone makes CUDA (k.cpp built with -x cu): its
    # what-if is recompiled as CUDA too, not skipped as an unknown kind
    mkdir -p "$tmp/db" && cp "$w" "$tmp/db/k.cpp"
    printf '[{"directory": "%s", "file": "k.cpp", "arguments": ["nvcc", "-x", "cu", "-arch=sm_90", "-maxrregcount=166", "-c", "k.cpp"]}]\n' \
        "$tmp/db" >"$tmp/db/compile_commands.json"
    expect "what-if on a database-only CUDA file" 0 "$ka" -p "$tmp/db" --what-if regs=128 --no-uniformity --format json
    py '
import json,sys
k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]
w=k["what_if"][0]; assert w["what"]=="regs=128" and not w.get("failed") and w["regs"]<=128 and w["blocks_per_sm"]==2, w
' "what-if of a database-only CUDA file: recompiled as CUDA"
    expect "--sms overrides --device" 0 "$ka" "$red" --arch sm_90 --device H200 --sms 100 --format json
    py 'import json,sys; k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]; o=k["occupancy"]; assert o["best_block"]==1024 and o["min_grid"]==200, o' "--sms 100: 2 blocks of 1024 x 100 SMs"
    expect "--smem-per-thread" 0 "$ka" "$red" --arch sm_90 --smem-per-thread 200 --format json
    py 'import json,sys; o=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]["occupancy"]; assert o["blocks_per_sm"]==4 and o["limiter"]==["shared_memory"], o' "--smem-per-thread 200 at 256 threads: 4 blocks by shared memory"
    expect "bad --what-if" 2 "$ka" "$red" --arch sm_90 --what-if regz=3
    expect "unknown --device" 2 "$ka" "$red" --arch sm_90 --device GTX-9999
    has "unknown device lists known ones" "$tmp/err" "H200"

    d=$src/tests/e2e/needs_define.cu
    expect "-D reaches the compiler" 0 "$ka" "$d" --arch sm_90 -DKA_SIZE=4
    expect "-- passes flags" 0 "$ka" "$d" --arch sm_90 -- -DKA_SIZE=8
    expect "without -D: compile error" 3 "$ka" "$d" --arch sm_90
    has "compiler's #error shown" "$tmp/err" "KA_SIZE is not defined"
    expect "syntax error exits 3" 3 "$ka" "$src/tests/e2e/syntax_error.cu" --arch sm_90
    has "compiler file:line shown" "$tmp/err" "syntax_error.cu(4): error"
    has "kanalyze's own line" "$tmp/err" "compile failed for sm_90"
    head -c 4096 /dev/urandom > "$tmp/garbage.cu"
    expect "binary garbage .cu" 3 "$ka" "$tmp/garbage.cu" --arch sm_90
    mkdir -p "$tmp/odd dir"
    cp "$c" "$tmp/odd dir/it's \"quoted\".cu"
    expect "spaces and quotes in the name" 0 "$ka" "$tmp/odd dir/it's \"quoted\".cu" --arch sm_90 --format json
    py 'import json,sys; r=json.load(open(sys.argv[1])); assert r["files"][0]["file"].endswith("it'"'"'s \"quoted\".cu")' "odd name kept verbatim in json"
    cp "$c" "$tmp/-dash.cu"
    pushd "$tmp" >/dev/null
    expect "leading dash (as ./-dash.cu)" 0 "$ka" ./-dash.cu --arch sm_90
    popd >/dev/null
    cp "$c" "$tmp/kernel.cuh"
    expect "header extension compiled as CUDA" 0 "$ka" "$tmp/kernel.cuh" --arch sm_90
    expect "one bad file among good ones" 2 "$ka" "$tmp/nope.cu" "$c" --arch sm_90 --format json
    py 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r["files"][0]["kernels"])==2' "good file still reported"
    # constant banks against what ptxas -v prints (it still prints cmem for sm_75)
    cm=$src/tests/e2e/cmem.cu
    nvcc -cubin -arch=sm_75 -Xptxas -v -o "$tmp/cmem75.cubin" "$cm" >"$tmp/ptxas.txt" 2>&1
    expect "constant banks: sm_75 and sm_90" 0 "$ka" "$cm" --arch sm_75,sm_90 --format json --no-uniformity
    py 'import json,re,sys
log=open(sys.argv[2]).read()
user=int(re.search(r"(\d+) bytes cmem\[3\]", log).group(1))
want={}
for m in re.finditer(r"Compiling entry function .(\w+). for .sm_75.\n.*?Used [^\n]*", log, re.S):
    line=m.group(0).splitlines()[-1]
    c0=re.search(r"(\d+) bytes cmem\[0\]", line); c2=re.search(r"(\d+) bytes cmem\[2\]", line)
    want[m.group(1)]=(int(c0.group(1)), int(c2.group(1)) if c2 else 0, user)
got={}
for f in json.load(open(sys.argv[1]))["files"]:
    for k in f["kernels"]:
        r=k["resources"]; got[(f["arch"],k["mangled"])]=(r["cmem_params"],r["cmem_literals"],r["cmem_user"])
assert len(want)==2 and all(got[("sm_75",m)]==v for m,v in want.items()), (want, got)
assert user==400 and all(v[2]==400 and v[0]>0 for (a,m),v in got.items() if a=="sm_90"), got' \
        "... sm_75: cmem[0], cmem[2], cmem[3] as ptxas -v prints them; sm_90: bank 0 and the 400 B of __constant__" "$tmp/ptxas.txt"
    expect "... the cubin read alike" 0 "$ka" "$tmp/cmem75.cubin" --format json
    py 'import json,sys
a={k["mangled"]:(k["resources"]["cmem_params"],k["resources"]["cmem_literals"],k["resources"]["cmem_user"]) for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]}
assert len(a)==2 and all(v[2]==400 for v in a.values()) and sorted(v[1] for v in a.values())==[0,8], a' "... banks from the cubin alone"
    expect "... the text report names the __constant__ data" 0 "$ka" "$cm" --arch sm_90 --no-uniformity
    has "... __constant__ 400 B" "$tmp/out" "barriers 0   __constant__ 400 B"
    [ -z "$(ls -A "$TMPDIR")" ] && ok "temp dirs removed" || bad "temp dirs removed" "$(ls -A "$TMPDIR")"
fi

echo "e2e: $pass passed, $fail failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
