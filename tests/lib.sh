# lib.sh — what the end-to-end scripts share: a check passes (ok) or fails
# (bad, with up to 30 lines of why), and py runs a Python assertion over
# $tmp/out (extra arguments follow it).  Source it after $tmp is set:
#   . "$(dirname "$0")/lib.sh"
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "ok    $1"; }
bad() { fail=$((fail + 1)); echo "FAIL  $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | head -30 | sed 's/^/      /'; }
py()  { python3 -c "$1" "$tmp/out" "${@:3}" >"$tmp/py" 2>&1 && ok "$2" || bad "$2" "$(cat "$tmp/py")"; }
