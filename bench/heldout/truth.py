#!/usr/bin/env python3
"""bench/heldout/truth.py -- what the hardware measured, per source line.

Reads the archives bench/heldout/profile.sh wrote on the GPU machine
(bench/heldout/exports/*.tgz: per program ncu's per-SASS-instruction export
and each cubin's `nvdisasm --print-line-info` listing) and joins them: each
profiled kernel's instructions are matched to its function in the listing
by their text, which gives each instruction's file and line; the line's
global sectors, excessive sectors and ideal sectors are the sums over its
instructions (each instruction counted once: ncu repeats a kernel's table).

  bench/heldout/truth.py [EXPORTS_DIR] > bench/heldout/truth.tsv

Columns: project, program, kernel (ncu's demangled name), file (relative to
the project's root), line, sectors, excessive, ideal, kernel_sectors (all
global sectors of that kernel's first launch), ops (the line's global
memory instructions: opcode and access size in bits)."""
import csv, gzip, io, os, re, sys, tarfile

EXPORTS = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), 'exports')
ROOT_MARK = '/.heldout/'


def norm(ins):
    ins = ins.strip().rstrip(';').strip()
    ins = ins.replace('.reuse', '')          # nvdisasm marks operand reuse, ncu does not
    ins = re.sub(r'`\([^)]*\)|0x[0-9a-f]{8,}', 'TARGET', ins)   # branch targets: labels vs addresses
    return re.sub(r'[\s,]+', ' ', ins)


def num(s):
    s = s.replace(',', '').strip()
    try:
        return int(float(s))
    except ValueError:
        return 0


def ncu_tables(text):
    """Yield (kernel, [(addr, instr, row dict)]) for the first table of each kernel."""
    seen = set()
    kernel, hdr, rows = None, None, []
    for r in csv.reader(io.StringIO(text)):
        if not r:
            continue
        if r[0] == 'Kernel Name':
            if kernel and kernel not in seen and rows:
                seen.add(kernel)
                yield kernel, rows
            kernel, hdr, rows = r[1], None, []
        elif r[0] == 'Address':
            hdr = r
        elif hdr and r[0].startswith('0x'):
            rows.append((int(r[0], 16), norm(r[1]), dict(zip(hdr, r))))
    if kernel and kernel not in seen and rows:
        yield kernel, rows


def listing_functions(text):
    """{mangled: [(offset, instr, file, line)]} from nvdisasm --print-line-info."""
    funcs, cur, f, ln = {}, None, None, 0
    for l in text.splitlines():
        m = re.match(r'^\.text\.(\S+):$', l.strip())
        if m:
            cur = funcs.setdefault(m.group(1), [])
            f, ln = None, 0
            continue
        m = re.search(r'//## File "([^"]+)", line (\d+)', l)
        if m:
            f, ln = m.group(1), int(m.group(2))
            continue
        m = re.match(r'^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*(/\*.*)?$', l)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), norm(m.group(2)), f, ln))
    return funcs


def base_name(demangled):
    n = demangled.split('(')[0]
    n = n.split('<')[0]
    return n.split('::')[-1].split(' ')[-1]


def match(kernel, rows, funcs):
    seq = [i for _, i, _ in rows]
    best = None
    for mangled, ins in funcs.items():
        if [i for _, i, _, _ in ins[:len(seq)]] != seq[:len(ins)] or len(ins) < len(seq) * 0.9:
            continue
        score = (base_name(kernel) in mangled, -abs(len(ins) - len(seq)))
        if best is None or score > best[0]:
            best = (score, mangled)
    return best[1] if best else None


def rel(path, project):
    i = path.find(ROOT_MARK)
    if i >= 0:
        path = path[i + len(ROOT_MARK):]
        if path.startswith(project + '/'):
            path = path[len(project) + 1:]
    return path


def main():
    out = csv.writer(sys.stdout, delimiter='\t', lineterminator='\n')
    out.writerow(['project', 'program', 'kernel', 'file', 'line', 'sectors', 'excessive', 'ideal',
                  'kernel_sectors', 'ops'])
    unmatched = 0
    for arc in sorted(os.listdir(EXPORTS)):
        if not arc.endswith('.tgz'):
            continue
        project = arc[:-4]
        with tarfile.open(os.path.join(EXPORTS, arc)) as t:
            members = {m.name: m for m in t.getmembers() if m.isfile()}

            def read(name):
                data = t.extractfile(members[name]).read()
                return gzip.decompress(data).decode('utf-8', 'replace') if name.endswith('.gz') else data.decode()
            programs = sorted(n[len('csv/'):-len('.sass.csv.gz')] for n in members
                              if n.startswith('csv/') and n.endswith('.sass.csv.gz'))
            for prog in programs:
                if not prog.startswith(project + '__'):
                    continue
                funcs = {}
                for n in members:
                    if n.startswith('lines/' + prog + '.') and n.endswith('.sass.gz'):
                        funcs.update(listing_functions(read(n)))
                for kernel, rows in ncu_tables(read('csv/' + prog + '.sass.csv.gz')):
                    mangled = match(kernel, rows, funcs)
                    if not mangled:
                        unmatched += 1
                        print(f'truth: {prog}: {kernel}: no function in the listing matches', file=sys.stderr)
                        continue
                    base = rows[0][0]
                    where = {off: (f, ln) for off, _, f, ln in funcs[mangled]}
                    lines, total = {}, 0
                    for addr, ins, d in rows:
                        sec = num(d.get('L2 Theoretical Sectors Global', '0'))
                        if sec <= 0:
                            continue
                        f, ln = where.get(addr - base, (None, 0))
                        key = (rel(f, project) if f else '?', ln)
                        e = lines.setdefault(key, [0, 0, 0, []])
                        e[0] += sec
                        e[1] += num(d.get('L2 Theoretical Sectors Global Excessive', '0'))
                        e[2] += num(d.get('L2 Theoretical Sectors Global Ideal', '0'))
                        op = ins.split(' ')[0] if not ins.startswith('@') else ins.split(' ')[1]
                        e[3].append(f"{op}:{d.get('Access Size', '?')}")
                        total += sec
                    for (f, ln), (sec, exc, ide, ops) in sorted(lines.items()):
                        out.writerow([project, prog[len(project) + 2:], kernel, f, ln, sec, exc, ide, total,
                                      ' '.join(sorted(set(ops)))])
    if unmatched:
        print(f'truth: {unmatched} kernels unmatched', file=sys.stderr)


if __name__ == '__main__':
    main()
