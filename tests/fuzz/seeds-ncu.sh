# seeds-ncu.sh — sourced by tests/fuzz/run.sh: seed fuzz_ncu with the
# Nsight Compute exports recorded on the H200 (testdata/profile/): one kernel
# table of the source page at a time (its first 120 rows), a NUL byte, then
# that launch's rows of the details page, so each seed stays under
# -max_len; the hand-made export of testdata/profile/asm/; and the
# regression inputs of testdata/fuzz/fuzz_ncu.
mkdir -p "$work/fuzz_ncu"
for t in 1 2 3 4; do
    { awk -v t="$t" '/^"File Path"/ { n++ } n == t && k++ < 120' "$src/testdata/profile/ncu_source.csv"
      printf '\0'
      awk -v id="\"$((t - 1))\"" -F, 'NR == 1 || $1 == id' "$src/testdata/profile/ncu_details.csv"
    } > "$work/fuzz_ncu/table$t"
done
# the hand-made export of testdata/profile/asm/ (ncu's unescaped quotes, the
# shared-memory and branch columns), whole
{ cat "$src/testdata/profile/asm/ncu_source.csv"; printf '\0'; cat "$src/testdata/profile/asm/ncu_details.csv"; } \
    > "$work/fuzz_ncu/asm"
seed fuzz_ncu "$src"/testdata/fuzz/fuzz_ncu/*
