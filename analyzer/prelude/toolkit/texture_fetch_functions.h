/* texture_fetch_functions.h — empty stand-in, found only after the toolkit's
 * own include directories (-idirafter).  clang 16's CUDA wrapper header
 * includes it unconditionally; CUDA 13 no longer ships it (texture
 * references are gone), and the analyzer needs no texture fetches. */
#pragma once
