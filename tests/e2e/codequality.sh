#!/usr/bin/env bash
# codequality.sh KANALYZE SRCDIR — `--format codequality` against GitLab's
# Code Quality report format as GitLab's documentation states it
# (https://docs.gitlab.com/ci/testing/code_quality/, "Code Quality report
# format": a JSON array of issues, each with description, check_name,
# fingerprint, severity one of info/minor/major/critical/blocker,
# location.path relative to the repository and location.lines.begin).  The
# checker below is written from that field list: GitLab's own schema file is
# not vendored here.  Then the fingerprints: the same fixture copied to two
# directories (two checkouts), one of them with its lines shifted, must give
# the same fingerprints; the issues are the baseline regression, the cliff
# warnings and the findings.
set -u
[ $# -eq 2 ] || { echo "usage: $0 KANALYZE SRCDIR" >&2; exit 2; }
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  codequality: nvcc not installed"
    exit 77
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH

# two checkouts of the same files (the baseline names them relative to the root)
files=(tests/e2e/whatif166.cu tests/e2e/cliff128.cu tests/analyzer/findings.cu testdata/json/inputs/baseline.json)
for co in checkout-a "second checkout b"; do
    for f in "${files[@]}"; do
        mkdir -p "$tmp/$co/$(dirname "$f")"
        cp "$src/$f" "$tmp/$co/$f"
    done
done
# checkout b: every line of the kernels moved down by three
for f in tests/e2e/whatif166.cu tests/analyzer/findings.cu; do
    { printf '// moved\n// down\n// three lines\n'; cat "$src/$f"; } >"$tmp/second checkout b/$f"
done
run() { # run CHECKOUT OUT
    (cd "$tmp/$1" && "$ka" --no-config --no-cache --arch sm_90 --warn-cliff 4 \
        --baseline testdata/json/inputs/baseline.json --format codequality \
        tests/e2e/whatif166.cu tests/e2e/cliff128.cu tests/analyzer/findings.cu) >"$2" 2>"$tmp/err"
}
run checkout-a "$tmp/a.json"
rc=$?
[ $rc = 1 ] && ok "checkout a: exit 1 (the baseline regression)" || bad "checkout a: exit $rc, wanted 1" "$(cat "$tmp/err")"
has "... the comparison also on stderr (machine-read stdout)" "$tmp/err" "REGRESSION"
run "second checkout b" "$tmp/b.json"
rc=$?
[ $rc = 1 ] && ok "checkout b: exit 1" || bad "checkout b: exit $rc, wanted 1" "$(cat "$tmp/err")"

cp "$tmp/a.json" "$tmp/out"
py '
import json, re, sys
doc = json.load(open(sys.argv[1]))
# GitLab documentation, "Code Quality report format": the fields of an issue
assert isinstance(doc, list) and doc, "not a non-empty JSON array"
sev = {"info", "minor", "major", "critical", "blocker"}
for i, it in enumerate(doc):
    where = "issue %d" % i
    assert isinstance(it, dict), where
    for k in ("description", "check_name", "fingerprint", "severity", "location"):
        assert k in it, "%s: no %s" % (where, k)
    assert isinstance(it["description"], str) and it["description"], where
    assert isinstance(it["check_name"], str) and it["check_name"], where
    assert isinstance(it["fingerprint"], str) and re.fullmatch(r"[0-9a-f]{32}", it["fingerprint"]), where
    assert it["severity"] in sev, "%s: severity %r" % (where, it["severity"])
    loc = it["location"]
    assert isinstance(loc.get("path"), str) and loc["path"], where
    assert not loc["path"].startswith("/") and not loc["path"].startswith("./"), "%s: path %r not relative" % (where, loc["path"])
    b = loc.get("lines", {}).get("begin")
    assert isinstance(b, int) and not isinstance(b, bool) and b >= 1, "%s: lines.begin %r" % (where, b)
fps = [it["fingerprint"] for it in doc]
assert len(fps) == len(set(fps)), "fingerprints repeat within one report"
checks = {it["check_name"] for it in doc}
assert "KA1001" in checks, "no register-cliff regression: %s" % checks
assert "KA1101" in checks, "no cliff warning: %s" % checks
assert any(re.fullmatch(r"KA1[0-9][0-9]", c) for c in checks), "no analyzer finding: %s" % checks
reg = [it for it in doc if it["check_name"] == "KA1001"][0]
assert reg["severity"] == "major" and reg["location"]["path"] == "tests/e2e/whatif166.cu", reg
assert "128 -> 168" in reg["description"], reg
print(len(doc), "issues:", ", ".join(sorted(checks)))
' "checkout a: an array of issues with the documented fields, a regression, cliff warnings and findings"
sed 's/^/      /' "$tmp/py"

cp "$tmp/b.json" "$tmp/out"
py '
import json, sys
a = json.load(open(sys.argv[2])); b = json.load(open(sys.argv[1]))
key = lambda d: sorted((i["fingerprint"], i["check_name"], i["location"]["path"]) for i in d)
assert key(a) == key(b), "fingerprints differ between the checkouts:\n%s\n%s" % (key(a), key(b))
fa = {i["fingerprint"]: i for i in a}
moved = [i for i in b if i["location"]["path"] in ("tests/e2e/whatif166.cu", "tests/analyzer/findings.cu")]
assert moved and all(i["location"]["lines"]["begin"] == fa[i["fingerprint"]]["location"]["lines"]["begin"] + 3 for i in moved), \
    "lines did not move by 3"
print(len(b), "fingerprints equal;", len(moved), "issues moved three lines down kept theirs")
' "two checkouts, one with its lines moved: the same fingerprints" "$tmp/a.json"
sed 's/^/      /' "$tmp/py"

# deterministic: the same run twice gives the same bytes
run checkout-a "$tmp/a2.json"
cmp -s "$tmp/a.json" "$tmp/a2.json" && ok "the same run twice: byte-identical" || bad "two runs differ" "$(diff "$tmp/a.json" "$tmp/a2.json" | head)"

# a clean run: an empty array, exit 0
(cd "$tmp/checkout-a" && "$ka" --no-config --no-cache --no-uniformity --format codequality tests/e2e/whatif166.cu) >"$tmp/out" 2>"$tmp/err"
rc=$?
py 'import json,sys; d = json.load(open(sys.argv[1])); assert d == [], d' "no baseline, no warning, no finding: []"
[ $rc = 0 ] && ok "... exit 0" || bad "... exit $rc" "$(cat "$tmp/err")"

echo "$pass passed, $fail failed"
[ $fail = 0 ]
