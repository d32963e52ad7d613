# seeds-amd.sh — sourced by tests/fuzz/run.sh: seed fuzz_amd with the
# captured LLVM remarks and AMDGPU assembly of testdata/amd (small files).
mkdir -p "$work/fuzz_amd"
for s in "$src"/testdata/amd/remarks/*.remarks "$src"/testdata/amd/kernels/*; do
    [ -f "$s" ] && [ "$(stat -c %s "$s")" -lt 65536 ] && cp "$s" "$work/fuzz_amd/"
done
true
