// `gpuatom explain`: every choice gpuatom made where the vendor pages are silent, labelled as the
// spec labels it, with where it is stated and the switch that changes it.
#pragma once

#include <string>
#include <string_view>

namespace gpuatom::report {

// The list of one vendor ("nvidia", "intel", "amd") or of "all", as text under a heading per
// vendor, or as a JSON array of objects (vendor, id, label, statement, source, option).
std::string assumption_text(std::string_view vendor);
std::string assumption_json(std::string_view vendor);

}  // namespace gpuatom::report
