#include "alu_result.hpp"

#include <fmt/format.h>

#include "gpuatom/alu/apply.hpp"

namespace gpuatom::cli {

Value parse_value(const std::string& flag, const std::string& text, const alu::Operation& operation, int bits) {
  return parse_operand(flag, text, operation.type, bits);
}

const std::string& need(const std::optional<std::string>& value, std::string_view flag, std::string_view why) {
  if (!value) throw BadInput(fmt::format("missing {}: {}", flag, why));
  return *value;
}
void forbid(const std::optional<std::string>& value, std::string_view flag, std::string_view why) {
  if (value) throw BadInput(fmt::format("{} is not an operand here: {}", flag, why));
}

int print(const Computed& c, bool json) {
  fmt::print("{}", json ? alu::lane_json(c) : alu::lane_text(c));
  return exit_ok;
}

void check_alu(const alu::Operation& operation) {
  if (auto why = alu::unsupported(operation.op, operation.type)) throw BadInput(*why);
}

}  // namespace gpuatom::cli
