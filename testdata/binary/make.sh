#!/usr/bin/env bash
# make.sh — rebuild the binary readers' test files from kern.cu, main.cu,
# reserved.cu, bounds.cu and kern.hip (nvcc 13.0 at /usr/local/cuda; Debian's clang-16 with lld-16 and
# clang-tools-16 for the HIP ones), then the expectations:
#   testdata/binary/make.sh [BUILD_DIR]     (BUILD_DIR has tests/binary_dump)
# Every output is small on purpose (compressed entries, few archs, stripped).
# The corrupt fixtures are cut or patched from these by make_fixtures.py.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${1:-$here/../../build}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
clang=${CLANG:-clang-16}
rocm_bc=${ROCM_BITCODE:-/usr/lib/x86_64-linux-gnu/amdgcn/bitcode}
cd "$here"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- NVIDIA -----------------------------------------------------------------
three="-gencode arch=compute_75,code=sm_75 -gencode arch=compute_90a,code=sm_90a
       -gencode arch=compute_100f,code=[sm_100f,compute_100f]"
# fatbins: zstd everywhere (size), LZ4 (speed, everything compressed), plain
"$nvcc" -fatbin $three --compress-mode=size -o kern.fatbin kern.cu
"$nvcc" -fatbin -gencode arch=compute_80,code=sm_80 --compress-mode=speed -Xfatbin -compress-all \
    -o kern.lz4.fatbin kern.cu
"$nvcc" -fatbin -gencode arch=compute_80,code=sm_80 --compress-mode=none -o kern.plain.fatbin kern.cu
# PTX only: no SASS for sm_120
"$nvcc" -fatbin -gencode arch=compute_120,code=compute_120 --compress-mode=size -o kern.ptx.fatbin kern.cu
# host objects: .nv_fatbin (-c) and __nv_relfatbin (-rdc=true), an archive of both
"$nvcc" -c -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 --compress-mode=size \
    -o "$tmp/kern.o" kern.cu
"$nvcc" -c -rdc=true -gencode arch=compute_80,code=sm_80 --compress-mode=size -o "$tmp/kern.rdc.o" kern.cu
strip --strip-debug -o kern.o "$tmp/kern.o"
strip --strip-debug -o kern.rdc.o "$tmp/kern.rdc.o"
rm -f libkern.a
ar rcD libkern.a kern.o kern.rdc.o
# a shared library and an executable (the CUDA runtime linked dynamically)
"$nvcc" -shared -Xcompiler -fPIC -cudart=shared -gencode arch=compute_86,code=sm_86 --compress-mode=size \
    -o "$tmp/libkern.so" kern.cu
"$nvcc" -cudart=shared -gencode arch=compute_89,code=sm_89 --compress-mode=size -o "$tmp/kern.exe" main.cu kern.cu
strip -o libkern.so "$tmp/libkern.so"
strip -o kern.exe "$tmp/kern.exe"
# sm_90's 1 KiB shared-memory reservation inside .nv.shared.<kernel>: a cubin
# of ptxas (with .nv.shared.reserved.0) and one linked by nvlink (without)
"$nvcc" -cubin -arch=sm_90 -o reserved.cubin reserved.cu
"$nvcc" -cubin -rdc=true -arch=sm_90 -o "$tmp/reserved.rdc.cubin" reserved.cu
"$(dirname "$nvcc")/nvlink" -arch=sm_90 -o reserved.linked.cubin "$tmp/reserved.rdc.cubin"
# launch bounds that are not a whole number of warps (the best block size)
"$nvcc" -cubin -arch=sm_90 -o bounds.cubin bounds.cu

# --- AMD ----------------------------------------------------------------------
hip="-x hip --rocm-device-lib-path=$rocm_bc -O2 -B/usr/lib/llvm-16/bin"
# a host object with .hip_fatbin (two archs), the bundle alone, code objects
"$clang" $hip --offload-arch=gfx90a --offload-arch=gfx1030 -c -o "$tmp/kern.hip.o" kern.hip
strip --strip-debug -o kern.hip.o "$tmp/kern.hip.o"
"$clang" $hip --offload-arch=gfx90a --offload-arch=gfx1030 --cuda-device-only -c -o kern.hipfb kern.hip
"$clang" $hip --offload-arch=gfx908 --cuda-device-only -c -o "$tmp/gfx908.hipfb" kern.hip
"$clang" $hip --offload-arch=gfx90a:xnack- --cuda-device-only -c -mcode-object-version=5 \
    -o "$tmp/v5.hipfb" kern.hip
python3 make_fixtures.py extract "$tmp/gfx908.hipfb" gfx908 kern.gfx908.co
python3 make_fixtures.py extract "$tmp/v5.hipfb" gfx90a cov5.gfx90a.co
# the compressed forms clang 16 cannot write (--offload-compress is clang 18+)
python3 make_fixtures.py ccob kern.hipfb 2 zlib kern.v2zlib.ccob
python3 make_fixtures.py ccob kern.hipfb 3 zstd kern.v3zstd.ccob
# clang's own resource remarks for the same kernels, per arch (the oracle)
# (binary_agree.py pairs NAME.* binaries with NAME.ARCH.remarks)
remarks() { # remarks OUT CLANG-ARGS...
    local out=$1; shift
    "$clang" $hip "$@" --cuda-device-only -S -o /dev/null -Rpass-analysis=kernel-resource-usage kern.hip 2>&1 |
        grep -E 'remark:' | sed -e "s|^.*kern.hip:|kern.hip:|" > "$out"
}
for a in gfx90a gfx1030 gfx908; do remarks "kern.$a.remarks" --offload-arch=$a; done
remarks cov5.gfx90a.remarks --offload-arch=gfx90a:xnack- -mcode-object-version=5

# --- corrupt fixtures, then the expectations ------------------------------------
python3 make_fixtures.py corrupt
"$here/../../tests/frontends/golden_binary.sh" "$build/tests/binary_dump" "$here" --update
