// `alu nvidia`'s reading of an atomic spelled alone (nvidia/spelled_atomic.hpp): the instruction,
// the architecture, the op and size, one lane on its operands, and the messages each refusal gives.
#include "gpuatom/nvidia/spelled_atomic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

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

}  // namespace
}  // namespace gpuatom::nvidia
