// The NVIDIA tables are the one home of each fact (issue 18): every spelling in a table parses
// back to its entry and prints the same, the printer's modifier order is slot_table()'s, the
// "expected …" lists in messages are the tables' spellings, the register grammar reads what it
// prints, and the encoder and decoder agree on each form's attributes.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>

#include "gpuatom/nvidia/decoder.hpp"
#include "gpuatom/nvidia/encoder.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/parser.hpp"
#include "gpuatom/nvidia/printer.hpp"
#include "sass_test_support.hpp"

using namespace gpuatom::nvidia;

namespace {

// The first error message of a line, or "".
std::string message(const std::string& line) {
  const ParsedSass parsed = parse_sass(line, "t.sass");
  for (const auto& d : parsed.diagnostics.all())
    if (d.severity == gpuatom::support::Severity::error) return d.message;
  return "";
}

std::string joined(std::span<const ModifierInfo> table, Slot slot) {
  std::string out;
  for (const ModifierInfo& m : table)
    if (m.slot == slot) out += fmt::format("{}.{}", out.empty() ? "" : " ", m.name);
  return out;
}

}  // namespace

TEST(SassSingleSource, EveryModifierSpellingParsesToItsEntryAndPrintsTheSame) {
  for (const ModifierInfo& m : modifier_table()) {
    Instruction inst;
    inst.mnemonic = info(m.slot).use == SlotUse::any ? Mnemonic::ATOM : Mnemonic::SUATOM;
    if (m.slot == Slot::extended) inst.mnemonic = Mnemonic::ATOM;
    inst.set_modifier(m.slot, m.value);
    EXPECT_EQ(inst.modifier(m.slot), std::optional<uint8_t>(m.value)) << m.name;
    EXPECT_EQ(find_modifier(m.name), &m) << m.name;
    EXPECT_EQ(modifier_name(m.slot, m.value), m.name);
    const std::string printed = print_opcode(inst);
    if (m.value == info(m.slot).unwritten) continue;  // .NEAR: read, never printed
    EXPECT_NE(printed.find(fmt::format(".{}", m.name)), std::string::npos) << printed;
  }
  for (const DimInfo& d : dim_table()) EXPECT_EQ(modifier_name(Slot::dim, static_cast<uint8_t>(d.dim)), d.name);
  for (const ClampInfo& c : clamp_table()) EXPECT_EQ(modifier_name(Slot::clamp, static_cast<uint8_t>(c.clamp)), c.name);
  EXPECT_EQ(name(Scope::gpu), "GPU");
  EXPECT_EQ(name(Scope::none), "");
}

TEST(SassSingleSource, EverySizeSpellingParsesToItsEntry) {
  for (const SizeSpelling& s : size_spellings()) {
    EXPECT_EQ(find_size_spelling(s.text), &s) << s.text;
    EXPECT_EQ(parse_size(s.text), s.size) << s.text;
  }
  for (const SizeInfo& s : size_table()) {
    EXPECT_EQ(parse_size(size_name(s.size)), s.size);
    if (s.size != Size::U32) {
      EXPECT_EQ(s.spelling, size_name(s.size));
    }
  }
  EXPECT_EQ(decoded_size_spelling(Size::U128, Architecture::sm_50), ".U128");
  EXPECT_EQ(decoded_size_spelling(Size::F16x2, Architecture::sm_53), ".F16x2.FTZ.RN");
  EXPECT_EQ(decoded_size_spelling(Size::F16x2, Architecture::sm_60), "");
  EXPECT_EQ(compact_size_spelling(Size::U64), ".64");
  EXPECT_EQ(compact_size_spelling(Size::S64), ".S64");
  EXPECT_EQ(find_size_spelling(compact_size_spelling(Size::U64))->size, Size::U64);
}

TEST(SassSingleSource, EveryOpAndMnemonicParsesToItsEntry) {
  for (const OpInfo& o : op_table()) EXPECT_EQ(parse_op(o.name), o.op) << o.name;
  for (const MnemonicInfo& m : mnemonic_table()) EXPECT_EQ(parse_mnemonic(m.name), m.mnemonic) << m.name;
}

TEST(SassSingleSource, PrinterWalksTheSlotTableInOrder) {
  ASSERT_EQ(slot_table().size(), static_cast<size_t>(slot_count));
  for (int i = 0; i < slot_count; ++i) EXPECT_EQ(static_cast<int>(slot_table()[i].slot), i);
  // A surface instruction with every slot it may hold prints them in the table's order.
  const Instruction inst =
      sass_test::parse_one("SUATOM.D.BA.2D.ADD.S32.EF.STRONG.GPU.PRIVATE.TRAP PT, R0, [R2], R4, R1 ;");
  const std::string printed = print_opcode(inst);
  size_t at = 0;
  for (const SlotInfo& s : slot_table()) {
    std::string text;
    if (s.slot == Slot::op) text = ".ADD";
    else if (s.slot == Slot::size) text = ".S32";
    else if (auto v = inst.modifier(s.slot)) text = fmt::format(".{}", modifier_name(s.slot, *v));
    else continue;
    const size_t found = printed.find(text, at);
    ASSERT_NE(found, std::string::npos) << text << " in " << printed;
    at = found + text.size();
  }
  EXPECT_EQ(at, printed.size()) << printed;
}

TEST(SassSingleSource, MessagesListTheTablesSpellings) {
  EXPECT_NE(message("SUATOM.D.ADD R0, [R2], R4, 0x1 ;").find(joined(modifier_table(), Slot::dim)), std::string::npos);
  std::string mnemonics;
  for (const MnemonicInfo& m : mnemonic_table())
    if (!m.modern_only) mnemonics += fmt::format("{}{}", mnemonics.empty() ? "" : ", ", m.name);
  EXPECT_NE(message("FOO R0, [R2], R4 ;").find(mnemonics), std::string::npos);
  std::string ops;
  for (const OpInfo& o : op_table()) ops += fmt::format(" {}", o.name);
  const auto op_size = parse_op_size("NOPE");
  ASSERT_TRUE(std::holds_alternative<std::string>(op_size));
  EXPECT_NE(std::get<std::string>(op_size).find("expected one of" + ops + " ("), std::string::npos);
  std::string sizes;
  for (const SizeSpelling& s : size_spellings()) sizes += fmt::format(" {}", s.text);
  const auto bad_size = parse_op_size("ADD.F99");
  ASSERT_TRUE(std::holds_alternative<std::string>(bad_size));
  EXPECT_NE(std::get<std::string>(bad_size).find("expected" + sizes + " ("), std::string::npos);
  EXPECT_NE(message("ATOM.E.ADD R0, [R2.X3], R4 ;").find(register_suffix_names()), std::string::npos);
}

TEST(SassSingleSource, RegisterGrammarReadsWhatItPrints) {
  for (const RegisterFileInfo& f : register_file_table())
    for (int n = 0; n <= f.last_number; ++n) {
      const std::string text = register_name(f.file, static_cast<uint8_t>(n));
      EXPECT_EQ(parse_register(f.file, text), n) << text;
      EXPECT_EQ(parse_register(f.file, fmt::format("{}{}", f.prefix, n)), n);
    }
  EXPECT_EQ(register_name(RegisterFile::general, RZ), "RZ");
  EXPECT_EQ(register_name(RegisterFile::predicate, 3), "P3");
  EXPECT_EQ(register_name(RegisterFile::uniform, URZ), "URZ");
  EXPECT_EQ(parse_register(RegisterFile::general, "R256"), std::nullopt);
  EXPECT_EQ(parse_register(RegisterFile::predicate, "P8"), std::nullopt);
  EXPECT_EQ(parse_register(RegisterFile::uniform, "ur5"), 5);
  for (const RegisterSuffix s : {RegisterSuffix::wide64, RegisterSuffix::u32, RegisterSuffix::x4, RegisterSuffix::x8,
                                 RegisterSuffix::x16})
    EXPECT_EQ(parse_register_suffix(name(s).substr(1)), s);
}

// Every form is chosen by its own attributes, and decoding its opcode gives them back.
TEST(SassSingleSource, FormAttributesChooseEachFormAndDecodeBack) {
  for (const EncodingInfo& e : encoding_table()) {
    const Decoded d = decode(e.match, {}, Architecture::sm_61);
    ASSERT_TRUE(d.instruction) << e.name;
    const Instruction& i = *d.instruction;
    EXPECT_EQ(i.mnemonic, e.mnemonic) << e.name;
    EXPECT_EQ(i.surface.formatted, e.formatted) << e.name;
    if (e.handle != FormHandle::none) {
      EXPECT_EQ(i.surface.bindless(), e.handle == FormHandle::bindless) << e.name;
    }
    EXPECT_EQ(i.ps.has_value(), e.ps == FormPs::with) << e.name;
    if (!i.has_placeholder()) {
      EXPECT_TRUE(form_takes(e.ops, i.op)) << e.name;
      EXPECT_EQ(encoding_form(i), e.form) << e.name;
    }
  }
  // Each instruction has exactly one form.
  for (const EncodingInfo& e : encoding_table())
    for (const OpInfo& o : op_table()) {
      Instruction i;
      i.mnemonic = e.mnemonic;
      i.op = o.op;
      i.surface.formatted = e.formatted;
      if (e.handle == FormHandle::bindless) i.surface.handle_register = 1;
      if (e.ps == FormPs::with) i.ps = 0;
      int forms = 0;
      for (const EncodingInfo& f : encoding_table()) {
        const bool fits = f.mnemonic == e.mnemonic && f.handle == e.handle && f.formatted == e.formatted &&
                          form_takes(f.ops, o.op) && f.ps != (i.ps ? FormPs::without : FormPs::with);
        forms += fits;
      }
      EXPECT_EQ(forms, 1) << e.name << " ." << o.name;
      EXPECT_TRUE(encoding_form(i).has_value()) << e.name << " ." << o.name;
    }
}

TEST(SassSingleSource, EveryFieldKindAndOperandRoleHasItsName) {
  for (int k = 0; k < field_kind_count; ++k) EXPECT_FALSE(name(static_cast<FieldKind>(k)).empty()) << k;
  for (int r = 0; r < operand_role_count; ++r) EXPECT_FALSE(name(static_cast<OperandRole>(r)).empty()) << r;
  EXPECT_EQ(name(FieldKind::offset22_div4), "ImmS24/4");
  EXPECT_EQ(name(FieldKind::extended), ".E");
  EXPECT_EQ(name(FieldKind::byte_address), ".BA");
  EXPECT_EQ(name(FieldKind::surface_size), "size");
  EXPECT_EQ(name(FieldKind::op), "op");
  EXPECT_EQ(name(FieldKind::unassigned), "unassigned");
  EXPECT_EQ(name(OperandRole::ps), "sparse predicate Ps");
  EXPECT_EQ(name(OperandRole::trailing_rz), "trailing RZ");
}
