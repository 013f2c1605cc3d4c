#include "visa_input.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <string_view>
#include <tuple>
#include <variant>

#include <fmt/format.h>

#include "command.hpp"
#include "sass_input.hpp"
#include "gpuatom/intel/atomic_ops.hpp"
#include "gpuatom/support/line_input.hpp"

namespace gpuatom::cli {

void VisaOptions::add_to(CLI::App& cmd, bool with_lenient) {
  cmd.add_option(
      "--platform", platform,
      "platform profile: gen9, gen12 (default), xehp, dg2, pvc (docs/spec/intel.md §9), or an ocloc device name: "
      "skl, icllp (gen9), tgllp, dg1 (gen12), xe_hp_sdv (xehp), acm-g10 (dg2)");
  cmd.add_option("--bind", bindings,
                 "bind a declared surface as a harness would: NAME=TYPE[:BYTES], TYPE 1d|1d_array|2d|2d_array|3d, "
                 "BYTES the element size 4 or 2; V, R and the access width are checked against it (repeatable)");
  if (with_lenient) cmd.add_flag("--lenient", lenient, "accept a bare %null in raw-operand position");
}

intel::ValidationOptions VisaOptions::validation() const {
  const auto p = intel::parse_platform(platform);
  if (!p)
    throw BadInput(fmt::format(
        "--platform {}: expected gen9, gen12, xehp, dg2, pvc or one of skl, icllp, tgllp, dg1, xe_hp_sdv, acm-g10",
        platform));
  return {*p};
}

void VisaOptions::bind(intel::DeclarationTable& declarations) const {
  for (const std::string& b : bindings) {
    const size_t eq = b.find('=');
    if (eq == std::string::npos) throw BadInput(fmt::format("--bind {}: expected NAME=TYPE, e.g. SURF=2d", b));
    const std::string name = b.substr(0, eq);
    std::string type_text = b.substr(eq + 1);
    std::optional<uint8_t> element_bytes;
    if (const size_t colon = type_text.find(':'); colon != std::string::npos) {
      const std::string bytes = type_text.substr(colon + 1);
      if (bytes != "2" && bytes != "4")
        throw BadInput(fmt::format("--bind {}: element size '{}' is not 2 or 4 (bytes)", b, bytes));
      element_bytes = static_cast<uint8_t>(bytes[0] - '0');
      type_text.resize(colon);
    }
    const auto type = intel::parse_surface_type(type_text);
    if (!type)
      throw BadInput(fmt::format("--bind {}: surface type '{}' is not 1d, 1d_array, 2d, 2d_array or 3d", b, type_text));
    const auto ref = declarations.lookup(name);
    if (!ref || ref->kind != intel::DeclKind::surface)
      throw BadInput(fmt::format("--bind {}: no surface named {} is declared (v_type=T)", b, name));
    declarations.bind_surface_type(ref->id, *type, element_bytes);
  }
}

namespace {

// The text of `path` in pieces of whole lines (about 64 KiB each) for the piecewise parser, under
// the cap read_input keeps and with its messages: a dump is never held whole.
class LinePieces {
 public:
  explicit LinePieces(const std::string& path) : path_(path) {
    auto opened = support::FileSource::open(path);
    if (auto* why = std::get_if<std::string>(&opened)) fail(support::WholeInput::Problem::cannot_open, *why);
    source_ = std::move(std::get<std::unique_ptr<support::FileSource>>(opened));
  }

  std::optional<std::string_view> next() {
    for (;;) {
      if (at_end_) {
        if (pending_.empty()) return std::nullopt;
        piece_.swap(pending_);
        pending_.clear();
        return piece_;
      }
      // Only the bytes read since the last look can hold a newline: looking through all of
      // pending_ each time would be quadratic in a long line (/dev/zero has none in 256 MiB).
      if (const size_t newline = std::string_view(pending_).substr(searched_).rfind('\n');
          newline != std::string_view::npos) {
        piece_.assign(pending_, 0, searched_ + newline + 1);
        pending_.erase(0, searched_ + newline + 1);
        searched_ = 0;
        return piece_;
      }
      searched_ = pending_.size();
      read_more();
    }
  }

 private:
  static constexpr size_t chunk_bytes = 64 * 1024;

  void read_more() {
    const size_t old_size = pending_.size();
    pending_.resize(old_size + chunk_bytes);
    auto got = source_->read(pending_.data() + old_size, chunk_bytes);
    if (auto* why = std::get_if<std::string>(&got)) fail(support::WholeInput::Problem::read_error, *why);
    const size_t n = std::get<size_t>(got);
    pending_.resize(old_size + n);
    total_ += n;
    if (total_ > max_input_bytes) fail(support::WholeInput::Problem::too_long, "");
    at_end_ = n == 0;
  }

  [[noreturn]] void fail(support::WholeInput::Problem problem, const std::string& detail) const {
    support::WholeInput input;
    input.problem = problem;
    input.detail = detail;
    throw BadInput(support::describe(input, path_, max_input_bytes));
  }

  std::string path_;
  std::unique_ptr<support::FileSource> source_;
  std::string pending_;  // read, not yet given
  size_t searched_ = 0;  // pending_'s first bytes, known to hold no newline
  std::string piece_;    // the piece last given
  uint64_t total_ = 0;
  bool at_end_ = false;
};

}  // namespace

intel::Module read_visa(const std::string& path, const VisaOptions& options, const NothingReadRule& nothing_read,
                        support::Diagnostics& diagnostics, bool keep_others) {
  const intel::ValidationOptions validation = options.validation();
  auto pieces = std::make_shared<LinePieces>(path);
  intel::Module module =
      intel::parse_visa([pieces] { return pieces->next(); }, path, {options.lenient, keep_others}, diagnostics);
  options.bind(module.declarations);
  intel::validate(module, validation, diagnostics);
  nothing_read.check(module.instructions.size() + module.count(intel::OtherStatement::Kind::instruction),
                     start_of_text(path), "only declarations, labels, blank lines and comments", diagnostics);
  return module;
}

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::vector<uint8_t> parse_hex(const std::string& text, const std::string& file, support::Diagnostics& diagnostics) {
  std::vector<uint8_t> out;
  uint32_t line = 1, column = 1;
  size_t i = 0;
  const auto advance = [&] {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++i;
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#' || (c == '/' && i + 1 < text.size() && text[i + 1] == '/')) {
      while (i < text.size() && text[i] != '\n') advance();
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ',') {
      advance();
      continue;
    }
    // One token: [0x]hexdigits, an even number of them.
    const uint32_t token_line = line, token_column = column;
    if (c == '0' && i + 1 < text.size() && (text[i + 1] == 'x' || text[i + 1] == 'X')) {
      advance();
      advance();
    }
    std::string digits;
    while (i < text.size() && hex_digit(text[i]) >= 0) {
      digits += text[i];
      advance();
    }
    const bool ends_cleanly = i >= text.size() || std::string_view(" \t\r\n,#/").find(text[i]) != std::string_view::npos;
    if (digits.empty() || digits.size() % 2 != 0 || !ends_cleanly) {
      size_t end = i;
      while (end < text.size() && std::string_view(" \t\r\n,").find(text[end]) == std::string_view::npos) ++end;
      const size_t begin = i - (column - token_column);
      diagnostics.error({file, token_line, token_column, std::nullopt},
                        fmt::format("'{}' is not hex bytes (pairs of hex digits, e.g. 4E 05 or 4e05)",
                                    text.substr(begin, end - begin)));
      while (i < end) advance();
      continue;
    }
    for (size_t k = 0; k < digits.size(); k += 2)
      out.push_back(static_cast<uint8_t>(hex_digit(digits[k]) * 16 + hex_digit(digits[k + 1])));
  }
  return out;
}

std::string hex_bytes(const std::vector<uint8_t>& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) out += fmt::format("{}{:02X}", i ? " " : "", bytes[i]);
  return out;
}

std::vector<support::Diagnostic> in_source_order(const support::Diagnostics& diagnostics) {
  std::vector<support::Diagnostic> list = diagnostics.all();
  // The parser reports as it reads and the validator after; a reader wants them by line.
  std::stable_sort(list.begin(), list.end(), [](const support::Diagnostic& a, const support::Diagnostic& b) {
    const auto key = [](const support::Diagnostic& d) {
      return std::tuple(d.where.file, d.where.line, d.where.column, d.where.byte_offset.value_or(0));
    };
    return key(a) < key(b);
  });
  return list;
}

void print_diagnostics(const support::Diagnostics& diagnostics) {
  for (const support::Diagnostic& d : in_source_order(diagnostics)) support::write_stderr(support::format(d) + "\n");
}

}  // namespace gpuatom::cli
