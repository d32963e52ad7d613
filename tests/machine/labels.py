#!/usr/bin/env python3
"""labels.py KANALYZE FILE... — the labelled suite's machine-code findings:
every `expect-model: KA107, KA109` comment in a CUDA or HIP file of
tests/analyzer/ (HIP at the arch its first line names, else gfx90a)
names the rules the warp address model (machine/, lib/accesses.c) reports
at that line, for any kernel of the file; a model finding on a line without
the label fails, as does a label nothing matches (strictly both ways, as the
analyzer's own `expect-finding:` labels are checked by test_analyzer).
Prints one line per mismatch and 'N passed, N failed'."""
import collections, json, re, subprocess, sys

MODEL = {'KA107', 'KA109', 'KA115', 'KA116'}


def main():
    ka, files = sys.argv[1], sys.argv[2:]
    passed = failed = 0
    for path in files:
        want = {}
        for i, l in enumerate(open(path).read().split('\n'), 1):
            m = re.search(r'expect-model:\s*([A-Z0-9, ]+)', l)
            if m:
                want[i] = {x.strip() for x in m.group(1).split(',') if x.strip()}
        first = open(path).readline()
        m0 = re.search(r'arch=(\S+)', first) if first.startswith('// analyzer:') else None
        arch = m0.group(1) if m0 else 'gfx90a' if path.endswith('.hip') else 'sm_90'
        p = subprocess.run([ka, path, '--arch', arch, '--format', 'json', '-q', '--no-cache'],
                           capture_output=True, text=True, timeout=300)
        try:
            doc = json.loads(p.stdout)
        except ValueError:
            print(f'FAIL  {path}: no JSON (exit {p.returncode}): {p.stderr.strip()[:200]}')
            failed += 1
            continue
        got = collections.defaultdict(set)
        for f in doc['files']:
            for k in f['kernels']:
                for x in k['findings']:
                    if x['rule'] in MODEL:
                        got[x['line']].add(x['rule'])
        for line in sorted(set(want) | set(got)):
            w, g = want.get(line, set()), got.get(line, set())
            if w == g:
                passed += 1
            else:
                failed += 1
                print(f'FAIL  {path}:{line}: expected {sorted(w)}, the model reports {sorted(g)}')
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
