// Facts the report's inline scripts render: JSON in a <script type="application/json"> element,
// so the page holds each fact once, compactly, and draws only the view a reader picks.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace gpuatom::report {

// The element holding `facts`; "</" is written "<\/" so no string can end the script early.
inline std::string json_script(std::string_view id, const nlohmann::json& facts) {
  const std::string text = facts.dump();
  std::string out = "<script type=\"application/json\" id=\"" + std::string(id) + "\">";
  out.reserve(out.size() + text.size() + 16);
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out + "</script>";
}

}  // namespace gpuatom::report
