#!/usr/bin/env python3
"""same_analysis.py A.json B.json — two kanalyze JSON reports of
kernels/reduction/reduction.cu (this build's, and a relocated copy's: the
bundle's, the wheel's) hold the same six kernels with the same registers
and the same findings, and the source analysis ran (a KA107 among them).
Exit 0, or 1 with what differs."""
import json
import sys


def kernels(path):
    d = json.load(open(path))
    return {k["mangled"]: k for f in d["files"] for k in f["kernels"]}


def main():
    a, b = kernels(sys.argv[1]), kernels(sys.argv[2])
    assert len(a) == 6 and a.keys() == b.keys(), (sorted(a), sorted(b))
    for m in a:
        assert a[m]["resources"]["regs"] == b[m]["resources"]["regs"], m
        assert [f["rule"] for f in a[m]["findings"]] == [f["rule"] for f in b[m]["findings"]], m
    assert any(f["rule"] == "KA107" for k in a.values() for f in k["findings"]), "no source analysis"


if __name__ == "__main__":
    main()
