#!/usr/bin/env bash
# tests/fuzz/run.sh BUILD_DIR [SECONDS] — run every libFuzzer target for a
# bounded time (default $KA_FUZZ_SECONDS or 30 s each) on a seed corpus made
# from testdata/, with ASan+UBSan and leak detection.  Fails on any crash,
# leak or per-input timeout (> 10 s); the crashing input is kept under
# BUILD_DIR/fuzz-artifacts/ to become a regression fixture.  Prints, per
# target, the executions and the time run.
set -uo pipefail
build=${1:?usage: run.sh BUILD_DIR [SECONDS]}
secs=${2:-${KA_FUZZ_SECONDS:-30}}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$build/fuzz-artifacts"

seed() { # seed TARGET FILES...
    local t=$1; shift
    mkdir -p "$work/$t"
    for f in "$@"; do [ -f "$f" ] && cp "$f" "$work/$t/$(basename "$f")"; done
}
seed fuzz_values /dev/null
printf '128' > "$work/fuzz_values/a"; printf '32-1024:32' > "$work/fuzz_values/b"; printf '1-8,64,100-120:10' > "$work/fuzz_values/c"
seed fuzz_ptxas_log "$src"/testdata/nvidia/*.ptxas.log
seed fuzz_cubin "$src"/testdata/nvidia/*.cubin "$src"/testdata/nvidia/foreign.elf
mkdir -p "$work/fuzz_cli"
printf 'occupancy\0--arch\0sm_90\0--regs\0128\0--block\0256' > "$work/fuzz_cli/a"
printf 'k.cu\0--arch\0sm_80,sm_90a\0-I\0inc\0-DX=1\0-std=c++17\0--\0-O3' > "$work/fuzz_cli/b"
printf 'archs\0--format\0json' > "$work/fuzz_cli/c"
# targets added by later features seed themselves from testdata/ here
for extra in "$src"/tests/fuzz/seeds-*.sh; do [ -f "$extra" ] && . "$extra"; done

fail=0 ran=0
for bin in "$build"/tests/fuzz/fuzz_*; do
    [ -x "$bin" ] || continue
    t=$(basename "$bin")
    mkdir -p "$work/$t"
    log=$work/$t.log
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        "$bin" "$work/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix="$build/fuzz-artifacts/$t-" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    ran=$((ran + 1))
    if [ $rc -eq 0 ]; then
        printf 'fuzz %-18s %10s executions in %s s: no crash\n' "$t" "${execs:-?}" "$secs"
    else
        fail=$((fail + 1))
        printf 'fuzz %-18s FAILED (exit %d) after %s executions:\n' "$t" "$rc" "${execs:-?}"
        grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -10 | sed 's/^/    /'
    fi
done
echo "fuzz: $((ran - fail)) passed, $fail failed"
[ $fail -eq 0 ] && [ $ran -gt 0 ]
