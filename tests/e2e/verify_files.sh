#!/usr/bin/env bash
# verify_files.sh KANALYZE SRCDIR — end-to-end tests of `kanalyze verify FILE...`
# without a GPU: "not run" (never "pass") where no driver or device is found;
# --extract (the cubins of one arch and DIR/probe.txt); --compare against the
# driver's answers recorded on the H200 for testdata/binary/reserved*.cubin
# (testdata/verify/nvidia-h200-2026-12-01-files/fixture.probe.jsonl), and the
# same answers tampered; --check of the committed records; bad input.
# Prints one line per check and "N passed, N failed".
set -u
ka=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
rec=$src/testdata/verify/nvidia-h200-2026-12-01-files
bin=$src/testdata/binary
pass=0 fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp

. "$(dirname "$0")/../support/lib.sh"
expect() { # expect NAME WANTED_RC CMD...: stdout in $tmp/out, stderr in $tmp/err
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -eq "$want" ]; then ok "$name"; else bad "$name (exit $rc, wanted $want)" "$(cat "$tmp/out" "$tmp/err")"; fi
}
has()    { if grep -qF -- "$3" "$2"; then ok "$1"; else bad "$1: '$3' not in output" "$(cat "$2")"; fi; }
hasnot() { if grep -qF -- "$3" "$2"; then bad "$1: '$3' in output" "$(cat "$2")"; else ok "$1"; fi; }

# ---- no GPU: "not run", exit 0, no record ----------------------------------------
if ! nvidia-smi -L >/dev/null 2>&1; then
    expect "no GPU: exit 0" 0 "$ka" verify "$bin/reserved.cubin" --out "$tmp/none.jsonl"
    has "no GPU: says not run" "$tmp/out" "not run: no GPU"
    hasnot "no GPU: never pass" "$tmp/out" "pass"
    [ ! -e "$tmp/none.jsonl" ] && ok "no GPU: no record written" || bad "no GPU: a record was written"
else
    echo "skip  no-GPU checks (this machine has a GPU)"
fi
expect "no C compiler for the probe: exit 3" 3 env CC="$tmp/no-such-cc" "$ka" verify "$bin/reserved.cubin"
has "no C compiler: said" "$tmp/err" "no C compiler"

# ---- the whole flow on one machine, against a stand-in driver (tests/support/fake/libcuda.c)
if command -v cc >/dev/null 2>&1; then
    mkdir -p "$tmp/fakelib"
    cc -shared -fPIC -O2 -o "$tmp/fakelib/libcuda.so.1" "$src/tests/support/fake/libcuda.c"
    expect "a driver without a device: exit 0" 0 env LD_LIBRARY_PATH="$tmp/fakelib" FAKE_CUDA=nodevice \
        "$ka" verify "$bin/reserved.cubin" --out "$tmp/fake0.jsonl"
    has "without a device: not run" "$tmp/out" "not run: no GPU (CUDA_ERROR_NO_DEVICE)"
    [ ! -e "$tmp/fake0.jsonl" ] && ok "without a device: no record" || bad "without a device: a record was written"
    expect "a driver that disagrees: exit 1" 1 env LD_LIBRARY_PATH="$tmp/fakelib" \
        "$ka" verify "$bin/reserved.cubin" --out "$tmp/fake.jsonl"
    has "disagrees: its device" "$tmp/out" "kanalyze verify: Fake H200 (sm_90, 132 SMs), driver 13.0"
    has "disagrees: a register line" "$tmp/out" "MISMATCH registers smem_1k(unsigned int*) ($bin/reserved.cubin): kanalyze 12, driver 8"
    has "disagrees: a run of block sizes, one line" "$tmp/out" "MISMATCH blocks/SM smem_1k(unsigned int*) smem 0 block 673-1024 ($bin/reserved.cubin): kanalyze 2, driver 32"
    has "disagrees: the summary" "$tmp/out" "registers        3/6 equal"
    has "disagrees: FAIL" "$tmp/out" "FAIL: "
    expect "disagrees: its record fails --check too" 1 "$ka" verify --check "$tmp/fake.jsonl"
else
    echo "skip  the one-machine flow (no cc)"
fi

# ---- --extract: the cubins of one arch --------------------------------------------
d=$tmp/d
expect "--extract" 0 "$ka" verify --extract "$d" --smem 0,4096,65536 "$bin/reserved.cubin" "$bin/reserved.linked.cubin"
has "--extract: counts" "$tmp/out" "extracted 2 cubins of sm_90 (12 kernels)"
has "--extract: says the next step" "$tmp/out" "kernels/runner/run_probe.sh $d"
has "--extract: manifest cubin line" "$d/probe.txt" "cubin 0002.cubin 0,4096,65536"
has "--extract: manifest origin" "$d/probe.txt" "origin 0002.cubin $bin/reserved.linked.cubin"
has "--extract: manifest kernel" "$d/probe.txt" "kernel _Z7bound16Pj"
cmp -s "$d/0002.cubin" "$bin/reserved.linked.cubin" && ok "--extract: the cubin as it was" || bad "--extract: cubin differs"
# a fatbin with sm_75, sm_90a and sm_100f entries: only sm_90a loads on sm_90
expect "--extract from a fatbin" 0 "$ka" verify --extract "$tmp/fb" "$bin/kern.fatbin"
has "--extract: the sm_90a entry only" "$tmp/out" "extracted 1 cubins of sm_90"
expect "--extract, no cubin of the arch" 0 "$ka" verify --extract "$tmp/x80" --arch sm_80 "$bin/reserved.cubin"
has "--extract: says so" "$tmp/err" "no cubin of sm_80 in this file"

# a source: nvcc -cubin for the arch, asked at its launch sites' dynamic sizes too
if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    command -v nvcc >/dev/null 2>&1 || export PATH=/usr/local/cuda/bin:$PATH
    cat > "$tmp/launch.cu" <<'CU'
__global__ void scale(float *p, int n)
{
	extern __shared__ float tile[];
	tile[threadIdx.x] = p[threadIdx.x];
	__syncthreads();
	p[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x] * n;
}
void run(float *p)
{
	scale<<<132, 256, 256 * sizeof(float)>>>(p, 2);
	scale<<<132, 128, 8192>>>(p, 3);
}
CU
    expect "--extract of a source" 0 "$ka" verify --extract "$tmp/src" "$tmp/launch.cu"
    has "source: its cubin" "$tmp/out" "extracted 1 cubins of sm_90 (1 kernels)"
    has "source: the launch sites' dynamic sizes" "$tmp/src/probe.txt" "cubin 0001.cubin 0,1024,8192"
    cp "$tmp/launch.cu" "$tmp/launch.cu.cc"    # CUDA by name as kanalyze FILE reads it, not only .cu
    expect "--extract of a .cu.cc source" 0 "$ka" verify --extract "$tmp/src3" "$tmp/launch.cu.cc"
    has ".cu.cc: compiled as CUDA" "$tmp/out" "extracted 1 cubins of sm_90 (1 kernels)"
    printf 'int x = ;\n' > "$tmp/broken.cu"
    expect "--extract of a source that does not compile: exit 3" 3 "$ka" verify --extract "$tmp/src2" "$tmp/broken.cu"
else
    echo "skip  sources (nvcc not installed)"
fi

# ---- --compare: the H200's answers for those cubins ------------------------------
cp "$rec/fixture.probe.jsonl" "$d/driver.jsonl"
expect "--compare: the recorded answers agree" 0 "$ka" verify --compare "$d" --out "$tmp/rec.jsonl"
has "--compare: pass" "$tmp/out" "pass: 12 kernels, 24678 blocks-per-SM answers, 36 best blocks equal"
has "--compare: static_smem of the linked cubin" "$tmp/out" "static_smem      12/12 equal"
has "--compare: the whole stack is localSizeBytes" "$tmp/out" "stack            12/12 equal"
has "--compare: header" "$tmp/out" "NVIDIA H200 (sm_90, 132 SMs), driver 580.159.04"
expect "the fresh record rechecks" 0 "$ka" verify --check "$tmp/rec.jsonl"
python3 - "$tmp/rec.jsonl" >"$tmp/py" 2>&1 <<'PY' && ok "record: keys, bounds below a warp" || bad "record: keys" "$(cat "$tmp/py")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
h = rows[0]
assert h["kind"] == "header" and h["mode"] == "files" and h["driver"] == "580.159.04" and h["cc"] == "9.0", h
k = {(r["cubin"], r["mangled"]): r for r in rows if r["kind"] == "driver_kernel"}
assert len(k) == 12, len(k)
b1 = k[("0002.cubin", "_Z6bound1Pj")]["occupancy"][0]
assert b1["best_driver"] == 1 and b1["best_predicted"] == 1 and b1["min_grid_driver"] == 4224, b1
s = k[("0002.cubin", "_Z7stackedPKjPj")]
assert s["local_predicted"] == 128 and s["stack_predicted"] == 232 and s["local_driver"] == 232, s
assert rows[-1]["kind"] == "summary" and rows[-1]["disagreements"] == 0, rows[-1]
PY
# each kind of disagreement, one line each
sed 's/\("cubin":"0002.cubin","name":"_Z7smem_1kPj","regs":12,"static_smem":\)1024/\12048/' \
    "$rec/fixture.probe.jsonl" > "$d/driver.jsonl"
expect "a shared-memory disagreement fails" 1 "$ka" verify --compare "$d"
has "shared memory: the line" "$tmp/out" "MISMATCH static_smem smem_1k(unsigned int*) ($bin/reserved.linked.cubin): kanalyze 1024, driver 2048"
has "shared memory: one disagreement" "$tmp/out" "FAIL: 1 disagreement(s)"
sed '/"cubin":"0001.cubin","name":"_Z7bound16Pj","smem":0,/s/"best_block":16,/"best_block":15,/' \
    "$rec/fixture.probe.jsonl" > "$d/driver.jsonl"
expect "a best-block disagreement fails" 1 "$ka" verify --compare "$d"
has "best block: the line" "$tmp/out" "MISMATCH best block bound16(unsigned int*) smem 0 ($bin/reserved.cubin): kanalyze 16, driver 15"
sed '/"cubin":"0001.cubin","name":"_Z7stackedPKjPj","smem":0,/s/\[65,21\]/[65,22]/' \
    "$rec/fixture.probe.jsonl" > "$d/driver.jsonl"
expect "a blocks-per-SM disagreement fails" 1 "$ka" verify --compare "$d"
has "blocks per SM: one line for the run" "$tmp/out" "MISMATCH blocks/SM stacked(unsigned int const*, unsigned int*) smem 0 block 65-96 ($bin/reserved.cubin): kanalyze 21, driver 22"
sed 's/{"kind":"module","cubin":"0002.cubin","bytes":18464}/{"kind":"load_error","cubin":"0002.cubin","error":"CUDA_ERROR_INVALID_IMAGE","bytes":18464}/' \
    "$rec/fixture.probe.jsonl" | grep -v '"cubin":"0002.cubin","name"' > "$d/driver.jsonl"
expect "a cubin the driver refused fails" 1 "$ka" verify --compare "$d"
has "refused: the line" "$tmp/out" "LOAD 0002.cubin ($bin/reserved.linked.cubin): the driver refused it: CUDA_ERROR_INVALID_IMAGE"
sed 's/^{"kind":"kernel","cubin":"0002.cubin","name":"_Z7bound16Pj".*/{"kind":"missing","cubin":"0002.cubin","name":"_Z7bound16Pj","error":"CUDA_ERROR_NOT_FOUND"}/' \
    "$rec/fixture.probe.jsonl" | grep -v '"kind":"occupancy","cubin":"0002.cubin","name":"_Z7bound16Pj"' > "$d/driver.jsonl"
expect "a kernel the driver does not find fails" 1 "$ka" verify --compare "$d"
has "not found: the line" "$tmp/out" "MISSING _Z7bound16Pj ($bin/reserved.linked.cubin): the driver found no such kernel"
has "not found: counted" "$tmp/out" "names            1 kernel(s) one side names and the other does not"
printf '{"kind":"env"}\n{"kind":"no_device","error":"CUDA_ERROR_NO_DEVICE"}\n' > "$d/driver.jsonl"
expect "answers of a machine without a device: exit 0" 0 "$ka" verify --compare "$d"
has "no device: not run" "$tmp/out" "not run: no GPU (the probe: CUDA_ERROR_NO_DEVICE)"

# bounds of 48 and 40 threads: the driver's best blocks 48, 40 and, with 126
# registers, 32 (testdata/binary/bounds.cu)
expect "--extract of bounds.cubin" 0 "$ka" verify --extract "$tmp/b" --smem 0,4096 "$bin/bounds.cubin"
cp "$rec/bounds.probe.jsonl" "$tmp/b/driver.jsonl"
expect "--compare: bounds that are not whole warps agree" 0 "$ka" verify --compare "$tmp/b"
has "bounds: every best block" "$tmp/out" "best block       6/6 equal"

# ---- the committed records, rechecked by the current model ------------------------
for r in fixture bounds curand llmc nccl-2.28.3 nccl; do
    expect "committed record $r rechecks" 0 "$ka" verify --check "$rec/$r.jsonl"
done
has "nccl: every shared size as the driver says" "$tmp/out" "static_smem      222/222 equal"
sed '0,/"regs_driver":32,/s//"regs_driver":33,/' "$rec/fixture.jsonl" > "$tmp/bad.jsonl"
expect "a record with another register count fails" 1 "$ka" verify --check "$tmp/bad.jsonl"
has "record: registers mismatch shown" "$tmp/out" "MISMATCH registers"

# ---- bad input ----------------------------------------------------------------------
expect "--compare of a missing directory" 2 "$ka" verify --compare "$tmp/nowhere"
has "missing: names driver.jsonl" "$tmp/err" "driver.jsonl: cannot read"
printf 'not json\n' > "$d/driver.jsonl"
expect "--compare of garbage answers" 2 "$ka" verify --compare "$d"
has "garbage: names the line" "$tmp/err" "line 1 is not a JSON object"
printf '{"kind":"env"}\n' > "$d/driver.jsonl"
expect "--compare without a header" 2 "$ka" verify --compare "$d"
printf 'hello\n' > "$tmp/text.txt"
expect "--extract of a text file" 2 "$ka" verify --extract "$tmp/e1" "$tmp/text.txt"
has "text file: said" "$tmp/err" "not a CUDA source (.cu) or an NVIDIA binary"
expect "--extract of a directory" 2 "$ka" verify --extract "$tmp/e2" "$tmp"
expect "--extract of a missing file" 2 "$ka" verify --extract "$tmp/e3" "$tmp/missing.cubin"
expect "--extract for an AMD arch" 2 "$ka" verify --extract "$tmp/e4" --arch gfx90a "$bin/reserved.cubin"
expect "--extract of an AMD code object" 2 "$ka" verify --extract "$tmp/e5" "$bin/kern.gfx908.co"
expect "--compare with files" 2 "$ka" verify --compare "$d" "$bin/reserved.cubin"
expect "files with --check" 2 "$ka" verify --check "$rec/fixture.jsonl" "$bin/reserved.cubin"
expect "--extract without files" 2 "$ka" verify --extract "$tmp/e6"
expect "files and a program" 2 "$ka" verify "$bin/reserved.cubin" -- /bin/true
expect "--smem out of range" 2 "$ka" verify --extract "$tmp/e7" --smem 99999999 "$bin/reserved.cubin"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
