#!/usr/bin/env python3
"""layering.py — the shape of the code, checked on the built objects (nm):

  1. libraries depend one way: core < occupancy < machine < frontends < analyzer <
     kanalyze_lib < report < verify < cli; a library calls only those below it
     (so nothing in cli/ is needed by another library, and verify/ is a client
     of the library that knows no command line);
  2. no two files call each other (A uses a symbol B defines and B one of A's);
  3. no upward #include: a file of one library's folder includes no header
     of a library above it (read from the sources: each `#include "X"`
     resolved as the build resolves it, from the file's own folder, then
     include/ and each library's folder).  include/kanalyze/ is the public
     header of kanalyze_lib (lib/), except its vocabulary: a public header
     that declares no function and no object and includes only vocabulary
     (kernel.h, model.h: the kernel record and the model's figures, types
     every layer speaks, as LLVM's internals include llvm-c/Types.h);
  4. the public header is self-contained: each include/kanalyze/*.h
     compiles alone, with include/ as the only search path, so it names
     nothing of kanalyze's internals (core.h, occupancy.h, ...) but by
     pointer to a declared struct;
  5. the public header is implemented by kanalyze_lib and above: every
     function and object it declares is defined in lib/ (or above), none
     in a library below it.

usage: layering.py BUILD_DIR [CC]   (prints each violation; exit 1 if any)"""
import os
import re
import subprocess
import sys

ORDER = ["ka_core", "ka_occupancy", "ka_machine", "ka_frontends", "ka_analyzer", "kanalyze_lib", "ka_report", "ka_verify",
         "ka_cli"]
# each library's folders, relative to the source tree
FOLDERS = {"ka_core": ["core"], "ka_occupancy": ["occupancy"], "ka_machine": ["machine"], "ka_frontends": ["frontends"],
           "ka_analyzer": ["analyzer"], "kanalyze_lib": ["lib", "include/kanalyze"], "ka_report": ["report"],
           "ka_verify": ["verify"], "ka_cli": ["cli"]}
PUBLIC = "include/kanalyze"
TAG = re.compile(r'^(?:struct|enum|union)\s+\w+\s*[;{]')     # a tag declared or defined, not an object
INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)"')
# A file-scope declaration of a function or an object in a header: a line
# that starts a declaration (not static, not a macro, not inside a struct's
# braces) naming ka_something followed by "(" or "[" or ";".
DECL = re.compile(r'^(?:extern\s+)?(?:const\s+)?(?:struct\s+|enum\s+|unsigned\s+)?[A-Za-z_]\w*[\s*]+(?:const\s*)?\**\s*'
                  r'(ka_\w+)\s*(\(|\[|;)')
SRC = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def symbols(archive):
    """{member: (defined set, undefined set)} of one static library."""
    out = subprocess.run(["nm", "-A", "-g", archive], capture_output=True, text=True, check=True).stdout
    members = {}
    for line in out.splitlines():
        # "libka_cli.a:args.c.o:                 U ka_diag_error"
        head, _, rest = line.rpartition(":")
        member = head.split(":", 1)[1] if ":" in head else head
        parts = rest.split()
        if len(parts) < 2:
            continue
        kind, name = parts[-2], parts[-1]
        d, u = members.setdefault(member, (set(), set()))
        (u if kind == "U" else d).add(name)
    return members


def layer_of(rel):
    """The library whose folder holds the file (a path relative to SRC), or None."""
    best = None
    for lib, folders in FOLDERS.items():
        for f in folders:
            if rel.startswith(f + "/") and (best is None or len(f) > len(best[1])):
                best = (lib, f)
    return best[0] if best else None


def public_headers():
    """{name: (declared symbols, included public names)} of include/kanalyze."""
    out = {}
    top = os.path.join(SRC, PUBLIC)
    for name in sorted(os.listdir(top)):
        if not name.endswith((".h", ".def")):
            continue
        declared, includes, depth = set(), set(), 0
        with open(os.path.join(top, name), encoding="utf-8") as fh:
            for line in fh:
                m = INCLUDE.match(line)
                if m and m.group(1).startswith("kanalyze/"):
                    includes.add(m.group(1)[len("kanalyze/"):])
                if depth == 0 and not line.startswith(("static", "#", " ", "\t", "/*", " *")):
                    d = None if TAG.match(line) else DECL.match(line)
                    if d:
                        declared.add(d.group(1))
                depth += line.count("{") - line.count("}")
        out[name] = (declared, includes)
    return out


def vocabulary(headers):
    """The public headers lower layers may include: no declaration, and
    only vocabulary included."""
    vocab = {n for n, (decl, _) in headers.items() if not decl}
    changed = True
    while changed:
        changed = False
        for n in sorted(vocab):
            if not headers[n][1] <= vocab:
                vocab.discard(n)
                changed = True
    return vocab


def upward_includes(vocab):
    """The number of upward #includes, each printed."""
    search = ["include"] + [f for lib in ORDER for f in FOLDERS[lib]]
    bad = 0
    for lib in ORDER:
        for folder in FOLDERS[lib]:
            top = os.path.join(SRC, folder)
            for name in sorted(os.listdir(top)):
                if not name.endswith((".c", ".h")):
                    continue
                rel = folder + "/" + name
                with open(os.path.join(top, name), encoding="utf-8", errors="replace") as fh:
                    for n, line in enumerate(fh, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        target = None
                        for d in [folder] + search:
                            if os.path.isfile(os.path.join(SRC, d, m.group(1))):
                                target = os.path.normpath(os.path.join(d, m.group(1)))
                                break
                        if target and target.startswith(PUBLIC + "/") and os.path.basename(target) in vocab:
                            continue
                        tlib = layer_of(target) if target else None
                        if tlib is None or ORDER.index(tlib) <= ORDER.index(lib):
                            continue
                        print("upward include: %s:%d includes %s of %s, above %s" % (rel, n, target, tlib, lib))
                        bad += 1
    return bad


def compiles_alone(headers, cc):
    """The number of public headers that do not compile on their own."""
    bad = 0
    for name in sorted(headers):
        if not name.endswith(".h"):
            continue
        r = subprocess.run([cc, "-fsyntax-only", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I",
                            os.path.join(SRC, "include"), "-x", "c", "-"],
                           input='#include "kanalyze/%s"\n' % name, capture_output=True, text=True)
        if r.returncode != 0:
            print("public header not self-contained: %s/%s\n%s" % (PUBLIC, name, r.stderr.strip()))
            bad += 1
    return bad


def implemented_above(headers, defined_by):
    """The number of public declarations defined below kanalyze_lib or nowhere."""
    bad = 0
    for name, (declared, _) in sorted(headers.items()):
        for sym in sorted(declared):
            where = defined_by.get(sym)
            if where is None:
                print("public header %s/%s declares %s, which no library defines" % (PUBLIC, name, sym))
                bad += 1
            elif ORDER.index(where[0]) < ORDER.index("kanalyze_lib"):
                print("public header %s/%s declares %s, defined below the library in %s:%s"
                      % (PUBLIC, name, sym, where[0], where[1]))
                bad += 1
    return bad


def main():
    build = sys.argv[1]
    defined_by = {}          # symbol -> (lib, member)
    uses = {}                # (lib, member) -> undefined symbols
    for lib in ORDER:
        path = os.path.join(build, "lib%s.a" % lib)
        if not os.path.exists(path):
            print("layering: note: %s not built" % path)
            continue
        for member, (d, u) in symbols(path).items():
            for s in d:
                defined_by[s] = (lib, member)
            uses[(lib, member)] = u
    bad = 0
    edges = set()
    for (lib, member), u in sorted(uses.items()):
        for s in sorted(u):
            if s not in defined_by:
                continue
            dlib, dmember = defined_by[s]
            if (dlib, dmember) == (lib, member):
                continue
            edges.add(((lib, member), (dlib, dmember)))
            if ORDER.index(dlib) > ORDER.index(lib):
                print("upward call: %s:%s uses %s from %s:%s" % (lib, member, s, dlib, dmember))
                bad += 1
    for a, b in sorted(edges):
        if a < b and (b, a) in edges:
            print("files call each other: %s:%s <-> %s:%s" % (a[0], a[1], b[0], b[1]))
            bad += 1
    headers = public_headers()
    vocab = vocabulary(headers)
    bad += upward_includes(vocab)
    bad += compiles_alone(headers, sys.argv[2] if len(sys.argv) > 2 else "cc")
    bad += implemented_above(headers, defined_by)
    files = len(uses)
    print("layering: %d files, %d call edges; public header: %d files, %d declarations, vocabulary %s; "
          "%d violations" % (files, len(edges), len(headers), sum(len(d) for d, _ in headers.values()),
                             ", ".join(sorted(vocab)), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
