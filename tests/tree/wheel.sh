#!/usr/bin/env bash
# wheel.sh KANALYZE SRCDIR — the wheel (pyproject.toml, scikit-build-core)
# as a user without root gets it: built with `pip wheel` (no network: the
# pinned builder in .tools/wheelbuild that ./setup.sh test installs),
# installed with `pip install --no-index` into a fresh venv, run under
# `env -i` from the venv's bin/: every library beyond the C/C++ runtime
# (libclang and libLLVM too) from the installed package, --version naming
# that libclang, a kernel analysed with the registers and findings this
# build gives, and the `cuda` extra's hand-off (an NVIDIA wheel's nvdisasm
# found when the node has none).  Without the builder, patchelf or nvcc:
# "not run" (exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
builder=$src/.tools/wheelbuild
[ -d "$builder/scikit_build_core" ] || { echo "not run: no wheel builder in .tools/wheelbuild (./setup.sh test installs it)"; exit 77; }
command -v patchelf >/dev/null || { echo "not run: no patchelf"; exit 77; }
[ -x /usr/local/cuda/bin/nvcc ] || command -v nvcc >/dev/null || { echo "not run: no nvcc"; exit 77; }
cuda=$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)")

before=$(cd "$src" && git status --porcelain --ignored 2>/dev/null)
expect "pip wheel: exit 0" 0 env PYTHONPATH="$builder" python3 -m pip wheel --no-build-isolation --no-deps \
    --disable-pip-version-check -q -w "$tmp/wheels" "$src"
whl=$(ls "$tmp"/wheels/kanalyze-*.whl 2>/dev/null | head -1)
if [ -z "$whl" ]; then   # the build's end says why (its head is only CMake's configure)
    bad "no wheel" "$(cat "$tmp/out" "$tmp/err" | grep -v '^ *$' | tail -30)"; echo "$pass passed, $fail failed"; exit 1
fi
ok "a wheel: $(basename "$whl"), $(( $(stat -c %s "$whl") / 1048576 )) MB"
python3 -m venv "$tmp/venv"
expect "pip install --no-index into a fresh venv: exit 0" 0 "$tmp/venv/bin/pip" install -q --no-index \
    --disable-pip-version-check "$whl"
pkg=$(cd "$tmp"/venv/lib/python3*/site-packages/kanalyze && pwd -P)
run() { env -i PATH="$tmp/venv/bin:$cuda:/usr/bin:/bin" HOME="$tmp/home" "$@"; }

base='^(linux-vdso|ld-linux.*|libc|libm|libdl|libpthread|librt|libresolv|libutil|libstdc\+\+|libgcc_s)\.so'
outside=$(for f in "$pkg/bin/kanalyze" "$pkg/bin/kanalyze-launch" "$pkg"/lib/kanalyze/*.so*; do
    run ldd "$f" | awk '$2 == "=>" {print $1, $3}'; done | grep -Ev "$base" | grep -vF " $pkg/" | sort -u)
[ -z "$outside" ] && ok "ldd: every library beyond the C/C++ runtime from the installed package" ||
    bad "ldd: libraries from outside the package" "$outside"

run kanalyze --version >"$tmp/out" 2>"$tmp/err"
has "kanalyze --version (the entry point): the package's libclang" "$tmp/out" "libclang   $pkg/lib/kanalyze/libclang-16.so.1"

"$ka" "$src/kernels/reduction/reduction.cu" --arch sm_90 --format json --no-cache >"$tmp/here.json" 2>/dev/null
(cd "$tmp" && run kanalyze "$src/kernels/reduction/reduction.cu" --arch sm_90 --format json --no-cache) >"$tmp/out" 2>"$tmp/err"
python3 "$src/tests/tree/same_analysis.py" "$tmp/here.json" "$tmp/out" >"$tmp/py" 2>&1 &&
    ok "a kernel analysed through the entry point: the registers and findings this build gives" || bad "a kernel analysed through the entry point: the registers and findings this build gives" "$(cat "$tmp/py")"

run kanalyze-launch >"$tmp/out" 2>"$tmp/err"
has "kanalyze-launch (the entry point) runs" "$tmp/err" "kanalyze-launch"

# the cuda extra: an NVIDIA wheel's nvdisasm (nvidia/cu13/bin) where the node has none
site=$(dirname "$pkg")
mkdir -p "$site/nvidia/cu13/bin"
printf '#!/bin/sh\necho "nvdisasm: stand-in"\n' >"$site/nvidia/cu13/bin/nvdisasm"
chmod +x "$site/nvidia/cu13/bin/nvdisasm"
if command -v nvdisasm >/dev/null || [ -e "$cuda/nvdisasm" ]; then
    echo "--    the cuda extra's hand-off: not run (this machine has an nvdisasm of its own)"
else
    run kanalyze --version >"$tmp/out" 2>"$tmp/err"
    has "the cuda extra: an NVIDIA wheel's nvdisasm handed to kanalyze" "$tmp/out" "nvdisasm   $site/nvidia/cu13/bin/nvdisasm"
fi
after=$(cd "$src" && git status --porcelain --ignored 2>/dev/null)
[ "$before" = "$after" ] && ok "the wheel build left the source tree as it was" ||
    bad "the wheel build wrote into the source tree" "$(diff <(echo "$before") <(echo "$after"))"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
