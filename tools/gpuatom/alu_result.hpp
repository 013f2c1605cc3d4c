// The pieces every vendor's `gpuatom alu` shares: the parsed arguments, operand flags, and the
// computed result with its printing (bits, typed values, why and notes; or one JSON object).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "amd_arguments.hpp"
#include "command.hpp"
#include "gpuatom/alu/lane_result.hpp"
#include "gpuatom/alu/operation.hpp"

namespace gpuatom::cli {

using Value = alu::OperandValue;

struct AluArgs {
  std::string vendor;
  std::string op;
  std::optional<std::string> old_value, src, swap, src0, src1, operand, compare;
  std::string inst;          // NVIDIA: empty = ATOM, or the op's own mnemonic
  std::string arch;          // NVIDIA: sm_XX
  std::string platform;      // Intel: a profile (intel::platform_names())
  std::string data = "d32";  // Intel LSC: the data size
  // AMD: the cell of AMD's tables the atomic runs in (optional; --device asks for the others).
  std::string device;
  CellArgs cell;
  // AMD instructions: the gfx target, and the float rules' ASSUMPTION switches.
  std::string target;
  std::string lds_denormals = "kept", l2_add_f32 = "manuals", inf_minus_inf = "quiet";
  std::string nan = "canonical";
  std::string form = "svm";
  bool f16x2_flush = false;
  bool safeadd_model = false;
  bool unsigned_min_max = false;
  bool json = false;
  bool list = false;
};

// An operand flag's value, typed by the operation it feeds.
Value parse_value(const std::string& flag, const std::string& text, const alu::Operation& operation, int bits);

// Requires or forbids an operand flag, naming the rule.
const std::string& need(const std::optional<std::string>& value, std::string_view flag, std::string_view why);
void forbid(const std::optional<std::string>& value, std::string_view flag, std::string_view why);

// One lane's result, computed and printed by the library (gpuatom/alu/lane_result.hpp).
using Computed = alu::LaneResult;
using alu::parse_operand;

// Prints the result (text lines, or one JSON object); returns the exit code.
int print(const Computed& c, bool json);

// What the ALU computes for one lane: `value` is the operand, `compare` a CAS's comparand.
inline Computed compute(const alu::Operation& operation, Value old, Value value, Value compare,
                        std::string_view flush_rule = ".FTZ") {
  return alu::compute_lane(operation, old, value, compare, flush_rule);
}

// Refuses an operation the ALU does not compute.
void check_alu(const alu::Operation& operation);

// Each vendor's `gpuatom alu`.
int run_alu_nvidia(const AluArgs& args);
int run_alu_intel(const AluArgs& args);
int run_alu_amd(const AluArgs& args);

}  // namespace gpuatom::cli
