#!/usr/bin/env bash
# e2e_views.sh KANALYZE SRCDIR — the per-line views of the machine model
# through the real binary: --lines under each kernel (CUDA and HIP), in
# source order and heaviest first, colour only when asked (NO_COLOR), a
# source line's escape sequences never reaching the terminal; --format html:
# one self-contained page (no script, no external reference, a policy that
# forbids both) whose source rows carry the model's figures and findings,
# with a source line full of markup shown as text; verify --profile's page
# and JSON setting the model beside the recorded Nsight Compute export
# (testdata/profile/).  The page in a real browser: html_browser.sh.
# Without nvcc: "not run" (exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp

need_nvcc
cd "$src" || exit 1

# ---- --lines, CUDA ---------------------------------------------------------------
expect "--lines: exit 0" 0 "$ka" kernels/reduction/reduction.cu --arch sm_90 --lines --color never
py '
import sys, re
t = open(sys.argv[1]).read()
blocks = t.split("\n\n")
r1 = [b for b in blocks if b.startswith("reduce_r1(")][0]
rows = r1[r1.index("  lines "):].split("\n")
# line 38 with its text, then its two accesses: 7.0 sectors where 2.0 would do, KA107 on each
i = [n for n, l in enumerate(rows) if re.match(r"\s+38  input\[i\] \+= input\[i \+ stride\];", l)][0]
assert "global load 4 B" in rows[i + 1] and "7.0 (2.0) sectors" in rows[i + 1] and "KA107" in rows[i + 1], rows[i + 1]
assert "global store 4 B" in rows[i + 2] and "KA107" in rows[i + 2] and "67 %" in rows[i + 1], rows[i + 1:i + 3]
assert "lanes 8 B apart" in rows[i + 1], rows[i + 1]
# reduce_r3: shared accesses counted in wavefronts
r3 = [b for b in blocks if b.startswith("reduce_r3(")][0]
assert re.search(r"shared load 4 B\s+1\.0 \(1\.0\) wavefronts", r3), r3
assert "\033" not in t
' "--lines: line 38's load and store with 7.0 (2.0) sectors, their share and KA107; shared in wavefronts"

expect "--lines-order traffic: exit 0" 0 "$ka" kernels/reduction/reduction.cu --arch sm_90 --lines --lines-order traffic --color never
py '
import sys, re
t = open(sys.argv[1]).read()
r3 = [b for b in t.split("\n\n") if b.startswith("reduce_r3(")][0]
nums = [int(m.group(1)) for m in re.finditer(r"^\s+(\d+)  \S", r3[r3.index("  lines "):], re.M)]
assert nums[0] == 59, nums      # the global load of 96 % first, then line 62 (53 %)
assert nums.index(62) < nums.index(64), nums
' "--lines-order traffic: the heaviest line first"
expect "--lines-order nonsense: exit 2" 2 "$ka" kernels/reduction/reduction.cu --lines --lines-order sideways
has "--lines-order nonsense: says what it takes" "$tmp/err" "takes source or traffic"

expect "--lines --color always: exit 0" 0 "$ka" kernels/reduction/reduction.cu --arch sm_90 --lines --color always
has "--lines --color always: coloured" "$tmp/out" $'\033[1m'
NO_COLOR=1 "$ka" kernels/reduction/reduction.cu --arch sm_90 --lines --color auto >"$tmp/out" 2>"$tmp/err"
hasnt "--lines under NO_COLOR: no escape" "$tmp/out" $'\033'

# a source line with a terminal escape sequence and markup: shown, not obeyed
printf '%s\n' '// hostile.cu: source text the per-line views show, never run' \
    '#include <cstdint>' \
    'template <int N> __global__ void hostile(float *o, const float *i)' \
    '{' \
    '    int t = blockIdx.x * blockDim.x + threadIdx.x;' \
    "    o[t] = i[N * t]; // </script><script>alert(1)</script><img src=x onerror=alert(2)> "$'\033]0;pwned\007\033[2J'" & \"q\" 'a'" \
    '}' \
    'template __global__ void hostile<2>(float *, const float *);' >"$tmp/hostile.cu"
expect "hostile source, --lines: exit 0" 0 "$ka" "$tmp/hostile.cu" --arch sm_90 --lines --color never
hasnt "hostile source, --lines: no escape byte reaches the terminal" "$tmp/out" $'\033'
hasnt "hostile source, --lines: no bell" "$tmp/out" $'\007'
has "hostile source, --lines: the line is shown" "$tmp/out" "o[t] = i[N * t]; // </script>"

# ---- --lines, HIP ----------------------------------------------------------------
if command -v clang-16 >/dev/null && { [ -d /usr/lib/x86_64-linux-gnu/amdgcn ] || [ -d /opt/rocm ]; }; then
    expect "--lines on HIP: exit 0" 0 "$ka" tests/machine/cases.hip --arch gfx90a --lines --color never
    py '
import sys, re
t = open(sys.argv[1]).read()
b = [b for b in t.split("\n\n") if b.startswith("aos_member(")][0]
assert re.search(r"global load 4 B\s+16\.0 \(4\.0\) 64 B lines\s+KA107 lanes 16 B apart", b), b
' "--lines on HIP: the AoS member read, 16 lines of 64 B where 4 would do, KA107"
else
    echo "not run: --lines on HIP (no clang-16 with the ROCm device libraries)"
fi

# ---- --summary ---------------------------------------------------------------------
"$ka" tests/e2e/cliff128.cu "$tmp/hostile.cu" kernels/reduction/reduction.cu --arch sm_90 --format json >"$tmp/summary.json" 2>/dev/null
expect "--summary: exit 0" 0 "$ka" tests/e2e/cliff128.cu "$tmp/hostile.cu" kernels/reduction/reduction.cu --arch sm_90 --summary --color never
py '
import sys, json, re
rows = open(sys.argv[1]).read().rstrip("\n").split("\n")
d = json.load(open(sys.argv[2]))
ks = [dict(k, file=k.get("def_file") or f["file"]) for f in d["files"] for k in f["kernels"]]
assert rows[0].split()[:3] == ["occupancy", "limiter", "registers"], rows[0]
body = rows[1:rows.index("")] if "" in rows else rows[1:]   # then the notes under the table
assert len(body) == len(ks), (len(body), len(ks))
occ = [float(r.split("%")[0]) for r in body]
assert occ == sorted(occ), occ                    # worst first
assert body[0].split()[2:4] == ["registers", "128"] and "pressure<128>" in body[0], body[0]
# each line: the kernel its JSON names, with as many warnings as its JSON findings
for r in body:
    k = [k for k in ks if k["name"].split("(")[0].replace("void ", "") + "(" in r and
         k["file"].split("/")[-1] + ":" + str(k["line"]) in r][0]
    w = sum(1 for f in k["findings"] if f["severity"] == "warning")
    assert re.search(r"\b%d warnings?," % w, r), (r, w)
' "--summary: one line per kernel, lowest occupancy first, warnings as the JSON counts them" "$tmp/summary.json"

# ---- --format html ---------------------------------------------------------------
expect "html: exit 0" 0 "$ka" "$tmp/hostile.cu" kernels/reduction/reduction.cu --arch sm_90 --format html
cp "$tmp/out" "$tmp/page.html"
py '
import sys, re, html.parser
page = open(sys.argv[1], encoding="utf-8").read()
class P(html.parser.HTMLParser):
    def __init__(s):
        super().__init__(); s.tags = []; s.attrs = []; s.text = []; s.h2 = None; s.names = []
    def handle_starttag(s, tag, attrs):
        s.tags.append(tag); s.attrs += [(tag, k, v) for k, v in attrs]
        if tag == "h2": s.h2 = ""
    def handle_endtag(s, tag):
        if tag == "h2": s.names.append(s.h2); s.h2 = None
    def handle_data(s, d):
        s.text.append(d)
        if s.h2 is not None: s.h2 += d
p = P(); p.feed(page)
assert "script" not in p.tags, "a script element"
assert not [a for a in p.attrs if a[1].startswith("on")], [a for a in p.attrs if a[1].startswith("on")]
for tag, k, v in p.attrs:      # nothing from elsewhere: only data: pictures and in-page links
    if k in ("src", "href"): assert v.startswith("data:image/png;base64,") or v.startswith("#"), (tag, k, v[:40])
csp = [v for t, k, v in p.attrs if k == "content" and "default-src" in (v or "")]
assert csp and "default-src '"'"'none'"'"'" in csp[0] and "script" not in csp[0], csp
text = "".join(p.text)
assert "</script><script>alert(1)</script><img src=x onerror=alert(2)>" in text, "hostile line not shown as text"
assert "\033" not in page and "\007" not in page
assert "void hostile<2>(float*, float const*)" in p.names and "reduce_r1(float*, float*)" in p.names, p.names
assert "uncoalesced global load" in text and "7.0" in text
' "html: no script, no external reference, a CSP; the hostile line shown as text; kernel names, figures, findings"

# ---- verify --profile: the model beside the hardware --------------------------------
cd "$src/testdata/profile" || exit 1
expect "verify --profile json: exit 0" 0 "$ka" verify --profile --ncu-export . profile_demo.cu --format json
py '
import json, sys
d = json.load(open(sys.argv[1]))
cs = [k for k in d["kernels"] if k["kernel"].startswith("column_sum")][0]
l23 = [x for x in cs["model_lines"] if x["line"] == 23][0]["global"]
# recorded on the H200: 4194304 sectors in 131072 warp-level requests
assert l23["sectors"] == 4194304 and abs(l23["measured"] - 32.0) < 1e-9, l23
assert l23["predicted"] == 32.0 and l23["agree"] is True, l23
m = d["summary"]["model"]["global"]
assert m["lines"] == 5 and m["listed"] == 5 and m["within_10_percent"] == 5 and m["gathers"] == 0, m
' "verify --profile json: column_sum line 23 predicted 32, measured 32; 5 of 5 lines within 10 %"
expect "verify --profile html: exit 0" 0 "$ka" verify --profile --ncu-export . profile_demo.cu --format html
has "verify --profile html: the measured figure beside the model" "$tmp/out" '32.00</span> sectors/request <span class="dim">(model 32.00)'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
