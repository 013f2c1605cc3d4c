// Each vendor's spelling read into an ArrayAtomic by the readers `gpuatom alu` uses
// (tools/gpuatom/alu_*.cpp): the same checks, the same messages. The operands are given to those
// readers as "0" only so that they check which operands the atomic takes.
#include <fmt/format.h>

#include <optional>
#include <variant>

#include "array_atomic.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/amd/isa/instruction_atomic.hpp"
#include "gpuatom/intel/platform.hpp"
#include "gpuatom/intel/platform_option.hpp"
#include "gpuatom/intel/spelled_atomic.hpp"
#include "gpuatom/intel/validator.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/spelled_atomic.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::python {

namespace {

using support::InputError;

constexpr uint64_t all = ~0ULL;
const std::optional<std::string> zero = std::string("0");

std::optional<std::string> zero_if(bool given) { return given ? zero : std::nullopt; }

bool compares(alu::Op op) {
  return op == alu::Op::compare_swap || op == alu::Op::compare_swap_float || op == alu::Op::compare_store_flag ||
         op == alu::Op::mask_or;
}

// --platform: an error refuses the atomic, a warning travels with it (as `gpuatom alu intel` prints one).
void check_platform(const intel::Instruction& inst, const std::string& platform_name, ArrayAtomic& atomic) {
  if (platform_name.empty()) return;
  const std::optional<intel::Platform> platform = intel::parse_platform(platform_name);
  if (!platform) throw InputError(intel::unknown_platform_message(platform_name));
  intel::PlatformOptionReport report = intel::platform_option_report(inst, *platform);
  if (!report.errors.empty()) throw InputError(report.errors.front());
  for (std::string& warning : report.warnings) atomic.warnings.push_back(std::move(warning));
}

}  // namespace

ArrayAtomic nvidia_atomic(const std::string& spelling, const std::string& arch, const std::string& inst,
                          const nvidia::SemanticsOptions& options, bool has_swap) {
  const nvidia::SpelledAtomic spelled = nvidia::read_spelled_atomic(spelling, inst, arch, false);
  const nvidia::OpSize op_size = nvidia::read_op_size(spelled);
  // Checks the op is computed and which operands it takes, as one lane would.
  nvidia::compute_lane(spelled, op_size, options, {zero, zero, zero_if(has_swap)});
  ArrayAtomic atomic;
  atomic.operation = std::get<alu::Operation>(nvidia::to_alu(op_size.op, op_size.size, options));
  atomic.bits = nvidia::info(op_size.size).bits;
  atomic.vector_words = nvidia::vector_words(op_size.size);
  atomic.returns = spelled.kind.returns;
  atomic.takes_second = has_swap;
  // A CAS compares with Rb (the first array) and stores Rc (the second); every other op reads Rb.
  atomic.placement =
      compares(atomic.operation.op) ? intel::OperandPlacement{0, all, all, 0} : intel::OperandPlacement{all, 0, 0, 0};
  return atomic;
}

ArrayAtomic intel_atomic(const std::string& spelling, const std::string& platform, const std::string& form,
                         const std::string& data, bool has_src1) {
  const intel::SpelledAtomicText text{spelling, form, data, zero, zero, zero_if(has_src1)};
  const intel::Instruction inst = intel::read_instruction(text, intel::read_form(text));
  ArrayAtomic atomic;
  check_platform(inst, platform, atomic);
  const intel::AluAtomic alu_atomic = intel::read_operands(inst, text);
  atomic.operation = alu_atomic.operation;
  atomic.bits = alu::width_bits(alu_atomic.operation.type);  // the elements' width; a 16-bit atomic returns a dword
  atomic.takes_second = has_src1;
  atomic.placement = intel::operand_placement(inst);
  return atomic;
}

ArrayAtomic amd_atomic(const std::string& mnemonic, const std::string& target, const AmdRules& rules,
                       bool has_compare) {
  if (target.empty()) throw InputError("missing target: the gfx target (gfx942, MI300X …) whose float rules apply");
  const amd::isa::InstructionAtomic resolved = amd::isa::instruction_atomic(
      {mnemonic, target, zero, zero, zero_if(has_compare), rules.lds_denormals, rules.l2_add_f32, rules.inf_minus_inf});
  ArrayAtomic atomic;
  atomic.operation = resolved.operation;
  atomic.bits = alu::width_bits(resolved.operation.type);
  atomic.returns = resolved.returns;
  atomic.takes_second = has_compare;
  atomic.placement = {all, 0, 0, all};  // the data, then the compare value (mskor: the mask)
  return atomic;
}

ArrayAtomic alu_atomic(const std::string& op, const std::string& type) {
  ArrayAtomic atomic;
  std::optional<alu::Op> found_op;
  std::optional<alu::Type> found_type;
  for (int i = 0; i < alu::op_count; ++i)
    if (alu::name(static_cast<alu::Op>(i)) == op) found_op = static_cast<alu::Op>(i);
  for (int i = 0; i < alu::type_count; ++i)
    if (alu::name(static_cast<alu::Type>(i)) == type) found_type = static_cast<alu::Type>(i);
  if (!found_op) throw InputError(fmt::format("unknown ALU op '{}' (add, sub, min, max, inc_bounded, …)", op));
  if (!found_type)
    throw InputError(fmt::format("unknown ALU type '{}' (u16 … u128, f16, bf16, f32, f64, f16x2, bf16x2)", type));
  if (auto why = alu::unsupported(*found_op, *found_type)) throw InputError(*why);
  atomic.operation = {*found_op, *found_type, {}};
  atomic.bits = alu::width_bits(*found_type);
  atomic.takes_second = compares(*found_op);
  atomic.placement = {all, 0, 0, all};
  return atomic;
}

}  // namespace gpuatom::python
