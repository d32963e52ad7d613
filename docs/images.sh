#!/usr/bin/env bash
# docs/images.sh [KANALYZE] — regenerates the chart images the README shows,
# with the tool itself: the worked example of the design (sm_90, 128
# registers, 256 threads) and a compiled kernel (tests/e2e/cliff128.cu's
# pressure<128>, needs nvcc), and the AMD one (gfx90a, 97 VGPRs + 40 AGPRs,
# 256 threads, with its no-AGPR series).  Run from the source tree; review
# the diff.
set -eu
ka=${1:-build/kanalyze}
cd "$(dirname "$0")/.."
"$ka" plot --arch sm_90 --regs 128 --block 256 -o docs/occupancy-sm_90-128regs.svg
"$ka" plot --arch sm_90 --regs 128 --block 256 -o docs/occupancy-sm_90-128regs.png
"$ka" plot --arch sm_90 tests/e2e/cliff128.cu --kernel bounded -o docs/bounded-sm_90.png
"$ka" plot --arch gfx90a --vgprs 97 --agprs 40 --sgprs 40 --block 256 -o docs/occupancy-gfx90a-97vgprs-40agprs.png
