#!/usr/bin/env bash
# golden.sh — compare kanalyze's reading of every captured cubin (with its
# ptxas -v log) in a testdata folder with the NAME.expected beside it.
#   golden.sh GOLDEN_DUMP DIR            check (exit 1 and a diff on change)
#   golden.sh GOLDEN_DUMP DIR --update   rewrite the expectations
set -u
dump=$1 dir=$2 update=${3:-}
pass=0 fail=0
for cubin in "$dir"/*.cubin; do
    name=${cubin%.cubin}
    log=$name.ptxas.log
    [ -f "$log" ] || log=
    got=$("$dump" "$cubin" ${log:+"$log"} 2>&1)
    if [ "$update" = --update ]; then
        printf '%s\n' "$got" > "$name.expected"
        continue
    fi
    if [ ! -f "$name.expected" ]; then
        echo "FAIL $(basename "$cubin"): no $(basename "$name").expected (run golden.sh with --update)"
        fail=$((fail + 1))
    elif diff -u "$name.expected" <(printf '%s\n' "$got"); then
        pass=$((pass + 1))
    else
        echo "FAIL $(basename "$cubin")"
        fail=$((fail + 1))
    fi
done
[ "$update" = --update ] && { echo "expectations rewritten in $dir"; exit 0; }
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
