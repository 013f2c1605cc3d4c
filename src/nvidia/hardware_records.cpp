#include "gpuatom/nvidia/hardware_records.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace gpuatom::nvidia::hw {

namespace {

using support::Bits128;
using support::json::excerpt;
using support::json::Kind;
using support::json::Value;

// A field that is not what the schema says; thrown within this file only, caught by
// parse_hardware_record.
struct FieldError {
  uint32_t column;
  std::string message;
};

int hex_digits(CudaType type) { return bits(type) / 4; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "0x" followed by 1 to bits/4 hex digits.
std::optional<Bits128> parse_hex(std::string_view text, CudaType type) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  const std::string_view digits = text.substr(2);
  if (static_cast<int>(digits.size()) > hex_digits(type)) return std::nullopt;
  Bits128 v;
  for (const char c : digits) {
    const int d = hex_digit(c);
    if (d < 0) return std::nullopt;
    v.hi = (v.hi << 4) | (v.lo >> 60);
    v.lo = (v.lo << 4) | static_cast<uint64_t>(d);
  }
  return v;
}

bool is_sm(std::string_view text) {  // "9.0", "12.1"
  const std::size_t dot = text.find('.');
  const auto digits = [](std::string_view s) {
    return !s.empty() && s.size() <= 3 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return dot != std::string_view::npos && digits(text.substr(0, dot)) && digits(text.substr(dot + 1));
}

// The fields of one record object, each checked against the schema as it is asked for.
class Fields {
 public:
  explicit Fields(const Value& object) : object_(object) {}

  const Value& field(const char* key) const {
    if (const Value* v = object_.find(key)) return *v;
    throw FieldError{object_.column, fmt::format("missing field \"{}\"", key)};
  }

  bool present(const char* key) const {
    const Value* v = object_.find(key);
    return v && v->kind != Kind::null;
  }

  uint32_t column_of(const char* key) const { return field(key).column; }

  const std::string& text(const char* key) const {
    const Value& v = field(key);
    if (v.kind != Kind::string)
      throw FieldError{v.column, fmt::format("field \"{}\": expected a string, found {}", key, describe(v.kind))};
    return v.text;
  }

  Bits128 value(const char* key, CudaType type) const {
    return value_of(field(key), fmt::format("field \"{}\"", key), type);
  }

  std::vector<uint64_t> lane_values(const char* key, CudaType type, std::size_t lanes) const {
    const Value& array = field(key);
    if (array.kind != Kind::array || array.items.size() != lanes)
      throw FieldError{array.column,
                       fmt::format("field \"{}\": expected an array of {} values, one per lane, found {}", key, lanes,
                                   array.kind == Kind::array ? fmt::format("{} values", array.items.size())
                                                             : std::string(describe(array.kind)))};
    std::vector<uint64_t> out;
    out.reserve(lanes);
    for (std::size_t i = 0; i < lanes; ++i)
      out.push_back(value_of(array.items[i], fmt::format("field \"{}\"[{}]", key, i), type).lo);
    return out;
  }

 private:
  static Bits128 value_of(const Value& v, std::string_view what, CudaType type) {
    if (v.kind == Kind::string)
      if (auto bits = parse_hex(v.text, type)) return *bits;
    const std::string seen =
        v.kind == Kind::string ? fmt::format("\"{}\"", excerpt(v.text)) : std::string(describe(v.kind));
    throw FieldError{v.column, fmt::format("{}: expected a string \"0x…\" of 1 to {} hex digits ({}), found {}", what,
                                           hex_digits(type), name(type), seen)};
  }

  const Value& object_;
};

SingleRecord parse_single(const Fields& f, CudaOp op, CudaType type, Space space) {
  SingleRecord r{op, type, space, {}, {}, {}, {}, {}};
  r.old = f.value("old", type);
  r.operand = f.value("operand", type);
  if (op == CudaOp::cas)
    r.compare = f.value("compare", type);
  else if (f.present("compare"))
    throw FieldError{f.column_of("compare"), "field \"compare\": only atomicCAS records have one"};
  r.memory = f.value("memory", type);
  r.returned = f.value("returned", type);
  return r;
}

RacingRecord parse_racing(const Fields& f, CudaOp op, CudaType type, Space space, uint32_t type_column) {
  if (type == CudaType::u128) throw FieldError{type_column, "racing records are at most 64 bits wide (no u128)"};
  if (is_vector(type))
    throw FieldError{type_column, fmt::format("racing records hold scalar atomics only (no {}): vectors are checked "
                                              "lane by lane",
                                              name(type))};
  const std::string& form_text = f.text("form");
  const auto form = parse_racing_form(form_text);
  if (!form)
    throw FieldError{f.column_of("form"),
                     fmt::format("field \"form\": '{}' is not returned, discarded or cas-loop", excerpt(form_text))};
  if (*form == RacingForm::cas_loop && op != CudaOp::cas)
    throw FieldError{f.column_of("form"), "form cas-loop is for atomicCAS only"};
  const Value& threads = f.field("threads");
  const auto lanes = support::json::as_unsigned(threads, uint64_t{1} << 24);
  if (!lanes || *lanes == 0)
    throw FieldError{threads.column, "field \"threads\": expected a lane count from 1 to 16777216"};

  RacingRecord r{op, type, space, *form, 0, 0, {}, {}, {}};
  r.old = f.value("old", type).lo;
  r.memory = f.value("memory", type).lo;
  r.operands = f.lane_values("operands", type, *lanes);
  if (op == CudaOp::cas)
    r.compares = f.lane_values("compares", type, *lanes);
  else if (f.present("compares"))
    throw FieldError{f.column_of("compares"), "field \"compares\": only atomicCAS records have one"};
  else
    r.compares.assign(*lanes, 0);
  if (*form == RacingForm::discarded) {
    if (f.present("returned"))
      throw FieldError{f.column_of("returned"), "field \"returned\": form discarded keeps no returned values"};
  } else {
    r.returned = f.lane_values("returned", type, *lanes);
  }
  return r;
}

// A device name is printed as it is (verify-hw's "device:" line), so it must be short and
// hold no control characters: C0 and DEL, and the C1 controls U+0080-U+009F (0xc2 0x80-0x9f in
// UTF-8), which some terminals obey too (U+009B is CSI). A raw ESC would reach the terminal.
void check_device_name(const Fields& f, const std::string& device) {
  if (device.size() > max_device_name_bytes)
    throw FieldError{f.column_of("device"), fmt::format("field \"device\": a device name of {} bytes, more than the {} "
                                                        "CUDA's cudaDeviceProp::name holds",
                                                        device.size(), max_device_name_bytes)};
  for (std::size_t i = 0; i < device.size(); ++i) {
    const auto byte = static_cast<unsigned char>(device[i]);
    if (byte < 0x20 || byte == 0x7f)
      throw FieldError{f.column_of("device"),
                       fmt::format("field \"device\": control character '\\x{:02x}' in a device name", byte)};
    const auto next = i + 1 < device.size() ? static_cast<unsigned char>(device[i + 1]) : 0;
    if (byte == 0xc2 && next >= 0x80 && next <= 0x9f)
      throw FieldError{f.column_of("device"),
                       fmt::format("field \"device\": control character U+{:04X} in a device name", next)};
  }
}

HardwareRecord parse_object(const Value& object) {
  if (object.kind != Kind::object)
    throw FieldError{object.column,
                     fmt::format("expected a JSON object (one record per line), found {}", describe(object.kind))};
  const Fields f(object);
  HardwareRecord out;
  out.device.name = f.text("device");
  check_device_name(f, out.device.name);
  out.device.sm = f.text("sm");
  if (!is_sm(out.device.sm))
    throw FieldError{f.column_of("sm"), fmt::format("field \"sm\": '{}' is not a compute capability such as \"9.0\"",
                                                    excerpt(out.device.sm))};

  const std::string& kind = f.text("kind");
  const std::string& op_text = f.text("op");
  const std::string& type_text = f.text("type");
  const std::string& space_text = f.text("space");
  const auto op = parse_cuda_op(op_text);
  if (!op)
    throw FieldError{
        f.column_of("op"),
        fmt::format("field \"op\": '{}' is not a CUDA atomic the harness runs (atomicAdd, atomicInc, "
                    "atomicDec, atomicMin, atomicMax, atomicAnd, atomicOr, atomicXor, atomicExch, atomicCAS)",
                    excerpt(op_text))};
  const auto type = parse_cuda_type(type_text);
  if (!type)
    throw FieldError{
        f.column_of("type"),
        fmt::format("field \"type\": '{}' is not u32, s32, u64, s64, f32, f64, f16x2, bf16x2, u128, f32x2, "
                    "f32x4, f16x4, f16x8, bf16x4 or bf16x8",
                    excerpt(type_text))};
  const auto space = parse_space(space_text);
  if (!space)
    throw FieldError{f.column_of("space"),
                     fmt::format("field \"space\": '{}' is not global or shared", excerpt(space_text))};
  if (!find_cuda_atomic(*op, *type))
    throw FieldError{f.column_of("type"), fmt::format("{} has no {} form in the harness (hw/README.md lists the pairs)",
                                                      op_text, type_text)};

  if (kind == "single")
    out.record = parse_single(f, *op, *type, *space);
  else if (kind == "racing")
    out.record = parse_racing(f, *op, *type, *space, f.column_of("type"));
  else
    throw FieldError{f.column_of("kind"), fmt::format("field \"kind\": '{}' is not single or racing", excerpt(kind))};
  return out;
}

bool only_blanks(std::string_view text) { return text.find_first_not_of(" \t") == std::string_view::npos; }

std::string size_name(uint64_t bytes) {
  if (bytes % (uint64_t{1} << 30) == 0) return fmt::format("{} GiB", bytes >> 30);
  if (bytes % (uint64_t{1} << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{} bytes", bytes);
}

}  // namespace

std::variant<HardwareRecord, support::json::Error> parse_hardware_record(std::string_view line) {
  auto parsed = support::json::parse(line);
  if (auto* error = std::get_if<support::json::Error>(&parsed)) return std::move(*error);
  try {
    return parse_object(std::get<Value>(parsed));
  } catch (FieldError& e) {
    return support::json::Error{e.column, std::move(e.message)};
  }
}

std::size_t read_hardware_records(support::ByteSource& source, const support::FileName& file,
                                  support::Diagnostics& diagnostics,
                                  const std::function<void(const RecordAt&)>& on_record, const RecordLimits& limits) {
  support::LineReader reader(source, {limits.max_line_bytes, limits.max_file_bytes});
  std::size_t records = 0;
  while (const auto line = reader.next()) {
    if (only_blanks(line->text)) continue;
    if (line->number == 1 && line->text.substr(0, 3) == "\xef\xbb\xbf") {
      diagnostics.error({file, 1, 1, {}}, "a UTF-8 byte-order mark: results files are UTF-8 without one");
      continue;
    }
    auto parsed = parse_hardware_record(line->text);
    if (auto* error = std::get_if<support::json::Error>(&parsed)) {
      diagnostics.error({file, line->number, error->column, {}}, std::move(error->message));
      continue;
    }
    const auto record_column = static_cast<uint32_t>(line->text.find_first_not_of(" \t\r\n") + 1);
    on_record(RecordAt{line->number, record_column, std::move(std::get<HardwareRecord>(parsed))});
    ++records;
  }
  if (const auto& stop = reader.stopped()) {
    switch (stop->reason) {
      case support::LineStop::Reason::line_too_long:
        diagnostics.error({file, stop->line, 1, {}},
                          fmt::format("line {} is longer than {}, the most a record may take (the harness writes "
                                      "lines of at most 64 KiB); the rest of the file is not read",
                                      stop->line, size_name(limits.max_line_bytes)));
        break;
      case support::LineStop::Reason::input_too_long:
        diagnostics.error({file, 0, 0, stop->offset},
                          fmt::format("results files may be at most {}; the rest of the file is not read",
                                      size_name(limits.max_file_bytes)));
        break;
      case support::LineStop::Reason::read_error:
        diagnostics.error({file, 0, 0, stop->offset},
                          fmt::format("cannot read the file: {} (a read error after {} bytes, not its end)",
                                      stop->detail, stop->offset));
        break;
    }
  }
  return records;
}

}  // namespace gpuatom::nvidia::hw
