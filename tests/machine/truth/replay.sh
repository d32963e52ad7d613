#!/usr/bin/env bash
# replay.sh KANALYZE SRCDIR — the machine model against the hardware's
# count for its own cases: `kanalyze verify --profile` on the Nsight
# Compute export of cases_main.cu that record.sh made on a GPU
# (testdata/profile/machine/), held to the same rule as the advice
# benchmark's lines: every measured shared-memory line the model resolves
# within 10 % (or half a wavefront) of ncu's wavefronts per request, the
# global lines within 10 % on >= 90 % of the resolved lines' sectors, and
# local memory at exactly the lines where local instructions ran (none for
# local_array, whose array ptxas keeps in registers; local_dynamic's).
# No recorded export yet: "not run" (exit 77), never a pass; no nvcc: 77.
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$src/tests/support/lib.sh"
private_tmp

truth=$src/testdata/profile/machine
if [ ! -f "$truth/ncu_source.csv" ]; then
    echo "not run: no recorded truth in testdata/profile/machine (record it on a GPU: tests/machine/truth/record.sh OUT)"
    exit 77
fi
export PATH=$PATH:/usr/local/cuda/bin
if ! command -v nvcc >/dev/null; then
    echo "not run: no nvcc"
    exit 77
fi
cd "$src" || exit 1
expect "verify --profile on the recorded cases: exit 0" 0 "$ka" verify --profile --ncu-export "$truth" \
    tests/machine/truth/cases_main.cu --format json
py '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["summary"]["model"]
sh, gl = m["shared"], m["global"]
print("shared:", sh); print("global:", gl)
off = [(k["kernel"], x["line"], x[s]) for k in d["kernels"] for x in (k.get("model_lines") or [])
       for s in ("global", "shared") if x.get(s) and x[s]["agree"] is False]
assert sh["resolved"] > 0 and sh["within_10_percent"] == sh["resolved"], (sh, off)
assert gl["resolved"] > 0 and gl["within_share_of_resolved"] >= 0.9, (gl, off)
lo = m["local"]
where = sorted((k["kernel"].split("(")[0], x["line"]) for k in d["kernels"] for x in (k.get("model_lines") or [])
               if x.get("local") and x["local"]["measured_instructions"] > 0)
print("local:", lo, where)
assert lo["model_only"] == 0 and lo["hardware_only"] == 0 and lo["agree"] == lo["lines"], (lo, where)
if "local_dynamic" in {k["kernel"].split("(")[0] for k in d["kernels"]}:   # recorded since it was added
    assert {w[0] for w in where} == {"local_dynamic"}, where
' "the model against ncu on its own cases: every shared line within 10 %, global >= 90 % of the sectors, local where it runs"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
