// `alu nvidia`'s reading of an atomic spelled alone (nvidia/spelled_atomic.hpp): the instruction,
// the architecture, the op and size, one lane on its operands, and the messages each refusal gives.
#include "gpuatom/nvidia/spelled_atomic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "common/nvidia_instruction_spellings.hpp"
#include "common/refusal.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {
namespace {

using gpuatom::testing::refusal;

TEST(SpelledAtomic, MnemonicFromTheSpellingOrInstOrAtom) {
  const SpelledAtomic atoms = read_spelled_atomic("ATOMS.CAS.64", "", "", false);
  EXPECT_EQ(atoms.mnemonic, "ATOMS");
  EXPECT_EQ(atoms.op_size, "CAS.64");
  EXPECT_FALSE(atoms.architecture);
  EXPECT_EQ(read_spelled_atomic("ADD.F32.FTZ.RN", "", "", false).mnemonic, "ATOM");
  const SpelledAtomic red = read_spelled_atomic("ADD", "RED", "", false);
  EXPECT_EQ(red.mnemonic, "RED");
  EXPECT_FALSE(red.kind.returns);
  EXPECT_EQ(read_spelled_atomic("", "", "", true).mnemonic, "ATOM");
}

TEST(SpelledAtomic, RefusalsSayWhatIsWrong) {
  EXPECT_EQ(refusal([] { read_spelled_atomic("ATOMS.ADD", "RED", "", false); }),
            "ATOMS.ADD: the instruction is ATOMS, but --inst says RED");
  EXPECT_TRUE(refusal([] { read_spelled_atomic("ADD", "FOO", "", false); }).starts_with("--inst FOO: expected "));
  EXPECT_TRUE(refusal([] {
                read_spelled_atomic("ADD", "", "sm_51", false);
              }).starts_with("--arch sm_51: expected one of sm_50"));
  EXPECT_EQ(refusal([] { read_spelled_atomic("ADD", "", "sm_90", false); }), "");
}

TEST(SpelledAtomic, AnSm70ArchitectureReadsTheModernTable) {
  const SpelledAtomic sm90 = read_spelled_atomic("ADD", "", "sm_90", false);
  EXPECT_EQ(sm90.architecture, Architecture::sm_90);
  EXPECT_EQ(sm90.kind.dialect, Dialect::modern);
  EXPECT_EQ(read_spelled_atomic("ADD", "", "sm_52", false).kind.dialect, Dialect::spa5);
}

TEST(SpelledAtomic, OpAndSizeCheckedForTheArchitecture) {
  const OpSize add = read_op_size(read_spelled_atomic("ATOM.E.ADD.F32.FTZ.RN", "", "", false));
  EXPECT_EQ(add.op, AtomOp::ADD);
  EXPECT_EQ(refusal([] { read_op_size(read_spelled_atomic("ATOMG.ADD", "", "sm_52", false)); }),
            "--arch sm_52: ATOMG is an sm_70+ spelling (SPA 5.0 says ATOM or RED)");
  EXPECT_TRUE(refusal([] {
                read_op_size(read_spelled_atomic("ATOM.EXCH.128", "", "sm_80", false));
              }).starts_with("--arch sm_80: "));
  EXPECT_EQ(refusal([] { read_op_size(read_spelled_atomic("ATOM.EXCH.128", "", "sm_90", false)); }), "");
}

TEST(SpelledAtomic, ListedOpSizesAreTheLegalOnes) {
  const std::vector<std::string> atom = legal_op_sizes(read_spelled_atomic("", "", "", true).kind);
  ASSERT_FALSE(atom.empty());
  EXPECT_NE(std::find(atom.begin(), atom.end(), "CAS"), atom.end());
  for (const std::string& op_size : atom) {
    SpelledAtomic spelled = read_spelled_atomic("", "", "", true);
    spelled.op_size = op_size;
    EXPECT_EQ(refusal([&] { read_op_size(spelled); }), "") << op_size;
  }
}

// One lane computed on --old, --src and --swap.
alu::LaneResult lane(const char* spelling, const char* inst, SpelledOperands operands, const char* arch = "") {
  const SpelledAtomic atomic = read_spelled_atomic(spelling, inst, arch, false);
  return compute_lane(atomic, read_op_size(atomic), {}, operands);
}

TEST(SpelledAtomic, CasComparesWithRbAndStoresRc) {
  const alu::LaneResult swapped = lane("CAS.64", "", {"0x5", "0x5", "0x9"});
  EXPECT_EQ(swapped.memory.lo, 9u);
  ASSERT_TRUE(swapped.returned);
  EXPECT_EQ(swapped.returned->lo, 5u);
  EXPECT_EQ(lane("CAS", "", {"0x5", "0x6", "0x9"}).memory.lo, 5u);
  EXPECT_EQ(refusal([] {
              lane("CAS", "", {"1", "1", {}});
            }),
            "missing --swap: CAS stores the Rc value (docs/spec/nvidia.md §3.1)");
  EXPECT_EQ(refusal([] {
              lane("ADD", "", {"1", "1", "2"});
            }),
            "--swap is not an operand here: only CAS takes a swap value (Rc)");
  EXPECT_EQ(refusal([] { lane("ADD", "", {"1", {}, {}}); }), "missing --src: the Rb operand (the comparand for CAS)");
}

TEST(SpelledAtomic, AVectorAppliesToEach32BitElement) {
  // (1 + 1, 2 + 2) as f32, element 0 lowest.
  const alu::LaneResult x2 = lane("ADD.F32x2.FTZ.RN", "ATOMG", {"0x3f80000040000000", "0x3f80000040000000", {}});
  EXPECT_EQ(x2.memory.lo, 0x4000000040800000u);
  ASSERT_TRUE(x2.returned);
  EXPECT_EQ(x2.returned->lo, 0x3f80000040000000u);
}

TEST(SpelledAtomic, RedReturnsNothingAndAFloatFormNotesItsArchitectures) {
  EXPECT_FALSE(lane("ADD", "RED", {"1", "2", {}}).returned);
  const char* note = "the same on every architecture that has this form (--arch checks that one does)";
  EXPECT_EQ(lane("ADD.F32.FTZ.RN", "", {"0", "0", {}}).notes, std::vector<std::string>{note});
  EXPECT_TRUE(lane("ADD.F32.FTZ.RN", "", {"0", "0", {}}, "sm_90").notes.empty());
  EXPECT_TRUE(lane("ADD", "", {"0", "0", {}}).notes.empty());
}

TEST(SpelledAtomic, SafeaddRefusesUnlessTheModelIsAskedFor) {
  const SpelledAtomic atomic = read_spelled_atomic("SAFEADD.64", "", "", false);
  EXPECT_NE(refusal([&] { compute_lane(atomic, read_op_size(atomic), {}, {"1", "2", {}}); }), "");
  SemanticsOptions model;
  model.safeadd_model = true;
  EXPECT_EQ(compute_lane(atomic, read_op_size(atomic), model, {"1", "2", {}}).memory.lo, 3u);
}

// Every op × size of every NVIDIA instruction, as `alu nvidia OP.SIZE --inst I` reads it: legal
// ones compute, the others refuse naming why (tests/cli/alu_command_test.cpp runs one of each
// kind through the command itself).
TEST(SpelledAtomic, EveryCombinationComputesOrRefusesWithItsRule) {
  const std::pair<const char*, std::pair<Family, Dialect>> instructions[] = {
      {"ATOM", {Family::ATOM, Dialect::spa5}},   {"ATOMS", {Family::ATOMS, Dialect::spa5}},
      {"RED", {Family::RED, Dialect::spa5}},     {"SUATOM", {Family::SUATOM, Dialect::spa5}},
      {"SURED", {Family::SURED, Dialect::spa5}}, {"ATOMG", {Family::ATOM, Dialect::modern}},
      {"REDG", {Family::RED, Dialect::modern}}};
  SemanticsOptions safeadd;
  safeadd.safeadd_model = true;
  int computed = 0;
  for (const auto& [inst, family_dialect] : instructions)
    for (const OpInfo& o : op_table())
      for (const SizeInfo& s : size_table()) {
        const bool is_cas = o.op == AtomOp::CAS || o.op == AtomOp::CAST || o.op == AtomOp::CAST_SPIN;
        const std::string spelling = std::string(o.name) + std::string(s.spelling);
        const SpelledOperands operands{"0", "0", is_cas ? std::optional<std::string>("0") : std::nullopt};
        const auto& instruction = inst;  // clang-14 (the sanitizer build) captures no structured binding
        const std::string why = refusal([&] {
          const SpelledAtomic atomic = read_spelled_atomic(spelling, instruction, "", false);
          compute_lane(atomic, read_op_size(atomic), safeadd, operands);
        });
        const std::string what = std::string(inst) + " " + spelling + ": " + why;
        const bool is_legal = legal(family_dialect.first, family_dialect.second, o.op, s.size);
        if (is_legal && !o.executable) {
          // ARRIVE / POPC.INC: legal spellings without defined semantics (spec §10.3).
          EXPECT_NE(why.find("no defined semantics"), std::string::npos) << what;
        } else if (is_legal && std::holds_alternative<std::string>(to_alu(o.op, s.size, safeadd))) {
          // Hopper's f32 sizes without .FTZ: legal spellings whose semantics nothing measured yet.
          EXPECT_NE(why.find("does not execute"), std::string::npos) << what;
        } else if (is_legal) {
          ++computed;
          EXPECT_EQ(why, "") << what;
        } else {
          EXPECT_TRUE(why.find("legality") != std::string::npos || why.find("illegal") != std::string::npos) << what;
        }
      }
  EXPECT_GT(computed, 150);
}

// Every legal OP.SIZE of every instruction spelled as the disassembler prints it (the mnemonic, the
// modifiers that do not change the arithmetic: .E, surface modes, strength and scope; then op and
// size) computes what the short spelling with --inst computes, or both refuse.
TEST(SpelledAtomic, TheInstructionsOwnSpellingComputesAsTheShortOne) {
  size_t compared = 0;
  for (const gpuatom::testing::InstructionSpelling& inst : gpuatom::testing::nvidia_instruction_spellings()) {
    const std::vector<std::string> op_sizes = legal_op_sizes(read_spelled_atomic("", inst.name, "", true).kind);
    ASSERT_GT(op_sizes.size(), 20u) << inst.name;
    for (const std::string& op_size : op_sizes) {
      if (op_size.starts_with("SAFEADD")) continue;  // refuses to execute without the model
      const bool cas = op_size.starts_with("CAS");   // CAS, CAST, CAST.SPIN
      const SpelledOperands operands{"0x1", "0x2", cas ? std::optional<std::string>("0x3") : std::nullopt};
      const auto lane_json = [&](const std::string& spelling, const std::string& mnemonic, std::string& json) {
        return refusal([&] {
          const SpelledAtomic atomic = read_spelled_atomic(spelling, mnemonic, "", false);
          json = alu::lane_json(compute_lane(atomic, read_op_size(atomic), {}, operands));
        });
      };
      std::string short_json, full_json;
      const std::string short_why = lane_json(op_size, inst.name, short_json);
      const std::string full_why = lane_json(inst.name + inst.before + "." + op_size + inst.after, "", full_json);
      EXPECT_EQ(full_why.empty(), short_why.empty()) << inst.name << " " << op_size << ": " << full_why;
      if (!short_why.empty()) continue;  // a form that parses but does not execute says so both ways
      EXPECT_EQ(full_json, short_json) << inst.name << " " << op_size;
      ++compared;
    }
  }
  EXPECT_GT(compared, 200u);
}

}  // namespace
}  // namespace gpuatom::nvidia
