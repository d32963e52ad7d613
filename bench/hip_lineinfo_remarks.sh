#!/usr/bin/env bash
# bench/hip_lineinfo_remarks.sh [FILE.hip...] — does -gline-tables-only change
# what LLVM allocates?  The HIP analysis compiles with it so its findings can
# be checked against the assembly of their lines; that is only sound if
# LLVM's resource remarks (VGPRs, AGPRs, SGPRs, scratch, LDS, occupancy) are
# those of the compile without it.  Compiles each file for gfx90a, gfx1100
# and gfx908 both ways (clang-16 and Debian's ROCm device libraries) and
# compares the remarks.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
files=("$@")
[ ${#files[@]} -eq 0 ] && files=("$here"/kernels/hip/*.hip "$here"/kernels/reduction/*.hip "$here"/tests/analyzer/*.hip)
cc=${KANALYZE_CLANG:-clang++-16}
libs=--rocm-device-lib-path=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
same=0 differ=0
remarks() { "$cc" -x hip --offload-arch="$2" --cuda-device-only -S -O3 "$libs" -Rpass-analysis=kernel-resource-usage \
                 ${3:-} -o /dev/null "$1" 2>&1 | grep remark | sed 's/^[^ ]* //'; }
for f in "${files[@]}"; do
	for a in gfx90a gfx1100 gfx908; do
		A=$(remarks "$f" "$a") B=$(remarks "$f" "$a" -gline-tables-only)
		if [ "$A" = "$B" ]; then
			same=$((same + $(printf '%s\n' "$A" | grep -c 'VGPRs:')))
		else
			differ=$((differ + 1)); echo "differs: $f ($a)"
		fi
	done
done
echo "gline-tables-only: $same kernel x arch with identical remarks, $differ file x arch differ"
