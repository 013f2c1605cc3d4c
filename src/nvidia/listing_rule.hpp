// The rule a listing's diagnostics cite, for the listing reader (listing.cpp) and the listing
// check (listing_check.cpp) alike.
#pragma once

namespace gpuatom::nvidia {

inline constexpr const char* listing_rule = "docs/listings.md";

}  // namespace gpuatom::nvidia
