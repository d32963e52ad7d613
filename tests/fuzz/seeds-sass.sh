# seeds-sass.sh — sourced by tests/fuzz/run.sh: seed fuzz_sass with the
# captured listings of testdata/sass, each joined to its life-range table by
# a NUL byte (the split fuzz_sass.c expects); the small ones only.
mkdir -p "$work/fuzz_sass"
for s in "$src"/testdata/sass/uniform_a.*.sass "$src"/testdata/sass/redux.*.sass; do
    [ -f "$s" ] || continue
    { cat "$s"; printf '\0'; cat "${s%.sass}.lr"; } > "$work/fuzz_sass/$(basename "${s%.sass}")"
done
