// Checking the NVIDIA model against results measured on a GPU by the CUDA harness (hw/cuda,
// schema in hw/README.md): which model operation a CUDA atomic in a memory space maps to, what
// the model computes for a single-lane case, and whether a racing run's values can be explained
// by some serial order of its lanes. `gpuatom verify-hw` reads the files; this is the logic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/nvidia/hardware_cases.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/support/bits128.hpp"

namespace gpuatom::nvidia::hw {

// How a mapping is known: `documented` when PTX and the spec's real disassembly name the SASS
// operation; `derived` when it follows from PTX's rules but no single SASS instruction does it
// (shared-memory float adds, 128-bit shared CAS/EXCH), as docs/spec/nvidia.md labels DERIVED.
enum class Basis : uint8_t { documented, derived };
std::string_view name(Basis basis);  // "documented", "DERIVED"

struct ModelMapping {
  std::string model;  // the model operation, e.g. "ATOM.ADD.F32.FTZ.RN", "ATOMS.MIN.S32"
  Basis basis;
  std::string_view why;      // the chain CUDA → PTX → SASS behind it
  alu::Operation operation;  // what the model computes
};

// The model operation for `op` on `type` in `space`, or why there is none.
std::variant<ModelMapping, std::string> model_mapping(CudaOp op, CudaType type, Space space,
                                                      const SemanticsOptions& options = {});

// --- single-lane cases ------------------------------------------------------------------------

struct SingleRecord {
  CudaOp op;
  CudaType type;
  Space space;
  support::Bits128 old;
  support::Bits128 operand;
  support::Bits128 compare;   // atomicCAS only
  support::Bits128 memory;    // measured: the address afterwards
  support::Bits128 returned;  // measured: what the atomic returned
};

struct Outcome {
  support::Bits128 memory;
  support::Bits128 returned;
  friend bool operator==(const Outcome&, const Outcome&) = default;
};

// What the model says one atomic leaves in memory and returns.
Outcome model_single(const ModelMapping& mapping, const SingleInput& input);

// --- racing runs ------------------------------------------------------------------------------

struct RacingRecord {
  CudaOp op;
  CudaType type;
  Space space;
  RacingForm form;
  uint64_t old = 0;                // the address before the launch
  uint64_t memory = 0;             // measured: the address after every lane finished
  std::vector<uint64_t> operands;  // per lane (cas-loop: the value its successful CAS stored)
  std::vector<uint64_t> compares;  // per lane, atomicCAS only (cas-loop: the value it replaced)
  std::vector<uint64_t> returned;  // per lane; empty for the `discarded` form
};

struct RacingVerdict {
  bool agree = false;
  std::string detail;  // what held, or why no serial order of the model explains the record
};

// Checks a racing record against the model:
//  - `returned` and `cas-loop`: the returned values must name a serial order. Starting from
//    `old`, the lanes that returned the current value are applied: those the model says leave
//    it unchanged in any order, then the one (at most one) that changes it; repeat. Every lane
//    must be placed and the order must end at `memory`. Packed types (f16x2, bf16x2) are atomic
//    per 16-bit element (PTX "atom"), so each element is checked on its own. A `cas-loop` lane
//    must also have returned its comparand (its last attempt succeeded).
//  - `discarded`: `memory` must equal the model's fold of every operand. The record is refused
//    (bad input, the string) when that fold depends on the order: its index-order and
//    reverse-order folds differ.
std::variant<RacingVerdict, std::string> check_racing(const ModelMapping& mapping, const RacingRecord& record);

// The record a device behaving exactly like the model could produce for `plan`: its lanes in one
// serial order shuffled by `seed`. Used to make sample files without a GPU.
RacingRecord model_racing(const ModelMapping& mapping, const RacingPlan& plan, Space space, uint64_t seed);

}  // namespace gpuatom::nvidia::hw
