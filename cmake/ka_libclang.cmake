# ka_libclang.cmake — find libclang's C API (the library the analyzer loads
# with dlopen, and clang-c/Index.h) on the machine that builds kanalyze, and
# say which one.  The C API is stable across LLVM releases; kanalyze takes
# LLVM 15 to 19 (a newer one is taken with a warning: not tested here).
# Tried in order, the first that has both the library and the header wins:
#
#   1. LIBCLANG_ROOT / CMAKE_PREFIX_PATH       (prefix/lib*, prefix/include)
#   2. llvm-config (KA_LLVM_CONFIG, else llvm-config-19 ... -15, llvm-config)
#                                               (--libdir, --includedir, --version)
#   3. the distributions' defaults, newest first: Debian/Ubuntu
#      /usr/lib/llvm-N, Gentoo /usr/lib/llvm/N, Homebrew's llvm@N, and the
#      plain system directories (Fedora: /usr/lib64/libclang.so)
#
# Sets LIBCLANG (the library), LIBCLANG_INCLUDE (the directory holding
# clang-c/), KA_LIBCLANG_VERSION (LLVM's major version, "" when no source
# says it) and KA_LIBCLANG_FOUND_BY (which of the above).
set(KA_LIBCLANG_VERSIONS 19 18 17 16 15)
set(KA_LIBCLANG_NAMES clang libclang)
foreach(v ${KA_LIBCLANG_VERSIONS})
  list(APPEND KA_LIBCLANG_NAMES clang-${v})
endforeach()

function(_ka_libclang_try how libdirs incdirs)
  if(LIBCLANG AND LIBCLANG_INCLUDE)
    return()
  endif()
  unset(_ka_lib CACHE)
  unset(_ka_inc CACHE)
  find_library(_ka_lib NAMES ${KA_LIBCLANG_NAMES} ${ARGN} PATHS ${libdirs} NO_DEFAULT_PATH)
  find_path(_ka_inc clang-c/Index.h PATHS ${incdirs} NO_DEFAULT_PATH)
  if(_ka_lib AND _ka_inc)
    set(LIBCLANG ${_ka_lib} CACHE FILEPATH "libclang (the analyzer's; found by cmake/ka_libclang.cmake)" FORCE)
    set(LIBCLANG_INCLUDE ${_ka_inc} CACHE PATH "the directory holding clang-c/Index.h" FORCE)
    set(KA_LIBCLANG_FOUND_BY "${how}" CACHE INTERNAL "")
  endif()
  unset(_ka_lib CACHE)
  unset(_ka_inc CACHE)
endfunction()

if(NOT (LIBCLANG AND LIBCLANG_INCLUDE))
  # 1. prefixes the user named
  set(_ka_prefixes ${LIBCLANG_ROOT} $ENV{LIBCLANG_ROOT} ${CMAKE_PREFIX_PATH} $ENV{CMAKE_PREFIX_PATH})
  string(REPLACE ":" ";" _ka_prefixes "${_ka_prefixes}")
  set(_ka_libdirs)
  set(_ka_incdirs)
  foreach(p ${_ka_prefixes})
    list(APPEND _ka_libdirs ${p}/lib ${p}/lib64 ${p}/lib/${CMAKE_LIBRARY_ARCHITECTURE})
    list(APPEND _ka_incdirs ${p}/include)
  endforeach()
  if(_ka_libdirs)
    _ka_libclang_try("CMAKE_PREFIX_PATH / LIBCLANG_ROOT" "${_ka_libdirs}" "${_ka_incdirs}")
  endif()

  # 2. llvm-config
  set(_ka_llvm_configs)
  foreach(v ${KA_LIBCLANG_VERSIONS})
    list(APPEND _ka_llvm_configs llvm-config-${v} llvm-config${v})
  endforeach()
  find_program(KA_LLVM_CONFIG NAMES ${_ka_llvm_configs} llvm-config DOC "llvm-config of the LLVM whose libclang to use")
  if(KA_LLVM_CONFIG AND NOT (LIBCLANG AND LIBCLANG_INCLUDE))
    execute_process(COMMAND ${KA_LLVM_CONFIG} --libdir OUTPUT_VARIABLE _ka_ld OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _r1)
    execute_process(COMMAND ${KA_LLVM_CONFIG} --includedir OUTPUT_VARIABLE _ka_id OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _r2)
    execute_process(COMMAND ${KA_LLVM_CONFIG} --version OUTPUT_VARIABLE _ka_lv OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _r3)
    if(_r1 EQUAL 0 AND _r2 EQUAL 0)
      set(_ka_major "")
      if(_r3 EQUAL 0 AND _ka_lv MATCHES "^([0-9]+)")
        set(_ka_major ${CMAKE_MATCH_1})
      endif()
      _ka_libclang_try("llvm-config (${KA_LLVM_CONFIG})" "${_ka_ld}" "${_ka_id}" clang-${_ka_major})
      if(KA_LIBCLANG_FOUND_BY MATCHES "^llvm-config")
        set(KA_LIBCLANG_CONFIG_VERSION ${_ka_major})
      endif()
    endif()
  endif()

  # 3. the distributions' defaults
  set(_ka_libdirs)
  set(_ka_incdirs)
  foreach(v ${KA_LIBCLANG_VERSIONS})
    list(APPEND _ka_libdirs /usr/lib/llvm-${v}/lib /usr/lib/llvm/${v}/lib /usr/lib/llvm/${v}/lib64
                            /opt/homebrew/opt/llvm@${v}/lib /usr/local/opt/llvm@${v}/lib)
    list(APPEND _ka_incdirs /usr/lib/llvm-${v}/include /usr/lib/llvm/${v}/include
                            /opt/homebrew/opt/llvm@${v}/include /usr/local/opt/llvm@${v}/include)
  endforeach()
  list(APPEND _ka_libdirs /usr/lib64 /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE} /usr/lib /usr/local/lib)
  list(APPEND _ka_incdirs /usr/include /usr/local/include)
  _ka_libclang_try("the distribution's default" "${_ka_libdirs}" "${_ka_incdirs}")
endif()

if(NOT (LIBCLANG AND LIBCLANG_INCLUDE))
  message(FATAL_ERROR "kanalyze: libclang (LLVM 15 to 19) not found: install libclang-dev "
          "(Debian/Ubuntu: libclang-16-dev; Fedora: clang-devel), or name it with "
          "-DCMAKE_PREFIX_PATH=<llvm prefix>, -DKA_LLVM_CONFIG=<llvm-config> or "
          "-DLIBCLANG=<library> -DLIBCLANG_INCLUDE=<dir holding clang-c/>")
endif()

# LLVM's major version: llvm-config's, else the library's real file name
# (libclang-16.so.16.0.6, libclang.so.18.1.8)
get_filename_component(_ka_real ${LIBCLANG} REALPATH)
set(KA_LIBCLANG_VERSION "")
if(KA_LIBCLANG_CONFIG_VERSION)
  set(KA_LIBCLANG_VERSION ${KA_LIBCLANG_CONFIG_VERSION})
elseif(_ka_real MATCHES "\\.so\\.([0-9]+)" OR _ka_real MATCHES "libclang-([0-9]+)")
  set(KA_LIBCLANG_VERSION ${CMAKE_MATCH_1})
endif()
if(NOT KA_LIBCLANG_FOUND_BY)
  set(KA_LIBCLANG_FOUND_BY "-DLIBCLANG and -DLIBCLANG_INCLUDE, or an earlier configure's cache")
endif()
if(KA_LIBCLANG_VERSION STREQUAL "")
  message(WARNING "kanalyze: cannot tell the LLVM version of ${_ka_real}; kanalyze is tested with 15 to 19")
elseif(KA_LIBCLANG_VERSION LESS 15)
  message(FATAL_ERROR "kanalyze: libclang ${KA_LIBCLANG_VERSION} (${_ka_real}) is older than 15, which kanalyze needs; "
          "name a newer one with -DCMAKE_PREFIX_PATH or -DKA_LLVM_CONFIG")
elseif(KA_LIBCLANG_VERSION GREATER 19)
  message(WARNING "kanalyze: libclang ${KA_LIBCLANG_VERSION} is newer than the 15 to 19 kanalyze is tested with")
endif()
message(STATUS "kanalyze: libclang ${KA_LIBCLANG_VERSION} ${_ka_real}, headers ${LIBCLANG_INCLUDE} (found through ${KA_LIBCLANG_FOUND_BY})")
