#!/usr/bin/env bash
# golden_sass.sh — compare kanalyze's SASS census of every captured nvdisasm
# listing in testdata/sass (NAME.ARCH.sass with its life-range table
# NAME.ARCH.lr and source NAME.cu) with the NAME.ARCH.expected beside it.
#   golden_sass.sh SASS_DUMP DIR            check (exit 1 and a diff on change)
#   golden_sass.sh SASS_DUMP DIR --update   rewrite the expectations
set -u
dump=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$2 update=${3:-}
pass=0 fail=0
for sass in "$dir"/*.sass; do
    name=${sass%.sass}
    src=$(basename "${name%.*}").cu
    got=$(cd "$dir" && "$dump" "$(basename "$sass")" "$(basename "$name").lr" "$src" 2>&1) ||
        got="sass_dump failed: $got"
    if [ "$update" = --update ]; then
        printf '%s\n' "$got" > "$name.expected"
        continue
    fi
    if [ ! -f "$name.expected" ]; then
        echo "FAIL $(basename "$sass"): no $(basename "$name").expected (run golden_sass.sh with --update)"
        fail=$((fail + 1))
    elif diff -u "$name.expected" <(printf '%s\n' "$got"); then
        pass=$((pass + 1))
    else
        echo "FAIL $(basename "$sass")"
        fail=$((fail + 1))
    fi
done
[ "$update" = --update ] && { echo "expectations rewritten in $dir"; exit 0; }
echo "golden sass: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
