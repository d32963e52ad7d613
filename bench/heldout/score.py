#!/usr/bin/env python3
"""bench/heldout/score.py -- kanalyze's access findings against the hardware.

  bench/heldout/score.py TRUTH.tsv PROJECT=KANALYZE.json... [--min-share=F] [--sites]

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
--min-share=F counts a warning whose estimated cost ("cost": "share") is
below F as info, as a report that hides low-cost sites would.
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


def load_findings(project, path, min_share=0.0, costs=None):
    """{(project, file, line): {(rule, severity)}}; a warning whose
    estimated share of its kernel's global sectors is below min_share counts
    as info (what the text report would show); costs collects each access
    finding's (rule, estimated share) per site."""
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
                sev = x['severity']
                cost = x.get('cost')
                if sev == 'warning' and cost and cost['share'] < min_share:
                    sev = 'info'
                sites.setdefault(key, set()).add((x['rule'], sev))
                if costs is not None and cost:
                    costs.setdefault(key, []).append((x['rule'], cost['share']))
    return sites


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    show = '--sites' in sys.argv
    min_share = 0.0
    for a in sys.argv[1:]:
        if a.startswith('--min-share='):
            min_share = float(a.split('=', 1)[1])
    costs = {}
    truth = load_truth(args[0])
    finds = {}
    for a in args[1:]:
        project, path = a.split('=', 1)
        for k, v in load_findings(project, path, min_share, costs).items():
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
    # per rule: its sites at lines that ran, how many are >= 50 % excessive,
    # the median measured share of the kernel's sectors, and the estimate
    by_rule = collections.defaultdict(list)
    for k, v in finds.items():
        if k in truth and truth[k][0] > 0:
            for r, _ in v:
                by_rule[r].append(k)
    print('rule  sites-ran  >=50%-excessive  median-measured-share  median-estimated-share')
    for r in sorted(by_rule):
        ks = sorted(set(by_rule[r]))
        meas = sorted(truth[k][2] for k in ks)
        est = sorted(s for k in ks for rr, s in costs.get(k, []) if rr == r)
        exc = sum(1 for k in ks if truth[k][1] >= 0.5 * truth[k][0])
        med = lambda v: f'{100 * v[len(v) // 2]:5.1f} %' if v else '   -   '
        print(f'{r}  {len(ks):9d}  {exc:15d}  {med(meas):>21}  {med(est):>22}')
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
