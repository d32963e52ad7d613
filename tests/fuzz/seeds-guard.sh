# seeds-guard.sh — sourced by tests/fuzz/run.sh: seeds for the issue-6
# parsers (a real baseline, a cache record, a compilation database, a config).
mkdir -p "$work/fuzz_baseline" "$work/fuzz_records" "$work/fuzz_compdb" "$work/fuzz_config"
cat > "$work/fuzz_baseline/a" <<'JSON'
{"kanalyze_baseline": 1, "tool": "kanalyze", "version": "0.1.0", "nvcc": "13.0.88",
 "kernels": [{"file": "k.cu", "arch": "sm_90", "name": "k(float*)", "mangled": "_Z1kPf", "line": 3,
   "block": 256, "regs": 128, "uregs": null, "vgprs": null, "sgprs": null, "spill_stores": 0,
   "spill_loads": 0, "static_smem": 0, "smem": 0, "blocks_per_sm": 2, "occupancy": 0.25}]}
JSON
cat > "$work/fuzz_records/a" <<'JSON'
{"kanalyze_record": 1, "file": "/src/k.cu", "archs": ["sm_90"], "nvcc": "13.0.88",
 "kernels": [{"name": "k(float*)", "mangled": "_Z1kPf", "file": "/src/k.cu", "line": 3, "arch": "sm_90",
   "resources": {"regs": 128, "uregs": null, "spill_stores": 0, "spill_loads": 0, "stack": 0,
   "static_smem": 0, "local": 0, "barriers": 1, "max_threads": 0}}]}
JSON
sed 's/kanalyze_record/kanalyze_cache/' "$work/fuzz_records/a" > "$work/fuzz_records/b"
cat > "$work/fuzz_compdb/a" <<'JSON'
[{"directory": "/src/build", "file": "../k.cu", "command": "nvcc -I../inc -DN=4 -std=c++17 -arch=sm_90 -c ../k.cu -o k.o"},
 {"directory": "/src/build", "file": "/src/h.hip", "arguments": ["hipcc", "--offload-arch=gfx90a", "-c", "/src/h.hip"]}]
JSON
cat > "$work/fuzz_config/a" <<'JSON'
{"archs": ["sm_90", "sm_80"], "block": 256, "include": ["inc"], "warn_cliff": 4, "baseline": "ci/base.json"}
JSON
