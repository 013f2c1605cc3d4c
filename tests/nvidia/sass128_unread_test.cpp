// An atomic gpuatom does not read yet (REDAS, PTX red.async, sm_90 on) is reported alike as a
// listing's line and as a word: the word readers take its opcode as an atomic's and refuse it
// with the listing reader's reason, rather than pass over it as another instruction.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/sass128.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Word128;

// ptxas 13.0 for sm_90: red.async…add.u32 [%r8], %r1, [%r9]; nvdisasm 11.8 prints
// "REDAS.ADD [R2.64], R6 ;".
constexpr Word128 redas{0x0000000602007dbe, 0x002fe8000800013f};

TEST(Sass128Unread, RedasWordsAreAtomicsGpuatomRefuses) {
  for (const Architecture arch : {Architecture::sm_90, Architecture::sm_100, Architecture::sm_120}) {
    EXPECT_TRUE(gpuatom::nvidia::has_atomic_opcode(redas, arch)) << name(arch);
    const auto decoded = gpuatom::nvidia::decode128(redas, arch);
    const auto* refused = std::get_if<gpuatom::support::Diagnostic>(&decoded);
    ASSERT_NE(refused, nullptr) << name(arch);
    EXPECT_NE(refused->message.find("REDAS (PTX red.async"), std::string::npos) << refused->message;
    EXPECT_NE(refused->message.find("is an atomic gpuatom does not read yet (opcode 0xdbe)"), std::string::npos);
  }
  // Before Hopper the opcode is no atomic's.
  EXPECT_FALSE(gpuatom::nvidia::has_atomic_opcode(redas, Architecture::sm_89));
}

}  // namespace
