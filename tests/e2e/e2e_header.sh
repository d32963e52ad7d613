#!/usr/bin/env bash
# e2e_header.sh KANALYZE SRCDIR — the findings of kernels defined in headers
# (testdata/header: a CUDA kernel in a .cuh compiled through a .cu, a HIP
# kernel in a .hpp compiled through a .hip), each with a strided access
# (KA107, a warning) and a warp index (KA102, info): every format shows
# them at the header's lines -- the text report, with --findings info the
# info one too, markdown, the pre-commit hook's report, and with --sass the
# SASS of the header's line.  Without nvcc the CUDA checks are not run,
# without clang-16 and the ROCm device libraries the HIP ones (exit 77 when
# neither runs).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp
export NO_COLOR=1
unset KANALYZE_CLANG
ran=0

# has NAME PATTERN: $tmp/out holds a line matching the extended regex
has() { grep -qE -- "$2" "$tmp/out" && ok "$1" || bad "$1: /$2/ not in the output" "$(cat "$tmp/out")"; }
hasnt() { grep -qE -- "$2" "$tmp/out" && bad "$1: /$2/ in the output" "$(cat "$tmp/out")" || ok "$1"; }

export PATH=$PATH:/usr/local/cuda/bin
if command -v nvcc >/dev/null; then
    ran=1
    cu=testdata/header/strided.cu
    # ---- the text report ----------------------------------------------------------
    (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache) >"$tmp/out" 2>&1
    has "cuda text: the header kernel is placed in its header" '^header_strided\(.*testdata/header/strided\.cuh:6 '
    has "cuda text: KA107 at the header's line" '^  KA107       9:5 uncoalesced global load, 4 B per lane: 8\.0 sectors per request where 4\.0 would do'
    hasnt "cuda text: KA102 (info) not shown by default" 'KA102'
    has "cuda text: the info site counted" '^1 info finding site not shown'
    (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache --findings info) >"$tmp/out" 2>&1
    has "cuda --findings info: KA102 at the header's line" '^  KA102       7:16 `threadIdx.x / 32`'
    has "cuda --findings info: KA107 too" '^  KA107       9:5 '
    hasnt "cuda --findings info: nothing left out" 'not shown'
    # ---- markdown (and JSON, the reference) ------------------------------------------------
    (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache --format markdown) >"$tmp/out" 2>&1
    has "cuda markdown: KA107 at strided.cuh:9" '^- `testdata/header/strided\.cuh:9:5` \*\*KA107\*\* \(warning\)'
    hasnt "cuda markdown: KA102 not listed by default" 'KA102'
    (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache --format markdown --findings info) >"$tmp/out" 2>&1
    has "cuda markdown --findings info: KA102 at strided.cuh:7" '^- `testdata/header/strided\.cuh:7:16` \*\*KA102\*\* \(info\)'
    (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache --format json) >"$tmp/out" 2>/dev/null
    py 'import json,sys
ks={k["name"]:k for f in json.load(open(sys.argv[1]))["files"] for k in f["kernels"]}
k=ks["header_strided(float const*, float*, int)"]
assert k["def_file"]=="testdata/header/strided.cuh" and k["line"]==6, (k["def_file"], k["line"])
assert sorted((f["rule"],f["line"]) for f in k["findings"])==[("KA102",7),("KA107",9)], k["findings"]
assert ks["local_copy(float*)"]["findings"]==[]' "cuda json: both findings of the header kernel"

    # ---- --sass: the header's lines in the machine code ------------------------------------
    if (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache --sass --findings info) >"$tmp/out" 2>&1; then
        py 'import re,sys
t=open(sys.argv[1]).read().split("\n")
# KA102 cites the census of its line; KA107 the PTX load the model decided it on
for rule,pat in (("KA102",r"^ {14}SASS at line 7: [1-9][0-9]* instructions? "),
                 ("KA107",r"^ {14}PTX: ld\.global\.f32: 8\.0 sectors per request")):
    i=[n for n,l in enumerate(t) if l.startswith("  "+rule+" ")]
    assert len(i)==1, (rule, t)
    assert re.match(pat, t[i[0]+1]), (rule, t[i[0]+1])' \
            "cuda --sass text: each finding cites the SASS of its header line"
        (cd "$src" && "$ka" "$cu" --arch sm_90 --no-cache --sass --format json) >"$tmp/out" 2>/dev/null
        py 'import json,sys
ks={k["name"]:k for f in json.load(open(sys.argv[1]))["files"] for k in f["kernels"]}
k=ks["header_strided(float const*, float*, int)"]
m={f["rule"]:f["machine"] for f in k["findings"]}
assert m["KA102"].startswith("SASS at line 7: ") and m["KA107"].startswith("PTX: ld.global.f32: 8.0 sectors"), m
lines=[l["line"] for l in k["sass"]["lines"]]
assert 9 in lines and all(l is None or 6 <= l <= 11 for l in lines), lines' \
            "cuda --sass json: the census is in the header's lines, the findings cite them"
    else
        grep -q 'nvdisasm not found' "$tmp/out" && echo "--    --sass: not run (no nvdisasm)" ||
            bad "cuda --sass: ran" "$(cat "$tmp/out")"
    fi

    # ---- the pre-commit hook: a staged header, its report ----------------------------------
    repo=$tmp/repo
    mkdir -p "$repo/bin"
    cp "$src/testdata/header/strided.cu" "$src/testdata/header/strided.cuh" "$repo/"
    ln -s "$ka" "$repo/bin/kanalyze"
    (cd "$repo" && git init -q . && git config user.email t@example.com && git config user.name t &&
        printf '{"archs": ["sm_90"]}\n' >.kanalyze.json && git add .kanalyze.json && git commit -qm base &&
        git add strided.cuh strided.cu)
    # a cliff warning within 255 registers fails the commit (--strict), so
    # the hook prints the report: the header kernel's finding must be in it
    (cd "$repo" && PATH=$repo/bin:$PATH KANALYZE_WARN_CLIFF=255 KANALYZE_STRICT=1 "$src/hooks/pre-commit") \
        >"$tmp/out" 2>&1
    rc=$?
    [ $rc = 1 ] && ok "hook: the staged kernels near a cliff stop the commit (exit 1)" ||
        bad "hook: exit $rc, wanted 1" "$(cat "$tmp/out")"
    has "hook: the report has the header kernel's KA107" '^  KA107       9:5 '
    has "hook: and counts its info site" '^1 info finding site not shown'
    (cd "$repo" && PATH=$repo/bin:$PATH KANALYZE_WARN_CLIFF=255 KANALYZE_STRICT=1 KANALYZE_ARGS='--findings info' \
        "$src/hooks/pre-commit") >"$tmp/out" 2>&1
    has "hook, --findings info: KA102 too" '^  KA102       7:16 '
else
    echo "--    CUDA header kernels: not run (no nvcc)"
fi

# ---- HIP: a kernel in a .hpp ----------------------------------------------------------------
libs=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
if command -v clang-16 >/dev/null 2>&1 && [ -f "$libs/ockl.bc" ]; then
    ran=1
    export KANALYZE_CLANG=clang-16
    hip=testdata/header/strided.hip
    (cd "$src" && "$ka" "$hip" --arch gfx90a --no-cache) >"$tmp/out" 2>"$tmp/err"
    has "hip text: the header kernel is placed in its header" '^header_strided_hip\(.*testdata/header/strided\.hpp:7 '
    has "hip text: KA107 at the header's line" '^  KA107       10:15 uncoalesced global load, 4 B per lane: 8\.0 64-byte lines per request where 4\.0 would do'
    hasnt "hip text: KA102 (info) not shown by default" 'KA102'
    has "hip text: the info site counted" '^1 info finding site not shown'
    [ ! -s "$tmp/err" ] && ok "hip: our remarks' include stack is not shown" ||
        bad "hip: stderr not empty" "$(cat "$tmp/err")"
    (cd "$src" && "$ka" "$hip" --arch gfx90a --no-cache --findings info) >"$tmp/out" 2>&1
    has "hip --findings info: KA102 at the header's line" '^  KA102       8:16 `threadIdx.x / 64`'
    has "hip --findings info: KA107 too" '^  KA107       10:15 '
    (cd "$src" && "$ka" "$hip" --arch gfx90a --no-cache --format markdown --findings info) >"$tmp/out" 2>&1
    has "hip markdown: KA107 at strided.hpp:10" '^- `testdata/header/strided\.hpp:10:15` \*\*KA107\*\* \(warning\)'
    has "hip markdown: KA102 at strided.hpp:8" '^- `testdata/header/strided\.hpp:8:16` \*\*KA102\*\* \(info\)'
else
    echo "--    HIP header kernels: not run (clang-16 or rocm-device-libs missing)"
fi

echo "e2e_header: $pass passed, $fail failed"
[ $ran = 1 ] || exit 77
[ $fail = 0 ]
