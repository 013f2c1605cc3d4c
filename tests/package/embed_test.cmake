# Installs gpuatom into a fresh prefix, builds examples/embed against it and runs it.
# cmake -DBUILD_DIR=… -DSOURCE_DIR=… -P embed_test.cmake
set(work ${BUILD_DIR}/package-test)
file(REMOVE_RECURSE ${work})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${work}/prefix
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "cmake --install failed: ${rc}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/embed -B ${work}/build -G Ninja
                        -DCMAKE_PREFIX_PATH=${work}/prefix -DCMAKE_BUILD_TYPE=Release
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc)
  message(FATAL_ERROR "configuring the embed example failed:\n${out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${work}/build RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc)
  message(FATAL_ERROR "building the embed example failed:\n${out}")
endif()
execute_process(COMMAND ${work}/build/embed RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc OR NOT out MATCHES "memory=0x3f800000 returned=0x00000001" OR NOT out MATCHES "scenario passed")
  message(FATAL_ERROR "the embed example printed '${out}' (exit ${rc})")
endif()
foreach(f bin/gpuatom lib/pkgconfig/gpuatom.pc lib/cmake/gpuatom/gpuatomConfig.cmake include/gpuatom/alu/apply.hpp)
  if(NOT EXISTS ${work}/prefix/${f})
    message(FATAL_ERROR "the install lacks ${f}")
  endif()
endforeach()
message(STATUS "embed example: ${out}")
