// `alu nvidia`'s reading of an atomic spelled alone (nvidia/spelled_atomic.hpp): the instruction,
// the architecture, the op and size, and the messages each refusal gives.
#include "gpuatom/nvidia/spelled_atomic.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {
namespace {

// The message a step refuses with, or "" when it takes the input.
template <typename Step>
std::string refusal(const Step& step) {
  try {
    step();
  } catch (const support::InputError& e) {
    return e.what();
  }
  return "";
}

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

}  // namespace
}  // namespace gpuatom::nvidia
