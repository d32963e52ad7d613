#!/usr/bin/env bash
# amd_e2e.sh KANALYZE SRCDIR — end-to-end checks of the AMD side: the
# calculator (jsonl keys and rows of DESIGN §2), `archs`, usage errors,
# --remarks on saved logs, and -- where clang-16 and the ROCm device
# libraries are installed -- analyses of kernels/hip/*.hip whose VGPRs,
# SGPRs, AGPRs, LDS and scratch must equal what the compiler itself remarks
# (read here by a parser of this script's own, run on a separate compile).
# Prints one line per check and "N passed, N failed, N not run".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp/tmpdir
mkdir -p "$TMPDIR"
unset KANALYZE_CLANG

. "$(dirname "$0")/../support/lib.sh"
notrun() { skip=$((skip + 1)); echo "--    $1: not run ($2)"; }
expect() {
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/err")"; fi
}
has() { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in output" "$(cat "$2")"; fi; }

# ---- calculator ------------------------------------------------------------------
# gfx90a, 97 VGPRs -> 104 -> 512/104 = 4 waves; 4 x 4 SIMDs / 4 waves per group = 4 groups
expect "AMD occupancy row" 0 "$ka" occupancy --arch gfx90a --vgprs 97 --agprs 0 --sgprs 40 --block 256 --smem 0 --format jsonl
if diff -u - "$tmp/out" >"$tmp/diff" <<'ROWS'
{"arch":"gfx90a","vgprs":97,"agprs":0,"sgprs":40,"block":256,"smem":0,"waves_per_simd":4,"workgroups_per_cu":4,"occupancy":0.5,"limiter":["vgprs"]}
ROWS
then ok "AMD jsonl row exact (DESIGN §2 keys)"; else bad "AMD jsonl row exact" "$(cat "$tmp/diff")"; fi
# seed 003: 130 VGPRs on a 512-VGPR SIMD (Hygon gfx928) give 3 waves, not 2
# (granule 8: 129..168 -> 136..168 -> 3 waves; 169..256 -> 176..256 -> 2)
expect "seed 003 correction" 0 "$ka" occupancy --arch gfx928 --vgprs 124,128,129,130,168,169,256,257 --format jsonl
py 'import json,sys; w=[json.loads(l)["waves_per_simd"] for l in open(sys.argv[1])]; assert w==[4,4,3,3,3,2,2,1], w' "gfx928 waves: 4 4 3 3 3 2 2 1"
expect "unified VGPR+AGPR file" 0 "$ka" occupancy --arch gfx90a,gfx908 --vgprs 100 --agprs 40 --format jsonl
py 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; assert [x["waves_per_simd"] for x in r]==[3,2], r' "gfx90a 104+40 -> 3, gfx908 max(100,40) -> 2"
expect "LDS-limited" 0 "$ka" occupancy --arch gfx90a --vgprs 16 --block 256 --smem 16384,16385 --format jsonl
py 'import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; assert [(x["waves_per_simd"],x["limiter"]) for x in r]==[(4,["lds"]),(3,["lds"])], r' "16 KiB -> 4 waves, +1 B -> 3 (lds)"
expect "wave32 and wave64" 0 "$ka" occupancy --arch gfx1030 --vgprs 130 --wave64 --format jsonl
py 'import json,sys; r=json.loads(open(sys.argv[1]).read()); assert r["waves_per_simd"]==3, r' "gfx1030 wave64: 130 -> 136 -> 3"
expect "default wave32 on gfx1030" 0 "$ka" occupancy --arch gfx1030 --vgprs 130 --format jsonl
py 'import json,sys; r=json.loads(open(sys.argv[1]).read()); assert r["waves_per_simd"]==7, r' "gfx1030 wave32: 130 -> 144 -> 7"
expect "cannot launch" 0 "$ka" occupancy --arch gfx90a --vgprs 200 --block 1024 --format jsonl
py 'import json,sys; r=json.loads(open(sys.argv[1]).read()); assert r["waves_per_simd"]==0 and r["workgroups_per_cu"]==0 and r["limiter"]==["vgprs"], r' "1024 threads, 200 VGPRs: 0 (LLVM would say 2)"
expect "AMD text table" 0 "$ka" occupancy --arch gfx90a --vgprs 64-72:8
has "text names waves/SIMD" "$tmp/out" "waves/SIMD"
expect "AMD summary" 0 "$ka" occupancy --arch gfx90a --vgprs 1-256 --block 64-1024:64 --format summary
py 'import json,sys; s=json.load(open(sys.argv[1])); assert s["configurations"]==256*16 and s["best"]["occupancy"]==1.0, s' "summary counts AMD configurations"
expect "--wave32 on gfx90a" 2 "$ka" occupancy --arch gfx90a --vgprs 64 --wave32
has "wave32 message" "$tmp/err" "wave64 only"
expect "--agprs on gfx1030" 2 "$ka" occupancy --arch gfx1030 --vgprs 64 --agprs 8
expect "VGPRs over 256" 2 "$ka" occupancy --arch gfx90a --vgprs 257
expect "LDS over the workgroup limit" 2 "$ka" occupancy --arch gfx90a --vgprs 64 --smem 65537
expect "mixed vendors" 2 "$ka" occupancy --arch sm_90,gfx90a --vgprs 64
expect "--regs on AMD" 2 "$ka" occupancy --arch gfx90a --regs 64
expect "missing --vgprs" 2 "$ka" occupancy --arch gfx90a
expect "unknown gfx" 2 "$ka" occupancy --arch gfx1337 --vgprs 1
has "unknown gfx lists the known" "$tmp/err" "gfx90a"

# ---- archs ---------------------------------------------------------------------------
expect "archs lists AMD" 0 "$ka" archs
has "archs: Hygon assumptions said" "$tmp/out" "Hygon: 768 VGPRs/SIMD known"
expect "archs json" 0 "$ka" archs --format json
py 'import json,sys; a={r["arch"]:r for r in json.load(open(sys.argv[1]))}; g=a["gfx90a"]; assert g["vendor"]=="amd" and g["max_waves_per_simd"]==8 and g["vgprs_per_simd_wave64"]==512 and g["unified_vgpr_agpr"] and g["assumed"] is None, g; assert a["gfx936"]["vgprs_per_simd_wave64"]==768 and a["gfx936"]["assumed"], a["gfx936"]; assert a["gfx1030"]["vgprs_per_simd_wave32"]==1024 and a["gfx1030"]["default_wave"]==32; assert a["sm_90"]["vendor"]=="nvidia"' "archs json AMD rows"

# ---- --remarks ---------------------------------------------------------------------
rem=$src/testdata/amd/remarks
expect "--remarks seed 003 log on gfx928" 0 "$ka" --remarks "$rem/hygon_dcu.gfx928.remarks" --arch gfx928 --block 256 --format json
py 'import json,sys; j=json.load(open(sys.argv[1])); k=j["files"][0]["kernels"][0]; r=k["resources"]; o=k["occupancy"]; assert (r["vgprs"],r["sgprs"],r["lds"],r["scratch"])==(124,68,32768,0), r; assert o["waves_per_simd"]==2 and o["limiter"]==["lds"], o' "seed log: 124 VGPRs, 32 KiB LDS -> 2 waves (lds) at 256 threads"
expect "--remarks saved clang log" 0 "$ka" --remarks "$rem/softmax.gfx90a.remarks" --arch gfx90a
has "remarks log kernel named" "$tmp/out" "softmax_rows<16>"
expect "--remarks with two archs" 2 "$ka" --remarks "$rem/softmax.gfx90a.remarks" --arch gfx90a,gfx1030
expect "--remarks with a source file" 2 "$ka" --remarks "$rem/softmax.gfx90a.remarks" --arch gfx90a "$src/kernels/hip/gemm.hip"
expect "--remarks missing file" 2 "$ka" --remarks "$tmp/nope.log" --arch gfx936
expect "--remarks not a log" 2 "$ka" --remarks /etc/hostname --arch gfx936
has "not a log message" "$tmp/err" "no kernel resource remarks"
expect "--remarks directory" 2 "$ka" --remarks "$tmp" --arch gfx936
expect "--remarks --wave32 on gfx936" 2 "$ka" --remarks "$rem/hygon_dcu.gfx928.remarks" --arch gfx936 --wave32

# ---- analyses with the compiler -------------------------------------------------------
libs=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
if ! command -v clang-16 >/dev/null 2>&1 || [ ! -f "$libs/ockl.bc" ]; then
    notrun "HIP analyses" "clang-16 or rocm-device-libs missing"
else
    # the model is checked against LLVM 16's remarks: name that compiler
    # (with none named, a hipcc on PATH would be chosen: tests/e2e/hip_compiler.sh)
    export KANALYZE_CLANG=clang-16
    # (gfx900 and gfx940 are in the captured goldens: testdata/amd/kernels)
    archs=gfx906,gfx908,gfx90a,gfx1030
    expect "analyze kernels/hip" 0 "$ka" "$src"/kernels/hip/*.hip --arch $archs --format json -j 2
    cp "$tmp/out" "$tmp/analysis.json"
    if grep -q "please report" "$tmp/err"; then bad "model agrees with LLVM on every kernel" "$(cat "$tmp/err")"
    else ok "model agrees with LLVM on every kernel (no disagreement warning)"; fi
    # the compiler, asked directly, and read by a parser of our own
    for f in "$src"/kernels/hip/*.hip; do
        for a in ${archs//,/ }; do
            clang-16 -x hip --offload-arch=$a --cuda-device-only -S -O3 -Rpass-analysis=kernel-resource-usage \
                --rocm-device-lib-path=$libs -o /dev/null "$f" 2>"$tmp/$(basename "$f").$a.log" &
            [ "$(jobs -r | wc -l)" -ge 2 ] && wait -n
        done
    done
    wait
    cat > "$tmp/cmp.py" <<'PY'
import json, re, sys, glob, os
tmp = sys.argv[1]
want = {}
for log in glob.glob(os.path.join(tmp, "*.hip.*.log")):
    arch = log.rsplit(".", 2)[-2]
    name = None
    for line in open(log):
        m = re.search(r"remark: +([^:]+?): (\S+) \[-Rpass-analysis=kernel-resource-usage\]", line)
        if not m:
            continue
        key, val = m.group(1).strip(), m.group(2)
        if key == "Function Name":
            name = val
            want[(arch, name)] = {}
        else:
            want[(arch, name)][key] = int(val)
got = {}
for f in json.load(open(os.path.join(tmp, "analysis.json")))["files"]:
    for k in f["kernels"]:
        got[(f["arch"], k["mangled"])] = k
n = bad = 0
for (arch, name), w in sorted(want.items()):
    if "LDS Size [bytes/block]" not in w:
        continue                      # a device function, not a kernel
    n += 1
    k = got.get((arch, name))
    if not k:
        print("missing", arch, name); bad += 1; continue
    r = k["resources"]
    pairs = [("VGPRs", r["vgprs"]), ("SGPRs", r["sgprs"]), ("LDS Size [bytes/block]", r["lds"]),
             ("ScratchSize [bytes/lane]", r["scratch"])]
    if "AGPRs" in w:
        pairs.append(("AGPRs", r["agprs"]))
    elif r["agprs"] is not None:
        print("AGPRs where the compiler has none", arch, name); bad += 1
    for key, v in pairs:
        if w[key] != v:
            print(arch, name, key, "compiler", w[key], "kanalyze", v); bad += 1
    if k["occupancy"]["waves_per_simd"] is None:
        print("no waves_per_simd", arch, name); bad += 1
if n == 0 or len(got) != n:
    print("kernels: compiler", n, "kanalyze", len(got)); bad += 1
print(n, "kernels x archs compared,", bad, "differences")
sys.exit(1 if bad else 0)
PY
    if python3 "$tmp/cmp.py" "$tmp" >"$tmp/py" 2>&1; then ok "kernels/hip resources equal the compiler's remarks: $(tail -1 "$tmp/py")"
    else bad "kernels/hip resources equal the compiler's remarks" "$(cat "$tmp/py")"; fi

    # ROCm 5.2's hip_runtime.h refuses gfx10 wave64, so a header-free kernel:
    # 130 VGPRs in wave64 -> 136 -> 512/136 = 3 waves (wave32 would give 7)
    printf 'extern "C" __attribute__((global)) void w(float *x) {\n  x[__builtin_amdgcn_workitem_id_x()] *= 2.0f;\n  __asm__ volatile("" ::: "v129");\n}\n' > "$tmp/w.hip"
    expect "--wave64 on gfx1030" 0 "$ka" "$tmp/w.hip" --arch gfx1030 --wave64 --format json -- -nogpuinc
    py 'import json,sys; j=json.load(open(sys.argv[1])); k=j["files"][0]["kernels"][0]; assert k["resources"]["vgprs"]==130 and k["occupancy"]["waves_per_simd"]==3, k; assert j["toolchain"]["clang"].startswith("16."), j["toolchain"]' "wave64 compile: 130 VGPRs -> 3 waves"
    expect "wave32 default on gfx1030" 0 "$ka" "$tmp/w.hip" --arch gfx1030 --format json -- -nogpuinc
    py 'import json,sys; j=json.load(open(sys.argv[1])); k=j["files"][0]["kernels"][0]; assert k["occupancy"]["waves_per_simd"]==7, k' "wave32 compile: 130 VGPRs -> 7 waves"
    expect "text report, --warn-cliff" 0 "$ka" "$src/kernels/hip/gemm.hip" --arch gfx90a --warn-cliff 20
    has "text: VGPRs and waves/SIMD" "$tmp/out" "152 VGPRs"
    has "text: LLVM's own figure shown" "$tmp/out" "LLVM: 3 at 256 threads"
    has "AMD cliff warning" "$tmp/err" "VGPRs, 17 below the cliff at 169"
    # no --arch: a .hip input means gfx90a
    expect "HIP default arch, dynamic LDS" 0 "$ka" "$src/kernels/hip/stencil_scan.hip" --smem 32768 --format json
    py 'import json,sys; j=json.load(open(sys.argv[1])); assert {f["arch"] for f in j["files"]}=={"gfx90a"}, j["files"]' "a .hip input defaults to gfx90a"
    py 'import json,sys; j=json.load(open(sys.argv[1])); k=[k for k in j["files"][0]["kernels"] if "histogram" in k["name"]][0]; assert k["resources"]["scratch"]==272, k["resources"]' "private array in scratch: 272 B/lane"
    py 'import json,sys; j=json.load(open(sys.argv[1])); k=[k for k in j["files"][0]["kernels"] if "block_scan" in k["name"]][0]; assert k["occupancy"]["waves_per_simd"]==2 and k["occupancy"]["limiter"]==["lds"], k["occupancy"]' "block_scan with 32 KiB dynamic LDS: 2 groups -> 2 waves (lds)"
    printf '#include <hip/hip_runtime.h>\n__global__ void k(float *x) { x[0] = nope; }\n' > "$tmp/bad.hip"
    expect "compile error" 3 "$ka" "$tmp/bad.hip" --arch gfx90a
    has "compiler diagnostic shown" "$tmp/err" "use of undeclared identifier 'nope'"
    expect "no device library for gfx1100" 3 "$ka" "$src/kernels/hip/softmax.hip" --arch gfx1100
    has "gfx1100 hint" "$tmp/err" "--remarks FILE --arch gfx1100"
    expect "missing compiler" 3 "$ka" "$src/kernels/hip/softmax.hip" --arch gfx90a --clang "$tmp/no-clang"
    cp "$src/kernels/hip/softmax.hip" "$tmp/it's a \"kernel\".hip"
    expect "odd file name" 0 "$ka" "$tmp/it's a \"kernel\".hip" --arch gfx90a
    cp "$src/kernels/hip/softmax.hip" "$tmp/as_cuda.cu"
    expect "-x hip on a .cu file" 0 "$ka" -x hip "$tmp/as_cuda.cu" --arch gfx90a
    expect "CUDA input with only AMD archs" 2 "$ka" "$tmp/as_cuda.cu" --arch gfx90a
    # the text report: long template names shortened, locations aligned
    expect "text report, long names" 0 "$ka" "$src/testdata/amd/report/long_names.hip" --arch gfx90a --no-cache
    py 'import sys,re
heads=[l.rstrip("\n") for l in open(sys.argv[1]) if re.search(r"long_names\.hip:\d+  gfx90a", l)]
assert len(heads)==2, heads
cols=[re.search(r"  (\S*long_names\.hip)", l).start(1) for l in heads]
assert cols[0]==cols[1] and cols[0]<=62, heads
assert heads[0].startswith("a_rather_long_templated_matrix_kernel_name<") or heads[1].startswith("a_rather_long_templated_matrix_kernel_name<"), heads' \
        "text: AMD kernel names shortened (at most 60 columns) and aligned"
    # the host code's warnings of a successful compile: one note, --verbose shows them
    if grep -q "note: 2 compiler warnings not shown (-Wunused-result 2)" "$tmp/err" && ! grep -q "\[-Wunused-result\]" "$tmp/err"; then
        ok "text: a successful compile's warnings counted in one note"
    else bad "text: a successful compile's warnings counted in one note" "$(cat "$tmp/err")"; fi
    expect "--verbose" 0 "$ka" "$src/testdata/amd/report/long_names.hip" --arch gfx90a --no-cache --verbose
    if [ "$(grep -c "warning: ignoring return value .*\[-Wunused-result\]" "$tmp/err")" = 2 ] && ! grep -q "not shown" "$tmp/err"; then
        ok "--verbose: the compiler's warnings shown, not counted"
    else bad "--verbose: the compiler's warnings shown" "$(cat "$tmp/err")"; fi
    # --sass on HIP: the census of the assembly, against a count of the same
    # compile's .s by this script (no nvdisasm needed for AMD alone)
    for f in "$src/kernels/hip/softmax.hip" "$src/tests/e2e/scratch.hip"; do
        b=$(basename "$f" .hip)
        clang-16 -x hip --offload-arch=gfx90a --cuda-device-only -S -O3 -gline-tables-only \
            --rocm-device-lib-path=$libs -o "$tmp/$b.s" "$f" 2>/dev/null
        expect "--sass on HIP: $b" 0 env KANALYZE_NVDISASM=/nonexistent "$ka" "$f" --arch gfx90a --sass --format json
        py 'import json,re,sys
s=open(sys.argv[2]).read(); want={}
for m in re.finditer(r"^(\S+):\s*(?:;[^\n]*)?$(.*?)^\.Lfunc_end", s, re.M|re.S):
    ops=[l.split()[0] for l in m.group(2).splitlines() if re.match(r"\t[a-z]", l) and not l.strip().startswith(".")]
    ops=[o for o in ops if o!="s_nop"]
    ins=[l for l in m.group(2).splitlines() if re.match(r"\t[a-z]", l)]
    st=sum(1 for l in ins if re.match(r"\t(scratch_store|buffer_store)", l) and ("scratch_" in l or "s[0:3]" in l))
    ld=sum(1 for l in ins if re.match(r"\t(scratch_load|buffer_load)", l) and ("scratch_" in l or "s[0:3]" in l))
    want[m.group(1)]=(len(ops), sum(o.startswith("s_") for o in ops), st, ld)
got={}
for k in json.load(open(sys.argv[1]))["files"][0]["kernels"]:
    c=k["sass"]; got[k["mangled"]]=(c["instructions"], c["uniform_instructions"],
        sum(l.get("local_stores",0) for l in c["lines"]), sum(l.get("local_loads",0) for l in c["lines"]))
assert got and all(got[m]==want[m] for m in got), (got, want)' \
            "... instructions, scalar ones, scratch stores and loads as the .s has them" "$tmp/$b.s"
        has "... JSON's sass object" "$tmp/out" '"uniform_instructions"'
    done
    expect "--sass on HIP: scratch in the text" 0 env KANALYZE_NVDISASM=/nonexistent "$ka" "$src/tests/e2e/scratch.hip" --arch gfx90a --sass
    py 'import re,sys; t=open(sys.argv[1]).read(); m=re.search(r"isa +(\d+) instructions, (\d+) scalar \(s_\*\), (\d+) vector; scratch stores/loads (\d+)/(\d+)", t)
assert m and int(m.group(4))>0 and int(m.group(5))>0 and int(m.group(1))==int(m.group(2))+int(m.group(3)), t' \
        "... a private array indexed per lane: scratch stores and loads counted"
    has "... the lines with the most vector work" "$tmp/out" "vector      most at line 9"
    expect "--sass on a HIP file with no --arch (gfx90a): no nvdisasm needed" 0 env KANALYZE_NVDISASM=/nonexistent "$ka" "$src/tests/e2e/scratch.hip" --sass
    has "... its census" "$tmp/out" "isa         "
    if command -v hipcc >/dev/null 2>&1; then
        expect "through hipcc" 0 "$ka" "$src/kernels/hip/softmax.hip" --arch gfx90a --clang hipcc
        has "hipcc analysis" "$tmp/out" "softmax_rows<16>"
        if grep -q "unused-command-line-argument" "$tmp/err"; then bad "hipcc's link-flag noise hidden" "$(cat "$tmp/err")"
        else ok "hipcc's link-flag noise hidden"; fi
    else
        notrun "through hipcc" "hipcc missing"
    fi
fi

echo "$pass passed, $fail failed, $skip not run"
[ "$fail" -eq 0 ]
