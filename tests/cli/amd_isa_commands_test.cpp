// `gpuatom asm|check|disasm amd` as a compiler engineer uses them (docs/spec/amd-isa.md §2): text in,
// llvm-mc's text and bytes out; bytes and code objects in, atomics listed; bad input named, exit 2.
#include <gtest/gtest.h>

#include <string>

#include "cli/run_cli.hpp"

namespace {

std::string code_objects() { return std::string(GPUATOM_SOURCE_DIR) + "/tests/amd-isa/data/code-objects"; }

TEST(AmdIsaCommands, AsmPrintsAsLlvmMcAndEncodesItsBytes) {
  const CliRun r = run_gpuatom_command("echo 'global_atomic_add_f32  v1,v0,  s[0:1] ; the histogram' | " GPUATOM_CLI
                                       " asm amd - --target MI300X --encode");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  // As llvm-objdump listed clang-19's code object: DD348000 00000001.
  EXPECT_EQ(r.out, "global_atomic_add_f32 v1, v0, s[0:1] ; encoding: [0x00,0x80,0x34,0xdd,0x01,0x00,0x00,0x00]\n");
  const CliRun plain =
      run_gpuatom_command("echo 'GLOBAL_ATOMIC_ADD_F32 v1, v0, s[0:1]' | " GPUATOM_CLI " asm amd - --target gfx942");
  EXPECT_EQ(plain.exit_code, 0) << plain.out;
  EXPECT_EQ(plain.out, "global_atomic_add_f32 v1, v0, s[0:1]\n");
}

TEST(AmdIsaCommands, AnAtomicTheTargetLacksNamesTheFirstTargetThatHasIt) {
  const CliRun r = run_gpuatom_command("echo 'global_atomic_pk_add_bf16 v1, v0, s[0:1]' | " GPUATOM_CLI
                                       " asm amd - --target gfx90a");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("-:1:1:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("gfx940"), std::string::npos) << r.out;
}

TEST(AmdIsaCommands, CheckSummarisesAndFailsOnErrors) {
  const CliRun ok =
      run_gpuatom_command("printf 'ds_add_u32 v1, v2\\nds_add_rtn_u32 v0, v1, v2 offset:8\\n' | " GPUATOM_CLI
                          " check amd - --target gfx1100");
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("-: 2 instructions for gfx1100, 0 errors, 0 warnings"), std::string::npos) << ok.out;
  const CliRun bad = run_gpuatom_command("printf 'ds_add_u32 v1, v2\\nds_add_u32 v1, v2 offset:65536\\n' | " GPUATOM_CLI
                                         " check amd - --target gfx1100");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("-:2:"), std::string::npos) << bad.out;
}

TEST(AmdIsaCommands, DisasmReadsLlvmMcBytesAndObjdumpDwords) {
  const CliRun bytes = run_gpuatom("disasm amd --target gfx90a 0x00,0x80,0x09,0xdd,0x02,0x01,0x7f,0x00");
  EXPECT_EQ(bytes.exit_code, 0) << bytes.out;
  EXPECT_EQ(bytes.out, "global_atomic_add v0, v[2:3], v1, off glc\n");
  const CliRun dwords = run_gpuatom("disasm amd --target gfx942 DD348000 00000001");
  EXPECT_EQ(dwords.exit_code, 0) << dwords.out;
  EXPECT_EQ(dwords.out, "global_atomic_add_f32 v1, v0, s[0:1]\n");
}

TEST(AmdIsaCommands, DisasmListsACodeObjectsAtomicsByFunctionAndCountsTheRest) {
  const CliRun r = run_gpuatom("disasm amd --file " + code_objects() + "/kernels-gfx942.hsaco");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("histogram:\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("global_atomic_add_f32 v1, v0, s[0:1]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("// 000000001E64: DD348000 00000001"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("; histogram: 1 atomic, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("lds_counter:\n"), std::string::npos) << r.out;
  // The file names its target; another --target is refused rather than misread.
  const CliRun other = run_gpuatom("disasm amd --target gfx1100 --file " + code_objects() + "/kernels-gfx942.hsaco");
  EXPECT_EQ(other.exit_code, 2) << other.out;
  EXPECT_NE(other.out.find("gfx942"), std::string::npos) << other.out;
}

TEST(AmdIsaCommands, BadBytesAndNothingReadAreBadInput) {
  const CliRun token = run_gpuatom("disasm amd --target gfx942 DD34800 00000001");
  EXPECT_EQ(token.exit_code, 2) << token.out;
  EXPECT_NE(token.out.find("'DD34800'"), std::string::npos) << token.out;
  const CliRun no_instruction = run_gpuatom("disasm amd --target gfx942 ff ff ff ff");
  EXPECT_EQ(no_instruction.exit_code, 2) << no_instruction.out;
  EXPECT_NE(no_instruction.out.find("byte 0x0"), std::string::npos) << no_instruction.out;
  const CliRun empty = run_gpuatom_command("printf '; nothing\\n' | " GPUATOM_CLI " asm amd - --target gfx942");
  EXPECT_EQ(empty.exit_code, 2) << empty.out;
  EXPECT_NE(empty.out.find("no instruction read"), std::string::npos) << empty.out;
  const CliRun allowed =
      run_gpuatom_command("printf '; nothing\\n' | " GPUATOM_CLI " asm amd - --target gfx942 --allow-empty");
  EXPECT_EQ(allowed.exit_code, 0) << allowed.out;
  const CliRun target = run_gpuatom_command("echo 'ds_add_u32 v1, v2' | " GPUATOM_CLI " asm amd - --target gfx950");
  EXPECT_EQ(target.exit_code, 2) << target.out;
  EXPECT_NE(target.out.find("gfx90a"), std::string::npos) << target.out;  // the list of targets it knows
}

TEST(AmdIsaCommands, JsonCarriesTextBytesAndPlaces) {
  const CliRun r = run_gpuatom_command("echo 'ds_add_rtn_u32 v0, v1, v2 offset:8' | " GPUATOM_CLI
                                       " asm amd - --target gfx90a --encode --json");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"text\":\"ds_add_rtn_u32 v0, v1, v2 offset:8\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"bytes\":\"08 00 40 D8 01 02 00 00\""), std::string::npos) << r.out;
  const CliRun code = run_gpuatom("disasm amd --json --file " + code_objects() + "/kernels-gfx1100.hsaco");
  ASSERT_EQ(code.exit_code, 0) << code.out;
  EXPECT_NE(code.out.find("\"kernel\":\"histogram\""), std::string::npos) << code.out;
}

}  // namespace
