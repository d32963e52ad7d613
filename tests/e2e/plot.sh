#!/usr/bin/env bash
# plot.sh KANALYZE SRCDIR — end-to-end tests of `kanalyze plot` (SVG and PNG
# files, their structure, the terminal chart, bad input) and of the terminal
# experience: colour on a real TTY (script(1)) and NO_COLOR, -q, --chart.
# AMD and Hygon: the charted levels equal `kanalyze occupancy --format jsonl`
# rows (VGPRs with and without the AGPRs, workgroup size, LDS; gfx90a,
# gfx1100 in wave32 and wave64, gfx936), the Hygon note, bad options.
# Compiling examples need nvcc (CUDA) or clang-16 (HIP); without them they
# are "not run" and the test exits 77 after the others pass.
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
pass=0 fail=0 notrun=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp/tmpdir KANALYZE_CACHE_DIR=$tmp/cache LC_ALL=C.UTF-8
mkdir -p "$TMPDIR"
unset NO_COLOR

. "$(dirname "$0")/../support/lib.sh"
expect() {
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/err")"; fi
}
has() { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in output" "$(cat "$2")"; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then bad "$1: '$3' in output" "$(cat "$2")"; else ok "$1"; fi; }

# ---- files -----------------------------------------------------------------------
expect "plot svg" 0 "$ka" plot --arch sm_90 --regs 128 --block 256 -o "$tmp/c.svg"
[ ! -s "$tmp/out" ] && ok "plot -o prints nothing" || bad "plot -o prints nothing" "$(cat "$tmp/out")"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/c.svg" 0.25 block=256 regs=128 smem=0 drop:regs=129 gain:regs=80 \
    drop:block=257 drop:smem=115713 >"$tmp/py" 2>&1 && ok "svg structure: axes, lines, marker, cliffs" ||
    bad "svg structure" "$(cat "$tmp/py")"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/c.svg" 0.5 regs=128 >"$tmp/py" 2>&1 &&
    bad "the svg check catches a wrong occupancy" "$(cat "$tmp/py")" || ok "the svg check catches a wrong occupancy"
expect "plot svg again" 0 "$ka" plot --arch sm_90 --regs 128 --block 256 -o "$tmp/c2.svg"
cmp -s "$tmp/c.svg" "$tmp/c2.svg" && ok "svg is deterministic" || bad "svg is deterministic"
expect "plot png" 0 "$ka" plot --arch sm_90 --regs 128 --block 256 -o "$tmp/c.png"
python3 -c '
import struct,sys
b=open(sys.argv[1],"rb").read(32)
assert b[:8]==b"\x89PNG\r\n\x1a\n" and b[12:16]==b"IHDR", b[:16]
assert struct.unpack(">II", b[16:24])==(1280,500), struct.unpack(">II", b[16:24])
' "$tmp/c.png" && ok "png: signature and 1280x500" || bad "png header"
expect "upper-case .SVG" 0 "$ka" plot --arch sm_80 --regs 32 --block 512 --smem 50000 -o "$tmp/UP.SVG"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/UP.SVG" 0.75 block=512 regs=32 >"$tmp/py" 2>&1 &&
    ok "sm_80, 32 regs, 50000 B: 3 blocks of 16 warps = 75 %" || bad "sm_80 svg" "$(cat "$tmp/py")"
expect "a calculator-only arch" 0 "$ka" plot --arch sm_70 --regs 32 -o "$tmp/v.svg"
expect "bad extension" 2 "$ka" plot --arch sm_90 --regs 128 -o "$tmp/c.pdf"
has "bad extension message" "$tmp/err" "ending in .svg or .png"
expect "missing directory" 2 "$ka" plot --arch sm_90 --regs 128 -o "$tmp/nodir/c.svg"
has "missing directory message" "$tmp/err" "cannot write"
[ ! -e "$tmp/nodir" ] && ok "nothing left behind" || bad "nothing left behind"
chmod 555 "$tmp" 2>/dev/null
if [ "$(id -u)" != 0 ]; then
    expect "read-only directory" 2 "$ka" plot --arch sm_90 --regs 128 -o "$tmp/ro.svg"
fi
chmod 755 "$tmp"
expect "neither --regs nor FILE" 2 "$ka" plot --arch sm_90
has "says what to give" "$tmp/err" "give --regs R"
expect "two archs" 2 "$ka" plot --arch sm_80,sm_90 --regs 32
expect "a list of registers" 2 "$ka" plot --arch sm_90 --regs 32,64
has "one value" "$tmp/err" "takes one value"
expect "--regs out of range" 2 "$ka" plot --arch sm_90 --regs 256
expect "--kernel without FILE" 2 "$ka" plot --arch sm_90 --regs 32 --kernel k
expect "an occupancy-only option" 2 "$ka" plot --arch sm_90 --regs 32 --format jsonl
expect "missing FILE" 2 "$ka" plot --arch sm_90 "$tmp/nope.cu"
has "missing FILE message" "$tmp/err" "nope.cu: no such file"
expect "unknown arch" 2 "$ka" plot --arch sm_91 --regs 32

# ---- AMD and Hygon -----------------------------------------------------------------
occ() { "$ka" occupancy --format jsonl "$@"; }
expect "amd plot svg" 0 "$ka" plot --arch gfx90a --vgprs 97 --agprs 40 --sgprs 40 --block 256 -o "$tmp/a.svg"
occ --arch gfx90a --vgprs 0-256 --agprs 40 --sgprs 40 --block 256 >"$tmp/r.jsonl"
occ --arch gfx90a --vgprs 0-256 --agprs 0 --sgprs 40 --block 256 >"$tmp/r0.jsonl"
occ --arch gfx90a --vgprs 97 --agprs 40 --sgprs 40 --block 1-1024 >"$tmp/b.jsonl"
occ --arch gfx90a --vgprs 97 --agprs 40 --sgprs 40 --block 256 --smem 0-65536:97 >"$tmp/l.jsonl"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/a.svg" 0.375 block=256 regs=97 smem=0 drop:regs=129 gain:regs=88 \
    drop:block=769 drop:smem=21846 span:smem=65536 alt:regs=1 alt:block=0 rows:regs="$tmp/r.jsonl" \
    altrows:regs="$tmp/r0.jsonl" rows:block="$tmp/b.jsonl" rows:smem="$tmp/l.jsonl" >"$tmp/py" 2>&1 &&
    ok "gfx90a svg: VGPRs (with and without the 40 AGPRs), workgroup size and LDS equal the calculator's rows" ||
    bad "gfx90a svg" "$(cat "$tmp/py")"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/a.svg" 0.375 regs=97 rows:regs="$tmp/r0.jsonl" >"$tmp/py" 2>&1 &&
    bad "the row check catches the AGPRs left out" "$(cat "$tmp/py")" || ok "the row check catches the AGPRs left out"
grep -q "<desc>vgprs=97 agprs=40 sgprs=40 block=256 lds=0 wave=64 workgroups_per_cu=3 waves_per_simd=3 occupancy=0.375" \
    "$tmp/a.svg" && ok "amd svg desc" || bad "amd svg desc" "$(grep -o '<desc>.*</desc>' "$tmp/a.svg")"
expect "amd plot png" 0 "$ka" plot --arch gfx90a --vgprs 97 --block 256 -o "$tmp/a.png"
for w in 32 64; do
    expect "gfx1100 wave$w svg" 0 "$ka" plot --arch gfx1100 --wave$w --vgprs 97 --block 256 --smem 20000 -o "$tmp/w$w.svg"
    occ --arch gfx1100 --wave$w --vgprs 0-256 --block 256 --smem 20000 >"$tmp/wr.jsonl"
    occ --arch gfx1100 --wave$w --vgprs 97 --block 1-1024 --smem 20000 >"$tmp/wb.jsonl"
    o=$(occ --arch gfx1100 --wave$w --vgprs 97 --block 256 --smem 20000 | python3 -c 'import json,sys; print(json.load(sys.stdin)["occupancy"])')
    python3 "$src/tests/e2e/chart_svg.py" "$tmp/w$w.svg" "$o" block=256 regs=97 alt:regs=0 rows:regs="$tmp/wr.jsonl" \
        rows:block="$tmp/wb.jsonl" >"$tmp/py" 2>&1 && ok "gfx1100 wave$w: occupancy $o, rows agree" ||
        bad "gfx1100 wave$w svg" "$(cat "$tmp/py")"
    grep -q "wave=$w " "$tmp/w$w.svg" && ok "gfx1100 wave$w in desc" || bad "gfx1100 wave$w in desc"
done
expect "Hygon gfx936 svg" 0 "$ka" plot --arch gfx936 --vgprs 200 --agprs 64 --sgprs 40 --block 512 -o "$tmp/h.svg"
occ --arch gfx936 --vgprs 0-768 --agprs 64 --sgprs 40 --block 512 >"$tmp/hr.jsonl"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/h.svg" 0.25 regs=200 block=512 span:regs=768 drop:regs=321 gain:regs=192 \
    rows:regs="$tmp/hr.jsonl" alt:regs=1 >"$tmp/py" 2>&1 && ok "gfx936 svg: 768-VGPR axis, rows agree" ||
    bad "gfx936 svg" "$(cat "$tmp/py")"
grep -q "; assumed: Hygon: 768 VGPRs/SIMD known" "$tmp/h.svg" && ok "gfx936 svg says what is assumed" ||
    bad "gfx936 svg says what is assumed"
expect "Hygon terminal chart" 0 "$ka" plot --arch gfx936 --vgprs 200 --agprs 64 --sgprs 40 --block 512
has "Hygon note" "$tmp/out" "    note: Hygon: 768 VGPRs/SIMD known; granule, 8 waves/SIMD, AGPRs, SGPRs, LDS assumed from gfx90a"
expect "Hygon kernel from a saved remarks log" 0 "$ka" plot --arch gfx928 --remarks "$src/testdata/amd/remarks/hygon_dcu.gfx928.remarks" -o "$tmp/hr.svg"
occ --arch gfx928 --vgprs 0-512 --sgprs 68 --block 256 --smem 32768 >"$tmp/hrr.jsonl"
python3 "$src/tests/e2e/chart_svg.py" "$tmp/hr.svg" 0.25 regs=124 block=256 span:regs=512 drop:regs=257 \
    rows:regs="$tmp/hrr.jsonl" alt:regs=0 >"$tmp/py" 2>&1 &&
    ok "gfx928 remarks: 124 VGPRs, 68 SGPRs, 32 KiB LDS at 256 threads, rows agree" || bad "gfx928 remarks svg" "$(cat "$tmp/py")"
expect "--remarks with a FILE" 2 "$ka" plot --arch gfx928 --remarks "$src/testdata/amd/remarks/hygon_dcu.gfx928.remarks" "$tmp/a.svg"
expect "--remarks on NVIDIA" 2 "$ka" plot --arch sm_90 --remarks "$src/testdata/amd/remarks/hygon_dcu.gfx928.remarks"
expect "amd terminal chart" 0 "$ka" plot --arch gfx90a --vgprs 97 --agprs 40 --sgprs 40 --block 256
has "amd headline" "$tmp/out" "occupancy   37.5 %  3 workgroups/CU = 3 of 8 waves/SIMD   limiter: vgprs"
has "amd vgprs sparkline and its cliffs" "$tmp/out" "^ 97: 37.5 %  ! 129: 25 %  + ≤88: 50 %"
has "the AGPR line" "$tmp/out" "0 AGPRs"
expect "--vgprs alone picks gfx90a" 0 "$ka" plot --vgprs 64
has "gfx90a by default" "$tmp/out" "gfx90a"
expect "--regs on AMD" 2 "$ka" plot --arch gfx90a --regs 32
has "--regs on AMD message" "$tmp/err" "gfx90a is AMD: give --vgprs"
expect "--vgprs on NVIDIA" 2 "$ka" plot --arch sm_90 --vgprs 32
has "--vgprs on NVIDIA message" "$tmp/err" "sm_90 is NVIDIA"
expect "--wave32 on a wave64-only arch" 2 "$ka" plot --arch gfx90a --vgprs 32 --wave32
expect "--wave32 and --wave64" 2 "$ka" plot --arch gfx1100 --vgprs 32 --wave32 --wave64
expect "--agprs where there are none" 2 "$ka" plot --arch gfx1030 --vgprs 32 --agprs 8
expect "--vgprs out of range" 2 "$ka" plot --arch gfx90a --vgprs 257
expect "--smem over the LDS limit" 2 "$ka" plot --arch gfx90a --vgprs 32 --smem 65537

# ---- terminal --------------------------------------------------------------------
expect "terminal chart" 0 "$ka" plot --arch sm_90 --regs 128 --block 256
has "headline" "$tmp/out" "occupancy   25.0 %  2 blocks = 16 of 64 warps/SM   limiter: registers"
has "regs sparkline and its cliffs" "$tmp/out" "^ 128: 25 %  ! 129: 12.5 %  + ≤80: 37.5 %"
hasnt "no colour into a pipe" "$tmp/out" $'\033['
LC_ALL=C expect "ASCII without a UTF-8 locale" 0 "$ka" plot --arch sm_90 --regs 128 --block 256
has "ASCII sparkline" "$tmp/out" "@@@@*+==--::::::."
expect "--color always" 0 "$ka" plot --arch sm_90 --regs 128 --color always
has "colour escapes" "$tmp/out" $'\033[1;31m'
if command -v script >/dev/null 2>&1; then
    # a real TTY: script(1) runs kanalyze on a pseudo-terminal
    script -qec "$(printf '%q ' "$ka" plot --arch sm_90 --regs 128)" /dev/null >"$tmp/tty" 2>&1
    has "colour on a TTY (auto)" "$tmp/tty" $'\033[1;31m'
    NO_COLOR=1 script -qec "$(printf '%q ' "$ka" plot --arch sm_90 --regs 128)" /dev/null >"$tmp/tty" 2>&1
    hasnt "NO_COLOR on a TTY: no colour" "$tmp/tty" $'\033['
    script -qec "$(printf '%q ' "$ka" plot --arch sm_90 --regs 128 --color never)" /dev/null >"$tmp/tty" 2>&1
    hasnt "--color never on a TTY" "$tmp/tty" $'\033['
else
    echo "skip  TTY checks: script(1) not installed"
fi

# ---- compiled kernels ------------------------------------------------------------
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    notrun=1
    echo "not run: plots of compiled kernels (nvcc not installed)"
else
    c=$src/tests/e2e/cliff128.cu
    expect "FILE with two kernels needs --kernel" 2 "$ka" plot --arch sm_90 "$c"
    has "lists the kernels" "$tmp/err" "pick one with --kernel NAME: bounded(float*); void pressure<128>(float*, float const*)"
    expect "--kernel by bare name" 0 "$ka" plot --arch sm_90 "$c" --kernel pressure -o "$tmp/k.svg"
    python3 "$src/tests/e2e/chart_svg.py" "$tmp/k.svg" 0.25 block=256 regs=128 drop:regs=129 >"$tmp/py" 2>&1 &&
        ok "kernel svg: 128 registers at 256 threads, marker at 25 %" || bad "kernel svg" "$(cat "$tmp/py")"
    grep -q "<title>kanalyze occupancy charts: pressure&lt;128&gt;(float\*, float const\*) on sm_90</title>" "$tmp/k.svg" &&
        ok "svg title names the kernel" || bad "svg title names the kernel" "$(grep -o '<title>.*</title>' "$tmp/k.svg")"
    expect "--kernel with template argument, launch bounds" 0 "$ka" plot --arch sm_90 "$c" --kernel 'bounded' -o "$tmp/b.png"
    expect "--kernel unknown" 2 "$ka" plot --arch sm_90 "$c" --kernel nosuch
    has "unknown kernel message" "$tmp/err" "no kernel named 'nosuch'"
    expect "--regs with FILE" 2 "$ka" plot --arch sm_90 "$c" --regs 32
    expect "terminal chart of a kernel" 0 "$ka" plot --arch sm_90 "$c" --kernel 'pressure<128>'
    has "kernel headline" "$tmp/out" "pressure<128>(float*, float const*)  $c:5  sm_90"
    # FILE is read as `kanalyze FILE` reads it: a binary too, and the launch
    # a launch site in the source writes
    nvcc -cubin -arch=sm_90 -o "$tmp/c.cubin" "$c" 2>"$tmp/nvcc.err" || bad "nvcc -cubin" "$(cat "$tmp/nvcc.err")"
    expect "a cubin's kernel" 0 "$ka" plot "$tmp/c.cubin" --kernel bounded
    has "cubin: its kernel, the default arch" "$tmp/out" "bounded(float*)  $tmp/c.cubin:0  sm_90"
    has "cubin: its registers and launch bounds" "$tmp/out" "10 regs   128 threads/block"
    printf '__global__ void scale(float *x, float a) { x[blockIdx.x * blockDim.x + threadIdx.x] *= a; }\nint main() { float *x; cudaMalloc(&x, 4096 * 4); scale<<<8, 512>>>(x, 2.f); return 0; }\n' >"$tmp/site.cu"
    expect "a kernel launched in its source" 0 "$ka" plot "$tmp/site.cu"
    has "the launch site's block" "$tmp/out" "512 threads/block"
    expect "analyze --chart" 0 "$ka" "$c" --arch sm_90 --chart
    [ "$(grep -c '^  chart  ' "$tmp/out")" -eq 2 ] && ok "--chart: one chart per kernel" || bad "--chart per kernel" "$(cat "$tmp/out")"
    has "--chart regs line" "$tmp/out" "^ 128: 25 %  ! 129: 12.5 %"
    expect "-q keeps the report, drops the warning" 0 "$ka" "$c" --arch sm_90 --warn-cliff 4 -q
    [ ! -s "$tmp/err" ] && ok "-q: stderr empty" || bad "-q: stderr empty" "$(cat "$tmp/err")"
    has "-q: the report is there" "$tmp/out" "pressure<128>"
    script -qec "$(printf '%q ' "$ka" "$c" --arch sm_90)" /dev/null >"$tmp/tty" 2>&1
    has "report: colour on a TTY, cliff within one granule in yellow" "$tmp/tty" $'\033[33m+1 (129)'
fi

# ---- compiled HIP kernels ----------------------------------------------------------
if ! command -v clang-16 >/dev/null 2>&1; then
    notrun=1
    echo "not run: plots of compiled HIP kernels (clang-16 not installed)"
else
    h=$src/kernels/hip/gemm.hip
    expect "HIP FILE with two kernels needs --kernel" 2 "$ka" plot --arch gfx90a --clang clang-16 "$h"
    has "lists the HIP kernels" "$tmp/err" "pick one with --kernel NAME: sgemm_tiled("
    expect "HIP --kernel by bare name" 0 "$ka" plot --arch gfx90a --clang clang-16 "$h" --kernel sgemm_tiled -o "$tmp/hk.svg"
    "$ka" "$h" --arch gfx90a --clang clang-16 --no-uniformity --format json >"$tmp/hk.json" 2>/dev/null
    read -r v o <<<"$(python3 -c 'import json,sys
k=[k for k in json.load(open(sys.argv[1]))["files"][0]["kernels"] if k["name"].startswith("sgemm_tiled")][0]
print(k["resources"]["vgprs"], k["occupancy"]["occupancy"])' "$tmp/hk.json")"
    python3 "$src/tests/e2e/chart_svg.py" "$tmp/hk.svg" "$o" regs="$v" block=256 >"$tmp/py" 2>&1 &&
        ok "HIP kernel svg: its $v VGPRs at occupancy $o, as analyze says" || bad "HIP kernel svg" "$(cat "$tmp/py")"
    grep -q "<title>kanalyze occupancy charts: sgemm_tiled(" "$tmp/hk.svg" && ok "HIP svg title names the kernel" ||
        bad "HIP svg title names the kernel"
    expect "HIP FILE without --arch: the AMD default" 0 "$ka" plot --clang clang-16 "$h" --kernel sgemm_tiled
    has "HIP default arch" "$tmp/out" "gfx90a"
    expect "HIP: --vgprs with FILE" 2 "$ka" plot --arch gfx90a --clang clang-16 "$h" --vgprs 32
    expect "analyze --chart on HIP" 0 "$ka" "$h" --arch gfx90a --clang clang-16 --no-uniformity --chart
    [ "$(grep -c '^  chart  ' "$tmp/out")" -eq 2 ] && ok "HIP --chart: one chart per kernel" ||
        bad "HIP --chart per kernel" "$(cat "$tmp/out")"
    has "HIP --chart: the AGPR line of the MFMA kernel" "$tmp/out" "0 AGPRs"
fi

echo "plot: $pass passed, $fail failed"
[ "$fail" -eq 0 ] || exit 1
[ "$notrun" -eq 0 ] || exit 77
