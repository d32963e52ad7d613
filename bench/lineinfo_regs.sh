#!/usr/bin/env bash
# bench/lineinfo_regs.sh — does -lineinfo change what ptxas allocates?
# The analysis compiles with -lineinfo so its findings can name the
# instructions of their line; that is only sound if the registers, spills,
# stack and shared memory it reports are those of the build without it.
# Compiles every file given (default: bench/corpus and kernels/) for each
# arch with and without -lineinfo and compares ptxas -v's lines.
#   bench/lineinfo_regs.sh [--arch sm_90,sm_80] [FILE.cu...]
set -uo pipefail
archs=sm_90
if [ "${1:-}" = --arch ]; then archs=$2; shift 2; fi
files=("$@")
[ ${#files[@]} -eq 0 ] && mapfile -t files < <(find "$(dirname "$0")/corpus" "$(dirname "$0")/../kernels" -name '*.cu' | sort)
nvcc=${NVCC:-nvcc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
same=0 differ=0 failed=0
for f in "${files[@]}"; do
	for a in ${archs//,/ }; do
		dir=$(dirname "$f")
		if ! "$nvcc" -cubin -arch="$a" -Xptxas -v -I "$dir" -o "$tmp/a.cubin" "$f" > "$tmp/a.log" 2>&1 ||
		   ! "$nvcc" -cubin -arch="$a" -lineinfo -Xptxas -v -I "$dir" -o "$tmp/b.cubin" "$f" > "$tmp/b.log" 2>&1; then
			failed=$((failed + 1)); continue
		fi
		# the resource lines of every function, in order
		grep -E 'Compiling entry|Function properties|Used [0-9]+ registers|bytes stack frame' "$tmp/a.log" > "$tmp/a.res"
		grep -E 'Compiling entry|Function properties|Used [0-9]+ registers|bytes stack frame' "$tmp/b.log" > "$tmp/b.res"
		if cmp -s "$tmp/a.res" "$tmp/b.res"; then
			same=$((same + $(grep -c 'Used' "$tmp/a.res")))
		else
			differ=$((differ + 1)); echo "differs: $f ($a)"; diff "$tmp/a.res" "$tmp/b.res" | head -6
		fi
	done
done
echo "lineinfo: $same kernels with identical ptxas resources, $differ files differ, $failed files not compiled"
