#!/usr/bin/env bash
# bench/heldout/profile.sh — the GPU half of the held-out measurement of the
# findings (bench/heldout/README.md).  Run on a machine with a GPU, CUDA and
# Nsight Compute, and nothing of kanalyze's: for every program of the
# projects under SRC (a file with `int main`, compiled with the other
# main-less .cu files of its folder), build it with -lineinfo, run it once
# under ncu's SourceCounters, LaunchStats and Occupancy sections (the first
# launch of each kernel), and export per SASS instruction the global
# sectors, the excessive sectors and the ideal sectors, plus each cubin's
# line table (nvdisasm --print-line-info) so lines can be joined offline.
#
#   bench/heldout/profile.sh SRC OUT [PROJECT...]
set -uo pipefail
src=$(cd "$1" && pwd); out=$2; shift 2
projects=("$@"); [ ${#projects[@]} -eq 0 ] && projects=($(ls "$src"))
mkdir -p "$out"; out=$(cd "$out" && pwd)
arch=${KA_ARCH:-sm_90}
{
	nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
	nvcc --version | tail -2
	ncu --version | tail -1
} > "$out/env.txt" 2>&1

list=$out/programs.tsv; : > "$list"
for p in "${projects[@]}"; do
	while IFS= read -r main; do
		dir=$(dirname "$main")
		name=${p}__$(echo "${main#"$src/$p/"}" | tr '/' '_' | sed 's/\.cu$//')
		others=$(grep -L 'int main' "$dir"/*.cu 2>/dev/null | tr '\n' ' ')
		printf '%s\t%s\t%s\t%s\n' "$name" "$dir" "$main" "$others" >> "$list"
	done < <(grep -l 'int main' -r --include='*.cu' "$src/$p" | sort)
done

mkdir -p "$out/bin" "$out/log"
build_one() {
	IFS=$'\t' read -r name dir main others <<< "$1"
	inc=(-I "$dir")
	[ -d "$src/polybench-acc/CUDA/utilities" ] && inc+=(-I "$src/polybench-acc/CUDA/utilities")
	# shellcheck disable=SC2086
	# cudaThreadSynchronize left CUDA in 12.0; PolyBench-ACC still calls it.
	# KA_EXTRA_FLAGS: e.g. -DSMALL_DATASET (PolyBench's sizes, to bound the
	# CPU reference runs; the kernels are the same)
	nvcc -O3 -lineinfo -arch="$arch" -std=c++17 -DcudaThreadSynchronize=cudaDeviceSynchronize \
		${KA_EXTRA_FLAGS:-} "${inc[@]}" "$main" $others \
		-o "$out/bin/$name" -lcublas -lcurand -lcusolver > "$out/log/$name.build" 2>&1 \
		|| echo "build failed" >> "$out/log/$name.build"
}
export -f build_one; export src out arch KA_EXTRA_FLAGS
cut -f1-4 "$list" | tr '\n' '\0' | xargs -0 -P "$(nproc)" -I{} bash -c 'build_one "$@"' _ {}

mkdir -p "$out/rep" "$out/csv" "$out/lines"
while IFS=$'\t' read -r name dir main others; do
	[ -x "$out/bin/$name" ] || continue
	[ -f "$out/csv/$name.details.csv" ] && continue
	( cd "$dir" && timeout "${KA_PROGRAM_TIMEOUT:-90}" ncu --section SourceCounters --section LaunchStats \
		--section Occupancy --kernel-id '::regex:.:1' -f -o "$out/rep/$name" "$out/bin/$name" ) \
		> "$out/log/$name.run" 2>&1
	echo "exit $?" >> "$out/log/$name.run"
	[ -f "$out/rep/$name.ncu-rep" ] || continue
	ncu -i "$out/rep/$name.ncu-rep" --page source --csv --print-source sass > "$out/csv/$name.sass.csv" 2>&1
	ncu -i "$out/rep/$name.ncu-rep" --page details --csv > "$out/csv/$name.details.csv" 2>&1
	tmp=$(mktemp -d); ( cd "$tmp" && cuobjdump -xelf all "$out/bin/$name" > /dev/null 2>&1 )
	for c in "$tmp"/*.cubin; do
		[ -f "$c" ] && nvdisasm --print-line-info -c "$c" > "$out/lines/$name.$(basename "$c" .cubin).sass" 2>&1
	done
	rm -rf "$tmp"
done < "$list"
rm -rf "$out/bin" "$out/rep"
gzip -9 -f "$out"/csv/*.csv "$out"/lines/*.sass 2>/dev/null
# one archive: the device returns a bounded number of files
( cd "$out" && tar czf results.tgz env.txt programs.tsv csv lines log )
true
