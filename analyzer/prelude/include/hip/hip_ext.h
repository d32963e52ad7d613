/* hip/hip_ext.h — analyzer shim: only has to exist. */
#pragma once
#include "hip_runtime.h"
