#!/usr/bin/env bash
# golden_amd.sh — compare kanalyze's reading of every captured HIP compile in
# a testdata folder (NAME.ARCH.remarks with NAME.ARCH.s beside it, or a
# remarks log alone) with the NAME.ARCH.expected beside it.
#   golden_amd.sh AMD_DUMP DIR            check (exit 1 and a diff on change)
#   golden_amd.sh AMD_DUMP DIR --update   rewrite the expectations
# tests/frontends/amd_capture.sh refreshes the captured compiles themselves.
set -u
dump=$1 dir=$2 update=${3:-}
pass=0 fail=0
for rem in "$dir"/*.remarks; do
    name=${rem%.remarks}
    arch=${name##*.}
    arch=${arch%%:*}
    asm=$name.s
    [ -f "$asm" ] || asm=
    got=$("$dump" "$arch" "$rem" ${asm:+"$asm"} 2>&1)
    if [ "$update" = --update ]; then
        printf '%s\n' "$got" > "$name.expected"
        continue
    fi
    if [ ! -f "$name.expected" ]; then
        echo "FAIL $(basename "$rem"): no $(basename "$name").expected (run golden_amd.sh with --update)"
        fail=$((fail + 1))
    elif diff -u "$name.expected" <(printf '%s\n' "$got"); then
        pass=$((pass + 1))
    else
        echo "FAIL $(basename "$rem")"
        fail=$((fail + 1))
    fi
done
[ "$update" = --update ] && { echo "expectations rewritten in $dir"; exit 0; }
echo "golden.amd: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
