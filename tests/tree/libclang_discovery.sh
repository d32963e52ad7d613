#!/usr/bin/env bash
# libclang_discovery.sh CMAKE SRCDIR — cmake/ka_libclang.cmake finds
# libclang where a distribution other than Debian 12 puts it, and says which
# it found: layouts of symbolic links to the installed libclang-16 stand in
# for another LLVM -- a prefix given by CMAKE_PREFIX_PATH (with the library
# under lib64, as Fedora has it), an llvm-config naming another version's
# directories, one that is too old (refused, saying how to name another),
# and the default (the distribution's own, whatever it is here).
set -u
cmake=$1 src=$(cd "$2" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
lib=$(ls /usr/lib/llvm-1[5-9]/lib/libclang.so /usr/lib64/libclang.so /usr/lib/*/libclang-1[5-9].so 2>/dev/null | head -1)
inc=$(ls -d /usr/lib/llvm-1[5-9]/include /usr/include 2>/dev/null | while read -r d; do [ -f "$d/clang-c/Index.h" ] && echo "$d"; done | head -1)
if [ -z "$lib" ] || [ -z "$inc" ]; then
    echo "not run: no libclang 15-19 with its headers installed"
    exit 77
fi
probe() {   # probe NAME ARGS...: configure the probe project in $tmp/NAME
    local b=$tmp/$1; shift
    env -u CMAKE_PREFIX_PATH -u LIBCLANG_ROOT "$cmake" -S "$src/tests/tree/libclang_probe" -B "$b" -DKA_SOURCE_DIR="$src" "$@" >"$tmp/out" 2>"$tmp/err"
}

# the default: found, with its version and how
probe default && ok "default: configured" || bad "default: configured" "$(cat "$tmp/err")"
grep -Eq "kanalyze: libclang 1[5-9] .*found through " "$tmp/out" && ok "... says the version and how it was found" ||
    bad "... says which" "$(cat "$tmp/out")"

# a prefix of another LLVM (the Fedora layout: lib64/libclang.so.N)
real=$(readlink -f "$lib"); ver=$(basename "$real" | sed -n 's/.*\.so\.\([0-9]*\).*/\1/p')
mkdir -p "$tmp/llvm-x/lib64" "$tmp/llvm-x/include"
ln -s "$real" "$tmp/llvm-x/lib64/libclang.so.$ver"
ln -s "libclang.so.$ver" "$tmp/llvm-x/lib64/libclang.so"
ln -s "$inc/clang-c" "$tmp/llvm-x/include/clang-c"
probe prefix -DCMAKE_PREFIX_PATH="$tmp/llvm-x" && ok "CMAKE_PREFIX_PATH: configured" || bad "CMAKE_PREFIX_PATH: configured" "$(cat "$tmp/err")"
has "... the prefix's library and headers" "$tmp/out" "probe: LIBCLANG=$tmp/llvm-x/lib64/libclang.so LIBCLANG_INCLUDE=$tmp/llvm-x/include VERSION=$ver"
has "... said so" "$tmp/out" "(found through CMAKE_PREFIX_PATH / LIBCLANG_ROOT)"

# llvm-config of another version (18), its own directories
mkdir -p "$tmp/llvm-18/lib" "$tmp/llvm-18/include" "$tmp/llvm-18/bin"
ln -s "$real" "$tmp/llvm-18/lib/libclang-18.so"
ln -s "$inc/clang-c" "$tmp/llvm-18/include/clang-c"
cat >"$tmp/llvm-18/bin/llvm-config" <<EOS
#!/bin/sh
case "\$1" in
--libdir) echo "$tmp/llvm-18/lib" ;; --includedir) echo "$tmp/llvm-18/include" ;; --version) echo 18.1.8 ;; *) exit 1 ;;
esac
EOS
chmod +x "$tmp/llvm-18/bin/llvm-config"
probe config18 -DKA_LLVM_CONFIG="$tmp/llvm-18/bin/llvm-config" && ok "llvm-config 18: configured" || bad "llvm-config 18: configured" "$(cat "$tmp/err")"
has "... its library, version 18" "$tmp/out" "probe: LIBCLANG=$tmp/llvm-18/lib/libclang-18.so LIBCLANG_INCLUDE=$tmp/llvm-18/include VERSION=18"
has "... said so" "$tmp/out" "found through llvm-config ($tmp/llvm-18/bin/llvm-config)"

# too old: refused with how to name another
sed 's/18.1.8/14.0.6/; s/llvm-18/llvm-14/g' "$tmp/llvm-18/bin/llvm-config" >"$tmp/llvm-14-config"; chmod +x "$tmp/llvm-14-config"
mkdir -p "$tmp/llvm-14/lib" "$tmp/llvm-14/include"
ln -s "$real" "$tmp/llvm-14/lib/libclang-14.so"; ln -s "$inc/clang-c" "$tmp/llvm-14/include/clang-c"
probe config14 -DKA_LLVM_CONFIG="$tmp/llvm-14-config" && bad "llvm-config 14: refused" "$(cat "$tmp/out")" || ok "llvm-config 14: refused"
tr -s ' \n' ' ' <"$tmp/err" >"$tmp/err1"     # cmake wraps its messages
has "... saying why" "$tmp/err1" "libclang 14 ($real) is older than 15, which kanalyze needs"
has "... and how to name another" "$tmp/err1" "name a newer one with -DCMAKE_PREFIX_PATH or -DKA_LLVM_CONFIG"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
