// The JSON lines of asm, disasm and check (gpuatom/report/json_lines.hpp): keys in the documented
// order, null where a value is absent, invalid UTF-8 replaced rather than thrown.
#include "gpuatom/report/json_lines.hpp"

#include <gtest/gtest.h>

using namespace gpuatom;

TEST(JsonLines, InstructionWithAndWithoutWords) {
  EXPECT_EQ(report::json_instruction("a.sass", 3, "ATOM.E.ADD R0, [R2], R4 ;"),
            "{\"kind\":\"instruction\",\"file\":\"a.sass\",\"line\":3,\"text\":\"ATOM.E.ADD R0, [R2], R4 ;\","
            "\"word\":null,\"word_high\":null}\n");
  EXPECT_EQ(report::json_instruction("k.cubin", 0, "X", 0x1234, 0xabc, report::CodePlace{"kern", 16}),
            "{\"kind\":\"instruction\",\"file\":\"k.cubin\",\"line\":0,\"text\":\"X\",\"word\":\"0x0000000000001234\","
            "\"word_high\":\"0x0000000000000abc\",\"kernel\":\"kern\",\"address\":16}\n");
}

TEST(JsonLines, InvalidUtf8BecomesReplacementCharacter) {
  EXPECT_EQ(report::json_instruction("-", 1, "a\xff"),
            "{\"kind\":\"instruction\",\"file\":\"-\",\"line\":1,\"text\":\"a\xef\xbf\xbd\",\"word\":null,"
            "\"word_high\":null}\n");
}

TEST(JsonLines, DiagnosticsAndSummary) {
  support::Diagnostics d;
  d.error({"x.sass", 2, 5, std::nullopt}, "bad operand", "rule-1");
  d.warning({"x.bin", 0, 0, 8}, "odd");
  EXPECT_EQ(report::json_diagnostics(d),
            "{\"kind\":\"diagnostic\",\"severity\":\"error\",\"file\":\"x.sass\",\"line\":2,\"column\":5,"
            "\"offset\":null,\"message\":\"bad operand\",\"rule\":\"rule-1\"}\n"
            "{\"kind\":\"diagnostic\",\"severity\":\"warning\",\"file\":\"x.bin\",\"line\":0,\"column\":0,"
            "\"offset\":8,\"message\":\"odd\",\"rule\":null}\n");
  EXPECT_EQ(report::json_summary("x.sass", 4, d),
            "{\"kind\":\"summary\",\"file\":\"x.sass\",\"instructions\":4,\"errors\":1,\"warnings\":1}\n");
  EXPECT_EQ(report::json_diagnostics(support::Diagnostics()), "");
}
