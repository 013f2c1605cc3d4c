# Precompiled headers for the layer libraries and the CLI: the headers of the standard library and
# fmt that most units include are parsed once per build instead of once per unit. They were about
# 0.9 s of CPU in every one of the library's two hundred units (a unit that includes only them and
# fmt/format.h), against about 0.1 s to load them precompiled.
#
# Only third-party and standard headers: a project header here would rebuild every unit when it
# changes, and would hide a missing #include of the project's own. The compiler checks that the
# precompiled header matches each unit's flags (-Winvalid-pch, an error under -Werror), so a
# target whose flags differ fails loudly instead of silently parsing the headers again.
#
# CMAKE_DISABLE_PRECOMPILE_HEADERS=ON turns them off. clang-tidy cannot read GCC's .gch files:
# scripts/lint gives it the compile database without them. The sanitizer builds (asan-ubsan,
# tsan, fuzz) do not use them yet: they were not measured there, and which units meet GCC's false
# -Warray-bounds below depends on the optimisation level, so each of those builds needs its own
# list checked first.

# The headers every layer shares: those most of src/ includes (count the #include lines of src/
# and include/ to revise the list).
set(GPUATOM_LAYER_PRECOMPILED_HEADERS
    <algorithm> <array> <cstddef> <cstdint> <functional> <map> <memory> <optional> <span> <string>
    <string_view> <utility> <variant> <vector> <fmt/format.h>)

# Units compiled on their own, without the precompiled header and outside the unity build's groups
# (cmake/unity_build.cmake): with either, GCC 12 at -O3 inlines differently in them and reports a
# false -Warray-bounds in libstdc++'s string copy (char_traits.h, "forming offset [32, N] is out of
# the bounds [0, 32]"), an error under -Werror. A unit that starts to fail so is added here (paths
# relative to src/); the others compile to the same code with or without the precompiled header
# (138 of the 145 objects compared were byte-identical, the rest differing only in which inline
# library functions they emit out of line).
set(GPUATOM_UNITS_WITHOUT_PRECOMPILED_HEADERS
    amd/isa/decoder.cpp amd/lowering_mnemonics.cpp amd/path.cpp launch/execute.cpp launch/memory_estimate.cpp)

# One precompiled header, built with the lowest layer (support) and reused by the others: the
# layers are compiled with the same flags, so one is valid for all and twelve would cost twelve
# times its build.
function(gpuatom_precompile_layer_headers first)
  if(GPUATOM_SANITIZE)
    return()
  endif()
  target_precompile_headers(${first} PRIVATE ${GPUATOM_LAYER_PRECOMPILED_HEADERS})
  foreach(layer ${ARGN})
    target_precompile_headers(${layer} REUSE_FROM ${first})
  endforeach()
  list(TRANSFORM GPUATOM_UNITS_WITHOUT_PRECOMPILED_HEADERS PREPEND ${PROJECT_SOURCE_DIR}/src/ OUTPUT_VARIABLE units)
  set_source_files_properties(${units} PROPERTIES SKIP_PRECOMPILE_HEADERS ON SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()

# The CLI's own (its flags differ from the libraries': not position-independent, its version
# defined): the layers' headers and the argument parser and JSON library its commands include.
function(gpuatom_precompile_cli_headers target)
  if(GPUATOM_SANITIZE)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE ${GPUATOM_LAYER_PRECOMPILED_HEADERS} <CLI/CLI.hpp>)
endfunction()

# ccache compiles a unit that includes a precompiled header only when told that the header's
# macros and __TIME__ may be left out of its hash; without that it runs the compiler every time.
# Set here, before the targets take the launcher, for a ccache given as the compiler launcher.
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "(^|/)ccache$" AND NOT CMAKE_DISABLE_PRECOMPILE_HEADERS)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_SLOPPINESS=pch_defines,time_macros
                                  ${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
