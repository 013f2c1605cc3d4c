// AMD scenario programs: one atomicRMW per line, named by the page's row label, with its fields
// as expressions over the lane (tid, lane, warp) and the regions (addr(name)):
//
//   "32 bit float atomicAdd" address="addr(sum)" operand="f32(1.0)" scope="system"
//   "64 bit atomicCAS" address="addr(lock)" compare="0" operand="tid + 1" result="old"
//
// Fields: address (required), operand (required), compare (atomicCAS rows only, required there),
// scope = device (default) | system, result = the per-lane name the returned value is kept under
// (default "returned"). `#` or `//` start a comment.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "gpuatom/amd/rows.hpp"
#include "gpuatom/amd/selectors.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::scenario {

struct AmdOperation {
  const amd::Row* row = nullptr;
  ExpressionText address;
  ExpressionText operand;
  std::optional<ExpressionText> compare;
  amd::Scope scope = amd::Scope::device;
  std::string result = "returned";
  support::SourceLocation where;
};

std::variant<std::vector<AmdOperation>, support::Diagnostics> parse_amd_program(const std::string& program,
                                                                               const support::SourceLocation& start);

}  // namespace gpuatom::scenario
