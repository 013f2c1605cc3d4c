#include "gpuatom/nvidia/text/spelling.hpp"

#include <algorithm>
#include <vector>

#include "gpuatom/nvidia/instruction_table.hpp"

namespace gpuatom::nvidia {

std::optional<InstructionKind> instruction_kind(std::string_view mnemonic) {
  const auto m = parse_mnemonic(mnemonic);
  if (!m) return std::nullopt;
  const MnemonicInfo& mi = info(*m);
  return InstructionKind{mi.family, mi.modern_only ? Dialect::modern : Dialect::spa5, mi.returns};
}

Spelling split_spelling(std::string_view text) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    const size_t dot = text.find('.', start);
    parts.push_back(text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  Spelling out;
  size_t first = 0;
  if (parse_mnemonic(parts[0])) {
    out.mnemonic = std::string(parts[0]);
    first = 1;
  }
  for (size_t k = first; k < parts.size(); ++k) {
    const std::string_view part = parts[k];
    const bool modifier = std::any_of(modifier_table().begin(), modifier_table().end(),
                                      [part](const ModifierInfo& m) { return m.name == part; });
    if (modifier) continue;
    if (!out.op_size.empty()) out.op_size += '.';
    out.op_size += part;
  }
  return out;
}

}  // namespace gpuatom::nvidia
