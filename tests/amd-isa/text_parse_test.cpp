// parse() and print() on hand-picked lines: diagnostics at line:column with the reasons llvm-mc 19
// gives (or the §3 refusals where it would silently change the program), comments, case, aliases,
// row choice (docs/spec/amd-isa.md §10).
#include <gtest/gtest.h>

#include <set>

#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa {
namespace {

const Target& target(std::string_view name) {
  const Target* t = find_target(name);
  EXPECT_NE(t, nullptr) << name;
  return *t;
}

// The one instruction of `line`, printed; or the first diagnostic, formatted.
std::string round(std::string_view line, std::string_view target_name) {
  const Program p = parse(line, target(target_name));
  if (!p.diagnostics.empty()) return format(p.diagnostics[0]);
  if (p.instructions.size() != 1) return std::to_string(p.instructions.size()) + " instructions";
  return print(p.instructions[0], target(target_name));
}

std::string record(std::string_view line, std::string_view target_name) {
  const Program p = parse(line, target(target_name));
  return p.instructions.size() == 1 ? std::string(p.instructions[0].encoding->record) : "";
}

TEST(AmdText, PrintsCanonicalFormsPerFamily) {
  EXPECT_EQ(round("global_atomic_add v0, v[2:3], v1, off glc", "gfx90a"), "global_atomic_add v0, v[2:3], v1, off glc");
  EXPECT_EQ(round("global_atomic_add_f32 v0, v[2:3], v1, off sc0 nt sc1", "gfx942"),
            "global_atomic_add_f32 v0, v[2:3], v1, off sc0 nt sc1");
  EXPECT_EQ(round("buffer_atomic_add v1, off, s[4:7], 0.5 offset:4095 glc slc dlc", "gfx1100"),
            "buffer_atomic_add_u32 v1, off, s[4:7], 0.5 offset:4095 glc slc dlc");
  EXPECT_EQ(round("global_atomic_add_u32 v0, v[2:3], v1, off scope:SCOPE_SYS th:TH_ATOMIC_RETURN", "gfx1200"),
            "global_atomic_add_u32 v0, v[2:3], v1, off th:TH_ATOMIC_RETURN scope:SCOPE_SYS");
  EXPECT_EQ(round("ds_add_rtn_u32 v1, v2, v3 offset:65535", "gfx90a"), "ds_add_rtn_u32 v1, v2, v3 offset:65535");
  EXPECT_EQ(round("s_atomic_add s5, s[2:3], -1 glc", "gfx90a"), "s_atomic_add s5, s[2:3], -0x1 glc");
  EXPECT_EQ(round("image_atomic_add v1, v[2:3], s[8:15] dmask:0x1 dim:2D unorm", "gfx1030"),
            "image_atomic_add v1, v[2:3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm");
}

TEST(AmdText, OffsetsPrintSignedWhereTheClassIs) {
  EXPECT_EQ(round("global_atomic_add v[2:3], v1, off offset:-4096", "gfx90a"),
            "global_atomic_add v[2:3], v1, off offset:-4096");
  EXPECT_EQ(round("buffer_atomic_add_u32 v1, off, s[4:7], s1 offset:-8", "gfx1200"),
            "buffer_atomic_add_u32 v1, off, s[4:7], s1 offset:-8");
  EXPECT_EQ(round("global_atomic_add v[2:3], v1, off offset:0", "gfx90a"), "global_atomic_add v[2:3], v1, off");
}

TEST(AmdText, ChoosesTheRowAsLlvmsMatcher) {
  EXPECT_EQ(record("buffer_atomic_add v1, v2, s[4:7], s5 offen glc", "gfx90a"), "BUFFER_ATOMIC_ADD_OFFEN_RTN_gfx90a");
  EXPECT_EQ(record("buffer_atomic_add v1, v2, s[4:7], s5 idxen", "gfx90a"), "BUFFER_ATOMIC_ADD_IDXEN_gfx90a");
  EXPECT_EQ(record("buffer_atomic_add v1, v[2:3], s[4:7], s5 idxen offen", "gfx90a"),
            "BUFFER_ATOMIC_ADD_BOTHEN_gfx90a");
  EXPECT_EQ(record("global_atomic_add v0, v2, v1, s[4:5] glc", "gfx90a"), "GLOBAL_ATOMIC_ADD_SADDR_RTN_vi");
  EXPECT_EQ(record("buffer_atomic_add_u32 v1, off, s[4:7], s5 th:TH_ATOMIC_RETURN", "gfx1200"),
            "BUFFER_ATOMIC_ADD_VBUFFER_OFFSET_RTN_gfx12");
  EXPECT_EQ(record("s_atomic_add s5, s[2:3], s4", "gfx90a"), "S_ATOMIC_ADD_SGPR_vi");
  EXPECT_EQ(record("s_atomic_add s5, s[2:3], s4 offset:0x10", "gfx90a"), "S_ATOMIC_ADD_SGPR_IMM_gfx9");
}

TEST(AmdText, CommentsBlankLinesCaseAndAliases) {
  const Program p = parse(
      "; a comment\n\n  GLOBAL_ATOMIC_ADD v0, v[2:3], v1, off glc // why\nbuffer_atomic_add v1, off, s[4:7], 0 ; x\n",
      target("gfx1100"));
  ASSERT_TRUE(p.diagnostics.empty()) << format(p.diagnostics[0]);
  ASSERT_EQ(p.instructions.size(), 2u);
  EXPECT_EQ(p.instructions[0].line, 3u);
  EXPECT_EQ(p.instructions[0].column, 3u);
  EXPECT_EQ(p.instructions[0].mnemonic(), "global_atomic_add_u32");
  EXPECT_EQ(p.instructions[0].spelling, "global_atomic_add");
  EXPECT_EQ(p.instructions[1].mnemonic(), "buffer_atomic_add_u32");
}

TEST(AmdText, RefusesWithLineAndColumn) {
  const Program p =
      parse("global_atomic_add v0, v[2:3], v1, off glc\nglobal_atomic_add v0, v[2:3], v1, off glc offset:16\n",
            target("gfx90a"));
  ASSERT_EQ(p.instructions.size(), 1u);
  ASSERT_EQ(p.diagnostics.size(), 1u);
  EXPECT_EQ(p.diagnostics[0].where.line, 2u);
  EXPECT_EQ(p.diagnostics[0].where.column, 43u);  // llvm-mc: "not a valid operand" at the offset
}

TEST(AmdText, NamesTheFirstTargetWithAMnemonic) {
  const std::string message = round("global_atomic_pk_add_bf16 v0, v[2:3], v1, off", "gfx90a");
  EXPECT_NE(message.find("gfx940 has it"), std::string::npos) << message;
  EXPECT_NE(round("global_atomic_frobnicate v0, v[2:3], v1, off", "gfx90a").find("unknown AMD atomic"),
            std::string::npos);
}

TEST(AmdText, RefusesWhatLlvmMcRefuses) {
  for (const auto& [line, target_name, expected] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"global_atomic_add v0, v[2:3], v1, off", "gfx90a", "must use glc"},
           {"global_atomic_add v[2:3], v1, off glc", "gfx90a", "must not use glc"},
           {"global_atomic_add v[2:3], v1, off sc0", "gfx942", "must not use sc0"},
           {"global_atomic_add v0, v[3:4], v1, off glc", "gfx90a", "alignment"},
           {"global_atomic_add a0, v[2:3], v1, off glc", "gfx90a", "all VGPRs or all AGPRs"},
           {"global_atomic_add v0, v[2:3], a1, off glc", "gfx1030", "AGPRs are not supported"},
           {"global_atomic_add v[2:3], v1, off dlc", "gfx90a", "dlc"},
           {"global_atomic_add v[2:3], v1, off scc", "gfx1030", "scc"},
           {"global_atomic_add v[2:3], v1, off offset:4096", "gfx90a", "13-bit signed"},
           {"flat_atomic_add v[2:3], v1 offset:-1", "gfx90a", "12-bit unsigned"},
           {"ds_add_u32 v1, v2 gds", "gfx90a", "gds"},
           {"buffer_atomic_add v1, off, s[4:7], 65", "gfx90a", "inline constant"},
           {"buffer_atomic_add v1, off, s[5:8], s1", "gfx90a", "alignment"},
           {"buffer_atomic_add v1, off, s[4:7], null", "gfx90a", "'null'"},
           {"global_atomic_add_u32 v0, v[2:3], v1, off th:TH_LOAD_NT", "gfx1200", "invalid th value"},
           {"global_atomic_add_u32 v0, v[2:3], v1, off th:TH_ATOMIC_NT_RETURN scope:SCOPE_SYS", "gfx1200",
            "scope and th"},
           {"image_atomic_add v[2:3], v2, s[8:15] dmask:0x1 unorm", "gfx90a", "data size"},
           {"image_atomic_add v1, v2, s[8:15] dmask:0x2 unorm", "gfx90a", "dmask"},
           {"image_atomic_add v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm", "gfx1030", "address size"},
           {"global_atomic_add v0, v[2:3], v1, off glc glc", "gfx90a", "duplicate"},
       }) {
    const std::string message = round(line, target_name);
    EXPECT_NE(message.find(expected), std::string::npos) << line << " on " << target_name << ": " << message;
    EXPECT_NE(message.find("error:"), std::string::npos) << line;
  }
}

// docs/spec/amd-isa.md §3: llvm-mc accepts these and its bytes say something else; gpuatom refuses.
TEST(AmdText, RefusesWhatLlvmMcWouldSilentlyChange) {
  for (const auto& [line, target_name] : std::vector<std::pair<std::string, std::string>>{
           {"buffer_atomic_add v1, off, s[4:7], s1 offset:4096", "gfx90a"},
           {"buffer_atomic_add v1, off, s[4:7], s1 offset:65535", "gfx1100"},
           {"global_atomic_add_f32 v[2:3], v1, off scc", "gfx90a"},
           {"buffer_atomic_add v1, off, s[4:7], s1 dlc", "gfx1030"},
           {"global_atomic_add_f32 v[2:3], v5, off th:TH_ATOMIC_RETURN", "gfx1200"},
           {"global_atomic_add v2, v5, null", "gfx1030"},
       }) {
    const Program p = parse(line, target(target_name));
    ASSERT_FALSE(p.diagnostics.empty()) << line;
    EXPECT_EQ(p.diagnostics[0].rule, "docs/spec/amd-isa.md §3") << line << ": " << format(p.diagnostics[0]);
    EXPECT_TRUE(p.instructions.empty()) << line;
  }
  // Cascade below device scope is kept, with a warning: llvm-mc prints it in a form it cannot read.
  const Program p = parse("global_atomic_add_u32 v[2:3], v5, off th:TH_ATOMIC_CASCADE_RT", target("gfx1200"));
  ASSERT_EQ(p.instructions.size(), 1u);
  ASSERT_EQ(p.diagnostics.size(), 1u);
  EXPECT_EQ(p.diagnostics[0].severity, support::Severity::warning);
  EXPECT_EQ(print(p.instructions[0], target("gfx1200")), "global_atomic_add_u32 v[2:3], v5, off th:TH_ATOMIC_0x4");
}

TEST(AmdText, BadInputNeverCrashes) {
  for (std::string_view text :
       {"", "\n\n", ";", "global_atomic_add", "global_atomic_add v[", "global_atomic_add v[3:2], v1, off",
        "global_atomic_add v0, v[2:3], v1, off offset:", "image_atomic_add v1, [v2, v3", "s_atomic_add s5, s[2:3], 0x",
        "buffer_atomic_add v1, off, s[4:7], 1e999", "global_atomic_add v99999999999, v[2:3], v1, off"}) {
    const Program p = parse(text, target("gfx1030"));
    for (const auto& i : p.instructions) EXPECT_FALSE(print(i, target("gfx1030")).empty());
  }
}

}  // namespace
}  // namespace gpuatom::amd::isa

namespace gpuatom::amd::isa {
namespace {

// The parser picks a row by template, operand classes and returning-ness; no two rows the
// assembler reads may share all three on one target, or the choice would be arbitrary.
TEST(AmdText, ParsableRowsAreDistinctPerTarget) {
  for (const Target& t : targets()) {
    std::set<std::string> seen;
    for (const Encoding& e : encodings()) {
      if (!e.on(t) || e.decoder_only) continue;
      std::string key(e.mnemonic);
      key.append("|").append(e.syntax).append(e.returns ? "|r" : "|n");
      for (const OperandSlot& s : e.operands) key.append("|").append(s.operand_class);
      EXPECT_TRUE(seen.insert(key).second) << t.name << ": " << e.record << " duplicates another row";
    }
  }
}

}  // namespace
}  // namespace gpuatom::amd::isa

namespace gpuatom::amd::isa {
namespace {

int64_t soffset_of(std::string_view line, std::string_view target_name) {
  const Program p = parse(line, *find_target(target_name));
  return p.instructions.size() == 1 ? *p.instructions[0].value("soffset") : -1;
}

// m0 and null swap codes between GFX10 and GFX11 (LLVM's SIRegisterInfo.td); the binary side
// encodes these values as they are.
TEST(AmdText, M0AndNullCodesPerGeneration) {
  EXPECT_EQ(soffset_of("buffer_atomic_add v1, off, s[4:7], m0", "gfx90a"), 124);
  EXPECT_EQ(soffset_of("buffer_atomic_add v1, off, s[4:7], m0", "gfx1030"), 124);
  EXPECT_EQ(soffset_of("buffer_atomic_add v1, off, s[4:7], null", "gfx1030"), 125);
  EXPECT_EQ(soffset_of("buffer_atomic_add_u32 v1, off, s[4:7], m0", "gfx1100"), 125);
  EXPECT_EQ(soffset_of("buffer_atomic_add_u32 v1, off, s[4:7], null", "gfx1100"), 124);
  EXPECT_EQ(soffset_of("buffer_atomic_add v1, off, s[4:7], src_shared_base", "gfx90a"), 235);
  EXPECT_EQ(soffset_of("buffer_atomic_add v1, off, s[4:7], shared_base", "gfx90a"), 235);
}

// What the decoder may hand the printer that no text reads: llvm-mc's disassembler comments.
TEST(AmdText, PrintsInvalidOperandsAsLlvmMcsDisassembler) {
  const Target& gfx90a = *find_target("gfx90a");
  Program p = parse("buffer_atomic_add v1, off, s[4:7], s2", gfx90a);
  ASSERT_EQ(p.instructions.size(), 1u);
  Instruction inst = p.instructions[0];
  const auto set = [&](std::string_view name, int64_t v) {
    for (size_t i = 0; i < inst.encoding->operands.size(); ++i)
      if (inst.encoding->operands[i].name == name) inst.values[i] = v;
  };
  set("srsrc", 104);
  set("soffset", 254);
  EXPECT_EQ(print(inst, gfx90a),
            "buffer_atomic_add v1, off, xnack_mask/*Invalid register, operand has 'SReg_128' register class*/, "
            "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/");
  set("srsrc", 100);
  set("soffset", 125);
  EXPECT_EQ(print(inst, gfx90a), "buffer_atomic_add v1, off, s[100:103], null");
}

}  // namespace
}  // namespace gpuatom::amd::isa
