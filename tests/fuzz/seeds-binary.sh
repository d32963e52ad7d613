# seeds-binary.sh — sourced by tests/fuzz/run.sh: seed the binary readers'
# targets with testdata/binary (small on purpose) and their regression inputs.
for t in fuzz_fatbin fuzz_binary fuzz_bundle fuzz_amd_codeobj; do
    mkdir -p "$work/$t"
    for s in "$src"/testdata/fuzz/$t/*; do [ -f "$s" ] && cp "$s" "$work/$t/"; done
done
for s in "$src"/testdata/binary/*; do
    [ -f "$s" ] && [ "$(stat -c %s "$s")" -lt 65536 ] || continue
    case $s in *.expected | *.cu | *.hip | *.sh | *.py | *.remarks | *.md) continue ;; esac
    cp "$s" "$work/fuzz_binary/"
    case $s in
    *.fatbin) cp "$s" "$work/fuzz_fatbin/" ;;
    *.hipfb | *.ccob) cp "$s" "$work/fuzz_bundle/" ;;
    *.co) cp "$s" "$work/fuzz_amd_codeobj/" ;;
    esac
done
true
