# seeds-ptx.sh — sourced by run.sh: the machine model's fuzz target starts
# from the PTX and AMDGPU assembly of the labelled cases (testdata/machine/).
seed fuzz_ptx "$src"/testdata/machine/*.ptx "$src"/testdata/machine/*.s
