#!/usr/bin/env bash
# verify.sh KANALYZE SRCDIR — end-to-end tests of `kanalyze verify` without a GPU:
# "not run" (never "pass") when there is no GPU; --check of the committed H200
# record, whose blocks per SM are recomputed by the current model (so a record
# with wrong stored predictions still passes, and one whose registers or
# hardware answers disagree fails); bad input; and, when nvcc is installed, the
# comparison of the committed raw runner output (registers from a fresh compile).
# Prints one line per check and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
rec=$src/testdata/verify/nvidia-h200-2026-11-29.jsonl
raw=$src/testdata/verify/nvidia-h200-2026-11-29-runner/verify_runner.jsonl
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp

. "$(dirname "$0")/../support/lib.sh"
expect() { # expect NAME WANTED_RC CMD...: stdout in $tmp/out, stderr in $tmp/err
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/out" "$tmp/err")"; fi
}
has()    { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in output" "$(cat "$2")"; fi; }
hasnot() { if grep -qF -- "$3" "$2"; then bad "$1: '$3' in output" "$(cat "$2")"; else ok "$1"; fi; }

# ---- no GPU: "not run", exit 0, no record --------------------------------------
expect "no nvidia-smi: exit 0" 0 env PATH=/nonexistent "$ka" verify --out "$tmp/none.jsonl"
has "no nvidia-smi: says not run" "$tmp/out" "not run: no GPU"
hasnot "no nvidia-smi: never pass" "$tmp/out" "pass"
[ ! -e "$tmp/none.jsonl" ] && ok "no nvidia-smi: no record written" || bad "no nvidia-smi: a record was written"
mkdir -p "$tmp/fakebin"
printf '#!/bin/sh\necho "No devices were found" >&2\nexit 6\n' > "$tmp/fakebin/nvidia-smi"
chmod +x "$tmp/fakebin/nvidia-smi"
expect "nvidia-smi without a GPU: exit 0" 0 env PATH="$tmp/fakebin" "$ka" verify
has "nvidia-smi without a GPU: not run" "$tmp/out" "not run: no GPU (nvidia-smi found no GPU)"
printf '{"kind":"env","date":"2026-01-01T00:00:00Z"}\n{"kind":"no_device","error":"no CUDA device"}\n' > "$tmp/nodev.jsonl"
expect "runner output without a device: exit 0" 0 "$ka" verify --runner-output "$tmp/nodev.jsonl"
has "runner output without a device: not run" "$tmp/out" "not run: no GPU"

# ---- the committed record, recomputed by the current model ----------------------
expect "committed H200 record rechecks" 0 "$ka" verify --check "$rec"
has "record: every check equal" "$tmp/out" "blocks per SM    8008/8008 equal (recomputed by the model)"
has "record: registers" "$tmp/out" "registers        38/38 kernels equal"
has "record: best block" "$tmp/out" "best block size  38/38 equal"
[ "$(grep -c '"kind":"check"' "$rec")" -ge 200 ] && ok "record has >= 200 checks" || bad "record has < 200 checks"
python3 - "$rec" >"$tmp/py" 2>&1 <<'PY' && ok "record: timings of R1-R6 and the cliff pair, keys" || bad "record: timings and keys" "$(cat "$tmp/py")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
h = rows[0]
assert h["kind"] == "header" and all(k in h for k in ("device", "cc", "driver", "cuda", "kanalyze")), h
for r in rows:
    if r["kind"] == "check":
        assert all(k in r for k in ("kernel", "arch", "block", "smem", "regs_predicted", "regs_runtime",
                                    "blocks_predicted", "blocks_runtime")), r
t = {r["kernel"] for r in rows if r["kind"] == "timing"}
assert {"reduce_r%d" % i for i in range(1, 7)} <= t, t
assert {"c_ur_ptrs", "c_vec_ptrs", "pressure_orig", "pressure_capped"} <= t, t
for r in rows:
    if r["kind"] == "timing":
        assert r["runs"] >= 200 and r["p25_ms"] <= r["median_ms"] <= r["p75_ms"], r
        if r["kernel"].startswith("reduce_"):
            assert "gbps" in r and "peak_fraction" in r, r
PY

# stored predictions are not trusted: all wrong, still equal after recomputation
sed 's/"blocks_predicted":[0-9]*/"blocks_predicted":999/' "$rec" > "$tmp/stale.jsonl"
expect "stale stored predictions are recomputed" 0 "$ka" verify --check "$tmp/stale.jsonl"
has "stale predictions noticed" "$tmp/out" "note: 8008 stored predictions differ"
# a register count the model puts on the other side of the cliff: 122 -> 129
# gives 1 block of 256 instead of the 2 the H200 ran
sed '/"kernel":"c_ur_ptrs","arch":"sm_90","block":256,"smem":0,/s/"regs_predicted":122,"regs_runtime":122/"regs_predicted":129,"regs_runtime":129/' \
    "$rec" > "$tmp/cliff.jsonl"
expect "a prediction past the cliff fails" 1 "$ka" verify --check "$tmp/cliff.jsonl"
has "cliff mismatch shown" "$tmp/out" "MISMATCH blocks/SM c_ur_ptrs block 256 smem 0: model 1, GPU 2"
has "exactly one disagreement" "$tmp/out" "FAIL: 1 disagreement(s)"
sed '0,/"blocks_runtime":32}/s//"blocks_runtime":31}/' "$rec" > "$tmp/hw.jsonl"
expect "a different hardware answer fails" 1 "$ka" verify --check "$tmp/hw.jsonl"
sed '/"kind":"kernel","unit":"uniform","kernel":"c_vec_ptrs"/s/"regs_runtime":154/"regs_runtime":150/' "$rec" > "$tmp/regs.jsonl"
expect "a register disagreement fails" 1 "$ka" verify --check "$tmp/regs.jsonl"
grep -v '"kind":"check"' "$rec" > "$tmp/nochecks.jsonl"
expect "a record without checks fails" 1 "$ka" verify --check "$tmp/nochecks.jsonl"

# ---- bad input --------------------------------------------------------------------
expect "--check of a missing file" 2 "$ka" verify --check "$tmp/missing.jsonl"
printf 'not json\n' > "$tmp/garbage"
expect "--check of garbage" 2 "$ka" verify --check "$tmp/garbage"
has "garbage: names the line" "$tmp/err" "line 1 is not a JSON object"
expect "--runner-output of garbage" 2 "$ka" verify --runner-output "$tmp/garbage"
printf '{"kind":"timing"}\n' > "$tmp/nohdr.jsonl"
expect "--runner-output without a header" 2 "$ka" verify --runner-output "$tmp/nohdr.jsonl"
expect "--check with --out" 2 "$ka" verify --check "$rec" --out "$tmp/x.jsonl"
expect "--out into a missing directory" 2 "$ka" verify --runner-output "$raw" --out "$tmp/no/such/dir/r.jsonl"
has "missing directory named" "$tmp/err" "no such directory for the record"
expect "unknown verify option" 2 "$ka" verify --frobnicate
expect "verify --help" 0 "$ka" verify --help
has "help lists --runner-output" "$tmp/out" "--runner-output FILE"

# ---- the raw H200 runner output, registers from a fresh compile (needs nvcc) -------
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    expect "raw runner output compares" 0 "$ka" verify --runner-output "$raw" --out "$tmp/rec.jsonl"
    has "raw: pass" "$tmp/out" "pass: 38/38 kernels' registers, 8008/8008 blocks per SM, 38/38 best block sizes equal"
    has "raw: the cliff pair timed" "$tmp/out" "cliff_pair               c_ur_ptrs (122 regs, 2/SM)"
    expect "the fresh record rechecks" 0 "$ka" verify --check "$tmp/rec.jsonl"
    sed '/"kind":"occupancy","unit":"uniform","kernel":"c_vec_ptrs","mangled":"[^"]*","block":256,"dyn_smem":0,"blocks":1}/s/"blocks":1}/"blocks":2}/' \
        "$raw" > "$tmp/raw-bad.jsonl"
    expect "a tampered runner output fails" 1 "$ka" verify --runner-output "$tmp/raw-bad.jsonl" --out "$tmp/rec2.jsonl"
    has "tampered: mismatch shown" "$tmp/out" "MISMATCH blocks/SM c_vec_ptrs block 256 smem 0: kanalyze 1, GPU 2"
    has "tampered: one disagreement" "$tmp/out" "FAIL: 1 disagreement(s)"
    # the live path without a GPU: nvidia-smi names one, the runner is built with
    # nvcc for its compute capability, starts, and finds no device
    if ! command -v nvidia-smi >/dev/null 2>&1; then
        mkdir -p "$tmp/fakegpu"
        printf '#!/bin/sh\necho "NVIDIA H200, 580.159.04, 9.0"\n' > "$tmp/fakegpu/nvidia-smi"
        chmod +x "$tmp/fakegpu/nvidia-smi"
        nvdir=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")
        expect "runner built, no device: exit 0" 0 env PATH="$tmp/fakegpu:$nvdir:/usr/bin:/bin" "$ka" verify --out "$tmp/live.jsonl"
        has "runner built, no device: not run" "$tmp/out" "not run: no GPU (the runner sees no CUDA device)"
        [ ! -e "$tmp/live.jsonl" ] && ok "runner built, no device: no record" || bad "runner built, no device: a record was written"
    fi
else
    echo "skip  raw runner output (nvcc not installed)"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
