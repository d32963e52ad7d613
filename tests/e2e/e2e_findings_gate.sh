#!/usr/bin/env bash
# e2e_findings_gate.sh KANALYZE SRCDIR — --fail-on warning gates new
# findings against the baseline: the baseline keeps each finding as (rule,
# kernel, line text); a KA107 warning the baseline has passes, also with
# lines added above it and its spacing changed, and in a renamed file; a new
# one fails and is named, and a warning on an edited line is paired with
# the base's of the same rule and kernel; without --fail-on warning it is reported, not
# failed; a baseline written before findings were kept still reads (a
# note, no findings gate).  Needs nvcc (else "not run", exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp
export NO_COLOR=1 PATH=$PATH:/usr/local/cuda/bin
if ! command -v nvcc >/dev/null; then
    echo "not run: nvcc not found"
    exit 77
fi
cd "$tmp"
cp "$src/tests/e2e/findings_gate.cu" k.cu

expect "baseline with the kernel's findings" 0 "$ka" k.cu --arch sm_90 --write-baseline bl.json
py 'import json
f=json.load(open("bl.json"))["findings"]
w=[x for x in f if x["level"]=="warning"]
assert [(x["rule"],x["mangled"],x["context"]) for x in w]==[("KA107","_Z7stridedPKfPfi","out[i] += in[i * 32 + k];")], f' \
    "... the KA107 warning kept as rule, mangled name, line text"
expect "the same code: passes --fail-on warning" 0 "$ka" k.cu --arch sm_90 --baseline bl.json --fail-on warning
has "... no new finding" "$tmp/out" "0 new findings (0 warnings)"

# the old warning moved two lines down, its spacing changed, the file renamed
{ echo "// two lines"; echo "// added above"; sed 's/+= in/+=   in/' "$src/tests/e2e/findings_gate.cu"; } >moved.cu
rm k.cu
expect "an old warning moved, respaced, in a renamed file: passes" 0 "$ka" moved.cu --arch sm_90 --baseline bl.json --fail-on warning
has "... still not new" "$tmp/out" "0 new findings (0 warnings)"

# the old warning's line edited: paired with the base's finding of the same
# rule in the same kernel, not new
sed 's|out\[i\] += in\[i \* 32 + k\];|out[i] += 2.0f * in[i * 32 + k];|' "$src/tests/e2e/findings_gate.cu" >k.cu
grep -q "2.0f \* in" k.cu || bad "the edit applied" "$(cat k.cu)"
expect "the warning's line edited: passes" 0 "$ka" k.cu --arch sm_90 --baseline bl.json --fail-on warning
has "... paired with the base's, not new" "$tmp/out" "0 new findings (0 warnings)"
# edited and a second strided store beside it: the kernel gained one, one is new
sed -i 's|^\(        out\[i\] += 2.0f \* in\[i \* 32 + k\];\)|\1\n    for (int k = 0; k < n; k++)\n        out[i * 16 + k] = in[k];|' k.cu
grep -q "out\[i \* 16 + k\]" k.cu || bad "the second edit applied" "$(cat k.cu)"
expect "edited, and one more: fails" 1 "$ka" k.cu --arch sm_90 --baseline bl.json --fail-on warning
has "... one new, not two" "$tmp/out" "1 new finding (1 warning)"

# a new strided store
sed 's|^        out\[i\] += in\[i \* 32 + k\];|&\n    for (int k = 0; k < n; k++)\n        out[i * 16 + k] = in[k];|' \
    "$src/tests/e2e/findings_gate.cu" >k.cu
grep -q "out\[i \* 16 + k\]" k.cu || bad "the edit applied" "$(cat k.cu)"
expect "a new KA107 warning fails --fail-on warning" 1 "$ka" k.cu --arch sm_90 --baseline bl.json --fail-on warning
has "... named with its line" "$tmp/out" "NEW         k.cu:9  KA107 warning in strided(float const*, float*, int): out[i * 16 + k] = in[k];"
has "... the exit explained" "$tmp/err" "1 new warning against the baseline: exit 1 (--fail-on warning)"
expect "... and --strict the same" 1 "$ka" k.cu --arch sm_90 --baseline bl.json --strict -q
has "... -q still explains the exit" "$tmp/err" "exit 1: 1 new warning against the baseline bl.json"
expect "without --fail-on warning: reported, exit 0" 0 "$ka" k.cu --arch sm_90 --baseline bl.json
has "... reported" "$tmp/out" "1 new finding (1 warning)"

# a baseline from before findings were kept: reads, says why nothing is gated
python3 -c 'import json; b=json.load(open("bl.json")); del b["findings"]; json.dump(b, open("old.json","w"))'
expect "an older baseline without findings: exit 0" 0 "$ka" k.cu --arch sm_90 --baseline old.json --fail-on warning
has "... with a note" "$tmp/err" "the baseline keeps no findings"

echo "e2e_findings_gate: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
