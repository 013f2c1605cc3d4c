// What `asm|check|disasm visa` print, from the library (gpuatom/intel/read_visa.hpp): the check
// summary, the encoded listing, and decoding with validation of bytes, round trip included.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "gpuatom/intel/read_visa.hpp"
#include "gpuatom/intel/text/printer.hpp"
#include "gpuatom/support/hex_text.hpp"

namespace gpuatom::intel {
namespace {

const std::string examples_path = std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/intel/spec_examples.visaasm";

Module spec_module(support::Diagnostics& d) {
  std::ifstream in(examples_path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse_visa(text.str(), examples_path, {}, d);
}

TEST(ReadVisaOutput, CheckSummaryCountsInstructionsAndDiagnostics) {
  support::Diagnostics d;
  const Module m = spec_module(d);
  ASSERT_FALSE(d.has_errors()) << d.format_all();
  const size_t n = m.instructions.size();
  ASSERT_GT(n, 1u);
  EXPECT_EQ(check_summary("k.visaasm", m, d),
            "k.visaasm: " + std::to_string(n) + " instructions, 0 errors, " +
                std::to_string(d.count(support::Severity::warning)) +
                (d.count(support::Severity::warning) == 1 ? " warning\n" : " warnings\n"));
  support::Diagnostics one_error;
  one_error.error({"k", 1, 1, std::nullopt}, "bad");
  Module single;
  single.instructions.push_back(m.instructions.front());
  EXPECT_EQ(check_summary("k", single, one_error), "k: 1 instruction, 1 error, 0 warnings\n");
}

TEST(ReadVisaOutput, EncodedListingDecodesBackToTheSameText) {
  support::Diagnostics d;
  const Module m = spec_module(d);
  const std::string listing = encoded_listing(m);
  std::istringstream lines(listing);
  size_t count = 0;
  std::string all_bytes;
  for (std::string line; std::getline(lines, line); ++count) {
    const size_t comment = line.find("  // ");
    ASSERT_NE(comment, std::string::npos) << line;
    EXPECT_EQ(line.substr(0, comment), support::hex_bytes(encoded(m.instructions[count])));
    all_bytes += line.substr(0, comment) + " ";
  }
  EXPECT_EQ(count, m.instructions.size());
  support::Diagnostics decoding;
  const std::vector<uint8_t> bytes = support::parse_hex(all_bytes, "listing", decoding);
  const std::vector<Instruction> decoded = decode_visa(bytes, "listing", false, decoding);
  ASSERT_EQ(decoded.size(), m.instructions.size()) << decoding.format_all();
  for (size_t i = 0; i < decoded.size(); ++i)
    EXPECT_EQ(print_instruction(decoded[i], &m.declarations), print_instruction(m.instructions[i], &m.declarations));
}

TEST(ReadVisaOutput, DecodedWithoutDeclarationsNotesWhatGoesUnchecked) {
  support::Diagnostics d;
  const Module m = spec_module(d);
  support::Diagnostics decoding;
  const std::vector<Instruction> decoded = decode_visa(encoded(m.instructions.front()), "b.bin", false, decoding);
  ASSERT_EQ(decoded.size(), 1u);
  validate_decoded(decoded, "b.bin", nullptr, {}, decoding);
  ASSERT_FALSE(decoding.all().empty());
  EXPECT_EQ(decoding.all().front().severity, support::Severity::note);
  EXPECT_EQ(decoding.all().front().message.rfind("no declarations (--decls FILE)", 0), 0u);
  support::Diagnostics already_bad;
  already_bad.error({"b", 0, 0, 0}, "bad byte");
  EXPECT_TRUE(decode_visa(encoded(m.instructions.front()), "b.bin", false, already_bad).empty());
}

}  // namespace
}  // namespace gpuatom::intel
