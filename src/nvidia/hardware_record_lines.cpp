#include "gpuatom/nvidia/hardware_record_lines.hpp"

#include <fmt/format.h>

#include <string_view>
#include <vector>

#include "gpuatom/nvidia/hardware_verification.hpp"
#include "gpuatom/support/json_writer.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::nvidia::hw {

namespace {

// A JSON string, as the one JSON writer of the library spells it (nlohmann's compact bytes).
std::string json_quoted(std::string_view text) { return support::json::quote(text); }

// `"key":value` after a comma: the value already JSON.
void field(std::string& out, std::string_view key, std::string_view json) {
  out += fmt::format(",\"{}\":{}", key, json);
}

std::string header(const MeasuringDevice& device, std::string_view kind, CudaOp op, CudaType type, Space space) {
  return fmt::format("{{\"device\":{},\"sm\":{},\"kind\":\"{}\",\"op\":\"{}\",\"type\":\"{}\",\"space\":\"{}\"",
                     json_quoted(device.name), json_quoted(device.sm), kind, name(op), name(type), name(space));
}

std::string quoted_hex(uint64_t value, CudaType type) { return json_quoted(support::hex(value, bits(type) / 4)); }

std::string hex_array(const std::vector<uint64_t>& values, CudaType type) {
  std::string out = "[";
  for (const uint64_t v : values) {
    if (out.size() > 1) out += ',';
    out += quoted_hex(v, type);
  }
  return out + "]";
}

}  // namespace

std::string record_line(const MeasuringDevice& device, const SingleRecord& r) {
  std::string out = header(device, "single", r.op, r.type, r.space);
  field(out, "old", json_quoted(record_hex(r.old, r.type)));
  field(out, "operand", json_quoted(record_hex(r.operand, r.type)));
  if (r.op == CudaOp::cas) field(out, "compare", json_quoted(record_hex(r.compare, r.type)));
  field(out, "memory", json_quoted(record_hex(r.memory, r.type)));
  field(out, "returned", json_quoted(record_hex(r.returned, r.type)));
  return out + "}";
}

std::string record_line(const MeasuringDevice& device, const RacingRecord& r) {
  std::string out = header(device, "racing", r.op, r.type, r.space);
  field(out, "form", json_quoted(name(r.form)));
  field(out, "threads", std::to_string(r.operands.size()));
  field(out, "old", quoted_hex(r.old, r.type));
  field(out, "memory", quoted_hex(r.memory, r.type));
  field(out, "operands", hex_array(r.operands, r.type));
  if (r.op == CudaOp::cas) field(out, "compares", hex_array(r.compares, r.type));
  if (r.form != RacingForm::discarded) field(out, "returned", hex_array(r.returned, r.type));
  return out + "}";
}

}  // namespace gpuatom::nvidia::hw
