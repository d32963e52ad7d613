#!/usr/bin/env bash
# docs/images.sh [KANALYZE] — regenerates the chart images the README shows,
# with the tool itself: the worked example of the design (sm_90, 128
# registers, 256 threads) and a compiled kernel (tests/e2e/cliff128.cu's
# pressure<128>, needs nvcc).  Run from the source tree; review the diff.
set -eu
ka=${1:-build/kanalyze}
cd "$(dirname "$0")/.."
"$ka" plot --arch sm_90 --regs 128 --block 256 -o docs/occupancy-sm_90-128regs.svg
"$ka" plot --arch sm_90 --regs 128 --block 256 -o docs/occupancy-sm_90-128regs.png
"$ka" plot --arch sm_90 tests/e2e/cliff128.cu --kernel bounded -o docs/bounded-sm_90.png
