#!/usr/bin/env bash
# tools/gpu_node.sh OUT KANALYZE_BIN_DIR [PUBLIC_SAMPLES_DIR] — what a user
# with no root does on a GPU node once kanalyze is unpacked (the bundle) or
# installed (the wheel), run as written: every kanalyze command under
# `env -i` with PATH = kanalyze's bin, the CUDA toolkit's bin, /usr/bin,
# /bin (LD_LIBRARY_PATH kept as the node sets it: that is where its driver
# is).  It writes OUT/:
#
#   env.txt              date, kernel, GPU, driver, nvcc, ncu, `kanalyze
#                        --version` (which libclang it loaded, from where)
#   verify.{txt,jsonl}   kanalyze verify (the shipped kernels)
#   files.{txt,jsonl}    kanalyze verify FILE.cu ... (the shipped sources,
#                        and the public sample sources when given)
#   programs.{txt,jsonl} kanalyze verify ./program ... (built here with nvcc)
#   profile_*.{txt,json} kanalyze verify --profile -- ./program
#   machine/             tests/machine/truth/record.sh (ncu alone, no
#                        kanalyze: the per-line truth the model is held to)
#   status.txt           each step's exit status
#
# PUBLIC_SAMPLES_DIR holds NVIDIA's cuda-samples layout (Common/,
# Samples/0_Introduction/vectorAdd, .../matrixMul); it is read, never
# copied into OUT.  Nothing here needs the network.
set -u
out=$(mkdir -p "${1:?usage: gpu_node.sh OUT KANALYZE_BIN_DIR [SAMPLES]}" && cd "$1" && pwd)
kbin=$(cd "${2:?usage: gpu_node.sh OUT KANALYZE_BIN_DIR [SAMPLES]}" && pwd)
samples=${3:+$(cd "$3" && pwd)}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
cuda=$(dirname "$nvcc")
home=$(mktemp -d)
work=$(mktemp -d)
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d .)
arch=sm_${cc:-90}

ncu=$(command -v ncu || true)     # Nsight Compute where the node keeps it
ka() { env -i PATH="$kbin:$cuda:/usr/bin:/bin" HOME="$home" LD_LIBRARY_PATH="${LD_LIBRARY_PATH:-}" \
	${ncu:+KANALYZE_NCU="$ncu"} kanalyze "$@"; }
step() {   # step NAME CMD... : stdout+stderr into OUT/NAME.txt, the status into status.txt
	local name=$1
	shift
	"$@" >"$out/$name.txt" 2>&1
	echo "$name $?" >>"$out/status.txt"
}

{
	echo "recorded  $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -srm)"
	echo "os        $(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")"
	echo "device    $(nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1 | head -1)"
	echo "nvcc      $("$nvcc" --version 2>&1 | sed -n 's/.*release //p' | head -1)"
	echo "ncu       $( (command -v ncu >/dev/null && ncu --version || /usr/local/cuda/bin/ncu --version) 2>&1 | tail -1)"
	echo "kanalyze  $(command -v "$kbin/kanalyze")"
	echo "--- kanalyze --version (env -i)"
	ka --version 2>&1
} >"$out/env.txt"
: >"$out/status.txt"

cd "$work" || exit 1
step verify ka verify --out "$out/verify.jsonl"

files=("$src"/kernels/reduction/*.cu "$src"/kernels/uniform/*.cu)
inc=()
if [ -n "$samples" ]; then
	files+=("$samples/Samples/0_Introduction/matrixMul/matrixMul.cu" "$samples/Samples/0_Introduction/vectorAdd/vectorAdd.cu")
	inc=(-I "$samples/Common")
fi
step files ka verify --out "$out/files.jsonl" "${inc[@]}" "${files[@]}"

progs=()
"$nvcc" -O3 -lineinfo -arch="$arch" -o cases_main "$src/tests/machine/truth/cases_main.cu" && progs+=(./cases_main)
if [ -n "$samples" ]; then
	for p in vectorAdd matrixMul; do
		"$nvcc" -O3 -lineinfo -arch="$arch" "${inc[@]}" -o "$p" "$samples/Samples/0_Introduction/$p/$p.cu" && progs+=("./$p")
	done
fi
step programs ka verify --out "$out/programs.jsonl" "${progs[@]}"

if [ -x vectorAdd ]; then
	(cd "$samples/Samples/0_Introduction/vectorAdd" &&
		ka verify --profile --format json "${inc[@]}" -- "$work/vectorAdd" >"$out/profile_vectorAdd.json" 2>"$out/profile_vectorAdd.txt")
	echo "profile_vectorAdd $?" >>"$out/status.txt"
fi
(cd "$src" && ka verify --profile --format json -- "$work/cases_main" >"$out/profile_cases_main.json" 2>"$out/profile_cases_main.txt")
echo "profile_cases_main $?" >>"$out/status.txt"

if [ -z "${GPU_NODE_NO_TRUTH:-}" ]; then
	step machine_truth "$src/tests/machine/truth/record.sh" "$out/machine"
fi
rm -rf "$home" "$work"
cat "$out/status.txt"
