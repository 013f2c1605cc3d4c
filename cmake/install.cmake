# `cmake --install` puts the headers, the library, the CLI, a CMake package (find_package(gpuatom)
# → gpuatom::gpuatom) and a pkg-config file under the prefix.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS gpuatom ${GPUATOM_LAYER_LIBRARIES} EXPORT gpuatomTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS gpuatom-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/gpuatom DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${CMAKE_INSTALL_DATADIR}/gpuatom/examples
        OPTIONAL FILES_MATCHING PATTERN "*.toml" PATTERN "*.cpp" PATTERN "CMakeLists.txt")
install(EXPORT gpuatomTargets NAMESPACE gpuatom:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpuatom)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/gpuatomConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/gpuatomConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpuatom)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gpuatomConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/gpuatomConfig.cmake ${PROJECT_BINARY_DIR}/gpuatomConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gpuatom)

# The .pc file finds its prefix from where it lies (${pcfiledir}), so `cmake --install --prefix P`
# gives a file that names P, whatever prefix was configured.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(GPUATOM_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH GPUATOM_PC_UP /root/${CMAKE_INSTALL_LIBDIR}/pkgconfig /root)
  string(REGEX REPLACE "/$" "" GPUATOM_PC_UP "${GPUATOM_PC_UP}")
  set(GPUATOM_PC_PREFIX "\${pcfiledir}/${GPUATOM_PC_UP}")
endif()
# Static layer libraries, each after the ones that use it.
set(GPUATOM_PC_LIBS "")
foreach(layer IN LISTS GPUATOM_LAYER_LIBRARIES)
  set(GPUATOM_PC_LIBS "-l${layer} ${GPUATOM_PC_LIBS}")
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/cmake/gpuatom.pc.in ${PROJECT_BINARY_DIR}/gpuatom.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/gpuatom.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
