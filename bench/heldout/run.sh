#!/usr/bin/env bash
# bench/heldout/run.sh KANALYZE OUTDIR [SRC] — kanalyze over the three held-out projects
# (SRC: their sources, laid out as bench/heldout/README.md says), one JSON per
# project, with the flags their builds on the GPU machine used (profile.sh).
ka=$(realpath "$1"); out=$(realpath "$2"); src=$(realpath "${3:-$(dirname "$0")/../../.heldout}")
export PATH=/usr/local/cuda/bin:$PATH KANALYZE_CACHE_DIR=$out/cache
cd $src/polybench-acc && $ka $(find CUDA -name '*.cu' | sort) -I CUDA/utilities -DSMALL_DATASET -DcudaThreadSynchronize=cudaDeviceSynchronize --std c++17 --arch sm_90 -j2 --format json > $out/polybench-acc.json 2> $out/polybench-acc.err
cd $src/olcf && $ka $(find exercises -name '*.cu' | sort) --std c++17 --arch sm_90 -j2 --format json > $out/olcf.json 2> $out/olcf.err
cd $src/brucefan && $ka $(find src -name '*.cu' | sort) --std c++17 --arch sm_90 -j2 --format json > $out/brucefan.json 2> $out/brucefan.err
