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
. "$(dirname "$0")/../support/lib.sh"
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


# ---- outputs: links and FIFOs ----------------------------------------------------------
ln -s /dev/null devlink.json
expect "--write-baseline onto a link to a character device: refused" 2 "$ka" "${q[@]}" k.cu --write-baseline devlink.json
has "... saying why" "$tmp/err" "symbolic link"
[ -L devlink.json ] && ok "... the link untouched" || bad "... the link replaced"
expect "... written with --follow-symlinks" 0 "$ka" "${q[@]}" k.cu --write-baseline devlink.json --follow-symlinks
"$ka" "${q[@]}" k.cu --write-baseline /dev/stdout 2>"$tmp/err" | cat >"$tmp/stdout.json"
rc=${PIPESTATUS[0]}
[ $rc -eq 0 ] && grep -q kanalyze_baseline "$tmp/stdout.json" && ok "--write-baseline /dev/stdout still writes standard output" ||
    bad "--write-baseline /dev/stdout (exit $rc)" "$(cat "$tmp/err")"
mkfifo lonely.fifo
t0=$(date +%s)
expect "--write-baseline into a FIFO nobody reads: exit 2" 2 timeout 60 "$ka" "${q[@]}" k.cu --write-baseline lonely.fifo
has "... saying why" "$tmp/err" "a FIFO that no process reads"
[ $(($(date +%s) - t0)) -lt 30 ] && ok "... at once" || bad "... after $(($(date +%s) - t0)) s"
mkfifo lonely.svg
expect "plot -o into a FIFO nobody reads: exit 2" 2 timeout 60 "$ka" plot --arch sm_90 --regs 64 --block 256 -o lonely.svg
has "... saying why" "$tmp/err" "a FIFO that no process reads"
[ -p lonely.fifo ] && [ -p lonely.svg ] && ok "the FIFOs are still FIFOs" || bad "the FIFO was replaced"
# a response file that is a FIFO, in a compile database
mkfifo flags.rsp
printf '[{"directory": "%s", "file": "k.cu", "arguments": ["nvcc", "@flags.rsp", "-c", "k.cu"]}]\n' "$work" \
    >compile_commands.json
expect "a compile database naming a FIFO as a response file: exit 2" 2 timeout 60 "$ka" "${q[@]}" --no-config -p . k.cu
has "... naming it" "$tmp/err" "flags.rsp is not a regular file"
rm -f compile_commands.json flags.rsp


# ---- inputs that no reader claims ------------------------------------------------------
printf 'these are notes\n' >notes.txt
head -c 4096 /dev/urandom >blob.bin
printf '\0\0\0\0' | dd of=blob.bin bs=1 seek=0 conv=notrunc 2>/dev/null   # no magic by chance
mkdir -p "$tmp/nvspy"
cat >"$tmp/nvspy/nvcc" <<SPY
#!/bin/sh
case "\$*" in *--version*) ;; *) echo "\$*" >>"$tmp/nvcc-calls" ;; esac
exec "$(command -v nvcc)" "\$@"
SPY
chmod 755 "$tmp/nvspy/nvcc"
for f in notes.txt blob.bin; do
    t0=$(date +%s%N)
    expect "$f: exit 2" 2 "$ka" --nvcc "$tmp/nvspy/nvcc" --no-cache "$f"
    ms=$((($(date +%s%N) - t0) / 1000000))
    has "... one line naming what was expected" "$tmp/err" "$f: not CUDA or HIP source by its name"
    [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok "... and nothing else on stderr" || bad "... more on stderr" "$(cat "$tmp/err")"
    [ ! -e "$tmp/nvcc-calls" ] && ok "... nothing compiled" || bad "... nvcc ran" "$(cat "$tmp/nvcc-calls")"
    [ "$ms" -lt 2000 ] && ok "... at once ($ms ms)" || bad "... took $ms ms"
done
cp k.cu k.cpp
expect "k.cpp: exit 2" 2 "$ka" "${q[@]}" k.cpp
expect "k.cpp -x cuda: analysed" 0 "$ka" "${q[@]}" -x cuda k.cpp
has "... " "$tmp/out" "k(float*, float const*)"
cp k.cu k.cu.cc
expect "k.cu.cc (a .cu.cc of projects that build with -x cu): analysed" 0 "$ka" "${q[@]}" k.cu.cc
expect "notes.txt beside k.cu: exit 2, k.cu still analysed" 2 "$ka" "${q[@]}" notes.txt k.cu
has "... " "$tmp/out" "k(float*, float const*)"

# ---- archives ---------------------------------------------------------------------------
nvcc -c -arch=sm_90 k.cu -o k.o
head -c 40 k.o >short.o
head -c 300 k.o >cut.o
rm -f short.a cut.a inner.a outer.a
ar rc short.a short.o 2>/dev/null
ar rc cut.a cut.o 2>/dev/null
expect "an archive of an ELF cut inside its header: exit 2" 2 "$ka" short.a
has "... saying where and what" "$tmp/err" "member short.o at 0x"
has "... ... " "$tmp/err" "truncated ELF header: 40 of its 64 bytes"
expect "an archive of an ELF cut after its header: exit 2" 2 "$ka" cut.a
has "... saying what" "$tmp/err" "section header table"
hasnt "... never 'no error'" "$tmp/err" "no error"
ar rc inner.a k.o && ar rc outer.a inner.a
expect "an archive inside an archive: read" 0 "$ka" outer.a --format json
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert any(k["name"].startswith("k(") for f in r["files"] for k in f["kernels"])' "$tmp/out" &&
    ok "... its kernel reported" || bad "... its kernel missing" "$(cat "$tmp/out")"
printf '//\n' >text.txt && rm -f textonly.a && ar rc textonly.a text.txt
expect "an archive with no device code: exit 0" 0 "$ka" textonly.a
has "... a note" "$tmp/err" "no kernels in this binary"
python3 - k.o <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
def hdr(name, size):
    return (name + '/').ljust(16).encode() + b'0'.ljust(12) + b'0'.ljust(6) * 2 + b'644'.ljust(8) + \
        str(size).ljust(10).encode() + b'`\n'
open('huge.a', 'wb').write(b'!<arch>\n' + hdr('k.o', 9999999999) + data)
PY
expect "a member claiming 9999999999 bytes: exit 2" 2 "$ka" huge.a
has "... saying so" "$tmp/err" "member k.o at 0x8 claims 9999999999 bytes"

# ---- a kernel name with control bytes, in markdown -----------------------------------
printf 'extern "C" __global__ void kAAAAA(float *o) { o[threadIdx.x] = 1.f; }\n' >named.cu
nvcc -cubin -arch=sm_90 named.cu -o named.cubin
python3 - named.cubin <<'PY'
import sys
p = sys.argv[1]; b = open(p, 'rb').read()
open(p, 'wb').write(b.replace(b'kAAAAA', b'k\x1b[2Jx'))
PY
expect "a cubin whose kernel name holds an escape sequence" 0 "$ka" named.cubin --format markdown
if grep -q $'\x1b' "$tmp/out"; then bad "markdown: the escape byte is written raw" "$(cat -v "$tmp/out")"; else ok "markdown: no raw control byte"; fi
has "... written as \\x1b" "$tmp/out" 'k\x1b[2Jx'


# ---- trust covers what a trusted config points at ---------------------------------------
repo=$tmp/repo
mkdir -p "$repo/build" "$repo/tools"
cd "$repo" || exit 1
git init -q .
cat >k.cu <<'CU'
#ifndef X
#error "X is not defined"
#endif
__global__ void k(float *o) { o[threadIdx.x] = 1.f; }
CU
cat >tools/cc.sh <<CC
#!/bin/sh
echo ran >>"$marker/CCRAN"
exec gcc "\$@"
CC
chmod +x tools/cc.sh
db() { printf '[{"directory": "%s", "file": "k.cu", "arguments": ["nvcc", %s"-arch=sm_90", "-c", "k.cu"]}]\n' "$repo" "$1" >build/compile_commands.json; }
db '"-DX", '
printf '{"compile_commands": "build"}\n' >.kanalyze.json
"$ka" trust >"$tmp/out" 2>&1
expect "a trusted config's database applies" 0 "$ka" "${q[@]}" --no-cache k.cu
db '"-DX", "-ccbin", "tools/cc.sh", '
expect "the database changed after the trust (a pull): left out (k.cu needs its -DX: exit 3)" 3 "$ka" "${q[@]}" --no-cache k.cu
has "... saying why" "$tmp/err" "changed since \`kanalyze trust\`"
has "... and what was left out" "$tmp/err" 'not trusted, so left out: "compile_commands"'
clean "a changed database's -ccbin"
"$ka" trust >/dev/null 2>&1
"$ka" "${q[@]}" --no-cache k.cu >/dev/null 2>&1
[ -e "$marker/CCRAN" ] && ok "trusted again: the database applies (its -ccbin runs)" || bad "trusted again: the database applies"
rm -f "$marker"/*
# a response file the database names
printf -- '-DX\n' >build/flags.rsp
db '"@build/flags.rsp", '
"$ka" trust >/dev/null 2>&1
expect "a trusted database's response file applies" 0 "$ka" "${q[@]}" --no-cache k.cu
printf -- '-DX -ccbin tools/cc.sh\n' >build/flags.rsp
expect "the response file changed after the trust: left out" 3 "$ka" "${q[@]}" --no-cache k.cu
has "... saying why" "$tmp/err" "changed since \`kanalyze trust\`"
clean "a changed response file's -ccbin"
# a database not there at trust time, made later
rm -rf build && "$ka" trust >/dev/null 2>&1
mkdir -p build && db '"-DX", "-ccbin", "tools/cc.sh", '
expect "a database made after the trust: left out" 3 "$ka" "${q[@]}" --no-cache k.cu
clean "a database made after the trust"
cd "$work" || exit 1

# ---- depth and time --------------------------------------------------------------------
# a 30000-term sum: nvcc takes minutes over it, so this nvcc compiles a
# kernel of the same name and line instead; the analysis reads the real one
python3 -c 'print("__global__ void big(float *o, int i) { int x = " + " + ".join(["i"] * 30000) + "; o[threadIdx.x] = x; }")' >big.cu
printf '__global__ void big(float *o, int i) { int x = i; o[threadIdx.x] = x; }\n' >"$tmp/small.cu"
cat >"$tmp/swap-nvcc" <<SWAP
#!/bin/sh
for a in "\$@"; do
    case "\$a" in *big.cu) set -- "\$@" "$tmp/small.cu" ;; *) set -- "\$@" "\$a" ;; esac
    shift
done
exec "$(command -v nvcc)" "\$@"
SWAP
chmod 755 "$tmp/swap-nvcc"
expect "a 30000-term expression: no crash, exit 0" 0 timeout 300 "$ka" --no-cache --nvcc "$tmp/swap-nvcc" big.cu --format json
has "... the kernel's analysis withheld, saying why" "$tmp/err" "nests expressions or statements deeper than the analysis walks"
python3 -c 'import json,sys; k=json.load(open(sys.argv[1]))["files"][0]["kernels"][0]; assert k["uniformity"] is None and k["resources"]["regs"] > 0, k' "$tmp/out" &&
    ok "... \"uniformity\": null, the compile's counts kept" || bad "... the JSON" "$(head -c 600 "$tmp/out")"
# a crash stops the compilers: SIGSEGV (as a stack overflow would) while nvcc runs
cat >"$tmp/slow-nvcc" <<SLOW
#!/bin/sh
case "\$*" in *--version*) exec "$(command -v nvcc)" --version ;; esac
sleep 300 &
echo \$! >"$tmp/sleeper"
wait
SLOW
chmod 755 "$tmp/slow-nvcc"
rm -f "$tmp/sleeper"
"$ka" "${q[@]}" --no-cache --nvcc "$tmp/slow-nvcc" k.cu >/dev/null 2>"$tmp/err" &
kpid=$!
for _ in $(seq 1 300); do [ -s "$tmp/sleeper" ] && break; sleep 0.05; done
spid=$(cat "$tmp/sleeper" 2>/dev/null)
if [ -n "$spid" ]; then
    kill -SEGV "$kpid"
    wait "$kpid"
    rc=$?
    [ "$rc" -ge 128 ] && ok "SIGSEGV: kanalyze dies of it (exit $rc)" || bad "SIGSEGV: exit $rc"
    for _ in $(seq 1 100); do kill -0 "$spid" 2>/dev/null || break; sleep 0.05; done
    if kill -0 "$spid" 2>/dev/null; then bad "SIGSEGV: the compiler still runs"; kill -9 "$spid"; else ok "SIGSEGV: the compiler's process group was killed"; fi
else
    bad "SIGSEGV: the compile did not start"
    kill -9 "$kpid" 2>/dev/null
fi

echo "e2e_hostile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
