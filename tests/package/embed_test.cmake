# Installs gpuatom into a fresh prefix (not the configured one), builds examples/embed against it
# twice, with CMake's find_package and with pkg-config, and runs both.
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
if(rc OR NOT out MATCHES "memory=0x3f800000 returned=0x00000001" OR NOT out MATCHES "counter=1000 after 1000 atomics")
  message(FATAL_ERROR "the embed example printed '${out}' (exit ${rc})")
endif()
# pkg-config: the .pc file must name the prefix it was installed to, and its flags must build.
find_program(PKG_CONFIG pkg-config REQUIRED)
find_program(CXX NAMES c++ g++ REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${work}/prefix/lib/pkgconfig)
execute_process(COMMAND ${PKG_CONFIG} --variable=libdir gpuatom OUTPUT_VARIABLE libdir OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rc)
get_filename_component(libdir "${libdir}" REALPATH)
get_filename_component(expected "${work}/prefix/lib" REALPATH)
if(rc OR NOT libdir STREQUAL expected)
  message(FATAL_ERROR "gpuatom.pc names libdir '${libdir}', not the install prefix's ${expected}")
endif()
execute_process(COMMAND ${PKG_CONFIG} --cflags --libs gpuatom OUTPUT_VARIABLE flags OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE rc)
separate_arguments(flags UNIX_COMMAND "${flags}")
execute_process(COMMAND ${CXX} -O1 ${SOURCE_DIR}/examples/embed/embed.cpp -o ${work}/embed-pkg-config ${flags}
                RESULT_VARIABLE rc OUTPUT_VARIABLE build_out ERROR_VARIABLE build_out)
if(rc)
  message(FATAL_ERROR "building the embed example with pkg-config's flags failed:\n${build_out}")
endif()
execute_process(COMMAND ${work}/embed-pkg-config RESULT_VARIABLE rc OUTPUT_VARIABLE pkg_out)
if(rc OR NOT pkg_out STREQUAL out)
  message(FATAL_ERROR "the pkg-config build printed '${pkg_out}' (exit ${rc}), the CMake build '${out}'")
endif()

foreach(f bin/gpuatom lib/pkgconfig/gpuatom.pc lib/cmake/gpuatom/gpuatomConfig.cmake include/gpuatom/alu/apply.hpp)
  if(NOT EXISTS ${work}/prefix/${f})
    message(FATAL_ERROR "the install lacks ${f}")
  endif()
endforeach()
message(STATUS "embed example: ${out}")
