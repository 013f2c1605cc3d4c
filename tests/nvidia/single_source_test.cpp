// The NVIDIA tables are the one home of each fact (issue 18): every spelling in a table parses
// back to its entry and prints the same, the printer's modifier order is slot_table()'s, the
// "expected …" lists in messages are the tables' spellings, the register grammar reads what it
// prints, and the encoder and decoder agree on each form's attributes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "common/code_lines.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/generic_windows.hpp"
#include "gpuatom/nvidia/instruction_table.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/support/assumption.hpp"
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

// --- Spellings written outside the tables ---------------------------------------------------

bool word_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}
bool space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The string literals of C++ source, comments left out and adjacent pieces joined ("a" "b" is
// the literal "ab"); raw strings included, character literals skipped.
std::vector<std::string> string_literals(std::string_view src) {
  std::vector<std::string> out;
  std::string literal;
  bool open_literal = false;  // `literal` holds pieces that a next piece would join
  const auto add = [&](std::string_view piece) {
    literal += piece;
    open_literal = true;
  };
  const auto end_literal = [&] {
    if (open_literal) out.push_back(literal);
    literal.clear();
    open_literal = false;
  };
  size_t i = 0;
  while (i < src.size()) {
    const char c = src[i];
    const bool after_word = i > 0 && word_char(src[i - 1]);
    if (src.substr(i, 2) == "//") {
      i = src.find('\n', i);
    } else if (src.substr(i, 2) == "/*") {
      i = src.find("*/", i);
      if (i != std::string_view::npos) i += 2;
    } else if (c == 'R' && !after_word && src.substr(i + 1, 1) == "\"") {
      const size_t open = src.find('(', i);
      const std::string close = fmt::format("){}\"", src.substr(i + 2, open - i - 2));
      const size_t end = src.find(close, open);
      if (end == std::string_view::npos) break;
      add(src.substr(open + 1, end - open - 1));
      i = end + close.size();
    } else if (c == '"') {
      std::string text;
      for (++i; i < src.size() && src[i] != '"'; ++i) {
        if (src[i] == '\\' && i + 1 < src.size()) ++i;
        text += src[i];
      }
      add(text);
      ++i;
    } else if (c == '\'' && !after_word) {  // a character literal (not a digit separator)
      end_literal();
      for (++i; i < src.size() && src[i] != '\''; ++i)
        if (src[i] == '\\') ++i;
      ++i;
    } else {
      if (!space(c)) end_literal();
      ++i;
    }
  }
  end_literal();
  return out;
}

// Whether `word` stands at `at` in `text` and ends a word there (no letter, digit or '_' after it).
bool ends_word(std::string_view text, size_t at, std::string_view word) {
  const size_t next = at + word.size();
  return text.substr(at, word.size()) == word && (next == text.size() || !word_char(text[next]));
}

// Whether a word begins at `at` in `text`: no letter, digit, '_' or '.' before it.
bool begins_word(std::string_view text, size_t at) {
  return at == 0 || !(word_char(text[at - 1]) || text[at - 1] == '.');
}

// What is wrong with a literal of `file` (a path under src/), or "". Every file may state a
// size spelling only in opcodes.cpp (and .64 and .U32, spelled like sizes, as register suffixes
// in instruction.cpp; intel/ spells its own sizes); under src/nvidia/, no literal outside the tables spells an op name,
// a mnemonic, a dotted modifier, an opcode ("SUATOM.CAS") or begins with a mnemonic (a form name: "SUATOM bound .op").
// Those are made from the tables.
std::string offence(std::string_view file, std::string_view literal) {
  const bool nvidia = file.starts_with("nvidia/");
  const auto owned_by = [&](std::string_view owner) { return file == owner; };
  if (file.starts_with("intel/")) return "";  // Intel's sizes (".64") are its own table's, not NVIDIA's
  for (const SizeSpelling& s : size_spellings())
    if (literal == s.text && !owned_by("nvidia/opcodes.cpp")) {
      bool suffix = false;
      for (const RegisterSuffix r : {RegisterSuffix::wide64, RegisterSuffix::u32}) suffix |= literal == name(r);
      if (!(suffix && owned_by("nvidia/instruction.cpp"))) return "a size spelling (size_name(), SizeSpelling)";
    }
  if (!nvidia || owned_by("nvidia/instruction_table.cpp") || owned_by("nvidia/opcodes.cpp")) return "";
  for (const OpInfo& o : op_table())
    if (literal == o.name) return "an op name (info(op).name)";
  for (const ModifierInfo& m : modifier_table())
    if (literal == fmt::format(".{}", m.name)) return "a modifier spelling (modifier_name())";
  for (const MnemonicInfo& m : mnemonic_table()) {
    if (ends_word(literal, 0, m.name)) return "begins with a mnemonic (info(mnemonic).name, name(Family))";
    const std::string dotted = fmt::format("{}.", m.name);
    for (size_t at = literal.find(dotted); at != std::string_view::npos; at = literal.find(dotted, at + 1))
      if (begins_word(literal, at))
        for (const OpInfo& o : op_table())
          if (ends_word(literal, at + dotted.size(), o.name)) return "spells an opcode (mnemonic and op names)";
  }
  return "";
}

// Each literal of `source` that offends, with why.
std::vector<std::string> offences(std::string_view file, std::string_view source) {
  std::vector<std::string> out;
  for (const std::string& literal : string_literals(source))
    if (const std::string why = offence(file, literal); !why.empty())
      out.push_back(fmt::format("src/{}: \"{}\" is {}", file, literal, why));
  return out;
}

std::string lines(const std::vector<std::string>& all) {
  std::string out;
  for (const std::string& line : all) out += line + "\n";
  return out;
}

std::string joined(std::span<const ModifierInfo> table, ModifierSlot slot) {
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
    if (m.slot == ModifierSlot::extended) inst.mnemonic = Mnemonic::ATOM;
    inst.set_modifier(m.slot, m.value);
    EXPECT_EQ(inst.modifier(m.slot), std::optional<uint8_t>(m.value)) << m.name;
    EXPECT_EQ(find_modifier(m.name), &m) << m.name;
    EXPECT_EQ(modifier_name(m.slot, m.value), m.name);
    const std::string printed = print_opcode(inst);
    if (m.value == info(m.slot).unwritten) continue;  // .NEAR: read, never printed
    EXPECT_NE(printed.find(fmt::format(".{}", m.name)), std::string::npos) << printed;
  }
  for (const DimInfo& d : dim_table()) EXPECT_EQ(modifier_name(ModifierSlot::dim, static_cast<uint8_t>(d.dim)), d.name);
  for (const ClampInfo& c : clamp_table())
    EXPECT_EQ(modifier_name(ModifierSlot::clamp, static_cast<uint8_t>(c.clamp)), c.name);
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
      sass_test::parse_one("SUATOM.D.BA.2D.ADD.EF.S32.STRONG.GPU.PRIVATE.TRAP PT, R0, [R2], R4, R1 ;");
  const std::string printed = print_opcode(inst);
  size_t at = 0;
  for (const SlotInfo& s : slot_table()) {
    std::string text;
    if (s.slot == ModifierSlot::op)
      text = ".ADD";
    else if (s.slot == ModifierSlot::size)
      text = ".S32";
    else if (auto v = inst.modifier(s.slot))
      text = fmt::format(".{}", modifier_name(s.slot, *v));
    else
      continue;
    const size_t found = printed.find(text, at);
    ASSERT_NE(found, std::string::npos) << text << " in " << printed;
    at = found + text.size();
  }
  EXPECT_EQ(at, printed.size()) << printed;
}

TEST(SassSingleSource, MessagesListTheTablesSpellings) {
  EXPECT_NE(message("SUATOM.D.ADD R0, [R2], R4, 0x1 ;").find(joined(modifier_table(), ModifierSlot::dim)),
            std::string::npos);
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
  for (const RegisterSuffix s :
       {RegisterSuffix::wide64, RegisterSuffix::u32, RegisterSuffix::x4, RegisterSuffix::x8, RegisterSuffix::x16})
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

// The spellings the tables own are not written again by hand: the validator asks the size
// table which spelling names a flush it does not apply, messages and form names are made from
// the mnemonic, op and modifier tables, and the reports name sizes by size_name().
TEST(SassSingleSource, NoSourceSpellsWhatTheTablesOwn) {
  // The scan itself: comments are not literals, adjacent pieces are one literal, and a report
  // may name families in prose but not spell a size.
  const std::string_view sample = R"(
    if (s == ".F16x2.FTZ.RN") warn("SUATOM.CAS: " "Rb");  // "ATOM.CAS" in a comment
    /* "RED" */ f('"', "the " "ATOMS.CAST form", "SURED bound", "the ATOM page of seed 000", 1'000);
    g("bound {} .op", ".E", "CAS", "SUATOMIC.CAS");)";
  EXPECT_EQ(offences("nvidia/sample.cpp", sample).size(), 6u) << lines(offences("nvidia/sample.cpp", sample));
  EXPECT_EQ(offences("report/sample.cpp", sample).size(), 1u);
  EXPECT_EQ(offences("report/sample.cpp", R"(h("RED", ".U32");)").size(), 1u);
  EXPECT_TRUE(offences("nvidia/opcodes.cpp", R"({".F16x2.FTZ.RN", "CAS"})").empty());
  EXPECT_TRUE(offences("nvidia/instruction.cpp", R"({".64", ".U32"})").empty());
  EXPECT_EQ(offences("nvidia/instruction.cpp", R"({".F16x2.RN"})").size(), 1u);

  const std::filesystem::path src = std::filesystem::path(GPUATOM_SOURCE_DIR) / "src";
  std::vector<std::string> found;
  int files = 0;
  for (const char* folder :
       {"support", "numeric", "alu", "memory", "exec", "nvidia", "intel", "amd", "scenario", "report"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(src / folder)) {
      const std::string extension = entry.path().extension().string();
      if (!entry.is_regular_file() || (extension != ".cpp" && extension != ".hpp")) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::vector<std::string> here =
          offences(std::filesystem::relative(entry.path(), src).generic_string(), text.str());
      found.insert(found.end(), here.begin(), here.end());
      ++files;
    }
  EXPECT_GE(files, 20);
  EXPECT_TRUE(found.empty()) << lines(found);
}

// Numbers the NVIDIA model owns are written once in the whole library: the generic-address
// windows (nvidia/generic_windows.hpp), which the scenario loader and the warp both use. The
// PROPOSED item `gpuatom explain` prints states them in words, and must say what the code does.
TEST(SassSingleSource, GenericWindowsHaveOneHome) {
  const auto listed = std::find_if(assumptions().begin(), assumptions().end(),
                                   [](const gpuatom::support::Assumption& a) { return a.id == "nvidia.windows"; });
  ASSERT_NE(listed, assumptions().end());
  EXPECT_EQ(listed->statement,
            fmt::format("the generic address space's local window is 0x{:012x} and the shared "
                        "window 0x{:012x}, {} MiB each",
                        generic_local_window.base, generic_shared_window.base, generic_local_window.size >> 20));
  EXPECT_EQ(generic_local_window.size, generic_shared_window.size);
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  for (const std::string_view number : {"0x00fe00000000", "0x00ff00000000"}) {
    std::vector<std::string> homes;
    for (const char* top : {"src", "include"})
      for (const auto& entry : std::filesystem::recursive_directory_iterator(root / top)) {
        if (!entry.is_regular_file() || entry.path().filename() == "assumptions.cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        if (text.str().find(number) != std::string::npos)
          homes.push_back(std::filesystem::relative(entry.path(), root).generic_string());
      }
    EXPECT_EQ(homes, std::vector<std::string>{"include/gpuatom/nvidia/generic_windows.hpp"}) << number;
  }
}

// The forms' names in messages are made from their mnemonic and attributes; they read as before.
TEST(SassSingleSource, FormNamesAreMadeFromTheAttributes) {
  const std::vector<std::string_view> expected = {"ATOM",
                                                  "ATOM.CAS",
                                                  "ATOM .op with Ps",
                                                  "ATOM.CAS with Ps",
                                                  "ATOMS",
                                                  "ATOMS.CAST",
                                                  "ATOMS.CAS",
                                                  "RED",
                                                  "SUATOM bound .op",
                                                  "SUATOM bound .CAS",
                                                  "SUATOM bindless .op",
                                                  "SUATOM bindless .op with Ps",
                                                  "SUATOM bindless .CAS",
                                                  "SURED bound",
                                                  "SURED bindless",
                                                  "SUATOM.P bound .op",
                                                  "SUATOM.P bindless .op",
                                                  "SUATOM.P bound .CAS",
                                                  "SUATOM.P bindless .CAS",
                                                  "SURED.P bound",
                                                  "SURED.P bindless"};
  ASSERT_EQ(encoding_table().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(encoding_table()[i].name, expected[i]);
  EXPECT_EQ(compare_op(FormOps::compare), AtomOp::CAS);
  EXPECT_EQ(compare_op(FormOps::cast), AtomOp::CAST);
  EXPECT_EQ(compare_op(FormOps::op), std::nullopt);
  EXPECT_EQ(mnemonic_names(false), "ATOM, ATOMS, RED, SUATOM, SURED");
  EXPECT_EQ(mnemonic_names(true), "ATOMG, REDG, REDAS");
}

// Per-architecture facts have one home, the feature table of nvidia/architecture.cpp: no other
// code compares architectures, capabilities or generations ("a column, not an `if`").
TEST(SassSingleSource, NoCodeComparesArchitectures) {
  const std::regex comparison(
      R"(compute_capability\(|capability [<>]=?|[<>]=? Architecture::|== Architecture::sm_|!= Architecture::sm_|)"
      R"(generation\([^)]*\) [!=<>]=|Generation::[a-z]+ [<>])");
  EXPECT_TRUE(std::regex_search("if (arch == Architecture::sm_50)", comparison));
  EXPECT_TRUE(std::regex_search("a < Architecture::sm_60", comparison));
  EXPECT_FALSE(std::regex_search("has(arch, Feature::ps_forms)", comparison));
  EXPECT_EQ(gpuatom::testing::code_lines_matching(comparison, {"src/nvidia", "include/gpuatom/nvidia", "tools/gpuatom"},
                                                  {"architecture.cpp"}),
            "");
}
