#!/usr/bin/env python3
"""layering.py — the shape of the code, checked on the built objects (nm):

  1. libraries depend one way: core < occupancy < frontends < analyzer <
     kanalyze_lib < report < cli; a library calls only those below it (so
     nothing in cli/ is needed by another library);
  2. no two files call each other (A uses a symbol B defines and B one of A's);
  3. no upward #include: a file of one library's folder includes no header
     of a library above it (read from the sources: each `#include "X"`
     resolved as the build resolves it, from the file's own folder, then
     include/ and each library's folder).  include/kanalyze/ is the public
     header of kanalyze_lib (lib/).  KNOWN_UP lists the upward includes the
     code still has, printed on every run; any other fails.

usage: layering.py BUILD_DIR   (prints each violation; exit 1 if any)"""
import os
import re
import subprocess
import sys

ORDER = ["ka_core", "ka_occupancy", "ka_frontends", "ka_analyzer", "kanalyze_lib", "ka_report", "ka_cli"]
# each library's folders, relative to the source tree
FOLDERS = {"ka_core": ["core"], "ka_occupancy": ["occupancy"], "ka_frontends": ["frontends"],
           "ka_analyzer": ["analyzer"], "kanalyze_lib": ["lib", "include/kanalyze"], "ka_report": ["report"],
           "ka_cli": ["cli"]}
# Upward includes the code still has: the kernel record the frontends fill
# is defined in the public headers.
KNOWN_UP = {("frontends/frontends.h", "include/kanalyze/kernel.h"),
            ("frontends/kernel_list.c", "include/kanalyze/resources.def")}
INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)"')
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


def upward_includes():
    """The number of upward #includes not in KNOWN_UP, each printed."""
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
                        tlib = layer_of(target) if target else None
                        if tlib is None or ORDER.index(tlib) <= ORDER.index(lib):
                            continue
                        if (rel, target) in KNOWN_UP:
                            print("upward include (known): %s includes %s (%s)" % (rel, target, tlib))
                            continue
                        print("upward include: %s:%d includes %s of %s, above %s" % (rel, n, target, tlib, lib))
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
    bad += upward_includes()
    files = len(uses)
    print("layering: %d files, %d call edges, %d violations" % (files, len(edges), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
