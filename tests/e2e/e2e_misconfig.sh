#!/usr/bin/env bash
# e2e_misconfig.sh KANALYZE SRCDIR — settings that would otherwise be wrong
# in silence: a trusted .kanalyze.json naming a compile database that does
# not exist is a warning naming the path (a typo, or not built yet), the
# analysis going on with the config's own flags; once the database exists,
# no warning.  Needs nvcc (else "not run", exit 77).
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
. "$(dirname "$0")/../support/lib.sh"
private_tmp
command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
if ! command -v nvcc >/dev/null 2>&1; then
    echo "not run: nvcc not found"
    exit 77
fi
export NO_COLOR=1 HOME=$tmp/home
unset XDG_CONFIG_HOME KANALYZE_NVCC
mkdir -p "$HOME" "$tmp/repo"
cd "$tmp/repo" && git init -q . || exit 1
cp "$src/tests/e2e/findings_gate.cu" k.cu
printf '{"archs": ["sm_90"], "compile_commands": "buidl"}\n' >.kanalyze.json
"$ka" trust >/dev/null 2>&1
expect "a config naming a missing compile database: still analysed, exit 0" 0 "$ka" --no-cache k.cu
has "... a warning naming the path" "$tmp/err" "warning: \"compile_commands\": $tmp/repo/buidl does not exist (not built yet, or a wrong path?)"
mkdir -p buidl
printf '[{"directory": "%s", "file": "k.cu", "arguments": ["nvcc", "-arch=sm_90", "-c", "k.cu"]}]\n' "$tmp/repo" >buidl/compile_commands.json
"$ka" trust >/dev/null 2>&1
expect "the database there: exit 0" 0 "$ka" --no-cache k.cu
hasnt "... no warning" "$tmp/err" "does not exist"

echo "e2e_misconfig: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
