#!/usr/bin/env bash
# bundle.sh KANALYZE SRCDIR — the relocatable bundle (tools/bundle.sh, the
# `bundle` target) as a user on a GPU node gets it: built into a scratch
# directory whose build tree is then deleted, unpacked somewhere else, run
# with `env -i PATH=<cuda>/bin:/usr/bin:/bin`: every library beyond the C
# and C++ runtime (libclang and libLLVM included) resolves inside the
# bundle, --version names the bundle's libclang, a kernel is analysed with
# the same registers and findings as this build gives, `verify` finds the
# shipped kernels beside the binary, nothing names the source or build
# tree, and the archive is at most 80 MB.  Without patchelf or nvcc: "not
# run" (exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
command -v patchelf >/dev/null || { echo "not run: no patchelf (./setup.sh test installs it)"; exit 77; }
[ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null || { echo "not run: no nvcc"; exit 77; }
cuda=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")

expect "tools/bundle.sh: exit 0" 0 "$src/tools/bundle.sh" "$tmp/bundle"
tarball=$(ls "$tmp"/bundle/kanalyze-*-linux-*.tar.gz 2>/dev/null | head -1)
if [ -z "$tarball" ]; then bad "no tarball" "$(cat "$tmp/out" "$tmp/err")"; echo "$pass passed, $fail failed"; exit 1; fi
ok "a tarball: $(basename "$tarball")"
mb=$(( $(stat -c %s "$tarball") / 1048576 ))
[ "$mb" -le 80 ] && ok "the archive is $mb MB (at most 80)" || bad "the archive is $mb MB, over 80"
rm -rf "$tmp/bundle/build"                      # the tree it was built in is gone
mkdir -p "$tmp/node" && tar -C "$tmp/node" -xzf "$tarball"
b=$(ls -d "$tmp"/node/kanalyze-*)
run() { env -i PATH="$cuda:/usr/bin:/bin" HOME="$tmp/home" "$@"; }

case "$(readelf -d "$b/bin/kanalyze")" in
    *'RUNPATH'*'[$ORIGIN/../lib/kanalyze]'*) ok "bin/kanalyze: RUNPATH \$ORIGIN/../lib/kanalyze" ;;
    *) bad "bin/kanalyze: RUNPATH" "$(readelf -d "$b/bin/kanalyze" | grep -i path)" ;;
esac
base='^(linux-vdso|ld-linux.*|libc|libm|libdl|libpthread|librt|libresolv|libutil|libstdc\+\+|libgcc_s)\.so'
outside=$(for f in "$b/bin/kanalyze" "$b/bin/kanalyze-launch" "$b"/lib/kanalyze/*.so*; do
    run ldd "$f" | awk '$2 == "=>" {print $1, $3}'; done | grep -Ev "$base" | grep -vF " $b/" | sort -u)
[ -z "$outside" ] && ok "ldd: every library beyond the C/C++ runtime from the bundle (libclang's libLLVM too)" ||
    bad "ldd: libraries from outside the bundle" "$outside"

run "$b/bin/kanalyze" --version >"$tmp/out" 2>"$tmp/err"
has "--version: the bundle's libclang" "$tmp/out" "libclang   $(cd "$b" && pwd -P)/lib/kanalyze/libclang-16.so.1"

"$ka" "$src/kernels/reduction/reduction.cu" --arch sm_90 --format json --no-cache >"$tmp/here.json" 2>/dev/null
run "$b/bin/kanalyze" "$src/kernels/reduction/reduction.cu" --arch sm_90 --format json --no-cache >"$tmp/out" 2>"$tmp/err"
python3 "$src/tests/tree/same_analysis.py" "$tmp/here.json" "$tmp/out" >"$tmp/py" 2>&1 &&
    ok "a kernel analysed from the bundle: the registers and findings this build gives" || bad "a kernel analysed from the bundle: the registers and findings this build gives" "$(cat "$tmp/py")"

run "$b/bin/kanalyze" verify >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && grep -q "not run" "$tmp/out" "$tmp/err"; then ok "verify without a GPU: not run, exit 0"
else bad "verify without a GPU (exit $rc)" "$(cat "$tmp/out" "$tmp/err")"; fi
hasnt "verify: the shipped kernels found beside the binary, not in the source tree" "$tmp/err" "$src/kernels"

leak=$(grep -rlF -- "$src" "$b/bin" "$b/lib" 2>/dev/null | head -3)
[ -z "$leak" ] && ok "nothing in bin/ or lib/ names the source tree" || bad "names the source tree" "$leak"
groff -ww -man -Tutf8 "$b/share/man/man1/kanalyze.1" >/dev/null 2>"$tmp/err" && ok "the man page renders" ||
    bad "the man page" "$(cat "$tmp/err")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
