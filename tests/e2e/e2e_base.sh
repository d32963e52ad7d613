#!/usr/bin/env bash
# e2e_base.sh KANALYZE SRCDIR — the gate without a baseline file: --base REV
# analyses the same files as they are at REV (its merge base with HEAD)
# from git and compares as --baseline does.  A cliff crossing fails, an
# unrelated edit passes; a renamed (and moved) file's kernels are matched
# by their mangled names; a branch is compared with its merge base; a
# compile database with the work tree's absolute paths is mapped into the
# base; --fail-on warning gates new findings; JSON and SARIF carry them;
# a bad revision or no work tree is exit 2 before anything is compiled;
# the pre-commit hook with no baseline file stops a staged cliff crossing
# and passes an unrelated change.  Needs nvcc and git (else "not run").
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp
export NO_COLOR=1 PATH=$PATH:/usr/local/cuda/bin
export KANALYZE_CACHE_DIR=$tmp/cache
if ! command -v nvcc >/dev/null || ! command -v git >/dev/null; then
    echo "not run: nvcc or git not found"
    exit 77
fi
repo=$tmp/repo
mkdir -p "$repo/inc" "$repo/bin"
cd "$repo" || exit 1
git init -q -b main . && git config user.email t@example.com && git config user.name t && git config commit.gpgsign false
variant() {   # FILE KA_NV KA_MAXNREG (tests/e2e/guard_pressure.cu's table)
    { echo '#include "e.h"'
      sed "s/^#define KA_NV .*/#define KA_NV $2/; s/^#define KA_MAXNREG .*/#define KA_MAXNREG $3/" \
          "$src/tests/e2e/guard_pressure.cu"; } >"$1"
}
echo '#define KA_EXTRA 0' >inc/e.h
variant k.cu 120 128
cp "$src/tests/e2e/findings_gate.cu" f.cu
git add k.cu f.cu inc && git commit -qm base

# ---- --base HEAD -----------------------------------------------------------------
variant k.cu 120 129
expect "--base HEAD: a cliff crossing fails" 1 "$ka" --arch sm_90 --no-config -I inc --base HEAD k.cu
has "... named against HEAD's commit" "$tmp/out" "baseline HEAD ($(git rev-parse --short=10 HEAD)): 1 regression"
has "... the cliff" "$tmp/out" "register-cliff: registers 128 -> 129, blocks/SM 2 -> 1"
ls "$KANALYZE_CACHE_DIR"/v1/base/*/tree/k.cu >/dev/null 2>&1 && ok "... the base tree kept under the cache" ||
    bad "... the base tree kept under the cache" "$(ls -R "$KANALYZE_CACHE_DIR" | head)"
grep -q 'KA_MAXNREG 128' "$KANALYZE_CACHE_DIR"/v1/base/*/tree/k.cu && ok "... holding HEAD's version" ||
    bad "... holding HEAD's version"
stamp=$(stat -c %Y.%i "$KANALYZE_CACHE_DIR"/v1/base/*/tree)
inode=$(stat -c %i "$KANALYZE_CACHE_DIR"/v1/base/*/tree)
expect "... again: the same verdict" 1 "$ka" --arch sm_90 --no-config -I inc --base HEAD k.cu -q
[ "$(stat -c %Y.%i "$KANALYZE_CACHE_DIR"/v1/base/*/tree)" = "$stamp" ] && ok "... the tree not written out again" ||
    bad "... the tree not written out again"
expect "... --no-cache: the same verdict from a temp tree" 1 "$ka" --arch sm_90 --no-config -I inc --base HEAD k.cu -q --no-cache
has "... -q explains the exit" "$tmp/err" "exit 1: 1 regression against the baseline HEAD ("
variant k.cu 120 128
echo '// an unrelated edit' >>k.cu
expect "--base HEAD: an unrelated edit passes" 0 "$ka" --arch sm_90 --no-config -I inc --base HEAD k.cu
has "... unchanged" "$tmp/out" "0 regressions, 0 improved, 0 changed, 2 unchanged"

# ---- a rename: matched by mangled name ------------------------------------------------
git checkout -q k.cu
mkdir -p sub
git mv k.cu sub/moved.cu
variant sub/moved.cu 120 129
expect "a renamed, moved file's regression still fails" 1 "$ka" --arch sm_90 --no-config -I inc --base HEAD sub/moved.cu
has "... matched across the rename" "$tmp/out" "REGRESSION  sub/moved.cu:20  void pressure<128>(float*, float const*) (sm_90): register-cliff: registers 128 -> 129"
has "... says where it came from" "$tmp/out" "(moved from k.cu)"
hasnt "... not an added kernel" "$tmp/out" "new kernel"
cd sub || exit 1
expect "... from a subdirectory, relative names" 1 "$ka" --arch sm_90 --no-config -I ../inc --base HEAD moved.cu -q
cd "$repo" || exit 1
git reset -q --hard

# ---- a branch: its merge base ------------------------------------------------------
git checkout -q -b topic
variant k.cu 120 129
git commit -qam "topic: more registers"
git checkout -q -
variant k.cu 112 120
git commit -qam "main moves on"
git checkout -q topic
expect "--base main on a branch: compared with the merge base" 1 "$ka" --arch sm_90 --no-config -I inc --base main k.cu
has "... the label names it" "$tmp/out" "baseline main (merge base $(git merge-base main topic | cut -c1-10)): 1 regression"
has "... 128 at the merge base, not main's 120" "$tmp/out" "registers 128 -> 129"
git checkout -q main

# ---- a compile database with absolute paths ---------------------------------------
mkdir -p build
printf '[{"directory": "%s/build", "file": "%s/k.cu", "arguments": ["nvcc", "-I%s/inc", "-arch=sm_90", "-c", "%s/k.cu", "-o", "k.o"]}]\n' \
    "$repo" "$repo" "$repo" "$repo" >build/compile_commands.json
variant k.cu 120 129
expect "-p build --base HEAD: the database's paths mapped into the base" 1 "$ka" --no-config -p build --base HEAD
has "... 120 at HEAD -> 129" "$tmp/out" "registers 120 -> 129"
hasnt "... no base error" "$tmp/err" "analysing the base"
# HEAD moved on since the tree was written: updated in place with what changed
[ "$(stat -c %i "$KANALYZE_CACHE_DIR"/v1/base/*/tree)" = "$inode" ] && grep -q 'KA_MAXNREG 120' "$KANALYZE_CACHE_DIR"/v1/base/*/tree/k.cu &&
    [ "$(cat "$KANALYZE_CACHE_DIR"/v1/base/*/commit)" = "$(git rev-parse HEAD)" ] &&
    ok "... a new HEAD: the base tree updated in place with the files that changed" ||
    bad "... the base tree updated in place" "$(ls -id "$KANALYZE_CACHE_DIR"/v1/base/*/tree; cat "$KANALYZE_CACHE_DIR"/v1/base/*/commit)"
git checkout -q k.cu

# ---- findings --------------------------------------------------------------------
sed 's|^        out\[i\] += in\[i \* 32 + k\];|&\n    for (int k = 0; k < n; k++)\n        out[i * 16 + k] = in[k];|' \
    "$src/tests/e2e/findings_gate.cu" >f.cu
expect "--fail-on warning: a new KA107 against the base fails" 1 "$ka" --arch sm_90 --no-config --base HEAD --fail-on warning f.cu
has "... named" "$tmp/out" "NEW         f.cu:9  KA107 warning in strided(float const*, float*, int): out[i * 16 + k] = in[k];"
expect "--format json: the baseline's new findings" 0 "$ka" --arch sm_90 --no-config --base HEAD --format json f.cu
py 'import json,sys; b=json.load(open(sys.argv[1]))["baseline"]
nf=b["new_findings"]; assert [(f["rule"],f["file"],f["line"],f["level"]) for f in nf]==[("KA107","f.cu",9,"warning")], nf
assert b["file"].startswith("HEAD ("), b["file"]' "... new_findings lists it (rule, file, line, level)"
expect "--format sarif: baselineState" 0 "$ka" --arch sm_90 --no-config --base HEAD --format sarif f.cu
py 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]
st={(x["ruleId"],x["locations"][0]["physicalLocation"]["region"]["startLine"]):x.get("baselineState") for x in r if x["ruleId"].startswith("KA1")}
assert st[("KA107",9)]=="new" and st[("KA107",7)]=="unchanged", st' "... new for the new site, unchanged for the old"
git checkout -q f.cu

# a file the base does not have: its kernels are added, its warnings new
cp "$src/tests/e2e/findings_gate.cu" brand_new.cu
expect "a new file: --fail-on warning fails on its KA107" 1 "$ka" --arch sm_90 --no-config --base HEAD --fail-on warning brand_new.cu
has "... said once" "$tmp/err" "none of the inputs is in the base; every kernel is new"
hasnt "... not twice" "$tmp/err" "new since the base"
has "... the warning is new" "$tmp/out" "1 new finding (1 warning)"
rm brand_new.cu

# ---- refused before compiling ---------------------------------------------------------
expect "--base nosuch: exit 2" 2 "$ka" --arch sm_90 --no-config -I inc --base nosuch k.cu
has "... says so" "$tmp/err" "--base nosuch: no such commit in"
hasnt "... before compiling" "$tmp/out" "pressure"
expect "--base=-x: exit 2" 2 "$ka" --arch sm_90 --no-config --base=-x k.cu
has "... not a revision" "$tmp/err" "takes a git revision, not '-x'"
expect "--base with --baseline: exit 2" 2 "$ka" --arch sm_90 --no-config --base HEAD --baseline b.json k.cu
has "... give one" "$tmp/err" "--base and --baseline: give one"
mkdir -p "$tmp/nogit" && cp k.cu "$tmp/nogit/" && cp inc/e.h "$tmp/nogit/"
(cd "$tmp/nogit" && GIT_CEILING_DIRECTORIES=$tmp "$ka" --arch sm_90 --no-config --base HEAD k.cu >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] && grep -q "not inside a git work tree" "$tmp/err" && ok "outside a work tree: exit 2, said" ||
    bad "outside a work tree: exit 2, said" "$(cat "$tmp/rc" "$tmp/err")"

# ---- the pre-commit hook with no baseline file --------------------------------------
ln -sf "$ka" bin/kanalyze
export PATH=$repo/bin:$PATH
variant k.cu 120 129
git add k.cu
expect "hook, no baseline file: a staged cliff crossing stops the commit" 1 "$src/hooks/pre-commit" --arch sm_90 -I inc
has "... against HEAD" "$tmp/err" "baseline HEAD ("
has "... the crossing (main's HEAD holds 120)" "$tmp/err" "registers 120 -> 129"
git reset -q --hard
echo '// unrelated' >>k.cu
git add k.cu
expect "hook, no baseline file: an unrelated change passes" 0 "$src/hooks/pre-commit" --arch sm_90 -I inc
git reset -q --hard
variant k.cu 120 129
git add k.cu
KANALYZE_BASE=none expect "hook, KANALYZE_BASE=none: not compared" 0 "$src/hooks/pre-commit" --arch sm_90 -I inc

# a file the new HEAD removed goes from the base tree too
git reset -q --hard
cp "$src/tests/e2e/cliff128.cu" gone.cu && git add gone.cu && git commit -qm "add gone.cu"
"$ka" --arch sm_90 --no-config -I inc --base HEAD k.cu -q >/dev/null 2>&1
ls "$KANALYZE_CACHE_DIR"/v1/base/*/tree/gone.cu >/dev/null 2>&1 && ok "... an added file written into the base tree" ||
    bad "... an added file written into the base tree"
git rm -q gone.cu && git commit -qm "remove gone.cu"
"$ka" --arch sm_90 --no-config -I inc --base HEAD k.cu -q >/dev/null 2>&1
! ls "$KANALYZE_CACHE_DIR"/v1/base/*/tree/gone.cu >/dev/null 2>&1 && ok "... a removed file taken out of it" ||
    bad "... a removed file taken out of it"

echo "e2e_base: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
