#!/usr/bin/env bash
# setup.sh — one command from a fresh machine (Debian 12, CUDA 13 at
# /usr/local/cuda) to a built, working kanalyze:
#
#   ./setup.sh demo    install what is missing, build, analyze the shipped
#                      reductions (kernels/reduction/reduction.cu) for sm_90
#   ./setup.sh test    install what is missing (also a headless Chromium for
#                      the HTML page's test), build, run the test suite
#   ./setup.sh sanitize  the test suite again under ASan + UBSan (build-asan/)
#   ./setup.sh fuzz      every libFuzzer target for KA_FUZZ_SECONDS (30) each
#   ./setup.sh valgrind  the CLI end-to-end tests with every run under valgrind
#
# Idempotent: Debian packages are installed only when missing (apt-get
# update only then), the pinned PyPI wheels only when the pins changed, and
# the build is incremental.  Nothing else is installed by hand.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

APT_PACKAGES=(cmake make pkg-config gcc g++ python3 python3-pip groff-base
              libelf-dev libjansson-dev libcmocka-dev libxxhash-dev libcairo2-dev
              libclang-16-dev clang-16 llvm-16 libclang-rt-16-dev
              hipcc libamdhip64-dev rocm-device-libs valgrind
              liblz4-dev libzstd-dev zlib1g-dev libmsgpack-dev)
# what only the tests need: a real browser for the --format html page,
# patchelf for the relocatable bundle (tools/bundle.sh)
TEST_APT_PACKAGES=(chromium-headless-shell patchelf)
# nvdisasm / cuobjdump for the SASS census (no CUDA 13.0 wheels exist; 13.2
# disassembles 13.0 cubins).  Installed into .tools/python, not system-wide.
PIP_PINS=(nvidia-cuda-nvdisasm==13.2.86 nvidia-cuda-cuobjdump==13.2.86)
# What builds kanalyze's own wheel (pyproject.toml) in the tests, without
# reaching PyPI then: into .tools/wheelbuild.
WHEEL_BUILD_PINS=(scikit-build-core==0.10.7 packaging==26.4 pathspec==1.1.1)

say() { printf 'setup: %s\n' "$*" >&2; }

install_debian() { # install_debian [EXTRA PACKAGE...]: APT_PACKAGES and these
    local missing=()
    for p in "${APT_PACKAGES[@]}" "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    say "installing Debian packages: ${missing[*]}"
    local sudo=
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# install_pins DIR WHAT PIN...: the pinned wheels into DIR, only when the
# pins changed (DIR/.pins records them)
install_pins() {
    local dir=$1 what=$2 stamp want
    shift 2
    stamp=$dir/.pins
    want=$(printf '%s\n' "$@")
    [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && return 0
    say "installing pinned wheels into $dir: $*"
    rm -rf "$dir"
    if python3 -m pip install -q --no-deps --disable-pip-version-check --target "$dir" "$@"; then
        printf '%s\n' "$want" > "$stamp"
    else
        say "warning: could not install $* (only $what needs them)"
    fi
}

install_wheels() {
    install_pins .tools/python "the SASS census" "${PIP_PINS[@]}"
}

check_cuda() {
    if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
        say "warning: no nvcc (CUDA toolkit expected at /usr/local/cuda): analyses will exit 3; the calculator works"
    fi
}

build() { # build DIR [cmake args...]
    local dir=$1; shift
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        # -Werror only in CI: a warning never breaks a user's build
        cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKA_WERROR="${CI:+ON}" "$@" >/dev/null
    fi
    cmake --build "$dir" -j "$(nproc)" >/dev/null
}

prepare() { # prepare [EXTRA PACKAGE...]
    install_debian "$@"
    install_wheels
    check_cuda
    build build
}

case "${1:-}" in
demo)
    prepare
    export PATH=/usr/local/cuda/bin:$PATH
    ./build/kanalyze kernels/reduction/reduction.cu --arch sm_90
    ;;
test)
    prepare "${TEST_APT_PACKAGES[@]}"
    install_pins .tools/wheelbuild "the wheel's test" "${WHEEL_BUILD_PINS[@]}"
    export PATH=/usr/local/cuda/bin:$PATH
    ctest --test-dir build --output-on-failure -j "$(nproc)"
    ;;
sanitize)
    install_debian "${TEST_APT_PACKAGES[@]}"
    build build-asan -DKA_SANITIZE=ON
    export PATH=/usr/local/cuda/bin:$PATH
    # use_tls=0: LeakSanitizer's scan of the dynamic TLS of dlopen'd libclang
    # reads a bogus range with this gcc/glibc pair and crashes its tracer
    # ("DTLS ... at 0x2bf-...", signal 11) depending on link layout; leaks
    # are still found (TLS is only left out as a root, which can only add
    # reports, never hide one); print_suppressions=0: the TLS blocks it then
    # sees are matched by its built-in __tls_get_addr suppression, whose
    # statistics would otherwise land in every test's stderr; tests/support/lsan.supp:
    # glibc's own record of each library loaded with dlopen, unseen without TLS
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
        LSAN_OPTIONS=use_tls=0:print_suppressions=0:suppressions=$PWD/tests/support/lsan.supp \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
    ;;
fuzz)
    install_debian
    if [ ! -f build-fuzz/CMakeCache.txt ]; then
        CC=clang-16 CXX=clang++-16 cmake -S . -B build-fuzz -DKA_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
    fi
    cmake --build build-fuzz -j "$(nproc)" --target fuzzers >/dev/null
    tests/fuzz/run.sh build-fuzz "${KA_FUZZ_SECONDS:-30}"
    ;;
valgrind)
    prepare
    export PATH=/usr/local/cuda/bin:$PATH
    KA_E2E_VALGRIND=1 tests/e2e/e2e.sh build/kanalyze .
    ;;
*)
    echo "usage: ./setup.sh demo | test | sanitize | fuzz | valgrind" >&2
    exit 2
    ;;
esac
