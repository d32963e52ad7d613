#!/usr/bin/env bash
# golden_binary.sh — compare what the binary readers extract from every test
# file in a folder (testdata/binary: cubins, fatbins, objects, archives,
# shared libraries, executables, code objects, bundles, corrupt fixtures)
# with the FILE.expected beside it.
#   golden_binary.sh BINARY_DUMP DIR            check (exit 1 and a diff on change)
#   golden_binary.sh BINARY_DUMP DIR --update   rewrite the expectations
set -u
dump=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") dir=$2 update=${3:-}
pass=0 fail=0
for f in "$dir"/*; do
    case $f in
    *.expected | *.cu | *.hip | *.md | *.sh | *.py | *.remarks) continue ;;
    esac
    [ -f "$f" ] || continue
    got=$(cd "$dir" && "$dump" --entries "$(basename "$f")" 2>&1)
    if [ "$update" = --update ]; then
        printf '%s\n' "$got" > "$f.expected"
        continue
    fi
    if [ ! -f "$f.expected" ]; then
        echo "FAIL $(basename "$f"): no $(basename "$f").expected (run golden_binary.sh with --update)"
        fail=$((fail + 1))
    elif diff -u "$f.expected" <(printf '%s\n' "$got"); then
        pass=$((pass + 1))
    else
        echo "FAIL $(basename "$f")"
        fail=$((fail + 1))
    fi
done
[ "$update" = --update ] && { echo "expectations rewritten in $dir"; exit 0; }
echo "golden: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
