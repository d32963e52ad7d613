# lib.sh — what the end-to-end scripts share: a check passes (ok) or fails
# (bad, with up to 30 lines of why), py runs a Python assertion over
# $tmp/out (extra arguments follow it), and private_tmp makes $tmp, removed
# on exit, the home of kanalyze's temporary files and result cache; expect
# NAME WANTED_RC CMD... runs CMD with its stdout and stderr in $tmp/out and
# $tmp/err and checks its exit code; has / hasnt NAME FILE TEXT check that
# FILE holds (or not) TEXT; need_nvcc exits 77 ("not run") without nvcc:
#   . "$(dirname "$0")/../support/lib.sh"; private_tmp    (from tests/e2e/, tests/tree/ ...)
pass=0 fail=0
private_tmp() {
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    export TMPDIR=$tmp KANALYZE_CACHE_DIR=$tmp/cache
}
ok()  { pass=$((pass + 1)); echo "ok    $1"; }
bad() { fail=$((fail + 1)); echo "FAIL  $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -30 | sed 's/^/      /'; }
py()  { python3 -c "$1" "$tmp/out" "${@:3}" >"$tmp/py" 2>&1 && ok "$2" || bad "$2" "$(cat "$tmp/py")"; }
expect() {
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/err" "$tmp/out")"; fi
}
# need_nvcc: CUDA's bin on PATH, or "not run" and exit 77 without nvcc
need_nvcc() {
    export PATH=$PATH:/usr/local/cuda/bin
    command -v nvcc >/dev/null || { echo "not run: no nvcc"; exit 77; }
}
has()   { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in $(basename "$2")" "$(cat "$2")"; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then bad "$1: '$3' in $(basename "$2")" "$(cat "$2")"; else ok "$1"; fi; }
