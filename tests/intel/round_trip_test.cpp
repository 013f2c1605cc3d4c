// text → Instruction → bytes → Instruction → text is the identity (docs/spec/intel.md §2, §10.4):
// on a generated set of every op × width × exec size × mask × predicate form that the
// validator accepts, and on every example file in tests/conformance/intel.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "intel/visa_test_support.hpp"

using namespace visa_test;

namespace {

// A variable of the type the slot's rule asks for first (the prelude has one of each).
uint32_t variable_for(const DeclarationTable& d, Form form, AtomicOp op, Width width, OperandSlot slot) {
  const DataType t = type_rule(form, op, width, slot).accepted[0];
  const bool is_dst = slot == OperandSlot::dst;
  const char* name = "SRC";
  switch (t) {
    case DataType::UD:
      name = slot == OperandSlot::u      ? "XC"
             : slot == OperandSlot::v    ? "YC"
             : is_dst                    ? "DST"
             : slot == OperandSlot::src1 ? "CMP"
                                         : "SRC";
      break;
    case DataType::D: name = is_dst ? "DD" : "SD"; break;
    case DataType::F: name = is_dst ? "FD" : "SF"; break;
    case DataType::UQ:
      name = slot == OperandSlot::addresses ? "ADDR" : is_dst ? "D64" : slot == OperandSlot::src1 ? "C64" : "S64";
      break;
    case DataType::Q: name = is_dst ? "DQ" : "SQ"; break;
    case DataType::DF: name = is_dst ? "DDF" : "SDF"; break;
    default: break;
  }
  return d.lookup(name)->id;
}

struct Generated {
  std::vector<std::string> lines;
  std::vector<Instruction> instructions;
};

// Every combination, kept when the validator accepts it on gen12 or, for exec size 16, on xehp.
Generated generate(const DeclarationTable& d) {
  Generated g;
  const Predicate predicates[] = {{0, PredicateControl::per_channel, false}, {1, PredicateControl::per_channel, false},
                                  {1, PredicateControl::per_channel, true},  {1, PredicateControl::any, false},
                                  {1, PredicateControl::all, false},         {1, PredicateControl::any, true},
                                  {1, PredicateControl::all, true}};
  for (Form form : {Form::typed, Form::svm, Form::dword})
    for (const AtomicOpInfo& op : atomic_op_table())
      for (Width width : {Width::w32, Width::w16, Width::w64})
        for (uint8_t channels : {1, 2, 4, 8, 16, 32})
          for (uint8_t mask = 0; mask < 16; ++mask)
            for (const Predicate& predicate : predicates) {
              Instruction i;
              i.form = form;
              i.op = op.op;
              i.width = width;
              i.exec = {channels, mask};
              i.predicate = predicate;
              if (form == Form::typed) i.surface = static_cast<uint8_t>(d.lookup("SFREE")->id);
              if (form == Form::dword) i.surface = 0;  // %slm
              for (OperandSlot slot : form_info(form).text_operands) {
                const bool null = (slot == OperandSlot::src0 && op.src0 == Role::null) ||
                                  (slot == OperandSlot::src1 && op.src1 == Role::null) || slot == OperandSlot::r ||
                                  slot == OperandSlot::lod;
                i.operand(slot) = null ? RawOperand{} : RawOperand{variable_for(d, form, op.op, width, slot), 0};
              }
              support::Diagnostics diagnostics;
              const Platform platform = channels == 16 ? Platform::xehp : Platform::gen12;
              validate(std::span<const Instruction>(&i, 1), &d, {platform}, diagnostics);
              if (diagnostics.has_errors()) continue;
              g.lines.push_back(print_instruction(i, &d));
              g.instructions.push_back(i);
            }
  return g;
}

}  // namespace

TEST(IntelRoundTrip, EveryValidCombinationTextBinaryText) {
  support::Diagnostics prelude_diagnostics;
  Module declared = parse_visa(prelude, "prelude", {}, prelude_diagnostics);
  ASSERT_FALSE(prelude_diagnostics.has_errors()) << all_text(prelude_diagnostics);
  const Generated g = generate(declared.declarations);

  // The set covers every op, width, exec size, mask and predicate form the rules allow.
  std::set<std::string> seen;
  for (const Instruction& i : g.instructions) {
    seen.insert(fmt::format("op{}", static_cast<int>(i.op)));
    seen.insert(fmt::format("form{}width{}", static_cast<int>(i.form), static_cast<int>(i.width)));
    seen.insert(fmt::format("form{}n{}", static_cast<int>(i.form), i.exec.channels));
    seen.insert(fmt::format("mask{}", i.exec.mask));
    seen.insert(
        fmt::format("pred{}{}{}", i.predicate.present(), static_cast<int>(i.predicate.control), i.predicate.invert));
  }
  // 19 ops; widths typed 32/16, SVM 32/16/64, DWORD 32/16; exec sizes typed 8/16, SVM 1/2/4/8/16, DWORD
  // 1/2/4/8/16; 16 masks; 7 predicate forms.
  std::string listed;
  for (const std::string& s : seen) listed += s + " ";
  EXPECT_EQ(seen.size(), 19u + 7u + 12u + 16u + 7u) << "combinations missing: " << listed;
  EXPECT_GT(g.lines.size(), 20000u);

  // text → Instruction: one parse of every line.
  std::string text = prelude;
  for (const std::string& line : g.lines) text += line + "\n";
  support::Diagnostics d;
  const Module parsed = parse_visa(text, "generated", {}, d);
  ASSERT_FALSE(d.has_errors()) << all_text(d).substr(0, 2000);
  ASSERT_EQ(parsed.instructions.size(), g.lines.size());

  // Instruction → bytes → Instruction → text.
  std::vector<uint8_t> bytes;
  for (size_t k = 0; k < parsed.instructions.size(); ++k) {
    ASSERT_TRUE(parsed.instructions[k].same_fields(g.instructions[k])) << g.lines[k];
    ASSERT_FALSE(encode(parsed.instructions[k], bytes)) << g.lines[k];
  }
  const std::vector<Instruction> decoded = decode(bytes, "generated.bin", {}, d);
  ASSERT_FALSE(d.has_errors()) << all_text(d).substr(0, 2000);
  ASSERT_EQ(decoded.size(), g.lines.size());
  for (size_t k = 0; k < decoded.size(); ++k)
    ASSERT_EQ(print_instruction(decoded[k], &parsed.declarations), g.lines[k]);
}

TEST(IntelRoundTrip, ConformanceFiles) {
  const std::filesystem::path dir = std::filesystem::path(GPUATOM_SOURCE_DIR) / "tests/conformance/intel";
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".visaasm") continue;
    ++files;
    const std::string file = entry.path().string();
    support::Diagnostics d;
    const Module m = parse_visa(file_text(entry.path()), file, {}, d);
    validate(m, {}, d);
    ASSERT_FALSE(d.has_errors()) << all_text(d);
    // Canonical text reads back to the same module and prints identically.
    const std::string canonical = print_module(m);
    support::Diagnostics again;
    const Module m2 = parse_visa(canonical, file, {}, again);
    ASSERT_FALSE(again.has_errors()) << all_text(again);
    EXPECT_EQ(print_module(m2), canonical) << file;
    for (const Instruction& inst : m.instructions) {
      std::vector<uint8_t> bytes;
      ASSERT_FALSE(encode(inst, bytes));
      const auto back = decode(bytes, file, {}, d);
      ASSERT_EQ(back.size(), 1u) << all_text(d);
      EXPECT_EQ(print_instruction(back[0], &m.declarations), print_instruction(inst, &m.declarations));
    }
  }
  EXPECT_GE(files, 2);
}
