#!/usr/bin/env bash
# hip_compiler.sh KANALYZE SRCDIR — which HIP compiler kanalyze runs when none
# is named, the way a HIP build chooses it (frontends/hip.c): the compile
# database's, $HIPCXX, $ROCM_PATH / $HIP_PATH bin/amdclang++ then bin/hipcc,
# /opt/rocm, hipcc on PATH, clang-16, clang; --clang and $KANALYZE_CLANG
# first.  The compilers are fakes (shell scripts named amdclang++, hipcc,
# clang++ in temp dirs) that log their name and hand the compile to
# clang-16, so each check reads both the log (which one ran) and the JSON
# toolchain ("hip_compiler").  Then --clang-fallback (a fake hipcc that does
# not know gfx1030, as Debian's hipcc does not know gfx1100), its config
# key, the HIP result cache (a warm run compiles nothing; a HIP*
# variable or another compiler is a miss), and -j across files.  Needs clang-16 and the ROCm
# device libraries (else skipped, 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
libs=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
real=$(command -v clang-16 || true)
if [ -z "$real" ] || [ ! -f "$libs/ockl.bc" ]; then
    echo "skip  hip_compiler: clang-16 or rocm-device-libs missing"
    exit 77
fi
unset KANALYZE_CLANG HIPCXX ROCM_PATH HIP_PATH HIP_CLANG_PATH
export TMPDIR=$tmp/tmpdir NO_COLOR=1 KANALYZE_CACHE_DIR=$tmp/cache
mkdir -p "$TMPDIR"
log=$tmp/log
export KA_FAKE_LOG=$log

. "$(dirname "$0")/../support/lib.sh"

# fake DIR NAME [REFUSED_ARCH]: a compiler that logs "NAME" and runs clang-16
# (the device libraries named, as a ROCm install's clang finds its own)
fake() {
    mkdir -p "$1"
    cat >"$1/$2" <<EOF
#!/bin/sh
echo "$1/$2" >>"\$KA_FAKE_LOG"
for a in "\$@"; do
    case \$a in
        --version) echo "HIP version: 0.0-fake"; echo "fake clang version 15.0.99"; exit 0 ;;
        --offload-arch=${3:-none}) echo "clang: error: invalid target ID '${3:-none}'; format is a processor name" >&2; exit 1 ;;
    esac
done
exec "$real" --rocm-device-lib-path=$libs "\$@"
EOF
    chmod +x "$1/$2"
}

printf '#include <hip/hip_runtime.h>\n__global__ void twice(float *a) { a[threadIdx.x] *= 2.0f; }\n' >"$tmp/k.hip"
path0=$PATH

# run NAME WANT_COMPILER [kanalyze args...]: analyse k.hip; the log must name
# WANT_COMPILER (exactly one compiler ran) and so must the JSON toolchain
run() {
    local name=$1 want=$2; shift 2
    : >"$log"
    (cd "$tmp" && "$ka" k.hip --no-uniformity --no-config --no-cache --format json "$@") >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -ne 0 ]; then bad "$name (exit $rc)" "$(cat "$tmp/err")"; return; fi
    # a fake logs itself; clang-16 itself logs nothing
    local want_log=
    case $want in /*) want_log=$want ;; esac
    if [ "$(sort -u "$log")" != "$want_log" ]; then bad "$name: ran '$(sort -u "$log" | tr '\n' ' ')', wanted $want"; return; fi
    if python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["toolchain"]["hip_compiler"]==sys.argv[2], j["toolchain"]; assert j["files"][0]["kernels"][0]["resources"]["vgprs"]>0' "$tmp/out" "$want" 2>"$tmp/py"
    then ok "$name"; else bad "$name: JSON" "$(cat "$tmp/py")"; fi
}

fake "$tmp/path" hipcc
fake "$tmp/rocm/bin" amdclang++
fake "$tmp/rocm/bin" hipcc
fake "$tmp/rocm2/bin" hipcc
fake "$tmp/hippath/bin" hipcc
fake "$tmp/cxx" clang++
fake "$tmp/db" clang++
export PATH=$tmp/path:$path0

run "hipcc on PATH before clang-16" "$tmp/path/hipcc"
ROCM_PATH=$tmp/rocm2 run "\$ROCM_PATH/bin/hipcc before PATH" "$tmp/rocm2/bin/hipcc"
ROCM_PATH=$tmp/rocm run "\$ROCM_PATH/bin/amdclang++ before its hipcc" "$tmp/rocm/bin/amdclang++"
HIP_PATH=$tmp/hippath run "\$HIP_PATH/bin/hipcc" "$tmp/hippath/bin/hipcc"
ROCM_PATH=$tmp/rocm2 HIP_PATH=$tmp/hippath run "\$ROCM_PATH before \$HIP_PATH" "$tmp/rocm2/bin/hipcc"
HIPCXX=$tmp/cxx/clang++ ROCM_PATH=$tmp/rocm run "\$HIPCXX before \$ROCM_PATH" "$tmp/cxx/clang++"
HIPCXX=$tmp/cxx/clang++ KANALYZE_CLANG=clang-16 run "\$KANALYZE_CLANG before \$HIPCXX" clang-16
HIPCXX=$tmp/cxx/clang++ run "--clang before \$HIPCXX" "$tmp/rocm2/bin/hipcc" --clang "$tmp/rocm2/bin/hipcc"
HIPCXX=$tmp/cxx/clang++ run "--clang clang-16 (a name) before \$HIPCXX" clang-16 --clang clang-16
# with no hipcc at all (a PATH of clang-16 only), clang-16 is the default
mkdir -p "$tmp/only16" && ln -s "$real" "$tmp/only16/clang-16"
: >"$log"
(cd "$tmp" && PATH=$tmp/only16 "$ka" k.hip --no-uniformity --no-config --no-cache --format json) >"$tmp/out" 2>"$tmp/err"
python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["toolchain"]["hip_compiler"]==sys.argv[2], j["toolchain"]' \
    "$tmp/out" "$tmp/only16/clang-16" 2>"$tmp/py" && ok "nothing else found: clang-16 on PATH" || bad "clang-16 last" "$(cat "$tmp/py" "$tmp/err")"

# -p: a CMake HIP-language entry names its compiler and archs
cat >"$tmp/compile_commands.json" <<EOF
[{"directory": "$tmp", "file": "$tmp/k.hip", "output": "k.o",
  "command": "$tmp/db/clang++ -DNDEBUG -x hip --offload-arch=gfx1030 --offload-arch=gfx90a -O3 -o k.o -c $tmp/k.hip"}]
EOF
: >"$log"
(cd "$tmp" && HIPCXX=$tmp/cxx/clang++ "$ka" -p "$tmp" --no-uniformity --no-config --no-cache --format json) >"$tmp/out" 2>"$tmp/err"
if [ "$(sort -u "$log")" = "$tmp/db/clang++" ] &&
   python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); a=sorted(f["arch"] for f in j["files"]); assert a==["gfx1030","gfx90a"], a; assert j["toolchain"]["hip_compiler"]==sys.argv[2]' "$tmp/out" "$tmp/db/clang++" 2>"$tmp/py"
then ok "-p: the database's compiler and its --offload-arch values"
else bad "-p compiler and archs" "$(cat "$log" "$tmp/py" "$tmp/err")"; fi

# a database entry whose compiler cannot compile HIP (a g++ given -x hip)
# is passed over: the search goes on ($HIPCXX here)
sed "s|$tmp/db/clang++|/usr/bin/g++|" "$tmp/compile_commands.json" >"$tmp/gxx.json"
mkdir -p "$tmp/gxx" && mv "$tmp/gxx.json" "$tmp/gxx/compile_commands.json"
: >"$log"
(cd "$tmp" && HIPCXX=$tmp/cxx/clang++ "$ka" -p "$tmp/gxx" --no-uniformity --no-config --no-cache --format json) >"$tmp/out" 2>"$tmp/err"
if [ "$(sort -u "$log")" = "$tmp/cxx/clang++" ]; then ok "-p: a g++ entry is passed over (\$HIPCXX runs)"
else bad "-p g++ entry" "$(cat "$log" "$tmp/err")"; fi

# --clang-fallback: hipcc on PATH does not know gfx1030
fake "$tmp/old" hipcc gfx1030
export PATH=$tmp/old:$path0
(cd "$tmp" && "$ka" k.hip --arch gfx90a,gfx1030 --no-uniformity --no-config --no-cache --format json) >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 3 ] && [ "$(grep -c "cannot build for gfx1030" "$tmp/err")" = 1 ] && grep -q -- "--clang-fallback would try" "$tmp/err"
then ok "an arch the compiler lacks: one line, exit 3"
else bad "no fallback without asking (exit $rc)" "$(cat "$tmp/err")"; fi
check_fallback() {
    if [ "$1" -eq 0 ] && python3 -c '
import json,sys
j=json.load(open(sys.argv[1]))
f={e["arch"]: e for e in j["files"]}
assert f["gfx1030"]["compiler"]==sys.argv[2], f["gfx1030"]
assert f["gfx90a"]["compiler"] is None, f["gfx90a"]
assert j["toolchain"]["hip_compiler"]==sys.argv[3], j["toolchain"]
assert f["gfx1030"]["kernels"][0]["resources"]["vgprs"]>0' "$tmp/out" "$real" "$tmp/old/hipcc" 2>"$tmp/py" &&
       grep -q "compiled with $real" "$tmp/err"
    then ok "$2"; else bad "$2 (exit $1)" "$(cat "$tmp/py" "$tmp/err")"; fi
}
(cd "$tmp" && "$ka" k.hip --arch gfx90a,gfx1030 --no-uniformity --no-config --no-cache --clang-fallback --format json) >"$tmp/out" 2>"$tmp/err"
check_fallback $? "--clang-fallback: gfx1030 by clang-16, marked in its file entry"
mkdir -p "$tmp/repo/.git"
cp "$tmp/k.hip" "$tmp/repo/"
echo '{"clang_fallback": true}' >"$tmp/repo/.kanalyze.json"
(cd "$tmp/repo" && "$ka" k.hip --arch gfx90a,gfx1030 --no-uniformity --no-cache --format json) >"$tmp/out" 2>"$tmp/err"
check_fallback $? "\"clang_fallback\": true in an untrusted .kanalyze.json (it names no program)"
echo '{"clang_fallback": "yes"}' >"$tmp/repo/.kanalyze.json"
(cd "$tmp/repo" && "$ka" k.hip --arch gfx90a --no-uniformity --no-cache) >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && ok "clang_fallback must be a boolean (exit 2)" || bad "clang_fallback type" "$(cat "$tmp/err")"

# the result cache: a warm run runs no compiler and says the same
export PATH=$tmp/path:$path0
: >"$log"
(cd "$tmp" && "$ka" k.hip --arch gfx90a,gfx1030 --no-config --format json) >"$tmp/cold.json" 2>"$tmp/err"
n_cold=$(wc -l <"$log")
: >"$log"
(cd "$tmp" && "$ka" k.hip --arch gfx90a,gfx1030 --no-config --format json) >"$tmp/warm.json" 2>"$tmp/err"
if [ "$n_cold" -ge 2 ] && [ ! -s "$log" ] && cmp -s "$tmp/cold.json" "$tmp/warm.json"
then ok "cache: the warm run compiles nothing, same JSON"
else bad "cache warm run (cold ran $n_cold, warm ran $(wc -l <"$log"))" "$(diff "$tmp/cold.json" "$tmp/warm.json" | head)"; fi
: >"$log"
(cd "$tmp" && HIPCC_COMPILE_FLAGS_APPEND=-DX=1 "$ka" k.hip --arch gfx90a --no-config --format json) >/dev/null 2>&1
[ -s "$log" ] && ok "cache: a HIPCC_* variable is part of the key" || bad "cache ignores HIPCC_COMPILE_FLAGS_APPEND"
: >"$log"
(cd "$tmp" && ROCM_PATH=$tmp/rocm "$ka" k.hip --arch gfx90a --no-config --format json) >/dev/null 2>&1
grep -q amdclang "$log" && ok "cache: another compiler is a miss" || bad "cache across compilers" "$(cat "$log")"
printf '\n// edited\n' >>"$tmp/k.hip"
: >"$log"
(cd "$tmp" && "$ka" k.hip --arch gfx90a --no-config --format json) >/dev/null 2>&1
[ -s "$log" ] && ok "cache: an edited source is a miss" || bad "cache after an edit"
printf '#define SCALE 2.0f\n' >"$tmp/scale.h"
printf '#include <hip/hip_runtime.h>\n#include "scale.h"\n__global__ void twice(float *a) { a[threadIdx.x] *= SCALE; }\n' >"$tmp/k.hip"
(cd "$tmp" && "$ka" k.hip --arch gfx90a --no-config --format json) >/dev/null 2>&1
printf '#define SCALE 3.0f\n' >"$tmp/scale.h"
: >"$log"
(cd "$tmp" && "$ka" k.hip --arch gfx90a --no-config --format json) >/dev/null 2>&1
[ -s "$log" ] && ok "cache: an edited header is a miss (clang's -MD list)" || bad "cache after a header edit"

# -j across files: two files, one arch each, -j 2: the two compiles meet
# (each waits up to 10 s for the other to start; one at a time never meets)
mkdir -p "$tmp/meet" "$tmp/barrier"
cat >"$tmp/meet/hipcc" <<EOF
#!/bin/sh
for a in "\$@"; do [ "\$a" = --version ] && { echo "clang version 15.0.99"; exit 0; }; done
touch "$tmp/barrier/\$\$"
i=0
while [ \$(ls "$tmp/barrier" | wc -l) -lt 2 ] && [ \$i -lt 100 ]; do sleep 0.1; i=\$((i + 1)); done
[ \$i -lt 100 ] && echo met >>"$tmp/meet/log" || echo alone >>"$tmp/meet/log"
exec "$real" --rocm-device-lib-path=$libs "\$@"
EOF
chmod +x "$tmp/meet/hipcc"
cp "$tmp/k.hip" "$tmp/k2.hip"
(cd "$tmp" && PATH=$tmp/meet:$path0 "$ka" k.hip k2.hip --arch gfx90a --no-uniformity --no-config --no-cache -j 2 --format json) >"$tmp/out" 2>"$tmp/err"
if [ "$(sort -u "$tmp/meet/log")" = met ] && [ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["files"]))' "$tmp/out")" = 2 ]
then ok "-j 2: two files' compiles run at once"
else bad "-j across files" "$(cat "$tmp/meet/log" "$tmp/err")"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
