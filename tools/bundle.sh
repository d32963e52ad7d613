#!/usr/bin/env bash
# tools/bundle.sh OUTDIR — the relocatable bundle for a GPU node without
# root (`cmake --build BUILD --target bundle` runs it with OUTDIR
# BUILD/bundle).  It builds kanalyze for it in OUTDIR/build (Release,
# -DKA_RELOCATABLE=ON: no path into the source tree compiled in;
# incremental), installs it (bin/kanalyze, bin/kanalyze-launch, the man
# page, the verify kernels and runner, the hook, the CMake package) and
# makes it relocatable with tools/bundle_libs.sh (the libraries a bare node
# may lack under lib/kanalyze/, found through $ORIGIN-relative RUNPATHs).
# Writes OUTDIR/kanalyze-VERSION-linux-ARCH.tar.gz (KANALYZE_BUNDLE_XZ=1:
# .tar.xz, a third smaller and slower to make) and prints its path and
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
"$src/tools/bundle_libs.sh" "$stage" "$src" "$build"
if [ -n "${KANALYZE_BUNDLE_XZ:-}" ]; then
    out=$outdir/$name.tar.xz
    tar -C "$work" -cf - "$name" | xz -T0 -6 >"$out"
else
    out=$outdir/$name.tar.gz
    tar -C "$work" -czf "$out" "$name"
fi
echo "$out $(du -m "$out" | cut -f1) MB ($(du -sm "$stage" | cut -f1) MB unpacked)"
