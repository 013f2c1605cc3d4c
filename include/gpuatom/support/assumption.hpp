// A choice the project made where the vendor pages are silent, as the spec labels it. Every one
// is shown to users (`gpuatom explain`, the generated docs, the report) so nobody mistakes it
// for measured fact.
#pragma once

#include <span>
#include <string_view>

namespace gpuatom::support {

struct Assumption {
  std::string_view id;         // stable short name, e.g. "nvidia.f16x2-no-flush"
  std::string_view label;      // "ASSUMPTION", "DECISION" or "PROPOSED", as the spec marks it
  std::string_view statement;  // what gpuatom does
  std::string_view source;     // where the spec states it, e.g. "docs/spec/nvidia.md §4.2"
  std::string_view option;     // the switch that changes it, or empty
};

}  // namespace gpuatom::support

namespace gpuatom::nvidia {
std::span<const support::Assumption> assumptions();
}
namespace gpuatom::intel {
std::span<const support::Assumption> assumptions();
}
namespace gpuatom::amd {
std::span<const support::Assumption> assumptions();
}
