#!/usr/bin/env python3
"""man_examples.py KANALYZE SRCDIR --with-nvcc|--without-nvcc [--update]

Runs every command of man/kanalyze.1's EXAMPLES section and compares what it
prints (stdout and stderr together, as a terminal shows them) with the output
written under it in the page, in the spirit of jq's tests/man.test.  An
example is a roff .EX/.EE block: lines starting with "$ " are commands, the
lines after each, its expected output.  Commands that compile a .cu file need
nvcc: --with-nvcc runs only those (exit 77, "not run", when there is no
nvcc), --without-nvcc all the others.  --update rewrites the expected output
in the page from the actual one (review the diff).

Each command runs under bash in a scratch directory holding links to the
source tree's kernels/, tests/, testdata/ and docs/, with the build's
kanalyze first in PATH, LC_ALL=C.UTF-8, no colour and a private cache."""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile


def unroff(s):
    """roff text -> the characters it prints."""
    s = re.sub(r"\\\[u([0-9A-Fa-f]{4,6})\]", lambda m: chr(int(m.group(1), 16)), s)
    for a, b in (("\\&", ""), ("\\-", "-"), ("\\(aq", "'"), ("\\(dq", '"'), ("\\(ti", "~"),
                 ("\\(ha", "^"), ("\\e", "\\")):
        s = s.replace(a, b)
    return s


def enroff(s):
    """A line of program output -> roff that prints it verbatim."""
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\e")
        elif ch == "-":
            out.append("\\-")
        elif ord(ch) > 126:
            out.append("\\[u%04X]" % ord(ch))
        else:
            out.append(ch)
    t = "".join(out)
    if t.startswith((".", "'")):
        t = "\\&" + t
    return t


def parse(lines):
    """[(command line index, command, [expected lines], [line indexes])]"""
    start = next(i for i, l in enumerate(lines) if l.startswith(".SH EXAMPLES"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(".SH ")), len(lines))
    examples, cur, in_ex = [], None, False
    for i in range(start, end):
        l = lines[i]
        if l.startswith(".EX"):
            in_ex = True
            continue
        if l.startswith(".EE"):
            in_ex, cur = False, None
            continue
        if not in_ex:
            continue
        if l.startswith("$ "):
            cur = (i, unroff(l[2:]), [], [])
            examples.append(cur)
        elif cur is not None:
            cur[2].append(unroff(l))
            cur[3].append(i)
        else:
            sys.exit("man_examples: line %d: output before any command" % (i + 1))
    return examples


def have_nvcc():
    if os.environ.get("KANALYZE_NVCC"):
        return os.access(os.environ["KANALYZE_NVCC"], os.X_OK)
    return shutil.which("nvcc") is not None or os.access("/usr/local/cuda/bin/nvcc", os.X_OK)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if len(args) != 2 or not ({"--with-nvcc", "--without-nvcc"} & set(flags)):
        sys.exit(__doc__)
    ka, src = os.path.abspath(args[0]), os.path.abspath(args[1])
    with_nvcc, update = "--with-nvcc" in flags, "--update" in flags
    page = os.path.join(src, "man", "kanalyze.1")
    lines = open(page, encoding="utf-8").read().split("\n")
    examples = [e for e in parse(lines) if (".cu" in e[1]) == with_nvcc]
    if not examples:
        sys.exit("man_examples: no examples of this kind in %s" % page)
    if with_nvcc and not have_nvcc():
        print("not run: %d examples need nvcc, which is not installed" % len(examples))
        return 77

    tmp = tempfile.mkdtemp(prefix="ka-man-")
    try:
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        os.mkdir(os.path.join(tmp, "cache"))
        os.mkdir(os.path.join(tmp, "tmp"))
        for d in ("kernels", "tests", "testdata", "docs"):
            if os.path.isdir(os.path.join(src, d)):
                os.symlink(os.path.join(src, d), os.path.join(work, d))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KANALYZE_", "LC_", "NO_COLOR"))}
        env.update(PATH=os.path.dirname(ka) + os.pathsep + env.get("PATH", "/usr/bin:/bin"),
                   LC_ALL="C.UTF-8", LANG="C.UTF-8", KANALYZE_CACHE_DIR=os.path.join(tmp, "cache"),
                   TMPDIR=os.path.join(tmp, "tmp"), HOME=tmp)
        if os.environ.get("KANALYZE_NVCC"):
            env["KANALYZE_NVCC"] = os.environ["KANALYZE_NVCC"]
        failed, replace = 0, {}
        for at, cmd, want, idx in examples:
            if not cmd.startswith("kanalyze"):
                sys.exit("man_examples: line %d: an example must run kanalyze: %s" % (at + 1, cmd))
            r = subprocess.run(["bash", "-c", cmd], cwd=work, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=240)
            got = r.stdout.decode("utf-8", "replace").split("\n")
            if got and got[-1] == "":
                got.pop()
            if got == want:
                print("ok    man page line %d: %s" % (at + 1, cmd))
                continue
            if update:
                replace[at] = (idx, got)
                print("upd   man page line %d: %s" % (at + 1, cmd))
                continue
            failed += 1
            print("FAIL  man page line %d: %s (exit %d)" % (at + 1, cmd, r.returncode))
            for d in difflib.unified_diff(want, got, "man page", "actual", lineterm="", n=2):
                print("      " + d)
        if update and replace:
            out, skip = [], set()
            for at, (idx, got) in replace.items():
                skip.update(idx)
            for i, l in enumerate(lines):
                if i in skip:
                    continue
                out.append(l)
                if i in replace:
                    out.extend(enroff(g) for g in replace[i][1])
            with open(page + ".tmp", "w", encoding="utf-8") as f:
                f.write("\n".join(out))
            os.replace(page + ".tmp", page)
            print("man_examples: %s updated (%d examples)" % (page, len(replace)))
        print("%d examples, %d failed" % (len(examples), failed))
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
