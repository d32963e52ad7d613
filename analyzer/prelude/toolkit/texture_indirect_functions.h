/* texture_indirect_functions.h — empty stand-in, as texture_fetch_functions.h
 * (clang 16's CUDA wrapper includes it; CUDA 13 may not ship it). */
#pragma once
