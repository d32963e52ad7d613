#!/usr/bin/env bash
# hip_kernels.sh SRCDIR — the shipped HIP kernels compile for gfx90a (device code
# only; there is no AMD GPU to run them): the R1-R6 ports and seed 003's
# soffset/vaddr before/after pair.  clang-16 -S (its -c needs an lld with AMDGPU,
# which Debian's lld-14/15 lack).  Skipped (77) without clang-16.
set -u
src=$(cd "$1" && pwd)
cc=$(command -v clang-16 || true)
[ -n "$cc" ] || { echo "clang-16 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # check FILE SYMBOL...: compile FILE, every SYMBOL must be a kernel in the .s
    local f=$1; shift
    local s=$tmp/$(basename "$f").s
    if ! "$cc" -x hip --offload-arch=gfx90a --cuda-device-only -nogpulib -O3 -S "$src/$f" -o "$s" 2>"$tmp/err"; then
        echo "FAIL  $f does not compile:"; cat "$tmp/err"; fail=1; return
    fi
    for k in "$@"; do
        if grep -q "^\s*\.name:\s*$k\$" "$s"; then echo "ok    $f: $k"; else echo "FAIL  $f: no kernel $k"; fail=1; fi
    done
}
check kernels/reduction/reduction.hip _Z9reduce_r1PfS_ _Z9reduce_r2PfS_ _Z9reduce_r3PKfPf \
    _Z9reduce_r4PKfPf _Z9reduce_r5PKfPf _Z9reduce_r6PKfPf
check kernels/uniform/soffset_split.hip _Z14soffset_beforePKfPfi _Z13soffset_afterPKfPfi
# the pair's point: the "after" kernel's loads take the wave-uniform term in soffset
s=$tmp/soffset_split.hip.s
n=$(awk '/^_Z13soffset_afterPKfPfi:/,/s_endpgm/' "$s" | grep -cE 'buffer_load_dword v[0-9]+, v[0-9]+, s\[[0-9]+:[0-9]+\], s[0-9]+ offen')
[ "$n" -eq 2 ] && echo "ok    soffset_after: 2 buffer loads with an SGPR soffset" || { echo "FAIL  soffset_after: $n loads with an SGPR soffset"; fail=1; }
exit $fail
