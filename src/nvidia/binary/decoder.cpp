#include "gpuatom/nvidia/binary/decoder.hpp"

#include <fmt/format.h>

#include <array>
#include <memory>
#include <optional>
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

// What decode() asks of a form for every word, gathered once per form: its row, where its fields
// lie, and the op a compare form is named by.
struct DecodePlan {
  const EncodingInfo* form = nullptr;
  const FieldLayout* fields = nullptr;
  std::optional<AtomOp> compare;
  Family family = Family::ATOM;
};

// The plans by form, and by the top 16 bits of a word (where every form's opcode bits lie) the
// index of its form's plan, made out of line from find_encoding(): decode asks for every word.
constexpr int opcode_shift = 48;
constexpr uint8_t no_form_index = 0xff;
struct DecodePlans {
  std::array<DecodePlan, encoding_form_count> by_form{};
  std::array<uint8_t, size_t{1} << (64 - opcode_shift)> by_top{};
};
static_assert(encoding_form_count < no_form_index, "a form index fits a byte");

[[gnu::noinline]] std::unique_ptr<const DecodePlans> make_decode_plans() {
  auto plans = std::make_unique<DecodePlans>();
  for (const EncodingInfo& e : encoding_table())
    plans->by_form[static_cast<size_t>(e.form)] = {&e, &layout(e.form), compare_op(e.ops), info(e.mnemonic).family};
  for (size_t top = 0; top < plans->by_top.size(); ++top) {
    const EncodingInfo* e = find_encoding(uint64_t{top} << opcode_shift);
    plans->by_top[top] = e ? static_cast<uint8_t>(e->form) : no_form_index;
  }
  return plans;
}

// The plan of the form whose opcode bits the word carries, or nullptr.
const DecodePlan* find_plan(uint64_t word) {
  static const std::unique_ptr<const DecodePlans> plans = make_decode_plans();
  const uint8_t form = plans->by_top[word >> opcode_shift];
  return form == no_form_index ? nullptr : &plans->by_form[form];
}

// Reads one word into an instruction made in place (the Decoded's own: it is not copied).
class Decoder {
 public:
  Decoder(uint64_t word, const DecodePlan& plan, Architecture arch, Instruction& inst, support::Diagnostics& out)
      : word_(word), plan_(plan), arch_(arch), inst_(inst), reading_{word, *plan.form,  *plan.fields,     arch, inst,
                                                                     out,  plan.family, maxwell::tables()} {}

  // The fields in one order for every form (maxwell::read_order), each read by its codec: what
  // each means follows from the form's attributes and from which fields it has (FieldLayout).
  void run() {
    if (word_ & plan_.fields->unassigned) check_unassigned();
    inst_.surface.formatted = plan_.form->formatted;
    // A compare form is named and decoded by its op (ATOMS.CAST's kind field may make it CAST.SPIN).
    if (plan_.compare) inst_.op = *plan_.compare;
    maxwell::read_fields(reading_);
    if (inst_.ps) sparse();
  }

 private:
  // Warns about each unassigned field that is not zero, in field order.
  void check_unassigned() {
    const EncodingInfo& form = *plan_.form;
    for (const BitField& f : form.fields) {
      const uint64_t raw = (word_ & f.mask()) >> f.lo;
      if (f.kind == FieldKind::unassigned && raw)
        reading_.out.warning(inst_.where,
                             fmt::format("bits {}–{} are unassigned in {} but hold 0x{:x}; nvdisasm ignores them and "
                                         "the encoder writes 0 there",
                                         f.lo, f.lo + f.width - 1, form.name, raw),
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
  const DecodePlan& plan_;
  Architecture arch_;
  Instruction& inst_;
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
  const DecodePlan* plan = find_plan(word);
  if (!plan) {
    out.diagnostics.error(where, fmt::format("0x{:016x}{}", word, not_an_atomic()), "docs/spec/nvidia.md §11.4");
    return out;
  }
  Instruction& inst = out.instruction.emplace();
  inst.mnemonic = plan->form->mnemonic;
  inst.dialect = Dialect::spa5;
  inst.where = where;
  inst.terminated = true;
  Decoder(word, *plan, arch, inst, out.diagnostics).run();
  // The rules of the pages hold for text a person writes; a word that breaks one is still what
  // the hardware field holds and what nvdisasm prints, so here they are warnings.
  validate(inst, out.diagnostics, RuleSeverity::warning);
  return out;
}

}  // namespace gpuatom::nvidia
