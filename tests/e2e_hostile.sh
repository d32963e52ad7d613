#!/usr/bin/env bash
# e2e_hostile.sh KANALYZE SRCDIR — hostile input, end to end, where the first
# round (e2e_security.sh) stops:
#
#   environment  nvcc's and hipcc's own variables (NVCC_APPEND_FLAGS,
#                PTXAS_FLAGS, ROCM_PATH, HIPCC_COMPILE_FLAGS_APPEND ...)
#                holding shell text: left out of the compiler's environment
#                with a warning naming them, nothing runs, still in the
#                cache key; without shell text they apply
#   trust        a trusted config's compile database (and the response files
#                it names) changing after `kanalyze trust`: left out again
#   depth, time  a 30000-term expression: no crash, the kernel's analysis
#                withheld with a note; a fatal signal kills the compilers
#   outputs      a symbolic link to a device refused; a FIFO nobody reads
#                (baseline, plot -o, a response file): exit 2 at once
#   inputs       text and random bytes that no reader claims: exit 2 at once,
#                nothing compiled; truncated archive members and an archive
#                inside an archive say what is wrong
#   smaller      an archive member claiming 10 GB, a decompression bomb, a
#                kernel name with control bytes in markdown
# Needs nvcc (else: skipped, exit 77).  One line per check, "not run" for
# what this machine cannot do, and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/lib.sh"
private_tmp
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  hostile: nvcc not installed"
    exit 77
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
export NO_COLOR=1 HOME=$tmp/home
unset XDG_CONFIG_HOME KANALYZE_NVCC
mkdir -p "$HOME"
notrun() { echo "not run  $1"; }
# expect NAME WANTED_RC CMD...: stdout/stderr in $tmp/out, $tmp/err
expect() {
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/err" "$tmp/out")"; fi
}
has()   { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in $(basename "$2")" "$(cat "$2")"; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then bad "$1: '$3' in $(basename "$2")" "$(cat "$2")"; else ok "$1"; fi; }
# nothing ran: no marker file
marker=$tmp/markers
mkdir -p "$marker"
clean() {
    if [ -z "$(ls -A "$marker")" ]; then ok "$1: nothing ran"; else bad "$1: something ran" "$(ls -A "$marker")"; fi
    rm -f "$marker"/*
}
regs() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(",".join(str(k["resources"]["regs"]) for f in r["files"] for k in f["kernels"]))' "$tmp/out"; }
q=(--no-uniformity)
work=$tmp/work
mkdir -p "$work"
cd "$work" || exit 1
cat >k.cu <<'CU'
__global__ void k(float *o, const float *a) {
    float acc[48];
    #pragma unroll
    for (int j = 0; j < 48; j++) acc[j] = a[threadIdx.x + j * 1024];
    #pragma unroll
    for (int i = 0; i < 16; i++)
        #pragma unroll
        for (int j = 0; j < 48; j++) acc[j] = acc[j] * acc[(j + i) % 48] + a[i];
    float s = 0;
    #pragma unroll
    for (int j = 0; j < 48; j++) s += acc[j];
    o[threadIdx.x] = s;
}
CU
# ---- the compilers' environment -------------------------------------------------
# (each payload without a space, as nvcc splits the variable's value on spaces)
nv_vars=(NVCC_PREPEND_FLAGS NVCC_APPEND_FLAGS INCLUDES SYSTEM_INCLUDES CUDAFE_FLAGS NVVM_FLAGS OCG_FLAGS PTXAS_FLAGS)
for v in "${nv_vars[@]}"; do
    expect "\$$v with \$(...): analysed" 0 env "$v=-DX=\$(touch\${IFS}$marker/$v)" "$ka" "${q[@]}" --no-cache k.cu
    clean "\$$v with \$(...)"
    has "... the warning names it" "$tmp/err" "\$$v holds a dollar sign"
done
expect "NVCC_PREPEND_FLAGS with a backtick: analysed" 0 env "NVCC_PREPEND_FLAGS=-DX=\`touch\${IFS}$marker/BT\`" \
    "$ka" "${q[@]}" --no-cache k.cu
clean "NVCC_PREPEND_FLAGS with a backtick"
has "... named" "$tmp/err" "\$NVCC_PREPEND_FLAGS holds a backtick"
# without shell text they still apply, and enter the cache key
expect "PTXAS_FLAGS=-maxrregcount=32 applies" 0 env PTXAS_FLAGS=-maxrregcount=32 "$ka" "${q[@]}" k.cu --format json
r32=$(regs)
expect "no PTXAS_FLAGS" 0 "$ka" "${q[@]}" k.cu --format json
r0=$(regs)
[ "$r32" = 32 ] && [ "$r0" -gt 32 ] && ok "... $r32 registers with it, $r0 without (a new cache key)" ||
    bad "PTXAS_FLAGS: $r32 registers with it, $r0 without"
expect "a withheld PTXAS_FLAGS" 0 env 'PTXAS_FLAGS=-maxrregcount=32;x' "$ka" "${q[@]}" k.cu --format json
[ "$(regs)" = "$r0" ] && ok "... compiles as without it ($(regs) registers)" || bad "... $(regs) registers, wanted $r0"
has "... names it, with the character" "$tmp/err" "\$PTXAS_FLAGS holds a semicolon"
expect "-q: the warning is quiet" 0 env 'PTXAS_FLAGS=-maxrregcount=32;x' "$ka" "${q[@]}" -q k.cu
hasnt "... " "$tmp/err" "PTXAS_FLAGS"
# hipcc: its variables reach the clang command line it hands to its shell
if command -v hipcc >/dev/null 2>&1 && command -v clang-16 >/dev/null 2>&1; then
    printf '#include <hip/hip_runtime.h>\n__global__ void h(float *o) { o[threadIdx.x] = 1.f; }\n' >h.hip
    for v in ROCM_PATH HIP_PATH HIPCC_COMPILE_FLAGS_APPEND HIP_CLANG_PATH HSA_PATH DEVICE_LIB_PATH; do
        expect "hipcc, \$$v with \$(...)" 0 env "$v=/opt/r\$(touch\${IFS}$marker/$v)" "$ka" "${q[@]}" --no-cache \
            --clang hipcc --arch gfx90a h.hip
        clean "hipcc, \$$v with \$(...)"
        has "... the warning names it" "$tmp/err" "\$$v holds a dollar sign"
    done
else
    notrun "hipcc's environment (no hipcc and clang-16)"
fi

echo "e2e_hostile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
