#!/usr/bin/env python3
"""layering.py — the shape of the code, checked on the built objects (nm):

  1. libraries depend one way: core < occupancy < frontends < analyzer <
     kanalyze_lib < report < cli; a library calls only those below it (so
     nothing in cli/ is needed by another library);
  2. no two files call each other (A uses a symbol B defines and B one of A's).

usage: layering.py BUILD_DIR   (prints each violation; exit 1 if any)"""
import os
import subprocess
import sys

ORDER = ["ka_core", "ka_occupancy", "ka_frontends", "ka_analyzer", "kanalyze_lib", "ka_report", "ka_cli"]


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
    files = len(uses)
    print("layering: %d files, %d call edges, %d violations" % (files, len(edges), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
