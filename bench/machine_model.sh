#!/usr/bin/env bash
# bench/machine_model.sh HECBENCH_GIT_DIR [N] — what the warp address model
# (machine/) costs beside the compile it reads: kanalyze on the first N (all)
# compile units of the advice benchmark (../shared/advice-bench), each
# --no-cache with $KANALYZE_TIMINGS, summing per run the "nvcc" phase (the
# device compile) and the "machine model" phase (every kernel's PTX run at
# its launch); prints both and their ratio, from one run on one machine.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
git_dir=${1:?usage: bench/machine_model.sh HECBENCH_GIT_DIR [N]}
n=${2:-0}
ka=${KANALYZE:-$here/build/kanalyze}
bench=${ADVICE_BENCH:-$here/../shared/advice-bench}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$bench/benchmarks.json" "$git_dir" "$tmp" "$ka" "$n" <<'PY'
import json, os, re, subprocess, sys
bj, git_dir, tmp, ka, n = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
B = json.load(open(bj))
units = [(b, rel, fl) for b, v in sorted(B['benchmarks'].items()) if v.get('kernels_profiled') for rel, fl in v['units']]
if n: units = units[:n]
benches = sorted({u[0] for u in units})
paths = subprocess.run(['git', '--git-dir', git_dir, 'ls-tree', '-r', '--name-only', B['commit'], 'src/include'] +
                       ['src/' + b for b in benches], capture_output=True, text=True, check=True).stdout.split()
paths = [p for p in paths if re.search(r'\.(cu|cuh|h|hpp|inc|inl|c|cc|cpp)$|Makefile$', p)]
open(os.path.join(tmp, 'paths'), 'w').write('\n'.join(paths) + '\n')
env = dict(os.environ, GIT_INDEX_FILE=os.path.join(tmp, 'index'))
subprocess.run(['git', '--git-dir', git_dir, '--work-tree', tmp, 'checkout', B['commit'],
                '--pathspec-from-file=' + os.path.join(tmp, 'paths')], env=env, check=True, capture_output=True)
tot = {'nvcc': 0.0, 'machine model': 0.0}
kernels = 0
for b, rel, fl in units:
    e = dict(os.environ, KANALYZE_TIMINGS='1', PATH='/usr/local/cuda/bin:' + os.environ.get('PATH', ''))
    p = subprocess.run([ka, rel, *B['kanalyze_args'], '-q', '--no-cache', '-j', '1', *fl], cwd=os.path.join(tmp, 'src'),
                       capture_output=True, text=True, env=e, timeout=600)
    for line in p.stderr.splitlines():
        m = re.match(r'\s*phase (nvcc|machine model)\s+\S+\s+\S+\s+(\S+)', line)
        if m: tot[m.group(1)] += float(m.group(2))
    try: kernels += sum(len(f['kernels']) for f in json.loads(p.stdout)['files'])
    except Exception: pass
print(f"{len(units)} compile units, {kernels} kernel results: nvcc {tot['nvcc'] / 1000:.1f} s, "
      f"machine model {tot['machine model'] / 1000:.2f} s: "
      f"{tot['machine model'] / max(tot['nvcc'], 1e-9) * 100:.1f} % of the compile")
PY
