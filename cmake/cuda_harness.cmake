# The CUDA hardware harness (hw/cuda) is built with the rest of the project wherever nvcc works,
# and skipped, with a status line, where it does not: a machine without CUDA still builds and tests everything
# else. Sanitizer builds skip it (the CUDA runtime does not run under ASan/TSan as configured here).
#
# Looking for nvcc and identifying it costs about 10 s of CPU at the first configure, more than
# any other step of it. `make run` builds the CLI only, so it configures with GPUATOM_DEFER_CUDA
# set in the environment and nvcc is not looked for; the next configure without it (`make test`,
# `make build`, a plain `cmake --preset`) looks for it and adds the harness. An environment
# variable, not a cache entry, so that it cannot outlive the command that set it; and a build
# directory that already knows its nvcc keeps the harness whatever the variable says.
if(DEFINED ENV{GPUATOM_DEFER_CUDA} AND NOT CMAKE_CUDA_COMPILER)
  message(STATUS "gpuatom: nvcc not looked for (GPUATOM_DEFER_CUDA); the next configure without it builds the CUDA harness")
  return()
endif()
include(CheckLanguage)
if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX} AND EXISTS /usr/local/cuda/bin/nvcc)
  # The toolkit's default place, often not on PATH; check_language still tries it before use.
  set(ENV{CUDACXX} /usr/local/cuda/bin/nvcc)
endif()
check_language(CUDA)
set(gpuatom_cuda_default OFF)
if(CMAKE_CUDA_COMPILER AND NOT GPUATOM_SANITIZE)
  set(gpuatom_cuda_default ON)
endif()
option(GPUATOM_BUILD_CUDA_HARNESS "Build the CUDA hardware harness hw/cuda (needs nvcc 12 or later)"
       ${gpuatom_cuda_default})

if(NOT CMAKE_CUDA_COMPILER)
  message(STATUS "gpuatom: no working nvcc found; the CUDA harness (hw/cuda) is not built")
elseif(NOT GPUATOM_BUILD_CUDA_HARNESS)
  message(STATUS "gpuatom: GPUATOM_BUILD_CUDA_HARNESS is OFF; the CUDA harness (hw/cuda) is not built")
else()
  enable_language(CUDA)
  if(CMAKE_CUDA_COMPILER_VERSION VERSION_LESS 12.0)
    message(STATUS "gpuatom: nvcc ${CMAKE_CUDA_COMPILER_VERSION} is older than 12.0; the CUDA harness is not built")
  else()
    message(STATUS "gpuatom: building the CUDA harness with nvcc ${CMAKE_CUDA_COMPILER_VERSION}")
    add_subdirectory(hw/cuda)
  endif()
endif()
