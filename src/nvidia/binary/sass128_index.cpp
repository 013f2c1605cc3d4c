#include "sass128_index.hpp"

#include <array>
#include <bitset>
#include <vector>

#include "sass128_fields.hpp"

namespace gpuatom::nvidia::sass128 {

namespace {

constexpr size_t opcodes = 0x1000;      // bits 0–11
constexpr size_t instructions = 0x200;  // bits 0–8
constexpr size_t generations = static_cast<size_t>(Generation::blackwell) + 1;
constexpr size_t mnemonics = static_cast<size_t>(Mnemonic::REDAS) + 1;

struct Index {
  // The forms sorted by opcode (table order within one), and where each opcode's run begins.
  std::vector<const Form*> by_opcode;
  std::array<uint16_t, opcodes + 1> opcode_start{};
  std::array<std::array<std::vector<const Form*>, generations>, mnemonics> by_mnemonic;
  std::array<std::bitset<instructions>, generations> atomic;
  std::vector<Word128> masks;  // by form, as forms() orders them
  // By generation, its forms of by_opcode as decode128 reads them, and where each opcode's run
  // begins.
  std::array<std::vector<OpcodeForm>, generations> opcode_forms;
  std::array<std::array<uint16_t, opcodes + 1>, generations> opcode_forms_start{};

  Index() {
    const std::span<const Form> all = forms();
    std::array<uint16_t, opcodes> count{};
    for (const Form& f : all) ++count[f.opcode];
    for (size_t op = 0; op < opcodes; ++op) opcode_start[op + 1] = static_cast<uint16_t>(opcode_start[op] + count[op]);
    by_opcode.resize(all.size());
    std::array<uint16_t, opcodes> next{};
    for (const Form& f : all) by_opcode[opcode_start[f.opcode] + next[f.opcode]++] = &f;
    for (const Form& f : all) {
      for (size_t g = 0; g < generations; ++g) {
        if (!in(f.generations, static_cast<Generation>(g))) continue;
        atomic[g].set(f.opcode % instructions);
        by_mnemonic[static_cast<size_t>(f.mnemonic)][g].push_back(&f);
      }
      Word128 m{opcodes - 1, 0};
      for (const Field& field : f.field_list()) m = m | field_mask(field);
      masks.push_back(m);
    }
    for (size_t g = 0; g < generations; ++g) {
      auto& start = opcode_forms_start[g];
      for (const Form* f : by_opcode) {
        if (!in(f->generations, static_cast<Generation>(g))) continue;
        ++start[f->opcode + 1u];
        OpcodeForm& o = opcode_forms[g].emplace_back(
            OpcodeForm{f, ~masks[static_cast<size_t>(f - all.data())], usual_fields_of(*f), 0, {}});
        for (const Field& field : f->field_list())
          if (!is_usual(o.usual, field)) o.others[o.other_count++] = field;
      }
      for (size_t op = 0; op < opcodes; ++op) start[op + 1] = static_cast<uint16_t>(start[op + 1] + start[op]);
    }
  }
};

const Index& index() {
  static const Index built;
  return built;
}

}  // namespace

std::span<const Form* const> forms_with_opcode(uint64_t opcode) {
  const Index& x = index();
  const size_t op = opcode % opcodes;
  return {x.by_opcode.data() + x.opcode_start[op], static_cast<size_t>(x.opcode_start[op + 1] - x.opcode_start[op])};
}

std::span<const OpcodeForm> opcode_forms(Generation generation, uint64_t opcode) {
  const Index& x = index();
  const auto g = static_cast<size_t>(generation);
  const auto& start = x.opcode_forms_start[g];
  const size_t op = opcode % opcodes;
  return {x.opcode_forms[g].data() + start[op], static_cast<size_t>(start[op + 1] - start[op])};
}

std::span<const Form* const> forms_of(Mnemonic mnemonic, Generation generation) {
  return index().by_mnemonic[static_cast<size_t>(mnemonic)][static_cast<size_t>(generation)];
}

bool atomic_instruction(Generation generation, uint64_t instruction) {
  return index().atomic[static_cast<size_t>(generation)].test(instruction % instructions);
}

const std::bitset<instructions>& atomic_instructions(Generation generation) {
  return index().atomic[static_cast<size_t>(generation)];
}

bool has_forms(Generation generation) { return index().atomic[static_cast<size_t>(generation)].any(); }

const Word128& fields_mask(const Form& form) {
  const Index& x = index();
  return x.masks[static_cast<size_t>(&form - forms().data())];
}

}  // namespace gpuatom::nvidia::sass128
