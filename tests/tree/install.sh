#!/usr/bin/env bash
# install.sh CMAKE BUILDDIR SRCDIR — `cmake --install` into a temporary prefix
# gives a kanalyze that works from any directory with nothing of the source
# tree: an analysis of a shipped kernel (from the installed share/kanalyze),
# `verify` finding its runner and kernels beside the installed binary (a
# stand-in nvidia-smi and nvcc record what it builds) and saying "not run"
# without a GPU, the man page rendered, kanalyze-launch, the pre-commit hook
# running the kanalyze on PATH, the CMake package files, and nvdisasm found
# beside nvcc, in $CUDA_HOME, on PATH and in pip's wheel layouts (not in the
# checkout), with one line saying how to supply it when it is nowhere.
set -u
[ $# -eq 3 ] || { echo "usage: $0 CMAKE BUILDDIR SRCDIR" >&2; exit 2; }
cmake=$1 build=$(cd "$2" && pwd) src=$(cd "$3" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
prefix=$(cd "$tmp" && pwd -P)/prefix
work=$tmp/elsewhere            # a directory that is not the source tree
mkdir -p "$work"
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH

expect "cmake --install --prefix $prefix" 0 "$cmake" --install "$build" --prefix "$prefix"
for f in bin/kanalyze bin/kanalyze-launch share/kanalyze/hooks/pre-commit; do
    [ -x "$prefix/$f" ] && ok "installed and executable: $f" || bad "not installed (or not executable): $f"
done
for f in share/man/man1/kanalyze.1 share/kanalyze/kernels/runner/verify_runner.cu \
         share/kanalyze/kernels/runner/verify_probe.c share/kanalyze/kernels/reduction/reduction.cu \
         share/kanalyze/kernels/uniform/pressure.cu lib/cmake/kanalyze/kanalyzeConfig.cmake \
         lib/cmake/kanalyze/kanalyzeConfigVersion.cmake; do
    [ -f "$prefix/$f" ] && ok "installed: $f" || bad "not installed: $f"
done
ka=$prefix/bin/kanalyze
cd "$work" || exit 1

# ---- analysis of a shipped kernel, from another directory ---------------------------------------
expect "installed kanalyze --version" 0 "$ka" --version
has "... names itself" "$tmp/out" "kanalyze"
if command -v nvcc >/dev/null 2>&1; then
    expect "installed kanalyze analyses share/kanalyze/kernels/reduction/reduction.cu from $work" 0 \
        "$ka" --no-cache --no-config --arch sm_90 --format json "$prefix/share/kanalyze/kernels/reduction/reduction.cu"
    py 'import json,sys
d = json.load(open(sys.argv[1]))
ks = [k["name"] for f in d["files"] for k in f["kernels"]]
assert len(ks) >= 6 and any(n.startswith("reduce") or "reduce" in n for n in ks), ks
assert all(isinstance(k["resources"]["regs"], int) and k["resources"]["regs"] > 0 for f in d["files"] for k in f["kernels"])
print(len(ks), "kernels")' "... every reduction kernel with its registers"
else
    echo "skip  analysis: nvcc not installed"
fi

# ---- verify: the runner and kernels beside the installed binary ----------------------------------
# no nvidia-smi on PATH: "not run", never "pass", exit 0
mkdir -p "$tmp/nosmi"
ln -s "$(command -v bash)" "$tmp/nosmi/bash"
expect "installed kanalyze verify without a GPU (no nvidia-smi): exit 0" 0 \
    env PATH="$tmp/nosmi" "$ka" verify --out "$tmp/rec.jsonl"
has "... says 'not run'" "$tmp/out" "not run"
hasnt "... and never 'pass'" "$tmp/out" "PASS"
# a stand-in nvidia-smi reporting a GPU and an nvcc that records what it was asked to build: the
# runner's sources come from <prefix>/share/kanalyze/kernels, not from the source tree
mkdir -p "$tmp/fake"
cat >"$tmp/fake/nvidia-smi" <<'EOF'
#!/bin/sh
echo "Stand-in GPU, 555.55, 9.0"
EOF
cat >"$tmp/fake/nvcc" <<EOF
#!/bin/sh
printf '%s\n' "\$@" >>"$tmp/nvcc.args"
exit 1
EOF
chmod +x "$tmp/fake/nvidia-smi" "$tmp/fake/nvcc"
expect "verify with a stand-in GPU and nvcc: the runner build fails (exit 3)" 3 \
    env PATH="$tmp/fake:$PATH" "$ka" verify --nvcc "$tmp/fake/nvcc" --out "$tmp/rec2.jsonl"
if grep -qxF "$prefix/share/kanalyze/kernels/uniform/pressure.cu" "$tmp/nvcc.args" 2>/dev/null; then
    ok "... verify built the runner from $prefix/share/kanalyze/kernels"
else
    bad "... verify did not build from the installed kernels" "$(cat "$tmp/nvcc.args" 2>/dev/null) $(cat "$tmp/err")"
fi
hasnt "... nothing from the source tree" "$tmp/nvcc.args" "$src/kernels"

# ---- the man page -------------------------------------------------------------------------------
page=$prefix/share/man/man1/kanalyze.1
if command -v man >/dev/null 2>&1 && MANWIDTH=100 man -l "$page" >"$tmp/out" 2>"$tmp/err"; then
    ok "man -l renders the installed page"
else
    groff -ww -man -Tutf8 "$page" >"$tmp/out" 2>"$tmp/err" && ok "groff renders the installed page" ||
        bad "the installed man page does not render" "$(cat "$tmp/err")"
fi
[ ! -s "$tmp/err" ] && ok "... without a warning" || bad "... with warnings" "$(cat "$tmp/err")"
has "... its OPTIONS name every --format, codequality among them" "$tmp/out" "codequality"

# ---- kanalyze-launch: a compiler launcher that runs the compile it wraps ----------------------------
expect "installed kanalyze-launch runs the wrapped command" 0 "$prefix/bin/kanalyze-launch" true

# ---- the pre-commit hook with kanalyze installed (on PATH, not in a build directory) --------------------
if command -v nvcc >/dev/null 2>&1 && command -v git >/dev/null 2>&1; then
    repo=$tmp/repo
    mkdir -p "$repo" && cd "$repo" || exit 1
    git init -q . && git config user.email t@example.com && git config user.name t
    cp "$src/tests/e2e/cliff128.cu" k.cu
    git add k.cu
    expect "the installed hook in a fresh repository, kanalyze from PATH: exit 0 with a cliff warning" 0 \
        env PATH="$prefix/bin:$PATH" KANALYZE_WARN_CLIFF=4 "$prefix/share/kanalyze/hooks/pre-commit"
    cat "$tmp/err" >>"$tmp/out"
    has "... it analysed the staged kernel" "$tmp/out" "pressure"
    expect "... --strict (the kanalyze-strict hook): exit 1" 1 \
        env PATH="$prefix/bin:$PATH" KANALYZE_WARN_CLIFF=4 "$prefix/share/kanalyze/hooks/pre-commit" --strict
    cd "$work" || exit 1
else
    echo "skip  pre-commit hook: nvcc or git not installed"
fi

# ---- the Debian package (cpack -G DEB) ---------------------------------------------------------------
if command -v cpack >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1; then
    cpack=$(dirname "$cmake")/cpack; [ -x "$cpack" ] || cpack=cpack
    expect "cpack -G DEB" 0 "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/deb"
    deb=$(ls "$tmp"/deb/kanalyze_*.deb 2>/dev/null | head -1)
    if [ -n "$deb" ]; then
        dpkg-deb -f "$deb" Depends >"$tmp/out"
        # the run-time halves of what setup.sh installs for the libraries the build links
        for p in libelf1 libjansson4 libxxhash0 libcairo2 liblz4-1 libzstd1 zlib1g libmsgpackc2 libclang1-16; do
            grep -qw -- "$p" "$tmp/out" && ok "deb Depends: $p" || bad "deb Depends lacks $p" "$(cat "$tmp/out")"
        done
        if command -v apt-cache >/dev/null 2>&1; then
            for p in $(tr ',' '\n' <"$tmp/out" | awk '{print $1}'); do
                apt-cache show --no-all-versions "$p" >/dev/null 2>&1 && ok "deb Depends: $p is a Debian package" ||
                    bad "deb Depends: $p is not a known package"
            done
        fi
        dpkg-deb -c "$deb" >"$tmp/out"
        for f in ./usr/bin/kanalyze ./usr/share/kanalyze/kernels/runner/verify_runner.cu ./usr/share/man/man1/kanalyze.1 \
                 ./usr/lib/cmake/kanalyze/kanalyzeConfig.cmake ./usr/share/kanalyze/hooks/pre-commit; do
            has "deb holds $f" "$tmp/out" " $f"
        done
    else
        bad "cpack wrote no .deb" "$(cat "$tmp/err")"
    fi
else
    echo "skip  deb: cpack or dpkg-deb not installed"
fi

# ---- the installed kanalyze finds nvdisasm where CUDA or pip put it --------------------------------
# A stand-in nvdisasm (it logs, then runs the checkout's pinned one) in each
# place in turn, with PATH, HOME and the CUDA variables of a bare machine;
# the checkout's .tools is not looked at by an installed copy.
real=$(ls "$src"/.tools/python/nvidia/cu13/bin/nvdisasm "$src"/.tools/python/nvidia/cuda_nvdisasm/bin/nvdisasm 2>/dev/null | head -1)
if [ -n "$real" ] && command -v nvcc >/dev/null 2>&1 && [ ! -e /usr/local/cuda/bin/nvdisasm ] && [ ! -e /opt/cuda/bin/nvdisasm ]; then
    nvcc -cubin -arch=sm_90 "$src/kernels/uniform/pressure.cu" -o "$work/p.cubin" 2>/dev/null
    stand_in() { mkdir -p "$1"; printf '#!/bin/sh\necho "$0" >>"%s/used"\nexec "%s" "$@"\n' "$tmp" "$real" >"$1/nvdisasm"; chmod +x "$1/nvdisasm"; }
    bare() { env -i HOME="$tmp/home" PATH="$1" "${@:2}"; }
    mkdir -p "$tmp/home"
    # beside nvcc: a CUDA tree of its own, nvcc on PATH through a symbolic link
    stand_in "$tmp/cuda-x/bin"; ln -s "$(command -v nvcc)" "$tmp/cuda-x/bin/nvcc-real"
    printf '#!/bin/sh\nexec nvcc-real "$@"\n' >"$tmp/cuda-x/bin/nvcc"; chmod +x "$tmp/cuda-x/bin/nvcc"
    mkdir -p "$tmp/pathbin"; ln -s "$tmp/cuda-x/bin/nvcc" "$tmp/pathbin/nvcc"
    rm -f "$tmp/used"
    expect "tools: nvdisasm beside nvcc (nvcc on PATH through a link)" 0 bare "$tmp/pathbin:/usr/bin:/bin" "$ka" --sass -q "$work/p.cubin"
    grep -qx "$tmp/cuda-x/bin/nvdisasm" "$tmp/used" 2>/dev/null && ok "... that one ran" || bad "... not the one beside nvcc" "$(cat "$tmp/used" 2>&1)"
    # $CUDA_HOME
    stand_in "$tmp/cuda-home/bin"; rm -f "$tmp/used"
    expect "tools: nvdisasm in \$CUDA_HOME/bin" 0 bare "/usr/bin:/bin" env CUDA_HOME="$tmp/cuda-home" "$ka" --sass -q "$work/p.cubin"
    grep -qx "$tmp/cuda-home/bin/nvdisasm" "$tmp/used" 2>/dev/null && ok "... that one ran" || bad "... not \$CUDA_HOME's" "$(cat "$tmp/used" 2>&1)"
    # PATH
    stand_in "$tmp/onpath"; rm -f "$tmp/used"
    expect "tools: nvdisasm on PATH" 0 bare "$tmp/onpath:/usr/bin:/bin" "$ka" --sass -q "$work/p.cubin"
    grep -qx "$tmp/onpath/nvdisasm" "$tmp/used" 2>/dev/null && ok "... that one ran" || bad "... not PATH's" "$(cat "$tmp/used" 2>&1)"
    # pip install --user nvidia-cuda-nvdisasm (CUDA 13 wheel layout), and a venv's
    stand_in "$tmp/home/.local/lib/python3.12/site-packages/nvidia/cu13/bin"; rm -f "$tmp/used"
    expect "tools: nvdisasm from pip's wheel in ~/.local" 0 bare "/usr/bin:/bin" "$ka" --sass -q "$work/p.cubin"
    grep -qx "$tmp/home/.local/lib/python3.12/site-packages/nvidia/cu13/bin/nvdisasm" "$tmp/used" 2>/dev/null && ok "... that one ran" ||
        bad "... not the wheel's" "$(cat "$tmp/used" 2>&1)"
    rm -rf "$tmp/home/.local"
    stand_in "$tmp/venv/lib/python3.11/site-packages/nvidia/cuda_nvdisasm/bin"; rm -f "$tmp/used"
    expect "tools: nvdisasm from a venv's CUDA 12 wheel layout" 0 bare "/usr/bin:/bin" env VIRTUAL_ENV="$tmp/venv" "$ka" --sass -q "$work/p.cubin"
    grep -qx "$tmp/venv/lib/python3.11/site-packages/nvidia/cuda_nvdisasm/bin/nvdisasm" "$tmp/used" 2>/dev/null && ok "... that one ran" ||
        bad "... not the venv's" "$(cat "$tmp/used" 2>&1)"
    # none: one line that says how to supply it, exit 3
    if ! ls /usr/lib/python3*/site-packages/nvidia /usr/local/lib/python3*/*-packages/nvidia /usr/lib/python3/dist-packages/nvidia >/dev/null 2>&1; then
        expect "tools: no nvdisasm anywhere: exit 3" 3 bare "/usr/bin:/bin" "$ka" --sass -q "$work/p.cubin"
        has "... one line saying how to supply it" "$tmp/err" "set KANALYZE_NVDISASM=/path/to/nvdisasm, or pip install nvidia-cuda-nvdisasm"
        [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok "... and only that line" || bad "... more than one line" "$(cat "$tmp/err")"
    else
        echo "skip  tools: none found (this machine has a system-wide nvidia wheel)"
    fi
else
    echo "skip  tools lookup: needs the checkout's pinned nvdisasm (./setup.sh), nvcc, and no nvdisasm in /usr/local/cuda"
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
