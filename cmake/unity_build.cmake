# Unity builds: each target's .cpp files are compiled in groups of eight, each group one unit that
# #includes them (CMake's UNITY_BUILD). A unit's time went mostly to what its files share: parsing
# the same headers and compiling the same inline and template functions (fmt, the standard
# library, gtest, the project's own headers) once per file. Grouped, that is paid once per eight
# files: the release build of the five lowest layers took 65 CPU-seconds file by file and 39
# grouped (scripts/build-cost). It matters most where CI compiles everything from scratch three
# times (release, AddressSanitizer, ThreadSanitizer) and for a fresh clone's `make run`.
#
# What it asks of the code: the files of one target must not clash when read one after another in
# one unit: no two with the same name in an anonymous namespace (or `static`), no file-scope
# `using namespace` that makes a later file's name ambiguous, no macro left defined. The build
# checks that itself, for the grouping it uses; `-DCMAKE_UNITY_BUILD_BATCH_SIZE=0` (a target's
# files in one unit) checks every grouping at once.
#
# `-DCMAKE_UNITY_BUILD=OFF` compiles file by file (an edit then recompiles one file, not its
# group: worth it when working on one file for a while). Set before the targets are made: the
# variables initialise each target's UNITY_BUILD and UNITY_BUILD_BATCH_SIZE.
set(CMAKE_UNITY_BUILD ON CACHE BOOL "Compile each target's sources in groups (unity build)")
set(CMAKE_UNITY_BUILD_BATCH_SIZE 8 CACHE STRING "Source files per unity unit (0: a target's all in one)")

# Units compiled on their own, outside the groups (paths relative to src/): those that instantiate
# the executor's lane machines (include/gpuatom/exec/lane_group.hpp and the vendors' lanes), whose
# loops are what simulator authors run and the guard measures (bench/guard). Grouped with other
# files, GCC 12 inlined less in them (a unit over its "large unit" size gets a smaller inlining
# budget): the guard counted 12–22 % more instructions a lane on the NVIDIA pairs. They are among
# the costliest units for their own code, so grouping saved little on them anyway.
set(GPUATOM_UNITS_OUTSIDE_UNITY
    launch/bind_amd.cpp launch/bind_amd_isa.cpp launch/bind_sass.cpp launch/bind_visa.cpp
    intel/exec/program_loader.cpp intel/exec/thread_program.cpp amd/isa/exec/wave_program.cpp)

# Called from src/CMakeLists.txt: source properties belong to the folder that makes the targets.
function(gpuatom_keep_units_outside_unity)
  list(TRANSFORM GPUATOM_UNITS_OUTSIDE_UNITY PREPEND ${PROJECT_SOURCE_DIR}/src/ OUTPUT_VARIABLE units)
  set_source_files_properties(${units} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()
