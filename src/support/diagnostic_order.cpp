#include "gpuatom/support/diagnostic_order.hpp"

#include <algorithm>
#include <tuple>

namespace gpuatom::support {

std::vector<Diagnostic> in_source_order(const Diagnostics& diagnostics) {
  std::vector<Diagnostic> list = diagnostics.all();
  // The parser reports as it reads and the validator after; a reader wants them by line.
  std::stable_sort(list.begin(), list.end(), [](const Diagnostic& a, const Diagnostic& b) {
    const auto key = [](const Diagnostic& d) {
      return std::tuple(d.where.file, d.where.line, d.where.column, d.where.byte_offset.value_or(0));
    };
    return key(a) < key(b);
  });
  return list;
}

}  // namespace gpuatom::support
