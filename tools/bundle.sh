#!/usr/bin/env bash
# tools/bundle.sh OUTDIR — the relocatable bundle for a GPU node without
# root (`cmake --build BUILD --target bundle` runs it with OUTDIR
# BUILD/bundle).  It builds kanalyze for it in OUTDIR/build (Release,
# -DKA_RELOCATABLE=ON: no path into the source tree compiled in;
# incremental), installs it (bin/kanalyze, bin/kanalyze-launch, the man
# page, the verify kernels and runner, the hook, the CMake package), strips
# the binaries, and adds under lib/kanalyze/ every library a bare node may
# lack: what the binaries link beyond the C and C++ runtime, libclang with
# what it links (libLLVM ...) and clang's builtin headers beside it, cairo
# for the charts with what it links.  The binaries find them through an
# $ORIGIN-relative RUNPATH, the libraries each other through $ORIGIN.
# Writes OUTDIR/kanalyze-VERSION-linux-ARCH.tar.gz and prints its path and
# size.  Needs patchelf (Debian: patchelf).
#
#   tar xzf kanalyze-*.tar.gz && kanalyze-*/bin/kanalyze kernel.cu --arch sm_90
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
outdir=$(mkdir -p "${1:?usage: tools/bundle.sh OUTDIR}" && cd "$1" && pwd)
command -v patchelf >/dev/null || { echo "bundle: patchelf is needed (Debian: apt-get install patchelf)" >&2; exit 1; }
build=$outdir/build
mkdir -p "$build"
if ! { [ -f "$build/CMakeCache.txt" ] ||
       cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DKA_RELOCATABLE=ON -DBUILD_TESTING=OFF; } \
       >"$build/bundle.log" 2>&1 ||
   ! cmake --build "$build" -j "$(nproc)" --target kanalyze kanalyze-launch >>"$build/bundle.log" 2>&1; then
    tail -20 "$build/bundle.log" >&2
    echo "bundle: the build failed (log: $build/bundle.log)" >&2
    exit 1
fi

version=$("$build/kanalyze" --version | sed -n '1s/^kanalyze //p')
name=kanalyze-$version-linux-$(uname -m)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/$name
cmake --install "$build" --prefix "$stage" >/dev/null
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
cairo=$(ldconfig -p | awk '/libcairo\.so\.2 / {print $NF; exit}')
[ -n "$cairo" ] && bundle "$cairo" libcairo.so.2

for f in "$lib"/*.so*; do
    patchelf --set-rpath '$ORIGIN' "$f"
done

# nothing that points back into the trees it was built from
for tree in "$src" "$build"; do
    if grep -rlF -- "$tree" "$stage/bin" "$lib" >/dev/null 2>&1; then
        echo "bundle: $(grep -rlF -- "$tree" "$stage/bin" "$lib" | head -1) names $tree" >&2
        exit 1
    fi
done
tar -C "$work" -czf "$outdir/$name.tar.gz" "$name"
echo "$outdir/$name.tar.gz $(du -m "$outdir/$name.tar.gz" | cut -f1) MB ($(du -sm "$stage" | cut -f1) MB unpacked)"
