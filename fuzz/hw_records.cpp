// Fuzz target: the reader of the CUDA harness's results files (nvidia/hardware_records.hpp), the
// one `gpuatom verify-hw` uses, on in-memory JSON Lines. Properties:
//   - every line that is not blank gives a record or exactly one error, at its own line, with a
//     column inside the line; records come in line order;
//   - every message is short and printable (no control byte reaches a terminal);
//   - a record written back as the harness writes it reads back as the same record;
//   - under smaller caps the reader stops with an error, having read a prefix of the same records;
//   - a read error part-way is reported as an error, never taken for the end of the input.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "fuzz_check.hpp"
#include "gpuatom/nvidia/hardware_record_lines.hpp"
#include "gpuatom/nvidia/hardware_records.hpp"
#include "gpuatom/support/text.hpp"

using namespace gpuatom;
using namespace gpuatom::nvidia::hw;

namespace {

// Gives the first `fail_at` bytes of the input, then a read error.
class FailingSource final : public support::ByteSource {
 public:
  FailingSource(std::string_view bytes, std::size_t fail_at) : rest_(bytes.substr(0, fail_at)) {}
  std::variant<std::size_t, std::string> read(char* buffer, std::size_t size) override {
    if (rest_.empty()) return std::string("Input/output error");
    const std::size_t n = std::min({size, rest_.size(), std::size_t{7}});  // short reads, as pipes give
    std::memcpy(buffer, rest_.data(), n);
    rest_.remove_prefix(n);
    return n;
  }

 private:
  std::string_view rest_;
};

struct Read {
  std::vector<RecordAt> records;
  support::Diagnostics diagnostics;
};

Read read_all(support::ByteSource& source, const RecordLimits& limits) {
  Read out;
  read_hardware_records(
      source, "fuzz.jsonl", out.diagnostics, [&](const RecordAt& at) { out.records.push_back(at); }, limits);
  return out;
}

// The line the harness writes for a record: the library's one writer of them.
std::string harness_line(const HardwareRecord& record) {
  return std::visit([&](const auto& r) { return record_line(record.device, r); }, record.record);
}

bool same(const HardwareRecord& a, const HardwareRecord& b) {
  if (a.device.name != b.device.name || a.device.sm != b.device.sm || a.record.index() != b.record.index())
    return false;
  if (const auto* x = std::get_if<SingleRecord>(&a.record)) {
    const auto& y = std::get<SingleRecord>(b.record);
    return x->op == y.op && x->type == y.type && x->space == y.space && x->old == y.old && x->operand == y.operand &&
           x->compare == y.compare && x->memory == y.memory && x->returned == y.returned;
  }
  const auto& x = std::get<RacingRecord>(a.record);
  const auto& y = std::get<RacingRecord>(b.record);
  return x.op == y.op && x.type == y.type && x.space == y.space && x.form == y.form && x.old == y.old &&
         x.memory == y.memory && x.operands == y.operands && x.compares == y.compares && x.returned == y.returned;
}

// The input's lines as the reader splits them ('\n', a '\r' before it dropped).
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

void check_messages(const support::Diagnostics& d, const std::vector<std::string_view>& lines, std::size_t size) {
  for (const support::Diagnostic& diagnostic : d.all()) {
    const std::string text = support::format(diagnostic);
    FUZZ_CHECK(diagnostic.message.size() < 1024,
               "a message of " + std::to_string(diagnostic.message.size()) + " bytes");
    FUZZ_CHECK(std::none_of(text.begin(), text.end(),
                            [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }),
               "a control byte in a message: " + text);
    const support::SourceLocation& at = diagnostic.where;
    if (at.byte_offset) {
      FUZZ_CHECK(*at.byte_offset <= size, text);
    } else {
      FUZZ_CHECK(at.line >= 1 && at.line <= lines.size(), text);
      FUZZ_CHECK(at.column >= 1 && at.column <= lines[at.line - 1].size() + 1, text);
    }
  }
}

bool blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const std::vector<std::string_view> lines = lines_of(text);

  support::MemorySource memory(text);
  const Read full = read_all(memory, {});
  check_messages(full.diagnostics, lines, size);
  // Inputs are far below the caps: one record or one error per line that is not blank.
  const auto filled =
      static_cast<std::size_t>(std::count_if(lines.begin(), lines.end(), [](auto l) { return !blank(l); }));
  FUZZ_CHECK(full.records.size() + full.diagnostics.count(support::Severity::error) == filled,
             fmt::format("{} records and {} errors for {} lines that are not blank", full.records.size(),
                         full.diagnostics.count(support::Severity::error), filled));
  for (std::size_t i = 0; i < full.records.size(); ++i) {
    const RecordAt& at = full.records[i];
    FUZZ_CHECK(at.line >= 1 && at.line <= lines.size() && (i == 0 || at.line > full.records[i - 1].line),
               "records out of line order");
    FUZZ_CHECK(at.column >= 1 && at.column <= lines[at.line - 1].size(), "a record's column outside its line");
    const std::string written = harness_line(at.record);
    auto again = parse_hardware_record(written);
    FUZZ_CHECK(std::holds_alternative<HardwareRecord>(again),
               written + "\n" + std::get<support::json::Error>(again).message);
    FUZZ_CHECK(same(std::get<HardwareRecord>(again), at.record),
               "written back, a record reads differently: " + written);
  }

  // Caps far below the input's size: an error says where reading stopped, after the same records.
  if (size > 64) {
    support::MemorySource again(text);
    const Read capped = read_all(again, {32, size / 2});
    FUZZ_CHECK(capped.diagnostics.has_errors(), "an input past the size cap read without an error");
    check_messages(capped.diagnostics, lines, size);
    FUZZ_CHECK(capped.records.size() <= full.records.size(), "more records under the caps");
    for (std::size_t i = 0; i < capped.records.size(); ++i)
      FUZZ_CHECK(capped.records[i].line == full.records[i].line, "under the caps, another record");
  }

  // A read error part-way: an error, never a quiet end of the input.
  FailingSource failing(text, size / 3);
  const Read broken = read_all(failing, {});
  FUZZ_CHECK(broken.diagnostics.has_errors(), "a read error went unreported");
  const auto& last = broken.diagnostics.all().back();
  FUZZ_CHECK(broken.diagnostics.count(support::Severity::error) > 100 ||
                 (last.where.byte_offset && *last.where.byte_offset == size / 3 &&
                  last.message.find("cannot read the file") != std::string::npos),
             "the read error is not the last diagnostic: " + support::format(last));
  return 0;
}
