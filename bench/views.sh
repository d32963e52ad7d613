#!/usr/bin/env bash
# bench/views.sh [FILE] — what the per-line views cost on a warm cache:
# kanalyze FILE (default kernels/reduction/reduction.cu) as the text report,
# with --lines, as JSON and as the HTML page (charts drawn with cairo),
# each the least CPU time (user + sys of the process) of 15 runs, in one
# run on one machine, with their ratios to the text report.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ka=${KANALYZE:-$here/build/kanalyze}
file=${1:-$here/kernels/reduction/reduction.cu}
python3 - "$ka" "$file" <<'PY'
import os, subprocess, sys
ka, f = sys.argv[1], sys.argv[2]
def cpu(extra, n=15):
    best = 1e9
    for _ in range(n):
        p = subprocess.Popen([ka, f, '-q', *extra], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, ru = os.wait4(p.pid, 0)
        best = min(best, ru.ru_utime + ru.ru_stime)
    return best
subprocess.run([ka, f, '-q'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)   # warm the cache
base = cpu([])
for name, extra in (('--lines', ['--lines']), ('--format json', ['--format', 'json']), ('--format html', ['--format', 'html'])):
    t = cpu(extra)
    print(f'{name:14s} {t * 1e3:7.1f} ms CPU  {t / base:5.2f}x the text report ({base * 1e3:.1f} ms)')
PY
