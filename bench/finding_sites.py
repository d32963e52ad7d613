#!/usr/bin/env python3
"""finding_sites.py LEVEL JSON... -- the distinct finding sites a report shows.

Reads kanalyze --format json outputs and prints one line per source site
(file or def_file, line, rule) at or above LEVEL (warning, note, info: the
--findings levels; note is the text report's default), with a count per
rule first.  This is what bench/findings_judged.md judges: a site is what a
kernel engineer reads once, whatever number of template instances or archs
share it."""
import collections
import json
import signal
import sys

LEVELS = {"warning": ["warning"], "note": ["warning", "note"], "info": ["warning", "note", "info"]}


def sites(level, paths):
    keep = LEVELS[level]
    out = {}
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        for entry in doc["files"]:
            for k in entry.get("kernels") or []:
                for x in k.get("findings") or []:
                    if x["severity"] not in keep:
                        continue
                    where = k.get("def_file") or entry.get("file")
                    out.setdefault((where, x["line"], x["rule"]), (x["severity"], x["message"]))
    return out


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # | head
    if len(sys.argv) < 3 or sys.argv[1] not in LEVELS:
        sys.exit("usage: finding_sites.py warning|note|info KANALYZE.json...")
    found = sites(sys.argv[1], sys.argv[2:])
    count = collections.Counter(rule for (_, _, rule) in found)
    print(f"{len(found)} sites: " + ", ".join(f"{r} {n}" for r, n in sorted(count.items())))
    for (where, line, rule), (sev, msg) in sorted(found.items()):
        print(f"{rule} {sev:7} {where}:{line}  {msg[:160]}")


if __name__ == "__main__":
    main()
