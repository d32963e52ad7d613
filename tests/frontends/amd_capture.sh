#!/usr/bin/env bash
# amd_capture.sh — refresh testdata/amd/kernels: compile every kernels/hip/*.hip
# for each AMD arch the installed clang-16 and ROCm device libraries can build
# (device only, the same flags kanalyze uses), keep the resource remarks (paths
# relative to the source tree) and the assembly cut to what kanalyze reads,
# then rewrite the golden expectations:
#   tests/frontends/amd_capture.sh [BUILD_DIR]        (run from anywhere)
# Review the diff before committing it.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/build}
out=$src/testdata/amd/kernels
clang=${KANALYZE_CLANG:-clang-16}
libs=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
mkdir -p "$out"
cd "$src"
for f in kernels/hip/*.hip; do
    base=$(basename "$f" .hip)
    for arch in gfx900 gfx906 gfx908 gfx90a gfx940 gfx1030; do
        s=$(mktemp)
        "$clang" -x hip --offload-arch=$arch --cuda-device-only -S -O3 \
            -Rpass-analysis=kernel-resource-usage --rocm-device-lib-path=$libs -o "$s" "$f" \
            2> >(grep 'remark:' > "$out/$base.$arch.remarks")
        wait
        # the target, the descriptor counts, the metadata keys kanalyze reads
        awk '/^\t\.amdgcn_target/ || /^\t\.amdhsa_kernel / || /^\t\.end_amdhsa_kernel/ ||
             /^\t\t\.amdhsa_(next_free_vgpr|next_free_sgpr|accum_offset|wavefront_size32) / ||
             /^\t\.(end_)?amdgpu_metadata/ || /^amdhsa\.kernels:/ || /^  - / ||
             /^    \.(agpr_count|vgpr_count|sgpr_count|name|group_segment_fixed_size|private_segment_fixed_size|max_flat_workgroup_size|wavefront_size|vgpr_spill_count|sgpr_spill_count|uses_dynamic_stack):/' \
            "$s" > "$out/$base.$arch.s"
        rm -f "$s"
    done
done
"$src/tests/frontends/golden_amd.sh" "$build/tests/amd_dump" "$out" --update
