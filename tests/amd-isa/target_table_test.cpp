// The one target table (gpuatom/amd/isa/target.hpp) is the only home of what a gfx target has:
// every feature the code asks for names a feature of the table, `amd lower` reads its rows, and on
// every target the readings that consult it agree: the decoder, the printer, the parser, the
// encoder and the library path of `alu amd` (canonical_mnemonic, semantics, operation) accept
// the same instructions, exactly those whose encoding row is on the target.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "common/code_lines.hpp"
#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/encoding_table.hpp"
#include "gpuatom/amd/isa/semantics.hpp"
#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/amd/isa/text.hpp"
#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd::isa {
namespace {

std::vector<const Target*> every_target() {
  std::vector<const Target*> out;
  for (const Target& t : targets()) out.push_back(&t);
  for (const Target& t : compiler_only_targets()) out.push_back(&t);
  return out;
}

std::set<std::string> every_feature() {
  std::set<std::string> out;
  for (const Target* t : every_target()) out.insert(t->features.begin(), t->features.end());
  return out;
}

// The feature names src/amd asks has() about: each typed Feature's LLVM name, and any name the
// source still writes out.
std::set<std::string> features_the_code_asks_for() {
  const std::regex asked(R"(has\(\s*\w+\s*,\s*"([^"]+)\"\s*\))");
  std::set<std::string> out;
  for (size_t f = 0; f < feature_count; ++f) out.insert(std::string(feature_name(static_cast<Feature>(f))));
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(std::string(GPUATOM_SOURCE_DIR) + "/src/amd")) {
    if (entry.path().extension() != ".cpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string source = text.str();
    for (std::sregex_iterator m(source.begin(), source.end(), asked), end; m != end; ++m) out.insert((*m)[1].str());
  }
  return out;
}

TEST(TargetTable, EveryFeatureTheCodeAsksForIsAFeatureOfSomeTarget) {
  const std::set<std::string> known = every_feature();
  const std::set<std::string> asked = features_the_code_asks_for();
  EXPECT_GE(asked.size(), 15u);  // the decoder, parser, printer and lowering all ask
  for (const std::string& f : asked) EXPECT_TRUE(known.contains(f)) << f << ": no target of the table has it";
}

TEST(TargetTable, EveryFeatureOfEveryTargetAnswersFromItsRow) {
  const std::set<std::string> features = every_feature();
  for (const Target* t : every_target()) {
    EXPECT_TRUE(std::is_sorted(t->features.begin(), t->features.end())) << t->name;
    for (const std::string& f : features) {
      const bool listed = std::find(t->features.begin(), t->features.end(), f) != t->features.end();
      EXPECT_EQ(has(*t, f), listed) << t->name << " " << f;
    }
  }
}

// A typed feature is its LLVM name, answered from the row's bit set exactly as the name is.
TEST(TargetTable, EveryTypedFeatureAnswersAsItsLlvmName) {
  for (const Target* t : every_target())
    for (size_t f = 0; f < feature_count; ++f) {
      const auto feature = static_cast<Feature>(f);
      EXPECT_EQ(has(*t, feature), has(*t, feature_name(feature))) << t->name << " " << feature_name(feature);
    }
  EXPECT_TRUE(has(*find_target("gfx1030"), Feature::gfx10_insts));
  EXPECT_FALSE(has(*find_target("gfx90a"), Feature::gfx10_insts));
  EXPECT_TRUE(has(*find_target("gfx1200"), Feature::gfx11_insts));
  EXPECT_FALSE(has(*find_target("gfx1100"), Feature::sdwa));  // GFX11 has no SDWA
}

// What differs between targets is asked of the table (`has(target, Feature::…)`, the device
// table's named facts): no AMD code compares generations, as LLVM asks isGFX10Plus() as a
// feature. A switch over the generation (an encoding's opcode numbers) is a column, not a rule.
TEST(TargetTable, NoCodeComparesGenerations) {
  const std::regex comparison(R"(generation\s*(==|!=|<=|>=|<|>)|(==|!=|<=|>=|<|>)\s*(isa::)?Generation::)");
  EXPECT_TRUE(std::regex_search("if (target.generation >= Generation::gfx10)", comparison));
  EXPECT_TRUE(std::regex_search("t.generation == isa::Generation::gfx12", comparison));
  EXPECT_FALSE(std::regex_search("case Generation::gfx9:", comparison));
  EXPECT_FALSE(std::regex_search("has(target, Feature::gfx10_insts)", comparison));
  EXPECT_EQ(gpuatom::testing::code_lines_matching(comparison, {"src/amd", "include/gpuatom/amd", "tools/gpuatom"},
                                                  {"target.cpp", "device.cpp"}),  // the tables
            "");
}

TEST(TargetTable, CompilerOnlyTargetsHaveNoEncodingsAndNoInstructionLevelName) {
  ASSERT_FALSE(compiler_only_targets().empty());
  for (const Target& t : compiler_only_targets()) {
    EXPECT_EQ(find_target(t.name), nullptr) << t.name;
    EXPECT_EQ(find_any_target(t.name), &t) << t.name;
    EXPECT_EQ(t.mask(), 0u) << t.name;
    EXPECT_TRUE(mnemonics_on(t).empty()) << t.name;
    for (const Encoding& e : encodings()) EXPECT_FALSE(e.on(t)) << t.name << " " << e.record;
  }
  for (const Target& t : targets()) EXPECT_EQ(find_any_target(t.name), &t) << t.name;
}

// The lowering rows as they were written by hand before they were read from the table: the
// reading keeps every one.
TEST(TargetTable, LoweringReadsEachTargetsRow) {
  struct Row {
    const char* name;
    amd::Mnemonics mnemonics;
    amd::ScopeBits scope_bits;
    std::array<bool, 12> features;
  };
  using M = amd::Mnemonics;
  using S = amd::ScopeBits;
  const Row rows[] = {
      {"gfx908", M::gfx9, S::glc, {false, false, false, true, false, false, false, false, false, false, false, false}},
      {"gfx90a", M::gfx9, S::glc, {false, true, true, true, true, false, false, true, true, false, false, false}},
      {"gfx942", M::gfx9, S::sc0_sc1, {true, true, true, true, true, true, false, true, true, true, true, true}},
      {"gfx1030", M::gfx10, S::glc, {false, false, false, false, false, false, true, true, false, false, false, false}},
      {"gfx1100", M::gfx11, S::glc, {false, false, false, true, true, true, true, false, false, false, false, false}},
      {"gfx1200", M::gfx12, S::th_scope, {false, false, false, true, true, true, true, false, true, true, true, true}},
  };
  ASSERT_EQ(amd::lowering_targets().size(), std::size(rows));
  for (size_t i = 0; i < std::size(rows); ++i) {
    const amd::LoweringTarget& t = amd::lowering_targets()[i];
    const Row& want = rows[i];
    EXPECT_EQ(t.name, want.name);
    ASSERT_NE(find_any_target(t.name), nullptr) << t.name;
    EXPECT_EQ(t.mnemonics, want.mnemonics) << t.name;
    EXPECT_EQ(t.scope_bits, want.scope_bits) << t.name;
    const std::array<bool, 12> got = {t.gfx940_insts,      t.lds_fadd_f64,       t.fadd_f64,       t.fadd_f32_no_rtn,
                                      t.fadd_f32_rtn,      t.flat_fadd_f32,      t.fminmax_f32,    t.fminmax_f64,
                                      t.pk_add_f16_global, t.pk_add_bf16_global, t.pk_add_16_flat, t.pk_add_16_ds};
    EXPECT_EQ(got, want.features) << t.name;
  }
}

// The llvm-mc words of the measured target that shares the target's encodings and spellings.
std::string words_file(const Target& t) {
  switch (t.line) {
    case Line::cdna3: return "gfx942";
    case Line::rdna2: return "gfx1030";
    case Line::rdna3: return "gfx1100";
    case Line::rdna3_5: return "gfx1150";
    case Line::rdna4: return "gfx1200";
    default: return "gfx90a";
  }
}

std::vector<std::vector<uint8_t>> sample_words(const std::string& file, size_t every) {
  std::ifstream in(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/words/" + file + ".txt");
  std::vector<std::vector<uint8_t>> out;
  std::string line;
  for (size_t n = 0; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string kind, hex, size;
    f >> kind >> hex >> size;
    if (size == "0" || n++ % every != 0) continue;
    std::vector<uint8_t> bytes;
    for (size_t i = 0; i + 1 < hex.size(); i += 2) bytes.push_back(std::stoul(hex.substr(i, 2), nullptr, 16));
    out.push_back(std::move(bytes));
  }
  return out;
}

// What each reading says of one decoded instruction on `t`; empty when they agree. A text the
// parser refuses (an offset or register the assembler does not read back, as llvm-mc refuses it)
// must be refused on the measured target `measured` too: the target's row decides nothing else.
std::string disagreement(const Instruction& decoded, const Target& t, const Target& measured) {
  const Encoding& e = *decoded.encoding;
  if (!e.on(t)) return "decoded to a row that is not on the target: " + std::string(e.record);
  const std::string text = print(decoded, t);
  const Program parsed = parse(text, t);
  if (!parsed.diagnostics.empty()) {
    if (parse(text, measured).diagnostics.empty())
      return "the parser refuses what " + std::string(measured.name) + " reads: " + text + ": " +
             support::format(parsed.diagnostics[0]);
    return {};
  }
  if (parsed.instructions.size() != 1) return "the parser reads no instruction: " + text;
  if (print(parsed.instructions[0], t) != text) return "the parse prints otherwise: " + text;
  const auto again = decode(encode(parsed.instructions[0]), t);
  if (!std::holds_alternative<Instruction>(again) || print(std::get<Instruction>(again), t) != text)
    return "encode then decode does not read back: " + text;
  if (canonical_mnemonic(e.mnemonic, t) != e.mnemonic) return "alu amd does not find the mnemonic: " + text;
  const auto meaning = semantics(e);
  if (const auto* s = std::get_if<Semantics>(&meaning)) {
    if (alu::width_bits(operation(*s, t).type) != alu::width_bits(s->type)) return "alu amd changes the width: " + text;
  }
  return {};
}

TEST(TargetTable, ParseEncodeDecodeAndAluAmdAgreeOnEveryTarget) {
  for (const Target& t : targets()) {
    const Target& measured = *find_target(words_file(t));
    size_t decoded = 0, shown = 0;
    for (const std::vector<uint8_t>& bytes : sample_words(words_file(t), 7)) {
      const auto d = decode(bytes, t);
      if (!std::holds_alternative<Instruction>(d)) continue;
      ++decoded;
      const std::string why = disagreement(std::get<Instruction>(d), t, measured);
      if (!why.empty() && shown++ < 5) ADD_FAILURE() << t.name << ": " << why;
    }
    EXPECT_GT(decoded, 100u) << t.name;
    for (const std::string_view m : mnemonics_on(t)) {
      const auto canonical = canonical_mnemonic(m, t);
      ASSERT_TRUE(canonical) << t.name << " " << m;
      EXPECT_TRUE(std::any_of(encodings().begin(), encodings().end(),
                              [&](const Encoding& e) { return e.mnemonic == *canonical && e.on(t); }))
          << t.name << " " << m;
    }
  }
}

}  // namespace
}  // namespace gpuatom::amd::isa
