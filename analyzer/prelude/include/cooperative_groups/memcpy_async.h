/* cooperative_groups/memcpy_async.h — analyzer shim: declared in ../cooperative_groups.h. */
#pragma once
#include <cooperative_groups.h>
