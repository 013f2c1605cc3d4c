#include "hw_records.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gpuatom/nvidia/hardware_verification.hpp"
#include "gpuatom/support/text.hpp"

namespace gpuatom::cli {

namespace {

using nvidia::hw::CudaOp;
using nvidia::hw::CudaType;
using nvidia::hw::RacingForm;
using nvidia::hw::RacingRecord;
using nvidia::hw::SingleRecord;

int hex_digits(CudaType type) { return nvidia::hw::bits(type) / 4; }

std::string hex(uint64_t v, CudaType type) { return support::hex(v, hex_digits(type)); }

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

}  // namespace

std::string hw_record_line(const HwDevice& device, const SingleRecord& r) {
  nlohmann::ordered_json j = header(device, "single", r.op, r.type, r.space);
  j["old"] = nvidia::hw::record_hex(r.old, r.type);
  j["operand"] = nvidia::hw::record_hex(r.operand, r.type);
  if (r.op == CudaOp::cas) j["compare"] = nvidia::hw::record_hex(r.compare, r.type);
  j["memory"] = nvidia::hw::record_hex(r.memory, r.type);
  j["returned"] = nvidia::hw::record_hex(r.returned, r.type);
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
