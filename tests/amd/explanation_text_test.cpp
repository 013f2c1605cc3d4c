// The human explanation: case, outcome with its label, path, each rule with reason, quoted source
// and tag, and the switches that differ from the defaults.
#include "amd/model_helpers.hpp"

using namespace amd_test;

TEST(ExplanationText, MI300XFloatAddOnPinnedHostMemoryAtSystemScope) {
  const Explanation e = explain(DeviceId::mi300x, "32 bit float atomicAdd", at(pinned, fine, system_scope, no_pcie));
  EXPECT_EQ(explain_text(e),
            "32 bit float atomicAdd on MI300X · HW atomics · No PCIe atomics · Pinned Host DRAM · Fine-grained · "
            "System scope\n"
            "outcome: ⚠️ Scope Downgrade\n"
            "path:    IF → PCIe\n"
            "rules:\n"
            "  1. P1 MI300-FABRIC\n"
            "     MI300X forwards every atomicRMW to the Infinity Fabric\n"
            "     page: \"All atomicRMW operations are forwarded out to the Infinity Fabric.\"\n"
            "  2. P7 HOST-OVER-PCIE\n"
            "     MI300X is a dGPU: Pinned Host DRAM is reached from the IF over PCIe\n"
            "     page: \"In discrete GPUs (dGPUs), if the data is stored in host memory, the atomic will be forwarded "
            "from the Infinity Fabric to PCIe.\"\n"
            "  3. H5 PCIE-LOAD-OP-STORE\n"
            "     the system has no PCIe atomics; the PCIe controller of MI300X runs a load-op-store that the CPU sees "
            "as non-atomic: downgraded to device scope\n"
            "     page: \"If the PCIe bus does not support the requested atomic, the GPU's PCIe controller changes it "
            "into a load-op-store sequence. … It will seem like atomics to the wave, but the CPU sees it as a "
            "non-atomic load-op-store sequence. This downgrades system-scope atomics to device-scope.\"\n"
            "switches: defaults (docs/spec/amd.md §9)\n");
}

TEST(ExplanationText, TagsAndChangedSwitchesAreShown) {
  // S1 keeps MI100's NoReturn at coarse system scope and says why (AMD's tables).
  const Explanation e = explain(DeviceId::mi100, "32 bit float atomicAdd", at(device_dram, coarse, system_scope));
  EXPECT_EQ(e.outcome, Outcome::no_return);
  const std::string text = explain_text(e);
  EXPECT_NE(text.find("1. P2 COARSE-L2 [DECISION]"), std::string::npos) << text;
  EXPECT_NE(text.find("3. S1 COARSE-SYSTEM-SCOPE [TABLES]"), std::string::npos) << text;
  EXPECT_NE(text.find("switches: defaults (docs/spec/amd.md §9)\n"), std::string::npos) << text;
  const std::string line = explain_line(e);
  EXPECT_TRUE(line.starts_with("✅ NoReturn via L2 — P2 COARSE-L2: ")) << line;
  EXPECT_EQ(line.find('\n'), std::string::npos);
  ModelOptions o;
  set_switch(o, "amd.sub-pcie", "fetchadd");
  const Explanation sub =
      explain(DeviceId::mi200_pcie, "32 bit atomicSub", at(pinned, fine, system_scope, with_pcie), o);
  EXPECT_NE(explain_text(sub).find("H1 NATIVE [PROPOSED; amd.sub-pcie=fetchadd]"), std::string::npos)
      << explain_text(sub);
  EXPECT_NE(explain_text(sub).find("switches: amd.sub-pcie=fetchadd\n"), std::string::npos) << explain_text(sub);
}

// The compiler's CAS loop where the device has no instruction: A1 then C2, C3, and a path.
TEST(ExplanationText, NoInstructionIsTheCompilersCasLoop) {
  const Explanation e = explain(DeviceId::gfx9_apu, "64 bit float atomicMin", at(device_dram, fine, device_scope));
  EXPECT_EQ(e.outcome, Outcome::cas);
  const std::string text = explain_text(e);
  EXPECT_NE(text.find("path:    IF\n"), std::string::npos) << text;
  EXPECT_NE(text.find("A1 NO-HW-INSTRUCTION [TABLES; amd.no-hw-instruction=cas]"), std::string::npos) << text;
  EXPECT_NE(text.find("C3 CAS-REACHES [DECISION]"), std::string::npos) << text;
  ModelOptions na;
  set_switch(na, "amd.no-hw-instruction", "na");
  const Explanation refused =
      explain(DeviceId::gfx9_apu, "64 bit float atomicMin", at(device_dram, fine, device_scope), na);
  EXPECT_EQ(refused.outcome, Outcome::not_applicable);
  EXPECT_NE(explain_text(refused).find("path:    –\n"), std::string::npos);
}
