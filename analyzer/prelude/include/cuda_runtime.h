/* cuda_runtime.h — analyzer shim (kanalyze's prelude, not NVIDIA's header):
 * the runtime API that host code in a .cu file calls, as declarations, so
 * libclang 16 can parse files written for CUDA 13.  Device-side pieces come
 * from ka_common_prelude.h. */
#pragma once
#pragma clang system_header
#include "cuda_runtime_api.h"
