#!/usr/bin/env bash
# base_tree.sh KANALYZE REPO FILE [COPIES] — what `--base HEAD` costs a
# pre-commit hook: the base revision's tree written out whole (the first
# run in a work tree) against the in-place update the next commit makes
# (only the files the two commits differ in), and both against the same
# run without --base, all warm on the result cache.  REPO is cloned into a
# scratch directory; COPIES (default 1) makes it that many copies of its
# tree in one commit, to see the whole-tree cost grow with the repository
# while the update's does not.  FILE is a .cu path inside REPO.  Prints the
# median of 3 runs of each, and the ratios.
set -euo pipefail
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repo=$2 file=$3 copies=${4:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export KANALYZE_CACHE_DIR=$tmp/cache PATH=$PATH:/usr/local/cuda/bin
git clone -q "$repo" "$tmp/w"
cd "$tmp/w"
git config user.email b@example.com && git config user.name bench && git config commit.gpgsign false
if [ "$copies" -gt 1 ]; then
    files=$(git ls-files | wc -l)
    for i in $(seq 2 "$copies"); do
        mkdir -p "copy$i" && git ls-files -z | grep -zv '^copy' | xargs -0 cp --parents -t "copy$i" 2>/dev/null || true
    done
    git add -A . >/dev/null && git commit -qm copies
fi
echo "repository: $(git ls-files | wc -l) files, $(du -sh --exclude=.git . | cut -f1); load $(cut -d' ' -f1 /proc/loadavg)"

ms() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s%N); echo $(((t1 - t0) / 1000000)); }
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
run() { "$ka" --arch sm_90 --no-config "$@" "$file"; }

run >/dev/null 2>&1 || true                      # warm the result cache
plain=() full=() update=()
for r in 1 2 3; do
    plain+=("$(ms run)")
    rm -rf "$KANALYZE_CACHE_DIR"/v1/base
    full+=("$(ms run --base HEAD)")              # the tree written out whole
    echo "// edit $r" >>"$(git ls-files | grep -v "^$file$" | head -1)"
    git commit -qam "edit $r"
    update+=("$(ms run --base HEAD)")            # the tree updated with one file
done
p=$(median "${plain[@]}") f=$(median "${full[@]}") u=$(median "${update[@]}")
echo "without --base:          $p ms"
echo "--base HEAD, first run:  $f ms  ($(awk -v a="$f" -v b="$p" 'BEGIN{printf "%.2f", a/b}')x)"
echo "--base HEAD, next commit: $u ms  ($(awk -v a="$u" -v b="$p" 'BEGIN{printf "%.2f", a/b}')x; the update is $(awk -v a="$u" -v b="$f" 'BEGIN{printf "%.2f", a/b}') of the first run)"
