// The results-file reader of `gpuatom verify-hw` (nvidia/hardware_records.hpp), on memory: a
// record read whole, and every way the review found of breaking the old reader, each refused at
// its line and column with a short, printable message.
#include "gpuatom/nvidia/hardware_records.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace gpuatom;
using namespace gpuatom::nvidia::hw;

const std::string single_head =
    R"({"device":"NVIDIA H100 80GB HBM3","sm":"9.0","kind":"single","op":"atomicAdd","type":"u32","space":"global",)";
const std::string single_values =
    R"("old":"0x00000001","operand":"0x00000002","memory":"0x00000003","returned":"0x00000001"})";
const std::string single_record = single_head + single_values;

struct Read {
  std::vector<RecordAt> records;
  support::Diagnostics diagnostics;
  std::vector<std::string> lines() const {
    std::vector<std::string> out;
    for (const auto& d : diagnostics.all()) out.push_back(support::format(d));
    return out;
  }
};

Read read(support::ByteSource& source, const RecordLimits& limits = {}) {
  Read out;
  const std::size_t n = read_hardware_records(
      source, "r.jsonl", out.diagnostics, [&](const RecordAt& at) { out.records.push_back(at); }, limits);
  EXPECT_EQ(n, out.records.size());
  return out;
}

Read read(const std::string& text, const RecordLimits& limits = {}) {
  support::MemorySource source(text);
  return read(source, limits);
}

// The one diagnostic of reading `text`, formatted.
std::string only_error(const std::string& text) {
  const Read r = read(text);
  EXPECT_TRUE(r.records.empty());
  EXPECT_EQ(r.diagnostics.all().size(), 1u);
  return r.diagnostics.all().empty() ? "" : support::format(r.diagnostics.all().front());
}

TEST(HardwareRecords, ReadsSingleAndRacingRecords) {
  const std::string racing =
      R"({"device":"d","sm":"12.1","kind":"racing","op":"atomicCAS","type":"u64","space":"shared","form":"cas-loop",)"
      R"("threads":2,"old":"0x0","memory":"0x2","operands":["0x1","0x2"],"compares":["0x0","0x1"],"returned":["0x0","0x1"],)"
      R"("note":{"any":[1.5,true,null,"x"]}})";
  const Read r = read(single_record + "\n\n  \t\r\n " + racing + "\r\n");
  EXPECT_FALSE(r.diagnostics.has_errors()) << r.lines().front();
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(r.records[0].line, 1u);
  EXPECT_EQ(r.records[0].column, 1u);
  EXPECT_EQ(r.records[0].record.device.name, "NVIDIA H100 80GB HBM3");
  const auto& s = std::get<SingleRecord>(r.records[0].record.record);
  EXPECT_EQ(s.op, CudaOp::add);
  EXPECT_EQ(s.memory.lo, 3u);
  EXPECT_EQ(r.records[1].line, 4u);
  EXPECT_EQ(r.records[1].column, 2u);
  EXPECT_EQ(r.records[1].record.device.sm, "12.1");
  const auto& c = std::get<RacingRecord>(r.records[1].record.record);
  EXPECT_EQ(c.form, RacingForm::cas_loop);
  EXPECT_EQ(c.operands, (std::vector<uint64_t>{1, 2}));
  EXPECT_EQ(c.compares, (std::vector<uint64_t>{0, 1}));
}

TEST(HardwareRecords, ANumberPastADoubleUnderAnIgnoredKeyIsAnErrorAtItsPlace) {
  EXPECT_EQ(only_error(R"({"x":1e400,)" + single_record.substr(1)),
            "r.jsonl:1:6: error: number 1e400 is too large: numbers must fit a double (at most about 1.8e308)");
}

TEST(HardwareRecords, ADuplicateKeyIsAnError) {
  EXPECT_EQ(only_error(R"({"op":"atomicMax",)" + single_record.substr(1)),
            "r.jsonl:1:79: error: duplicate key \"op\" (first at column 2): a key may appear once");
}

TEST(HardwareRecords, WrongTypesAndShapesAreNamedAtTheValue) {
  EXPECT_EQ(only_error(R"({"device":7,)" + single_record.substr(single_record.find("\"sm\""))),
            "r.jsonl:1:11: error: field \"device\": expected a string, found a number");
  const std::string racing_head =
      R"({"device":"d","sm":"9.0","kind":"racing","op":"atomicAdd","type":"u32","space":"global","form":"returned",)";
  const std::string racing_tail = R"(,"old":"0x0","memory":"0x3","operands":["0x1","0x2"],"returned":["0x0","0x1"]})";
  for (const char* threads : {"2.0", "-2", "2e0", "\"2\"", "0", "16777217", "99999999999999999999999"})
    EXPECT_NE(only_error(racing_head + R"("threads":)" + threads + racing_tail)
                  .find(":1:117: error: field \"threads\": expected a lane count from 1 to 16777216"),
              std::string::npos)
        << threads;
  EXPECT_NE(
      only_error(racing_head +
                 R"("threads":2,"old":"0x0","memory":"0x3","operands":["0x1",2],"returned":["0x0","0x1"]})")
          .find("error: field \"operands\"[1]: expected a string \"0x…\" of 1 to 8 hex digits (u32), found a number"),
      std::string::npos);
}

TEST(HardwareRecords, TrailingTextAfterTheRecordIsAnError) {
  EXPECT_EQ(only_error(single_record + " {}"),
            "r.jsonl:1:" + std::to_string(single_record.size() + 2) + ": error: '{' after the end of the JSON value");
}

TEST(HardwareRecords, ControlBytesAreEscapedAndNulDoesNotCutTheMessage) {
  // A raw ESC in a string, a NUL between values, an escaped ESC in a device name.
  const std::string esc = only_error(R"({"x":"a)"
                                     "\x1b"
                                     R"([2J",)" +
                                     single_record.substr(1));
  EXPECT_EQ(esc, "r.jsonl:1:8: error: control character '\\x1b' in a string (JSON writes it as \\u001b)");
  const std::string nul = only_error(std::string(R"({"x":)") + '\0' + "," + single_record.substr(1));
  EXPECT_EQ(nul,
            "r.jsonl:1:6: error: expected a JSON value (a string, number, object, array, true, false or null), "
            "found '\\x00'");
  const std::string device =
      only_error(R"({"device":"\u001b[31m\u0000",)" + single_record.substr(single_record.find("\"sm\"")));
  EXPECT_EQ(device, "r.jsonl:1:11: error: field \"device\": control character '\\x1b' in a device name");
  // A C1 control (U+009B is CSI to some terminals) is refused in a device name too.
  EXPECT_EQ(only_error(R"({"device":"\u009b31m",)" + single_record.substr(single_record.find("\"sm\""))),
            "r.jsonl:1:11: error: field \"device\": control character U+009B in a device name");
  for (const std::string& message : {esc, nul, device})
    EXPECT_TRUE(std::none_of(message.begin(), message.end(), [](char c) { return c == '\x1b' || c == '\0'; }));
}

TEST(HardwareRecords, LongTokensAreQuotedShort) {
  const std::string token(900000, 'Q');  // under the 1 MiB line cap
  const std::string line = single_head.substr(0, single_head.find("atomicAdd")) + token +
                           single_head.substr(single_head.find("atomicAdd") + 9) + single_values;
  const std::string message = only_error(line);
  EXPECT_LT(message.size(), 1024u);
  EXPECT_NE(message.find("field \"op\": '" + std::string(40, 'Q') + "…' is not a CUDA atomic the harness runs"),
            std::string::npos)
      << message;
}

TEST(HardwareRecords, ALineLongerThanTheCapStopsTheFile) {
  const Read r = read(single_record + "\n" + R"({"op":")" + std::string(10000000, 'Q') + "\"}\n" + single_record);
  EXPECT_EQ(r.records.size(), 1u);  // the first line; the third is not read
  EXPECT_EQ(r.lines(),
            std::vector<std::string>{"r.jsonl:2:1: error: line 2 is longer than 1 MiB, the most a record may "
                                     "take (the harness writes lines of at most 64 KiB); the rest of the "
                                     "file is not read"});
}

TEST(HardwareRecords, ManyBadLinesGiveAHundredDiagnosticsAndACount) {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "{\"x\":1e400}\n";
  const Read r = read(text);
  EXPECT_EQ(r.diagnostics.count(support::Severity::error), 10000u);
  const std::vector<std::string> lines = r.lines();
  ASSERT_EQ(lines.size(), support::Diagnostics::max_kept + 1);
  EXPECT_EQ(lines.back(), "r.jsonl:101:6: error: 9900 more diagnostics not shown (at most 100 are listed)");
}

TEST(HardwareRecords, AFileLongerThanTheSizeCapIsAnError) {
  std::string text;
  for (int i = 0; i < 100; ++i) text += single_record + "\n";
  const Read r = read(text, {1 << 20, 10000});
  EXPECT_LT(r.records.size(), 100u);
  ASSERT_TRUE(r.diagnostics.has_errors());
  EXPECT_EQ(r.lines().back(),
            "r.jsonl: byte 0x2710: error: results files may be at most 10000 bytes; the rest of the "
            "file is not read");
}

// Gives the first `good` bytes, then fails: the records before the error are read, and the
// error is reported, not taken for the end of the file.
class FailingAfter final : public support::ByteSource {
 public:
  explicit FailingAfter(std::string good) : good_(std::move(good)) {}
  std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) override {
    if (at_ == good_.size()) return std::string("Input/output error");
    const std::size_t n = std::min(size, good_.size() - at_);
    std::memcpy(buffer, good_.data() + at_, n);
    at_ += n;
    return n;
  }

 private:
  std::string good_;
  std::size_t at_ = 0;
};

TEST(HardwareRecords, AReadErrorPartWayIsAnErrorNotTheEnd) {
  FailingAfter source(single_record + "\n");
  const Read r = read(source);
  EXPECT_EQ(r.records.size(), 1u);
  ASSERT_EQ(r.lines().size(), 1u);
  EXPECT_EQ(r.lines().front(), fmt::format("r.jsonl: byte 0x{:x}", single_record.size() + 1) +
                                   ": error: cannot read the file: Input/output error (a read error after " +
                                   std::to_string(single_record.size() + 1) + " bytes, not its end)");
}

TEST(HardwareRecords, AByteOrderMarkIsNamed) {
  EXPECT_EQ(only_error("\xef\xbb\xbf" + single_record),
            "r.jsonl:1:1: error: a UTF-8 byte-order mark: results files are UTF-8 without one");
}

}  // namespace
