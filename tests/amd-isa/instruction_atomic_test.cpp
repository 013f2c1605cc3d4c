// One AMD atomic instruction as the wave computes it (gpuatom/amd/isa/instruction_atomic.hpp):
// its ALU operation and operands, and refusals for what the target does not execute.
#include "gpuatom/amd/isa/instruction_atomic.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;

namespace {
amd::isa::InstructionAtomicArgs args_of(std::string mnemonic, std::string target, std::optional<std::string> old_value,
                                        std::optional<std::string> operand) {
  return {std::move(mnemonic), std::move(target), std::move(old_value), std::move(operand), std::nullopt};
}
}  // namespace

TEST(InstructionAtomic, AddF32OnGfx90aRunsInL2) {
  const auto args = args_of("global_atomic_add_f32", "gfx90a", "1.5", "2.0");
  const amd::isa::InstructionAtomic atomic = amd::isa::instruction_atomic(args);
  EXPECT_EQ(atomic.operation.op, alu::Op::add);
  EXPECT_EQ(atomic.operation.type, alu::Type::f32);
  EXPECT_EQ(atomic.old.lo, 0x3fc00000u);
  EXPECT_EQ(atomic.value.lo, 0x40000000u);
  ASSERT_FALSE(atomic.notes.empty());
  EXPECT_NE(atomic.notes[0].find("in L2"), std::string::npos) << atomic.notes[0];
}

TEST(InstructionAtomic, RefusesUnknownTargetsAndMissingOperands) {
  EXPECT_THROW(amd::isa::instruction_atomic(args_of("global_atomic_add_f32", "gfx1", "0", "0")), support::InputError);
  EXPECT_THROW(amd::isa::instruction_atomic(args_of("global_atomic_add_f32", "gfx90a", "0", std::nullopt)),
               support::InputError);
}
