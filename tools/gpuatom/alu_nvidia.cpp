// `gpuatom alu nvidia`: one SASS atomic, spelled as SASS spells it (nvidia/text/spelling.hpp),
// checked against its instruction's op x size table and --arch, and computed.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <variant>

#include "alu_result.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/opcodes.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/text/spelling.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace gpuatom::cli {

namespace {

// The mnemonic's family, dialect and whether it returns, from the mnemonic table.
nvidia::InstructionKind instruction_kind(const std::string& inst) {
  if (const auto kind = nvidia::instruction_kind(inst)) return *kind;
  throw BadInput(fmt::format("--inst {}: expected {} (SPA 5.0) or {} (sm_70+ spellings)", inst,
                             nvidia::mnemonic_names(false), nvidia::mnemonic_names(true)));
}

int list_nvidia(const nvidia::InstructionKind& ni) {
  for (const auto& o : nvidia::op_table())
    for (const auto& s : nvidia::size_table())
      if (nvidia::legal(ni.family, ni.dialect, o.op, s.size)) fmt::print("{}{}\n", o.name, s.spelling);
  return exit_ok;
}

// The instruction (--inst, or the spelling's leading mnemonic; ATOM when neither) and OP[.SIZE].
struct NvidiaSpelling {
  std::string inst;
  std::string op_size;
};
NvidiaSpelling split(const std::string& text, const std::string& inst_flag) {
  const nvidia::Spelling s = nvidia::split_spelling(text);
  if (s.mnemonic && !inst_flag.empty() && inst_flag != *s.mnemonic)
    throw BadInput(fmt::format("{}: the instruction is {}, but --inst says {}", text, *s.mnemonic, inst_flag));
  if (s.op_size.empty()) throw BadInput(fmt::format("{}: no operation (ADD, CAS, …) in it", text));
  return {s.mnemonic ? *s.mnemonic : inst_flag.empty() ? "ATOM" : inst_flag, s.op_size};
}

// --arch: the forms a generation has (architecture.hpp's columns), by the rule `check sass --arch` uses.
void check_architecture(nvidia::Architecture arch, const nvidia::InstructionKind& ni, const std::string& inst,
                        nvidia::Size size) {
  const bool spa5 = nvidia::is_spa5(arch);
  if (spa5 && ni.dialect == nvidia::Dialect::modern)
    throw BadInput(
        fmt::format("--arch {}: {} is an sm_70+ spelling (SPA 5.0 says ATOM or RED)", nvidia::name(arch), inst));
  if (auto why = nvidia::missing_size_form(arch, size))
    throw BadInput(fmt::format("--arch {}: {}", nvidia::name(arch), *why));
}

}  // namespace

int run_alu_nvidia(const AluArgs& a) {
  const NvidiaSpelling spelling = a.list ? NvidiaSpelling{a.inst.empty() ? "ATOM" : a.inst, ""} : split(a.op, a.inst);
  nvidia::InstructionKind ni = instruction_kind(spelling.inst);
  std::optional<nvidia::Architecture> arch;
  if (!a.arch.empty()) {
    arch = nvidia::parse_architecture(a.arch);
    if (!arch) throw BadInput(fmt::format("--arch {}: expected one of {}", a.arch, nvidia::architecture_names()));
    if (!nvidia::is_spa5(*arch)) ni.dialect = nvidia::Dialect::modern;
  }
  if (a.list) return list_nvidia(ni);
  forbid(a.src0, "--src0", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.src1, "--src1", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.operand, "--operand", "NVIDIA operands are --src (Rb) and --swap");
  forbid(a.compare, "--compare", "NVIDIA's CAS compares with --src (Rb) and stores --swap (Rc)");
  const auto parsed = nvidia::parse_op_size(spelling.op_size);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw BadInput(*error);
  const auto [op, size] = std::get<nvidia::OpSize>(parsed);
  if (auto why = nvidia::illegal_reason(ni.family, ni.dialect, op, size)) throw BadInput(*why);
  if (arch) check_architecture(*arch, ni, spelling.inst, size);
  if (a.nan != "canonical" && a.nan != "propagate")
    throw BadInput(fmt::format("--nan {}: expected canonical or propagate", a.nan));

  nvidia::SemanticsOptions options;
  options.nan_propagate = a.nan == "propagate";
  options.f16x2_flush = a.f16x2_flush;
  options.safeadd_model = a.safeadd_model;
  const auto resolved = nvidia::to_alu(op, size, options);
  if (const auto* error = std::get_if<std::string>(&resolved)) throw BadInput(*error);
  const alu::Operation operation = std::get<alu::Operation>(resolved);
  check_alu(operation);

  const int bits = nvidia::info(size).bits;
  const bool is_cas = op == nvidia::AtomOp::CAS || op == nvidia::AtomOp::CAST || op == nvidia::AtomOp::CAST_SPIN;
  const Value old =
      parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  const Value src =
      parse_value("--src", need(a.src, "--src", "the Rb operand (the comparand for CAS)"), operation, bits);
  Value swap;
  if (is_cas)
    swap = parse_value("--swap", need(a.swap, "--swap", "CAS stores the Rc value (docs/spec/nvidia.md §3.1)"),
                       operation, bits);
  else
    forbid(a.swap, "--swap", "only CAS takes a swap value (Rc)");

  // CAS: compare with Rb, store Rc (docs/spec/nvidia.md §3.1); other ops: the operand is Rb. A vector
  // (.F16x8 …) applies the operation to each 32-bit element of --old and --src.
  Computed c = is_cas ? compute(operation, old, swap, src) : compute(operation, old, src, {});
  if (const int words = nvidia::vector_words(size)) {
    const alu::Result128 r = alu::apply_vector(operation, words, {old.lo, old.hi}, {src.lo, src.hi});
    c = {bits, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, bits, operation.type, {}, {}};
  }
  if (!ni.returns) c.returned.reset();  // RED / SURED write no destination
  // The model has one rule per form for every architecture: the answer does not depend on which.
  const bool float_type = alu::is_float(operation.type);
  if (!arch && float_type)
    c.notes.push_back("the same on every architecture that has this form (--arch checks that one does)");
  return print(c, a.json);
}

}  // namespace gpuatom::cli
