#include "gpuatom/nvidia/spelled_atomic.hpp"

#include <fmt/format.h>

#include <variant>

#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {

namespace {

using support::InputError;

// The instruction asked for when neither --inst nor the spelling names one.
std::string default_mnemonic() { return std::string(info(Mnemonic::ATOM).name); }

// The mnemonic's family, dialect and whether it returns, from the mnemonic table.
InstructionKind kind_of(const std::string& mnemonic) {
  if (const auto kind = instruction_kind(mnemonic)) return *kind;
  throw InputError(fmt::format("--inst {}: expected {} (SPA 5.0) or {} (sm_70+ spellings)", mnemonic,
                               mnemonic_names(false), mnemonic_names(true)));
}

// The instruction (--inst, or the spelling's leading mnemonic; ATOM when neither) and OP[.SIZE].
Spelling split(std::string_view text, const std::string& mnemonic_flag) {
  Spelling s = split_spelling(text);
  if (s.mnemonic && !mnemonic_flag.empty() && mnemonic_flag != *s.mnemonic)
    throw InputError(fmt::format("{}: the instruction is {}, but --inst says {}", text, *s.mnemonic, mnemonic_flag));
  if (s.op_size.empty()) throw InputError(fmt::format("{}: no operation (ADD, CAS, …) in it", text));
  if (!s.mnemonic) s.mnemonic = mnemonic_flag.empty() ? default_mnemonic() : mnemonic_flag;
  return s;
}

}  // namespace

SpelledAtomic read_spelled_atomic(std::string_view spelling, const std::string& mnemonic_flag,
                                  std::string_view architecture, bool list) {
  const Spelling s =
      list ? Spelling{mnemonic_flag.empty() ? default_mnemonic() : mnemonic_flag, ""} : split(spelling, mnemonic_flag);
  SpelledAtomic out{*s.mnemonic, s.op_size, kind_of(*s.mnemonic), std::nullopt};
  if (architecture.empty()) return out;
  out.architecture = parse_architecture(architecture);
  if (!out.architecture)
    throw InputError(fmt::format("--arch {}: expected one of {}", architecture, architecture_names()));
  if (!is_spa5(*out.architecture)) out.kind.dialect = Dialect::modern;
  return out;
}

std::vector<std::string> legal_op_sizes(const InstructionKind& kind) {
  std::vector<std::string> out;
  for (const auto& o : op_table())
    for (const auto& s : size_table())
      if (legal(kind.family, kind.dialect, o.op, s.size)) out.push_back(fmt::format("{}{}", o.name, s.spelling));
  return out;
}

OpSize read_op_size(const SpelledAtomic& atomic) {
  const auto parsed = parse_op_size(atomic.op_size);
  if (const auto* error = std::get_if<std::string>(&parsed)) throw InputError(*error);
  const OpSize op_size = std::get<OpSize>(parsed);
  const InstructionKind& kind = atomic.kind;
  if (auto why = illegal_reason(kind.family, kind.dialect, op_size.op, op_size.size)) throw InputError(*why);
  if (!atomic.architecture) return op_size;
  const Architecture arch = *atomic.architecture;
  if (is_spa5(arch) && kind.dialect == Dialect::modern)
    throw InputError(
        fmt::format("--arch {}: {} is an sm_70+ spelling (SPA 5.0 says ATOM or RED)", name(arch), atomic.mnemonic));
  if (auto why = missing_size_form(arch, op_size.size))
    throw InputError(fmt::format("--arch {}: {}", name(arch), *why));
  return op_size;
}

}  // namespace gpuatom::nvidia
