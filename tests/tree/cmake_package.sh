#!/usr/bin/env bash
# cmake_package.sh CMAKE BUILDDIR SRCDIR — the installed CMake package used
# by a small CUDA project: find_package(kanalyze CONFIG) and
# kanalyze_add_check(TARGET app BASELINE ...).  The project builds and its
# check passes before a baseline exists and against the baseline that
# app_kanalyze_baseline writes; then a -D that lifts the kernel's register
# cap (128 -> 200: 2 -> 1 blocks/SM at 256 threads on sm_90) fails the
# build with kanalyze's report in the log, and keeps failing on the next
# build.  kanalyze reads the built executable: no second compile.
set -u
[ $# -eq 3 ] || { echo "usage: $0 CMAKE BUILDDIR SRCDIR" >&2; exit 2; }
cmake=$1 build=$(cd "$2" && pwd) src=$(cd "$3" && pwd)
. "$src/tests/support/lib.sh"
private_tmp
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
if [ ! -x "$nvcc" ]; then
    echo "skip  cmake_package: nvcc not installed"
    exit 77
fi
prefix=$tmp/prefix
expect "cmake --install --prefix $prefix" 0 "$cmake" --install "$build" --prefix "$prefix"

proj=$tmp/project
mkdir -p "$proj"
cat >"$proj/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.20)
project(demo LANGUAGES CXX CUDA)
find_package(kanalyze 0.1 CONFIG REQUIRED)
set(DEMO_REGS 128 CACHE STRING "the kernel's register cap")
add_executable(app main.cu)
set_target_properties(app PROPERTIES CUDA_ARCHITECTURES 90)
target_compile_definitions(app PRIVATE DEMO_REGS=${DEMO_REGS})
kanalyze_add_check(TARGET app BASELINE kanalyze-baseline.json ARCHS sm_90 WARN_CLIFF 0)
EOF
cat >"$proj/main.cu" <<'EOF'
// 160 live floats: 128 registers under the cap (and spills), 200 without it
__global__ void __maxnreg__(DEMO_REGS) pressure(float *out, const float *in)
{
	float a[160];
#pragma unroll
	for (int j = 0; j < 160; j++)
		a[j] = in[j * blockDim.x + threadIdx.x];
	float s = 0.f;
#pragma unroll
	for (int j = 0; j < 160; j++)
		s += a[j] * a[159 - j] + a[(j * 7) % 160];
	out[threadIdx.x] = s;
}

int main()
{
	pressure<<<1, 256>>>(nullptr, nullptr);
	return 0;
}
EOF
b=$tmp/project-build
configure() { "$cmake" -S "$proj" -B "$b" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CUDA_COMPILER="$nvcc" "$@"; }

expect "configure: find_package(kanalyze CONFIG) and kanalyze_add_check" 0 configure
has "... says there is no baseline yet" "$tmp/out" "no baseline"
expect "build: the check passes without a baseline" 0 "$cmake" --build "$b"
has "... kanalyze checked app" "$tmp/out" "kanalyze: checking app"
has "... and printed its report" "$tmp/out" "pressure"

expect "app_kanalyze_baseline writes the baseline" 0 "$cmake" --build "$b" --target app_kanalyze_baseline
[ -f "$proj/kanalyze-baseline.json" ] && ok "... $proj/kanalyze-baseline.json exists" ||
    bad "... no baseline written" "$(cat "$tmp/out" "$tmp/err")"
cp "$proj/kanalyze-baseline.json" "$tmp/out"
py 'import json,sys
d = json.load(open(sys.argv[1]))
ks = d["kernels"]
assert len(ks) == 1 and ks[0]["file"] == "app" and ks[0]["arch"] == "sm_90" and ks[0]["regs"] == 128, ks
' "... one kernel, keyed by the binary's name (app), sm_90, 128 registers"

expect "re-configure and build against the baseline: passes" 0 sh -c "\"\$0\" -S \"\$1\" -B \"\$2\" >/dev/null && \"\$0\" --build \"\$2\"" \
    "$cmake" "$proj" "$b"
has "... kanalyze checked app" "$tmp/out" "kanalyze: checking app"
has "... against the baseline, unchanged" "$tmp/out" "0 regressions"

expect "configure with -DDEMO_REGS=200 (the cap lifted)" 0 configure -DDEMO_REGS=200
expect "build: the register cliff fails the build" 2 "$cmake" --build "$b"
cat "$tmp/err" >>"$tmp/out"
has "... the report in the log: the regression" "$tmp/out" "REGRESSION"
has "... the cliff crossed" "$tmp/out" "registers 128 -> 200, blocks/SM 2 -> 1"
expect "build again, nothing changed: still fails" 2 "$cmake" --build "$b"
# fewer registers, more spilled: the binary's frame grows -- a spill, not "improved"
expect "configure with -DDEMO_REGS=64 (more spilled)" 0 configure -DDEMO_REGS=64
expect "build: the spill fails the build" 2 "$cmake" --build "$b"
cat "$tmp/err" >>"$tmp/out"
has "... a spill regression" "$tmp/out" "spill: registers 128 -> 64"
grep -Eq "spills up to [0-9]+ bytes \(stack frame [0-9]+ B -> [0-9]+ B per thread\)" "$tmp/out" &&
    ok "... 'spills up to N bytes', the frame's growth" || bad "... 'spills up to N bytes'" "$(grep -i spill "$tmp/out")"

# BASE HEAD: no baseline file; the target's sources against the commit
gproj=$tmp/gproject
mkdir -p "$gproj"
{
    echo 'cmake_minimum_required(VERSION 3.20)'
    echo 'project(gdemo LANGUAGES CXX CUDA)'
    echo 'set(CMAKE_EXPORT_COMPILE_COMMANDS ON)'
    echo 'find_package(kanalyze 0.1 CONFIG REQUIRED)'
    echo 'add_executable(app main.cu)'
    echo 'set_target_properties(app PROPERTIES CUDA_ARCHITECTURES 90)'
    echo 'kanalyze_add_check(TARGET app BASE HEAD ARCHS sm_90 WARN_CLIFF 0)'
} >"$gproj/CMakeLists.txt"
sed 's/__maxnreg__(DEMO_REGS)/__maxnreg__(128)/' "$proj/main.cu" >"$gproj/main.cu"
if (cd "$gproj" && git init -q . && git config user.email t@example.com && git config user.name t &&
    git config commit.gpgsign false && git add CMakeLists.txt main.cu && git commit -qm base); then
    gb=$tmp/gproject-build
    expect "BASE HEAD: configure" 0 "$cmake" -S "$gproj" -B "$gb" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CUDA_COMPILER="$nvcc"
    expect "BASE HEAD: the build checks the sources against HEAD, unchanged" 0 "$cmake" --build "$gb"
    has "... compared with HEAD" "$tmp/out" "baseline HEAD ("
    has "... unchanged" "$tmp/out" "0 regressions"
    sed -i 's/__maxnreg__(128)/__maxnreg__(200)/' "$gproj/main.cu"
    expect "BASE HEAD: an uncommitted cliff crossing fails the build" 2 "$cmake" --build "$gb"
    cat "$tmp/err" >>"$tmp/out"
    has "... the cliff against HEAD's version" "$tmp/out" "registers 128 -> 200, blocks/SM 2 -> 1"
    sed -i 's/BASE HEAD/BASE HEAD BASELINE b.json/' "$gproj/CMakeLists.txt"
    expect "BASE with BASELINE: refused" 1 "$cmake" -S "$gproj" -B "$tmp/gboth" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_CUDA_COMPILER="$nvcc"
    has "... give one" "$tmp/err" "BASE and BASELINE: give one"
else
    bad "BASE: a git project to check" "git init or commit failed"
fi

# BASELINE "a;b": refused with a message (it used to reach kanalyze as "a")
semi=$tmp/semi
mkdir -p "$semi"
cp "$proj/main.cu" "$semi/"
sed 's/BASELINE kanalyze-baseline.json/BASELINE "base;line.json"/' "$proj/CMakeLists.txt" >"$semi/CMakeLists.txt"
expect "configure with BASELINE \"base;line.json\": refused" 1 "$cmake" -S "$semi" -B "$tmp/semi-build" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CUDA_COMPILER="$nvcc"
has "... naming the ';'" "$tmp/err" "BASELINE 'base;line.json' holds a ';'"

echo "$pass passed, $fail failed"
[ $fail = 0 ]
