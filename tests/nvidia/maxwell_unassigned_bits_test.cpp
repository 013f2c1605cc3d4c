// Maxwell/Pascal words with unassigned bits set: nvdisasm 11.8 (`nvdisasm -b SM52 -hex` over a raw
// binary of the words, each behind the control word 0x001f8000fc0007e0; SM50 and SM61 print the
// same, but for the sparse-predicate ATOM, which sm_50 lacks) reads each as if those bits were clear, with no
// complaint. gpuatom reads them alike: the same text, a warning that names the bits, no error (docs/spec/nvidia.md
// §11.2).
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

using gpuatom::nvidia::Architecture;

struct Evidence {
  uint64_t word;
  const char* nvdisasm;  // nvdisasm 11.8's text, its `;` as gpuatom prints it
  const char* bits;      // the warning's bits
};

constexpr Evidence evidence[] = {
    {0xebf9000004070205, "RED.E.ADD [R2], R5 ;", "bits 26–27"},
    {0xebfb000000070205, "RED.E.ADD [R2], R5 ;", "bits 49–50"},
    {0xeb58054008070408, "SURED.D.1D.ADD.IGN [R4], R8, 0x54 ;", "bits 27–32"},
    {0xeb580541f8070408, "SURED.D.1D.ADD.IGN [R4], R8, 0x54 ;", "bits 27–32"},
    {0xee610e0010570200, "ATOM.E.ADD P0, R0, [R2], R5 ;", "bits 28–40"},
    {0xee610ffff0570200, "ATOM.E.ADD P0, R0, [R2], R5 ;", "bits 28–40"},
    {0xeb5004f000070408, "SURED.D.1D.ADD.IGN [R4], R8, R9 ;", "bits 36–38"},
    {0xeb51848000070408, "SURED.D.1D.ADD.IGN [R4], R8, R9 ;", "bits 47–48"},
};

TEST(MaxwellUnassignedBits, ReadAsNvdisasm118ReadsThemWithAWarning) {
  for (const Architecture arch : {Architecture::sm_50, Architecture::sm_52, Architecture::sm_61})
    for (const Evidence& e : evidence) {
      SCOPED_TRACE(e.nvdisasm);
      if (arch == Architecture::sm_50 && std::string(e.nvdisasm).starts_with("ATOM.E.ADD P0")) continue;
      const auto decoded = gpuatom::nvidia::decode(e.word, {}, arch);
      ASSERT_TRUE(decoded.instruction);
      EXPECT_EQ(gpuatom::nvidia::print(*decoded.instruction), e.nvdisasm);
      EXPECT_FALSE(decoded.diagnostics.has_errors()) << decoded.diagnostics.format_all();
      EXPECT_NE(decoded.diagnostics.format_all().find(std::string(e.bits) + " are unassigned"), std::string::npos)
          << decoded.diagnostics.format_all();
    }
}

}  // namespace
