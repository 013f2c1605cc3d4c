#include "gpuatom/support/standard_output.hpp"

#include <fmt/format.h>

#include <system_error>

namespace gpuatom::support {

void StandardOutput::print(std::string_view text) {
  if (lost_) return;
  try {
    fmt::print(stream_, "{}", text);
    lost_ = std::fflush(stream_) != 0;
  } catch (const std::system_error&) {  // fmt's failed write
    lost_ = true;
  }
}

}  // namespace gpuatom::support
