#include "hw_records.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

namespace {

using nlohmann::json;
using nvidia::hw::CudaOp;
using nvidia::hw::CudaType;
using nvidia::hw::RacingForm;
using nvidia::hw::RacingRecord;
using nvidia::hw::SingleRecord;
using support::Bits128;

// A malformed field; the message names the field and what was expected.
struct FieldError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json& field(const json& object, const char* key) {
  const auto found = object.find(key);
  if (found == object.end()) throw FieldError(fmt::format("missing field \"{}\"", key));
  return *found;
}

bool present(const json& object, const char* key) {
  const auto found = object.find(key);
  return found != object.end() && !found->is_null();
}

std::string text_field(const json& object, const char* key) {
  const json& value = field(object, key);
  if (!value.is_string()) throw FieldError(fmt::format("field \"{}\": expected a string", key));
  return value.get<std::string>();
}

int hex_digits(CudaType type) { return nvidia::hw::bits(type) / 4; }

// "0x" followed by 1 to bits/4 hex digits.
std::optional<Bits128> parse_hex(const std::string& text, CudaType type) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  const std::string digits = text.substr(2);
  if (static_cast<int>(digits.size()) > hex_digits(type)) return std::nullopt;
  for (char c : digits)
    if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
  const size_t split = digits.size() > 16 ? digits.size() - 16 : 0;
  Bits128 v;
  v.lo = std::stoull(digits.substr(split), nullptr, 16);
  if (split) v.hi = std::stoull(digits.substr(0, split), nullptr, 16);
  return v;
}

Bits128 value_of(const json& value, std::string_view what, CudaType type) {
  if (value.is_string())
    if (auto v = parse_hex(value.get<std::string>(), type)) return *v;
  throw FieldError(fmt::format("{}: expected a string \"0x…\" of 1 to {} hex digits ({})", what, hex_digits(type),
                               nvidia::hw::name(type)));
}

Bits128 value_field(const json& object, const char* key, CudaType type) {
  return value_of(field(object, key), fmt::format("field \"{}\"", key), type);
}

std::vector<uint64_t> lane_values(const json& object, const char* key, CudaType type, size_t lanes) {
  const json& array = field(object, key);
  if (!array.is_array() || array.size() != lanes)
    throw FieldError(fmt::format("field \"{}\": expected an array of {} values, one per lane", key, lanes));
  std::vector<uint64_t> out;
  out.reserve(lanes);
  for (size_t i = 0; i < lanes; ++i) out.push_back(value_of(array[i], fmt::format("field \"{}\"[{}]", key, i), type).lo);
  return out;
}

std::string hex(uint64_t v, CudaType type) { return support::hex(v, hex_digits(type)); }

bool is_sm(const std::string& text) {  // "9.0", "12.1"
  const size_t dot = text.find('.');
  const auto digits = [](std::string_view s) {
    return !s.empty() && s.size() <= 3 &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
  };
  return dot != std::string::npos && digits(std::string_view(text).substr(0, dot)) &&
         digits(std::string_view(text).substr(dot + 1));
}

SingleRecord parse_single(const json& object, CudaOp op, CudaType type, nvidia::hw::Space space) {
  SingleRecord r{op, type, space, {}, {}, {}, {}, {}};
  r.old = value_field(object, "old", type);
  r.operand = value_field(object, "operand", type);
  if (op == CudaOp::cas)
    r.compare = value_field(object, "compare", type);
  else if (present(object, "compare"))
    throw FieldError("field \"compare\": only atomicCAS records have one");
  r.memory = value_field(object, "memory", type);
  r.returned = value_field(object, "returned", type);
  return r;
}

RacingRecord parse_racing(const json& object, CudaOp op, CudaType type, nvidia::hw::Space space) {
  if (type == CudaType::u128) throw FieldError("racing records are at most 64 bits wide (no u128)");
  if (nvidia::hw::is_vector(type))
    throw FieldError(fmt::format("racing records hold scalar atomics only (no {}): vectors are checked lane by lane",
                                 nvidia::hw::name(type)));
  const std::string form_text = text_field(object, "form");
  const auto form = nvidia::hw::parse_racing_form(form_text);
  if (!form) throw FieldError(fmt::format("field \"form\": '{}' is not returned, discarded or cas-loop", form_text));
  if (*form == RacingForm::cas_loop && op != CudaOp::cas) throw FieldError("form cas-loop is for atomicCAS only");
  const json& threads = field(object, "threads");
  if (!threads.is_number_unsigned() || threads.get<uint64_t>() == 0 || threads.get<uint64_t>() > (1u << 24))
    throw FieldError("field \"threads\": expected a lane count from 1 to 16777216");
  const size_t lanes = threads.get<size_t>();

  RacingRecord r{op, type, space, *form, 0, 0, {}, {}, {}};
  r.old = value_field(object, "old", type).lo;
  r.memory = value_field(object, "memory", type).lo;
  r.operands = lane_values(object, "operands", type, lanes);
  if (op == CudaOp::cas)
    r.compares = lane_values(object, "compares", type, lanes);
  else if (present(object, "compares"))
    throw FieldError("field \"compares\": only atomicCAS records have one");
  else
    r.compares.assign(lanes, 0);
  if (*form == RacingForm::discarded) {
    if (present(object, "returned")) throw FieldError("field \"returned\": form discarded keeps no returned values");
  } else {
    r.returned = lane_values(object, "returned", type, lanes);
  }
  return r;
}

HwRecord parse_object(const json& object) {
  if (!object.is_object()) throw FieldError("expected a JSON object");
  HwRecord out;
  out.device.name = text_field(object, "device");
  out.device.sm = text_field(object, "sm");
  if (!is_sm(out.device.sm)) throw FieldError(fmt::format("field \"sm\": '{}' is not a compute capability such as \"9.0\"", out.device.sm));

  const std::string kind = text_field(object, "kind");
  const std::string op_text = text_field(object, "op");
  const std::string type_text = text_field(object, "type");
  const std::string space_text = text_field(object, "space");
  const auto op = nvidia::hw::parse_cuda_op(op_text);
  if (!op) throw FieldError(fmt::format("field \"op\": '{}' is not a CUDA atomic the harness runs (atomicAdd, atomicInc, atomicDec, atomicMin, atomicMax, atomicAnd, atomicOr, atomicXor, atomicExch, atomicCAS)", op_text));
  const auto type = nvidia::hw::parse_cuda_type(type_text);
  if (!type) throw FieldError(fmt::format("field \"type\": '{}' is not u32, s32, u64, s64, f32, f64, f16x2, bf16x2, u128, f32x2, f32x4, f16x4, f16x8, bf16x4 or bf16x8", type_text));
  const auto space = nvidia::hw::parse_space(space_text);
  if (!space) throw FieldError(fmt::format("field \"space\": '{}' is not global or shared", space_text));
  if (!nvidia::hw::find_cuda_atomic(*op, *type))
    throw FieldError(fmt::format("{} has no {} form in the harness (hw/README.md lists the pairs)", op_text, type_text));

  if (kind == "single") out.record = parse_single(object, *op, *type, *space);
  else if (kind == "racing") out.record = parse_racing(object, *op, *type, *space);
  else throw FieldError(fmt::format("field \"kind\": '{}' is not single or racing", kind));
  return out;
}

nlohmann::ordered_json header(const HwDevice& device, std::string_view kind, CudaOp op, CudaType type,
                              nvidia::hw::Space space) {
  nlohmann::ordered_json j;
  j["device"] = device.name;
  j["sm"] = device.sm;
  j["kind"] = kind;
  j["op"] = nvidia::hw::name(op);
  j["type"] = nvidia::hw::name(type);
  j["space"] = nvidia::hw::name(space);
  return j;
}

nlohmann::ordered_json hex_array(const std::vector<uint64_t>& values, CudaType type) {
  auto array = nlohmann::ordered_json::array();
  for (uint64_t v : values) array.push_back(hex(v, type));
  return array;
}

// The parser quotes what it read last, which may be any bytes: show the unprintable ones as \xNN.
std::string printable(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
    else out += fmt::format("\\x{:02x}", c);
  }
  return out;
}

}  // namespace

std::string hw_hex(const Bits128& v, CudaType type) {
  if (nvidia::hw::bits(type) == 128) return fmt::format("0x{:016x}{:016x}", v.hi, v.lo);
  return support::hex(v.lo, hex_digits(type));
}

std::variant<HwRecord, std::string> parse_hw_record(std::string_view line) {
  json object;
  try {
    object = json::parse(line);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    // Drop nlohmann's "[json.exception.parse_error.101] " tag and its "line 1, " (one record, one line).
    const size_t tag = what.find("] ");
    if (tag != std::string::npos) what = what.substr(tag + 2);
    if (const size_t at = what.find("line 1, "); at != std::string::npos) what.erase(at, 8);
    return "not JSON: " + printable(what);
  }
  try {
    return parse_object(object);
  } catch (const FieldError& e) {
    return std::string(e.what());
  } catch (const json::exception& e) {  // a number out of range and the like: still bad input
    return std::string(e.what());
  }
}

std::string hw_record_line(const HwDevice& device, const SingleRecord& r) {
  nlohmann::ordered_json j = header(device, "single", r.op, r.type, r.space);
  j["old"] = hw_hex(r.old, r.type);
  j["operand"] = hw_hex(r.operand, r.type);
  if (r.op == CudaOp::cas) j["compare"] = hw_hex(r.compare, r.type);
  j["memory"] = hw_hex(r.memory, r.type);
  j["returned"] = hw_hex(r.returned, r.type);
  return j.dump();
}

std::string hw_record_line(const HwDevice& device, const RacingRecord& r) {
  nlohmann::ordered_json j = header(device, "racing", r.op, r.type, r.space);
  j["form"] = nvidia::hw::name(r.form);
  j["threads"] = r.operands.size();
  j["old"] = hex(r.old, r.type);
  j["memory"] = hex(r.memory, r.type);
  j["operands"] = hex_array(r.operands, r.type);
  if (r.op == CudaOp::cas) j["compares"] = hex_array(r.compares, r.type);
  if (r.form != RacingForm::discarded) j["returned"] = hex_array(r.returned, r.type);
  return j.dump();
}

}  // namespace gpuatom::cli
