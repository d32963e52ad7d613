#!/usr/bin/env python3
"""binary_agree.py — the binary readers checked against independent readers
of the same files.

  binary_agree.py cuobjdump BINARY_DUMP FILE|DIR...
      every kernel kanalyze reads from an NVIDIA binary (cubin, fatbin, .o,
      .a, .so, executable) against the pinned `cuobjdump -res-usage`:
      registers, stack, shared and local memory per function per arch.
  binary_agree.py remarks BINARY_DUMP DIR...
      every kernel of the AMD binaries in DIR against clang's
      -Rpass-analysis=kernel-resource-usage remarks captured beside them
      (NAME.ARCH.remarks): VGPRs, AGPRs, SGPRs, scratch, LDS.

Prints the counts ("N of M kernels agree") and every disagreement; exit 1
on any, 77 when the oracle is missing (cuobjdump not installed), 0 else.

Conventions compared: cuobjdump's SHARED counts the driver's 1 KiB
reservation that sm_90+ cubins carry in the kernel's shared section
(.nv.shared.reserved.0); kanalyze reports shared memory without it, as
ptxas -v and cudaFuncGetAttributes do.  So SHARED == smem, or on sm_90 and
later SHARED == smem + 1024.  cuobjdump's LOCAL is static local memory
(.nv.local.<function> sections; 0 in every CUDA 13 cubin seen, the toolkit's
libraries included), not kanalyze's `local` (the per-thread stack frame,
EIATTR_FRAME_SIZE, which cuobjdump folds into STACK): LOCAL must be 0.
cuobjdump also lists non-inlined __device__ functions, which are not
kernels: they are counted apart.
"""
import collections
import os
import re
import shutil
import subprocess
import sys

NV_SUFFIXES = ('.cubin', '.fatbin', '.o', '.a', '.so')
# the damaged fixtures of testdata/binary (make_fixtures.py corrupt): golden
# tests cover them, they have nothing to agree on
FIXTURE = re.compile(r'^(bad|trunc|unknown|bomb|garbage)')


def find_cuobjdump(here):
    env = os.environ.get('KANALYZE_CUOBJDUMP')
    if env:
        return shutil.which(env)
    for rel in ('.tools/python/nvidia/cu13/bin/cuobjdump', '.tools/python/nvidia/cuda_cuobjdump/bin/cuobjdump'):
        p = os.path.join(here, rel)
        if os.access(p, os.X_OK):
            return p
    return shutil.which('cuobjdump') or (
        '/usr/local/cuda/bin/cuobjdump' if os.access('/usr/local/cuda/bin/cuobjdump', os.X_OK) else None)


def files_of(args, pred):
    out = []
    for a in args:
        if os.path.isdir(a):
            out += sorted(os.path.join(a, f) for f in os.listdir(a) if pred(f) and not FIXTURE.match(f))
        else:
            out.append(a)
    return out


def sm_number(arch):
    m = re.match(r'sm_(\d+)', arch or '')
    return int(m.group(1)) if m else 0


def cuobjdump_functions(tool, path):
    """{(arch, function): [(REG, STACK, SHARED, LOCAL), ...]} and the ELF archs."""
    text = subprocess.run([tool, '-res-usage', path], capture_output=True, text=True).stdout
    funcs = collections.defaultdict(list)
    archs = set()
    arch, elf, name = None, False, None
    for line in text.splitlines():
        if line.startswith('Fatbin elf code') or line.startswith('Fatbin ptx code'):
            elf, arch = line.startswith('Fatbin elf'), None
        elif line.startswith('member '):
            elf, arch = True, None
        elif line.startswith('arch = '):
            arch = line.split('=', 1)[1].strip()
            if elf:
                archs.add(arch)
        elif line.startswith(' Function '):
            name = line[len(' Function '):].rstrip(':')
        elif name and 'REG:' in line:
            v = dict(kv.split(':', 1) for kv in line.split() if ':' in kv)
            funcs[(arch, name)].append(tuple(int(v[k]) for k in ('REG', 'STACK', 'SHARED', 'LOCAL')))
            name = None
    # archs whose cubins hold functions (an empty cubin names an arch with no kernel)
    return funcs, {a for (a, _) in funcs if a in archs}


def kanalyze_kernels(dump, path):
    out = subprocess.run([dump, '--res-usage', path], capture_output=True, text=True)
    kernels = []
    for line in out.stdout.splitlines():
        arch, name, regs, stack, smem, local = line.split()
        kernels.append((arch, name, int(regs), int(stack), int(smem), int(local)))
    return kernels, out.returncode


def agree_nvidia(dump, tool, path):
    funcs, cu_archs = cuobjdump_functions(tool, path)
    kernels, rc = kanalyze_kernels(dump, path)
    bad = []
    if rc != 0:
        bad.append('%s: binary_dump failed (exit %d)' % (path, rc))
    used = collections.Counter()
    ok = 0
    plain_cubin = not cu_archs
    for arch, name, regs, stack, smem, local in kernels:
        cands = funcs.get((None if plain_cubin else arch, name), [])
        match = None
        for i, (r, s, sh, lo) in enumerate(cands):
            if used[(arch, name, i)]:
                continue
            shared_ok = sh == smem or (sm_number(arch) >= 90 and sh == smem + 1024)
            if r == regs and s == stack and lo == 0 and shared_ok:
                match = i
                break
        if match is None:
            bad.append('%s: %s %s: kanalyze REG:%d STACK:%d SHARED:%d LOCAL:%d, cuobjdump %s' % (
                os.path.basename(path), arch, name, regs, stack, smem, local,
                ' | '.join('REG:%d STACK:%d SHARED:%d LOCAL:%d' % c for c in cands) or 'no such function'))
        else:
            used[(arch, name, match)] = 1
            ok += 1
    ka_archs = {k[0] for k in kernels}
    others = sum(len(v) for v in funcs.values()) - ok
    arch_ok = plain_cubin or ka_archs == cu_archs
    if not arch_ok:
        bad.append('%s: archs kanalyze %s, cuobjdump %s' % (os.path.basename(path), sorted(ka_archs), sorted(cu_archs)))
    return ok, len(kernels), others, (len(ka_archs), len(cu_archs), arch_ok), bad


def parse_remarks(path):
    """{mangled: {key: value}} from a kernel-resource-usage log."""
    out, cur = {}, None
    for line in open(path, encoding='utf-8', errors='replace'):
        m = re.search(r'Function Name: (\S+)', line)
        if m:
            cur = out.setdefault(m.group(1), {})
            continue
        m = re.search(r'remark: \s*(SGPRs|VGPRs|AGPRs|ScratchSize \[bytes/lane\]|LDS Size \[bytes/block\]): (\d+)',
                      line)
        if m and cur is not None:
            cur[m.group(1).split()[0]] = int(m.group(2))
    return out


def agree_amd(dump, path, logs):
    out = subprocess.run([dump, path], capture_output=True, text=True)
    bad, ok, total = [], 0, 0
    for line in out.stdout.splitlines():
        m = re.match(r'(gfx\S+) (\S+) \[.*\] vgprs=(-?\d+) agprs=(-?\d+) sgprs=(-?\d+) lds=(-?\d+) scratch=(-?\d+)', line)
        if not m:
            continue
        arch, name = m.group(1), m.group(2)
        got = dict(VGPRs=int(m.group(3)), AGPRs=int(m.group(4)), SGPRs=int(m.group(5)), LDS=int(m.group(6)),
                   ScratchSize=int(m.group(7)))
        base = arch.split(':')[0]
        rem = logs.get(base, {}).get(name)
        total += 1
        if rem is None:
            bad.append('%s: %s %s: no remark for it' % (os.path.basename(path), arch, name))
            continue
        diffs = ['%s kanalyze %d, remark %s' % (k, v, rem.get(k, 'absent')) for k, v in got.items()
                 if rem.get(k, -1) != v]
        if diffs:
            bad.append('%s: %s %s: %s' % (os.path.basename(path), arch, name, '; '.join(diffs)))
        else:
            ok += 1
    return ok, total, bad


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ('cuobjdump', 'remarks'):
        print(__doc__.strip().split('\n\n')[1], file=sys.stderr)
        return 2
    mode, dump, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    here = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
    failures = []
    if mode == 'cuobjdump':
        tool = find_cuobjdump(here)
        if not tool:
            print('cuobjdump not found (./setup.sh installs the pinned one): not run')
            return 77
        files = files_of(args, lambda f: f.endswith(NV_SUFFIXES) or f.endswith('.exe'))
        sums = [0, 0, 0, 0, 0]
        for f in files:
            ok, total, others, (ka_a, cu_a, arch_ok), bad = agree_nvidia(dump, tool, f)
            failures += bad
            print('%-28s %5d of %5d kernels agree; archs %d kanalyze / %d cuobjdump%s; %d other functions' % (
                os.path.basename(f), ok, total, ka_a, cu_a, '' if arch_ok else ' (DIFFER)', others))
            sums[0] += ok
            sums[1] += total
            sums[2] += others
            sums[3] += 1 if arch_ok else 0
            sums[4] += 1
        print('cuobjdump: %d of %d kernels agree, archs equal in %d of %d files, %d device functions apart' % (
            sums[0], sums[1], sums[3], sums[4], sums[2]))
    else:
        files = files_of(args, lambda f: f.endswith(('.hip.o', '.hipexe', '.co', '.hipfb', '.ccob')))
        tot_ok = tot = 0
        for f in files:
            # NAME.ARCH.remarks beside it, NAME being the file name up to its first dot
            prefix = os.path.basename(f).split('.')[0]
            d = os.path.dirname(f) or '.'
            logs = {}
            for r in os.listdir(d):
                m = re.match(re.escape(prefix) + r'\.(gfx[0-9a-z]+)\.remarks$', r)
                if m:
                    logs[m.group(1)] = parse_remarks(os.path.join(d, r))
            ok, total, bad = agree_amd(dump, f, logs)
            failures += bad
            tot_ok += ok
            tot += total
            print('%-28s %5d of %5d kernels agree with the remarks' % (os.path.basename(f), ok, total))
        print('remarks: %d of %d kernels agree' % (tot_ok, tot))
        if tot == 0:
            failures.append('no kernels compared')
    for b in failures:
        print('DIFFER ' + b)
    print('%d passed, %d failed' % (1 if not failures else 0, 1 if failures else 0))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
