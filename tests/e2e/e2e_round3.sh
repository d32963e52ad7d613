#!/usr/bin/env bash
# e2e_round3.sh KANALYZE KANALYZE-LAUNCH SRCDIR — hostile and odd input, third round: no run
# lost to one file, no hang, no way in through a pull request's file names.
#
#   names      "--" ends kanalyze's options: a file named like an option
#              (--compile-commands=db.cu, --config=x.cu) after it is an
#              input, never an option
#   sizes      a launch site or a config "launch" asking 2^63 - 1 bytes of
#              dynamic shared memory (or more threads than any GPU): a
#              message and a result at once, never a hang
#   isolation  libclang dying (a stack overflow) or hanging on one file:
#              that file's source analysis lost, nothing else
#   warm       the warm cache after include lookups change (CUDA, HIP)
#   hook       the pre-commit hook's options and the staged content
#   report     records of unknown archs, records directories others write
#   launcher   stdin, signals, a helper holding the output, two sources
# Needs nvcc (else: skipped, exit 77).  One line per check, "not run" for
# what this machine cannot do, and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
launch=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
src=$(cd "$3" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp
if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  round3: nvcc not installed"
    exit 77
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
export NO_COLOR=1 HOME=$tmp/home
unset XDG_CONFIG_HOME KANALYZE_NVCC
mkdir -p "$HOME"
cd "$tmp" || exit 1

# ---- names: "--" ends the options -----------------------------------------------
mkdir -p names/tools && cd names || exit 1
cat >k.cu <<'CU'
#ifndef N
#error N is the compiler's
#endif
__global__ void k(float *p) { p[threadIdx.x] = N; }
CU
: >./--compile-commands=db.cu
: >./--config=x.cu
printf '{"archs": "sm_80"}\n' >x.cu
printf '[{"directory": "%s", "file": "k.cu", "arguments": ["nvcc", "-ccbin", "tools/cc.sh", "-c", "k.cu"]}]\n' "$PWD" >db.cu
printf '#!/bin/sh\ntouch "%s/ran"\nexec g++ "$@"\n' "$PWD" >tools/cc.sh
chmod +x tools/cc.sh
expect "names: -- k.cu -DN=8: k.cu is an input, -DN=8 the compiler's" 0 "$ka" --arch sm_90 --format json -- k.cu -DN=8
py "import json,sys; f=json.load(open(sys.argv[1]))['files']; assert [x['file'] for x in f]==['k.cu'] and f[0]['kernels'], f" "names: k.cu analysed"
expect "names: -- --compile-commands=db.cu --config=x.cu k.cu: all three inputs" 0 "$ka" --arch sm_90 --format json -- --compile-commands=db.cu --config=x.cu k.cu -DN=8
py "import json,sys; f=json.load(open(sys.argv[1]))['files']; assert sorted(x['file'] for x in f)==['--compile-commands=db.cu','--config=x.cu','k.cu'], [x['file'] for x in f]; assert all(x['arch']=='sm_90' for x in f)" "names: the option-named files analysed as sources, no config read"
if [ -e ran ]; then bad "names: the database's -ccbin script never ran"; else ok "names: the database's -ccbin script never ran"; fi
expect "names: a missing -- name that is no file (-DM=1) is the compiler's" 0 "$ka" --arch sm_90 -q -- k.cu -DN=8 -DM=1
cd "$tmp" || exit 1

# ---- sizes: 2^63 - 1 bytes at a launch site, in a config ---------------------
mkdir -p sizes && cd sizes || exit 1
cat >big.cu <<'CU'
__global__ void k(float *p) { extern __shared__ float s[]; s[threadIdx.x] = 1; p[threadIdx.x] = s[threadIdx.x ^ 1]; }
int main() { k<<<1, 256, 0x7fffffffffffffffull>>>(0); }
CU
cat >wide.cu <<'CU'
__global__ void k(float *p) { p[threadIdx.x] = 1; }
int main() { k<<<1, dim3(1024, 1024)>>>(0); }
CU
cat >small.cu <<'CU'
__global__ void k(float *p) { p[threadIdx.x] = 1; }
CU
expect "sizes: a launch site's 2^63-1 B of dynamic shared memory: exit 0" 0 timeout 60 "$ka" --arch sm_90 --format json ./big.cu
has "sizes: the site is named, not modelled" "$tmp/err" "big.cu:2: warning: 9223372036854775807 bytes of dynamic shared memory per block is more than any GPU gives a block"
py "import json,sys; k=json.load(open(sys.argv[1]))['files'][0]['kernels'][0]['occupancy']; assert k['block_source']=='default' and k['smem']==0, k" "sizes: modelled at the default launch"
expect "sizes: a launch site's 1024x1024 block: exit 0" 0 timeout 60 "$ka" --arch sm_90 ./wide.cu
has "sizes: the block is named, not modelled" "$tmp/err" "a block of 1048576 threads is more than any GPU launches"
printf '{"launch": [{"kernel": "*", "block": 256, "smem": 9223372036854775807}]}\n' >.kanalyze.json
expect "sizes: a config launch of 2^63-1 B: exit 2 at once" 2 timeout 60 "$ka" --arch sm_90 ./small.cu
has "sizes: the config entry is named" "$tmp/err" "the config's \"launch\" entry \"*\": smem 9223372036854775807 is over sm_90's 232448-byte per-block limit"
printf '{"launch": [{"kernel": "*", "block": 256, "smem": 65536}]}\n' >.kanalyze.json
expect "sizes: a config launch within sm_90's limit: exit 0" 0 timeout 60 "$ka" --arch sm_90 ./small.cu
rm -f .kanalyze.json
sed 's/0x7fffffffffffffffull/200000/' big.cu >mid.cu
expect "sizes: 200000 B at a launch site on sm_75 (64 KiB limit): exit 0" 0 timeout 60 "$ka" --arch sm_75 ./mid.cu
has "sizes: sm_75: the launch fails, 0 blocks" "$tmp/err" "is over the 65536-byte per-block limit even with cudaFuncSetAttribute: the launch fails"
cd "$tmp" || exit 1

# ---- isolation: libclang dies or hangs on one file --------------------------------
mkdir -p iso && cd iso || exit 1
cat >member.cu <<'CU'
struct P { unsigned char d; __device__ unsigned char get() const { return d & 15; } };
__global__ void k(P *p, unsigned char *o, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; o[i] = p[i * n].get(); }
CU
# 400,000 nested '!' that only clang reads: libclang's parser overflows its stack
python3 -c "print('#ifdef __clang__\nint deep = ' + '!' * 400000 + '0;\n#endif\n__global__ void d(float *p) { p[threadIdx.x] = 2; }')" >deep.cu
# 2^34 tokens through one #if, that only clang reads: seconds of libclang, no memory
python3 -c "
print('#ifdef __clang__\n#define A0(x) x x')
for i in range(1, 40): print('#define A%d(x) A%d(x) A%d(x)' % (i, i - 1, i - 1))
print('#if 0 A33(+1)\n#endif\n#endif\n__global__ void s(float *p) { p[threadIdx.x] = 3; }')" >slow.cu
cp ../sizes/small.cu small.cu
expect "isolation: libclang dies on deep.cu: exit 2 (an input error)" 2 timeout 300 "$ka" --arch sm_90 --format json --write-baseline b.json ./member.cu ./deep.cu ./small.cu
n=$(grep -c 'deep.cu: the C front end (libclang) died on it: signal 11' "$tmp/err")
[ "$n" = 1 ] && ok "isolation: one line names the file and the signal" || bad "isolation: one line names the file and the signal ($n)" "$(cat "$tmp/err")"
py "import json,sys; f={x['file']:x['kernels'][0] for x in json.load(open(sys.argv[1]))['files']}
assert sorted(f)==['./deep.cu','./member.cu','./small.cu'], sorted(f)
assert f['./deep.cu']['resources']['regs']>0 and f['./deep.cu']['uniformity'] is None, f['./deep.cu']
assert f['./small.cu']['uniformity'] is not None and f['./member.cu']['uniformity'] is not None" "isolation: deep.cu's counts stand; the other files keep their analysis"
py "import json,sys; b=json.load(open('b.json')); assert len(b['kernels'])==3, b" "isolation: the baseline is written, all three kernels"
hasnt "isolation: no 'baseline not written'" "$tmp/err" "baseline not written"
hasnt "isolation: the member-function kernel analysed without a word" "$tmp/err" "member.cu"
expect "isolation: libclang runs past --timeout 5 on slow.cu: exit 2" 2 timeout 300 "$ka" --arch sm_90 --no-cache --timeout 5 -q ./slow.cu ./small.cu
has "isolation: the timeout is named" "$tmp/err" "slow.cu: the C front end ran past the 5 s --timeout on it"
has "isolation: slow.cu's counts stand" "$tmp/out" "slow.cu:45  sm_90"
cd "$tmp" || exit 1

# ---- the warm cache after include lookups change ----------------------------------
# inc/cfg.h: N 2 (12 registers); a cfg.h beside the source shadows it (N 100:
# 128 registers); __has_include("opt.h") turning true multiplies it.  Each
# warm run must answer as a cold one would.
mkdir -p warm/inc && cd warm || exit 1
cat >k.cu <<'CU'
#include "cfg.h"
#if __has_include("opt.h")
#include "opt.h"
#endif
#ifndef M
#define M 1
#endif
__global__ void k(float *out, const float *in)
{
	float a[N * M];
#pragma unroll
	for (int j = 0; j < N * M; j++)
		a[j] = in[j * blockDim.x + threadIdx.x];
	float s = 0.f;
#pragma unroll
	for (int j = 0; j < N * M; j++)
		s += a[j] * a[N * M - 1 - j];
#ifdef VARY
	out[threadIdx.x * 2] = s;
#else
	out[threadIdx.x] = s;
#endif
}
CU
echo '#define N 2' >inc/cfg.h
regs() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['files'][0]['kernels'][0]['resources'][sys.argv[2]])" "$tmp/out" "$1"; }
warm() {   # warm NAME WANT: a run (warm cache) gives WANT registers
    expect "warm: $1: exit 0" 0 "$ka" --arch sm_90 --format json ./k.cu -- -Iinc
    r=$(regs regs)
    [ "$r" = "$2" ] && ok "warm: $1: $2 registers" || bad "warm: $1: $r registers, wanted $2"
}
warm "cold" 12
warm "warm, nothing changed" 12
echo '#define N 100' >cfg.h
warm "a new cfg.h beside the source shadows inc/cfg.h" 128
rm cfg.h
warm "it is removed again" 12
echo '#define M 60' >inc/opt.h
warm "__has_include(\"opt.h\") turns true" 130
rm inc/opt.h
warm "... and false again" 12
# the analysis cache: opt.h decides the store's stride (the KA107 finding)
echo '#define VARY 1' >inc/opt.h
expect "warm: the source analysis sees opt.h" 0 "$ka" --arch sm_90 --format json ./k.cu -- -Iinc
py "import json,sys; k=json.load(open(sys.argv[1]))['files'][0]['kernels'][0]; assert [u['line'] for u in k['uniformity'] if u['expr']=='s']==[19], k['uniformity']" "warm: the analysis' facts follow opt.h (the store on line 19)"
rm inc/opt.h
expect "warm: ... and its removal" 0 "$ka" --arch sm_90 --format json ./k.cu -- -Iinc
py "import json,sys; k=json.load(open(sys.argv[1]))['files'][0]['kernels'][0]; assert [u['line'] for u in k['uniformity'] if u['expr']=='s']==[21], k['uniformity']" "warm: the analysis' facts follow opt.h's removal (line 21)"
# HIP: the same lookups through the HIP compiler (needs clang's AMDGPU target
# and the ROCm device libraries)
if [ -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ] || [ -d /opt/rocm/amdgcn/bitcode ]; then
    sed '1i #include <hip/hip_runtime.h>' k.cu >h.hip
    hwarm() {
        expect "warm hip: $1: exit 0" 0 "$ka" --arch gfx90a --format json ./h.hip -- -Iinc
        r=$(regs vgprs)
        [ "$r" = "$2" ] && ok "warm hip: $1: $2 VGPRs" || bad "warm hip: $1: $r VGPRs, wanted $2" "$(cat "$tmp/err")"
    }
    hwarm "cold" "$(KANALYZE_CACHE_DIR=$tmp/hip-cold "$ka" --arch gfx90a --format json ./h.hip -- -Iinc 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['files'][0]['kernels'][0]['resources']['vgprs'])")"
    cold_big() { KANALYZE_CACHE_DIR=$tmp/hip-cold2-$1 "$ka" --arch gfx90a --format json ./h.hip -- -Iinc 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['files'][0]['kernels'][0]['resources']['vgprs'])"; }
    echo '#define N 100' >cfg.h
    want=$(cold_big a)
    hwarm "a new cfg.h beside the source shadows inc/cfg.h" "$want"
    rm cfg.h
    echo '#define M 60' >inc/opt.h
    want=$(cold_big b)
    hwarm "__has_include(\"opt.h\") turns true" "$want"
    rm inc/opt.h
else
    echo "not run  warm hip: no ROCm device libraries"
fi
cd "$tmp" || exit 1

# ---- the pre-commit hook: options, staged content --------------------------------
repo=$tmp/repo
mkdir -p "$repo/ci" "$repo/include" "$repo/bin"
cd "$repo" || exit 1
git init -q . && git config user.email t@example.com && git config user.name t
variant() {
    sed "s/^#define KA_NV .*/#define KA_NV $1/; s/^#define KA_MAXNREG .*/#define KA_MAXNREG $2/" \
        "$src/tests/e2e/guard_pressure.cu" >k.cu
}
printf '#pragma once\n' >include/x.cuh
variant 120 128
ln -sf "$ka" bin/kanalyze
export PATH=$repo/bin:$PATH
"$ka" --arch sm_90 --no-config --write-baseline ci/b.json -q ./k.cu >/dev/null 2>&1
git add k.cu ci include && git commit -qm base
expect "hook: --baseline ci/b.json k.cu: the value is the option's, k.cu the file" 0 "$src/hooks/pre-commit" --arch sm_90 --baseline ci/b.json k.cu
hasnt "hook: ... ci/b.json not analysed as a file" "$tmp/err" "ci/b.json: "
expect "hook: -I include k.cu" 0 "$src/hooks/pre-commit" --arch sm_90 -I include k.cu
hasnt "hook: ... include not taken for a file" "$tmp/err" "is a directory"
# a regression staged, the work tree put back below the cliff: what the
# commit holds is judged
variant 120 129
git add k.cu
variant 120 128
before=$(git diff; git diff --cached)
expect "hook: staged regression, work tree reverted: the commit is stopped" 1 "$src/hooks/pre-commit" --arch sm_90 --baseline ci/b.json
has "hook: ... the staged 129 registers" "$tmp/err" "registers 128 -> 129"
after=$(git diff; git diff --cached)
[ "$before" = "$after" ] && grep -q '^#define KA_MAXNREG 128' k.cu && ok "hook: ... the unstaged changes are put back" ||
    bad "hook: ... the unstaged changes are put back" "$(git status --short; grep KA_MAXNREG k.cu)"
ls "$HOME/.cache/kanalyze/"pre-commit-*.patch >/dev/null 2>&1 && bad "hook: ... no patch left behind" || ok "hook: ... no patch left behind"
# the reverse, as git add -p leaves it: a good version staged, a regression unstaged
git reset -q k.cu && git checkout -q k.cu
variant 120 127
git add k.cu
variant 120 129
expect "hook: good version staged, regression unstaged: passes" 0 "$src/hooks/pre-commit" --arch sm_90 --baseline ci/b.json
grep -q '^#define KA_MAXNREG 129' k.cu && ok "hook: ... the work tree keeps its 129" || bad "hook: ... the work tree keeps its 129"
# partial staging of one file: only the second hunk (the cap) staged, the
# first (a comment) not
git reset -q k.cu && git checkout -q k.cu
variant 120 129
sed -i 's|^// guard_pressure.cu .*|// edited, not staged|' k.cu
printf '%s\n' n y | git add -p k.cu >/dev/null 2>&1
git diff --cached | grep -q '^+#define KA_MAXNREG 129' && git diff | grep -q '^+// edited, not staged' &&
    ok "hook: git add -p staged one hunk of two" || bad "hook: git add -p staged one hunk of two" "$(git diff --cached; git diff)"
expect "hook: the staged hunk is judged (129: a regression)" 1 "$src/hooks/pre-commit" --arch sm_90 --baseline ci/b.json
grep -q '^// edited, not staged' k.cu && ok "hook: ... the unstaged hunk is put back" || bad "hook: ... the unstaged hunk is put back"
git reset -q k.cu && git checkout -q k.cu
# a header the commit removes: its includer must still build
printf '#include "include/x.cuh"\n' | cat - k.cu >k2.cu && mv k2.cu k.cu
git add k.cu && git commit -qm includer
git rm -q include/x.cuh
expect "hook: a staged removal of a header its includer needs: the commit is stopped" 3 "$src/hooks/pre-commit" --arch sm_90
has "hook: ... through its includer" "$tmp/err" "include/x.cuh: analysed through k.cu"
git reset -q HEAD include/x.cuh && git checkout -q include/x.cuh
cd "$tmp" || exit 1

# ---- kanalyze report: records of unknown archs, directories others write ----------
mkdir -p rec && chmod 755 rec
printf '{"kanalyze_record": 1, "file": "/src/k.cu", "archs": ["sm_999"], "kernels": [{"arch": "sm_999", "name": "k()", "mangled": "_Z1kv", "line": 1, "resources": {"regs": 32}}]}\n' >rec/a.json
printf '{"kanalyze_record": 1, "file": "/src/j.cu", "archs": ["sm_90"], "kernels": [{"arch": "sm_90", "name": "j()", "mangled": "_Z1jv", "line": 1, "resources": {"regs": 32, "spill_stores": 0, "spill_loads": 0, "stack": 0, "static_smem": 0, "local": 0, "barriers": 0, "max_threads": 0}}]}\n' >rec/b.json
printf '{"kanalyze_record": 1, "file": "/src/h.cu", "archs": ["sm_90"], "kernels": [{"arch": "sm_90", "name": "h()", "mangled": "_Z1hv", "line": 99999999999, "resources": {"regs": 32}}]}\n' >rec/c.json
# a kernel the line table does not place (one in a header): "line": null, as kanalyze-launch writes it
printf '{"kanalyze_record": 1, "file": "/src/n.cu", "archs": ["sm_90"], "kernels": [{"arch": "sm_90", "name": "n()", "mangled": "_Z1nv", "line": null, "resources": {"regs": 32}}]}\n' >rec/d.json
expect "report: a record of arch sm_999: exit 2, no crash" 2 "$ka" report rec --no-config --format json
has "report: ... named, with its arch" "$tmp/err" "a.json: kernels[0]: arch 'sm_999' is none kanalyze models"
has "report: a line past an int: not a kernel record" "$tmp/err" "c.json: kernels[0]: not a kernel record"
hasnt "report: a kernel with no line is a kernel record" "$tmp/err" "d.json"
py "import json,sys; k=json.load(open(sys.argv[1]))['files']; assert sorted(f['file'] for f in k)==['/src/j.cu', '/src/n.cu'], k" "report: the other records still reported"
rm rec/a.json rec/c.json rec/d.json
chmod 777 rec
expect "report: a directory anyone may write: not read, exit 2" 2 "$ka" report rec --no-config
has "report: ... says why" "$tmp/err" "the records directory may be written by others: not read"
expect "report --trust-records: the same directory read, exit 0" 0 "$ka" report rec --no-config --trust-records --format json
py "import json,sys; k=json.load(open(sys.argv[1]))['files']; assert [f['file'] for f in k]==['/src/j.cu'], k" "report --trust-records: its record reported"
chmod 755 rec
if [ "$(id -u)" = 0 ]; then
    chown nobody rec/b.json
    expect "report: another user's record: skipped with a warning" 0 "$ka" report rec --no-config
    has "report: ... named" "$tmp/err" "b.json: not read (another user's record)"
    expect "report --trust-records: another user's record read" 0 "$ka" report rec --no-config --trust-records
    hasnt "report --trust-records: ... no warning" "$tmp/err" "another user's record"
else
    echo "not run  report: another user's record (needs root to chown)"
fi

# ---- kanalyze-launch: stdin, signals, reaping, several sources ----------------------
mkdir -p launch && cd launch || exit 1
printf '__global__ void a(float *p) { p[threadIdx.x] = 1; }\n' >a.cu
printf '__global__ void b(float *p) { p[threadIdx.x] = 2; }\n' >b.cu
expect "launcher: nvcc -x cu -c - < a.cu: the compiler reads the launcher's stdin" 0 \
    sh -c '"$0" --records rec0 nvcc -arch=sm_90 -x cu -c - -o s.o <a.cu' "$launch"
expect "launcher: ... the object holds the kernel" 0 "$ka" -q s.o
has "launcher: ... a(float*)" "$tmp/out" "a(float*)"
expect "launcher: nvcc -c a.cu b.cu: exit 0" 0 "$launch" --records rec nvcc -arch=sm_90 -c a.cu b.cu
expect "launcher: ... report" 0 "$ka" report rec --no-config --format json
py "import json,sys; f=sorted(x['file'].rsplit('/',1)[1] for x in json.load(open(sys.argv[1]))['files']); assert f==['a.cu','b.cu'], f" "launcher: both sources recorded"
# one source built twice with different flags: both builds reported and gated
printf '#ifndef N\n#define N 8\n#endif\n__global__ void v(float *o, const float *in)\n{\n\tfloat a[N];\n#pragma unroll\n\tfor (int j = 0; j < N; j++)\n\t\ta[j] = in[j * blockDim.x + threadIdx.x];\n\tfloat s = 0.f;\n#pragma unroll\n\tfor (int j = 0; j < N; j++)\n\t\ts += a[j] * a[N - 1 - j];\n\to[threadIdx.x] = s;\n}\n' >v.cu
expect "launcher: v.cu with -DN=8" 0 "$launch" --records recv nvcc -arch=sm_90 -DN=8 -c v.cu -o v8.o
expect "launcher: v.cu with -DN=200" 0 "$launch" --records recv nvcc -arch=sm_90 -DN=200 -c v.cu -o v200.o
expect "report: both builds of v.cu" 0 "$ka" report recv --no-config --format json --write-baseline "$tmp/bv.json"
py "import json,sys; f=sorted((x['file'].rsplit('/',1)[1], x['kernels'][0]['resources']['regs']) for x in json.load(open(sys.argv[1]))['files']); assert [n for n,_ in f]==['v.cu [-DN=200]','v.cu [-DN=8]'] and f[0][1] > 100 > f[1][1], f" "report: one entry per build, named by the flags that tell them apart"
expect "report: both gated against the baseline" 0 "$ka" report recv --no-config --baseline "$tmp/bv.json"
has "report: ... 2 unchanged" "$tmp/out" "0 regressions, 0 improved, 0 changed, 2 unchanged"
printf '#!/bin/sh\n(sleep 30 &)\nexec "$@"\n' >wrap.sh     # a helper keeps the output open
chmod +x wrap.sh
t0=$(date +%s)
expect "launcher: a wrapper's helper holding stdout: the compile ends with the compiler" 0 "$launch" --records rec1 ./wrap.sh nvcc -arch=sm_90 -c a.cu -o w.o
t1=$(date +%s)
[ $((t1 - t0)) -lt 20 ] && [ "$(ls rec1 | wc -l)" = 1 ] && ok "launcher: ... in $((t1 - t0)) s, recorded" ||
    bad "launcher: ... took $((t1 - t0)) s" "$(ls rec1)"
"$launch" --records rec2 sh -c 'echo $$ >pid; sleep 60' </dev/null &
lp=$!
for _ in $(seq 50); do [ -s pid ] && break; sleep 0.1; done
kill -TERM "$lp"
wait "$lp"
rc=$?
cp_=$(cat pid)
sleep 0.2
[ "$rc" = 143 ] && ! kill -0 "$cp_" 2>/dev/null && ok "launcher: SIGTERM reaches the compiler's group (exit 143)" ||
    bad "launcher: SIGTERM (exit $rc, compiler $(kill -0 "$cp_" 2>/dev/null && echo alive || echo gone))"
kill "$cp_" 2>/dev/null
cd "$tmp" || exit 1

# ---- what a killed run leaves: temp files beside outputs, a PCH's temporary ---------
mkdir -p killed/ci && cd killed || exit 1
printf '__global__ void k(float *p) { p[threadIdx.x] = 1; }\n' >k.cu
dead=999999
while kill -0 "$dead" 2>/dev/null; do dead=$((dead - 1)); done
touch -d '2 hours ago' "ci/.kanalyze-tmp-$dead-abcdef"
touch -d '2 hours ago' "ci/.kanalyze-tmp-$$-abcdef"            # a running process's: kept
expect "killed: --write-baseline" 0 "$ka" --arch sm_90 -q --write-baseline ci/b.json ./k.cu
[ ! -e "ci/.kanalyze-tmp-$dead-abcdef" ] && [ -e "ci/.kanalyze-tmp-$$-abcdef" ] &&
    ok "killed: a dead run's .kanalyze-tmp-* beside the baseline removed, a live one's kept" ||
    bad "killed: temp files" "$(ls -a ci)"
# a baseline whose counts do not fit an int: refused, never narrowed
python3 -c "
import json
b = json.load(open('ci/b.json'))
b['kernels'][0]['regs'] = 2**32 + 10
json.dump(b, open('ci/huge.json', 'w'))"
expect "baseline: regs 2^32 + 10: exit 2, never narrowed" 2 "$ka" --arch sm_90 -q --baseline ci/huge.json ./k.cu
has "... says it is out of range" "$tmp/err" "a resource is not a whole number from 0 to 2147483647 or null"
printf '#include <cuda_profiler_api.h>\n__global__ void tk(float *x) { x[threadIdx.x] *= 2.0f; }\n' >tk.cu
mkdir -p "$KANALYZE_CACHE_DIR/v1/pch"
head -c 65536 /dev/zero >"$KANALYZE_CACHE_DIR/v1/pch/0123456789abcdef0123456789abcdef.pch.$dead.tmp"
touch -d '2 hours ago' "$KANALYZE_CACHE_DIR/v1/pch/0123456789abcdef0123456789abcdef.pch.$dead.tmp"
expect "killed: a toolkit parse (precompiles its prefix)" 0 "$ka" --arch sm_90 -q ./tk.cu
if ls "$KANALYZE_CACHE_DIR"/v1/pch/*.pch >/dev/null 2>&1; then
    [ ! -e "$KANALYZE_CACHE_DIR/v1/pch/0123456789abcdef0123456789abcdef.pch.$dead.tmp" ] &&
        ok "killed: a killed run's PCH temporary removed" || bad "killed: PCH temporary left" "$(ls "$KANALYZE_CACHE_DIR/v1/pch")"
else
    echo "not run  killed: no PCH made here (no CUDA toolkit headers for libclang)"
fi
cd "$tmp" || exit 1

# ---- an archive of 64-byte members: "\177ELF" and zeros -------------------------------
python3 -c "
m = b'\x7fELF' + bytes(60)
def mem(name, data):
    return (name + '/').ljust(16).encode() + b'0'.ljust(12) + b'0'.ljust(6) + b'0'.ljust(6) + b'644'.ljust(8) + str(len(data)).ljust(10).encode() + b'\x60\n' + data
open('zeros.a', 'wb').write(b'!<arch>\n' + mem('a.o', m) + mem('b.o', m))"
expect "archive of \\177ELF and zeros: exit 2" 2 "$ka" zeros.a
has "... says what is wrong" "$tmp/err" "zeros.a(a.o): unreadable ELF: ELF header: class byte 0 (1: 32-bit, 2: 64-bit)"
hasnt "... never 'no error'" "$tmp/err" "no error"

echo "e2e_round3: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
