/* math_functions.h — analyzer shim: everything it would declare is in the prelude
 * (ka_common_prelude.h) and cuda_runtime.h; this file only has to exist. */
#pragma once
#include "cuda_runtime.h"
