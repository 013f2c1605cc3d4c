#include "gpuatom/nvidia/binary/decoder.hpp"

#include <fmt/format.h>

#include <array>
#include <string>

#include "gpuatom/nvidia/validator.hpp"
#include "maxwell_fields.hpp"

namespace gpuatom::nvidia {

namespace {

// What follows the word in the message for a word that is no atomic: " is not a SPA 5.0 atomic:
// its opcode bits match none of ATOM, ATOM.CAS, ATOMS, ATOMS.CAS/CAST, RED, SUATOM, SURED (nor
// nvdisasm's Ps and .P forms)". The list is the encoding table's: each SPA 5.0 mnemonic, and
// beside it the compare opcodes named by their op (the surface ones are told apart by handle);
// nvdisasm reads ATOM with Ps and the formatted surface forms too. Made once: random bytes
// ask for it per word.
const std::string& not_an_atomic() {
  static const std::string text = [] {
    std::string opcodes;
    for (const MnemonicInfo& m : mnemonic_table()) {
      if (m.modern_only) continue;
      opcodes += fmt::format("{}{}", opcodes.empty() ? "" : ", ", m.name);
      std::array<bool, atom_op_count> compares{};
      for (const EncodingInfo& e : encoding_table())
        if (e.mnemonic == m.mnemonic && e.handle == FormHandle::none && e.ps != FormPs::with)
          if (const auto op = compare_op(e.ops)) compares[static_cast<int>(*op)] = true;
      std::string ops;
      for (const OpInfo& o : op_table())
        if (compares[static_cast<int>(o.op)]) ops += fmt::format("{}{}", ops.empty() ? "" : "/", o.name);
      if (!ops.empty()) opcodes += fmt::format(", {}.{}", m.name, ops);
    }
    return fmt::format(" is not a SPA 5.0 atomic: its opcode bits match none of {} (nor nvdisasm's Ps and .{} forms)",
                       opcodes, modifier_name(ModifierSlot::mode, mode_formatted));
  }();
  return text;
}

class Decoder {
 public:
  Decoder(uint64_t word, const EncodingInfo& form, Architecture arch, const support::SourceLocation& where,
          support::Diagnostics& out)
      : word_(word), form_(form), arch_(arch), fields_(layout(form.form)), out_(out), reading_{word, form,  fields_,
                                                                                               arch, inst_, out} {
    inst_.mnemonic = form.mnemonic;
    inst_.dialect = Dialect::spa5;
    inst_.where = where;
    inst_.terminated = true;
  }

  // The fields in one order for every form (maxwell::read_order), each read by its codec: what
  // each means follows from the form's attributes and from which fields it has (FieldLayout).
  Instruction run() {
    check_unassigned();
    inst_.surface.formatted = form_.formatted;
    // A compare form is named and decoded by its op (ATOMS.CAST's kind field may make it CAST.SPIN).
    if (const auto op = compare_op(form_.ops)) inst_.op = *op;
    maxwell::read_fields(reading_);
    if (inst_.ps) sparse();
    return std::move(inst_);
  }

 private:
  // Warns about each unassigned field that is not zero, in field order.
  void check_unassigned() {
    if (!(word_ & fields_.unassigned)) return;
    for (const BitField& f : form_.fields) {
      const uint64_t raw = (word_ & f.mask()) >> f.lo;
      if (f.kind == FieldKind::unassigned && raw)
        out_.warning(inst_.where,
                     fmt::format("bits {}–{} are unassigned in {} but hold 0x{:x}; nvdisasm ignores them and the "
                                 "encoder writes 0 there",
                                 f.lo, f.lo + f.width - 1, form_.name, raw),
                     "docs/spec/nvidia.md §11.2, docs/oracles.md");
    }
  }

  void refused(const std::string& why) { reading_.refused(why); }

  // The sparse predicate Ps, once read (§6.6). nvdisasm has no Ps forms on sm_50, and none
  // with an absolute address.
  void sparse() {
    if (!nvidia::has(arch_, Feature::ps_forms))
      refused(fmt::format("{} has no sparse predicate Ps forms: they exist from {}", name(arch_),
                          first_with(Feature::ps_forms)));
    if (!inst_.is_surface() && inst_.address.base == RZ)
      refused(fmt::format("a sparse-predicate {} has no absolute address [RZ]", info(inst_.mnemonic).name));
  }

  uint64_t word_;
  const EncodingInfo& form_;
  Architecture arch_;
  const FieldLayout& fields_;
  support::Diagnostics& out_;
  Instruction inst_;
  maxwell::Reading reading_;
};

}  // namespace

Decoded decode(uint64_t word, const support::SourceLocation& where, Architecture arch) {
  Decoded out;
  if (!is_spa5(arch)) {
    out.diagnostics.error(where, fmt::format("{} has no Maxwell 64-bit words: decode reads sm_50 … sm_62", name(arch)),
                          "docs/spec/nvidia.md §11");
    return out;
  }
  const EncodingInfo* form = find_encoding(word);
  if (!form) {
    out.diagnostics.error(where, fmt::format("0x{:016x}{}", word, not_an_atomic()), "docs/spec/nvidia.md §11.4");
    return out;
  }
  out.instruction = Decoder(word, *form, arch, where, out.diagnostics).run();
  // The rules of the pages hold for text a person writes; a word that breaks one is still what
  // the hardware field holds and what nvdisasm prints, so here they are warnings.
  validate(*out.instruction, out.diagnostics, RuleSeverity::warning);
  return out;
}

}  // namespace gpuatom::nvidia
