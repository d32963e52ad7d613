/* cooperative_groups/reduce.h — analyzer shim: declared in ../cooperative_groups.h. */
#pragma once
#include <cooperative_groups.h>
