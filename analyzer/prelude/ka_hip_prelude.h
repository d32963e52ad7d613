/* ka_hip_prelude.h — force-included first into every HIP file the analyzer
 * parses (with -nogpuinc): what HIP-Clang's own wrapper header provides
 * implicitly (attributes, threadIdx & co, warpSize); the runtime API lives in
 * the shim include/hip/hip_runtime.h, which files include themselves. */
#pragma once
#define __KANALYZE__ 1
#ifndef __HIP__
#define __HIP__ 1
#endif
#define __HIPCC__ 1
#define __HIP_PLATFORM_AMD__ 1
#define __HIP_PLATFORM_HCC__ 1
#include "ka_common_prelude.h"
