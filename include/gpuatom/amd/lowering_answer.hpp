// What `gpuatom amd lower` says about one HIP atomic on one gfx target: clang-19's lowering with
// LLVM's reason, AMD's tables' outcome for the same atomic beside it, and where the two differ
// (docs/spec/amd-isa.md §8), as text.
#pragma once

#include <string>
#include <vector>

#include "gpuatom/amd/device.hpp"
#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd {

// Everything one answer needs: the case, the lowering, and the matrix beside it.
struct LoweringAnswer {
  HipAtomic atomic;
  Lowering lowering;
  MatrixCell cell;
  std::vector<std::string> differences;  // empty: the compiler and the matrix agree (or no cell)
};

// The lowering target named by `text` (a gfx name, or a product or column name of one);
// support::InputError naming --target and the targets otherwise.
const LoweringTarget& lowering_target_named(const std::string& text);

// The matrix column the answer is asked of: `device_text` (--device) when given, which must be one
// of the target's devices; else the one `target_text` names when it is a product or column name
// ("MI300A" is gfx942's second device), else the target's first. support::InputError otherwise.
const Device& lowering_device(const LoweringTarget& target, const std::string& target_text,
                              const std::string& device_text);

// The atomics asked of one target: every valid op and type (`all`), or the one `op_text` and
// `type_text` spell, with `base`'s scope, memory and use of the result; support::InputError for
// an op HIP has not at that type.
std::vector<HipAtomic> hip_atomics(const HipAtomic& base, bool all, const std::string& op_text,
                                   const std::string& type_text);

LoweringAnswer lowering_answer(const LoweringTarget& target, const Device& device, const HipAtomic& atomic,
                               const CompileFlags& flags, Memory location);

// The matrix's outcome: one label, both with and without PCIe atomics where they differ, or why
// there is no cell.
std::string matrix_outcome_text(const MatrixCell& cell);
// The compile flags as clang takes them ("-munsafe-fp-atomics …"), or "none".
std::string flags_text(const CompileFlags& flags);

// The report of one answer, several lines.
std::string lowering_text(const LoweringTarget& target, const Device& device, const CompileFlags& flags,
                          const LoweringAnswer& answer);
// One row per answer (every op and type of `base`'s scope, memory and result), under a header.
std::string lowering_table(const LoweringTarget& target, const Device& device, const HipAtomic& base,
                           const CompileFlags& flags, const std::vector<LoweringAnswer>& answers);

}  // namespace gpuatom::amd
