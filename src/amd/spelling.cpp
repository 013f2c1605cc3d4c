#include "gpuatom/amd/spelling.hpp"

#include <cctype>

namespace gpuatom::amd {

namespace {

// Lower case without the separators people type differently: "MI200 A+A" == "mi200-a+a".
std::string fold(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

bool same_spelling(std::string_view a, std::string_view b) { return fold(a) == fold(b); }

bool matches_spelling(std::string_view text, std::string_view name, std::string_view aliases) {
  if (same_spelling(text, name)) return true;
  while (!aliases.empty()) {
    const size_t space = aliases.find(' ');
    if (same_spelling(text, aliases.substr(0, space))) return true;
    aliases = space == std::string_view::npos ? std::string_view{} : aliases.substr(space + 1);
  }
  return false;
}

}  // namespace gpuatom::amd
