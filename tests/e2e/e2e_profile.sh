#!/usr/bin/env bash
# e2e_profile.sh KANALYZE SRCDIR — `kanalyze verify --profile` end to end on
# the Nsight Compute exports recorded on the H200 (testdata/profile/): every
# measured number kanalyze shows is checked against the CSV read by Python's
# csv module, the registers against the details export and a fresh analysis,
# the exit code against the agreement; tampered exports fail; without ncu
# (missing, failing) it is "not run" and exit 0, never "pass"; a stand-in
# ncu drives the live path; bad exports are exit 2 with one line.
# Prints one line per check and "N passed, N failed"; 77 without nvcc.
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
prof=$src/testdata/profile
. "$(dirname "$0")/../support/lib.sh"
private_tmp

expect() { # expect NAME WANTED_RC CMD...: stdout in $tmp/out, stderr in $tmp/err
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/out" "$tmp/err")"; fi
}
has()    { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in output" "$(cat "$2")"; fi; }
hasnot() { if grep -qF -- "$3" "$2"; then bad "$1: '$3' in output" "$(cat "$2")"; else ok "$1"; fi; }
oneline() { # oneline NAME: stderr is one "kanalyze: " line
    if [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q '^kanalyze: ' "$tmp/err"; then ok "$1: one line"
    else bad "$1: not one line" "$(cat "$tmp/err")"; fi
}

# ---- bad input (no compiler needed) ------------------------------------------------
cd "$src" || exit 1
expect "missing export dir: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/none"
oneline "missing export dir"
has "missing export dir: says so" "$tmp/err" "no such directory"
mkdir -p "$tmp/empty" "$tmp/garbage" "$tmp/binary" "$tmp/trunc" "$tmp/half" "$tmp/swapped"
: > "$tmp/empty/ncu_source.csv"; cp "$prof/ncu_details.csv" "$tmp/empty/"
expect "empty source export: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/empty"
oneline "empty source export"
has "empty source export: says empty" "$tmp/err" "ncu_source.csv: empty file"
printf 'hello, world\nthis is not an export\n' > "$tmp/garbage/ncu_source.csv"; cp "$prof/ncu_details.csv" "$tmp/garbage/"
expect "garbage source export: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/garbage"
oneline "garbage source export"
has "garbage: names the row" "$tmp/err" "row 1: not an Nsight Compute source export"
cp "$prof/ncu_source.csv" "$tmp/binary/"; head -c 4096 /dev/urandom > "$tmp/binary/ncu_details.csv"; printf '\0' >> "$tmp/binary/ncu_details.csv"
expect "binary details export: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/binary"
oneline "binary details export"
head -c 60000 "$prof/ncu_source.csv" > "$tmp/trunc/ncu_source.csv"; cp "$prof/ncu_details.csv" "$tmp/trunc/"
expect "truncated source export: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/trunc"
oneline "truncated source export"
has "truncated: says so" "$tmp/err" "(truncated?)"
cp "$prof/ncu_source.csv" "$tmp/half/"
expect "details export missing: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/half"
oneline "details export missing"
cp "$prof/ncu_source.csv" "$tmp/swapped/ncu_details.csv"; cp "$prof/ncu_details.csv" "$tmp/swapped/ncu_source.csv"
expect "exports swapped: exit 2" 2 "$ka" verify --profile --ncu-export "$tmp/swapped"
oneline "exports swapped"
expect "neither export nor program: exit 2" 2 "$ka" verify --profile
expect "both export and program: exit 2" 2 "$ka" verify --profile --ncu-export "$prof" -- /bin/true
expect "--format sarif: exit 2" 2 "$ka" verify --profile --ncu-export "$prof" --format sarif
expect "--out is not for --profile: exit 2" 2 "$ka" verify --profile --ncu-export "$prof" --out "$tmp/x"
expect "plain verify refuses --arch: exit 2" 2 "$ka" verify --arch sm_90
expect "plain verify refuses a program: exit 2" 2 "$ka" verify -- /bin/true
expect "two archs: exit 2" 2 "$ka" verify --profile --ncu-export "$prof" --arch sm_80,sm_90
expect "help names --profile" 0 "$ka" verify --help
has "help: --ncu-export" "$tmp/out" "--ncu-export DIR"

# ---- no ncu, or ncu that profiles nothing: not run, exit 0, never pass ---------------
expect "KANALYZE_NCU missing: exit 0" 0 env KANALYZE_NCU="$tmp/no-ncu" "$ka" verify --profile -- /bin/true
has "KANALYZE_NCU missing: not run" "$tmp/out" "verify --profile: not run: ncu not found"
hasnot "KANALYZE_NCU missing: never pass" "$tmp/out" "pass"
printf '#!/bin/sh\necho "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission" >&2\nexit 1\n' > "$tmp/failing-ncu"
chmod +x "$tmp/failing-ncu"
expect "failing ncu: exit 0" 0 env KANALYZE_NCU="$tmp/failing-ncu" "$ka" verify --profile -- /bin/true
has "failing ncu: not run, with its error" "$tmp/out" "verify --profile: not run: ncu profiled nothing: ==ERROR== ERR_NVGPUCTRPERM"
hasnot "failing ncu: never pass" "$tmp/out" "pass"
printf '#!/bin/sh\necho "==WARNING== No kernels were profiled."\nexit 0\n' > "$tmp/idle-ncu"
chmod +x "$tmp/idle-ncu"
expect "ncu without kernels: exit 0" 0 env KANALYZE_NCU="$tmp/idle-ncu" "$ka" verify --profile --format json -- /bin/true
py 'import json,sys; d=json.load(open(sys.argv[1])); s=d["summary"]; assert s["result"]=="not run" and "No kernels" in s["why"], d' \
   "ncu without kernels: JSON says not run"
expect "missing program: exit 2" 2 env KANALYZE_NCU="$tmp/failing-ncu" "$ka" verify --profile -- "$tmp/no-such-program"
oneline "missing program"

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  the comparisons (nvcc not installed)"
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ] && exit 77 || exit 1
fi
export PATH=$PATH:/usr/local/cuda/bin

# ---- the recorded H200 exports ---------------------------------------------------------
# The oracle: the exports read with Python's csv module, each line's row (not
# its repeated SASS rows), every file by its name.
cat > "$tmp/oracle.py" <<'PY'
import csv, json, os, sys
out, prof = sys.argv[1], sys.argv[2]
d = json.load(open(out))
lines, total = {}, {}
kernel = path = hdr = None
for r in csv.reader(open(os.path.join(prof, "ncu_source.csv"))):
    if r and r[0] == "File Path": path = os.path.basename(r[1]); continue
    if r and r[0] == "Function Name": kernel = r[1]; continue
    if r and r[0] == "Line No": hdr = {n: i for i, n in reversed(list(enumerate(r)))}; continue
    if r and r[0]:
        num = lambda n: int(r[hdr[n]].replace(",", ""))
        lines[(kernel, path, int(r[0]))] = (num("L2 Theoretical Sectors Global"), num("L2 Theoretical Sectors Global Excessive"))
        total[kernel] = total.get(kernel, 0) + num("L2 Theoretical Sectors Global")
regs, theo = {}, {}
for r in csv.DictReader(open(os.path.join(prof, "ncu_details.csv"))):
    if r["Metric Name"] == "Registers Per Thread": regs[r["Kernel Name"]] = int(r["Metric Value"])
    if r["Metric Name"] == "Theoretical Occupancy": theo[r["Kernel Name"]] = float(r["Metric Value"]) / 100
n = 0
for f in d["findings"] + d["misses"]:
    m = f["measured"]
    if m is None: continue
    k = f.get("ncu_kernel") or f["kernel"]
    s, e = lines[(k, os.path.basename(f["file"]), f["line"])]
    assert (m["sectors"], m["excessive"]) == (s, e), (f, s, e)
    assert abs(m["excessive_share"] - e / s) < 1e-6 and abs(m["kernel_share"] - s / total[k]) < 1e-6, f
    n += 1
assert n == len(d["findings"]) + len(d["misses"]) == 3, n   # column_sum's, member_x's, header_stride2's load
for k in d["kernels"]:
    assert k["registers"]["measured"] == regs[k["kernel"]], k
    assert k["theoretical_occupancy"]["measured"] == theo[k["kernel"]], k
    assert k["global_sectors"] == total[k["kernel"]], k
    for l in k["lines"]:
        assert (l["sectors"], l["excessive"]) == lines[(k["kernel"], os.path.basename(l["file"]), l["line"])], l
    assert len(k["lines"]) == sum(1 for (kk, _, _), (s, _) in lines.items() if kk == k["kernel"] and s > 0), k
assert not [f for f in d["findings"] + d["misses"] if f["line"] == 14], "copy's line 14 flagged"
print("ok")
PY

run="$ka verify --profile --ncu-export $prof $prof/profile_demo.cu --arch sm_90"
$run >"$tmp/text" 2>"$tmp/err"; rc=$?
cp "$tmp/text" "$tmp/out"
has "text: column_sum line 23 as measured" "$tmp/out" "profile_demo.cu:23:4  KA107 warning  column_sum(float const*, float*, int, int)"
has "text: 3670016 of 4194304 sectors excessive" "$tmp/out" "4194304 sectors, 3670016 excessive (87.5 %)"
has "text: 32 sectors per request" "$tmp/out" "32.0 sectors/request: LDG.E 32-bit load 32.0"
has "text: the header's kernel, at the header's line" "$tmp/out" "strided.cuh:7:3  KA107 warning  header_stride2"
has "text: 262144 of 786432 excessive" "$tmp/out" "786432 sectors, 262144 excessive (33.3 %)"
has "text: member_x's structure member read, found" "$tmp/out" "profile_demo.cu:32:3  KA107 warning  member_x(particle const*, float*, int)"
has "text: 1572864 of 2621440 excessive" "$tmp/out" "2621440 sectors, 1572864 excessive (60.0 %)"
has "text: kanalyze's estimate beside" "$tmp/out" "kanalyze      estimated 16 sectors/request where 4 would do, 80 % of the kernel's; confirmed"
has "text: no miss" "$tmp/out" "0 misses;"
has "text: copy's line 14, 0 of 1048576 excessive" "$tmp/out" "profile_demo.cu:14  1048576 sectors (100.0 %), 0 excessive"
hasnot "text: copy's coalesced line 14 is no miss" "$tmp/out" "profile_demo.cu:14  copy"
has "text: copy, 1048576 sectors in all" "$tmp/out" "1048576 sectors (32 bytes)"
has "text: column_sum's registers equal" "$tmp/out" "registers     ncu 31, kanalyze 31: equal"
has "text: copy's 10 registers allocate as ncu's 16, the rule said" "$tmp/out" "registers     ncu 16, kanalyze 10: same allocation, 16 per thread (a launch under ncu gets at least 16; registers are allocated per warp in units of 256, 8 per thread)"
has "text: theoretical occupancy, achieved beside" "$tmp/out" "theoretical: ncu 100.0 %, kanalyze 100.0 %: equal; achieved 71.5 %"

"$ka" verify --profile --ncu-export "$prof" "$prof/profile_demo.cu" --arch sm_90 --format json >"$tmp/out" 2>"$tmp/err"
jrc=$?
[ "$jrc" -eq "$rc" ] && ok "json: the same exit code as text ($rc)" || bad "json exit $jrc, text $rc"
python3 "$tmp/oracle.py" "$tmp/out" "$prof" >"$tmp/py" 2>&1 && ok "json: every measured number as the CSV says" || bad "json: oracle" "$(cat "$tmp/py")"
"$ka" "$prof/profile_demo.cu" --arch sm_90 --format json >"$tmp/analysis" 2>/dev/null
py 'import json,sys
d = json.load(open(sys.argv[1])); a = json.load(open(sys.argv[2])); rc = int(sys.argv[3])
pred = {k["name"]: k["resources"]["regs"] for f in a["files"] for k in f["kernels"]}
for k in d["kernels"]:
    r = k["registers"]
    assert r["predicted"] == pred[k["name"]], (k, pred)
    alloc = lambda n: (max(n, 16) + 7) // 8 * 8      # at least 16 under ncu, in units of 8 (256 a warp)
    assert (r["allocated_measured"], r["allocated_predicted"]) == (alloc(r["measured"]), alloc(r["predicted"])), k
    want = "equal" if r["measured"] == r["predicted"] else ("same allocation" if alloc(r["measured"]) == alloc(r["predicted"]) else "differ")
    assert r["agree"] == want, k
    assert k["theoretical_occupancy"]["agree"] == (abs(k["theoretical_occupancy"]["predicted"] - k["theoretical_occupancy"]["measured"]) < 1e-4), k
bad = sum(k["registers"]["agree"] == "differ" or k["theoretical_occupancy"]["agree"] is False for k in d["kernels"])
assert d["summary"]["result"] == ("fail" if bad else "pass"), d["summary"]
assert rc == (1 if bad else 0), (rc, bad)
f = {(x["file"].split("/")[-1], x["line"]): x for x in d["findings"]}
assert f[("profile_demo.cu", 23)]["measured"]["sectors_per_request"] == 32.0
assert d["misses"] == [], d["misses"]
assert f[("profile_demo.cu", 32)]["verdict"] == "confirmed" and f[("profile_demo.cu", 32)]["estimated"]["sectors_per_request"] == 16
# the recorded kernels have no shared access: no wavefront columns; Divergent
# Branches only in the table of the kernel that branches (the loop of column_sum)
for x in d["findings"]:
    m = x["measured"]
    assert m["wavefronts"] is None and m["ideal_wavefronts"] is None and m["conflicts_nway"] == 0, x
    assert m["divergent_branches"] == (0 if x["kernel"].startswith("column_sum") else None), x
' "json: registers as the fresh analysis, agreement and exit code follow" "$tmp/analysis" "$rc"
py 'import json,sys
def hook(pairs):
    keys = [k for k, _ in pairs]
    assert keys == sorted(keys), keys
    return dict(pairs)
d = json.load(open(sys.argv[1]), object_pairs_hook=hook)
for k in ("tool", "version", "arch", "export", "ncu", "nvcc", "kernels", "findings", "misses", "summary"):
    assert k in d, k
assert d["ncu"] is None and d["export"].endswith("testdata/profile") and d["arch"] == "sm_90"
for k in d["kernels"]:
    for key in ("kernel", "name", "mangled", "file", "line", "block", "grid", "launches", "cc", "dynamic_smem",
                "static_smem", "registers", "theoretical_occupancy", "achieved_occupancy", "global_sectors", "status"):
        assert key in k, key
' "json: sorted keys, every field present (null when unknown)"

# the export names the sources; the arch is its GPU's
expect "sources and arch from the export" "$rc" "$ka" verify --profile --ncu-export testdata/profile
has "sources from the export: sm_90" "$tmp/out" "ncu export testdata/profile, sm_90;"
has "sources from the export: the same finding" "$tmp/out" "testdata/profile/profile_demo.cu:32:3  KA107 warning  member_x"

# a line the analysis does not flag is a miss: member_x's read made one
# address for every lane in the copy analysed (a broadcast: the model
# finds nothing) while the export measured the strided read at that line
mkdir -p "$tmp/hide"
cp "$prof/strided.cuh" "$tmp/hide/"
sed '32s|out\[i\] = p\[i\].x;|out[i] = p[0].x;|' "$prof/profile_demo.cu" > "$tmp/hide/profile_demo.cu"
grep -q 'p\[0\].x' "$tmp/hide/profile_demo.cu" || bad "the hidden-access copy was not made"
"$ka" verify --profile --ncu-export "$prof" "$tmp/hide/profile_demo.cu" --arch sm_90 >"$tmp/out" 2>"$tmp/err"
has "a line no warning names: a miss" "$tmp/out" "profile_demo.cu:32  member_x(const particle *, float *, int)"
has "a line no warning names: one miss" "$tmp/out" "1 miss;"
mkdir -p "$tmp/moved"
sed 's|/work/main/|/nonexistent/build/|' "$prof/ncu_source.csv" > "$tmp/moved/ncu_source.csv"
cp "$prof/ncu_details.csv" "$tmp/moved/"
(cd "$tmp" && "$ka" verify --profile --ncu-export "$tmp/moved" >"$tmp/out" 2>"$tmp/err"); r=$?
[ "$r" -eq 2 ] && grep -q "none of the 2 source files ncu names is here" "$tmp/err" && ok "elsewhere, no source found: exit 2" \
    || bad "elsewhere, no source found (exit $r)" "$(cat "$tmp/err")"

# no kernel kanalyze analysed: not run, never pass
expect "other sources: exit 0" 0 "$ka" verify --profile --ncu-export "$prof" "$src/tests/e2e/cliff128.cu" --arch sm_90
has "other sources: not run" "$tmp/out" "verify --profile: not run: no profiled kernel is one kanalyze analysed"
has "other sources: not analysed" "$tmp/out" "not analysed: no kernel of this name"
hasnot "other sources: never pass" "$tmp/out" "pass:"

# tampered measurements: a register count that allocates otherwise, an occupancy
mkdir -p "$tmp/regs" "$tmp/occ"
cp "$prof/ncu_source.csv" "$tmp/regs/"; cp "$prof/ncu_source.csv" "$tmp/occ/"
python3 - "$prof/ncu_details.csv" "$tmp/regs/ncu_details.csv" "$tmp/occ/ncu_details.csv" <<'PY'
import sys
src = open(sys.argv[1]).read().splitlines(True)
# 40 registers allocate otherwise than 31: 6 blocks of 256 threads, not 8
regs = [l.replace('"Registers Per Thread","register/thread","31"', '"Registers Per Thread","register/thread","40"')
         .replace('"Block Limit Registers","block","8"', '"Block Limit Registers","block","6"')
        if "column_sum" in l else l for l in src]
open(sys.argv[2], "w").write("".join(regs))
open(sys.argv[3], "w").write("".join(l.replace('"Theoretical Occupancy","%","100"', '"Theoretical Occupancy","%","75"')
                                     if "member_x" in l else l for l in src))
PY
expect "registers that disagree: exit 1" 1 "$ka" verify --profile --ncu-export "$tmp/regs" "$prof/profile_demo.cu" --arch sm_90
has "registers that disagree: named" "$tmp/out" "registers     ncu 40, kanalyze 31: differ, 40 and 32 per thread allocated"
has "registers that disagree: FAIL" "$tmp/out" "FAIL: 1 disagreement with ncu"
expect "occupancy that disagrees: exit 1" 1 "$ka" verify --profile --ncu-export "$tmp/occ" "$prof/profile_demo.cu" --arch sm_90
has "occupancy that disagrees: named" "$tmp/out" "theoretical: ncu 75.0 %, kanalyze 100.0 %: differ"

# counts as large as a long long holds (a hostile or corrupt export): the
# shares and sums are taken without overflow (UBSan in the sanitize stage)
mkdir -p "$tmp/huge"
sed 's/"4194304"/"9000000000000000000"/g; s/"3670016"/"8000000000000000000"/g' "$prof/ncu_source.csv" >"$tmp/huge/ncu_source.csv"
cp "$prof/ncu_details.csv" "$tmp/huge/"
expect "counts near LLONG_MAX: read, exit 0" 0 "$ka" verify --profile --ncu-export "$tmp/huge" "$prof/profile_demo.cu" --arch sm_90
has "counts near LLONG_MAX: the column read's 32 sectors per request kept" "$tmp/out" "profile_demo.cu:23  global  model 32.00"
hasnot "counts near LLONG_MAX: no runtime error" "$tmp/err" "runtime error"

# the hand-made export of testdata/profile/asm/ (its README.md): a line of
# inline asm, its quotes as ncu writes them (not doubled); an 8-register
# kernel ncu shows as 16
asm=$prof/asm
expect "inline asm's quotes: read, exit 0" 0 "$ka" verify --profile --ncu-export "$asm" "$asm/lane.cu" --arch sm_90
has "8 registers as ncu's 16: same allocation" "$tmp/out" "registers     ncu 16, kanalyze 8: same allocation, 16 per thread"
has "asm export: pass" "$tmp/out" "pass: registers and theoretical occupancy agree with ncu on 3 kernel launches"
[ -s "$tmp/err" ] && bad "asm export: said something on stderr" "$(cat "$tmp/err")" || ok "asm export: no warning"
# KA115 beside its line's wavefronts, as KA107 beside its sectors; the
# interleaved reduction's KA106 beside its divergent branches
has "KA115 at the column read" "$tmp/out" "lane.cu:20:2  KA115 warning  column_read(float const*, float*)"
has "KA115: ncu's wavefronts and their ideal" "$tmp/out" "ncu shared    1024 wavefronts where 32 would do (992 excessive, 96.9 %), N-Way 32.0; 32.0 per request where 1.0 would do: LDS 32-bit load 32.0"
has "KA115: kanalyze's estimate in wavefronts" "$tmp/out" "kanalyze      estimated 32 wavefronts/request where 1 would do"
has "KA106 at the lane-strided if" "$tmp/out" "lane.cu:30:7  KA106 warning  reduce_interleaved(float*)"
has "KA106: ncu's divergent branches" "$tmp/out" "ncu branches  188 divergent branch targets"
"$ka" verify --profile --ncu-export "$asm" "$asm/lane.cu" --arch sm_90 --format json >"$tmp/asm.json" 2>/dev/null
python3 - "$tmp/asm.json" "$asm/ncu_source.csv" >"$tmp/py" 2>&1 <<'PY' && ok "asm json: wavefronts, ideal, N-way, divergent as the CSV says" || bad "asm json: oracle" "$(cat "$tmp/py")"
import json, sys
d = json.load(open(sys.argv[1]))
rows, hdr, kernel = {}, None, None
for line in open(sys.argv[2]):          # every field quoted; no '","' inside this export's text
    r = line.rstrip("\n")[1:-1].split('","')
    if r[0] == "Function Name": kernel = r[1]; continue
    if r[0] == "Line No": hdr = {n: i for i, n in enumerate(r)}; continue
    if hdr and r[0] not in ("", "File Path"): rows[(kernel, int(r[0]))] = r
num = lambda r, c: float(r[hdr[c]].replace(",", ""))
seen = 0
for f in d["findings"]:
    m, r = f["measured"], rows[(f["ncu_kernel"], f["line"])]
    assert m["wavefronts"] == num(r, "L1 Wavefronts Shared") and m["ideal_wavefronts"] == num(r, "L1 Wavefronts Shared Ideal"), f
    assert m["conflicts_nway"] == num(r, "L1 Conflicts Shared N-Way") and m["divergent_branches"] == num(r, "Divergent Branches"), f
    assert m["excessive_wavefronts"] == num(r, "L1 Wavefronts Shared Excessive"), f
    seen += 1
assert seen == 2 and {f["rule"] for f in d["findings"]} == {"KA106", "KA115"}, d["findings"]
k115 = [f for f in d["findings"] if f["rule"] == "KA115"][0]
assert k115["estimated"]["wavefronts_per_request"] == 32 and k115["estimated"]["ideal_wavefronts"] == 1, k115
assert k115["measured"]["wavefronts_per_request"] == 32.0 and k115["measured"]["shared_requests"] == 32, k115
lane = [k for k in d["kernels"] if k["kernel"].startswith("lane_ids")][0]["registers"]
assert (lane["measured"], lane["predicted"], lane["allocated_measured"], lane["allocated_predicted"], lane["agree"]) == \
       (16, 8, 16, 16, "same allocation"), lane
PY
# a row cut short and a quote left open: each left out with one line naming
# it, the rest read, the same result
mkdir -p "$tmp/rows"
cp "$asm/ncu_details.csv" "$tmp/rows/"
awk 'NR == 7 { print "\"11\",\"asm volatile(\"mov\""; next }
     NR == 10 { print "\"12\",\"out[lane] = \"lane;"; next } { print }' "$asm/ncu_source.csv" > "$tmp/rows/ncu_source.csv"
expect "rows that cannot be read: exit 0" 0 "$ka" verify --profile --ncu-export "$tmp/rows" "$asm/lane.cu" --arch sm_90
has "rows that cannot be read: the short one named" "$tmp/err" "ncu_source.csv: warning: row 7: 2 fields where its table's header (row 3) has 20"
has "rows that cannot be read: the open quote named" "$tmp/err" "runs past the line's end; the row and the instructions after it are left out"
[ "$(wc -l < "$tmp/err")" -eq 2 ] && ok "rows that cannot be read: one line each" || bad "rows: not two lines" "$(cat "$tmp/err")"
has "rows that cannot be read: the rest compared" "$tmp/out" "pass: registers and theoretical occupancy agree with ncu on 3 kernel launches"

# ---- the live path, with a stand-in ncu that plays the recorded exports back ------------
cat > "$tmp/ncu" <<EOF
#!/bin/sh
rep= page=
while [ \$# -gt 0 ]; do
    case "\$1" in
        --version) echo "NVIDIA (R) Nsight Compute Command Line Profiler"; echo "Version 2025.3.1.0 (build 1)"; exit 0;;
        -o) rep=\$2; shift;;
        --page) page=\$2; shift;;
    esac
    shift
done
if [ -n "\$page" ]; then sed "s|/work/main/|$src/|" "$prof/ncu_\$page.csv"; exit 0; fi
echo "==PROF== Connected to process"
: > "\$rep.ncu-rep"
EOF
chmod +x "$tmp/ncu"
(cd "$tmp" && KANALYZE_NCU="$tmp/ncu" "$ka" verify --profile -- /bin/true >"$tmp/out" 2>"$tmp/err"); r=$?
[ "$r" -eq "$rc" ] && ok "live (stand-in ncu): the export's exit code" || bad "live: exit $r, wanted $rc" "$(cat "$tmp/out" "$tmp/err")"
has "live: names ncu's version" "$tmp/out" "profiled by ncu 2025.3.1.0, sm_90"
has "live: the sources the export names" "$tmp/out" "$prof/profile_demo.cu:23:4  KA107 warning"
has "live: the same finding" "$tmp/out" "$prof/profile_demo.cu:32:3  KA107 warning  member_x"
leftover=$(find "$tmp" -name 'rep.ncu-rep' | wc -l)
[ "$leftover" -eq 0 ] && ok "live: the report's temp dir is removed" || bad "live: a report was left behind"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
