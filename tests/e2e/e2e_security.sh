#!/usr/bin/env bash
# e2e_security.sh KANALYZE SRCDIR — hardening end to end, as root
# and, where it matters, as an unprivileged user (nobody, through setpriv):
#
#   shell text   file and folder names with each of ` $ ( ) ; & | < > " ' \
#                tab and newline, directly, through the pre-commit hook, in
#                -D values of a trusted .kanalyze.json and of a compile
#                database, a database's -I and flags: nothing runs (a logging
#                `touch` first on PATH and marker files say so), each analysed
#                (exit 0) or refused (exit 2) as the man page says
#   trust        a repository's defines and database apply only after
#                `kanalyze trust` (and stop when the file changes); the
#                search stops at the repository; a file of another user's,
#                or writable by all, is ignored
#   outputs      /dev/null stays a device, a FIFO is written into, a
#                symbolic link refused (or followed when asked), mode kept
#   cache        NVCC_APPEND_FLAGS / NVCC_PREPEND_FLAGS / nvcc.profile / the
#                host compiler in the key; edited, emptied or truncated
#                entries are misses; a directory of another user's or
#                writable by others is refused; a new one is 0700
#   signals      SIGINT/SIGTERM/SIGHUP: exit 130/143/129, the compiler's
#                process group killed, no temp directory left; after kill -9
#                the next run removes the dead one's
#   hook         a staged .cuh through its .cu, -dash.cu, verbose: true
#   limits       100 MB of compiler stderr, a full TMPDIR
#   smaller      option errors, --arch lists, write errors on /dev/full,
#                TERM=dumb, --color always, config errors naming the file,
#                archs listing --device GPUs, SARIF of a failed compile
# Needs nvcc (else: skipped, exit 77).  Prints one line per check, "not run"
# for what this machine cannot do, and "N passed, N failed".
set -u
ka_built=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
pass=0 fail=0
tmp=$(mktemp -d)
mounted=
sleepers=()
cleanup() {
    [ -n "$mounted" ] && umount "$mounted" 2>/dev/null
    for p in ${sleepers[@]+"${sleepers[@]}"}; do kill -9 "$p" 2>/dev/null; done
    chmod -R u+w "$tmp" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
chmod 755 "$tmp"

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
    echo "skip  security: nvcc not installed"
    exit 77
fi
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
nvcc=$(command -v nvcc)

# a copy every user may run; a `touch` that logs every call: whatever
# nvcc's shell might run by mistake is `touch`, so $tmp/INJECTED says so
mkdir -p "$tmp/bin" "$tmp/spy" "$tmp/log"
cp "$ka_built" "$tmp/bin/kanalyze" && chmod 755 "$tmp/bin/kanalyze"
ka=$tmp/bin/kanalyze
cat >"$tmp/spy/touch" <<EOF
#!/bin/sh
echo "touch \$*" >>"$tmp/log/INJECTED"
exec /usr/bin/touch "\$@"
EOF
chmod 755 "$tmp/spy/touch" "$tmp/spy"
chmod 1777 "$tmp/log"
# an nvcc that counts its compiles, with an nvcc.profile beside it
mkdir -p "$tmp/nvbin"
cat >"$tmp/nvbin/nvcc" <<EOF
#!/bin/sh
case "\$*" in *--version*) ;; *) echo x >>"$tmp/nvcc-calls" ;; esac
exec "$nvcc" "\$@"
EOF
chmod 755 "$tmp/nvbin/nvcc"
echo '# profile 1' >"$tmp/nvbin/nvcc.profile"
calls() { [ -f "$tmp/nvcc-calls" ] && wc -l <"$tmp/nvcc-calls" | tr -d ' ' || echo 0; }
nv=(--nvcc "$tmp/nvbin/nvcc")
export PATH=$tmp/spy:$PATH
export TMPDIR=$tmp/tmpdir KANALYZE_CACHE_DIR=$tmp/cache NO_COLOR=1 HOME=$tmp/home
unset XDG_CONFIG_HOME KANALYZE_NVCC NVCC_APPEND_FLAGS NVCC_PREPEND_FLAGS NVCC_CCBIN
mkdir -p "$TMPDIR" "$HOME"
chmod 1777 "$TMPDIR"

. "$(dirname "$0")/../support/lib.sh"
notrun() { echo "not run  $1"; }
# nothing ran: no logged touch, no file named PWN* in DIR...
clean() {
    local name=$1 found; shift
    found=$( { cat "$tmp/log/INJECTED" 2>/dev/null; for d in "$@"; do ls -A "$d" | grep '^PWN'; done; } 2>/dev/null)
    if [ -z "$found" ]; then ok "$name: nothing ran"; else bad "$name: something ran" "$found"; fi
    rm -f "$tmp/log/INJECTED"
}
tmp_empty() {
    if [ -z "$(ls -A "$TMPDIR")" ]; then ok "$1: no temp directory left"; else bad "$1: temp left" "$(ls -A "$TMPDIR")"; fi
}
regs() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(",".join(str(k["resources"]["regs"]) for f in r["files"] for k in f["kernels"]))' "$tmp/out"; }
as_root=0; [ "$(id -u)" -eq 0 ] && as_root=1
kernel='__global__ void k(float *o) { o[threadIdx.x] = 1.f; }'
q=(--no-uniformity -q)

# ---- names: each shell character, in a file name and a folder name ----------------
# (payloads that would run `touch` or redirect into a PWN file if a shell
# ever saw them; a name cannot hold '/', so markers are relative, and the
# logging touch catches those run elsewhere)
names=('a`touch PWN1`b' 'a$(touch PWN2)b' 'a(b' 'a)b' 'a;touch PWN3;b' 'a&touch PWN4&b' 'a|touch PWN5|b'
       'a<b' 'a>PWN6' 'a"b' "a'b" 'a\b' $'a\ttouch PWN7' $'a\ntouch PWN8\nb')
what=('backtick' 'dollar' 'open parenthesis' 'close parenthesis' 'semicolon' 'ampersand' 'pipe' 'less-than'
      'greater-than' 'double quote' 'single quote' 'backslash' 'tab' 'newline')
work=$tmp/names
mkdir -p "$work"
for i in "${!names[@]}"; do
    n=${names[$i]}
    printf '%s\n' "$kernel" >"$work/$n.cu"
    (cd "$work" && "$ka" "${q[@]}" --no-cache "$n.cu") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && grep -q 'k(float\*)' "$tmp/out"; then ok "file name with a ${what[$i]}: analysed"
    else bad "file name with a ${what[$i]}: analysed (exit $rc)" "$(cat "$tmp/err")"; fi
    clean "file name with a ${what[$i]}" "$work"
    mkdir -p "$work/$n"
    printf '%s\n' "$kernel" >"$work/$n/k.cu"
    (cd "$work/$n" && "$ka" "${q[@]}" --no-cache k.cu) >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && grep -q 'k(float\*)' "$tmp/out"; then ok "folder name with a ${what[$i]}: analysed"
    else bad "folder name with a ${what[$i]}: analysed (exit $rc)" "$(cat "$tmp/err")"; fi
    clean "folder name with a ${what[$i]}" "$work" "$work/$n"
done
tmp_empty "names"
# the name comes back in messages as given, not as the private copy
printf '__global__ void k(float *o) { o[threadIdx.x] = undefined_thing; }\n' >"$work/b\$(x).cu"
(cd "$work" && "$ka" "${q[@]}" --no-cache 'b$(x).cu') >"$tmp/out" 2>"$tmp/err"
has "a compile error names the file as given" "$tmp/err" 'b$(x).cu(1): error'
hasnt "... not kanalyze's copy" "$tmp/err" "input.cu"
# and through the cache: the warm run is a hit
(cd "$work" && "$ka" "${q[@]}" "${nv[@]}" --format json 'a`touch PWN1`b.cu') >"$tmp/cold.json" 2>&1
c0=$(calls)
(cd "$work" && "$ka" "${q[@]}" "${nv[@]}" --format json 'a`touch PWN1`b.cu') >"$tmp/out" 2>"$tmp/err"
if cmp -s "$tmp/out" "$tmp/cold.json" && [ "$c0" -ge 1 ] && [ "$(calls)" -eq "$c0" ]; then
    ok "an odd name is cached like any other"
else
    bad "an odd name is cached like any other ($c0 -> $(calls) compiles)" "$(cat "$tmp/err")"
fi
clean "cached odd name" "$work"

# ---- the pre-commit hook on those names ----------------------------------------------
repo=$tmp/hookrepo
mkdir -p "$repo"
cd "$repo" || exit 1
git init -q . && git config user.email t@example.com && git config user.name t
git commit -q --allow-empty -m base
for n in "${names[@]}"; do printf '%s\n' "$kernel" >"$n.cu"; done
printf '%s\n' "$kernel" >-dash.cu
git add -A
KANALYZE=$ka expect "hook: every odd name staged, analysed" 0 "$src/hooks/pre-commit"
clean "hook: odd names" "$repo"
args=()
for n in "${names[@]}" -dash; do args+=("$n.cu"); done
KANALYZE=$ka expect "hook, framework style: the odd names (and -dash.cu) as arguments" 0 \
    "$src/hooks/pre-commit" --warn-cliff 4 "${args[@]}"
clean "hook, framework style" "$repo"
hasnt "hook, framework style: -dash.cu is a file, not an option" "$tmp/err" "unknown option"
git reset -q
git clean -qfd
# a staged header: through the .cu that includes it
printf '#define N 4\n__device__ inline float h(float x) { return x * N; }\n' >h.cuh
printf '#include "h.cuh"\n__global__ void uses(float *o) { o[threadIdx.x] = h(1.f); }\n' >uses.cu
printf 'void lonely(void);\n' >lonely.cuh
git add uses.cu && git commit -qm uses
git add h.cuh lonely.cuh
KANALYZE=$ka expect "hook: a staged header alone does not stop the commit" 0 "$src/hooks/pre-commit"
has "hook: the header is analysed through its .cu" "$tmp/err" "h.cuh: analysed through uses.cu"
has "hook: a header nothing includes is skipped with a note" "$tmp/err" "lonely.cuh: no .cu or .hip file includes it"
KANALYZE=$ka expect "hook, framework style: a header named" 0 "$src/hooks/pre-commit" h.cuh
has "hook, framework style: through its .cu" "$tmp/err" "h.cuh: analysed through uses.cu"
printf '#include "h.cuh"\nthis is not CUDA\n' >broken.cu
git add broken.cu
KANALYZE=$ka expect "hook: a header whose staged includer does not compile stops the commit" 3 "$src/hooks/pre-commit"
git reset -q
if grep -q 'verbose: true' "$src/.pre-commit-hooks.yaml" &&
    [ "$(grep -c 'verbose: true' "$src/.pre-commit-hooks.yaml")" -eq "$(grep -c '^- id:' "$src/.pre-commit-hooks.yaml")" ]; then
    ok "pre-commit framework: every hook shows its output (verbose: true)"
else
    bad "pre-commit framework: every hook shows its output (verbose: true)"
fi

# hipcc runs clang through a shell too: a -D with shell text is refused there
if command -v hipcc >/dev/null 2>&1 && command -v clang-16 >/dev/null 2>&1; then
    printf '#include <hip/hip_runtime.h>\n__global__ void k(float *o) { o[threadIdx.x] = 1.f; }\n' >"$tmp/k.hip"
    expect "hipcc: a -D value with shell text is refused" 2 "$ka" --no-uniformity --no-cache --clang hipcc \
        --arch gfx90a "$tmp/k.hip" '-DX=$(touch PWN18)'
    has "... saying why" "$tmp/err" "which hipcc would hand to its shell"
    clean "hipcc -D" "$tmp" "$PWD"
else
    notrun "hipcc with shell text (no hipcc and clang-16)"
fi

# ---- a repository's .kanalyze.json, and trust ----------------------------------------
repo=$tmp/repo
mkdir -p "$repo/src" "$repo/tools" "$repo/inc"
cd "$repo" || exit 1
git init -q .
cat >k.cu <<'EOF'
#ifndef X
#error "X is not defined"
#endif
__global__ void k(float *o) { o[threadIdx.x] = 1.f; }
EOF
cat >.kanalyze.json <<'EOF'
{"archs": ["sm_90"], "define": ["X=$(touch PWN9)", "Y=`touch PWN10`"]}
EOF
expect "untrusted config: its defines are left out (k.cu needs X: exit 3)" 3 "$ka" "${q[@]}" k.cu
"$ka" --no-uniformity k.cu >/dev/null 2>"$tmp/err"
has "untrusted config: the warning names what was left out" "$tmp/err" 'not trusted, so left out: "define"'
has "untrusted config: ... and how to trust it" "$tmp/err" "kanalyze trust"
clean "untrusted config" "$repo"
expect "kanalyze trust" 0 "$ka" trust
has "kanalyze trust: says what it trusted" "$tmp/out" "trusted $repo/.kanalyze.json"
entry=$(sed -n 's/.*(to withdraw: rm \(.*\))$/\1/p' "$tmp/out")
[ -n "$entry" ] && [ -f "$entry" ] && [ "$(stat -c %a "$(dirname "$entry")")" = 700 ] &&
    ok "the allow list is a private directory of this user's" || bad "the allow list is a private directory" "$entry"
expect "trusted config: its defines apply, made safe (a header, no shell)" 0 "$ka" "${q[@]}" --no-cache k.cu
clean "trusted config defines" "$repo"
echo ' ' >>.kanalyze.json
expect "a changed config is no longer trusted" 3 "$ka" "${q[@]}" --no-cache k.cu
expect "--config names it: trusted" 0 "$ka" "${q[@]}" --no-cache k.cu --config .kanalyze.json
clean "--config" "$repo"
# each shell character in a -D value of a trusted config
{
    printf '{"archs": ["sm_90"], "define": ["X"'
    for i in "${!names[@]}"; do
        [ "${what[$i]}" = newline ] && continue
        python3 -c 'import json,sys; print(", " + json.dumps("V%s=%s" % (sys.argv[1], sys.argv[2])), end="")' "$i" "${names[$i]}"
    done
    printf ']}\n'
} >.kanalyze.json
"$ka" trust >/dev/null
expect "trusted -D values with every shell character: compiled, nothing ran" 0 "$ka" "${q[@]}" --no-cache k.cu
clean "-D values" "$repo"
printf '{"define": ["X", "Z=a\\nb"]}\n' >.kanalyze.json
"$ka" trust >/dev/null
expect "a -D value with a newline: refused" 2 "$ka" --no-uniformity --no-cache k.cu
has "... saying why" "$tmp/err" "a newline"
# include directories inside the repository apply untrusted; outside, not
echo '#define X 1' >inc/x.h
printf '#include "x.h"\n__global__ void k(float *o) { o[threadIdx.x] = X; }\n' >inc.cu
printf '{"include": ["inc"]}\n' >.kanalyze.json
expect "untrusted config: an include directory inside the repository applies" 0 "$ka" "${q[@]}" --no-cache inc.cu
mkdir -p "$tmp/outside" && echo '#define X 2' >"$tmp/outside/x.h"
printf '{"include": ["%s"]}\n' "$tmp/outside" >.kanalyze.json
expect "untrusted config: an include directory outside is left out" 3 "$ka" --no-uniformity --no-cache inc.cu
has "... with the warning" "$tmp/err" 'left out: "include"'
printf '{"baseline": "../elsewhere.json"}\n' >.kanalyze.json
expect "untrusted config: a baseline outside the repository is left out" 0 "$ka" "${q[@]}" --no-cache k.cu -DX
# a committed compile database that runs a script of the repository's
cat >tools/cc.sh <<EOF
#!/bin/sh
echo ran >>"$tmp/CCRAN"
exec gcc "\$@"
EOF
chmod +x tools/cc.sh
cat >compile_commands.json <<EOF
[{"directory": "$repo", "file": "k.cu",
  "arguments": ["nvcc", "-ccbin", "tools/cc.sh", "-DX", "-arch=sm_90", "-c", "k.cu"]}]
EOF
printf '{"compile_commands": "."}\n' >.kanalyze.json
expect "untrusted config naming a compile database: left out" 3 "$ka" --no-uniformity --no-cache k.cu
has "... said" "$tmp/err" 'left out: "compile_commands"'
[ ! -e "$tmp/CCRAN" ] && ok "the repository's -ccbin script did not run" || bad "the repository's -ccbin script ran"
"$ka" trust >/dev/null
"$ka" --no-uniformity --no-cache -q k.cu >/dev/null 2>&1
[ -e "$tmp/CCRAN" ] && ok "trusted: the database applies (its -ccbin runs)" || bad "trusted: the database applies"
rm -f "$tmp/CCRAN" compile_commands.json
# a database given with -p: -D values with shell text made safe, flags refused
python3 - "$repo" <<'PY'
import json, sys
repo = sys.argv[1]
# as a shell would read it: -DQ=$(touch PWN11)  -DR="`touch PWN12`"  -Iinc$(touch PWN13)
cmd = ("nvcc -DX '-DQ=$(touch PWN11)' -DR=\\\"`touch PWN12`\\\" -Iinc\\$\\(touch\\ PWN13\\) "
       "-arch=sm_90 -c k.cu")
json.dump([{"directory": repo, "file": "kp.cu", "command": cmd.replace("k.cu", "kp.cu")}],
          open(repo + "/compile_commands.json", "w"))
PY
mkdir -p 'inc$(touch PWN13)' && echo '#define FROM_ODD_DIR 1' >'inc$(touch PWN13)/odd.h'
printf '#include "odd.h"\n' | cat - k.cu >kp.cu
expect "-p: -D values and an -I with shell text, made safe" 0 "$ka" "${q[@]}" --no-cache --no-config -p . kp.cu
clean "-p -D" "$repo"
cat >compile_commands.json <<EOF
[{"directory": "$repo", "file": "kp.cu", "arguments": ["nvcc", "-DX", "-Xptxas", "-v;touch PWN14", "-c", "kp.cu"]}]
EOF
expect "-p: a flag with shell text is refused" 2 "$ka" --no-uniformity --no-cache --no-config -p . kp.cu
has "... naming the character" "$tmp/err" "holds a semicolon"
clean "-p flag" "$repo"
rm -f compile_commands.json
# the search stops at the repository's top; outside one, only here counts
mkdir -p "$tmp/outer/repo2/sub" "$tmp/norepo/sub"
echo '{"block": "not JSON' >"$tmp/outer/.kanalyze.json"
git -C "$tmp/outer/repo2" init -q .
printf '%s\n' "$kernel" >"$tmp/outer/repo2/sub/k.cu"
(cd "$tmp/outer/repo2/sub" && "$ka" "${q[@]}" --no-cache k.cu) >"$tmp/out" 2>"$tmp/err" &&
    ok "a config above the repository's top is not read" || bad "a config above the repository's top is not read" "$(cat "$tmp/err")"
echo '{"block": "not JSON' >"$tmp/norepo/.kanalyze.json"
printf '%s\n' "$kernel" >"$tmp/norepo/sub/k.cu"
(cd "$tmp/norepo/sub" && "$ka" "${q[@]}" --no-cache k.cu) >"$tmp/out" 2>"$tmp/err" &&
    ok "outside a repository, a parent's config is not read" || bad "outside a repository, a parent's config is read" "$(cat "$tmp/err")"
(cd "$tmp/norepo" && "$ka" "${q[@]}" --no-cache sub/k.cu) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && ok "outside a repository, the current directory's config is read" || bad "the current directory's config is read"
cd "$repo" || exit 1
printf '{"block": 64}\n' >.kanalyze.json
chmod 666 .kanalyze.json
expect "a config anyone may write is ignored" 0 "$ka" --no-uniformity --no-cache k.cu -DX
has "... with a warning" "$tmp/err" "anyone may write it"
has "... its block not used" "$tmp/out" "block 256"
chmod 644 .kanalyze.json
if [ "$as_root" = 1 ]; then
    chown 65534:65534 .kanalyze.json
    expect "a config of another user's is ignored" 0 "$ka" --no-uniformity --no-cache k.cu -DX
    has "... with a warning" "$tmp/err" "belongs to another user"
    has "... its block not used" "$tmp/out" "block 256"
    chown 0:0 .kanalyze.json
else
    notrun "a config of another user's (only root can make one here; the unprivileged part below checks it)"
fi
printf '{"block": 5000}\n' >.kanalyze.json
expect "a bad value in the config: exit 2" 2 "$ka" --no-uniformity k.cu -DX
has "... naming the file and the key" "$tmp/err" "$repo/.kanalyze.json: \"block\": '5000' is outside 1..1024"
printf '{"archs": ["sm_90", "sm_91"]}\n' >.kanalyze.json
expect "a bad arch in the config: exit 2" 2 "$ka" --no-uniformity k.cu -DX
has "... naming the file" "$tmp/err" "$repo/.kanalyze.json"
printf '{"fail_on": "sometimes"}\n' >.kanalyze.json
expect "a bad fail_on in the config: exit 2" 2 "$ka" --no-uniformity k.cu -DX
has "... naming the file" "$tmp/err" "$repo/.kanalyze.json: \"fail_on\""
rm -f .kanalyze.json

# ---- outputs ------------------------------------------------------------------------------
cd "$repo" || exit 1
if [ "$as_root" = 1 ]; then
    expect "--write-baseline /dev/null as root" 0 "$ka" "${q[@]}" k.cu -DX --write-baseline /dev/null
    [ -c /dev/null ] && ok "/dev/null is still a character device" || bad "/dev/null was replaced"
else
    expect "--write-baseline /dev/null" 0 "$ka" "${q[@]}" k.cu -DX --write-baseline /dev/null
fi
mkfifo fifo
# a FIFO named as an input, with the analysis on: refused, nothing blocks
# on it (libclang's open of it hung the run)
mkfifo fifo.cu
expect "a FIFO as a source input: exit 2, no hang" 2 timeout 60 "$ka" fifo.cu k.cu -DX
has "... naming it" "$tmp/err" "fifo.cu: not a readable regular file"
rm -f fifo.cu
# The reader: this shell holds the FIFO open (read and write: a reader
# from the start, whichever process runs first; a `cat fifo &` may open it
# after a warm kanalyze has found no reader) and drains it afterwards.
drain_fifo() {   # drain_fifo OUT: what was written into fd 3, then fd 3 closed
    python3 -c '
import os, sys
os.set_blocking(3, False)
data = b""
try:
    while True:
        b = os.read(3, 65536)
        if not b:
            break
        data += b
except BlockingIOError:
    pass
open(sys.argv[1], "wb").write(data)' "$1"
    exec 3<&-
}
exec 3<>fifo
expect "--write-baseline into a FIFO" 0 "$ka" "${q[@]}" k.cu -DX --write-baseline fifo
drain_fifo "$tmp/from-fifo"
[ -p fifo ] && ok "the FIFO is still a FIFO" || bad "the FIFO was replaced"
grep -q '"kanalyze_baseline"' "$tmp/from-fifo" && ok "the reader got the baseline" || bad "the reader got the baseline"
ln -s fifo fifo-link
expect "--write-baseline through a link to a FIFO: refused (a link)" 2 "$ka" "${q[@]}" k.cu -DX --write-baseline fifo-link
exec 3<>fifo
expect "... written with --follow-symlinks" 0 "$ka" "${q[@]}" k.cu -DX --write-baseline fifo-link --follow-symlinks
drain_fifo "$tmp/from-fifo"
grep -q '"kanalyze_baseline"' "$tmp/from-fifo" && ok "... the reader got it" || bad "... the reader got it"
echo old >target.json
ln -s target.json link.json
expect "--write-baseline onto a symbolic link: refused" 2 "$ka" "${q[@]}" k.cu -DX --write-baseline link.json
has "... saying what to do" "$tmp/err" "--follow-symlinks"
[ -L link.json ] && [ "$(cat target.json)" = old ] && ok "the link and its target are untouched" || bad "the link or its target changed"
expect "--follow-symlinks: the target is written" 0 "$ka" "${q[@]}" k.cu -DX --write-baseline link.json --follow-symlinks
[ -L link.json ] && grep -q kanalyze_baseline target.json && ok "... through the link, which stays" || bad "--follow-symlinks"
"$ka" "${q[@]}" k.cu -DX --write-baseline b.json >/dev/null
chmod 600 b.json
expect "--write-baseline onto a 0600 file" 0 "$ka" "${q[@]}" k.cu -DX --write-baseline b.json >/dev/null
[ "$(stat -c %a b.json)" = 600 ] && ok "its mode stays 0600" || bad "its mode became $(stat -c %a b.json)"
expect "--write-baseline onto a directory: refused" 2 "$ka" "${q[@]}" k.cu -DX --write-baseline src
[ -z "$(find . -name '.kanalyze-tmp-*')" ] && ok "no temp output file left" || bad "temp output files left"

# ---- the cache: nvcc's environment, the host compiler, checked entries ---------------------
cd "$tmp" || exit 1
cp "$src/tests/e2e/whatif166.cu" heavy.cu
export KANALYZE_CACHE_DIR=$tmp/cache2
NVCC_APPEND_FLAGS=-maxrregcount=64 expect "NVCC_APPEND_FLAGS=-maxrregcount=64" 0 "$ka" "${q[@]}" heavy.cu --format json
[ "$(regs)" = 64 ] && ok "... 64 registers" || bad "... $(regs) registers, wanted 64"
expect "then without it" 0 "$ka" "${q[@]}" heavy.cu --format json
[ "$(regs)" -gt 128 ] && ok "... the kernel's own $(regs) registers, not the cached 64" || bad "... $(regs) registers"
NVCC_PREPEND_FLAGS=-maxrregcount=96 expect "NVCC_PREPEND_FLAGS=-maxrregcount=96" 0 "$ka" "${q[@]}" heavy.cu --format json
[ "$(regs)" = 96 ] && ok "... 96 registers" || bad "... $(regs) registers, wanted 96"
[ "$(stat -c %a "$KANALYZE_CACHE_DIR")" = 700 ] && ok "a new cache directory is private (0700)" ||
    bad "a new cache directory is $(stat -c %a "$KANALYZE_CACHE_DIR")"
# the compiles counted by the wrapper (nvbin/nvcc, nvbin/nvcc.profile)
"$ka" "${q[@]}" "${nv[@]}" heavy.cu >/dev/null 2>&1
c0=$(calls)
expect "cache: warm run" 0 "$ka" "${q[@]}" "${nv[@]}" heavy.cu --format json
[ "$(calls)" -eq "$c0" ] && ok "... compiles nothing" || bad "... compiled ($c0 -> $(calls))"
echo '# profile 2' >"$tmp/nvbin/nvcc.profile"
"$ka" "${q[@]}" "${nv[@]}" heavy.cu >/dev/null 2>&1
[ "$(calls)" -gt "$c0" ] && ok "a changed nvcc.profile is a new key" || bad "a changed nvcc.profile is a new key"
c0=$(calls)
mkdir -p "$tmp/gccbin"
printf '#!/bin/sh\nexec /usr/bin/gcc "$@"\n' >"$tmp/gccbin/gcc"
chmod 755 "$tmp/gccbin/gcc"
PATH=$tmp/gccbin:$PATH "$ka" "${q[@]}" "${nv[@]}" heavy.cu >/dev/null 2>&1
[ "$(calls)" -gt "$c0" ] && ok "another host compiler (gcc on PATH) is a new key" || bad "another host compiler is a new key"
# tampered entries are misses, never believed (a cache with one entry)
export KANALYZE_CACHE_DIR=$tmp/cache3
"$ka" "${q[@]}" "${nv[@]}" heavy.cu >/dev/null 2>&1
c0=$(calls)
entry=$(grep -L '"rev":"kanalyze-uniformity' $(find "$KANALYZE_CACHE_DIR"/v1/r -name '*.json'))   # the compile's, not the analyzer's
[ "$(echo "$entry" | wc -l)" -eq 1 ] && ok "one result entry to tamper with" || bad "one result entry" "$entry"
cp "$entry" "$tmp/entry.bak"
sed -i 's/"regs":[0-9]*/"regs":7/' "$entry"
expect "an edited entry (regs)" 0 "$ka" "${q[@]}" "${nv[@]}" heavy.cu --format json
[ "$(regs)" != 7 ] && [ "$(calls)" -gt "$c0" ] && ok "... is a miss: recompiled, $(regs) registers" || bad "... believed: $(regs) registers"
c0=$(calls)
python3 - "$entry" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["kernels"] = []
open(p, "w").write(json.dumps(d, separators=(",", ":")))
PY
expect "an entry with its kernels removed" 0 "$ka" "${q[@]}" "${nv[@]}" heavy.cu --format json
[ -n "$(regs)" ] && [ "$(calls)" -gt "$c0" ] && ok "... is a miss: the kernel is reported" || bad "... the kernel vanished"
c0=$(calls)
head -c 200 "$tmp/entry.bak" >"$entry"
expect "a truncated entry" 0 "$ka" "${q[@]}" "${nv[@]}" heavy.cu --format json
[ -n "$(regs)" ] && [ "$(calls)" -gt "$c0" ] && ok "... is a miss" || bad "... a truncated entry was used"
# the --baseline gate cannot be fooled through the cache either
rm -rf "$KANALYZE_CACHE_DIR"
"$ka" "${q[@]}" "${nv[@]}" heavy.cu --write-baseline "$tmp/heavy-base.json" >/dev/null
entry=$(grep -L '"rev":"kanalyze-uniformity' $(find "$KANALYZE_CACHE_DIR"/v1/r -name '*.json'))   # the compile's, not the analyzer's
python3 - "$entry" <<'PY'
import json, sys
p = sys.argv[1]; d = json.load(open(p)); d["kernels"] = []
open(p, "w").write(json.dumps(d, separators=(",", ":")))
PY
expect "an emptied entry does not make --baseline pass on nothing" 0 "$ka" "${q[@]}" "${nv[@]}" heavy.cu --baseline "$tmp/heavy-base.json"
has "... the kernel is still there" "$tmp/out" "0 regressions, 0 improved, 0 changed, 1 unchanged, 0 added, 0 removed"
# cache directories not the user's alone
mkdir -p "$tmp/open-cache" && chmod 777 "$tmp/open-cache"
KANALYZE_CACHE_DIR=$tmp/open-cache expect "a cache directory others may write" 0 "$ka" --no-uniformity heavy.cu
has "... is not used" "$tmp/err" "result cache off"
has "... saying why" "$tmp/err" "others may write into it"
[ -z "$(ls -A "$tmp/open-cache")" ] && ok "... nothing written into it" || bad "... something written into it"
if [ "$as_root" = 1 ]; then
    mkdir -p "$tmp/their-cache" && chown 65534:65534 "$tmp/their-cache" && chmod 777 "$tmp/their-cache"
    KANALYZE_CACHE_DIR=$tmp/their-cache expect "a world-writable cache of another user's" 0 "$ka" --no-uniformity heavy.cu
    has "... is not used" "$tmp/err" "it belongs to another user"
    [ -z "$(ls -A "$tmp/their-cache")" ] && ok "... nothing written into it" || bad "... something written into it"
fi
export KANALYZE_CACHE_DIR=$tmp/cache
tmp_empty "cache"

# ---- signals and kill -9 -----------------------------------------------------------------------
cat >"$tmp/slow-nvcc" <<EOF
#!/bin/sh
case "\$*" in *--version*) exec "$nvcc" --version ;; esac
sleep 300 &
echo \$! >"$tmp/sleeper"
wait
EOF
chmod 755 "$tmp/slow-nvcc"
# started with SIGINT at its default (a background job of a script ignores it)
start_slow() {
    rm -f "$tmp/sleeper"
    python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])' "$ka" "${q[@]}" --no-cache --nvcc "$tmp/slow-nvcc" "$repo/k.cu" -DX >/dev/null 2>"$tmp/sig-err" &
    kpid=$!
    for _ in $(seq 1 300); do [ -s "$tmp/sleeper" ] && break; sleep 0.05; done
    spid=$(cat "$tmp/sleeper" 2>/dev/null)
    sleepers+=("$spid")
}
gone() { ! kill -0 "$1" 2>/dev/null || [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = Z ]; }
for sig in INT:130 TERM:143 HUP:129; do
    start_slow
    if [ -z "$spid" ]; then bad "SIG${sig%:*}: the compile did not start"; kill -9 "$kpid"; continue; fi
    kill -"${sig%:*}" "$kpid"
    wait "$kpid"
    rc=$?
    [ "$rc" -eq "${sig#*:}" ] && ok "SIG${sig%:*}: exit ${sig#*:}" || bad "SIG${sig%:*}: exit $rc, wanted ${sig#*:}" "$(cat "$tmp/sig-err")"
    for _ in $(seq 1 100); do gone "$spid" && break; sleep 0.05; done
    gone "$spid" && ok "SIG${sig%:*}: the compiler's process group was killed" || bad "SIG${sig%:*}: the compiler still runs"
    tmp_empty "SIG${sig%:*}"
done
start_slow
kill -9 "$kpid"
wait "$kpid" 2>/dev/null
kill -9 "$spid" 2>/dev/null
[ -n "$(ls -A "$TMPDIR")" ] && ok "kill -9 leaves a temp directory behind (nothing can stop that)" ||
    bad "kill -9: expected a temp directory left"
expect "the next run" 0 "$ka" "${q[@]}" --no-cache "$repo/k.cu" -DX
tmp_empty "after kill -9, the next run"

# ---- a flood on stderr, a full TMPDIR -------------------------------------------------------
cat >"$tmp/loud-nvcc" <<EOF
#!/bin/sh
case "\$*" in *--version*) exec "$nvcc" --version ;; esac
echo "k.cu(1): error: the first line" >&2
yes "k.cu(2): warning: again and again" | head -c 100000000 >&2
echo "k.cu(3): error: the last line" >&2
exit 1
EOF
chmod 755 "$tmp/loud-nvcc"
if [ -x /usr/bin/time ]; then timed=(/usr/bin/time -f '%M' -o "$tmp/rss"); else timed=(); fi
# the same failure without the flood: what the run needs anyway (libclang
# placing the kernels, a sanitizer's shadow memory)
cat >"$tmp/quiet-nvcc" <<EOF
#!/bin/sh
case "\$*" in *--version*) exec "$nvcc" --version ;; esac
echo "k.cu(1): error: the first line" >&2
exit 1
EOF
chmod 755 "$tmp/quiet-nvcc"
rss0=0
if [ ${#timed[@]} -gt 0 ]; then
    "${timed[@]}" "$ka" --no-uniformity --no-cache --nvcc "$tmp/quiet-nvcc" "$repo/k.cu" -DX >/dev/null 2>&1
    rss0=$(tail -1 "$tmp/rss")
fi
expect "a compiler writing 100 MB to stderr: exit 3" 3 "${timed[@]}" "$ka" --no-uniformity --no-cache --nvcc "$tmp/loud-nvcc" "$repo/k.cu" -DX
[ "$(wc -c <"$tmp/err")" -lt 100000 ] && ok "... $(wc -c <"$tmp/err") bytes of it shown" || bad "... $(wc -c <"$tmp/err") bytes shown"
has "... its first line" "$tmp/err" "the first line"
has "... its last line" "$tmp/err" "the last line"
has "... and how much was left out" "$tmp/err" "more lines of compiler output not shown"
if [ ${#timed[@]} -gt 0 ]; then
    rss=$(tail -1 "$tmp/rss")
    # 100 MB of stderr kept would be 97656 KiB more than the quiet failure
    [ $((rss - rss0)) -lt 50000 ] && ok "... in $rss KiB of memory ($rss0 without the flood)" ||
        bad "... $rss KiB of memory ($rss0 without the flood)"
else
    notrun "memory of the flood (no /usr/bin/time)"
fi
mkdir -p "$tmp/full"
if [ "$as_root" = 1 ] && mount -t tmpfs -o size=512k tmpfs "$tmp/full" 2>/dev/null; then
    mounted=$tmp/full
    dd if=/dev/zero of="$tmp/full/fill" bs=4k 2>/dev/null
    TMPDIR=$tmp/full expect "a full TMPDIR: exit 3" 3 "$ka" --no-uniformity --no-cache "$repo/k.cu" -DX
    has "... saying so" "$tmp/err" "file system is full"
    umount "$tmp/full" && mounted=
else
    notrun "a full TMPDIR (needs root and a tmpfs mount)"
fi
mkdir -p "$tmp/bad\$(touch PWN15)"
TMPDIR="$tmp/bad\$(touch PWN15)" expect "a TMPDIR with shell text: refused" 2 "$ka" --no-uniformity --no-cache "$repo/k.cu" -DX
has "... saying why" "$tmp/err" "set TMPDIR to a plain path"
clean "TMPDIR" "$tmp"

# ---- smaller items ------------------------------------------------------------------------------------
cd "$repo" || exit 1
expect "--sms 0: exit 2" 2 "$ka" k.cu -DX --sms 0
has "... names --sms" "$tmp/err" "--sms:"
hasnt "... not --warn-cliff" "$tmp/err" "warn-cliff"
expect "--smem-per-thread -1: exit 2" 2 "$ka" k.cu -DX --smem-per-thread -1
has "... names --smem-per-thread" "$tmp/err" "--smem-per-thread:"
expect "--arch sm_90,sm_90" 0 "$ka" "${q[@]}" k.cu -DX --arch sm_90,sm_90 --format json
[ "$(regs | tr ',' '\n' | wc -l)" -eq 1 ] && ok "... reports each kernel once" || bad "... reports $(regs)"
expect "--arch sm_90,: exit 2" 2 "$ka" k.cu -DX --arch sm_90,
has "... an empty entry" "$tmp/err" "an empty entry"
expect "--arch ,sm_90: exit 2 as well" 2 "$ka" k.cu -DX --arch ,sm_90
has "... an empty entry" "$tmp/err" "an empty entry"
expect "--arch compute_90: a usage error, exit 2" 2 "$ka" k.cu -DX --arch compute_90
has "... saying what to give" "$tmp/err" "give sm_90"
expect "--arch sm_90,gfx90a on a .cu" 0 "$ka" --no-uniformity k.cu -DX --arch sm_90,gfx90a
has "... gfx90a is not dropped silently" "$tmp/err" "--arch gfx90a: no input is compiled for it"
for c in "archs" "--help" "--version" "occupancy --arch sm_90 --regs 32"; do
    # shellcheck disable=SC2086 # the words of the command
    "$ka" $c >/dev/full 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 2 ] && grep -q "cannot write the output" "$tmp/err" && ok "kanalyze $c >/dev/full: exit 2 with a message" ||
        bad "kanalyze $c >/dev/full: exit $rc" "$(cat "$tmp/err")"
done
expect "occupancy --color always" 0 "$ka" occupancy --arch sm_90 --regs 32 --color always
grep -q $'\033\\[' "$tmp/out" && ok "... is coloured" || bad "... has no colour"
if command -v script >/dev/null 2>&1; then
    TERM=dumb NO_COLOR= script -qec "$ka occupancy --arch sm_90 --regs 32" /dev/null >"$tmp/out" 2>&1
    grep -q $'\033\\[' "$tmp/out" && bad "TERM=dumb on a terminal: no colour" "$(cat -v "$tmp/out")" ||
        ok "TERM=dumb on a terminal: no colour"
    TERM=xterm NO_COLOR= script -qec "$ka occupancy --arch sm_90 --regs 32" /dev/null >"$tmp/out" 2>&1
    grep -q $'\033\\[' "$tmp/out" && ok "TERM=xterm on a terminal: colour" || bad "TERM=xterm on a terminal: colour"
else
    notrun "TERM=dumb on a terminal (no script(1))"
fi
expect "kanalyze archs" 0 "$ka" archs
has "... lists the --device GPUs" "$tmp/out" "H200"
expect "SARIF of a failed compile: exit 3" 3 "$ka" --no-uniformity "$src/tests/e2e/syntax_error.cu" --format sarif
python3 - "$tmp/out" >"$tmp/py" 2>&1 <<'PY' && ok "... an invocation that did not succeed, with the toolchain's notification" || bad "SARIF invocation" "$(cat "$tmp/py")"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
inv = run["invocations"]
assert len(inv) == 1 and inv[0]["executionSuccessful"] is False and inv[0]["exitCode"] == 3, inv
n = inv[0]["toolExecutionNotifications"]
assert n and n[0]["level"] == "error", n
t = n[0]["message"]["text"]
assert "compile failed" in t and "error" in t.split("\n", 1)[1], t
assert n[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("syntax_error.cu"), n
PY
expect "SARIF of a clean run: no invocation entry (unchanged)" 0 "$ka" --no-uniformity k.cu -DX --format sarif
hasnt "... " "$tmp/out" '"invocations"'

# ---- the same, unprivileged ------------------------------------------------------------------------
if [ "$as_root" = 1 ] && command -v setpriv >/dev/null 2>&1; then
    nob=$tmp/nobody
    mkdir -p "$nob/home" "$nob/tmp" "$nob/repo"
    printf '%s\n' "$kernel" >"$nob/repo/k.cu"
    git -C "$nob/repo" init -q .
    printf '%s\n' "$kernel" >"$nob/repo/a\`touch PWN16\`b.cu"
    chown -R 65534:65534 "$nob"
    printf '{"block": 64, "define": ["X=$(touch PWN17)"]}\n' >"$nob/repo/.kanalyze.json"    # root's
    # a sanitizer build names its suppressions file in the checkout, which
    # nobody may not be able to read (a clone in a 0700 directory): nobody
    # gets a readable copy
    nob_lsan=${LSAN_OPTIONS:-}
    supp=$(printf '%s' "$nob_lsan" | sed -nE 's#(^|.*:)suppressions=([^:]*).*#\2#p')   # not print_suppressions
    if [ -n "$supp" ]; then
        cp "$supp" "$nob/lsan.supp" && chmod 644 "$nob/lsan.supp"
        nob_lsan=$(printf '%s' "$nob_lsan" | sed -E "s#(^|:)suppressions=[^:]*#\1suppressions=$nob/lsan.supp#")
    fi
    as_nobody() {
        (cd "$nob/repo" && setpriv --reuid=65534 --regid=65534 --clear-groups \
            env HOME="$nob/home" TMPDIR="$nob/tmp" KANALYZE_CACHE_DIR="$nob/home/cache" PATH="$PATH" \
            ${nob_lsan:+LSAN_OPTIONS="$nob_lsan"} "$@")
    }
    expect "nobody: a config of root's in nobody's repository is ignored" 0 as_nobody "$ka" --no-uniformity k.cu
    has "nobody: ... with a warning" "$tmp/err" "belongs to another user"
    has "nobody: ... its block not used" "$tmp/out" "block 256"
    expect "nobody: a file name with a backtick: analysed" 0 as_nobody "$ka" "${q[@]}" 'a`touch PWN16`b.cu'
    clean "nobody: file name" "$nob/repo"
    mkdir -p "$tmp/root-cache" && chmod 777 "$tmp/root-cache"
    expect "nobody: a world-writable cache of root's" 0 as_nobody env KANALYZE_CACHE_DIR="$tmp/root-cache" "$ka" --no-uniformity k.cu
    has "nobody: ... is not used" "$tmp/err" "it belongs to another user"
    [ -z "$(ls -A "$tmp/root-cache")" ] && ok "nobody: ... nothing written into it" || bad "nobody: ... something written into it"
    rm "$nob/repo/.kanalyze.json"
    as_nobody sh -c 'printf "{\"define\": [\"X=1\"]}\n" >.kanalyze.json'
    expect "nobody: kanalyze trust" 0 as_nobody "$ka" trust
    [ -d "$nob/home/.config/kanalyze/trusted" ] && [ "$(stat -c %U "$nob/home/.config/kanalyze/trusted")" = nobody ] &&
        ok "nobody: the allow list is nobody's own" || bad "nobody: the allow list is nobody's own"
    [ -d "$HOME/.config/kanalyze/trusted" ] && ! grep -rqs "$nob/repo" "$HOME/.config/kanalyze/trusted" &&
        ok "nobody: root's allow list does not have it" || bad "nobody: root's allow list has it"
    as_nobody mkdir -p ro
    as_nobody "$ka" "${q[@]}" k.cu --write-baseline ro/b.json >/dev/null 2>&1
    chmod 555 "$nob/repo/ro"
    expect "nobody: a read-only baseline directory: exit 2" 2 as_nobody "$ka" "${q[@]}" k.cu --write-baseline ro/b.json
    grep -q kanalyze_baseline "$nob/repo/ro/b.json" && ok "nobody: ... the old baseline intact" || bad "nobody: ... old baseline lost"
    chmod 755 "$nob/repo/ro"
    as_nobody chmod 000 k.cu
    expect "nobody: an unreadable file: exit 2" 2 as_nobody "$ka" "${q[@]}" k.cu
    as_nobody chmod 644 k.cu
    [ -z "$(ls -A "$nob/tmp")" ] && ok "nobody: no temp directory left" || bad "nobody: temp left" "$(ls -A "$nob/tmp")"
elif [ "$as_root" = 1 ]; then
    notrun "the unprivileged checks (no setpriv)"
else
    notrun "the unprivileged checks need root to switch users; ran as $(id -un): the checks above are this user's"
fi

tmp_empty "the end"
echo "e2e_security: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
