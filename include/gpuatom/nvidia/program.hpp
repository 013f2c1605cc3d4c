// Loading a SASS program: instruction text read line by line, validated, and compiled into the
// WarpProgram the warps execute (nvidia/exec/warp.hpp), with the diagnostics the text readers
// give at their file, line and column. What a launch adds on top (lane values, the registers an
// observer reads afterwards) goes into the program before complete_program plans it.
//
//   nvidia::ProgramOptions options;
//   options.start = {support::FileName("atom.sass"), 1, 1, std::nullopt};
//   options.lanes = 64;
//   nvidia::LoadedProgram loaded = nvidia::load_program("ATOM.E.ADD R0, [R2], R4 ;", options);
//   if (loaded.diagnostics.has_errors()) …;
//   nvidia::complete_program(loaded.program);
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "gpuatom/memory/surface.hpp"
#include "gpuatom/nvidia/exec/warp.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::nvidia {

// A texture header the program's surface instructions may read (docs/spec/nvidia.md §8.2).
struct SurfaceHeader {
  uint32_t header = 0;            // index in the header pool (headerPtr[19:0])
  std::optional<uint32_t> bound;  // the #tsPtrIdxU13 whose constant-bank word holds `header`
  memory::SurfaceDescriptor descriptor;
};

struct ProgramOptions {
  // Where the text's first character stands: its lines are start.line, start.line + 1, …; the
  // first line's columns count from start.column, the others' from 1.
  support::SourceLocation start;
  uint64_t lanes = 0;               // the launch's lanes
  uint32_t group_size = warp_size;  // lanes per warp
  SemanticsOptions semantics;
  bool stop_after_fault = true;  // a lane's fault ends its warp's run
  // The header pool's MaximumIndex; default the highest header in `surfaces`, so that every one is
  // reachable and a handle above them all is invalid (DECISION for launches).
  std::optional<uint32_t> header_pool_max;
  std::vector<SurfaceHeader> surfaces;
  // Whether a text without instructions is an error (a caller that has refused the launch for
  // another reason already leaves it out).
  bool require_instruction = true;
};

struct LoadedProgram {
  WarpProgram program;               // what compiled, also when there are errors
  support::Diagnostics diagnostics;  // the text's errors; nothing runs when there are any
};

LoadedProgram load_program(std::string_view text, const ProgramOptions& options);

// Register `reg` of every lane starts as `values` (a UR register: the value of each warp's lane 0);
// `where` is the values' place, where a value that cannot be set is reported.
void set_lane_values(WarpProgram& p, RegisterName reg, std::shared_ptr<const exec::LaneValues> values,
                     const support::SourceLocation& where);
// Gives `reg` storage and keeps it per lane after a streamed run, for an observer that reads it.
void keep_register(WarpProgram& p, RegisterName reg);
// The first lane whose initial value cannot be set, in the order an eager setup finds it (the
// values in the order set, lanes ascending). Empty when every lane can be set up.
support::Diagnostics first_setup_error(const WarpProgram& p);

// Plans the program once its lane values (inits, active/helper/killed) and kept registers are in:
// each instruction's fast path and the registers only fast paths read.
void complete_program(WarpProgram& p);

// The bytes one lane's registers take (what a launch's memory estimate counts per lane).
inline uint64_t lane_state_bytes(const WarpProgram& p) { return uint64_t{p.r_count} * 4 + p.p_count + 32; }

}  // namespace gpuatom::nvidia
