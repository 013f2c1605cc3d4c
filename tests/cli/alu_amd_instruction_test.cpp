// `gpuatom alu amd MNEMONIC --target …`: a compiler engineer's question answered per target —
// what global_atomic_add_f32 does with a subnormal (docs/spec/amd-isa.md §7), which register of a
// compare-and-swap is compared, what a target lacks.
#include <gtest/gtest.h>

#include <string>

#include "cli/run_cli.hpp"

namespace {

TEST(AluAmdInstruction, L2AddF32FlushesASubnormalAsTheManualsSayAndKeepsItAsLlvmReadsIt) {
  const CliRun manuals = run_gpuatom("alu amd global_atomic_add_f32 --target MI300X --old 1e-40 --operand 0");
  ASSERT_EQ(manuals.exit_code, 0) << manuals.out;
  EXPECT_EQ(manuals.out.rfind("memory=0x00000000 (0) returned=0x000116c2 (1e-40)\n", 0), 0u) << manuals.out;
  EXPECT_NE(manuals.out.find("amd-isa.l2-add-f32-denormals"), std::string::npos) << manuals.out;
  const CliRun llvm =
      run_gpuatom("alu amd global_atomic_add_f32 --target gfx942 --old 1e-40 --operand 0 --l2-add-f32 llvm");
  ASSERT_EQ(llvm.exit_code, 0) << llvm.out;
  EXPECT_EQ(llvm.out.rfind("memory=0x000116c2 (1e-40)", 0), 0u) << llvm.out;
  // LDS follows MODE: kept by default, flushed when asked.
  const CliRun lds = run_gpuatom("alu amd ds_add_rtn_f32 --target gfx942 --old 1e-40 --operand 0");
  EXPECT_EQ(lds.out.rfind("memory=0x000116c2 (1e-40)", 0), 0u) << lds.out;
  const CliRun flushed =
      run_gpuatom("alu amd ds_add_rtn_f32 --target gfx942 --old 1e-40 --operand 0 --lds-denormals flushed");
  EXPECT_EQ(flushed.out.rfind("memory=0x00000000 (0)", 0), 0u) << flushed.out;
}

TEST(AluAmdInstruction, CompareAndSwapTakesTheNewValueAsOperandAndSaysTheRegisterOrder) {
  const CliRun global = run_gpuatom("alu amd global_atomic_cmpswap --target gfx90a --old 5 --operand 9 --compare 5");
  ASSERT_EQ(global.exit_code, 0) << global.out;
  EXPECT_EQ(global.out.rfind("memory=0x00000009 (9) returned=0x00000005 (5)", 0), 0u) << global.out;
  EXPECT_NE(global.out.find("in the order value, compare"), std::string::npos) << global.out;
  const CliRun ds = run_gpuatom("alu amd ds_cmpst_rtn_b32 --target gfx90a --old 5 --operand 9 --compare 4");
  EXPECT_EQ(ds.out.rfind("memory=0x00000005 (5) returned=0x00000005 (5)", 0), 0u) << ds.out;
  EXPECT_NE(ds.out.find("in the order compare, value"), std::string::npos) << ds.out;
  const CliRun clamp = run_gpuatom("alu amd buffer_atomic_csub --target gfx1030 --old 3 --operand 5");
  EXPECT_EQ(clamp.out.rfind("memory=0x00000000 (0) returned=0x00000003 (3)", 0), 0u) << clamp.out;
}

TEST(AluAmdInstruction, WhatTheTargetLacksOrTheInstructionDoesNotTakeIsBadInput) {
  const CliRun lacks = run_gpuatom("alu amd global_atomic_pk_add_bf16 --target gfx90a --old 1 --operand 2");
  EXPECT_EQ(lacks.exit_code, 2) << lacks.out;
  EXPECT_NE(lacks.out.find("gfx940 has it"), std::string::npos) << lacks.out;
  const CliRun stray = run_gpuatom("alu amd global_atomic_add_f32 --target gfx942 --old 1 --operand 2 --compare 3");
  EXPECT_EQ(stray.exit_code, 2) << stray.out;
  const CliRun missing = run_gpuatom("alu amd global_atomic_cmpswap --target gfx942 --old 1 --operand 2");
  EXPECT_EQ(missing.exit_code, 2) << missing.out;
  EXPECT_NE(missing.out.find("--compare"), std::string::npos) << missing.out;
  const CliRun image = run_gpuatom("alu amd image_atomic_add --target gfx1100 --old 1 --operand 2");
  EXPECT_EQ(image.exit_code, 2) << image.out;
  EXPECT_NE(image.out.find("not executed"), std::string::npos) << image.out;
  const CliRun target = run_gpuatom("alu amd global_atomic_add --target gfx950 --old 1 --operand 2");
  EXPECT_EQ(target.exit_code, 2) << target.out;
  const CliRun rule =
      run_gpuatom("alu amd global_atomic_add_f32 --target gfx942 --old 1 --operand 2 --l2-add-f32 maybe");
  EXPECT_EQ(rule.exit_code, 2) << rule.out;
}

}  // namespace
