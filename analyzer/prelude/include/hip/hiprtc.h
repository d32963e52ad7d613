/* hip/hiprtc.h — analyzer shim: HIP's runtime compiler API as declarations
 * (a host program that compiles a kernel from a string at run time). */
#pragma once
#pragma clang system_header
#include <stddef.h>

extern "C" {
typedef enum hiprtcResult {
	HIPRTC_SUCCESS = 0,
	HIPRTC_ERROR_OUT_OF_MEMORY = 1,
	HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
	HIPRTC_ERROR_INVALID_INPUT = 3,
	HIPRTC_ERROR_INVALID_PROGRAM = 4,
	HIPRTC_ERROR_INVALID_OPTION = 5,
	HIPRTC_ERROR_COMPILATION = 6,
	HIPRTC_ERROR_INTERNAL_ERROR = 11
} hiprtcResult;
typedef struct _hiprtcProgram *hiprtcProgram;
const char *hiprtcGetErrorString(hiprtcResult r);
hiprtcResult hiprtcCreateProgram(hiprtcProgram *p, const char *src, const char *name, int n_headers,
				 const char **headers, const char **include_names);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram *p);
hiprtcResult hiprtcCompileProgram(hiprtcProgram p, int n_options, const char **options);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram p, size_t *n);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram p, char *log);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram p, size_t *n);
hiprtcResult hiprtcGetCode(hiprtcProgram p, char *code);
hiprtcResult hiprtcAddNameExpression(hiprtcProgram p, const char *name);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram p, const char *name, const char **lowered);
}
