/* ka_cuda_prelude.h — force-included first into every CUDA file kanalyze's
 * analyzer parses (analyzer/parse.c, with -nocudainc).  libclang 16 cannot
 * read CUDA 13's own headers, so this prelude stands in for what nvcc puts in
 * front of every .cu file: the execution-space attributes, the built-in
 * variables and cuda_runtime.h (our shim, include/cuda_runtime.h).  Only
 * declarations: the analyzer needs the AST, never code. */
#pragma once
#define __KANALYZE__ 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 88
#include "ka_common_prelude.h"
#include <cuda_runtime.h>
