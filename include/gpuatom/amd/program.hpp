// Loading an AMD program of ROCm rows: one atomicRMW per line, named by the page's row label, with
// its fields as expression text over the lane (tid, lane, warp) and the regions (addr(name)),
// which the caller compiles:
//
//   "32 bit float atomicAdd" address="addr(sum)" operand="f32(1.0)" scope="system"
//   "64 bit atomicCAS" address="addr(lock)" compare="0" operand="tid + 1" result="old"
//
// Fields: address (required), operand (required), compare (atomicCAS rows only, required there),
// scope = device (default) | system, result = the per-lane name the returned value is kept under
// (default "returned"). `#` or `//` start a comment. The diagnostics stand at their file, line
// and column, counted from `start`.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/amd/rows.hpp"
#include "gpuatom/amd/selectors.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::amd {

// A field's value as written, and where its first character stands.
struct FieldText {
  std::string text;
  support::SourceLocation where;
};

// One line of the program: an atomicRMW of one row.
struct ProgramLine {
  const Row* row = nullptr;
  FieldText address;
  FieldText operand;
  std::optional<FieldText> compare;
  Scope scope = Scope::device;
  std::string result = "returned";
  support::SourceLocation where;
};

struct LoadedProgram {
  std::vector<ProgramLine> lines;    // empty when there are errors
  support::Diagnostics diagnostics;  // the text's errors; nothing runs when there are any
};

LoadedProgram load_program(std::string_view text, const support::SourceLocation& start);

}  // namespace gpuatom::amd
