#!/usr/bin/env python3
"""make_fixtures.py — helpers of make.sh for the binary readers' test files.

  make_fixtures.py extract BUNDLE ARCH OUT     the code object for ARCH from a
                                               plain offload bundle
  make_fixtures.py ccob BUNDLE 1|2|3 zlib|zstd OUT
                                               the bundle compressed as clang
                                               18+ writes it (CCOB; zstd via the
                                               zstd command)
  make_fixtures.py corrupt                     the damaged fixtures, each cut or
                                               patched from a good file here
"""
import hashlib
import struct
import subprocess
import sys
import zlib

MAGIC = b'__CLANG_OFFLOAD_BUNDLE__'


def bundle_entries(b):
    assert b.startswith(MAGIC), 'not a bundle'
    n = struct.unpack_from('<Q', b, 24)[0]
    p, out = 32, []
    for _ in range(n):
        off, size, tlen = struct.unpack_from('<QQQ', b, p)
        out.append((b[p + 24:p + 24 + tlen].decode(), off, size, p))
        p += 24 + tlen
    return out


def extract(src, arch, dst):
    b = open(src, 'rb').read()
    for triple, off, size, _ in bundle_entries(b):
        if triple.split('--')[-1].split(':')[0] == arch:
            open(dst, 'wb').write(b[off:off + size])
            return
    sys.exit('no %s in %s' % (arch, src))


def ccob(src, version, method, dst):
    raw = open(src, 'rb').read()
    if method == 'zlib':
        data, m = zlib.compress(raw, 9), 0
    else:
        data, m = subprocess.run(['zstd', '-q', '-19', '-c'], input=raw, capture_output=True, check=True).stdout, 1
    h = struct.unpack('<Q', hashlib.md5(raw).digest()[:8])[0]   # llvm::MD5Result::low()
    if version == 1:
        head = b'CCOB' + struct.pack('<HHIQ', 1, m, len(raw), h)
    elif version == 2:
        head = b'CCOB' + struct.pack('<HHIIQ', 2, m, 24 + len(data), len(raw), h)
    else:
        head = b'CCOB' + struct.pack('<HHQQQ', 3, m, 32 + len(data), len(raw), h)
    open(dst, 'wb').write(head + data)


def fatbin_entries(b):
    """(offset, header size, payload size, flags offset) of every entry."""
    off, out = 0, []
    while off + 16 <= len(b):
        if b[off] == 0:
            off += 1
            continue
        _, _, hs, size = struct.unpack_from('<IHHQ', b, off)
        p, end = off + hs, off + hs + size
        while p < end:
            ehs, psize = struct.unpack_from('<IQ', b, p + 4)
            out.append((p, ehs, psize))
            p += ehs + psize
        off = end
    return out


def corrupt():
    fb = open('kern.fatbin', 'rb').read()
    ents = fatbin_entries(fb)
    # cut inside the second entry's payload
    p, hs, ps = ents[1]
    open('trunc.fatbin', 'wb').write(fb[:p + hs + ps // 2])
    # a zstd payload with bytes flipped in the middle of its frame
    b = bytearray(fb)
    p, hs, ps = ents[0]
    for i in range(p + hs + 20, p + hs + 28):
        b[i] ^= 0x5a
    open('badzstd.fatbin', 'wb').write(bytes(b))
    # a cubin entry marked with a compression kanalyze does not know (0x4000)
    pl = bytearray(open('kern.plain.fatbin', 'rb').read())
    p, hs, ps = fatbin_entries(bytes(pl))[0]
    flags = struct.unpack_from('<Q', pl, p + 40)[0] | 0x4000
    struct.pack_into('<Q', pl, p + 40, flags)
    open('unknowncomp.fatbin', 'wb').write(bytes(pl))
    # a bundle cut short, and one whose entry points past its end
    hb = open('kern.hipfb', 'rb').read()
    open('trunc.hipfb', 'wb').write(hb[:len(hb) // 2])
    b = bytearray(hb[:4096])
    triple, off, size, at = bundle_entries(hb)[1]
    struct.pack_into('<Q', b, at + 8, 1 << 40)
    open('badentry.hipfb', 'wb').write(bytes(b))
    # code object metadata that claims an array of 2^32 - 1 kernels (a
    # msgpack bomb: a library that trusts the count allocates 96 GiB)
    co = bytearray(open('kern.gfx908.co', 'rb').read())
    i = co.find(b'\xaeamdhsa.kernels')
    assert i > 0
    j = i + 15
    assert co[j] & 0xf0 == 0x90, hex(co[j])             # fixarray of kernels
    co[j] = 0xdd                                        # array32 of 0xffffffff elements,
    co[j + 1:j + 5] = b'\xff\xff\xff\xff'               # over the first kernel's bytes
    open('bomb.co', 'wb').write(bytes(co))
    # not a binary at all
    open('garbage.bin', 'wb').write(bytes((i * 37 + 11) & 0xff for i in range(512)))


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else ''
    if cmd == 'extract' and len(sys.argv) == 5:
        extract(*sys.argv[2:5])
    elif cmd == 'ccob' and len(sys.argv) == 6:
        ccob(sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])
    elif cmd == 'corrupt':
        corrupt()
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
