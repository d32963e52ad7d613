#!/usr/bin/env bash
# html_browser.sh KANALYZE SRCDIR — the --format html page in a real
# browser (headless Chromium, Debian's chromium-headless-shell, which
# ./setup.sh test installs): the DOM it builds holds the kernel names, the
# hot line's figures and a finding's text; a source line of markup stays
# text (no element made of it); the browser logs no console message (a
# script the policy blocked, a resource it refused, an error); the
# screenshot shows the heat column and a finding's row.  KA_SCREENSHOT=FILE
# keeps the screenshot (docs/html-report.png is made so).  Without nvcc or
# a Chromium: "not run" (exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp

need_nvcc
browser=$(command -v chromium-headless-shell || command -v chromium || true)
if [ -z "$browser" ]; then
    echo "not run: no headless Chromium (./setup.sh test installs chromium-headless-shell)"
    exit 77
fi
run_browser() { # run_browser ARGS... (the page last): the browser's own noise stays in $tmp/log
    HOME=$tmp timeout 120 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
        --enable-logging=stderr --v=0 "$@" 2>"$tmp/log"
}

cd "$src" || exit 1
printf '%s\n' '// hostile.cu: source text the page shows, never runs' \
    '__global__ void hostile(float *o, const float *i)' \
    '{' \
    '    int t = blockIdx.x * blockDim.x + threadIdx.x;' \
    '    o[t] = i[2 * t]; // </script><script>alert(1)</script><img src=x onerror=alert(2)>' \
    '}' >"$tmp/hostile.cu"
expect "page: exit 0" 0 "$ka" kernels/reduction/reduction.cu "$tmp/hostile.cu" --arch sm_90 --format html
cp "$tmp/out" "$tmp/page.html"

run_browser --dump-dom "file://$tmp/page.html" >"$tmp/out"
if [ -s "$tmp/out" ]; then ok "browser: the page loads"; else bad "browser: no DOM" "$(cat "$tmp/log")"; fi
if grep -q ':CONSOLE' "$tmp/log"; then bad "browser: console messages" "$(grep ':CONSOLE' "$tmp/log")"; else ok "browser: no console message"; fi
py '
import sys, re
dom = open(sys.argv[1], encoding="utf-8").read()
assert "<script" not in dom.lower(), "a script element in the DOM"
assert not re.search(r"<img[^>]*onerror", dom, re.I), "an element made of the source text"
assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;" in dom, "hostile line not text"
names = re.findall(r"<h2>(.*?)</h2>", dom)
assert "reduce_r1(float*, float*)" in names and "hostile(float*, float const*)" in names, names
assert re.search(r"<b>7\.0</b> / 2\.0 sectors", dom), "the hot line of reduce_r1"
assert "uncoalesced global load, 4 B per lane: 7.0 sectors per request where 2.0 would do" in dom
' "browser DOM: kernel names, the hot line's 7.0 / 2.0 sectors, the finding, the hostile line as text"

run_browser --screenshot="$tmp/shot.png" --window-size=1300,1800 "file://$tmp/page.html" >/dev/null
cp "$tmp/shot.png" "$tmp/out" 2>/dev/null
py '
import sys, zlib, struct
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, hdr = 8, b"", None
while pos < len(b):
    n, kind = struct.unpack(">I4s", b[pos:pos + 8]); body = b[pos + 8:pos + 8 + n]; pos += 12 + n
    if kind == b"IHDR": hdr = struct.unpack(">IIBBBBB", body)
    if kind == b"IDAT": idat += body
w, h, depth, ctype = hdr[:4]
assert depth == 8 and ctype in (2, 6), hdr
bpp = 3 if ctype == 2 else 4
raw, stride, prev, rows = zlib.decompress(idat), w * bpp, bytearray(w * bpp), []
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0; up = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + up) & 255
        elif f == 3: line[x] = (line[x] + (a + up) // 2) & 255
        elif f == 4:
            p = a + up - c; pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
    rows.append(line); prev = line
def count(pred):
    return sum(1 for r in rows for x in range(0, stride, bpp) if pred(r[x], r[x + 1], r[x + 2]))
heat = count(lambda r, g, b: r > 200 and g < 150 and b < 150 and abs(g - b) < 12)   # the heat column
finding = count(lambda r, g, b: (r, g, b) == (255, 240, 217))                       # a warning row
assert heat > 500, ("heat column pixels", heat)
assert finding > 5000, ("warning row pixels", finding)
' "screenshot: the heat column and a warning finding's row are drawn"
[ -n "${KA_SCREENSHOT:-}" ] && cp "$tmp/shot.png" "$KA_SCREENSHOT"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
