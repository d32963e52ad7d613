#!/usr/bin/env bash
# tools/bundle_libs.sh PREFIX [TREE...] — make an installed kanalyze
# (PREFIX/bin/kanalyze, PREFIX/bin/kanalyze-launch) relocatable: strip the
# binaries, copy under PREFIX/lib/kanalyze/ every library a bare node may
# lack -- what the binaries link beyond the C and C++ runtime, libclang with
# what it links (libLLVM ...) and clang's builtin headers beside it, cairo
# for the charts with what it links -- and set the binaries' RUNPATH to
# $ORIGIN/../lib/kanalyze, the libraries' to $ORIGIN.  Fails when a file
# under bin/ or lib/ names one of the TREEs (the source or build tree).
# tools/bundle.sh (the tarball) and the wheel's install step use it.
# Needs patchelf (Debian: patchelf).
set -euo pipefail
stage=$(cd "${1:?usage: tools/bundle_libs.sh PREFIX [TREE...]}" && pwd)
shift
command -v patchelf >/dev/null || { echo "bundle: patchelf is needed (Debian: apt-get install patchelf)" >&2; exit 1; }
lib=$stage/lib/kanalyze
mkdir -p "$lib"

# The base every Linux node has (glibc and the GCC runtime): never bundled.
base='^(linux-vdso|ld-linux.*|libc|libm|libdl|libpthread|librt|libresolv|libutil|libstdc\+\+|libgcc_s)\.so'

# bundle FILE NAME: copy FILE into lib/ as NAME and, transitively, what it links
bundle() {
    local from=$1 as=$2
    [ -e "$lib/$as" ] && return 0
    cp -L "$from" "$lib/$as"
    chmod u+w "$lib/$as"
    deps "$lib/$as"
}
deps() { # deps ELF: bundle what it links outside the base
    local n p
    while read -r n p; do
        [[ $n =~ $base ]] && continue
        bundle "$p" "$n"
    done < <(ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}')
}

for exe in "$stage/bin/kanalyze" "$stage/bin/kanalyze-launch"; do
    strip --strip-debug "$exe"
    deps "$exe"
    patchelf --set-rpath '$ORIGIN/../lib/kanalyze' "$exe"
done

# libclang, loaded at run time (analyzer/clang_dl.c dlopens libclang-16.so.1:
# the executable's RUNPATH finds this copy first), with its builtin headers
# where its CUDA-wrapper search looks (<libclang's dir>/clang/N/include)
libclang=${KANALYZE_LIBCLANG:-}
for c in "$libclang" /usr/lib/x86_64-linux-gnu/libclang-16.so.1 /usr/lib/llvm-16/lib/libclang.so.1; do
    [ -n "$c" ] && [ -e "$c" ] && { libclang=$c; break; }
done
[ -e "$libclang" ] || { echo "bundle: no libclang-16 found (set KANALYZE_LIBCLANG)" >&2; exit 1; }
bundle "$libclang" libclang-16.so.1
resource=$(ls -d "$(dirname "$(readlink -f "$libclang")")"/clang/*/include 2>/dev/null | tail -1 || true)
[ -d "$resource" ] || resource=$(ls -d /usr/lib/llvm-16/lib/clang/*/include | tail -1)
mkdir -p "$lib/clang/$(basename "$(dirname "$resource")")"
cp -rL "$resource" "$lib/clang/$(basename "$(dirname "$resource")")/"

# cairo, loaded for the charts (report/cairo_dl.c)
# (awk reads to the end: an early exit would end ldconfig by SIGPIPE, which pipefail makes fatal)
cairo=$(ldconfig -p | awk '/libcairo\.so\.2 / && !seen {print $NF; seen = 1}')
[ -n "$cairo" ] && bundle "$cairo" libcairo.so.2

for f in "$lib"/*.so*; do
    patchelf --set-rpath '$ORIGIN' "$f"
done

# nothing that points back into the trees it was built from
for tree in "$@"; do
    if grep -rlF -- "$tree" "$stage/bin" "$lib" >/dev/null 2>&1; then
        echo "bundle: $(grep -rlF -- "$tree" "$stage/bin" "$lib" | sed -n 1p) names $tree" >&2
        exit 1
    fi
done
