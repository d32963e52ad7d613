# seeds-asm.sh — sourced by tests/fuzz/run.sh: seed fuzz_asm with the asm
# templates of testdata/fuzz/fuzz_asm (PTX and AMDGPU loads and stores).
seed fuzz_asm "$src"/testdata/fuzz/fuzz_asm/*
