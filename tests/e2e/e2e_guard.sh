#!/usr/bin/env bash
# e2e_guard.sh KANALYZE KANALYZE_LAUNCH SRCDIR — the guardrails end to end,
# in a temporary git repository: project config, the baseline gate (text,
# SARIF, markdown), --warn-cliff/--strict, the pre-commit hook on staged
# files only, atomic baseline writes (missing directory, concurrent writers),
# the result cache, -p compile_commands.json, -j across files, and
# kanalyze-launch + kanalyze report.  Needs nvcc (else: skipped, exit 77).
# Prints one line per check and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
launch=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
src=$(cd "$3" && pwd)
pass=0 fail=0
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
export TMPDIR=$tmp/tmpdir KANALYZE_CACHE_DIR=$tmp/cache NO_COLOR=1
mkdir -p "$TMPDIR"

. "$(dirname "$0")/../support/lib.sh"

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  guardrails: nvcc not installed"
    exit 77
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH

# variant NV MAXNREG: the fixture with its two knobs set (see its table)
variant() {
    sed "s/^#define KA_NV .*/#define KA_NV $1/; s/^#define KA_MAXNREG .*/#define KA_MAXNREG $2/" \
        "$src/tests/e2e/guard_pressure.cu" >"$repo/k.cu"
}

repo=$tmp/repo
mkdir -p "$repo/ci"
cd "$repo" || exit 1
git init -q . && git config user.email t@example.com && git config user.name t
cat >.kanalyze.json <<'JSON'
{"archs": ["sm_90"], "block": 256, "warn_cliff": 4, "baseline": "ci/kanalyze-baseline.json"}
JSON
variant 120 128
git add -A && git commit -qm base

# ---- the baseline at 128 registers ---------------------------------------------
expect "first run: no baseline yet is a note, exit 0" 0 "$ka" k.cu
has "config's baseline named in the note" "$tmp/err" "no baseline yet"
has "config's warn_cliff: 128 is 1 below the cliff" "$tmp/err" "128 registers, 1 below the cliff at 129"
expect "--write-baseline" 0 "$ka" k.cu --write-baseline ci/kanalyze-baseline.json
cp ci/kanalyze-baseline.json "$tmp/base1.json"
expect "--write-baseline again" 0 "$ka" k.cu --write-baseline ci/kanalyze-baseline.json
cmp -s ci/kanalyze-baseline.json "$tmp/base1.json" && ok "baseline is byte-for-byte deterministic" ||
    bad "baseline is byte-for-byte deterministic"
cp ci/kanalyze-baseline.json "$tmp/out"
py '
import json,sys
b=json.load(open(sys.argv[1]))
assert b["kanalyze_baseline"]==1 and b["tool"]=="kanalyze", b
ks=b["kernels"]; assert [(k["file"],k["arch"]) for k in ks]==[("k.cu","sm_90")]*2, ks
assert [k["mangled"] for k in ks]==sorted(k["mangled"] for k in ks)
p=[k for k in ks if k["kernel"].startswith("void pressure<128>")][0]
assert p["regs"]==128 and p["block"]==256 and p["blocks_per_sm"]==2 and p["occupancy"]==0.25, p
assert p["uregs"] is None and p["vgprs"] is None and p["sgprs"] is None and p["spill_stores"]==0, p
# the resource keys in resources.def order (baseline = 1 rows)
keys=["file","arch","kernel","mangled","line","block","regs","uregs","spill_stores","spill_loads","stack","static_smem","local","local_stores","local_loads","vgprs","sgprs","smem_dynamic","blocks_per_sm","occupancy"]
assert all(list(k)==keys for k in ks), list(ks[0])
' "baseline: sorted, 128 regs, 2 blocks/SM at 256, null uregs/vgprs/sgprs"
[ "$(grep -c '"mangled"' ci/kanalyze-baseline.json)" -eq 2 ] && [ "$(grep -c '^    {' ci/kanalyze-baseline.json)" -eq 2 ] &&
    ok "one kernel per line" || bad "one kernel per line" "$(cat ci/kanalyze-baseline.json)"
expect "unchanged source passes the gate" 0 "$ka" k.cu
has "summary line" "$tmp/out" "0 regressions, 0 improved, 0 changed, 2 unchanged, 0 added, 0 removed"
git add -A && git commit -qm baseline

# ---- the gate ------------------------------------------------------------------------
variant 120 129
expect "129 registers: regression, exit 1" 1 "$ka" k.cu
has "text names the regression" "$tmp/out" "register-cliff: registers 128 -> 129, blocks/SM 2 -> 1 at 256 threads"
expect "129 registers: --format sarif, exit 1" 1 "$ka" k.cu --format sarif
cp "$tmp/out" "$tmp/gate.sarif"
py '
import json,sys
s=json.load(open(sys.argv[1]))
assert s["version"]=="2.1.0" and len(s["runs"])==1
run=s["runs"][0]; rules=[r["id"] for r in run["tool"]["driver"]["rules"]]
assert len(rules)==len(set(rules)) and "KA1001" in rules, rules
res=run["results"]; assert len(res)==1, res
r=res[0]; assert r["ruleId"]=="KA1001" and r["level"]=="error" and rules[r["ruleIndex"]]=="KA1001", r
loc=r["locations"][0]["physicalLocation"]
assert loc["artifactLocation"]=={"uri":"k.cu","uriBaseId":"%SRCROOT%"}, loc
line=open("k.cu").read().split("\n")[loc["region"]["startLine"]-1]
assert "__global__" in line and "pressure" in line, line
assert "128 -> 129" in r["message"]["text"], r
' "SARIF 2.1.0: one result, rule KA1001, at the kernel's line"
expect "129 registers: --format markdown" 1 "$ka" k.cu --format markdown
has "markdown headline" "$tmp/out" "### kanalyze: register/occupancy regression"
has "markdown row" "$tmp/out" "| **regression** (register-cliff) | \`void pressure<128>(float*, float const*)\` | sm_90 | 128 → 129 |"
expect "--fail-on never reports but passes" 0 "$ka" k.cu --fail-on never
expect "--format json: exit 1, comparison on stderr" 1 "$ka" k.cu --format json
has "json run: comparison on stderr" "$tmp/err" "1 regression"

variant 112 120
expect "shrinks to 120 registers: passes" 0 "$ka" k.cu
has "reported as improved" "$tmp/out" "improved    k.cu:19"
variant 120 120
expect "shrinks to 120 but spills: regression" 1 "$ka" k.cu --format sarif
py 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; assert [x["ruleId"] for x in r if len(x["ruleId"]) == 6]==["KA1003"], r   # the regression (KA117, the what-if of the spill, beside it)' "spill regression is rule KA1003"

for n in 126 127; do
    variant 120 $n
    expect "$n registers: cliff warning, exit 0" 0 "$ka" k.cu
    has "$n registers: warning names kernel, registers, cliff, blocks lost" "$tmp/err" \
        "void pressure<128>(float*, float const*) (sm_90): $n registers, $((129 - n)) below the cliff at 129: +$((129 - n)) registers drop 2 -> 1 blocks/SM at 256 threads/block"
    expect "$n registers: --strict exits 1" 1 "$ka" k.cu --strict
    expect "$n registers: --fail-on warning exits 1" 1 "$ka" k.cu --fail-on warning
done
expect "--strict: warning as a SARIF result" 1 "$ka" k.cu --strict --format sarif
py 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; assert [(x["ruleId"],x["level"]) for x in r]==[("KA1101","warning")], r' "near-cliff result KA1101 (warning)"
expect "--warn-cliff 1 on the command line beats the config" 0 "$ka" k.cu --warn-cliff 1 --strict
hasnt "no warning at distance 2 with --warn-cliff 1" "$tmp/err" "below the cliff"

# kernels added and removed are reported, not failed
variant 120 128
sed 's/__global__ void steady/__global__ void steady2/' k.cu >k2.cu && mv k2.cu k.cu
expect "kernel renamed: added + removed, exit 0" 0 "$ka" k.cu
has "added reported" "$tmp/out" "added       k.cu:34  steady2(float*)"
has "removed reported" "$tmp/out" "removed     k.cu:34  steady(float*)"
git checkout -q k.cu

# ---- bad baselines --------------------------------------------------------------------
echo '{"kanalyze_baseline": 1, "kernels": [{"file": "k.cu"}]}' >"$tmp/corrupt.json"
expect "corrupt baseline: exit 2" 2 "$ka" k.cu --baseline "$tmp/corrupt.json"
has "corrupt baseline message" "$tmp/err" "corrupt baseline: kernels[0]"
echo '{"version": "2.1.0", "runs": []}' >"$tmp/foreign.json"
expect "foreign JSON baseline: exit 2" 2 "$ka" k.cu --baseline "$tmp/foreign.json"
has "foreign baseline message" "$tmp/err" "not a kanalyze baseline"
head -c 100 ci/kanalyze-baseline.json >"$tmp/trunc.json"
expect "truncated baseline: exit 2" 2 "$ka" k.cu --baseline "$tmp/trunc.json"
expect "missing --baseline file: exit 2" 2 "$ka" k.cu --baseline "$tmp/nope.json"

# ---- atomic writes ---------------------------------------------------------------------
before=$(cd "$repo" && find . -path ./.git -prune -o -print | sort)
expect "baseline into a missing directory: exit 2" 2 "$ka" k.cu --write-baseline no/such/dir/b.json
has "missing directory message" "$tmp/err" "its directory does not exist"
[ ! -e no ] && [ "$before" = "$(find . -path ./.git -prune -o -print | sort)" ] &&
    ok "nothing left behind" || bad "nothing left behind" "$(find . -newer .kanalyze.json)"
cp ci/kanalyze-baseline.json "$tmp/keep.json"
expect "baseline under a file (not a directory): exit 2" 2 "$ka" k.cu --write-baseline k.cu/b.json
variant 120 129
expect "a failing compile never writes the baseline" 3 "$ka" k.cu "$src/tests/e2e/syntax_error.cu" --write-baseline ci/kanalyze-baseline.json
cmp -s ci/kanalyze-baseline.json "$tmp/keep.json" && ok "old baseline intact after a failed run" ||
    bad "old baseline intact after a failed run"
if [ "$(id -u)" -ne 0 ]; then
    chmod a-w ci
    expect "read-only directory: exit 2" 2 "$ka" k.cu --write-baseline ci/kanalyze-baseline.json
    chmod u+w ci
    cmp -s ci/kanalyze-baseline.json "$tmp/keep.json" && ok "read-only: old baseline intact" ||
        bad "read-only: old baseline intact"
else
    echo "skip  read-only directory (running as root, who may write anywhere)"
fi
git checkout -q k.cu
[ -z "$(find . "$KANALYZE_CACHE_DIR" -name '.kanalyze-tmp-*' 2>/dev/null)" ] && ok "no temp files anywhere" ||
    bad "no temp files anywhere" "$(find . "$KANALYZE_CACHE_DIR" -name '.kanalyze-tmp-*')"

# two processes, one cache, one baseline, at once (cold cache each round)
torn=0
for round in 1 2 3 4; do
    rm -rf "$tmp/shared-cache"
    KANALYZE_CACHE_DIR=$tmp/shared-cache "$ka" k.cu -q --write-baseline ci/shared.json >/dev/null 2>"$tmp/p1" &
    p1=$!
    KANALYZE_CACHE_DIR=$tmp/shared-cache "$ka" k.cu -q --write-baseline ci/shared.json >/dev/null 2>"$tmp/p2" &
    p2=$!
    wait "$p1" || torn=1
    wait "$p2" || torn=1
    python3 - "$tmp/shared-cache" ci/shared.json "$tmp/keep.json" <<'PY' || torn=1
import json, os, re, sys
cache, shared, ref = sys.argv[1:]
assert json.load(open(shared)) == json.load(open(ref)), "baseline differs"
n = 0
for d, _, fs in os.walk(cache):
    for f in fs:
        assert not f.startswith(".kanalyze-tmp"), f
        p = os.path.join(d, f); n += 1
        if f.endswith(".json"):          # results (other analyses share the cache)
            assert isinstance(json.load(open(p)), dict), p
        elif f.endswith(".t"):           # nvcc's version, sealed
            assert re.match(r"[0-9]+\.[0-9]+", open(p).read()), p
        elif f.endswith(".d"):           # what each header and directory gave the last manifest
            t = open(p).read()
            assert t.startswith(("kanalyze-deps 1\n", "kanalyze-dirs 1\n")) and t.endswith("\n"), p
        else:
            t = open(p).read()
            assert t.startswith("kanalyze-manifest 3\nresult ") and t.endswith("\n"), p
assert n >= 2, n
PY
done
[ "$torn" -eq 0 ] && ok "2 processes x 4 rounds: whole baseline and cache entries" ||
    bad "2 processes x 4 rounds: whole baseline and cache entries" "$(cat "$tmp/p1" "$tmp/p2")"

# ---- the result cache ------------------------------------------------------------------
cat >"$tmp/count-nvcc" <<EOF
#!/bin/sh
echo x >>"$tmp/nvcc-calls"
exec nvcc "\$@"
EOF
chmod +x "$tmp/count-nvcc"
mkdir -p inc && echo '#define KA_EXTRA 1' >inc/extra.h
printf '#include "extra.h"\n__global__ void uses_header(float *o) { o[threadIdx.x] = KA_EXTRA; }\n' >h.cu
calls() { [ -f "$tmp/nvcc-calls" ] && wc -l <"$tmp/nvcc-calls" | tr -d ' ' || echo 0; }
rm -f "$tmp/nvcc-calls"
expect "cache: cold run" 0 "$ka" h.cu -Iinc --nvcc "$tmp/count-nvcc" --format json
cp "$tmp/out" "$tmp/cold.json"
c1=$(calls)
expect "cache: warm run" 0 "$ka" h.cu -Iinc --nvcc "$tmp/count-nvcc" --format json
[ "$c1" -ge 1 ] && [ "$(calls)" -eq "$c1" ] && ok "warm run compiles nothing" || bad "warm run compiles nothing ($c1 -> $(calls))"
cmp -s "$tmp/out" "$tmp/cold.json" && ok "warm report identical to cold" || bad "warm report identical to cold" "$(diff "$tmp/cold.json" "$tmp/out")"
expect "cache: other flags are another key" 0 "$ka" h.cu -Iinc -DOTHER --nvcc "$tmp/count-nvcc" -q
[ "$(calls)" -gt "$c1" ] && ok "new flag recompiles" || bad "new flag recompiles"
c2=$(calls)
sleep 0.01; echo '#define KA_EXTRA 2' >inc/extra.h
expect "cache: changed header" 0 "$ka" h.cu -Iinc --nvcc "$tmp/count-nvcc" -q
[ "$(calls)" -gt "$c2" ] && ok "changed header recompiles" || bad "changed header recompiles"
c3=$(calls)
expect "cache: --no-cache" 0 "$ka" h.cu -Iinc --nvcc "$tmp/count-nvcc" --no-cache -q
[ "$(calls)" -gt "$c3" ] && ok "--no-cache compiles" || bad "--no-cache compiles"
KANALYZE_CACHE_DIR=/proc/kanalyze-no-cache expect "unusable cache dir: a note, the run goes on" 0 "$ka" h.cu -Iinc
has "unusable cache note" "$tmp/err" "result cache off"

# ---- -p compile_commands.json, -j across files --------------------------------------------
cp "$src/tests/e2e/needs_define.cu" nd.cu
cat >compile_commands.json <<EOF
[{"directory": "$repo", "file": "nd.cu",
  "command": "/usr/local/cuda/bin/nvcc -DKA_SIZE=4 -Xcompiler -fPIC -gencode arch=compute_80,code=[sm_80,compute_80] -c nd.cu -o nd.o"},
 {"directory": "$repo", "file": "host.cpp", "arguments": ["c++", "-c", "host.cpp"]},
 {"directory": "$repo", "file": "k.cu", "arguments": ["nvcc", "-arch=sm_90", "-c", "k.cu", "-o", "k.o"]}]
EOF
expect "-p: every CUDA entry, its flags and archs" 0 "$ka" -p . --no-config --format json
py '
import json,sys
r=json.load(open(sys.argv[1]))
got=sorted((f["file"].split("/")[-1], f["arch"]) for f in r["files"])
assert got==[("k.cu","sm_90"),("nd.cu","sm_80")], got
' "-p: nd.cu for sm_80 (its -D), k.cu for sm_90, host.cpp ignored"
expect "-p with a FILE: that file, with its database flags" 0 "$ka" -p compile_commands.json nd.cu --no-config --arch sm_90
expect "-p: missing database" 2 "$ka" -p "$tmp/nowhere" --no-config
echo '{"not": "an array"}' >"$tmp/bad_db.json"
expect "-p: foreign JSON" 2 "$ka" -p "$tmp/bad_db.json" --no-config
for j in 1 2; do
    expect "-j $j over 3 files x 2 archs" 0 "$ka" k.cu h.cu nd.cu -Iinc -DKA_SIZE=4 --arch sm_80,sm_90 -j $j --no-cache --format json --no-config
    cp "$tmp/out" "$tmp/j$j.json"
done
cmp -s "$tmp/j1.json" "$tmp/j2.json" && ok "-j 2 report identical to -j 1" || bad "-j 2 report identical to -j 1"
py 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r["files"])==6, [(f["file"],f["arch"]) for f in r["files"]]' "-j: 6 (file, arch) groups"

# ---- kanalyze-launch + kanalyze report ------------------------------------------------
expect "launch: runs the real compile" 0 "$launch" --records "$tmp/rec" -- nvcc -DKA_SIZE=4 -arch=sm_90 -c nd.cu -o "$tmp/nd.o"
[ -s "$tmp/nd.o" ] && ok "launch: the object was built" || bad "launch: the object was built"
[ "$(ls "$tmp/rec" | wc -l)" -eq 1 ] && ok "launch: one record" || bad "launch: one record" "$(ls -la "$tmp/rec")"
nvcc -arch=sm_90 -c nd.cu -o "$tmp/x.o" 2>/dev/null
want=$?
expect "launch: a failing compile keeps its exit status ($want)" "$want" "$launch" --records "$tmp/rec" nvcc -arch=sm_90 -c nd.cu -o "$tmp/x.o"
has "launch: the compiler's own error passes through" "$tmp/err" "KA_SIZE is not defined"
gencode=(-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90)
KANALYZE_RECORDS_DIR=$tmp/rec expect "launch: records dir from the environment" 0 "$launch" nvcc "${gencode[@]}" -c k.cu -o "$tmp/k.o"
expect "report: merges the records" 0 "$ka" report "$tmp/rec" --no-config --format json
py '
import json,sys
r=json.load(open(sys.argv[1]))
got=sorted((f["file"].split("/")[-1], f["arch"], len(f["kernels"])) for f in r["files"])
assert got==[("k.cu","sm_80",2),("k.cu","sm_90",2),("nd.cu","sm_90",1)], got
' "report: nd.cu sm_90, k.cu sm_80 + sm_90"
expect "report: --write-baseline" 0 "$ka" report "$tmp/rec" --no-config --write-baseline "$tmp/rec-base.json"
expect "report: unchanged build passes its baseline" 0 "$ka" report "$tmp/rec" --no-config --baseline "$tmp/rec-base.json"
variant 120 129
expect "launch: rebuilt at 129 registers" 0 "$launch" --records "$tmp/rec" nvcc "${gencode[@]}" -c k.cu -o "$tmp/k.o"
expect "report: regression fails the gate" 1 "$ka" report "$tmp/rec" --no-config --baseline "$tmp/rec-base.json" --format sarif
py 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; assert [(x["ruleId"], x["message"]["text"].split("(")[2][:5]) for x in r]==[("KA1001","sm_80"),("KA1001","sm_90")], r' "report: SARIF KA1001 for sm_80 and sm_90 from the records"
git checkout -q k.cu
expect "report: not a records directory" 2 "$ka" report "$tmp/nowhere"

# ---- the pre-commit hook -----------------------------------------------------------------
mkdir -p bin && ln -sf "$ka" bin/kanalyze
export PATH=$repo/bin:$PATH
rm -f compile_commands.json
printf 'this is not CUDA\n' >broken.cu                   # untracked: never analysed
variant 120 126
git add k.cu
expect "hook: staged 126-register kernel warns, exit 0" 0 "$src/hooks/pre-commit"
has "hook: the cliff warning" "$tmp/err" "126 registers, 3 below the cliff at 129"
hasnt "hook: the untracked broken.cu is not analysed" "$tmp/err" "broken.cu"
KANALYZE_STRICT=1 expect "hook: KANALYZE_STRICT=1 stops the commit" 1 "$src/hooks/pre-commit"
variant 120 129
git add k.cu
expect "hook: staged regression stops the commit" 1 "$src/hooks/pre-commit"
has "hook: says why" "$tmp/err" "register-cliff"
git reset -q k.cu; git checkout -q k.cu
echo '// docs' >>notes.txt && git add notes.txt
expect "hook: no CUDA file staged, nothing to do" 0 "$src/hooks/pre-commit"
[ ! -s "$tmp/err" ] && ok "hook: silent without CUDA files" || bad "hook: silent without CUDA files" "$(cat "$tmp/err")"
git add broken.cu
expect "hook: a staged file that does not compile stops the commit" 3 "$src/hooks/pre-commit"
git reset -q broken.cu
git reset -q notes.txt
expect "hook, framework style: named files" 0 "$src/hooks/pre-commit" k.cu notes.txt
has "hook, framework style: k.cu analysed" "$tmp/err" "128 registers, 1 below the cliff at 129"
expect "hook, framework style: --strict argument" 1 "$src/hooks/pre-commit" --strict k.cu
variant 112 120
expect "hook, framework style: --strict, far from the cliff" 0 "$src/hooks/pre-commit" --strict k.cu
git checkout -q k.cu

# ---- the toolkit prefix, precompiled (analyzer/pch.c) ----------------------------------
# a header only the toolkit has: parsed against the toolkit first, no prelude probe
mkdir -p "$tmp/pch" && cd "$tmp/pch" || exit 1
printf '#include <cuda_profiler_api.h>\n__global__ void tk(float *x, int n) {\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) x[i] *= 2.0f;\n}\n' >tk.cu
cp tk.cu tk2.cu && echo '// an edit' >>tk2.cu
export KANALYZE_CACHE_DIR=$tmp/pch-cache
"$ka" tk.cu --format json --no-cache >ref.json 2>/dev/null
KANALYZE_TIMINGS=1 expect "pch: a file naming a toolkit-only header" 0 "$ka" tk.cu --format json
cmp -s "$tmp/out" ref.json && ok "pch: the report is the one parsed without it" || bad "pch: the report differs" "$(diff "$tmp/out" ref.json | head)"
has "pch: the prefix precompiled" "$tmp/err" "phase precompile prefix"
has "pch: the file parsed over it" "$tmp/err" "over the precompiled prefix"
hasnt "pch: no prelude probe first" "$tmp/err" "parse prelude probe"
pch=$(ls "$KANALYZE_CACHE_DIR"/v1/pch/*.pch 2>/dev/null | head -1)
[ -n "$pch" ] && grep -q '/cuda_runtime_api.h$' "${pch%.pch}.deps" && ok "pch: kept with the headers it read" ||
    bad "pch: kept with the headers it read" "$(ls -R "$KANALYZE_CACHE_DIR/v1" | head)"
grep -rqs 'cuda_runtime_api.h$' "$KANALYZE_CACHE_DIR"/v1/m && ok "pch: its headers in the file's manifest" ||
    bad "pch: its headers in the file's manifest" "$(cat "$KANALYZE_CACHE_DIR"/v1/m/*/* 2>/dev/null | head)"
KANALYZE_TIMINGS=1 expect "pch: an edited file" 0 "$ka" tk2.cu --format json
hasnt "pch: ... not precompiled again" "$tmp/err" "phase precompile prefix"
has "pch: ... parsed over the same one" "$tmp/err" "over the precompiled prefix"
truncate -s 4096 "$pch"
echo '// another edit' >>tk2.cu
KANALYZE_TIMINGS=1 expect "pch: a truncated PCH" 0 "$ka" tk2.cu --format json
[ ! -e "$pch" ] && ok "pch: ... clang refused it, removed" || bad "pch: ... still there" "$(ls -la "$pch")"
python3 - "$tmp/out" ref.json <<'PY' && ok "pch: ... the file parsed without it, the same kernels" || bad "pch: ... the report differs"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
strip = lambda j: [[(k["name"], k["uniformity"] is not None) for k in f["kernels"]] for f in j["files"]]
assert strip(a) == strip(b) and strip(a)[0][0][1], (strip(a), strip(b))
PY
before=$(ls "$KANALYZE_CACHE_DIR"/v1/pch/ 2>/dev/null)
expect "pch: --no-cache" 0 "$ka" tk.cu --no-cache --format json
[ "$(ls "$KANALYZE_CACHE_DIR"/v1/pch/ 2>/dev/null)" = "$before" ] && ok "pch: ... makes none" ||
    bad "pch: --no-cache made one" "$(ls "$KANALYZE_CACHE_DIR"/v1/pch/)"
# one PCH for every directory: each passes its own -I, which reaches no
# toolkit header; a directory holding a file by the name of one (math.h,
# which the prefix includes) gets its own, made with that directory
mkdir -p d1 d2 d3 && cp tk.cu d1/ && cp tk.cu d2/ && touch d1/util.h d2/util.h
printf '#include_next <math.h>\n#define SHADOWED 1\n' >d3/math.h
printf '#include <cuda_profiler_api.h>\n#ifdef SHADOWED\n__global__ void only_if_shadowed(float *x) { x[threadIdx.x] = 1.0f; }\n#endif\n' >d3/sh.cu
KANALYZE_TIMINGS=1 expect "pch: a file with -I of its own directory" 0 "$ka" d1/tk.cu -I d1 --format json
KANALYZE_TIMINGS=1 expect "pch: ... another directory, another -I" 0 "$ka" d2/tk.cu -I d2 --format json
pchs=$(ls "$KANALYZE_CACHE_DIR"/v1/pch/*.pch 2>/dev/null | wc -l)
hasnt "pch: ... the PCH is shared, not made again" "$tmp/err" "phase precompile prefix"
has "pch: ... parsed over it" "$tmp/err" "over the precompiled prefix"
"$ka" d2/tk.cu -I d2 --format json --no-cache >d2.json 2>/dev/null
cmp -s "$tmp/out" d2.json && ok "pch: ... the report is the one parsed without it" || bad "pch: shared PCH report differs" "$(diff "$tmp/out" d2.json | head)"
KANALYZE_TIMINGS=1 expect "pch: a directory that shadows a toolkit header (math.h)" 0 "$ka" d3/sh.cu -I d3 --format json
has "pch: ... gets a PCH of its own" "$tmp/err" "phase precompile prefix"
py '
import json, sys
k = [k for f in json.load(open(sys.argv[1]))["files"] for k in f["kernels"]]
assert len(k) == 1 and k[0]["name"].startswith("only_if_shadowed") and k[0]["uniformity"] is not None, k
' "pch: ... parsed with the shadowing header: the kernel it defines analysed"
[ "$(ls "$KANALYZE_CACHE_DIR"/v1/pch/*.pch | wc -l)" -eq $((pchs + 1)) ] && ok "pch: ... one PCH more, for d3 alone" ||
    bad "pch: PCHs made" "$(ls "$KANALYZE_CACHE_DIR"/v1/pch/)"
# a project helper keyed on a runtime header's guard (the CUDA samples'
# helper_cuda.h): the prelude would lose its code, so the toolkit goes first
mkdir -p d4
printf '#ifdef __DRIVER_TYPES_H__\ninline int check(cudaError_t e) { return (int)e; }\n#endif\n' >d4/helper.h
printf '#include "helper.h"\n__global__ void k4(float *x) { x[threadIdx.x] = 1.0f; }\nint host() { return check(cudaGetLastError()); }\n' >d4/k4.cu
KANALYZE_TIMINGS=1 expect "pch: a helper testing __DRIVER_TYPES_H__" 0 "$ka" d4/k4.cu --format json
hasnt "pch: ... no prelude probe first" "$tmp/err" "parse prelude probe"
has "pch: ... the toolkit parse" "$tmp/err" "phase parse toolkit"
py '
import json, sys
f = json.load(open(sys.argv[1]))["files"][0]
assert f["kernels"][0]["uniformity"] is not None and not f.get("diagnostics"), f
' "pch: ... the kernel analysed, no parse error"
# the file's own preamble (its leading #includes), precompiled over the
# prefix once it comes back: an edit loop parses only the file's own lines;
# a kernel in a header of the preamble is still found, and a header edited
# since is read again
mkdir -p d5
printf '#pragma once\n#define STRIDE 32\n__device__ inline float get(const float *p, int i) { return p[i * STRIDE]; }\n__global__ void in_header(const float *in, float *out) { out[threadIdx.x] = get(in, threadIdx.x); }\n' >d5/kern.cuh
printf '// the file'"'"'s own includes first\n#include <cuda_profiler_api.h>\n#include <vector>\n#include "kern.cuh"\n#if defined(STRIDE)\n#define BLOCK 128\n#endif\n\n__global__ void k5(const float *in, float *out) { out[threadIdx.x] = get(in, threadIdx.x) * BLOCK; }\nvoid run(const float *a, float *b) { k5<<<1, BLOCK>>>(a, b); in_header<<<1, 64>>>(a, b); }\n' >d5/k5.cu
KANALYZE_TIMINGS=1 expect "preamble: a file first seen" 0 "$ka" d5/k5.cu --format json
hasnt "preamble: ... parsed as before, nothing precompiled for it" "$tmp/err" "phase precompile preamble"
for n in 1 2; do
    # a build's worth of files seen once between: their markers push no PCH out
    [ "$n" = 2 ] && for i in $(seq 40); do : >"$KANALYZE_CACHE_DIR/v1/pch/pre-seen$i.seen"; done
    echo "// edit $n" >>d5/k5.cu
    "$ka" d5/k5.cu --format json --no-cache >d5.json 2>/dev/null
    KANALYZE_TIMINGS=1 expect "preamble: edit $n" 0 "$ka" d5/k5.cu --format json
    cmp -s "$tmp/out" d5.json && ok "preamble: ... the report is the one parsed without it" ||
        bad "preamble: edit $n report differs" "$(diff "$tmp/out" d5.json | head)"
done
has "preamble: ... the second edit reuses it" "$tmp/err" "over the precompiled preamble"
hasnt "preamble: ... not precompiled again" "$tmp/err" "phase precompile preamble"
pre=$(ls "$KANALYZE_CACHE_DIR"/v1/pch/pre-*.pch 2>/dev/null | head -1)
[ -n "$pre" ] && grep -q '/d5/kern.cuh$' "${pre%.pch}.deps" && ok "preamble: kept with the headers it read" ||
    bad "preamble: kept with the headers it read" "$(ls "$KANALYZE_CACHE_DIR/v1/pch")"
py '
import json, sys
names = sorted(k["name"].split("(")[0] for f in json.load(open(sys.argv[1]))["files"] for k in f["kernels"])
assert names == ["in_header", "k5"], names
' "preamble: ... the header's kernel found through it"
cp "$tmp/out" d5-before.json
sleep 1
sed -i 's/STRIDE 32/STRIDE 2/' d5/kern.cuh
"$ka" d5/k5.cu --format json --no-cache >d5.json 2>/dev/null
expect "preamble: a header of it edited" 0 "$ka" d5/k5.cu --format json
cmp -s "$tmp/out" d5.json && ok "preamble: ... the report follows the header" ||
    bad "preamble: stale header" "$(diff "$tmp/out" d5.json | head)"
cmp -s "$tmp/out" d5-before.json && bad "preamble: ... the header's edit changed nothing (the check is void)" "" ||
    ok "preamble: ... and differs from the report before the edit"
export KANALYZE_CACHE_DIR=$tmp/cache
cd "$repo" || exit 1

echo "e2e_guard: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
