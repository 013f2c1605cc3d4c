// What `amd lower` says of one HIP atomic (gpuatom/amd/lowering_answer.hpp): the target named, the
// flags spelled as clang takes them, and a report whose first lines name the case and the lowering.
#include "gpuatom/amd/lowering_answer.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

TEST(LoweringAnswer, TargetsByNameOrProduct) {
  EXPECT_EQ(amd::lowering_target_named("gfx942").name, amd::lowering_target_named("MI300X").name);
  EXPECT_THROW(amd::lowering_target_named("gfx1"), support::InputError);
}

TEST(LoweringAnswer, FlagsAsClangTakesThem) {
  EXPECT_EQ(amd::flags_text({}), "none");
  EXPECT_EQ(amd::flags_text({true, true, false}), "-munsafe-fp-atomics -fgpu-flush-denormals-to-zero");
}

TEST(LoweringAnswer, ReportNamesTheCaseAndTheLowering) {
  const amd::LoweringTarget& target = amd::lowering_target_named("gfx942");
  const amd::Device& device = amd::device(amd::target_devices(target).front());
  const amd::HipAtomic atomic{amd::HipOp::add, amd::HipType::i32, amd::HipScope::agent, amd::AddressSpace::global,
                              true};
  const amd::LoweringAnswer answer = amd::lowering_answer(target, device, atomic, {}, amd::Memory::device_dram);
  const std::string text = amd::lowering_text(target, device, {}, answer);
  EXPECT_EQ(text.rfind("gfx942 · add i32 · agent scope · global memory · result returned · flags: none\n"
                       "clang-19 (LLVM 19's rules): ",
                       0),
            0u)
      << text;
  const std::string table = amd::lowering_table(target, device, atomic, {}, {answer});
  EXPECT_NE(table.find("  op       type lowering"), std::string::npos) << table;
}

TEST(LoweringAnswer, DeviceFromTheProductOrTheFlag) {
  const amd::LoweringTarget& gfx942 = amd::lowering_target_named("gfx942");
  EXPECT_EQ(amd::lowering_device(gfx942, "gfx942", "").name, "MI300X");
  EXPECT_EQ(amd::lowering_device(gfx942, "MI300A", "").name, "MI300A");
  EXPECT_EQ(amd::lowering_device(gfx942, "gfx942", "mi300a").name, "MI300A");
  try {
    amd::lowering_device(gfx942, "gfx942", "MI100");
    FAIL();
  } catch (const support::InputError& e) {
    EXPECT_STREQ(e.what(), "--device MI100: not a gfx942 device; gfx942 is \"MI300X\" or \"MI300A\"");
  }
}

TEST(LoweringAnswer, AtomicsAskedOfATarget) {
  amd::HipAtomic base;
  base.scope = amd::HipScope::system;
  const std::vector<amd::HipAtomic> one = amd::hip_atomics(base, false, "max", "f64");
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one.front().op, amd::HipOp::max);
  EXPECT_EQ(one.front().type, amd::HipType::f64);
  EXPECT_EQ(one.front().scope, amd::HipScope::system);
  const std::vector<amd::HipAtomic> all = amd::hip_atomics(base, true, "", "");
  EXPECT_GT(all.size(), 40u);
  for (const amd::HipAtomic& a : all) EXPECT_TRUE(amd::valid(a.op, a.type));
  EXPECT_THROW(amd::hip_atomics(base, false, "and", "f32"), support::InputError);
  EXPECT_THROW(amd::hip_atomics(base, false, "frob", "i32"), support::InputError);
}
