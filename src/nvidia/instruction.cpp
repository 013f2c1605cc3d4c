#include "gpuatom/nvidia/instruction.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace gpuatom::nvidia {

std::string_view name(RegisterSuffix suffix) {
  switch (suffix) {
    case RegisterSuffix::none: return "";
    case RegisterSuffix::wide64: return ".64";
    case RegisterSuffix::u32: return ".U32";
    case RegisterSuffix::x4: return ".X4";
    case RegisterSuffix::x8: return ".X8";
    case RegisterSuffix::x16: return ".X16";
  }
  return "";
}

int scale(RegisterSuffix suffix) {
  switch (suffix) {
    case RegisterSuffix::x4: return 4;
    case RegisterSuffix::x8: return 8;
    case RegisterSuffix::x16: return 16;
    default: return 1;
  }
}

bool Instruction::is_compare() const { return nvidia::is_compare(op); }

bool Instruction::has_placeholder() const {
  return std::any_of(placeholders.begin(), placeholders.end(), [](const auto& p) { return p.has_value(); });
}

CasLayout Instruction::cas_layout() const {
  const uint8_t b = rb.value_or(RZ);
  const uint8_t c = rc.value_or(RZ);
  // `???255` (nvdisasm): a packed pair that runs past R254, or layout 2 with field value 255.
  if (unnamed(OperandRole::rb)) return unnamed(OperandRole::rc) ? CasLayout::packed : CasLayout::invalid;
  if (unnamed(OperandRole::rc)) {
    if (b == RZ) return CasLayout::compare_is_rz;
    return b + data_registers() >= RZ ? CasLayout::packed : CasLayout::invalid;
  }
  if (b == RZ && c != RZ) return CasLayout::compare_is_rz;
  if (c == RZ) return CasLayout::rc_is_rz;
  if (c == b + data_registers()) return CasLayout::packed;
  return CasLayout::invalid;
}

std::optional<uint8_t> Instruction::swap_register() const {
  if (!is_compare() || !rb) return std::nullopt;
  if (is_surface()) {
    const int r = *rb + data_registers();
    return r >= RZ ? std::nullopt : std::optional<uint8_t>(static_cast<uint8_t>(r));
  }
  if (!rc || *rc == RZ) return std::nullopt;
  return rc;
}

std::optional<uint8_t> Instruction::compare_register() const {
  if (!is_compare() || !rb || *rb == RZ) return std::nullopt;
  return rb;
}

std::string register_name(uint8_t r) { return r == RZ ? "RZ" : fmt::format("R{}", r); }
std::string predicate_name(uint8_t p) { return p == PT ? "PT" : fmt::format("P{}", p); }
std::string uniform_register_name(uint8_t ur) { return ur == URZ ? "URZ" : fmt::format("UR{}", ur); }

}  // namespace gpuatom::nvidia
