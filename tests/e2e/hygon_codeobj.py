#!/usr/bin/env python3
"""hygon_codeobj.py IN OUT PROC -- a stand-in for a Hygon DTK code object, made
from one of the project's own gfx9 code objects (testdata/binary/*.co): the
processor in the metadata's amdhsa.target ("amdgcn-amd-amdhsa--gfx90a:xnack-")
becomes PROC (gfx928, gfx936: same length, so the msgpack note keeps its size)
and the e_flags machine byte becomes 0x7e, a value LLVM 16 does not know, as
a DTK target's is to the installed LLVM.  Everything else (kernel descriptors,
counts) stays as the gfx9 compiler wrote it; the counts are not Hygon's, the
test checks that such a file is read and modelled with the Hygon rows."""
import re
import struct
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dst, proc = sys.argv[1:]
    data = bytearray(open(src, "rb").read())
    if data[:4] != b"\x7fELF" or struct.unpack_from("<H", data, 18)[0] != 224:
        sys.exit(f"{src}: not an AMDGPU ELF")
    hits = [m for m in re.finditer(rb"amdgcn-amd-amdhsa--(gfx[0-9a-f]+)", bytes(data))]
    if len(hits) != 1:
        sys.exit(f"{src}: expected one amdhsa target string, found {len(hits)}")
    old = hits[0].group(1)
    new = proc.encode()
    if len(new) != len(old):
        sys.exit(f"{proc}: must have as many characters as {old.decode()} (the note keeps its size)")
    data[hits[0].start(1):hits[0].end(1)] = new
    flags = struct.unpack_from("<I", data, 0x30)[0]
    struct.pack_into("<I", data, 0x30, (flags & ~0xFF) | 0x7E)
    open(dst, "wb").write(data)


if __name__ == "__main__":
    main()
