// Loading a vISA program: the text parsed (IGC dumps included), its surfaces bound, validated for
// a platform, and compiled into the ThreadProgram the hardware threads execute
// (intel/exec/thread.hpp), with the diagnostics the text readers give at their file, line and
// column. What a launch adds on top (variables' initial values, the execution mask, the variables
// an observer reads afterwards) goes into the program before complete_program plans it.
//
//   intel::ProgramOptions options;
//   options.file = "atomic.visa";
//   options.start = {support::FileName("atomic.visa"), 1, 1, std::nullopt};
//   options.lanes = 16;
//   intel::LoadedProgram loaded = intel::load_program(text, options);
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/intel/exec/thread.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/memory/surface.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::intel {

// A surface the program's TYPED_ATOMIC or typed LSC atomics address by index (docs/spec/intel.md §8).
struct SurfaceBinding {
  uint32_t index = 0;  // the declared surface's index, or a typed LSC atomic's bti(N)
  // The surface's type, extents and placement; it must outlive the program, which points at it.
  const memory::SurfaceDescriptor* descriptor = nullptr;
  support::SourceLocation where;  // where the binding is written, for its errors
};

struct ProgramOptions {
  std::string file;  // the name the parser gives the text (and its moved diagnostics, when start has none)
  // Where the text's first character stands in the caller's file: line n of the text is
  // start.line + n − 1; the first line's columns count from start.column.
  support::SourceLocation start;
  uint64_t lanes = 0;                   // the launch's lanes
  uint32_t group_size = default_group;  // channels per hardware thread
  Platform platform = Platform::gen12;
  // The address of shared local memory (DWORD_ATOMIC on %slm, LSC .slm): its byte offsets count
  // from here. Without it, an atomic on shared local memory is an error.
  std::optional<uint64_t> slm_base;
  std::vector<SurfaceBinding> surfaces;
  // Whether a text without instructions is an error (a caller that has refused the launch for
  // another reason already leaves it out).
  bool require_instruction = true;
};

struct LoadedProgram {
  ThreadProgram program;             // what compiled, also when there are errors
  support::Diagnostics diagnostics;  // the text's errors; nothing runs when there are any
  // Whether the instructions compiled: a text with errors in it, its surfaces or forms stops
  // after parsing (the program holds the module alone); an empty one compiles to no instruction.
  bool compiled = false;
};

LoadedProgram load_program(std::string_view text, const ProgramOptions& options);

// Every lane's element of variable or predicate `ref` (has_storage) starts as `values` (element e
// of group g: values at tid = g × group + e, lane e; a predicate's bit e is value ≠ 0); `where`
// is the values' place, where a value that cannot be evaluated is reported.
void set_lane_values(ThreadProgram& p, NameRef ref, std::shared_ptr<const exec::LaneValues> values,
                     const support::SourceLocation& where);
// Keeps `ref`'s elements per lane after a streamed run, for an observer that reads them.
void keep_variable(ThreadProgram& p, NameRef ref);
// The first initial value that cannot be evaluated, in the order an eager setup meets it
// (groups, then the values in the order set, then elements), added to `d` as that setup words it.
void first_setup_error(const ThreadProgram& p, support::Diagnostics& d);

// Plans the program once its initial values, mask and kept variables are in: direct operands and
// the threads per streamed batch.
void complete_program(ThreadProgram& p);

// The bytes one channel's state takes: a thread's variables, predicate words and bookkeeping,
// shared among its channels (what a launch's memory estimate counts per lane).
uint64_t lane_state_bytes(const ThreadProgram& p);

}  // namespace gpuatom::intel
