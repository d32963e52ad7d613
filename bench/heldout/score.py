#!/usr/bin/env python3
"""bench/heldout/score.py -- kanalyze's access findings against the hardware.

  bench/heldout/score.py TRUTH.tsv PROJECT=KANALYZE.json... [--sites]

TRUTH.tsv is bench/heldout/truth.py's table (per source line: global
sectors, excessive sectors, the kernel's global sectors) measured by Nsight
Compute on the GPU; each KANALYZE.json is `kanalyze --format json` over the
same project's sources (paths relative to the project's root, as
bench/heldout/run.sh runs it).  A finding counts at (file, line): its
kernel's definition file and its line.

Figures, for T in 25, 50, 75 (% of a line's sectors that are excessive):
  precision(T)  warning-level KA107 sites at lines that ran (measured
                sectors > 0) whose excessive share >= T
  recall(T)     lines whose excessive share >= T and whose sectors are
                >= 5 % of their kernel's global sectors, that carry a
                warning-level access finding
A site is (file, line): several accesses or kernels at one line are one.
A finding the machine code contradicts ("verdict": "contradicted") is not
reported, so it is not counted.
--sites lists every site and every missed line (read only when the figures
are final: the projects are held out)."""
import collections, csv, json, sys

ACCESS_RULES = {'KA107'}
T_LEVELS = (25, 50, 75)
SHARE = 0.05


def load_truth(path):
    lines = collections.defaultdict(lambda: [0, 0, 0])   # (project, file, line) -> sectors, excessive, kernel max share
    with open(path) as f:
        for r in csv.DictReader(f, delimiter='\t'):
            key = (r['project'], r['file'], int(r['line']))
            e = lines[key]
            sec, exc, ks = int(r['sectors']), int(r['excessive']), int(r['kernel_sectors'])
            e[0] += sec
            e[1] += exc
            e[2] = max(e[2], sec / ks if ks else 0)
    return lines


def load_findings(project, path):
    sites = {}
    with open(path) as f:
        d = json.load(f)
    for fl in d.get('files', []):
        for k in fl.get('kernels', []):
            where = k.get('def_file') or fl['file']
            for x in k.get('findings') or []:
                if x.get('verdict') == 'contradicted':
                    continue          # the machine code contradicts it: not reported
                key = (project, where, x['line'])
                sites.setdefault(key, set()).add((x['rule'], x['severity']))
    return sites


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    show = '--sites' in sys.argv
    truth = load_truth(args[0])
    finds = {}
    for a in args[1:]:
        project, path = a.split('=', 1)
        for k, v in load_findings(project, path).items():
            finds.setdefault(k, set()).update(v)

    def warned(key):
        return any(r in ACCESS_RULES and s == 'warning' for r, s in finds.get(key, ()))

    kernels = set()
    with open(args[0]) as f:
        for r in csv.DictReader(f, delimiter='\t'):
            kernels.add((r['project'], r['program'], r['kernel']))
    print(f'truth: {len(kernels)} kernels that ran, {len(truth)} source lines with global sectors, '
          f'{len({k[0] for k in kernels})} projects')
    warn_sites = [k for k in finds if warned(k)]
    ran = [k for k in warn_sites if k in truth and truth[k][0] > 0]
    print(f'KA107 warning sites: {len(warn_sites)}, at lines that ran: {len(ran)}')
    for t in T_LEVELS:
        tp = [k for k in ran if truth[k][1] >= t / 100 * truth[k][0]]
        want = [k for k, (sec, exc, share) in truth.items() if sec and exc >= t / 100 * sec and share >= SHARE]
        got = [k for k in want if warned(k)]
        p = 100 * len(tp) / len(ran) if ran else float('nan')
        rc = 100 * len(got) / len(want) if want else float('nan')
        print(f'T={t:2d}%  precision {len(tp)}/{len(ran)} = {p:5.1f} %   recall {len(got)}/{len(want)} = {rc:5.1f} %')
    if show:
        print('\nsites (file:line rules | sectors excessive share-of-kernel):')
        for k in sorted(set(finds) | set(truth)):
            sec, exc, share = truth.get(k, (0, 0, 0))
            rules = ','.join(sorted(f'{r}/{s}' for r, s in finds.get(k, ())))
            miss = sec and exc >= 0.5 * sec and share >= SHARE and not warned(k)
            if rules or miss:
                tag = 'MISS ' if miss else ('FALSE' if warned(k) and sec and exc < 0.5 * sec else '     ')
                ex = f'{100 * exc / sec:5.1f}%' if sec else '  -  '
                print(f'{tag} {k[0]}/{k[1]}:{k[2]} {rules or "-"} | {sec} {ex} {100 * share:5.1f}%')


if __name__ == '__main__':
    main()
