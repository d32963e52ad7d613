#!/usr/bin/env bash
# json_identical.sh KANALYZE SRCDIR [--update] [NAME...] — every case of testdata/json/cases.txt
# run from SRCDIR; its stdout and exit status must equal testdata/json/<name>.<ext> and <name>.rc
# byte for byte (expectations first captured at a515089), so a restructuring cannot change the JSON.
#
# A case line is "NAME ARGS..." (whitespace-split, no quoting; '#' starts a comment).  The script
# adds, after the sub-command if any: --format json unless ARGS name a --format; for analyses
# --no-cache, and --no-config unless ARGS give --config (also for `report`).  An ARGS word @OUT
# becomes a temporary file whose content must equal testdata/json/<name>.out.json (--write-baseline).
# <ext> follows the format: json, jsonl, sarif, md.  Only stdout and the exit status are compared.
# One normalisation (outputs are stored normalised): SRCDIR's physical path becomes @SRC@; only
# `-p` (files by realpath) and SARIF's %SRCROOT% (file://CWD/) name the checkout.
# --update rewrites the expectations (of the NAMEs given, else of every case) and removes stale ones;
# refresh only for an intended, reviewed JSON change.  Needs nvcc (else: skipped, exit 77); the
# --sass cases need nvdisasm (else: each "not run", and the test exits 77 when nothing failed).
set -u
[ $# -ge 2 ] || { echo "usage: $0 KANALYZE SRCDIR [--update] [NAME...]" >&2; exit 2; }
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd -P) || exit 2
shift 2
update=0
only=()
for a in "$@"; do
    if [ "$a" = --update ]; then update=1; else only+=("$a"); fi
done
dir=$src/testdata/json
src_re=$(printf '%s' "$src" | sed 's/[][\\.*^$|]/\\&/g')    # SRCDIR as a sed pattern
jobs=${KA_JSON_JOBS:-2}

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  json_identical: nvcc not installed"
    exit 77
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
[ -x "$ka" ] || { echo "json_identical: $ka: not an executable" >&2; exit 2; }
[ -f "$dir/cases.txt" ] || { echo "json_identical: $dir/cases.txt missing" >&2; exit 2; }

# the --sass cases need nvdisasm, found where kanalyze looks (frontends/
# sass_run.c): without it they are "not run", never passed nor failed
have_nvdisasm=0
for d in "${KANALYZE_NVDISASM:-}" "$src/.tools/python/nvidia/cu13/bin/nvdisasm" \
         "$src/.tools/python/nvidia/cuda_nvdisasm/bin/nvdisasm" "$(command -v nvdisasm || true)" \
         /usr/local/cuda/bin/nvdisasm; do
    [ -n "$d" ] && [ -x "$d" ] && { have_nvdisasm=1; break; }
done
notrun=0

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export NO_COLOR=1 KANALYZE_CACHE_DIR=$tmp/cache TMPDIR=$tmp/tmpdir
# the HIP expectations are clang-16's (LLVM 16) counts: name it, whatever
# hipcc or ROCm this machine has (the default order: tests/e2e/hip_compiler.sh)
export KANALYZE_CLANG=clang-16
mkdir -p "$TMPDIR" "$tmp/res"

# run_case N NAME ARGS...: results in $tmp/res/N.{out,rc,err,written,ext}
run_case() {
    local n=$1 name=$2; shift 2
    local sub=() add=() args=() fmt=json has_fmt=0 has_cfg=0 prev= a
    case ${1:-} in
        occupancy | archs | report) sub=("$1"); shift ;;
    esac
    for a in "$@"; do
        case $a in
            --format=*) has_fmt=1; fmt=${a#--format=} ;;
            --config | --config=*) has_cfg=1 ;;
        esac
        [ "$prev" = --format ] && { has_fmt=1; fmt=$a; }
        prev=$a
        if [ "$a" = @OUT ]; then args+=("$tmp/res/$n.written"); else args+=("$a"); fi
    done
    [ "$has_fmt" = 1 ] || add+=(--format json)
    case ${sub[0]:-} in
        "") add+=(--no-cache); [ "$has_cfg" = 1 ] || add+=(--no-config) ;;
        report) [ "$has_cfg" = 1 ] || add+=(--no-config) ;;
    esac
    case $fmt in markdown) fmt=md ;; esac
    echo "$fmt" >"$tmp/res/$n.ext"
    (cd "$src" && exec "$ka" "${sub[@]}" "${add[@]}" "${args[@]}") >"$tmp/res/$n.raw" 2>"$tmp/res/$n.err" </dev/null
    echo $? >"$tmp/res/$n.rc"
    sed "s|$src_re|@SRC@|g" "$tmp/res/$n.raw" >"$tmp/res/$n.out"
    [ -f "$tmp/res/$n.written" ] && sed -i "s|$src_re|@SRC@|g" "$tmp/res/$n.written"
}

# the cases, in file order
names=()
lines=()
while IFS= read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    read -r -a w <<<"$line"
    [ ${#w[@]} -gt 0 ] || continue
    if [ ${#only[@]} -gt 0 ]; then
        keep=0
        for o in "${only[@]}"; do [ "$o" = "${w[0]}" ] && keep=1; done
        [ "$keep" = 1 ] || continue
    fi
    for o in "${names[@]}"; do
        [ "$o" = "${w[0]}" ] && { echo "json_identical: case ${w[0]} listed twice" >&2; exit 2; }
    done
    names+=("${w[0]}")
    lines+=("$line")
done <"$dir/cases.txt"
for o in "${only[@]}"; do
    found=0
    for n in "${names[@]}"; do [ "$n" = "$o" ] && found=1; done
    [ "$found" = 1 ] || { echo "json_identical: no case $o in cases.txt" >&2; exit 2; }
done

# run them, $jobs at a time (KA_JSON_JOBS, default 2); report in file order
start=$(date +%s)
for i in "${!lines[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    read -r -a w <<<"${lines[$i]}"
    case " ${lines[$i]} " in *" --sass "*) [ "$have_nvdisasm" = 1 ] || { touch "$tmp/res/$i.notrun"; continue; } ;; esac
    run_case "$i" "${w[@]}" &
done
wait

pass=0 fail=0
for i in "${!names[@]}"; do
    name=${names[$i]} r=$tmp/res/$i
    if [ -e "$r.notrun" ]; then
        notrun=$((notrun + 1))
        echo "not run  $name: --sass needs nvdisasm (setup.sh installs it; or \$KANALYZE_NVDISASM)"
        continue
    fi
    ext=$(cat "$r.ext")
    if [ "$update" = 1 ]; then
        rm -f "$dir/$name".{json,jsonl,sarif,md,rc,out.json}
        cp "$r.out" "$dir/$name.$ext"
        cp "$r.rc" "$dir/$name.rc"
        [ -f "$r.written" ] && cp "$r.written" "$dir/$name.out.json"
        echo "wrote $name.$ext (exit $(cat "$r.rc"))"
        pass=$((pass + 1))
        continue
    fi
    why=()
    if [ ! -f "$dir/$name.$ext" ] || [ ! -f "$dir/$name.rc" ]; then
        why+=("no expectation $name.$ext / $name.rc (run with --update)")
    else
        cmp -s "$r.rc" "$dir/$name.rc" || why+=("exit status $(cat "$r.rc"), expected $(cat "$dir/$name.rc")")
        cmp -s "$r.out" "$dir/$name.$ext" || why+=("stdout differs from $name.$ext")
        if [ -f "$r.written" ] || [ -f "$dir/$name.out.json" ]; then
            cmp -s "$r.written" "$dir/$name.out.json" 2>/dev/null || why+=("written file differs from $name.out.json")
        fi
    fi
    if [ ${#why[@]} -eq 0 ]; then
        pass=$((pass + 1))
        echo "PASS  $name"
    else
        fail=$((fail + 1))
        a=${lines[$i]#*"$name"}
        echo "FAIL  $name: kanalyze ${a#"${a%%[![:space:]]*}"}"
        for y in "${why[@]}"; do echo "      $y"; done
        [ -f "$dir/$name.$ext" ] && diff -u --label "expected/$name.$ext" --label "actual/$name.$ext" \
            "$dir/$name.$ext" "$r.out" | head -80
        [ -f "$dir/$name.out.json" ] && diff -u --label "expected/$name.out.json" --label "actual/$name.out.json" \
            "$dir/$name.out.json" "$r.written" 2>/dev/null | head -40
        if [ -s "$r.err" ]; then
            echo "      stderr (last lines):"
            tail -5 "$r.err" | sed 's/^/      | /'
        fi
    fi
done

# expectations that no case names any more
if [ ${#only[@]} -eq 0 ]; then
    for f in "$dir"/*.rc; do
        [ -e "$f" ] || continue
        b=$(basename "$f" .rc) found=0
        for o in "${names[@]}"; do [ "$o" = "$b" ] && { found=1; break; }; done
        [ "$found" = 1 ] && continue
        if [ "$update" = 1 ]; then
            rm -f "$dir/$b".{json,jsonl,sarif,md,rc,out.json}
            echo "removed stale $b.*"
        else
            fail=$((fail + 1))
            echo "FAIL  $b: expectation without a case in cases.txt (stale; --update removes it)"
        fi
    done
fi

echo "json_identical: $(( $(date +%s) - start )) s, ${#names[@]} cases"
echo "$pass passed, $fail failed, $notrun not run"
[ "$fail" -eq 0 ] || exit 1
[ "$notrun" -eq 0 ] || exit 77      # ctest: skipped (SKIP_RETURN_CODE), never passed with cases left out
