// A scenario file, as read from TOML: which ISA, the launch, memory regions, per-lane initial
// values, the program, and what must hold afterwards. The format is the same for every vendor;
// what differs is the program's language and the names of per-lane values (SASS registers, vISA
// variables, AMD operands). docs/scenario-format.md describes every key.
//
//   name = "256-bin histogram"
//   isa = "sass"
//   [launch]
//   lanes = 1048576
//   [[region]]
//   name = "bins"
//   size = 1024
//   [lanes]
//   R2 = "lo(addr(bins) + (tid % 256) * 4)"
//   R3 = "hi(addr(bins) + (tid % 256) * 4)"
//   R4 = "1"
//   program = "ATOM.E.ADD R0, [R2], R4 ;"
//   [[expect]]
//   region = "bins"
//   type = "u32"
//   each = "lanes / 256"
//
// Loading checks the file's shape (keys, types, ranges, names, region overlap) and compiles every
// expression; the vendor front-end then checks the program and the per-lane names.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "gpuatom/launch/setup.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::scenario {

// A scenario is a launch::Setup read from a file; these are its parts under the names scenario
// code has always used.
using launch::bytes;
using launch::ElementType;
using launch::Expectation;
using launch::ExpressionText;
using launch::Isa;
using launch::LaunchSpec;
using launch::name;
using launch::parse_element_type;
using launch::RegionFill;
using launch::RegionPlacer;
using launch::RegionText;
using launch::SurfaceText;
using launch::typed_number;
using launch::typed_value;
using support::SourceLocation;

struct Scenario : launch::Setup {
  std::string description;
};

// Reads a scenario from TOML text. `file` names it in diagnostics.
std::variant<Scenario, support::Diagnostics> parse_scenario(std::string_view text, const std::string& file);
// Reads a scenario file (at most 16 MiB); "-" reads standard input.
std::variant<Scenario, support::Diagnostics> load_scenario(const std::string& path);

}  // namespace gpuatom::scenario
